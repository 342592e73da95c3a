/**
 * The scheduler: informers feed the queue (pending pods) and the cache (nodes, assigned pods);
 * scheduleOne takes one pod at a time through the framework and binds it through the API.
 * upstream: pkg/scheduler/scheduler.go, schedule_one.go, eventhandlers.go
 */
import type { Node, Pod, PodCondition } from 'kubernetes-types/core/v1';
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
import type { Handle, QueuedPodInfo } from './framework/interfaces';
import { Code, CycleState, Status, fitErrorMessage, podKey, type Diagnosis, type NodeInfo, type NodeScore } from './framework/types';
import { SchedulingQueue, type ClusterEvent } from './queue/scheduling-queue';
import type { AttemptRecord, NodeVerdict } from './explain';

export const SchedulerComponent = 'kube-scheduler';
// upstream: pkg/scheduler/schedule_one.go
export const ErrNoNodesAvailable = 'no nodes available to schedule pods';
const minFeasibleNodesToFind = 100;
const minFeasibleNodesPercentageToFind = 5;
const basePercentageOfNodesToScore = 50;

/** How many feasible nodes to look for before scoring. upstream: schedule_one.go numFeasibleNodesToFind */
export function numFeasibleNodesToFind(percentageOfNodesToScore: number | undefined, numAllNodes: number): number {
  if (numAllNodes < minFeasibleNodesToFind) return numAllNodes;
  let adaptive = percentageOfNodesToScore ?? 0;
  if (adaptive >= 100) return numAllNodes;
  if (adaptive <= 0) {
    adaptive = basePercentageOfNodesToScore - Math.trunc(numAllNodes / 125);
    if (adaptive < minFeasibleNodesPercentageToFind) adaptive = minFeasibleNodesPercentageToFind;
  }
  const n = Math.trunc((numAllNodes * adaptive) / 100);
  return n < minFeasibleNodesToFind ? minFeasibleNodesToFind : n;
}

/** Among the top scores, one at random (reservoir sampling). upstream: schedule_one.go selectHost */
export function selectHost(scores: NodeScore[], rand: Pick<Rand, 'int'>): string {
  let selected = scores[0];
  let count = 1;
  for (let i = 1; i < scores.length; i++) {
    const s = scores[i];
    if (s.score > selected.score) {
      selected = s;
      count = 1;
    } else if (s.score === selected.score) {
      count++;
      if (rand.int(count) === 0) selected = s;
    }
  }
  return selected.name;
}

type ScheduleResult = { host: string } | { error: string; code: Code; plugins: Set<string>; nominatedNodeName?: string };

const isAssigned = (pod: Pod) => !!pod.spec?.nodeName;
const isTerminal = (pod: Pod) => pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';

export interface SchedulerOptions {
  client: Client;
  factory: SharedInformerFactory;
  clock: SimClock;
  rand: Rand;
  record: (e: TraceInput) => void;
  profile?: Partial<ProfileConfig>;
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
  readonly #recorder: EventRecorder;
  readonly #attempts = new Map<string, AttemptRecord>();
  #nextStartNodeIndex = 0;
  #cycleArmed = false;
  readonly #pods;

  constructor(opts: SchedulerOptions) {
    this.#client = opts.client;
    this.#clock = opts.clock;
    this.#rand = opts.rand;
    this.#record = opts.record;
    this.profile = { schedulerName: DefaultSchedulerName, ...opts.profile };
    this.#recorder = new EventRecorder(opts.client, { component: this.profile.schedulerName }, () => this.#clock.now());
    const handle: Handle = {
      nodeInfos: () => this.cache.nodeList(),
      nodeInfo: (name) => this.cache.nodeInfo(name),
      bind: (pod, nodeName, done) => this.#client.bind(pod.metadata!.namespace ?? 'default', pod.metadata!.name!, nodeName, (err) => done(err?.message)),
      runFilterPlugins: (state, pod, ni) => this.framework.runFilterPlugins(state, pod, ni),
      preempt: (preemptor, nodeName, victims) => this.#preempt(preemptor, nodeName, victims)
    };
    this.framework = new Framework(defaultPlugins(handle, this.profile), DefaultWeights);
    this.queue = new SchedulingQueue(
      opts.clock,
      (a, b) => this.framework.queueSort.less(a, b),
      (pod) => this.framework.runPreEnqueuePlugins(pod),
      () => this.#armCycle()
    );
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
    return this.#attempts.get(`${namespace}/${name}`);
  }

