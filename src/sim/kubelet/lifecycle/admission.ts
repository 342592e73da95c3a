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
}

const terminalPhase = (phase: string | undefined) => phase === 'Succeeded' || phase === 'Failed';

export class PodAdmission {
  readonly #admitted = new Map<string, any>();
  readonly #rejected = new Set<string>();

  constructor(readonly deps: AdmissionDeps) {}

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
    const verdict: PodAdmitResult = admitPod(pod, this.deps.node(), this.activePods());
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

  /** upstream: kubelet.go rejectPod */
  #reject(pod: any, reason: string, message: string): void {
    this.#rejected.add(pod.metadata.uid);
    this.deps.trace('kubelet.admit.reject', pod, { reason, message });
    this.deps.recorder.event(pod, 'Warning', reason, message);
    this.deps.setStatus(pod, { ...(pod.status?.qosClass ? { qosClass: pod.status.qosClass } : {}), phase: 'Failed', reason, message: `Pod was rejected: ${message}` });
  }
}
