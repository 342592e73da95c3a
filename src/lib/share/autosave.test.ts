import { afterEach, describe, expect, it, vi } from 'vitest';
import { Autosaver, listSnapshots, loadState, saveState } from './autosave';
import { STATE_VERSION, type PlaygroundState } from './state';

const STATE: PlaygroundState = { version: STATE_VERSION, seed: 1, workers: 2, log: [{ kind: 'exec', t: 2000, end: 2000, script: 'kubectl get pods' }], t: 5000 };

describe('autosave where there is no storage (Node here, like a sandboxed frame)', () => {
  afterEach(() => vi.useRealTimers());

  it('says "not saved" and never throws', async () => {
    expect(await saveState(STATE)).toBe(false);
    expect(await loadState()).toBeUndefined();
    expect(await listSnapshots()).toEqual([]);
  });

  it('saves at most once per interval however often the clock changes, and reports the result', async () => {
    vi.useFakeTimers();
    const read = vi.fn(async () => STATE);
    const results: boolean[] = [];
    const saver = new Autosaver(read, (ok) => results.push(ok), 2000);
    for (let i = 0; i < 50; i++) saver.changed();
    await vi.advanceTimersByTimeAsync(1999);
    expect(read).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(1);
    expect(results).toEqual([false]);
    // Nothing to save (booting, viewing the past): no attempt, no note.
    read.mockResolvedValueOnce(undefined as never);
    saver.changed();
    await vi.advanceTimersByTimeAsync(2000);
    expect(results).toEqual([false]);
    saver.stop();
    saver.changed();
    await vi.advanceTimersByTimeAsync(5000);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
