import { describe, expect, it } from 'vitest';
import { containerMachine, containerState, graphOf, kubeletState, podContainers, podWorkerMachine, podWorkerState, schedulerPodMachine, schedulerPodState } from './machines';
import { kubeletMachine } from '../../sim/kubelet/kubelet.machine';

describe('graphOf: a machine definition as boxes and arrows', () => {
  it("reads the pod worker's states and transitions in definition order", () => {
    const g = graphOf(podWorkerMachine);
    expect(g.initial).toBe('pending');
    expect(g.states.map((s) => s.label)).toEqual(['Pending', 'SyncPod', 'SyncTerminatingPod', 'SyncTerminatedPod', 'Rejected']);
    expect(g.states.filter((s) => s.final).map((s) => s.key)).toEqual(['terminated', 'rejected']);
    expect(g.edges.map((e) => `${e.from}->${e.to}: ${e.label}`)).toEqual([
      'pending->syncing: bound, admitted',
      'pending->rejected: admission refused',
      'syncing->terminating: deleted, evicted, or done',
      'terminating->terminated: containers stopped'
    ]);
  });

  it("draws a container's child states inside their parent and keeps child moves internal", () => {
    const g = graphOf(containerMachine);
    expect(g.states.map((s) => [s.key, s.children.map((c) => c.label)])).toEqual([
      ['waiting', ['ContainerCreating', 'ImagePullBackOff', 'ConfigError', 'CrashLoopBackOff']],
      ['running', ['started: false', 'not ready', 'ready']],
      ['terminated', ['Completed', 'Error', 'OOMKilled']]
    ]);
    expect(g.edges.filter((e) => !e.internal).map((e) => `${e.from}->${e.to}`)).toEqual(['waiting->running', 'running->terminated', 'terminated->waiting']);
    expect(g.edges.filter((e) => e.internal).map((e) => `${e.from}->${e.to}`)).toContain('notReady->ready');
  });

  it("reads the kubelet's own machine, delayed transitions included", () => {
    const g = graphOf(kubeletMachine);
    expect(g.states.map((s) => s.key)).toEqual(['starting', 'registering', 'waitingToRetry', 'running', 'stopped']);
    expect(g.edges.map((e) => `${e.from}->${e.to}: ${e.label}`)).toEqual(
      expect.arrayContaining(['starting->registering: always', 'registering->running: registered', 'registering->waitingToRetry: register failed', 'waitingToRetry->registering: after 7 s', 'stopped->starting: start', '*->stopped: stop'])
    );
  });
});

const pod = (over: Record<string, unknown> = {}, status: Record<string, unknown> = {}) => ({
  metadata: { name: 'web', namespace: 'default', ...(over.metadata as object) },
  spec: { nodeName: 'worker-1', containers: [{ name: 'app' }], ...(over.spec as object) },
  status: { phase: 'Running', ...status }
});
const running = (ready: boolean, started = true) => ({ name: 'app', containerID: 'containerd://1', ready, started, restartCount: 0, state: { running: { startedAt: '2026-01-01T00:00:00Z' } } });

describe('podWorkerState: where the pod worker is, from the API object', () => {
  it('Pending before binding, SyncPod while it runs', () => {
    expect(podWorkerState({ metadata: { name: 'p' }, spec: { containers: [] }, status: { phase: 'Pending' } })).toEqual({ state: 'pending' });
    expect(podWorkerState(pod({}, { containerStatuses: [running(true)] }))).toEqual({ state: 'syncing' });
  });
  it('SyncTerminatingPod while a deleted pod still has a running container, SyncTerminatedPod after', () => {
    const deleting = { metadata: { deletionTimestamp: '2026-01-01T00:01:00Z' } };
    expect(podWorkerState(pod(deleting, { containerStatuses: [running(true)] }))).toEqual({ state: 'terminating' });
    const stopped = { name: 'app', containerID: 'containerd://1', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } };
    expect(podWorkerState(pod(deleting, { containerStatuses: [stopped] }))).toEqual({ state: 'terminated' });
  });
  it('an evicted pod (Failed, reason Evicted) terminates; a pod refused at admission is Rejected', () => {
    expect(podWorkerState(pod({}, { phase: 'Failed', reason: 'Evicted', containerStatuses: [running(false)] }))).toEqual({ state: 'terminating' });
    expect(podWorkerState(pod({}, { phase: 'Failed', reason: 'OutOfcpu' }))).toEqual({ state: 'rejected' });
  });
});

