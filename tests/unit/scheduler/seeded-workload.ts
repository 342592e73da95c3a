/**
 * A seeded, varied workload for the placement regression test: 150 nodes (zones, taints, a cordoned
 * node, host ports, images, small and large) and 2,500 pods (enough to fill it) using every default plugin's inputs
 * (requests, nodeSelector, node affinity, tolerations, host ports, topology spread, pod affinity and
 * anti-affinity, images). The same seed always gives the same objects.
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { Rand } from '../../../src/sim/kernel/rand';

export function seededNodes(seed: number, count = 150): Node[] {
  const r = new Rand(seed);
  const zones = ['zone-a', 'zone-b', 'zone-c'];
  const out: Node[] = [];
  for (let i = 0; i < count; i++) {
    const name = `node-${i}`;
    const big = r.int(4) === 0;
    const taints = r.int(10) === 0 ? [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] : r.int(12) === 0 ? [{ key: 'spot', value: 'true', effect: 'PreferNoSchedule' }] : undefined;
    out.push({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name, labels: { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux', 'topology.kubernetes.io/zone': zones[r.int(3)], ...(r.int(5) === 0 ? { disk: 'ssd' } : {}) } },
      spec: { ...(taints ? { taints } : {}), ...(i === 7 ? { unschedulable: true } : {}) },
      status: {
        allocatable: { cpu: big ? '16' : '4', memory: big ? '64Gi' : '8Gi', pods: big ? '110' : '20' },
        images: r.int(3) === 0 ? [{ names: ['registry.k8s.io/nginx:1.27'], sizeBytes: 200 * 1024 * 1024 }] : []
      }
    });
  }
  return out;
}

export function seededPods(seed: number, count = 2500): Pod[] {
  const r = new Rand(seed + 1);
  const out: Pod[] = [];
  for (let i = 0; i < count; i++) {
    const app = `app-${r.int(8)}`;
    const kind = r.int(10);
    const spec: Pod['spec'] = {
      containers: [{ name: 'c', image: r.int(2) ? 'registry.k8s.io/nginx:1.27' : 'busybox', resources: { requests: { cpu: `${100 * (1 + r.int(10))}m`, memory: `${64 * (1 + r.int(16))}Mi` } } }]
    };
    if (kind === 0) spec.nodeSelector = { disk: 'ssd' };
    if (kind === 1) spec.tolerations = [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }];
    if (kind === 2) spec.containers[0].ports = [{ containerPort: 80, hostPort: 8080 }];
    if (kind === 3) spec.topologySpreadConstraints = [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app } } }];
    if (kind === 4) spec.topologySpreadConstraints = [{ maxSkew: 2, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: { app } } }];
    if (kind === 5) spec.affinity = { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app } }, topologyKey: 'kubernetes.io/hostname' }] } };
    if (kind === 6) spec.affinity = { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 50, podAffinityTerm: { labelSelector: { matchLabels: { app } }, topologyKey: 'topology.kubernetes.io/zone' } }] } };
    if (kind === 7) spec.affinity = { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 10, preference: { matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['zone-b'] }] } }] } };
    if (kind === 8) spec.affinity = { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app } }, topologyKey: 'topology.kubernetes.io/zone' }] } };
    out.push({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `p-${i}`, namespace: 'default', uid: `uid-${i}`, labels: { app } }, spec });
  }
  return out;
}
