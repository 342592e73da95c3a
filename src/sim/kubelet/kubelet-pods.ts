/**
 * The kubelet's pod lifecycle, one per kubelet process: watches the pods bound to its node and
 * runs them through the CRI runtime. SyncPod posts the status, then lets the runtime manager
 * create the sandbox and start containers; SyncTerminatingPod stops them with the grace period;
 * SyncTerminatedPod removes the sandbox and confirms the deletion to the API server.
 * Before the sandbox, SyncPod waits for the pod's volumes (volumemanager/); SyncTerminatedPod
 * unmounts them once the containers are gone.
 * upstream: pkg/kubelet/kubelet.go (SyncPod, SyncTerminatingPod, SyncTerminatedPod, syncLoop),
 * pkg/kubelet/kubelet_pods.go
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Client } from '../client/client';
import type { EventRecorder } from '../client/events';
import { SharedInformer } from '../client/informer';
import type { SimClock } from '../kernel/clock';
import { timestamp } from '../kernel/clock';
import type { TraceInput } from '../kernel/trace';
import type { ContainerRuntime } from '../node/cri/runtime';
import type { SyncFailure } from './container/runtime';
import { ImageManager } from './images/image-manager';
import { KubeGenericRuntimeManager } from './kuberuntime/manager';
import { GenericPLEG, type PodLifecycleEvent } from './pleg/generic';
import { PodWorkers, type PodSyncer, type SyncOutcome } from './podworkers/pod-workers';
import { generateAPIPodStatus } from './status/generate';
import { StatusManager } from './status/status-manager';
import { HostPathCSINodePlugin } from '../node/csi/hostpath';
import { VolumeManager, WAIT_CANCELED } from './volumemanager/volume-manager';
import { ConfigHashAnnotationKey, ConfigMirrorAnnotationKey, FileSourceWatcher, isMirrorPod, isStaticPod, type NodeFiles } from './config/file';
import { PodAdmission } from './lifecycle/admission';
import type { Rand } from '../kernel/rand';
import { ProberManager } from './prober/prober-manager';
import type { KlogV } from './prober/prober';
import { sameJSON } from '../api/canonical';

export interface KubeletPodsDeps {
  node: string;
  hostIP: string;
  client: Client;
  clock: SimClock;
  trace: (e: TraceInput) => void;
  recorder: EventRecorder;
  runtime: ContainerRuntime;
  /** The first PLEG relist: the container runtime is healthy. */
  onRuntimeReady: () => void;
  /** The node's filesystem and the static pod directory to scan (none: no file source). */
  staticPods?: { files: NodeFiles; dir: string; periodMs: number };
  /** The registered Node's UID, for the mirror pods' owner reference. */
  nodeUID?: () => string | undefined;
  /** The Node the kubelet admits pods against (lifecycle/): without it every pod is run unchecked. */
  admissionNode?: () => any;
  /** The prober's seeded stream (probe workers' start jitter after a kubelet restart). */
  rand?: Rand;
  /** `sim container hang`: a container that answers no probe. */
  isHung?: (containerID: string) => boolean;
  /** Image pulls at once (images/image-manager.ts pullSlots). */
  pullSlots?: number;
}

/** Where upstream's sync loop logs each config operation (kubelet.go, v1.32). */
const SYNC_LOOP_SOURCE: Record<string, string> = { ADD: 'kubelet.go:2407', UPDATE: 'kubelet.go:2413', REMOVE: 'kubelet.go:2419', DELETE: 'kubelet.go:2425' };

