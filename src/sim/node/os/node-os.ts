/**
 * The node's kernel, as far as resources go: the processes of the running containers with their
 * cgroup limits (the kubelet's container manager writes them, as runc writes memory.max and
 * cpu.max), the memory, disk and PID accounting of the whole machine, and the OOM killer: when a
 * container's working set will reach its memory.max, a timer at that virtual time kills it
 * through the runtime's `oomKill` (exit 137, OOMKilled). Nothing polls: usage is computed when
 * asked, and a timer exists only for a container with a limit and growing memory.
 * One NodeOS per machine: it belongs to the container runtime (kept across kubelet restarts,
 * gone at power-off), found with `nodeOSFor(runtime)`.
 * The faults of `sim node pressure` (memory used outside pods, disk filled, PIDs taken) and
 * `sim container leak|hang` live here too.
 * upstream (what is modelled): the kernel's memcg OOM killer; cadvisor's node and container
 * stats as the kubelet reads them (pkg/kubelet/eviction/helpers.go makeSignalObservations,
 * pkg/kubelet/stats); Linux pid_max (4194304 on 64-bit systemd hosts).
 */
import type { SimClock, TimerId } from '../../kernel/clock';
import type { TraceInput } from '../../kernel/trace';
import type { ContainerRuntime } from '../cri/runtime';
import { MI, timeToReach, usageNanoCores, workingSetBytes, type ContainerProcess } from './usage';

/** What runs outside pods: the OS, systemd, containerd and the kubelet. */
export const SYSTEM_MEMORY_BYTES = 512 * MI;
export const SYSTEM_CPU_NANOCORES = 100e6;
/** The OS on the root filesystem (nodefs; the image filesystem is the same disk, kubeadm's default layout). */
export const SYSTEM_DISK_BYTES = 6 * 1024 * MI;
/** ext4 with the default 16 KiB per inode. */
export const BYTES_PER_INODE = 16 * 1024;
export const SYSTEM_INODES = 180_000;
export const PID_MAX = 4_194_304;
export const SYSTEM_PIDS = 180;

/** A container process with who it belongs to. */
export interface TrackedContainer extends ContainerProcess {
  podUID: string;
  namespace: string;
  pod: string;
  container: string;
}

/** A pod's cgroup as the kubelet wrote it (`sim node cgroups` lists them). */
export interface PodCgroup {
  uid: string;
  namespace: string;
  name: string;
  qos: 'Guaranteed' | 'Burstable' | 'BestEffort';
  cpuRequestMilli: number;
  cpuWeight: number;
  cpuLimitMilli?: number;
  memoryLimit?: number;
}

export type PressureKind = 'memory' | 'disk' | 'pids';

export interface NodeCapacity {
  memoryBytes: number;
  diskBytes: number;
}

/** The machine-wide figures the eviction manager's signals are observed from (memory, disk, PIDs: no CPU signal). */
export interface NodeSignals {
  memory: { capacityBytes: number; workingSetBytes: number; availableBytes: number };
  fs: { capacityBytes: number; usedBytes: number; availableBytes: number; inodes: number; inodesFree: number };
  pids: { max: number; used: number };
}

/** The machine-wide figures, CPU included (cadvisor's machine stats, `kubectl top node`). */
export interface NodeUsage extends NodeSignals {
  cpu: { usageNanoCores: number };
}

export class NodeOS {
  readonly #containers = new Map<string, TrackedContainer>();
  readonly #oomTimers = new Map<string, TimerId>();
  readonly #hung = new Set<string>();
  readonly #pressure: Record<PressureKind, number> = { memory: 0, disk: 0, pids: 0 };
  /** Pod cgroups by pod UID: created by the kubelet's pod container manager, removed when the pod is done. */
  readonly podCgroups = new Map<string, PodCgroup>();
  capacity: NodeCapacity = { memoryBytes: 8 * 1024 * MI, diskBytes: 100 * 1024 * MI };
  /**
   * The pods' memory, kept incrementally for the eviction manager's 10 s observations: once a
   * container's ramp is over (and it does not leak) its working set never changes again, so it is
   * added to #settledBytes once; only the unsettled ones are computed at each reading. Readings at
   * an earlier time than the last one (a metrics query about the past) are computed in full.
   */
  readonly #settled = new Map<string, number>();
  readonly #unsettled = new Map<string, TrackedContainer>();
  #settledBytes = 0;
  #settledAt = -Infinity;

