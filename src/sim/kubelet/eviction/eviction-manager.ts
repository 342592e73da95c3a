/**
 * The eviction manager: every evictionMonitoringPeriod (10 s) it observes the node's signals,
 * decides which thresholds are met, reports MemoryPressure / DiskPressure / PIDPressure (kept for
 * evictionPressureTransitionPeriod after the last observation), and evicts at most one pod per
 * interval: the first of the active pods ranked for the starved resource. The evicted pod ends
 * Failed with reason Evicted, upstream's message and a DisruptionTarget condition, a Warning
 * Evicted event, and is killed with a 1 s grace period (hard thresholds) or
 * evictionMaxPodGracePeriod (soft). Static, mirror and system-critical pods are never evicted.
 * Under disk pressure it first reclaims node-level resources: the container GC deletes every dead
 * container, the image GC every unused image (in the runtime, so it takes the CRI calls' time),
 * then the signals are observed again; only a threshold still met (with its minimum reclaim)
 * evicts a pod (traced `eviction.reclaim`, logged in the kubelet's journal).
 * upstream: pkg/kubelet/eviction/eviction_manager.go (Start, synchronize, reclaimNodeLevelResources, evictPod, IsUnderMemoryPressure),
 * pkg/kubelet/kubelet.go (evictionMonitoringPeriod), pkg/kubelet/types/pod_update.go (IsCriticalPod).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { SimClock, TimerId } from '../../kernel/clock';
import { parseDuration } from '../../kernel/clock';
import type { TraceInput } from '../../kernel/trace';
import type { EventRecorder } from '../../client/events';
import type { NodeOS } from '../../node/os/node-os';
import { getPodQOS } from '../../api/qos';
import {
  byEvictionPriority,
  evictionMessage,
  makeSignalObservations,
  mergeThresholds,
  parseThresholds,
  pressureConditions,
  rankDiskPressure,
  rankMemoryPressure,
  rankPIDPressure,
  signalToNodeReclaimFuncs,
  signalToResource,
  thresholdsFirstObservedAt,
  thresholdsMet,
  thresholdsMetGracePeriod,
  type NodeConditionType,
  type NodeReclaimFunc,
  type Observations,
  type Signal,
  type StatsFunc,
  type Threshold
} from './helpers';

/** upstream: pkg/kubelet/kubelet.go evictionMonitoringPeriod */
export const EVICTION_MONITORING_PERIOD_MS = 10_000;
/** upstream: eviction_manager.go immediateEvictionGracePeriodSeconds */
export const IMMEDIATE_EVICTION_GRACE_PERIOD_SECONDS = 1;
/** upstream: staging/src/k8s.io/api/core/v1/well_known_taints.go TaintNodeMemoryPressure */
const MEMORY_PRESSURE_TAINT = 'node.kubernetes.io/memory-pressure';
/** upstream: pkg/apis/scheduling SystemCriticalPriority */
const SYSTEM_CRITICAL_PRIORITY = 2_000_000_000;

export interface EvictionManagerDeps {
  node: string;
  clock: SimClock;
  os: NodeOS;
  config: { evictionHard?: Record<string, string>; evictionSoft?: Record<string, string>; evictionSoftGracePeriod?: unknown; evictionMinimumReclaim?: unknown; evictionPressureTransitionPeriod?: unknown; evictionMaxPodGracePeriod?: unknown };
  recorder: EventRecorder;
  trace: (e: TraceInput) => void;
  /** The pods the kubelet is running (admitted, not terminal). */
  activePods: () => any[];
  /** Kills the pod with the status the eviction gives it. upstream: killPodFunc (killPodNow) */
  killPod: (pod: any, gracePeriodSeconds: number, status: { reason: string; message: string; condition: any }) => void;
  /** The pressure conditions changed (the node status setters read them). */
  onConditions: (conditions: Set<NodeConditionType>) => void;
  /** The kubelet's collectors, asked to reclaim disk before a pod is evicted for it. upstream: NewManager's imageGC, containerGC */
  containerGC?: { deleteAllUnusedContainers: NodeReclaimFunc };
  imageGC?: { deleteUnusedImages: NodeReclaimFunc };
  /** kubelet_evictions{eviction_signal}, counted when a pod is evicted. upstream: eviction_manager.go synchronize (metrics.Evictions) */
  evicted?: (signal: string) => void;
  /** A klog line in the kubelet's journal. */
  log?: (severity: 'I' | 'E', source: string, msg: string, kv?: Record<string, unknown>) => void;
}

/** Where upstream (v1.3x) logs these lines: a kubelet journal under disk pressure shows eviction_manager.go:339 and :346. */
const LOG_ATTEMPTING = 'eviction_manager.go:339';
const LOG_ABLE = 'eviction_manager.go:346';
const LOG_MUST_EVICT = 'eviction_manager.go:349';

