/**
 * The scheduling queue: activeQ (ordered by the QueueSort plugin), backoffQ (pods waiting out
 * their back-off: 1 s doubling to 10 s), and the unschedulable pods, which cluster events move
 * back (to backoffQ while still backing off, else activeQ), and which leave anyway after 5 minutes.
 * Flushes happen on upstream's tick grid (backoffQ every 1 s, unschedulable pods every 30 s,
 * counted from the queue's start), but timers are only set while something waits, so an idle
 * scheduler leaves the clock alone.
 * upstream: pkg/scheduler/backend/queue/scheduling_queue.go (PriorityQueue)
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { SimClock } from '../../kernel/clock';
import type { QueuedPodInfo } from '../framework/interfaces';
import { podKey, type Status } from '../framework/types';

export interface QueueOptions {
  podInitialBackoffMs: number;
  podMaxBackoffMs: number;
  /** upstream: DefaultPodMaxInUnschedulablePodsDuration = 5 * time.Minute */
  podMaxInUnschedulablePodsDurationMs: number;
}

export const DefaultQueueOptions: QueueOptions = { podInitialBackoffMs: 1000, podMaxBackoffMs: 10_000, podMaxInUnschedulablePodsDurationMs: 5 * 60_000 };

const BACKOFF_FLUSH_MS = 1000; // upstream: flushBackoffQCompleted every 1s
const UNSCHEDULABLE_FLUSH_MS = 30_000; // upstream: flushUnschedulablePodsLeftover every 30s

/** Cluster events that can make an unschedulable pod schedulable. upstream: framework.ClusterEvent */
export type ClusterEvent = 'NodeAdd' | 'NodeUpdate' | 'AssignedPodDelete' | 'AssignedPodUpdate' | 'UnschedulableTimeout' | 'PvcChange' | 'PvChange' | 'StorageClassAdd';

/**
 * Which events can help a pod rejected by each plugin (a coarse form of the plugins' EventsToRegister
 * and queueing hints). Pods rejected by other plugins, or with no rejecting plugin, move on any event.
 */
export const PluginEvents: Record<string, ClusterEvent[]> = {
  NodeUnschedulable: ['NodeAdd', 'NodeUpdate'],
  NodeName: ['NodeAdd'],
  TaintToleration: ['NodeAdd', 'NodeUpdate'],
  NodeAffinity: ['NodeAdd', 'NodeUpdate'],
  NodePorts: ['NodeAdd', 'AssignedPodDelete'],
  NodeResourcesFit: ['NodeAdd', 'NodeUpdate', 'AssignedPodDelete', 'AssignedPodUpdate'],
  PodTopologySpread: ['NodeAdd', 'NodeUpdate', 'AssignedPodDelete', 'AssignedPodUpdate'],
  // Affinity can be satisfied by a new pod too; AssignedPodUpdate stands in for label changes.
  InterPodAffinity: ['NodeAdd', 'NodeUpdate', 'AssignedPodDelete', 'AssignedPodUpdate'],
  // upstream: the volume plugins' EventsToRegister (PVC, PV, StorageClass add/update; CSINode is not modelled).
  VolumeBinding: ['NodeAdd', 'NodeUpdate', 'PvcChange', 'PvChange', 'StorageClassAdd'],
  VolumeRestrictions: ['NodeAdd', 'AssignedPodDelete', 'PvcChange'],
  NodeVolumeLimits: ['NodeAdd', 'NodeUpdate', 'AssignedPodDelete', 'PvcChange', 'PvChange'],
  VolumeZone: ['NodeAdd', 'NodeUpdate', 'PvcChange', 'PvChange', 'StorageClassAdd']
};

/** upstream: calculateBackoffDuration: initial, doubled per extra attempt, capped at max. */
export function backoffDuration(attempts: number, o: QueueOptions = DefaultQueueOptions): number {
  let d = o.podInitialBackoffMs;
  for (let i = 1; i < attempts; i++) {
    if (d > o.podMaxBackoffMs - d) return o.podMaxBackoffMs;
    d += d;
  }
  return d;
}

export class SchedulingQueue {
  readonly #activeQ: QueuedPodInfo[] = [];
  readonly #backoffQ = new Map<string, QueuedPodInfo>();
  readonly #unschedulable = new Map<string, QueuedPodInfo>();
  /** Pods popped and being scheduled (the "in flight" pods). */
  readonly #inFlight = new Set<string>();
  readonly #start: number;
  #backoffTimer: number | undefined;
  #backoffTimerAt = Infinity;
  #unschedTimer: number | undefined;
  #unschedTimerAt = Infinity;
  /** upstream: schedulingCycle / moveRequestCycle */
  schedulingCycle = 0;
  #moveRequestCycle = -1;

