/**
 * A typed client over a Transport, callback style: in the simulation every answer arrives as a
 * later event on the clock, never synchronously, just as over a network.
 * upstream: staging/src/k8s.io/client-go/kubernetes (typed clients), rest.Request
 */
import type { ApiRequest, ApiResult } from '../apiserver/apiserver';
import type { KObject } from '../apiserver/store';
import type { Status } from '../api/errors';
import type { Transport } from './transport';

export type Callback = (err: Status | undefined, obj: KObject | undefined) => void;

const ignore: Callback = () => {};

export class Client {
  constructor(
    readonly transport: Transport,
    /** The user agent in traces and events: `kubelet/worker-1`, `kube-scheduler`. */
    readonly user: string
  ) {}

  request(req: Omit<ApiRequest, 'user'>, cb: Callback = ignore): void {
    this.transport.request({ ...req, user: this.user }, (r: ApiResult) => (r.ok ? cb(undefined, r.object) : cb(r.status, undefined)));
  }

  get(resource: string, namespace: string | undefined, name: string, cb: Callback): void {
    this.request({ verb: 'get', resource, namespace, name }, cb);
  }

  list(resource: string, opts: { namespace?: string; labelSelector?: string; fieldSelector?: string }, cb: Callback): void {
    this.request({ verb: 'list', resource, ...opts }, cb);
  }

  create(resource: string, obj: KObject, cb?: Callback): void {
    this.request({ verb: 'create', resource, namespace: obj.metadata?.namespace, body: obj }, cb);
  }

  update(resource: string, obj: KObject, cb?: Callback): void {
    this.request({ verb: 'update', resource, namespace: obj.metadata?.namespace, name: obj.metadata.name, body: obj }, cb);
  }

  updateStatus(resource: string, obj: KObject, cb?: Callback): void {
    this.request({ verb: 'update', resource, subresource: 'status', namespace: obj.metadata?.namespace, name: obj.metadata.name, body: obj }, cb);
  }

  patch(resource: string, namespace: string | undefined, name: string, patch: KObject, patchType: 'merge' | 'strategic' | 'json' = 'strategic', cb?: Callback): void {
    this.request({ verb: 'patch', resource, namespace, name, body: patch, patchType }, cb);
  }

  patchStatus(resource: string, namespace: string | undefined, name: string, patch: KObject, cb?: Callback): void {
    this.request({ verb: 'patch', resource, subresource: 'status', namespace, name, body: patch, patchType: 'strategic' }, cb);
  }

  delete(resource: string, namespace: string | undefined, name: string, opts: { gracePeriodSeconds?: number; propagationPolicy?: 'Background' | 'Foreground' | 'Orphan' } = {}, cb?: Callback): void {
    this.request({ verb: 'delete', resource, namespace, name, ...opts }, cb);
  }

  bind(namespace: string, name: string, nodeName: string, cb?: Callback): void {
    this.request(
      { verb: 'create', resource: 'pods', subresource: 'binding', namespace, name, body: { apiVersion: 'v1', kind: 'Binding', metadata: { name, namespace }, target: { apiVersion: 'v1', kind: 'Node', name: nodeName } } },
      cb
    );
  }
}
