import { describe, expect, it } from 'vitest';
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { admitPod } from '../../../../src/sim/kubelet/lifecycle/predicate';

const node = (over: Partial<Node['spec']> = {}, allocatable: Record<string, string> = { cpu: '4', memory: '8Gi', pods: '3', 'ephemeral-storage': '90Gi' }): Node => ({
  metadata: { name: 'worker-1', labels: { 'kubernetes.io/os': 'linux', 'kubernetes.io/hostname': 'worker-1', disk: 'ssd' } },
  spec: { ...over },
  status: { allocatable, capacity: allocatable }
});

const pod = (name: string, requests: Record<string, string> = {}, spec: Partial<Pod['spec']> = {}, annotations: Record<string, string> = {}, labels: Record<string, string> = {}): Pod => ({
  metadata: { name, namespace: 'default', uid: `uid-${name}`, annotations, labels },
  spec: { nodeName: 'worker-1', containers: [{ name: 'c', image: 'nginx', resources: { requests } }], ...spec }
});

describe('kubelet admission (predicate.go)', () => {
  const cases: { name: string; pod: Pod; node?: Node; others: Pod[]; reason?: string; message?: string }[] = [
    { name: 'fits', pod: pod('a', { cpu: '1' }), others: [pod('b', { cpu: '1' })] },
    {
      name: 'too many pods',
      pod: pod('d'),
      others: [pod('a'), pod('b'), pod('c')],
      reason: 'OutOfpods',
      message: "Node didn't have enough resource: pods, requested: 1, used: 3, capacity: 3"
    },
    {
      name: 'not enough cpu: millicores requested, used by the others, allocatable',
      pod: pod('a', { cpu: '5' }),
      others: [pod('b', { cpu: '850m' })],
      reason: 'OutOfcpu',
      message: "Node didn't have enough resource: cpu, requested: 5000, used: 850, capacity: 4000"
    },
    {
      name: 'not enough memory, in bytes',
      pod: pod('a', { memory: '8Gi' }),
      others: [pod('b', { memory: '1Gi' })],
      reason: 'OutOfmemory',
      message: "Node didn't have enough resource: memory, requested: 8589934592, used: 1073741824, capacity: 8589934592"
    },
    { name: 'pods is reported before cpu (only the first failure)', pod: pod('d', { cpu: '5' }), others: [pod('a'), pod('b'), pod('c')], reason: 'OutOfpods' },
    {
      name: 'nodeSelector that does not match',
      pod: pod('a', {}, { nodeSelector: { disk: 'hdd' } }),
      others: [],
      reason: 'NodeAffinity',
      message: "Predicate NodeAffinity failed: node(s) didn't match Pod's node affinity/selector"
    },
    {
      name: 'an untolerated NoExecute taint',
      pod: pod('a'),
      node: node({ taints: [{ key: 'maintenance', value: 'true', effect: 'NoExecute' }] }),
      others: [],
      reason: 'TaintToleration',
      message: "Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate"
    },
    { name: 'a NoSchedule taint is the scheduler’s business, not the kubelet’s', pod: pod('a'), node: node({ taints: [{ key: 'x', effect: 'NoSchedule' }] }), others: [] },
    {
      name: 'a static pod ignores NoExecute taints',
      pod: pod('a', {}, {}, { 'kubernetes.io/config.source': 'file' }),
      node: node({ taints: [{ key: 'maintenance', effect: 'NoExecute' }] }),
      others: []
    },
    {
      name: 'a kubernetes.io/os label for another OS',
      pod: pod('a', {}, {}, {}, { 'kubernetes.io/os': 'windows' }),
      others: [],
      reason: 'PodOSSelectorNodeLabelDoesNotMatch',
      message: "Failed to admit pod as the `kubernetes.io/os` label doesn't match node label"
    },
    { name: 'spec.os windows', pod: pod('a', {}, { os: { name: 'windows' } }), others: [], reason: 'PodOSNotSupported', message: "Failed to admit pod as the OS field doesn't match node OS" },
    {
      name: 'a host port in use',
      pod: pod('a', {}, { containers: [{ name: 'c', image: 'nginx', ports: [{ containerPort: 80, hostPort: 8080 }] }] }),
      others: [pod('b', {}, { containers: [{ name: 'c', image: 'nginx', ports: [{ containerPort: 80, hostPort: 8080 }] }] })],
      reason: 'NodePorts',
      message: "Predicate NodePorts failed: node(s) didn't have free ports for the requested pod ports"
    }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = admitPod(c.pod, c.node ?? node(), c.others);
      expect(r.admit).toBe(c.reason === undefined);
      expect(r.reason).toBe(c.reason);
      if (c.message !== undefined) expect(r.message).toBe(c.message);
    });
  }

  it('cannot admit without the node', () => {
    expect(admitPod(pod('a'), undefined, [])).toEqual({ admit: false, reason: 'InvalidNodeInfo', message: 'Kubelet cannot get node info.' });
  });
});
