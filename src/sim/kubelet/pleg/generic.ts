/**
 * The pod lifecycle event generator: every relist period (1 s) it turns what changed in the
 * runtime into pod lifecycle events, and the kubelet syncs those pods. Changes the kubelet makes
 * itself (it started a container) it already knows; what it learns here is containers ending on
 * their own. The runtime reports exits as they happen (as containerd's event stream does for the
 * evented PLEG); a relist hands them over in one batch, and a relist with nothing new costs
 * nothing but its timer.
 * upstream: pkg/kubelet/pleg/generic.go (relist, generateEvents), pleg/pleg.go (PodLifecycleEvent)
 */
import type { SimClock, TimerId } from '../../kernel/clock';
import type { TraceInput } from '../../kernel/trace';
import type { ContainerRuntime } from '../../node/cri/runtime';
import type { ContainerExitEvent } from '../../node/cri/types';

/** upstream: pkg/kubelet/kubelet.go genericPlegRelistPeriod */
export const RELIST_PERIOD_MS = 1000;

export type PodLifeCycleEventType = 'ContainerStarted' | 'ContainerDied' | 'ContainerRemoved' | 'ContainerChanged';

export interface PodLifecycleEvent {
  /** `namespace/name` */
  pod: string;
  type: PodLifeCycleEventType;
  /** The container ID. */
  data: string;
  container: string;
  exitCode: number;
}

/** Groups a batch of exits into lifecycle events per pod, in the order they happened. Pure. */
export function generateEvents(exits: ContainerExitEvent[]): Map<string, PodLifecycleEvent[]> {
  const byPod = new Map<string, PodLifecycleEvent[]>();
  for (const e of exits) {
    const list = byPod.get(e.pod) ?? [];
    list.push({ pod: e.pod, type: 'ContainerDied', data: e.containerId, container: e.name, exitCode: e.exitCode });
    byPod.set(e.pod, list);
  }
  return byPod;
}

export class GenericPLEG {
  #pending: ContainerExitEvent[] = [];
  #timer?: TimerId;
  #unsubscribe?: () => void;
  #relisted = false;
  /** Metrics hook: the relist loop's start and stop (the relist histograms are counted from them at scrape). */
  metrics?: { plegStarted(now: number, periodMs: number): void; plegStopped(now: number): void };

  constructor(
    readonly runtime: ContainerRuntime,
    readonly clock: SimClock,
    readonly node: string,
    readonly trace: (e: TraceInput) => void,
    /** Called with each pod's events after a relist that found changes. */
    readonly onEvents: (pod: string, events: PodLifecycleEvent[]) => void,
    /** Called after the first relist: the runtime is healthy (the node's Ready condition waits for it). */
    readonly onFirstRelist: () => void = () => {}
  ) {}

  start(): void {
    this.#unsubscribe = this.runtime.onContainerExit((e) => this.#pending.push(e));
    const tick = () => {
      this.relist();
      this.#timer = this.clock.after(RELIST_PERIOD_MS, tick);
    };
    this.#timer = this.clock.after(RELIST_PERIOD_MS, tick);
    this.metrics?.plegStarted(this.clock.now(), RELIST_PERIOD_MS);
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.clock.cancel(this.#timer);
    this.#timer = undefined;
    this.#pending = [];
    this.metrics?.plegStopped(this.clock.now());
  }

  /** upstream: generic.go relist */
  relist(): void {
    if (!this.#relisted) {
      this.#relisted = true;
      this.onFirstRelist();
    }
    if (this.#pending.length === 0) return;
    const batch = this.#pending;
    this.#pending = [];
    for (const [pod, events] of generateEvents(batch)) {
      this.trace({ component: 'kubelet', node: this.node, pod, kind: 'pleg.relist', changes: events.map((e) => ({ type: e.type, container: e.container, containerId: e.data, exitCode: e.exitCode })) });
      this.onEvents(pod, events);
    }
  }
}
