/**
 * RBAC authorization as the API server answers the console's kubectl: the bootstrap policy, rule
 * matching (upstream's evaluation_helpers cases), impersonation, ServiceAccount tokens, the access
 * reviews and ClusterRole aggregation.
 * upstream: plugin/pkg/auth/authorizer/rbac/rbac_test.go (TestAuthorizer, TestRuleMatches),
 * pkg/apis/rbac/v1/evaluation_helpers_test.go, staging/src/k8s.io/apiserver/pkg/endpoints/filters/impersonation_test.go
 */
import { describe, expect, it } from 'vitest';
import { ApiServer, type ApiRequest } from '../../../src/sim/apiserver/apiserver';
import { Rand } from '../../../src/sim/kernel/rand';
import { ruleAllows, type Attributes } from '../../../src/sim/apiserver/rbac/authorizer';
import { BOOTSTRAP_CLUSTER_ROLE_BINDINGS, BOOTSTRAP_CLUSTER_ROLES, KUBEADM_RBAC } from '../../../src/sim/apiserver/rbac/bootstrap-policy';
import { validate } from '../../../src/sim/api/validation';

function server(): ApiServer {
  let now = 0;
  const s = new ApiServer({ rand: new Rand(1), now: () => (now += 1) });
  s.bootstrap();
  return s;
}

const asKubectl = (s: ApiServer, req: Omit<ApiRequest, 'user'>) => s.handle({ ...req, user: 'kubectl' });
const role = (name: string, rules: object[], namespace = 'default') => ({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name, namespace }, rules });
const binding = (name: string, roleRef: object, subjects: object[], namespace = 'default') => ({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name, namespace }, roleRef, subjects });

describe('rule matching (upstream evaluation_helpers)', () => {
  const user = { username: 'u', groups: [] };
  const attrs = (a: Partial<Attributes>): Attributes => ({ user, verb: 'get', resourceRequest: true, apiGroup: '', resource: 'pods', ...a });
  it('verbs, groups, resources and names, with * wildcards', () => {
    expect(ruleAllows(attrs({}), { verbs: ['get'], apiGroups: [''], resources: ['pods'] })).toBe(true);
    expect(ruleAllows(attrs({ verb: 'list' }), { verbs: ['get'], apiGroups: [''], resources: ['pods'] })).toBe(false);
    expect(ruleAllows(attrs({ apiGroup: 'apps', resource: 'deployments' }), { verbs: ['*'], apiGroups: ['*'], resources: ['*'] })).toBe(true);
    expect(ruleAllows(attrs({ apiGroup: 'apps', resource: 'deployments' }), { verbs: ['get'], apiGroups: [''], resources: ['deployments'] })).toBe(false);
    expect(ruleAllows(attrs({ name: 'a' }), { verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['a'] })).toBe(true);
    expect(ruleAllows(attrs({ name: 'b' }), { verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['a'] })).toBe(false);
  });
  it('subresources: exact, or */subresource; pods does not cover pods/log', () => {
    expect(ruleAllows(attrs({ subresource: 'log' }), { verbs: ['get'], apiGroups: [''], resources: ['pods'] })).toBe(false);
    expect(ruleAllows(attrs({ subresource: 'log' }), { verbs: ['get'], apiGroups: [''], resources: ['pods/log'] })).toBe(true);
    expect(ruleAllows(attrs({ apiGroup: 'apps', resource: 'deployments', subresource: 'scale' }), { verbs: ['get'], apiGroups: ['apps'], resources: ['*/scale'] })).toBe(true);
    expect(ruleAllows(attrs({ resource: 'pods' }), { verbs: ['get'], apiGroups: [''], resources: ['*/scale'] })).toBe(false);
  });
  it('non-resource URLs: exact, * and a trailing * prefix', () => {
    const nr = (path: string): Attributes => ({ user, verb: 'get', resourceRequest: false, path });
    expect(ruleAllows(nr('/healthz'), { verbs: ['get'], nonResourceURLs: ['/healthz'] })).toBe(true);
    expect(ruleAllows(nr('/healthz/etcd'), { verbs: ['get'], nonResourceURLs: ['/healthz'] })).toBe(false);
    expect(ruleAllows(nr('/healthz/etcd'), { verbs: ['get'], nonResourceURLs: ['/healthz/*'] })).toBe(true);
    expect(ruleAllows(nr('/anything'), { verbs: ['get'], nonResourceURLs: ['*'] })).toBe(true);
  });
});

