/**
 * The kubelet's cgroup layout and the values it writes, pure: the QoS cgroups under `kubepods`
 * (Guaranteed pods directly under it, Burstable and BestEffort in their own cgroup), each pod's
 * cgroup named per cgroupDriver, and cpu.weight / cpu.max / memory.max from requests and limits
 * (cgroup v2: cpu.shares converted to a weight).
 * upstream: pkg/kubelet/cm/cgroup_manager_linux.go (NewCgroupName, ToSystemd, ToCgroupfs,
 * escapeSystemdCgroupName), pkg/kubelet/cm/qos_container_manager_linux.go (setCPUCgroupConfig:
 * BestEffort MinShares, Burstable = sum of requests), pkg/kubelet/cm/helpers_linux.go
 * (MilliCPUToShares, MilliCPUToQuota, ResourceConfigForPod), pkg/kubelet/cm/cgroup_v2_manager_linux.go
 * and libcontainer's cgroups.ConvertCPUSharesToCgroupV2Value, pkg/kubelet/cm/pod_container_manager_linux.go
 * (podCgroupNamePrefix "pod").
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { getPodQOS, type QOSClass } from '../../api/qos';
import { tryParseQuantity } from '../../api/quantity';

export type CgroupDriver = 'systemd' | 'cgroupfs';

// upstream: helpers_linux.go
export const MinShares = 2;
export const MaxShares = 262144;
export const SharesPerCPU = 1024;
export const MilliCPUToCPU = 1000;
export const QuotaPeriod = 100000;
export const MinQuotaPeriod = 1000;

/** upstream: helpers_linux.go MilliCPUToShares */
export function milliCPUToShares(milliCPU: number): number {
  if (milliCPU === 0) return MinShares;
  const shares = Math.floor((milliCPU * SharesPerCPU) / MilliCPUToCPU);
  return Math.min(MaxShares, Math.max(MinShares, shares));
}

/** upstream: libcontainer cgroups.ConvertCPUSharesToCgroupV2Value: [2, 262144] -> [1, 10000]. */
export function cpuSharesToWeight(shares: number): number {
  if (shares === 0) return 0;
  return 1 + Math.floor(((shares - 2) * 9999) / 262142);
}

/** upstream: helpers_linux.go MilliCPUToQuota (period 100ms; at least 1ms). */
export function milliCPUToQuota(milliCPU: number, period = QuotaPeriod): number {
  if (milliCPU === 0) return 0;
  return Math.max(MinQuotaPeriod, Math.floor((milliCPU * period) / MilliCPUToCPU));
}

export function milli(q: unknown): number {
  return q === undefined ? 0 : Number(tryParseQuantity(String(q))?.milliValue() ?? 0);
}

export function bytes(q: unknown): number {
  return q === undefined ? 0 : Number(tryParseQuantity(String(q))?.value() ?? 0);
}

/** cpu.weight, cpu.max (quota millicores, undefined: max) and memory.max (bytes, undefined: max) of one cgroup. */
export interface ResourceConfig {
  cpuWeight: number;
  cpuLimitMilli?: number;
  memoryLimit?: number;
}

/** A container's own cgroup: its request and limits. upstream: kuberuntime_container_linux.go generateLinuxContainerResources */
export function containerResourceConfig(container: any): ResourceConfig {
  const req = container.resources?.requests ?? {};
  const lim = container.resources?.limits ?? {};
  // Requests default to limits (API defaulting), so a limit alone is also the request.
  const cpuReq = milli(req.cpu ?? lim.cpu);
  return {
    cpuWeight: cpuSharesToWeight(milliCPUToShares(cpuReq)),
    ...(lim.cpu !== undefined && milli(lim.cpu) > 0 ? { cpuLimitMilli: milli(lim.cpu) } : {}),
    ...(lim.memory !== undefined && bytes(lim.memory) > 0 ? { memoryLimit: bytes(lim.memory) } : {})
  };
}

/** The pod's cgroup: summed requests; cpu.max / memory.max only when every container has that limit. upstream: ResourceConfigForPod */
export function podResourceConfig(pod: any): ResourceConfig {
  const containers: any[] = pod.spec?.containers ?? [];
  let cpuReq = 0;
  let cpuLim = 0;
  let memLim = 0;
  let cpuLimited = containers.length > 0;
  let memLimited = containers.length > 0;
  for (const c of containers) {
    const req = c.resources?.requests ?? {};
    const lim = c.resources?.limits ?? {};
    cpuReq += milli(req.cpu ?? lim.cpu);
    if (milli(lim.cpu) > 0) cpuLim += milli(lim.cpu);
    else cpuLimited = false;
    if (bytes(lim.memory) > 0) memLim += bytes(lim.memory);
    else memLimited = false;
  }
  const qos = getPodQOS(pod);
  return {
    cpuWeight: cpuSharesToWeight(qos === 'BestEffort' ? MinShares : milliCPUToShares(cpuReq)),
    ...(cpuLimited ? { cpuLimitMilli: cpuLim } : {}),
    ...(memLimited ? { memoryLimit: memLim } : {})
  };
}

/** The cgroup path components of a pod: [kubepods, (qos,) pod<uid>]. upstream: NewCgroupName, GetPodContainerName */
export function podCgroupName(qos: QOSClass, uid: string): string[] {
  const base = qos === 'Guaranteed' ? ['kubepods'] : ['kubepods', qos.toLowerCase()];
  return [...base, `pod${uid}`];
}

/** systemd escapes '-' in a component (it separates slice levels) as '_'. upstream: escapeSystemdCgroupName */
function escapeSystemd(part: string): string {
  return part.replaceAll('-', '_');
}

/**
 * The cgroup path as the driver names it: systemd `/kubepods.slice/kubepods-burstable.slice/
 * kubepods-burstable-pod<uid>.slice`, cgroupfs `/kubepods/burstable/pod<uid>`.
 * upstream: CgroupName.ToSystemd (each level a slice named after its ancestors) and ToCgroupfs.
 */
export function cgroupPath(name: string[], driver: CgroupDriver): string {
  if (driver === 'cgroupfs') return '/' + name.join('/');
  const out: string[] = [];
  let prefix = '';
  for (const part of name) {
    prefix = prefix ? `${prefix}-${escapeSystemd(part)}` : escapeSystemd(part);
    out.push(`${prefix}.slice`);
  }
  return '/' + out.join('/');
}

/** A container's cgroup leaf under its pod: containerd's `cri-containerd-<id>.scope` (systemd) or the ID (cgroupfs). */
export function containerCgroupLeaf(containerId: string, driver: CgroupDriver): string {
  return driver === 'systemd' ? `cri-containerd-${containerId}.scope` : containerId;
}

/** cgroup v2 file values as `cat` prints them. */
export function cpuMaxValue(limitMilli: number | undefined): string {
  return limitMilli === undefined ? `max ${QuotaPeriod}` : `${milliCPUToQuota(limitMilli)} ${QuotaPeriod}`;
}

export function memoryMaxValue(limit: number | undefined): string {
  return limit === undefined ? 'max' : String(limit);
}

/** The QoS class the kubelet files a pod under. */
export function podQOS(pod: any): QOSClass {
  return pod.status?.qosClass ?? getPodQOS(pod);
}
