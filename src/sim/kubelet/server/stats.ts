/**
 * /stats/summary: the node's and its pods' resource usage, shaped as upstream's statsapi.Summary
 * (node: cpu, memory, fs, runtime.imageFs, rlimit; pods: podRef, containers, cpu, memory,
 * ephemeral-storage, process_stats). kubarium does not meter processes, so usage is a plausible,
 * stable figure: each running container uses a fraction (20-80 %, fixed by a hash of its pod UID
 * and name, so no random draw disturbs the simulation) of its request, or a small baseline
 * without one (5m CPU, 8Mi); the node adds its system daemons (100m, 512Mi) to its pods'. Pure.
 * upstream: staging/src/k8s.io/kubelet/pkg/apis/stats/v1alpha1/types.go (Summary, NodeStats,
 * PodStats, ContainerStats, CPUStats, MemoryStats, FsStats), pkg/kubelet/server/stats/summary.go.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { parseTimestamp, timestamp } from '../../kernel/clock';
import { parseQuantity } from '../../api/quantity';
import { configHash } from '../config/file';
import type { NodeIdentity } from '../nodestatus/setters';

const MI = 1024 * 1024;
const SYSTEM_CPU_MILLI = 100;
const SYSTEM_MEMORY_BYTES = 512 * MI;

/** A fraction in [0.2, 0.8) fixed by `key`. */
function usageFraction(key: string): number {
  return 0.2 + (parseInt(configHash(key).slice(0, 8), 16) / 0x100000000) * 0.6;
}

function cpuMilli(q: unknown): number {
  return q === undefined ? 0 : Number(parseQuantity(String(q)).milliValue());
}

function bytes(q: unknown): number {
  return q === undefined ? 0 : Number(parseQuantity(String(q)).value());
}

interface Usage {
  cpuNanoCores: number;
  memoryBytes: number;
}

/** A running container's usage: a stable fraction of its requests, or a small baseline. */
export function containerUsage(podUID: string, container: any): Usage {
  const f = usageFraction(`${podUID}/${container.name}`);
  const req = container.resources?.requests ?? {};
  const cpu = req.cpu !== undefined ? cpuMilli(req.cpu) * f : 5;
  const mem = req.memory !== undefined ? bytes(req.memory) * f : 8 * MI;
  return { cpuNanoCores: Math.round(cpu * 1e6), memoryBytes: Math.round(mem / 4096) * 4096 };
}

function cpuStats(time: string, u: Usage, runningSeconds: number): any {
  return { time, usageNanoCores: u.cpuNanoCores, usageCoreNanoSeconds: Math.round(u.cpuNanoCores * runningSeconds) };
}

function memoryStats(time: string, u: Usage, available?: number): any {
  return {
    time,
    ...(available !== undefined ? { availableBytes: available } : {}),
    usageBytes: u.memoryBytes,
    workingSetBytes: u.memoryBytes,
    rssBytes: Math.round((u.memoryBytes * 0.8) / 4096) * 4096,
    pageFaults: 0,
    majorPageFaults: 0
  };
}

export interface SummaryInput {
  identity: NodeIdentity;
  /** Virtual ms now and when the kubelet started. */
  now: number;
  startTime: number;
  /** The pods the kubelet runs, with their current status. */
  pods: any[];
}

/** upstream: summary.go Get: the node first, then one PodStats per pod. */
export function buildSummary({ identity, now, startTime, pods }: SummaryInput): any {
  const time = timestamp(now);
  const podStats: any[] = [];
  let nodeCpu = SYSTEM_CPU_MILLI * 1e6;
  let nodeMem = SYSTEM_MEMORY_BYTES;
  for (const pod of pods) {
    const md = pod.metadata;
    const statuses: any[] = pod.status?.containerStatuses ?? [];
    const containers: any[] = [];
    const total: Usage = { cpuNanoCores: 0, memoryBytes: 0 };
    let coreNanoSeconds = 0;
    for (const c of pod.spec?.containers ?? []) {
      const st = statuses.find((s) => s.name === c.name);
      const startedAt = st?.state?.running?.startedAt;
      if (!startedAt) continue;
      const u = containerUsage(md.uid, c);
      const runningSeconds = Math.max(0, (now - (parseTimestamp(startedAt) ?? now)) / 1000);
      total.cpuNanoCores += u.cpuNanoCores;
      total.memoryBytes += u.memoryBytes;
      const cpu = cpuStats(time, u, runningSeconds);
      coreNanoSeconds += cpu.usageCoreNanoSeconds;
      containers.push({ name: c.name, startTime: startedAt, cpu, memory: memoryStats(time, u) });
    }
    nodeCpu += total.cpuNanoCores;
    nodeMem += total.memoryBytes;
    const podStart = pod.status?.startTime ?? md.creationTimestamp;
    podStats.push({
      podRef: { name: md.name, namespace: md.namespace, uid: md.uid },
      startTime: podStart,
      containers,
      cpu: { time, usageNanoCores: total.cpuNanoCores, usageCoreNanoSeconds: coreNanoSeconds },
      memory: memoryStats(time, total),
      'ephemeral-storage': { time, usedBytes: containers.length * 24576 },
      process_stats: { process_count: containers.length }
    });
  }
  const capacityMem = bytes(identity.memory);
  const capacityDisk = bytes(identity.ephemeralStorage);
  const usedDisk = Math.round(capacityDisk * 0.12);
  const nodeUsage = { cpuNanoCores: nodeCpu, memoryBytes: nodeMem };
  const nodeSeconds = Math.max(0, (now - startTime) / 1000);
  return {
    node: {
      nodeName: identity.name,
      systemContainers: [
        { name: 'kubelet', startTime: timestamp(startTime), cpu: cpuStats(time, { cpuNanoCores: 30e6, memoryBytes: 0 }, nodeSeconds), memory: memoryStats(time, { cpuNanoCores: 0, memoryBytes: 64 * MI }) },
        { name: 'runtime', startTime: timestamp(0), cpu: cpuStats(time, { cpuNanoCores: 20e6, memoryBytes: 0 }, now / 1000), memory: memoryStats(time, { cpuNanoCores: 0, memoryBytes: 96 * MI }) },
        { name: 'pods', startTime: timestamp(0), cpu: cpuStats(time, { cpuNanoCores: nodeCpu - SYSTEM_CPU_MILLI * 1e6, memoryBytes: 0 }, nodeSeconds), memory: memoryStats(time, { cpuNanoCores: 0, memoryBytes: nodeMem - SYSTEM_MEMORY_BYTES }, capacityMem - nodeMem) }
      ],
      startTime: timestamp(0),
      cpu: cpuStats(time, nodeUsage, now / 1000),
      memory: memoryStats(time, nodeUsage, capacityMem - nodeMem),
      fs: { time, availableBytes: capacityDisk - usedDisk, capacityBytes: capacityDisk, usedBytes: usedDisk, inodesFree: 6_400_000, inodes: 6_553_600, inodesUsed: 153_600 },
      runtime: { imageFs: { time, availableBytes: capacityDisk - usedDisk, capacityBytes: capacityDisk, usedBytes: Math.round(usedDisk / 2), inodesFree: 6_400_000, inodes: 6_553_600, inodesUsed: 153_600 } },
      rlimit: { time, maxpid: 4_194_304, curproc: 180 + podStats.length * 2 }
    },
    pods: podStats
  };
}