describe('the console as kubernetes-admin (kubeadm:cluster-admins -> cluster-admin)', () => {
  it('may do anything through the kubeadm:cluster-admins binding, and loses it when that binding goes', () => {
    const s = server();
    expect(asKubectl(s, { verb: 'list', resource: 'nodes' }).ok).toBe(true);
    expect(asKubectl(s, { verb: 'delete', resource: 'clusterrolebindings', name: 'kubeadm:cluster-admins' }).ok).toBe(true);
    const r = asKubectl(s, { verb: 'list', resource: 'nodes' });
    expect(r.ok ? '' : r.status.message).toBe('nodes is forbidden: User "kubernetes-admin" cannot list resource "nodes" in API group "" at the cluster scope');
  });
  it('the bootstrap objects (committed without the create path) are valid as the create path would check them', () => {
    const all = [...BOOTSTRAP_CLUSTER_ROLES, ...BOOTSTRAP_CLUSTER_ROLE_BINDINGS, ...KUBEADM_RBAC.map(([, o]) => o)];
    expect(all.length).toBe(52);
    for (const o of all) expect(validate(o.kind, o), o.metadata.name).toEqual([]);
    const s = server();
    expect(s.store.list('clusterroles').length).toBe(32);
    expect(s.store.get('clusterrolebindings', 'kubeadm:cluster-admins')!.metadata.resourceVersion).toMatch(/^\d+$/);
  });
  it('the bootstrap policy: aggregated view/edit/admin carry their parts\' rules', () => {
    const s = server();
    const get = (name: string) => s.store.get('clusterroles', name)!;
    expect(get('view').rules).toEqual(get('system:aggregate-to-view').rules);
    expect(get('edit').rules.length).toBe(get('system:aggregate-to-edit').rules.length + get('view').rules.length);
    expect(get('admin').rules.slice(-2)).toEqual(get('system:aggregate-to-admin').rules);
  });
});

