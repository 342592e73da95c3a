/**
 * The storage layer (etcd + the watch cache, in one): objects by resource and key, one global
 * resourceVersion counter, and a bounded history of changes per resource from which watches
 * resume. Objects are deep-frozen on write and shared by reference with every reader and
 * watcher: a watch fan-out passes the same immutable object to all, never a clone.
 * upstream: staging/src/k8s.io/apiserver/pkg/storage/cacher (watch cache), etcd3 store.
 */
import { cloneJSON } from '../api/canonical';

export type WatchType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK';

export interface StoredEvent {
  type: WatchType;
  object: KObject;
  rv: number;
}

// A Kubernetes object as JSON. Frozen once stored.
export type KObject = Record<string, any>;

export function keyOf(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}

export function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o as object)) deepFreeze(v);
  }
  return o;
}

/** A mutable deep copy of a stored object (JSON-shaped data only). */
export function thaw<T>(o: T): T {
  // A JSON walk, not structuredClone: several times faster on API objects (every update thaws one).
  return cloneJSON(o);
}

export interface Watcher {
  id: number;
  resource: string;
  namespace?: string;
  /** The value its selector requires of the resource's trigger field (a kubelet's `spec.nodeName=NODE`), if any. */
  trigger?: string;
  filter: (o: KObject) => boolean;
  deliver: (e: StoredEvent) => void;
}

/**
 * The field a resource's watchers are indexed by: a watcher whose selector requires one value of it
 * hears only the changes of objects with that value. Pods by `spec.nodeName`, so a write of a pod
 * is not matched against every kubelet's watch (1,000 nodes: 1,000 filters per pod write).
 * upstream: pkg/registry/core/pod/storage (the cacher's IndexerFuncs / NodeNameTriggerFunc),
 * staging/src/k8s.io/apiserver/pkg/storage/cacher/cacher.go (triggerValues, valueWatchers).
 */
export const TRIGGER_FIELDS: Readonly<Record<string, string>> = { pods: 'spec.nodeName' };

function triggerValue(resource: string, o: KObject): string | undefined {
  return resource === 'pods' ? (o.spec?.nodeName ?? '') : undefined;
}

export class Store {
  #rv = 0;
  #data = new Map<string, Map<string, KObject>>();
  #history = new Map<string, StoredEvent[]>();
  /** resource -> watchers without a trigger value, in the order they started. */
  #watchers = new Map<string, Map<number, Watcher>>();
  /** resource -> trigger value -> watchers that require it, in the order they started. */
  #triggered = new Map<string, Map<string, Map<number, Watcher>>>();
  #byId = new Map<number, Watcher>();
  #nextWatcher = 1;

  /** How many changes per resource a watch can resume from (upstream's watch cache: capacity per type). */
  constructor(readonly historyCapacity = 1000) {}

  get resourceVersion(): number {
    return this.#rv;
  }

  nextResourceVersion(): number {
    return ++this.#rv;
  }

  bucket(resource: string): Map<string, KObject> {
    let b = this.#data.get(resource);
    if (!b) this.#data.set(resource, (b = new Map()));
    return b;
  }

  get(resource: string, key: string): KObject | undefined {
    return this.#data.get(resource)?.get(key);
  }

  /** Objects of a resource, in key order (as etcd lists them). */
  list(resource: string, namespace?: string): KObject[] {
    const b = this.#data.get(resource);
    if (!b) return [];
    const keys = [...b.keys()].sort();
    const out: KObject[] = [];
    for (const k of keys) {
      const o = b.get(k)!;
      if (namespace === undefined || o.metadata?.namespace === namespace) out.push(o);
    }
    return out;
  }