const isCritical = (pod: any) =>
  pod.metadata?.annotations?.['kubernetes.io/config.source'] === 'file' || pod.metadata?.annotations?.['kubernetes.io/config.mirror'] !== undefined || (pod.spec?.priority ?? 0) >= SYSTEM_CRITICAL_PRIORITY;

export class EvictionManager {
  readonly thresholds: Threshold[];
  #timer?: TimerId;
  #thresholdsMet: Threshold[] = [];
  #firstObservedAt = new Map<string, number>();
  #conditionsLastObservedAt = new Map<NodeConditionType, number>();
  #conditions = new Set<NodeConditionType>();
  readonly #transitionMs: number;
  readonly #reclaimFuncs: Partial<Record<Signal, NodeReclaimFunc[]>>;
  /** A node-level reclaim is under way (the CRI removals take time); the pass finishes when it ends. */
  #reclaiming = false;
  #stopped = false;

  constructor(readonly deps: EvictionManagerDeps) {
    this.thresholds = parseThresholds(deps.config);
    this.#transitionMs = parseDuration(String(deps.config.evictionPressureTransitionPeriod ?? '5m'));
    this.#reclaimFuncs = deps.containerGC && deps.imageGC ? signalToNodeReclaimFuncs(deps.containerGC, deps.imageGC) : {};
  }

  start(): void {
    const loop = () => {
      this.synchronize();
      this.#timer = this.deps.clock.after(EVICTION_MONITORING_PERIOD_MS, loop);
    };
    this.#timer = this.deps.clock.after(EVICTION_MONITORING_PERIOD_MS, loop);
  }

