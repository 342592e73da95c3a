// ControllerRevision helpers. upstream: pkg/controller/history/controller_history.go
// (ControllerRevisionName, NewControllerRevision, HashControllerRevision, SortControllerRevisions,
// EqualRevision, FindEqualRevisions), statefulset getPatch / ApplyRevision.
import { describe, expect, it } from 'vitest';
import { revisionTemplate, templateMatches, templatePatch } from '../../../../src/sim/api/controller-revision';
import {
  CONTROLLER_REVISION_HASH_LABEL,
  controllerRevisionName,
  equalRevision,
  findEqualRevisions,
  hashControllerRevision,
  newControllerRevision,
  nextRevision,
  ownedRevisions,
  sortControllerRevisions
} from '../../../../src/sim/controllers/history/controller-history';

/* eslint-disable @typescript-eslint/no-explicit-any */
const set = (image: string): any => ({
  metadata: { name: 'web', namespace: 'default', uid: 'sts-uid' },
  spec: { template: { spec: { containers: [{ name: 'nginx', image }] }, metadata: { labels: { app: 'nginx' } } } }
});
const rev = (name: string, revision: number, image: string, creationTimestamp = '2025-01-01T00:00:00Z'): any => ({
  metadata: { name, namespace: 'default', creationTimestamp, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 'sts-uid', controller: true }] },
  data: templatePatch(set(image)),
  revision
});

describe('the patch a revision holds', () => {
  it('replaces spec.template, keys sorted as Go marshals a map', () => {
    const patch = templatePatch(set('nginx:1.27'));
    expect(JSON.stringify(patch)).toBe('{"spec":{"template":{"$patch":"replace","metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"image":"nginx:1.27","name":"nginx"}]}}}}');
    expect(revisionTemplate({ data: patch })).toEqual(set('nginx:1.27').spec.template);
  });
  it('matches a set with the same template whatever its key order, not one with another image', () => {
    const r = rev('web-a', 1, 'nginx:1.27');
    const reordered = { metadata: {}, spec: { template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ image: 'nginx:1.27', name: 'nginx' }] } } } };
    expect(templateMatches(reordered, r)).toBe(true);
    expect(templateMatches(set('nginx:1.25'), r)).toBe(false);
  });
});

describe('naming and hashing', () => {
  it('names PARENT-<hash> and cuts a long parent at 223 characters', () => {
    expect(controllerRevisionName('web', 'abc')).toBe('web-abc');
    expect(controllerRevisionName('x'.repeat(300), 'abc')).toBe(`${'x'.repeat(223)}-abc`);
  });
  it('hashes the data and the collision count: the same template the same name, a new count a new name', () => {
    const data = templatePatch(set('nginx:1.27'));
    expect(hashControllerRevision(data, 0)).toBe(hashControllerRevision(templatePatch(set('nginx:1.27')), 0));
    expect(hashControllerRevision(data, 1)).not.toBe(hashControllerRevision(data, 0));
    expect(hashControllerRevision(templatePatch(set('nginx:1.25')), 0)).not.toBe(hashControllerRevision(data, 0));
    expect(hashControllerRevision(data, 0)).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]{8,10}$/);
  });
  it('makes a revision owned by its parent, labelled with the template labels and the hash', () => {
    const cr = newControllerRevision(set('nginx:1.27'), 'apps/v1', 'StatefulSet', { app: 'nginx' }, templatePatch(set('nginx:1.27')), 4, 0);
    const hash = hashControllerRevision(cr.data, 0);
    expect(cr.metadata).toEqual({
      name: `web-${hash}`,
      namespace: 'default',
      labels: { app: 'nginx', [CONTROLLER_REVISION_HASH_LABEL]: hash },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 'sts-uid', controller: true, blockOwnerDeletion: true }]
    });
    expect(cr.revision).toBe(4);
  });
});

describe('ordering and equality', () => {
  it('sorts by revision, then creation time, then name; the next revision is one above the last', () => {
    const sorted = sortControllerRevisions([rev('c', 3, 'a'), rev('b', 1, 'b', '2025-01-01T00:00:05Z'), rev('a', 1, 'c', '2025-01-01T00:00:05Z'), rev('z', 1, 'd')]);
    expect(sorted.map((r) => r.metadata.name)).toEqual(['z', 'a', 'b', 'c']);
    expect(nextRevision(sorted)).toBe(4);
    expect(nextRevision([])).toBe(1);
  });
  it('equal revisions hold the same data, whatever their names and numbers', () => {
    const a = rev('web-a', 1, 'nginx:1.27');
    expect(equalRevision(a, rev('web-x', 5, 'nginx:1.27'))).toBe(true);
    expect(equalRevision(a, rev('web-a', 1, 'nginx:1.25'))).toBe(false);
    expect(findEqualRevisions([a, rev('web-b', 2, 'nginx:1.25'), rev('web-c', 3, 'nginx:1.27')], rev('n', 9, 'nginx:1.27')).map((r) => r.metadata.name)).toEqual(['web-a', 'web-c']);
  });
  it('owned revisions: same namespace, the parent as controller', () => {
    const mine = rev('web-a', 1, 'x');
    const other = { ...rev('web-b', 1, 'x'), metadata: { ...rev('web-b', 1, 'x').metadata, ownerReferences: [{ kind: 'StatefulSet', name: 'web', uid: 'old-uid', controller: true }] } };
    const elsewhere = { ...rev('web-c', 1, 'x'), metadata: { ...rev('web-c', 1, 'x').metadata, namespace: 'prod' } };
    expect(ownedRevisions([mine, other, elsewhere], set('x')).map((r) => r.metadata.name)).toEqual(['web-a']);
  });
});
