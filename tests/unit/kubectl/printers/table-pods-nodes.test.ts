// Cell values of `kubectl get pods|nodes|services|...` rows, table-driven from upstream
// pkg/printers/internalversion/printers_test.go (v1.32): TestPrintPod,
// TestPrintPodWithRestartableInitContainer, TestPrintPodwide, TestPrintPodConditions,
// TestPrintNonTerminatedPod, TestPrintPodList, TestPrintNodeStatus, TestPrintNodeRole,
// TestPrintNodeOSImage, TestPrintNodeKernelVersion, TestPrintNodeContainerRuntimeVersion,
// TestPrintNodeName, TestPrintNodeExternalIP, TestPrintNodeInternalIP,
// TestPrintServiceLoadBalancer, TestPrintSecret, TestPrintServiceAccount, TestPrintNamespace,
// TestPrintEvent, TestPrintIngress, TestPrintIngressClass.
//
// Go zero values are spelled out the way the v1 JSON encoding carries them (restartCount: 0,
// ready: false, state: {}, terminated: {exitCode: 0, finishedAt: null}, ...).
import { describe, expect, it } from 'vitest';
import { lookupResource, serviceExternalIP, type Cell } from '../../../../src/sim/kubectl/printers/table';
import { podStatusReason, podRestartsCell, summarizePod } from '../../../../src/sim/kubectl/printers/podstatus';
import { NOW, ago, cs, term, running, waiting, rows } from './table-helpers';

/* eslint-disable @typescript-eslint/no-explicit-any */

const containers = (n: number) => Array.from({ length: n }, () => ({ name: '' }));
const pod = (name: string, spec: any, status: any, metadata: any = {}) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, creationTimestamp: null, ...metadata },
  spec,
  status,
});
const always = (name: string) => ({ name, restartPolicy: 'Always' });

