/**
 * The pod status the kubelet posts, computed from the spec and what the runtime reports: phase
 * (getPhase), conditions, container statuses. Pure functions, table-tested.
 * upstream: pkg/kubelet/kubelet_pods.go (getPhase, generateAPIPodStatus,
 * convertToAPIContainerStatuses), pkg/kubelet/status/generate.go (Generate*Condition)
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { timestamp } from '../../kernel/clock';
import type { ContainerStatus } from '../../node/cri/types';
import { sortNewestFirst, shouldRestart, type RuntimePodStatus, type SyncFailure } from '../container/runtime';

export type PodPhase = 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';

const isSidecar = (c: any) => c?.restartPolicy === 'Always';

/**
 * upstream: kubelet_pods.go getPhase. `podIsTerminal` is true when the kubelet has stopped the
 * pod for good (deletion, eviction): then an all-stopped pod ends Succeeded or Failed.
 */
export function getPhase(pod: any, allStatus: any[], podIsTerminal: boolean): PodPhase {
  const spec = pod.spec ?? {};
  let pendingRestartableInit = 0;
  let pendingRegularInit = 0;
  let failedInitialization = 0;
  for (const c of spec.initContainers ?? []) {
    const s = allStatus.find((x) => x.name === c.name);
    if (isSidecar(c)) {
      if (!s) continue; // upstream counts it unknown only for regular containers' phase below
      if (s.state?.running) {
        if (!s.started) pendingRestartableInit++;
      } else if (s.state?.waiting && !s.lastState?.terminated) pendingRestartableInit++;
      continue;
    }
    if (!s) {
      pendingRegularInit++;
      continue;
    }
    if (s.state?.running) pendingRegularInit++;
    else if (s.state?.terminated) {
      if (s.state.terminated.exitCode !== 0) failedInitialization++;
    } else if (s.state?.waiting) {
      const last = s.lastState?.terminated;
      if (last && last.exitCode !== 0) failedInitialization++;
      else if (!last) pendingRegularInit++;
    } else pendingRegularInit++;
  }
  let unknown = 0, running = 0, waiting = 0, stopped = 0, succeeded = 0;
  for (const c of spec.containers ?? []) {
    const s = allStatus.find((x) => x.name === c.name);
    if (!s) {
      unknown++;
      continue;
    }
    if (s.state?.running) running++;
    else if (s.state?.terminated) {
      stopped++;
      if (s.state.terminated.exitCode === 0) succeeded++;
    } else if (s.state?.waiting) {
      if (s.lastState?.terminated) stopped++;
      else waiting++;
    } else unknown++;
  }
  if (failedInitialization > 0 && spec.restartPolicy === 'Never') return 'Failed';
  const regularStarted = (spec.containers ?? []).some((c: any) => {
    const s = allStatus.find((x) => x.name === c.name);
    return s && (s.state?.running || s.state?.terminated || s.lastState?.terminated);
  });
  if (pendingRegularInit > 0 || (pendingRestartableInit > 0 && !regularStarted)) return 'Pending';
  if (waiting > 0) return 'Pending';
  if (running > 0 && unknown === 0) return 'Running';
  if (running === 0 && stopped > 0 && unknown === 0) {
    if (podIsTerminal) return stopped === succeeded ? 'Succeeded' : 'Failed';
    if (spec.restartPolicy === 'Always') return 'Running';
    if (stopped === succeeded) return 'Succeeded';
    if (spec.restartPolicy === 'Never') return 'Failed';
    return 'Running';
  }
  return 'Pending';
}

export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason?: string;
  message?: string;
}

/** upstream: status/generate.go GenerateContainersReadyCondition */
export function containersReadyCondition(pod: any, statuses: any[], phase: PodPhase): Condition {
  if (statuses.length === 0 && (pod.spec?.containers ?? []).length > 0) return { type: 'ContainersReady', status: 'False', reason: 'UnknownContainerStatuses' };
  const unknown: string[] = [];
  const unready: string[] = [];
  const expected = [...(pod.spec?.initContainers ?? []).filter(isSidecar), ...(pod.spec?.containers ?? [])];
  for (const c of expected) {
    const s = statuses.find((x) => x.name === c.name);
    if (!s) unknown.push(c.name);
    else if (!s.ready) unready.push(c.name);
  }
  if (phase === 'Succeeded' && unknown.length === 0) return { type: 'ContainersReady', status: 'False', reason: 'PodCompleted' };
  if (phase === 'Failed' && unknown.length === 0) return { type: 'ContainersReady', status: 'False', reason: 'PodFailed' };
  const msgs: string[] = [];
  if (unknown.length) msgs.push(`containers with unknown status: [${unknown.join(' ')}]`);
  if (unready.length) msgs.push(`containers with unready status: [${unready.join(' ')}]`);
  if (msgs.length) return { type: 'ContainersReady', status: 'False', reason: 'ContainersNotReady', message: msgs.join(', ') };
  return { type: 'ContainersReady', status: 'True' };
}

