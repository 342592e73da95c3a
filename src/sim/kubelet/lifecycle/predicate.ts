/**
 * The kubelet's pod admission: can this pod, bound to the node, run beside the pods already
 * admitted there? Pure: the node and the other pods in, a verdict out. The kubelet reuses the
 * scheduler's checks (upstream imports pkg/scheduler's AdmissionCheck), so does this.
 * upstream: pkg/kubelet/lifecycle/predicate.go (predicateAdmitHandler.Admit, generalFilter,
 * InsufficientResourceError, PredicateFailureError), pkg/scheduler/eventhandlers.go AdmissionCheck
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { NodeInfo, newPodInfo, podRequests } from '../../scheduler/framework/types';
import { fitsRequest, type InsufficientResource } from '../../scheduler/plugins/noderesources/fit';
import { ErrReasonPod, NodeAffinityName, requiredNodeAffinityMatches } from '../../scheduler/plugins/nodeaffinity/node-affinity';
import { ErrReasonNodeName, NodeNameName, fits as nodeNameFits } from '../../scheduler/plugins/nodename/node-name';
import { ErrReasonNodePorts, NodePortsName, portsConflict } from '../../scheduler/plugins/nodeports/node-ports';
import { podHostPorts } from '../../scheduler/framework/types';
import { TaintTolerationName, findUntoleratedTaint } from '../../scheduler/plugins/tainttoleration/taint-toleration';

// upstream: predicate.go reason constants
export const PodOSSelectorNodeLabelDoesNotMatch = 'PodOSSelectorNodeLabelDoesNotMatch';
export const PodOSNotSupported = 'PodOSNotSupported';
export const InvalidNodeInfo = 'InvalidNodeInfo';
export const InsufficientResourcePrefix = 'OutOf';
/** upstream: pkg/scheduler/framework/plugins/tainttoleration ErrReasonNotMatch */
export const ErrReasonTaintNotMatch = "node(s) had taints that the pod didn't tolerate";

/** The node's OS: kubarium's nodes are Linux (upstream: runtime.GOOS). */
const GOOS = 'linux';

export interface PodAdmitResult {
  admit: boolean;
  reason?: string;
  message?: string;
}

type FailureReason = { kind: 'resource'; r: InsufficientResource } | { kind: 'predicate'; name: string; desc: string };

/** upstream: InsufficientResourceError.Error */
export function insufficientResourceMessage(r: InsufficientResource): string {
  return `Node didn't have enough resource: ${r.resourceName}, requested: ${r.requested}, used: ${r.used}, capacity: ${r.capacity}`;
}

/** OutOfcpu, OutOfmemory, OutOfephemeral-storage, OutOfpods, OutOf<extended resource>. */
export function outOfReason(resourceName: string): string {
  return InsufficientResourcePrefix + resourceName;
}

/** upstream: types.IsStaticPod: the pod came from a file (or http) source. */
function isStaticPod(pod: Pod): boolean {
  const source = pod.metadata?.annotations?.['kubernetes.io/config.source'];
  return source !== undefined && source !== 'api';
}

/** upstream: predicate.go generalFilter + eventhandlers.go AdmissionCheck(includeAllFailures=true) */
function generalFilter(pod: Pod, nodeInfo: NodeInfo): FailureReason[] {
  const node = nodeInfo.node!;
  const reasons: FailureReason[] = fitsRequest(podRequests(pod), nodeInfo).map((r) => ({ kind: 'resource' as const, r }));
  if (!requiredNodeAffinityMatches(pod, node)) reasons.push({ kind: 'predicate', name: NodeAffinityName, desc: ErrReasonPod });
  if (!nodeNameFits(pod, nodeInfo)) reasons.push({ kind: 'predicate', name: NodeNameName, desc: ErrReasonNodeName });
  if (portsConflict(podHostPorts(pod), nodeInfo.usedPorts.keys())) reasons.push({ kind: 'predicate', name: NodePortsName, desc: ErrReasonNodePorts });
  // The kubelet only cares about NoExecute taints, and never for static pods.
  if (!isStaticPod(pod) && findUntoleratedTaint(node.spec?.taints ?? [], pod.spec?.tolerations ?? [], (t) => t.effect === 'NoExecute')) {
    reasons.push({ kind: 'predicate', name: TaintTolerationName, desc: ErrReasonTaintNotMatch });
  }
  return reasons;
}

/**
 * Admit `pod` on `node` next to `otherPods` (the pods already admitted and not terminal). Only the
 * first failing predicate is reported. upstream: predicateAdmitHandler.Admit
 */
export function admitPod(pod: Pod, node: Node | undefined, otherPods: Pod[]): PodAdmitResult {
  if (!node) return { admit: false, reason: InvalidNodeInfo, message: 'Kubelet cannot get node info.' };
  const osLabel = pod.metadata?.labels?.['kubernetes.io/os'];
  if (osLabel !== undefined && osLabel !== (node.metadata?.labels?.['kubernetes.io/os'] ?? GOOS)) {
    return { admit: false, reason: PodOSSelectorNodeLabelDoesNotMatch, message: "Failed to admit pod as the `kubernetes.io/os` label doesn't match node label" };
  }
  if (pod.spec?.os?.name && pod.spec.os.name !== GOOS) {
    return { admit: false, reason: PodOSNotSupported, message: "Failed to admit pod as the OS field doesn't match node OS" };
  }
  const nodeInfo = new NodeInfo(node);
  for (const p of otherPods) nodeInfo.addPod(newPodInfo(p));
  const [first] = generalFilter(pod, nodeInfo);
  if (!first) return { admit: true };
  if (first.kind === 'resource') return { admit: false, reason: outOfReason(first.r.resourceName), message: insufficientResourceMessage(first.r) };
  // upstream: PredicateFailureError.Error
  return { admit: false, reason: first.name, message: `Predicate ${first.name} failed: ${first.desc}` };
}