// TestPrintPod
const printPodCases: [any, Cell[]][] = [
  [
    pod('test1', { containers: containers(2) }, {
      phase: 'podPhase',
      containerStatuses: [cs({ ready: true, restartCount: 3, state: running() }), cs({ restartCount: 3 })],
    }),
    ['test1', '1/2', 'podPhase', '6', '<unknown>'],
  ],
  [
    pod('test2', { containers: containers(2) }, {
      phase: 'podPhase',
      containerStatuses: [
        cs({ ready: true, restartCount: 3, state: running() }),
        cs({ state: waiting('ContainerWaitingReason'), restartCount: 3 }),
      ],
    }),
    ['test2', '1/2', 'ContainerWaitingReason', '6', '<unknown>'],
  ],
  [
    pod('test3', { containers: containers(2) }, {
      phase: 'podPhase',
      containerStatuses: [
        cs({ state: waiting('ContainerWaitingReason'), restartCount: 3 }),
        cs({ state: { terminated: term({ reason: 'ContainerTerminatedReason' }) }, restartCount: 3 }),
      ],
    }),
    ['test3', '0/2', 'ContainerWaitingReason', '6', '<unknown>'],
  ],
  [
    pod('test4', { containers: containers(2) }, {
      phase: 'podPhase',
      containerStatuses: [cs({ ready: true, restartCount: 3, state: running() }), cs({ ready: true, restartCount: 3 })],
    }),
    ['test4', '1/2', 'podPhase', '6', '<unknown>'],
  ],
  [
    pod('test5', { containers: containers(2) }, {
      reason: 'podReason',
      phase: 'podPhase',
      containerStatuses: [cs({ ready: true, restartCount: 3, state: running() }), cs({ ready: true, restartCount: 3 })],
    }),
    ['test5', '1/2', 'podReason', '6', '<unknown>'],
  ],
  [
    pod('test6', { containers: containers(2) }, {
      phase: 'Running',
      containerStatuses: [
        cs({ ready: true, restartCount: 3, state: { terminated: term({ reason: 'Completed', exitCode: 0 }) } }),
        cs({ ready: true, restartCount: 3, state: running() }),
      ],
    }),
    ['test6', '1/2', 'NotReady', '6', '<unknown>'],
  ],
  [
    pod('test6', { containers: containers(2) }, {
      phase: 'Running',
      containerStatuses: [
        cs({ ready: true, restartCount: 3, state: { terminated: term({ reason: 'Completed', exitCode: 0 }) } }),
        cs({ ready: true, restartCount: 3, state: running() }),
      ],
      conditions: [{ type: 'Ready', status: 'True', lastProbeTime: ago(0) }],
    }),
    ['test6', '1/2', 'Running', '6', '<unknown>'],
  ],
  [
    pod('test7', { initContainers: containers(1), containers: containers(1) }, {
      phase: 'podPhase',
      initContainerStatuses: [
        cs({ restartCount: 3, state: running(), lastState: { terminated: term({ finishedAt: ago(10) }) } }),
      ],
      containerStatuses: [cs({ state: waiting() })],
    }),
    ['test7', '0/1', 'Init:0/1', '3 (10s ago)', '<unknown>'],
  ],
  [
    pod('test8', { initContainers: containers(2), containers: containers(1) }, {
      phase: 'podPhase',
      initContainerStatuses: [
        cs({ restartCount: 3, state: running(), lastState: { terminated: term({ finishedAt: ago(10) }) } }),
        cs({ state: waiting() }),
      ],
      containerStatuses: [cs({ state: waiting() })],
    }),
    ['test8', '0/1', 'Init:0/2', '3 (10s ago)', '<unknown>'],
  ],
  [
    pod('test9', { initContainers: containers(2), containers: containers(1) }, {
      phase: 'podPhase',
      initContainerStatuses: [
        cs({ state: { terminated: term() } }),
        cs({ restartCount: 3, state: running(), lastState: { terminated: term({ finishedAt: ago(10) }) } }),
      ],
      containerStatuses: [cs({ state: waiting() })],
    }),
    ['test9', '0/1', 'Init:1/2', '3 (10s ago)', '<unknown>'],
  ],
  [
    pod('test10', { initContainers: containers(2), containers: containers(1) }, {
      phase: 'podPhase',
      initContainerStatuses: [
        cs({ restartCount: 2, state: { terminated: term() }, lastState: { terminated: term({ finishedAt: ago(120) }) } }),
        cs({ restartCount: 3, state: running(), lastState: { terminated: term({ finishedAt: ago(10) }) } }),
      ],
      containerStatuses: [cs({ state: waiting() })],
    }),
    ['test10', '0/1', 'Init:1/2', '5 (10s ago)', '<unknown>'],
  ],
  [
    pod('test11', { initContainers: containers(1), containers: containers(1) }, {
      phase: 'Running',
      initContainerStatuses: [
        cs({ restartCount: 2, state: { terminated: term() }, lastState: { terminated: term({ finishedAt: ago(120) }) } }),
      ],
      containerStatuses: [
        cs({ restartCount: 4, state: running(), lastState: { terminated: term({ finishedAt: ago(20) }) } }),
      ],
    }),
    ['test11', '0/1', 'Running', '4 (20s ago)', '<unknown>'],
  ],
  [
    pod('test12', { containers: containers(1) }, {
      phase: 'Running',
      containerStatuses: [
        cs({ ready: true, restartCount: 3, state: running(), lastState: { terminated: term({ finishedAt: ago(5 * 86400) }) } }),
      ],
    }),
    ['test12', '1/1', 'Running', '3 (5d ago)', '<unknown>'],
  ],
  [
    pod('test13', { containers: containers(2) }, {
      phase: 'Running',
      containerStatuses: [
        cs({ ready: true, restartCount: 0, state: running() }),
        cs({ ready: true, restartCount: 3, state: running(), lastState: { terminated: term({ finishedAt: ago(10 * 86400) }) } }),
      ],
    }),
    ['test13', '2/2', 'Running', '3 (10d ago)', '<unknown>'],
  ],
  [
    pod('test14', { containers: containers(2) }, {
      phase: 'Running',
      containerStatuses: [
        cs({ ready: true, restartCount: 6, state: running(), lastState: { terminated: term({ finishedAt: ago(5 * 86400) }) } }),
        cs({ ready: true, restartCount: 3, state: running(), lastState: { terminated: term({ finishedAt: ago(20 * 86400) }) } }),
      ],
    }),
    ['test14', '2/2', 'Running', '9 (5d ago)', '<unknown>'],
  ],
  [
    pod('test15', { containers: containers(2) }, {
      phase: 'podPhase',
      conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }],
    }),
    ['test15', '0/2', 'SchedulingGated', '0', '<unknown>'],
  ],
  [
    pod('test16', { containers: containers(1) }, {
      phase: 'Succeeded',
      containerStatuses: [cs({ state: { terminated: term({ reason: 'Completed', exitCode: 0 }) } })],
    }),
    ['test16', '0/1', 'Completed', '0', '<unknown>'],
  ],
  [
    pod('test17', { containers: containers(1) }, {
      phase: 'Failed',
      containerStatuses: [cs({ state: { terminated: term({ reason: 'Error', exitCode: 1 }) } })],
    }),
    ['test17', '0/1', 'Error', '0', '<unknown>'],
  ],
  [
    pod('test18', { containers: containers(1) }, {
      phase: 'Succeeded',
      containerStatuses: [cs({ state: { terminated: term({ reason: 'Completed', exitCode: 0 }) } })],
    }, { deletionTimestamp: ago(10) }),
    ['test18', '0/1', 'Completed', '0', '<unknown>'],
  ],
  [
    pod('test19', { containers: containers(1) }, {
      phase: 'Running',
      containerStatuses: [cs({ state: running() })],
    }, { deletionTimestamp: ago(10) }),
    ['test19', '0/1', 'Terminating', '0', '<unknown>'],
  ],
  [
    pod('test20', { containers: containers(1) }, { phase: 'Pending' }, { deletionTimestamp: ago(10) }),
    ['test20', '0/1', 'Terminating', '0', '<unknown>'],
  ],
];

