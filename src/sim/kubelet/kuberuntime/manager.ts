/**
 * The kubelet's runtime manager: reads a pod's state from the CRI (GetPodStatus), drives it
 * towards the spec (SyncPod: sandbox, then init containers one at a time, then regular ones,
 * each pull -> create -> start) and stops it (KillPod). Every step is a CRI call answered later
 * in virtual time, so everything here is callback-driven.
 * upstream: pkg/kubelet/kuberuntime/kuberuntime_manager.go (GetPodStatus, SyncPod, KillPod,
 * doBackOff), kuberuntime_container.go (startContainer, killContainer),
 * kuberuntime_sandbox.go (createPodSandbox, generatePodSandboxConfig)
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { runHandler } from '../lifecycle/handlers';
import type { SimClock } from '../../kernel/clock';
import { formatDuration } from '../../kernel/clock';
import type { EventRecorder } from '../../client/events';
import type { ContainerRuntime } from '../../node/cri/runtime';
import type { ContainerConfig, ContainerStatus, PodSandboxConfig, PodSandboxStatus } from '../../node/cri/types';
import { cgroupPath, podCgroupName, podQOS, type CgroupDriver } from '../cm/cgroups';
import { Backoff } from '../container/backoff';
import {
  CONTAINER_NAME_LABEL,
  ErrCrashLoopBackOff,
  ErrCreateContainer,
  ErrRunContainer,
  formatPod,
  grpcErrorMessage,
  POD_NAME_LABEL,
  POD_NAMESPACE_LABEL,
  POD_UID_LABEL,
  sortNewestFirst,
  type RuntimePodStatus,
  type SyncFailure
} from '../container/runtime';
import type { ImageManager } from '../images/image-manager';
import { computePodActions, type ContainerToKill, type ProbeResults } from './pod-actions';
import { linuxContainerSecurityContext, verifyRunAsNonRoot } from './security-context';
import { expandCommandAndArgs, makeEnvironmentVariables, makeMounts, podDNSConfig, type ContainerConfigSources } from './container-config';

/** upstream: pkg/kubelet/kuberuntime/kuberuntime_container.go ErrCreateContainerConfig. */
export const ErrCreateContainerConfig = 'CreateContainerConfigError';

/** upstream: kuberuntime_container.go minimumGracePeriodInSeconds */
export const MINIMUM_GRACE_PERIOD_SECONDS = 2;

export interface SyncResult {
  failures: Map<string, SyncFailure>;
  /** The virtual time a back-off ends and the pod should be synced again. */
  requeueAt?: number;
}

/** Runs `n` callback-style jobs and calls `done` once all have answered (at once when n is 0). */
function join(n: number, done: () => void): () => void {
  let left = n;
  if (left === 0) done();
  return () => {
    if (--left === 0) done();
  };
}

export function generatePodSandboxConfig(pod: any, attempt: number, cgroupDriver?: CgroupDriver): PodSandboxConfig {
  const md = pod.metadata;
  return {
    // upstream: kuberuntime_sandbox.go generatePodSandboxLinuxConfig: CgroupParent = runtimeHelper.GetPodCgroupParent(pod).
    ...(cgroupDriver ? { cgroupParent: cgroupPath(podCgroupName(podQOS(pod), md.uid), cgroupDriver) } : {}),
    metadata: { name: md.name, namespace: md.namespace ?? 'default', uid: md.uid, attempt },
    hostname: pod.spec?.hostname ?? md.name,
    logDirectory: `/var/log/pods/${md.namespace}_${md.name}_${md.uid}`,
    labels: { ...(md.labels ?? {}), [POD_NAME_LABEL]: md.name, [POD_NAMESPACE_LABEL]: md.namespace ?? 'default', [POD_UID_LABEL]: md.uid },
    annotations: { ...(md.annotations ?? {}) },
    hostNetwork: !!pod.spec?.hostNetwork,
    ...dnsAndSubdomain(pod)
  };
}

/** The sandbox's DNS config and spec.subdomain (for the managed /etc/hosts). */
function dnsAndSubdomain(pod: any): Pick<PodSandboxConfig, 'dnsConfig' | 'subdomain'> {
  const dnsConfig = podDNSConfig(pod);
  return { ...(dnsConfig ? { dnsConfig } : {}), ...(pod.spec?.subdomain ? { subdomain: pod.spec.subdomain } : {}) };
}

/** The back-off key of a container. upstream: kuberuntime_manager.go getStableKey (name_namespace_uid_container). */
export function containerBackOffKey(pod: any, containerName: string): string {
  return `${pod.metadata.name}_${pod.metadata.namespace}_${pod.metadata.uid}_${containerName}`;
}

