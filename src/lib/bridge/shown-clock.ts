/**
 * The virtual clock the page shows, between the worker's reports. The page extrapolates the last
 * report while the clock runs; when the worker falls behind that guess (a large cluster at 10x),
 * its next report is earlier than what was shown. The shown clock then waits for the worker
 * instead of jumping back. A report earlier than the previous report is a clock set back (time
 * travel, a fork, a new cluster) and is shown as it is; so is a paused clock.
 */
export class ShownClock {
  /** The report the shown value was last derived from. */
  #report = -Infinity;
  #shown = 0;

  /** `report`: the worker's last time; `extrapolated`: that time moved on by wall time x speed. */
  show(report: number, extrapolated: number, running: boolean): number {
    const setBack = report < this.#report;
    this.#report = report;
    if (!running || setBack || extrapolated >= this.#shown) this.#shown = extrapolated;
    return this.#shown;
  }
}
