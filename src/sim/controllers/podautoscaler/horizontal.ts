/**
 * The horizontal pod autoscaler controller: every 15 s it reads each HPA's target through the
 * scale subresource, computes the replicas its metrics want (Resource metrics from the Metrics API,
 * replica-calculator.ts), bounds them by minReplicas/maxReplicas, the behavior's rate policies and
 * the stabilization window (normalize.ts), rescales the target, and writes the HPA's status and
 * conditions (AbleToScale, ScalingActive, ScalingLimited) with upstream's reasons and events.
 * upstream: pkg/controller/podautoscaler/horizontal.go (enqueueHPA, processNextWorkItem,
 * reconcileAutoscaler, computeReplicasForMetrics, computeStatusForResourceMetric(Generic),
 * validateAndParseSelector, getUnableComputeReplicaCountCondition, setStatus, updateStatusIfNeeded,
 * setCondition), pkg/controller/podautoscaler/metrics/client.go (resourceMetricsClient).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { KObject } from '../../apiserver/store';
import type { Client } from '../../client/client';
import { EventRecorder } from '../../client/events';
import type { SharedInformer, SharedInformerFactory } from '../../client/informer';
import { ControllerRunner } from '../../client/controller-runner';
import { timestamp, type SimClock } from '../../kernel/clock';
import type { TraceInput } from '../../kernel/trace';
import { cloneJSON, sameJSON } from '../../api/canonical';
import { fromMilli, DecimalSI, parseQuantity } from '../../api/quantity';
import { RESOURCES } from '../../api/resources';
import { parseSelector } from '../../api/labels';
import { cpuMilli, lastScrape, podMetrics, type UsageReport } from '../../api/metrics';
import { CalculatorError, DEFAULT_CALCULATOR_OPTIONS, getRawResourceReplicas, getResourceReplicas, type PodMetricsInfo, type ReplicaProposal } from './replica-calculator';
import { Normalizer, setCondition } from './normalize';

export const HPA_CONTROLLER = 'horizontal-pod-autoscaler';

/** --horizontal-pod-autoscaler-sync-period */
export const HPA_SYNC_PERIOD_MS = 15_000;

/** How the controller reaches metrics-server's figures: a node's usage report at a scrape time (undefined: none). */
export type NodeUsage = (node: string, at: number, done: (r: UsageReport | undefined) => void) => void;

interface MetricResult {
  replicas: number;
  metricName: string;
  timestamp: number;
}

class MetricError extends Error {
  constructor(message: string, readonly condition: { reason: string; message: string }) {
    super(message);
  }
}

export class HorizontalController {
  readonly #runner: ControllerRunner;
  readonly #hpaInformer: SharedInformer;
  readonly #podInformer: SharedInformer;
  readonly #recorder: EventRecorder;
  readonly #normalizer: Normalizer;
  /** Keys waiting out their resync delay (upstream: the fixed-interval rate limiter of the queue). */
  readonly #waiting = new Set<string>();

