/**
 * The statecharts the inspector draws for a pod: the kubelet's pod worker and each container's
 * state, written as XState machines so the drawing is read off a real machine definition (its
 * states, child states and transitions), and the functions that place a live object in them.
 *
 * The active state is read from what the API server stores (the pod's status as the kubelet
 * last posted it), so the chart is exactly as current as `kubectl get pod -o yaml`.
 * upstream: pkg/kubelet/pod_workers.go (SyncPod -> TerminatingPod -> TerminatedPod, never back),
 * pkg/kubelet/kubelet.go canAdmitPod / rejectPod, pkg/kubelet/kuberuntime (container states and the
 * waiting reasons), pkg/kubelet/prober (started / ready).
 */
import { setup } from 'xstate';
import type { KObject } from '../bridge/deltas';

/** upstream: pod_workers.go's podSyncStatus states, plus the two ends a pod can have before a worker runs it. */
export const podWorkerMachine = setup({}).createMachine({
  id: 'pod-worker',
  initial: 'pending',
  states: {
    pending: {
      description: 'Not on a node yet: the scheduler has not bound it (no spec.nodeName).',
      meta: { label: 'Pending' },
      on: {
        ADMITTED: { target: 'syncing', description: 'bound, admitted' },
        REJECTED: { target: 'rejected', description: 'admission refused' }
      }
    },
    syncing: {
      description: 'SyncPod: the kubelet makes the pod run (sandbox, volumes, image pulls, containers, probes) and syncs again on every change.',
      meta: { label: 'SyncPod' },
      on: { TERMINATE: { target: 'terminating', description: 'deleted, evicted, or done' } }
    },
    terminating: {
      description: 'SyncTerminatingPod: preStop hooks, SIGTERM, then SIGKILL when the grace period ends.',
      meta: { label: 'SyncTerminatingPod' },
      on: { STOPPED: { target: 'terminated', description: 'containers stopped' } }
    },
    terminated: {
      type: 'final',
      description: 'SyncTerminatedPod: every container has stopped; volumes are unmounted and the API object can go.',
      meta: { label: 'SyncTerminatedPod' }
    },
    rejected: {
      type: 'final',
      description: "The node's kubelet refused it at admission (OutOfcpu, OutOfmemory, node pressure): Failed, no container ever ran.",
      meta: { label: 'Rejected' }
    }
  }
});

/**
 * A pod in the kube-scheduler: gated, queued (activeQ / backoffQ), unschedulable (parked until a
 * cluster event or the 5-minute flush moves it back), nominated after a preemption, bound.
 * upstream: pkg/scheduler/backend/queue (activeQ, backoffQ, unschedulablePods), schedule_one.go.
 */
export const schedulerPodMachine = setup({}).createMachine({
  id: 'scheduler-pod',
  initial: 'queued',
  states: {
    gated: {
      description: 'spec.schedulingGates is not empty: the SchedulingGates plugin keeps it out of the queue (PreEnqueue).',
      meta: { label: 'SchedulingGated' },
      on: { UNGATED: { target: 'queued', description: 'gates removed' } }
    },
    queued: {
      description: 'In activeQ (or backoffQ after a failure): waiting for a scheduling cycle (PreFilter, Filter, PostFilter, Score, Reserve, Permit).',
      meta: { label: 'Queued' },
      on: {
        BOUND: { target: 'bound', description: 'a node fits: bind' },
        UNSCHEDULABLE: { target: 'unschedulable', description: 'no node fits' },
        NOMINATED: { target: 'nominated', description: 'preemption' }
      }
    },
    unschedulable: {
      description: 'PodScheduled=False, reason Unschedulable (a FailedScheduling event says why): parked until a cluster event that may help, back-off 1 s..10 s, or the 5-minute flush.',
      meta: { label: 'Unschedulable' },
      on: { REQUEUED: { target: 'queued', description: 'cluster event, flush' } }
    },
    nominated: {
      description: 'status.nominatedNodeName is set: victims are being evicted on that node to make room.',
      meta: { label: 'Nominated' },
      on: { BOUND: { target: 'bound', description: 'room made: bind' } }
    },
    bound: {
      type: 'final',
      description: 'spec.nodeName is set (the binding subresource, or set by hand): the node\'s kubelet runs it.',
      meta: { label: 'Bound' }
    }
  }
});

/** The pod's place in schedulerPodMachine, from its API object. */
export function schedulerPodState(pod: KObject): ActiveState {
  if (pod.spec?.nodeName) return { state: 'bound' };
  if ((pod.spec?.schedulingGates ?? []).length > 0) return { state: 'gated' };
  if (pod.status?.nominatedNodeName) return { state: 'nominated' };
  const scheduled = (pod.status?.conditions ?? []).find((c: KObject) => c.type === 'PodScheduled');
  if (scheduled?.status === 'False' && scheduled.reason === 'Unschedulable') return { state: 'unschedulable' };
  return { state: 'queued' };
}

