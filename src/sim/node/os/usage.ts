/**
 * What a container's process uses, as a table keyed by program (and read from its argv): memory
 * working set and CPU as functions of virtual time since the process started. Pure and lazy:
 * nothing runs per tick; callers ask for the usage at a time (the eviction manager every 10 s,
 * `kubectl top`, /stats/summary). Jitter is fixed per container (a Rand seeded from its ID) and,
 * for CPU, per 15 s window, so the same container at the same time always reads the same.
 * Memory never decreases while the process lives, which lets `timeToReach` binary-search the
 * moment a limit is crossed (the kernel schedules the OOM kill then, see node-os.ts).
 * upstream (figures): stress(1) --vm/--vm-bytes/--vm-hang/--cpu, vish/stress -mem-total/
 * -mem-alloc-size/-mem-alloc-sleep/-cpus, the docs' assign-memory/assign-cpu examples.
 */
import { Rand } from '../../kernel/rand';
import { parseQuantity } from '../../api/quantity';
import { flag } from '../programs/daemon';

export const KI = 1024;
export const MI = 1024 * KI;
export const PAGE_SIZE = 4096;

/** A program's demand: memory ramps from `baseBytes` to `targetBytes` over `rampMs`; CPU is flat. */
export interface UsageProfile {
  baseBytes: number;
  targetBytes: number;
  rampMs: number;
  /** CPU demand in millicores (throttled to the cgroup's cpu.max by the caller). */
  cpuMilli: number;
}

const flat = (memMi: number, cpuMilli: number): UsageProfile => ({ baseBytes: memMi * MI, targetBytes: memMi * MI, rampMs: 0, cpuMilli });

/** Daemons at rest: plausible idle figures (nginx ~3 MiB, pause ~0.5 MiB, the control plane heavier). */
const IDLE: Record<string, UsageProfile> = {
  pause: flat(0.5, 0),
  nginx: flat(3, 1),
  httpd: flat(8, 1),
  redis: flat(4, 2),
  postgres: flat(30, 3),
  agnhost: flat(10, 1),
  goproxy: flat(6, 1),
  etcd: flat(45, 20),
  'kube-apiserver': flat(250, 50),
  'kube-controller-manager': flat(50, 15),
  'kube-scheduler': flat(20, 5),
  'kube-proxy': flat(15, 1),
  coredns: flat(15, 3)
};

/** stress(1) sizes: a number with an optional b/k/m/g suffix (powers of 1024). */
function stressBytes(s: string | undefined, fallback: number): number {
  const m = /^(\d+)([bBkKmMgG]?)$/.exec(s ?? '');
  if (!m) return fallback;
  const mult = { '': 1, b: 1, k: KI, m: MI, g: 1024 * MI }[m[2].toLowerCase() as ''];
  return Number(m[1]) * mult;
}

function quantityBytes(s: string | undefined, fallback: number): number {
  if (s === undefined) return fallback;
  try {
    return Number(parseQuantity(s).value());
  } catch {
    return fallback;
  }
}

/** polinux/stress and vish/stress, read from their flags. */
function stressProfile(argv: readonly string[]): UsageProfile {
  const base = 1 * MI;
  // vish/stress: grows by -mem-alloc-size every -mem-alloc-sleep up to -mem-total; -cpus N burns N cores.
  if (flag(argv, 'mem-total') !== undefined || flag(argv, 'cpus') !== undefined) {
    const total = quantityBytes(flag(argv, 'mem-total'), 0);
    const step = quantityBytes(flag(argv, 'mem-alloc-size'), 100 * MI);
    const sleep = /^(\d+)(ms|s|m)?$/.exec(flag(argv, 'mem-alloc-sleep') ?? '1s');
    const sleepMs = sleep ? Number(sleep[1]) * { ms: 1, s: 1000, m: 60_000 }[(sleep[2] ?? 's') as 's'] : 1000;
    const cpus = Number(flag(argv, 'cpus') ?? 0) || 0;
    return { baseBytes: base, targetBytes: base + total, rampMs: step > 0 ? Math.ceil(total / step) * sleepMs : 0, cpuMilli: cpus * 1000 };
  }
  // stress --vm N --vm-bytes B [--vm-hang S] --cpu N: each vm worker mallocs and touches B bytes
  // (~1 s for a few hundred MiB) then spins re-touching it, or sleeps S s with --vm-hang.
  const vm = Number(flag(argv, 'vm') ?? flag(argv, 'm') ?? 0) || 0;
  const bytes = stressBytes(flag(argv, 'vm-bytes'), 256 * MI);
  const hang = flag(argv, 'vm-hang') !== undefined;
  const cpu = Number(flag(argv, 'cpu') ?? flag(argv, 'c') ?? 0) || 0;
  return { baseBytes: base, targetBytes: base + vm * bytes, rampMs: vm > 0 ? 1000 : 0, cpuMilli: cpu * 1000 + vm * (hang ? 20 : 1000) };
}