export class KubeletPods implements PodSyncer {
  readonly informer: SharedInformer;
  readonly podWorkers: PodWorkers;
  readonly pleg: GenericPLEG;
  readonly statusManager: StatusManager;
  readonly runtimeManager: KubeGenericRuntimeManager;
  /** uid -> container name -> why its last start failed. upstream: pkg/kubelet/reason_cache.go */
  readonly reasonCache = new Map<string, Map<string, SyncFailure>>();
  /** Static pods from the file source, by `namespace/name` (the kubelet owns them; the API has only their mirrors). */
  readonly staticPods = new Map<string, any>();
  readonly fileSource?: FileSourceWatcher;
  /** The node's CSI plugin (hostpath.csi.k8s.io) and the volume manager that drives it. */
  readonly csi: HostPathCSINodePlugin;
  readonly volumeManager: VolumeManager;
  /** ConfigMaps and Secrets the volume manager reads (upstream: the kubelet's watch-based configmap/secret managers). */
  readonly configMapInformer: SharedInformer;
  readonly secretInformer: SharedInformer;
  /** Services for the containers' service-link env vars (upstream: the kubelet's serviceLister). */
  readonly serviceInformer: SharedInformer;
  /** Mirror pod create/delete requests in flight, by `namespace/name`. */
  #mirrorOps = new Set<string>();
  /** The mirror this kubelet created last, by `namespace/name`, until the informer shows it (uid). */
  #createdMirrors = new Map<string, string>();
  /** The mirror uid whose status was last brought up to date, by `namespace/name`. */
  #mirrorStatusSynced = new Map<string, string>();
  /** Static pods removed from the config and still stopping, by `namespace/name` -> uid. */
  #terminatingStatic = new Map<string, string>();
  /** Pod admission (lifecycle/admission.ts), when the kubelet gave a Node to admit against. */
  readonly admission?: PodAdmission;
  /** Liveness, readiness and startup probes (prober/). */
  readonly probeManager: ProberManager;
  #stopped = false;
  /**
   * The kubelet's klog, gated by its verbosity (KubeletConfiguration logging.verbosity, upstream's
   * --v): the sync loop's, PLEG's and the prober's V(1) and V(2) lines are written only at that
   * verbosity or above, as upstream; errors always. The kubelet sets both at start.
   */
  verbosity = 0;
  log?: (severity: 'I' | 'W' | 'E', source: string, msg: string, kv: Record<string, unknown>) => void;
  readonly klog: KlogV = {
    enabled: (v) => this.log !== undefined && v <= this.verbosity,
    write: (severity, source, msg, kv) => this.log?.(severity, source, msg, kv)
  };
  /** What the sync loop last saw of each pod's config (only kept at verbosity 2, for its ADD / UPDATE / DELETE lines). */
  readonly #seenConfig = new Map<string, any>();
  /** The last "Error syncing pod" written per pod UID (see #logSyncError). */
  readonly #lastSyncError = new Map<string, string>();

