// The kubectl v1.32 commands whose real output is stored in golden/kubectl-1.32.json, and the
// printer call that must reproduce each one byte for byte. `tableNow` is the virtual time the
// (fake) API server used to render table cells; `describeNow(args)` is the wall-clock time at
// which kubectl rendered a describe (recorded per case at capture time).
/* eslint-disable @typescript-eslint/no-explicit-any */
import * as P from '../../../../src/sim/kubectl/printers/index';

export type GoldenCase = [string[], (T: number) => string];

export function goldenCases(objs: any[]): GoldenCase[] {
  const sortByNsName = (a: any[]) =>
    [...a].sort((x, y) => {
      const ka = `${x.metadata.namespace ?? ''}/${x.metadata.name}`;
      const kb = `${y.metadata.namespace ?? ''}/${y.metadata.name}`;
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
  const kind = (k: string) => objs.filter((o) => o.kind === k);
  const nsOf = (k: string, ns: string) => sortByNsName(kind(k).filter((o) => (o.metadata.namespace ?? '') === ns));
  const get = (k: string, n: string) => objs.find((o) => o.kind === k && o.metadata.name === n);
  const events = kind('Event');
  return [
  [['get', 'pods'], (T) => P.printTable('pods', nsOf('Pod', 'default'), { now: T })],
  [['get', 'pods', '-o', 'wide'], (T) => P.printTable('pods', nsOf('Pod', 'default'), { now: T, wide: true })],
  [['get', 'pods', '-A'], (T) => P.printTable('pods', sortByNsName(kind('Pod')), { now: T, withNamespace: true })],
  [['get', 'pods', '--show-labels'], (T) => P.printTable('pods', nsOf('Pod', 'default'), { now: T, showLabels: true })],
  [['get', 'pods', '--no-headers'], (T) => P.printTable('pods', nsOf('Pod', 'default'), { now: T, noHeaders: true })],
  [['get', 'pods', '-L', 'app,pod-template-hash'], (T) => P.printTable('pods', nsOf('Pod', 'default'), { now: T, labelColumns: ['app', 'pod-template-hash'] })],
  [['get', 'nodes'], (T) => P.printTable('nodes', kind('Node'), { now: T })],
  [['get', 'nodes', '-o', 'wide'], (T) => P.printTable('nodes', kind('Node'), { now: T, wide: true })],
  [['get', 'nodes', '-A'], (T) => P.printTable('nodes', kind('Node'), { now: T, withNamespace: true })],
  [['get', 'ns'], (T) => P.printTable('namespaces', kind('Namespace'), { now: T })],
  [['get', 'deploy', '-o', 'wide'], (T) => P.printTable('deployments', nsOf('Deployment', 'default'), { now: T, wide: true })],
  [['get', 'rs'], (T) => P.printTable('replicasets', nsOf('ReplicaSet', 'default'), { now: T })],
  [['get', 'svc', '-o', 'wide'], (T) => P.printTable('services', nsOf('Service', 'default'), { now: T, wide: true })],
  [['get', 'ep'], (T) => P.printTable('endpoints', nsOf('Endpoints', 'default'), { now: T })],
  [['get', 'endpointslices'], (T) => P.printTable('endpointslices', nsOf('EndpointSlice', 'default'), { now: T })],
  [['get', 'events'], (T) => P.printTable('events', nsOf('Event', 'default'), { now: T })],
  [['get', 'events', '-A'], (T) => P.printTable('events', sortByNsName(events), { now: T, withNamespace: true })],
  [['get', 'events', '-o', 'wide'], (T) => P.printTable('events', nsOf('Event', 'default'), { now: T, wide: true })],
  [['get', 'leases', '-n', 'kube-node-lease'], (T) => P.printTable('leases', nsOf('Lease', 'kube-node-lease'), { now: T })],
  [['get', 'cm'], (T) => P.printTable('configmaps', nsOf('ConfigMap', 'default'), { now: T })],
  [['get', 'secrets'], (T) => P.printTable('secrets', nsOf('Secret', 'default'), { now: T })],
  [['get', 'sa'], (T) => P.printTable('serviceaccounts', nsOf('ServiceAccount', 'default'), { now: T })],
  [['get', 'pv'], (T) => P.printTable('pv', kind('PersistentVolume'), { now: T })],
  [['get', 'pvc', '-o', 'wide'], (T) => P.printTable('pvc', nsOf('PersistentVolumeClaim', 'default'), { now: T, wide: true })],
  [['get', 'sc'], (T) => P.printTable('sc', kind('StorageClass'), { now: T })],
  [['get', 'pc'], (T) => P.printTable('pc', kind('PriorityClass'), { now: T })],
  [['get', 'all'], (T) => P.printTables(P.ALL_CATEGORY_RESOURCES.map((r) => ({ resource: r, objects: nsOf(P.lookupResource(r).kind, 'default') })), { now: T, showKind: true })],
  [['get', 'all', '-A'], (T) => P.printTables(P.ALL_CATEGORY_RESOURCES.map((r) => ({ resource: r, objects: sortByNsName(kind(P.lookupResource(r).kind)) })), { now: T, showKind: true, withNamespace: true })],
  [['get', 'pods,svc'], (T) => P.printTables([{ resource: 'pods', objects: nsOf('Pod', 'default') }, { resource: 'svc', objects: nsOf('Service', 'default') }], { now: T })],
  [['get', 'pods', '--show-kind'], (T) => P.printTable('pods', nsOf('Pod', 'default'), { now: T, showKind: true })],
  [['get', 'pods', '-n', 'nope'], (T) => ''],
  [['get', 'pods', '-o', 'custom-columns=NAME:.metadata.name,NODE:.spec.nodeName,IP:.status.podIP,LABELS:.metadata.labels,RESTARTS:.status.containerStatuses[*].restartCount'], (T) => P.printCustomColumns('NAME:.metadata.name,NODE:.spec.nodeName,IP:.status.podIP,LABELS:.metadata.labels,RESTARTS:.status.containerStatuses[*].restartCount', nsOf('Pod', 'default')).output],
  [['get', 'pods', '-o', 'name'], (T) => P.printNames(nsOf('Pod', 'default'))],
  [['get', 'deploy,svc', '-o', 'name'], (T) => P.printNames([...nsOf('Deployment', 'default'), ...nsOf('Service', 'default')])],
  [['get', 'pods', '-o', 'json'], (T) => P.toKubectlJson(P.toListObject(nsOf('Pod', 'default')))],
  [['get', 'pod', 'pending-pod', '-o', 'yaml'], (T) => P.toKubectlYaml(get('Pod', 'pending-pod'))],
  [['get', 'pods', '-o', 'jsonpath={range .items[*]}{.metadata.name}{"\\t"}{.status.phase}{"\\n"}{end}'], (T) => P.printJSONPath('{range .items[*]}{.metadata.name}{"\\t"}{.status.phase}{"\\n"}{end}', P.toListObject(nsOf('Pod', 'default'))).output],
  [['get', 'ds', '-A', '-o', 'wide'], (T) => P.printTable('ds', sortByNsName(kind('DaemonSet')), { now: T, wide: true, withNamespace: true })],
  [['get', 'sts', '-o', 'wide'], (T) => P.printTable('sts', nsOf('StatefulSet', 'default'), { now: T, wide: true })],
  [['get', 'jobs', '-o', 'wide'], (T) => P.printTable('jobs', nsOf('Job', 'default'), { now: T, wide: true })],
  [['get', 'cronjobs', '-o', 'wide'], (T) => P.printTable('cj', nsOf('CronJob', 'default'), { now: T, wide: true })],
  [['get', 'hpa'], (T) => P.printTable('hpa', nsOf('HorizontalPodAutoscaler', 'default'), { now: T })],
  [['get', 'ing'], (T) => P.printTable('ing', nsOf('Ingress', 'default'), { now: T })],
  [['get', 'pdb'], (T) => P.printTable('pdb', nsOf('PodDisruptionBudget', 'default'), { now: T })],
  [['get', 'roles'], (T) => P.printTable('roles', nsOf('Role', 'default'), { now: T })],
  [['get', 'rolebindings', '-o', 'wide'], (T) => P.printTable('rolebindings', nsOf('RoleBinding', 'default'), { now: T, wide: true })],
  [['get', 'rc', '-o', 'wide'], (T) => P.printTable('rc', nsOf('ReplicationController', 'default'), { now: T, wide: true })],
  [['get', 'quota'], (T) => P.printTable('quota', nsOf('ResourceQuota', 'default'), { now: T })],
  [['get', 'all', '-n', 'kube-system'], (T) => P.printTables(P.ALL_CATEGORY_RESOURCES.map((r) => ({ resource: r, objects: nsOf(P.lookupResource(r).kind, 'kube-system') })), { now: T, showKind: true })],
  [['get', 'pods', '-o', 'custom-columns=N:metadata.name,C:{.spec.containers[*].name},PORTS:.spec.containers[*].ports[*].containerPort,X:.status.nope,P:{.status.podIPs[0]}'], (T) => P.printCustomColumns('N:metadata.name,C:{.spec.containers[*].name},PORTS:.spec.containers[*].ports[*].containerPort,X:.status.nope,P:{.status.podIPs[0]}', nsOf('Pod', 'default')).output],
  [['get', 'pods', '--no-headers', '-o', 'custom-columns=N:.metadata.name,S:.status.phase'], (T) => P.printCustomColumns('N:.metadata.name,S:.status.phase', nsOf('Pod', 'default'), { noHeaders: true }).output],
  [['get', 'pods', '-o', 'yaml'], (T) => P.toKubectlYaml(P.toListObject(nsOf('Pod', 'default')))],
  [['describe', 'pod', 'sidecar'], (T) => P.describe('pod', get('Pod', 'sidecar'), { now: T, events })!],
  [['describe', 'pod', 'initerror'], (T) => P.describe('pod', get('Pod', 'initerror'), { now: T, events })!],
  [['describe', 'pod', 'evicted'], (T) => P.describe('pod', get('Pod', 'evicted'), { now: T, events })!],
  [['describe', 'pod', 'gates'], (T) => P.describe('pod', get('Pod', 'gates'), { now: T, events })!],
  [['describe', 'pod', 'oomkilled'], (T) => P.describe('pod', get('Pod', 'oomkilled'), { now: T, events })!],
  [['describe', 'pod', 'nodelost'], (T) => P.describe('pod', get('Pod', 'nodelost'), { now: T, events })!],
  [['describe', 'ds', 'kube-proxy', '-n', 'kube-system'], (T) => P.describe('ds', get('DaemonSet', 'kube-proxy'), { now: T, events, pods: kind('Pod') })!],
  [['describe', 'pod', 'web-5d4b8c9f7-klmno'], (T) => P.describe('pod', get('Pod', 'web-5d4b8c9f7-klmno'), { now: T, events })!],
  [['describe', 'pod', 'web-5d4b8c9f7-fghij'], (T) => P.describe('pod', get('Pod', 'web-5d4b8c9f7-fghij'), { now: T, events })!],
  [['describe', 'pod', 'pending-pod'], (T) => P.describe('pod', get('Pod', 'pending-pod'), { now: T, events })!],
  [['describe', 'pod', 'init-pod'], (T) => P.describe('pod', get('Pod', 'init-pod'), { now: T, events })!],
  [['describe', 'pod', 'terminating-pod'], (T) => P.describe('pod', get('Pod', 'terminating-pod'), { now: T, events })!],
  [['describe', 'pod', 'done-job-x1'], (T) => P.describe('pod', get('Pod', 'done-job-x1'), { now: T, events })!],
  [['describe', 'node', 'kind-worker'], (T) => P.describe('node', get('Node', 'kind-worker'), { now: T, events, pods: kind('Pod'), lease: get('Lease', 'kind-worker') })!],
  [['describe', 'node', 'kind-worker2'], (T) => P.describe('node', get('Node', 'kind-worker2'), { now: T, events, pods: kind('Pod') })!],
  [['describe', 'node', 'kind-control-plane'], (T) => P.describe('node', get('Node', 'kind-control-plane'), { now: T, events, pods: kind('Pod') })!],
  [['describe', 'rs', 'web-5d4b8c9f7'], (T) => P.describe('replicaset', get('ReplicaSet', 'web-5d4b8c9f7'), { now: T, events, pods: kind('Pod') })!],
  [['describe', 'deploy', 'web'], (T) => P.describe('deployment', get('Deployment', 'web'), { now: T, events, replicaSets: kind('ReplicaSet') })!],
  [['describe', 'svc', 'web'], (T) => P.describe('service', get('Service', 'web'), { now: T, events, endpointSlices: kind('EndpointSlice') })!],
  [['describe', 'svc', 'kubernetes'], (T) => P.describe('service', get('Service', 'kubernetes'), { now: T, events, endpointSlices: kind('EndpointSlice') })!],
  [['describe', 'svc', 'lb'], (T) => P.describe('service', get('Service', 'lb'), { now: T, events, endpointSlices: kind('EndpointSlice') })!],
  [['describe', 'ns', 'default'], (T) => P.describe('namespace', get('Namespace', 'default'), { now: T, events, resourceQuotas: nsOf('ResourceQuota', 'default') })!],
  [['describe', 'cm', 'app-config'], (T) => P.describe('configmap', get('ConfigMap', 'app-config'), { now: T, events })!],
  [['describe', 'secret', 'creds'], (T) => P.describe('secret', get('Secret', 'creds'), { now: T, events })!],
  [['describe', 'sa', 'default'], (T) => P.describe('serviceaccount', get('ServiceAccount', 'default'), { now: T, events })!],
  [['describe', 'pvc', 'data-pvc'], (T) => P.describe('pvc', get('PersistentVolumeClaim', 'data-pvc'), { now: T, events, pods: kind('Pod') })!],
  ];
}
