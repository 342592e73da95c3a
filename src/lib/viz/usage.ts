/**
 * The gauges on a node card: how much of the node's allocatable CPU, memory and pod slots the pods
 * bound to it request, as `kubectl describe node` sums them under "Allocated resources".
 */
import type { KObject } from '../bridge/deltas';
import { tryParseQuantity } from '../../sim/api/quantity';

export interface Gauge {
  label: 'CPU' | 'MEM' | 'PODS';
  used: number;
  capacity: number;
  /** Exact figures for the tooltip: `250m / 4`, `256Mi / 8Gi`, `3 / 110`. */
  detail: string;
}

type Resource = 'cpu' | 'memory';

function amount(raw: unknown, resource: Resource): number {
  if (raw === undefined || raw === null) return 0;
  const q = tryParseQuantity(String(raw));
  if (!q) return 0;
  return resource === 'cpu' ? q.milliValue() : q.value();
}

/** A pod's effective request: max(sum of containers, largest init container). upstream: resourcehelper.PodRequests */
export function podRequest(pod: KObject, resource: Resource): number {
  const sum = (pod.spec?.containers ?? []).reduce((n: number, c: any) => n + amount(c.resources?.requests?.[resource], resource), 0);
  const init = (pod.spec?.initContainers ?? []).reduce((n: number, c: any) => Math.max(n, amount(c.resources?.requests?.[resource], resource)), 0);
  return Math.max(sum, init);
}

function isTerminal(pod: KObject): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

export function formatMilliCpu(milli: number): string {
  return milli % 1000 === 0 ? String(milli / 1000) : `${milli}m`;
}

export function formatBytes(bytes: number): string {
  const units = ['', 'Ki', 'Mi', 'Gi', 'Ti'];
  let i = 0;
  let v = bytes;
  while (v >= 1024 && i < units.length - 1 && v % 1024 === 0) {
    v /= 1024;
    i++;
  }
  if (v >= 1024 && i < units.length - 1) {
    // Not an exact multiple: show one decimal in the next unit up.
    while (v >= 1024 && i < units.length - 1) {
      v /= 1024;
      i++;
    }
    return `${v.toFixed(1)}${units[i]}`;
  }
  return `${v}${units[i]}`;
}

export function nodeGauges(node: KObject, pods: readonly KObject[]): Gauge[] {
  const allocatable = node.status?.allocatable ?? node.status?.capacity ?? {};
  const active = pods.filter((p) => !isTerminal(p));
  const cpu = active.reduce((n, p) => n + podRequest(p, 'cpu'), 0);
  const mem = active.reduce((n, p) => n + podRequest(p, 'memory'), 0);
  const cpuCap = amount(allocatable.cpu, 'cpu');
  const memCap = amount(allocatable.memory, 'memory');
  const podCap = Number(allocatable.pods ?? 0);
  return [
    { label: 'CPU', used: cpu, capacity: cpuCap, detail: `${formatMilliCpu(cpu)} / ${formatMilliCpu(cpuCap)} requested` },
    { label: 'MEM', used: mem, capacity: memCap, detail: `${formatBytes(mem)} / ${formatBytes(memCap)} requested` },
    { label: 'PODS', used: active.length, capacity: podCap, detail: `${active.length} / ${podCap} pods` }
  ];
}
