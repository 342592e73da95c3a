/**
 * The default cluster (the CLI contract in ARCHITECTURE.md): node `control-plane` with the
 * control-plane taint, and workers `worker-1` .. `worker-N` (default 2); each node 4 CPU, 8Gi
 * memory, 110 pods, 100Gi ephemeral storage, pod CIDR 10.244.<i>.0/24.
 */
import { Rand } from '../kernel/rand';
import type { NodeSpec } from './kubelet-host';
import { kubeadmStaticPods } from './kubeadm-manifests';

export interface ClusterConfig {
  seed: number;
  /** Number of worker nodes. */
  workers: number;
  /** Kubelets per kubelet host (a Web Worker in the browser). */
  kubeletsPerHost: number;
  traceCapacity: number;
}

export const DEFAULT_CLUSTER: ClusterConfig = { seed: 1, workers: 2, kubeletsPerHost: 50, traceCapacity: 200_000 };

export interface NodeOptions {
  cpu?: string;
  memory?: string;
  pods?: number;
  ephemeralStorage?: string;
  controlPlane?: boolean;
}

/** The identity of the i-th node (0 = control-plane), drawn from the seed. */
export function nodeSpec(name: string, index: number, rand: Rand, opts: NodeOptions = {}): NodeSpec {
  const hex = () => rand.uint32().toString(16).padStart(8, '0');
  const internalIP = `172.18.0.${index + 2}`;
  return {
    name,
    internalIP,
    podCIDR: `10.244.${index}.0/24`,
    cpu: opts.cpu ?? '4',
    memory: opts.memory ?? '8Gi',
    pods: opts.pods ?? 110,
    ephemeralStorage: opts.ephemeralStorage ?? '100Gi',
    controlPlane: opts.controlPlane ?? false,
    machineID: hex() + hex() + hex() + hex(),
    bootID: rand.uuid(),
    // Nodes do not come up in the same millisecond: 0.2 .. 2 s of boot before the kubelet starts.
    bootDelayMs: 200 + rand.int(1800),
    // kubeadm init writes the control plane's static pod manifests on the control-plane node.
    ...(opts.controlPlane ? { staticPods: kubeadmStaticPods({ nodeName: name, advertiseAddress: internalIP }) } : {})
  };
}
