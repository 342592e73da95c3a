/**
 * What the inspector shows: the mirrored kinds it can select (those kubectl's printers describe),
 * each with its official icon, the one-line summary on top (the columns `kubectl get` prints for
 * the kind), and the links to the objects it is tied to: its owners as the garbage collector sees
 * them (a pod's ReplicaSet, that ReplicaSet's Deployment), the objects it controls (a ReplicaSet's
 * pods), a Service's endpoint pods. Pure.
 *
 * upstream: pkg/printers/internalversion/printers.go (the READY, UP-TO-DATE, AVAILABLE, DESIRED,
 * CURRENT columns), staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/controller_ref.go
 */
import type { KObject } from '../bridge/deltas';
import type { IconName } from '../viz/icons';
import { serviceViews } from '../viz/services';
import { nodeView, podView } from '../viz/status';
import { ownerChain } from '../viz/story';

/** The resources the inspector selects, their kind and icon. */
export const INSPECTABLE = {
  nodes: { kind: 'Node', icon: 'node' },
  pods: { kind: 'Pod', icon: 'pod' },
  services: { kind: 'Service', icon: 'svc' },
  deployments: { kind: 'Deployment', icon: 'deploy' },
  replicasets: { kind: 'ReplicaSet', icon: 'rs' },
  statefulsets: { kind: 'StatefulSet', icon: 'sts' },
  daemonsets: { kind: 'DaemonSet', icon: 'ds' },
  jobs: { kind: 'Job', icon: 'job' },
  cronjobs: { kind: 'CronJob', icon: 'cronjob' }
} as const satisfies Record<string, { kind: string; icon: IconName }>;

export type InspectableResource = keyof typeof INSPECTABLE;

export function isInspectable(resource: string | undefined): resource is InspectableResource {
  return resource !== undefined && Object.hasOwn(INSPECTABLE, resource);
}

/** `ReplicaSet` -> `replicasets` (undefined for a kind the inspector does not select). */
export function resourceOfKind(kind: string): InspectableResource | undefined {
  return (Object.keys(INSPECTABLE) as InspectableResource[]).find((r) => INSPECTABLE[r].kind === kind);
}

/** A link to another object in the inspector: the page's selection (`resource`, `key`) and its words. */
export interface InspectorLink {
  resource: InspectableResource;
  /** `namespace/name`, or a node's name. */
  key: string;
  kind: string;
  name: string;
}

/** The object's owners, outermost first (`Deployment web`, `ReplicaSet web-7c9f`): those the inspector selects. */
export function ownerLinks(object: KObject | undefined, resources: ReadonlyMap<string, ReadonlyMap<string, KObject>>): InspectorLink[] {
  const namespace = object?.metadata?.namespace ?? 'default';
  const links: InspectorLink[] = [];
  for (const { kind, name } of ownerChain(object, resources)) {
    const resource = resourceOfKind(kind);
    // A static pod's owner is its Node: cluster-scoped, keyed by its name.
    if (resource) links.push({ resource, kind, name, key: resource === 'nodes' ? name : `${namespace}/${name}` });
  }
  return links;
}

/** What each kind's controller makes (found by their controller reference to it). */
const CONTROLS: Partial<Record<InspectableResource, InspectableResource>> = {
  deployments: 'replicasets',
  replicasets: 'pods',
  statefulsets: 'pods',
  daemonsets: 'pods',
  jobs: 'pods',
  cronjobs: 'jobs'
};

export interface ControlledLinks {
  /** `Pods`, `ReplicaSets`, `Jobs`, `Endpoints`. */
  title: string;
  links: InspectorLink[];
  /** How many there are in all (the links stop at `limit`). */
  total: number;
}

/**
 * What the object controls (a ReplicaSet's pods, a Deployment's ReplicaSets), or a Service's
 * endpoint pods (from its EndpointSlices), by name, at most `limit` of them.
 */
