/**
 * The kubelet's resource managers wired to one kubelet process: the container manager (pod
 * cgroups, container limits in the node's kernel) fed after every pod sync, and the eviction
 * manager with its view of the active pods and its way to kill one (the status manager gets the
 * Evicted status, the pod worker kills the pod with the eviction's grace period).
 * upstream: pkg/kubelet/kubelet.go (NewMainKubelet: containerManager, evictionManager,
 * killPodNow; initializeRuntimeDependentModules: evictionManager.Start), pkg/kubelet/pod_workers.go
 * (killPodNow: UpdatePod with SyncPodKill and KillPodOptions).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { timestamp, type SimClock } from '../../kernel/clock';
import type { TraceInput } from '../../kernel/trace';
import type { EventRecorder } from '../../client/events';
import { parseQuantity } from '../../api/quantity';
import { nodeOSFor, type NodeOS } from '../../node/os/node-os';
import type { ContainerRuntime } from '../../node/cri/runtime';
import type { KubeletPods } from '../kubelet-pods';
import type { KubeletConfiguration } from '../config/config';
import { EvictionManager } from '../eviction/eviction-manager';
import type { NodeConditionType } from '../eviction/helpers';
import { ContainerManager } from './container-manager';
import { CPUManager } from './cpumanager/cpu-manager';
import { milli } from './cgroups';
import { parseDuration } from '../../kernel/clock';
import type { ContainerGC } from '../container/gc';
import type { ImageGCManager } from '../images/image-gc-manager';
import type { Severity } from '../logs/journal';

export interface NodeResourcesDeps {
  node: string;
  capacity: { memory: string; ephemeralStorage: string; cpu?: string };
  clock: SimClock;
  trace: (e: TraceInput) => void;
  config: KubeletConfiguration;
  runtime: ContainerRuntime;
  recorder: EventRecorder;
  pods: KubeletPods;
  onConditions: (conditions: Set<NodeConditionType>) => void;
  /** The kubelet's container and image collectors (kubelet-gc.ts): the eviction manager's node-level reclaim. */
  gc?: { containers: ContainerGC; images: ImageGCManager };
  /** kubelet_evictions: a pod was evicted for this signal. */
  evicted?: (signal: string) => void;
  /** A klog line in the node's journal. */
  log?: (severity: Severity, source: string, msg: string, kv?: Record<string, unknown>) => void;
}

export interface NodeResources {
  os: NodeOS;
  cm: ContainerManager;
  cpu: CPUManager;
  eviction: EvictionManager;
  stop(): void;
}

const terminal = (phase: string | undefined) => phase === 'Succeeded' || phase === 'Failed';

export function startNodeResources(d: NodeResourcesDeps): NodeResources {
  const os = nodeOSFor(d.runtime, d.clock, d.trace);
  os.capacity = { memoryBytes: Number(parseQuantity(d.capacity.memory).value()), diskBytes: Number(parseQuantity(d.capacity.ephemeralStorage).value()) };
  const nodeFS = d.runtime.nodeFS;
  const cpu = new CPUManager(d.config, Math.max(1, Math.floor(milli(d.capacity.cpu ?? '1') / 1000)), {
    read: (path) => {
      const t = nodeFS.read(path);
      return t === 'ENOENT' || t === 'EISDIR' ? undefined : t;
    },
    write: (path, text) => {
      nodeFS.mkdir(path.slice(0, path.lastIndexOf('/')), true);
      nodeFS.write(path, text);
    }
  });
  const cm = new ContainerManager(os, d.config.cgroupDriver, () => d.clock.now(), cpu);
  const pods = d.pods;
  const prevSyncDone = pods.podWorkers.onSyncDone;
  pods.podWorkers.onSyncDone = (pod, operation, durationMs, firstSeen) => {
    prevSyncDone?.(pod, operation, durationMs, firstSeen);
    const status = pods.statusManager.get(pod.metadata.uid);
    if (terminal(status?.phase)) {
      cm.podRemoved(pod.metadata.uid);
      cpu.release(pod.metadata.uid);
    }
    else cm.podSynced(pod, status);
  };
  const activePods = () => {
    const out = [...pods.informer.list(), ...pods.staticPods.values()].filter(
      (p) => !p.metadata.deletionTimestamp && pods.podWorkers.state(p.metadata.uid) === 'syncing' && !terminal(pods.statusManager.get(p.metadata.uid)?.phase ?? p.status?.phase)
    );
    // Cgroups of pods no longer active are removed (upstream: cleanupOrphanedPodCgroups in HandlePodCleanups).
    const uids = new Set(out.map((p) => p.metadata.uid));
    for (const uid of os.podCgroups.keys()) if (!uids.has(uid)) cm.podRemoved(uid);
    return out;
  };
  const eviction = new EvictionManager({
    node: d.node,
    clock: d.clock,
    os,
    config: d.config,
    recorder: d.recorder,
    trace: d.trace,
    activePods,
    killPod: (pod, gracePeriodSeconds, s) => {
      const cached = pods.statusManager.get(pod.metadata.uid) ?? pod.status ?? {};
      const conditions = [...(cached.conditions ?? []).filter((c: any) => c.type !== 'DisruptionTarget'), { ...s.condition, lastProbeTime: null, lastTransitionTime: timestamp(d.clock.now()) }];
      pods.statusManager.setPodStatus(pod, { ...cached, phase: 'Failed', reason: s.reason, message: s.message, conditions });
      pods.podWorkers.updatePod(pod, { gracePeriodOverride: gracePeriodSeconds });
    },
    onConditions: d.onConditions,
    ...(d.gc
      ? {
          containerGC: {
            deleteAllUnusedContainers: (done) => {
              d.log?.('I', 'container_gc.go:85', 'Attempting to delete unused containers');
              d.gc!.containers.deleteAllUnusedContainers(done);
            }
          },
          imageGC: { deleteUnusedImages: (done) => d.gc!.images.deleteUnusedImages(done) }
        }
      : {}),
    ...(d.log ? { log: d.log } : {}),
    ...(d.evicted ? { evicted: d.evicted } : {})
  });
  eviction.start();
  // upstream: NewMainKubelet adds the eviction manager as the first pod admit handler.
  pods.admission?.addPodAdmitHandler(eviction);
  // upstream: the topology manager's admit handler asks the CPU manager to Allocate; a failure is "unexpected".
  pods.admission?.addPodAdmitHandler({
    admit: (pod) => {
      const refused = cpu.allocate(pod);
      return refused ? { admit: false, ...refused } : { admit: true };
    }
  });
  // upstream: cpu_manager.go reconcileState every cpuManagerReconcilePeriod: stale assignments go back to the pool.
  let reconcileTimer: ReturnType<SimClock['after']> | undefined;
  if (cpu.policy === 'static') {
    const period = parseDuration(String(d.config.cpuManagerReconcilePeriod ?? '10s')) || 10_000;
    const reconcile = () => {
      if (pods.admission) cpu.reconcile(new Set(pods.admission.activePods().map((p) => p.metadata.uid as string)));
      reconcileTimer = d.clock.after(period, reconcile);
    };
    reconcileTimer = d.clock.after(period, reconcile);
  }
  return {
    os,
    cm,
    cpu,
    eviction,
    stop: () => {
      eviction.stop();
      d.clock.cancel(reconcileTimer);
    }
  };
}
