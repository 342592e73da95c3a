// Cell values for workloads, storage, discovery and misc resources, table-driven from upstream
// pkg/printers/internalversion/printers_test.go (v1.32): TestPrintDeployment, TestPrintDaemonSet,
// TestPrintDaemonSetList, TestPrintJob, TestPrintJobList, TestPrintHPA, TestPrintService,
// TestPrintPodDisruptionBudget, TestPrintControllerRevision, TestPrintConfigMap,
// TestPrintNetworkPolicy, TestPrintRoleBinding, TestPrintClusterRoleBinding,
// TestPrintReplicationController, TestPrintReplicaSet, TestPrintReplicaSetList,
// TestPrintStatefulSet, TestPrintPersistentVolume, TestPrintPersistentVolumeClaim,
// TestPrintCronJob, TestPrintCronJobList, TestPrintStorageClass, TestPrintLease,
// TestPrintPriorityClass, TestPrintRuntimeClass, TestPrintEndpoint, TestPrintEndpointSlice.
import { describe, expect, it } from 'vitest';
import { type Cell } from '../../../../src/sim/kubectl/printers/table';
import { NOW, ago, rows } from './table-helpers';

/* eslint-disable @typescript-eslint/no-explicit-any */

const soon = ago(-1.9); // time.Now().Add(1.9e9): prints "0s"
const fiveMin = ago(300); // time.Now().Add(-3e11)
const twoContainers = [
  { name: 'fake-container1', image: 'fake-image1' },
  { name: 'fake-container2', image: 'fake-image2' },
];
const jobContainers = [
  { name: 'fake-job-container1', image: 'fake-job-image1' },
  { name: 'fake-job-container2', image: 'fake-job-image2' },
];

type Case = [string, string, any, Cell[], boolean?];
function run(cases: Case[]) {
  it.each(cases)('%s', (_name, resource, obj, expected, wide) => {
    expect(rows(resource, obj, { wide: !!wide })).toEqual(expected);
  });
}

describe('deployments / replicasets / replicationcontrollers / daemonsets / statefulsets', () => {
  const deploy = {
    metadata: { name: 'test1', creationTimestamp: soon },
    spec: { replicas: 5, template: { spec: { containers: twoContainers } }, selector: { matchLabels: { foo: 'bar' } } },
    status: { replicas: 10, updatedReplicas: 2, availableReplicas: 1, unavailableReplicas: 4 },
  };
  const ds = {
    metadata: { name: 'test1', creationTimestamp: soon },
    spec: { template: { spec: { containers: twoContainers } }, selector: { matchLabels: { foo: 'bar' } } },
    status: { currentNumberScheduled: 2, desiredNumberScheduled: 3, numberReady: 1, updatedNumberScheduled: 2, numberAvailable: 0 },
  };
  const rcTemplate = { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'test', image: 'test_image', imagePullPolicy: 'IfNotPresent' }], restartPolicy: 'Always' } };
  const rs = {
    metadata: { name: 'test1', creationTimestamp: soon },
    spec: { replicas: 5, template: { spec: { containers: twoContainers } }, selector: { matchLabels: { foo: 'bar' } } },
    status: { replicas: 5, readyReplicas: 2 },
  };
  const sts = { metadata: { name: 'test1', creationTimestamp: soon }, spec: { replicas: 5, template: { spec: { containers: twoContainers } } }, status: { replicas: 5, readyReplicas: 2 } };
  run([
    ['deployment', 'deployments', deploy, ['test1', '0/5', 2, 1, '0s']],
    ['deployment wide', 'deploy', deploy, ['test1', '0/5', 2, 1, '0s', 'fake-container1,fake-container2', 'fake-image1,fake-image2', 'foo=bar'], true],
    // requirements are sorted by key (labels.Selector.Add sorts ByKey)
    ['deployment with matchExpressions selector', 'deploy', { metadata: { name: 'x', creationTimestamp: fiveMin }, spec: { replicas: 3, selector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['b', 'a'] }, { key: 'canary', operator: 'DoesNotExist' }] } }, status: { readyReplicas: 3, updatedReplicas: 3, availableReplicas: 3 } }, ['x', '3/3', 3, 3, '5m', '', '', 'app=web,!canary,tier in (a,b)'], true],
    ['daemonset', 'daemonsets', ds, ['test1', 3, 2, 1, 2, 0, '<none>', '0s']],
    ['daemonset wide', 'ds', ds, ['test1', 3, 2, 1, 2, 0, '<none>', '0s', 'fake-container1,fake-container2', 'fake-image1,fake-image2', 'foo=bar'], true],
    ['daemonset list #2', 'ds', { metadata: { name: 'daemonset2', creationTimestamp: soon }, spec: { template: {}, selector: { matchLabels: { foo: 'bar' } } }, status: { currentNumberScheduled: 4, desiredNumberScheduled: 2, numberReady: 9, updatedNumberScheduled: 3, numberAvailable: 3 } }, ['daemonset2', 2, 4, 9, 3, 3, '<none>', '0s']],
    ['daemonset node selector', 'ds', { metadata: { name: 'kube-proxy', creationTimestamp: ago(86400 * 3) }, spec: { template: { spec: { nodeSelector: { 'kubernetes.io/os': 'linux' } } } }, status: { desiredNumberScheduled: 3, currentNumberScheduled: 3, numberReady: 3, updatedNumberScheduled: 3, numberAvailable: 3 } }, ['kube-proxy', 3, 3, 3, 3, 3, 'kubernetes.io/os=linux', '3d']],
    ['rc basic', 'rc', { metadata: { name: 'rc1', namespace: 'test-namespace' }, spec: { replicas: 0, selector: { a: 'b' }, template: rcTemplate } }, ['rc1', 0, 0, 0, '<unknown>']],
    ['rc with replicas', 'replicationcontrollers', { metadata: { name: 'rc1', namespace: 'test-namespace' }, spec: { replicas: 5, selector: { a: 'b' }, template: rcTemplate }, status: { replicas: 3, readyReplicas: 1 } }, ['rc1', 5, 3, 1, '<unknown>']],
    ['rc wide', 'rc', { metadata: { name: 'rc1' }, spec: { replicas: 5, selector: { a: 'b' }, template: rcTemplate }, status: { replicas: 3, readyReplicas: 1 } }, ['rc1', 5, 3, 1, '<unknown>', 'test', 'test_image', 'a=b'], true],
    ['rc no panic', 'rc', { metadata: { annotations: { 'k8s.io/initial-events-end': 'true' } }, spec: { replicas: 0 } }, ['', 0, 0, 0, '<unknown>', '', '', '<none>'], true],
    ['replicaset', 'rs', rs, ['test1', 5, 5, 2, '0s']],
    ['replicaset wide', 'replicasets', rs, ['test1', 5, 5, 2, '0s', 'fake-container1,fake-container2', 'fake-image1,fake-image2', 'foo=bar'], true],
    ['replicaset list #2', 'rs', { metadata: { name: 'replicaset2', creationTimestamp: soon }, spec: { replicas: 4, template: {}, selector: { matchLabels: { foo: 'bar' } } }, status: { replicas: 3, readyReplicas: 1 } }, ['replicaset2', 4, 3, 1, '0s']],
    ['statefulset', 'sts', sts, ['test1', '2/5', '0s']],
    ['statefulset wide', 'statefulsets', sts, ['test1', '2/5', '0s', 'fake-container1,fake-container2', 'fake-image1,fake-image2'], true],
  ]);
});

