import { describe, expect, it } from 'vitest';
import { eventRows, filterEventRows, lastSeenOf, type EventRow } from './events';

const event = (name: string, fields: Record<string, unknown>) => ({ metadata: { name, namespace: 'default' }, ...fields });

describe('lastSeenOf', () => {
  it.each([
    ['series wins', { series: { lastObservedTime: '2025-01-01T00:00:09.500000Z' }, lastTimestamp: '2025-01-01T00:00:05Z' }, 9500],
    ['lastTimestamp', { lastTimestamp: '2025-01-01T00:01:00Z', eventTime: '2025-01-01T00:00:01.000000Z' }, 60_000],
    ['eventTime', { eventTime: '2025-01-01T00:00:01.250000Z' }, 1250],
    ['creation', { metadata: { creationTimestamp: '2025-01-01T00:00:02Z' } }, 2000],
    ['nothing', {}, undefined]
  ])('%s', (_, e, want) => expect(lastSeenOf(e)).toBe(want));
});

describe('eventRows', () => {
  it('prints kubectl columns, newest first', () => {
    const rows = eventRows(
      new Map([
        [
          'default/a',
          event('a', {
            type: 'Normal',
            reason: 'Scheduled',
            involvedObject: { kind: 'Pod', name: 'web-1' },
            message: 'Successfully assigned default/web-1 to worker-1',
            lastTimestamp: '2025-01-01T00:00:05Z'
          })
        ],
        ['default/b', event('b', { type: 'Warning', reason: 'BackOff', involvedObject: { kind: 'Pod', name: 'web-2' }, message: 'Back-off', lastTimestamp: '2025-01-01T00:00:30Z', count: 3 })]
      ])
    );
    expect(rows.map((r) => [r.reason, r.type, r.object, r.lastSeen, r.count])).toEqual([
      ['BackOff', 'Warning', 'pod/web-2', 30_000, 3],
      ['Scheduled', 'Normal', 'pod/web-1', 5000, 1]
    ]);
  });
});

describe('filterEventRows', () => {
  const row = (reason: string, type: string, object: string, message: string): EventRow => ({ key: reason, lastSeen: 0, type, reason, object, message, count: 1 });
  const rows = [row('Scheduled', 'Normal', 'pod/web-1', 'Successfully assigned default/web-1 to worker-1'), row('BackOff', 'Warning', 'pod/crash', 'Back-off restarting failed container'), row('Pulled', 'Normal', 'pod/web-1', 'Container image "nginx" already present')];
  it.each([
    ['', false, ['Scheduled', 'BackOff', 'Pulled']],
    ['web-1', false, ['Scheduled', 'Pulled']],
    ['WEB-1 worker-1', false, ['Scheduled']],
    ['', true, ['BackOff']],
    ['nginx', true, []]
  ])('%j, warnings only %s', (q, warnings, want) => {
    expect(filterEventRows(rows, q, warnings).map((r) => r.reason)).toEqual(want);
  });
});
