/**
 * The prober manager: a worker for every probe of every container (and sidecar) of a pod, the
 * three results managers, and UpdatePodStatus, which sets each container status's `started`
 * and `ready` from the cached results when the kubelet generates a pod status.
 * upstream: pkg/kubelet/prober/prober_manager.go (AddPod, StopLivenessAndStartup, RemovePod,
 * CleanupPods, UpdatePodStatus)
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { EventRecorder } from '../../client/events';
import type { SimClock } from '../../kernel/clock';
import type { Rand } from '../../kernel/rand';
import type { ContainerRuntime } from '../../node/cri/runtime';
import { Prober, type ProbeType, type KlogV } from './prober';
import { ResultsManager, type Update } from './results/results-manager';
import type { StatusCell } from '../status/status-manager';
import { Worker } from './worker';

export interface ProberManagerDeps {
  clock: SimClock;
  runtime: Pick<ContainerRuntime, 'ExecSync' | 'processesAt' | 'hostNetworkProcesses'> & Partial<Pick<ContainerRuntime, 'listenerAt'>>;
  recorder: EventRecorder;
  hostIP?: string;
  /** The status the kubelet last generated for a pod (status manager cache). */
  podStatus: (uid: string) => any;
  /** The pod's status manager entry, read by the workers without a lookup (see WorkerDeps.statusCell). */
  statusCell?: (uid: string) => StatusCell;
  trace: (kind: string, pod: any, extra: Record<string, unknown>) => void;
  /** The prober's seeded stream (worker start jitter); none: no jitter. */
  rand?: Rand;
  isHung?: (containerID: string) => boolean;
  klog?: KlogV;
}

const PROBE_TYPES: ProbeType[] = ['startup', 'readiness', 'liveness'];

const isRestartableInit = (c: any) => c?.restartPolicy === 'Always';

export class ProberManager {
  readonly livenessManager = new ResultsManager();
  readonly readinessManager = new ResultsManager();
  readonly startupManager = new ResultsManager();
  readonly prober: Prober;
  /** upstream: manager.start, for the workers' start jitter after a kubelet restart. */
  readonly start: number;
  /** `<uid>/<container>/<type>` -> worker. */
  readonly #workers = new Map<string, Worker>();

  constructor(readonly deps: ProberManagerDeps) {
    this.start = deps.clock.now();
    this.prober = new Prober({ runtime: deps.runtime, recorder: deps.recorder, hostIP: deps.hostIP, after: (ms, fn) => void deps.clock.after(ms, fn), isHung: deps.isHung, klog: deps.klog });
  }

  get workerCount(): number {
    return this.#workers.size;
  }

  /** Listens to the three managers' changes (the kubelet's syncLoop reads their update channels). */
  onUpdate(probeType: ProbeType, listener: (u: Update) => void): void {
    this.#managers()[probeType].onUpdate(listener);
  }

  #managers(): Record<ProbeType, ResultsManager> {
    return { liveness: this.livenessManager, readiness: this.readinessManager, startup: this.startupManager };
  }

  /** upstream: AddPod: new workers for the probes of the pod's containers and restartable init containers. */
  addPod(pod: any): void {
    const uid = pod.metadata.uid;
    const containers = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? []).filter(isRestartableInit)];
    for (const c of containers) {
      for (const probeType of PROBE_TYPES) {
        const spec = probeType === 'liveness' ? c.livenessProbe : probeType === 'readiness' ? c.readinessProbe : c.startupProbe;
        if (!spec) continue;
        const key = `${uid}/${c.name}/${probeType}`;
        if (this.#workers.has(key)) continue;
        const w = new Worker(
          {
            clock: this.deps.clock,
            prober: this.prober,
            podStatus: this.deps.podStatus,
            ...(this.deps.statusCell ? { statusCell: this.deps.statusCell } : {}),
            random: () => this.deps.rand?.float() ?? 0,
            managerStart: this.start,
            trace: this.deps.trace,
            onStop: (stopped) => {
              if (this.#workers.get(key) === stopped) this.#workers.delete(key);
            }
          },
          probeType,
          pod,
          c,
          this.#managers()
        );
        this.#workers.set(key, w);
        w.run();
      }
    }
  }

  /** upstream: StopLivenessAndStartup: a terminating pod is probed for readiness only. */
  stopLivenessAndStartup(pod: any): void {
    for (const [key, w] of this.#workers) {
      if (w.pod.metadata.uid === pod.metadata.uid && (w.probeType === 'liveness' || w.probeType === 'startup')) {
        w.stop();
        this.#workers.delete(key);
      }
    }
  }

  /** upstream: RemovePod: stop the pod's workers (each removes its cached result). */
  removePod(pod: any): void {
    for (const [key, w] of this.#workers) {
      if (w.pod.metadata.uid !== pod.metadata.uid) continue;
      w.stop();
      this.#workers.delete(key);
    }
  }

  /** Every worker stops (the kubelet process stops). */
  stop(): void {
    for (const w of this.#workers.values()) w.stop();
    this.#workers.clear();
    this.prober.stop();
  }

  #worker(uid: string, container: string, probeType: ProbeType): Worker | undefined {
    return this.#workers.get(`${uid}/${container}/${probeType}`);
  }

  /**
   * upstream: UpdatePodStatus: `started` from the startup result (no startup probe: started once
   * running), then `ready` from the readiness result (no readiness probe: ready once started); a
   * readiness probe that has not answered yet is run now. Init containers that are not sidecars
   * are ready once they exited 0.
   */
  updatePodStatus(pod: any, statuses: any[], initStatuses: any[]): void {
    const uid = pod.metadata.uid;
    const apply = (s: any) => {
      const running = !!s.state?.running;
      let started = false;
      if (running) {
        const r = this.startupManager.get(s.containerID);
        started = r !== undefined ? r === 'Success' : !this.#worker(uid, s.name, 'startup');
      }
      s.started = started;
      if (!started) {
        s.ready = false;
        return;
      }
      if (this.readinessManager.get(s.containerID) === 'Success') s.ready = true;
      else {
        const w = this.#worker(uid, s.name, 'readiness');
        s.ready = !w;
        w?.trigger();
      }
    };
    for (const s of statuses) apply(s);
    const inits = pod.spec?.initContainers ?? [];
    for (const s of initStatuses) {
      const spec = inits.find((c: any) => c.name === s.name);
      if (isRestartableInit(spec)) apply(s);
      else if (s.state?.running) s.started = this.startupManager.get(s.containerID) === 'Success' || !this.#worker(uid, s.name, 'startup');
    }
  }
}
