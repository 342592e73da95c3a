/**
 * The kubelet's metrics, named, helped and bucketed as upstream registers them, on one registry
 * per kubelet process (a restarted kubelet starts from zero, as upstream's process does).
 * Counters and histograms move only when something happens (a CRI call returns, a pod sync
 * ends); the gauges and the PLEG histograms, which would change every relist, are computed when
 * /metrics is scraped, so an idle node costs nothing per tick.
 * upstream: pkg/kubelet/metrics/metrics.go, pkg/kubelet/kuberuntime/instrumented_services.go
 * (recordOperation, recordError), pkg/kubelet/pleg/generic.go (relist: PLEGRelistDuration,
 * PLEGRelistInterval, updateRunningPodAndContainerMetrics).
 */
import { DEF_BUCKETS, exponentialBuckets, Registry, type Metric, type MetricChild } from './registry';

/** upstream: metrics.go podStartupDurationBuckets */
export const POD_STARTUP_DURATION_BUCKETS = [0.5, 1, 2, 3, 4, 5, 6, 8, 10, 20, 30, 45, 60, 120, 180, 240, 300, 360, 480, 600, 900, 1200, 1800, 2700, 3600];

/** What the kubelet's runtime holds at scrape time (for the running gauges). */
export interface RuntimeCounts {
  /** Pods with a ready sandbox. */
  runningPods: number;
  /** Containers by CRI state, lower-cased without the prefix as upstream labels them (`running`, `exited`, `created`, `unknown`). */
  containers: Record<string, number>;
}

/** upstream: instrumented_services.go's operation name for ExecSync. */
const OPERATION_EXEC_SYNC = 'exec_sync';

export class KubeletMetrics {
  readonly registry = new Registry();
  readonly nodeName: Metric;
  readonly runningPods: Metric;
  readonly runningContainers: Metric;
  readonly plegRelistDuration: Metric;
  readonly plegRelistInterval: Metric;
  readonly runtimeOperations: Metric;
  readonly runtimeOperationsDuration: Metric;
  readonly runtimeOperationsErrors: Metric;
  readonly podWorkerDuration: Metric;
  readonly podStartDuration: Metric;
  readonly startedContainers: Metric;
  readonly startedContainersErrors: Metric;
  readonly startedPods: Metric;
  readonly evictions: Metric;
  /** PLEG relists happen every period from `#plegStart`: counted at scrape time, not per relist. */
  #plegStart?: number;
  #plegStop?: number;
  #plegPeriodMs = 1000;

  constructor(node: string) {
    const r = this.registry;
    this.nodeName = r.gauge({ name: 'kubelet_node_name', help: "The node's name. The count is always 1.", stabilityLevel: 'ALPHA', labels: ['node'] });
    this.nodeName.set(1, { node });
    this.runningPods = r.gauge({ name: 'kubelet_running_pods', help: 'Number of pods that have a running pod sandbox', stabilityLevel: 'ALPHA' });
    this.runningContainers = r.gauge({ name: 'kubelet_running_containers', help: 'Number of containers currently running', stabilityLevel: 'ALPHA', labels: ['container_state'] });
    this.plegRelistDuration = r.histogram({ name: 'kubelet_pleg_relist_duration_seconds', help: 'Duration in seconds for relisting pods in PLEG.', stabilityLevel: 'ALPHA', buckets: DEF_BUCKETS });
    this.plegRelistInterval = r.histogram({ name: 'kubelet_pleg_relist_interval_seconds', help: 'Interval in seconds between relisting in PLEG.', stabilityLevel: 'ALPHA', buckets: DEF_BUCKETS });
    this.runtimeOperations = r.counter({ name: 'kubelet_runtime_operations_total', help: 'Cumulative number of runtime operations by operation type.', stabilityLevel: 'ALPHA', labels: ['operation_type'] });
    this.runtimeOperationsDuration = r.histogram({
      name: 'kubelet_runtime_operations_duration_seconds',
      help: 'Duration in seconds of runtime operations. Broken down by operation type.',
      stabilityLevel: 'ALPHA',
      labels: ['operation_type'],
      buckets: exponentialBuckets(0.005, 2.5, 14)
    });
    this.runtimeOperationsErrors = r.counter({ name: 'kubelet_runtime_operations_errors_total', help: 'Cumulative number of runtime operation errors by operation type.', stabilityLevel: 'ALPHA', labels: ['operation_type'] });
    this.podWorkerDuration = r.histogram({
      name: 'kubelet_pod_worker_duration_seconds',
      help: 'Duration in seconds to sync a single pod. Broken down by operation type: create, update, or sync',
      stabilityLevel: 'ALPHA',
      labels: ['operation_type'],
      buckets: DEF_BUCKETS
    });
    this.podStartDuration = r.histogram({
      name: 'kubelet_pod_start_duration_seconds',
      help: 'Duration in seconds from kubelet seeing a pod for the first time to the pod starting to run',
      stabilityLevel: 'ALPHA',
      buckets: POD_STARTUP_DURATION_BUCKETS
    });
    this.startedContainers = r.counter({ name: 'kubelet_started_containers_total', help: 'Cumulative number of containers started', stabilityLevel: 'ALPHA', labels: ['container_type'] });
    this.startedContainersErrors = r.counter({ name: 'kubelet_started_containers_errors_total', help: 'Cumulative number of errors when starting containers', stabilityLevel: 'ALPHA', labels: ['container_type', 'code'] });
    this.startedPods = r.counter({ name: 'kubelet_started_pods_total', help: 'Cumulative number of pods started', stabilityLevel: 'ALPHA' });
    this.evictions = r.counter({ name: 'kubelet_evictions', help: 'Cumulative number of pod evictions by eviction signal', stabilityLevel: 'ALPHA', labels: ['eviction_signal'] });
  }