  constructor(
    readonly clock: SimClock,
    readonly less: (a: QueuedPodInfo, b: QueuedPodInfo) => boolean,
    readonly preEnqueue: (pod: Pod) => Status,
    /** Called when activeQ gains a pod (the scheduler then runs a cycle). */
    readonly onActive: () => void,
    readonly options: QueueOptions = DefaultQueueOptions
  ) {
    this.#start = clock.now();
  }

  get activeLength(): number {
    return this.#activeQ.length;
  }

  /** Where a pod is: for tests and `sim explain`. */
  whereIs(key: string): 'activeQ' | 'backoffQ' | 'unschedulable' | 'gated' | 'inFlight' | undefined {
    if (this.#activeQ.some((q) => podKey(q.pod) === key)) return 'activeQ';
    if (this.#backoffQ.has(key)) return 'backoffQ';
    const u = this.#unschedulable.get(key);
    if (u) return u.gated ? 'gated' : 'unschedulable';
    if (this.#inFlight.has(key)) return 'inFlight';
    return undefined;
  }

  /** A new pending pod. upstream: PriorityQueue.Add */
  add(pod: Pod): void {
    const now = this.clock.now();
    const qpi: QueuedPodInfo = { pod, timestamp: now, attempts: 0, unschedulablePlugins: new Set(), gated: false };
    this.#moveToActiveQ(qpi);
  }

  /** upstream: PriorityQueue.Update: a changed spec gives the pod another chance. */
  update(oldPod: Pod, newPod: Pod): void {
    const key = podKey(newPod);
    const i = this.#activeQ.findIndex((q) => podKey(q.pod) === key);
    if (i >= 0) {
      this.#activeQ[i].pod = newPod;
      return;
    }
    const b = this.#backoffQ.get(key);
    if (b) {
      b.pod = newPod;
      return;
    }
    const u = this.#unschedulable.get(key);
    if (u) {
      u.pod = newPod;
      if (specChanged(oldPod, newPod)) {
        this.#unschedulable.delete(key);
        if (!u.gated && this.#isBackingOff(u)) this.#addToBackoff(key, u);
        else this.#moveToActiveQ(u);
      }
      return;
    }
    if (this.#inFlight.has(key)) return;
    this.add(newPod);
  }

  delete(pod: Pod): void {
    const key = podKey(pod);
    const i = this.#activeQ.findIndex((q) => podKey(q.pod) === key);
    if (i >= 0) this.#activeQ.splice(i, 1);
    this.#backoffQ.delete(key);
    this.#unschedulable.delete(key);
    this.#inFlight.delete(key);
  }

  /** The next pod to schedule. upstream: PriorityQueue.Pop */
  pop(): QueuedPodInfo | undefined {
    const qpi = this.#activeQ.shift();
    if (!qpi) return undefined;
    qpi.attempts++;
    qpi.initialAttemptTimestamp ??= this.clock.now();
    this.schedulingCycle++;
    this.#inFlight.add(podKey(qpi.pod));
    return qpi;
  }

  /** The pod's cycle ended successfully (it is assumed and binding). upstream: PriorityQueue.Done */
  done(key: string): void {
    this.#inFlight.delete(key);
  }

  /**
   * A failed attempt: back to backoffQ if something moved pods during the attempt (or the failure
   * was an error), else to the unschedulable pods. upstream: AddUnschedulableIfNotPresent
   */
  addUnschedulableIfNotPresent(qpi: QueuedPodInfo, podSchedulingCycle: number, isError = false): void {
    const key = podKey(qpi.pod);
    this.#inFlight.delete(key);
    if (this.whereIs(key)) return;
    // The attempt's end is the back-off's reference. upstream: pInfo.Timestamp = now
    qpi.timestamp = this.clock.now();
    if (isError || this.#moveRequestCycle >= podSchedulingCycle) this.#addToBackoff(key, qpi);
    else this.#addUnschedulable(key, qpi);
  }

  /** upstream: MoveAllToActiveOrBackoffQueue */
  moveAllToActiveOrBackoffQueue(event: ClusterEvent): void {
    for (const [key, qpi] of [...this.#unschedulable]) {
      if (qpi.gated) continue;
      if (event !== 'UnschedulableTimeout' && !podMatchesEvent(qpi, event)) continue;
      this.#unschedulable.delete(key);
      if (this.#isBackingOff(qpi)) this.#addToBackoff(key, qpi);
      else this.#moveToActiveQ(qpi);
    }
    this.#moveRequestCycle = this.schedulingCycle;
  }

  #moveToActiveQ(qpi: QueuedPodInfo): void {
    const key = podKey(qpi.pod);
    const gate = this.preEnqueue(qpi.pod);
    if (!gate.isSuccess()) {
      // Gated pods wait with the unschedulable pods until their spec changes. upstream: gatedPods
      qpi.gated = true;
      qpi.unschedulablePlugins = new Set([gate.plugin]);
      this.#unschedulable.set(key, qpi);
      return;
    }
    qpi.gated = false;
    // Sorted insertion: activeQ is small, and the order must be exact.
    let i = this.#activeQ.length;
    while (i > 0 && this.less(qpi, this.#activeQ[i - 1])) i--;
    this.#activeQ.splice(i, 0, qpi);
    this.onActive();
  }

  #backoffExpiry(qpi: QueuedPodInfo): number {
    return qpi.timestamp + backoffDuration(qpi.attempts, this.options);
  }

  #isBackingOff(qpi: QueuedPodInfo): boolean {
    return this.#backoffExpiry(qpi) > this.clock.now();
  }

  #nextTick(t: number, period: number): number {
    return this.#start + Math.ceil((t - this.#start) / period) * period;
  }

  #addToBackoff(key: string, qpi: QueuedPodInfo): void {
    this.#backoffQ.set(key, qpi);
    this.#armBackoffFlush(this.#nextTick(this.#backoffExpiry(qpi), BACKOFF_FLUSH_MS));
  }

  #armBackoffFlush(at: number): void {
    if (at >= this.#backoffTimerAt) return;
    this.clock.cancel(this.#backoffTimer);
    this.#backoffTimerAt = at;
    this.#backoffTimer = this.clock.at(at, () => this.#flushBackoffQCompleted());
  }

  /** upstream: flushBackoffQCompleted */
  #flushBackoffQCompleted(): void {
    this.#backoffTimer = undefined;
    this.#backoffTimerAt = Infinity;
    const now = this.clock.now();
    const due = [...this.#backoffQ].filter(([, q]) => this.#backoffExpiry(q) <= now);
    due.sort(([, a], [, b]) => this.#backoffExpiry(a) - this.#backoffExpiry(b));
    for (const [key, qpi] of due) {
      this.#backoffQ.delete(key);
      this.#moveToActiveQ(qpi);
    }
    let next = Infinity;
    for (const q of this.#backoffQ.values()) next = Math.min(next, this.#nextTick(this.#backoffExpiry(q), BACKOFF_FLUSH_MS));
    if (next < Infinity) this.#armBackoffFlush(Math.max(next, now + BACKOFF_FLUSH_MS));
  }

  #addUnschedulable(key: string, qpi: QueuedPodInfo): void {
    this.#unschedulable.set(key, qpi);
    this.#armUnschedulableFlush();
  }

  #armUnschedulableFlush(): void {
    let due = Infinity;
    for (const q of this.#unschedulable.values()) {
      if (q.gated) continue;
      // The first 30 s tick at which the pod has waited longer than the limit (strictly).
      due = Math.min(due, this.#nextTick(q.timestamp + this.options.podMaxInUnschedulablePodsDurationMs + 1, UNSCHEDULABLE_FLUSH_MS));
    }
    if (due === Infinity || due >= this.#unschedTimerAt) return;
    this.clock.cancel(this.#unschedTimer);
    this.#unschedTimerAt = due;
    this.#unschedTimer = this.clock.at(due, () => this.#flushUnschedulablePodsLeftover());
  }

  /** upstream: flushUnschedulablePodsLeftover */
  #flushUnschedulablePodsLeftover(): void {
    this.#unschedTimer = undefined;
    this.#unschedTimerAt = Infinity;
    const now = this.clock.now();
    for (const [key, qpi] of [...this.#unschedulable]) {
      if (qpi.gated || now - qpi.timestamp <= this.options.podMaxInUnschedulablePodsDurationMs) continue;
      this.#unschedulable.delete(key);
      if (this.#isBackingOff(qpi)) this.#addToBackoff(key, qpi);
      else this.#moveToActiveQ(qpi);
    }
    this.#armUnschedulableFlush();
  }
}

function podMatchesEvent(qpi: QueuedPodInfo, event: ClusterEvent): boolean {
  if (qpi.unschedulablePlugins.size === 0) return true;
  for (const p of qpi.unschedulablePlugins) {
    const events = PluginEvents[p];
    if (!events || events.includes(event)) return true;
  }
  return false;
}

/** Whether anything but status and bookkeeping metadata changed. upstream: isPodUpdated */
function specChanged(a: Pod, b: Pod): boolean {
  const strip = (p: Pod) => ({ ...p, status: undefined, metadata: { ...p.metadata, resourceVersion: undefined, generation: undefined, managedFields: undefined } });
  return JSON.stringify(strip(a)) !== JSON.stringify(strip(b));
}