describe('jobs / cronjobs', () => {
  const job1 = {
    metadata: { name: 'job1', creationTimestamp: soon },
    spec: { completions: 2, template: { spec: { containers: jobContainers } }, selector: { matchLabels: { 'job-label': 'job-label-value' } } },
    status: { succeeded: 1 },
  };
  const nowPlus = (s: number) => ago(-s);
  const cond = (type: string) => ({ conditions: [{ type, status: 'True' }] });
  const noCompletions = (name: string, status: any, extraMeta: any = {}) => ({ metadata: { name, creationTimestamp: soon, ...extraMeta }, spec: {}, status });
  run([
    ['job1', 'jobs', job1, ['job1', 'Running', '1/2', '', '0s']],
    ['job1 wide', 'job', job1, ['job1', 'Running', '1/2', '', '0s', 'fake-job-container1,fake-job-container2', 'fake-job-image1,fake-job-image2', 'job-label=job-label-value'], true],
    ['job2 ten years', 'jobs', { metadata: { name: 'job2', creationTimestamp: '2015-01-01T00:00:00Z' }, spec: {}, status: { succeeded: 0 } }, ['job2', 'Running', '0/1', '', '10y']],
    ['job3 duration', 'jobs', { metadata: { name: 'job3', creationTimestamp: ago(10 * 365 * 86400) }, spec: {}, status: { startTime: nowPlus(60), completionTime: nowPlus(31 * 60) } }, ['job3', 'Running', '0/1', '30m', '10y']],
    ['job4 running duration', 'jobs', { metadata: { name: 'job4', creationTimestamp: ago(10 * 365 * 86400) }, spec: {}, status: { startTime: ago(20 * 60) } }, ['job4', 'Running', '0/1', '20m', '10y']],
    ['job5 complete', 'jobs', noCompletions('job5', cond('Complete')), ['job5', 'Complete', '0/1', '', '0s']],
    ['job6 failed', 'jobs', noCompletions('job6', cond('Failed')), ['job6', 'Failed', '0/1', '', '0s']],
    ['job7 suspended', 'jobs', noCompletions('job7', cond('Suspended')), ['job7', 'Suspended', '0/1', '', '0s']],
    ['job8 failure target', 'jobs', noCompletions('job8', cond('FailureTarget')), ['job8', 'FailureTarget', '0/1', '', '0s']],
    ['job9 terminating', 'jobs', noCompletions('job9', {}, { deletionTimestamp: soon }), ['job9', 'Terminating', '0/1', '', '0s']],
    ['job list #2', 'jobs', { ...job1, metadata: { name: 'job2', creationTimestamp: soon }, status: { succeeded: 2, startTime: ago(20 * 60) } }, ['job2', 'Running', '2/2', '20m', '0s']],
    ['job parallelism', 'jobs', { metadata: { name: 'p', creationTimestamp: soon }, spec: { parallelism: 3 }, status: { succeeded: 1 } }, ['p', 'Running', '1/1 of 3', '', '0s']],
  ]);
  const cjSpec = { schedule: '0/5 * * * ?', suspend: false, jobTemplate: { spec: { completions: 2, template: { spec: { containers: jobContainers } }, selector: { matchLabels: { a: 'b' } } } } };
  run([
    ['cronjob1', 'cronjobs', { metadata: { name: 'cronjob1', creationTimestamp: soon }, spec: cjSpec, status: { lastScheduleTime: soon } }, ['cronjob1', '0/5 * * * ?', '<none>', 'False', 0, '0s', '0s']],
    ['cronjob1 timezone', 'cj', { metadata: { name: 'cronjob1', creationTimestamp: soon }, spec: { ...cjSpec, timeZone: 'LOCAL' }, status: { lastScheduleTime: soon } }, ['cronjob1', '0/5 * * * ?', 'LOCAL', 'False', 0, '0s', '0s']],
    ['cronjob1 wide', 'cj', { metadata: { name: 'cronjob1', creationTimestamp: soon }, spec: cjSpec, status: { lastScheduleTime: soon } }, ['cronjob1', '0/5 * * * ?', '<none>', 'False', 0, '0s', '0s', 'fake-job-container1,fake-job-container2', 'fake-job-image1,fake-job-image2', 'a=b'], true],
    ['cronjob2 last schedule', 'cj', { metadata: { name: 'cronjob2', creationTimestamp: fiveMin }, spec: { schedule: '0/5 * * * ?', suspend: false }, status: { lastScheduleTime: ago(30) } }, ['cronjob2', '0/5 * * * ?', '<none>', 'False', 0, '30s', '5m']],
    ['cronjob3 never scheduled', 'cj', { metadata: { name: 'cronjob3', creationTimestamp: fiveMin }, spec: { schedule: '0/5 * * * ?', suspend: false }, status: {} }, ['cronjob3', '0/5 * * * ?', '<none>', 'False', 0, '<none>', '5m']],
    ['cronjob suspend unset, active jobs', 'cj', { metadata: { name: 'c', creationTimestamp: fiveMin }, spec: { schedule: '*/1 * * * *' }, status: { active: [{ name: 'c-1' }, { name: 'c-2' }], lastScheduleTime: ago(20 * 60) } }, ['c', '*/1 * * * *', '<none>', '<unset>', 2, '20m', '5m']],
  ]);
});

