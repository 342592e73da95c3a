/**
 * The scheduling animation on the map, as pure functions of the kube-scheduler's trace
 * (`scheduler.attempt`, `scheduler.bind`), the virtual time and the speed: a pod waits in the
 * scheduler's queue, every node card shows its Filter verdict or its score, then an arc runs from
 * the scheduler to the chosen node. Like the CRI rail (rail.ts), the motion follows the virtual
 * clock; at high speed, or when many pods are scheduled at once, arcs give way to a counter.
 *
 * The per-node verdicts are the scheduler's AttemptRecord (src/sim/scheduler/explain.ts), which
 * upstream only logs at high verbosity (pkg/scheduler/schedule_one.go findNodesThatFitPod,
 * prioritizeNodes).
 */
import type { TraceEvent } from '../../sim/kernel/trace';
import type { AttemptRecord } from '../../sim/scheduler/explain';

export interface Decision {
  seq: number;
  /** Virtual time of the scheduling attempt. */
  t: number;
  /** `namespace/name`. */
  pod: string;
  attempt: number;
  result: 'Scheduled' | 'Unschedulable' | 'Error';
  /** The chosen node (Scheduled only). */
  node?: string;
  /** Why not (Unschedulable / Error): the FailedScheduling message. */
  message?: string;
  /** Virtual time the binding was written (scheduler.bind). */
  boundAt?: number;
}

/** Wall time one decision stays on screen, and the least wall time between two starting. */
export const DECISION_WALL_MS = 2200;
export const DECISION_GAP_WALL_MS = 450;
/** A decision never starts later than this after its attempt: a longer queue skips the rest (still counted). */
export const MAX_DECISION_LAG_WALL_MS = 2500;
/** From this speed, or above this many decisions per wall second, the scheduler shows a counter instead of arcs. */
export const SCHED_HEAT_SPEED = 10;
export const SCHED_HEAT_RATE = 4;
/** Share of a decision spent evaluating the nodes (badges on the cards), then the arc grows. */
export const EVALUATE_SHARE = 0.4;
/** Decisions kept. */
const KEEP = 60;

/** Folds a trace batch into the recent decisions, oldest first. Returns `current` when nothing changed. */
export function foldDecisions(current: readonly Decision[], trace: readonly TraceEvent[]): readonly Decision[] {
  let next: Decision[] | undefined;
  for (const e of trace) {
    if (typeof e.pod !== 'string') continue;
    if (e.kind === 'scheduler.attempt') {
      next ??= [...current];
      const result = e.result === 'Scheduled' || e.result === 'Error' ? e.result : 'Unschedulable';
      next.push({
        seq: e.seq,
        t: e.t,
        pod: e.pod,
        attempt: Number(e.attempt) || 1,
        result,
        ...(typeof e.node === 'string' && result === 'Scheduled' ? { node: e.node } : {}),
        ...(typeof e.message === 'string' ? { message: e.message } : {})
      });
    } else if (e.kind === 'scheduler.bind') {
      const list = next ?? current;
      for (let i = list.length - 1; i >= 0; i--) {
        if (list[i].pod !== e.pod) continue;
        if (list[i].result === 'Scheduled' && list[i].boundAt === undefined) {
          next ??= [...current];
          next[i] = { ...list[i], boundAt: e.t };
        }
        break;
      }
    }
  }
  if (!next) return current;
  return next.length > KEEP ? next.slice(next.length - KEEP) : next;
}

export interface ShownDecision {
  decision: Decision;
  /** 0..1 over the decision's time on screen. */
  progress: number;
  /** evaluate: the pod is in the queue and the nodes show verdicts; bind: the arc runs to the node. */
  phase: 'evaluate' | 'bind';
}

export interface SchedulingView {
  /** The decisions on screen, oldest first (none in heat mode). */
  shown: ShownDecision[];
  /** Too many or too fast: a counter instead of arcs. */
  heat: boolean;
  /** Decisions in the last two wall seconds (the counter). */
  count: number;
  /** The newest decision at or before now (the reduced-motion text). */
  last?: Decision;
}

/**
 * What the scheduler shows at virtual time `now` at `speed`. Decisions queue: each starts at its
 * attempt or DECISION_GAP_WALL_MS after the previous one started, whichever is later, and is
 * skipped when that is more than MAX_DECISION_LAG_WALL_MS late.
 */
