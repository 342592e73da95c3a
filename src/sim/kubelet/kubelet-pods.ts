/**
 * The kubelet's pod lifecycle, one per kubelet process: watches the pods bound to its node and
 * runs them through the CRI runtime. SyncPod posts the status, then lets the runtime manager
 * create the sandbox and start containers; SyncTerminatingPod stops them with the grace period;
 * SyncTerminatedPod removes the sandbox and confirms the deletion to the API server.
 * Volumes are not simulated yet (the service-account token counts as mounted at once).
 * upstream: pkg/kubelet/kubelet.go (SyncPod, SyncTerminatingPod, SyncTerminatedPod, syncLoop),
 * pkg/kubelet/kubelet_pods.go
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Client } from '../client/client';
import type { EventRecorder } from '../client/events';
import { SharedInformer } from '../client/informer';
import type { SimClock } from '../kernel/clock';
import type { TraceInput } from '../kernel/trace';
import type { ContainerRuntime } from '../node/cri/runtime';
import type { SyncFailure } from './container/runtime';
import { ImageManager } from './images/image-manager';
import { KubeGenericRuntimeManager } from './kuberuntime/manager';
import { GenericPLEG } from './pleg/generic';
import { PodWorkers, type PodSyncer, type SyncOutcome } from './podworkers/pod-workers';
import { generateAPIPodStatus } from './status/generate';
import { StatusManager } from './status/status-manager';

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
}

export class KubeletPods implements PodSyncer {
  readonly informer: SharedInformer;
  readonly podWorkers: PodWorkers;
  readonly pleg: GenericPLEG;
  readonly statusManager: StatusManager;
  readonly runtimeManager: KubeGenericRuntimeManager;
  /** uid -> container name -> why its last start failed. upstream: pkg/kubelet/reason_cache.go */
  readonly reasonCache = new Map<string, Map<string, SyncFailure>>();
  #stopped = false;

  constructor(readonly deps: KubeletPodsDeps) {
    const { client, clock, node, trace, runtime, recorder } = deps;
    this.informer = new SharedInformer(client, 'pods', { fieldSelector: `spec.nodeName=${node}` }, (ms, fn) => clock.after(ms, fn));
    this.statusManager = new StatusManager(client, node, trace);
    this.runtimeManager = new KubeGenericRuntimeManager(runtime, new ImageManager(runtime, recorder, clock), recorder, clock);
    this.podWorkers = new PodWorkers(clock, this);
    this.pleg = new GenericPLEG(runtime, clock, node, trace, (pod) => this.#plegEvent(pod), deps.onRuntimeReady);
  }

  start(): void {
    this.informer.addEventHandler({
      add: (pod) => this.podWorkers.updatePod(pod),
      update: (_old, pod) => this.podWorkers.updatePod(pod),
      delete: (pod) => this.podWorkers.updatePod(pod, { deleted: true })
    });
    this.informer.run();
    this.pleg.start();
  }

  stop(): void {
    this.#stopped = true;
    this.informer.stop();
    this.pleg.stop();
    this.podWorkers.stop();
    this.statusManager.stop();
  }

  /** upstream: kubelet.go syncLoopIteration, plegCh: a lifecycle event syncs its pod. */
  #plegEvent(key: string): void {
    const [namespace, name] = key.split('/');
    const pod = this.informer.get(namespace, name);
    if (pod) this.podWorkers.updatePod(pod);
  }

  #trace(kind: string, pod: any, extra: Record<string, unknown> = {}): void {
    this.deps.trace({ component: 'kubelet', node: this.deps.node, pod: `${pod.metadata.namespace}/${pod.metadata.name}`, kind, uid: pod.metadata.uid, ...extra });
  }

  #status(pod: any, runtime: Parameters<typeof generateAPIPodStatus>[0]['runtime'], terminal: boolean): any {
    const cached = this.statusManager.get(pod.metadata.uid);
    // The generator keeps timestamps and terminal phases from the status the kubelet last set (it may be ahead of the informer).
    const base = cached ? { ...pod, status: { ...cached, qosClass: pod.status?.qosClass ?? cached.qosClass, conditions: mergeConditions(cached.conditions, pod.status?.conditions) } } : pod;
    return generateAPIPodStatus({ pod: base, runtime, failures: this.reasonCache.get(pod.metadata.uid) ?? new Map(), hostIP: this.deps.hostIP, now: this.deps.clock.now(), terminal });
  }

  /** upstream: kubelet.go SyncPod (volumes, cgroups, probes not simulated yet). */
  syncPod(pod: any, done: (o: SyncOutcome) => void): void {
    if (this.#stopped) return;
    this.#trace('kubelet.syncPod', pod, { updateType: 'sync' });
    const { uid, name, namespace } = pod.metadata;
    this.runtimeManager.getPodStatus(uid, name, namespace, (before) => {
      if (this.#stopped) return;
      const status = this.#status(pod, before, false);
      this.statusManager.setPodStatus(pod, status);
      if (status.phase === 'Succeeded' || status.phase === 'Failed') return done({ terminal: true });
      this.runtimeManager.syncPod(pod, before, (result) => {
        if (this.#stopped) return;
        this.reasonCache.set(uid, result.failures);
        // upstream learns what SyncPod started at the next PLEG relist; here the sync reads it back at once.
        this.runtimeManager.getPodStatus(uid, name, namespace, (after) => {
          if (this.#stopped) return;
          const next = this.#status(pod, after, false);
          this.statusManager.setPodStatus(pod, next);
          done({ requeueAt: result.requeueAt, terminal: next.phase === 'Succeeded' || next.phase === 'Failed' });
        });
      });
    });
  }

  /** upstream: kubelet.go SyncTerminatingPod: kill the containers with the grace period, then post the final status. */
  syncTerminatingPod(pod: any, gracePeriodSeconds: number, deleted: boolean, done: () => void): void {
    if (this.#stopped) return;
    this.#trace('kubelet.syncPod', pod, { updateType: 'terminating', gracePeriodSeconds });
    const { uid, name, namespace } = pod.metadata;
    this.runtimeManager.getPodStatus(uid, name, namespace, (running) => {
      this.runtimeManager.killPod(pod, running, gracePeriodSeconds, () => {
        if (this.#stopped) return;
        if (deleted) return done();
        this.runtimeManager.getPodStatus(uid, name, namespace, (stopped) => {
          if (this.#stopped) return;
          this.reasonCache.delete(uid);
          this.statusManager.setPodStatus(pod, this.#status(pod, stopped, true));
          done();
        });
      });
    });
  }

  /** upstream: kubelet.go SyncTerminatedPod + status_manager.go canBeDeleted: remove the sandbox, then confirm the deletion. */
  syncTerminatedPod(pod: any, deleted: boolean, done: () => void): void {
    if (this.#stopped) return;
    this.#trace('kubelet.syncPod', pod, { updateType: 'terminated' });
    const { uid, name, namespace } = pod.metadata;
    this.runtimeManager.getPodStatus(uid, name, namespace, (s) => {
      this.runtimeManager.removePod(s, () => {
        if (this.#stopped) return;
        this.reasonCache.delete(uid);
        if (deleted) {
          this.statusManager.forget(uid);
          return done();
        }
        this.statusManager.deletePod(pod, () => {
          this.statusManager.forget(uid);
          done();
        });
      });
    });
  }
}

/** Conditions the kubelet set, plus any others the API has (PodScheduled from the scheduler, DisruptionTarget...). */
function mergeConditions(mine: any[] | undefined, api: any[] | undefined): any[] {
  const out = [...(mine ?? [])];
  for (const c of api ?? []) if (!out.some((m) => m.type === c.type)) out.push(c);
  return out;
}
