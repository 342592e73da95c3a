/**
 * The kubelet's CPU manager. Policy `none` (the default): every container may run on every CPU.
 * Policy `static`: a container of a Guaranteed pod whose CPU request is a whole number gets that
 * many CPUs to itself (taken by topology, whole cores first) when the pod is admitted; they leave
 * the shared pool, which every other container uses. The reserved CPUs (reservedSystemCPUs, or as
 * many as kubeReserved + systemReserved cpu rounded up, taken first) stay in the shared pool and
 * are never given exclusively. The state is checkpointed in `/var/lib/kubelet/cpu_manager_state`
 * as upstream's JSON (the checksum is simulated), read back when the kubelet restarts; every
 * cpuManagerReconcilePeriod (10s) assignments of pods no longer active return to the pool.
 * upstream: pkg/kubelet/cm/cpumanager (cpu_manager.go NewManager, policy_static.go Allocate /
 * allocateCPUs / guaranteedCPUs, policy_none.go, state/checkpoint.go CPUManagerCheckpoint),
 * pkg/kubelet/cm/topologymanager (the admit handler: UnexpectedAdmissionError).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { milli, podQOS } from '../cgroups';
import { cpuTopology, formatCPUSet, parseCPUSet, takeByTopology, type CPUTopology } from './cpuset';
import type { KubeletConfiguration } from '../../config/config';

export const CPU_MANAGER_STATE_FILE = '/var/lib/kubelet/cpu_manager_state';

/** The reservation the static policy needs: reservedSystemCPUs, else kubeReserved + systemReserved cpu (milli). */
function reservedMilli(config: KubeletConfiguration): { milli: number; specific?: number[] } {
  const specific = typeof config.reservedSystemCPUs === 'string' && config.reservedSystemCPUs !== '' ? parseCPUSet(config.reservedSystemCPUs) : undefined;
  if (specific) return { milli: specific.length * 1000, specific };
  const kube = (config.kubeReserved as Record<string, string> | undefined)?.cpu;
  const system = (config.systemReserved as Record<string, string> | undefined)?.cpu;
  return { milli: milli(kube ?? 0) + milli(system ?? 0) };
}

/** Why the kubelet cannot start its CPU manager with `config`, in upstream's words; undefined when it can. upstream: cpu_manager.go NewManager. */
export function cpuManagerFailure(config: KubeletConfiguration, numCPUs?: number): string | undefined {
  const policy = String(config.cpuManagerPolicy ?? 'none');
  if (policy === 'none' || policy === '') return undefined;
  if (policy !== 'static') return `unknown policy: "${policy}"`;
  if (typeof config.reservedSystemCPUs === 'string' && config.reservedSystemCPUs !== '' && !parseCPUSet(config.reservedSystemCPUs)) return `failed to parse reservedSystemCPUs: "${config.reservedSystemCPUs}"`;
  const r = reservedMilli(config);
  if (r.milli <= 0) return '[cpumanager] the static policy requires systemreserved.cpu + kubereserved.cpu to be greater than zero';
  if (numCPUs !== undefined && Math.ceil(r.milli / 1000) > numCPUs) return `new static policy error: not enough CPUs available to satisfy reservation request: requested=${Math.ceil(r.milli / 1000)}, available=${numCPUs}`;
  return undefined;
}

/** upstream: policy_static.go guaranteedCPUs: a whole number of CPUs requested by a container of a Guaranteed pod, else 0. */
export function guaranteedCPUs(pod: any, container: any): number {
  if (podQOS(pod) !== 'Guaranteed') return 0;
  const m = milli(container.resources?.requests?.cpu ?? container.resources?.limits?.cpu);
  return m > 0 && m % 1000 === 0 ? m / 1000 : 0;
}

