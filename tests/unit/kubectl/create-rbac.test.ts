/**
 * kubectl create role|clusterrole|rolebinding|clusterrolebinding: the objects compared with what
 * kubectl v1.32 prints for `--dry-run=client -o yaml` (against a server whose discovery lists the
 * simulator's resources), its flag checks and messages, and the created objects.
 */
import { describe, expect, test } from 'vitest';
import { bench } from './harness';

const yaml = (lines: string[]) => lines.join('\n') + '\n';

describe('kubectl create role|clusterrole', () => {
  test('rules grouped by API group, short names and singulars resolved, subresources kept, duplicates dropped', async () => {
    const b = bench();
    const r = await b.run('kubectl create role x --verb=get --resource=pods,deployments.apps,pods/log,rs,pod --resource-name=a --resource-name=a --dry-run=client -o yaml');
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(
      yaml(['apiVersion: rbac.authorization.k8s.io/v1', 'kind: Role', 'metadata:', '  creationTimestamp: null', '  name: x', 'rules:', '- apiGroups:', '  - ""', '  resourceNames:', '  - a', '  resources:', '  - pods', '  - pods/log', '  verbs:', '  - get', '- apiGroups:', '  - apps', '  resourceNames:', '  - a', '  resources:', '  - deployments', '  - replicasets', '  verbs:', '  - get'])
    );
    // `*` among the verbs is every verb; a bare `*` resource ends the list
    expect((await b.run('kubectl create role x --verb=get,get,list --verb=* --resource=* --resource=foo -n dev --dry-run=client -o yaml')).stdout).toBe(
      yaml(['apiVersion: rbac.authorization.k8s.io/v1', 'kind: Role', 'metadata:', '  creationTimestamp: null', '  name: x', '  namespace: dev', 'rules:', '- apiGroups:', '  - ""', '  resources:', "  - '*'", '  verbs:', "  - '*'"])
    );
    expect((await b.run('kubectl create role x --verb=bind --resource=roles --dry-run=client -o yaml')).stdout).toBe(
      yaml(['apiVersion: rbac.authorization.k8s.io/v1', 'kind: Role', 'metadata:', '  creationTimestamp: null', '  name: x', 'rules:', '- apiGroups:', '  - rbac.authorization.k8s.io', '  resources:', '  - roles', '  verbs:', '  - bind'])
    );
    expect((await b.run('kubectl create role x --verb=get --resource=pods --dry-run=client')).stdout).toBe('role.rbac.authorization.k8s.io/x created (dry run)\n');
  });

  test('a cluster role: resources, resource names and non-resource URLs; an aggregation rule instead of rules', async () => {
    const b = bench();
    expect((await b.run('kubectl create clusterrole cr --verb=get --non-resource-url=/a --resource=pods,nodes,deployments.apps --non-resource-url=/healthz,/logs/* --non-resource-url=/healthz --resource-name=n -n x --dry-run=client -o yaml')).stdout).toBe(
      yaml(['apiVersion: rbac.authorization.k8s.io/v1', 'kind: ClusterRole', 'metadata:', '  creationTimestamp: null', '  name: cr', 'rules:', '- apiGroups:', '  - ""', '  resourceNames:', '  - "n"', '  resources:', '  - pods', '  - nodes', '  verbs:', '  - get', '- apiGroups:', '  - apps', '  resourceNames:', '  - "n"', '  resources:', '  - deployments', '  verbs:', '  - get', '- nonResourceURLs:', '  - /a', '  - /healthz', '  - /logs/*', '  verbs:', '  - get'])
    );
    expect((await b.run('kubectl create clusterrole cr --aggregation-rule=a=b,c=d --aggregation-rule=e=f --dry-run=client -o yaml')).stdout).toBe(
      yaml(['aggregationRule:', '  clusterRoleSelectors:', '  - matchLabels:', '      a: b', '      c: d', '      e: f', 'apiVersion: rbac.authorization.k8s.io/v1', 'kind: ClusterRole', 'metadata:', '  creationTimestamp: null', '  name: cr', 'rules: null'])
    );
    // impersonate's own resources (users, groups) need not be served
    expect((await b.run('kubectl create clusterrole cr --verb=impersonate --resource=users,groups,serviceaccounts --dry-run=client -o yaml')).stdout).toBe(
      yaml(['apiVersion: rbac.authorization.k8s.io/v1', 'kind: ClusterRole', 'metadata:', '  creationTimestamp: null', '  name: cr', 'rules:', '- apiGroups:', '  - ""', '  resources:', '  - users', '  - groups', '  - serviceaccounts', '  verbs:', '  - impersonate'])
    );
  });

  test('--save-config records the generated role', async () => {
    const b = bench();
    const out = (await b.run('kubectl create role x --verb=get --resource=pods -n foo --dry-run=client -o json --save-config')).stdout;
    const saved = JSON.parse(JSON.parse(out).metadata.annotations['kubectl.kubernetes.io/last-applied-configuration']);
    // kubectl v1.32: {"kind":"Role","apiVersion":"rbac.authorization.k8s.io/v1","metadata":{"name":"x","namespace":"foo","creationTimestamp":null},"rules":[{"verbs":["get"],"apiGroups":[""],"resources":["pods"]}]}
    expect(saved).toMatchObject({ kind: 'Role', apiVersion: 'rbac.authorization.k8s.io/v1', metadata: { name: 'x', namespace: 'foo', creationTimestamp: null }, rules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }] });
  });

  test("flag checks in kubectl's words", async () => {
    const b = bench();
    const err = async (line: string) => {
      const r = await b.run(line);
      expect(r.exitCode).toBe(1);
      return r.stderr;
    };
    expect(await err('kubectl create role')).toBe("error: exactly one NAME is required, got 0\nSee 'kubectl create role -h' for help and examples\n");
    expect(await err('kubectl create role x --resource=pods')).toBe('error: at least one verb must be specified\n');
    expect(await err('kubectl create role x --verb=get')).toBe('error: at least one resource must be specified\n');
    expect(await err('kubectl create role x --verb=get --resource=foo')).toBe('the server doesn\'t have a resource type "foo"\n');
    expect(await err('kubectl create role x --verb=get --resource=foo.apps')).toBe('the server doesn\'t have a resource type "foo" in group "apps"\n');
    // plural and singular names are matched lower-cased, short names as typed
    expect(await err('kubectl create role x --verb=get --resource=Pods,DEPLOY')).toBe('the server doesn\'t have a resource type "DEPLOY"\n');
    expect(await err('kubectl create role x --verb=get --resource=deployments.v1.apps')).toBe('the server doesn\'t have a resource type "deployments" in group "v1.apps"\n');
    expect(await err('kubectl create role x --verb=get --resource=.apps')).toBe('error: resource must be specified if apiGroup/subresource specified\n');
    expect(await err('kubectl create role x --verb=use --resource=pods')).toBe("error: can not perform 'use' on 'pods' in group ''\n");
    expect(await err('kubectl create clusterrole cr --verb=impersonate --resource=users,pods')).toBe("error: can not perform 'impersonate' on 'pods' in group ''\n");
    expect(await err('kubectl create clusterrole cr --verb=get')).toBe('error: one of resource or nonResourceURL must be specified\n');
    expect(await err('kubectl create clusterrole cr --aggregation-rule=a=b --verb=get')).toBe('error: aggregation rule must be specified without nonResourceURLs, verbs, resources or resourceNames\n');
    expect(await err('kubectl create clusterrole cr --verb=watch --non-resource-url=/x')).toBe("error: invalid verb: 'watch' for nonResourceURL\n");
    expect(await err('kubectl create clusterrole cr --verb=get --non-resource-url=x')).toBe('error: nonResourceURL should start with /\n');
    expect(await err('kubectl create clusterrole cr --verb=get --non-resource-url=/a*/b')).toBe("error: nonResourceURL only supports wildcard matches when '*' is at the end\n");
    // kubectl v1.32 prints `Error: invalid argument ...` here; the simulator words all flag errors `error: ...`
    expect(await err('kubectl create clusterrole cr --aggregation-rule=ab')).toBe('error: invalid argument "ab" for "--aggregation-rule" flag: malformed pair, expect string=string\nSee \'kubectl create clusterrole --help\' for usage.\n');
    // empty pieces of --aggregation-rule are skipped: no rule, so the resource rules are built
    expect((await b.run('kubectl create clusterrole x --aggregation-rule=, --verb=get --resource=Pods -o name --dry-run=client')).stdout).toBe('clusterrole.rbac.authorization.k8s.io/x\n');
    // an unknown verb is only a warning
    const frob = await b.run('kubectl create role x --verb=frob --resource=pods --dry-run=client -o name');
    expect([frob.stderr, frob.stdout]).toEqual(["Warning: 'frob' is not a standard resource verb\n", 'role.rbac.authorization.k8s.io/x\n']);
  });
});