// TestPrintPodWithRestartableInitContainer
const sidecarSpec = { initContainers: [always('restartable-init-1'), always('restartable-init-2')], containers: containers(1) };
const restartableCases: [any, Cell[]][] = [
  [
    pod('test1', sidecarSpec, {
      phase: 'Pending',
      initContainerStatuses: [
        cs({ name: 'restartable-init-1', restartCount: 3, state: running(), started: false, lastState: { terminated: term({ finishedAt: ago(10) }) } }),
        cs({ name: 'restartable-init-2', state: waiting(), started: false }),
      ],
      containerStatuses: [cs({ state: waiting() })],
      conditions: [{ type: 'Initialized', status: 'False' }],
    }),
    ['test1', '0/3', 'Init:0/2', '3 (10s ago)', '<unknown>'],
  ],
  [
    pod('test1', sidecarSpec, {
      phase: 'Pending',
      initContainerStatuses: [
        cs({ name: 'restartable-init-1', restartCount: 3, state: running(), started: true, lastState: { terminated: term({ finishedAt: ago(10) }) } }),
        cs({ name: 'restartable-init-2', state: running(), started: false }),
      ],
      containerStatuses: [cs({ state: waiting() })],
      conditions: [{ type: 'Initialized', status: 'False' }],
    }),
    ['test1', '0/3', 'Init:1/2', '3 (10s ago)', '<unknown>'],
  ],
  [
    pod('test2', sidecarSpec, {
      phase: 'Running',
      initContainerStatuses: [
        cs({ name: 'restartable-init-1', restartCount: 3, state: running(), started: true, lastState: { terminated: term({ finishedAt: ago(10) }) } }),
        cs({ name: 'restartable-init-2', state: running(), started: true }),
      ],
      containerStatuses: [
        cs({ ready: true, restartCount: 4, state: running(), lastState: { terminated: term({ finishedAt: ago(20) }) } }),
      ],
      conditions: [{ type: 'Initialized', status: 'True' }],
    }),
    ['test2', '1/3', 'Running', '7 (10s ago)', '<unknown>'],
  ],
  [
    pod('test3', sidecarSpec, {
      phase: 'Succeeded',
      initContainerStatuses: [
        cs({ name: 'restartable-init-1', restartCount: 3, state: { terminated: term({ reason: 'Error', exitCode: 137 }) }, started: false, lastState: { terminated: term({ finishedAt: ago(10) }) } }),
        cs({ name: 'restartable-init-2', state: { terminated: term({ reason: 'Error', exitCode: 137 }) }, started: false }),
      ],
      containerStatuses: [
        cs({ restartCount: 4, state: { terminated: term({ reason: 'Completed', exitCode: 0 }) }, lastState: { terminated: term({ finishedAt: ago(20) }) } }),
      ],
      conditions: [{ type: 'Initialized', status: 'True' }],
    }),
    ['test3', '0/3', 'Completed', '7 (10s ago)', '<unknown>'],
  ],
  [
    pod('test4', {
      initContainers: [{ name: 'init1', image: 'initimage' }, { name: 'sidecar1', image: 'sidecarimage', restartPolicy: 'Always' }],
      containers: [{ name: 'container1', image: 'containerimage' }],
    }, {
      phase: 'Running',
      initContainerStatuses: [cs({ name: 'initinvalid' }), cs({ name: 'init1' }), cs({ name: 'sidecar1' })],
      containerStatuses: [cs({ name: 'containerinvalid' }), cs({ name: 'container1' })],
    }),
    ['test4', '0/2', 'Init:0/2', '0', '<unknown>'],
  ],
];

// TestPrintPodwide
const gates = [{ conditionType: 'condition1' }, { conditionType: 'condition2' }, { conditionType: 'condition3' }];
const wideCases: [any, Cell[]][] = [
  [
    pod('test1', { containers: containers(2), nodeName: 'test1', readinessGates: gates }, {
      conditions: [{ type: 'condition1', status: 'False' }, { type: 'condition2', status: 'True' }],
      phase: 'podPhase',
      podIPs: [{ ip: '1.1.1.1' }],
      containerStatuses: [cs({ ready: true, restartCount: 3, state: running() }), cs({ restartCount: 3 })],
      nominatedNodeName: 'node1',
    }),
    ['test1', '1/2', 'podPhase', '6', '<unknown>', '1.1.1.1', 'test1', 'node1', '1/3'],
  ],
  [
    pod('test1', { containers: containers(2), nodeName: 'test1', readinessGates: gates }, {
      conditions: [{ type: 'condition1', status: 'False' }, { type: 'condition2', status: 'True' }],
      phase: 'podPhase',
      podIPs: [{ ip: '1.1.1.1' }, { ip: '2001:db8::' }],
      containerStatuses: [cs({ ready: true, restartCount: 3, state: running() }), cs({ restartCount: 3 })],
      nominatedNodeName: 'node1',
    }),
    ['test1', '1/2', 'podPhase', '6', '<unknown>', '1.1.1.1', 'test1', 'node1', '1/3'],
  ],
  [
    pod('test2', { containers: containers(2), nodeName: '' }, {
      phase: 'podPhase',
      containerStatuses: [
        cs({ ready: true, restartCount: 3, state: running() }),
        cs({ state: waiting('ContainerWaitingReason'), restartCount: 3 }),
      ],
    }),
    ['test2', '1/2', 'ContainerWaitingReason', '6', '<unknown>', '<none>', '<none>', '<none>', '<none>'],
  ],
];