/** FNV-1a (32 bits) of a text: a stand-in for upstream's checksum of the checkpoint. */
function checksum(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export class CPUManager {
  readonly topology: CPUTopology;
  readonly policy: 'none' | 'static';
  readonly reserved: number[];
  /** cpuManagerPolicyOptions `full-pcpus-only: "true"`: exclusive CPUs only in whole physical cores. */
  readonly fullPCPUsOnly: boolean;
  /** The shared pool: every CPU no container holds exclusively (the reserved ones included). */
  #defaultSet: Set<number>;
  /** podUID -> container -> its exclusive CPUs. */
  readonly #assignments = new Map<string, Map<string, number[]>>();

  constructor(
    config: KubeletConfiguration,
    numCPUs: number,
    /** Reads and writes the node's checkpoint file. */
    readonly files?: { read(path: string): string | undefined; write(path: string, text: string): void }
  ) {
    this.topology = cpuTopology(numCPUs);
    this.policy = config.cpuManagerPolicy === 'static' ? 'static' : 'none';
    this.fullPCPUsOnly = String((config.cpuManagerPolicyOptions as Record<string, unknown> | undefined)?.['full-pcpus-only'] ?? '') === 'true';
    const all = Array.from({ length: numCPUs }, (_, i) => i);
    this.#defaultSet = new Set(all);
    const r = reservedMilli(config);
    this.reserved = this.policy === 'static' ? (r.specific ?? takeByTopology(this.topology, all, Math.ceil(r.milli / 1000)) ?? []) : [];
    this.#restore();
    this.#checkpoint();
  }

  /** The checkpoint of the same policy, if any (upstream refuses to start on another policy's: kubarium starts afresh). */
  #restore(): void {
    const text = this.files?.read(CPU_MANAGER_STATE_FILE);
    if (!text) return;
    try {
      const state = JSON.parse(text);
      if (state.policyName !== this.policy || this.policy !== 'static') return;
      for (const [uid, containers] of Object.entries<Record<string, string>>(state.entries ?? {})) {
        for (const [name, set] of Object.entries(containers)) {
          const cpus = parseCPUSet(set) ?? [];
          if (cpus.some((c) => !this.#defaultSet.has(c))) continue;
          this.#assign(uid, name, cpus);
        }
      }
    } catch {
      // A corrupt checkpoint: start afresh.
    }
  }

  #assign(uid: string, container: string, cpus: number[]): void {
    let pod = this.#assignments.get(uid);
    if (!pod) this.#assignments.set(uid, (pod = new Map()));
    pod.set(container, cpus);
    for (const c of cpus) this.#defaultSet.delete(c);
  }

  /**
   * Admission: exclusive CPUs for each container that asks for them, or why not (nothing is kept
   * then): with the `full-pcpus-only` policy option a count that is not whole cores is an
   * SMTAlignmentError; too few CPUs left is an unexpected error. upstream: policy_static.go
   * Allocate / allocateCPUs, SMTAlignmentError.Error, cm/admission/errors.go GetPodAdmitResult.
   */
  allocate(pod: any): { reason: string; message: string } | undefined {
    if (this.policy !== 'static') return undefined;
    const uid = pod.metadata.uid as string;
    for (const c of pod.spec?.containers ?? []) {
      const n = guaranteedCPUs(pod, c);
      if (n === 0 || this.#assignments.get(uid)?.has(c.name)) continue;
      if (this.fullPCPUsOnly && n % this.topology.threadsPerCore !== 0) {
        this.release(uid);
        return { reason: 'SMTAlignmentError', message: `SMT Alignment Error: requested ${n} cpus not multiple cpus per core = ${this.topology.threadsPerCore}` };
      }
      const reserved = new Set(this.reserved);
      const assignable = [...this.#defaultSet].filter((cpu) => !reserved.has(cpu)).sort((a, b) => a - b);
      const cpus = takeByTopology(this.topology, assignable, n);
      if (!cpus) {
        this.release(uid);
        return { reason: 'UnexpectedAdmissionError', message: `Allocate failed due to not enough cpus available to satisfy request: requested=${n}, available=${assignable.length}, which is unexpected` };
      }
      this.#assign(uid, c.name, cpus);
    }
    this.#checkpoint();
    return undefined;
  }

  /** The pod's CPUs return to the shared pool. upstream: policy_static.go RemoveContainer. */
  release(uid: string): void {
    const pod = this.#assignments.get(uid);
    if (!pod) return;
    for (const cpus of pod.values()) for (const c of cpus) this.#defaultSet.add(c);
    this.#assignments.delete(uid);
    this.#checkpoint();
  }

  /** upstream: cpu_manager.go reconcileState / removeStaleState: assignments of pods not active any more are dropped. */
  reconcile(activeUIDs: Set<string>): void {
    for (const uid of [...this.#assignments.keys()]) if (!activeUIDs.has(uid)) this.release(uid);
  }

  /** The CPUs a container may run on (cpuset.cpus): its own, or the shared pool. */
  cpusetOf(uid: string, container: string): string {
    return formatCPUSet(this.#assignments.get(uid)?.get(container) ?? this.#defaultSet);
  }

  exclusive(uid: string, container: string): boolean {
    return this.#assignments.get(uid)?.has(container) ?? false;
  }

  sharedPool(): string {
    return formatCPUSet(this.#defaultSet);
  }

  /** upstream: state/checkpoint.go CPUManagerCheckpoint (policyName, defaultCpuSet, entries omitted when empty, checksum). */
  stateJSON(): string {
    const entries: Record<string, Record<string, string>> = {};
    for (const [uid, pod] of [...this.#assignments].sort(([a], [b]) => a.localeCompare(b))) entries[uid] = Object.fromEntries([...pod].map(([n, cpus]) => [n, formatCPUSet(cpus)]));
    const body = { policyName: this.policy, defaultCpuSet: this.policy === 'none' ? '' : this.sharedPool(), ...(Object.keys(entries).length ? { entries } : {}) };
    return JSON.stringify({ ...body, checksum: checksum(JSON.stringify(body)) });
  }

  #checkpoint(): void {
    this.files?.write(CPU_MANAGER_STATE_FILE, this.stateJSON());
  }

  /** `sim node cgroups`' header: the topology and the pools. */
  describe(): string {
    const t = this.topology;
    const cores = Array.from({ length: t.numCores }, (_, c) => `core ${c}: ${formatCPUSet(t.cpusOfCore(c))}`).join(', ');
    const lines = [`cpu topology: ${t.numSockets} socket, ${t.numCores} cores, ${t.threadsPerCore} thread${t.threadsPerCore > 1 ? 's' : ''} per core (${cores})`, `cpuManagerPolicy: ${this.policy}`];
    if (this.policy === 'static') lines.push(`reserved: ${formatCPUSet(this.reserved) || '-'}  shared pool: ${this.sharedPool() || '-'}`);
    return lines.join('\n') + '\n';
  }
}