describe('kubectl create rolebinding|clusterrolebinding', () => {
  test('subjects: users, then groups, then service accounts', async () => {
    const b = bench();
    expect((await b.run('kubectl create rolebinding rb --clusterrole=admin --user=u1 --user=u2 --group=g --serviceaccount=ns:sa -n dev --dry-run=client -o yaml')).stdout).toBe(
      yaml(['apiVersion: rbac.authorization.k8s.io/v1', 'kind: RoleBinding', 'metadata:', '  creationTimestamp: null', '  name: rb', '  namespace: dev', 'roleRef:', '  apiGroup: rbac.authorization.k8s.io', '  kind: ClusterRole', '  name: admin', 'subjects:', '- apiGroup: rbac.authorization.k8s.io', '  kind: User', '  name: u1', '- apiGroup: rbac.authorization.k8s.io', '  kind: User', '  name: u2', '- apiGroup: rbac.authorization.k8s.io', '  kind: Group', '  name: g', '- kind: ServiceAccount', '  name: sa', '  namespace: ns'])
    );
    expect((await b.run('kubectl create clusterrolebinding crb --clusterrole=x -n foo --user=u --dry-run=client -o yaml')).stdout).toBe(
      yaml(['apiVersion: rbac.authorization.k8s.io/v1', 'kind: ClusterRoleBinding', 'metadata:', '  creationTimestamp: null', '  name: crb', 'roleRef:', '  apiGroup: rbac.authorization.k8s.io', '  kind: ClusterRole', '  name: x', 'subjects:', '- apiGroup: rbac.authorization.k8s.io', '  kind: User', '  name: u'])
    );
  });

  test("flag checks in kubectl's words", async () => {
    const b = bench();
    const err = async (line: string) => (await b.run(line)).stderr;
    expect(await err('kubectl create rolebinding rb --role=r --clusterrole=cr')).toBe('error: exactly one of clusterrole or role must be specified\n');
    expect(await err('kubectl create rolebinding rb')).toBe('error: exactly one of clusterrole or role must be specified\n');
    expect(await err('kubectl create rolebinding rb --role=r --serviceaccount=foo')).toBe('error: serviceaccount must be <namespace>:<name>\n');
    expect(await err('kubectl create rolebinding rb --role=r --serviceaccount=:x')).toBe('error: serviceaccount must be <namespace>:<name>\n');
    expect(await err('kubectl create clusterrolebinding crb --clusterrole=x --serviceaccount=a:b:c')).toBe('error: serviceaccount must be <namespace>:<name>\n');
    expect(await err('kubectl create clusterrolebinding crb --role=x')).toBe("error: unknown flag: --role\nSee 'kubectl create clusterrolebinding --help' for usage.\n");
    expect(await err('kubectl create clusterrolebinding crb')).toBe('error: required flag(s) "clusterrole" not set\n');
  });

  test('created objects are served and listed; the API server refuses a second one', async () => {
    const b = bench();
    expect((await b.run('kubectl create role pod-reader --verb=get,list --resource=pods')).stdout).toBe('role.rbac.authorization.k8s.io/pod-reader created\n');
    expect((await b.run('kubectl create rolebinding read-pods --role=pod-reader --user=jane')).stdout).toBe('rolebinding.rbac.authorization.k8s.io/read-pods created\n');
    expect((await b.run('kubectl create clusterrolebinding devs-view --clusterrole=view --group=devs')).stdout).toBe('clusterrolebinding.rbac.authorization.k8s.io/devs-view created\n');
    expect(b.get('roles', 'pod-reader', 'default')?.rules).toEqual([{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] }]);
    expect(b.get('rolebindings', 'read-pods', 'default')).toMatchObject({ roleRef: { kind: 'Role', name: 'pod-reader' }, subjects: [{ kind: 'User', name: 'jane' }] });
    expect((await b.run('kubectl get rolebinding read-pods --no-headers')).stdout).toMatch(/^read-pods\s+Role\/pod-reader\s+0s\n$/);
    expect((await b.run('kubectl create role pod-reader --verb=get --resource=pods')).stderr).toBe('Error from server (AlreadyExists): roles.rbac.authorization.k8s.io "pod-reader" already exists\n');
    expect((await b.run('kubectl create rolebinding read-pods --role=pod-reader')).stderr).toBe('error: failed to create rolebinding: rolebindings.rbac.authorization.k8s.io "read-pods" already exists\n');
  });
});
