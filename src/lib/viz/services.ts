/**
 * Services on the cluster map: a chip per Service in the Services band (under the control plane),
 * and a link from the chip to each pod that is one of its endpoints. Pure.
 *
 * The endpoints are what the EndpointSlice controller wrote, not a recomputation from the
 * Service's selector and the pods' Ready condition: kube-proxy routes by the EndpointSlices, so a
 * pod whose readiness probe fails keeps its place in the slice with `conditions.ready: false` and
 * gets no traffic. A ready endpoint is a solid link; a not-ready one a faint dashed line; the chip
 * counts them (`2/3 ready`). upstream: staging/src/k8s.io/api/discovery/v1/types.go
 * (EndpointConditions: a nil `ready` is read as ready), pkg/proxy/endpointslicecache.go.
 */
import type { KObject } from '../bridge/deltas';
import { assignSlots, SVC_CHIP_H, SVC_CHIP_W, SVC_GAP, SVC_PAD, type Box, type ClusterLayout } from './layout';

/** upstream: discovery/v1 LabelServiceName */
export const LABEL_SERVICE_NAME = 'kubernetes.io/service-name';

export interface ServiceEndpoint {
  /** The pod behind the endpoint (`namespace/name`, from its targetRef); undefined for an address only (the `kubernetes` Service). */
  pod: string | undefined;
  addresses: string[];
  ready: boolean;
  serving: boolean;
  terminating: boolean;
}

export interface ServiceView {
  /** `namespace/name`. */
  key: string;
  namespace: string;
  name: string;
  type: string;
  clusterIP: string;
  /** `80/TCP,443/TCP`, as kubectl get svc prints PORT(S) (without node ports). */
  ports: string;
  /** `app=web`, or '' without a selector. */
  selector: string;
  creationTimestamp: string;
  endpoints: ServiceEndpoint[];
  ready: number;
  total: number;
}