export class KubeGenericRuntimeManager {
  readonly backOff = new Backoff();

  /** The kubelet's cgroupDriver, which spells the pods' cgroup parents (cm/cgroups.ts). */
  cgroupDriver?: CgroupDriver;
  /** KubeletConfiguration seccompDefault: RuntimeDefault for containers that ask for no seccomp profile. */
  seccompDefault = false;

  /** The prober's liveness and startup results (prober/): a failed container is killed and restarted. */
  probeResults?: ProbeResults;
  /** kubelet_started_containers_total and _errors_total, when the kubelet keeps metrics. */
  metrics?: { podStarting(): void; containerStarting(containerType: string): void; containerStartFailed(containerType: string, code: string): void };
  /** The kubelet's journal (its klog lines), when it keeps one. */
  log?: (severity: 'I' | 'W' | 'E', source: string, msg: string, kv?: Record<string, unknown>) => void;

  constructor(
    readonly runtime: ContainerRuntime,
    readonly images: ImageManager,
    readonly recorder: EventRecorder,
    readonly clock: SimClock,
    /** Where env and mounts come from (the kubelet's caches and volume manager); none: only literal env values. */
    readonly configSources?: ContainerConfigSources
  ) {}

  /** upstream: kuberuntime_manager.go GetPodStatus: sandboxes and containers by the pod-uid label. */
  getPodStatus(uid: string, name: string, namespace: string, cb: (s: RuntimePodStatus) => void): void {
    const out: RuntimePodStatus = { uid, name, namespace, sandboxes: [], containers: [] };
    const selector = { [POD_UID_LABEL]: uid };
    this.runtime.ListPodSandbox({ labelSelector: selector }, (sbs) => {
      this.runtime.ListContainers({ labelSelector: selector }, (cs) => {
        const sandboxes = sbs.ok ? [...sbs.value].sort((a, b) => b.createdAt - a.createdAt) : [];
        // Only the newest sandbox and the two newest containers per name matter for the status (state and lastState).
        const wanted: string[] = [];
        if (cs.ok) {
          const grouped = new Map<string, (typeof cs.value)[number][]>();
          for (const c of cs.value) grouped.set(c.metadata.name, [...(grouped.get(c.metadata.name) ?? []), c]);
          for (const list of grouped.values()) {
            list.sort((a, b) => b.createdAt - a.createdAt || b.metadata.attempt - a.metadata.attempt);
            wanted.push(...list.slice(0, 2).map((c) => c.id));
          }
        }
        const done = join(wanted.length + (sandboxes[0] ? 1 : 0), () => {
          out.containers = sortNewestFirst(out.containers);
          cb(out);
        });
        if (sandboxes[0]) {
          this.runtime.PodSandboxStatus(sandboxes[0].id, (r) => {
            if (r.ok) out.sandboxes = [r.value as PodSandboxStatus];
            done();
          });
        }
        for (const id of wanted) {
          this.runtime.ContainerStatus(id, (r) => {
            if (r.ok) out.containers.push(r.value as ContainerStatus);
            done();
          });
        }
      });
    });
  }