/** A container as the kubelet reports it: waiting (with a reason), running (started, ready), terminated. */
export const containerMachine = setup({}).createMachine({
  id: 'container',
  initial: 'waiting',
  states: {
    waiting: {
      description: 'state.waiting: not running; the reason says why.',
      meta: { label: 'Waiting' },
      initial: 'creating',
      states: {
        creating: { meta: { label: 'ContainerCreating' }, description: 'Pulling the image, creating and starting the container.', on: { PULL_FAILED: 'pullBackOff', CONFIG_ERROR: 'configError' } },
        pullBackOff: { meta: { label: 'ImagePullBackOff' }, description: 'ErrImagePull, then ImagePullBackOff: pulls retried with back-off up to 5 min.', on: { RETRY: 'creating' } },
        configError: { meta: { label: 'ConfigError' }, description: 'CreateContainerConfigError or CreateContainerError: the container cannot be created as specified.' },
        crashLoop: { meta: { label: 'CrashLoopBackOff' }, description: 'It exited and will be restarted after a back-off: 10 s, 20 s, 40 s ... up to 5 min.' }
      },
      on: { STARTED: { target: 'running', description: 'started' } }
    },
    running: {
      description: 'state.running: the process is up. Probes decide started and ready.',
      meta: { label: 'Running' },
      initial: 'starting',
      states: {
        starting: { meta: { label: 'started: false' }, description: 'Its startup probe has not succeeded yet: liveness and readiness wait.', on: { STARTUP_SUCCEEDED: 'notReady' } },
        notReady: { meta: { label: 'not ready' }, description: 'Started but not Ready: the readiness probe has not succeeded (or is failing). Out of the Service endpoints; not restarted.', on: { READY: 'ready' } },
        ready: { meta: { label: 'ready' }, description: "Ready: the pod's Service endpoints include it (when every container is ready).", on: { NOT_READY: 'notReady' } }
      },
      on: { EXITED: { target: 'terminated', description: 'exited, killed, OOM' } }
    },
    terminated: {
      description: 'state.terminated: the process ended; exit code and reason recorded.',
      meta: { label: 'Terminated' },
      initial: 'completed',
      states: {
        completed: { meta: { label: 'Completed' }, description: 'Exit code 0.' },
        error: { meta: { label: 'Error' }, description: 'A non-zero exit code (a liveness kill ends with 137 or 143).' },
        oomKilled: { meta: { label: 'OOMKilled' }, description: 'The kernel killed it at its memory limit: exit code 137.' }
      },
      on: { RESTART: { target: 'waiting', description: 'restartPolicy: back-off, restart' } }
    }
  }
});

export interface ChartState {
  key: string;
  label: string;
  description: string;
  final: boolean;
  children: { key: string; label: string; description: string }[];
}

export interface ChartEdge {
  from: string;
  to: string;
  label: string;
  /** `from` is '*' for a transition on the machine itself (from any state). Between child states of one state (drawn inside its box, not as an arrow): `internal`. */
  internal: boolean;
}

export interface ChartGraph {
  id: string;
  initial: string;
  states: ChartState[];
  edges: ChartEdge[];
}

// Structural view of the XState StateNode fields read here (public properties of xstate v5's StateNode).
interface NodeLike {
  key: string;
  type: string;
  description?: string;
  meta?: { label?: string };
  config: { initial?: string };
  states: Record<string, NodeLike>;
  parent?: NodeLike;
  transitions: Map<string, { description?: string; eventType: string; target?: readonly NodeLike[] }[]>;
  always?: { description?: string; target?: readonly NodeLike[] }[];
}

function topOf(node: NodeLike): NodeLike {
  let n = node;
  while (n.parent?.parent) n = n.parent;
  return n;
}

function eventLabel(eventType: string, delays: Record<string, unknown>): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) {
    const ms = /^\d+$/.test(after[1]) ? Number(after[1]) : delays[after[1]];
    return typeof ms === 'number' ? `after ${ms / 1000} s` : `after ${after[1]}`;
  }
  return eventType.toLowerCase().replace(/_/g, ' ');
}