describe('horizontalpodautoscalers: upstream TestPrintHPA', () => {
  const base = (metrics: any[] | undefined, currentMetrics?: any[], minReplicas: number | null = 2) => ({
    metadata: { name: 'some-hpa' },
    spec: { scaleTargetRef: { name: 'some-rc', kind: 'ReplicationController' }, ...(minReplicas !== null ? { minReplicas } : {}), maxReplicas: 10, ...(metrics ? { metrics } : {}) },
    status: { currentReplicas: 4, desiredReplicas: 5, ...(currentMetrics ? { currentMetrics } : {}) },
  });
  const sel = { matchLabels: { label: 'value' } };
  const ext = (target: any) => ({ type: 'External', external: { metric: { name: 'some-external-metric', selector: sel }, target } });
  const extSt = (current: any) => ({ type: 'External', external: { metric: { name: 'some-external-metric', selector: sel }, current } });
  const pods = (name: string, avg: string) => ({ type: 'Pods', pods: { metric: { name }, target: { type: 'AverageValue', averageValue: avg } } });
  const podsSt = (name: string, avg: string) => ({ type: 'Pods', pods: { metric: { name }, current: { averageValue: avg } } });
  const obj = { type: 'Object', object: { describedObject: { name: 'some-service', kind: 'Service' }, metric: { name: 'some-service-metric' }, target: { type: 'Value', value: '100m' } } };
  const objSt = { type: 'Object', object: { describedObject: { name: 'some-service', kind: 'Service' }, metric: { name: 'some-service-metric' }, current: { value: '50m' } } };
  const res = (target: any) => ({ type: 'Resource', resource: { name: 'cpu', target } });
  const resSt = (current: any) => ({ type: 'Resource', resource: { name: 'cpu', current } });
  const cres = (target: any) => ({ type: 'ContainerResource', containerResource: { name: 'cpu', container: 'application', target } });
  const cresSt = (current: any) => ({ type: 'ContainerResource', containerResource: { name: 'cpu', container: 'application', current } });
  const row = (targets: string, min = '2'): Cell[] => ['some-hpa', 'ReplicationController/some-rc', targets, min, 10, 4, '<unknown>'];
  run([
    ['minReplicas unset', 'hpa', base(undefined, undefined, null), row('<none>', '<unset>')],
    ['external avg no current', 'hpa', base([ext({ type: 'AverageValue', averageValue: '100m' })]), row('<unknown>/100m (avg)')],
    ['external avg', 'hpa', base([ext({ type: 'AverageValue', averageValue: '100m' })], [extSt({ averageValue: '50m' })]), row('50m/100m (avg)')],
    ['external value no current', 'hpa', base([ext({ type: 'Value', value: '100m' })]), row('<unknown>/100m')],
    ['external value', 'hpa', base([ext({ type: 'Value', value: '100m' })], [extSt({ value: '50m' })]), row('50m/100m')],
    ['pods no current', 'hpa', base([pods('some-pods-metric', '100m')]), row('<unknown>/100m')],
    ['pods', 'hpa', base([pods('some-pods-metric', '100m')], [podsSt('some-pods-metric', '50m')]), row('50m/100m')],
    ['object no current', 'hpa', base([obj]), row('<unknown>/100m')],
    ['object', 'hpa', base([obj], [objSt]), row('50m/100m')],
    ['resource value no current', 'hpa', base([res({ type: 'AverageValue', averageValue: '100m' })]), row('cpu: <unknown>/100m')],
    ['resource value', 'hpa', base([res({ type: 'AverageValue', averageValue: '100m' })], [resSt({ averageValue: '50m' })]), row('cpu: 50m/100m')],
    ['resource util no current', 'hpa', base([res({ type: 'Utilization', averageUtilization: 80 })]), row('cpu: <unknown>/80%')],
    ['resource util', 'hpa', base([res({ type: 'Utilization', averageUtilization: 80 })], [resSt({ averageUtilization: 50, averageValue: '40m' })]), row('cpu: 50%/80%')],
    ['container resource value no current', 'hpa', base([cres({ type: 'AverageValue', averageValue: '100m' })]), row('cpu: <unknown>/100m')],
    ['container resource value', 'hpa', base([cres({ type: 'AverageValue', averageValue: '100m' })], [cresSt({ averageValue: '50m' })]), row('cpu: 50m/100m')],
    ['container resource util no current', 'hpa', base([cres({ type: 'Utilization', averageUtilization: 80 })]), row('cpu: <unknown>/80%')],
    ['container resource util', 'hpa', base([cres({ type: 'Utilization', averageUtilization: 80 })], [cresSt({ averageUtilization: 50, averageValue: '40m' })]), row('cpu: 50%/80%')],
    [
      'multiple specs',
      'hpa',
      base(
        [pods('some-pods-metric', '100m'), res({ type: 'Utilization', averageUtilization: 80 }), pods('other-pods-metric', '400m')],
        [podsSt('some-pods-metric', '50m'), resSt({ averageUtilization: 50, averageValue: '40m' })],
      ),
      row('50m/100m, cpu: 50%/80% + 1 more...'),
    ],
  ]);
});

