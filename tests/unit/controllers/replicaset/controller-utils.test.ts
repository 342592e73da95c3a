import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../../src/sim/apiserver/store';
import { timestamp } from '../../../../src/sim/kernel/clock';
import {
  EXPECTATIONS_TIMEOUT_MS, POD_DELETION_COST, UIDTrackingControllerExpectations, activePodsWithRanksLess, filterActivePods, getDeletionCost,
  getPodsToDelete, isPodAvailable, slowStartBatch, slowStartBatchSizes
} from '../../../../src/sim/controllers/replicaset/controller-utils';

// upstream: pkg/controller/controller_utils_test.go TestSortingActivePodsWithRanks
const HOUR = 3_600_000;
const NOW = 40 * 24 * HOUR;
const then1Month = NOW - 30 * 24 * HOUR;
const then2Hours = NOW - 2 * HOUR;
const then5Hours = NOW - 5 * HOUR;
const then8Hours = NOW - 8 * HOUR;

function pod(name: string, nodeName: string, phase: string, ready: boolean, restarts: number, readySince: number | undefined, created: number | undefined, annotations?: Record<string, string>): KObject {
  const ts = (ms: number | undefined) => (ms === undefined ? undefined : timestamp(ms));
  return {
    metadata: { name, namespace: 'default', creationTimestamp: ts(created), ...(annotations ? { annotations } : {}) },
    spec: { nodeName },
    status: {
      phase,
      conditions: ready ? [{ type: 'Ready', status: 'True', lastTransitionTime: ts(readySince) }] : [],
      containerStatuses: [{ restartCount: restarts }]
    }
  };
}

const unscheduledPod = pod('unscheduled', '', 'Pending', false, 0, undefined, undefined);
const scheduledPendingPod = pod('pending', 'node', 'Pending', false, 0, undefined, undefined);
const unknownPhasePod = pod('unknown-phase', 'node', 'Unknown', false, 0, undefined, undefined);
const runningNotReadyPod = pod('not-ready', 'node', 'Running', false, 0, undefined, undefined);
const runningReadyNoLastTransitionTimePod = pod('ready-no-last-transition-time', 'node', 'Running', true, 0, undefined, undefined);
const runningReadyNow = pod('ready-now', 'node', 'Running', true, 0, NOW, NOW);
const runningReadyThen = pod('ready-then', 'node', 'Running', true, 0, then1Month, then1Month);
const runningReadyNowHighRestarts = pod('ready-high-restarts', 'node', 'Running', true, 9001, NOW, NOW);
const runningReadyNowCreatedThen = pod('ready-now-created-then', 'node', 'Running', true, 0, NOW, then1Month);
const lowPodDeletionCost = pod('low-deletion-cost', 'node', 'Running', true, 0, NOW, then1Month, { [POD_DELETION_COST]: '10' });
const highPodDeletionCost = pod('high-deletion-cost', 'node', 'Running', true, 0, NOW, then1Month, { [POD_DELETION_COST]: '100' });
const unscheduled5Hours = pod('unscheduled-5-hours', '', 'Pending', false, 0, then5Hours, then5Hours);
const unscheduled8Hours = pod('unscheduled-10-hours', '', 'Pending', false, 0, then8Hours, then8Hours);
const ready2Hours = pod('ready-2-hours', '', 'Running', true, 0, then2Hours, then1Month);
const ready5Hours = pod('ready-5-hours', '', 'Running', true, 0, then5Hours, then1Month);
const ready10Hours = pod('ready-10-hours', '', 'Running', true, 0, then8Hours, then1Month);