/** The machine's top-level states (with their children) and transitions, in definition order. */
export function graphOf(machine: { id: string; root: unknown; implementations?: { delays?: Record<string, unknown> } }): ChartGraph {
  const root = machine.root as NodeLike;
  const delays = machine.implementations?.delays ?? {};
  const states: ChartState[] = [];
  const edges: ChartEdge[] = [];
  const seen = new Set<string>();
  const addEdges = (node: NodeLike, top: NodeLike) => {
    const all = [...[...node.transitions.values()].flat(), ...(node.always ?? []).map((t) => ({ ...t, eventType: 'always' }))];
    for (const t of all) {
      for (const target of t.target ?? []) {
        const toTop = topOf(target);
        const internal = toTop === top && node !== top;
        // A transition on the machine itself leaves any state ('*').
        const from = node === root ? '*' : internal ? node.key : top.key;
        const to = internal ? target.key : toTop.key;
        const id = `${from}>${to}>${internal}`;
        if (seen.has(id)) continue;
        seen.add(id);
        edges.push({ from, to, internal, label: t.description ?? eventLabel(t.eventType, delays) });
      }
    }
  };
  addEdges(root, root);
  for (const top of Object.values(root.states)) {
    states.push({
      key: top.key,
      label: top.meta?.label ?? top.key,
      description: top.description ?? '',
      final: top.type === 'final',
      children: Object.values(top.states).map((c) => ({ key: c.key, label: c.meta?.label ?? c.key, description: c.description ?? '' }))
    });
    addEdges(top, top);
    for (const child of Object.values(top.states)) addEdges(child, top);
  }
  return { id: machine.id, initial: root.config.initial ?? states[0]?.key ?? '', states, edges };
}

/** Where a state sits in a chart: the top-level state and, for compound states, the child. */
export interface ActiveState {
  state: string;
  child?: string;
}

function containerStatuses(pod: KObject): KObject[] {
  return [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])];
}

/** The pod worker's state, as the pod's API object shows it. */
export function podWorkerState(pod: KObject): ActiveState {
  if (!pod.spec?.nodeName) return { state: 'pending' };
  const phase: string | undefined = pod.status?.phase;
  const statuses = containerStatuses(pod);
  // rejectPod: Failed before any container was created.
  if (phase === 'Failed' && statuses.every((c) => !c.containerID && !c.state?.running && !c.state?.terminated)) return { state: 'rejected' };
  const running = statuses.some((c) => c.state?.running);
  if (pod.metadata?.deletionTimestamp || phase === 'Succeeded' || phase === 'Failed') return { state: running ? 'terminating' : 'terminated' };
  return { state: 'syncing' };
}

const PULL_REASONS = new Set(['ErrImagePull', 'ImagePullBackOff', 'InvalidImageName', 'ErrImageNeverPull', 'RegistryUnavailable']);
const CONFIG_REASONS = new Set(['CreateContainerConfigError', 'CreateContainerError', 'RunContainerError', 'PreCreateHookError', 'PreStartHookError', 'PostStartHookError']);

/** A container's state in containerMachine, from its containerStatus (undefined: not created yet). */
export function containerState(status: KObject | undefined): ActiveState {
  const st = status?.state;
  if (st?.running) {
    if (status!.started === false) return { state: 'running', child: 'starting' };
    return { state: 'running', child: status!.ready ? 'ready' : 'notReady' };
  }
  if (st?.terminated) {
    if (st.terminated.reason === 'OOMKilled') return { state: 'terminated', child: 'oomKilled' };
    return { state: 'terminated', child: st.terminated.exitCode === 0 ? 'completed' : 'error' };
  }
  const reason: string | undefined = st?.waiting?.reason;
  if (reason === 'CrashLoopBackOff') return { state: 'waiting', child: 'crashLoop' };
  if (reason && PULL_REASONS.has(reason)) return { state: 'waiting', child: 'pullBackOff' };
  if (reason && CONFIG_REASONS.has(reason)) return { state: 'waiting', child: 'configError' };
  return { state: 'waiting', child: 'creating' };
}

/** Each container of the pod (init containers first) with its state. */
export function podContainers(pod: KObject): { name: string; init: boolean; active: ActiveState; restarts: number; reason?: string }[] {
  const byName = new Map<string, KObject>();
  for (const c of containerStatuses(pod)) byName.set(c.name, c);
  const out: { name: string; init: boolean; active: ActiveState; restarts: number; reason?: string }[] = [];
  for (const [init, list] of [[true, pod.spec?.initContainers ?? []], [false, pod.spec?.containers ?? []]] as const) {
    for (const c of list as KObject[]) {
      const s = byName.get(c.name);
      out.push({ name: c.name, init, active: containerState(s), restarts: s?.restartCount ?? 0, reason: s?.state?.waiting?.reason ?? s?.state?.terminated?.reason });
    }
  }
  return out;
}

/**
 * The node's kubelet in kubeletMachine (src/sim/kubelet/kubelet.machine.ts), as the node object
 * shows it: posting Ready status means it runs; a Ready condition gone Unknown (the node lifecycle
 * controller's "Kubelet stopped posting node status.") means it stopped or cannot reach the API
 * server; no condition yet means it is still registering.
 */
export function kubeletState(node: KObject): ActiveState {
  const ready = (node.status?.conditions ?? []).find((c: KObject) => c.type === 'Ready');
  if (!ready) return { state: 'registering' };
  if (ready.status === 'Unknown') return { state: 'stopped' };
  return { state: 'running' };
}
