/**
 * The EndpointSlice controller: keeps each selector Service's EndpointSlices in line with its pods.
 * It watches Services, pods and EndpointSlices; a pod change queues the Services selecting it; a
 * slice changed by someone else queues its Service. Deleting the Service deletes its slices through
 * their owner reference (the garbage collector).
 * upstream: pkg/controller/endpointslice/endpointslice_controller.go (syncService, onPod*,
 * onEndpointSlice*), staging/src/k8s.io/endpointslice/reconciler.go (Reconcile, finalize).
 */
import type { KObject } from '../../apiserver/store';
import type { Client } from '../../client/client';
import type { SharedInformer, SharedInformerFactory } from '../../client/informer';
import { ControllerRunner } from '../../client/controller-runner';
import type { RateLimitingQueue } from '../../client/workqueue';
import type { SimClock } from '../../kernel/clock';
import { LAST_CHANGE_TRIGGER_TIME } from '../endpoint/endpoints-util';
import { podServiceMemberships, serviceSelector } from '../endpoint/endpoints-controller';
import { TriggerTimeTracker } from '../endpoint/trigger-time-tracker';
import { EndpointSliceTracker } from './endpointslice-tracker';
import { CONTROLLER_NAME, LABEL_MANAGED_BY, LABEL_SERVICE_NAME, MAX_ENDPOINTS_PER_SLICE, desiredEndpointsByPortMap, reconcileSlices } from './utils';

export const ENDPOINTSLICE_CONTROLLER = 'endpointslice-controller';
/** upstream: kube-controller-manager --concurrent-service-endpoint-syncs default. */
export const CONCURRENT_SERVICE_ENDPOINT_SYNCS = 5;

const keyOf = (o: KObject) => `${o.metadata.namespace}/${o.metadata.name}`;

function sliceServiceKey(slice: KObject): string | undefined {
  const labels = slice.metadata.labels ?? {};
  if (labels[LABEL_MANAGED_BY] !== CONTROLLER_NAME || !labels[LABEL_SERVICE_NAME]) return undefined;
  return `${slice.metadata.namespace}/${labels[LABEL_SERVICE_NAME]}`;
}

export class EndpointSliceController {
  readonly queue: RateLimitingQueue;
  readonly #runner: ControllerRunner;
  readonly tracker = new EndpointSliceTracker();
  readonly triggerTimeTracker = new TriggerTimeTracker();
  #serviceInformer: SharedInformer;
  #podInformer: SharedInformer;
  #sliceInformer: SharedInformer;

  constructor(
    readonly client: Client,
    factory: SharedInformerFactory,
    readonly clock: SimClock,
    readonly maxEndpointsPerSlice = MAX_ENDPOINTS_PER_SLICE,
    readonly workers = CONCURRENT_SERVICE_ENDPOINT_SYNCS
  ) {
    this.#runner = new ControllerRunner((ms, fn) => clock.after(ms, fn), workers, (key, done) => this.syncService(key, done));
    this.queue = this.#runner.queue;
    this.#serviceInformer = factory.informer('services');
    this.#podInformer = factory.informer('pods');
    this.#sliceInformer = factory.informer('endpointslices');
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
        if (JSON.stringify(old.metadata.labels) !== JSON.stringify(cur.metadata.labels)) this.#queuePodServices(old);
      },
      delete: (p) => this.#queuePodServices(p)
    });
    this.#sliceInformer.addEventHandler({
      add: (s) => this.#onSliceChange(s),
      update: (_o, s) => this.#onSliceChange(s),
      delete: (s) => {
        const key = sliceServiceKey(s);
        if (!key) return;
        this.tracker.handleDeletion(key, s);
        this.queue.add(key);
      }
    });
    this.#runner.startWhenSynced([this.#serviceInformer, this.#podInformer, this.#sliceInformer]);
  }

  #onSliceChange(slice: KObject): void {
    const key = sliceServiceKey(slice);
    if (key && this.tracker.shouldSync(key, slice)) this.queue.add(key);
  }

  #queuePodServices(pod: KObject): void {
    for (const key of podServiceMemberships(this.#serviceInformer.list(), pod)) this.queue.add(key);
  }

  /** upstream: syncService + Reconcile. */
  syncService(key: string, done: (err?: string) => void): void {
    const i = key.indexOf('/');
    const [namespace, name] = [key.slice(0, i), key.slice(i + 1)];
    const service = this.#serviceInformer.get(namespace, name);
    if (!service) {
      // The garbage collector deletes the slices (owner reference); only forget the service here.
      this.triggerTimeTracker.deleteService(namespace, name);
      this.tracker.deleteService(key);
      return done();
    }
    const selector = serviceSelector(service);
    if (!selector) return done();
    const slices = this.#sliceInformer.listNamespace(namespace).filter((s) => sliceServiceKey(s) === key && !s.metadata.deletionTimestamp);
    if (this.tracker.staleSlices(key, slices)) return done('EndpointSlice informer cache is out of date');
    const pods = this.#podInformer.listNamespace(namespace).filter((p) => selector.matches(p.metadata.labels ?? {}));
    const triggerTime = this.triggerTimeTracker.compute(service, pods);
    const plan = reconcileSlices(service, slices, desiredEndpointsByPortMap(service, pods), this.maxEndpointsPerSlice);
    const writes = [...plan.create.map((s) => ['create', s] as const), ...plan.update.map((s) => ['update', s] as const), ...plan.delete.map((s) => ['delete', s] as const)];
    if (writes.length === 0) return done();
    let pending = writes.length;
    let firstErr: string | undefined;
    const finish = (err?: string) => {
      if (err) firstErr ??= err;
      if (--pending === 0) done(firstErr);
    };
    for (const [verb, slice] of writes) {
      if (verb === 'delete') {
        this.tracker.expectDeletion(key, slice);
        this.client.delete('endpointslices', namespace, slice.metadata.name, {}, (err) => {
          if (err?.code === 404) this.tracker.handleDeletion(key, slice);
          finish(err && err.code !== 404 ? err.message : undefined);
        });
        continue;
      }
      const annotations = { ...(slice.metadata.annotations ?? {}) };
      if (triggerTime) annotations[LAST_CHANGE_TRIGGER_TIME] = triggerTime;
      else delete annotations[LAST_CHANGE_TRIGGER_TIME];
      const body = { ...slice, metadata: { ...slice.metadata, annotations } };
      const cb = (err: { message: string } | undefined, obj: KObject | undefined) => {
        if (obj) this.tracker.update(key, obj);
        finish(err?.message);
      };
      if (verb === 'create') this.client.create('endpointslices', body, cb);
      else this.client.update('endpointslices', body, cb);
    }
  }
}
