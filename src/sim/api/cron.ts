/**
 * Cron schedules as the CronJob API reads them: five fields (minute hour day-of-month month
 * day-of-week), `*`, `?`, ranges, steps, lists, month and weekday names, and the descriptors
 * `@yearly` `@annually` `@monthly` `@weekly` `@daily` `@midnight` `@hourly` (`@every` too).
 * Errors are worded as the library's, since the API server returns them verbatim
 * (`spec.schedule: Invalid value: "1": expected exactly 5 fields, found 1: [1]`).
 * upstream: github.com/robfig/cron/v3 parser.go (ParseStandard, getField, getRange, parseDescriptor)
 * and spec.go (SpecSchedule.Next), used by pkg/apis/batch/validation and pkg/controller/cronjob.
 */

export interface CronSchedule {
  minute: bigint;
  hour: bigint;
  dom: bigint;
  month: bigint;
  dow: bigint;
  /** `*` or `?` in day-of-month or day-of-week: the other field alone decides (spec.go dayMatches). */
  star: boolean;
  /** `@every D`: a constant delay in ms instead of fields. */
  every?: number;
}

interface Bounds {
  min: number;
  max: number;
  names?: Record<string, number>;
}

const MONTHS: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };
const DAYS: Record<string, number> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };
const MINUTES: Bounds = { min: 0, max: 59 };
const HOURS: Bounds = { min: 0, max: 23 };
const DOM: Bounds = { min: 1, max: 31 };
const MONTH: Bounds = { min: 1, max: 12, names: MONTHS };
const DOW: Bounds = { min: 0, max: 6, names: DAYS };

const STAR_BIT = 1n << 63n;

export class CronParseError extends Error {}

function bits(min: number, max: number, step: number): bigint {
  let b = 0n;
  for (let i = min; i <= max; i += step) b |= 1n << BigInt(i);
  return b;
}

/** Go's fmt %s of a []string: `[a b c]`. */
function goStrings(a: string[]): string {
  return `[${a.join(' ')}]`;
}

/** upstream: mustParseInt (strconv.Atoi's error text). */
function mustParseInt(expr: string): number {
  if (!/^[+-]?\d+$/.test(expr)) throw new CronParseError(`failed to parse int from ${expr}: strconv.Atoi: parsing ${JSON.stringify(expr)}: invalid syntax`);
  const n = parseInt(expr, 10);
  if (n < 0) throw new CronParseError(`negative number (${n}) not allowed: ${expr}`);
  return n;
}

function parseIntOrName(expr: string, names?: Record<string, number>): number {
  const named = names?.[expr.toLowerCase()];
  if (named !== undefined) return named;
  return mustParseInt(expr);
}

/** upstream: getRange */
function getRange(expr: string, r: Bounds): bigint {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = rangeAndStep[0].split('-');
  const singleDigit = lowAndHigh.length === 1;
  let start: number;
  let end: number;
  let extra = 0n;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = r.min;
    end = r.max;
    extra = STAR_BIT;
  } else {
    start = parseIntOrName(lowAndHigh[0], r.names);
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) end = parseIntOrName(lowAndHigh[1], r.names);
    else throw new CronParseError(`too many hyphens: ${expr}`);
  }
  let step: number;
  if (rangeAndStep.length === 1) step = 1;
  else if (rangeAndStep.length === 2) {
    step = mustParseInt(rangeAndStep[1]);
    // "N/step" means "N-max/step".
    if (singleDigit) end = r.max;
    if (step > 1) extra = 0n;
  } else throw new CronParseError(`too many slashes: ${expr}`);
  if (start < r.min) throw new CronParseError(`beginning of range (${start}) below minimum (${r.min}): ${expr}`);
  if (end > r.max) throw new CronParseError(`end of range (${end}) above maximum (${r.max}): ${expr}`);
  if (start > end) throw new CronParseError(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0) throw new CronParseError(`step of range should be a positive number: ${expr}`);
  return bits(start, end, step) | extra;
}

/** upstream: getField: a comma-separated list of ranges. */
function getField(field: string, r: Bounds): bigint {
  let b = 0n;
  for (const expr of field.split(',')) b |= getRange(expr, r);
  return b;
}

const DESCRIPTORS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *'
};

/** Go time.ParseDuration for the `@every` forms people write (1h30m, 90s, 5m). */
function parseGoDuration(s: string): number | undefined {
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  const unit: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60000, h: 3600000 };
  let total = 0;
  let m: RegExpExecArray | null;
  let end = 0;
  while ((m = re.exec(s))) {
    total += parseFloat(m[1]) * unit[m[2]];
    end = re.lastIndex;
  }
  return end === s.length && s.length > 0 ? total : undefined;
}