  constructor(readonly deps: KubeletPodsDeps) {
    const { client, clock, node, trace, runtime, recorder } = deps;
    this.informer = new SharedInformer(client, 'pods', { fieldSelector: `spec.nodeName=${node}` }, (ms, fn) => clock.after(ms, fn));
    this.statusManager = new StatusManager(client, node, trace);
    this.serviceInformer = new SharedInformer(client, 'services', {}, (ms, fn) => clock.after(ms, fn));
    this.runtimeManager = new KubeGenericRuntimeManager(runtime, new ImageManager(runtime, recorder, clock, deps.pullSlots ?? 1), recorder, clock, {
      services: (ns) => this.serviceInformer.listNamespace(ns),
      configMap: (ns, name) => this.configMapInformer.get(ns, name),
      secret: (ns, name) => this.secretInformer.get(ns, name),
      volumeHostPath: (pod, volume) => this.volumeManager.hostPathOf(pod, volume)
    });
    this.podWorkers = new PodWorkers(clock, this);
    this.probeManager = this.#newProbeManager();
    if (deps.admissionNode) {
      this.admission = new PodAdmission({
        node: deps.admissionNode,
        recorder,
        setStatus: (pod, status) => this.statusManager.setPodStatus(pod, status),
        phase: (uid) => this.statusManager.get(uid)?.phase,
        terminated: (uid) => this.podWorkers.state(uid) === 'terminated',
        trace: (kind, pod, extra) => this.#trace(kind, pod, extra),
        clock
      });
    }
    this.pleg = new GenericPLEG(runtime, clock, node, trace, (pod, events) => this.#plegEvent(pod, events), deps.onRuntimeReady);
    this.configMapInformer = new SharedInformer(client, 'configmaps', {}, (ms, fn) => clock.after(ms, fn));
    this.secretInformer = new SharedInformer(client, 'secrets', {}, (ms, fn) => clock.after(ms, fn));
    this.csi = new HostPathCSINodePlugin({ node, clock, trace });
    this.volumeManager = new VolumeManager({
      node,
      client,
      clock,
      csi: this.csi,
      recorder,
      fs: runtime.nodeFS,
      peekObject: (resource, namespace, name) => (resource === 'configmaps' ? this.configMapInformer : this.secretInformer).get(namespace, name),
      // From the informer's cache when it has the object (at once), else asked from the API server.
      getObject: (resource, namespace, name, cb) => {
        const cached = (resource === 'configmaps' ? this.configMapInformer : this.secretInformer).get(namespace, name);
        if (cached) return cb(cached);
        client.get(resource, namespace, name, (_err, obj) => {
          if (!this.#stopped) cb(obj);
        });
      }
    });
    if (deps.staticPods) {
      const { files, dir, periodMs } = deps.staticPods;
      this.fileSource = new FileSourceWatcher({
        files,
        dir,
        nodeName: node,
        periodMs,
        now: () => clock.now(),
        after: (ms, fn) => clock.after(ms, fn),
        cancel: (t) => clock.cancel(t as ReturnType<SimClock['after']>),
        onPods: (pods) => this.#setStaticPods(pods),
        onError: (path, error) => trace({ component: 'kubelet', node, kind: 'config.file.error', path, error })
      });
    }
  }

  /**
   * upstream: kubelet.go NewMainKubelet (probeManager) and syncLoopIteration: a liveness failure,
   * and any readiness or startup change, syncs the pod (its status, or the kill and restart).
   */
  #newProbeManager(): ProberManager {
    const { clock, runtime, recorder } = this.deps;
    const pm = new ProberManager({
      clock,
      runtime,
      recorder,
      hostIP: this.deps.hostIP,
      podStatus: (uid) => this.statusManager.get(uid),
      statusCell: (uid) => this.statusManager.cell(uid),
      trace: (kind, pod, extra) => this.#trace(kind, pod, extra),
      rand: this.deps.rand,
      isHung: this.deps.isHung,
      klog: this.klog
    });
    this.runtimeManager.probeResults = { liveness: (id) => pm.livenessManager.get(id), startup: (id) => pm.startupManager.get(id) };
    const resync = (pod: any) => {
      if (this.#stopped) return;
      const { namespace, name, uid } = pod.metadata;
      const current = this.staticPods.get(`${namespace}/${name}`) ?? this.informer.get(namespace, name);
      if (current && current.metadata.uid === uid && !isMirrorPod(current)) this.podWorkers.updatePod(current);
    };
    // upstream: kubelet.go handleProbeSync: klog.V(1) "SyncLoop (probe)" probe="liveness" status="unhealthy".
    const probeSync = (probe: string, status: string, pod: any) => {
      if (this.klog.enabled(1)) this.klog.write('I', 'kubelet.go:2549', 'SyncLoop (probe)', { probe, status, pod: `${pod.metadata.namespace}/${pod.metadata.name}` });
      resync(pod);
    };
    pm.onUpdate('liveness', (u) => u.result === 'Failure' && probeSync('liveness', 'unhealthy', u.pod));
    pm.onUpdate('readiness', (u) => probeSync('readiness', u.result === 'Success' ? 'ready' : 'not ready', u.pod));
    pm.onUpdate('startup', (u) => probeSync('startup', u.result === 'Success' ? 'started' : 'unhealthy', u.pod));
    return pm;
  }

  start(): void {
    // upstream: syncLoopIteration: a mirror pod from the API is never run; it only triggers its static pod's sync.
    this.informer.addEventHandler({
      add: (pod) => (isMirrorPod(pod) ? this.#mirrorEvent(pod, false) : this.#apiPodUpdate(pod, false)),
      update: (_old, pod) => (isMirrorPod(pod) ? this.#mirrorEvent(pod, false) : this.#apiPodUpdate(pod, false)),
      delete: (pod) => (isMirrorPod(pod) ? this.#mirrorEvent(pod, true) : this.#apiPodUpdate(pod, true))
    });
    // A changed ConfigMap or Secret reaches the mounted volumes at the pods' next sync (syncFrequency, 1m).
    for (const [informer, resource] of [[this.configMapInformer, 'configmaps'], [this.secretInformer, 'secrets']] as const) {
      informer.addEventHandler({ update: (_old, obj) => this.volumeManager.refreshLater(resource, obj.metadata.namespace, obj.metadata.name) });
    }
    this.configMapInformer.run();
    this.secretInformer.run();
    this.serviceInformer.run();
    // The file source reads the directory at start, before the API's pods arrive.
    this.fileSource?.start();
    this.informer.run();
    this.pleg.start();
  }

  stop(): void {
    this.#stopped = true;
    this.fileSource?.stop();
    this.informer.stop();
    this.configMapInformer.stop();
    this.secretInformer.stop();
    this.serviceInformer.stop();
    this.volumeManager.stop();
    this.pleg.stop();
    this.podWorkers.stop();
    this.probeManager.stop();
    this.statusManager.stop();
  }

  /** A pod being deleted stops waiting for its volumes (its sync ends; the worker goes on to terminate it). */
  #apiPodUpdate(pod: any, deleted: boolean): void {
    if (this.klog.enabled(2)) this.#logConfigChange(pod, deleted, 'api');
    if (deleted || pod.metadata.deletionTimestamp) this.volumeManager.cancelWait(pod.metadata.uid);
    // upstream: HandlePodAdditions admits a new pod first; a rejected pod is never run.
    if (deleted) this.admission?.forget(pod.metadata.uid);
    else if (this.admission && !this.admission.canRun(pod)) return;
    this.podWorkers.updatePod(pod, deleted ? { deleted: true } : {});
  }

  /**
   * The sync loop's V(2) line for a change in a pod's config: ADD (first seen), UPDATE (its spec,
   * labels or annotations changed: a status write is not a config change), DELETE (graceful
   * deletion began), REMOVE (gone). upstream: kubelet.go syncLoopIteration, config.go podStorage.merge
   */
  #logConfigChange(pod: any, removed: boolean, source: 'api' | 'file'): void {
    const { uid, namespace, name } = pod.metadata;
    const prev = this.#seenConfig.get(uid);
    let op: string | undefined;
    if (removed) {
      this.#seenConfig.delete(uid);
      op = 'REMOVE';
    } else {
      this.#seenConfig.set(uid, pod);
      if (!prev) op = 'ADD';
      else if (pod.metadata.deletionTimestamp && !prev.metadata.deletionTimestamp) op = 'DELETE';
      else if (!sameJSON(prev.spec, pod.spec) || !sameJSON(prev.metadata.labels, pod.metadata.labels) || !sameJSON(prev.metadata.annotations, pod.metadata.annotations)) op = 'UPDATE';
    }
    if (op) this.klog.write('I', SYNC_LOOP_SOURCE[op], `SyncLoop ${op}`, { source, pods: [`${namespace}/${name}`] });
  }

  /** upstream: kubelet.go syncLoopIteration, plegCh: a lifecycle event syncs its pod. */
  #plegEvent(key: string, events: readonly PodLifecycleEvent[] = []): void {
    const [namespace, name] = key.split('/');
    const pod = this.staticPods.get(key) ?? this.informer.get(namespace, name);
    if (pod && this.klog.enabled(2)) {
      for (const e of events) this.klog.write('I', 'kubelet.go:2473', 'SyncLoop (PLEG): event for pod', { pod: key, event: { ID: pod.metadata.uid, Type: e.type, Data: e.data } });
    }
    if (pod && !isMirrorPod(pod)) this.podWorkers.updatePod(pod);
  }

  /**
   * A SET from the file source: new static pods start, changed ones (a new hash is a new UID)
   * replace the old, removed ones stop and their mirrors go.
   * upstream: config.go podStorage.merge (ADD / REMOVE), kubelet.go HandlePodAdditions / HandlePodRemoves.
   */
  #setStaticPods(pods: any[]): void {
    if (this.#stopped) return;
    const next = new Map<string, any>();
    for (const p of pods) {
      const key = `${p.metadata.namespace}/${p.metadata.name}`;
      // Two manifests naming the same pod: the first (by file name) wins, as upstream rejects the duplicate.
      if (!next.has(key)) next.set(key, p);
    }
    for (const [key, old] of this.staticPods) {
      const now = next.get(key);
      if (now && now.metadata.uid === old.metadata.uid) {
        next.set(key, old);
        continue;
      }
      if (this.klog.enabled(2)) this.#logConfigChange(old, true, 'file');
      this.#trace('kubelet.staticPod.remove', old);
      this.#stopStaticPod(old);
    }
    const added: any[] = [];
    for (const [key, p] of next) if (this.staticPods.get(key) !== p) added.push(p);
    this.staticPods.clear();
    for (const [key, p] of next) this.staticPods.set(key, p);
    for (const p of added) {
      if (this.klog.enabled(2)) this.#logConfigChange(p, false, 'file');
      this.#trace('kubelet.staticPod.add', p);
      this.admission?.admitted(p);
      this.podWorkers.updatePod(p);
    }
    this.#cleanupOrphanedMirrors();
  }

  /** The manifest is gone (or changed): the pod stops with its own grace period, as a pod removed from the config. */
  #stopStaticPod(pod: any): void {
    const grace = pod.spec?.terminationGracePeriodSeconds ?? 30;
    const now = this.deps.clock.now();
    const gone = { ...pod, metadata: { ...pod.metadata, deletionTimestamp: timestamp(now + grace * 1000), deletionGracePeriodSeconds: grace } };
    // The worker takes the pod with its deletion (grace period), then learns it is gone from the config.
    this.volumeManager.cancelWait(pod.metadata.uid);
    const state = this.podWorkers.state(pod.metadata.uid);
    if (state === 'syncing' || state === 'terminating') this.#terminatingStatic.set(`${pod.metadata.namespace}/${pod.metadata.name}`, pod.metadata.uid);
    this.podWorkers.updatePod(gone);
    this.podWorkers.updatePod(gone, { deleted: true });
    this.#mirrorStatusSynced.delete(`${pod.metadata.namespace}/${pod.metadata.name}`);
  }

  /** A removed static pod has stopped: a newer pod of the same full name may start now. */
  #staticPodTerminated(pod: any): void {
    const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
    if (this.#terminatingStatic.get(key) !== pod.metadata.uid) return;
    this.#terminatingStatic.delete(key);
    const next = this.staticPods.get(key);
    if (next && next.metadata.uid !== pod.metadata.uid) this.podWorkers.updatePod(next);
  }

  /** upstream: kubelet_pods.go HandlePodCleanups -> podManager.GetOrphanedMirrorPodNames -> DeleteMirrorPod. */
  #cleanupOrphanedMirrors(): void {
    for (const mirror of this.informer.list()) {
      if (!isMirrorPod(mirror)) continue;
      const key = `${mirror.metadata.namespace}/${mirror.metadata.name}`;
      if (!this.staticPods.has(key)) this.#deleteMirror(mirror, () => {});
    }
  }

