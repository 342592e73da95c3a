// -o name (cli-runtime printers/name.go; TestFormatResourceName in printers_test.go) and the
// table decorations of `kubectl get` (tableprinter.go / get.go). Whole-table outputs are checked
// byte-for-byte against real kubectl in golden.test.ts; these are focused unit cases.
import { describe, expect, it } from 'vitest';
import { apiGroupOf, formatResourceName, printNames, resourceKindPrefix } from '../../../../src/sim/kubectl/printers/name';
import { groupKindLabel, lookupResource, printNoResources, printTable, printTables, tableHeaders } from '../../../../src/sim/kubectl/printers/table';
import { NOW, ago } from './table-helpers';

describe('-o name', () => {
  it.each([
    [{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'nginx' } }, 'pod/nginx'],
    [{ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' } }, 'deployment.apps/web'],
    [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web-5d4b8c9f7' } }, 'replicaset.apps/web-5d4b8c9f7'],
    [{ apiVersion: 'v1', kind: 'Service', metadata: { name: 'kubernetes' } }, 'service/kubernetes'],
    [{ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'x' } }, 'clusterrolebinding.rbac.authorization.k8s.io/x'],
    [{ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'web-abc' } }, 'endpointslice.discovery.k8s.io/web-abc'],
  ])('%j', (obj, expected) => expect(formatResourceName(obj)).toBe(expected));
  it('with an operation', () => {
    expect(formatResourceName({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'nginx' } }, 'deleted')).toBe('pod/nginx deleted');
  });
  it('missing kind is an error (name.go)', () => {
    expect(() => formatResourceName({ metadata: { name: 'x' } })).toThrow('missing kind for resource with name x');
  });
  it('lists are expanded, one line per item', () => {
    const list = { apiVersion: 'v1', kind: 'List', items: [{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a' } }, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'b' } }] };
    expect(printNames([list])).toBe('pod/a\npod/b\n');
  });
  it('TestFormatResourceName-style helpers', () => {
    expect(resourceKindPrefix('Kind', '')).toBe('kind');
    expect(resourceKindPrefix('Kind', 'group')).toBe('kind.group');
    expect(apiGroupOf('v1')).toBe('');
    expect(apiGroupOf('apps/v1')).toBe('apps');
    expect(groupKindLabel(lookupResource('deploy'))).toBe('deployment.apps');
    expect(groupKindLabel(lookupResource('po'))).toBe('pod');
  });
});

describe('get decorations', () => {
  const pod = (name: string, ns: string, labels: Record<string, string> = {}) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: ns, labels, creationTimestamp: ago(65) },
    spec: { containers: [{ name: 'c' }] },
    status: { phase: 'Running', containerStatuses: [{ name: 'c', ready: true, restartCount: 0, state: { running: {} } }] },
  });
  const pods = [pod('a', 'default', { app: 'web', tier: 'fe' }), pod('bbbbbbbb', 'kube-system')];
  it('plain', () => {
    expect(printTable('pods', pods, { now: NOW })).toBe(
      'NAME       READY   STATUS    RESTARTS   AGE\n' + 'a          1/1     Running   0          65s\n' + 'bbbbbbbb   1/1     Running   0          65s\n',
    );
  });
  it('-A adds NAMESPACE, --show-labels adds LABELS, -L adds label columns', () => {
    expect(printTable('pods', pods, { now: NOW, withNamespace: true, showLabels: true, labelColumns: ['app', 'example.com/tier'] })).toBe(
      'NAMESPACE     NAME       READY   STATUS    RESTARTS   AGE   APP   TIER   LABELS\n' +
        'default       a          1/1     Running   0          65s   web          app=web,tier=fe\n' +
        'kube-system   bbbbbbbb   1/1     Running   0          65s                <none>\n',
    );
  });
  it('--no-headers and --show-kind', () => {
    expect(printTable('pods', pods.slice(0, 1), { now: NOW, noHeaders: true, showKind: true })).toBe('pod/a   1/1   Running   0     65s\n');
  });
  it('cluster-scoped resources get no NAMESPACE column with -A', () => {
    expect(tableHeaders('nodes', { withNamespace: true })).toEqual(['NAME', 'STATUS', 'ROLES', 'AGE', 'VERSION']);
    expect(tableHeaders('pods', { withNamespace: true, wide: true })).toEqual(['NAMESPACE', 'NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE', 'IP', 'NODE', 'NOMINATED NODE', 'READINESS GATES']);
  });
  it('several kinds: kind/ prefixes, blank line between non-empty groups, empty groups skipped', () => {
    const svc = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'kubernetes', namespace: 'default', creationTimestamp: ago(3600) }, spec: { type: 'ClusterIP', clusterIPs: ['10.96.0.1'], ports: [{ port: 443, protocol: 'TCP' }] } };
    expect(
      printTables(
        [
          { resource: 'pods', objects: pods.slice(0, 1) },
          { resource: 'replicationcontrollers', objects: [] },
          { resource: 'services', objects: [svc] },
        ],
        { now: NOW },
      ),
    ).toBe(
      'NAME    READY   STATUS    RESTARTS   AGE\n' +
        'pod/a   1/1     Running   0          65s\n' +
        '\n' +
        'NAME                 TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE\n' +
        'service/kubernetes   ClusterIP   10.96.0.1    <none>        443/TCP   60m\n',
    );
  });
  it('an empty result prints nothing on stdout; the message goes to stderr', () => {
    expect(printTable('pods', [], { now: NOW })).toBe('');
    expect(printNoResources('default')).toBe('No resources found in default namespace.\n');
    expect(printNoResources()).toBe('No resources found\n');
  });
  it('multi-line cells are cut at the first newline with "..."', () => {
    const ev = { metadata: { name: 'e', namespace: 'default' }, lastTimestamp: ago(5), type: 'Warning', reason: 'Failed', involvedObject: { kind: 'Pod', name: 'p' }, message: 'first line\nsecond line', count: 1 };
    expect(printTable('events', [ev], { now: NOW })).toBe('LAST SEEN   TYPE      REASON   OBJECT   MESSAGE\n5s          Warning   Failed   pod/p    first line...\n');
  });
});