  /** Writes (or deletes) an object whose metadata.resourceVersion is already set, and notifies watchers. */
  commit(resource: string, type: 'ADDED' | 'MODIFIED' | 'DELETED', object: KObject): void {
    const key = keyOf(object.metadata.namespace, object.metadata.name);
    deepFreeze(object);
    if (type === 'DELETED') this.bucket(resource).delete(key);
    else this.bucket(resource).set(key, object);
    const rv = Number(object.metadata.resourceVersion);
    const e: StoredEvent = { type, object, rv };
    let h = this.#history.get(resource);
    if (!h) this.#history.set(resource, (h = []));
    h.push(e);
    if (h.length > this.historyCapacity) h.splice(0, h.length - this.historyCapacity);
    const ws = this.#watchers.get(resource);
    const value = this.#triggered.size > 0 ? triggerValue(resource, object) : undefined;
    const tw = value !== undefined ? this.#triggered.get(resource)?.get(value) : undefined;
    if (!tw || tw.size === 0) {
      if (ws) for (const w of ws.values()) this.#notify(w, e);
      return;
    }
    // Both lists are in the order the watches started (ids rise): deliver in that order, as one list would.
    const a = ws ? ws.values() : undefined;
    const b = tw.values();
    let x = a?.next();
    let y = b.next();
    while (!y.done) {
      if (x && !x.done && x.value.id < y.value.id) {
        this.#notify(x.value, e);
        x = a!.next();
      } else {
        this.#notify(y.value, e);
        y = b.next();
      }
    }
    while (x && !x.done) {
      this.#notify(x.value, e);
      x = a!.next();
    }
  }

  #notify(w: Watcher, e: StoredEvent): void {
    if (w.namespace !== undefined && e.object.metadata.namespace !== w.namespace) return;
    if (!w.filter(e.object)) return;
    w.deliver(e);
  }

  /**
   * Starts a watch. With a resourceVersion, replays the changes after it first; returns
   * 'expired' when that version is older than the history kept (the client must relist: 410 Gone).
   */
  watch(
    resource: string,
    namespace: string | undefined,
    fromRV: number | undefined,
    filter: (o: KObject) => boolean,
    deliver: (e: StoredEvent) => void,
    /** The value the filter requires of the resource's TRIGGER_FIELDS field, if it requires one. */
    trigger?: string
  ): Watcher | { expired: number } {
    const h = this.#history.get(resource) ?? [];
    if (fromRV !== undefined && fromRV > 0) {
      const oldest = h.length > 0 ? h[0].rv : this.#rv + 1;
      // Every change after fromRV must still be in the history.
      if (h.length >= this.historyCapacity && fromRV < oldest - 1) return { expired: oldest - 1 };
    }
    const w: Watcher = { id: this.#nextWatcher++, resource, namespace, filter, deliver };
    let ws: Map<number, Watcher> | undefined;
    if (trigger !== undefined && resource in TRIGGER_FIELDS) {
      w.trigger = trigger;
      let byValue = this.#triggered.get(resource);
      if (!byValue) this.#triggered.set(resource, (byValue = new Map()));
      ws = byValue.get(trigger);
      if (!ws) byValue.set(trigger, (ws = new Map()));
    } else {
      ws = this.#watchers.get(resource);
      if (!ws) this.#watchers.set(resource, (ws = new Map()));
    }
    ws.set(w.id, w);
    this.#byId.set(w.id, w);
    if (fromRV !== undefined && fromRV > 0) {
      for (const e of h) if (e.rv > fromRV) this.#notify(w, e);
    } else if (fromRV === undefined) {
      // No resourceVersion: synthetic ADDED for everything that exists now ("get state and start").
      for (const o of this.list(resource, namespace)) {
        if (filter(o)) deliver({ type: 'ADDED', object: o, rv: Number(o.metadata.resourceVersion) });
      }
    }
    return w;
  }

  stopWatch(id: number): void {
    const w = this.#byId.get(id);
    if (!w) return;
    this.#byId.delete(id);
    if (w.trigger === undefined) {
      this.#watchers.get(w.resource)?.delete(id);
      return;
    }
    const byValue = this.#triggered.get(w.resource)!;
    const ws = byValue.get(w.trigger)!;
    ws.delete(id);
    if (ws.size === 0) byValue.delete(w.trigger);
  }

  watcherCount(): number {
    return this.#byId.size;
  }
}

