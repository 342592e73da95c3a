/**
 * The eviction manager's decisions, pure: thresholds parsed from KubeletConfiguration, signals
 * observed from the node's accounting, which thresholds are met (with minimum reclaim and soft
 * grace periods), the node conditions they raise (kept for the pressure transition period), the
 * ranking of pods to evict and the message an evicted pod carries.
 * upstream: pkg/kubelet/eviction/helpers.go (ParseThresholdConfig, makeSignalObservations,
 * thresholdsMet, thresholdsMetGracePeriod, nodeConditions, nodeConditionsObservedSince,
 * rankMemoryPressure, rankDiskPressureFunc, rankPIDPressure, exceedMemoryRequests, priority,
 * memory, evictionMessage, byEvictionPriority), pkg/kubelet/eviction/api/types.go,
 * pkg/kubelet/eviction/defaults_linux.go (DefaultEvictionHard, in defaults.ts).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { fromValue, tryParseQuantity } from '../../api/quantity';
import { parseDuration } from '../../kernel/clock';
import type { NodeSignals } from '../../node/os/node-os';
import { DefaultEvictionHard } from './defaults';

export type Signal = 'memory.available' | 'nodefs.available' | 'nodefs.inodesFree' | 'imagefs.available' | 'imagefs.inodesFree' | 'pid.available';
export const SIGNALS: readonly Signal[] = ['memory.available', 'nodefs.available', 'nodefs.inodesFree', 'imagefs.available', 'imagefs.inodesFree', 'pid.available'];

export { DefaultEvictionHard } from './defaults';

export type NodeConditionType = 'MemoryPressure' | 'DiskPressure' | 'PIDPressure';

/** upstream: helpers.go signalToNodeCondition */
export const signalToNodeCondition: Record<Signal, NodeConditionType> = {
  'memory.available': 'MemoryPressure',
  'nodefs.available': 'DiskPressure',
  'nodefs.inodesFree': 'DiskPressure',
  'imagefs.available': 'DiskPressure',
  'imagefs.inodesFree': 'DiskPressure',
  'pid.available': 'PIDPressure'
};

/** upstream: helpers.go signalToResource */
export const signalToResource: Record<Signal, string> = {
  'memory.available': 'memory',
  'nodefs.available': 'ephemeral-storage',
  'nodefs.inodesFree': 'inodes',
  'imagefs.available': 'ephemeral-storage',
  'imagefs.inodesFree': 'inodes',
  'pid.available': 'pids'
};

export interface ThresholdValue {
  /** An absolute amount (bytes, inodes, PIDs)... */
  quantity?: number;
  /** ...or a fraction of capacity. */
  percentage?: number;
}

export interface Threshold {
  signal: Signal;
  value: ThresholdValue;
  /** 0 for a hard threshold. */
  gracePeriodMs: number;
  minReclaim?: ThresholdValue;
}

function parseValue(raw: string): ThresholdValue | undefined {
  if (raw.endsWith('%')) {
    const p = Number(raw.slice(0, -1));
    return Number.isFinite(p) && p >= 0 && p <= 100 ? { percentage: p / 100 } : undefined;
  }
  const q = tryParseQuantity(raw);
  return q ? { quantity: Number(q.value()) } : undefined;
}

/**
 * The thresholds of a KubeletConfiguration: evictionHard (the defaults when unset), evictionSoft
 * with evictionSoftGracePeriod, evictionMinimumReclaim. Unknown signals and bad values are skipped
 * (the configuration's validation reports them). upstream: ParseThresholdConfig
 */
export function parseThresholds(config: { evictionHard?: Record<string, string>; evictionSoft?: Record<string, string>; evictionSoftGracePeriod?: unknown; evictionMinimumReclaim?: unknown }): Threshold[] {
  const out: Threshold[] = [];
  const minReclaim = (config.evictionMinimumReclaim ?? {}) as Record<string, string>;
  const grace = (config.evictionSoftGracePeriod ?? {}) as Record<string, string>;
  const add = (map: Record<string, string>, soft: boolean) => {
    for (const [signal, raw] of Object.entries(map)) {
      if (!SIGNALS.includes(signal as Signal)) continue;
      const value = parseValue(String(raw));
      if (!value) continue;
      let gracePeriodMs = 0;
      if (soft) {
        try {
          gracePeriodMs = parseDuration(String(grace[signal] ?? ''));
        } catch {
          continue;
        }
      }
      const mr = minReclaim[signal] !== undefined ? parseValue(String(minReclaim[signal])) : undefined;
      out.push({ signal: signal as Signal, value, gracePeriodMs, ...(mr ? { minReclaim: mr } : {}) });
    }
  };
  add(config.evictionHard ?? DefaultEvictionHard, false);
  add(config.evictionSoft ?? {}, true);
  return out;
}

