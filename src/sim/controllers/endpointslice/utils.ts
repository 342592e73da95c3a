/**
 * Pure helpers of the EndpointSlice controller: a pod as an Endpoint, the desired endpoints of a
 * Service grouped by port set, and the reconciliation of existing slices against them.
 * upstream: staging/src/k8s.io/endpointslice/utils.go (podToEndpoint, getEndpointPorts,
 * newEndpointSlice, setEndpointSliceLabels), reconciler.go (reconcileByAddressType,
 * reconcileByPortMapping, placeholder slices).
 */
import { sameJSON } from '../../api/canonical';
import type { KObject } from '../../apiserver/store';
import { isPodReady } from '../replicaset/controller-utils';
import { findPort, isServiceIPSet, shouldPodBeInEndpoints, HEADLESS_LABEL } from '../endpoint/endpoints-util';

export const CONTROLLER_NAME = 'endpointslice-controller.k8s.io';
/** upstream: discovery.LabelServiceName, LabelManagedBy. */
export const LABEL_SERVICE_NAME = 'kubernetes.io/service-name';
export const LABEL_MANAGED_BY = 'endpointslice.kubernetes.io/managed-by';
/** upstream: kube-controller-manager --max-endpoints-per-slice default. */
export const MAX_ENDPOINTS_PER_SLICE = 100;

export interface Endpoint {
  addresses: string[];
  conditions: { ready: boolean; serving: boolean; terminating: boolean };
  hostname?: string;
  nodeName?: string;
  targetRef: { kind: 'Pod'; namespace: string; name: string; uid: string };
}

export interface EndpointPort {
  name: string;
  port: number;
  protocol: string;
  appProtocol?: string;
}

/** upstream: podToEndpoint. `ready` is never true for a terminating pod unless publishNotReadyAddresses. */
export function podToEndpoint(pod: KObject, svc: KObject): Endpoint {
  const serving = isPodReady(pod);
  const terminating = !!pod.metadata.deletionTimestamp;
  const ready = svc.spec?.publishNotReadyAddresses === true || (serving && !terminating);
  const ep: Endpoint = {
    addresses: [pod.status.podIP],
    conditions: { ready, serving, terminating },
    targetRef: { kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name, uid: pod.metadata.uid }
  };
  if (pod.spec?.hostname && pod.spec?.subdomain === svc.metadata.name) ep.hostname = pod.spec.hostname;
  if (pod.spec?.nodeName) ep.nodeName = pod.spec.nodeName;
  return ep;
}

/** upstream: getEndpointPorts: the Service ports the pod resolves (unresolvable named ports skipped). */
export function getEndpointPorts(svc: KObject, pod: KObject): EndpointPort[] {
  const out: EndpointPort[] = [];
  for (const sp of svc.spec?.ports ?? []) {
    const port = findPort(pod, sp);
    if (port === undefined) continue;
    const p: EndpointPort = { name: sp.name ?? '', port, protocol: sp.protocol ?? 'TCP' };
    if (sp.appProtocol) p.appProtocol = sp.appProtocol;
    out.push(p);
  }
  return out;
}

/** upstream: endpointHash: an endpoint's identity (its addresses, hostname and target). */
export function endpointKey(ep: Endpoint): string {
  return `${ep.addresses.join(',')}|${ep.hostname ?? ''}|${ep.targetRef.namespace}/${ep.targetRef.name}`;
}

/** The identity of a set of ports (upstream: endpointsliceutil.NewPortMapKey, a hash of the sorted ports). */
export function portMapKey(ports: readonly EndpointPort[] | undefined): string {
  return JSON.stringify((ports ?? []).map((p) => [p.name ?? '', p.port, p.protocol ?? 'TCP', p.appProtocol ?? '']).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)));
}

export interface DesiredGroup {
  ports: EndpointPort[];
  endpoints: Map<string, Endpoint>;
}

/** upstream: the pod loop of reconcile: desired endpoints by port mapping (IPv4 only here). */
export function desiredEndpointsByPortMap(svc: KObject, pods: readonly KObject[]): Map<string, DesiredGroup> {
  const groups = new Map<string, DesiredGroup>();
  const sorted = [...pods].sort((a, b) => ipCompare(a.status?.podIP ?? '', b.status?.podIP ?? '') || (a.metadata.name < b.metadata.name ? -1 : 1));
  for (const pod of sorted) {
    // The EndpointSlice controller keeps terminating pods (with terminating: true).
    if (!shouldPodBeInEndpoints(pod, true) || !/^\d+\.\d+\.\d+\.\d+$/.test(pod.status.podIP)) continue;
    const ports = getEndpointPorts(svc, pod);
    // A Service with ports whose pod resolves none of them has nothing to offer, unless headless.
    if (ports.length === 0 && (svc.spec?.ports ?? []).length > 0 && isServiceIPSet(svc)) continue;
    const key = portMapKey(ports);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { ports, endpoints: new Map() }));
    const ep = podToEndpoint(pod, svc);
    g.endpoints.set(endpointKey(ep), ep);
  }
  return groups;
}

function ipCompare(a: string, b: string): number {
  const n = (ip: string) => ip.split('.').reduce((acc, x) => acc * 256 + Number(x), 0);
  return n(a) - n(b);
}

/** upstream: setEndpointSliceLabels: the Service's labels plus the controller's own. */
export function endpointSliceLabels(svc: KObject): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const [k, v] of Object.entries<string>(svc.metadata.labels ?? {})) if (k !== LABEL_SERVICE_NAME && k !== LABEL_MANAGED_BY && k !== HEADLESS_LABEL) labels[k] = v;
  if (!isServiceIPSet(svc)) labels[HEADLESS_LABEL] = '';
  labels[LABEL_SERVICE_NAME] = svc.metadata.name;
  labels[LABEL_MANAGED_BY] = CONTROLLER_NAME;
  return labels;
}

