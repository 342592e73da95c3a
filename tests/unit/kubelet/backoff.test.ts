import { describe, expect, it } from 'vitest';
import { Backoff } from '../../../src/sim/kubelet/container/backoff';

// upstream: staging/src/k8s.io/client-go/util/flowcontrol/backoff.go; fact sheet 1.3.
describe('flowcontrol Backoff', () => {
  it('starts at 10s, doubles up to 300s', () => {
    const b = new Backoff();
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      b.next('k', i * 1000);
      seen.push(b.get('k'));
    }
    expect(seen).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000]);
  });

  it('restarts from 10s when the last update is more than 2 x max (10 min) old', () => {
    const b = new Backoff();
    b.next('k', 0);
    b.next('k', 1000);
    expect(b.get('k')).toBe(20_000);
    b.next('k', 1000 + 600_001);
    expect(b.get('k')).toBe(10_000);
  });

  const cases: { name: string; updates: number[]; eventTime: number; now: number; want: boolean }[] = [
    { name: 'no entry', updates: [], eventTime: 0, now: 1, want: false },
    { name: 'inside the back-off since the event', updates: [0], eventTime: 5_000, now: 14_999, want: true },
    { name: 'back-off elapsed since the event', updates: [0], eventTime: 5_000, now: 15_000, want: false },
    { name: 'second failure doubles', updates: [0, 1_000], eventTime: 2_000, now: 21_000, want: true },
    { name: 'entry expired', updates: [0], eventTime: 600_001, now: 600_002, want: false }
  ];
  for (const c of cases) {
    it(`IsInBackOffSince: ${c.name}`, () => {
      const b = new Backoff();
      for (const t of c.updates) b.next('k', t);
      expect(b.isInBackOffSince('k', c.eventTime, c.now)).toBe(c.want);
    });
  }

  it('IsInBackOffSinceUpdate counts from the last failure (image pulls)', () => {
    const b = new Backoff();
    b.next('uid_nginx:nope', 1_000);
    expect(b.isInBackOffSinceUpdate('uid_nginx:nope', 10_999)).toBe(true);
    expect(b.isInBackOffSinceUpdate('uid_nginx:nope', 11_000)).toBe(false);
    expect(b.expiresAt('uid_nginx:nope')).toBe(11_000);
  });
});