  #responsibleFor(pod: Pod): boolean {
    return (pod.spec?.schedulerName ?? DefaultSchedulerName) === this.profile.schedulerName;
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
    if (!current || current.metadata?.deletionTimestamp || isAssigned(current) || this.cache.isAssumed(key)) {
      this.queue.done(key);
      return;
    }
    const state = new CycleState();
    const rec: AttemptRecord = { pod: key, t: this.#clock.now(), attempt: qpi.attempts, result: 'Unschedulable', evaluatedNodes: 0, feasibleNodes: 0, nodes: [] };
    this.#attempts.delete(key);
    this.#attempts.set(key, rec);
    if (this.#attempts.size > 1000) this.#attempts.delete(this.#attempts.keys().next().value!);

    const result = this.#schedulePod(state, pod, rec);
    if ('error' in result) {
      this.#handleFailure(qpi, cycle, result.error, result.code, result.plugins, rec, result.nominatedNodeName);
      return;
    }
    const host = result.host;
    rec.chosen = host;
    // Assume: the node counts the pod from now on. upstream: schedulingCycle -> assume
    this.cache.assumePod(pod, host);
    let s = this.framework.runReservePlugins(state, pod, host);
    if (s.isSuccess()) s = this.framework.runPermitPlugins(state, pod, host);
    if (!s.isSuccess()) {
      this.framework.runUnreservePlugins(state, pod, host);
      this.cache.forgetPod(pod);
      this.#handleFailure(qpi, cycle, s.message(), s.code, new Set([s.plugin]), rec);
      return;
    }
    this.queue.done(key);
    rec.result = 'Scheduled';
    this.#record({ component: SchedulerComponent, kind: 'scheduler.attempt', pod: key, result: 'Scheduled', node: host, attempt: qpi.attempts });
    this.#bindingCycle(state, qpi, host, cycle, rec);
  }

  /** upstream: schedule_one.go schedulePod */
  #schedulePod(state: CycleState, pod: Pod, rec: AttemptRecord): ScheduleResult {
    const all = this.cache.nodeList();
    rec.nodes = all.map((n) => ({ node: n.name, scores: [] }));
    if (all.length === 0) return { error: ErrNoNodesAvailable, code: Code.Error, plugins: new Set() };
    const diagnosis: Diagnosis = { nodeToStatus: new Map(), preFilterMsg: '', postFilterMsg: '' };
    const verdicts = new Map<string, NodeVerdict>(rec.nodes.map((v) => [v.node, v]));

    const pre = this.framework.runPreFilterPlugins(state, pod, all);
    let feasible: NodeInfo[] = [];
    if (!pre.status.isSuccess()) {
      if (pre.status.code === Code.Error) return { error: pre.status.message(), code: Code.Error, plugins: new Set() };
      // upstream: every node gets the PreFilter status; the message is printed once.
      diagnosis.preFilterMsg = pre.status.message();
      for (const n of all) {
        diagnosis.nodeToStatus.set(n.name, pre.status);
        verdicts.get(n.name)!.filter = { passed: false, plugin: pre.status.plugin, code: Code[pre.status.code], reasons: pre.status.reasons };
      }
    } else {
      feasible = this.#findNodesThatPassFilters(state, pod, pre.nodeNames ? all.filter((n) => pre.nodeNames!.has(n.name)) : all, diagnosis, verdicts);
    }
    rec.evaluatedNodes = [...verdicts.values()].filter((v) => v.filter).length;
    rec.feasibleNodes = feasible.length;

    if (feasible.length === 0) {
      const plugins = new Set([...diagnosis.nodeToStatus.values()].map((s) => s.plugin));
      // PostFilter (preemption) runs only when the pod was rejected, not on an error.
      const post = this.framework.runPostFilterPlugins(state, pod, diagnosis.nodeToStatus);
      diagnosis.postFilterMsg = post.status.message();
      return { error: fitErrorMessage(all.length, diagnosis), code: Code.Unschedulable, plugins, nominatedNodeName: post.nominatedNodeName };
    }
    if (feasible.length === 1) {
      // upstream: one feasible node: no scoring.
      return { host: feasible[0].name };
    }
    const ps = this.framework.runPreScorePlugins(state, pod, feasible);
    if (!ps.isSuccess()) return { error: ps.message(), code: Code.Error, plugins: new Set() };
    const { totals, breakdown, status } = this.framework.runScorePlugins(state, pod, feasible);
    if (!status.isSuccess()) return { error: status.message(), code: Code.Error, plugins: new Set() };
    for (const t of totals) {
      const v = verdicts.get(t.name)!;
      v.scores = breakdown.get(t.name) ?? [];
      v.total = t.score;
    }
    return { host: selectHost(totals, this.#rand) };
  }

  /** Filters from where the last cycle stopped until enough feasible nodes are found. upstream: findNodesThatPassFilters */
  #findNodesThatPassFilters(state: CycleState, pod: Pod, nodes: NodeInfo[], diagnosis: Diagnosis, verdicts: Map<string, NodeVerdict>): NodeInfo[] {
    const want = numFeasibleNodesToFind(this.profile.percentageOfNodesToScore, nodes.length);
    const feasible: NodeInfo[] = [];
    let processed = 0;
    for (let i = 0; i < nodes.length && feasible.length < want; i++) {
      const ni = nodes[(this.#nextStartNodeIndex + i) % nodes.length];
      processed++;
      const s = this.framework.runFilterPlugins(state, pod, ni);
      const v = verdicts.get(ni.name)!;
      if (s.isSuccess()) {
        feasible.push(ni);
        v.filter = { passed: true, reasons: [] };
      } else {
        diagnosis.nodeToStatus.set(ni.name, s);
        v.filter = { passed: false, plugin: s.plugin, code: Code[s.code], reasons: s.reasons };
      }
    }
    this.#nextStartNodeIndex = (this.#nextStartNodeIndex + processed) % Math.max(1, nodes.length);
    return feasible;
  }

  /** upstream: schedule_one.go bindingCycle (runs while the next pods are being scheduled) */
  #bindingCycle(state: CycleState, qpi: QueuedPodInfo, host: string, cycle: number, rec: AttemptRecord): void {
    const pod = qpi.pod;
    const key = podKey(pod);
    const pre = this.framework.runPreBindPlugins(state, pod, host);
    const fail = (s: Status) => {
      this.framework.runUnreservePlugins(state, pod, host);
      this.cache.forgetPod(pod);
      rec.result = 'Error';
      rec.message = s.message();
      // upstream: binding errors put the pod back (to backoffQ) and move the others.
      this.queue.moveAllToActiveOrBackoffQueue('AssignedPodDelete');
      this.#handleFailure(qpi, cycle, s.message(), Code.Error, new Set(), rec);
    };
    if (!pre.isSuccess()) return fail(pre);
    this.framework.runBindPlugins(state, pod, host, (s) => {
      if (!s.isSuccess()) return fail(s);
      this.#record({ component: SchedulerComponent, kind: 'scheduler.bind', pod: key, node: host });
      this.#recorder.event(pod as KObject, 'Normal', 'Scheduled', `Successfully assigned ${key} to ${host}`);
    });
  }

  /** upstream: schedule_one.go handleSchedulingFailure */
  #handleFailure(qpi: QueuedPodInfo, cycle: number, message: string, code: Code, plugins: Set<string>, rec: AttemptRecord, nominatedNodeName?: string): void {
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
    this.#recorder.event(pod as KObject, 'Warning', 'FailedScheduling', message);
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
      this.#recorder.event(v as KObject, 'Normal', 'Preempted', `Preempted by pod ${preemptor.metadata?.uid} on node ${nodeName}`);
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
