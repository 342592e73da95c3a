/**
 * The framework's extension points. A plugin implements any subset; the framework calls each
 * plugin at the points it implements, in the profile's order.
 * upstream: pkg/scheduler/framework/interface.go
 */
import type { PersistentVolume, PersistentVolumeClaim, Pod } from 'kubernetes-types/core/v1';
import type { StorageClass } from 'kubernetes-types/storage/v1';
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
  /**
   * Optional: `filter` over `nodes[cand[0..count)]`, keeping the passing indices at the front of
   * `cand` (in order) and returning how many; a rejected node's status, with this plugin's name,
   * goes to `rejected[index]`. Each plugin writes its own loop so the call inside stays
   * monomorphic (the framework's loop would call every plugin from one site).
   */
  filterNodes?(state: CycleState, pod: Pod, nodes: NodeInfo[], cand: Int32Array, count: number, rejected: (Status | undefined)[]): number;
}

export interface PostFilterResult {
  nominatedNodeName?: string;
}

export interface PostFilterPlugin extends Plugin {
  postFilter(state: CycleState, pod: Pod, nodeToStatus: Map<string, Status>): { result?: PostFilterResult; status: Status };
}

export interface PreScorePlugin extends Plugin {
  /** `nodes`: the feasible nodes, valid during the call only (the scheduler reuses the list for the next cycle). */
  preScore(state: CycleState, pod: Pod, nodes: NodeInfo[]): Status;
}

export interface ScorePlugin extends Plugin {
  score(state: CycleState, pod: Pod, nodeInfo: NodeInfo): { score: number; status: Status };
  /**
   * Optional: the same score, for a plugin whose Score cannot fail, without the result object
   * (the framework's hot loop calls this when present; `score` wraps it).
   */
  scoreValue?(state: CycleState, pod: Pod, nodeInfo: NodeInfo): number;
  /**
   * Optional: `scoreValue` for every node into `out` (aligned with `nodes`, which, as for PreScore,
   * is valid during the call only). Each plugin writes
   * its own loop so the call inside stays monomorphic (the framework's loop would call every
   * plugin from one site).
   */
  scoreNodes?(state: CycleState, pod: Pod, nodes: NodeInfo[], out: Int32Array): void;
  /** Optional: maps raw scores onto 0..MaxNodeScore in place. upstream: ScoreExtensions */
  normalizeScore?(state: CycleState, pod: Pod, scores: NodeScore[]): Status;
  /**
   * Optional, with `normalizeScore`: the same mapping over the scores alone (aligned with the
   * scored nodes), in place, for a normaliser that needs no node names; the framework prefers it.
   */
  normalizeScoreValues?(state: CycleState, pod: Pod, scores: Int32Array): Status;
}

export interface ReservePlugin extends Plugin {
  reserve(state: CycleState, pod: Pod, nodeName: string): Status;
  unreserve(state: CycleState, pod: Pod, nodeName: string): void;
}

export interface PermitPlugin extends Plugin {
  permit(state: CycleState, pod: Pod, nodeName: string): { status: Status; timeoutMs: number };
}

/** PreBind may wait (VolumeBinding waits for the claims to be bound): `done` receives the outcome. */
export interface PreBindPlugin extends Plugin {
  preBind(state: CycleState, pod: Pod, nodeName: string, done: (status: Status) => void): void;
}

/** Binding answers later (it is an API call): `done` receives the outcome. */
export interface BindPlugin extends Plugin {
  bind(state: CycleState, pod: Pod, nodeName: string, done: (status: Status) => void): void;
}

/** The scheduler's informer caches of the storage objects. upstream: the PVC/PV/StorageClass listers */
export interface StorageListers {
  pvc(namespace: string, name: string): PersistentVolumeClaim | undefined;
  pv(name: string): PersistentVolume | undefined;
  pvs(): PersistentVolume[];
  storageClass(name: string): StorageClass | undefined;
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
  /** Nodes hosting pods with pod (anti-)affinity, and with required anti-affinity (absent: filter nodeInfos()). */
  havePodsWithAffinityNodeInfos?(): NodeInfo[];
  havePodsWithRequiredAntiAffinityNodeInfos?(): NodeInfo[];
  /** The storage listers (absent: no PVC can be found). */
  storage?: StorageListers;
  /**
   * Calls `done(true)` once `check()` holds (re-checked on every PVC/PV change), or `done(false)`
   * after `timeoutMs` of virtual time. Absent: no waiting.
   */
  waitForStorage?(check: () => boolean, timeoutMs: number, done: (ok: boolean) => void): void;
  /** A merge patch through the API (VolumeBinding's PreBind). */
  patch?(resource: string, namespace: string | undefined, name: string, patch: Record<string, unknown>): void;
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
