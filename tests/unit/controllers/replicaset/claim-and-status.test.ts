import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../../src/sim/apiserver/store';
import { selectorFromLabelSelector } from '../../../../src/sim/api/labels';
import { timestamp } from '../../../../src/sim/kernel/clock';
import { claimDecision, claimPods, type ClaimDecision } from '../../../../src/sim/controllers/replicaset/controller-ref-manager';
import { calculateStatus, statusUpToDate } from '../../../../src/sim/controllers/replicaset/replica-set-utils';
import { RateLimitingQueue, exponentialBackoff } from '../../../../src/sim/client/workqueue';

const rs = (extra: Record<string, unknown> = {}): KObject => ({
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: { name: 'frontend', namespace: 'default', uid: 'rs-uid', generation: 2, ...extra },
  spec: { replicas: 3, minReadySeconds: 0, selector: { matchLabels: { tier: 'frontend' } }, template: { metadata: { labels: { tier: 'frontend', app: 'guestbook' } } } },
  status: { replicas: 0, observedGeneration: 1 }
});
const ref = (uid: string) => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'x', uid, controller: true, blockOwnerDeletion: true });
const pod = (name: string, labels: Record<string, string>, meta: Record<string, unknown> = {}, status: Record<string, unknown> = {}): KObject => ({
  metadata: { name, namespace: 'default', uid: `${name}-uid`, labels, ...meta },
  spec: {},
  status: { phase: 'Pending', ...status }
});
const selector = selectorFromLabelSelector({ matchLabels: { tier: 'frontend' } });

describe('claimDecision (upstream ClaimObject)', () => {
  const cases: { name: string; owner?: KObject; pod: KObject; want: ClaimDecision }[] = [
    { name: 'ours and matching', pod: pod('a', { tier: 'frontend' }, { ownerReferences: [ref('rs-uid')] }), want: 'claimed' },
    { name: 'owned by another controller', pod: pod('a', { tier: 'frontend' }, { ownerReferences: [ref('other')] }), want: 'ignore' },
    { name: 'ours, no longer matching', pod: pod('a', { tier: 'debug' }, { ownerReferences: [ref('rs-uid')] }), want: 'release' },
    { name: 'ours, not matching, while we are deleted', owner: rs({ deletionTimestamp: timestamp(0) }), pod: pod('a', { tier: 'debug' }, { ownerReferences: [ref('rs-uid')] }), want: 'ignore' },
    { name: 'orphan matching', pod: pod('a', { tier: 'frontend' }), want: 'adopt' },
    { name: 'orphan with a non-controller owner reference', pod: pod('a', { tier: 'frontend' }, { ownerReferences: [{ ...ref('cm'), controller: false }] }), want: 'adopt' },
    { name: 'orphan not matching', pod: pod('a', { tier: 'backend' }), want: 'ignore' },
    { name: 'orphan being deleted', pod: pod('a', { tier: 'frontend' }, { deletionTimestamp: timestamp(0) }), want: 'ignore' },
    { name: 'orphan while we are deleted', owner: rs({ deletionTimestamp: timestamp(0) }), pod: pod('a', { tier: 'frontend' }), want: 'ignore' },
    { name: 'orphan in another namespace', pod: pod('a', { tier: 'frontend' }, { namespace: 'other' }), want: 'ignore' }
  ];
  for (const c of cases) it(c.name, () => expect(claimDecision(c.owner ?? rs(), selector, c.pod)).toBe(c.want));

  it('claimPods adopts and releases with upstream patches, checking the owner once', () => {
    const patches: [string, KObject][] = [];
    let checks = 0;
    let result: [string[], string[]] | undefined;
    const pods = [pod('mine', { tier: 'frontend' }, { ownerReferences: [ref('rs-uid')] }), pod('orphan1', { tier: 'frontend' }), pod('orphan2', { tier: 'frontend' }), pod('gone', { tier: 'frontend' }), pod('moved', { tier: 'x' }, { ownerReferences: [ref('rs-uid')] })];
    claimPods(
      rs(),
      ref('rs-uid'),
      selector,
      pods,
      { patchPod: (_ns, name, patch, cb) => (patches.push([name, patch]), cb(name === 'gone' ? ({ code: 404, message: 'not found' } as any) : undefined)) },
      (cb) => (checks++, cb(undefined)),
      (claimed, errors) => (result = [claimed.map((p) => p.metadata.name), errors])
    );
    expect(result).toEqual([['mine', 'orphan1', 'orphan2'], []]);
    expect(checks).toBe(1);
    expect(patches[0]).toEqual(['orphan1', { metadata: { ownerReferences: [ref('rs-uid')], uid: 'orphan1-uid' } }]);
    expect(patches[3]).toEqual(['moved', { metadata: { ownerReferences: [{ $patch: 'delete', uid: 'rs-uid' }], uid: 'moved-uid' } }]);
  });
});

