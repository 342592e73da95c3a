/**
 * Pure builders of the Node object a kubelet registers and the status it posts.
 * upstream: pkg/kubelet/nodestatus/setters.go (MachineInfo, NodeAddress, ReadyCondition,
 * MemoryPressureCondition, DiskPressureCondition, PIDPressureCondition), pkg/kubelet/kubelet_node_status.go
 */
import type { KObject } from '../../apiserver/store';
import { timestamp } from '../../kernel/clock';
import { parseQuantity } from '../../api/quantity';

export interface NodeIdentity {
  name: string;
  internalIP: string;
  podCIDR: string;
  cpu: string;
  memory: string;
  pods: number;
  ephemeralStorage: string;
  controlPlane: boolean;
  machineID: string;
  bootID: string;
}

export const KUBELET_VERSION = 'v1.32.0';
export const CONTAINER_RUNTIME_VERSION = 'containerd://1.7.24';
export const OS_IMAGE = 'Debian GNU/Linux 12 (bookworm)';
export const KERNEL_VERSION = '6.1.0-28-amd64';

/** The kubelet's reservation of memory below capacity: the default hard eviction threshold. */
const EVICTION_HARD_MEMORY = '100Mi';

export function capacityOf(id: NodeIdentity): Record<string, string> {
  return {
    cpu: id.cpu,
    'ephemeral-storage': parseQuantity(id.ephemeralStorage).toString(),
    'hugepages-1Gi': '0',
    'hugepages-2Mi': '0',
    memory: parseQuantity(id.memory).toString(),
    pods: String(id.pods)
  };
}

/** upstream: kubelet_node_status.go: allocatable = capacity - reserved - hard eviction thresholds. */
export function allocatableOf(id: NodeIdentity): Record<string, string> {
  const cap = capacityOf(id);
  const storage = parseQuantity(id.ephemeralStorage);
  // nodefs.available<10%: a tenth of the disk is held back.
  const reservedStorage = parseQuantity(String(Math.ceil(Number(storage.value()) / 10 / 1024)) + 'Ki');
  return {
    ...cap,
    'ephemeral-storage': storage.sub(reservedStorage).toString(),
    memory: parseQuantity(cap.memory).sub(parseQuantity(EVICTION_HARD_MEMORY)).toString()
  };
}


export function initialNode(id: NodeIdentity): KObject {
  const labels: Record<string, string> = {
    'beta.kubernetes.io/arch': 'amd64',
    'beta.kubernetes.io/os': 'linux',
    'kubernetes.io/arch': 'amd64',
    'kubernetes.io/hostname': id.name,
    'kubernetes.io/os': 'linux'
  };
  const spec: KObject = { podCIDR: id.podCIDR, podCIDRs: [id.podCIDR] };
  if (id.controlPlane) {
    // kubeadm labels and taints the control-plane node.
    labels['node-role.kubernetes.io/control-plane'] = '';
    labels['node.kubernetes.io/exclude-from-external-load-balancers'] = '';
    spec.taints = [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }];
  }
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name: id.name,
      labels,
      annotations: {
        'kubeadm.alpha.kubernetes.io/cri-socket': 'unix:///run/containerd/containerd.sock',
        'node.alpha.kubernetes.io/ttl': '0',
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true'
      }
    },
    spec,
    status: {}
  };
}

export interface NodeHealth {
  /** False until the runtime and PLEG have reported healthy once. */
  runtimeReady: boolean;
  memoryPressure: boolean;
  diskPressure: boolean;
  pidPressure: boolean;
}

interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastHeartbeatTime: string;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

function condition(prev: Condition[] | undefined, type: string, status: 'True' | 'False', reason: string, message: string, now: number): Condition {
  const old = prev?.find((c) => c.type === type);
  const ts = timestamp(now);
  return {
    type,
    status,
    lastHeartbeatTime: ts,
    lastTransitionTime: old && old.status === status ? old.lastTransitionTime : ts,
    reason,
    message
  };
}

/** The node status the kubelet posts; conditions keep their lastTransitionTime when unchanged. */
export function nodeStatus(id: NodeIdentity, health: NodeHealth, prev: KObject | undefined, now: number): KObject {
  const prevConditions = prev?.conditions as Condition[] | undefined;
  const conditions = [
    health.memoryPressure
      ? condition(prevConditions, 'MemoryPressure', 'True', 'KubeletHasInsufficientMemory', 'kubelet has insufficient memory available', now)
      : condition(prevConditions, 'MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available', now),
    health.diskPressure
      ? condition(prevConditions, 'DiskPressure', 'True', 'KubeletHasDiskPressure', 'kubelet has disk pressure', now)
      : condition(prevConditions, 'DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure', now),
    health.pidPressure
      ? condition(prevConditions, 'PIDPressure', 'True', 'KubeletHasInsufficientPID', 'kubelet has insufficient PID available', now)
      : condition(prevConditions, 'PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available', now),
    health.runtimeReady
      ? condition(prevConditions, 'Ready', 'True', 'KubeletReady', 'kubelet is posting ready status', now)
      : condition(prevConditions, 'Ready', 'False', 'KubeletNotReady', '[container runtime status check may not have completed yet, PLEG is not healthy: pleg has yet to be successful]', now)
  ];
  return {
    addresses: [
      { address: id.internalIP, type: 'InternalIP' },
      { address: id.name, type: 'Hostname' }
    ],
    allocatable: allocatableOf(id),
    capacity: capacityOf(id),
    conditions,
    daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
    images: prev?.images ?? [],
    nodeInfo: {
      architecture: 'amd64',
      bootID: id.bootID,
      containerRuntimeVersion: CONTAINER_RUNTIME_VERSION,
      kernelVersion: KERNEL_VERSION,
      kubeProxyVersion: '',
      kubeletVersion: KUBELET_VERSION,
      machineID: id.machineID,
      operatingSystem: 'linux',
      osImage: OS_IMAGE,
      systemUUID: id.machineID
    },
    runtimeHandlers: [{ features: { recursiveReadOnlyMounts: true, userNamespaces: true }, name: 'runc' }, { features: { recursiveReadOnlyMounts: true, userNamespaces: true }, name: '' }]
  };
}

/** Whether two statuses differ in anything but heartbeat times (then only the report period forces a post). */
export function statusChanged(a: KObject | undefined, b: KObject): boolean {
  if (!a) return true;
  const strip = (s: KObject) => JSON.stringify({ ...s, conditions: (s.conditions ?? []).map((c: Condition) => ({ ...c, lastHeartbeatTime: '' })) });
  return strip(a) !== strip(b);
}
