/**
 * The kubelet's volume manager: SyncPod calls waitForAttachAndMount before the sandbox exists,
 * and it answers once every volume of the pod is mounted, or with an error: at once when a volume
 * could not be processed (a PVC missing or not bound), else after podAttachAndMountTimeout
 * (2m3s), polling every 300 ms (each poll also retries the mounts whose back-off is over).
 * A pod whose volumes need no lookup (emptyDir, hostPath, downwardAPI, the projected
 * service-account token) is answered synchronously, so it starts exactly as fast as before.
 * upstream: pkg/kubelet/volumemanager/volume_manager.go (WaitForAttachAndMount,
 * verifyVolumesMountedFunc, getUnmountedVolumes, getVolumesNotInDSW)
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Client } from '../../client/client';
import type { EventRecorder } from '../../client/events';
import type { SimClock, TimerId } from '../../kernel/clock';
import type { HostPathCSINodePlugin } from '../../node/csi/hostpath';
import { ActualStateOfWorld } from './cache/actual-state-of-world';
import { DesiredStateOfWorld } from './cache/desired-state-of-world';
import { DesiredStateOfWorldPopulator } from './populator/desired-state-of-world-populator';
import { Reconciler, type ObjectGetter } from './reconciler/reconciler';
import type { MapFS } from '../../node/fs/map-fs';
import { volumeHostPath } from './plugins/content';

/** upstream: volume_manager.go podAttachAndMountTimeout, podAttachAndMountRetryInterval. */
export const POD_ATTACH_AND_MOUNT_TIMEOUT_MS = 123_000;
export const POD_ATTACH_AND_MOUNT_RETRY_INTERVAL_MS = 300;
/** upstream: KubeletConfiguration syncFrequency default (1m): when a resynced pod's volumes are rewritten. */
export const VOLUME_REFRESH_DELAY_MS = 60_000;

/** What the wait was given up on with: the pod is being stopped (no event for it). */
export const WAIT_CANCELED = 'context canceled';

interface Waiter {
  pod: any;
  deadline: number;
  timer?: TimerId;
  cb: (err?: string) => void;
}

export class VolumeManager {
  readonly dsw = new DesiredStateOfWorld();
  readonly asw = new ActualStateOfWorld();
  readonly populator: DesiredStateOfWorldPopulator;
  readonly reconciler: Reconciler;
  readonly #waiters = new Map<string, Waiter>();

  constructor(
    readonly deps: {
      node: string;
      client: Client;
      clock: SimClock;
      csi: HostPathCSINodePlugin;
      getObject: ObjectGetter;
      recorder: EventRecorder;
      /** The node's filesystem, where volumes' files are written. */
      fs?: MapFS;
      peekObject?: (resource: 'configmaps' | 'secrets', namespace: string, name: string) => any | undefined;
    }
  ) {
    this.populator = new DesiredStateOfWorldPopulator(this.dsw, deps.client);
    this.reconciler = new Reconciler({
      ...deps,
      dsw: this.dsw,
      asw: this.asw,
      onChange: (uid) => this.#check(uid)
    });
  }