describe('impersonation and RBAC decisions', () => {
  it('a user with no binding is refused, with upstream\'s message per scope', () => {
    const s = server();
    const msg = (req: Omit<ApiRequest, 'user'>) => {
      const r = asKubectl(s, { ...req, impersonate: { user: 'jane' } });
      return r.ok ? 'allowed' : `${r.status.code} ${r.status.message}`;
    };
    expect(msg({ verb: 'list', resource: 'pods', namespace: 'default' })).toBe('403 pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"');
    expect(msg({ verb: 'get', resource: 'deployments', namespace: 'default', name: 'web' })).toBe('403 deployments.apps "web" is forbidden: User "jane" cannot get resource "deployments" in API group "apps" in the namespace "default"');
    expect(msg({ verb: 'list', resource: 'nodes' })).toBe('403 nodes is forbidden: User "jane" cannot list resource "nodes" in API group "" at the cluster scope');
  });
  it('a RoleBinding grants its Role in its namespace only; a missing Role is named in the reason', () => {
    const s = server();
    expect(asKubectl(s, { verb: 'create', resource: 'rolebindings', namespace: 'default', body: binding('read-pods', { kind: 'Role', name: 'pod-reader' }, [{ kind: 'User', name: 'jane' }]) }).ok).toBe(true);
    const denied = asKubectl(s, { verb: 'list', resource: 'pods', namespace: 'default', impersonate: { user: 'jane' } });
    expect(denied.ok ? '' : denied.status.message).toBe('pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default": RBAC: role.rbac.authorization.k8s.io "pod-reader" not found');
    expect(asKubectl(s, { verb: 'create', resource: 'roles', namespace: 'default', body: role('pod-reader', [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] }]) }).ok).toBe(true);
    expect(asKubectl(s, { verb: 'list', resource: 'pods', namespace: 'default', impersonate: { user: 'jane' } }).ok).toBe(true);
    expect(asKubectl(s, { verb: 'list', resource: 'pods', namespace: 'kube-system', impersonate: { user: 'jane' } }).ok).toBe(false);
    expect(asKubectl(s, { verb: 'delete', resource: 'pods', namespace: 'default', name: 'x', impersonate: { user: 'jane' } }).ok).toBe(false);
  });
  it('groups: --as-group adds the group (and system:authenticated); a binding to the group applies', () => {
    const s = server();
    asKubectl(s, { verb: 'create', resource: 'rolebindings', namespace: 'default', body: binding('devs-edit', { kind: 'ClusterRole', name: 'edit' }, [{ kind: 'Group', name: 'devs' }]) });
    expect(asKubectl(s, { verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } }, impersonate: { user: 'bob', groups: ['devs'] } }).ok).toBe(true);
    expect(asKubectl(s, { verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'd' } }, impersonate: { user: 'bob' } }).ok).toBe(false);
    const who = asKubectl(s, { verb: 'create', resource: 'selfsubjectreviews', body: {}, impersonate: { user: 'bob', groups: ['devs'] } });
    expect(who.ok && who.object.status.userInfo).toEqual({ username: 'bob', groups: ['devs', 'system:authenticated'] });
  });
  it('a ServiceAccount user is in its groups; ServiceAccount subjects default to the binding\'s namespace', () => {
    const s = server();
    asKubectl(s, { verb: 'create', resource: 'rolebindings', namespace: 'default', body: binding('bot-view', { kind: 'ClusterRole', name: 'view' }, [{ kind: 'ServiceAccount', name: 'bot' }]) });
    const as = { user: 'system:serviceaccount:default:bot' };
    expect(asKubectl(s, { verb: 'list', resource: 'pods', namespace: 'default', impersonate: as }).ok).toBe(true);
    // view does not read Secrets.
    expect(asKubectl(s, { verb: 'list', resource: 'secrets', namespace: 'default', impersonate: as }).ok).toBe(false);
    const who = asKubectl(s, { verb: 'create', resource: 'selfsubjectreviews', body: {}, impersonate: as });
    expect(who.ok && who.object.status.userInfo.groups).toEqual(['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated']);
  });
  it('impersonating needs the impersonate verb', () => {
    const s = server();
    // jane (no rights) asks to act as bob: jane's token is not at hand, so give bob a user and impersonate from a weak user via a token below.
    asKubectl(s, { verb: 'create', resource: 'serviceaccounts', namespace: 'default', body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'weak' } } });
    const tr = asKubectl(s, { verb: 'create', resource: 'serviceaccounts', subresource: 'token', namespace: 'default', name: 'weak', body: { spec: {} } });
    const token = tr.ok ? tr.object.status.token : '';
    const r = asKubectl(s, { verb: 'list', resource: 'pods', namespace: 'default', token, impersonate: { user: 'bob' } });
    expect(r.ok ? '' : r.status.message).toBe('users "bob" is forbidden: User "system:serviceaccount:default:weak" cannot impersonate resource "users" in API group "" at the cluster scope');
  });
});

describe('ServiceAccount tokens (kubectl --token)', () => {
  it('authenticate as the ServiceAccount until it is deleted; a bad token is a 401', () => {
    const s = server();
    asKubectl(s, { verb: 'create', resource: 'serviceaccounts', namespace: 'default', body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'bot' } } });
    const tr = asKubectl(s, { verb: 'create', resource: 'serviceaccounts', subresource: 'token', namespace: 'default', name: 'bot', body: { spec: {} } });
    const token = tr.ok ? tr.object.status.token : '';
    const who = asKubectl(s, { verb: 'create', resource: 'selfsubjectreviews', body: {}, token });
    expect(who.ok && who.object.status.userInfo.username).toBe('system:serviceaccount:default:bot');
    expect(who.ok && Object.keys(who.object.status.userInfo.extra)).toEqual(['authentication.kubernetes.io/credential-id']);
    const denied = asKubectl(s, { verb: 'list', resource: 'pods', namespace: 'default', token });
    expect(denied.ok ? '' : denied.status.message).toBe('pods is forbidden: User "system:serviceaccount:default:bot" cannot list resource "pods" in API group "" in the namespace "default"');
    asKubectl(s, { verb: 'delete', resource: 'serviceaccounts', namespace: 'default', name: 'bot' });
    const gone = asKubectl(s, { verb: 'list', resource: 'pods', namespace: 'default', token });
    expect(gone.ok ? '' : `${gone.status.code} ${gone.status.message}`).toBe('401 Unauthorized');
    const junk = asKubectl(s, { verb: 'list', resource: 'pods', namespace: 'default', token: 'not-a-token' });
    expect(junk.ok ? '' : `${junk.status.code} ${junk.status.reason}`).toBe('401 Unauthorized');
  });
});