describe('activePodsWithRanksLess (upstream TestSortingActivePodsWithRanks)', () => {
  const equality: { p1: KObject; p2?: KObject }[] = [
    { p1: unscheduledPod },
    { p1: scheduledPendingPod },
    { p1: unknownPhasePod },
    { p1: runningNotReadyPod },
    { p1: runningReadyNowCreatedThen },
    { p1: runningReadyNow },
    { p1: runningReadyThen },
    { p1: runningReadyNowHighRestarts },
    // Same logarithmic bucket: equal (no UIDs to break the tie).
    { p1: unscheduled5Hours, p2: unscheduled8Hours },
    { p1: ready5Hours, p2: ready10Hours }
  ];
  for (const { p1, p2 = p1 } of equality) {
    it(`${p1.metadata.name} == ${p2.metadata.name}`, () => {
      const a = { pod: p1, rank: 1 };
      const b = { pod: p2, rank: 1 };
      expect(activePodsWithRanksLess(a, b, NOW)).toBe(false);
      expect(activePodsWithRanksLess(b, a, NOW)).toBe(false);
    });
  }

  const inequality: { name: string; lesser: [KObject, number]; greater: [KObject, number] }[] = [
    { name: 'unassigned < assigned', lesser: [unscheduledPod, 1], greater: [scheduledPendingPod, 2] },
    { name: 'unassigned < assigned, whatever the rank', lesser: [unscheduledPod, 2], greater: [scheduledPendingPod, 1] },
    { name: 'Pending < Unknown', lesser: [scheduledPendingPod, 1], greater: [unknownPhasePod, 2] },
    { name: 'Unknown < Running', lesser: [unknownPhasePod, 1], greater: [runningNotReadyPod, 2] },
    { name: 'not ready < ready', lesser: [runningNotReadyPod, 1], greater: [runningReadyNoLastTransitionTimePod, 1] },
    { name: 'ready for no time < ready since now', lesser: [runningReadyNoLastTransitionTimePod, 1], greater: [runningReadyNow, 1] },
    { name: 'doubled up < not doubled up', lesser: [runningReadyNow, 2], greater: [runningReadyNoLastTransitionTimePod, 1] },
    { name: 'ready less time < ready more time', lesser: [runningReadyNow, 1], greater: [runningReadyThen, 1] },
    { name: 'doubled up before ready time', lesser: [runningReadyNow, 2], greater: [runningReadyThen, 1] },
    { name: 'more restarts < fewer restarts', lesser: [runningReadyNowHighRestarts, 1], greater: [runningReadyNow, 1] },
    { name: 'doubled up before restarts', lesser: [runningReadyNow, 2], greater: [runningReadyNowHighRestarts, 1] },
    { name: 'newer < older', lesser: [runningReadyNow, 1], greater: [runningReadyNowCreatedThen, 1] },
    { name: 'doubled up before creation time', lesser: [runningReadyNowCreatedThen, 2], greater: [runningReadyNow, 1] },
    { name: 'lower deletion cost < higher, before rank', lesser: [lowPodDeletionCost, 2], greater: [highPodDeletionCost, 1] },
    { name: 'ready 2h < ready 5h (different log2 buckets)', lesser: [ready2Hours, 1], greater: [ready5Hours, 1] }
  ];
  for (const { name, lesser, greater } of inequality) {
    it(`${name}: ${lesser[0].metadata.name}/${lesser[1]} < ${greater[0].metadata.name}/${greater[1]}`, () => {
      const a = { pod: lesser[0], rank: lesser[1] };
      const b = { pod: greater[0], rank: greater[1] };
      expect(activePodsWithRanksLess(a, b, NOW)).toBe(true);
      expect(activePodsWithRanksLess(b, a, NOW)).toBe(false);
    });
  }

  it('breaks a tie in the same logarithmic bucket by UID', () => {
    const a = { pod: { ...unscheduled5Hours, metadata: { ...unscheduled5Hours.metadata, uid: 'b' } }, rank: 0 };
    const b = { pod: { ...unscheduled8Hours, metadata: { ...unscheduled8Hours.metadata, uid: 'a' } }, rank: 0 };
    expect(activePodsWithRanksLess(b, a, NOW)).toBe(true);
    expect(activePodsWithRanksLess(a, b, NOW)).toBe(false);
  });
});

describe('getPodsToDelete', () => {
  const onNode = (name: string, node: string, created: number) => pod(name, node, 'Running', true, 0, created, created);
  const cases: { name: string; pods: KObject[]; related?: KObject[]; diff: number; want: string[] }[] = [
    { name: 'every pod goes: no sorting', pods: [runningReadyThen, unscheduledPod], diff: 2, want: ['ready-then', 'unscheduled'] },
    { name: 'unscheduled and pending first', pods: [runningReadyThen, scheduledPendingPod, unscheduledPod], diff: 2, want: ['unscheduled', 'pending'] },
    {
      name: 'the pod doubled up on a node goes first',
      pods: [onNode('a', 'n1', then1Month), onNode('b', 'n2', then1Month), onNode('c', 'n2', then1Month)],
      diff: 1,
      want: ['b']
    },
    {
      name: 'deletion cost beats age',
      pods: [pod('old-cheap', 'n', 'Running', true, 0, then1Month, then1Month, { [POD_DELETION_COST]: '-5' }), runningReadyNow],
      diff: 1,
      want: ['old-cheap']
    },
    { name: 'the newest pod goes first', pods: [pod('old', '', 'Pending', false, 0, undefined, then1Month), pod('new', '', 'Pending', false, 0, undefined, then2Hours)], diff: 1, want: ['new'] }
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(getPodsToDelete(c.pods, c.related ?? c.pods, c.diff, NOW).map((p) => p.metadata.name)).toEqual(c.want);
    });
  }
});

