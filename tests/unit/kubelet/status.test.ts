import { describe, expect, it } from 'vitest';
import { containersReadyCondition, getPhase, initializedCondition, podReadyCondition, generateAPIPodStatus } from '../../../src/sim/kubelet/status/generate';
import { computePodActions } from '../../../src/sim/kubelet/kuberuntime/pod-actions';
import { nextWork } from '../../../src/sim/kubelet/podworkers/pod-workers';
import { generateEvents } from '../../../src/sim/kubelet/pleg/generic';

const running = (name: string, extra: any = {}) => ({ name, ready: true, started: true, state: { running: { startedAt: 'x' } }, lastState: {}, ...extra });
const waiting = (name: string, reason = 'ContainerCreating', lastExit?: number) => ({ name, ready: false, state: { waiting: { reason } }, lastState: lastExit === undefined ? {} : { terminated: { exitCode: lastExit } } });
const terminated = (name: string, exitCode: number) => ({ name, ready: false, state: { terminated: { exitCode } }, lastState: {} });
const pod = (restartPolicy: string, containers: string[], initContainers: string[] = [], sidecars: string[] = []) => ({
  metadata: { name: 'p', namespace: 'default', uid: 'u' },
  spec: { restartPolicy, containers: containers.map((name) => ({ name, image: 'busybox:1.36' })), initContainers: [...sidecars.map((name) => ({ name, image: 'busybox:1.36', restartPolicy: 'Always' })), ...initContainers.map((name) => ({ name, image: 'busybox:1.36' }))] }
});

// upstream: pkg/kubelet/kubelet_pods.go getPhase; fact sheet 3.1.
describe('getPhase', () => {
  const cases: { name: string; pod: any; statuses: any[]; terminal?: boolean; want: string }[] = [
    { name: 'no statuses yet', pod: pod('Always', ['a']), statuses: [], want: 'Pending' },
    { name: 'waiting ContainerCreating', pod: pod('Always', ['a']), statuses: [waiting('a')], want: 'Pending' },
    { name: 'running', pod: pod('Always', ['a']), statuses: [running('a')], want: 'Running' },
    { name: 'one running, one without status', pod: pod('Always', ['a', 'b']), statuses: [running('a')], want: 'Pending' },
    { name: 'CrashLoopBackOff counts as stopped: Running under Always', pod: pod('Always', ['a']), statuses: [waiting('a', 'CrashLoopBackOff', 1)], want: 'Running' },
    { name: 'Always, exited 0 (restarting)', pod: pod('Always', ['a']), statuses: [terminated('a', 0)], want: 'Running' },
    { name: 'Never, exited 0', pod: pod('Never', ['a']), statuses: [terminated('a', 0)], want: 'Succeeded' },
    { name: 'Never, exited 1', pod: pod('Never', ['a']), statuses: [terminated('a', 1)], want: 'Failed' },
    { name: 'OnFailure, exited 0', pod: pod('OnFailure', ['a']), statuses: [terminated('a', 0)], want: 'Succeeded' },
    { name: 'OnFailure, exited 1', pod: pod('OnFailure', ['a']), statuses: [terminated('a', 1)], want: 'Running' },
    { name: 'terminal pod, all exited 0', pod: pod('Always', ['a']), statuses: [terminated('a', 0)], terminal: true, want: 'Succeeded' },
    { name: 'terminal pod, one exited 137', pod: pod('Always', ['a', 'b']), statuses: [terminated('a', 0), terminated('b', 137)], terminal: true, want: 'Failed' },
    { name: 'init container running', pod: pod('Always', ['a'], ['init']), statuses: [running('init'), waiting('a', 'PodInitializing')], want: 'Pending' },
    { name: 'init container failed, Never', pod: pod('Never', ['a'], ['init']), statuses: [terminated('init', 1), waiting('a', 'PodInitializing')], want: 'Failed' },
    { name: 'init container failed, Always: restarts', pod: pod('Always', ['a'], ['init']), statuses: [waiting('init', 'CrashLoopBackOff', 1), waiting('a', 'PodInitializing')], want: 'Pending' },
    { name: 'init done, app running', pod: pod('Always', ['a'], ['init']), statuses: [terminated('init', 0), running('a')], want: 'Running' },
    { name: 'sidecar running but not started, app not started', pod: pod('Always', ['a'], [], ['side']), statuses: [running('side', { started: false }), waiting('a', 'PodInitializing')], want: 'Pending' }
  ];
  for (const c of cases) it(c.name, () => expect(getPhase(c.pod, c.statuses, !!c.terminal)).toBe(c.want));
});

