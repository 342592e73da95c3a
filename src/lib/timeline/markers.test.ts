import { describe, expect, it } from 'vitest';
import { foldMarkers, layoutMarkers, markerKind, markersUpTo, type Marker } from './markers';
import { timestamp } from '../../sim/kernel/clock';
import type { ObjectChange } from '../bridge/protocol';

function ev(name: string, type: string, reason: string, atMs: number, count = 1, pod = 'web-1'): ObjectChange {
  return {
    type: count === 1 ? 'ADDED' : 'MODIFIED',
    resource: 'events',
    key: `default/${name}`,
    object: { metadata: { name, namespace: 'default' }, type, reason, count, lastTimestamp: timestamp(atMs), firstTimestamp: timestamp(0), involvedObject: { kind: 'Pod', namespace: 'default', name: pod }, message: `${reason} happened` }
  };
}

describe('timeline markers', () => {
  const kinds: { reason: string; type: string; want: string | undefined }[] = [
    { reason: 'Evicted', type: 'Warning', want: 'evicted' },
    { reason: 'OOMKilling', type: 'Warning', want: 'oom' },
    { reason: 'Killing', type: 'Normal', want: 'killing' },
    { reason: 'BackOff', type: 'Warning', want: 'warning' },
    { reason: 'FailedScheduling', type: 'Warning', want: 'warning' },
    { reason: 'ScalingReplicaSet', type: 'Normal', want: 'normal' },
    { reason: 'Scheduled', type: 'Normal', want: undefined },
    { reason: 'Pulled', type: 'Normal', want: undefined }
  ];
  for (const k of kinds) it(`${k.type} ${k.reason} -> ${k.want ?? 'no mark'}`, () => expect(markerKind({ type: k.type, reason: k.reason })).toBe(k.want));

  it('marks each occurrence once, at its time, sorted, and keeps marks of deleted events', () => {
    let m: readonly Marker[] = [];
    m = foldMarkers(m, [ev('a', 'Warning', 'BackOff', 30_000), ev('b', 'Normal', 'Scheduled', 31_000), ev('c', 'Normal', 'Killing', 12_000)]);
    expect(m.map((x) => `${x.kind}@${x.t}`)).toEqual(['killing@12000', 'warning@30000']);
    const same = foldMarkers(m, [ev('a', 'Warning', 'BackOff', 30_000)]);
    expect(same).toBe(m);
    m = foldMarkers(m, [ev('a', 'Warning', 'BackOff', 45_000, 2), { ...ev('c', 'Normal', 'Killing', 12_000), type: 'DELETED' }]);
    expect(m.map((x) => `${x.kind}@${x.t}`)).toEqual(['killing@12000', 'warning@30000', 'warning@45000']);
    expect(m[2]).toMatchObject({ reason: 'BackOff', object: 'Pod default/web-1', message: 'BackOff happened' });
    expect(markersUpTo(m, 40_000).map((x) => x.t)).toEqual([12_000, 30_000]);
  });

  it('merges nearby marks of the same kind into one with a count', () => {
    const m = foldMarkers([], [ev('a', 'Warning', 'BackOff', 10_000), ev('a', 'Warning', 'BackOff', 11_000, 2), ev('a', 'Warning', 'BackOff', 12_000, 3), ev('e', 'Warning', 'Evicted', 11_000), ev('z', 'Warning', 'BackOff', 90_000)]);
    // 100 s across 1000 px: 1 s is 10 px, so 10 s and 11 s are apart; at 100 px they merge.
    expect(layoutMarkers(m, 100_000, 1000).map((x) => `${x.kind}×${x.count}@${x.x}`)).toEqual(['warning×1@100', 'warning×1@110', 'evicted×1@110', 'warning×1@120', 'warning×1@900']);
    expect(layoutMarkers(m, 100_000, 100).map((x) => `${x.kind}×${x.count}@${x.x}`)).toEqual(['warning×3@10', 'evicted×1@11', 'warning×1@90']);
  });
});
