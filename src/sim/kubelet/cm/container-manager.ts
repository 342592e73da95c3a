/**
 * The kubelet's container manager, resources part: after each pod sync it makes sure the pod's
 * cgroup exists under its QoS cgroup and that each running container is accounted in the node's
 * kernel with its cgroup limits (memory.max, cpu.max): the kernel then throttles CPU and OOM-kills
 * a container whose working set reaches its limit. It also renders the node's cgroup tree for
 * `sim node cgroups`.
 * upstream: pkg/kubelet/cm/container_manager_linux.go, pod_container_manager_linux.go
 * (EnsureExists), qos_container_manager_linux.go (UpdateCgroups), kuberuntime_container_linux.go
 * (generateLinuxContainerResources: the container's limits go to the runtime).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { parseTimestamp } from '../../kernel/clock';
import { processArgs } from '../../node/cri/helpers';
import { programFor } from '../../node/programs/programs';
import type { NodeOS, PodCgroup } from '../../node/os/node-os';
import { usageProfile } from '../../node/os/usage';
import type { CPUManager } from './cpumanager/cpu-manager';
import { milli, cgroupPath, containerCgroupLeaf, containerResourceConfig, cpuMaxValue, cpuSharesToWeight, memoryMaxValue, milliCPUToShares, MinShares, podCgroupName, podQOS, podResourceConfig, type CgroupDriver } from './cgroups';

/** The pod's summed CPU requests (a limit alone is the request). */
function cpuRequestMilli(pod: any): number {
  return (pod.spec?.containers ?? []).reduce((n: number, c: any) => n + milli(c.resources?.requests?.cpu ?? c.resources?.limits?.cpu), 0);
}

export class ContainerManager {
  constructor(
    readonly os: NodeOS,
    readonly driver: CgroupDriver,
    readonly now: () => number,
    /** The CPU manager: each container's cpuset.cpus (its exclusive CPUs, or the shared pool). */
    readonly cpu?: CPUManager
  ) {}

  /** After a sync: the pod cgroup, and the running containers with their limits. */
  podSynced(pod: any, status: any): void {
    const uid = pod.metadata.uid as string;
    if (status?.phase === 'Succeeded' || status?.phase === 'Failed') return;
    const cfg = podResourceConfig(pod);
    const cg: PodCgroup = { uid, namespace: pod.metadata.namespace ?? 'default', name: pod.metadata.name, qos: podQOS(pod), cpuRequestMilli: cpuRequestMilli(pod), ...cfg };
    this.os.podCgroups.set(uid, cg);
    // Ephemeral containers (kubectl debug) run in the pod's cgroup too, with no resources of their own.
    const specs = new Map<string, any>([...(pod.spec?.containers ?? []), ...(pod.spec?.ephemeralContainers ?? [])].map((c: any) => [c.name, c]));
    for (const cs of [...(status?.containerStatuses ?? []), ...(status?.ephemeralContainerStatuses ?? [])]) {
      const running = cs.state?.running;
      const spec = specs.get(cs.name);
      if (!running || !spec || !cs.containerID) continue;
      const containerId = String(cs.containerID).replace(/^[a-z]+:\/\//, '');
      const limits = containerResourceConfig(spec);
      if (!this.os.container(containerId)) {
        const stored = this.os.runtime.images.get(spec.image) ?? this.os.runtime.images.get(cs.imageID ?? '');
        const argv = stored ? processArgs(spec, stored.image) : [...(spec.command ?? []), ...(spec.args ?? [])];
        const program = programFor(stored?.image.program ?? '', argv);
        // The status carries whole seconds: a container seen the moment it started is dated now.
        const now = this.now();
        const parsed = parseTimestamp(running.startedAt) ?? now;
        const startedAt = now - parsed < 1000 ? now : parsed;
        this.os.track({ containerId, podUID: uid, namespace: cg.namespace, pod: cg.name, container: cs.name, profile: usageProfile(program, argv), startedAt, memoryLimit: limits.memoryLimit, cpuLimitMilli: limits.cpuLimitMilli });
      } else this.os.track({ ...this.os.container(containerId)!, memoryLimit: limits.memoryLimit, cpuLimitMilli: limits.cpuLimitMilli });
    }
  }

  /** The pod is gone or finished: its cgroup is removed. upstream: kubelet_pods.go cleanupOrphanedPodCgroups */
  podRemoved(uid: string): void {
    this.os.podCgroups.delete(uid);
  }

  /**
   * The cgroup tree under the root, as `systemd-cgls`-like lines: each cgroup's path component,
   * then its cpu.weight, cpu.max and memory.max; a pod names itself, a container its name.
   */
  tree(allocatable: { cpuMilli: number; memoryBytes: number }): string {
    const lines: string[] = this.cpu && this.cpu.policy === 'static' ? [this.cpu.describe().trimEnd()] : [];
    const name = (parts: string[]) => cgroupPath(parts, this.driver).split('/').pop()!;
    const values = (w: number, cpu: number | undefined, mem: number | undefined) => `cpu.weight=${w} cpu.max=${cpuMaxValue(cpu)} memory.max=${memoryMaxValue(mem)}`;
    lines.push(`${name(['kubepods'])}  ${values(cpuSharesToWeight(milliCPUToShares(allocatable.cpuMilli)), undefined, allocatable.memoryBytes)}`);
    const pods = [...this.os.podCgroups.values()].sort((a, b) => `${a.namespace}/${a.name}`.localeCompare(`${b.namespace}/${b.name}`));
    const containersOf = (uid: string) => this.os.containers().filter((c) => c.podUID === uid).sort((a, b) => a.container.localeCompare(b.container));
    const podLines = (p: PodCgroup, indent: string) => {
      const out = [`${indent}${name(podCgroupName(p.qos, p.uid))}  ${p.namespace}/${p.name}  ${values(p.cpuWeight, p.cpuLimitMilli, p.memoryLimit)}`];
      for (const c of containersOf(p.uid)) {
        const cpuset = this.cpu?.policy === 'static' ? ` cpuset.cpus=${this.cpu.cpusetOf(p.uid, c.container)}${this.cpu.exclusive(p.uid, c.container) ? ' (exclusive)' : ''}` : '';
        out.push(`${indent}  ${containerCgroupLeaf(c.containerId.slice(0, 13), this.driver)}  ${c.container}  cpu.max=${cpuMaxValue(c.cpuLimitMilli)} memory.max=${memoryMaxValue(c.memoryLimit)}${cpuset}`);
      }
      return out;
    };
    for (const p of pods.filter((p) => p.qos === 'Guaranteed')) lines.push(...podLines(p, '  '));
    const burstable = pods.filter((p) => p.qos === 'Burstable');
    // upstream: qos_container_manager_linux.go setCPUCgroupConfig: Burstable gets the sum of its pods' requests, BestEffort MinShares.
    const burstableShares = milliCPUToShares(burstable.reduce((n, p) => n + p.cpuRequestMilli, 0));
    lines.push(`  ${name(['kubepods', 'burstable'])}  ${values(cpuSharesToWeight(burstableShares), undefined, undefined)}`);
    for (const p of burstable) lines.push(...podLines(p, '    '));
    lines.push(`  ${name(['kubepods', 'besteffort'])}  ${values(cpuSharesToWeight(MinShares), undefined, undefined)}`);
    for (const p of pods.filter((p) => p.qos === 'BestEffort')) lines.push(...podLines(p, '    '));
    return lines.join('\n') + '\n';
  }
}