export interface Observation {
  available: number;
  capacity: number;
}

export type Observations = Partial<Record<Signal, Observation>>;

/** upstream: makeSignalObservations (the image filesystem is the node's root filesystem here). */
export function makeSignalObservations(u: NodeSignals): Observations {
  return {
    'memory.available': { available: u.memory.availableBytes, capacity: u.memory.capacityBytes },
    'nodefs.available': { available: u.fs.availableBytes, capacity: u.fs.capacityBytes },
    'nodefs.inodesFree': { available: u.fs.inodesFree, capacity: u.fs.inodes },
    'imagefs.available': { available: u.fs.availableBytes, capacity: u.fs.capacityBytes },
    'imagefs.inodesFree': { available: u.fs.inodesFree, capacity: u.fs.inodes },
    'pid.available': { available: u.pids.max - u.pids.used, capacity: u.pids.max }
  };
}

/** upstream: api/types.go GetThresholdQuantity */
export function thresholdQuantity(v: ThresholdValue, capacity: number): number {
  return v.quantity ?? Math.floor(capacity * (v.percentage ?? 0));
}

/** The thresholds whose signal is below its value (plus min-reclaim when `enforceMinReclaim`). upstream: thresholdsMet */
export function thresholdsMet(thresholds: Threshold[], observations: Observations, enforceMinReclaim: boolean): Threshold[] {
  return thresholds.filter((t) => {
    const o = observations[t.signal];
    if (!o) return false;
    let q = thresholdQuantity(t.value, o.capacity);
    if (enforceMinReclaim && t.minReclaim) q += thresholdQuantity(t.minReclaim, o.capacity);
    return o.available < q;
  });
}

const key = (t: Threshold) => `${t.signal}/${t.gracePeriodMs}`;

export function mergeThresholds(a: Threshold[], b: Threshold[]): Threshold[] {
  const out = [...a];
  for (const t of b) if (!out.some((x) => key(x) === key(t))) out.push(t);
  return out;
}

/** When each met threshold was first observed met (kept from the last sync). upstream: thresholdsFirstObservedAt */
export function thresholdsFirstObservedAt(thresholds: Threshold[], last: Map<string, number>, now: number): Map<string, number> {
  return new Map(thresholds.map((t) => [key(t), last.get(key(t)) ?? now]));
}

/** The thresholds met for at least their grace period. upstream: thresholdsMetGracePeriod */
export function thresholdsMetGracePeriod(thresholds: Threshold[], observedAt: Map<string, number>, now: number): Threshold[] {
  return thresholds.filter((t) => now - (observedAt.get(key(t)) ?? now) >= t.gracePeriodMs);
}

/** upstream: nodeConditions + nodeConditionsLastObservedAt + nodeConditionsObservedSince */
export function pressureConditions(thresholds: Threshold[], lastObservedAt: Map<NodeConditionType, number>, transitionPeriodMs: number, now: number): { conditions: Set<NodeConditionType>; lastObservedAt: Map<NodeConditionType, number> } {
  const seen = new Map(lastObservedAt);
  for (const t of thresholds) seen.set(signalToNodeCondition[t.signal], now);
  const conditions = new Set<NodeConditionType>();
  for (const [c, at] of seen) if (now - at < transitionPeriodMs) conditions.add(c);
  return { conditions, lastObservedAt: seen };
}

/** Memory first, then the rest in signal order. upstream: byEvictionPriority */
export function byEvictionPriority(thresholds: Threshold[]): Threshold[] {
  const rank = (t: Threshold) => (t.signal === 'memory.available' ? 0 : 1 + SIGNALS.indexOf(t.signal));
  return [...thresholds].sort((a, b) => rank(a) - rank(b));
}

/** A pod's containers' usage as the summary API gives it (undefined: no stats). */
export interface PodStats {
  containers: { name: string; workingSetBytes: number }[];
  processes?: number;
}

export type StatsFunc = (pod: any) => PodStats | undefined;

function memoryRequest(pod: any): number {
  let n = 0;
  for (const c of pod.spec?.containers ?? []) {
    const q = c.resources?.requests?.memory ?? c.resources?.limits?.memory;
    if (q !== undefined) n += Number(tryParseQuantity(String(q))?.value() ?? 0);
  }
  return n;
}

function memoryUsage(s: PodStats): number {
  return s.containers.reduce((n, c) => n + c.workingSetBytes, 0);
}

type Cmp = (a: any, b: any) => number;

/** upstream: helpers.go exceedMemoryRequests: pods using more than they requested first; no stats first. */
export const exceedMemoryRequests = (stats: StatsFunc): Cmp => (a, b) => {
  const sa = stats(a);
  const sb = stats(b);
  if (!sa || !sb) return !sa && sb ? -1 : sa && !sb ? 1 : 0;
  const ea = memoryUsage(sa) > memoryRequest(a);
  const eb = memoryUsage(sb) > memoryRequest(b);
  return ea === eb ? 0 : ea ? -1 : 1;
};