describe('access reviews', () => {
  it('SelfSubjectAccessReview answers for the caller; reviews are not stored and only created', () => {
    const s = server();
    const ssar = (impersonate?: { user: string }) => asKubectl(s, { verb: 'create', resource: 'selfsubjectaccessreviews', body: { spec: { resourceAttributes: { namespace: 'default', verb: 'delete', resource: 'pods' } } }, ...(impersonate ? { impersonate } : {}) });
    const admin = ssar();
    expect(admin.ok && admin.object.status).toEqual({ allowed: true, reason: 'RBAC: allowed by ClusterRoleBinding "kubeadm:cluster-admins" of ClusterRole "cluster-admin" to Group "kubeadm:cluster-admins"' });
    const jane = ssar({ user: 'jane' });
    expect(jane.ok && jane.object.status).toEqual({ allowed: false });
    const list = asKubectl(s, { verb: 'list', resource: 'selfsubjectaccessreviews' });
    expect(list.ok ? '' : `${list.status.code} ${list.status.message}`).toBe('405 the server does not allow this method on the requested resource');
  });
  it('SubjectAccessReview asks for someone else', () => {
    const s = server();
    const r = asKubectl(s, { verb: 'create', resource: 'subjectaccessreviews', body: { spec: { user: 'x', groups: ['system:masters'], resourceAttributes: { verb: 'delete', resource: 'nodes' } } } });
    expect(r.ok && r.object.status.allowed).toBe(true);
  });
});

describe('escalation prevention', () => {
  function withAdminJane(): ApiServer {
    const s = server();
    asKubectl(s, { verb: 'create', resource: 'namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'dev' } } });
    asKubectl(s, { verb: 'create', resource: 'rolebindings', namespace: 'dev', body: binding('jane-admin', { kind: 'ClusterRole', name: 'admin' }, [{ kind: 'User', name: 'jane' }], 'dev') });
    return s;
  }
  const jane = { user: 'jane' };
  it('a Role may hold only rules its writer holds; the message lists what is missing', () => {
    const s = withAdminJane();
    expect(asKubectl(s, { verb: 'create', resource: 'roles', namespace: 'dev', body: role('ok', [{ apiGroups: [''], resources: ['secrets'], verbs: ['get'] }], 'dev'), impersonate: jane }).ok).toBe(true);
    const r = asKubectl(s, { verb: 'create', resource: 'roles', namespace: 'dev', body: role('nodes', [{ apiGroups: [''], resources: ['nodes', 'pods'], verbs: ['get', 'list'] }], 'dev'), impersonate: jane });
    expect(r.ok ? '' : `${r.status.code} ${r.status.message}`).toBe(
      '403 roles.rbac.authorization.k8s.io "nodes" is forbidden: user "jane" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n{APIGroups:[""], Resources:["nodes"], Verbs:["get" "list"]}'
    );
  });
  it('a binding may grant only a role its writer could grant, unless the writer may bind it', () => {
    const s = withAdminJane();
    expect(asKubectl(s, { verb: 'create', resource: 'rolebindings', namespace: 'dev', body: binding('bob-edit', { kind: 'ClusterRole', name: 'edit' }, [{ kind: 'User', name: 'bob' }], 'dev'), impersonate: jane }).ok).toBe(true);
    const root = () => asKubectl(s, { verb: 'create', resource: 'rolebindings', namespace: 'dev', body: binding('bob-root', { kind: 'ClusterRole', name: 'cluster-admin' }, [{ kind: 'User', name: 'bob' }], 'dev'), impersonate: jane });
    const r = root();
    expect(r.ok ? '' : r.status.message).toBe(
      'rolebindings.rbac.authorization.k8s.io "bob-root" is forbidden: user "jane" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n{APIGroups:["*"], Resources:["*"], Verbs:["*"]}\n{NonResourceURLs:["*"], Verbs:["*"]}'
    );
    // The bind verb on that ClusterRole lets her grant it anyway (in dev).
    asKubectl(s, { verb: 'create', resource: 'roles', namespace: 'dev', body: role('binder', [{ apiGroups: ['rbac.authorization.k8s.io'], resources: ['clusterroles'], verbs: ['bind'], resourceNames: ['cluster-admin'] }], 'dev') });
    asKubectl(s, { verb: 'create', resource: 'rolebindings', namespace: 'dev', body: binding('jane-binder', { kind: 'Role', name: 'binder' }, [{ kind: 'User', name: 'jane' }], 'dev') });
    expect(root().ok).toBe(true);
  });
});