  /** upstream: kuberuntime_manager.go SyncPod */
  syncPod(pod: any, status: RuntimePodStatus, cb: (r: SyncResult) => void): void {
    const actions = computePodActions(pod, status, this.probeResults);
    const result: SyncResult = { failures: new Map() };
    const config = generatePodSandboxConfig(pod, actions.attempt, this.cgroupDriver);
    const requeue = (t: number | undefined) => {
      if (t !== undefined && (result.requeueAt === undefined || t < result.requeueAt)) result.requeueAt = t;
    };
    const startAll = (sandboxId: string) => {
      const specs: { c: any; fieldPath: string }[] = [];
      // Step 5 before the init and regular containers: the ephemeral containers (kubectl debug).
      for (const i of actions.ephemeralContainersToStart ?? []) specs.push({ c: pod.spec.ephemeralContainers[i], fieldPath: `spec.ephemeralContainers{${pod.spec.ephemeralContainers[i].name}}` });
      if (actions.nextInitContainer !== undefined) {
        const c = pod.spec.initContainers[actions.nextInitContainer];
        specs.push({ c, fieldPath: `spec.initContainers{${c.name}}` });
      }
      for (const i of actions.containersToStart) specs.push({ c: pod.spec.containers[i], fieldPath: `spec.containers{${pod.spec.containers[i].name}}` });
      const next = (k: number) => {
        if (k >= specs.length) return cb(result);
        this.#startContainer(pod, specs[k].c, specs[k].fieldPath, sandboxId, config, status, result, requeue, () => next(k + 1));
      };
      next(0);
    };
    if (!actions.createSandbox) {
      const sandboxId = actions.sandboxId;
      if (sandboxId) this.#killContainers(pod, actions.containersToKill ?? [], () => startAll(sandboxId));
      else cb(result);
      return;
    }
    // upstream: kuberuntime_manager.go SyncPod: StartedPodsTotal before createPodSandbox.
    this.metrics?.podStarting();
    this.runtime.RunPodSandbox(config, (r) => {
      if (!r.ok) {
        // upstream: kuberuntime_manager.go SyncPod: FailedCreatePodSandBox, retried at the next sync.
        this.recorder.event(pod, 'Warning', 'FailedCreatePodSandBox', `Failed to create pod sandbox: ${grpcErrorMessage(r.error)}`);
        // upstream: cri-client log.go, pod_workers.go: the error as journalctl shows it.
        const podDesc = formatPod(pod);
        this.log?.('E', 'log.go:32', 'RunPodSandbox from runtime service failed', { err: grpcErrorMessage(r.error) });
        this.log?.('E', 'pod_workers.go:1301', 'Error syncing pod, skipping', {
          err: `failed to "CreatePodSandbox" for "${podDesc}" with CreatePodSandboxError: "Failed to create sandbox for pod \\"${podDesc}\\": ${grpcErrorMessage(r.error).replace(/"/g, '\\"')}"`,
          pod: `${pod.metadata.namespace}/${pod.metadata.name}`,
          podUID: pod.metadata.uid
        });
        requeue(this.clock.now() + 10_000);
        return cb(result);
      }
      startAll(r.value);
    });
  }

