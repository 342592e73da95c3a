/**
 * A results manager: the cached outcome of one kind of probe per container ID. Set reports an
 * update only when the result changes, so a probe that succeeds again costs nothing downstream.
 * upstream: pkg/kubelet/prober/results/results_manager.go
 */

export type Result = 'Success' | 'Failure' | 'Unknown';

export interface Update {
  containerID: string;
  result: Result;
  /** The pod as the worker holds it. */
  pod: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export class ResultsManager {
  #cache = new Map<string, Result>();
  #onUpdate?: (u: Update) => void;

  /** upstream: Updates(): here a listener instead of a channel. */
  onUpdate(listener: (u: Update) => void): void {
    this.#onUpdate = listener;
  }

  get(containerID: string): Result | undefined {
    return this.#cache.get(containerID);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  set(containerID: string, result: Result, pod: any): void {
    if (this.#cache.get(containerID) === result) return;
    this.#cache.set(containerID, result);
    this.#onUpdate?.({ containerID, result, pod });
  }

  remove(containerID: string): void {
    this.#cache.delete(containerID);
  }
}