// TestPrintPodConditions / TestPrintNonTerminatedPod / TestPrintPodList
const twoContainers = [cs({ ready: true, restartCount: 3, state: running() }), cs({ restartCount: 3 })];
const phaseCases: [any, Cell[]][] = [
  [pod('test1', { containers: containers(2) }, { phase: 'Running', containerStatuses: twoContainers }, { labels: { a: '1', b: '2' } }), ['test1', '1/2', 'Running', '6', '<unknown>']],
  [pod('test1', { containers: containers(2) }, { phase: 'Succeeded', containerStatuses: twoContainers }), ['test1', '1/2', 'Succeeded', '6', '<unknown>']],
  [pod('test2', { containers: containers(2) }, { phase: 'Failed', containerStatuses: twoContainers }), ['test2', '1/2', 'Failed', '6', '<unknown>']],
  [pod('test2', { containers: containers(2) }, { phase: 'Pending', containerStatuses: twoContainers }), ['test2', '1/2', 'Pending', '6', '<unknown>']],
  [pod('test3', { containers: containers(2) }, { phase: 'Unknown', containerStatuses: twoContainers }), ['test3', '1/2', 'Unknown', '6', '<unknown>']],
  [
    pod('test1', { containers: containers(2) }, { phase: 'podPhase', containerStatuses: [cs({ ready: true, restartCount: 3, state: running() }), cs({ ready: true, restartCount: 3, state: running() })] }),
    ['test1', '2/2', 'podPhase', '6', '<unknown>'],
  ],
  [
    pod('test2', { containers: containers(1) }, { phase: 'podPhase', containerStatuses: [cs({ ready: true, restartCount: 1, state: running() })] }),
    ['test2', '1/1', 'podPhase', '1', '<unknown>'],
  ],
];

describe('pods: upstream TestPrintPod', () => {
  it.each(printPodCases.map(([p, e]) => [e[0], p, e] as const))('%s', (_n, p, expected) => {
    expect(rows('pods', p)).toEqual(expected);
    expect(podStatusReason(p)).toBe(expected[2]);
    expect(podRestartsCell(p, NOW)).toBe(expected[3]);
  });
});

describe('pods: upstream TestPrintPodWithRestartableInitContainer', () => {
  it.each(restartableCases.map(([p, e], i) => [`${i}:${e[0]}`, p, e] as const))('%s', (_n, p, expected) => {
    expect(rows('pods', p)).toEqual(expected);
  });
});

describe('pods: upstream TestPrintPodwide', () => {
  it.each(wideCases.map(([p, e], i) => [`${i}:${e[0]}`, p, e] as const))('%s', (_n, p, expected) => {
    expect(rows('pods', p, { wide: true })).toEqual(expected);
  });
});

describe('pods: upstream TestPrintPodConditions / TestPrintNonTerminatedPod / TestPrintPodList', () => {
  it.each(phaseCases.map(([p, e], i) => [`${i}:${e[2]}`, p, e] as const))('%s', (_n, p, expected) => {
    expect(rows('pods', p)).toEqual(expected);
  });
});

// Further STATUS values named in kubernetes-facts.md 2.6 and printPod's branches.
describe('pods: STATUS branches', () => {
  const c1 = { containers: containers(1) };
  const cases: [string, any, string][] = [
    ['CrashLoopBackOff', pod('a', c1, { phase: 'Running', containerStatuses: [cs({ restartCount: 5, state: waiting('CrashLoopBackOff') })] }), 'CrashLoopBackOff'],
    ['ImagePullBackOff', pod('a', c1, { phase: 'Pending', containerStatuses: [cs({ state: waiting('ImagePullBackOff') })] }), 'ImagePullBackOff'],
    ['ContainerCreating', pod('a', c1, { phase: 'Pending', containerStatuses: [cs({ state: waiting('ContainerCreating') })] }), 'ContainerCreating'],
    ['OOMKilled', pod('a', c1, { phase: 'Running', containerStatuses: [cs({ state: { terminated: term({ reason: 'OOMKilled', exitCode: 137 }) } })] }), 'OOMKilled'],
    ['ExitCode', pod('a', c1, { phase: 'Running', containerStatuses: [cs({ state: { terminated: term({ exitCode: 2 }) } })] }), 'ExitCode:2'],
    ['Signal', pod('a', c1, { phase: 'Running', containerStatuses: [cs({ state: { terminated: term({ exitCode: 137, signal: 9 }) } })] }), 'Signal:9'],
    ['Evicted', pod('a', c1, { phase: 'Failed', reason: 'Evicted', message: 'The node was low on resource: memory.' }), 'Evicted'],
    ['Pending no statuses', pod('a', c1, { phase: 'Pending' }), 'Pending'],
    ['Init:Error', pod('a', { initContainers: containers(1), ...c1 }, { phase: 'Pending', initContainerStatuses: [cs({ state: { terminated: term({ reason: 'Error', exitCode: 1 }) } })] }), 'Init:Error'],
    ['Init:ExitCode', pod('a', { initContainers: containers(1), ...c1 }, { phase: 'Pending', initContainerStatuses: [cs({ state: { terminated: term({ exitCode: 3 }) } })] }), 'Init:ExitCode:3'],
    ['Init:Signal', pod('a', { initContainers: containers(1), ...c1 }, { phase: 'Pending', initContainerStatuses: [cs({ state: { terminated: term({ exitCode: 3, signal: 15 }) } })] }), 'Init:Signal:15'],
    ['Init:CrashLoopBackOff', pod('a', { initContainers: containers(1), ...c1 }, { phase: 'Pending', initContainerStatuses: [cs({ state: waiting('CrashLoopBackOff') })] }), 'Init:CrashLoopBackOff'],
    ['PodInitializing is not shown as Init:', pod('a', { initContainers: containers(2), ...c1 }, { phase: 'Pending', initContainerStatuses: [cs({ state: { terminated: term({ reason: 'Completed' }) } }), cs({ state: waiting('PodInitializing') })] }), 'Init:1/2'],
    ['all init done, main PodInitializing', pod('a', { initContainers: containers(1), ...c1 }, { phase: 'Pending', initContainerStatuses: [cs({ state: { terminated: term({ reason: 'Completed' }) } })], containerStatuses: [cs({ state: waiting('PodInitializing') })] }), 'PodInitializing'],
    ['NodeLost while deleting -> Unknown', pod('a', c1, { phase: 'Running', reason: 'NodeLost' }, { deletionTimestamp: ago(1) }), 'Unknown'],
    ['Failed + deleting keeps reason', pod('a', c1, { phase: 'Failed', containerStatuses: [cs({ state: { terminated: term({ reason: 'Error', exitCode: 1 }) } })] }, { deletionTimestamp: ago(1) }), 'Error'],
  ];
  it.each(cases)('%s', (_n, p, expected) => {
    expect(podStatusReason(p)).toBe(expected);
  });
  it('summarizePod exposes counts', () => {
    const p = pod('a', { containers: containers(3) }, {
      phase: 'Running',
      containerStatuses: [cs({ ready: true, state: running() }), cs({ ready: true, state: running() }), cs({ state: waiting('CrashLoopBackOff'), restartCount: 7, lastState: { terminated: term({ finishedAt: ago(150) }) } })],
    });
    expect(summarizePod(p)).toEqual({ ready: '2/3', readyContainers: 2, totalContainers: 3, status: 'CrashLoopBackOff', restarts: 7, lastRestart: ago(150) });
    expect(podRestartsCell(p, NOW)).toBe('7 (2m30s ago)');
  });
  it('AGE and wide columns on a real-looking pod', () => {
    const p = pod('web-1', { containers: [{ name: 'web', image: 'nginx' }], nodeName: 'node-1' }, {
      phase: 'Running',
      podIP: '10.244.1.5',
      podIPs: [{ ip: '10.244.1.5' }],
      containerStatuses: [cs({ name: 'web', ready: true, state: running() })],
    }, { creationTimestamp: ago(305) });
    expect(rows('pods', p, { wide: true })).toEqual(['web-1', '1/1', 'Running', '0', '5m5s', '10.244.1.5', 'node-1', '<none>', '<none>']);
  });
});