// upstream: pkg/kubelet/status/generate.go; fact sheet 3.2.
describe('conditions', () => {
  const cases: { name: string; got: () => any; want: any }[] = [
    { name: 'ContainersReady true', got: () => containersReadyCondition(pod('Always', ['a']), [running('a')], 'Running'), want: { type: 'ContainersReady', status: 'True' } },
    {
      name: 'ContainersReady unready and unknown',
      got: () => containersReadyCondition(pod('Always', ['a', 'b', 'c']), [waiting('a'), running('c', { ready: false })], 'Pending'),
      want: { type: 'ContainersReady', status: 'False', reason: 'ContainersNotReady', message: 'containers with unknown status: [b], containers with unready status: [a c]' }
    },
    { name: 'ContainersReady Succeeded', got: () => containersReadyCondition(pod('Never', ['a']), [terminated('a', 0)], 'Succeeded'), want: { type: 'ContainersReady', status: 'False', reason: 'PodCompleted' } },
    { name: 'ContainersReady Failed', got: () => containersReadyCondition(pod('Never', ['a']), [terminated('a', 1)], 'Failed'), want: { type: 'ContainersReady', status: 'False', reason: 'PodFailed' } },
    { name: 'Ready copies a false ContainersReady', got: () => podReadyCondition({ type: 'ContainersReady', status: 'False', reason: 'ContainersNotReady', message: 'm' }), want: { type: 'Ready', status: 'False', reason: 'ContainersNotReady', message: 'm' } },
    { name: 'Initialized without init containers', got: () => initializedCondition(pod('Always', ['a']), [], [], 'Pending'), want: { type: 'Initialized', status: 'True' } },
    {
      name: 'Initialized false while init runs',
      got: () => initializedCondition(pod('Always', ['a'], ['i1', 'i2']), [terminated('i1', 0), running('i2', { ready: false })], [waiting('a', 'PodInitializing')], 'Pending'),
      want: { type: 'Initialized', status: 'False', reason: 'ContainersNotInitialized', message: 'containers with incomplete status: [i2]' }
    },
    { name: 'Initialized true once a regular container started', got: () => initializedCondition(pod('Always', ['a'], ['i']), [], [running('a')], 'Running'), want: { type: 'Initialized', status: 'True' } }
  ];
  for (const c of cases) it(c.name, () => expect(c.got()).toEqual(c.want));

  it('generateAPIPodStatus orders the conditions as the kubelet does and never leaves a terminal phase', () => {
    const p: any = { ...pod('Always', ['a']), status: { phase: 'Succeeded', qosClass: 'BestEffort' } };
    const s = generateAPIPodStatus({ pod: p, runtime: undefined, failures: new Map(), hostIP: '172.18.0.3', now: 0, terminal: false });
    expect(s.conditions.map((c: any) => c.type)).toEqual(['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled']);
    expect(s.phase).toBe('Succeeded');
    expect(s.qosClass).toBe('BestEffort');
    expect(s.containerStatuses[0].state).toEqual({ waiting: { reason: 'ContainerCreating' } });
  });
});

const cri = (name: string, state: string, exitCode = 0, attempt = 0, createdAt = attempt) => ({ id: `${name}-${attempt}`, metadata: { name, attempt }, state, exitCode, createdAt } as any);
const rt = (containers: any[], ready = true) => ({ uid: 'u', name: 'p', namespace: 'default', sandboxes: [{ id: 'sb', state: ready ? 'SANDBOX_READY' : 'SANDBOX_NOTREADY', metadata: { attempt: 0 } } as any], containers });