describe('services: upstream TestPrintService / TestPrintServiceList', () => {
  const svc = (name: string, spec: any, status: any = {}) => ({ metadata: { name }, spec, status });
  const tcp = (port: number, nodePort?: number) => ({ protocol: 'tcp', port, ...(nodePort ? { nodePort } : {}) });
  run([
    ['clusterip', 'svc', svc('test1', { type: 'ClusterIP', ports: [tcp(2233)], clusterIPs: ['10.9.8.7'], selector: { foo: 'bar' } }), ['test1', 'ClusterIP', '10.9.8.7', '<none>', '2233/tcp', '<unknown>']],
    ['clusterip wide', 'svc', svc('test1', { type: 'ClusterIP', ports: [tcp(2233)], clusterIPs: ['10.9.8.7'], selector: { foo: 'bar' } }), ['test1', 'ClusterIP', '10.9.8.7', '<none>', '2233/tcp', '<unknown>', 'foo=bar'], true],
    ['nodeport', 'svc', svc('test2', { type: 'NodePort', ports: [tcp(8888, 9999)], clusterIPs: ['10.9.8.7'] }), ['test2', 'NodePort', '10.9.8.7', '<none>', '8888:9999/tcp', '<unknown>']],
    ['loadbalancer pending', 'svc', svc('test3', { type: 'LoadBalancer', ports: [tcp(8888)], clusterIPs: ['10.9.8.7'] }), ['test3', 'LoadBalancer', '10.9.8.7', '<pending>', '8888/tcp', '<unknown>']],
    ['lb single externalIP no status', 'svc', svc('test4', { type: 'LoadBalancer', ports: [tcp(8888)], clusterIPs: ['10.9.8.7'], externalIPs: ['80.11.12.10'] }), ['test4', 'LoadBalancer', '10.9.8.7', '80.11.12.10', '8888/tcp', '<unknown>']],
    ['lb single externalIP', 'svc', svc('test5', { type: 'LoadBalancer', ports: [tcp(8888)], clusterIPs: ['10.9.8.7'], externalIPs: ['80.11.12.10'] }, { loadBalancer: { ingress: [{ ip: '3.4.5.6', hostname: 'test.cluster.com' }] } }), ['test5', 'LoadBalancer', '10.9.8.7', '3.4.5.6,80.11.12.10', '8888/tcp', '<unknown>']],
    ['lb multiple externalIPs', 'svc', svc('test6', { type: 'LoadBalancer', ports: [tcp(8888)], clusterIPs: ['10.9.8.7'], externalIPs: ['80.11.12.10', '80.11.12.11'] }, { loadBalancer: { ingress: [{ ip: '2.3.4.5', hostname: 'test.cluster.local' }, { ip: '3.4.5.6', hostname: 'test.cluster.com' }] } }), ['test6', 'LoadBalancer', '10.9.8.7', '2.3.4.5,3.4.5.6,80.11.12.10,80.11.12.11', '8888/tcp', '<unknown>']],
    ['externalname', 'svc', svc('test7', { type: 'ExternalName', externalName: 'my.database.example.com' }), ['test7', 'ExternalName', '<none>', 'my.database.example.com', '<none>', '<unknown>']],
    ['list udp', 'svc', svc('service2', { type: 'NodePort', ports: [{ protocol: 'udp', port: 5566 }], clusterIPs: ['1.2.3.4'] }), ['service2', 'NodePort', '1.2.3.4', '<none>', '5566/udp', '<unknown>']],
  ]);
});

