/**
 * The gauges on a node card: how much of the node's CPU, memory, ephemeral storage and pod slots
 * the pods bound to it request, as `kubectl describe node` sums them under "Allocated resources".
 * Memory and disk are drawn against the node's capacity with the kubelet's hard eviction
 * threshold as a tick (memory.available < 100Mi, nodefs.available < 10% by default): past the
 * tick the kubelet reports MemoryPressure / DiskPressure and starts evicting.
 *
 * The page has no metrics stream, so "used" is what the pods request, not what they use.
 */
import type { KObject } from '../bridge/deltas';
import { tryParseQuantity } from '../../sim/api/quantity';
import { DefaultEvictionHard } from '../../sim/kubelet/eviction/helpers';

export interface Gauge {
  label: 'CPU' | 'MEM' | 'DISK' | 'PODS';
  used: number;
  capacity: number;
  /** Exact figures for the tooltip: `250m / 4`, `256Mi / 8Gi`, `3 / 110`. */
  detail: string;
  /** Where the eviction threshold falls, as a share of `capacity` (the tick). */
  threshold?: number;
  /** The node condition that is True for this resource: `MemoryPressure`, `DiskPressure`. */
  pressure?: string;
}

type Resource = 'cpu' | 'memory' | 'ephemeral-storage';

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

/**
 * The tick for a hard eviction threshold (`100Mi` or `10%` of what is available), as a share of
 * capacity: eviction starts once usage passes capacity minus the threshold.
 */
export function evictionTick(threshold: string | undefined, capacity: number): number | undefined {
  if (!threshold || capacity <= 0) return undefined;
  if (threshold.endsWith('%')) return 1 - Number(threshold.slice(0, -1)) / 100;
  const q = tryParseQuantity(threshold);
  return q ? Math.max(0, 1 - q.value() / capacity) : undefined;
}

function pressureOf(node: KObject, type: string): string | undefined {
  const c = (node.status?.conditions ?? []).find((x: KObject) => x.type === type);
  return c?.status === 'True' ? type : undefined;
}

export function nodeGauges(node: KObject, pods: readonly KObject[]): Gauge[] {
  const allocatable = node.status?.allocatable ?? node.status?.capacity ?? {};
  const capacity = node.status?.capacity ?? allocatable;
  const active = pods.filter((p) => !isTerminal(p));
  const sum = (resource: Resource) => active.reduce((n, p) => n + podRequest(p, resource), 0);
  const cpu = sum('cpu');
  const mem = sum('memory');
  const disk = sum('ephemeral-storage');
  const cpuCap = amount(allocatable.cpu, 'cpu');
  const memCap = amount(capacity.memory, 'memory');
  const memAlloc = amount(allocatable.memory, 'memory');
  const diskCap = amount(capacity['ephemeral-storage'], 'ephemeral-storage');
  const podCap = Number(allocatable.pods ?? 0);
  const memHard = DefaultEvictionHard['memory.available'];
  const diskHard = DefaultEvictionHard['nodefs.available'];
  const memPressure = pressureOf(node, 'MemoryPressure');
  const diskPressure = pressureOf(node, 'DiskPressure');
  const memTick = evictionTick(memHard, memCap);
  const diskTick = evictionTick(diskHard, diskCap);
  return [
    { label: 'CPU', used: cpu, capacity: cpuCap, detail: `${formatMilliCpu(cpu)} / ${formatMilliCpu(cpuCap)} requested` },
    {
      label: 'MEM',
      used: mem,
      capacity: memCap,
      detail: `${formatBytes(mem)} requested of ${formatBytes(memCap)} (allocatable ${formatBytes(memAlloc)}); the kubelet evicts when memory.available < ${memHard}` + (memPressure ? ': MemoryPressure now' : ''),
      ...(memTick !== undefined ? { threshold: memTick } : {}),
      ...(memPressure ? { pressure: memPressure } : {})
    },
    {
      label: 'DISK',
      used: disk,
      capacity: diskCap,
      detail: `${formatBytes(disk)} ephemeral-storage requested of ${formatBytes(diskCap)}; the kubelet evicts when nodefs.available < ${diskHard}` + (diskPressure ? ': DiskPressure now' : ''),
      ...(diskTick !== undefined ? { threshold: diskTick } : {}),
      ...(diskPressure ? { pressure: diskPressure } : {})
    },
    { label: 'PODS', used: active.length, capacity: podCap, detail: `${active.length} / ${podCap} pods` }
  ];
}
