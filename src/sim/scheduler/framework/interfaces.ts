/**
 * The framework's extension points. A plugin implements any subset; the framework calls each
 * plugin at the points it implements, in the profile's order.
 * upstream: pkg/scheduler/framework/interface.go
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { CycleState, NodeInfo, NodeScore, Status } from './types';

export interface Plugin {
  readonly name: string;
}

/** The pod as it waits in the queue. upstream: framework.QueuedPodInfo */
export interface QueuedPodInfo {
  pod: Pod;
  /** Virtual ms when the pod was first added to the queue (PrioritySort's tie-break). */
  timestamp: number;
  initialAttemptTimestamp?: number;
  attempts: number;
  /** Plugins that rejected the pod in its last attempt. */
  unschedulablePlugins: Set<string>;
  /** Rejected by a PreEnqueue plugin (gated): stays out of activeQ. */
  gated: boolean;
}

export interface QueueSortPlugin extends Plugin {
  less(a: QueuedPodInfo, b: QueuedPodInfo): boolean;
}

export interface PreEnqueuePlugin extends Plugin {
  preEnqueue(pod: Pod): Status;
}

/** Narrows the nodes to evaluate; undefined means all. upstream: PreFilterResult */
export interface PreFilterResult {
  nodeNames?: Set<string>;
}

export interface PreFilterPlugin extends Plugin {
  preFilter(state: CycleState, pod: Pod, nodes: NodeInfo[]): { result?: PreFilterResult; status: Status };
}

export interface FilterPlugin extends Plugin {
  filter(state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status;
}

export interface PostFilterResult {
  nominatedNodeName?: string;
}

export interface PostFilterPlugin extends Plugin {
  postFilter(state: CycleState, pod: Pod, nodeToStatus: Map<string, Status>): { result?: PostFilterResult; status: Status };
}

export interface PreScorePlugin extends Plugin {
  preScore(state: CycleState, pod: Pod, nodes: NodeInfo[]): Status;
}

export interface ScorePlugin extends Plugin {
  score(state: CycleState, pod: Pod, nodeInfo: NodeInfo): { score: number; status: Status };
  /** Optional: maps raw scores onto 0..MaxNodeScore in place. upstream: ScoreExtensions */
  normalizeScore?(state: CycleState, pod: Pod, scores: NodeScore[]): Status;
}

export interface ReservePlugin extends Plugin {
  reserve(state: CycleState, pod: Pod, nodeName: string): Status;
  unreserve(state: CycleState, pod: Pod, nodeName: string): void;
}

export interface PermitPlugin extends Plugin {
  permit(state: CycleState, pod: Pod, nodeName: string): { status: Status; timeoutMs: number };
}

export interface PreBindPlugin extends Plugin {
  preBind(state: CycleState, pod: Pod, nodeName: string): Status;
}

/** Binding answers later (it is an API call): `done` receives the outcome. */
export interface BindPlugin extends Plugin {
  bind(state: CycleState, pod: Pod, nodeName: string, done: (status: Status) => void): void;
}

/** Everything a plugin constructor may need from the scheduler. upstream: framework.Handle */
export interface Handle {
  /** All nodes in the current snapshot, in the cache's order. */
  nodeInfos(): NodeInfo[];
  nodeInfo(name: string): NodeInfo | undefined;
  /** Binds through the API (the DefaultBinder). */
  bind(pod: Pod, nodeName: string, done: (err: string | undefined) => void): void;
  /** Runs the Filter plugins against one node (preemption's dry run). */
  runFilterPlugins(state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status;
  /** Evicts preemption victims through the API and nominates the node for the preemptor. */
  preempt(preemptor: Pod, nodeName: string, victims: Pod[]): void;
}

export const implementsPoint = {
  queueSort: (p: Plugin): p is QueueSortPlugin => 'less' in p,
  preEnqueue: (p: Plugin): p is PreEnqueuePlugin => 'preEnqueue' in p,
  preFilter: (p: Plugin): p is PreFilterPlugin => 'preFilter' in p,
  filter: (p: Plugin): p is FilterPlugin => 'filter' in p,
  postFilter: (p: Plugin): p is PostFilterPlugin => 'postFilter' in p,
  preScore: (p: Plugin): p is PreScorePlugin => 'preScore' in p,
  score: (p: Plugin): p is ScorePlugin => 'score' in p,
  reserve: (p: Plugin): p is ReservePlugin => 'reserve' in p,
  permit: (p: Plugin): p is PermitPlugin => 'permit' in p,
  preBind: (p: Plugin): p is PreBindPlugin => 'preBind' in p,
  bind: (p: Plugin): p is BindPlugin => 'bind' in p
};
