/**
 * The Metrics tab's charts as data: each a title, a one-line explanation for learners, a unit and
 * the PromQL queries it draws (src/sim/monitoring), plus the pure helpers the charts use: the
 * window a refresh asks for, when to refresh, a series' legend, and value formats.
 */
import { parseQuantity } from '../../sim/api/quantity';
import { DefaultEvictionHard } from '../../sim/kubelet/eviction/defaults';
import { formatBytes } from '../viz/usage';
import type { MetricsQuery } from '../bridge/protocol';

export type Unit = 'count' | 'seconds' | 'bytes';

export interface PanelQuery {
  expr: string;
  /** The legend of one series of the result, from its labels. */
  legend: (labels: Record<string, string>) => string;
  /** Drawn dashed (a threshold). */
  dashed?: boolean;
}

export interface Panel {
  id: string;
  title: string;
  help: string;
  unit: Unit;
  queries: PanelQuery[];
}

/** Scrapes happen every 15 s of virtual time: the charts' step. */
export const STEP_MS = 15_000;
/** How much time a chart shows, up to the moment shown. */
export const WINDOW_MS = 10 * 60_000;

const node = (l: Record<string, string>) => l.instance ?? '';
const memHardBytes = Number(parseQuantity(DefaultEvictionHard['memory.available']).value());
const nodefsHardShare = Number(DefaultEvictionHard['nodefs.available'].replace('%', '')) / 100;

export const PANELS: Panel[] = [
  {
    id: 'running-pods',
    title: 'Running pods per node',
    help: 'kubelet_running_pods: pods with a ready sandbox, as the PLEG last listed them',
    unit: 'count',
    queries: [{ expr: 'kubelet_running_pods', legend: node }]
  },
  {
    id: 'running-containers',
    title: 'Running containers per node',
    help: 'kubelet_running_containers{container_state="running"}',
    unit: 'count',
    queries: [{ expr: 'sum by (instance) (kubelet_running_containers{container_state="running"})', legend: node }]
  },
  {
    id: 'pleg-relist',
    title: 'PLEG relist duration, p99',
    help: 'histogram_quantile(0.99, ...kubelet_pleg_relist_duration_seconds_bucket[1m]): how long each relist of the runtime took',
    unit: 'seconds',
    queries: [{ expr: 'histogram_quantile(0.99, sum by (instance, le) (rate(kubelet_pleg_relist_duration_seconds_bucket[1m])))', legend: node }]
  },
  {
    id: 'runtime-latency',
    title: 'CRI operation latency, p99 by operation',
    help: 'kubelet_runtime_operations_duration_seconds over 5m, all nodes: a gap means no such call in the window',
    unit: 'seconds',
    queries: [{ expr: 'histogram_quantile(0.99, sum by (operation_type, le) (rate(kubelet_runtime_operations_duration_seconds_bucket{operation_type!~"list_.*|.*status|version|image_fs_info"}[5m])))', legend: (l) => l.operation_type ?? '' }]
  },
  {
    id: 'pod-start',
    title: 'Pod start duration, p50 and p90',
    help: 'kubelet_pod_start_duration_seconds since each kubelet started (the buckets as they are, not a rate: pods start rarely): from the kubelet first seeing a pod to it running, image pulls included',
    unit: 'seconds',
    queries: [
      { expr: 'histogram_quantile(0.5, sum by (le) (kubelet_pod_start_duration_seconds_bucket))', legend: () => 'p50' },
      { expr: 'histogram_quantile(0.9, sum by (le) (kubelet_pod_start_duration_seconds_bucket))', legend: () => 'p90' }
    ]
  },
  {
    id: 'node-memory',
    title: 'Node memory working set vs eviction',
    help: `container_memory_working_set_bytes{id="/"} (cAdvisor); dashed: capacity - memory.available ${DefaultEvictionHard['memory.available']}, where the kubelet starts evicting`,
    unit: 'bytes',
    queries: [
      { expr: 'container_memory_working_set_bytes{id="/"}', legend: node },
      { expr: `machine_memory_bytes - ${memHardBytes}`, legend: (l) => `${node(l)} threshold`, dashed: true }
    ]
  },
  {
    id: 'node-disk',
    title: 'Node disk (nodefs) used vs eviction',
    help: `container_fs_usage_bytes{id="/"}; dashed: capacity - nodefs.available ${DefaultEvictionHard['nodefs.available']}`,
    unit: 'bytes',
    queries: [
      { expr: 'container_fs_usage_bytes{id="/"}', legend: node },
      { expr: `container_fs_limit_bytes{id="/"} * ${1 - nodefsHardShare}`, legend: (l) => `${node(l)} threshold`, dashed: true }
    ]
  },
  {
    id: 'restarts',
    title: 'Container starts per 5m (restarts included)',
    help: 'increase(kubelet_started_containers_total[5m]) and its errors: a crash-looping container keeps this up',
    unit: 'count',
    queries: [
      { expr: 'sum by (instance) (increase(kubelet_started_containers_total{container_type="container"}[5m]))', legend: node },
      { expr: 'sum by (instance) (increase(kubelet_started_containers_errors_total[5m]))', legend: (l) => `${node(l)} errors`, dashed: true }
    ]
  }
];

/** The range a refresh asks for: the last WINDOW_MS (or since boot) up to `end`, one point per scrape. */
export function windowQueries(exprs: readonly string[], end: number): MetricsQuery[] {
  const start = Math.max(0, end - WINDOW_MS);
  return exprs.map((expr) => ({ expr, start, end, step: STEP_MS }));
}

/**
 * What decides a refresh: live, the latest scrape (new data comes every 15 s of virtual time);
 * viewing the past, the moment viewed (the data ends there).
 */
export function refreshKey(t: number, viewing: boolean): string {
  return viewing ? `past:${t}` : `live:${Math.floor(t / STEP_MS)}`;
}

/** Okabe-Ito, colour-blind safe (UI.md), in a fixed order by legend. */
export const SERIES_COLOURS = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#f0e442', '#999999'];

export function formatValue(v: number, unit: Unit): string {
  if (!Number.isFinite(v)) return Number.isNaN(v) ? 'NaN' : v > 0 ? '+Inf' : '-Inf';
  switch (unit) {
    case 'bytes':
      return formatBytes(Math.round(v));
    case 'seconds':
      if (v === 0) return '0s';
      if (Math.abs(v) < 1e-3) return `${+(v * 1e6).toPrecision(3)}µs`;
      if (Math.abs(v) < 1) return `${+(v * 1e3).toPrecision(3)}ms`;
      return `${+v.toPrecision(3)}s`;
    default:
      return Number.isInteger(v) ? String(v) : String(+v.toPrecision(3));
  }
}

/**
 * The unit a query box chart reads its values in, guessed from the metric names (Prometheus's
 * naming convention: `_bytes`, `_seconds`); rates and counts stay plain numbers.
 */
export function unitOf(expr: string): Unit {
  if (/\b(rate|irate|increase|delta|idelta|count|count_over_time)\s*\(/.test(expr) && !/histogram_quantile/.test(expr)) return 'count';
  if (/_bytes\b/.test(expr)) return 'bytes';
  if (/_seconds(_bucket|_sum)?\b/.test(expr)) return 'seconds';
  return 'count';
}
