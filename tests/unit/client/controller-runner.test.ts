import { describe, expect, it } from 'vitest';
import { SimClock } from '../../../src/sim/kernel/clock';
import { ControllerRunner, OBJECTS_PER_MS, syncMillis } from '../../../src/sim/client/controller-runner';

/** A runner whose sync of a key walks `objects` objects; records when each sync ran. */
function runner(objects: number) {
  const clock = new SimClock();
  const synced: number[] = [];
  const r = new ControllerRunner((ms, fn) => clock.after(ms, fn), 5, (_key, done) => {
    synced.push(clock.now());
    done(undefined, syncMillis(objects));
  });
  r.startWhenSynced([]);
  return { clock, synced, r };
}

describe('ControllerRunner: the time a sync takes', () => {
  it('takes none below OBJECTS_PER_MS objects, about half a microsecond per object above', () => {
    expect(OBJECTS_PER_MS).toBe(2000);
    expect(syncMillis(3)).toBe(0);
    expect(syncMillis(1999)).toBe(0);
    expect(syncMillis(2000)).toBe(1);
    expect(syncMillis(10_000)).toBe(5);
  });

  it('a small controller syncs a key again in the instant it changes', () => {
    const { clock, synced, r } = runner(100);
    for (const t of [0, 1, 2, 3]) {
      clock.runUntil(t);
      r.queue.add('default/web');
    }
    clock.runUntil(10);
    expect(synced).toEqual([0, 1, 2, 3]);
  });

  it('a sync of 10,000 pods keeps its key busy 5 ms: the changes meanwhile wait for one sync after it', () => {
    const { clock, synced, r } = runner(10_000);
    for (const t of [0, 1, 2, 3, 4, 5, 6, 7]) {
      clock.runUntil(t);
      r.queue.add('default/web');
    }
    clock.runUntil(30);
    // 0: synced, busy until 5; 1-4 queue up behind it and sync at 5 (busy until 10); 6 and 7 at 10.
    expect(synced).toEqual([0, 5, 10]);
  });
});