// upstream: pkg/kubelet/kuberuntime/kuberuntime_manager.go computePodActions.
describe('computePodActions', () => {
  const cases: { name: string; pod: any; status: any; want: any }[] = [
    { name: 'new pod: sandbox and every container', pod: pod('Always', ['a', 'b']), status: { ...rt([]), sandboxes: [] }, want: { createSandbox: true, attempt: 0, containersToStart: [0, 1] } },
    { name: 'new pod with init: the first init container only', pod: pod('Always', ['a'], ['i1', 'i2']), status: { ...rt([]), sandboxes: [] }, want: { createSandbox: true, nextInitContainer: 0, containersToStart: [] } },
    { name: 'second init after the first exited 0', pod: pod('Always', ['a'], ['i1', 'i2']), status: rt([cri('i1', 'CONTAINER_EXITED', 0)]), want: { createSandbox: false, nextInitContainer: 1, containersToStart: [] } },
    { name: 'init running: wait', pod: pod('Always', ['a'], ['i1']), status: rt([cri('i1', 'CONTAINER_RUNNING')]), want: { createSandbox: false, initFailed: false, containersToStart: [] } },
    { name: 'init failed, Never', pod: pod('Never', ['a'], ['i1']), status: rt([cri('i1', 'CONTAINER_EXITED', 1)]), want: { initFailed: true, containersToStart: [] } },
    { name: 'init failed, Always: restart it', pod: pod('Always', ['a'], ['i1']), status: rt([cri('i1', 'CONTAINER_EXITED', 1)]), want: { nextInitContainer: 0 } },
    { name: 'Always restarts an exited 0', pod: pod('Always', ['a']), status: rt([cri('a', 'CONTAINER_EXITED', 0)]), want: { containersToStart: [0] } },
    { name: 'OnFailure keeps an exited 0', pod: pod('OnFailure', ['a']), status: rt([cri('a', 'CONTAINER_EXITED', 0)]), want: { containersToStart: [] } },
    { name: 'OnFailure restarts an exited 1', pod: pod('OnFailure', ['a']), status: rt([cri('a', 'CONTAINER_EXITED', 1)]), want: { containersToStart: [0] } },
    { name: 'Never keeps an exited 1', pod: pod('Never', ['a']), status: rt([cri('a', 'CONTAINER_EXITED', 1)]), want: { containersToStart: [] } },
    { name: 'the newest instance decides', pod: pod('Always', ['a']), status: rt([cri('a', 'CONTAINER_EXITED', 1, 0), cri('a', 'CONTAINER_RUNNING', 0, 1)]), want: { containersToStart: [] } },
    { name: 'a running sidecar lets the app start', pod: pod('Always', ['a'], [], ['side']), status: rt([cri('side', 'CONTAINER_RUNNING')]), want: { containersToStart: [0] } },
    { name: 'an exited sidecar restarts before anything else', pod: pod('Always', ['a'], [], ['side']), status: rt([cri('side', 'CONTAINER_EXITED', 0), cri('a', 'CONTAINER_RUNNING')]), want: { nextInitContainer: 0, containersToStart: [] } },
    { name: 'dead sandbox, Never, containers ran: nothing', pod: pod('Never', ['a']), status: rt([cri('a', 'CONTAINER_EXITED', 0)], false), want: { createSandbox: false, containersToStart: [] } }
  ];
  for (const c of cases) it(c.name, () => expect(computePodActions(c.pod, c.status)).toMatchObject(c.want));
});

// upstream: pkg/kubelet/pod_workers.go UpdatePod.
describe('pod worker transitions', () => {
  const live = { metadata: {} };
  const deleting = { metadata: { deletionTimestamp: 't' } };
  const cases: [string, any, any, boolean, string][] = [
    ['syncing pod syncs', 'syncing', live, false, 'sync'],
    ['deletionTimestamp -> terminating', 'syncing', deleting, false, 'terminating'],
    ['removed from the API -> terminating', 'syncing', live, true, 'terminating'],
    ['terminating stays terminating', 'terminating', live, false, 'terminating'],
    ['terminated terminal pod: nothing', 'terminated', live, false, 'none'],
    ['terminated and deleted: clean up', 'terminated', deleting, false, 'terminated']
  ];
  for (const [name, state, p, deleted, want] of cases) it(name, () => expect(nextWork(state, p, deleted)).toBe(want));
});

describe('PLEG generateEvents', () => {
  it('groups exits per pod as ContainerDied', () => {
    const e = (pod: string, name: string) => ({ containerId: name, podSandboxId: 's', pod, name, exitCode: 1, reason: 'Error', finishedAt: 0 });
    const got = generateEvents([e('a/x', 'c1'), e('a/y', 'c2'), e('a/x', 'c3')]);
    expect([...got.keys()]).toEqual(['a/x', 'a/y']);
    expect(got.get('a/x')!.map((x) => `${x.type} ${x.container}`)).toEqual(['ContainerDied c1', 'ContainerDied c3']);
  });
});