export function schedulingView(decisions: readonly Decision[], now: number, speed: number): SchedulingView {
  const span = DECISION_WALL_MS * speed;
  const gap = DECISION_GAP_WALL_MS * speed;
  const window = 2000 * speed;
  let count = 0;
  let last: Decision | undefined;
  let cursor = -Infinity;
  const started: { decision: Decision; start: number }[] = [];
  for (const d of decisions) {
    if (d.t > now) break;
    last = d;
    if (now - d.t <= window) count++;
    const start = Math.max(d.t, cursor + gap);
    if (start - d.t > MAX_DECISION_LAG_WALL_MS * speed) continue;
    cursor = start;
    if (start <= now && now - start < span) started.push({ decision: d, start });
  }
  const heat = speed >= SCHED_HEAT_SPEED || count / 2 > SCHED_HEAT_RATE;
  const shown: ShownDecision[] = heat
    ? []
    : started.map(({ decision, start }) => {
        const progress = (now - start) / span;
        return { decision, progress, phase: progress < EVALUATE_SHARE ? 'evaluate' : 'bind' };
      });
  return { shown, heat, count, ...(last ? { last } : {}) };
}

/** What a node card shows while the scheduler evaluates a pod. */
export interface NodeVerdictBadge {
  /** The pod being scheduled. */
  pod: string;
  kind: 'filtered' | 'score' | 'feasible' | 'skipped';
  /** `TaintToleration` (filtered): the plugin that said no. */
  plugin?: string;
  /** The Filter plugin's reasons (filtered), for the hover. */
  reason?: string;
  /** Sum of the weighted scores (score). */
  total?: number;
  chosen: boolean;
}

/** Is this record the one of that attempt (the scheduler keeps only a pod's last attempt)? */
export function recordMatches(rec: AttemptRecord | undefined, d: Decision): rec is AttemptRecord {
  return rec !== undefined && rec.pod === d.pod && rec.attempt === d.attempt && rec.t === d.t;
}

/**
 * node name -> its badge for the newest decision in its evaluate phase (the chosen node keeps
 * its badge through the arc), from that attempt's record when the page has it.
 */
export function nodeBadges(view: SchedulingView, records: ReadonlyMap<string, AttemptRecord>): ReadonlyMap<string, NodeVerdictBadge> {
  const out = new Map<string, NodeVerdictBadge>();
  const current = [...view.shown].reverse().find((s) => s.phase === 'evaluate') ?? view.shown.at(-1);
  if (!current) return out;
  const d = current.decision;
  const rec = records.get(d.pod);
  if (!recordMatches(rec, d)) {
    if (d.node) out.set(d.node, { pod: d.pod, kind: 'feasible', chosen: true });
    return out;
  }
  for (const v of rec.nodes) {
    const chosen = v.node === rec.chosen;
    // In the bind phase only the winner keeps its badge.
    if (current.phase === 'bind' && !chosen) continue;
    if (!v.filter) out.set(v.node, { pod: d.pod, kind: 'skipped', chosen });
    else if (!v.filter.passed) out.set(v.node, { pod: d.pod, kind: 'filtered', ...(v.filter.plugin ? { plugin: v.filter.plugin } : {}), reason: v.filter.reasons.join(', '), chosen });
    else if (v.total !== undefined) out.set(v.node, { pod: d.pod, kind: 'score', total: v.total, chosen });
    else out.set(v.node, { pod: d.pod, kind: 'feasible', chosen });
  }
  return out;
}

/**
 * The scheduler's queue as the band draws it: pods no node has taken yet (not being deleted),
 * then pods whose decision is still being evaluated on screen. Keys, oldest first, no repeats.
 */
export function queuedPods(unscheduled: readonly string[], view: SchedulingView): string[] {
  const out = [...unscheduled];
  for (const s of view.shown) if (s.phase === 'evaluate' && !out.includes(s.decision.pod)) out.push(s.decision.pod);
  return out;
}

/** Decisions worth asking the scheduler about (new, and drawn: not in heat mode). */
export function decisionsToExplain(before: readonly Decision[], after: readonly Decision[], speed: number): Decision[] {
  if (after === before || speed >= SCHED_HEAT_SPEED) return [];
  const seen = new Set(before.map((d) => d.seq));
  const fresh = after.filter((d) => !seen.has(d.seq));
  // A burst is drawn as a counter anyway: ask only about the first few.
  return fresh.slice(0, 2 * SCHED_HEAT_RATE);
}

/** A quadratic arc from (x1, y1) to (x2, y2): out sideways from the scheduler, then down onto the node. */
export function arcPath(x1: number, y1: number, x2: number, y2: number): string {
  const cx = x1 + (x2 - x1) * 0.85;
  const cy = y1 + (y2 - y1) * 0.1;
  const f = (n: number) => String(Math.round(n * 10) / 10);
  return `M${f(x1)} ${f(y1)} Q${f(cx)} ${f(cy)} ${f(x2)} ${f(y2)}`;
}
