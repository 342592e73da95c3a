/**
 * The namespace controller: when a namespace is deleted it deletes everything in it, and once
 * nothing is left removes the namespace (its `kubernetes` finalizer).
 * upstream: pkg/controller/namespace/deletion/namespaced_resources_deleter.go
 */
import type { KObject } from '../../apiserver/store';
import type { Client } from '../../client/client';
import type { SharedInformerFactory } from '../../client/informer';
import type { SimClock } from '../../kernel/clock';
import { RESOURCES } from '../../api/resources';

/** upstream: the controller requeues a namespace whose content is still going after a few seconds. */
const RECHECK_MS = 5000;

export class NamespaceController {
  #busy = new Set<string>();

  constructor(
    readonly client: Client,
    factory: SharedInformerFactory,
    readonly clock: SimClock
  ) {
    factory.informer('namespaces').addEventHandler({
      add: (ns) => this.#sync(ns),
      update: (_o, ns) => this.#sync(ns)
    });
  }

  #sync(ns: KObject): void {
    if (!ns.metadata.deletionTimestamp || this.#busy.has(ns.metadata.name)) return;
    this.#busy.add(ns.metadata.name);
    this.#deleteContent(ns.metadata.name);
  }

  #deleteContent(namespace: string): void {
    const namespaced = RESOURCES.filter((r) => r.namespaced);
    let remaining = 0;
    let answered = 0;
    for (const r of namespaced) {
      this.client.request({ verb: 'deletecollection', resource: r.name, namespace }, (err, list) => {
        if (!err && list) remaining += list.items.length;
        if (++answered < namespaced.length) return;
        if (remaining === 0) {
          this.client.request({ verb: 'update', resource: 'namespaces', name: namespace, subresource: 'finalize', body: {} }, () => {});
          this.#busy.delete(namespace);
          return;
        }
        this.clock.after(RECHECK_MS, () => this.#deleteContent(namespace));
      });
    }
  }
}