/** upstream: status/generate.go GeneratePodReadyCondition (readiness gates not simulated yet). */
export function podReadyCondition(containersReady: Condition): Condition {
  if (containersReady.status !== 'True') return { ...containersReady, type: 'Ready' };
  return { type: 'Ready', status: 'True' };
}

/** upstream: status/generate.go GeneratePodInitializedCondition */
export function initializedCondition(pod: any, initStatuses: any[], statuses: any[], phase: PodPhase): Condition {
  const inits = pod.spec?.initContainers ?? [];
  if (inits.length === 0) return { type: 'Initialized', status: 'True' };
  if (phase === 'Succeeded') return { type: 'Initialized', status: 'True', reason: 'PodCompleted' };
  if (statuses.some((s) => s.state?.running || s.state?.terminated || s.lastState?.terminated)) return { type: 'Initialized', status: 'True' };
  const incomplete: string[] = [];
  for (const c of inits) {
    const s = initStatuses.find((x) => x.name === c.name);
    const done = isSidecar(c) ? !!s?.started : !!s && (s.ready || s.state?.terminated?.exitCode === 0);
    if (!done) incomplete.push(c.name);
  }
  if (incomplete.length === 0) return { type: 'Initialized', status: 'True' };
  return { type: 'Initialized', status: 'False', reason: 'ContainersNotInitialized', message: `containers with incomplete status: [${incomplete.join(' ')}]` };
}

/** upstream: status/generate.go GeneratePodReadyToStartContainersCondition: True once a ready sandbox with its network exists. */
export function readyToStartContainersCondition(runtime: RuntimePodStatus | undefined): Condition {
  const sb = runtime?.sandboxes[0];
  return { type: 'PodReadyToStartContainers', status: sb?.state === 'SANDBOX_READY' ? 'True' : 'False' };
}

function terminatedState(c: ContainerStatus): any {
  return {
    terminated: {
      exitCode: c.exitCode,
      reason: c.reason || (c.exitCode === 0 ? 'Completed' : 'Error'),
      ...(c.message ? { message: c.message } : {}),
      startedAt: c.startedAt ? timestamp(c.startedAt) : null,
      finishedAt: timestamp(c.finishedAt),
      containerID: `containerd://${c.id}`
    }
  };
}

/**
 * One API container status per spec container. upstream: kubelet_pods.go
 * convertToAPIContainerStatuses: no runtime status -> waiting ContainerCreating (PodInitializing
 * with init containers); an exited container that will be restarted shows the last sync's
 * failure (CrashLoopBackOff) as waiting, with the exit as lastState.
 */
export function containerStatuses(pod: any, specContainers: any[], runtime: RuntimePodStatus | undefined, failures: Map<string, SyncFailure>, defaultWaiting: string, isInit: boolean): any[] {
  return specContainers.map((c) => {
    const mine = sortNewestFirst((runtime?.containers ?? []).filter((x) => x.metadata.name === c.name));
    const [cur, prev] = mine;
    const failure = failures.get(c.name);
    const base: any = { name: c.name, image: c.image, imageID: '', ready: false, restartCount: 0, started: false, state: {}, lastState: {} };
    if (!cur) {
      base.state = { waiting: failure ?? { reason: defaultWaiting } };
      return base;
    }
    base.imageID = cur.imageRef;
    base.containerID = `containerd://${cur.id}`;
    base.restartCount = cur.metadata.attempt;
    if (prev && prev.state === 'CONTAINER_EXITED') base.lastState = terminatedState(prev);
    switch (cur.state) {
      case 'CONTAINER_RUNNING':
        base.state = { running: { startedAt: timestamp(cur.startedAt) } };
        // A running (non-sidecar) init container is not ready: it is ready once it exits 0. upstream: prober_manager.go UpdatePodStatus.
        base.ready = !isInit || isSidecar(c);
        base.started = true;
        break;
      case 'CONTAINER_EXITED': {
        const restartPolicy = isInit && !isSidecar(c) ? (pod.spec?.restartPolicy === 'Never' ? 'Never' : 'OnFailure') : isSidecar(c) ? 'Always' : pod.spec?.restartPolicy;
        if (failure && shouldRestart(restartPolicy, cur.exitCode)) {
          base.state = { waiting: failure };
          base.lastState = terminatedState(cur);
        } else {
          base.state = terminatedState(cur);
          // an init container that finished successfully counts as ready. upstream: convertToAPIContainerStatuses
          if (isInit && cur.exitCode === 0) base.ready = true;
        }
        break;
      }
      default:
        base.state = { waiting: failure ?? { reason: defaultWaiting } };
    }
    return base;
  });
}