  constructor(
    readonly runtime: ContainerRuntime,
    readonly clock: SimClock,
    readonly trace: (e: TraceInput) => void = () => {}
  ) {
    runtime.onContainerExit((e) => this.#untrack(e.containerId));
  }

  /** Starts accounting a running container, or updates its cgroup limits (idempotent). */
  track(c: TrackedContainer): void {
    const prev = this.#containers.get(c.containerId);
    if (!prev) {
      const next = { ...c };
      this.#containers.set(c.containerId, next);
      this.#unsettled.set(c.containerId, next);
      return this.#scheduleOOM(next);
    }
    const changed = prev.memoryLimit !== c.memoryLimit;
    prev.memoryLimit = c.memoryLimit;
    prev.cpuLimitMilli = c.cpuLimitMilli;
    if (changed) this.#scheduleOOM(prev);
  }

  containers(): TrackedContainer[] {
    return [...this.#containers.values()];
  }

  container(containerId: string): TrackedContainer | undefined {
    return this.#containers.get(containerId);
  }

  /** `sim container leak`: the process's memory grows by `bytesPerSecond` from now on (0 stops it). */
  leak(containerId: string, bytesPerSecond: number): boolean {
    const c = this.#containers.get(containerId);
    if (!c) return false;
    const now = this.clock.now();
    // Fold the leak so far into the base, so a new rate starts from the current working set.
    const grown = c.leak && now > c.leak.since ? c.leak.bytesPerMs * (now - c.leak.since) : 0;
    c.profile = { ...c.profile, baseBytes: c.profile.baseBytes + grown, targetBytes: c.profile.targetBytes + grown };
    c.leak = bytesPerSecond > 0 ? { bytesPerMs: bytesPerSecond / 1000, since: now } : undefined;
    this.#unsettle(c);
    this.#scheduleOOM(c);
    return true;
  }

  /** `sim container hang`: the process stops answering (probes read this flag). */
  hang(containerId: string): void {
    if (!this.#hung.has(containerId)) hungContainers++;
    this.#hung.add(containerId);
  }

  isHung(containerId: string): boolean {
    return this.#hung.has(containerId);
  }

  /** `sim node pressure KIND AMOUNT`: memory used by a process outside pods, disk bytes filled, PIDs taken; 0 clears. */
  setPressure(kind: PressureKind, amount: number): void {
    this.#pressure[kind] = Math.max(0, amount);
  }

  pressure(kind: PressureKind): number {
    return this.#pressure[kind];
  }

  /** The container's working set and CPU at `t` (export for /stats/summary and metrics). */
  containerUsage(containerId: string, t: number): { usageNanoCores: number; workingSetBytes: number } | undefined {
    const c = this.#containers.get(containerId);
    return c ? { usageNanoCores: usageNanoCores(c, t), workingSetBytes: workingSetBytes(c, t) } : undefined;
  }

  /** Per pod UID: its running containers' usage at `t`. */
  podUsage(t: number): Map<string, { containers: Map<string, { usageNanoCores: number; workingSetBytes: number }>; usageNanoCores: number; workingSetBytes: number }> {
    const out = new Map<string, { containers: Map<string, { usageNanoCores: number; workingSetBytes: number }>; usageNanoCores: number; workingSetBytes: number }>();
    for (const c of this.#containers.values()) {
      if (c.startedAt > t) continue;
      let p = out.get(c.podUID);
      if (!p) out.set(c.podUID, (p = { containers: new Map(), usageNanoCores: 0, workingSetBytes: 0 }));
      const u = { usageNanoCores: usageNanoCores(c, t), workingSetBytes: workingSetBytes(c, t) };
      p.containers.set(c.container, u);
      p.usageNanoCores += u.usageNanoCores;
      p.workingSetBytes += u.workingSetBytes;
    }
    return out;
  }

  /** The machine at `t`: memory (system + pressure + pods), CPU, the root filesystem, PIDs. */
  nodeUsage(t: number): NodeUsage {
    let podCPU = 0;
    for (const c of this.#containers.values()) podCPU += usageNanoCores(c, t);
    const { memory, fs, pids } = this.nodeSignals(t);
    return { memory, cpu: { usageNanoCores: SYSTEM_CPU_NANOCORES + podCPU }, fs, pids };
  }

  /** The machine at `t` as the eviction manager observes it: memory, the root filesystem, PIDs. */
  nodeSignals(t: number): NodeSignals {
    const ws = SYSTEM_MEMORY_BYTES + this.#pressure.memory + this.#podMemory(t);
    const images = this.runtime.images.list().reduce((n, i) => n + i.size, 0);
    // Filesystems allocate whole 4 KiB blocks.
    const used = Math.min(this.capacity.diskBytes, Math.ceil((SYSTEM_DISK_BYTES + images + this.#pressure.disk) / 4096) * 4096);
    const inodes = Math.floor(this.capacity.diskBytes / BYTES_PER_INODE);
    const inodesUsed = Math.min(inodes, SYSTEM_INODES + Math.floor((images + this.#pressure.disk) / (256 * 1024)));
    return {
      memory: { capacityBytes: this.capacity.memoryBytes, workingSetBytes: ws, availableBytes: Math.max(0, this.capacity.memoryBytes - ws) },
      fs: { capacityBytes: this.capacity.diskBytes, usedBytes: used, availableBytes: this.capacity.diskBytes - used, inodes, inodesFree: inodes - inodesUsed },
      pids: { max: PID_MAX, used: Math.min(PID_MAX, SYSTEM_PIDS + this.#containers.size + this.#pressure.pids) }
    };
  }

  /** The running containers' working sets at `t` (whole pages each, so the sum is exact in any order). */
  #podMemory(t: number): number {
    if (t < this.#settledAt) {
      let bytes = 0;
      for (const c of this.#containers.values()) bytes += workingSetBytes(c, t);
      return bytes;
    }
    this.#settledAt = t;
    let bytes = this.#settledBytes;
    for (const c of this.#unsettled.values()) {
      const ws = workingSetBytes(c, t);
      // From the end of its ramp on, a container that does not leak keeps this working set.
      if (!c.leak && t >= c.startedAt + Math.max(0, c.profile.rampMs)) {
        this.#unsettled.delete(c.containerId);
        this.#settled.set(c.containerId, ws);
        this.#settledBytes += ws;
      }
      bytes += ws;
    }
    return bytes;
  }

  /** The container's working set may change again (it leaks now, or stopped leaking from a new base). */
  #unsettle(c: TrackedContainer): void {
    const ws = this.#settled.get(c.containerId);
    if (ws !== undefined) {
      this.#settled.delete(c.containerId);
      this.#settledBytes -= ws;
    }
    this.#unsettled.set(c.containerId, c);
  }

  /** The machine loses power: every process is gone and no OOM kill is pending. */
  powerOff(): void {
    for (const t of this.#oomTimers.values()) this.clock.cancel(t);
    this.#oomTimers.clear();
    this.#containers.clear();
    this.#settled.clear();
    this.#unsettled.clear();
    this.#settledBytes = 0;
    hungContainers -= this.#hung.size;
    this.#hung.clear();
    this.podCgroups.clear();
  }

  /** The memcg OOM killer: a timer at the moment the working set reaches memory.max. */
  #scheduleOOM(c: TrackedContainer): void {
    this.clock.cancel(this.#oomTimers.get(c.containerId));
    this.#oomTimers.delete(c.containerId);
    if (c.memoryLimit === undefined) return;
    const at = timeToReach(c, c.memoryLimit, Math.max(this.clock.now(), c.startedAt));
    if (at === undefined) return;
    this.#oomTimers.set(
      c.containerId,
      this.clock.at(at, () => {
        this.#oomTimers.delete(c.containerId);
        if (this.#containers.get(c.containerId) !== c) return;
        this.trace({ component: 'kernel', node: this.runtime.node, pod: `${c.namespace}/${c.pod}`, kind: 'kernel.oomKill', containerId: c.containerId, container: c.container, workingSetBytes: workingSetBytes(c, at), limitBytes: c.memoryLimit });
        this.runtime.oomKill(c.containerId);
      })
    );
  }

  #untrack(containerId: string): void {
    this.clock.cancel(this.#oomTimers.get(containerId));
    this.#oomTimers.delete(containerId);
    this.#containers.delete(containerId);
    this.#unsettled.delete(containerId);
    const ws = this.#settled.get(containerId);
    if (ws !== undefined) {
      this.#settled.delete(containerId);
      this.#settledBytes -= ws;
    }
    if (this.#hung.delete(containerId)) hungContainers--;
  }
}

/** Keyed by the runtime's image store: the same object through the kubelet's instrumented proxy of the runtime. */
const byRuntime = new WeakMap<object, NodeOS>();

/** The machine's kernel: one per container runtime (a power-off boots a new runtime, and a new kernel). */
/**
 * How many containers are hung on every node of this process (`sim container hang`): while none
 * is, a probe need not reach its node's NodeOS to ask (the kubelet asks at every probe). It only
 * picks the path to the answer, never the answer.
 */
let hungContainers = 0;

export function anyContainerHung(): boolean {
  return hungContainers > 0;
}

export function nodeOSFor(runtime: ContainerRuntime, clock: SimClock, trace?: (e: TraceInput) => void): NodeOS {
  let os = byRuntime.get(runtime.images);
  if (!os) byRuntime.set(runtime.images, (os = new NodeOS(runtime, clock, trace)));
  return os;
}
