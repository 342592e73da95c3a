/**
 * The node-side half of the resource `sim` verbs: what the kubelet host does when the console
 * asks about a node's cgroups and usage, or injects a fault into its kernel or a container.
 * `sim node cgroups NODE`, `sim node pressure memory|disk|pids NODE AMOUNT`,
 * `sim container crash|hang|leak POD`, the usage metrics-server scrapes for `kubectl top`, and the
 * node's memory and nodefs usage the page's gauges draw (`node-usage`).
 * Each answers `{ ok, output?, error? }` (the console prints `error: <error>`).
 */
import { parseQuantity } from '../../api/quantity';
import { nodeOSFor, type PressureKind } from '../../node/os/node-os';
import type { Kubelet } from '../kubelet';
import { ContainerManager } from './container-manager';

export interface ControlReply {
  ok: boolean;
  output?: string;
  error?: string;
}

import type { UsageReport } from '../../api/metrics';

/** What metrics-server reads from a node at a scrape time (`kubectl top`, the HPA): the node and each running container. */
export type { UsageReport };

/** The machine-wide memory and root filesystem (nodefs) figures, as the eviction manager's signals see them. */
export interface NodeUsageReport {
  memory: { capacityBytes: number; workingSetBytes: number; availableBytes: number };
  fs: { capacityBytes: number; usedBytes: number; availableBytes: number };
}

export function nodeControl(k: Kubelet, args: Record<string, unknown>): ControlReply {
  const { clock, config, identity } = k.deps;
  const os = nodeOSFor(k.runtime, clock, k.deps.trace);
  switch (String(args.action)) {
    case 'cgroups': {
      const cm = new ContainerManager(os, config.cgroupDriver, () => clock.now(), k.resources?.cpu);
      const header = `/sys/fs/cgroup (cgroup v2, cgroupDriver: ${config.cgroupDriver})\n`;
      return { ok: true, output: header + cm.tree({ cpuMilli: Number(parseQuantity(identity.cpu).milliValue()), memoryBytes: Number(parseQuantity(identity.memory).value()) }) };
    }
    case 'pressure': {
      const kind = String(args.kind) as PressureKind;
      os.setPressure(kind, Number(args.amount));
      return { ok: true, output: '' };
    }
    case 'usage': {
      // metrics-server's scrape goes to the kubelet's server: nothing answers while the kubelet is down.
      if (!k.serving) return { ok: false, error: `node "${identity.name}" is not serving metrics` };
      const t = Number(args.at);
      const u = os.nodeUsage(t);
      const report: UsageReport = {
        node: { usageNanoCores: u.cpu.usageNanoCores, workingSetBytes: u.memory.workingSetBytes },
        containers: os
          .containers()
          .filter((c) => c.startedAt <= t)
          .map((c) => ({ namespace: c.namespace, pod: c.pod, podUID: c.podUID, container: c.container, startedAt: c.startedAt, ...os.containerUsage(c.containerId, t)! }))
      };
      return { ok: true, output: JSON.stringify(report) };
    }
    case 'node-usage': {
      // The page's MEM and DISK gauges: the machine-wide figures the eviction manager observes its
      // memory.available and nodefs.available signals from (read-only). Like `usage`, only while the kubelet serves.
      if (!k.serving) return { ok: false, error: `node "${identity.name}" is not serving metrics` };
      const u = os.nodeSignals(Number(args.at));
      const report: NodeUsageReport = { memory: u.memory, fs: { capacityBytes: u.fs.capacityBytes, usedBytes: u.fs.usedBytes, availableBytes: u.fs.availableBytes } };
      return { ok: true, output: JSON.stringify(report) };
    }
    case 'container': {
      const c = os.containers().find((x) => x.namespace === args.namespace && x.pod === args.pod && x.container === args.container);
      if (!c) return { ok: false, error: `container "${String(args.container)}" in pod "${String(args.pod)}" is not running` };
      switch (String(args.fault)) {
        case 'crash':
          // The process dies of SIGKILL (exit 137); the kubelet restarts it per restartPolicy.
          k.runtime.StopContainer(c.containerId, 0, () => {});
          return { ok: true, output: `container ${c.container} in pod ${c.namespace}/${c.pod} crashed (killed, exit code 137)\n` };
        case 'hang':
          os.hang(c.containerId);
          // What the node answers changed: the probes asleep on a remembered answer wake and find it hung.
          k.runtime.answersChanged();
          return { ok: true, output: `container ${c.container} in pod ${c.namespace}/${c.pod} hangs: it stops answering probes\n` };
        case 'stdin-eof':
          // `exit` in `kubectl run -it ... -- sh`: the attach closes the shell's stdin; it exits with that status.
          if (!k.runtime.closeStdin(c.containerId, Number(args.code ?? 0))) return { ok: false, error: `container ${c.container} in pod ${c.namespace}/${c.pod} has no open stdin` };
          return { ok: true, output: '' };
        case 'leak':
          os.leak(c.containerId, Number(args.bytesPerSecond));
          return { ok: true, output: `container ${c.container} in pod ${c.namespace}/${c.pod} leaks ${String(args.rate)} of memory\n` };
      }
      return { ok: false, error: `unknown fault "${String(args.fault)}"` };
    }
  }
  return { ok: false, error: `unknown action "${String(args.action)}"` };
}