// ---------------------------------------------------------------------------------------------
// Nodes

const node = (name: string, extra: any = {}) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, creationTimestamp: null, ...(extra.metadata ?? {}) }, spec: extra.spec ?? {}, status: extra.status ?? { daemonEndpoints: { kubeletEndpoint: { Port: 0 } }, nodeInfo: {} } });
const ready = (s: string) => ({ conditions: [{ type: 'Ready', status: s }], nodeInfo: {} });

describe('nodes: upstream TestPrintNodeStatus / TestPrintNodeRole / TestPrintNodeName', () => {
  const cases: [any, Cell[]][] = [
    [node('foo1', { status: ready('True') }), ['foo1', 'Ready', '<none>', '<unknown>', '']],
    [node('foo2', { spec: { unschedulable: true }, status: ready('True') }), ['foo2', 'Ready,SchedulingDisabled', '<none>', '<unknown>', '']],
    [node('foo3', { status: { conditions: [{ type: 'Ready', status: 'True' }, { type: 'Ready', status: 'True' }] } }), ['foo3', 'Ready', '<none>', '<unknown>', '']],
    [node('foo4', { status: ready('False') }), ['foo4', 'NotReady', '<none>', '<unknown>', '']],
    [node('foo5', { spec: { unschedulable: true }, status: ready('False') }), ['foo5', 'NotReady,SchedulingDisabled', '<none>', '<unknown>', '']],
    [node('foo6', { status: { conditions: [{ type: 'InvalidValue', status: 'True' }] } }), ['foo6', 'Unknown', '<none>', '<unknown>', '']],
    [node('foo7', { status: { conditions: [{ type: '', status: '' }] } }), ['foo7', 'Unknown', '<none>', '<unknown>', '']],
    [node('foo8', { spec: { unschedulable: true }, status: { conditions: [{ type: 'InvalidValue', status: 'True' }] } }), ['foo8', 'Unknown,SchedulingDisabled', '<none>', '<unknown>', '']],
    [node('foo9', { spec: { unschedulable: true }, status: { conditions: [{}] } }), ['foo9', 'Unknown,SchedulingDisabled', '<none>', '<unknown>', '']],
    [node('foo9'), ['foo9', 'Unknown', '<none>', '<unknown>', '']],
    [
      node('foo10', { metadata: { labels: { 'node-role.kubernetes.io/master': '', 'node-role.kubernetes.io/control-plane': '', 'node-role.kubernetes.io/proxy': '', 'kubernetes.io/role': 'node' } } }),
      ['foo10', 'Unknown', 'control-plane,master,node,proxy', '<unknown>', ''],
    ],
    [node('foo11', { metadata: { labels: { 'kubernetes.io/role': 'node' } } }), ['foo11', 'Unknown', 'node', '<unknown>', '']],
    [node('127.0.0.1', { status: {} }), ['127.0.0.1', 'Unknown', '<none>', '<unknown>', '']],
    [node('', { status: {} }), ['', 'Unknown', '<none>', '<unknown>', '']],
    // Ready=Unknown (node lost) prints NotReady: printNode appends "Not"+type for any non-True status
    [node('unknown-status', { status: ready('Unknown') }), ['unknown-status', 'NotReady', '<none>', '<unknown>', '']],
    [node('with-version', { status: { ...ready('True'), nodeInfo: { kubeletVersion: 'v1.32.0' } }, metadata: { creationTimestamp: ago(3 * 3600 + 59) } }), ['with-version', 'Ready', '<none>', '3h', 'v1.32.0']],
  ];
  it.each(cases.map(([n, e], i) => [`${i}:${e[0]}`, n, e] as const))('%s', (_n, n, expected) => {
    expect(rows('nodes', n)).toEqual(expected);
  });
});

