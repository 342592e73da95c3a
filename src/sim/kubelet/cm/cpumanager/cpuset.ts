/**
 * CPU sets in the Linux list format the kernel and the kubelet print (`0-1,3`), and the node's
 * CPU topology as kubarium models it: one socket, one NUMA node, and cores of two hyperthreads
 * when the node has an even number of CPUs (one thread per core otherwise), numbered as Linux
 * numbers SMT siblings: core c has CPUs c and c + cores (4 CPUs: core 0 = {0,2}, core 1 = {1,3}).
 * upstream: staging/src/k8s.io/utils/cpuset (Parse, String), pkg/kubelet/cm/cpumanager/topology
 * (CPUTopology, CPUDetails).
 */

/** `0-2,5` -> [0,1,2,5]; undefined for a malformed list. */
export function parseCPUSet(text: string): number[] | undefined {
  const out = new Set<number>();
  if (text.trim() === '') return [];
  for (const part of text.split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) return undefined;
    const lo = Number(m[1]);
    const hi = m[2] === undefined ? lo : Number(m[2]);
    if (hi < lo) return undefined;
    for (let i = lo; i <= hi; i++) out.add(i);
  }
  return [...out].sort((a, b) => a - b);
}

/** [0,1,2,5] -> `0-2,5`. upstream: cpuset.CPUSet.String. */
export function formatCPUSet(cpus: Iterable<number>): string {
  const sorted = [...new Set(cpus)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

export interface CPUTopology {
  numCPUs: number;
  numCores: number;
  numSockets: 1;
  threadsPerCore: 1 | 2;
  /** The core of each CPU. */
  coreOf(cpu: number): number;
  /** The CPUs of a core, lowest first. */
  cpusOfCore(core: number): number[];
}

export function cpuTopology(numCPUs: number): CPUTopology {
  const threadsPerCore = numCPUs >= 2 && numCPUs % 2 === 0 ? 2 : 1;
  const numCores = numCPUs / threadsPerCore;
  return {
    numCPUs,
    numCores,
    numSockets: 1,
    threadsPerCore,
    coreOf: (cpu) => cpu % numCores,
    cpusOfCore: (core) => (threadsPerCore === 2 ? [core, core + numCores] : [core])
  };
}

/**
 * Takes `n` CPUs from `available`, whole cores first (the lowest free cores), then single threads
 * from the cores with the fewest free threads left (so partly used cores fill up before whole ones
 * are split). Undefined when there are fewer than n. upstream: cpumanager/cpu_assignment.go
 * takeByTopology (takeFullSockets, takeFullCores, takeRemainingCPUs), simplified to one socket.
 */
export function takeByTopology(topo: CPUTopology, available: readonly number[], n: number): number[] | undefined {
  if (n > available.length) return undefined;
  const free = new Set(available);
  const taken: number[] = [];
  const take = (cpu: number) => {
    free.delete(cpu);
    taken.push(cpu);
  };
  for (let core = 0; core < topo.numCores && n - taken.length >= topo.threadsPerCore; core++) {
    const cpus = topo.cpusOfCore(core);
    if (cpus.every((c) => free.has(c))) cpus.forEach(take);
  }
  while (taken.length < n) {
    const left = [...free].sort((a, b) => {
      const fa = topo.cpusOfCore(topo.coreOf(a)).filter((c) => free.has(c)).length;
      const fb = topo.cpusOfCore(topo.coreOf(b)).filter((c) => free.has(c)).length;
      return fa - fb || topo.coreOf(a) - topo.coreOf(b) || a - b;
    });
    take(left[0]);
  }
  return taken.sort((a, b) => a - b);
}
