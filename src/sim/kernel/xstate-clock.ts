/**
 * XState's clock option backed by the simulation clock: machine delays (`after`) run on virtual
 * time, never wall time.
 */
import type { SimClock } from './clock';

export interface XStateClock {
  setTimeout: (fn: (...args: any[]) => void, timeout: number) => any;
  clearTimeout: (id: any) => void;
}

export function xstateClock(clock: SimClock): XStateClock {
  return {
    setTimeout: (fn, timeout) => clock.after(timeout, () => fn()),
    clearTimeout: (id) => clock.cancel(id)
  };
}
