/**
 * The default cluster (the CLI contract in ARCHITECTURE.md): node `control-plane` with the
 * control-plane taint, and workers `worker-1` .. `worker-N` (default 2); each node 4 CPU, 8Gi
 * memory, 110 pods, 100Gi ephemeral storage, pod CIDR 10.244.<i>.0/24.
 */
import { Rand } from '../kernel/rand';
import type { NodeSpec } from './kubelet-host';
import { kubeadmStaticPods } from './kubeadm-manifests';
import { DEFAULT_KUBELETS_PER_HOST } from './kubelet-pools';
import type { KubeletConfiguration } from '../kubelet/config/config';

export interface ClusterConfig {
  seed: number;
  /** Number of worker nodes. */
  workers: number;
  /** Kubelets per kubelet host (a Web Worker in the browser). */
  kubeletsPerHost: number;
  traceCapacity: number;
  /**
   * kubeadm's networking.podSubnet: each node gets the next /24 of it (the node IPAM
   * controller's --node-cidr-mask-size 24), so 10.244.0.0/16 holds 256 nodes. Big clusters
   * (the bench) use a larger subnet, e.g. 10.0.0.0/8.
   */
  podSubnet: string;
  /** The worker nodes by name, size and KubeletConfiguration, in place of `workers` default ones (a scenario's cluster). */
  nodes?: WorkerNodeConfig[];
  /** A KubeSchedulerConfiguration (YAML) the kube-scheduler restarts with as the cluster boots. */
  schedulerConfig?: string;
  /** Scrape every kubelet into a metrics store from boot (src/sim/monitoring); off by default (the page turns it on). */
  metrics?: boolean;
}

/** A worker node of a scenario's cluster: its name and NodeOptions (sizes, kubelet configuration). */
export interface WorkerNodeConfig extends NodeOptions {
  name: string;
}

export const DEFAULT_CLUSTER: ClusterConfig = { seed: 1, workers: 2, kubeletsPerHost: DEFAULT_KUBELETS_PER_HOST, traceCapacity: 200_000, podSubnet: '10.244.0.0/16' };

/** The i-th /24 of a pod subnet, or an error when the subnet has no /24 left. upstream: pkg/controller/nodeipam/ipam/cidrset */
export function nodePodCIDR(podSubnet: string, index: number): string {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)\/(\d+)$/.exec(podSubnet);
  const bits = m ? Number(m[5]) : NaN;
  if (!m || bits > 24 || bits < 8) throw new Error(`invalid pod subnet "${podSubnet}": want an IPv4 CIDR from /8 to /24`);
  const base = ((Number(m[1]) << 24) | (Number(m[2]) << 16) | (Number(m[3]) << 8)) >>> 0;
  const capacity = 2 ** (24 - bits);
  if (index >= capacity) throw new Error(`no pod CIDR left in ${podSubnet} for another node: it holds ${capacity} /24s (the node IPAM controller reports CIDRNotAvailable)`);
  const net = ((base & ~(2 ** (32 - bits) - 1)) + index * 256) >>> 0;
  return `${net >>> 24}.${(net >>> 16) & 255}.${(net >>> 8) & 255}.0/24`;
}

/** The node's InternalIP on kind's 172.18.0.0/16 network: 172.18.0.2 for the first node. */
export function nodeInternalIP(index: number): string {
  const host = index + 2;
  if (host > 65_534) throw new Error('no node IP left in 172.18.0.0/16');
  return `172.18.${host >>> 8}.${host & 255}`;
}

export interface NodeOptions {
  cpu?: string;
  memory?: string;
  pods?: number;
  ephemeralStorage?: string;
  controlPlane?: boolean;
  /** Swap on the node, e.g. `1Gi` (`sim node add --swap`). */
  swap?: string;
  /** The node's KubeletConfiguration (defaults filled); its maxPods is the node's pods capacity. */
  kubelet?: KubeletConfiguration;
}

/** The identity of the i-th node (0 = control-plane), drawn from the seed. */
export function nodeSpec(name: string, index: number, rand: Rand, opts: NodeOptions = {}, podSubnet = DEFAULT_CLUSTER.podSubnet): NodeSpec {
  const podCIDR = nodePodCIDR(podSubnet, index);
  const internalIP = nodeInternalIP(index);
  const hex = () => rand.uint32().toString(16).padStart(8, '0');
  return {
    name,
    internalIP,
    podCIDR,
    cpu: opts.cpu ?? '4',
    memory: opts.memory ?? '8Gi',
    // upstream: the node's pods capacity is the kubelet's maxPods.
    pods: opts.kubelet?.maxPods ?? opts.pods ?? 110,
    ephemeralStorage: opts.ephemeralStorage ?? '100Gi',
    controlPlane: opts.controlPlane ?? false,
    machineID: hex() + hex() + hex() + hex(),
    bootID: rand.uuid(),
    // Nodes do not come up in the same millisecond: 0.2 .. 2 s of boot before the kubelet starts.
    bootDelayMs: 200 + rand.int(1800),
    ...(opts.swap ? { swap: opts.swap } : {}),
    ...(opts.kubelet ? { config: opts.kubelet } : {}),
    // kubeadm init writes the control plane's static pod manifests on the control-plane node.
    ...(opts.controlPlane ? { staticPods: kubeadmStaticPods({ nodeName: name, advertiseAddress: internalIP }) } : {})
  };
}
