/**
 * computePodActions: what the runtime manager must do to move a pod towards its spec, decided
 * from the spec and the runtime's view of the pod. Pure, table-tested.
 * upstream: pkg/kubelet/kuberuntime/kuberuntime_manager.go computePodActions, findNextInitContainerToRun;
 * kuberuntime_container.go computeInitContainerActions (sidecars: restartPolicy Always init containers)
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { sortNewestFirst, shouldRestart, type RuntimePodStatus } from '../container/runtime';

export interface PodActions {
  /** No ready sandbox: create one (with this attempt number). */
  createSandbox: boolean;
  attempt: number;
  sandboxId?: string;
  /** The init container to start next (index in spec.initContainers). */
  nextInitContainer?: number;
  /** A regular init container failed and the pod's restartPolicy is Never: nothing more starts. */
  initFailed: boolean;
  /** Indices in spec.containers to (re)start. */
  containersToStart: number[];
  /** Indices in spec.ephemeralContainers to start (once each: they are never restarted); absent when none. */
  ephemeralContainersToStart?: number[];
  /** Running containers to kill first (a failed liveness or startup probe); absent when none. */
  containersToKill?: ContainerToKill[];
}

/** upstream: kuberuntime_manager.go containerToKillInfo (reasonLivenessProbe, reasonStartupProbe). */
export interface ContainerToKill {
  containerId: string;
  name: string;
  index: number;
  message: string;
  reason: 'LivenessProbe' | 'StartupProbe';
  /** A restartable init container (sidecar): index is in spec.initContainers. */
  init?: boolean;
}

/** The cached liveness and startup results by container ID (`containerd://<id>`): prober/ results managers. */
export interface ProbeResults {
  liveness(containerID: string): string | undefined;
  startup(containerID: string): string | undefined;
}

export function computePodActions(pod: any, status: RuntimePodStatus, probes?: ProbeResults): PodActions {
  const spec = pod.spec ?? {};
  const sandbox = status.sandboxes[0];
  const actions: PodActions = { createSandbox: false, attempt: 0, initFailed: false, containersToStart: [] };
  const newest = (name: string) => sortNewestFirst(status.containers.filter((c) => c.metadata.name === name))[0];
  if (!sandbox || sandbox.state !== 'SANDBOX_READY') {
    // upstream: a pod with restartPolicy Never whose containers already ran gets no new sandbox.
    if (sandbox && spec.restartPolicy === 'Never' && status.containers.length > 0) return actions;
    actions.createSandbox = true;
    actions.attempt = sandbox ? sandbox.metadata.attempt + 1 : 0;
    if ((spec.initContainers ?? []).length > 0) actions.nextInitContainer = 0;
    else actions.containersToStart = (spec.containers ?? []).map((_: any, i: number) => i);
    return actions;
  }
  actions.sandboxId = sandbox.id;
  actions.attempt = sandbox.metadata.attempt;
  // Ephemeral containers may be started even if initialization is not yet complete; they are never restarted.
  (spec.ephemeralContainers ?? []).forEach((c: any, i: number) => {
    if (!status.containers.some((s) => s.metadata.name === c.name)) (actions.ephemeralContainersToStart ??= []).push(i);
  });
  // Init containers run one at a time, in order; the next starts once the previous exited 0.
  const inits: any[] = spec.initContainers ?? [];
  for (let i = 0; i < inits.length; i++) {
    const s = newest(inits[i].name);
    if (!s) {
      actions.nextInitContainer = i;
      return actions;
    }
    if (inits[i].restartPolicy === 'Always') {
      // A sidecar (restartable init container) counts as done once running, and is restarted whenever it exits.
      if (s.state === 'CONTAINER_RUNNING') {
        // upstream: computeInitContainerActions: a sidecar that failed its liveness probe is killed and restarted.
        if (probes && inits[i].livenessProbe && probes.liveness(`containerd://${s.id}`) === 'Failure') {
          (actions.containersToKill ??= []).push({ containerId: s.id, name: inits[i].name, index: i, init: true, message: `Init container ${inits[i].name} failed liveness probe`, reason: 'LivenessProbe' });
          actions.nextInitContainer = i;
          return actions;
        }
        continue;
      }
      if (s.state === 'CONTAINER_EXITED') {
        actions.nextInitContainer = i;
        return actions;
      }
      return actions;
    }
    if (s.state === 'CONTAINER_RUNNING' || s.state === 'CONTAINER_CREATED') return actions;
    if (s.state === 'CONTAINER_EXITED' && s.exitCode !== 0) {
      if (spec.restartPolicy === 'Never') {
        actions.initFailed = true;
        return actions;
      }
      actions.nextInitContainer = i;
      return actions;
    }
  }
  (spec.containers ?? []).forEach((c: any, i: number) => {
    const s = newest(c.name);
    if (!s) actions.containersToStart.push(i);
    else if (s.state === 'CONTAINER_EXITED' && shouldRestart(spec.restartPolicy, s.exitCode)) actions.containersToStart.push(i);
    else if (s.state === 'CONTAINER_RUNNING' && probes) {
      // upstream: computePodActions: a running container that failed its liveness (or startup) probe is killed,
      // and restarted unless the pod's restartPolicy is Never (shouldRestartOnFailure).
      const id = `containerd://${s.id}`;
      const kill = probes.liveness(id) === 'Failure' ? 'liveness' : probes.startup(id) === 'Failure' ? 'startup' : undefined;
      if (!kill) return;
      const restart = spec.restartPolicy !== 'Never';
      const message = `Container ${c.name} failed ${kill} probe${restart ? ', will be restarted' : ''}`;
      if (restart) actions.containersToStart.push(i);
      (actions.containersToKill ??= []).push({ containerId: s.id, name: c.name, index: i, message, reason: kill === 'liveness' ? 'LivenessProbe' : 'StartupProbe' });
    }
  });
  return actions;
}
