/**
 * What a write keeps once decoded as the API server does: a Secret's stringData goes into data
 * (base64 of its UTF-8) and is not stored; empty labels/annotations maps are not kept; a dry-run
 * create answers with a uid and creationTimestamp but no resourceVersion, and stores nothing.
 * upstream: pkg/apis/core/v1/conversion.go Convert_v1_Secret_To_core_Secret, rest.BeforeCreate,
 * staging/src/k8s.io/apiserver/pkg/registry/generic/registry/dryrun.go
 */
import { describe, expect, it } from 'vitest';
import { ApiServer } from '../../../src/sim/apiserver/apiserver';
import { Rand } from '../../../src/sim/kernel/rand';

function server() {
  const s = new ApiServer({ rand: new Rand(1), now: () => 5_000, trace: () => {} });
  s.bootstrap();
  return s;
}

describe('API server writes', () => {
  it("stores a Secret's stringData in data, overriding the same key, and never stringData", () => {
    const s = server();
    const r = s.handle({ verb: 'create', resource: 'secrets', namespace: 'default', user: 'test', body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { a: 'eA==', b: 'eQ==' }, stringData: { b: 'é', c: 'admin' } } });
    expect(r.ok && r.object.data).toEqual({ a: 'eA==', b: 'w6k=', c: 'YWRtaW4=' });
    expect(r.ok && 'stringData' in r.object).toBe(false);
    const u = s.handle({ verb: 'patch', resource: 'secrets', namespace: 'default', name: 's', user: 'test', patchType: 'merge', body: { stringData: { a: 'new' } } });
    expect(u.ok && u.object.data).toEqual({ a: 'bmV3', b: 'w6k=', c: 'YWRtaW4=' });
    expect(u.ok && 'stringData' in u.object).toBe(false);
  });

  it('keeps no empty labels or annotations map', () => {
    const s = server();
    const r = s.handle({ verb: 'create', resource: 'configmaps', namespace: 'default', user: 'test', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', labels: {}, annotations: {} } } });
    expect(r.ok && r.object.metadata).not.toHaveProperty('labels');
    expect(r.ok && r.object.metadata).not.toHaveProperty('annotations');
  });

  it('answers a dry-run create with uid and creationTimestamp, no resourceVersion, and stores nothing', () => {
    const s = server();
    const r = s.handle({ verb: 'create', resource: 'configmaps', namespace: 'default', user: 'test', dryRun: true, body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } } });
    expect(r.ok && r.object.metadata).toMatchObject({ name: 'c', creationTimestamp: '2025-01-01T00:00:05Z', uid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(r.ok && r.object.metadata).not.toHaveProperty('resourceVersion');
    expect(s.handle({ verb: 'get', resource: 'configmaps', namespace: 'default', name: 'c', user: 'test' }).ok).toBe(false);
  });
});
