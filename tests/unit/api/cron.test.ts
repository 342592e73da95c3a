import { describe, expect, it } from 'vitest';
import { CronParseError, nextActivation, parseStandard, zoneOffsetMinutes } from '../../../src/sim/api/cron';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString().replace('.000Z', 'Z'));

describe('cron schedules (robfig/cron ParseStandard + SpecSchedule.Next)', () => {
  it.each([
    ['*/1 * * * *', '2025-01-01T00:00:02Z', '2025-01-01T00:01:00Z'],
    ['* * * * *', '2025-01-01T00:01:00Z', '2025-01-01T00:02:00Z'],
    ['*/5 * * * *', '2025-01-01T00:03:00Z', '2025-01-01T00:05:00Z'],
    ['0 */2 * * *', '2025-01-01T01:00:00Z', '2025-01-01T02:00:00Z'],
    ['30 9 * * 1-5', '2025-01-03T10:00:00Z', '2025-01-06T09:30:00Z'], // Friday after 9:30 -> Monday
    ['0 0 1 jan,jul *', '2025-01-01T00:00:00Z', '2025-07-01T00:00:00Z'],
    ['0 12 * * SUN', '2025-01-01T00:00:00Z', '2025-01-05T12:00:00Z'],
    ['0 0 13 * 5', '2025-01-01T00:00:00Z', '2025-01-03T00:00:00Z'], // day-of-month OR day-of-week
    ['0 0 13 * *', '2025-01-01T00:00:00Z', '2025-01-13T00:00:00Z'],
    ['@hourly', '2025-01-01T00:00:02Z', '2025-01-01T01:00:00Z'],
    ['@daily', '2025-01-01T00:00:02Z', '2025-01-02T00:00:00Z'],
    ['@weekly', '2025-01-01T00:00:02Z', '2025-01-05T00:00:00Z'],
    ['@monthly', '2025-01-01T00:00:02Z', '2025-02-01T00:00:00Z'],
    ['@yearly', '2025-01-01T00:00:02Z', '2026-01-01T00:00:00Z'],
    ['0 0 29 2 *', '2025-01-01T00:00:00Z', '2028-02-29T00:00:00Z']
  ])('%s after %s is %s', (spec, after, next) => {
    expect(iso(nextActivation(parseStandard(spec), at(after)))).toBe(next);
  });

  it('runs a schedule in a time zone east of UTC (Asia/Tokyo is UTC+9)', () => {
    const tokyo = zoneOffsetMinutes('Asia/Tokyo', at('2025-01-01T00:00:00Z'));
    expect(tokyo).toBe(540);
    expect(iso(nextActivation(parseStandard('0 9 * * *'), at('2025-01-01T00:00:02Z'), tokyo))).toBe('2025-01-02T00:00:00Z');
    expect(zoneOffsetMinutes('Mars/Olympus', 0)).toBeUndefined();
  });

  it.each([
    ['', 'empty spec string'],
    ['1', 'expected exactly 5 fields, found 1: [1]'],
    ['* * * *', 'expected exactly 5 fields, found 4: [* * * *]'],
    ['60 * * * *', 'end of range (60) above maximum (59): 60'],
    ['* 0-24 * * *', 'end of range (24) above maximum (23): 0-24'],
    ['* * 0 * *', 'beginning of range (0) below minimum (1): 0'],
    ['5-1 * * * *', 'beginning of range (5) beyond end of range (1): 5-1'],
    ['*/0 * * * *', 'step of range should be a positive number: */0'],
    ['1-2-3 * * * *', 'too many hyphens: 1-2-3'],
    ['a * * * *', 'failed to parse int from a: strconv.Atoi: parsing "a": invalid syntax'],
    ['@fortnightly', 'unrecognized descriptor: @fortnightly']
  ])('refuses %j: %s', (spec, message) => {
    expect(() => parseStandard(spec)).toThrow(CronParseError);
    expect(() => parseStandard(spec)).toThrow(message);
  });
});