  stop(): void {
    this.#stopped = true;
    this.deps.clock.cancel(this.#timer);
    this.#timer = undefined;
  }

  isUnderPressure(c: NodeConditionType): boolean {
    return this.#conditions.has(c);
  }

  /**
   * The eviction manager as a pod admit handler: under MemoryPressure alone only BestEffort pods
   * not tolerating the memory-pressure taint are refused; under any other pressure every pod is;
   * critical pods always get in. upstream: eviction_manager.go Admit (nodeConditionMessageFmt).
   */
  admit(pod: any): { admit: boolean; reason?: string; message?: string } {
    if (this.#conditions.size === 0 || isCritical(pod)) return { admit: true };
    if (this.#conditions.size === 1 && this.#conditions.has('MemoryPressure')) {
      if (getPodQOS(pod) !== 'BestEffort') return { admit: true };
      const tolerates = (pod.spec?.tolerations ?? []).some(
        (t: any) => (t.effect === undefined || t.effect === '' || t.effect === 'NoSchedule') && (t.operator === 'Exists' ? !t.key || t.key === MEMORY_PRESSURE_TAINT : t.key === MEMORY_PRESSURE_TAINT && !t.value)
      );
      if (tolerates) return { admit: true };
    }
    // upstream orders the conditions as it met them; kubarium lists them in a fixed order.
    const order: NodeConditionType[] = ['MemoryPressure', 'DiskPressure', 'PIDPressure'];
    return { admit: false, reason: 'Evicted', message: `The node had condition: [${order.filter((c) => this.#conditions.has(c)).join(' ')}]. ` };
  }

  /** The working set of each container of a pod, from the node's kernel. upstream: the summary provider's PodStats */
  stats(t: number): StatsFunc {
    const usage = this.deps.os.podUsage(t);
    return (pod) => {
      const u = usage.get(pod.metadata.uid);
      return u ? { containers: [...u.containers].map(([name, c]) => ({ name, workingSetBytes: c.workingSetBytes })), processes: u.containers.size } : undefined;
    };
  }

  /**
   * One pass of the control loop; returns the pod it evicted, if any (a disk signal's eviction, if
   * one is needed after the node-level reclaim, comes when the reclaim ends: undefined here).
   * upstream: eviction_manager.go synchronize
   */
  synchronize(): any | undefined {
    if (this.#reclaiming) return undefined;
    const { clock, os } = this.deps;
    const now = clock.now();
    const observations: Observations = makeSignalObservations(os.nodeSignals(now));
    let met = thresholdsMet(this.thresholds, observations, false);
    // The steady state of a healthy node: nothing met now, and nothing met before (no pressure
    // condition ever observed): the bookkeeping below would only rebuild empty maps.
    if (met.length === 0 && this.#thresholdsMet.length === 0 && this.#firstObservedAt.size === 0 && this.#conditionsLastObservedAt.size === 0) return undefined;
    if (this.#thresholdsMet.length > 0) met = mergeThresholds(met, thresholdsMet(this.#thresholdsMet, observations, true));
    this.#firstObservedAt = thresholdsFirstObservedAt(met, this.#firstObservedAt, now);
    const pc = pressureConditions(met, this.#conditionsLastObservedAt, this.#transitionMs, now);
    this.#conditionsLastObservedAt = pc.lastObservedAt;
    const changed = pc.conditions.size !== this.#conditions.size || [...pc.conditions].some((c) => !this.#conditions.has(c));
    this.#conditions = pc.conditions;
    if (changed) this.deps.onConditions(new Set(pc.conditions));
    const ready = thresholdsMetGracePeriod(met, this.#firstObservedAt, now);
    this.#thresholdsMet = ready;
    if (ready.length === 0) return undefined;
    const threshold = byEvictionPriority(ready)[0];
    const resource = signalToResource[threshold.signal];
    this.#log('I', LOG_ATTEMPTING, 'Eviction manager: attempting to reclaim', { resourceName: resource });
    this.deps.recorder.event(this.#nodeRef(), 'Warning', 'EvictionThresholdMet', `Attempting to reclaim ${resource}`);
    const funcs = this.#reclaimFuncs[threshold.signal] ?? [];
    if (funcs.length === 0) {
      this.#log('I', LOG_MUST_EVICT, 'Eviction manager: must evict pod(s) to reclaim', { resourceName: resource });
      return this.#evictOne(threshold, resource, observations);
    }
    this.#reclaiming = true;
    this.#reclaimNodeLevelResources(funcs, (freed) => {
      this.#reclaiming = false;
      if (this.#stopped) return;
      // upstream: thresholds met again, ignoring grace periods, with the minimum reclaim enforced.
      const after = makeSignalObservations(os.nodeSignals(clock.now()));
      const still = thresholdsMet(this.thresholds, after, true);
      this.deps.trace({ component: 'kubelet', node: this.deps.node, kind: 'eviction.reclaim', signal: threshold.signal, ...freed, available: after[threshold.signal]?.available, thresholdsStillMet: still.length });
      if (still.length === 0) {
        this.#log('I', LOG_ABLE, 'Eviction manager: able to reduce resource pressure without evicting pods.', { resourceName: resource });
        return;
      }
      this.#log('I', LOG_MUST_EVICT, 'Eviction manager: must evict pod(s) to reclaim', { resourceName: resource });
      this.#evictOne(threshold, resource, observations);
    });
    return undefined;
  }

  /** Runs the reclaim functions one after the other. upstream: reclaimNodeLevelResources */
  #reclaimNodeLevelResources(funcs: NodeReclaimFunc[], done: (freed: Record<string, number>) => void): void {
    const freed: Record<string, number> = {};
    const next = (i: number) => {
      if (i === funcs.length) return done(freed);
      funcs[i]((r) => {
        for (const [k, v] of Object.entries(r)) freed[k] = (freed[k] ?? 0) + v;
        next(i + 1);
      });
    };
    next(0);
  }

  /**
   * Evicts the first non-critical active pod in the ranking for the threshold's resource; the
   * message uses the pass's observations. upstream: synchronize (rank, then evictPod for the first that goes)
   */
  #evictOne(threshold: Threshold, resource: string, observations: Observations): any | undefined {
    const active = this.deps.activePods();
    if (active.length === 0) return undefined;
    const stats = this.stats(this.deps.clock.now());
    const ranked = threshold.signal === 'memory.available' ? rankMemoryPressure(active, stats) : threshold.signal === 'pid.available' ? rankPIDPressure(active, stats) : rankDiskPressure(active);
    for (const pod of ranked) {
      if (isCritical(pod)) continue;
      const grace = threshold.gracePeriodMs === 0 ? IMMEDIATE_EVICTION_GRACE_PERIOD_SECONDS : Number(this.deps.config.evictionMaxPodGracePeriod ?? 0);
      const message = evictionMessage(resource, pod, stats, threshold, observations);
      this.deps.trace({ component: 'kubelet', node: this.deps.node, pod: `${pod.metadata.namespace}/${pod.metadata.name}`, kind: 'eviction.evict', signal: threshold.signal, message });
      this.deps.recorder.event(pod, 'Warning', 'Evicted', message);
      this.deps.killPod(pod, grace, { reason: 'Evicted', message, condition: { type: 'DisruptionTarget', status: 'True', reason: 'TerminationByKubelet', message } });
      this.deps.evicted?.(threshold.signal);
      return pod;
    }
    return undefined;
  }

  #log(severity: 'I' | 'E', source: string, msg: string, kv: Record<string, unknown>): void {
    this.deps.log?.(severity, source, msg, kv);
  }

  #nodeRef(): any {
    return { apiVersion: 'v1', kind: 'Node', metadata: { name: this.deps.node, uid: this.deps.node } };
  }
}