describe('pod helpers', () => {
  it('filterActivePods drops terminal and terminating pods (upstream FilterActivePods)', () => {
    const terminating = { ...runningReadyNow, metadata: { ...runningReadyNow.metadata, name: 'terminating', deletionTimestamp: timestamp(NOW) } };
    const pods = [runningReadyNow, pod('done', 'n', 'Succeeded', false, 0, undefined, NOW), pod('failed', 'n', 'Failed', false, 0, undefined, NOW), terminating, scheduledPendingPod];
    expect(filterActivePods(pods).map((p) => p.metadata.name)).toEqual(['ready-now', 'pending']);
  });

  const costs: [string | undefined, number][] = [[undefined, 0], ['10', 10], ['-3', -3], ['0', 0], ['+10', 0], ['008', 0], ['abc', 0], ['2147483648', 0], ['-2147483648', -2147483648]];
  for (const [value, want] of costs) {
    it(`deletion cost annotation ${JSON.stringify(value)} -> ${want}`, () => {
      const p = pod('p', 'n', 'Running', false, 0, undefined, NOW, value === undefined ? undefined : { [POD_DELETION_COST]: value });
      expect(getDeletionCost(p)).toBe(want);
    });
  }

  it('isPodAvailable waits minReadySeconds after the Ready transition', () => {
    const p = pod('p', 'n', 'Running', true, 0, NOW, NOW);
    expect(isPodAvailable(p, 0, NOW)).toBe(true);
    expect(isPodAvailable(p, 10, NOW + 10_000)).toBe(false);
    expect(isPodAvailable(p, 10, NOW + 11_000)).toBe(true);
    expect(isPodAvailable(runningNotReadyPod, 0, NOW)).toBe(false);
  });
});

describe('slowStartBatch', () => {
  const sizes: [number, number[]][] = [[0, []], [1, [1]], [3, [1, 2]], [7, [1, 2, 4]], [10, [1, 2, 4, 3]], [20, [1, 2, 4, 8, 5]]];
  for (const [count, want] of sizes) it(`${count} calls in batches ${JSON.stringify(want)}`, () => expect(slowStartBatchSizes(count, 1)).toEqual(want));

  const runs: { name: string; count: number; failAt: number[]; successes: number; calls: number }[] = [
    { name: 'all succeed', count: 10, failAt: [], successes: 10, calls: 10 },
    { name: 'the first call fails: nothing more is tried', count: 10, failAt: [1], successes: 0, calls: 1 },
    { name: 'a failure in the third batch ends it; the batch finishes', count: 10, failAt: [5], successes: 6, calls: 7 },
    { name: 'two failures in one batch: the first error', count: 10, failAt: [4, 6], successes: 5, calls: 7 }
  ];
  for (const r of runs) {
    it(r.name, () => {
      let calls = 0;
      let result: [number, string | undefined] | undefined;
      slowStartBatch<string>(
        r.count,
        1,
        (done) => {
          calls++;
          done(r.failAt.includes(calls) ? `error ${calls}` : undefined);
        },
        (successes, err) => (result = [successes, err])
      );
      expect(calls).toBe(r.calls);
      expect(result).toEqual([r.successes, r.failAt.length > 0 ? `error ${r.failAt[0]}` : undefined]);
    });
  }

  it('waits for a whole batch before starting the next', () => {
    const pending: (() => void)[] = [];
    let finished = false;
    slowStartBatch<string>(7, 1, (done) => pending.push(() => done()), () => (finished = true));
    const batches: number[] = [];
    while (pending.length > 0) {
      batches.push(pending.length);
      for (const f of pending.splice(0)) f();
    }
    expect(batches).toEqual([1, 2, 4]);
    expect(finished).toBe(true);
  });
});

describe('UIDTrackingControllerExpectations', () => {
  it('is satisfied once every expected creation is observed', () => {
    let now = 0;
    const e = new UIDTrackingControllerExpectations(() => now);
    expect(e.satisfiedExpectations('default/rs')).toBe(true);
    e.expectCreations('default/rs', 2);
    expect(e.satisfiedExpectations('default/rs')).toBe(false);
    e.creationObserved('default/rs');
    expect(e.satisfiedExpectations('default/rs')).toBe(false);
    e.creationObserved('default/rs');
    expect(e.satisfiedExpectations('default/rs')).toBe(true);
  });

  it('counts only the deletions it expected', () => {
    const e = new UIDTrackingControllerExpectations(() => 0);
    e.expectDeletions('default/rs', ['default/a', 'default/b']);
    e.deletionObserved('default/rs', 'default/other');
    e.deletionObserved('default/rs', 'default/a');
    e.deletionObserved('default/rs', 'default/a');
    expect(e.get('default/rs')).toEqual({ add: 0, del: 1 });
    expect(e.satisfiedExpectations('default/rs')).toBe(false);
    e.deletionObserved('default/rs', 'default/b');
    expect(e.satisfiedExpectations('default/rs')).toBe(true);
  });

  it('expires after 5 minutes', () => {
    let now = 1000;
    const e = new UIDTrackingControllerExpectations(() => now);
    e.expectCreations('default/rs', 3);
    now += EXPECTATIONS_TIMEOUT_MS;
    expect(e.satisfiedExpectations('default/rs')).toBe(false);
    now += 1;
    expect(e.satisfiedExpectations('default/rs')).toBe(true);
    e.deleteExpectations('default/rs');
    expect(e.get('default/rs')).toBeUndefined();
  });
});
