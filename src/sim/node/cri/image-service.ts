/**
 * The CRI ImageService half of the runtime: PullImage, ImageStatus, ListImages, RemoveImage over
 * the node's ImageStore. Concurrent pulls share layers in flight (containerd fetches a blob once
 * and other pulls wait for it). Bandwidth is not shared between concurrent pulls (the kubelet
 * serialises pulls by default: serializeImagePulls=true).
 * upstream: containerd internal/cri/server/images/{image_pull,image_status,image_list,image_remove}.go
 */

import type { SimClock } from '../../kernel/clock';
import type { TraceInput } from '../../kernel/trace';
import { pullDurationMs, Registry, ImageStore, type StoredImage } from '../images/registry';
import { CriError, type Image } from './types';

export function toCriImage(s: StoredImage): Image {
  return { id: s.id, repoTags: [...s.repoTags], repoDigests: [...s.repoDigests], size: s.size, uid: s.uid, username: s.username, pinned: s.pinned };
}

export interface PullOutcome {
  imageRef: string;
  size: number;
  bytes: number;
  layersFetched: number;
  layersCached: number;
  durationMs: number;
}

/** Pulls into a node's store; used by PullImage and by RunPodSandbox for the pause image. */
export class Puller {
  /** Layer digest -> virtual time its download finishes. */
  readonly #inflight = new Map<string, number>();

  constructor(
    readonly clock: SimClock,
    readonly registry: Registry,
    readonly store: ImageStore,
    readonly trace: (e: TraceInput) => void,
    readonly node: string
  ) {}

  pull(reference: string, pod: string | undefined, done: (r: { ok: true; value: PullOutcome } | { ok: false; error: CriError }) => void): void {
    const t0 = this.clock.now();
    const resolved = this.registry.resolve(reference);
    if (!resolved.ok) {
      // The failure is known after the first round trip (or DNS lookup).
      this.clock.after(pullDurationMs(0), () => done({ ok: false, error: new CriError('Unknown', resolved.error) }));
      return;
    }
    const { image, ref } = resolved;
    let bytes = 0;
    let fetched = 0;
    let waitUntil = 0;
    const mine: string[] = [];
    for (const l of image.layers) {
      if (this.store.hasLayer(l.digest)) continue;
      const other = this.#inflight.get(l.digest);
      if (other !== undefined) {
        waitUntil = Math.max(waitUntil, other);
        continue;
      }
      bytes += l.size;
      fetched++;
      mine.push(l.digest);
    }
    const end = Math.max(t0 + pullDurationMs(bytes), waitUntil);
    for (const d of mine) this.#inflight.set(d, end);
    this.trace({ component: 'containerd', node: this.node, ...(pod ? { pod } : {}), kind: 'image.fetch', image: resolved.canonical, bytes, layers: fetched });
    this.clock.at(end, () => {
      for (const d of mine) this.#inflight.delete(d);
      const stored = this.store.add(image, ref);
      done({
        ok: true,
        value: { imageRef: stored.id, size: image.size, bytes, layersFetched: fetched, layersCached: image.layers.length - fetched, durationMs: this.clock.now() - t0 }
      });
    });
  }
}
