import type { Node, Pod } from 'kubernetes-types/core/v1';
import { NodeInfo, newPodInfo } from '../../../src/sim/scheduler/framework/types';

export function node(name: string, cpuMilli: number, memory: number, extra: Partial<Node['spec']> & { labels?: Record<string, string>; pods?: number } = {}): Node {
  const { labels, pods, ...spec } = extra;
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: labels ?? {} },
    spec,
    status: { allocatable: { cpu: `${cpuMilli}m`, memory: String(memory), pods: String(pods ?? 110) } }
  };
}

/** A pod whose containers request (cpuMilli, memory); 0 = unset. */
export function pod(name: string, containers: [number, number][] = [], spec: Partial<Pod['spec']> = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: {
      containers: (containers.length ? containers : [[0, 0]]).map(([cpu, mem], i) => {
        const requests: Record<string, string> = {};
        if (cpu) requests.cpu = `${cpu}m`;
        if (mem) requests.memory = String(mem);
        return { name: `c${i}`, image: 'busybox', resources: { requests } };
      }),
      ...spec
    } as Pod['spec']
  };
}

export function nodeInfo(n: Node, ...pods: Pod[]): NodeInfo {
  const ni = new NodeInfo(n);
  for (const p of pods) ni.addPod(newPodInfo({ ...p, spec: { ...p.spec!, nodeName: n.metadata!.name } }));
  return ni;
}

// The pods of upstream's least_allocated_test.go / balanced_allocation_test.go
export const cpuOnly = (name = 'cpuOnly') => pod(name, [[1000, 0], [2000, 0]]);
export const cpuAndMemory = (name = 'cpuAndMemory') => pod(name, [[1000, 2000], [2000, 3000]]);
export const noResources = (name = 'none') => pod(name);