/**
 * Parses a standard (5-field) spec. A leading `TZ=` / `CRON_TZ=` is accepted and returned as
 * `timeZone` (the API refuses it separately). upstream: cron.ParseStandard.
 */
export function parseStandard(spec: string): CronSchedule & { timeZone?: string } {
  if (spec.length === 0) throw new CronParseError('empty spec string');
  let timeZone: string | undefined;
  if (spec.startsWith('TZ=') || spec.startsWith('CRON_TZ=')) {
    const i = spec.indexOf(' ');
    timeZone = spec.slice(spec.indexOf('=') + 1, i < 0 ? undefined : i);
    spec = i < 0 ? '' : spec.slice(i).trim();
  }
  if (spec.startsWith('@')) {
    if (spec.startsWith('@every ')) {
      const d = parseGoDuration(spec.slice('@every '.length));
      if (d === undefined) throw new CronParseError(`failed to parse duration ${spec}: time: invalid duration ${JSON.stringify(spec.slice(7))}`);
      return { minute: 0n, hour: 0n, dom: 0n, month: 0n, dow: 0n, star: false, every: Math.max(1000, Math.floor(d / 1000) * 1000), timeZone };
    }
    const expanded = DESCRIPTORS[spec];
    if (!expanded) throw new CronParseError(`unrecognized descriptor: ${spec}`);
    spec = expanded;
  }
  const fields = spec.split(/\s+/).filter((f) => f.length > 0);
  if (fields.length !== 5) throw new CronParseError(`expected exactly 5 fields, found ${fields.length}: ${goStrings(fields)}`);
  const minute = getField(fields[0], MINUTES);
  const hour = getField(fields[1], HOURS);
  const dom = getField(fields[2], DOM);
  const month = getField(fields[3], MONTH);
  const dow = getField(fields[4], DOW);
  return { minute, hour, dom, month, dow, star: (dom & STAR_BIT) !== 0n || (dow & STAR_BIT) !== 0n, timeZone };
}

const has = (set: bigint, v: number): boolean => (set & (1n << BigInt(v))) !== 0n;

/** upstream spec.go dayMatches: with a `*` in either day field both must match, else either. */
function dayMatches(s: CronSchedule, d: Date): boolean {
  const domMatch = has(s.dom, d.getUTCDate());
  const dowMatch = has(s.dow, d.getUTCDay());
  if ((s.dom & STAR_BIT) !== 0n || (s.dow & STAR_BIT) !== 0n) return domMatch && dowMatch;
  return domMatch || dowMatch;
}

/**
 * The first activation strictly after `afterMs` (epoch ms), in a zone `offsetMinutes` east of UTC
 * (a fixed offset: the zone's at `afterMs`). undefined if none within five years (upstream: zero time).
 * upstream: spec.go SpecSchedule.Next, walking months, days, hours and minutes in turn.
 */
export function nextActivation(s: CronSchedule, afterMs: number, offsetMinutes = 0): number | undefined {
  if (s.every !== undefined) return Math.floor(afterMs / 1000) * 1000 + s.every;
  const offset = offsetMinutes * 60_000;
  // Work on a Date whose UTC fields are the zone's wall clock; start at the next whole minute.
  const t = new Date(Math.floor((afterMs + offset) / 60_000) * 60_000 + 60_000);
  const yearLimit = t.getUTCFullYear() + 5;
  while (t.getUTCFullYear() <= yearLimit) {
    if (!has(s.month, t.getUTCMonth() + 1)) {
      t.setUTCMonth(t.getUTCMonth() + 1, 1);
      t.setUTCHours(0, 0, 0, 0);
      continue;
    }
    if (!dayMatches(s, t)) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0, 0, 0);
      continue;
    }
    if (!has(s.hour, t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
      continue;
    }
    if (!has(s.minute, t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1, 0, 0);
      continue;
    }
    return t.getTime() - offset;
  }
  return undefined;
}

/**
 * The zone's offset east of UTC in minutes at `ms`, or undefined for a zone the runtime's time
 * zone database does not know (upstream: time.LoadLocation "unknown time zone X").
 */
export function zoneOffsetMinutes(timeZone: string, ms: number): number | undefined {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 0;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' }).formatToParts(new Date(ms));
  } catch {
    return undefined;
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((wall - Math.floor(ms / 60_000) * 60_000) / 60_000);
}
