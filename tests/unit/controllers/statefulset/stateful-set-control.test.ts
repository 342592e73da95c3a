// The StatefulSet controller's decisions. upstream: pkg/controller/statefulset/stateful_set_control.go
// (updateStatefulSet, processReplica, processCondemned), stateful_set_utils.go.
import { describe, expect, it } from 'vitest';
import { computeReplicaStatus, decideUpdateRevision, newRevision, planStatefulSet, revisionsToTruncate, type Revisions, type StatefulSetAction } from '../../../../src/sim/controllers/statefulset/stateful-set-control';
import { getPersistentVolumeClaims, newStatefulSetPod } from '../../../../src/sim/controllers/statefulset/stateful-set-utils';

/* eslint-disable @typescript-eslint/no-explicit-any */
const template = (image: string) => ({ metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image, volumeMounts: [{ name: 'www', mountPath: '/usr/share/nginx/html' }] }] } });
const set = (spec: any = {}, status: any = {}) => ({
  metadata: { name: 'web', namespace: 'default', uid: 'sts-uid', generation: 1 },
  spec: {
    serviceName: 'nginx',
    replicas: 3,
    podManagementPolicy: 'OrderedReady',
    updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
    selector: { matchLabels: { app: 'nginx' } },
    template: template('nginx-slim:0.24'),
    volumeClaimTemplates: [{ metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
    ...spec
  },
  status
});
const REV: Revisions = { currentRevision: 'web-old', currentTemplate: template('nginx-slim:0.21'), updateRevision: 'web-new', updateTemplate: template('nginx-slim:0.24') };
const SAME: Revisions = { ...REV, currentRevision: 'web-new', currentTemplate: REV.updateTemplate };

type State = 'running' | 'pending' | 'terminating' | 'failed';
/** A pod of the set at an ordinal, a revision and a state. */
function pod(ordinal: number, state: State = 'running', revision = 'web-new'): any {
  const p: any = newStatefulSetPod(set(), template('x'), revision, ordinal);
  p.status = { phase: state === 'failed' ? 'Failed' : state === 'pending' ? 'Pending' : 'Running', conditions: [{ type: 'Ready', status: state === 'running' || state === 'terminating' ? 'True' : 'False' }] };
  if (state === 'terminating') p.metadata.deletionTimestamp = '2025-01-01T00:00:00Z';
  return p;
}
const show = (actions: StatefulSetAction[]) =>
  actions.map((a) =>
    a.type === 'create' ? `create ${a.pod.metadata.name} [${a.claims.map((c) => c.metadata.name).join(',')}]` : a.type === 'delete' ? `delete ${a.pod.metadata.name} (${a.why})` : `owners ${a.claim.metadata.name} [${a.ownerReferences.map((r) => `${r.kind}/${r.name}`).join(',')}]`
  );
const noClaims = () => undefined;
const allClaims = (name: string) => ({ metadata: { name, namespace: "default" } });

describe('newStatefulSetPod: the stable identity', () => {
  it('web-2 of the tutorial', () => {
    const p = newStatefulSetPod(set(), template('nginx-slim:0.24'), 'web-new', 2);
    expect(p.metadata.name).toBe('web-2');
    expect(p.metadata.generateName).toBeUndefined();
    expect(p.metadata.labels).toEqual({ app: 'nginx', 'statefulset.kubernetes.io/pod-name': 'web-2', 'apps.kubernetes.io/pod-index': '2', 'controller-revision-hash': 'web-new' });
    expect(p.spec.hostname).toBe('web-2');
    expect(p.spec.subdomain).toBe('nginx');
    expect(p.spec.volumes).toEqual([{ name: 'www', persistentVolumeClaim: { claimName: 'www-web-2' } }]);
    expect(p.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 'sts-uid', controller: true, blockOwnerDeletion: true }]);
  });
  it('claims carry the selector labels and no owner (Retain)', () => {
    const [c] = getPersistentVolumeClaims(set(), 1);
    expect(c.metadata).toEqual({ name: 'www-web-1', namespace: 'default', labels: { app: 'nginx' } });
    expect(c.spec.resources.requests.storage).toBe('1Gi');
  });
});

