/**
 * The Metrics API (metrics.k8s.io/v1beta1 PodMetrics) as metrics-server computes it from the
 * kubelets: every kubelet is scraped every 15 s (--metric-resolution), CPU is a rate between two
 * scrapes, so figures are those of the last scrape (a multiple of 15 s of virtual time, its
 * `timestamp`, with a 15 s `window`), and a pod appears only once each of its running containers
 * was seen at two scrapes. `kubectl top pod` and the HPA controller's metrics client both read
 * PodMetrics through podMetrics() here, so they see the same numbers at the same time.
 * upstream: kubernetes-sigs/metrics-server (pkg/storage: a pod's point needs two scrapes of every
 * container; --metric-resolution 15s), k8s.io/metrics/pkg/apis/metrics/v1beta1 PodMetrics.
 */

/** metrics-server --metric-resolution */
export const METRIC_RESOLUTION_MS = 15_000;

/** What a node answers at a scrape time: the node and each running container (kubelet/cm/node-controls.ts). */
export interface UsageReport {
  node: { usageNanoCores: number; workingSetBytes: number };
  containers: { namespace: string; pod: string; podUID: string; container: string; startedAt: number; usageNanoCores: number; workingSetBytes: number }[];
}

export interface Usage {
  cpuNano: number;
  memory: number;
}

export interface PodMetrics {
  namespace: string;
  name: string;
  /** The scrape the figures come from, and the window the CPU rate covers (ms). */
  timestamp: number;
  window: number;
  containers: { name: string; usage: Usage }[];
  usage: Usage;
}

/** The last scrape at or before `now`. */
export function lastScrape(now: number): number {
  return Math.floor(now / METRIC_RESOLUTION_MS) * METRIC_RESOLUTION_MS;
}

/** Quantity.MilliValue of a CPU usage in nanocores (rounds up). */
export function cpuMilli(nano: number): number {
  return Math.ceil(nano / 1e6);
}

/* eslint-disable @typescript-eslint/no-explicit-any */
/** The PodMetrics metrics-server has at scrape time `at` for `pods`, from their nodes' reports (by node name). */
export function podMetrics(pods: any[], reports: Map<string, UsageReport>, at: number): PodMetrics[] {
  const out: PodMetrics[] = [];
  for (const p of pods) {
    const r = reports.get(p.spec?.nodeName ?? '');
    if (!r) continue;
    const cs = r.containers.filter((c) => c.podUID === p.metadata.uid);
    if (cs.length === 0 || cs.some((c) => c.startedAt > at - METRIC_RESOLUTION_MS)) continue;
    const containers = cs.map((c) => ({ name: c.container, usage: { cpuNano: c.usageNanoCores, memory: c.workingSetBytes } }));
    out.push({
      namespace: p.metadata.namespace,
      name: p.metadata.name,
      timestamp: at,
      window: METRIC_RESOLUTION_MS,
      containers,
      usage: containers.reduce((s, c) => ({ cpuNano: s.cpuNano + c.usage.cpuNano, memory: s.memory + c.usage.memory }), { cpuNano: 0, memory: 0 })
    });
  }
  return out;
}
