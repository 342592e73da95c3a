/**
 * The resource quota controller: keeps each ResourceQuota's status (hard: the spec's limits;
 * used: what the namespace's objects selected by the quota add up to) current. A quota is synced
 * when it is created or its spec changes, when an object it counts goes away or stops counting
 * (replenishment: a pod deleted or finished), and every 5 minutes.
 * upstream: pkg/controller/resourcequota/resource_quota_controller.go (syncResourceQuota,
 * replenishQuota, --resource-quota-sync-period=5m), pkg/controller/resourcequota/resource_quota_monitor.go,
 * staging/src/k8s.io/apiserver/pkg/quota/v1/resources.go CalculateUsage
 */
import type { KObject } from '../../apiserver/store';
import type { Client } from '../../client/client';
import type { SharedInformer, SharedInformerFactory } from '../../client/informer';
import { ControllerRunner } from '../../client/controller-runner';
import type { SimClock } from '../../kernel/clock';
import { resolveResource } from '../../api/resources';
import { sameJSON } from '../../api/canonical';
import { addResourceLists, fromResourceList, matchingResources, quotaMatches, toResourceList, usage, type ResourceList } from '../../api/quota';
import { fromValue } from '../../api/quantity';

export const RESOURCEQUOTA_CONTROLLER = 'resourcequota-controller';

/** upstream: --resource-quota-sync-period default */
export const QUOTA_RESYNC_MS = 5 * 60_000;

/** The kinds watched for replenishment (upstream monitors every quotable resource; these are the ones quotas name here). */
const MONITORED = ['pods', 'services', 'persistentvolumeclaims', 'configmaps', 'secrets'] as const;

/**
 * upstream: CalculateUsage: for each resource the quota limits, the sum over the namespace's
 * objects it selects (zero when none); `objectsOf` gives the objects of a kind.
 */
export function calculateUsage(quota: KObject, objectsOf: (resource: string, group: string) => readonly KObject[], now: number): Record<string, string> {
  const hard: Record<string, unknown> = quota.spec?.hard ?? {};
  const names = Object.keys(hard);
  let used: ResourceList = new Map(names.map((n) => [n, fromValue(0, 'DecimalSI')]));
  for (const { resource, group } of kindsFor(names)) {
    const counted = matchingResources(resource, group, names);
    for (const obj of objectsOf(resource, group)) {
      if (!quotaMatches(quota, resource, group, obj, hard)) continue;
      const u = usage(resource, group, obj, now);
      used = addResourceLists(used, new Map([...u].filter(([k]) => counted.includes(k))));
    }
  }
  return fromResourceList(used);
}

/** The kinds whose objects the quota's resource names count. */
export function kindsFor(names: readonly string[]): { resource: string; group: string }[] {
  const kinds = new Map<string, { resource: string; group: string }>();
  for (const k of [...MONITORED, 'resourcequotas', 'replicationcontrollers']) if (matchingResources(k, '', names).length > 0) kinds.set(k, { resource: k, group: '' });
  for (const n of names) {
    if (!n.startsWith('count/')) continue;
    const r = resolveResource(n.slice('count/'.length));
    if (r && !kinds.has(`${r.name}.${r.group}`) && !(r.group === '' && kinds.has(r.name))) kinds.set(`${r.name}.${r.group}`, { resource: r.name, group: r.group });
  }
  return [...kinds.values()];
}

export class ResourceQuotaController {
  readonly #runner: ControllerRunner;
  readonly #quotas: SharedInformer;
  /** Monitors by `resource.group` (core: `pods.`). */
  readonly #informers = new Map<string, SharedInformer>();