describe('pdb / controllerrevisions / configmaps / networkpolicies / rbac bindings', () => {
  const binding = (subjects: any[]) => ({ metadata: { name: 'binding2', creationTimestamp: soon }, subjects, roleRef: { kind: 'Role', name: 'role-name' } });
  const subjects = [
    { kind: 'User', name: 'user-name' },
    { kind: 'Group', name: 'group-name' },
    { kind: 'ServiceAccount', name: 'service-account-name', namespace: 'service-account-namespace' },
  ];
  run([
    ['pdb minAvailable', 'pdb', { metadata: { namespace: 'ns1', name: 'pdb1', creationTimestamp: soon }, spec: { minAvailable: 22 }, status: { disruptionsAllowed: 5 } }, ['pdb1', '22', 'N/A', 5, '0s']],
    ['pdb maxUnavailable', 'poddisruptionbudgets', { metadata: { namespace: 'ns2', name: 'pdb2', creationTimestamp: soon }, spec: { maxUnavailable: 11 }, status: { disruptionsAllowed: 5 } }, ['pdb2', 'N/A', '11', 5, '0s']],
    ['pdb percent', 'pdb', { metadata: { name: 'pdb3', creationTimestamp: soon }, spec: { maxUnavailable: '25%' }, status: { disruptionsAllowed: 0 } }, ['pdb3', 'N/A', '25%', 0, '0s']],
    ['controllerrevision owned', 'controllerrevisions', { metadata: { name: 'test1', creationTimestamp: soon, ownerReferences: [{ controller: true, apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'foo' }] }, revision: 1 }, ['test1', 'daemonset.apps/foo', 1, '0s']],
    ['controllerrevision not controller', 'controllerrevisions', { metadata: { name: 'test2', creationTimestamp: soon, ownerReferences: [{ controller: false, kind: 'ABC', name: 'foo' }] }, revision: 2 }, ['test2', '<none>', 2, '0s']],
    ['controllerrevision empty owners', 'controllerrevisions', { metadata: { name: 'test3', creationTimestamp: soon, ownerReferences: [] }, revision: 3 }, ['test3', '<none>', 3, '0s']],
    ['controllerrevision nil owners', 'controllerrevisions', { metadata: { name: 'test4', creationTimestamp: soon }, revision: 4 }, ['test4', '<none>', 4, '0s']],
    ['configmap no data', 'cm', { metadata: { name: 'configmap1', creationTimestamp: soon } }, ['configmap1', 0, '0s']],
    ['configmap one entry', 'configmaps', { metadata: { name: 'configmap2', creationTimestamp: soon }, data: { foo: 'bar' } }, ['configmap2', 1, '0s']],
    ['configmap data + binaryData', 'cm', { metadata: { name: 'configmap3', creationTimestamp: soon }, data: { foo: 'bar' }, binaryData: { bin: 'YmluYXJ5IGRhdGE=' } }, ['configmap3', 2, '0s']],
    ['networkpolicy empty', 'netpol', { metadata: { name: 'policy1', creationTimestamp: soon }, spec: {} }, ['policy1', '<none>', '0s']],
    ['networkpolicy selector', 'networkpolicies', { metadata: { name: 'policy2', creationTimestamp: soon }, spec: { podSelector: { matchLabels: { foo: 'bar' } } } }, ['policy2', 'foo=bar', '0s']],
    ['rolebinding', 'rolebindings', { metadata: { name: 'binding1', creationTimestamp: soon }, subjects: [{ kind: 'User', name: 'system:kube-controller-manager' }], roleRef: { kind: 'Role', name: 'extension-apiserver-authentication-reader' } }, ['binding1', 'Role/extension-apiserver-authentication-reader', '0s']],
    ['rolebinding wide', 'rolebindings', binding(subjects), ['binding2', 'Role/role-name', '0s', 'user-name', 'group-name', 'service-account-namespace/service-account-name'], true],
    ['clusterrolebinding', 'clusterrolebindings', { metadata: { name: 'binding1', creationTimestamp: soon }, subjects: [{ kind: 'User', name: 'system:kube-controller-manager' }], roleRef: { kind: 'Role', name: 'extension-apiserver-authentication-reader' } }, ['binding1', 'Role/extension-apiserver-authentication-reader', '0s']],
    ['clusterrolebinding wide', 'clusterrolebindings', binding(subjects), ['binding2', 'Role/role-name', '0s', 'user-name', 'group-name', 'service-account-namespace/service-account-name'], true],
  ]);
});

