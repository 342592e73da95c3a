/**
 * The host of kube-apiserver (and its etcd): answers requests and streams watch events back to
 * the host that opened each watch.
 */
import { ApiServer, type ApiRequest, type ApiResult } from '../apiserver/apiserver';
import { Rand } from '../kernel/rand';
import { Host, APISERVER_HOST } from './host';
import type { Envelope } from './messages';

/** upstream: the watch cache sends bookmarks about once a minute. */
const BOOKMARK_PERIOD_MS = 60_000;

export class ApiServerHost extends Host {
  readonly apiserver: ApiServer;
  #watchOwners = new Map<string, number>(); // `${host}#${clientWatchId}` -> server watch id

  constructor(seed: number, opts: { watchHistory?: number; traceWatch?: boolean } = {}) {
    super(APISERVER_HOST);
    this.apiserver = new ApiServer({
      rand: new Rand(seed).fork('kube-apiserver'),
      now: () => this.clock.now(),
      trace: (e) => this.record(e),
      watchHistory: opts.watchHistory,
      after: (ms, fn) => this.clock.after(ms, fn)
    });
    this.apiserver.bootstrap();
    const bookmarks = () => {
      this.apiserver.sendBookmarks();
      this.clock.after(BOOKMARK_PERIOD_MS, bookmarks);
    };
    this.clock.after(BOOKMARK_PERIOD_MS, bookmarks);
  }

  /** Handles a request from a caller outside any host (kubectl in the conductor), synchronously. */
  handleDirect(req: ApiRequest): ApiResult {
    return this.apiserver.handle(req);
  }

  protected receive(env: Envelope): void {
    const m = env.msg;
    switch (m.type) {
      case 'request':
        this.send(env.from, { type: 'response', id: m.id, result: this.apiserver.handle(m.req) });
        break;
      case 'watch': {
        const res = this.apiserver.watch(m.req, (event) => {
          this.record({ component: 'kube-apiserver', kind: `watch.${event.type}`, resource: m.req.resource, namespace: event.object.metadata?.namespace, name: event.object.metadata?.name, to: env.from });
          this.send(env.from, { type: 'watch-event', id: m.id, event });
        });
        if (res.ok) this.#watchOwners.set(`${env.from}#${m.id}`, res.id);
        else this.send(env.from, { type: 'watch-error', id: m.id, status: res.status });
        break;
      }
      case 'watch-stop': {
        const key = `${env.from}#${m.id}`;
        const id = this.#watchOwners.get(key);
        if (id !== undefined) this.apiserver.stopWatch(id);
        this.#watchOwners.delete(key);
        break;
      }
    }
  }
}
