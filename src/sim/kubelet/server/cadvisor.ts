/**
 * /metrics/cadvisor: the node's and its containers' resource usage as cAdvisor's Prometheus
 * collector exposes it through the kubelet: one series per cgroup (the root `/`, each pod's cgroup
 * with `container=""`, each container), labelled container, id (the cgroup path), image, name (the
 * container ID), namespace, pod; each sample stamped with the time its stats were taken (cAdvisor
 * does, so Prometheus stores that time). Figures come from the node's kernel (src/sim/node/os):
 * the working set and CPU of each running process, the machine's memory and root filesystem.
 * container_cpu_usage_seconds_total is a counter: a container's is exact from its start; the pod's
 * and the root's add up what their containers used between two scrapes (kept per machine, so a
 * container that lived between two scrapes is missed, and a reboot starts them from zero).
 * upstream: github.com/google/cadvisor metrics/prometheus.go (names, helps, labels; machine.go
 * machine_*), pkg/kubelet/server/server.go (/metrics/cadvisor: containerPrometheusLabelsFunc,
 * the metric set the kubelet enables), pkg/kubelet/cadvisor/util.go.
 */
import { SIM_EPOCH_MS } from '../../kernel/clock';
import { parseQuantity } from '../../api/quantity';
import { formatFloatG } from '../../kubectl/printers/gofmt';
import { SYSTEM_CPU_NANOCORES, type NodeOS, type TrackedContainer } from '../../node/os/node-os';
import { cpuSecondsBetween } from '../../node/os/usage';
import type { Container } from '../../node/cri/types';
import { cgroupPath, containerCgroupLeaf, podCgroupName, type CgroupDriver } from '../cm/cgroups';
import { labelText } from '../metrics/registry';
import type { NodeIdentity } from '../nodestatus/setters';

/** The disk under the root filesystem, as cAdvisor names the device of container_fs_* (a kind/VM node's first disk). */
export const ROOT_DEVICE = '/dev/sda1';

interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge';
  samples: { labels: Record<string, string>; value: number }[];
}

/** What the counters of one machine have added up so far (see the file comment). */
interface CpuTotals {
  t: number;
  root: number;
  pods: Map<string, number>;
  containers: WeakMap<TrackedContainer, { t: number; total: number }>;
}

const totalsByOS = new WeakMap<NodeOS, CpuTotals>();

/** The container's CPU seconds since it started, continued from the last time it was asked. */
function containerCpu(totals: CpuTotals, c: TrackedContainer, now: number): { total: number; delta: number } {
  const memo = totals.containers.get(c);
  const from = memo?.t ?? c.startedAt;
  const prev = memo?.total ?? 0;
  const total = prev + cpuSecondsBetween(c, from, now);
  totals.containers.set(c, { t: now, total });
  return { total, delta: memo ? total - prev : total };
}

export interface CadvisorInput {
  identity: NodeIdentity;
  os: NodeOS;
  /** The runtime's containers (their images), read in place. */
  containers: readonly Container[];
  driver: CgroupDriver;
  now: number;
}