  constructor(
    readonly client: Client,
    readonly factory: SharedInformerFactory,
    readonly clock: SimClock
  ) {
    this.#runner = new ControllerRunner((ms, fn) => clock.after(ms, fn), 5, (key, done) => this.#syncResourceQuota(key, done));
    this.#quotas = factory.informer('resourcequotas');
    const enqueue = (q: KObject) => this.#runner.queue.add(`${q.metadata.namespace}/${q.metadata.name}`);
    this.#quotas.addEventHandler({
      add: enqueue,
      // upstream: a quota whose spec.hard and status.hard differ is synced (the status it writes itself is not)
      update: (_old, q) => {
        if (!sameJSON(q.spec?.hard ?? {}, q.status?.hard ?? {})) enqueue(q);
      }
    });
    for (const resource of MONITORED) this.#monitor(resource, '');
    this.#runner.startWhenSynced([this.#quotas, ...this.#informers.values()]);
    this.#resync();
  }

  /**
   * upstream: resource_quota_monitor.go: a monitor per quotable kind; here the common kinds from
   * the start and others (`count/deployments.apps`) once a quota names them.
   */
  #monitor(resource: string, group: string): SharedInformer {
    const key = `${resource}.${group}`;
    const known = this.#informers.get(key);
    if (known) return known;
    const inf = this.factory.informer(resource);
    this.#informers.set(key, inf);
    inf.addEventHandler({
      // upstream: replenishQuota: an object gone, or one whose usage changed (a pod that finished)
      update: (old, obj) => {
        // Most namespaces have no quota: skip the usage arithmetic for them.
        if (this.#quotas.listNamespace(obj.metadata.namespace).length === 0) return;
        const now = this.clock.now();
        if (!sameJSON(fromResourceList(usage(resource, group, old, now)), fromResourceList(usage(resource, group, obj, now)))) this.#replenish(resource, group, obj);
      },
      delete: (obj) => this.#replenish(resource, group, obj)
    });
    return inf;
  }

  #resync(): void {
    this.clock.after(QUOTA_RESYNC_MS, () => {
      for (const q of this.#quotas.list()) this.#runner.queue.add(`${q.metadata.namespace}/${q.metadata.name}`);
      this.#resync();
    });
  }

  /** upstream: replenishQuota: the namespace's quotas that count this kind are synced again. */
  #replenish(resource: string, group: string, obj: KObject): void {
    for (const q of this.#quotas.listNamespace(obj.metadata.namespace)) {
      if (matchingResources(resource, group, Object.keys(q.status?.hard ?? {})).length > 0) this.#runner.queue.add(`${q.metadata.namespace}/${q.metadata.name}`);
    }
  }

  /** upstream: syncResourceQuota: status.hard from the spec, status.used recalculated; written only when it changed. */
  #syncResourceQuota(key: string, done: (err?: string) => void): void {
    const i = key.indexOf('/');
    const quota = this.#quotas.get(key.slice(0, i), key.slice(i + 1));
    if (!quota) return done();
    const namespace: string = quota.metadata.namespace;
    const kinds = kindsFor(Object.keys(quota.spec?.hard ?? {}));
    const listed = new Map<string, readonly KObject[]>();
    // Kinds without an informer here (count/deployments.apps) are listed from the API server.
    // A kind the server does not serve (replicationcontrollers) counts nothing; a monitor not yet
    // synced is read from the API server this once.
    const informerFor = (resource: string, group: string): SharedInformer | undefined => {
      if (resource === 'resourcequotas' && group === '') return this.#quotas;
      if (resolveResource(group ? `${resource}.${group}` : resource) === undefined) return undefined;
      const inf = this.#monitor(resource, group);
      return inf.hasSynced ? inf : undefined;
    };
    const missing = kinds.filter((k) => !informerFor(k.resource, k.group));
    const finish = () => {
      const objectsOf = (resource: string, group: string) => informerFor(resource, group)?.listNamespace(namespace) ?? listed.get(`${resource}.${group}`) ?? [];
      const used = calculateUsage(quota, objectsOf, this.clock.now());
      const hard = fromResourceList(toResourceList(quota.spec?.hard));
      if (sameJSON(quota.status?.hard, hard) && sameJSON(quota.status?.used, used)) return done();
      this.client.updateStatus('resourcequotas', { ...quota, status: { hard, used } }, (err) => done(err ? err.message : undefined));
    };
    const next = (j: number) => {
      if (j >= missing.length) return finish();
      const { resource, group } = missing[j];
      this.client.list(resource, { namespace }, (err, list) => {
        // a kind this API server does not serve (replicationcontrollers) counts nothing
        if (err && err.code !== 404) return done(err.message);
        listed.set(`${resource}.${group}`, list?.items ?? []);
        next(j + 1);
      });
    };
    next(0);
  }
}
