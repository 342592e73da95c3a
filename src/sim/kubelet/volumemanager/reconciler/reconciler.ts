/**
 * Brings the actual state of world to the desired one, one operation per volume at a time:
 * mounts what a pod on the node should have and has not (emptyDir, hostPath, downwardAPI and
 * projected at once; configMap and secret once the object exists, or not at all when optional;
 * a PersistentVolume with a CSI source by NodeStageVolume, once per node, then NodePublishVolume),
 * and unmounts what a terminated pod had (NodeUnpublishVolume, then NodeUnstageVolume when no
 * other pod uses the volume). A failed mount is retried with exponential back-off (500 ms,
 * doubling, at most 2m2s) and recorded as a Warning FailedMount event.
 * upstream: pkg/kubelet/volumemanager/reconciler/reconciler.go (mountOrAttachVolumes,
 * unmountVolumes, unmountDetachDevices), pkg/volume/util/operationexecutor/operation_generator.go
 * (GenerateMountVolumeFunc: "MountVolume.SetUp failed for volume ..."),
 * pkg/volume/util/nestedpendingoperations (exponential back-off), pkg/volume/configmap,
 * pkg/volume/secret, pkg/volume/csi/csi_attacher.go + csi_mounter.go.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { EventRecorder } from '../../../client/events';
import type { SimClock } from '../../../kernel/clock';
import type { HostPathCSINodePlugin } from '../../../node/csi/hostpath';
import type { ActualStateOfWorld } from '../cache/actual-state-of-world';
import type { DesiredStateOfWorld, VolumeToMount } from '../cache/desired-state-of-world';
import type { MapFS } from '../../../node/fs/map-fs';
import { removePodVolumes, writeVolume } from '../plugins/content';

/** upstream: pkg/util/goroutinemap/exponentialbackoff: initialDurationBeforeRetry, maxDurationBeforeRetry. */
export const INITIAL_DURATION_BEFORE_RETRY_MS = 500;
export const MAX_DURATION_BEFORE_RETRY_MS = 122_000;

/** Looks up a ConfigMap or Secret: undefined when it does not exist. */
export type ObjectGetter = (resource: 'configmaps' | 'secrets', namespace: string, name: string, cb: (obj: any | undefined) => void) => void;

interface Backoff {
  until: number;
  durationMs: number;
}

export class Reconciler {
  /** `uid/volume` of the operations in flight. */
  readonly #inFlight = new Set<string>();
  readonly #backoff = new Map<string, Backoff>();

  constructor(
    readonly deps: {
      node: string;
      clock: SimClock;
      dsw: DesiredStateOfWorld;
      asw: ActualStateOfWorld;
      csi: HostPathCSINodePlugin;
      getObject: ObjectGetter;
      recorder: EventRecorder;
      /** A volume of the pod was mounted, or failed to be. */
      onChange: (uid: string) => void;
      /** The node's filesystem: SetUp writes the volume's files there (none: mounts are bookkeeping only). */
      fs?: MapFS;
      /** A ConfigMap or Secret from the kubelet's caches, for the sources of a projected volume. */
      peekObject?: (resource: 'configmaps' | 'secrets', namespace: string, name: string) => any | undefined;
    }
  ) {}