  /** upstream: WaitForAttachAndMount. */
  waitForAttachAndMount(pod: any, cb: (err?: string) => void): void {
    const uid = pod.metadata.uid as string;
    const expected: string[] = (pod.spec?.volumes ?? []).map((v: any) => v.name);
    if (expected.every((n) => this.asw.isMounted(uid, n))) return cb();
    this.#cancel(uid);
    const w: Waiter = {
      pod,
      deadline: this.deps.clock.now() + POD_ATTACH_AND_MOUNT_TIMEOUT_MS,
      cb
    };
    this.#waiters.set(uid, w);
    this.populator.processPodVolumes(pod, () => {
      if (this.#waiters.get(uid) !== w) return;
      this.reconciler.mountPod(uid);
      if (this.#waiters.get(uid) === w) this.#check(uid);
    });
  }

  /** The pod is being stopped: a wait in progress ends (upstream: the sync's context is cancelled). */
  cancelWait(uid: string): void {
    const w = this.#cancel(uid);
    w?.cb(WAIT_CANCELED);
  }

  /** Unmounts the pod's volumes and forgets it (its containers are gone). */
  unmountPod(pod: any, done: () => void): void {
    const uid = pod.metadata.uid as string;
    this.#cancel(uid);
    this.dsw.deletePod(uid);
    if (this.asw.volumesOf(uid).length === 0) return done();
    this.reconciler.unmountPod(pod, done);
  }

  stop(): void {
    for (const uid of [...this.#waiters.keys()]) this.#cancel(uid);
  }

  /**
   * A ConfigMap or Secret changed: the volumes that project it are rewritten at the pod's next
   * periodic sync (the kubelet's syncFrequency, 1m by default). upstream: reconciler remounts
   * volumes whose plugin RequiresRemount (configmap, secret, projected, downwardAPI) on each
   * SyncPod; docs "Mounted ConfigMaps are updated automatically" (kubelet sync period + cache delay).
   */
  refreshLater(resource: 'configmaps' | 'secrets', namespace: string, name: string): void {
    this.deps.clock.after(VOLUME_REFRESH_DELAY_MS, () => this.reconciler.refresh(resource, namespace, name));
  }

  /** The node path of a mounted volume of the pod (the CRI Mount's hostPath). upstream: kubelet_pods.go makeMounts via GetMountedVolumesForPod. */
  hostPathOf(pod: any, volume: string): string | undefined {
    const v = this.dsw.pods.get(pod.metadata.uid)?.volumes.get(volume);
    return v && this.asw.isMounted(pod.metadata.uid, volume) ? volumeHostPath(pod, v) : undefined;
  }

  /** upstream: getUnmountedVolumes. */
  unmountedVolumes(pod: any): string[] {
    return (pod.spec?.volumes ?? [])
      .map((v: any) => v.name as string)
      .filter((n: string) => !this.asw.isMounted(pod.metadata.uid, n))
      .sort();
  }

  #cancel(uid: string): Waiter | undefined {
    const w = this.#waiters.get(uid);
    if (!w) return undefined;
    this.deps.clock.cancel(w.timer);
    this.#waiters.delete(uid);
    return w;
  }

  /** upstream: verifyVolumesMountedFunc, then the error WaitForAttachAndMount builds. */
  #check(uid: string): void {
    const w = this.#waiters.get(uid);
    if (!w) return;
    const { clock } = this.deps;
    const unmounted = this.unmountedVolumes(w.pod);
    const errs = this.dsw.popPodErrors(uid);
    const timedOut = clock.now() >= w.deadline;
    if (unmounted.length === 0 || errs.length > 0 || timedOut) {
      this.#cancel(uid);
      if (unmounted.length === 0) return w.cb();
      const entry = this.dsw.pods.get(uid);
      const notInDSW = (w.pod.spec?.volumes ?? [])
        .map((v: any) => v.name as string)
        .filter((n: string) => !entry?.volumes.has(n))
        .sort();
      // upstream: wait.PollUntilContextTimeout's error on timeout is context.DeadlineExceeded.
      const cause = errs.length > 0 ? errs.join('; ') : 'context deadline exceeded';
      return w.cb(`unmounted volumes=[${unmounted.join(' ')}], unattached volumes=[], failed to process volumes=[${notInDSW.join(' ')}]: ${cause}`);
    }
    if (w.timer === undefined) {
      const poll = () => {
        w.timer = undefined;
        if (this.#waiters.get(uid) !== w) return;
        this.reconciler.mountPod(uid);
        if (this.#waiters.get(uid) !== w) return;
        this.#check(uid);
      };
      w.timer = clock.after(Math.min(POD_ATTACH_AND_MOUNT_RETRY_INTERVAL_MS, Math.max(0, w.deadline - clock.now())), poll);
    }
  }
}
