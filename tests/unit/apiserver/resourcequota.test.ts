import { describe, expect, it } from 'vitest';
import { newServer, pod } from './helpers';
import { calculateUsage } from '../../../src/sim/controllers/resourcequota/resource-quota';

/** A quota as the controller leaves it: status.hard from the spec, status.used as given. */
function quotaWithStatus(s: ReturnType<typeof newServer>, name: string, hard: Record<string, string>, used: Record<string, string> | undefined, spec: Record<string, unknown> = {}) {
  const q = s.ok({ verb: 'create', resource: 'resourcequotas', namespace: 'default', body: { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name }, spec: { hard, ...spec } } });
  if (used) s.ok({ verb: 'update', resource: 'resourcequotas', subresource: 'status', namespace: 'default', name, body: { ...q, status: { hard, used } } });
}

const sized = (name: string, requests?: Record<string, string>, limits?: Record<string, string>) =>
  pod(name, { spec: { containers: [{ name: 'app', image: 'nginx', resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) } }] } });

describe('ResourceQuota admission (apiserver/pkg/admission/plugin/resourcequota)', () => {
  it('charges an admitted pod to status.used at once, and refuses the one over the limit with upstream message', () => {
    const s = newServer();
    quotaWithStatus(s, 'compute', { pods: '2', 'requests.cpu': '1' }, { pods: '0', 'requests.cpu': '0' });
    s.ok({ verb: 'create', resource: 'pods', namespace: 'default', body: sized('a', { cpu: '600m' }) });
    expect(s.ok({ verb: 'get', resource: 'resourcequotas', namespace: 'default', name: 'compute' }).status.used).toEqual({ pods: '1', 'requests.cpu': '600m' });
    const r = s.call({ verb: 'create', resource: 'pods', namespace: 'default', body: sized('b', { cpu: '500m' }) });
    expect(!r.ok && r.status.message).toBe('pods "b" is forbidden: exceeded quota: compute, requested: requests.cpu=500m, used: requests.cpu=600m, limited: requests.cpu=1');
    // a dry run is checked but charges nothing
    s.ok({ verb: 'create', resource: 'pods', namespace: 'default', body: sized('c', { cpu: '100m' }), dryRun: true });
    expect(s.ok({ verb: 'get', resource: 'resourcequotas', namespace: 'default', name: 'compute' }).status.used).toEqual({ pods: '1', 'requests.cpu': '600m' });
  });

  it('requires each container to state what a quota constrains (pods.go Constraints)', () => {
    const s = newServer();
    quotaWithStatus(s, 'mem', { 'limits.cpu': '2', 'requests.memory': '1Gi' }, { 'limits.cpu': '0', 'requests.memory': '0' });
    const two = pod('two', { spec: { containers: [{ name: 'a', image: 'nginx' }, { name: 'b', image: 'nginx', resources: { requests: { memory: '1Mi' } } }] } });
    const r = s.call({ verb: 'create', resource: 'pods', namespace: 'default', body: two });
    expect(!r.ok && r.status.message).toBe('pods "two" is forbidden: failed quota: mem: must specify limits.cpu for: a,b; requests.memory for: a');
  });

  it('refuses while the controller has not counted the quota yet', () => {
    const s = newServer();
    quotaWithStatus(s, 'fresh', { pods: '5', services: '1' }, { services: '0' });
    const r = s.call({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('p') });
    expect(!r.ok && r.status.message).toBe('pods "p" is forbidden: status unknown for quota: fresh, resources: pods');
  });

  it('applies a scoped quota only to the pods its scopes select', () => {
    const s = newServer();
    quotaWithStatus(s, 'best-effort', { pods: '1' }, { pods: '1' }, { scopes: ['BestEffort'] });
    // Burstable: not selected, admitted
    s.ok({ verb: 'create', resource: 'pods', namespace: 'default', body: sized('burstable', { cpu: '100m' }) });
    const r = s.call({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('besteffort') });
    expect(!r.ok && r.status.message).toBe('pods "besteffort" is forbidden: exceeded quota: best-effort, requested: pods=1, used: pods=1, limited: pods=1');
  });

  it('counts services, node ports and object counts of other kinds', () => {
    const s = newServer();
    quotaWithStatus(s, 'objects', { services: '1', 'services.nodeports': '1', 'count/deployments.apps': '0' }, { services: '0', 'services.nodeports': '0', 'count/deployments.apps': '0' });
    const svc = (name: string, type: string, ports: number) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { type, selector: { app: 'x' }, ports: Array.from({ length: ports }, (_, i) => ({ name: `p${i}`, port: 80 + i })) } });
    const r = s.call({ verb: 'create', resource: 'services', namespace: 'default', body: svc('np', 'NodePort', 2) });
    expect(!r.ok && r.status.message).toBe('services "np" is forbidden: exceeded quota: objects, requested: services.nodeports=2, used: services.nodeports=0, limited: services.nodeports=1');
    const d = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'n', image: 'nginx' }] } } } };
    const rd = s.call({ verb: 'create', resource: 'deployments', namespace: 'default', body: d });
    expect(!rd.ok && rd.status.message).toBe('deployments.apps "web" is forbidden: exceeded quota: objects, requested: count/deployments.apps=1, used: count/deployments.apps=0, limited: count/deployments.apps=0');
  });
});