describe('nodes: upstream wide cases (OS image, kernel, runtime, addresses)', () => {
  const ext = (ip: string) => ({ type: 'ExternalIP', address: ip });
  const int = (ip: string) => ({ type: 'InternalIP', address: ip });
  const cases: [any, Cell[]][] = [
    [node('foo1', { status: { nodeInfo: { osImage: 'fake-os-image' }, addresses: [ext('1.1.1.1')] } }), ['foo1', 'Unknown', '<none>', '<unknown>', '', '<none>', '1.1.1.1', 'fake-os-image', '<unknown>', '<unknown>']],
    [node('foo2', { status: { nodeInfo: { kernelVersion: 'fake-kernel-version' }, addresses: [ext('1.1.1.1')] } }), ['foo2', 'Unknown', '<none>', '<unknown>', '', '<none>', '1.1.1.1', '<unknown>', 'fake-kernel-version', '<unknown>']],
    [node('foo1', { status: { nodeInfo: { containerRuntimeVersion: 'foo://1.2.3' }, addresses: [ext('1.1.1.1')] } }), ['foo1', 'Unknown', '<none>', '<unknown>', '', '<none>', '1.1.1.1', '<unknown>', '<unknown>', 'foo://1.2.3']],
    [node('foo2', { status: { nodeInfo: {}, addresses: [ext('1.1.1.1')] } }), ['foo2', 'Unknown', '<none>', '<unknown>', '', '<none>', '1.1.1.1', '<unknown>', '<unknown>', '<unknown>']],
    [node('foo2', { status: { addresses: [int('1.1.1.1')] } }), ['foo2', 'Unknown', '<none>', '<unknown>', '', '1.1.1.1', '<none>', '<unknown>', '<unknown>', '<unknown>']],
    [node('foo3', { status: { addresses: [ext('2.2.2.2'), int('3.3.3.3'), ext('4.4.4.4')] } }), ['foo3', 'Unknown', '<none>', '<unknown>', '', '3.3.3.3', '2.2.2.2', '<unknown>', '<unknown>', '<unknown>']],
    [node('foo3', { status: { addresses: [int('2.2.2.2'), ext('3.3.3.3'), int('4.4.4.4')] } }), ['foo3', 'Unknown', '<none>', '<unknown>', '', '2.2.2.2', '3.3.3.3', '<unknown>', '<unknown>', '<unknown>']],
  ];
  it.each(cases.map(([n, e], i) => [`${i}:${e[0]}`, n, e] as const))('%s', (_n, n, expected) => {
    expect(rows('nodes', n, { wide: true })).toEqual(expected);
  });
});

// ---------------------------------------------------------------------------------------------
// Services, secrets, service accounts, namespaces, events, ingresses

const svc = (name: string, spec: any, status: any = { loadBalancer: {} }) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name, creationTimestamp: null }, spec, status });

