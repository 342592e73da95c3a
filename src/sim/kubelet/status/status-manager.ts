/**
 * The status manager: the kubelet's cache of the pod statuses it generated, posted to the API
 * server through the pods/status subresource only when they change; and the final delete
 * (grace 0) that lets the API server remove a pod the kubelet has finished terminating.
 * upstream: pkg/kubelet/status/status_manager.go (SetPodStatus, syncPod, canBeDeleted)
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Client } from '../../client/client';
import type { TraceInput } from '../../kernel/trace';
import { podStatusEqual } from './generate';

/** A pod's entry in the status manager: probe workers hold it to read the status without a lookup. */
export interface StatusCell {
  status: any;
  /** Told whenever `status` changes (the pod's probe workers: see prober/worker.ts). */
  watchers?: (() => void)[];
}

/** Sets the cell's status and tells its watchers. */
function setCell(cell: StatusCell, status: any): void {
  cell.status = status;
  const watchers = cell.watchers;
  if (watchers !== undefined) for (const changed of watchers) changed();
}

export class StatusManager {
  /** uid -> the last status set (what the kubelet believes; may be ahead of the API). */
  readonly #statuses = new Map<string, StatusCell>();
  #stopped = false;

  constructor(
    readonly client: Client,
    readonly node: string,
    readonly trace: (e: TraceInput) => void
  ) {}

  get(uid: string): any {
    return this.#statuses.get(uid)?.status;
  }

  /**
   * The pod's entry, made empty when it has none yet: `cell(uid).status` is `get(uid)` until the
   * pod is forgotten, when the entry is emptied and dropped (a status set again makes a new one).
   */
  cell(uid: string): StatusCell {
    let cell = this.#statuses.get(uid);
    if (!cell) this.#statuses.set(uid, (cell = { status: undefined }));
    return cell;
  }

  /** Posts `status` when it differs from the last one set. upstream: SetPodStatus -> updateStatusInternal -> syncPod */
  setPodStatus(pod: any, status: any, post = true): void {
    if (this.#stopped) return;
    const uid = pod.metadata.uid;
    const cell = this.#statuses.get(uid);
    if (podStatusEqual(cell?.status, status)) return;
    if (cell) setCell(cell, status);
    else this.#statuses.set(uid, { status });
    // upstream: a static pod without a mirror pod keeps its status in the cache ("skipping status update").
    if (post) this.#post(pod, status);
  }

  /**
   * Posts the cached status again (to a static pod's new mirror pod: upstream's syncBatch finds
   * the mirror's status differs and reconciles it). The status is keyed by the static pod's UID and
   * posted to the mirror of the same name (upstream: podManager.TranslatePodUID).
   */
  resend(pod: any): void {
    if (this.#stopped) return;
    const status = this.get(pod.metadata.uid);
    if (status) this.#post(pod, status);
  }

  #post(pod: any, status: any): void {
    // A JSON merge patch replaces the status lists whole (container state changes kind: waiting -> running).
    this.client.request({ verb: 'patch', resource: 'pods', subresource: 'status', namespace: pod.metadata.namespace, name: pod.metadata.name, body: { status }, patchType: 'merge' });
    this.trace({ component: 'kubelet', node: this.node, pod: `${pod.metadata.namespace}/${pod.metadata.name}`, kind: 'status.update', phase: status.phase });
  }

  /** upstream: status_manager.go syncPod: `if m.canBeDeleted(...)` -> Delete with grace 0 and a UID precondition. */
  deletePod(pod: any, cb: () => void): void {
    if (this.#stopped) return;
    this.client.delete('pods', pod.metadata.namespace, pod.metadata.name, { gracePeriodSeconds: 0 }, () => cb());
  }

  forget(uid: string): void {
    const cell = this.#statuses.get(uid);
    if (cell) setCell(cell, undefined);
    this.#statuses.delete(uid);
  }

  stop(): void {
    this.#stopped = true;
  }
}
