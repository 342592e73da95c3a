/**
 * Pure helpers of the Endpoints controller: which pods count, which port a Service port reaches on
 * a pod, and the canonical (repacked, sorted) form of a list of subsets.
 * upstream: pkg/api/v1/pod/util.go (FindPort), pkg/api/v1/endpoints/util.go (RepackSubsets,
 * SortSubsets), pkg/controller/util/endpoint/controller_utils.go (ShouldPodBeInEndpoints),
 * pkg/controller/endpoint/endpoints_controller.go (podToEndpointAddressForService, addEndpointSubset).
 */
import type { KObject } from '../../apiserver/store';
import { isPodReady } from '../replicaset/controller-utils';

export interface EndpointAddress {
  ip: string;
  hostname?: string;
  nodeName?: string;
  targetRef?: { kind: 'Pod'; namespace: string; name: string; uid: string };
}

export interface EndpointPort {
  name?: string;
  port: number;
  protocol: string;
  appProtocol?: string;
}

export interface EndpointSubset {
  addresses?: EndpointAddress[];
  notReadyAddresses?: EndpointAddress[];
  ports?: EndpointPort[];
}

/** upstream: v1.EndpointsLastChangeTriggerTime */
export const LAST_CHANGE_TRIGGER_TIME = 'endpoints.kubernetes.io/last-change-trigger-time';
/** upstream: v1.IsHeadlessService */
export const HEADLESS_LABEL = 'service.kubernetes.io/headless';

/** upstream: podutil.IsPodTerminal */
export function isPodTerminal(pod: KObject): boolean {
  const phase = pod.status?.phase;
  return phase === 'Failed' || phase === 'Succeeded';
}

/**
 * upstream: endpointsliceutil.ShouldPodBeInEndpoints: a pod belongs in endpoints once it has an
 * IP, unless it is terminal, or (when includeTerminating is false) being deleted.
 */
export function shouldPodBeInEndpoints(pod: KObject, includeTerminating: boolean): boolean {
  if (isPodTerminal(pod)) return false;
  if (!pod.status?.podIP && !(pod.status?.podIPs ?? []).length) return false;
  if (!includeTerminating && pod.metadata.deletionTimestamp) return false;
  return true;
}

/**
 * upstream: podutil.FindPort: a numeric targetPort is the port; a named one is the containerPort of
 * the (sidecar or regular) container port with that name and the Service port's protocol.
 * Returns undefined when the name is not found (upstream: an error; the port is skipped).
 */
export function findPort(pod: KObject, servicePort: KObject): number | undefined {
  const target = servicePort.targetPort ?? servicePort.port;
  if (typeof target === 'number') return target;
  if (/^[0-9]+$/.test(target)) return Number(target);
  const protocol = servicePort.protocol ?? 'TCP';
  // Sidecars (restartable init containers) first, as upstream does since v1.29.
  const sidecars = (pod.spec?.initContainers ?? []).filter((c: KObject) => c.restartPolicy === 'Always');
  for (const c of [...sidecars, ...(pod.spec?.containers ?? [])]) {
    for (const p of c.ports ?? []) if (p.name === target && (p.protocol ?? 'TCP') === protocol) return p.containerPort;
  }
  return undefined;
}

/** upstream: podToEndpointAddressForService (hostname only when the pod's subdomain is the Service). */
export function podToEndpointAddress(svc: KObject, pod: KObject): EndpointAddress {
  const addr: EndpointAddress = { ip: pod.status.podIP };
  if (pod.spec?.hostname && pod.spec?.subdomain === svc.metadata.name && svc.metadata.namespace === pod.metadata.namespace) addr.hostname = pod.spec.hostname;
  if (pod.spec?.nodeName) addr.nodeName = pod.spec.nodeName;
  addr.targetRef = { kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name, uid: pod.metadata.uid };
  return addr;
}

/** upstream: helper.IsServiceIPSet: a headless Service has clusterIP None. */
export function isServiceIPSet(svc: KObject): boolean {
  const ip = svc.spec?.clusterIP;
  return !!ip && ip !== 'None';
}

/**
 * upstream: syncService's loop over pods: each pod's address, ready or not, under each Service
 * port it resolves; then RepackSubsets.
 */