function selectorText(selector: Record<string, string> | undefined): string {
  return Object.entries(selector ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
}

/** Each Service with the endpoints of its EndpointSlices (a pod listed in two slices counts once). */
export function serviceViews(services: ReadonlyMap<string, KObject>, slices: ReadonlyMap<string, KObject>): ServiceView[] {
  const byService = new Map<string, KObject[]>();
  for (const slice of slices.values()) {
    const svc = slice.metadata?.labels?.[LABEL_SERVICE_NAME];
    if (!svc) continue;
    const key = `${slice.metadata.namespace}/${svc}`;
    let list = byService.get(key);
    if (!list) byService.set(key, (list = []));
    list.push(slice);
  }
  const out: ServiceView[] = [];
  for (const [key, svc] of services) {
    const endpoints = new Map<string, ServiceEndpoint>();
    const sorted = (byService.get(key) ?? []).sort((a, b) => String(a.metadata.name).localeCompare(String(b.metadata.name)));
    for (const slice of sorted) {
      for (const ep of slice.endpoints ?? []) {
        const ref = ep.targetRef?.kind === 'Pod' ? `${ep.targetRef.namespace ?? svc.metadata.namespace}/${ep.targetRef.name}` : undefined;
        const id = ref ?? (ep.addresses ?? []).join(',');
        if (endpoints.has(id)) continue;
        const c = ep.conditions ?? {};
        endpoints.set(id, {
          pod: ref,
          addresses: ep.addresses ?? [],
          ready: c.ready !== false,
          serving: (c.serving ?? c.ready) !== false,
          terminating: c.terminating === true
        });
      }
    }
    const list = [...endpoints.values()];
    const ports = (svc.spec?.ports ?? []).map((p: KObject) => `${p.port}/${p.protocol ?? 'TCP'}`).join(',');
    out.push({
      key,
      namespace: svc.metadata.namespace,
      name: svc.metadata.name,
      type: svc.spec?.type ?? 'ClusterIP',
      clusterIP: svc.spec?.clusterIP ?? '',
      ports,
      selector: selectorText(svc.spec?.selector),
      creationTimestamp: svc.metadata.creationTimestamp ?? '',
      endpoints: list,
      ready: list.filter((e) => e.ready).length,
      total: list.length
    });
  }
  return out;
}

/**
 * Chip slots: a Service keeps its slot while it exists (a deleted one leaves a hole that the next
 * new Service takes), new ones by age then `namespace/name`, as the node cards keep theirs.
 */
export function assignServiceSlots(views: readonly ServiceView[], previous: ReadonlyMap<string, number> = new Map()): Map<string, number> {
  return assignSlots(
    views.map((v) => ({ metadata: { name: v.key, creationTimestamp: v.creationTimestamp } })),
    previous
  );
}

/** What LayoutOptions.serviceSlots needs: room up to the highest slot taken. */
export function slotCount(slots: ReadonlyMap<string, number>): number {
  return slots.size === 0 ? 0 : Math.max(...slots.values()) + 1;
}

export interface ServiceChip extends Box {
  view: ServiceView;
}

export function placeServiceChips(views: readonly ServiceView[], slots: ReadonlyMap<string, number>, band: ClusterLayout['services']): ServiceChip[] {
  return views.map((view) => {
    const slot = slots.get(view.key) ?? 0;
    return {
      view,
      x: band.x + band.labelW + SVC_PAD + (slot % band.perRow) * (SVC_CHIP_W + SVC_GAP),
      y: band.y + SVC_PAD + Math.floor(slot / band.perRow) * (SVC_CHIP_H + SVC_GAP),
      w: SVC_CHIP_W,
      h: SVC_CHIP_H
    };
  });
}

export interface ServiceLink {
  service: string;
  pod: string;
  ready: boolean;
  terminating: boolean;
  /** SVG path from the chip's bottom edge to the top of the pod. */
  d: string;
}

/**
 * One link per endpoint whose pod is on the map, from the chip (anchors spread along its bottom
 * edge in the order of the pods on the map, so links do not cross at the chip) to the top middle
 * of the pod, as a vertical S-curve.
 */
export function serviceLinks(chips: readonly ServiceChip[], pods: ReadonlyMap<string, Box>): ServiceLink[] {
  const out: ServiceLink[] = [];
  for (const chip of chips) {
    const targets = chip.view.endpoints.flatMap((e) => {
      const box = e.pod ? pods.get(e.pod) : undefined;
      return box && e.pod ? [{ e, pod: e.pod, box }] : [];
    });
    targets.sort((a, b) => a.box.x - b.box.x || a.box.y - b.box.y);
    const span = chip.w * 0.6;
    targets.forEach(({ e, pod, box }, i) => {
      const sx = chip.x + chip.w / 2 + (targets.length === 1 ? 0 : -span / 2 + (span * i) / (targets.length - 1));
      const sy = chip.y + chip.h;
      const px = box.x + box.w / 2;
      const py = box.y;
      const dy = Math.max(12, (py - sy) / 2);
      out.push({
        service: chip.view.key,
        pod,
        ready: e.ready,
        terminating: e.terminating,
        d: `M${r(sx)} ${r(sy)} C${r(sx)} ${r(sy + dy)} ${r(px)} ${r(py - dy)} ${r(px)} ${r(py)}`
      });
    });
  }
  return out;
}

const r = (n: number) => Math.round(n * 10) / 10;

/** The chip's count: `2/3 ready`, `no endpoints`. */
export function readyText(view: ServiceView): string {
  return view.total === 0 ? 'no endpoints' : `${view.ready}/${view.total} ready`;
}

/** The tone of the count: every endpoint ready, some, none. */
export function readyTone(view: ServiceView): 'ready' | 'partial' | 'none' {
  if (view.total > 0 && view.ready === view.total) return 'ready';
  return view.ready > 0 ? 'partial' : 'none';
}

/** The chip's hover text: what a learner needs to read the links. */
export function serviceHint(view: ServiceView): string {
  const head = `Service ${view.key} (${view.type}${view.clusterIP && view.clusterIP !== 'None' ? ` ${view.clusterIP}` : ''}${view.ports ? `, ${view.ports}` : ''})`;
  const sel = view.selector ? `selector ${view.selector}` : 'no selector';
  const eps = view.endpoints.map((e) => `${e.pod ?? e.addresses.join(',')}${e.ready ? '' : e.terminating ? ' (terminating)' : ' (not ready)'}`);
  return `${head}: ${sel}; EndpointSlice endpoints ${readyText(view)}${eps.length ? `: ${eps.join(', ')}` : ''}. Traffic goes only to ready endpoints (solid links); a pod failing its readiness probe stays listed, not ready (dashed).`;
}
