/**
 * The HPA's replica calculator for Resource metrics: from the pods' metrics (milli-units) and
 * requests, the replica count that brings the average to the target, within a 10 % tolerance;
 * pods without metrics, unready pods and pods in their CPU initialization period are handled as
 * upstream does (ignored, or counted at 0 % / 100 % when that can only damp the change).
 * Pure: the caller lists the pods and fetches the metrics; `now` is the controller's clock.
 * upstream: pkg/controller/podautoscaler/replica_calculator.go (GetResourceReplicas,
 * GetRawResourceReplicas, calcPlainMetricReplicas, groupPods, calculateRequests,
 * removeMetricsForPods), pkg/controller/podautoscaler/metrics/utilization.go
 * (GetResourceUtilizationRatio, GetMetricUsageRatio).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { parseQuantity } from '../../api/quantity';
import { parseTimestamp } from '../../kernel/clock';
import { isRestartableInitContainer } from '../../api/pod-util';

/** One pod's metric: its value in milli-units, the sample's time and window (ms). */
export interface PodMetric {
  timestamp: number;
  window: number;
  value: number;
}

/** Pod name -> metric (upstream: metricsclient.PodMetricsInfo). */
export type PodMetricsInfo = Map<string, PodMetric>;

export interface CalculatorOptions {
  /** --horizontal-pod-autoscaler-tolerance */
  tolerance: number;
  /** --horizontal-pod-autoscaler-cpu-initialization-period */
  cpuInitializationPeriodMs: number;
  /** --horizontal-pod-autoscaler-initial-readiness-delay */
  delayOfInitialReadinessStatusMs: number;
}

/** kube-controller-manager's defaults. */
export const DEFAULT_CALCULATOR_OPTIONS: CalculatorOptions = { tolerance: 0.1, cpuInitializationPeriodMs: 5 * 60_000, delayOfInitialReadinessStatusMs: 30_000 };

export interface ReplicaProposal {
  replicas: number;
  /** Utilization targets: the average utilization in percent of the requests. */
  utilization?: number;
  /** The average value per pod, in milli-units. */
  rawUtilization: number;
  timestamp: number;
}

/** The replica calculator's errors carry upstream's messages. */
export class CalculatorError extends Error {}

/** upstream: groupPods */
export function groupPods(pods: any[], metrics: PodMetricsInfo, resource: string, opts: CalculatorOptions, now: number) {
  let readyPodCount = 0;
  const unreadyPods = new Set<string>();
  const missingPods = new Set<string>();
  const ignoredPods = new Set<string>();
  for (const pod of pods) {
    const name = pod.metadata.name;
    if (pod.metadata.deletionTimestamp || pod.status?.phase === 'Failed') {
      ignoredPods.add(name);
      continue;
    }
    // Pending pods are ignored.
    if (pod.status?.phase === 'Pending') {
      unreadyPods.add(name);
      continue;
    }
    // Pods missing metrics.
    const metric = metrics.get(name);
    if (!metric) {
      missingPods.add(name);
      continue;
    }
    // Unready pods are ignored.
    if (resource === 'cpu') {
      let unready: boolean;
      const condition = (pod.status?.conditions ?? []).find((c: any) => c.type === 'Ready');
      const startTime = parseTimestamp(pod.status?.startTime);
      if (!condition || startTime === undefined) unready = true;
      else {
        const transition = parseTimestamp(condition.lastTransitionTime) ?? 0;
        if (startTime + opts.cpuInitializationPeriodMs > now) {
          // Within the initialization period: ignore the sample if the pod is unready, or one
          // window of metric was not collected since its last readiness transition.
          unready = condition.status === 'False' || metric.timestamp < transition + metric.window;
        } else {
          // Ignore the metric if the pod is unready and has never been ready.
          unready = condition.status === 'False' && startTime + opts.delayOfInitialReadinessStatusMs > transition;
        }
      }
      if (unready) {
        unreadyPods.add(name);
        continue;
      }
    }
    readyPodCount++;
  }
  return { readyPodCount, unreadyPods, missingPods, ignoredPods };
}

/** upstream: calculateRequests: each pod's request (milli) of the resource, summed over its containers (or one container). */
export function calculateRequests(pods: any[], container: string, resource: string): Map<string, number> {
  const requests = new Map<string, number>();
  for (const pod of pods) {
    let podSum = 0;
    const containers = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? []).filter(isRestartableInitContainer)];
    for (const c of containers) {
      if (container !== '' && container !== c.name) continue;
      const request = c.resources?.requests?.[resource];
      if (request === undefined) throw new CalculatorError(`missing request for ${resource} in container ${c.name} of Pod ${pod.metadata.name}`);
      podSum += parseQuantity(String(request)).milliValue();
    }
    requests.set(pod.metadata.name, podSum);
  }
  return requests;
}

/** upstream: metrics.GetResourceUtilizationRatio */
export function getResourceUtilizationRatio(metrics: PodMetricsInfo, requests: Map<string, number>, targetUtilization: number) {
  let metricsTotal = 0;
  let requestsTotal = 0;
  let numEntries = 0;
  for (const [pod, metric] of metrics) {
    const request = requests.get(pod);
    if (request === undefined) continue;
    metricsTotal += metric.value;
    requestsTotal += request;
    numEntries++;
  }
  // Pods with no request of the resource: no utilization can be computed.
  if (requestsTotal === 0) throw new CalculatorError('no metrics returned matched known pods');
  const currentUtilization = Math.trunc((metricsTotal * 100) / requestsTotal);
  return { ratio: currentUtilization / targetUtilization, utilization: currentUtilization, rawAverage: Math.trunc(metricsTotal / numEntries) };
}

