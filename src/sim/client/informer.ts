/**
 * Shared informers: one list+watch per resource per component host, a local cache, and handlers.
 * Objects in the cache are the API server's immutable objects, shared, never cloned.
 * upstream: staging/src/k8s.io/client-go/tools/cache (Reflector, Indexer, SharedIndexInformer)
 */
import type { KObject } from '../apiserver/store';
import { keyOf } from '../apiserver/store';
import type { Client } from './client';
import type { WatchHandle } from './transport';

export interface EventHandler {
  add?(obj: KObject): void;
  update?(oldObj: KObject, newObj: KObject): void;
  delete?(obj: KObject): void;
}

export interface InformerOptions {
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
}

export class SharedInformer {
  readonly cache = new Map<string, KObject>();
  /** namespace -> key -> object, in the cache's order (upstream: the Indexer's namespace index). */
  readonly #byNamespace = new Map<string, Map<string, KObject>>();
  #handlers: EventHandler[] = [];
  #synced = false;
  #syncWaiters: (() => void)[] = [];
  #watch?: WatchHandle;
  #rv = '';
  #stopped = false;
  #transform: ((o: KObject) => KObject) | undefined;

  constructor(
    readonly client: Client,
    readonly resource: string,
    readonly options: InformerOptions = {},
    /** The host clock, for retries. */
    readonly schedule: (ms: number, fn: () => void) => void = () => {}
  ) {}

  /**
   * What the cache keeps of each object (set before run()): the handlers and the cache get the
   * transformed object, e.g. only the fields a component reads, so a watch of every pod costs
   * less memory. It must keep metadata.resourceVersion (a relist compares it).
   * upstream: staging/src/k8s.io/client-go/tools/cache/shared_informer.go (SetTransform)
   */
  setTransform(fn: (o: KObject) => KObject): void {
    this.#transform = fn;
  }

  addEventHandler(h: EventHandler): void {
    this.#handlers.push(h);
    // Late handlers see the current state as adds, as client-go does.
    if (this.#synced) for (const o of this.cache.values()) h.add?.(o);
  }

  get hasSynced(): boolean {
    return this.#synced;
  }

  onSynced(fn: () => void): void {
    if (this.#synced) fn();
    else this.#syncWaiters.push(fn);
  }

  get(namespace: string | undefined, name: string): KObject | undefined {
    return this.cache.get(keyOf(namespace, name));
  }

  list(): KObject[] {
    return [...this.cache.values()];
  }

  /** The objects of one namespace, in the order list() gives them (upstream: lister.Pods(ns).List). */
  listNamespace(namespace: string): KObject[] {
    const m = this.#byNamespace.get(namespace);
    return m ? [...m.values()] : [];
  }

  /** How many objects listNamespace(namespace) would give. */
  countNamespace(namespace: string): number {
    return this.#byNamespace.get(namespace)?.size ?? 0;
  }

  #set(key: string, o: KObject): void {
    this.cache.set(key, o);
    const ns = o.metadata.namespace ?? '';
    let m = this.#byNamespace.get(ns);
    if (!m) this.#byNamespace.set(ns, (m = new Map()));
    m.set(key, o);
  }

  #delete(key: string, o: KObject | undefined): void {
    this.cache.delete(key);
    if (!o) return;
    const ns = o.metadata.namespace ?? '';
    const m = this.#byNamespace.get(ns);
    m?.delete(key);
    if (m?.size === 0) this.#byNamespace.delete(ns);
  }

  /** The last resourceVersion seen (list or watch event). */
  get lastSyncResourceVersion(): string {
    return this.#rv;
  }

  run(): void {
    this.#stopped = false;
    this.#listAndWatch();
  }

  stop(): void {
    this.#stopped = true;
    this.#watch?.stop();
    this.#watch = undefined;
  }

  #listAndWatch(): void {
    this.client.request({ verb: 'list', resource: this.resource, ...this.options }, (err, list) => {
      if (this.#stopped) return;
      if (err || !list) {
        // The reflector backs off and retries (upstream: 800ms initial back-off).
        this.schedule(800, () => !this.#stopped && this.#listAndWatch());
        return;
      }
      this.#replace(list.items);
      this.#rv = list.metadata.resourceVersion;
      this.#startWatch();
      if (!this.#synced) {
        this.#synced = true;
        for (const w of this.#syncWaiters.splice(0)) w();
      }
    });
  }

  #startWatch(): void {
    this.#watch = this.client.transport.watch(
      { verb: 'watch', resource: this.resource, resourceVersion: this.#rv, allowWatchBookmarks: true, user: this.client.user, ...this.options },
      (e) => {
        if (this.#stopped) return;
        const rv = e.object.metadata?.resourceVersion;
        if (rv) this.#rv = rv;
        if (e.type === 'BOOKMARK') return;
        const key = keyOf(e.object.metadata.namespace, e.object.metadata.name);
        if (e.type === 'DELETED') {
          const old = this.cache.get(key);
          this.#delete(key, old);
          for (const h of this.#handlers) h.delete?.(old ?? e.object);
          return;
        }
        const old = this.cache.get(key);
        const object = this.#transform ? this.#transform(e.object) : e.object;
        this.#set(key, object);
        for (const h of this.#handlers) {
          if (old) h.update?.(old, object);
          else h.add?.(object);
        }
      },
      () => {
        // 410 Gone (or another watch failure): relist, as the reflector does.
        if (!this.#stopped) this.#listAndWatch();
      }
    );
  }

  /** Replaces the cache with a fresh list, emitting the differences. */
  #replace(items: KObject[]): void {
    const seen = new Set<string>();
    for (const item of items) {
      const o = this.#transform ? this.#transform(item) : item;
      const key = keyOf(o.metadata.namespace, o.metadata.name);
      seen.add(key);
      const old = this.cache.get(key);
      this.#set(key, o);
      for (const h of this.#handlers) {
        if (!old) h.add?.(o);
        else if (old.metadata.resourceVersion !== o.metadata.resourceVersion) h.update?.(old, o);
      }
    }
    for (const [key, old] of [...this.cache]) {
      if (seen.has(key)) continue;
      this.#delete(key, old);
      for (const h of this.#handlers) h.delete?.(old);
    }
  }
}

/** One informer per (resource, options) per host: components share them. */
export class SharedInformerFactory {
  #informers = new Map<string, SharedInformer>();
  #started = false;

  constructor(
    readonly client: Client,
    readonly schedule: (ms: number, fn: () => void) => void
  ) {}

  informer(resource: string, options: InformerOptions = {}): SharedInformer {
    const id = `${resource}?${options.namespace ?? ''}&${options.labelSelector ?? ''}&${options.fieldSelector ?? ''}`;
    let inf = this.#informers.get(id);
    if (!inf) {
      inf = new SharedInformer(this.client, resource, options, this.schedule);
      this.#informers.set(id, inf);
      if (this.#started) inf.run();
    }
    return inf;
  }

  start(): void {
    this.#started = true;
    for (const inf of this.#informers.values()) if (!inf.hasSynced) inf.run();
  }

  stop(): void {
    this.#started = false;
    for (const inf of this.#informers.values()) inf.stop();
  }
}