describe('persistentvolumes / persistentvolumeclaims / storageclasses', () => {
  const claimRef = { name: 'test', namespace: 'default' };
  const pv = (name: string, spec: any, phase: string) => ({ metadata: { name }, spec: { claimRef, ...spec }, status: { phase } });
  const pvc = (name: string, spec: any, status: any) => ({ metadata: { name }, spec, status });
  run([
    ['pv bound', 'pv', pv('test1', { accessModes: ['ReadOnlyMany'], capacity: { storage: '4Gi' } }, 'Bound'), ['test1', '4Gi', 'ROX', '', 'Bound', 'default/test', '', '<unset>', '', '<unknown>', '<unset>'], true],
    ['pv failed', 'pv', pv('test2', { accessModes: ['ReadOnlyMany'], capacity: { storage: '4Gi' } }, 'Failed'), ['test2', '4Gi', 'ROX', '', 'Failed', 'default/test', '', '<unset>', '', '<unknown>', '<unset>'], true],
    ['pv pending', 'pv', pv('test3', { accessModes: ['ReadWriteMany'], capacity: { storage: '10Gi' } }, 'Pending'), ['test3', '10Gi', 'RWX', '', 'Pending', 'default/test', '', '<unset>', '', '<unknown>', '<unset>'], true],
    ['pv storageclass', 'pv', pv('test4', { storageClassName: 'my-scn', accessModes: ['ReadWriteOnce'], capacity: { storage: '10Gi' } }, 'Pending'), ['test4', '10Gi', 'RWO', '', 'Pending', 'default/test', 'my-scn', '<unset>', '', '<unknown>', '<unset>'], true],
    ['pv volumeattributesclass', 'pv', pv('test4', { storageClassName: 'my-scn', volumeAttributesClassName: 'my-vacn', accessModes: ['ReadWriteOnce'], capacity: { storage: '10Gi' } }, 'Pending'), ['test4', '10Gi', 'RWO', '', 'Pending', 'default/test', 'my-scn', 'my-vacn', '', '<unknown>', '<unset>'], true],
    ['pv available', 'pv', pv('test5', { storageClassName: 'my-scn', accessModes: ['ReadWriteOnce'], capacity: { storage: '10Gi' } }, 'Available'), ['test5', '10Gi', 'RWO', '', 'Available', 'default/test', 'my-scn', '<unset>', '', '<unknown>', '<unset>'], true],
    ['pv released', 'pv', pv('test6', { storageClassName: 'my-scn', accessModes: ['ReadWriteOnce'], capacity: { storage: '10Gi' } }, 'Released'), ['test6', '10Gi', 'RWO', '', 'Released', 'default/test', 'my-scn', '<unset>', '', '<unknown>', '<unset>'], true],
    ['pv typical', 'persistentvolumes', { metadata: { name: 'pv0001', creationTimestamp: ago(7200) }, spec: { capacity: { storage: '5Gi' }, accessModes: ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod'], persistentVolumeReclaimPolicy: 'Retain', storageClassName: 'standard', volumeMode: 'Filesystem' }, status: { phase: 'Available' } }, ['pv0001', '5Gi', 'RWO,ROX,RWX,RWOP', 'Retain', 'Available', '', 'standard', '<unset>', '', '120m', 'Filesystem'], true],
    ['pvc bound', 'pvc', pvc('test1', { volumeName: 'my-volume', volumeMode: 'Filesystem' }, { phase: 'Bound', accessModes: ['ReadOnlyMany'], capacity: { storage: '4Gi' } }), ['test1', 'Bound', 'my-volume', '4Gi', 'ROX', '', '<unset>', '<unknown>', 'Filesystem'], true],
    ['pvc lost', 'pvc', pvc('test2', { volumeMode: 'Filesystem' }, { phase: 'Lost', accessModes: ['ReadOnlyMany'], capacity: { storage: '4Gi' } }), ['test2', 'Lost', '', '', '', '', '<unset>', '<unknown>', 'Filesystem'], true],
    ['pvc pending', 'pvc', pvc('test3', { volumeName: 'my-volume', volumeMode: 'Filesystem' }, { phase: 'Pending', accessModes: ['ReadWriteMany'], capacity: { storage: '10Gi' } }), ['test3', 'Pending', 'my-volume', '10Gi', 'RWX', '', '<unset>', '<unknown>', 'Filesystem'], true],
    ['pvc storageclass', 'pvc', pvc('test4', { volumeName: 'my-volume', storageClassName: 'my-scn', volumeMode: 'Filesystem' }, { phase: 'Pending', accessModes: ['ReadWriteOnce'], capacity: { storage: '10Gi' } }), ['test4', 'Pending', 'my-volume', '10Gi', 'RWO', 'my-scn', '<unset>', '<unknown>', 'Filesystem'], true],
    ['pvc no volumeMode', 'pvc', pvc('test5', { volumeName: 'my-volume', storageClassName: 'my-scn' }, { phase: 'Pending', accessModes: ['ReadWriteOnce'], capacity: { storage: '10Gi' } }), ['test5', 'Pending', 'my-volume', '10Gi', 'RWO', 'my-scn', '<unset>', '<unknown>', '<unset>'], true],
    ['pvc vac', 'persistentvolumeclaims', pvc('test5', { volumeName: 'my-volume', storageClassName: 'my-scn', volumeAttributesClassName: 'my-vacn' }, { phase: 'Pending', accessModes: ['ReadWriteOnce'], capacity: { storage: '10Gi' } }), ['test5', 'Pending', 'my-volume', '10Gi', 'RWO', 'my-scn', 'my-vacn', '<unknown>', '<unset>'], true],
    ['sc1', 'sc', { metadata: { name: 'sc1', creationTimestamp: soon }, provisioner: 'kubernetes.io/glusterfs' }, ['sc1', 'kubernetes.io/glusterfs', 'Delete', 'Immediate', false, '0s']],
    ['sc2', 'sc', { metadata: { name: 'sc2', creationTimestamp: fiveMin }, provisioner: 'kubernetes.io/nfs' }, ['sc2', 'kubernetes.io/nfs', 'Delete', 'Immediate', false, '5m']],
    ['sc3', 'sc', { metadata: { name: 'sc3', creationTimestamp: fiveMin }, provisioner: 'kubernetes.io/nfs', reclaimPolicy: 'Delete' }, ['sc3', 'kubernetes.io/nfs', 'Delete', 'Immediate', false, '5m']],
    ['sc4', 'sc', { metadata: { name: 'sc4', creationTimestamp: fiveMin }, provisioner: 'kubernetes.io/nfs', reclaimPolicy: 'Retain', volumeBindingMode: 'Immediate' }, ['sc4', 'kubernetes.io/nfs', 'Retain', 'Immediate', false, '5m']],
    ['sc5', 'sc', { metadata: { name: 'sc5', creationTimestamp: fiveMin }, provisioner: 'kubernetes.io/nfs', reclaimPolicy: 'Retain', volumeBindingMode: 'WaitForFirstConsumer' }, ['sc5', 'kubernetes.io/nfs', 'Retain', 'WaitForFirstConsumer', false, '5m']],
    ['sc6', 'storageclasses', { metadata: { name: 'sc6', creationTimestamp: fiveMin }, provisioner: 'kubernetes.io/nfs', reclaimPolicy: 'Retain', allowVolumeExpansion: true, volumeBindingMode: 'WaitForFirstConsumer' }, ['sc6', 'kubernetes.io/nfs', 'Retain', 'WaitForFirstConsumer', true, '5m']],
    ['sc default marker', 'sc', { metadata: { name: 'standard', creationTimestamp: ago(86400 * 12), annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } }, provisioner: 'rancher.io/local-path', reclaimPolicy: 'Delete', volumeBindingMode: 'WaitForFirstConsumer' }, ['standard (default)', 'rancher.io/local-path', 'Delete', 'WaitForFirstConsumer', false, '12d']],
    ['sc beta default marker', 'sc', { metadata: { name: 'old', creationTimestamp: fiveMin, annotations: { 'storageclass.beta.kubernetes.io/is-default-class': 'true' } }, provisioner: 'p' }, ['old (default)', 'p', 'Delete', 'Immediate', false, '5m']],
  ]);
});

describe('leases / priorityclasses / runtimeclasses', () => {
  run([
    ['lease1', 'leases', { metadata: { name: 'lease1', creationTimestamp: soon }, spec: { holderIdentity: 'holder1' } }, ['lease1', 'holder1', '0s']],
    ['lease2', 'lease', { metadata: { name: 'lease2', creationTimestamp: fiveMin }, spec: { holderIdentity: 'holder2' } }, ['lease2', 'holder2', '5m']],
    ['lease no holder', 'lease', { metadata: { name: 'l', creationTimestamp: fiveMin }, spec: {} }, ['l', '', '5m']],
    ['pc never', 'pc', { metadata: { name: 'pc1', creationTimestamp: soon }, value: 1, preemptionPolicy: 'Never' }, ['pc1', 1, false, '0s']],
    ['pc lower priority', 'priorityclasses', { metadata: { name: 'pc2', creationTimestamp: fiveMin }, value: 1000000000, globalDefault: true, preemptionPolicy: 'PreemptLowerPriority' }, ['pc2', 1000000000, true, '5m']],
    ['pc wide', 'pc', { metadata: { name: 'pc2', creationTimestamp: fiveMin }, value: 1000000000, globalDefault: true, preemptionPolicy: 'PreemptLowerPriority' }, ['pc2', 1000000000, true, '5m', 'PreemptLowerPriority'], true],
    ['pc wide unset policy', 'pc', { metadata: { name: 'pc2', creationTimestamp: fiveMin }, value: 1000000000, globalDefault: true }, ['pc2', 1000000000, true, '5m', ''], true],
    ['runtimeclass1', 'runtimeclasses', { metadata: { name: 'rc1', creationTimestamp: soon }, handler: 'h1' }, ['rc1', 'h1', '0s']],
    ['runtimeclass2', 'runtimeclass', { metadata: { name: 'rc2', creationTimestamp: fiveMin }, handler: 'h2' }, ['rc2', 'h2', '5m']],
  ]);
});

describe('endpoints / endpointslices', () => {
  const addr = (...ips: string[]) => ips.map((ip) => ({ ip }));
  run([
    ['no subsets', 'endpoints', { metadata: { name: 'endpoint1', creationTimestamp: soon } }, ['endpoint1', '<none>', '0s']],
    ['no ports', 'ep', { metadata: { name: 'endpoint3', creationTimestamp: fiveMin }, subsets: [{ addresses: addr('1.2.3.4', '5.6.7.8') }] }, ['endpoint3', '1.2.3.4,5.6.7.8', '5m']],
    ['two ips one port', 'ep', { metadata: { name: 'endpoint2', creationTimestamp: soon }, subsets: [{ addresses: addr('1.2.3.4', '5.6.7.8'), ports: [{ port: 8001, protocol: 'tcp' }] }] }, ['endpoint2', '1.2.3.4:8001,5.6.7.8:8001', '0s']],
    ['more than three', 'ep', { metadata: { name: 'endpoint2', creationTimestamp: soon }, subsets: [{ addresses: addr('1.2.3.4', '5.6.7.8', '9.8.7.6', '6.6.6.6'), ports: [{ port: 8001, protocol: 'tcp' }] }] }, ['endpoint2', '1.2.3.4:8001,5.6.7.8:8001,9.8.7.6:8001 + 1 more...', '0s']],
    ['ipv6 + not ready ignored', 'ep', { metadata: { name: 'e', creationTimestamp: soon }, subsets: [{ addresses: addr('fd00::1'), notReadyAddresses: addr('10.0.0.9'), ports: [{ port: 80 }] }] }, ['e', '[fd00::1]:80', '0s']],
    ['slice ipv4', 'endpointslices', { metadata: { name: 'abcslice.123', creationTimestamp: soon }, addressType: 'IPv4', ports: [{ name: 'http', port: 80, protocol: 'TCP' }], endpoints: [{ addresses: ['10.1.2.3', '2001:db8::1234:5678'] }] }, ['abcslice.123', 'IPv4', '80', '10.1.2.3,2001:db8::1234:5678', '0s']],
    ['slice more endpoints', 'endpointslices', { metadata: { name: 'longerslicename.123', creationTimestamp: fiveMin }, addressType: 'IPv6', ports: [{ name: 'http', port: 80, protocol: 'TCP' }, { name: 'https', port: 443, protocol: 'TCP' }], endpoints: [{ addresses: ['10.1.2.3', '2001:db8::1234:5678'] }, { addresses: ['10.2.3.4', '2001:db8::2345:6789'] }] }, ['longerslicename.123', 'IPv6', '80,443', '10.1.2.3,2001:db8::1234:5678,10.2.3.4 + 1 more...', '5m']],
    ['slice more ports', 'endpointslices', { metadata: { name: 'multiportslice.123', creationTimestamp: fiveMin }, addressType: 'IPv4', ports: [{ name: 'http', port: 80 }, { name: 'https', port: 443 }, { name: 'extra1', port: 3000 }, { name: 'extra2', port: 3001 }], endpoints: [{ addresses: ['10.1.2.3', '2001:db8::1234:5678'] }, { addresses: ['10.2.3.4', '2001:db8::2345:6789'] }] }, ['multiportslice.123', 'IPv4', '80,443,3000 + 1 more...', '10.1.2.3,2001:db8::1234:5678,10.2.3.4 + 1 more...', '5m']],
    ['slice empty', 'endpointslices', { metadata: { name: 'empty', creationTimestamp: fiveMin }, addressType: 'IPv4', ports: null, endpoints: null }, ['empty', 'IPv4', '<unset>', '<unset>', '5m']],
  ]);
});

it('NOW is a fixed virtual time', () => {
  expect(new Date(NOW).toISOString()).toBe('2025-01-01T00:00:00.000Z');
});
