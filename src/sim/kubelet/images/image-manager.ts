/**
 * EnsureImageExists: the kubelet's side of an image pull, with its events and back-off (key
 * `<podUID>_<image>`, 10s doubling to 300s). Pulls go through the CRI ImageService.
 * upstream: pkg/kubelet/images/image_manager.go (EnsureImageExists, shouldPullImage),
 * pkg/kubelet/images/puller.go (serialImagePuller / parallelImagePuller: with serializeImagePulls
 * (the default) one pull runs at a time and the others wait in a queue; otherwise at most
 * maxParallelImagePulls run at once, unlimited when unset. The image size comes from ImageStatus
 * after the pull.)
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { SimClock } from '../../kernel/clock';
import { formatDuration } from '../../kernel/clock';
import type { EventRecorder } from '../../client/events';
import type { ContainerRuntime } from '../../node/cri/runtime';
import type { PodSandboxConfig } from '../../node/cri/types';
import { normalizeImage } from '../../node/images/reference';
import { Backoff } from '../container/backoff';
import { ErrImageNeverPull, ErrImagePull, ErrImagePullBackOff, ErrInvalidImageName, grpcErrorMessage } from '../container/runtime';

/**
 * `uid` / `username`: the image's user from the ImageStatus answer (what kuberuntime's getImageUser
 * asks ImageStatus for again upstream; the simulation reuses this answer, so a container start
 * costs no extra CRI call).
 */
export type EnsureResult = { ok: true; imageRef: string; image: string; uid?: number; username: string } | { ok: false; reason: string; message: string };

/** upstream: image_manager.go shouldPullImage */
export function shouldPullImage(pullPolicy: string | undefined, present: boolean): boolean {
  if (pullPolicy === 'Never') return false;
  if (pullPolicy === 'Always') return true;
  return !present;
}

/** The default pull policy, when the API left it unset: Always for `:latest` or no tag. upstream: pkg/apis/core/v1/defaults.go */
export function defaultPullPolicy(image: string): string {
  const n = normalizeImage(image);
  if (!n.ok) return 'IfNotPresent';
  return n.ref.digest === undefined && (n.ref.tag ?? 'latest') === 'latest' ? 'Always' : 'IfNotPresent';
}

/** How many pulls may run at once (KubeletConfiguration serializeImagePulls, maxParallelImagePulls). */
export function pullSlots(serializeImagePulls: boolean | undefined, maxParallelImagePulls: number | undefined): number {
  if (serializeImagePulls !== false) return 1;
  return maxParallelImagePulls && maxParallelImagePulls > 0 ? maxParallelImagePulls : Infinity;
}

export class ImageManager {
  readonly backOff = new Backoff();
  #running = 0;
  /** Pulls waiting for a slot, oldest first. */
  readonly #queue: (() => void)[] = [];

  constructor(
    readonly runtime: ContainerRuntime,
    readonly recorder: EventRecorder,
    readonly clock: SimClock,
    /** Pulls at once: 1 with serializeImagePulls (the default). */
    readonly slots = 1
  ) {}

  /** Runs `pull` when a slot is free; `pull` calls `release` when it is done. */
  #whenSlotFree(pull: (release: () => void) => void): void {
    const start = () => {
      this.#running++;
      let released = false;
      pull(() => {
        if (released) return;
        released = true;
        this.#running--;
        this.#queue.shift()?.();
      });
    };
    if (this.#running < this.slots) start();
    else this.#queue.push(start);
  }

  ensureImageExists(pod: any, container: any, fieldPath: string, sandboxConfig: PodSandboxConfig, cb: (r: EnsureResult) => void): void {
    const event = (type: 'Normal' | 'Warning', reason: string, message: string) => this.recorder.event(pod, type, reason, message, fieldPath);
    const image = container.image as string;
    const normalized = normalizeImage(image);
    if (!normalized.ok) {
      event('Warning', 'InspectFailed', normalized.message);
      return cb({ ok: false, reason: ErrInvalidImageName, message: normalized.message });
    }
    const policy = container.imagePullPolicy ?? defaultPullPolicy(image);
    this.runtime.ImageStatus(normalized.image, (st) => {
      const present = st.ok && st.value !== null;
      if (!shouldPullImage(policy, present)) {
        if (present && st.ok && st.value) {
          event('Normal', 'Pulled', `Container image ${JSON.stringify(image)} already present on machine`);
          return cb({ ok: true, imageRef: st.value.id, image: normalized.image, uid: st.value.uid, username: st.value.username });
        }
        const msg = `Container image ${JSON.stringify(image)} is not present with pull policy of Never`;
        event('Warning', 'ErrImageNeverPull', msg);
        return cb({ ok: false, reason: ErrImageNeverPull, message: msg });
      }
      const key = `${pod.metadata.uid}_${image}`;
      if (this.backOff.isInBackOffSinceUpdate(key, this.clock.now())) {
        const msg = `Back-off pulling image ${JSON.stringify(image)}`;
        event('Normal', 'BackOff', msg);
        return cb({ ok: false, reason: ErrImagePullBackOff, message: msg });
      }
      event('Normal', 'Pulling', `Pulling image ${JSON.stringify(image)}`);
      const queued = this.clock.now();
      this.#whenSlotFree((release) => this.#pull(image, normalized.image, key, queued, sandboxConfig, event, release, cb));
    });
  }

  #pull(
    image: string,
    normalizedImage: string,
    key: string,
    queued: number,
    sandboxConfig: PodSandboxConfig,
    event: (type: 'Normal' | 'Warning', reason: string, message: string) => void,
    release: () => void,
    cb: (r: EnsureResult) => void
  ): void {
    const t0 = this.clock.now();
    this.runtime.PullImage(normalizedImage, sandboxConfig, (r) => {
      release();
      if (!r.ok) {
        const msg = grpcErrorMessage(r.error);
        event('Warning', 'Failed', `Failed to pull image ${JSON.stringify(image)}: ${msg}`);
        this.backOff.next(key, this.clock.now());
        // upstream: image_manager.go evalCRIPullErr: the waiting message is the pull error's text.
        return cb({ ok: false, reason: ErrImagePull, message: msg });
      }
      const pulled = this.clock.now() - t0;
      const withWaiting = this.clock.now() - queued;
      this.runtime.ImageStatus(r.value, (s) => {
        const size = s.ok && s.value ? s.value.size : 0;
        // The pull itself, and the time since it was asked for (waiting in the puller's queue included).
        event('Normal', 'Pulled', `Successfully pulled image ${JSON.stringify(image)} in ${formatDuration(pulled)} (${formatDuration(withWaiting)} including waiting). Image size: ${size} bytes.`);
        cb({ ok: true, imageRef: r.value, image: normalizedImage, uid: s.ok && s.value ? s.value.uid : 0, username: s.ok && s.value ? s.value.username : '' });
      });
    });
  }
}
