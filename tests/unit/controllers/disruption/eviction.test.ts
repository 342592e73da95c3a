// The eviction subresource against PodDisruptionBudgets, as the API server answers it.
// upstream: pkg/registry/core/pod/storage/eviction.go, eviction_test.go (TestEviction, TestEvictionIgnorePDB,
// TestEvictionPDBStatus, TestAddConditionAndDelete).
import { describe, expect, it } from 'vitest';
import { ApiServer } from '../../../../src/sim/apiserver/apiserver';
import { Rand } from '../../../../src/sim/kernel/rand';
import { timestamp } from '../../../../src/sim/kernel/clock';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Obj = Record<string, any>;

function setup(opts: { pdbStatus?: Obj; pdbSpec?: Obj; second?: boolean } = {}) {
  const t = 42_000;
  const api = new ApiServer({ rand: new Rand(3), now: () => t, trace: () => {} });
  api.bootstrap();
  const must = (req: Obj) => {
    const r = api.handle({ user: 'test', ...req } as any);
    if (!r.ok) throw new Error(r.status.message);
    return structuredClone(r.object);
  };
  for (const name of ['web-a', 'web-b', 'web-c']) {
    must({ verb: 'create', resource: 'pods', namespace: 'default', body: { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { app: 'web' } }, spec: { nodeName: 'worker-1', containers: [{ name: 'c', image: 'nginx' }] } } });
    const pod = must({ verb: 'get', resource: 'pods', namespace: 'default', name });
    pod.status = { ...pod.status, phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] };
    must({ verb: 'update', resource: 'pods', subresource: 'status', namespace: 'default', name, body: pod });
  }
  const pdbs = opts.second ? ['web', 'web-too'] : ['web'];
  for (const name of pdbs) {
    must({ verb: 'create', resource: 'poddisruptionbudgets', namespace: 'default', body: { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name }, spec: { minAvailable: 2, selector: { matchLabels: { app: 'web' } }, ...opts.pdbSpec } } });
    const pdb = must({ verb: 'get', resource: 'poddisruptionbudgets', namespace: 'default', name });
    pdb.status = { observedGeneration: 1, currentHealthy: 3, desiredHealthy: 2, expectedPods: 3, disruptionsAllowed: 1, ...opts.pdbStatus };
    must({ verb: 'update', resource: 'poddisruptionbudgets', subresource: 'status', namespace: 'default', name, body: pdb });
  }
  const evict = (name: string, extra: Obj = {}) =>
    api.handle({ verb: 'create', resource: 'pods', subresource: 'eviction', namespace: 'default', name, body: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name, namespace: 'default' } }, user: 'kubectl', ...extra } as any);
  const get = (resource: string, name: string) => must({ verb: 'get', resource, namespace: 'default', name });
  return { api, t, evict, get, must };
}

describe('POST pods/NAME/eviction', () => {
  it('uses a disruption: records the pod in disruptedPods, marks it DisruptionTarget and deletes it gracefully', () => {
    const { evict, get, t } = setup();
    const r = evict('web-a');
    expect(r).toMatchObject({ ok: true, object: { kind: 'Status', status: 'Success' } });
    const pdb = get('poddisruptionbudgets', 'web');
    expect(pdb.status.disruptionsAllowed).toBe(0);
    expect(pdb.status.disruptedPods).toEqual({ 'web-a': timestamp(t) });
    expect(pdb.status.conditions).toEqual([{ type: 'DisruptionAllowed', status: 'False', observedGeneration: 1, lastTransitionTime: timestamp(t), reason: 'InsufficientPods', message: '' }]);
    const pod = get('pods', 'web-a');
    expect(pod.metadata.deletionTimestamp).toBe(timestamp(t + 30_000));
    expect(pod.status.conditions).toContainEqual({ type: 'DisruptionTarget', status: 'True', lastProbeTime: null, lastTransitionTime: timestamp(t), reason: 'EvictionByEvictionAPI', message: 'Eviction API: evicting' });
  });

  it('answers 429 with the budget in the cause when no disruption is allowed, and changes nothing', () => {
    const { evict, get } = setup({ pdbStatus: { currentHealthy: 2, disruptionsAllowed: 0 } });
    const r = evict('web-a');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.status).toMatchObject({ code: 429, reason: 'TooManyRequests', message: "Cannot evict pod as it would violate the pod's disruption budget." });
    expect(r.status.details?.causes).toEqual([{ reason: 'DisruptionBudget', message: 'The disruption budget web needs 2 healthy pods and has 2 currently' }]);
    expect(get('pods', 'web-a').metadata.deletionTimestamp).toBeUndefined();
    expect(get('poddisruptionbudgets', 'web').status.disruptedPods).toBeUndefined();
  });

  it('answers 429 "still being processed" while the budget has not seen its latest spec', () => {
    const { evict } = setup({ pdbStatus: { observedGeneration: 0 } });
    const r = evict('web-a');
    expect(!r.ok && r.status.details?.causes?.[0].message).toBe('The disruption budget web is still being processed by the server.');
  });

  it('refuses a pod covered by two budgets with a 500', () => {
    const { evict } = setup({ second: true });
    const r = evict('web-a');
    expect(!r.ok && [r.status.code, r.status.message]).toEqual([500, 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.']);
  });

  it.each([
    ['IfHealthyBudget (default) lets an unready pod go while the budget is met', undefined, { currentHealthy: 2, disruptionsAllowed: 0 }, true],
    ['IfHealthyBudget keeps an unready pod while the budget is not met', undefined, { currentHealthy: 1, disruptionsAllowed: 0 }, false],
    ['AlwaysAllow lets an unready pod go even when the budget is not met', 'AlwaysAllow', { currentHealthy: 1, disruptionsAllowed: 0 }, true]
  ])('%s', (_name, policy, status, allowed) => {
    const { evict, get, must } = setup({ pdbSpec: policy ? { unhealthyPodEvictionPolicy: policy } : {}, pdbStatus: status });
    const pod = get('pods', 'web-b');
    pod.status.conditions = [{ type: 'Ready', status: 'False' }];
    must({ verb: 'update', resource: 'pods', subresource: 'status', namespace: 'default', name: 'web-b', body: pod });
    expect(evict('web-b').ok).toBe(allowed);
    // An unready pod never uses up a disruption.
    expect(get('poddisruptionbudgets', 'web').status.disruptedPods).toBeUndefined();
  });

  it('deletes a Pending pod without looking at its budget', () => {
    const { api, evict, get } = setup({ pdbStatus: { disruptionsAllowed: 0 } });
    api.handle({ verb: 'create', resource: 'pods', namespace: 'default', body: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-new', labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } }, user: 'test' });
    expect(evict('web-new').ok).toBe(true);
    expect(api.handle({ verb: 'get', resource: 'pods', namespace: 'default', name: 'web-new', user: 'test' }).ok).toBe(false);
    expect(get('poddisruptionbudgets', 'web').status.disruptionsAllowed).toBe(0);
  });

  it('with dryRun checks the budget but writes nothing', () => {
    const { evict, get } = setup();
    expect(evict('web-a', { dryRun: true }).ok).toBe(true);
    expect(get('pods', 'web-a').metadata.deletionTimestamp).toBeUndefined();
    expect(get('poddisruptionbudgets', 'web').status.disruptionsAllowed).toBe(1);
  });

  it('rejects an Eviction whose name is not the URL name', () => {
    const { evict } = setup();
    const r = evict('web-a', { body: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'web-b' } } });
    expect(!r.ok && [r.status.code, r.status.message]).toEqual([400, 'name in URL does not match name in Eviction object']);
  });
});
