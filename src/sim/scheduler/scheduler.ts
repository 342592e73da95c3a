/**
 * The scheduler: informers feed the queue (pending pods) and the cache (nodes, assigned pods);
 * scheduleOne takes one pod at a time through its profile's framework (one framework per
 * schedulerName in the KubeSchedulerConfiguration) and binds it through the API.
 * upstream: pkg/scheduler/scheduler.go, schedule_one.go, eventhandlers.go, profile/profile.go
 */
import type { Node, PersistentVolume, PersistentVolumeClaim, Pod, PodCondition } from 'kubernetes-types/core/v1';
import type { StorageClass } from 'kubernetes-types/storage/v1';
import type { SimClock } from '../kernel/clock';
import { timestamp } from '../kernel/clock';
import type { Rand } from '../kernel/rand';
import type { TraceInput } from '../kernel/trace';
import type { Client } from '../client/client';
import type { SharedInformerFactory } from '../client/informer';
import { EventRecorder } from '../client/events';
import type { KObject } from '../apiserver/store';
import { SchedulerCache } from './cache';
import { DefaultSchedulerName, DefaultWeights, Framework, defaultPlugins, type ProfileConfig } from './framework/framework';
import type { Handle, QueuedPodInfo, StorageListers } from './framework/interfaces';
import { Code, CycleState, Status, newPodInfo, podKey } from './framework/types';
import { DefaultQueueOptions, SchedulingQueue, type ClusterEvent } from './queue/scheduling-queue';
import type { KubeSchedulerConfiguration } from './config/types';
import { newFrameworkForProfile } from './config/framework-config';
import { Attempt, type AttemptRecord } from './explain';
import { ScheduleAlgorithm } from './schedule-one';

export const SchedulerComponent = 'kube-scheduler';
export { ErrNoNodesAvailable, numFeasibleNodesToFind, selectHost } from './schedule-one';

const isAssigned = (pod: Pod) => !!pod.spec?.nodeName;
const isTerminal = (pod: Pod) => pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';

export interface SchedulerOptions {
  client: Client;
  factory: SharedInformerFactory;
  clock: SimClock;
  rand: Rand;
  record: (e: TraceInput) => void;
  profile?: Partial<ProfileConfig>;
  /** A validated, defaulted configuration (its profiles replace `profile`). */
  config?: KubeSchedulerConfiguration;
}

/** A running profile: its framework and event recorder. upstream: profile.Map */
interface RunningProfile {
  name: string;
  framework: Framework;
  percentageOfNodesToScore?: number;
  recorder: EventRecorder;
}

export class Scheduler {
  readonly cache = new SchedulerCache();
  readonly queue: SchedulingQueue;
  readonly framework: Framework;
  readonly profile: ProfileConfig;
  readonly #client: Client;
  readonly #clock: SimClock;
  readonly #rand: Rand;
  readonly #record: (e: TraceInput) => void;
  readonly #profiles = new Map<string, RunningProfile>();
  readonly #attempts = new Map<string, Attempt>();
  readonly #algorithm: ScheduleAlgorithm;
  #cycleArmed = false;
  #stopped = false;
  readonly #pods;