  /** upstream: kuberuntime_container.go startContainer, preceded by kuberuntime_manager.go doBackOff */
  #startContainer(pod: any, c: any, fieldPath: string, sandboxId: string, config: PodSandboxConfig, status: RuntimePodStatus, result: SyncResult, requeue: (t: number | undefined) => void, done: () => void): void {
    const event = (type: 'Normal' | 'Warning', reason: string, message: string) => this.recorder.event(pod, type, reason, message, fieldPath);
    const prev = sortNewestFirst(status.containers.filter((x) => x.metadata.name === c.name))[0];
    const now = this.clock.now();
    if (prev && prev.state === 'CONTAINER_EXITED') {
      const key = containerBackOffKey(pod, c.name);
      if (this.backOff.isInBackOffSince(key, prev.finishedAt, now)) {
        event('Warning', 'BackOff', `Back-off restarting failed container ${c.name} in pod ${formatPod(pod)}`);
        result.failures.set(c.name, { reason: ErrCrashLoopBackOff, message: `back-off ${formatDuration(this.backOff.get(key))} restarting failed container=${c.name} pod=${formatPod(pod)}` });
        // upstream requeues a failed sync after backOffPeriod (10 s, jittered up to 15 s) and restarts at the first
        // sync past the back-off; the simulation syncs exactly when the back-off ends, so restarts land on 10/20/40 s.
        requeue(prev.finishedAt + this.backOff.get(key));
        return done();
      }
      this.backOff.next(key, now);
    }
    // upstream: kuberuntime_manager.go SyncPod's start(): an attempt is counted once past the back-off, its failure by error code.
    const containerType = fieldPath.startsWith('spec.initContainers') ? 'init_container' : fieldPath.startsWith('spec.ephemeralContainers') ? 'ephemeral_container' : 'container';
    this.metrics?.containerStarting(containerType);
    const finish = done;
    done = () => {
      const failure = result.failures.get(c.name);
      if (failure) this.metrics?.containerStartFailed(containerType, failure.reason);
      finish();
    };
    this.images.ensureImageExists(pod, c, fieldPath, config, (img) => {
      if (!img.ok) {
        event('Warning', 'Failed', `Error: ${img.reason}`);
        result.failures.set(c.name, { reason: img.reason, message: img.message });
        requeue(this.images.backOff.expiresAt(`${pod.metadata.uid}_${c.image}`));
        return done();
      }
      // upstream: kuberuntime_container.go generateContainerConfig -> kubelet_pods.go GenerateRunContainerOptions.
      const env = this.configSources ? makeEnvironmentVariables(pod, c, this.configSources) : { ok: true as const, envs: (c.env ?? []).filter((e: any) => e.value !== undefined).map((e: any) => ({ key: e.name, value: String(e.value) })) };
      if (!env.ok) {
        event('Warning', 'Failed', `Error: ${env.message}`);
        result.failures.set(c.name, { reason: ErrCreateContainerConfig, message: env.message });
        requeue(this.clock.now() + 10_000);
        return done();
      }
      // upstream: kuberuntime_container.go generateContainerConfig: getImageUser, then verifyRunAsNonRoot.
      const nonRoot = verifyRunAsNonRoot(pod, c, img.uid, img.username);
      if (nonRoot) {
        event('Warning', 'Failed', `Error: ${nonRoot}`);
        result.failures.set(c.name, { reason: ErrCreateContainerConfig, message: nonRoot });
        requeue(this.clock.now() + 10_000);
        return done();
      }
      const containerConfig: ContainerConfig = {
        metadata: { name: c.name, attempt: prev ? prev.metadata.attempt + 1 : 0 },
        image: img.image,
        ...expandCommandAndArgs(c, env.envs),
        ...(c.workingDir ? { workingDir: c.workingDir } : {}),
        envs: env.envs,
        ...(this.configSources ? { mounts: makeMounts(pod, c, this.configSources) } : {}),
        labels: { [POD_NAME_LABEL]: pod.metadata.name, [POD_NAMESPACE_LABEL]: pod.metadata.namespace, [POD_UID_LABEL]: pod.metadata.uid, [CONTAINER_NAME_LABEL]: c.name },
        logPath: `${c.name}/${prev ? prev.metadata.attempt + 1 : 0}.log`,
        // upstream: kuberuntime_container.go generateContainerConfig: Stdin, StdinOnce, Tty from the spec
        ...(c.stdin ? { stdin: true } : {}),
        ...(c.stdinOnce ? { stdinOnce: true } : {}),
        ...(c.tty ? { tty: true } : {}),
        linux: { securityContext: linuxContainerSecurityContext(pod, c, img.uid, img.username, this.seccompDefault) }
      };
      this.runtime.CreateContainer(sandboxId, containerConfig, config, (created) => {
        if (!created.ok) {
          event('Warning', 'Failed', `Error: ${grpcErrorMessage(created.error)}`);
          result.failures.set(c.name, { reason: ErrCreateContainer, message: grpcErrorMessage(created.error) });
          requeue(this.clock.now() + 10_000);
          return done();
        }
        // upstream v1.32 kuberuntime_container.go startContainer: "Created container: %v" (older releases: "Created container %v").
        event('Normal', 'Created', `Created container: ${c.name}`);
        this.runtime.StartContainer(created.value, (started) => {
          if (!started.ok) {
            event('Warning', 'Failed', `Error: ${grpcErrorMessage(started.error)}`);
            result.failures.set(c.name, { reason: ErrRunContainer, message: grpcErrorMessage(started.error) });
            requeue(this.clock.now() + 10_000);
            return done();
          }
          event('Normal', 'Started', `Started container ${c.name}`);
          // Step 4: the postStart hook; the container is not counted as started until it returns.
          if (!c.lifecycle?.postStart) return done();
          runHandler(this.runtime, this.clock, pod, c, created.value, c.lifecycle.postStart, terminationGracePeriod(pod, c), (msg) => {
            if (msg === undefined) return done();
            event('Warning', 'FailedPostStartHook', msg);
            // upstream: killContainer(..., "FailedPostStartHook", reasonFailedPostStartHook): the Killing event's message is the reason.
            event('Normal', 'Killing', 'FailedPostStartHook');
            this.runtime.StopContainer(created.value, Math.max(MINIMUM_GRACE_PERIOD_SECONDS, terminationGracePeriod(pod, c)), () => {
              result.failures.set(c.name, { reason: 'PostStartHookError', message: msg });
              done();
            });
          });
        });
      });
    });
  }

  /**
   * Stops every running container (in parallel, each with the grace period: the stop signal, then
   * SIGKILL), then the sandbox (CNI DEL). upstream: kuberuntime_manager.go KillPod / killPodWithSyncResult,
   * kuberuntime_container.go killContainer (event Killing "Stopping container <name>").
   */
  killPod(pod: any, status: RuntimePodStatus, gracePeriodSeconds: number, cb: () => void): void {
    const grace = Math.max(MINIMUM_GRACE_PERIOD_SECONDS, gracePeriodSeconds);
    const running = status.containers.filter((c) => c.state === 'CONTAINER_RUNNING' || c.state === 'CONTAINER_CREATED');
    const stopSandboxes = () => {
      const sandboxes = status.sandboxes.filter((s) => s.state === 'SANDBOX_READY');
      const done = join(sandboxes.length, cb);
      for (const s of sandboxes) this.runtime.StopPodSandbox(s.id, () => done());
    };
    const done = join(running.length, stopSandboxes);
    for (const c of running) {
      const fieldPath = this.#fieldPath(pod, c.metadata.name);
      if (pod.metadata?.uid) this.recorder.event(pod, 'Normal', 'Killing', `Stopping container ${c.metadata.name}`, fieldPath);
      this.#preStopThenStop(pod, c.id, c.metadata.name, grace, fieldPath, () => done());
    }
  }

  /**
   * Kills the containers that failed a probe (in parallel), each with the grace period
   * setTerminationGracePeriod gives it, recording Killing with the reason's message.
   * upstream: kuberuntime_manager.go SyncPod step 3, kuberuntime_container.go killContainer
   */
  #killContainers(pod: any, kills: ContainerToKill[], cb: () => void): void {
    const done = join(kills.length, cb);
    for (const k of kills) {
      const spec = k.init ? pod.spec.initContainers[k.index] : pod.spec.containers[k.index];
      this.recorder.event(pod, 'Normal', 'Killing', k.message, k.init ? `spec.initContainers{${k.name}}` : `spec.containers{${k.name}}`);
      const fieldPath = k.init ? `spec.initContainers{${k.name}}` : `spec.containers{${k.name}}`;
      this.#preStopThenStop(pod, k.containerId, k.name, terminationGracePeriod(pod, spec, k.reason), fieldPath, () => done());
    }
  }

  /**
   * killContainer: the preStop hook first (bounded by the grace period, which it uses up), then
   * StopContainer with what is left, at least 2 s. upstream: kuberuntime_container.go
   * killContainer, executePreStopHook (FailedPreStopHook on error).
   */
  #preStopThenStop(pod: any, containerId: string, name: string, graceSeconds: number, fieldPath: string | undefined, done: () => void): void {
    const spec = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])].find((c: any) => c.name === name);
    const stop = (grace: number) => this.runtime.StopContainer(containerId, Math.max(MINIMUM_GRACE_PERIOD_SECONDS, grace), () => done());
    if (!spec?.lifecycle?.preStop || graceSeconds <= 0) return stop(graceSeconds);
    const t0 = this.clock.now();
    let finished = false;
    const proceed = () => {
      if (finished) return;
      finished = true;
      stop(graceSeconds - Math.floor((this.clock.now() - t0) / 1000));
    };
    // The hook runs until it returns or the grace period is over, whichever is first.
    const timer = this.clock.after(graceSeconds * 1000, proceed);
    runHandler(this.runtime, this.clock, pod, spec, containerId, spec.lifecycle.preStop, graceSeconds, (msg) => {
      if (finished) return;
      this.clock.cancel(timer);
      if (msg !== undefined) this.recorder.event(pod, 'Warning', 'FailedPreStopHook', msg, fieldPath);
      proceed();
    });
  }

  /** Removes the pod's sandboxes (and with them its containers). upstream: kuberuntime_gc.go / RemovePodSandbox */
  removePod(status: RuntimePodStatus, cb: () => void): void {
    const done = join(status.sandboxes.length, cb);
    for (const s of status.sandboxes) this.runtime.RemovePodSandbox(s.id, () => done());
  }

  #fieldPath(pod: any, name: string): string | undefined {
    if ((pod.spec?.initContainers ?? []).some((c: any) => c.name === name)) return `spec.initContainers{${name}}`;
    if ((pod.spec?.containers ?? []).some((c: any) => c.name === name)) return `spec.containers{${name}}`;
    if ((pod.spec?.ephemeralContainers ?? []).some((c: any) => c.name === name)) return `spec.ephemeralContainers{${name}}`;
    return undefined;
  }
}

/**
 * The grace period of a container killed for a reason: the deletion's, else the probe's own
 * terminationGracePeriodSeconds for a probe failure, else the pod's (default 30 s).
 * upstream: kuberuntime_container.go setTerminationGracePeriod
 */
export function terminationGracePeriod(pod: any, container: any, reason?: ContainerToKill['reason']): number {
  if (pod.metadata?.deletionGracePeriodSeconds !== undefined) return pod.metadata.deletionGracePeriodSeconds;
  const probe = reason === 'LivenessProbe' ? container?.livenessProbe : reason === 'StartupProbe' ? container?.startupProbe : undefined;
  if (probe?.terminationGracePeriodSeconds !== undefined) return probe.terminationGracePeriodSeconds;
  return pod.spec?.terminationGracePeriodSeconds ?? 30;
}