  /** Starts the mounts the pod still needs (those not in flight nor backing off). */
  mountPod(uid: string): void {
    const { dsw, asw, clock } = this.deps;
    const entry = dsw.pods.get(uid);
    if (!entry) return;
    for (const v of entry.volumes.values()) {
      const key = `${uid}/${v.name}`;
      if (asw.isMounted(uid, v.name) || this.#inFlight.has(key)) continue;
      const b = this.#backoff.get(key);
      if (b && clock.now() < b.until) continue;
      this.#inFlight.add(key);
      this.#mount(entry.pod, v, (err, stage) => {
        this.#inFlight.delete(key);
        if (!dsw.pods.has(uid)) return;
        if (err) {
          const durationMs = b ? Math.min(b.durationMs * 2, MAX_DURATION_BEFORE_RETRY_MS) : INITIAL_DURATION_BEFORE_RETRY_MS;
          this.#backoff.set(key, {
            until: clock.now() + durationMs,
            durationMs
          });
          const op = stage === 'device' ? 'MountVolume.MountDevice' : 'MountVolume.SetUp';
          this.deps.recorder.event(entry.pod, 'Warning', 'FailedMount', `${op} failed for volume "${v.name}" : ${err}`);
        } else {
          this.#backoff.delete(key);
        }
        this.deps.onChange(uid);
      });
    }
  }

  /** Rewrites the mounted configMap / secret / projected volumes that read this object (its current content in the caches). */
  refresh(resource: 'configmaps' | 'secrets', namespace: string, name: string): void {
    const { dsw, asw, fs, peekObject, clock } = this.deps;
    if (!fs) return;
    const kind = resource === 'configmaps' ? 'configMap' : 'secret';
    for (const [uid, entry] of dsw.pods) {
      if (entry.pod.metadata.namespace !== namespace) continue;
      for (const v of entry.volumes.values()) {
        if (!asw.isMounted(uid, v.name)) continue;
        const direct = v.kind === kind && (kind === 'configMap' ? v.source.name : v.source.secretName) === name;
        const projected = v.kind === 'projected' && (v.source.sources ?? []).some((s: any) => s[kind]?.name === name);
        if (!direct && !projected) continue;
        const obj = direct ? peekObject?.(resource, namespace, name) : undefined;
        if (direct && !obj) continue;
        writeVolume(fs, entry.pod, v, clock.now(), obj, (k, n) => peekObject?.(k === 'configMap' ? 'configmaps' : 'secrets', namespace, n));
      }
    }
  }

  /** When the earliest back-off of the pod's unmounted volumes ends (undefined: none backing off). */
  nextRetryAt(uid: string): number | undefined {
    let at: number | undefined;
    for (const [key, b] of this.#backoff) if (key.startsWith(`${uid}/`) && (at === undefined || b.until < at)) at = b.until;
    return at;
  }

  /** Mounts one volume; `done` at once unless an API lookup or a CSI call is needed. */
  #mount(pod: any, v: VolumeToMount, done: (err?: string, stage?: 'device' | 'setup') => void): void {
    const { asw, getObject } = this.deps;
    const uid = pod.metadata.uid as string;
    const ns = pod.metadata.namespace as string;
    const ok = (obj?: any) => {
      const { fs, peekObject, clock } = this.deps;
      if (fs) writeVolume(fs, pod, v, clock.now(), obj, (kind, name) => peekObject?.(kind === 'configMap' ? 'configmaps' : 'secrets', ns, name));
      asw.markMounted(uid, { name: v.name });
      done();
    };
    switch (v.kind) {
      case 'configMap':
      case 'secret': {
        const resource = v.kind === 'configMap' ? 'configmaps' : 'secrets';
        const name = v.kind === 'configMap' ? v.source.name : v.source.secretName;
        return getObject(resource, ns, name, (obj) => {
          if (!obj && !v.source.optional) return done(`${v.kind === 'configMap' ? 'configmap' : 'secret'} "${name}" not found`, 'setup');
          ok(obj);
        });
      }
      case 'persistentVolumeClaim':
        return v.pv?.spec?.csi ? this.#mountCSI(pod, v, done) : ok();
      default:
        // emptyDir, hostPath, downwardAPI, projected (the service-account token): written at once.
        return ok();
    }
  }

  /** upstream: csi_attacher.go MountDevice -> NodeStageVolume; csi_mounter.go SetUpAt -> NodePublishVolume. */
  #mountCSI(pod: any, v: VolumeToMount, done: (err?: string, stage?: 'device' | 'setup') => void): void {
    const { asw, csi } = this.deps;
    const uid = pod.metadata.uid as string;
    const podKey = `${pod.metadata.namespace}/${pod.metadata.name}`;
    const driver = v.pv.spec.csi.driver as string;
    const pvName = v.pv.metadata.name as string;
    if (driver !== csi.driver)
      return done(`kubernetes.io/csi: attacher.MountDevice failed to create newCsiDriverClient: driver name ${driver} not found in the list of registered CSI drivers`, 'device');
    const volumeId = v.pv.spec.csi.volumeHandle as string;
    const stagingTargetPath = `/var/lib/kubelet/plugins/kubernetes.io/csi/${driver}/${pvName}/globalmount`;
    const targetPath = `/var/lib/kubelet/pods/${uid}/volumes/kubernetes.io~csi/${pvName}/mount`;
    const publish = () =>
      csi.nodePublishVolume({ volumeId, pod: podKey, stagingTargetPath, targetPath }, (r) => {
        if (!r.ok) return done(`rpc error: code = ${r.code} desc = ${r.message}`, 'setup');
        if (this.deps.fs) writeVolume(this.deps.fs, pod, v, this.deps.clock.now());
        asw.markMounted(uid, {
          name: v.name,
          csi: { driver, volumeId, stagingTargetPath, targetPath }
        });
        done();
      });
    if (asw.staged.get(volumeId) === stagingTargetPath) return publish();
    csi.nodeStageVolume({ volumeId, pod: podKey, stagingTargetPath }, (r) => {
      if (!r.ok) return done(`rpc error: code = ${r.code} desc = ${r.message}`, 'device');
      asw.staged.set(volumeId, stagingTargetPath);
      publish();
    });
  }

  /** Unmounts all of a pod's volumes (its containers are gone): CSI volumes are unpublished, then unstaged when unused. */
  unmountPod(pod: any, done: () => void): void {
    const { asw, csi } = this.deps;
    const uid = pod.metadata.uid as string;
    const podKey = `${pod.metadata.namespace}/${pod.metadata.name}`;
    for (const key of [...this.#backoff.keys()]) if (key.startsWith(`${uid}/`)) this.#backoff.delete(key);
    const csiVolumes = asw.volumesOf(uid).filter((m) => m.csi);
    for (const m of asw.volumesOf(uid)) if (!m.csi) asw.markUnmounted(uid, m.name);
    if (this.deps.fs) removePodVolumes(this.deps.fs, uid);
    const next = (i: number): void => {
      if (i >= csiVolumes.length) return done();
      const m = csiVolumes[i];
      const c = m.csi!;
      csi.nodeUnpublishVolume({ volumeId: c.volumeId, pod: podKey, targetPath: c.targetPath }, () => {
        asw.markUnmounted(uid, m.name);
        if (asw.inUse(c.volumeId) || !asw.staged.has(c.volumeId)) return next(i + 1);
        csi.nodeUnstageVolume(
          {
            volumeId: c.volumeId,
            pod: podKey,
            stagingTargetPath: c.stagingTargetPath
          },
          (r) => {
            if (r.ok) asw.staged.delete(c.volumeId);
            next(i + 1);
          }
        );
      });
    };
    next(0);
  }
}
