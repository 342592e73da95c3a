/**
 * Pure decisions of the node lifecycle controller: when a node's health is stale, what its
 * conditions become, and which taints its conditions call for.
 * upstream: pkg/controller/nodelifecycle/node_lifecycle_controller.go (tryUpdateNodeHealth,
 * doNoScheduleTaintingPass, processTaintBaseEviction), staging/src/k8s.io/api/core/v1/well_known_taints.go
 */
import type { KObject } from '../../apiserver/store';

import type { NodeLifecycleConfig } from './config';
export { DEFAULT_NODE_LIFECYCLE, type NodeLifecycleConfig } from './config';

export type ZoneState = 'Initial' | 'Normal' | 'PartialDisruption' | 'FullDisruption';

/** Nodes with this label are left out of the zone's health (they still get tainted). */
export const LABEL_EXCLUDE_DISRUPTION = 'node.kubernetes.io/exclude-disruption';

/**
 * The zone a node counts in: region and zone labels, `` when it has neither (every node of the
 * default cluster). upstream: staging/src/k8s.io/component-helpers/node/topology/helpers.go GetZoneKey
 */
export function zoneKey(node: KObject): string {
  const l = node.metadata?.labels ?? {};
  const region = l['topology.kubernetes.io/region'] ?? l['failure-domain.beta.kubernetes.io/region'] ?? '';
  const zone = l['topology.kubernetes.io/zone'] ?? l['failure-domain.beta.kubernetes.io/zone'] ?? '';
  return region === '' && zone === '' ? '' : `${region}:\x00:${zone}`;
}

/**
 * A zone's state from its nodes' Ready conditions: no Ready node is a full disruption; more than
 * two not-Ready nodes making at least unhealthyZoneThreshold of the zone is a partial one.
 * upstream: node_lifecycle_controller.go ComputeZoneState
 */
export function computeZoneState(readyStatuses: (string | undefined)[], unhealthyZoneThreshold: number): { notReady: number; state: ZoneState } {
  let ready = 0;
  let notReady = 0;
  for (const s of readyStatuses) {
    if (s === 'True') ready++;
    else notReady++;
  }
  if (ready === 0 && notReady > 0) return { notReady, state: 'FullDisruption' };
  if (notReady > 2 && notReady / (notReady + ready) >= unhealthyZoneThreshold) return { notReady, state: 'PartialDisruption' };
  return { notReady, state: 'Normal' };
}

/**
 * The NoExecute tainting rate of a zone in a state. upstream: setLimiterInZone with
 * enterPartialDisruptionFunc = ReducedQPSFunc (secondary rate in a large cluster, else 0) and
 * enterFullDisruptionFunc = HealthyQPSFunc (the normal rate).
 */
export function zoneEvictionRate(config: NodeLifecycleConfig, state: ZoneState, zoneSize: number): number {
  if (state === 'PartialDisruption') return zoneSize > config.largeClusterSizeThreshold ? config.secondaryNodeEvictionRate : 0;
  return config.nodeEvictionRate;
}

export const TAINT_NOT_READY = 'node.kubernetes.io/not-ready';
export const TAINT_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const TAINT_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';

/** The conditions the controller takes over when the kubelet goes quiet. */
export const WATCHED_CONDITIONS = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'];

/** condition -> NoSchedule taint key. upstream: nodeConditionToTaintKeyStatusMap */
const CONDITION_TAINTS: { type: string; status: string; key: string }[] = [
  { type: 'Ready', status: 'False', key: TAINT_NOT_READY },
  { type: 'Ready', status: 'Unknown', key: TAINT_UNREACHABLE },
  { type: 'MemoryPressure', status: 'True', key: 'node.kubernetes.io/memory-pressure' },
  { type: 'DiskPressure', status: 'True', key: 'node.kubernetes.io/disk-pressure' },
  { type: 'NetworkUnavailable', status: 'True', key: 'node.kubernetes.io/network-unavailable' },
  { type: 'PIDPressure', status: 'True', key: 'node.kubernetes.io/pid-pressure' }
];

const MANAGED_NOSCHEDULE = new Set([...CONDITION_TAINTS.map((c) => c.key), TAINT_UNSCHEDULABLE]);

export function readyCondition(node: KObject): KObject | undefined {
  return (node.status?.conditions ?? []).find((c: KObject) => c.type === 'Ready');
}

/** The NoSchedule taints a node's conditions (and spec.unschedulable) call for. upstream: doNoScheduleTaintingPass */
export function noScheduleTaints(node: KObject): string[] {
  const keys: string[] = [];
  for (const c of node.status?.conditions ?? []) {
    const t = CONDITION_TAINTS.find((x) => x.type === c.type && x.status === c.status);
    if (t) keys.push(t.key);
  }
  if (node.spec?.unschedulable) keys.push(TAINT_UNSCHEDULABLE);
  return keys;
}

/** The NoExecute taint for a Ready condition: not-ready for False, unreachable for Unknown, none for True. */
export function noExecuteTaint(ready: KObject | undefined): string | undefined {
  if (!ready || ready.status === 'True') return undefined;
  return ready.status === 'False' ? TAINT_NOT_READY : TAINT_UNREACHABLE;
}

/**
 * The node's taints with the controller-managed ones brought in line: NoSchedule taints for its
 * conditions, at most one NoExecute not-ready/unreachable taint (timeAdded kept while unchanged).
 * Taints the user added are left alone. Returns undefined when nothing changes.
 */
export function reconcileTaints(node: KObject, noExecute: string | undefined, timeAdded: string): KObject[] | undefined {
  const current: KObject[] = node.spec?.taints ?? [];
  const wantNoSchedule = noScheduleTaints(node);
  const kept = current.filter((t) => {
    if (t.effect === 'NoSchedule' && MANAGED_NOSCHEDULE.has(t.key)) return wantNoSchedule.includes(t.key);
    if (t.effect === 'NoExecute' && (t.key === TAINT_NOT_READY || t.key === TAINT_UNREACHABLE)) return t.key === noExecute;
    return true;
  });
  for (const key of wantNoSchedule) {
    if (!kept.some((t) => t.key === key && t.effect === 'NoSchedule')) kept.push({ key, effect: 'NoSchedule', timeAdded });
  }
  if (noExecute && !kept.some((t) => t.key === noExecute && t.effect === 'NoExecute')) kept.push({ key: noExecute, effect: 'NoExecute', timeAdded });
  const same = kept.length === current.length && kept.every((t, i) => t === current[i]);
  return same ? undefined : kept;
}

/**
 * The conditions after the grace period ran out: every watched condition Unknown.
 * upstream: tryUpdateNodeHealth (NodeStatusUnknown / NodeStatusNeverUpdated)
 */
export function staleConditions(node: KObject, nowTs: string): { conditions: KObject[]; changed: boolean } {
  const conditions: KObject[] = [...(node.status?.conditions ?? [])];
  let changed = false;
  for (const type of WATCHED_CONDITIONS) {
    const i = conditions.findIndex((c) => c.type === type);
    if (i < 0) {
      conditions.push({ type, status: 'Unknown', reason: 'NodeStatusNeverUpdated', message: 'Kubelet never posted node status.', lastHeartbeatTime: node.metadata.creationTimestamp, lastTransitionTime: nowTs });
      changed = true;
    } else if (conditions[i].status !== 'Unknown') {
      conditions[i] = { ...conditions[i], status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastTransitionTime: nowTs };
      changed = true;
    }
  }
  return { conditions, changed };
}