describe('planStatefulSet', () => {
  const cases: { name: string; set?: any; pods: any[]; claims?: (n: string) => any; rev?: Revisions; want: string[] }[] = [
    { name: 'OrderedReady: an empty set starts with web-0 and its claim', pods: [], want: ['create web-0 [www-web-0]'] },
    { name: 'OrderedReady: web-1 waits for web-0 to be Running and Ready', pods: [pod(0, 'pending')], want: [] },
    { name: 'OrderedReady: web-0 ready, web-1 next', pods: [pod(0)], want: ['create web-1 [www-web-1]'] },
    { name: 'a deleted pod comes back with the same name and its old claim', pods: [pod(1), pod(2)], claims: allClaims, want: ['create web-0 []'] },
    { name: 'a terminating pod is waited for before it is made again', pods: [pod(0, 'terminating'), pod(1), pod(2)], want: [] },
    { name: 'a failed pod is deleted (and made again later)', pods: [pod(0), pod(1, 'failed'), pod(2)], want: ['delete web-1 (failed)'] },
    { name: 'OrderedReady: nothing above a failed pod moves meanwhile', set: set({ replicas: 2 }), pods: [pod(0, 'failed'), pod(1), pod(2)], want: ['delete web-0 (failed)'] },
    { name: 'Parallel: all at once', set: set({ podManagementPolicy: 'Parallel' }), pods: [], want: ['create web-0 [www-web-0]', 'create web-1 [www-web-1]', 'create web-2 [www-web-2]'] },
    { name: 'Parallel: does not wait for web-0', set: set({ podManagementPolicy: 'Parallel' }), pods: [pod(0, 'pending')], want: ['create web-1 [www-web-1]', 'create web-2 [www-web-2]'] },
    { name: 'scale 5 -> 3: web-4 goes first', pods: [0, 1, 2, 3, 4].map((i) => pod(i)), want: ['delete web-4 (scale-down)'] },
    { name: 'scale 5 -> 3: web-3 waits for web-4 to be gone', pods: [pod(0), pod(1), pod(2), pod(3), pod(4, 'terminating')], want: [] },
    { name: 'scale down waits for an unready replica', pods: [pod(0), pod(1, 'pending'), pod(2), pod(3)], want: [] },
    { name: 'Parallel scale down: all at once, highest first', set: set({ podManagementPolicy: 'Parallel', replicas: 1 }), pods: [0, 1, 2].map((i) => pod(i)), want: ['delete web-2 (scale-down)', 'delete web-1 (scale-down)'] },
    { name: 'rolling update: the highest ordinal first', pods: [0, 1, 2].map((i) => pod(i, 'running', 'web-old')), rev: REV, want: ['delete web-2 (update)'] },
    { name: 'rolling update: web-1 waits for the new web-2 to be Ready', pods: [pod(0, 'running', 'web-old'), pod(1, 'running', 'web-old'), pod(2, 'pending')], rev: REV, want: [] },
    { name: 'rolling update: then web-1', pods: [pod(0, 'running', 'web-old'), pod(1, 'running', 'web-old'), pod(2)], rev: REV, want: ['delete web-1 (update)'] },
    { name: 'partition 2: web-1 and web-0 stay at the old revision', set: set({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } } }), pods: [pod(0, 'running', 'web-old'), pod(1, 'running', 'web-old'), pod(2)], rev: REV, want: [] },
    { name: 'OnDelete: nothing is replaced', set: set({ updateStrategy: { type: 'OnDelete' } }), pods: [0, 1, 2].map((i) => pod(i, 'running', 'web-old')), rev: REV, want: [] },
    { name: 'a set being deleted does nothing', set: { ...set(), metadata: { ...set().metadata, deletionTimestamp: '2025-01-01T00:00:00Z' } }, pods: [], want: [] }
  ];
  for (const c of cases) {
    it(c.name, () => expect(show(planStatefulSet(c.set ?? set(), c.pods, c.claims ?? noClaims, c.rev ?? SAME, 0))).toEqual(c.want));
  }

  it('below the partition a deleted pod comes back at the current revision, above at the update revision', () => {
    const s = set({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } } });
    const [a] = planStatefulSet(s, [pod(1, 'running', 'web-old'), pod(2)], allClaims, REV, 0) as any[];
    expect([a.pod.metadata.name, a.pod.metadata.labels['controller-revision-hash'], a.pod.spec.containers[0].image]).toEqual(['web-0', 'web-old', 'nginx-slim:0.21']);
    const [b] = planStatefulSet(s, [pod(0, 'running', 'web-old'), pod(1, 'running', 'web-old')], allClaims, REV, 0) as any[];
    expect([b.pod.metadata.name, b.pod.metadata.labels['controller-revision-hash'], b.pod.spec.containers[0].image]).toEqual(['web-2', 'web-new', 'nginx-slim:0.24']);
  });
});

describe('computeReplicaStatus', () => {
  it('counts a rolling update half way', () => {
    const s = computeReplicaStatus(set(), [pod(0, 'running', 'web-old'), pod(1, 'running', 'web-old'), pod(2, 'pending')], REV, 0);
    expect(s).toEqual({ replicas: 3, readyReplicas: 2, availableReplicas: 2, currentReplicas: 2, updatedReplicas: 1, currentRevision: 'web-old', updateRevision: 'web-new' });
  });
  it('a finished rolling update makes the update revision current', () => {
    const s = computeReplicaStatus(set(), [0, 1, 2].map((i) => pod(i)), REV, 0);
    expect(s).toEqual({ replicas: 3, readyReplicas: 3, availableReplicas: 3, currentReplicas: 3, updatedReplicas: 3, currentRevision: 'web-new', updateRevision: 'web-new' });
  });
});

