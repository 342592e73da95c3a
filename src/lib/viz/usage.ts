/**
 * The gauges on a node card.
 * - CPU and PODS: what the pods bound to the node request, as `kubectl describe node` sums them
 *   under "Allocated resources".
 * - MEM and DISK: what is in use, as the kubelet's eviction manager observes it
 *   (makeSignalObservations): memory is the working set of every container plus the system's
 *   (the OS, containerd, the kubelet, and `sim node pressure memory`), disk is the root
 *   filesystem (nodefs: the OS, the images, `sim node pressure disk`). The worker samples it from
 *   each kubelet (PlaygroundService `node-usage`, NodeUsageSample). Both are drawn against
 *   capacity with the hard eviction threshold as a tick (memory.available < 100Mi,
 *   nodefs.available < 10% by default): past the tick the kubelet reports MemoryPressure /
 *   DiskPressure and starts evicting. What the pods request stays as a secondary mark (the
 *   underline) and in the tooltip. With no sample (the kubelet does not answer) they fall back
 *   to the requests, and say so.
 */
import type { KObject } from '../bridge/deltas';
import { Milli, scaledValue } from '../../sim/api/quantity-parse';
import { DefaultEvictionHard } from '../../sim/kubelet/eviction/defaults';
import type { NodeUsageSample } from '../bridge/protocol';

export interface Gauge {
  label: 'CPU' | 'MEM' | 'DISK' | 'PODS';
  used: number;
  capacity: number;
  /** Exact figures for the tooltip: `250m / 4`, `256Mi / 8Gi`, `3 / 110`. */
  detail: string;
  /** What the pods request, as a share of `capacity`, when `used` is usage (the secondary mark). */
  requested?: number;
  /** True when `used` is what is in use; false when it is what the pods request. */
  inUse?: boolean;
  /** Where the eviction threshold falls, as a share of `capacity` (the tick). */
  threshold?: number;
  /** The node condition that is True for this resource: `MemoryPressure`, `DiskPressure`. */
  pressure?: string;
}

type Resource = 'cpu' | 'memory' | 'ephemeral-storage';

function amount(raw: unknown, resource: Resource): number {
  if (raw === undefined || raw === null) return 0;
  // CPU in millicores (MilliValue), the rest in bytes (Value).
  return scaledValue(String(raw), resource === 'cpu' ? Milli : 0) ?? 0;
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
  const bytes = scaledValue(threshold, 0);
  return bytes !== undefined ? Math.max(0, 1 - bytes / capacity) : undefined;
}

function pressureOf(node: KObject, type: string): string | undefined {
  const c = (node.status?.conditions ?? []).find((x: KObject) => x.type === type);
  return c?.status === 'True' ? type : undefined;
}

export function nodeGauges(node: KObject, pods: readonly KObject[], usage?: NodeUsageSample): Gauge[] {
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
  const share = (n: number, of: number) => (of > 0 ? n / of : 0);
  const memGauge: Gauge = usage
    ? {
        label: 'MEM',
        used: usage.memory.workingSetBytes,
        capacity: memCap,
        inUse: true,
        requested: share(mem, memCap),
        detail:
          `${formatBytes(usage.memory.workingSetBytes)} in use of ${formatBytes(memCap)} (working set of the pods and the system; memory.available ${formatBytes(usage.memory.availableBytes)}); ` +
          `${formatBytes(mem)} requested (the underline), allocatable ${formatBytes(memAlloc)}; the kubelet evicts when memory.available < ${memHard}` +
          (memPressure ? ': MemoryPressure now' : '')
      }
    : {
        label: 'MEM',
        used: mem,
        capacity: memCap,
        inUse: false,
        detail: `${formatBytes(mem)} requested of ${formatBytes(memCap)} (allocatable ${formatBytes(memAlloc)}); the kubelet evicts when memory.available < ${memHard}` + (memPressure ? ': MemoryPressure now' : '')
      };
  const diskGauge: Gauge = usage
    ? {
        label: 'DISK',
        used: usage.fs.usedBytes,
        capacity: diskCap,
        inUse: true,
        requested: share(disk, diskCap),
        detail:
          `${formatBytes(usage.fs.usedBytes)} in use of ${formatBytes(diskCap)} (nodefs: the OS, images and files; available ${formatBytes(usage.fs.availableBytes)}); ` +
          `${formatBytes(disk)} ephemeral-storage requested; the kubelet evicts when nodefs.available < ${diskHard}` +
          (diskPressure ? ': DiskPressure now' : '')
      }
    : {
        label: 'DISK',
        used: disk,
        capacity: diskCap,
        inUse: false,
        detail: `${formatBytes(disk)} ephemeral-storage requested of ${formatBytes(diskCap)}; the kubelet evicts when nodefs.available < ${diskHard}` + (diskPressure ? ': DiskPressure now' : '')
      };
  return [
    { label: 'CPU', used: cpu, capacity: cpuCap, detail: `${formatMilliCpu(cpu)} / ${formatMilliCpu(cpuCap)} requested` },
    { ...memGauge, ...(memTick !== undefined ? { threshold: memTick } : {}), ...(memPressure ? { pressure: memPressure } : {}) },
    { ...diskGauge, ...(diskTick !== undefined ? { threshold: diskTick } : {}), ...(diskPressure ? { pressure: diskPressure } : {}) },
    { label: 'PODS', used: active.length, capacity: podCap, detail: `${active.length} / ${podCap} pods` }
  ];
}
