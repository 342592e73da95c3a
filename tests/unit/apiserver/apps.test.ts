// apps/v1 registry behaviour: the DaemonSet's template generation annotation, ControllerRevisions.
// upstream: pkg/registry/apps/daemonset/strategy.go (PrepareForCreate, PrepareForUpdate),
//           pkg/apis/apps/v1/conversion.go (deprecated.daemonset.template.generation),
//           pkg/registry/apps/controllerrevision/strategy.go
import { describe, expect, it } from 'vitest';
import { newServer } from './helpers';

const GEN = 'deprecated.daemonset.template.generation';
const ds = (annotations?: Record<string, string>) => ({
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'agent', ...(annotations ? { annotations } : {}) },
  spec: { selector: { matchLabels: { app: 'agent' } }, template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'a', image: 'busybox' }] } } }
});

describe('DaemonSet template generation', () => {
  it('starts at 1 and counts template changes only (metadata.generation counts every spec change)', () => {
    const { ok } = newServer();
    const created = ok({ verb: 'create', resource: 'daemonsets', namespace: 'default', body: ds() });
    expect(created.metadata.annotations).toEqual({ [GEN]: '1' });
    const strategy = ok({ verb: 'patch', resource: 'daemonsets', namespace: 'default', name: 'agent', patchType: 'merge', body: { spec: { minReadySeconds: 5 } } });
    expect([strategy.metadata.generation, strategy.metadata.annotations[GEN]]).toEqual([2, '1']);
    const image = ok({ verb: 'patch', resource: 'daemonsets', namespace: 'default', name: 'agent', patchType: 'merge', body: { spec: { template: { spec: { containers: [{ name: 'a', image: 'busybox:1.36' }] } } } } });
    expect([image.metadata.generation, image.metadata.annotations[GEN]]).toEqual([3, '2']);
  });

  it('keeps the server value when an update tries to set it; a create may start it higher', () => {
    const { ok } = newServer();
    ok({ verb: 'create', resource: 'daemonsets', namespace: 'default', body: ds() });
    const forged = ok({ verb: 'patch', resource: 'daemonsets', namespace: 'default', name: 'agent', patchType: 'merge', body: { metadata: { annotations: { [GEN]: '9' } } } });
    expect(forged.metadata.annotations[GEN]).toBe('1');
    const other = ok({ verb: 'create', resource: 'daemonsets', namespace: 'default', body: { ...ds({ [GEN]: '4' }), metadata: { name: 'other', annotations: { [GEN]: '4' } } } });
    expect(other.metadata.annotations[GEN]).toBe('4');
  });
});

describe('ControllerRevisions in the API server', () => {
  it('are served namespaced under apps/v1, data immutable', () => {
    const { ok, call } = newServer();
    const body = { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name: 'agent-abc' }, data: { spec: { template: { $patch: 'replace' } } }, revision: 1 };
    const cr = ok({ verb: 'create', resource: 'controllerrevisions', namespace: 'default', body });
    expect(cr).toMatchObject({ apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { namespace: 'default' }, revision: 1 });
    expect(cr.metadata.generation).toBeUndefined();
    expect(ok({ verb: 'update', resource: 'controllerrevisions', namespace: 'default', name: 'agent-abc', body: { ...cr, revision: 3 } }).revision).toBe(3);
    const r = call({ verb: 'patch', resource: 'controllerrevisions', namespace: 'default', name: 'agent-abc', patchType: 'merge', body: { data: { spec: { template: { metadata: {} } } } } });
    expect(r.ok ? '' : r.status.message).toBe('ControllerRevision.apps "agent-abc" is invalid: data: Invalid value: runtime.RawExtension{...}: field is immutable');
  });
});
