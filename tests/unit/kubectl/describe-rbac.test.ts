/**
 * kubectl describe role|clusterrole|rolebinding|clusterrolebinding. The expected texts are kubectl
 * v1.32's for the same objects (served to it by a stub API server): rules broken down per
 * resource, verb and name, compacted per resource and sorted as PolicyRule.String() sorts.
 */
import { describe, expect, test } from 'vitest';
import { bench } from './harness';

const RBAC = 'rbac.authorization.k8s.io';

function fixtures() {
  const b = bench();
  b.create('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'dev' } });
  b.create('roles', {
    apiVersion: `${RBAC}/v1`,
    kind: 'Role',
    metadata: { name: 'pod-reader', namespace: 'default', labels: { app: 'web', tier: 'x' }, annotations: { note: 'hi', 'kubectl.kubernetes.io/last-applied-configuration': '{}' } },
    rules: [
      { apiGroups: [''], resources: ['pods', 'pods/log'], verbs: ['get', 'list', 'watch'] },
      { apiGroups: ['apps'], resources: ['deployments'], verbs: ['update'], resourceNames: ['web', 'api'] },
      { apiGroups: ['apps'], resources: ['deployments/scale'], verbs: ['update', 'patch'], resourceNames: ['web'] },
      { apiGroups: [''], resources: ['pods'], verbs: ['delete', 'get'] },
      { apiGroups: ['', 'apps'], resources: ['configmaps'], verbs: ['*'] },
      { apiGroups: [RBAC], resources: ['*'], verbs: ['bind'] }
    ]
  }, 'default');
  b.create('roles', { apiVersion: `${RBAC}/v1`, kind: 'Role', metadata: { name: 'empty', namespace: 'default' }, rules: [] }, 'default');
  b.create('clusterroles', {
    apiVersion: `${RBAC}/v1`,
    kind: 'ClusterRole',
    metadata: { name: 'mixed' },
    rules: [
      { nonResourceURLs: ['/healthz', '/logs/*'], verbs: ['get', 'post'] },
      { apiGroups: [''], resources: ['nodes'], verbs: ['get', 'list'] },
      { apiGroups: ['*'], resources: ['*'], verbs: ['*'] },
      { nonResourceURLs: ['*'], verbs: ['*'] }
    ]
  });
  b.create('clusterroles', { apiVersion: `${RBAC}/v1`, kind: 'ClusterRole', metadata: { name: 'agg' }, aggregationRule: { clusterRoleSelectors: [{ matchLabels: { a: 'b' } }] }, rules: null });
  b.create('rolebindings', {
    apiVersion: `${RBAC}/v1`,
    kind: 'RoleBinding',
    metadata: { name: 'read-pods', namespace: 'dev', labels: { a: 'b' } },
    roleRef: { apiGroup: RBAC, kind: 'Role', name: 'pod-reader' },
    subjects: [
      { kind: 'User', apiGroup: RBAC, name: 'jane' },
      { kind: 'ServiceAccount', name: 'robot', namespace: 'ci' },
      { kind: 'Group', apiGroup: RBAC, name: 'system:serviceaccounts:long-group-name' }
    ]
  }, 'dev');
  b.create('clusterrolebindings', { apiVersion: `${RBAC}/v1`, kind: 'ClusterRoleBinding', metadata: { name: 'nosubj' }, roleRef: { apiGroup: RBAC, kind: 'ClusterRole', name: 'view' } });
  return b;
}

const CASES: [string, string][] = [
  ["kubectl describe role pod-reader", "Name:         pod-reader\nLabels:       app=web\n              tier=x\nAnnotations:  note: hi\nPolicyRule:\n  Resources                    Non-Resource URLs  Resource Names  Verbs\n  ---------                    -----------------  --------------  -----\n  configmaps                   []                 []              [*]\n  configmaps.apps              []                 []              [*]\n  *.rbac.authorization.k8s.io  []                 []              [bind]\n  pods                         []                 []              [get list watch delete]\n  pods/log                     []                 []              [get list watch]\n  deployments.apps/scale       []                 [web]           [update patch]\n  deployments.apps             []                 [api]           [update]\n  deployments.apps             []                 [web]           [update]\n"],
  ["kubectl describe role empty", "Name:         empty\nLabels:       <none>\nAnnotations:  <none>\nPolicyRule:\n  Resources  Non-Resource URLs  Resource Names  Verbs\n  ---------  -----------------  --------------  -----\n"],
  ["kubectl describe clusterrole mixed", "Name:         mixed\nLabels:       <none>\nAnnotations:  <none>\nPolicyRule:\n  Resources  Non-Resource URLs  Resource Names  Verbs\n  ---------  -----------------  --------------  -----\n  *.*        []                 []              [*]\n             [*]                []              [*]\n  nodes      []                 []              [get list]\n             [/healthz]         []              [get]\n             [/logs/*]          []              [get]\n             [/healthz]         []              [post]\n             [/logs/*]          []              [post]\n"],
  ["kubectl describe clusterrole agg", "Name:         agg\nLabels:       <none>\nAnnotations:  <none>\nPolicyRule:\n  Resources  Non-Resource URLs  Resource Names  Verbs\n  ---------  -----------------  --------------  -----\n"],
  ["kubectl describe rolebinding read-pods -n dev", "Name:         read-pods\nLabels:       a=b\nAnnotations:  <none>\nRole:\n  Kind:  Role\n  Name:  pod-reader\nSubjects:\n  Kind            Name                                    Namespace\n  ----            ----                                    ---------\n  User            jane                                    \n  ServiceAccount  robot                                   ci\n  Group           system:serviceaccounts:long-group-name  \n"],
  ["kubectl describe clusterrolebinding nosubj", "Name:         nosubj\nLabels:       <none>\nAnnotations:  <none>\nRole:\n  Kind:  ClusterRole\n  Name:  view\nSubjects:\n  Kind  Name  Namespace\n  ----  ----  ---------\n"],
];

describe('kubectl describe role|clusterrole|rolebinding|clusterrolebinding', () => {
  test.each(CASES)('%s prints what kubectl v1.32 prints', async (line, expected) => {
    const b = fixtures();
    const r = await b.run(line);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(expected);
  });

  test('a role created with kubectl create reads back as its one rule', async () => {
    const b = bench();
    await b.run('kubectl create role pod-reader --verb=get,list --resource=pods,deployments.apps --resource-name=web');
    expect((await b.run('kubectl describe role pod-reader')).stdout).toBe(
      ['Name:         pod-reader', 'Labels:       <none>', 'Annotations:  <none>', 'PolicyRule:', '  Resources         Non-Resource URLs  Resource Names  Verbs', '  ---------         -----------------  --------------  -----', '  pods              []                 [web]           [get list]', '  deployments.apps  []                 [web]           [get list]', ''].join('\n')
    );
  });
});