describe('containerState: a containerStatus placed in the container chart', () => {
  it.each([
    [undefined, 'waiting', 'creating'],
    [{ state: { waiting: { reason: 'ContainerCreating' } } }, 'waiting', 'creating'],
    [{ state: { waiting: { reason: 'ImagePullBackOff' } } }, 'waiting', 'pullBackOff'],
    [{ state: { waiting: { reason: 'ErrImagePull' } } }, 'waiting', 'pullBackOff'],
    [{ state: { waiting: { reason: 'CreateContainerConfigError' } } }, 'waiting', 'configError'],
    [{ state: { waiting: { reason: 'CrashLoopBackOff' } } }, 'waiting', 'crashLoop'],
    [{ started: false, ready: false, state: { running: {} } }, 'running', 'starting'],
    [{ started: true, ready: false, state: { running: {} } }, 'running', 'notReady'],
    [{ started: true, ready: true, state: { running: {} } }, 'running', 'ready'],
    [{ state: { terminated: { exitCode: 0, reason: 'Completed' } } }, 'terminated', 'completed'],
    [{ state: { terminated: { exitCode: 1, reason: 'Error' } } }, 'terminated', 'error'],
    [{ state: { terminated: { exitCode: 137, reason: 'OOMKilled' } } }, 'terminated', 'oomKilled']
  ])('%j -> %s.%s', (status, state, child) => {
    expect(containerState(status as never)).toEqual({ state, child });
  });

  it('lists init containers first, each with its restarts and reason', () => {
    const p = pod({ spec: { initContainers: [{ name: 'init' }], containers: [{ name: 'app' }] } }, {
      phase: 'Running',
      initContainerStatuses: [{ name: 'init', restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } }],
      containerStatuses: [{ name: 'app', restartCount: 3, state: { waiting: { reason: 'CrashLoopBackOff' } } }]
    });
    expect(podContainers(p)).toEqual([
      { name: 'init', init: true, active: { state: 'terminated', child: 'completed' }, restarts: 0, reason: 'Completed' },
      { name: 'app', init: false, active: { state: 'waiting', child: 'crashLoop' }, restarts: 3, reason: 'CrashLoopBackOff' }
    ]);
  });
});

describe('kubeletState: the kubelet machine, from its Node', () => {
  it('running while it posts status (Ready True or False), stopped once Ready is Unknown', () => {
    const node = (status?: string, reason?: string) => ({ metadata: { name: 'worker-1' }, status: { conditions: status ? [{ type: 'Ready', status, reason }] : [] } });
    expect(kubeletState(node())).toEqual({ state: 'registering' });
    expect(kubeletState(node('True', 'KubeletReady'))).toEqual({ state: 'running' });
    expect(kubeletState(node('False', 'KubeletNotReady'))).toEqual({ state: 'running' });
    expect(kubeletState(node('Unknown', 'NodeStatusUnknown'))).toEqual({ state: 'stopped' });
  });
});

describe('schedulerPodState: the pod in the kube-scheduler, from its API object', () => {
  const p = (spec: Record<string, unknown> = {}, status: Record<string, unknown> = {}) => ({ metadata: { name: 'p' }, spec: { containers: [], ...spec }, status: { phase: 'Pending', ...status } });
  it.each([
    ['a new pod', p(), 'queued'],
    ['scheduling gates', p({ schedulingGates: [{ name: 'example.com/foo' }] }), 'gated'],
    ['FailedScheduling', p({}, { conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: '0/3 nodes are available' }] }), 'unschedulable'],
    ['after preemption', p({}, { nominatedNodeName: 'worker-1', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable' }] }), 'nominated'],
    ['bound', p({ nodeName: 'worker-1' }, { conditions: [{ type: 'PodScheduled', status: 'True' }] }), 'bound']
  ])('%s -> %s', (_what, pod, state) => {
    expect(schedulerPodState(pod)).toEqual({ state });
  });
  it('draws the queue: gated -> queued -> bound / unschedulable / nominated, and back', () => {
    expect(graphOf(schedulerPodMachine).edges.map((e) => `${e.from}->${e.to}`)).toEqual([
      'gated->queued', 'queued->bound', 'queued->unschedulable', 'queued->nominated', 'unschedulable->queued', 'nominated->bound'
    ]);
  });
});
