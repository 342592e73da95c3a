/**
 * What a pod's containers show of the kubelet's prober and of the kernel's OOM killer: the last
 * probe result per container and probe kind (a ring pulses out of the container when it changes,
 * a "2/3" counter while it fails), and the last OOM kill (a reddish-purple flash).
 *
 * Built from trace events: `probe.liveness|readiness|startup` (recorded only on a change or a
 * failure, as upstream's prober reports only changes), `process.start` (a new container: its probe
 * workers start over) and `kernel.oomKill`. Pure: the motion is a function of virtual time and speed.
 *
 * upstream: pkg/kubelet/prober/worker.go (resultRun against FailureThreshold)
 */
import type { TraceEvent } from '../../sim/kernel/trace';
import { HEAT_SPEED } from './rail';

export type ProbeKind = 'liveness' | 'readiness' | 'startup';

export interface ProbeResult {
  kind: ProbeKind;
  ok: boolean;
  /** Consecutive results like this one. */
  run: number;
  threshold: number;
  /** Virtual time of the probe. */
  t: number;
  /** The handler's output on failure (`cat: can't open '/tmp/healthy'...`). */
  output?: string;
}

/** One container's probe results (by kind) and its last OOM kill. */
export interface ContainerMarks {
  probes: readonly ProbeResult[];
  oomAt?: number;
}

/** pod key -> container name -> marks. */
export type PodMarks = ReadonlyMap<string, ReadonlyMap<string, ContainerMarks>>;

/** Wall time a probe pulse or an OOM flash stays on screen at 1x (scaled by speed into virtual time). */
export const PULSE_WALL_MS = 900;
export const OOM_FLASH_WALL_MS = 1800;

function probeKind(kind: string): ProbeKind | undefined {
  if (kind === 'probe.liveness') return 'liveness';
  if (kind === 'probe.readiness') return 'readiness';
  if (kind === 'probe.startup') return 'startup';
  return undefined;
}

/** Folds a trace batch into pod -> container -> marks. Returns `current` when nothing changed. */
export function foldPodMarks(current: PodMarks, trace: readonly TraceEvent[]): PodMarks {
  let next: Map<string, ReadonlyMap<string, ContainerMarks>> | undefined;
  const update = (pod: string, container: string, fn: (m: ContainerMarks) => ContainerMarks) => {
    next ??= new Map(current);
    const byContainer = new Map(next.get(pod) ?? []);
    byContainer.set(container, fn(byContainer.get(container) ?? { probes: [] }));
    next.set(pod, byContainer);
  };
  for (const e of trace) {
    if (typeof e.pod !== 'string' || typeof e.container !== 'string') continue;
    const kind = probeKind(e.kind);
    if (kind) {
      const result: ProbeResult = {
        kind,
        ok: e.result === 'Success',
        run: Number(e.run ?? 1),
        threshold: Number(e.threshold ?? 1),
        t: e.t,
        ...(typeof e.output === 'string' ? { output: e.output } : {})
      };
      update(e.pod, e.container, (m) => ({ ...m, probes: [...m.probes.filter((p) => p.kind !== kind), result] }));
    } else if (e.kind === 'process.start') {
      // A new container instance: its probe workers start from scratch.
      const existing = (next ?? current).get(e.pod)?.get(e.container);
      if (existing?.probes.length) update(e.pod, e.container, (m) => ({ ...m, probes: [] }));
    } else if (e.kind === 'kernel.oomKill') {
      update(e.pod, e.container, (m) => ({ ...m, oomAt: e.t }));
    }
  }
  return next ?? current;
}

/** Drops the marks of pods that no longer exist. */
export function prunePodMarks(current: PodMarks, alive: (pod: string) => boolean): PodMarks {
  let next: Map<string, ReadonlyMap<string, ContainerMarks>> | undefined;
  for (const pod of current.keys()) {
    if (alive(pod)) continue;
    next ??= new Map(current);
    next.delete(pod);
  }
  return next ?? current;
}

export interface ContainerMarkView {
  /** A ring pulsing out of the container: the last probe result, 0..1 through its pulse. */
  pulse?: { ok: boolean; progress: number; kind: ProbeKind; seq: number };
  /** The probe that is failing right now, `run` of `threshold` failures. */
  failing?: { kind: ProbeKind; run: number; threshold: number; output?: string };
  /** 0..1 through the OOM flash. */
  oomFlash?: number;
}

/**
 * What to draw on a container at virtual time `now`. At high speed there are no pulses (the
 * screen would turn to noise): the counter says it all.
 */
/**
 * Whether any container of a pod has a pulse or an OOM flash on screen at `now`: only those pods
 * need the clock each frame (the map hands the others a still clock, so they do not redraw).
 */
export function podMarksAnimating(marks: ReadonlyMap<string, ContainerMarks> | undefined, now: number, speed: number): boolean {
  if (!marks) return false;
  for (const m of marks.values()) {
    const v = containerMarkView(m, now, speed);
    if (v.pulse || v.oomFlash !== undefined) return true;
  }
  return false;
}

export function containerMarkView(marks: ContainerMarks | undefined, now: number, speed: number): ContainerMarkView {
  if (!marks) return {};
  const view: ContainerMarkView = {};
  const last = marks.probes.reduce<ProbeResult | undefined>((a, p) => (a === undefined || p.t >= a.t ? p : a), undefined);
  const pulseMs = PULSE_WALL_MS * Math.max(1, speed);
  if (last && speed < HEAT_SPEED && now >= last.t && now - last.t < pulseMs) {
    view.pulse = { ok: last.ok, progress: (now - last.t) / pulseMs, kind: last.kind, seq: last.t };
  }
  // Liveness first: it is the one that restarts the container.
  const order: ProbeKind[] = ['liveness', 'startup', 'readiness'];
  const failing = order.map((k) => marks.probes.find((p) => p.kind === k && !p.ok)).find((p) => p !== undefined);
  if (failing) view.failing = { kind: failing.kind, run: failing.run, threshold: failing.threshold, ...(failing.output ? { output: failing.output } : {}) };
  const flashMs = OOM_FLASH_WALL_MS * Math.max(1, speed);
  if (marks.oomAt !== undefined && now >= marks.oomAt && now - marks.oomAt < flashMs) view.oomFlash = (now - marks.oomAt) / flashMs;
  return view;
}
