/**
 * RBAC object validation, with upstream's own cases and messages.
 * upstream: pkg/apis/rbac/validation/validation_test.go (TestValidateRoleBinding,
 * TestValidateRoleBindingUpdate, TestNonResourceURLCovers cases of validatePolicyRule)
 */
import { describe, expect, it } from 'vitest';
import { aggregateString, validate } from '../../../../src/sim/api/validation';

const meta = (name: string, namespace?: string) => ({ name, ...(namespace ? { namespace } : {}), resourceVersion: '1' });
const msg = (kind: string, obj: unknown, old?: unknown) => aggregateString(validate(kind, obj, old));

describe('Role and ClusterRole rules', () => {
  it('accepts resource rules and cluster-wide non-resource URLs', () => {
    expect(validate('Role', { metadata: meta('r', 'default'), rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }] })).toEqual([]);
    expect(validate('ClusterRole', { metadata: meta('c'), rules: [{ nonResourceURLs: ['/healthz'], verbs: ['get'] }] })).toEqual([]);
  });
  it('needs verbs, api groups and resources', () => {
    expect(msg('Role', { metadata: meta('r', 'default'), rules: [{}] })).toBe(
      '[rules[0].verbs: Required value: verbs must contain at least one value, rules[0].apiGroups: Required value: resource rules must supply at least one api group, rules[0].resources: Required value: resource rules must supply at least one resource]'
    );
  });
  it('refuses non-resource URLs in a namespace and mixed with resources', () => {
    expect(msg('Role', { metadata: meta('r', 'default'), rules: [{ nonResourceURLs: ['/healthz'], verbs: ['get'] }] })).toBe(
      'rules[0].nonResourceURLs: Invalid value: []string{"/healthz"}: namespaced rules cannot apply to non-resource URLs'
    );
    expect(msg('ClusterRole', { metadata: meta('c'), rules: [{ nonResourceURLs: ['/healthz'], resources: ['pods'], verbs: ['get'] }] })).toBe(
      'rules[0].nonResourceURLs: Invalid value: []string{"/healthz"}: rules cannot apply to both regular resources and non-resource URLs'
    );
  });
  it('resourceNames may name objects of several resources', () => {
    expect(validate('Role', { metadata: meta('r', 'default'), rules: [{ apiGroups: [''], resources: ['pods', 'services'], resourceNames: ['a'], verbs: ['get'] }] })).toEqual([]);
  });
  it('names are path segments', () => {
    expect(msg('ClusterRole', { metadata: meta('system:a/b'), rules: [] })).toBe("metadata.name: Invalid value: \"system:a/b\": may not contain '/'");
    expect(validate('ClusterRole', { metadata: meta('system:controller:x'), rules: [] })).toEqual([]);
  });
});

describe('RoleBinding and ClusterRoleBinding', () => {
  const ref = { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-reader' };
  it('accepts users, groups and service accounts', () => {
    const rb = {
      metadata: meta('b', 'default'),
      roleRef: ref,
      subjects: [
        { kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'jane' },
        { kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name: 'devs' },
        { kind: 'ServiceAccount', name: 'default' }
      ]
    };
    expect(validate('RoleBinding', rb)).toEqual([]);
  });
  it('roleRef: group, kind and name (a ClusterRoleBinding binds only ClusterRoles)', () => {
    expect(msg('RoleBinding', { metadata: meta('b', 'default'), roleRef: { apiGroup: 'rbac', kind: 'Kind', name: '' } })).toBe(
      '[roleRef.apiGroup: Unsupported value: "rbac": supported values: "rbac.authorization.k8s.io", roleRef.kind: Unsupported value: "Kind": supported values: "Role", "ClusterRole", roleRef.name: Required value]'
    );
    expect(msg('ClusterRoleBinding', { metadata: meta('b'), roleRef: ref })).toBe('roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole"');
  });
  it('subjects: a ServiceAccount of a ClusterRoleBinding needs its namespace; unknown kinds refused', () => {
    expect(msg('ClusterRoleBinding', { metadata: meta('b'), roleRef: { ...ref, kind: 'ClusterRole' }, subjects: [{ kind: 'ServiceAccount', name: 'sa' }] })).toBe('subjects[0].namespace: Required value');
    expect(msg('RoleBinding', { metadata: meta('b', 'default'), roleRef: ref, subjects: [{ kind: 'Robot', name: 'r2' }] })).toBe(
      'subjects[0].kind: Unsupported value: "Robot": supported values: "ServiceAccount", "User", "Group"'
    );
    expect(msg('RoleBinding', { metadata: meta('b', 'default'), roleRef: ref, subjects: [{ kind: 'User', name: 'jane', apiGroup: 'v1' }] })).toBe(
      'subjects[0].apiGroup: Unsupported value: "v1": supported values: "rbac.authorization.k8s.io"'
    );
  });
  it('roleRef cannot change', () => {
    const old = { metadata: meta('b', 'default'), roleRef: ref };
    expect(msg('RoleBinding', { metadata: meta('b', 'default'), roleRef: { ...ref, name: 'other' } }, old)).toBe(
      'roleRef: Invalid value: rbac.RoleRef{APIGroup:"rbac.authorization.k8s.io", Kind:"Role", Name:"other"}: cannot change roleRef'
    );
  });
});