describe('resourcequota controller usage (CalculateUsage)', () => {
  it('sums what the selected objects count, zero for what none counts; finished pods count only as objects', () => {
    const quota = { metadata: { name: 'q', namespace: 'default' }, spec: { hard: { pods: '10', 'requests.cpu': '2', 'limits.memory': '1Gi', 'count/pods': '10', configmaps: '5' } } };
    const pods = [
      { ...sized('a', { cpu: '250m' }, { memory: '128Mi' }), status: { phase: 'Running' } },
      { ...sized('b', { cpu: '500m' }), status: { phase: 'Running' } },
      { ...sized('done', { cpu: '1' }), status: { phase: 'Succeeded' } }
    ];
    const used = calculateUsage(quota, (r) => (r === 'pods' ? pods : []), 0);
    expect(used).toEqual({ configmaps: '0', 'count/pods': '3', 'limits.memory': '128Mi', pods: '2', 'requests.cpu': '750m' });
  });
});

describe('ResourceQuota validation (pkg/apis/core/validation)', () => {
  // upstream: validation_test.go TestValidateResourceQuota (error cases)
  it.each([
    ['a non-standard name', { hard: { foo: '1' } }, 'spec.hard[foo]: Invalid value: "foo": must be a standard resource type or fully qualified'],
    ['a negative quantity', { hard: { cpu: '-1' } }, 'spec.hard[cpu]: Invalid value: "-1": must be greater than or equal to 0'],
    ['a fractional count', { hard: { pods: '1.5' } }, 'spec.hard[pods]: Invalid value: resource.Quantity{i:resource.int64Amount{value:1500, scale:-3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"1500m", Format:"DecimalSI"}: must be an integer'],
    ['an unknown scope', { hard: { pods: '1' }, scopes: ['Nope'] }, 'spec.scopes: Invalid value: []core.ResourceQuotaScope{"Nope"}: unsupported scope'],
    ['BestEffort on cpu', { hard: { cpu: '1' }, scopes: ['BestEffort'] }, 'spec.scopes: Invalid value: []core.ResourceQuotaScope{"BestEffort"}: unsupported scope applied to resource'],
    ['Terminating and NotTerminating', { hard: { pods: '1' }, scopes: ['Terminating', 'NotTerminating'] }, 'conflicting scopes'],
    ['In without values', { hard: { pods: '1' }, scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In' }] } }, "spec.scopeSelector.matchExpressions.values: Required value: must be at least one value when `operator` is 'In' or 'NotIn' for scope selector"],
    ['BestEffort with In', { hard: { pods: '1' }, scopeSelector: { matchExpressions: [{ scopeName: 'BestEffort', operator: 'In', values: ['x'] }] } }, "spec.scopeSelector.matchExpressions.operator: Invalid value: \"In\": must be 'Exist' when scope is any of"]
  ])('refuses %s', (_name, spec, message) => {
    const s = newServer();
    const r = s.call({ verb: 'create', resource: 'resourcequotas', namespace: 'default', body: { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'q' }, spec } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.status.message).toContain(message);
  });

  it('keeps scopes immutable', () => {
    const s = newServer();
    const q = s.ok({ verb: 'create', resource: 'resourcequotas', namespace: 'default', body: { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'q' }, spec: { hard: { pods: '1' }, scopes: ['BestEffort'] } } });
    const r = s.call({ verb: 'update', resource: 'resourcequotas', namespace: 'default', name: 'q', body: { ...q, spec: { hard: { pods: '1' }, scopes: ['NotBestEffort'] } } });
    expect(!r.ok && r.status.message).toBe('ResourceQuota "q" is invalid: spec.scopes: Invalid value: []core.ResourceQuotaScope{"NotBestEffort"}: field is immutable');
  });

  it('selects pods by PriorityClass through a scopeSelector', () => {
    const s = newServer();
    s.ok({ verb: 'create', resource: 'priorityclasses', body: { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000 } });
    quotaWithStatus(s, 'high', { pods: '0' }, { pods: '0' }, { scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['high'] }] } });
    s.ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('plain') });
    const r = s.call({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('vip', { spec: { containers: [{ name: 'a', image: 'nginx' }], priorityClassName: 'high' } }) });
    expect(!r.ok && r.status.message).toBe('pods "vip" is forbidden: exceeded quota: high, requested: pods=1, used: pods=0, limited: pods=0');
  });
});