export function computeEndpointSubsets(svc: KObject, pods: readonly KObject[]): EndpointSubset[] {
  const tolerateUnready = svc.spec?.publishNotReadyAddresses === true;
  const servicePorts: KObject[] = svc.spec?.ports ?? [];
  const subsets: EndpointSubset[] = [];
  for (const pod of pods) {
    if (!shouldPodBeInEndpoints(pod, tolerateUnready)) continue;
    const addr = podToEndpointAddress(svc, pod);
    const ready = tolerateUnready || isPodReady(pod);
    const add = (ports: EndpointPort[] | undefined) => subsets.push(ready ? { addresses: [addr], ports } : { notReadyAddresses: [addr], ports });
    // A headless Service without ports still lists its pods.
    if (servicePorts.length === 0 && !isServiceIPSet(svc)) {
      add(undefined);
      continue;
    }
    for (const sp of servicePorts) {
      const port = findPort(pod, sp);
      if (port === undefined) continue;
      const epp: EndpointPort = { port, protocol: sp.protocol ?? 'TCP' };
      if (sp.name) epp.name = sp.name;
      if (sp.appProtocol) epp.appProtocol = sp.appProtocol;
      add([epp]);
    }
  }
  return repackSubsets(subsets);
}

const addrKey = (a: EndpointAddress) => `${a.ip}\u0000${a.targetRef?.uid ?? ''}`;
const portKey = (p: EndpointPort) => `${p.name ?? ''}\u0000${p.port}\u0000${p.protocol}\u0000${p.appProtocol ?? ''}`;

/** upstream: addrsByIPAndUID: by IP, then by the target's UID. */
function compareAddresses(a: EndpointAddress, b: EndpointAddress): number {
  if (a.ip !== b.ip) return a.ip < b.ip ? -1 : 1;
  const ua = a.targetRef?.uid ?? '';
  const ub = b.targetRef?.uid ?? '';
  return ua < ub ? -1 : ua > ub ? 1 : 0;
}

/**
 * upstream: RepackSubsets: the same addresses and ports, regrouped so that each subset is a set of
 * addresses serving exactly the same set of ports (N-to-M), an address ready in any input subset
 * being ready; then SortSubsets. Upstream orders ports and subsets by a hash of their Go struct;
 * that order cannot be reproduced, so here ports sort by (name, port, protocol) and subsets by their
 * first address: deterministic, and identical to upstream whenever there is one port and one subset.
 */
export function repackSubsets(subsets: readonly EndpointSubset[]): EndpointSubset[] {
  const addrs = new Map<string, EndpointAddress>();
  const ports = new Map<string, EndpointPort | undefined>();
  // port key -> address key -> ready
  const portToAddrReady = new Map<string, Map<string, boolean>>();
  const map = (s: EndpointSubset, pk: string) => {
    let set = portToAddrReady.get(pk);
    if (!set) portToAddrReady.set(pk, (set = new Map()));
    for (const a of s.addresses ?? []) {
      addrs.set(addrKey(a), a);
      set.set(addrKey(a), true);
    }
    for (const a of s.notReadyAddresses ?? []) {
      if (!addrs.has(addrKey(a))) addrs.set(addrKey(a), a);
      if (!set.has(addrKey(a))) set.set(addrKey(a), false);
    }
  };
  for (const s of subsets) {
    // Addresses with no ports are kept under a sentinel port (upstream: Port -1).
    if (!s.ports?.length) {
      ports.set('', undefined);
      map(s, '');
    } else
      for (const p of s.ports) {
        ports.set(portKey(p), p);
        map(s, portKey(p));
      }
  }
  // Group ports by the identical address set they are offered on.
  const groups = new Map<string, { set: Map<string, boolean>; ports: EndpointPort[] }>();
  for (const [pk, set] of portToAddrReady) {
    const key = [...set].map(([a, r]) => `${a}=${r}`).sort().join('|');
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { set, ports: [] }));
    const p = ports.get(pk);
    if (p) g.ports.push(p);
  }
  const out: EndpointSubset[] = [];
  for (const g of groups.values()) {
    const ready: EndpointAddress[] = [];
    const notReady: EndpointAddress[] = [];
    for (const [a, r] of g.set) (r ? ready : notReady).push(addrs.get(a)!);
    const s: EndpointSubset = {};
    if (ready.length) s.addresses = ready.sort(compareAddresses);
    if (notReady.length) s.notReadyAddresses = notReady.sort(compareAddresses);
    if (g.ports.length) s.ports = g.ports.sort((x, y) => (portKey(x) < portKey(y) ? -1 : portKey(x) > portKey(y) ? 1 : 0));
    if (s.addresses || s.notReadyAddresses) out.push(s);
  }
  const first = (s: EndpointSubset) => (s.addresses ?? s.notReadyAddresses ?? [])[0];
  return out.sort((x, y) => compareAddresses(first(x), first(y)) || (JSON.stringify(x.ports) < JSON.stringify(y.ports) ? -1 : 1));
}