/** upstream: newEndpointSlice (generateName `<svc>-`, owned by the Service). */
export function newEndpointSlice(svc: KObject, ports: EndpointPort[] | undefined, endpoints: Endpoint[]): KObject {
  const slice: KObject = {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      generateName: `${svc.metadata.name}-`,
      namespace: svc.metadata.namespace,
      labels: endpointSliceLabels(svc),
      ownerReferences: [{ apiVersion: 'v1', kind: 'Service', name: svc.metadata.name, uid: svc.metadata.uid, controller: true, blockOwnerDeletion: true }]
    },
    addressType: 'IPv4',
    endpoints
  };
  if (ports) slice.ports = ports;
  return slice;
}

export interface ReconcilePlan {
  create: KObject[];
  update: KObject[];
  delete: KObject[];
}


/**
 * upstream: reconcileByAddressType + reconcileByPortMapping. Per port mapping: 1. existing slices
 * keep their still-desired endpoints (refreshed) and drop the rest; emptied slices are deleted;
 * 2. remaining endpoints first fill slices being updated anyway, then new slices of at most
 * `maxPerSlice`. Slices of port mappings no longer wanted are deleted; a Service left with no
 * slice gets a placeholder (no ports, no endpoints), reusing an existing one when possible.
 */
export function reconcileSlices(svc: KObject, existing: readonly KObject[], desired: Map<string, DesiredGroup>, maxPerSlice = MAX_ENDPOINTS_PER_SLICE): ReconcilePlan {
  const plan: ReconcilePlan = { create: [], update: [], delete: [] };
  const labels = endpointSliceLabels(svc);
  const existingByPorts = new Map<string, KObject[]>();
  for (const s of existing) {
    const k = portMapKey(s.ports);
    existingByPorts.set(k, [...(existingByPorts.get(k) ?? []), s]);
  }
  let unchanged = 0;
  for (const [key, group] of desired) {
    const remaining = new Map(group.endpoints);
    const toUpdate: KObject[] = [];
    const unchangedSlices: KObject[] = [];
    for (const slice of existingByPorts.get(key) ?? []) {
      const kept: Endpoint[] = [];
      let changed = !sameJSON(slice.metadata.labels ?? {}, labels);
      for (const ep of slice.endpoints ?? []) {
        const want = remaining.get(endpointKey(ep));
        if (!want) {
          changed = true;
          continue;
        }
        if (!sameJSON(ep, want)) changed = true;
        kept.push(want);
        remaining.delete(endpointKey(want));
      }
      if (!changed) unchangedSlices.push(slice);
      else if (kept.length === 0) plan.delete.push(slice);
      else toUpdate.push({ ...slice, metadata: { ...slice.metadata, labels }, endpoints: kept });
    }
    existingByPorts.delete(key);
    // Fill the fullest slices being updated first.
    toUpdate.sort((a, b) => b.endpoints.length - a.endpoints.length);
    const rest = [...remaining.values()];
    for (const slice of toUpdate) while (rest.length > 0 && slice.endpoints.length < maxPerSlice) slice.endpoints.push(rest.shift()!);
    // Then an unchanged slice that can take all the rest (upstream: "fit the endpoints in a single existing slice").
    const roomy = unchangedSlices.filter((sl) => rest.length > 0 && (sl.endpoints ?? []).length + rest.length <= maxPerSlice).sort((a, b) => b.endpoints.length - a.endpoints.length)[0];
    if (roomy) {
      unchangedSlices.splice(unchangedSlices.indexOf(roomy), 1);
      toUpdate.push({ ...roomy, endpoints: [...(roomy.endpoints ?? []), ...rest.splice(0)] });
    }
    unchanged += unchangedSlices.length;
    plan.update.push(...toUpdate);
    for (let i = 0; i < rest.length; i += maxPerSlice) plan.create.push(newEndpointSlice(svc, group.ports, rest.slice(i, i + maxPerSlice)));
  }
  for (const slices of existingByPorts.values()) plan.delete.push(...slices);
  // upstream: placeholder slice: a Service always has at least one slice.
  if (unchanged + plan.update.length + plan.create.length === 0) {
    const placeholder = newEndpointSlice(svc, undefined, []);
    const reuse = plan.delete.find((s) => (s.endpoints ?? []).length === 0 && !s.ports) ?? plan.delete[0];
    if (reuse) {
      plan.delete.splice(plan.delete.indexOf(reuse), 1);
      const isPlaceholder = (reuse.endpoints ?? []).length === 0 && !reuse.ports && sameJSON(reuse.metadata.labels ?? {}, labels);
      if (!isPlaceholder) {
        const next: KObject = { ...reuse, metadata: { ...reuse.metadata, labels }, endpoints: [] };
        delete next.ports;
        plan.update.push(next);
      }
    } else plan.create.push(placeholder);
  }
  // upstream: finalize: rather than create one slice and delete another, update the one to be deleted.
  while (plan.create.length > 0 && plan.delete.length > 0) {
    const old = plan.delete.shift()!;
    const fresh = plan.create.pop()!;
    const { generateName: _unused, ...metadata } = fresh.metadata;
    plan.update.push({ ...fresh, metadata: { ...old.metadata, ...metadata, name: old.metadata.name } });
  }
  return plan;
}
