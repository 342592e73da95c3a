// Human-readable durations and timestamp helpers used by every kubectl printer.
//
// Ported from staging/src/k8s.io/apimachinery/pkg/util/duration/duration.go
// (HumanDuration / ShortHumanDuration) and from the translateTimestampSince
// helpers in pkg/printers/internalversion/printers.go and
// staging/src/k8s.io/kubectl/pkg/describe/describe.go.
//
// All durations are in milliseconds of virtual time; "now" is always passed in.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Go's int(float) conversion truncates toward zero. */
function trunc(n: number): number {
  return n < 0 ? Math.ceil(n) : Math.floor(n);
}

/**
 * duration.HumanDuration: a succinct representation with ~2-3 significant figures.
 * Source: staging/src/k8s.io/apimachinery/pkg/util/duration/duration.go
 */
export function humanDuration(ms: number): string {
  // Allow deviation no more than 2 seconds(excluded) to tolerate machine time
  // inconsistence, it can be considered as almost now.
  const seconds = trunc(ms / SECOND);
  if (seconds < -1) {
    return '<invalid>';
  } else if (seconds < 0) {
    return '0s';
  } else if (seconds < 60 * 2) {
    return `${seconds}s`;
  }
  const minutes = trunc(ms / MINUTE);
  if (minutes < 10) {
    const s = trunc(ms / SECOND) % 60;
    if (s === 0) {
      return `${minutes}m`;
    }
    return `${minutes}m${s}s`;
  } else if (minutes < 60 * 3) {
    return `${minutes}m`;
  }
  const hours = trunc(ms / HOUR);
  if (hours < 8) {
    const m = trunc(ms / MINUTE) % 60;
    if (m === 0) {
      return `${hours}h`;
    }
    return `${hours}h${m}m`;
  } else if (hours < 48) {
    return `${hours}h`;
  } else if (hours < 24 * 8) {
    const h = hours % 24;
    if (h === 0) {
      return `${trunc(hours / 24)}d`;
    }
    return `${trunc(hours / 24)}d${h}h`;
  } else if (hours < 24 * 365 * 2) {
    return `${trunc(hours / 24)}d`;
  } else if (hours < 24 * 365 * 8) {
    const dy = trunc(hours / 24) % 365;
    if (dy === 0) {
      return `${trunc(hours / 24 / 365)}y`;
    }
    return `${trunc(hours / 24 / 365)}y${dy}d`;
  }
  return `${trunc(hours / 24 / 365)}y`;
}

/**
 * duration.ShortHumanDuration: one unit only.
 * Source: staging/src/k8s.io/apimachinery/pkg/util/duration/duration.go
 */
export function shortHumanDuration(ms: number): string {
  const seconds = trunc(ms / SECOND);
  if (seconds < -1) {
    return '<invalid>';
  } else if (seconds < 0) {
    return '0s';
  } else if (seconds < 60) {
    return `${seconds}s`;
  }
  const minutes = trunc(ms / MINUTE);
  if (minutes < 60) {
    return `${minutes}m`;
  }
  const hours = trunc(ms / HOUR);
  if (hours < 24) {
    return `${hours}h`;
  } else if (hours < 24 * 365) {
    return `${trunc(hours / 24)}d`;
  }
  return `${trunc(ms / HOUR / 24 / 365)}y`;
}

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|z|[+-]\d{2}:\d{2})$/;

/**
 * Parses an RFC3339 timestamp (metav1.Time / metav1.MicroTime JSON form) into epoch
 * milliseconds. Returns undefined for missing, empty or unparseable values, which the
 * printers treat as the zero time (metav1.Time.IsZero()).
 */
export function parseTimestamp(ts: unknown): number | undefined {
  if (typeof ts === 'number') return Number.isFinite(ts) ? ts : undefined;
  if (typeof ts !== 'string' || ts === '') return undefined;
  const m = RFC3339.exec(ts);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  let ms = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!);
  if (frac) ms += Math.floor(Number(`0.${frac}`) * 1000);
  if (zone && zone !== 'Z' && zone !== 'z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const oh = Number(zone.slice(1, 3));
    const om = Number(zone.slice(4, 6));
    ms -= sign * (oh * HOUR + om * MINUTE);
  }
  return ms;
}

/**
 * translateTimestampSince: "<unknown>" for the zero time, else HumanDuration(now - t).
 * Source: pkg/printers/internalversion/printers.go (same helper in describe.go).
 */
export function translateTimestampSince(ts: unknown, now: number): string {
  const t = parseTimestamp(ts);
  if (t === undefined) return '<unknown>';
  return humanDuration(now - t);
}

/** translateTimestampUntil (printers.go): HumanDuration(t - now). */
export function translateTimestampUntil(ts: unknown, now: number): string {
  const t = parseTimestamp(ts);
  if (t === undefined) return '<unknown>';
  return humanDuration(t - now);
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function pad2(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

/**
 * Go's time.RFC1123Z layout "Mon, 02 Jan 2006 15:04:05 -0700", as used by
 * kubectl describe (Start Time, CreationTimestamp, container state times).
 * kubectl formats in the machine's local zone; the simulator always uses UTC.
 * A zero/missing time formats like Go's zero time.Time.
 */
export function formatRFC1123Z(ts: unknown): string {
  const t = parseTimestamp(ts);
  if (t === undefined) return 'Mon, 01 Jan 0001 00:00:00 +0000';
  const d = new Date(t);
  return (
    `${DAYS[d.getUTCDay()]}, ${pad2(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ` +
    `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())} +0000`
  );
}

/** RFC3339 (seconds precision, UTC) as metav1.Time marshals to JSON. */
export function formatRFC3339(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