describe('persistentVolumeClaimRetentionPolicy', () => {
  const withUid = (p: any) => ((p.metadata.uid = `uid-${p.metadata.name}`), p);
  const policy = (whenDeleted: string, whenScaled: string) => set({ replicas: 2, persistentVolumeClaimRetentionPolicy: { whenDeleted, whenScaled } });
  it('Retain/Retain: claims are created with no owner', () => {
    const [a] = planStatefulSet(policy('Retain', 'Retain'), [], noClaims, SAME, 0) as any[];
    expect(a.claims[0].metadata.ownerReferences).toBeUndefined();
  });
  it('whenDeleted Delete: the set owns the new claim', () => {
    const [a] = planStatefulSet(policy('Delete', 'Retain'), [], noClaims, SAME, 0) as any[];
    expect(a.claims[0].metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 'sts-uid' }]);
  });
  it('whenScaled Delete: a scaled-away pod owns its claim before it is deleted', () => {
    const pods = [0, 1, 2].map((i) => withUid(pod(i)));
    expect(show(planStatefulSet(policy('Retain', 'Delete'), pods, allClaims, SAME, 0))).toEqual(['owners www-web-2 [Pod/web-2]', 'delete web-2 (scale-down)']);
  });
  it('Retain again: the owners go', () => {
    const owned = (name: string) => ({ metadata: { name, namespace: 'default', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 'sts-uid' }] } });
    expect(show(planStatefulSet(policy('Retain', 'Retain'), [withUid(pod(0)), withUid(pod(1))], owned, SAME, 0))).toEqual(['owners www-web-0 []', 'owners www-web-1 []']);
  });
});

describe('StatefulSet revisions (getStatefulSetRevisions, truncateHistory)', () => {
  const withImage = (image: string, extra: any = {}) => set({ template: template(image), ...extra });
  const revOf = (image: string, revision: number) => {
    const r = newRevision(withImage(image), revision, 0);
    r.metadata.creationTimestamp = '2025-01-01T00:00:00Z';
    return r;
  };
  it('a new template makes a revision at the next number, named web-<hash>, with the set annotations', () => {
    const s: any = withImage('nginx-slim:0.24');
    s.metadata.annotations = { 'kubernetes.io/change-cause': 'update to 0.24' };
    const cr = newRevision(s, 2, 0);
    expect(cr.metadata.name).toMatch(/^web-[a-z0-9]+$/);
    expect(cr.metadata.annotations).toEqual({ 'kubernetes.io/change-cause': 'update to 0.24' });
    expect(cr.metadata.labels.app).toBe('nginx');
    const d = decideUpdateRevision([revOf('nginx-slim:0.21', 1)], cr);
    expect(d).toEqual({ type: 'create', revision: cr });
  });
  it('the newest revision holding the template is kept as it is', () => {
    const sorted = [revOf('nginx-slim:0.21', 1), revOf('nginx-slim:0.24', 2)];
    expect(decideUpdateRevision(sorted, newRevision(withImage('nginx-slim:0.24'), 3, 0))).toEqual({ type: 'existing', revision: sorted[1] });
  });
  it('a rollback reuses the older revision under the next number', () => {
    const sorted = [revOf('nginx-slim:0.21', 1), revOf('nginx-slim:0.24', 2)];
    expect(decideUpdateRevision(sorted, newRevision(withImage('nginx-slim:0.21'), 3, 0))).toEqual({ type: 'renumber', revision: sorted[0], to: 3 });
  });
  it('truncates the oldest non-live revisions beyond revisionHistoryLimit', () => {
    const sorted = [1, 2, 3, 4, 5].map((n) => ({ metadata: { name: `web-r${n}` }, revision: n }));
    const s = withImage('x', { revisionHistoryLimit: 1 });
    // live: current r4, update r5, and r2 that web-0 still runs.
    const names = (rs: any[]) => rs.map((r) => r.metadata.name);
    expect(names(revisionsToTruncate(s, [pod(0, 'running', 'web-r2')], sorted, 'web-r4', 'web-r5'))).toEqual(['web-r1']);
    expect(names(revisionsToTruncate(withImage('x', { revisionHistoryLimit: 0 }), [], sorted, 'web-r4', 'web-r5'))).toEqual(['web-r1', 'web-r2', 'web-r3']);
    expect(names(revisionsToTruncate(withImage('x'), [], sorted, 'web-r4', 'web-r5'))).toEqual([]);
  });
});
