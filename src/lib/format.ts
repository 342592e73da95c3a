/** Small formatters the page shares; ages come from the kubectl printers, so they print one way. */
import { formatClock } from '../sim/kernel/timestamp';
import { humanDuration } from '../sim/kubectl/printers/duration';

/** Virtual time as the top bar shows it: `00:04:35`. */
export function clockText(ms: number): string {
  return formatClock(Math.max(0, ms)).slice(0, 8);
}

/** kubectl's age format: the printers' own (upstream: apimachinery/pkg/util/duration HumanDuration). */
export { humanDuration };

/** `5m` for the jump button, `1h` ... from virtual ms. */
export function shortDuration(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  return `${ms / 1000}s`;
}
