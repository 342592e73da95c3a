// The disruption controller's arithmetic: expected pods, desired and current healthy, disruptions allowed.
// upstream: pkg/controller/disruption/disruption_test.go (TestNoSelector, TestUnavailable, TestIntegerMaxUnavailable,
// TestReplicaSet, TestMultipleController...), disruption.go getExpectedPodCount / countHealthyPods / buildDisruptedPodMap.
import { describe, expect, it } from 'vitest';
import { buildDisruptedPodMap, countHealthyPods, DELETION_TIMEOUT_MS, getExpectedPodCount, nextPdbStatus, type ScaleFinder } from '../../../../src/sim/controllers/disruption/status';
import { timestamp } from '../../../../src/sim/kernel/clock';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Obj = Record<string, any>;

function pod(name: string, opts: { ready?: boolean; owner?: string; deleting?: boolean } = {}): Obj {
  return {
    metadata: {
      name,
      namespace: 'default',
      labels: { app: 'web' },
      ...(opts.owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: opts.owner, uid: `uid-${opts.owner}`, controller: true }] } : {}),
      ...(opts.deleting ? { deletionTimestamp: timestamp(0) } : {})
    },
    status: { conditions: [{ type: 'Ready', status: opts.ready === false ? 'False' : 'True' }] }
  };
}

const pdb = (spec: Obj, status: Obj = {}): Obj => ({ metadata: { name: 'web', namespace: 'default', generation: 1 }, spec: { selector: { matchLabels: { app: 'web' } }, ...spec }, status });

/** A ReplicaSet `rs` of the given scale, owned by nothing. */
const scaleOf = (scales: Record<string, number>): ScaleFinder => (ref) => (ref.name in scales ? { uid: ref.uid, scale: scales[ref.name] } : undefined);

describe('getExpectedPodCount', () => {
  const three = [pod('a', { owner: 'rs' }), pod('b', { owner: 'rs' }), pod('c', { owner: 'rs' })];
  it.each([
    ['integer minAvailable counts the pods themselves', { minAvailable: 2 }, three, { rs: 5 }, { expectedCount: 3, desiredHealthy: 2 }],
    ['percent minAvailable uses the scale, rounded up', { minAvailable: '50%' }, three, { rs: 5 }, { expectedCount: 5, desiredHealthy: 3 }],
    ['integer maxUnavailable is the scale minus it', { maxUnavailable: 1 }, three, { rs: 3 }, { expectedCount: 3, desiredHealthy: 2 }],
    ['maxUnavailable 30% of 4 rounds up to 2 unavailable', { maxUnavailable: '30%' }, three, { rs: 4 }, { expectedCount: 4, desiredHealthy: 2 }],
    ['maxUnavailable above the scale floors desired at 0', { maxUnavailable: 7 }, three, { rs: 3 }, { expectedCount: 3, desiredHealthy: 0 }],
    ['neither set: nothing expected', {}, three, { rs: 3 }, { expectedCount: 0, desiredHealthy: 0 }]
  ])('%s', (_name, spec, pods, scales, want) => {
    expect(getExpectedPodCount(pdb(spec), pods, scaleOf(scales))).toMatchObject(want);
  });

  it('lists pods with no controller as unmanaged and counts only the managed scale', () => {
    const r = getExpectedPodCount(pdb({ maxUnavailable: 1 }), [pod('a', { owner: 'rs' }), pod('bare')], scaleOf({ rs: 2 }));
    expect(r).toEqual({ expectedCount: 2, desiredHealthy: 1, unmanagedPods: ['bare'] });
  });

  it('fails when a pod names a controller that cannot be found', () => {
    expect(() => getExpectedPodCount(pdb({ minAvailable: '50%' }), [pod('a', { owner: 'gone' })], scaleOf({}))).toThrow('found no controllers for pod "a"');
  });
});

describe('countHealthyPods and buildDisruptedPodMap', () => {
  it('counts Ready pods, not unready ones, not deleting ones, not ones evicted less than 2 minutes ago', () => {
    const pods = [pod('a'), pod('b', { ready: false }), pod('c', { deleting: true }), pod('d'), pod('e')];
    const now = 300_000;
    const disrupted = { d: timestamp(now - 1000), e: timestamp(now - DELETION_TIMEOUT_MS - 1000) };
    expect(countHealthyPods(pods, disrupted, now)).toBe(2); // a, and e whose eviction expired
  });

  it('keeps recent disruptions, drops expired ones and those of pods already deleting, and says when to look again', () => {
    const now = 300_000;
    const pods = [pod('a'), pod('b'), pod('c', { deleting: true })];
    const map = buildDisruptedPodMap(pods, pdb({ minAvailable: 1 }, { disruptedPods: { a: timestamp(now - 30_000), b: timestamp(now - 200_000), c: timestamp(now) } }), now);
    expect(map.disruptedPods).toEqual({ a: timestamp(now - 30_000) });
    expect(map.expired).toEqual(['b']);
    expect(map.recheckAt).toBe(now - 30_000 + DELETION_TIMEOUT_MS);
  });
});

describe('nextPdbStatus', () => {
  it('allows currentHealthy - desiredHealthy disruptions with DisruptionAllowed=True/SufficientPods', () => {
    const next = nextPdbStatus(pdb({ minAvailable: 2 }), 3, 2, 3, {}, 5000)!;
    expect(next.status).toEqual({
      observedGeneration: 1,
      disruptionsAllowed: 1,
      currentHealthy: 3,
      desiredHealthy: 2,
      expectedPods: 3,
      conditions: [{ type: 'DisruptionAllowed', status: 'True', observedGeneration: 1, lastTransitionTime: timestamp(5000), reason: 'SufficientPods', message: '' }]
    });
    // Nothing changed: no write.
    expect(nextPdbStatus(next, 3, 2, 3, {}, 9000)).toBeUndefined();
    // One pod less: InsufficientPods, and the transition time moves.
    const after = nextPdbStatus(next, 2, 2, 3, {}, 9000)!;
    expect(after.status.disruptionsAllowed).toBe(0);
    expect(after.status.conditions[0]).toMatchObject({ status: 'False', reason: 'InsufficientPods', lastTransitionTime: timestamp(9000) });
  });

  it('allows nothing while it expects no pods', () => {
    expect(nextPdbStatus(pdb({ maxUnavailable: 1 }), 0, 0, 0, {}, 0)!.status.disruptionsAllowed).toBe(0);
  });
});
