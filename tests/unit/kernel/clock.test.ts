import { describe, expect, it } from 'vitest';
import { SimClock, formatDuration, parseDuration, parseTimestamp, timestamp, microTimestamp } from '../../../src/sim/kernel/clock';
import { formatClock } from '../../../src/sim/kernel/timestamp';
import { formatClock as traceFormatClock } from '../../../src/sim/kernel/trace';

describe('SimClock', () => {
  it('runs timers in (time, sequence) order', () => {
    const clock = new SimClock();
    const order: string[] = [];
    clock.after(20, () => order.push('b@20'));
    clock.after(10, () => order.push('a@10'));
    clock.after(20, () => order.push('c@20'));
    clock.after(10, () => {
      order.push('d@10');
      clock.after(0, () => order.push('e@10-later'));
    });
    clock.runUntil(100);
    expect(order).toEqual(['a@10', 'd@10', 'e@10-later', 'b@20', 'c@20']);
    expect(clock.now()).toBe(100);
  });

  it('cancels timers and reports the next deadline', () => {
    const clock = new SimClock();
    const fired: number[] = [];
    const id = clock.after(5, () => fired.push(5));
    clock.after(7, () => fired.push(7));
    expect(clock.nextDeadline()).toBe(5);
    clock.cancel(id);
    expect(clock.nextDeadline()).toBe(7);
    expect(clock.step()).toBe(true);
    expect(fired).toEqual([7]);
    expect(clock.now()).toBe(7);
    expect(clock.step()).toBe(false);
    expect(clock.nextDeadline()).toBe(Infinity);
  });

  it('keeps order across many timers (heap property)', () => {
    const clock = new SimClock();
    const seen: number[] = [];
    for (let i = 0; i < 1000; i++) clock.at((i * 7919) % 1000, (t) => seen.push(t));
    clock.runUntil(1000);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.length).toBe(1000);
  });

  it('runs timers that share instants in the order they were set, with cancels and timers set while running (against a sorted list)', () => {
    // A reference queue: every timer with its (time, sequence), run in that order.
    let x = 12345;
    const rnd = (n: number) => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 8) % n;
    const clock = new SimClock();
    const ref: { t: number; seq: number; name: number; cancelled: boolean }[] = [];
    const ids: { id: number; entry: (typeof ref)[number] }[] = [];
    const ran: number[] = [];
    let seq = 0;
    let names = 0;
    const schedule = (t: number) => {
      const name = names++;
      const entry = { t: Math.max(t, clock.now()), seq: seq++, name, cancelled: false };
      ref.push(entry);
      const id = clock.at(t, () => {
        ran.push(name);
        // Some timers set more: at this same instant, a little later, or at a shared 100 ms boundary.
        if (name < 3000 && rnd(3) === 0) schedule(clock.now() + [0, 0, 1, 100 - (clock.now() % 100)][rnd(4)]);
        if (rnd(5) === 0 && ids.length > 0) {
          const victim = ids[rnd(ids.length)];
          if (!ran.includes(victim.entry.name)) victim.entry.cancelled = true;
          clock.cancel(victim.id);
        }
      });
      ids.push({ id, entry });
    };
    for (let i = 0; i < 2000; i++) schedule(rnd(10) * 100 + (rnd(4) === 0 ? rnd(100) : 0));
    clock.runUntil(10_000);
    const expected = ref.filter((e) => !e.cancelled).sort((a, b) => a.t - b.t || a.seq - b.seq).map((e) => e.name);
    expect(ran).toEqual(expected);
    expect(clock.pending()).toBe(0);
    // An id whose timer ran (its slot reused since) cancels nothing.
    const later: string[] = [];
    clock.after(5, () => later.push('kept'));
    for (const { id } of ids.slice(0, 50)) clock.cancel(id);
    clock.runUntil(20_000);
    expect(later).toEqual(['kept']);
  });
});

describe('SimClock: an instant emptied while it runs', () => {
  it('a callback cancels the rest of its instant and asks for the next deadline: what it sets next still runs, in order', () => {
    const clock = new SimClock();
    const ran: string[] = [];
    const rest: number[] = [];
    clock.at(10, () => {
      ran.push('a@10');
      for (const id of rest) clock.cancel(id);
      // The instant's bucket has no live timer left: asking for the deadline retires it mid-run.
      expect(clock.nextDeadline()).toBe(20);
      clock.after(0, () => ran.push('d@10'));
      clock.after(5, () => ran.push('e@15'));
    });
    rest.push(clock.at(10, () => ran.push('b@10')), clock.at(10, () => ran.push('c@10')));
    clock.at(20, () => ran.push('f@20'));
    expect(clock.pending()).toBe(4);
    clock.runUntil(100);
    expect(ran).toEqual(['a@10', 'd@10', 'e@15', 'f@20']);
    expect(clock.pending()).toBe(0);
    // The cancelled ids, their instant long gone, cancel nothing set since.
    clock.at(120, () => ran.push('g@120'));
    for (const id of rest) clock.cancel(id);
    clock.runUntil(200);
    expect(ran.at(-1)).toBe('g@120');
  });
});

describe('durations and timestamps', () => {
  const cases: [string, number][] = [
    ['500ms', 500],
    ['35s', 35_000],
    ['5m', 300_000],
    ['1h', 3_600_000],
    ['1h30m', 5_400_000],
    ['2m30.5s', 150_500],
    ['0', 0],
    ['1.5h', 5_400_000],
    ['250us', 0.25]
  ];
  for (const [text, ms] of cases) it(`parses ${text}`, () => expect(parseDuration(text)).toBe(ms));
  it('rejects garbage with Go wording', () => {
    expect(() => parseDuration('5 minutes')).toThrow('time: unknown unit " minutes" in duration "5 minutes"');
    expect(() => parseDuration('')).toThrow('time: invalid duration ""');
    expect(() => parseDuration('5')).toThrow('time: missing unit in duration "5"');
    expect(() => parseDuration('5x')).toThrow('time: unknown unit "x" in duration "5x"');
  });
  it('formats like Go', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(500)).toBe('500ms');
    expect(formatDuration(95_000)).toBe('1m35s');
    expect(formatDuration(7_200_000)).toBe('2h0m0s');
  });
  it('maps virtual time to RFC3339 and back', () => {
    expect(timestamp(0)).toBe('2025-01-01T00:00:00Z');
    expect(timestamp(95_999)).toBe('2025-01-01T00:01:35Z');
    expect(microTimestamp(1_250)).toBe('2025-01-01T00:00:01.250000Z');
    expect(parseTimestamp('2025-01-01T00:01:35Z')).toBe(95_000);
  });
  it.each([
    [0, '00:00:00.000'],
    [1_250, '00:00:01.250'],
    [95_999.7, '00:01:35.999'],
    [36_000_000 + 61_001, '10:01:01.001'],
    [360_000_000, '100:00:00.000']
  ])('reads %d ms as a clock: %s (the trace re-exports the same)', (ms, text) => {
    expect(formatClock(ms)).toBe(text);
    expect(traceFormatClock).toBe(formatClock);
  });
});