  /** A mirror pod changed in the API: its static pod syncs (which recreates a deleted mirror); an orphan goes. */
  #mirrorEvent(mirror: any, deleted: boolean): void {
    if (this.#stopped) return;
    const key = `${mirror.metadata.namespace}/${mirror.metadata.name}`;
    const pod = this.staticPods.get(key);
    // The informer has caught up with the mirror this kubelet created.
    if (this.#createdMirrors.get(key) === mirror.metadata.uid) this.#createdMirrors.delete(key);
    if (!pod) {
      if (!deleted) this.#deleteMirror(mirror, () => {});
      return;
    }
    if (!deleted && !mirror.metadata.deletionTimestamp && mirror.metadata.annotations?.[ConfigMirrorAnnotationKey] === pod.metadata.annotations?.[ConfigHashAnnotationKey]) {
      // A mirror this kubelet has not brought up to date (recreated, or found after a restart): post the static pod's status to it.
      if (this.#mirrorStatusSynced.get(key) !== mirror.metadata.uid) {
        this.#mirrorStatusSynced.set(key, mirror.metadata.uid);
        this.statusManager.resend(pod);
      }
      // A mirror as it should be (the kubelet's own status updates come back here): nothing to sync.
      return;
    }
    // Deleted, being deleted, or of another version of the pod: the static pod's sync replaces it.
    this.podWorkers.updatePod(pod);
  }

  /** The mirror of a static pod as the API has it (or as this kubelet just created it). */
  #mirrorOf(pod: any): any | 'created' | undefined {
    const { namespace, name } = pod.metadata;
    const mirror = this.informer.get(namespace, name);
    if (mirror && isMirrorPod(mirror)) return mirror;
    return this.#createdMirrors.has(`${namespace}/${name}`) ? 'created' : undefined;
  }