describe('services: upstream TestPrintServiceLoadBalancer', () => {
  const p = (port: number, protocol: string) => ({ port, protocol, targetPort: 0 });
  const lb = (...ips: any[]) => ({ loadBalancer: { ingress: ips } });
  const cases: [string, any, Cell[], boolean][] = [
    ['multiple external IPs', svc('service1', { clusterIPs: ['1.2.3.4'], type: 'LoadBalancer', ports: [p(80, 'TCP')] }, lb({ ip: '2.3.4.5' }, { ip: '3.4.5.6' })), ['service1', 'LoadBalancer', '1.2.3.4', '2.3.4.5,3.4.5.6', '80/TCP', '<unknown>'], false],
    ['pending', svc('service2', { clusterIPs: ['1.3.4.5'], type: 'LoadBalancer', ports: [p(80, 'TCP'), p(8090, 'UDP'), p(8000, 'TCP'), p(7777, 'SCTP')] }), ['service2', 'LoadBalancer', '1.3.4.5', '<pending>', '80/TCP,8090/UDP,8000/TCP,7777/SCTP', '<unknown>'], false],
    ['multiple ports', svc('service3', { clusterIPs: ['1.4.5.6'], type: 'LoadBalancer', ports: [p(80, 'TCP'), p(8090, 'UDP'), p(8000, 'TCP')] }, lb({ ip: '2.3.4.5' })), ['service3', 'LoadBalancer', '1.4.5.6', '2.3.4.5', '80/TCP,8090/UDP,8000/TCP', '<unknown>'], false],
    ['wide with selector', svc('service4', { clusterIPs: ['1.5.6.7'], type: 'LoadBalancer', ports: [p(80, 'TCP'), p(8090, 'UDP'), p(8000, 'TCP')], selector: { foo: 'bar' } }, lb({ ip: '2.3.4.5' }, { ip: '3.4.5.6' }, { ip: '5.6.7.8', hostname: 'host5678' })), ['service4', 'LoadBalancer', '1.5.6.7', '2.3.4.5,3.4.5.6,5.6.7.8', '80/TCP,8090/UDP,8000/TCP', '<unknown>', 'foo=bar'], true],
  ];
  it.each(cases)('%s', (_n, s, expected, wide) => {
    expect(rows('services', s, { wide })).toEqual(expected);
  });
  it('long external IP list is elided when generated without Wide (printers.go loadBalancerStatusStringer)', () => {
    const s = svc('service4', { clusterIPs: ['1.5.6.7'], type: 'LoadBalancer', ports: [p(80, 'TCP')] }, lb({ ip: '2.3.4.5' }, { ip: '3.4.5.6' }, { ip: '5.6.7.8', hostname: 'host5678' }));
    expect(serviceExternalIP(s, false)).toBe('2.3.4.5,3.4.5...');
    // the API server generates rows with Wide: true, so `kubectl get svc` shows the full list
    expect(serviceExternalIP(s, true)).toBe('2.3.4.5,3.4.5.6,5.6.7.8');
  });
  it('ClusterIP / NodePort / ExternalName / headless cells', () => {
    expect(rows('svc', svc('web', { type: 'ClusterIP', clusterIP: '10.96.0.10', clusterIPs: ['10.96.0.10'], ports: [{ port: 80, protocol: 'TCP', targetPort: 8080 }] }))).toEqual(['web', 'ClusterIP', '10.96.0.10', '<none>', '80/TCP', '<unknown>']);
    expect(rows('svc', svc('np', { type: 'NodePort', clusterIPs: ['10.96.1.1'], ports: [{ port: 80, nodePort: 30080, protocol: 'TCP' }, { port: 53, nodePort: 30053, protocol: 'UDP' }] }))).toEqual(['np', 'NodePort', '10.96.1.1', '<none>', '80:30080/TCP,53:30053/UDP', '<unknown>']);
    expect(rows('svc', svc('ext', { type: 'ExternalName', externalName: 'example.com' }))).toEqual(['ext', 'ExternalName', '<none>', 'example.com', '<none>', '<unknown>']);
    expect(rows('svc', svc('hl', { type: 'ClusterIP', clusterIP: 'None', clusterIPs: ['None'], ports: [{ port: 80, protocol: 'TCP' }] }))).toEqual(['hl', 'ClusterIP', 'None', '<none>', '80/TCP', '<unknown>']);
    expect(rows('svc', svc('eips', { type: 'ClusterIP', clusterIPs: ['10.0.0.1'], externalIPs: ['1.2.3.4', '5.6.7.8'], ports: [{ port: 80, protocol: 'TCP' }] }))).toEqual(['eips', 'ClusterIP', '10.0.0.1', '1.2.3.4,5.6.7.8', '80/TCP', '<unknown>']);
    expect(rows('svc', svc('sel', { type: 'ClusterIP', clusterIPs: ['10.0.0.2'], selector: { b: '2', a: '1' } }), { wide: true })).toEqual(['sel', 'ClusterIP', '10.0.0.2', '<none>', '<none>', '<unknown>', 'a=1,b=2']);
  });
});

describe('secrets / serviceaccounts / namespaces: upstream cases', () => {
  it('TestPrintSecret', () => {
    expect(rows('secrets', { metadata: { name: 'secret1', creationTimestamp: ago(-1.9) }, type: 'kubernetes.io/service-account-token', data: { token: 'c2VjcmV0IGRhdGE=' } })).toEqual(['secret1', 'kubernetes.io/service-account-token', 1, '0s']);
    expect(rows('secrets', { metadata: { name: 'secret1', creationTimestamp: ago(-1.9) }, type: 'kubernetes.io/service-account-token' })).toEqual(['secret1', 'kubernetes.io/service-account-token', 0, '0s']);
  });
  it('TestPrintServiceAccount', () => {
    expect(rows('sa', { metadata: { name: 'sa1', creationTimestamp: ago(-1.9) }, secrets: [] })).toEqual(['sa1', 0, '0s']);
    expect(rows('sa', { metadata: { name: 'sa1', creationTimestamp: ago(-1.9) }, secrets: [{ name: 'Secret1' }, { name: 'Secret2' }] })).toEqual(['sa1', 2, '0s']);
  });
  it('TestPrintNamespace', () => {
    expect(rows('ns', { metadata: { name: 'namespace1', creationTimestamp: ago(-1.9) }, status: { phase: 'FooStatus' } })).toEqual(['namespace1', 'FooStatus', '0s']);
    expect(rows('ns', { metadata: { name: 'namespace2' } })).toEqual(['namespace2', '', '<unknown>']);
  });
  it('AGE of an object created 2.1s in the future is <invalid> (TestTranslateTimestampSince)', () => {
    expect(rows('ns', { metadata: { name: 'n', creationTimestamp: ago(-2.1) } })).toEqual(['n', '', '<invalid>']);
  });
});