/**
 * The ephemeral containers' statuses (kubectl debug): converted as the regular ones, never ready,
 * and without `started` (the prober does not set it for them); they do not count for the phase or
 * the conditions. upstream: kubelet_pods.go generateAPIPodStatus (EphemeralContainerStatuses)
 */
function ephemeralStatuses(pod: any, ephemeral: any[], runtime: RuntimePodStatus | undefined, failures: Map<string, SyncFailure>, hasInit: boolean): any[] {
  return containerStatuses(pod, ephemeral, runtime, failures, hasInit ? 'PodInitializing' : 'ContainerCreating', false).map((s) => {
    const { started: _started, ...rest } = s;
    return { ...rest, ready: false };
  });
}

export interface GenerateInput {
  pod: any;
  runtime: RuntimePodStatus | undefined;
  failures: Map<string, SyncFailure>;
  hostIP: string;
  now: number;
  /** The kubelet is stopping the pod for good. */
  terminal: boolean;
  /** Sets `started` / `ready` from the probe results. upstream: generateAPIPodStatus -> probeManager.UpdatePodStatus */
  updatePodStatus?: (pod: any, statuses: any[], initStatuses: any[]) => void;
}

/** upstream: kubelet_pods.go generateAPIPodStatus */
export function generateAPIPodStatus({ pod, runtime, failures, hostIP, now, terminal, updatePodStatus }: GenerateInput): any {
  const old = pod.status ?? {};
  const hasInit = (pod.spec?.initContainers ?? []).length > 0;
  const initStatuses = containerStatuses(pod, pod.spec?.initContainers ?? [], runtime, failures, 'PodInitializing', true);
  const statuses = containerStatuses(pod, pod.spec?.containers ?? [], runtime, failures, hasInit ? 'PodInitializing' : 'ContainerCreating', false);
  updatePodStatus?.(pod, statuses, initStatuses);
  let phase = getPhase(pod, [...initStatuses, ...statuses], terminal);
  // A terminal phase is never left. upstream: generateAPIPodStatus "ensure a pod never leaves a terminal phase"
  if (old.phase === 'Succeeded' || old.phase === 'Failed') phase = old.phase;
  // upstream: generateAPIPodStatus "preserve the reason and message which is associated with the phase" (Evicted, admission rejections).
  const reason = phase === old.phase && old.reason ? { reason: old.reason, ...(old.message ? { message: old.message } : {}) } : {};
  const containersReady = containersReadyCondition(pod, statuses, phase);
  const fresh: Condition[] = [
    readyToStartContainersCondition(runtime),
    initializedCondition(pod, initStatuses, statuses, phase),
    podReadyCondition(containersReady),
    containersReady
  ];
  const kubeletOwned = new Set(fresh.map((c) => c.type));
  const scheduled = (old.conditions ?? []).find((c: any) => c.type === 'PodScheduled') ?? { type: 'PodScheduled', status: 'True' };
  const others = (old.conditions ?? []).filter((c: any) => !kubeletOwned.has(c.type) && c.type !== 'PodScheduled');
  const conditions = [...fresh, scheduled, ...others].map((c: any) => {
    const prev = (old.conditions ?? []).find((p: any) => p.type === c.type);
    const same = prev && prev.status === c.status;
    return { type: c.type, status: c.status, lastProbeTime: null, lastTransitionTime: same && prev.lastTransitionTime ? prev.lastTransitionTime : c.lastTransitionTime ?? timestamp(now), ...(c.reason ? { reason: c.reason } : {}), ...(c.message ? { message: c.message } : {}) };
  });
  const ephemeral: any[] = pod.spec?.ephemeralContainers ?? [];
  const sb = runtime?.sandboxes[0];
  const podIP = sb?.network.ip || (pod.spec?.hostNetwork ? hostIP : '') || old.podIP || '';
  const status: any = {
    phase,
    ...reason,
    conditions,
    hostIP,
    hostIPs: [{ ip: hostIP }],
    ...(podIP ? { podIP, podIPs: [{ ip: podIP }] } : {}),
    startTime: old.startTime ?? timestamp(now),
    ...(hasInit ? { initContainerStatuses: initStatuses } : {}),
    containerStatuses: statuses,
    ...(ephemeral.length > 0 ? { ephemeralContainerStatuses: ephemeralStatuses(pod, ephemeral, runtime, failures, hasInit) } : {}),
    ...(old.qosClass ? { qosClass: old.qosClass } : {})
  };
  return status;
}

/** Whether two statuses differ in anything but condition timestamps already equal. upstream: status_manager.go isPodStatusByKubeletEqual */
export function podStatusEqual(a: any, b: any): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