  /**
   * upstream: kubelet.go SyncPod: a mirror being deleted, or of another version of the pod, is
   * deleted (grace 0, uid precondition) and a new one is created; so is a missing one.
   */
  #syncMirror(pod: any): void {
    const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
    if (this.#mirrorOps.has(key) || pod.metadata.deletionTimestamp) return;
    const mirror = this.#mirrorOf(pod);
    const hash = pod.metadata.annotations?.[ConfigHashAnnotationKey];
    if (mirror === 'created') return;
    if (mirror && !mirror.metadata.deletionTimestamp && mirror.metadata.annotations?.[ConfigMirrorAnnotationKey] === hash) return;
    const create = () => this.#createMirror(pod);
    if (mirror) this.#deleteMirror(mirror, create);
    else create();
  }

  /** upstream: pkg/kubelet/pod/mirror_client.go CreateMirrorPod */
  #createMirror(pod: any): void {
    const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
    if (this.#stopped || this.staticPods.get(key) !== pod) return;
    const nodeUID = this.deps.nodeUID?.();
    const { uid: _uid, ...md } = pod.metadata;
    const body = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        ...md,
        annotations: { ...(md.annotations ?? {}), [ConfigMirrorAnnotationKey]: md.annotations?.[ConfigHashAnnotationKey] ?? '' },
        ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: this.deps.node, uid: nodeUID ?? '', controller: true }]
      },
      spec: pod.spec
    };
    this.#mirrorOps.add(key);
    // upstream: SyncPod creates no mirror while its Node is missing or being deleted (else the garbage
    // collector, seeing the owner gone, and the kubelet would delete and recreate it for ever).
    this.deps.client.get('nodes', undefined, this.deps.node, (nodeErr, node) => {
      if (this.#stopped) return;
      if (nodeErr || !node || node.metadata.deletionTimestamp || (nodeUID && node.metadata.uid !== nodeUID) || this.staticPods.get(key) !== pod) {
        this.#mirrorOps.delete(key);
        this.#trace('kubelet.mirrorPod.skip', pod, { reason: 'node is missing or being deleted' });
        return;
      }
      this.#postMirror(pod, key, body);
    });
  }

  #postMirror(pod: any, key: string, body: any): void {
    this.#trace('kubelet.mirrorPod.create', pod);
    this.deps.client.create('pods', body, (err, created) => {
      this.#mirrorOps.delete(key);
      if (this.#stopped) return;
      if (err || !created) {
        // AlreadyExists: the informer will show the existing mirror and the next sync decides.
        if (err?.reason !== 'AlreadyExists') this.#trace('kubelet.mirrorPod.error', pod, { reason: err?.reason, message: err?.message });
        return;
      }
      this.#createdMirrors.set(key, created.metadata.uid);
      this.#mirrorStatusSynced.set(key, created.metadata.uid);
      this.statusManager.resend(pod);
    });
  }

  /** upstream: mirror_client.go DeleteMirrorPod: grace period 0 (with a uid precondition). */
  #deleteMirror(mirror: any, then: () => void): void {
    const key = `${mirror.metadata.namespace}/${mirror.metadata.name}`;
    if (this.#mirrorOps.has(key)) return;
    this.#mirrorOps.add(key);
    this.#trace('kubelet.mirrorPod.delete', mirror);
    this.deps.client.delete('pods', mirror.metadata.namespace, mirror.metadata.name, { gracePeriodSeconds: 0 }, () => {
      this.#mirrorOps.delete(key);
      if (this.#stopped) return;
      if (this.#createdMirrors.get(key) === mirror.metadata.uid) this.#createdMirrors.delete(key);
      then();
    });
  }

  /** A static pod posts its status only to its mirror: without one the status stays in the kubelet's cache. */
  #setStatus(pod: any, status: any): void {
    const post = !isStaticPod(pod) || this.#mirrorOf(pod) !== undefined;
    this.statusManager.setPodStatus(pod, status, post);
  }

  #trace(kind: string, pod: any, extra: Record<string, unknown> = {}): void {
    this.deps.trace({ component: 'kubelet', node: this.deps.node, pod: `${pod.metadata.namespace}/${pod.metadata.name}`, kind, uid: pod.metadata.uid, ...extra });
  }

  #status(pod: any, runtime: Parameters<typeof generateAPIPodStatus>[0]['runtime'], terminal: boolean): any {
    const cached = this.statusManager.get(pod.metadata.uid);
    // The generator keeps timestamps and terminal phases from the status the kubelet last set (it may be ahead of the informer).
    const base = cached ? { ...pod, status: { ...cached, qosClass: pod.status?.qosClass ?? cached.qosClass, conditions: mergeConditions(cached.conditions, pod.status?.conditions) } } : pod;
    return generateAPIPodStatus({
      pod: base,
      runtime,
      failures: this.reasonCache.get(pod.metadata.uid) ?? new Map(),
      hostIP: this.deps.hostIP,
      now: this.deps.clock.now(),
      terminal,
      updatePodStatus: (p, statuses, inits) => this.probeManager.updatePodStatus(p, statuses, inits)
    });
  }

  /** upstream: kubelet.go SyncPod (cgroups, probes not simulated yet). */
  syncPod(pod: any, done: (o: SyncOutcome) => void): void {
    if (this.#stopped) return;
    // upstream: pod_workers.go allowStaticPodStart: a static pod waits until the previous pod of the
    // same full name (an edited manifest is a new UID) has terminated; it is synced again then.
    const previous = isStaticPod(pod) ? this.#terminatingStatic.get(`${pod.metadata.namespace}/${pod.metadata.name}`) : undefined;
    if (previous !== undefined && previous !== pod.metadata.uid) {
      this.#trace('kubelet.staticPod.waiting', pod, { previousUID: previous });
      return done({});
    }
    this.#trace('kubelet.syncPod', pod, { updateType: 'sync' });
    const { uid, name, namespace } = pod.metadata;
    this.runtimeManager.getPodStatus(uid, name, namespace, (before) => {
      if (this.#stopped) return;
      const status = this.#status(pod, before, false);
      this.#setStatus(pod, status);
      // upstream: SyncPod creates (or replaces) the mirror pod of a static pod before starting containers.
      if (isStaticPod(pod)) this.#syncMirror(pod);
      if (status.phase === 'Succeeded' || status.phase === 'Failed') return done({ terminal: true });
      // upstream: SyncPod: probeManager.AddPod (workers for the pod's probes, once).
      this.probeManager.addPod(pod);
      // upstream: SyncPod: volumeManager.WaitForAttachAndMount before containerRuntime.SyncPod; on
      // failure a FailedMount event and the sync ends in error (the pod worker retries it later).
      this.volumeManager.waitForAttachAndMount(pod, (mountErr) => {
        if (this.#stopped) return;
        if (mountErr !== undefined) {
          if (mountErr !== WAIT_CANCELED) this.deps.recorder.event(pod, 'Warning', 'FailedMount', `Unable to attach or mount volumes: ${mountErr}`);
          return done({ requeueAt: this.deps.clock.now() + SYNC_ERROR_BACKOFF_MS });
        }
        this.#runtimeSync(pod, before, done);
      });
    });
  }

  /** upstream: kuberuntime_manager.go SyncPod (sandbox, init containers, containers), then the status read back. */
  #runtimeSync(pod: any, before: Parameters<KubeGenericRuntimeManager['syncPod']>[1], done: (o: SyncOutcome) => void): void {
    const { uid, name, namespace } = pod.metadata;
    this.runtimeManager.syncPod(pod, before, (result) => {
      if (this.#stopped) return;
      this.reasonCache.set(uid, result.failures);
      if (result.failures.size > 0) this.#logSyncError(pod, result.failures);
      // upstream learns what SyncPod started at the next PLEG relist; here the sync reads it back at once.
      this.runtimeManager.getPodStatus(uid, name, namespace, (after) => {
        if (this.#stopped) return;
        const next = this.#status(pod, after, false);
        this.#setStatus(pod, next);
        done({ requeueAt: result.requeueAt, terminal: next.phase === 'Succeeded' || next.phase === 'Failed' });
      });
    });
  }

  /**
   * The pod worker's error line for a sync that failed (a container in back-off, an image that
   * does not pull, a bad config), at every verbosity:
   * `"Error syncing pod, skipping" err="failed to \"StartContainer\" for \"c\" with CrashLoopBackOff: ..."`.
   * upstream: pod_workers.go podWorkerLoop (klog.ErrorS), kubecontainer.SyncResult.Error ("failed to %q for %q with %v: %q")
   */
  #logSyncError(pod: any, failures: ReadonlyMap<string, { reason: string; message: string }>): void {
    const errs = [...failures].map(([container, f]) => `failed to "StartContainer" for ${JSON.stringify(container)} with ${f.reason}: ${JSON.stringify(f.message)}`);
    const err = errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`;
    // The simulated pod worker also syncs on the kubelet's own status writes, which upstream's
    // config source ignores: the same error is written once per pod, not once per such sync.
    if (this.#lastSyncError.get(pod.metadata.uid) === err) return;
    this.#lastSyncError.set(pod.metadata.uid, err);
    this.klog.write('E', 'pod_workers.go:1301', 'Error syncing pod, skipping', { err, pod: `${pod.metadata.namespace}/${pod.metadata.name}`, podUID: pod.metadata.uid });
  }

  /** upstream: kubelet.go SyncTerminatingPod: kill the containers with the grace period, then post the final status. */
  syncTerminatingPod(pod: any, gracePeriodSeconds: number, deleted: boolean, done: () => void): void {
    if (this.#stopped) return;
    this.#trace('kubelet.syncPod', pod, { updateType: 'terminating', gracePeriodSeconds });
    // upstream: SyncTerminatingPod: probeManager.StopLivenessAndStartup (readiness keeps probing).
    this.probeManager.stopLivenessAndStartup(pod);
    const { uid, name, namespace } = pod.metadata;
    this.runtimeManager.getPodStatus(uid, name, namespace, (running) => {
      this.runtimeManager.killPod(pod, running, gracePeriodSeconds, () => {
        if (this.#stopped) return;
        if (deleted) return done();
        this.runtimeManager.getPodStatus(uid, name, namespace, (stopped) => {
          if (this.#stopped) return;
          this.reasonCache.delete(uid);
          this.#setStatus(pod, this.#status(pod, stopped, true));
          done();
        });
      });
    });
  }

  /**
   * upstream: kubelet.go SyncTerminatedPod (volumeManager.WaitForUnmount) + status_manager.go
   * canBeDeleted: remove the sandbox, unmount the volumes, then confirm the deletion.
   */
  syncTerminatedPod(pod: any, deleted: boolean, done: () => void): void {
    if (this.#stopped) return;
    this.#trace('kubelet.syncPod', pod, { updateType: 'terminated' });
    const { uid, name, namespace } = pod.metadata;
    this.runtimeManager.getPodStatus(uid, name, namespace, (s) => {
      this.runtimeManager.removePod(s, () => this.volumeManager.unmountPod(pod, () => this.#terminated(pod, deleted, done)));
    });
  }

  #terminated(pod: any, deleted: boolean, done: () => void): void {
    const { uid } = pod.metadata;
    if (this.#stopped) return;
    this.reasonCache.delete(uid);
    this.#lastSyncError.delete(uid);
    // upstream: SyncTerminatedPod: probeManager.RemovePod.
    this.probeManager.removePod(pod);
    if (deleted || isStaticPod(pod)) {
      this.statusManager.forget(uid);
      if (isStaticPod(pod)) this.#staticPodTerminated(pod);
      return done();
    }
    this.statusManager.deletePod(pod, () => {
      this.statusManager.forget(uid);
      done();
    });
  }
}

/** upstream: pod_workers.go workerBackOffPeriod: a sync that failed (volumes not mounted) is retried after 10 s. */
export const SYNC_ERROR_BACKOFF_MS = 10_000;

/** Conditions the kubelet set, plus any others the API has (PodScheduled from the scheduler, DisruptionTarget...). */
function mergeConditions(mine: any[] | undefined, api: any[] | undefined): any[] {
  const out = [...(mine ?? [])];
  for (const c of api ?? []) if (!out.some((m) => m.type === c.type)) out.push(c);
  return out;
}
