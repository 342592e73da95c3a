/**
 * The countdown a node card shows when its kubelet stops reporting: first the node monitor grace
 * period (50 s since the last Lease renewal, then the node lifecycle controller sets Ready=Unknown
 * and taints the node unreachable), then the pods' tolerationSeconds for that NoExecute taint
 * (300 s, added by the DefaultTolerationSeconds admission plugin), counted from the taint's
 * timeAdded; then the taint eviction controller deletes the pods.
 *
 * upstream: pkg/controller/nodelifecycle/node_lifecycle_controller.go (tryUpdateNodeHealth),
 * pkg/controller/tainteviction/taint_eviction.go (processPodOnNode, getMinTolerationTime),
 * plugin/pkg/admission/defaulttolerationseconds/admission.go
 */
import type { KObject } from '../bridge/deltas';
import { parseTimestamp } from '../../sim/kernel/timestamp';
import { DEFAULT_NODE_LIFECYCLE } from '../../sim/controllers/nodelifecycle/config';
import { minTolerationMs } from '../../sim/controllers/tainteviction/tolerations';
import { STALE_AFTER_MS } from './node-heartbeat';

export { LEASE_RENEW_MS, STALE_AFTER_MS } from './node-heartbeat';

export const TAINT_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const TAINT_NOT_READY = 'node.kubernetes.io/not-ready';

export interface NodeCountdown {
  /** grace: no heartbeat, Ready will turn Unknown; toleration: tainted, pods will be evicted; evicted: the time is up. */
  phase: 'grace' | 'toleration' | 'evicted';
  /** Virtual ms left (0 once up). */
  remainingMs: number;
  /** The whole span the ring stands for. */
  totalMs: number;
  /** One line for the card. */
  label: string;
}

/** `4:32`, `0:07`. */
export function countdownText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The countdown for a node at virtual time `now`, or undefined when there is none (the node is
 * healthy, or nothing on it will be evicted). `pods` are the pods bound to the node; `heartbeat`
 * is the virtual time of its last Lease renewal, when the page saw one.
 */
export function nodeCountdown(node: KObject, pods: readonly KObject[], heartbeat: number | undefined, now: number): NodeCountdown | undefined {
  const ready = (node.status?.conditions ?? []).find((c: KObject) => c.type === 'Ready');
  const grace = DEFAULT_NODE_LIFECYCLE.nodeMonitorGracePeriodMs;
  if (ready?.status === 'True') {
    // Still Ready, but the Lease stopped: the node lifecycle controller will notice after the grace period.
    if (heartbeat === undefined || now - heartbeat < STALE_AFTER_MS) return undefined;
    const remainingMs = Math.max(0, heartbeat + grace - now);
    return { phase: 'grace', remainingMs, totalMs: grace, label: `no heartbeat: NotReady in ${countdownText(remainingMs)}` };
  }
  const key = ready?.status === 'False' ? TAINT_NOT_READY : TAINT_UNREACHABLE;
  const taint = (node.spec?.taints ?? []).find((t: KObject) => t.key === key && t.effect === 'NoExecute');
  const added = parseTimestamp(taint?.timeAdded);
  if (!taint || added === undefined) {
    // Not tainted yet: the rest of the grace period, from the last renewal (or the last heartbeat the node wrote).
    const last = heartbeat ?? parseTimestamp(ready?.lastHeartbeatTime);
    if (last === undefined) return undefined;
    const remainingMs = Math.max(0, last + grace - now);
    return { phase: 'grace', remainingMs, totalMs: grace, label: `no heartbeat for ${countdownText(now - last)}` };
  }
  // The first pod to go: the smallest toleration among the pods still there.
  let min = Infinity;
  for (const pod of pods) {
    if (pod.metadata?.deletionTimestamp) continue;
    min = Math.min(min, minTolerationMs(pod.spec?.tolerations, [taint]));
  }
  if (min === Infinity) {
    const evicted = pods.some((p) => p.metadata?.deletionTimestamp);
    return evicted ? { phase: 'evicted', remainingMs: 0, totalMs: 1, label: `${key.split('/')[1]}: pods evicted` } : undefined;
  }
  const remainingMs = Math.max(0, added + min - now);
  return {
    phase: remainingMs > 0 ? 'toleration' : 'evicted',
    remainingMs,
    totalMs: Math.max(1, min),
    label: remainingMs > 0 ? `${key.split('/')[1]}: evicting pods in ${countdownText(remainingMs)}` : `${key.split('/')[1]}: evicting pods`
  };
}
