import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../sim/kernel/trace';
import { containerMarkView, foldPodMarks, OOM_FLASH_WALL_MS, podMarksAnimating, prunePodMarks, PULSE_WALL_MS, type PodMarks } from './probes';

const POD = 'default/liveness-exec';
let seq = 0;
const ev = (t: number, kind: string, extra: Record<string, unknown> = {}): TraceEvent => ({ t, seq: ++seq, component: 'kubelet', kind, node: 'worker-1', pod: POD, container: 'liveness', ...extra });
const probe = (t: number, result: string, run: number, threshold: number) => ev(t, 'probe.liveness', { result, run, threshold });

const fold = (...events: TraceEvent[]): PodMarks => foldPodMarks(new Map(), events);
const marks = (m: PodMarks) => m.get(POD)?.get('liveness');

describe('foldPodMarks', () => {
  it.each([
    ['success, then a failure: the last result', [probe(12_000, 'Success', 1, 1), probe(37_000, 'Failure', 1, 3)], { ok: false, run: 1, threshold: 3 }],
    ['failures count up', [probe(37_000, 'Failure', 1, 3), probe(42_000, 'Failure', 2, 3)], { ok: false, run: 2, threshold: 3 }],
    ['a new container starts over', [probe(47_000, 'Failure', 3, 3), ev(77_000, 'process.start')], undefined]
  ] as const)('%s', (_, events, want) => {
    const p = marks(fold(...events))?.probes[0];
    expect(p === undefined ? undefined : { ok: p.ok, run: p.run, threshold: p.threshold }).toEqual(want);
  });

  it('keeps the last OOM kill', () => {
    expect(marks(fold(ev(3950, 'kernel.oomKill'), ev(5695, 'kernel.oomKill')))?.oomAt).toBe(5695);
  });

  it('returns the same map when nothing concerns it, and prunes pods that are gone', () => {
    const empty: PodMarks = new Map();
    expect(foldPodMarks(empty, [{ t: 1, seq: 1, component: 'kubelet', kind: 'lease.renew' }])).toBe(empty);
    const m = fold(probe(1, 'Success', 1, 1));
    expect(prunePodMarks(m, () => true)).toBe(m);
    expect(prunePodMarks(m, () => false).size).toBe(0);
  });
});

describe('containerMarkView', () => {
  const failing = marks(fold(probe(12_000, 'Success', 1, 1), probe(42_000, 'Failure', 2, 3), ev(42_000, 'kernel.oomKill')))!;
  it.each([
    ['pulses right after the probe', 42_000 + PULSE_WALL_MS / 2, 1, { pulse: 'failure', failing: '2/3', oom: true }],
    ['the pulse is over, the counter stays', 42_000 + 5000, 1, { pulse: undefined, failing: '2/3', oom: false }],
    ['no pulses at high speed', 42_000 + 100, 50, { pulse: undefined, failing: '2/3', oom: true }],
    ['before the probe (paused replay): nothing pulses', 41_000, 1, { pulse: undefined, failing: '2/3', oom: false }]
  ] as const)('%s', (_, now, speed, want) => {
    const v = containerMarkView(failing, now, speed);
    expect({
      pulse: v.pulse ? (v.pulse.ok ? 'success' : 'failure') : undefined,
      failing: v.failing ? `${v.failing.run}/${v.failing.threshold}` : undefined,
      oom: v.oomFlash !== undefined
    }).toEqual(want);
  });
});

describe('podMarksAnimating: which pods need the clock this frame', () => {
  const marks = (probeT: number | undefined, oomAt?: number) =>
    new Map([['app', { probes: probeT === undefined ? [] : [{ kind: 'liveness' as const, ok: true, t: probeT, run: 1, threshold: 3 }], ...(oomAt !== undefined ? { oomAt } : {}) }]]);
  it('a pulse for PULSE_WALL_MS x speed after the probe, an OOM flash for OOM_FLASH_WALL_MS x speed; none at heat speed', () => {
    expect(podMarksAnimating(undefined, 1000, 1)).toBe(false);
    expect(podMarksAnimating(marks(1000), 1000 + PULSE_WALL_MS - 1, 1)).toBe(true);
    expect(podMarksAnimating(marks(1000), 1000 + PULSE_WALL_MS, 1)).toBe(false);
    expect(podMarksAnimating(marks(1000), 1000 + 2 * PULSE_WALL_MS - 1, 2)).toBe(true);
    expect(podMarksAnimating(marks(1000), 1001, 25)).toBe(false);
    expect(podMarksAnimating(marks(undefined, 5000), 5000 + 25 * OOM_FLASH_WALL_MS - 1, 25)).toBe(true);
    // Before the mark (a replayed past): nothing.
    expect(podMarksAnimating(marks(1000), 999, 1)).toBe(false);
  });
});