export function controlledLinks(resource: string | undefined, object: KObject | undefined, resources: ReadonlyMap<string, ReadonlyMap<string, KObject>>, limit = 12): ControlledLinks | undefined {
  if (!object || !isInspectable(resource)) return undefined;
  const namespace = object.metadata?.namespace ?? 'default';
  let keys: string[];
  let child: InspectableResource;
  if (resource === 'services') {
    const key = `${namespace}/${object.metadata?.name}`;
    const view = serviceViews(new Map([[key, object]]), resources.get('endpointslices') ?? new Map())[0];
    keys = (view?.endpoints ?? []).flatMap((e) => (e.pod ? [e.pod] : []));
    child = 'pods';
  } else {
    const made = CONTROLS[resource];
    const uid = object.metadata?.uid;
    if (!made || !uid) return undefined;
    child = made;
    keys = [];
    for (const [key, o] of resources.get(made) ?? []) {
      if ((o.metadata?.ownerReferences as KObject[] | undefined)?.some((r) => r.controller && r.uid === uid)) keys.push(key);
    }
  }
  keys.sort();
  const kind = INSPECTABLE[child].kind;
  return {
    title: resource === 'services' ? 'Endpoints' : `${kind}s`,
    total: keys.length,
    links: keys.slice(0, limit).map((key) => ({ resource: child, key, kind, name: key.slice(key.indexOf('/') + 1) }))
  };
}

const n = (v: unknown): number => (typeof v === 'number' ? v : 0);
/** `spec.replicas` defaults to 1 (upstream: apps/v1 defaults). */
const desired = (o: KObject): number => (typeof o.spec?.replicas === 'number' ? o.spec.replicas : 1);
const isTrue = (o: KObject, type: string): boolean => ((o.status?.conditions ?? []) as KObject[]).some((c) => c.type === type && c.status === 'True');

/** The line under the name: what `kubectl get` prints for it, in words. */
export function summaryOf(resource: string | undefined, object: KObject | undefined, resources: ReadonlyMap<string, ReadonlyMap<string, KObject>>): string {
  if (!object) return '';
  const s = object.status ?? {};
  switch (resource) {
    case 'pods': {
      const v = podView(object);
      const parts = [v.reason, `${v.ready}/${v.total} ready`];
      if (v.restarts) parts.push(`${v.restarts} restarts`);
      parts.push(object.spec?.nodeName ? `on ${object.spec.nodeName}` : 'not scheduled');
      if (s.podIP) parts.push(s.podIP);
      return parts.join(' · ');
    }
    case 'nodes':
      return nodeView(object).status;
    case 'deployments':
      return `${n(s.readyReplicas)}/${desired(object)} ready · ${n(s.updatedReplicas)} up-to-date · ${n(s.availableReplicas)} available`;
    case 'replicasets':
      return `${n(s.replicas)} current / ${desired(object)} desired · ${n(s.readyReplicas)} ready`;
    case 'statefulsets':
      return `${n(s.readyReplicas)}/${desired(object)} ready · ${n(s.currentReplicas)} current · ${n(s.updatedReplicas)} up-to-date`;
    case 'daemonsets':
      return `${n(s.desiredNumberScheduled)} desired · ${n(s.currentNumberScheduled)} current · ${n(s.numberReady)} ready · ${n(s.updatedNumberScheduled)} up-to-date · ${n(s.numberAvailable)} available`;
    case 'jobs': {
      const state = isTrue(object, 'Complete') ? 'Complete' : isTrue(object, 'Failed') ? 'Failed' : object.spec?.suspend ? 'Suspended' : 'Running';
      const completions = typeof object.spec?.completions === 'number' ? object.spec.completions : 1;
      return `${state} · ${n(s.succeeded)}/${completions} completions${n(s.active) ? ` · ${n(s.active)} active` : ''}${n(s.failed) ? ` · ${n(s.failed)} failed` : ''}`;
    }
    case 'cronjobs':
      return `${object.spec?.schedule ?? ''} · ${(s.active ?? []).length} active${object.spec?.suspend ? ' · suspended' : ''}`;
    case 'services': {
      const key = `${object.metadata?.namespace ?? 'default'}/${object.metadata?.name}`;
      const view = serviceViews(new Map([[key, object]]), resources.get('endpointslices') ?? new Map())[0];
      const ip = view.clusterIP ? ` ${view.clusterIP}` : '';
      const endpoints = view.total === 0 ? 'no endpoints' : `${view.ready}/${view.total} endpoints ready`;
      return [`${view.type}${ip}`, view.ports, endpoints].filter(Boolean).join(' · ');
    }
  }
  return '';
}