  /** upstream: kuberuntime_manager.go SyncPod start(): StartedContainersTotal, then StartedContainersErrorsTotal on failure. */
  containerStarting(containerType: string): void {
    this.startedContainers.inc({ container_type: containerType });
  }

  podStarting(): void {
    this.startedPods.inc();
  }

  containerStartFailed(containerType: string, code: string): void {
    this.startedContainersErrors.inc({ container_type: containerType, code });
  }

  /** upstream: instrumented_services.go recordOperation / recordError, for one CRI call. */
  runtimeOperation(operation: string, durationMs: number, ok: boolean): void {
    const op = this.#operation(operation);
    op.total.inc();
    op.duration.observe(durationMs / 1000);
    if (!ok) this.runtimeOperationsErrors.inc(op.labels);
  }

  /** The series of an operation type, held (every exec probe's ExecSync lands in them). */
  #operation(operation: string): { total: MetricChild; duration: MetricChild; labels: { operation_type: string } } {
    let op = this.#operations.get(operation);
    if (op === undefined) {
      const labels = { operation_type: operation };
      op = { total: this.runtimeOperations.child(labels), duration: this.runtimeOperationsDuration.child(labels), labels };
      this.#operations.set(operation, op);
    }
    return op;
  }

  readonly #operations = new Map<string, { total: MetricChild; duration: MetricChild; labels: { operation_type: string } }>();

  /**
   * A successful ExecSync (an exec probe's, every period): counted here and folded into the
   * exec_sync series when they are read (render), as PLEG relists are; exec probes' calls all last
   * the same, so a run of equal durations is one count. A failure, or another duration, folds first.
   */
  execSyncAnswered(durationMs: number, ok: boolean): void {
    if (ok && durationMs === this.#execMs) {
      this.#execCount++;
      return;
    }
    this.#foldExecs();
    if (!ok) return this.runtimeOperation(OPERATION_EXEC_SYNC, durationMs, ok);
    this.#execMs = durationMs;
    this.#execCount = 1;
  }

  /** Successful ExecSyncs not yet in the series, all of #execMs. */
  #execCount = 0;
  #execMs = NaN;

  #foldExecs(): void {
    if (this.#execCount === 0) return;
    const op = this.#operation(OPERATION_EXEC_SYNC);
    op.total.inc(this.#execCount);
    op.duration.observe(this.#execMs / 1000, this.#execCount);
    this.#execCount = 0;
  }

  /** Pods whose start was already observed (kubelet_pod_start_duration_seconds counts each pod once). */
  readonly #podsStarted = new Set<string>();

  /**
   * A pod sync ended: kubelet_pod_worker_duration_seconds, and, the first time the kubelet's status
   * for the pod is Running, kubelet_pod_start_duration_seconds from when the kubelet first saw it.
   * upstream: kubelet.go SyncPod (PodWorkerDuration, PodStartDuration with firstSeenTime).
   */
  podSynced(uid: string, operation: 'create' | 'update' | 'sync', durationMs: number, firstSeenMs: number, running: boolean, now: number): void {
    this.podWorkerDuration.observe(durationMs / 1000, { operation_type: operation });
    if (running && !this.#podsStarted.has(uid)) {
      this.#podsStarted.add(uid);
      this.podStartDuration.observe((now - firstSeenMs) / 1000);
    }
  }

  /** The PLEG's relist loop started (or stopped) at this virtual time. */
  plegStarted(now: number, periodMs: number): void {
    this.#plegStart = now;
    this.#plegStop = undefined;
    this.#plegPeriodMs = periodMs;
  }

  plegStopped(now: number): void {
    this.#plegStop = now;
  }

  /** Brings the scrape-time metrics up to date, then renders the registry (text format 0.0.4). */
  render(now: number, runtime: RuntimeCounts): string {
    this.#foldExecs();
    this.runningPods.set(runtime.runningPods);
    this.runningContainers.reset();
    for (const [state, n] of Object.entries(runtime.containers)) this.runningContainers.set(n, { container_state: state });
    this.plegRelistDuration.reset();
    this.plegRelistInterval.reset();
    if (this.#plegStart !== undefined) {
      const end = this.#plegStop ?? now;
      const relists = Math.max(0, Math.floor((end - this.#plegStart) / this.#plegPeriodMs));
      // A relist here reads the runtime's exit events in memory: it takes no virtual time.
      this.plegRelistDuration.observeN(0, relists);
      // upstream observes the interval from the second relist on.
      this.plegRelistInterval.observeN(this.#plegPeriodMs / 1000, relists - 1);
    }
    return this.registry.render();
  }
}
