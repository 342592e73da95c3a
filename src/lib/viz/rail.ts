/**
 * The live rail of a node card: which CRI / CNI / CSI call to draw as an arrow right now, and
 * how hot each agent is. Pure functions of the calls seen, the virtual time and the speed, so
 * the motion follows the virtual clock: pause and it freezes, speed up and it hurries.
 */
import type { TraceEvent } from '../../sim/kernel/trace';
import { CHATTY_CRI } from '../inspector/pod-trace';

export type Agent = 'kubelet' | 'containerd' | 'cni' | 'csi';

export interface RailCall {
  seq: number;
  t: number;
  from: Agent;
  to: Agent;
  /** `RunPodSandbox`, `PullImage`, `ADD`, `NodePublishVolume`... */
  method: string;
  pod?: string;
}

export interface PullState {
  /** Virtual time of the PullImage call. */
  start: number;
  /** Image size in bytes, once image.fetch said. */
  bytes?: number;
  /** Set by the return. */
  end?: number;
  ok?: boolean;
}

/** Wall time an arrow stays on screen, and the least wall time between two arrows on one card. */
export const ARROW_WALL_MS = 1400;
export const ARROW_GAP_WALL_MS = 800;
/** Above this many calls per wall second (over two seconds), or from this speed on, arrows give way to glow and counters. */
export const HEAT_RATE = 4;
/** An arrow never starts later than this after its call: a longer queue skips calls (the counters still count them). */
export const MAX_LAG_WALL_MS = 1600;
export const HEAT_SPEED = 10;
/** Calls per node kept for the rail. */
const KEEP = 40;
/** How fast the simulated registry serves bytes, for a pull's progress before it returns. */
const PULL_BYTES_PER_MS = 36_000;

/** The rail call an event stands for (the `call` phase of non-chatty CRI, CNI and CSI calls). */
export function railCallOf(e: TraceEvent): RailCall | undefined {
  if (e.node === undefined) return undefined;
  const dot = e.kind.indexOf('.');
  const prefix = e.kind.slice(0, dot);
  const method = e.kind.slice(dot + 1);
  const base = { seq: e.seq, t: e.t, method, ...(typeof e.pod === 'string' ? { pod: e.pod } : {}) };
  if (prefix === 'cri') {
    if (e.phase !== 'call' || CHATTY_CRI.has(method)) return undefined;
    return { ...base, from: 'kubelet', to: 'containerd' };
  }
  // CNI is called by containerd while it builds the sandbox; CSI by the kubelet.
  if (prefix === 'cni' && e.phase !== 'return') return { ...base, from: 'containerd', to: 'cni' };
  if (prefix === 'csi' && e.phase !== 'return') return { ...base, from: 'kubelet', to: 'csi' };
  return undefined;
}

/** Folds a trace batch into node -> recent rail calls. Returns `current` when nothing changed. */
export function foldRailCalls(current: ReadonlyMap<string, readonly RailCall[]>, trace: readonly TraceEvent[]): ReadonlyMap<string, readonly RailCall[]> {
  let next: Map<string, readonly RailCall[]> | undefined;
  for (const e of trace) {
    const call = railCallOf(e);
    if (!call) continue;
    next ??= new Map(current);
    const list = (next.get(e.node!) ?? []).concat(call);
    next.set(e.node!, list.length > KEEP ? list.slice(list.length - KEEP) : list);
  }
  return next ?? current;
}

/** Folds a trace batch into pod -> image pull in progress (or just finished). */
export function foldPulls(current: ReadonlyMap<string, PullState>, trace: readonly TraceEvent[]): ReadonlyMap<string, PullState> {
  let next: Map<string, PullState> | undefined;
  for (const e of trace) {
    if (typeof e.pod !== 'string') continue;
    if (e.kind === 'cri.PullImage') {
      next ??= new Map(current);
      if (e.phase === 'call') next.set(e.pod, { start: e.t });
      else {
        const was = next.get(e.pod);
        const bytes = typeof e.size === 'number' ? e.size : was?.bytes;
        next.set(e.pod, { start: was?.start ?? e.t - (Number(e.durationMs) || 0), ...(bytes ? { bytes } : {}), end: e.t, ok: e.ok !== false });
      }
    } else if (e.kind === 'image.fetch') {
      const was = (next ?? current).get(e.pod);
      if (!was || was.end !== undefined || typeof e.bytes !== 'number' || String(e.image).includes('pause')) continue;
      next ??= new Map(current);
      next.set(e.pod, { ...was, bytes: e.bytes });
    } else if (e.kind === 'cri.RemovePodSandbox' && (next ?? current).has(e.pod)) {
      next ??= new Map(current);
      next.delete(e.pod);
    }
  }
  return next ?? current;
}

/**
 * A pull's progress 0..1 at `now`, or undefined when there is nothing to draw (no pull, or it
 * finished longer than `linger` virtual ms ago).
 */
export function pullProgress(pull: PullState | undefined, now: number, linger: number): number | undefined {
  if (!pull) return undefined;
  if (pull.end !== undefined) return now - pull.end <= linger ? 1 : undefined;
  const expected = pull.bytes ? pull.bytes / PULL_BYTES_PER_MS : 4000;
  return Math.max(0.02, Math.min(0.95, (now - pull.start) / expected));
}

export interface RailView {
  /** The arrow on screen, with its progress 0..1 (virtual time since it started / its span). */
  arrow?: { call: RailCall; progress: number };
  /** Many calls per wall second: draw heat instead of arrows. */
  heat: boolean;
  /** Calls per agent in the last window (what the glow and the counter show). */
  counts: Record<Agent, number>;
  /** The newest call at or before now (for reduced motion). */
  last?: RailCall;
}

/**
 * What the rail shows at virtual time `now` at `speed`. Arrows queue: each starts at its call's
 * time or once the previous one had its minimum wall time on screen, whichever is later (but
 * never more than MAX_LAG_WALL_MS late).
 */
export function railView(calls: readonly RailCall[], now: number, speed: number): RailView {
  const span = ARROW_WALL_MS * speed;
  const gap = ARROW_GAP_WALL_MS * speed;
  const window = 2000 * speed; // two wall seconds, in virtual ms
  const counts: Record<Agent, number> = { kubelet: 0, containerd: 0, cni: 0, csi: 0 };
  let recent = 0;
  let last: RailCall | undefined;
  let shown: { call: RailCall; start: number } | undefined;
  let cursor = -Infinity;
  for (const call of calls) {
    if (call.t > now) break;
    last = call;
    if (now - call.t <= window) {
      counts[call.to]++;
      recent++;
    }
    const start = Math.max(call.t, cursor + gap);
    if (start - call.t > MAX_LAG_WALL_MS * speed) continue; // too late to be news: skipped (still counted)
    cursor = start;
    if (start <= now) shown = { call, start };
  }
  const heat = speed >= HEAT_SPEED || recent / 2 > HEAT_RATE;
  const arrow = !heat && shown && now - shown.start < span ? { call: shown.call, progress: (now - shown.start) / span } : undefined;
  return { ...(arrow ? { arrow } : {}), heat, counts, ...(last ? { last } : {}) };
}