describe('events: upstream TestPrintEvent', () => {
  const days = (d: number) => ago(d * 86400);
  const base = {
    source: { component: 'kubelet', host: 'Node1' },
    involvedObject: { kind: 'Deployment', name: 'Deployment Name', fieldPath: 'spec.containers{foo}' },
    reason: 'Event Reason',
    message: 'Message Data',
    type: 'Warning',
  };
  const cases: [string, any, Cell[], boolean][] = [
    ['basic', { source: { component: 'kubelet' }, involvedObject: { kind: 'Pod', name: 'Pod Name', fieldPath: 'spec.containers{foo}' }, reason: 'Event Reason', message: 'Message Data', firstTimestamp: days(3), lastTimestamp: days(2), count: 6, type: 'Normal', metadata: { name: 'event1' } }, ['2d', 'Normal', 'Event Reason', 'pod/Pod Name', 'Message Data'], false],
    ['wide', { ...base, firstTimestamp: days(3), lastTimestamp: days(2), count: 6, metadata: { name: 'event2' } }, ['2d', 'Warning', 'Event Reason', 'deployment/Deployment Name', 'spec.containers{foo}', 'kubelet, Node1', 'Message Data', '3d', 6, 'event2'], true],
    ['w/o firstTimestamp', { ...base, eventTime: days(3), lastTimestamp: days(3), count: 1, metadata: { name: 'event3' } }, ['3d', 'Warning', 'Event Reason', 'deployment/Deployment Name', 'spec.containers{foo}', 'kubelet, Node1', 'Message Data', '3d', 1, 'event3'], true],
    ['w/o lastTimestamp', { ...base, eventTime: days(3), firstTimestamp: days(3), count: 1, metadata: { name: 'event4' } }, ['3d', 'Warning', 'Event Reason', 'deployment/Deployment Name', 'spec.containers{foo}', 'kubelet, Node1', 'Message Data', '3d', 1, 'event4'], true],
    ['w/o first and last', { ...base, eventTime: days(3), count: 1, metadata: { name: 'event5' } }, ['3d', 'Warning', 'Event Reason', 'deployment/Deployment Name', 'spec.containers{foo}', 'kubelet, Node1', 'Message Data', '3d', 1, 'event5'], true],
    ['series', { ...base, series: { count: 2, lastObservedTime: days(2) }, eventTime: days(3), metadata: { name: 'event6' } }, ['2d', 'Warning', 'Event Reason', 'deployment/Deployment Name', 'spec.containers{foo}', 'kubelet, Node1', 'Message Data', '3d', 2, 'event6'], true],
    ['singleton', { ...base, eventTime: days(3), metadata: { name: 'event7' } }, ['3d', 'Warning', 'Event Reason', 'deployment/Deployment Name', 'spec.containers{foo}', 'kubelet, Node1', 'Message Data', '3d', 1, 'event7'], true],
    ['empty source', { ...base, source: {}, reportingController: 'kubelet', reportingInstance: 'test', firstTimestamp: days(3), lastTimestamp: days(2), count: 6, metadata: { name: 'event2' } }, ['2d', 'Warning', 'Event Reason', 'deployment/Deployment Name', 'spec.containers{foo}', 'kubelet, test', 'Message Data', '3d', 6, 'event2'], true],
  ];
  it.each(cases)('%s', (_n, ev, expected, wide) => {
    expect(rows('events', ev, { wide })).toEqual(expected);
  });
  it('interval LAST SEEN for repeated events: "5m (x3 over 20m)" style is not used by get; count column only in wide', () => {
    const ev = { ...base, firstTimestamp: ago(1200), lastTimestamp: ago(300), count: 3, metadata: { name: 'e' } };
    expect(rows('ev', ev)).toEqual(['5m', 'Warning', 'Event Reason', 'deployment/Deployment Name', 'Message Data']);
  });
});

describe('ingresses: upstream TestPrintIngress / TestPrintIngressClass', () => {
  it('TestPrintIngress', () => {
    const ing = {
      metadata: { name: 'test1', creationTimestamp: ago(10 * 365 * 86400) },
      spec: { ingressClassName: 'foo', defaultBackend: { service: { name: 'default-backend', port: { name: 'default-backend', number: 80 } } } },
      status: { loadBalancer: { ingress: [{ ip: '2.3.4.5', hostname: 'localhost.localdomain' }] } },
    };
    expect(rows('ingresses', ing)).toEqual(['test1', 'foo', '*', '2.3.4.5', '80', '10y']);
  });
  it('TestPrintIngressClass', () => {
    const ic = (name: string, spec: any, years: number) => ({ metadata: { name, creationTimestamp: ago(years * 365 * 86400) }, spec });
    expect(rows('ingressclasses', ic('test1', { controller: 'example.com/controller', parameters: { kind: 'customgroup', name: 'example' } }, 10))).toEqual(['test1', 'example.com/controller', 'customgroup/example', '10y']);
    expect(rows('ingressclasses', ic('test1', { controller: 'example.com/controller', parameters: { apiGroup: 'example.com', kind: 'customgroup', name: 'example' } }, 10))).toEqual(['test1', 'example.com/controller', 'customgroup.example.com/example', '10y']);
    expect(rows('ingressclasses', ic('test2', { controller: 'example.com/controller2' }, 11))).toEqual(['test2', 'example.com/controller2', '<none>', '11y']);
  });
});

// sanity: every definition's row has as many cells as it has columns
describe('column definitions', () => {
  it('pods has the upstream columns', () => {
    expect(lookupResource('po').columns.map((c) => c.name)).toEqual(['Name', 'Ready', 'Status', 'Restarts', 'Age', 'IP', 'Node', 'Nominated Node', 'Readiness Gates']);
  });
});
