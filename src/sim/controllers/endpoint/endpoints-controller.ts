/**
 * The Endpoints controller: keeps, for each Service with a selector, an Endpoints object of the
 * same name listing the matching pods' addresses per port. It watches Services, pods and
 * Endpoints; a pod change queues the Services whose selector matches the pod (before and after).
 * upstream: pkg/controller/endpoint/endpoints_controller.go (NewEndpointController, addPod,
 * updatePod, deletePod, syncService). Left out: the 1000-address truncation
 * (endpoints.kubernetes.io/over-capacity) and the skip-mirror label for EndpointSlice mirroring.
 */
import type { KObject } from '../../apiserver/store';
import { selectorFromSet, type Selector } from '../../api/labels';
import type { Client } from '../../client/client';
import type { SharedInformer, SharedInformerFactory } from '../../client/informer';
import { ControllerRunner } from '../../client/controller-runner';
import type { RateLimitingQueue } from '../../client/workqueue';
import type { SimClock } from '../../kernel/clock';
import { computeEndpointSubsets, HEADLESS_LABEL, isServiceIPSet, LAST_CHANGE_TRIGGER_TIME } from './endpoints-util';
import { TriggerTimeTracker } from './trigger-time-tracker';
import { cloneJSON } from '../../api/canonical';

export const ENDPOINT_CONTROLLER = 'endpoint-controller';
/** upstream: kube-controller-manager --concurrent-endpoint-syncs default. */
export const CONCURRENT_ENDPOINT_SYNCS = 5;

const keyOf = (o: KObject) => `${o.metadata.namespace}/${o.metadata.name}`;

/** A Service's selector, or undefined when it has none (those Services are left alone). */
export function serviceSelector(svc: KObject): Selector | undefined {
  const sel = svc.spec?.selector;
  if (!sel || Object.keys(sel).length === 0 || svc.spec?.type === 'ExternalName') return undefined;
  return selectorFromSet(sel);
}

/** The Services of the pod's namespace whose selector matches its labels (upstream: GetPodServiceMemberships). */
export function podServiceMemberships(services: readonly KObject[], pod: KObject): string[] {
  return services.filter((s) => s.metadata.namespace === pod.metadata.namespace && serviceSelector(s)?.matches(pod.metadata.labels ?? {})).map(keyOf);
}

const sameJSON = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export class EndpointController {
  readonly queue: RateLimitingQueue;
  readonly #runner: ControllerRunner;
  readonly triggerTimeTracker = new TriggerTimeTracker();
  #serviceInformer: SharedInformer;
  #podInformer: SharedInformer;
  #endpointsInformer: SharedInformer;

  constructor(
    readonly client: Client,
    factory: SharedInformerFactory,
    readonly clock: SimClock,
    readonly workers = CONCURRENT_ENDPOINT_SYNCS
  ) {
    this.#runner = new ControllerRunner((ms, fn) => clock.after(ms, fn), workers, (key, done) => this.syncService(key, done));
    this.queue = this.#runner.queue;
    this.#serviceInformer = factory.informer('services');
    this.#podInformer = factory.informer('pods');
    this.#endpointsInformer = factory.informer('endpoints');
    this.#serviceInformer.addEventHandler({
      add: (s) => this.queue.add(keyOf(s)),
      update: (_o, s) => this.queue.add(keyOf(s)),
      delete: (s) => this.queue.add(keyOf(s))
    });
    this.#podInformer.addEventHandler({
      add: (p) => this.#queuePodServices(p),
      update: (old, cur) => {
        if (old.metadata.resourceVersion === cur.metadata.resourceVersion) return;
        this.#queuePodServices(cur);
        if (!sameJSON(old.metadata.labels, cur.metadata.labels)) this.#queuePodServices(old);
      },
      delete: (p) => this.#queuePodServices(p)
    });
    // upstream: onEndpointsDelete: an Endpoints deleted by someone else is recreated.
    this.#endpointsInformer.addEventHandler({ delete: (ep) => this.#serviceInformer.get(ep.metadata.namespace, ep.metadata.name) && this.queue.add(keyOf(ep)) });
    this.#runner.startWhenSynced([this.#serviceInformer, this.#podInformer, this.#endpointsInformer]);
  }

  #queuePodServices(pod: KObject): void {
    for (const key of podServiceMemberships(this.#serviceInformer.list(), pod)) this.queue.add(key);
  }

  /** upstream: syncService. */
  syncService(key: string, done: (err?: string) => void): void {
    const i = key.indexOf('/');
    const [namespace, name] = [key.slice(0, i), key.slice(i + 1)];
    const service = this.#serviceInformer.get(namespace, name);
    if (!service) {
      // The Service is gone: so are its Endpoints (upstream deletes them here, not through an owner reference).
      this.triggerTimeTracker.deleteService(namespace, name);
      return this.client.delete('endpoints', namespace, name, {}, (err) => done(err && err.code !== 404 ? err.message : undefined));
    }
    const selector = serviceSelector(service);
    if (!selector) return done();
    const pods = this.#podInformer.listNamespace(namespace).filter((p) => selector.matches(p.metadata.labels ?? {}));
    const subsets = computeEndpointSubsets(service, pods);
    const triggerTime = this.triggerTimeTracker.compute(service, pods);

    const current = this.#endpointsInformer.get(namespace, name);
    const create = current === undefined;
    const compareLabels = { ...(current?.metadata.labels ?? {}) };
    delete compareLabels[HEADLESS_LABEL];
    if (!create && sameJSON(current.subsets ?? [], subsets) && sameJSON(compareLabels, service.metadata.labels ?? {})) return done();

    const next: KObject = create ? { apiVersion: 'v1', kind: 'Endpoints', metadata: { name, namespace } } : cloneJSON(current);
    next.subsets = subsets;
    const labels: Record<string, string> = { ...(service.metadata.labels ?? {}) };
    if (!isServiceIPSet(service)) labels[HEADLESS_LABEL] = '';
    if (Object.keys(labels).length > 0) next.metadata.labels = labels;
    else delete next.metadata.labels;
    const annotations: Record<string, string> = { ...(next.metadata.annotations ?? {}) };
    if (triggerTime) annotations[LAST_CHANGE_TRIGGER_TIME] = triggerTime;
    else delete annotations[LAST_CHANGE_TRIGGER_TIME];
    if (Object.keys(annotations).length > 0) next.metadata.annotations = annotations;
    else delete next.metadata.annotations;
    const cb = (err: { code: number; message: string } | undefined) => {
      // A Service deleted meanwhile: its namespace may be going away; nothing to retry.
      if (err && create && err.message.includes('being terminated')) return done();
      done(err?.message);
    };
    if (create) this.client.create('endpoints', next, cb);
    else this.client.update('endpoints', next, cb);
  }
}
