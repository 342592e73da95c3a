/**
 * The kubelet's admission bookkeeping: which pods it has admitted (they count against the node)
 * and which it has rejected. A pod is admitted once, when the kubelet first sees it, against the
 * pods already admitted and still active; a rejected pod is never run: its status is set to
 * Failed with the reason and `Pod was rejected: <message>`, and a Warning event is recorded.
 * Static pods come from the file source before the API's pods arrive, so they are admitted first.
 * upstream: pkg/kubelet/kubelet.go (HandlePodAdditions, canAdmitPod, rejectPod, filterOutInactivePods)
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { EventRecorder } from '../../client/events';
import type { SimClock } from '../../kernel/clock';
import { admitPod, type PodAdmitResult } from './predicate';

export interface AdmissionDeps {
  /** The Node as the kubelet knows it (its allocatable from the kubelet's own config). */
  node: () => any;
  recorder: EventRecorder;
  /** Sets the pod's status in the status manager (which posts it). */
  setStatus: (pod: any, status: any) => void;
  /** The phase the kubelet last set for a pod, and whether its worker has finished it. */
  phase: (uid: string) => string | undefined;
  terminated: (uid: string) => boolean;
  trace: (kind: string, pod: any, extra: Record<string, unknown>) => void;
  /** The kubelet's clock: a rejection reaches the API server REJECTION_REPORT_LATENCY_MS later (none without it). */
  clock?: SimClock;
}

/**
 * How long a rejection takes to be seen by the API server's watchers, in virtual ms. kubarium's
 * API requests and watch events take no virtual time, so a ReplicaSet whose replacements the
 * scheduler keeps binding to a node the kubelet refuses would cycle (create, bind, reject, replace)
 * at one instant, and the node's pressure taint, which needs the kubelet's next node status post,
 * could never land. Upstream every hop of that cycle costs round trips (the status manager's GET and
 * PATCH of pods/status, the ReplicaSet's watch and create, the scheduler's bind, the kubelet's
 * watch): the kubelet log in kubernetes/kubernetes#106419 shows a rejected ReplicaSet's
 * replacements arriving ("SyncLoop ADD") 1.8 s and 4.5 s apart. kubarium charges that cycle to the
 * report of the rejection, with a fixed value so a run replays from its seed.
 * upstream: pkg/kubelet/kubelet.go rejectPod, pkg/kubelet/status/status_manager.go syncBatch/syncPod
 */
export const REJECTION_REPORT_LATENCY_MS = 1_000;

const terminalPhase = (phase: string | undefined) => phase === 'Succeeded' || phase === 'Failed';

/** upstream: lifecycle.PodAdmitHandler (interfaces.go): one check of canAdmitPod, e.g. the eviction manager's. */
export interface PodAdmitHandler {
  admit(pod: any): PodAdmitResult;
}

export class PodAdmission {
  readonly #admitted = new Map<string, any>();
  readonly #rejected = new Set<string>();
  /** Handlers asked before the predicate check, in the order added. upstream: kubelet.admitHandlers */
  readonly #handlers: PodAdmitHandler[] = [];

  constructor(readonly deps: AdmissionDeps) {}

  /** upstream: lifecycle.PodAdmitHandlers.AddPodAdmitHandler */
  addPodAdmitHandler(h: PodAdmitHandler): void {
    this.#handlers.push(h);
  }

  /** A pod the kubelet runs without asking (a static pod): it counts against the node. */
  admitted(pod: any): void {
    this.#admitted.set(pod.metadata.uid, pod);
  }

  /** The pods admitted and still active. upstream: filterOutInactivePods */
  activePods(): any[] {
    return [...this.#admitted.values()].filter((p) => !this.deps.terminated(p.metadata.uid) && !terminalPhase(this.deps.phase(p.metadata.uid) ?? p.status?.phase));
  }

  /**
   * Whether the kubelet may run `pod` (a new pod is admitted or rejected now; a known one keeps
   * its verdict). Pods already terminal or being deleted are not admitted, only finished.
   */
  canRun(pod: any): boolean {
    const uid = pod.metadata.uid as string;
    if (this.#rejected.has(uid)) return !!pod.metadata.deletionTimestamp;
    if (this.#admitted.has(uid)) {
      this.#admitted.set(uid, pod);
      return true;
    }
    if (pod.metadata.deletionTimestamp || terminalPhase(pod.status?.phase)) return true;
    // A pod an earlier kubelet process started (a restart): its containers run; it keeps its place.
    // (upstream v1.32 re-admits such pods oldest first and kills the ones it then rejects; kubarium
    // does not re-check them, so a lowered maxPods only turns new pods away.)
    if (pod.status?.startTime) {
      this.#admitted.set(uid, pod);
      return true;
    }
    const verdict = this.#canAdmitPod(pod);
    if (verdict.admit) {
      this.#admitted.set(uid, pod);
      return true;
    }
    this.#reject(pod, verdict.reason!, verdict.message!);
    return false;
  }

  forget(uid: string): void {
    this.#admitted.delete(uid);
    this.#rejected.delete(uid);
  }

  /**
   * The first handler that refuses decides; the eviction manager comes first, as NewMainKubelet
   * adds it before the predicate admit handler. upstream: kubelet.go canAdmitPod
   */
  #canAdmitPod(pod: any): PodAdmitResult {
    for (const h of this.#handlers) {
      const r = h.admit(pod);
      if (!r.admit) return r;
    }
    return admitPod(pod, this.deps.node(), this.activePods());
  }

  /** upstream: kubelet.go rejectPod */
  #reject(pod: any, reason: string, message: string): void {
    this.#rejected.add(pod.metadata.uid);
    this.deps.trace('kubelet.admit.reject', pod, { reason, message });
    this.deps.recorder.event(pod, 'Warning', reason, message);
    const report = () => this.deps.setStatus(pod, { ...(pod.status?.qosClass ? { qosClass: pod.status.qosClass } : {}), phase: 'Failed', reason, message: `Pod was rejected: ${message}` });
    if (this.deps.clock) this.deps.clock.after(REJECTION_REPORT_LATENCY_MS, report);
    else report();
  }
}
