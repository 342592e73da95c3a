/**
 * The trigger-time tracker: the time of the earliest change (a pod turning Ready or not, the Service
 * being created) that the next write of a Service's Endpoints will reflect. It becomes the
 * `endpoints.kubernetes.io/last-change-trigger-time` annotation, from which upstream measures
 * network programming latency.
 * upstream: pkg/controller/util/endpoint/trigger_time_tracker.go
 */
import type { KObject } from '../../apiserver/store';
import { parseTimestamp } from '../../kernel/clock';

interface ServiceState {
  lastServiceTriggerTime?: string;
  lastPodTriggerTimes: Map<string, string | undefined>;
}

/** upstream: getPodTriggerTime: the Ready condition's last transition. */
function podTriggerTime(pod: KObject): string | undefined {
  return (pod.status?.conditions ?? []).find((c: KObject) => c.type === 'Ready')?.lastTransitionTime;
}

/** upstream: min, where an unset time never wins. */
function earlier(cur: string | undefined, next: string | undefined): string | undefined {
  if (next === undefined) return cur;
  if (cur === undefined) return next;
  return (parseTimestamp(next) ?? 0) < (parseTimestamp(cur) ?? 0) ? next : cur;
}

export class TriggerTimeTracker {
  #state = new Map<string, ServiceState>();

  /** upstream: ComputeEndpointLastChangeTriggerTime: undefined when nothing it tracks changed. */
  compute(service: KObject, pods: readonly KObject[]): string | undefined {
    const key = `${service.metadata.namespace}/${service.metadata.name}`;
    const prev = this.#state.get(key);
    const next: ServiceState = { lastServiceTriggerTime: service.metadata.creationTimestamp, lastPodTriggerTimes: new Map() };
    let min: string | undefined;
    for (const pod of pods) {
      const t = podTriggerTime(pod);
      next.lastPodTriggerTimes.set(pod.metadata.name, t);
      if (!prev || prev.lastPodTriggerTimes.get(pod.metadata.name) !== t) min = earlier(min, t);
    }
    if (!prev || prev.lastServiceTriggerTime !== next.lastServiceTriggerTime) min = earlier(min, next.lastServiceTriggerTime);
    this.#state.set(key, next);
    return min;
  }

  /** upstream: DeleteService. */
  deleteService(namespace: string, name: string): void {
    this.#state.delete(`${namespace}/${name}`);
  }
}