/** upstream: metrics.GetMetricUsageRatio */
export function getMetricUsageRatio(metrics: PodMetricsInfo, targetUsage: number) {
  let total = 0;
  for (const m of metrics.values()) total += m.value;
  const currentUsage = Math.trunc(total / metrics.size);
  return { ratio: currentUsage / targetUsage, usage: currentUsage };
}

/** What both calculations share once the usage ratio is known: the missing and unready pods' damping. */
function replicasFromRatio(
  currentReplicas: number,
  usageRatio: number,
  readyPodCount: number,
  groups: { unreadyPods: Set<string>; missingPods: Set<string> },
  metrics: PodMetricsInfo,
  missingValue: (pod: string) => number,
  recompute: () => number,
  tolerance: number,
  resourceUtilization: boolean
): number {
  const { unreadyPods, missingPods } = groups;
  const scaleUpWithUnready = unreadyPods.size > 0 && usageRatio > 1.0;
  if (!scaleUpWithUnready && missingPods.size === 0) {
    // The change would be too small.
    if (Math.abs(1.0 - usageRatio) <= tolerance) return currentReplicas;
    // No unready or missing pods: the new count now.
    return Math.ceil(usageRatio * readyPodCount);
  }
  if (missingPods.size > 0) {
    // On a scale-down, missing pods count as using 100 % of their request (the target for raw
    // values); on a scale-up, 0 %. At exactly 1.0 a Resource metric leaves them out, a raw one counts them at 0.
    for (const pod of missingPods) {
      if (usageRatio < 1.0) metrics.set(pod, { timestamp: 0, window: 0, value: missingValue(pod) });
      else if (usageRatio > 1.0 || !resourceUtilization) metrics.set(pod, { timestamp: 0, window: 0, value: 0 });
    }
  }
  // On a scale-up, unready pods count as using 0 %.
  if (scaleUpWithUnready) for (const pod of unreadyPods) metrics.set(pod, { timestamp: 0, window: 0, value: 0 });
  const newUsageRatio = recompute();
  // Too small a change, or one that would reverse the direction of the scale.
  if (Math.abs(1.0 - newUsageRatio) <= tolerance || (usageRatio < 1.0 && newUsageRatio > 1.0) || (usageRatio > 1.0 && newUsageRatio < 1.0)) return currentReplicas;
  const newReplicas = Math.ceil(newUsageRatio * metrics.size);
  if ((newUsageRatio < 1.0 && newReplicas > currentReplicas) || (newUsageRatio > 1.0 && newReplicas < currentReplicas)) return currentReplicas;
  return newReplicas;
}

/**
 * The pods' metrics the calculation counts: the ignored (deleted, failed, no metrics yet) and the
 * unready pods' are taken out; their groups stay for the missing-pods adjustment.
 * upstream: replica_calculator.go GetResourceReplicas / calcPlainMetricReplicas (their shared start)
 */
function countedMetrics(pods: any[], fetched: PodMetricsInfo, resource: string, opts: CalculatorOptions, now: number): { metrics: PodMetricsInfo; groups: ReturnType<typeof groupPods> } {
  if (pods.length === 0) throw new CalculatorError('no pods returned by selector while calculating replica count');
  const metrics: PodMetricsInfo = new Map(fetched);
  const groups = groupPods(pods, metrics, resource, opts, now);
  for (const pod of groups.ignoredPods) metrics.delete(pod);
  for (const pod of groups.unreadyPods) metrics.delete(pod);
  return { metrics, groups };
}

/** upstream: ReplicaCalculator.GetResourceReplicas (a Utilization target, in percent of the requests). */
export function getResourceReplicas(
  currentReplicas: number,
  targetUtilization: number,
  resource: string,
  container: string,
  pods: any[],
  fetched: PodMetricsInfo,
  timestamp: number,
  now: number,
  opts: CalculatorOptions = DEFAULT_CALCULATOR_OPTIONS
): ReplicaProposal {
  const { metrics, groups } = countedMetrics(pods, fetched, resource, opts, now);
  const requests = calculateRequests(pods, container, resource);
  if (metrics.size === 0) throw new CalculatorError('did not receive metrics for targeted pods (pods might be unready)');
  const { ratio, utilization, rawAverage } = getResourceUtilizationRatio(metrics, requests, targetUtilization);
  const replicas = replicasFromRatio(
    currentReplicas, ratio, groups.readyPodCount, groups, metrics,
    (pod) => requests.get(pod) ?? 0,
    () => getResourceUtilizationRatio(metrics, requests, targetUtilization).ratio,
    opts.tolerance,
    true
  );
  return { replicas, utilization, rawUtilization: rawAverage, timestamp };
}

/** upstream: ReplicaCalculator.GetRawResourceReplicas / calcPlainMetricReplicas (an AverageValue target, milli-units). */
export function getRawResourceReplicas(
  currentReplicas: number,
  targetUsage: number,
  resource: string,
  pods: any[],
  fetched: PodMetricsInfo,
  timestamp: number,
  now: number,
  opts: CalculatorOptions = DEFAULT_CALCULATOR_OPTIONS
): ReplicaProposal {
  const { metrics, groups } = countedMetrics(pods, fetched, resource, opts, now);
  if (metrics.size === 0) throw new CalculatorError('did not receive metrics for targeted pods (pods might be unready)');
  const { ratio, usage } = getMetricUsageRatio(metrics, targetUsage);
  const replicas = replicasFromRatio(
    currentReplicas, ratio, groups.readyPodCount, groups, metrics,
    () => targetUsage,
    () => getMetricUsageRatio(metrics, targetUsage).ratio,
    opts.tolerance,
    false
  );
  return { replicas, rawUtilization: usage, timestamp };
}