/** A shell: a loop without a sleep burns a core; anything else idles. */
function shellProfile(argv: readonly string[]): UsageProfile {
  const script = argv.slice(1).join(' ');
  const loops = /\b(while|until|for)\b/.test(script);
  const sleeps = /\bsleep\b/.test(script);
  return flat(0.5, loops && !sleeps ? 1000 : loops ? 1 : 0);
}

/** The usage profile of a process: by program name, read from its argv where the program takes sizes. */
export function usageProfile(program: string, argv: readonly string[]): UsageProfile {
  if (program === 'stress') return stressProfile(argv);
  if (program === 'sh') return shellProfile(argv);
  return IDLE[program] ?? flat(2, 0);
}

/** A running container as the node's kernel sees it: its process, when it started, its cgroup limits, faults. */
export interface ContainerProcess {
  containerId: string;
  profile: UsageProfile;
  startedAt: number;
  /** memory.max in bytes (undefined: max). */
  memoryLimit?: number;
  /** cpu.max as millicores (undefined: max). */
  cpuLimitMilli?: number;
  /** `sim container leak`: bytes per ms from `since`. */
  leak?: { bytesPerMs: number; since: number };
  /** Memo of the fixed jitters below (the eviction manager reads every container every 10 s). */
  jitterMemo?: { memory: number; cpuWindow: number; cpu: number };
}

function seedOf(containerId: string): number {
  return parseInt(containerId.slice(0, 8), 16) >>> 0 || 1;
}

function jitterMemo(c: ContainerProcess): { memory: number; cpuWindow: number; cpu: number } {
  return (c.jitterMemo ??= { memory: 1 + (new Rand(seedOf(c.containerId)).float() - 0.5) * 0.04, cpuWindow: -1, cpu: 1 });
}

/** The container's fixed memory jitter: +-2 %. */
function memoryJitter(c: ContainerProcess): number {
  return jitterMemo(c).memory;
}

/** The container's CPU jitter in a 15 s window: +-5 %. */
function cpuJitter(c: ContainerProcess, window: number): number {
  const m = jitterMemo(c);
  if (m.cpuWindow !== window) {
    m.cpuWindow = window;
    m.cpu = 1 + (new Rand((seedOf(c.containerId) ^ Math.imul(window + 1, 0x9e3779b1)) >>> 0).float() - 0.5) * 0.1;
  }
  return m.cpu;
}

/** Working set in bytes at `t` (0 before start). Non-decreasing in t. */
export function workingSetBytes(c: ContainerProcess, t: number): number {
  const dt = t - c.startedAt;
  if (dt < 0) return 0;
  const p = c.profile;
  const ramp = p.rampMs <= 0 ? 1 : Math.min(1, dt / p.rampMs);
  let bytes = (p.baseBytes + (p.targetBytes - p.baseBytes) * ramp) * memoryJitter(c);
  if (c.leak && t > c.leak.since) bytes += c.leak.bytesPerMs * (t - c.leak.since);
  // Memory is charged in whole pages.
  return Math.floor(bytes / PAGE_SIZE) * PAGE_SIZE;
}

/** CPU in nanocores at `t`: the demand with +-5 % jitter per 15 s window, throttled at cpu.max. */
export function usageNanoCores(c: ContainerProcess, t: number): number {
  if (t < c.startedAt || c.profile.cpuMilli <= 0) return 0;
  const window = Math.floor(t / 15_000);
  let milli = c.profile.cpuMilli * cpuJitter(c, window);
  if (c.cpuLimitMilli !== undefined) milli = Math.min(milli, c.cpuLimitMilli);
  return Math.round(milli * 1e6);
}

/**
 * The first time >= `from` at which the working set reaches `bytes`, or undefined if it never
 * does (a flat or finished ramp below it and no leak). Binary search to the millisecond.
 */
export function timeToReach(c: ContainerProcess, bytes: number, from: number): number | undefined {
  if (workingSetBytes(c, from) >= bytes) return from;
  let hi = Math.max(from, c.startedAt + c.profile.rampMs);
  if (workingSetBytes(c, hi) < bytes) {
    if (!c.leak || c.leak.bytesPerMs <= 0) return undefined;
    hi = Math.max(hi, c.leak.since) + Math.ceil((bytes - workingSetBytes(c, Math.max(hi, c.leak.since))) / c.leak.bytesPerMs) + 1;
  }
  let lo = from;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (workingSetBytes(c, mid) >= bytes) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The CPU-seconds the container used in (from, to]: its usage is flat within each 15 s window, so the sum is exact. */
export function cpuSecondsBetween(c: ContainerProcess, from: number, to: number): number {
  let t = Math.max(from, c.startedAt);
  let total = 0;
  while (t < to) {
    const end = Math.min(to, (Math.floor(t / 15_000) + 1) * 15_000);
    total += (usageNanoCores(c, t) / 1e9) * ((end - t) / 1000);
    t = end;
  }
  return total;
}