  constructor(opts: SchedulerOptions) {
    this.#client = opts.client;
    this.#clock = opts.clock;
    this.#rand = opts.rand;
    this.#record = opts.record;
    this.profile = { schedulerName: DefaultSchedulerName, ...opts.profile };
    // upstream: the volume plugins' listers (informers on PVCs, PVs and StorageClasses).
    const pvcs = opts.factory.informer('persistentvolumeclaims');
    const pvs = opts.factory.informer('persistentvolumes');
    const classes = opts.factory.informer('storageclasses');
    const storage: StorageListers = {
      pvc: (ns, name) => pvcs.get(ns, name) as PersistentVolumeClaim | undefined,
      pv: (name) => pvs.get(undefined, name) as PersistentVolume | undefined,
      pvs: () => pvs.list() as PersistentVolume[],
      storageClass: (name) => classes.get(undefined, name) as StorageClass | undefined
    };
    const handleFor = (fw: () => Framework): Handle => ({
      nodeInfos: () => this.cache.nodeList(),
      nodeInfo: (name) => this.cache.nodeInfo(name),
      havePodsWithAffinityNodeInfos: () => this.cache.havePodsWithAffinityNodeInfos(),
      havePodsWithRequiredAntiAffinityNodeInfos: () => this.cache.havePodsWithRequiredAntiAffinityNodeInfos(),
      bind: (pod, nodeName, done) => this.#client.bind(pod.metadata!.namespace ?? 'default', pod.metadata!.name!, nodeName, (err) => done(err?.message)),
      runFilterPlugins: (state, pod, ni) => fw().runFilterPlugins(state, pod, ni),
      preempt: (preemptor, nodeName, victims) => this.#preempt(preemptor, nodeName, victims),
      storage,
      waitForStorage: (check, timeoutMs, done) => this.#waitForStorage(check, timeoutMs, done),
      patch: (resource, namespace, name, patch) => this.#client.patch(resource, namespace, name, patch as KObject, 'merge')
    });
    const addProfile = (name: string, build: (h: Handle) => Framework, percentageOfNodesToScore: number | undefined) => {
      let framework!: Framework;
      try {
        framework = build(handleFor(() => framework));
      } catch (e) {
        // upstream: scheduler.New -> profile.NewMap -> newProfile
        throw new Error(`initializing profiles: creating profile for scheduler name ${name}: ${(e as Error).message}`);
      }
      // upstream: one event recorder per profile, reporting as the scheduler name.
      const recorder = new EventRecorder(opts.client, { component: name }, () => this.#clock.now());
      this.#profiles.set(name, { name, framework, percentageOfNodesToScore, recorder });
    };
    const cfg = opts.config;
    if (cfg) {
      for (const prof of cfg.profiles ?? []) addProfile(prof.schedulerName!, (h) => newFrameworkForProfile(prof, h), prof.percentageOfNodesToScore ?? cfg.percentageOfNodesToScore);
    } else {
      addProfile(this.profile.schedulerName, (h) => new Framework(defaultPlugins(h, this.profile), DefaultWeights), this.profile.percentageOfNodesToScore);
    }
    // upstream: the queue sort is the same for all profiles (validated); the first one's is used.
    this.framework = this.#profiles.values().next().value!.framework;
    this.#algorithm = new ScheduleAlgorithm(this.cache, this.#rand);
    const queueOptions = cfg
      ? { ...DefaultQueueOptions, podInitialBackoffMs: (cfg.podInitialBackoffSeconds ?? 1) * 1000, podMaxBackoffMs: (cfg.podMaxBackoffSeconds ?? 10) * 1000 }
      : DefaultQueueOptions;
    this.queue = new SchedulingQueue(
      opts.clock,
      (a, b) => this.framework.queueSort.less(a, b),
      (pod) => this.#profileFor(pod)?.framework.runPreEnqueuePlugins(pod) ?? new Status(Code.Success),
      () => this.#armCycle(),
      queueOptions
    );
    const move = (e: ClusterEvent) => () => {
      this.#checkStorageWaiters();
      this.queue.moveAllToActiveOrBackoffQueue(e);
    };
    pvcs.addEventHandler({ add: move('PvcChange'), update: move('PvcChange') });
    pvs.addEventHandler({ add: move('PvChange'), update: move('PvChange') });
    classes.addEventHandler({ add: move('StorageClassAdd') });
    this.#pods = opts.factory.informer('pods');
    this.#pods.addEventHandler({
      add: (o) => this.#onPodAdd(o as Pod),
      update: (a, b) => this.#onPodUpdate(a as Pod, b as Pod),
      delete: (o) => this.#onPodDelete(o as Pod)
    });
    opts.factory.informer('nodes').addEventHandler({
      add: (o) => {
        this.cache.addNode(o as Node);
        this.queue.moveAllToActiveOrBackoffQueue('NodeAdd');
      },
      update: (a, b) => {
        this.cache.updateNode(b as Node);
        if (nodeSchedulingPropertiesChanged(a as Node, b as Node)) this.queue.moveAllToActiveOrBackoffQueue('NodeUpdate');
      },
      delete: (o) => this.cache.removeNode(o as Node)
    });
  }

  /** The last attempt's per-node, per-plugin record (for `sim explain pod`). */
  explain(namespace: string, name: string): AttemptRecord | undefined {
    return this.#attempts.get(`${namespace}/${name}`)?.toRecord();
  }

  /** The scheduler names this scheduler answers for (one per profile). */
  get schedulerNames(): string[] {
    return [...this.#profiles.keys()];
  }

  #profileFor(pod: Pod): RunningProfile | undefined {
    return this.#profiles.get(pod.spec?.schedulerName ?? DefaultSchedulerName);
  }

  #responsibleFor(pod: Pod): boolean {
    return this.#profileFor(pod) !== undefined;
  }

  readonly #storageWaiters = new Set<{ check: () => boolean; done: (ok: boolean) => void }>();

  /** VolumeBinding's wait in PreBind. upstream: binder.go BindPodVolumes (PollUntilContextTimeout) */
  #waitForStorage(check: () => boolean, timeoutMs: number, done: (ok: boolean) => void): void {
    if (check()) return done(true);
    const w = { check, done };
    this.#storageWaiters.add(w);
    this.#clock.after(timeoutMs, () => {
      if (this.#storageWaiters.delete(w)) done(false);
    });
  }

  #checkStorageWaiters(): void {
    for (const w of [...this.#storageWaiters]) {
      if (w.check()) {
        this.#storageWaiters.delete(w);
        w.done(true);
      }
    }
  }

  /** Stops scheduling (a restart replaces this scheduler): no further cycles run. */
  stop(): void {
    this.#stopped = true;
  }

  // upstream: eventhandlers.go addPodToSchedulingQueue / addPodToCache and friends
  #onPodAdd(pod: Pod): void {
    if (isAssigned(pod)) {
      if (!isTerminal(pod)) this.cache.addPod(pod);
    } else if (this.#responsibleFor(pod) && !pod.metadata?.deletionTimestamp && !isTerminal(pod)) {
      this.queue.add(pod);
    }
  }

  #onPodUpdate(oldPod: Pod, pod: Pod): void {
    if (isAssigned(pod)) {
      if (!isAssigned(oldPod)) this.queue.delete(pod);
      if (isTerminal(pod)) {
        this.cache.removePod(pod);
        this.queue.moveAllToActiveOrBackoffQueue('AssignedPodDelete');
      } else {
        this.cache.updatePod(pod);
        // upstream (queueing hint): only a pod whose requests shrank can free room.
        if (isAssigned(oldPod) && JSON.stringify(oldPod.spec?.containers?.map((c) => c.resources)) !== JSON.stringify(pod.spec?.containers?.map((c) => c.resources))) {
          this.queue.moveAllToActiveOrBackoffQueue('AssignedPodUpdate');
        }
      }
      return;
    }
    if (!this.#responsibleFor(pod)) return;
    if (pod.metadata?.deletionTimestamp) this.queue.delete(pod);
    else if (!this.cache.isAssumed(podKey(pod))) this.queue.update(oldPod, pod);
  }

  #onPodDelete(pod: Pod): void {
    if (isAssigned(pod)) {
      this.cache.removePod(pod);
      this.queue.moveAllToActiveOrBackoffQueue('AssignedPodDelete');
    } else {
      this.queue.delete(pod);
      this.cache.forgetPod(pod);
    }
  }

  #armCycle(): void {
    if (this.#cycleArmed) return;
    this.#cycleArmed = true;
    this.#clock.after(0, () => {
      this.#cycleArmed = false;
      if (this.#stopped) return;
      this.scheduleOne();
      if (this.queue.activeLength > 0) this.#armCycle();
    });
  }

  /** One scheduling cycle for the pod at the head of activeQ. upstream: schedule_one.go ScheduleOne */
  scheduleOne(): void {
    const qpi = this.queue.pop();
    if (!qpi) return;
    const pod = qpi.pod;
    const key = podKey(pod);
    const cycle = this.queue.schedulingCycle;
    // upstream: skipPodSchedule: deleted meanwhile, or already assumed
    const current = this.#pods.get(pod.metadata?.namespace, pod.metadata!.name!) as Pod | undefined;
    const prof = this.#profileFor(pod);
    if (!prof || !current || current.metadata?.deletionTimestamp || isAssigned(current) || this.cache.isAssumed(key)) {
      this.queue.done(key);
      return;
    }
    const fw = prof.framework;
    const state = new CycleState();
    state.podInfo = newPodInfo(pod);
    const rec = new Attempt(key, this.#clock.now(), qpi.attempts);
    this.#attempts.delete(key);
    this.#attempts.set(key, rec);
    if (this.#attempts.size > 1000) this.#attempts.delete(this.#attempts.keys().next().value!);

    const result = this.#algorithm.schedulePod(fw, prof.percentageOfNodesToScore, state, pod, rec);
    if ('error' in result) {
      this.#handleFailure(prof, qpi, cycle, result.error, result.code, result.plugins, rec, result.nominatedNodeName);
      return;
    }
    const host = result.host;
    rec.chosen = host;
    // Assume: the node counts the pod from now on. upstream: schedulingCycle -> assume
    this.cache.assumePod(pod, host, state.podInfo);
    let s = fw.runReservePlugins(state, pod, host);
    if (s.isSuccess()) s = fw.runPermitPlugins(state, pod, host);
    if (!s.isSuccess()) {
      fw.runUnreservePlugins(state, pod, host);
      this.cache.forgetPod(pod);
      this.#handleFailure(prof, qpi, cycle, s.message(), s.code, new Set([s.plugin]), rec);
      return;
    }
    this.queue.done(key);
    rec.result = 'Scheduled';
    this.#record({ component: SchedulerComponent, kind: 'scheduler.attempt', pod: key, result: 'Scheduled', node: host, attempt: qpi.attempts });
    this.#bindingCycle(prof, state, qpi, host, cycle, rec);
  }

  /** upstream: schedule_one.go bindingCycle (runs while the next pods are being scheduled) */
  #bindingCycle(prof: RunningProfile, state: CycleState, qpi: QueuedPodInfo, host: string, cycle: number, rec: Attempt): void {
    const pod = qpi.pod;
    const key = podKey(pod);
    const fw = prof.framework;
    const fail = (s: Status) => {
      fw.runUnreservePlugins(state, pod, host);
      this.cache.forgetPod(pod);
      rec.result = 'Error';
      rec.message = s.message();
      // upstream: binding errors put the pod back (to backoffQ) and move the others.
      this.queue.moveAllToActiveOrBackoffQueue('AssignedPodDelete');
      this.#handleFailure(prof, qpi, cycle, s.message(), Code.Error, new Set(), rec);
    };
    fw.runPreBindPlugins(state, pod, host, (pre) => {
      if (!pre.isSuccess()) return fail(pre);
      fw.runBindPlugins(state, pod, host, (s) => {
        if (!s.isSuccess()) return fail(s);
        this.#record({ component: SchedulerComponent, kind: 'scheduler.bind', pod: key, node: host });
        prof.recorder.event(pod as KObject, 'Normal', 'Scheduled', `Successfully assigned ${key} to ${host}`);
      });
    });
  }

  /** upstream: schedule_one.go handleSchedulingFailure */
  #handleFailure(prof: RunningProfile, qpi: QueuedPodInfo, cycle: number, message: string, code: Code, plugins: Set<string>, rec: Attempt, nominatedNodeName?: string): void {
    const pod = qpi.pod;
    const key = podKey(pod);
    const unschedulable = code === Code.Unschedulable || code === Code.UnschedulableAndUnresolvable;
    rec.result = unschedulable ? 'Unschedulable' : 'Error';
    rec.message = message;
    rec.chosen = undefined;
    this.#record({ component: SchedulerComponent, kind: 'scheduler.attempt', pod: key, result: rec.result, message, attempt: qpi.attempts, ...(nominatedNodeName ? { nominatedNodeName } : {}) });
    const current = this.#pods.get(pod.metadata?.namespace, pod.metadata!.name!) as Pod | undefined;
    if (current && !isAssigned(current)) {
      qpi.pod = current;
      qpi.unschedulablePlugins = plugins;
      this.queue.addUnschedulableIfNotPresent(qpi, cycle, !unschedulable);
    } else {
      this.queue.done(key);
    }
    prof.recorder.event(pod as KObject, 'Warning', 'FailedScheduling', message);
    const reason = unschedulable ? 'Unschedulable' : 'SchedulerError';
    const old = (current ?? pod).status?.conditions?.find((c) => c.type === 'PodScheduled');
    const nominatedChanged = nominatedNodeName !== undefined && nominatedNodeName !== (current ?? pod).status?.nominatedNodeName;
    // upstream: updatePod patches only when the condition (or the nominated node) changes.
    if (old && old.status === 'False' && old.reason === reason && old.message === message && !nominatedChanged) return;
    const condition: PodCondition = {
      type: 'PodScheduled',
      status: 'False',
      reason,
      message,
      lastProbeTime: null as unknown as string,
      lastTransitionTime: old?.status === 'False' && old.lastTransitionTime ? old.lastTransitionTime : timestamp(this.#clock.now())
    };
    const status: Record<string, unknown> = { conditions: [condition] };
    if (nominatedChanged) status.nominatedNodeName = nominatedNodeName;
    this.#client.patchStatus('pods', pod.metadata?.namespace, pod.metadata!.name!, { status });
  }

  /**
   * Evicts the victims: a DisruptionTarget condition, a Preempted event, then the delete.
   * upstream: pkg/scheduler/framework/preemption/preemption.go prepareCandidate
   */
  #preempt(preemptor: Pod, nodeName: string, victims: Pod[]): void {
    for (const v of victims) {
      const ns = v.metadata?.namespace;
      const name = v.metadata!.name!;
      const condition: PodCondition = {
        type: 'DisruptionTarget',
        status: 'True',
        reason: 'PreemptionByScheduler',
        message: `${preemptor.spec?.schedulerName ?? DefaultSchedulerName}: preempting to accommodate a higher priority pod`,
        lastTransitionTime: timestamp(this.#clock.now())
      };
      this.#client.patchStatus('pods', ns, name, { status: { conditions: [condition] } });
      this.#client.delete('pods', ns, name);
      (this.#profileFor(preemptor) ?? this.#profiles.values().next().value!).recorder.event(v as KObject, 'Normal', 'Preempted', `Preempted by pod ${preemptor.metadata?.uid} on node ${nodeName}`);
      this.#record({ component: SchedulerComponent, kind: 'scheduler.preempt', pod: podKey(v), node: nodeName, preemptor: podKey(preemptor) });
    }
  }
}

/** Whether a node update can make pods schedulable. upstream: eventhandlers.go nodeSchedulingPropertiesChange */
function nodeSchedulingPropertiesChanged(a: Node, b: Node): boolean {
  const j = JSON.stringify;
  return (
    !!a.spec?.unschedulable !== !!b.spec?.unschedulable ||
    j(a.status?.allocatable) !== j(b.status?.allocatable) ||
    j(a.metadata?.labels) !== j(b.metadata?.labels) ||
    j(a.spec?.taints) !== j(b.spec?.taints)
  );
}

export type { ClusterEvent };