describe('calculateStatus (upstream replica_set_utils.go)', () => {
  const ready = (since: number) => ({ phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: timestamp(since) }] });
  const cases: { name: string; rs?: KObject; pods: KObject[]; err?: string; want: Record<string, unknown> }[] = [
    { name: 'no pods', pods: [], want: { replicas: 0, observedGeneration: 1 } },
    {
      name: 'fully labelled means the template labels, not only the selector',
      pods: [pod('a', { tier: 'frontend', app: 'guestbook' }), pod('b', { tier: 'frontend' })],
      want: { replicas: 2, fullyLabeledReplicas: 1, observedGeneration: 1 }
    },
    {
      name: 'ready and available',
      pods: [pod('a', { tier: 'frontend', app: 'guestbook' }, {}, ready(0)), pod('b', { tier: 'frontend', app: 'guestbook' })],
      want: { replicas: 2, fullyLabeledReplicas: 2, readyReplicas: 1, availableReplicas: 1, observedGeneration: 1 }
    },
    {
      name: 'ready but not yet available (minReadySeconds)',
      rs: { ...rs(), spec: { ...rs().spec, minReadySeconds: 30 } },
      pods: [pod('a', { tier: 'frontend', app: 'guestbook' }, {}, ready(50_000))],
      want: { replicas: 1, fullyLabeledReplicas: 1, readyReplicas: 1, observedGeneration: 1 }
    },
    {
      name: 'a failed create sets ReplicaFailure',
      pods: [],
      err: 'pods "frontend-" is forbidden: exceeded quota',
      want: { replicas: 0, observedGeneration: 1, conditions: [{ type: 'ReplicaFailure', status: 'True', lastTransitionTime: timestamp(60_000), reason: 'FailedCreate', message: 'pods "frontend-" is forbidden: exceeded quota' }] }
    }
  ];
  for (const c of cases) it(c.name, () => expect(calculateStatus(c.rs ?? rs(), c.pods, c.err, 60_000)).toEqual(c.want));

  it('removes ReplicaFailure once a sync succeeds', () => {
    const failing = { ...rs(), status: { replicas: 0, conditions: [{ type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate', message: 'x', lastTransitionTime: timestamp(0) }] } };
    expect(calculateStatus(failing, [], undefined, 0).conditions).toBeUndefined();
  });

  it('is up to date only when the counts match and the generation was observed', () => {
    const cur: KObject = { ...rs(), status: { replicas: 2, fullyLabeledReplicas: 2, observedGeneration: 2 } };
    expect(statusUpToDate(cur, { replicas: 2, fullyLabeledReplicas: 2 })).toBe(true);
    expect(statusUpToDate(cur, { replicas: 3, fullyLabeledReplicas: 3 })).toBe(false);
    expect(statusUpToDate({ ...cur, metadata: { ...cur.metadata, generation: 3 } }, { replicas: 2, fullyLabeledReplicas: 2 })).toBe(false);
  });
});

describe('RateLimitingQueue (upstream client-go workqueue)', () => {
  function harness() {
    const timers: { at: number; fn: () => void }[] = [];
    let now = 0;
    const q = new RateLimitingQueue((ms, fn) => timers.push({ at: now + ms, fn }));
    const advance = (ms: number) => {
      now += ms;
      for (const t of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(t), 1);
        t.fn();
      }
    };
    return { q, advance };
  }

  it('collapses repeated adds and never hands out a key being processed', () => {
    const { q } = harness();
    q.add('a');
    q.add('b');
    q.add('a');
    expect(q.length).toBe(2);
    expect(q.get()).toBe('a');
    q.add('a');
    expect(q.get()).toBe('b');
    expect(q.get()).toBeUndefined();
    q.done('a');
    expect(q.get()).toBe('a');
  });

  it('requeues failures after 5ms, 10ms, 20ms ... until forgotten', () => {
    expect([0, 1, 2, 3, 30].map((n) => exponentialBackoff(n))).toEqual([5, 10, 20, 40, 1000_000]);
    const { q, advance } = harness();
    q.addRateLimited('a');
    q.addRateLimited('a');
    expect(q.numRequeues('a')).toBe(2);
    advance(4);
    expect(q.length).toBe(0);
    advance(1);
    expect(q.get()).toBe('a');
    q.forget('a');
    expect(q.numRequeues('a')).toBe(0);
  });
});