/** upstream: helpers.go priority: lower priority first. */
export const priority: Cmp = (a, b) => (a.spec?.priority ?? 0) - (b.spec?.priority ?? 0);

/** upstream: helpers.go memory: larger usage above request first; no stats first. */
export const memory = (stats: StatsFunc): Cmp => (a, b) => {
  const sa = stats(a);
  const sb = stats(b);
  if (!sa || !sb) return !sa && sb ? -1 : sa && !sb ? 1 : 0;
  return memoryUsage(sb) - memoryRequest(b) - (memoryUsage(sa) - memoryRequest(a));
};

/** upstream: helpers.go process count (rankPIDPressure): more processes first. */
export const processCount = (stats: StatsFunc): Cmp => (a, b) => (stats(b)?.processes ?? 0) - (stats(a)?.processes ?? 0);

/** upstream: helpers.go orderedBy(...).Sort: a stable sort by the first comparator that tells apart. */
function orderedBy(pods: any[], ...cmps: Cmp[]): any[] {
  return [...pods].sort((a, b) => {
    for (const c of cmps) {
      const r = c(a, b);
      if (r !== 0) return r;
    }
    return 0;
  });
}

export function rankMemoryPressure(pods: any[], stats: StatsFunc): any[] {
  return orderedBy(pods, exceedMemoryRequests(stats), priority, memory(stats));
}

/** Pods write nothing to their disk here: disk pressure ranks by priority. upstream: rankDiskPressureFunc */
export function rankDiskPressure(pods: any[]): any[] {
  return orderedBy(pods, priority);
}

export function rankPIDPressure(pods: any[], stats: StatsFunc): any[] {
  return orderedBy(pods, priority, processCount(stats));
}

const fmtBytes = (n: number) => fromValue(Math.floor(n), 'BinarySI').toString();

/**
 * The evicted pod's message: the resource, the threshold and what was available, and each
 * container using more memory than it requested. upstream: helpers.go evictionMessage
 * (nodeLowMessageFmt, thresholdMetMessageFmt, containerMessageFmt).
 */
export function evictionMessage(resource: string, pod: any, stats: StatsFunc, threshold: Threshold, observations: Observations): string {
  let message = `The node was low on resource: ${resource}. `;
  const o = observations[threshold.signal];
  if (o) {
    const q = thresholdQuantity(threshold.value, o.capacity);
    const fmt = (n: number) => (resource === 'memory' || resource === 'ephemeral-storage' ? fmtBytes(n) : fromValue(n, 'DecimalSI').toString());
    message += `Threshold quantity: ${fmt(q)}, available: ${fmt(o.available)}. `;
  }
  const s = stats(pod);
  if (!s || resource !== 'memory') return message;
  for (const cs of s.containers) {
    const c = (pod.spec?.containers ?? []).find((x: any) => x.name === cs.name);
    if (!c) continue;
    const raw = c.resources?.requests?.memory;
    const request = raw === undefined ? 0 : Number(tryParseQuantity(String(raw))?.value() ?? 0);
    if (cs.workingSetBytes > request) {
      const req = raw === undefined ? '0' : tryParseQuantity(String(raw))!.toString();
      message += `Container ${cs.name} was using ${fmtBytes(cs.workingSetBytes)}, request is ${req}, has larger consumption of ${resource}. `;
    }
  }
  return message;
}

/** A node-level reclaim: frees what it can, then calls back with what it freed (counts, bytes). */
export type NodeReclaimFunc = (done: (freed: Record<string, number>) => void) => void;

/**
 * What the eviction manager reclaims before evicting a pod, per signal. kubarium's nodes have one
 * disk (kubeadm's layout: no dedicated imagefs), so every disk signal deletes the dead containers,
 * then the unused images; memory and PIDs have nothing to reclaim at node level.
 * upstream: helpers.go buildSignalToNodeReclaimFuncs (the `else` branch: no imagefs)
 */
export function signalToNodeReclaimFuncs(containerGC: { deleteAllUnusedContainers: NodeReclaimFunc }, imageGC: { deleteUnusedImages: NodeReclaimFunc }): Partial<Record<Signal, NodeReclaimFunc[]>> {
  const funcs: NodeReclaimFunc[] = [(done) => containerGC.deleteAllUnusedContainers(done), (done) => imageGC.deleteUnusedImages(done)];
  return { 'nodefs.available': funcs, 'nodefs.inodesFree': funcs, 'imagefs.available': funcs, 'imagefs.inodesFree': funcs };
}