/** The exposition text of /metrics/cadvisor at `now` (families sorted by name, as client_golang gathers them). */
export function renderCadvisor({ identity, os, containers, driver, now }: CadvisorInput): string {
  let totals = totalsByOS.get(os);
  if (!totals) totalsByOS.set(os, (totals = { t: 0, root: 0, pods: new Map(), containers: new WeakMap() }));
  const images = new Map(containers.map((c) => [c.id, c.image]));
  const root = { container: '', id: '/', image: '', name: '', namespace: '', pod: '' };
  const usage = os.nodeUsage(now);
  // The system's share (the OS, containerd, the kubelet) since the last scrape, then each container's.
  totals.root += (SYSTEM_CPU_NANOCORES / 1e9) * (Math.max(0, now - totals.t) / 1000);
  totals.t = now;

  const cpu: Family = { name: 'container_cpu_usage_seconds_total', help: 'Cumulative cpu time consumed in seconds.', type: 'counter', samples: [] };
  const ws: Family = { name: 'container_memory_working_set_bytes', help: 'Current working set in bytes.', type: 'gauge', samples: [] };
  const mem: Family = { name: 'container_memory_usage_bytes', help: 'Current memory usage in bytes, including all memory regardless of when it was accessed', type: 'gauge', samples: [] };
  const limit: Family = { name: 'container_spec_memory_limit_bytes', help: 'Memory limit for the container.', type: 'gauge', samples: [] };
  const start: Family = { name: 'container_start_time_seconds', help: 'Start time of the container since unix epoch in seconds.', type: 'gauge', samples: [] };

  const pods = new Map<string, { labels: Record<string, string>; ws: number; startedAt: number; memoryLimit?: number }>();
  for (const p of os.podCgroups.values()) {
    const id = cgroupPath(podCgroupName(p.qos, p.uid), driver);
    pods.set(p.uid, { labels: { container: '', id, image: '', name: '', namespace: p.namespace, pod: p.name }, ws: 0, startedAt: Infinity, ...(p.memoryLimit !== undefined ? { memoryLimit: p.memoryLimit } : {}) });
  }
  for (const uid of [...totals.pods.keys()]) if (!pods.has(uid)) totals.pods.delete(uid);

  const tracked = os.containers().filter((c) => c.startedAt <= now);
  for (const c of tracked) {
    const u = os.containerUsage(c.containerId, now)!;
    const { total, delta } = containerCpu(totals, c, now);
    totals.root += delta;
    const pod = pods.get(c.podUID);
    if (pod) {
      totals.pods.set(c.podUID, (totals.pods.get(c.podUID) ?? 0) + delta);
      pod.ws += u.workingSetBytes;
      pod.startedAt = Math.min(pod.startedAt, c.startedAt);
    }
    const podPath = pod?.labels.id ?? '';
    const labels = { container: c.container, id: `${podPath}/${containerCgroupLeaf(c.containerId, driver)}`, image: images.get(c.containerId) ?? '', name: c.containerId, namespace: c.namespace, pod: c.pod };
    cpu.samples.push({ labels: { ...labels, cpu: 'total' }, value: total });
    ws.samples.push({ labels, value: u.workingSetBytes });
    mem.samples.push({ labels, value: u.workingSetBytes });
    limit.samples.push({ labels, value: c.memoryLimit ?? 0 });
    start.samples.push({ labels, value: (SIM_EPOCH_MS + c.startedAt) / 1000 });
  }
  for (const [uid, p] of pods) {
    cpu.samples.push({ labels: { ...p.labels, cpu: 'total' }, value: totals.pods.get(uid) ?? 0 });
    ws.samples.push({ labels: p.labels, value: p.ws });
    mem.samples.push({ labels: p.labels, value: p.ws });
    limit.samples.push({ labels: p.labels, value: p.memoryLimit ?? 0 });
    if (Number.isFinite(p.startedAt)) start.samples.push({ labels: p.labels, value: (SIM_EPOCH_MS + p.startedAt) / 1000 });
  }
  cpu.samples.push({ labels: { ...root, cpu: 'total' }, value: totals.root });
  ws.samples.push({ labels: root, value: usage.memory.workingSetBytes });
  mem.samples.push({ labels: root, value: usage.memory.workingSetBytes });
  limit.samples.push({ labels: root, value: 0 });

  const fsLabels = { ...root, device: ROOT_DEVICE };
  const machine = { boot_id: identity.bootID, machine_id: identity.machineID, system_uuid: identity.machineID };
  const families: Family[] = [
    cpu,
    { name: 'container_fs_limit_bytes', help: 'Number of bytes that can be consumed by the container on this filesystem.', type: 'gauge', samples: [{ labels: fsLabels, value: usage.fs.capacityBytes }] },
    { name: 'container_fs_usage_bytes', help: 'Number of bytes that are consumed by the container on this filesystem.', type: 'gauge', samples: [{ labels: fsLabels, value: usage.fs.usedBytes }] },
    mem,
    ws,
    limit,
    start,
    { name: 'machine_cpu_cores', help: 'Number of logical CPU cores.', type: 'gauge', samples: [{ labels: machine, value: Number(parseQuantity(identity.cpu).value()) }] },
    { name: 'machine_memory_bytes', help: 'Amount of memory installed on the machine.', type: 'gauge', samples: [{ labels: machine, value: usage.memory.capacityBytes }] }
  ];
  const stamp = ` ${SIM_EPOCH_MS + Math.floor(now)}\n`;
  let out = '';
  for (const f of families) {
    out += `# HELP ${f.name} ${f.help}\n# TYPE ${f.name} ${f.type}\n`;
    const lines = f.samples.map((s) => `${f.name}${labelText(s.labels)} ${formatFloatG(s.value)}`).sort();
    for (const l of lines) out += l + stamp;
  }
  return out;
}
