/**
 * The garbage collector: deletes objects whose owners are gone, and carries out foreground and
 * orphan deletion. It learns the owner/dependent graph from informers on every resource that
 * can have owners, and talks to the API server only through requests.
 * upstream: pkg/controller/garbagecollector/garbagecollector.go, graph_builder.go
 */
import type { KObject } from '../../apiserver/store';
import type { Client } from '../../client/client';
import type { SharedInformer, SharedInformerFactory } from '../../client/informer';
import { resourceForKind } from '../../api/resources';
import type { TraceInput } from '../../kernel/trace';

/** Resources whose objects the collector tracks (owners and dependents). */
export const GC_RESOURCES = ['pods', 'replicasets', 'deployments', 'daemonsets', 'statefulsets', 'controllerrevisions', 'services', 'endpoints', 'endpointslices', 'configmaps', 'secrets', 'serviceaccounts', 'leases', 'nodes', 'persistentvolumeclaims', 'jobs', 'cronjobs'];

interface OwnerRef {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  blockOwnerDeletion?: boolean;
  controller?: boolean;
}

export class GarbageCollector {
  #informers = new Map<string, SharedInformer>();
  /** uid -> object, across all tracked resources. */
  #byUID = new Map<string, { resource: string; obj: KObject }>();
  /** owner uid -> dependents' uids */
  #dependents = new Map<string, Set<string>>();
  /** Owner uids known to be absent (deleted). */
  #absent = new Set<string>();

  constructor(
    readonly client: Client,
    factory: SharedInformerFactory,
    readonly trace: (e: TraceInput) => void
  ) {
    for (const resource of GC_RESOURCES) {
      const inf = factory.informer(resource);
      this.#informers.set(resource, inf);
      inf.addEventHandler({
        add: (o) => this.#upsert(resource, o),
        update: (_old, o) => this.#upsert(resource, o),
        delete: (o) => this.#remove(o)
      });
    }
  }

  #upsert(resource: string, obj: KObject): void {
    const uid = obj.metadata.uid;
    const prev = this.#byUID.get(uid);
    if (prev) for (const ref of prev.obj.metadata.ownerReferences ?? []) this.#dependents.get(ref.uid)?.delete(uid);
    this.#byUID.set(uid, { resource, obj });
    for (const ref of (obj.metadata.ownerReferences ?? []) as OwnerRef[]) {
      let set = this.#dependents.get(ref.uid);
      if (!set) this.#dependents.set(ref.uid, (set = new Set()));
      set.add(uid);
    }
    this.#attemptToDelete(uid);
    if (obj.metadata.deletionTimestamp) this.#processDeletingOwner(uid);
  }

  #remove(obj: KObject): void {
    const uid = obj.metadata.uid;
    this.#byUID.delete(uid);
    this.#absent.add(uid);
    for (const ref of obj.metadata.ownerReferences ?? []) {
      this.#dependents.get(ref.uid)?.delete(uid);
      // A foreground-deleting owner waits for its dependents: one fewer now.
      this.#processDeletingOwner(ref.uid);
    }
    for (const dep of this.#dependents.get(uid) ?? []) this.#attemptToDelete(dep);
  }

  #ownerState(ref: OwnerRef): 'present' | 'absent' | 'unknown' {
    const found = this.#byUID.get(ref.uid);
    if (found) return 'present';
    if (this.#absent.has(ref.uid)) return 'absent';
    const r = resourceForKind(ref.apiVersion, ref.kind);
    if (!r || !GC_RESOURCES.includes(r.name)) return 'unknown';
    const inf = this.#informers.get(r.name)!;
    // The owner's informer has synced and does not know it: gone (or never existed).
    if (inf.hasSynced) return 'absent';
    return 'unknown';
  }

  /** upstream: attemptToDeleteItem: a dependent whose owners are all gone is deleted; a dangling reference among live owners is removed. */
  #attemptToDelete(uid: string): void {
    const item = this.#byUID.get(uid);
    if (!item) return;
    const refs = (item.obj.metadata.ownerReferences ?? []) as OwnerRef[];
    if (refs.length === 0 || item.obj.metadata.deletionTimestamp) return;
    const states = refs.map((r) => this.#ownerState(r));
    if (states.includes('unknown')) return;
    const absent = refs.filter((_, i) => states[i] === 'absent');
    if (absent.length === 0) {
      // All owners alive; if one is being deleted in the foreground, cascade the foreground deletion.
      const deletingForeground = refs.some((r) => {
        const o = this.#byUID.get(r.uid)?.obj;
        return o?.metadata.deletionTimestamp && (o.metadata.finalizers ?? []).includes('foregroundDeletion');
      });
      if (deletingForeground) this.#delete(item, 'Foreground');
      return;
    }
    if (absent.length === refs.length) {
      this.#delete(item, 'Background');
      return;
    }
    // Some owners alive: drop the references to the dead ones.
    const md = item.obj.metadata;
    this.client.patch(item.resource, md.namespace, md.name, { metadata: { ownerReferences: refs.filter((_, i) => states[i] !== 'absent'), resourceVersion: md.resourceVersion } }, 'merge');
  }

  #delete(item: { resource: string; obj: KObject }, policy: 'Background' | 'Foreground'): void {
    const md = item.obj.metadata;
    this.trace({ component: 'garbage-collector', kind: 'gc.delete', resource: item.resource, namespace: md.namespace, name: md.name, propagationPolicy: policy });
    this.client.delete(item.resource, md.namespace, md.name, { propagationPolicy: policy });
  }

  /** Foreground and orphan deletion of an owner that has a deletionTimestamp. */
  #processDeletingOwner(uid: string): void {
    const item = this.#byUID.get(uid);
    if (!item || !item.obj.metadata.deletionTimestamp) return;
    const md = item.obj.metadata;
    const finalizers: string[] = md.finalizers ?? [];
    const deps = [...(this.#dependents.get(uid) ?? [])].map((d) => this.#byUID.get(d)).filter((d) => d !== undefined);
    if (finalizers.includes('orphan')) {
      for (const d of deps) {
        const refs = (d.obj.metadata.ownerReferences ?? []).filter((r: OwnerRef) => r.uid !== uid);
        this.client.patch(d.resource, d.obj.metadata.namespace, d.obj.metadata.name, { metadata: { ownerReferences: refs.length > 0 ? refs : null } }, 'merge');
      }
      this.#removeFinalizer(item, 'orphan');
      return;
    }
    if (finalizers.includes('foregroundDeletion')) {
      const blocking = deps.filter((d) => (d.obj.metadata.ownerReferences ?? []).some((r: OwnerRef) => r.uid === uid && r.blockOwnerDeletion));
      for (const d of deps) if (!d.obj.metadata.deletionTimestamp) this.#delete(d, 'Foreground');
      if (blocking.length === 0) this.#removeFinalizer(item, 'foregroundDeletion');
    }
  }

  #removeFinalizer(item: { resource: string; obj: KObject }, finalizer: string): void {
    const md = item.obj.metadata;
    const rest = (md.finalizers ?? []).filter((f: string) => f !== finalizer);
    this.client.patch(item.resource, md.namespace, md.name, { metadata: { finalizers: rest.length > 0 ? rest : null } }, 'merge');
  }
}
