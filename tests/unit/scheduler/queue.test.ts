import { describe, expect, it } from 'vitest';
import { SimClock } from '../../../src/sim/kernel/clock';
import { SchedulingQueue, backoffDuration } from '../../../src/sim/scheduler/queue/scheduling-queue';
import { newPrioritySort } from '../../../src/sim/scheduler/plugins/queuesort/priority-sort';
import { newSchedulingGates } from '../../../src/sim/scheduler/plugins/schedulinggates/scheduling-gates';
import { pod } from './helpers';

function setup() {
  const clock = new SimClock();
  const sort = newPrioritySort();
  const gates = newSchedulingGates();
  const q = new SchedulingQueue(clock, (a, b) => sort.less(a, b), (p) => gates.preEnqueue(p).withPlugin('SchedulingGates'), () => {});
  return { clock, q };
}

/** Pops a pod and fails it as unschedulable (rejected by `plugin`). */
function fail(q: SchedulingQueue, plugin = 'NodeResourcesFit') {
  const qpi = q.pop()!;
  qpi.unschedulablePlugins = new Set([plugin]);
  q.addUnschedulableIfNotPresent(qpi, q.schedulingCycle);
  return qpi;
}

describe('backoffDuration', () => {
  const cases = [
    { attempts: 1, want: 1000 },
    { attempts: 2, want: 2000 },
    { attempts: 3, want: 4000 },
    { attempts: 4, want: 8000 },
    { attempts: 5, want: 10_000 },
    { attempts: 20, want: 10_000 }
  ];
  for (const c of cases) it(`${c.attempts} attempts -> ${c.want} ms`, () => expect(backoffDuration(c.attempts)).toBe(c.want));
});

describe('SchedulingQueue', () => {
  it('pops by priority, then by arrival', () => {
    const { clock, q } = setup();
    q.add(pod('low', [], { priority: 0 }));
    clock.runUntil(10);
    q.add(pod('high', [], { priority: 100 }));
    q.add(pod('low2', [], { priority: 0 }));
    expect([q.pop(), q.pop(), q.pop()].map((p) => p!.pod.metadata!.name)).toEqual(['high', 'low', 'low2']);
  });

  it('keeps gated pods out of activeQ until the gates go', () => {
    const { q } = setup();
    const gated = pod('g', [], { schedulingGates: [{ name: 'wait' }] });
    q.add(gated);
    expect(q.whereIs('default/g')).toBe('gated');
    expect(q.pop()).toBeUndefined();
    q.moveAllToActiveOrBackoffQueue('NodeAdd');
    expect(q.whereIs('default/g')).toBe('gated');
    q.update(gated, pod('g'));
    expect(q.whereIs('default/g')).toBe('activeQ');
  });

  it('moves an unschedulable pod on a relevant event: to backoffQ while backing off, then activeQ on the 1 s grid', () => {
    const { clock, q } = setup();
    q.add(pod('p'));
    fail(q);
    expect(q.whereIs('default/p')).toBe('unschedulable');
    q.moveAllToActiveOrBackoffQueue('NodeAdd');
    expect(q.whereIs('default/p')).toBe('backoffQ');
    clock.runUntil(999);
    expect(q.whereIs('default/p')).toBe('backoffQ');
    clock.runUntil(1000);
    expect(q.whereIs('default/p')).toBe('activeQ');
  });

  it('ignores events that cannot help the rejecting plugin', () => {
    const { q } = setup();
    q.add(pod('p'));
    fail(q, 'TaintToleration');
    q.moveAllToActiveOrBackoffQueue('AssignedPodDelete');
    expect(q.whereIs('default/p')).toBe('unschedulable');
    q.moveAllToActiveOrBackoffQueue('NodeUpdate');
    expect(q.whereIs('default/p')).not.toBe('unschedulable');
  });

  it('a move request during the attempt sends the failed pod to backoffQ, not unschedulable', () => {
    const { clock, q } = setup();
    q.add(pod('p'));
    const qpi = q.pop()!;
    q.moveAllToActiveOrBackoffQueue('NodeAdd');
    q.addUnschedulableIfNotPresent(qpi, q.schedulingCycle);
    expect(q.whereIs('default/p')).toBe('backoffQ');
    clock.runUntil(1000);
    expect(q.whereIs('default/p')).toBe('activeQ');
  });

  it('the back-off doubles with attempts', () => {
    const { clock, q } = setup();
    q.add(pod('p'));
    fail(q);
    q.moveAllToActiveOrBackoffQueue('NodeAdd');
    clock.runUntil(1000);
    fail(q); // attempt 2 at t=1000: back-off 2 s
    q.moveAllToActiveOrBackoffQueue('NodeAdd');
    clock.runUntil(2999);
    expect(q.whereIs('default/p')).toBe('backoffQ');
    clock.runUntil(3000);
    expect(q.whereIs('default/p')).toBe('activeQ');
  });

  it('flushes pods unschedulable for more than 5 minutes, on the 30 s grid', () => {
    const { clock, q } = setup();
    clock.runUntil(5000);
    q.add(pod('p'));
    fail(q); // unschedulable since t=5 s
    clock.runUntil(5000 + 300_000);
    expect(q.whereIs('default/p')).toBe('unschedulable');
    clock.runUntil(329_999);
    expect(q.whereIs('default/p')).toBe('unschedulable');
    clock.runUntil(330_000);
    expect(q.whereIs('default/p')).toBe('activeQ');
  });

  it('delete removes the pod wherever it is', () => {
    const { q } = setup();
    const p = pod('p');
    q.add(p);
    fail(q);
    q.delete(p);
    expect(q.whereIs('default/p')).toBeUndefined();
  });
});