  constructor(
    readonly client: Client,
    factory: SharedInformerFactory,
    readonly clock: SimClock,
    readonly nodeUsage: NodeUsage,
    readonly trace: (e: TraceInput) => void = () => {}
  ) {
    // upstream: --concurrent-horizontal-pod-autoscaler-syncs 5
    this.#runner = new ControllerRunner((ms, fn) => clock.after(ms, fn), 5, (key, done) => this.#processKey(key, done));
    this.#recorder = new EventRecorder(client, { component: HPA_CONTROLLER }, () => clock.now());
    this.#normalizer = new Normalizer(() => clock.now());
    this.#hpaInformer = factory.informer('horizontalpodautoscalers');
    this.#podInformer = factory.informer('pods');
    this.#hpaInformer.addEventHandler({
      add: (hpa) => this.#enqueue(hpa),
      update: (_old, hpa) => this.#enqueue(hpa),
      delete: (hpa) => this.#normalizer.forget(this.#key(hpa))
    });
    this.#runner.startWhenSynced([this.#hpaInformer, this.#podInformer]);
  }

  #key(hpa: KObject): string {
    return `${hpa.metadata.namespace}/${hpa.metadata.name}`;
  }

  /**
   * upstream: enqueueHPA: every request waits out the resync period in the queue, and one already
   * waiting absorbs the others, so each HPA is processed every 15 s from its creation.
   */
  #enqueue(hpa: KObject): void {
    this.#enqueueKey(this.#key(hpa));
  }

  #enqueueKey(key: string): void {
    if (this.#waiting.has(key)) return;
    this.#waiting.add(key);
    this.clock.after(HPA_SYNC_PERIOD_MS, () => {
      this.#waiting.delete(key);
      this.#runner.queue.add(key);
    });
  }

  /** upstream: processNextWorkItem: reconcile, then re-queue with the resync delay unless it is gone. */
  #processKey(key: string, done: (err?: string) => void): void {
    const i = key.indexOf('/');
    const hpa = this.#hpaInformer.get(key.slice(0, i), key.slice(i + 1));
    if (!hpa) {
      this.#normalizer.forget(key);
      return done();
    }
    this.#reconcile(cloneJSON(hpa), key, () => {
      this.#enqueueKey(key);
      // Errors are logged upstream, not retried faster: the next resync retries.
      done();
    });
  }

  /** upstream: reconcileAutoscaler */
  #reconcile(hpa: KObject, key: string, done: () => void): void {
    const statusOriginal = cloneJSON(hpa.status ?? {});
    const now = this.clock.now();
    hpa.status ??= {};
    const spec = hpa.spec;
    const ref = spec.scaleTargetRef ?? {};
    const failScale = (message: string) => {
      this.#recorder.event(hpa, 'Warning', 'FailedGetScale', message);
      setCondition(hpa, 'AbleToScale', 'False', 'FailedGetScale', `the HPA controller was unable to get the target's current scale: ${message}`, now);
      this.#updateStatusIfNeeded(statusOriginal, hpa, done);
    };
    const group = String(ref.apiVersion ?? '').includes('/') ? String(ref.apiVersion).split('/')[0] : '';
    const target = RESOURCES.find((r) => r.kind === ref.kind && r.group === group);
    if (!target) return failScale(`no matches for kind "${ref.kind}" in group "${group}"`);
    const resource = target.name;
    this.client.request({ verb: 'get', resource, subresource: 'scale', namespace: hpa.metadata.namespace, name: ref.name }, (err, scale) => {
      if (err || !scale) return failScale(err?.message ?? 'unknown error');
      setCondition(hpa, 'AbleToScale', 'True', 'SucceededGetScale', "the HPA controller was able to get the target's current scale", now);
      const currentReplicas: number = scale.spec?.replicas ?? 0;
      this.#normalizer.recordInitialRecommendation(currentReplicas, key);
      const minReplicas: number = spec.minReplicas ?? 1;
      const finish = (desiredReplicas: number, rescaleReason: string, rescale: boolean, metricStatuses: any[]) => {
        if (!rescale) {
          this.#setStatus(hpa, currentReplicas, currentReplicas, metricStatuses, false);
          return this.#updateStatusIfNeeded(statusOriginal, hpa, done);
        }
        const next = cloneJSON(scale);
        next.spec.replicas = desiredReplicas;
        this.client.request({ verb: 'update', resource, subresource: 'scale', namespace: hpa.metadata.namespace, name: ref.name, body: next }, (uerr) => {
          if (uerr) {
            this.#recorder.event(hpa, 'Warning', 'FailedRescale', `New size: ${desiredReplicas}; reason: ${rescaleReason}; error: ${uerr.message}`);
            setCondition(hpa, 'AbleToScale', 'False', 'FailedUpdateScale', `the HPA controller was unable to update the target scale: ${uerr.message}`, now);
            this.#setStatus(hpa, currentReplicas, hpa.status.desiredReplicas ?? 0, metricStatuses, false);
            return this.#updateStatusIfNeeded(statusOriginal, hpa, done);
          }
          setCondition(hpa, 'AbleToScale', 'True', 'SucceededRescale', `the HPA controller was able to update the target scale to ${desiredReplicas}`, now);
          this.#recorder.event(hpa, 'Normal', 'SuccessfulRescale', `New size: ${desiredReplicas}; reason: ${rescaleReason}`);
          this.trace({ component: HPA_CONTROLLER, kind: 'hpa.rescale', hpa: key, target: `${ref.kind}/${ref.name}`, from: currentReplicas, to: desiredReplicas, reason: rescaleReason });
          this.#normalizer.storeScaleEvent(spec.behavior, key, currentReplicas, desiredReplicas);
          this.#setStatus(hpa, currentReplicas, desiredReplicas, metricStatuses, true);
          this.#updateStatusIfNeeded(statusOriginal, hpa, done);
        });
      };
      if (currentReplicas === 0 && minReplicas !== 0) {
        // Autoscaling is disabled for this resource.
        setCondition(hpa, 'ScalingActive', 'False', 'ScalingDisabled', 'scaling is disabled since the replica count of the target is zero', now);
        return finish(0, '', false, hpa.status.currentMetrics ?? []);
      }
      if (currentReplicas > spec.maxReplicas) return finish(spec.maxReplicas, 'Current number of replicas above Spec.MaxReplicas', true, hpa.status.currentMetrics ?? []);
      if (currentReplicas < minReplicas) return finish(minReplicas, 'Current number of replicas below Spec.MinReplicas', true, hpa.status.currentMetrics ?? []);
      this.#computeReplicasForMetrics(hpa, scale, (result, metricStatuses, error) => {
        if (!result) {
          // upstream: setCurrentReplicasAndMetricsInStatus, then FailedComputeMetricsReplicas.
          this.#setStatus(hpa, currentReplicas, hpa.status.desiredReplicas ?? 0, metricStatuses, false);
          this.#recorder.event(hpa, 'Warning', 'FailedComputeMetricsReplicas', error!);
          return this.#updateStatusIfNeeded(statusOriginal, hpa, done);
        }
        let desiredReplicas = 0;
        let rescaleMetric = '';
        if (result.replicas > desiredReplicas) {
          desiredReplicas = result.replicas;
          rescaleMetric = result.metricName;
        }
        let rescaleReason = '';
        if (desiredReplicas > currentReplicas) rescaleReason = `${rescaleMetric} above target`;
        if (desiredReplicas < currentReplicas) rescaleReason = 'All metrics below target';
        desiredReplicas = spec.behavior
          ? this.#normalizer.normalizeWithBehaviors(hpa, key, currentReplicas, desiredReplicas, minReplicas)
          : this.#normalizer.normalize(hpa, key, currentReplicas, desiredReplicas, minReplicas);
        finish(desiredReplicas, rescaleReason, desiredReplicas !== currentReplicas, metricStatuses);
      });
    });
  }

  /** upstream: computeReplicasForMetrics: the largest proposal of the valid metrics, or the first error. */
  #computeReplicasForMetrics(hpa: KObject, scale: KObject, done: (r: MetricResult | undefined, statuses: any[], err?: string) => void): void {
    const now = this.clock.now();
    const selectorText: string = scale.status?.selector ?? '';
    if (selectorText === '') {
      this.#recorder.event(hpa, 'Warning', 'SelectorRequired', 'selector is required');
      setCondition(hpa, 'ScalingActive', 'False', 'InvalidSelector', "the HPA target's scale is missing a selector", now);
      return done(undefined, [], 'selector is required');
    }
    let selector;
    try {
      selector = parseSelector(selectorText);
    } catch (e) {
      const msg = `couldn't convert selector into a corresponding internal selector object: ${(e as Error).message}`;
      this.#recorder.event(hpa, 'Warning', 'InvalidSelector', msg);
      setCondition(hpa, 'ScalingActive', 'False', 'InvalidSelector', 'the HPA target\'s scale has an invalid selector', now);
      return done(undefined, [], msg);
    }
    const pods = this.#podInformer.listNamespace(hpa.metadata.namespace).filter((p) => selector.matches(p.metadata.labels));
    const specs: any[] = hpa.spec.metrics ?? [];
    const statuses: any[] = specs.map(() => ({ type: '' }));
    const specReplicas: number = scale.spec?.replicas ?? 0;
    let best: MetricResult | undefined;
    let invalidCount = 0;
    let firstError: MetricError | undefined;
    const reports = new Map<string, UsageReport | undefined>();
    const step = (i: number): void => {
      if (i >= specs.length) {
        let err: string | undefined;
        if (firstError) err = `invalid metrics (${invalidCount} invalid out of ${specs.length}), first error is: ${firstError.message}`;
        // All metrics invalid, or some invalid while the rest would scale down: no decision.
        if (invalidCount >= specs.length || (invalidCount > 0 && (best?.replicas ?? 0) < specReplicas)) {
          setCondition(hpa, 'ScalingActive', 'False', firstError!.condition.reason, firstError!.condition.message, now);
          return done(undefined, statuses, err);
        }
        setCondition(hpa, 'ScalingActive', 'True', 'ValidMetricFound', `the HPA was able to successfully calculate a replica count from ${best!.metricName}`, now);
        return done(best, statuses, err);
      }
      this.#computeReplicasForMetric(hpa, specs[i], specReplicas, pods, reports, (res, status) => {
        if (res instanceof MetricError) {
          if (invalidCount === 0) firstError = res;
          invalidCount++;
        } else {
          statuses[i] = status;
          if (!best || best.replicas === 0 || res.replicas > best.replicas) best = res;
        }
        step(i + 1);
      });
    };
    step(0);
  }

  /** upstream: computeReplicasForMetric + computeStatusForResourceMetric(Generic), for Resource and ContainerResource metrics. */
  #computeReplicasForMetric(hpa: KObject, spec: any, specReplicas: number, pods: KObject[], reports: Map<string, UsageReport | undefined>, done: (r: MetricResult | MetricError, status?: any) => void): void {
    const now = this.clock.now();
    const unable = (reason: string, inner: string, outer: string) => {
      this.#recorder.event(hpa, 'Warning', reason, inner);
      return new MetricError(outer, { reason, message: `the HPA was unable to compute the replica count: ${inner}` });
    };
    if (spec?.type !== 'Resource' && spec?.type !== 'ContainerResource') {
      // Pods, Object and External metrics come from the custom and external metrics APIs, which this cluster does not serve.
      const reason = { Pods: 'FailedGetPodsMetric', Object: 'FailedGetObjectMetric', External: 'FailedGetExternalMetric' }[String(spec?.type)] ?? 'InvalidMetricSourceType';
      const name = spec?.pods?.metric?.name ?? spec?.object?.metric?.name ?? spec?.external?.metric?.name ?? '';
      const inner = spec?.type === 'External'
        ? `unable to get external metric ${hpa.metadata.namespace}/${name}: no external metrics API (external.metrics.k8s.io) registered`
        : `unable to get metric ${name}: unable to fetch metrics from custom metrics API: no custom metrics API (custom.metrics.k8s.io) registered`;
      return done(unable(reason, inner, `failed to get ${String(spec?.type).toLowerCase()} metric value: ${inner}`));
    }
    const source = spec.type === 'Resource' ? spec.resource : spec.containerResource;
    const resourceName: string = source?.name ?? '';
    const container: string = spec.type === 'ContainerResource' ? source.container ?? '' : '';
    const reason = spec.type === 'Resource' ? 'FailedGetResourceMetric' : 'FailedGetContainerResourceMetric';
    const outer = (inner: string) => `failed to get ${resourceName} ${spec.type === 'Resource' ? 'resource' : 'container resource'} metric value: ${inner}`;
    const targetSpec = source?.target ?? {};
    this.#resourceMetrics(resourceName, container, pods, reports, (metrics, timestamp, fetchErr) => {
      let proposal: ReplicaProposal;
      try {
        if (fetchErr) throw new CalculatorError(`unable to get metrics for resource ${resourceName}: ${fetchErr}`);
        if (targetSpec.averageValue != null) {
          proposal = getRawResourceReplicas(specReplicas, parseQuantity(String(targetSpec.averageValue)).milliValue(), resourceName, pods, metrics, timestamp, now);
        } else if (targetSpec.averageUtilization != null) {
          proposal = getResourceReplicas(specReplicas, targetSpec.averageUtilization, resourceName, container, pods, metrics, timestamp, now);
        } else {
          const msg = 'invalid resource metric source: neither an average utilization target nor an average value (usage) target was set';
          return done(unable(reason, msg, outer(msg)));
        }
      } catch (e) {
        if (!(e instanceof CalculatorError)) throw e;
        const inner = `failed to get ${resourceName} utilization: ${e.message}`;
        return done(unable(reason, inner, outer(inner)));
      }
      const current: any = { averageValue: fromMilli(proposal.rawUtilization, DecimalSI).toString() };
      if (proposal.utilization !== undefined) current.averageUtilization = proposal.utilization;
      const status = spec.type === 'Resource'
        ? { type: 'Resource', resource: { name: resourceName, current } }
        : { type: 'ContainerResource', containerResource: { name: resourceName, container, current } };
      const metricName = targetSpec.averageValue != null
        ? `${resourceName} resource`
        : `${resourceName} resource utilization (percentage of request)`;
      done({ replicas: proposal.replicas, metricName: spec.type === 'Resource' ? metricName : `${resourceName} container resource utilization (percentage of request)`, timestamp: proposal.timestamp }, status);
    });
  }

  /**
   * upstream: resourceMetricsClient.GetResourceMetric: the PodMetrics of the selected pods at
   * metrics-server's last scrape, each pod's value the sum of its containers' (milli-units).
   */
  #resourceMetrics(resource: string, container: string, pods: KObject[], reports: Map<string, UsageReport | undefined>, done: (m: PodMetricsInfo, timestamp: number, err?: string) => void): void {
    const at = lastScrape(this.clock.now());
    const nodes = [...new Set(pods.map((p) => p.spec?.nodeName).filter((n): n is string => !!n && !reports.has(n)))];
    const fetch = (i: number): void => {
      if (i < nodes.length) {
        return this.nodeUsage(nodes[i], at, (r) => {
          reports.set(nodes[i], r);
          fetch(i + 1);
        });
      }
      const present = new Map([...reports].filter((e): e is [string, UsageReport] => e[1] !== undefined));
      const items = podMetrics(pods, present, at);
      if (items.length === 0) return done(new Map(), 0, 'no metrics returned from resource metrics API');
      const info: PodMetricsInfo = new Map();
      for (const m of items) {
        const cs = container === '' ? m.containers : m.containers.filter((c) => c.name === container);
        if (cs.length === 0) continue;
        const value = cs.reduce((s, c) => s + (resource === 'cpu' ? cpuMilli(c.usage.cpuNano) : resource === 'memory' ? c.usage.memory * 1000 : 0), 0);
        info.set(m.name, { timestamp: m.timestamp, window: m.window, value });
      }
      done(info, items[0].timestamp);
    };
    fetch(0);
  }

  /** upstream: setStatus */
  #setStatus(hpa: KObject, currentReplicas: number, desiredReplicas: number, metricStatuses: any[], rescale: boolean): void {
    const old = hpa.status ?? {};
    // currentReplicas is omitempty, desiredReplicas is not.
    const status: any = { ...(currentReplicas !== 0 ? { currentReplicas } : {}), desiredReplicas };
    if (metricStatuses.length > 0) status.currentMetrics = metricStatuses;
    if (old.conditions) status.conditions = old.conditions;
    const lastScaleTime = rescale ? timestamp(this.clock.now()) : old.lastScaleTime;
    hpa.status = { ...(lastScaleTime ? { lastScaleTime } : {}), ...status };
  }

  /** upstream: updateStatusIfNeeded / updateStatus */
  #updateStatusIfNeeded(original: any, hpa: KObject, done: () => void): void {
    if (sameJSON(original, hpa.status)) return done();
    this.client.updateStatus('horizontalpodautoscalers', hpa, (err) => {
      if (err) this.#recorder.event(hpa, 'Warning', 'FailedUpdateStatus', err.message);
      done();
    });
  }
}
