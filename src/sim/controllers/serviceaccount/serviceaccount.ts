/**
 * Puts a `default` ServiceAccount and the `kube-root-ca.crt` ConfigMap in every namespace.
 * upstream: pkg/controller/serviceaccount/serviceaccounts_controller.go,
 *           pkg/controller/certificates/rootcacertpublisher/publisher.go
 */
import type { KObject } from '../../apiserver/store';
import type { Client } from '../../client/client';
import type { SharedInformerFactory } from '../../client/informer';

export const ROOT_CA = '-----BEGIN CERTIFICATE-----\nMIIDBTCCAe2gAwIBAgIIkubarium0wDQYJKoZIhvcNAQELBQAwFTETMBEGA1UEAxMK\na3ViZXJuZXRlczAeFw0yNTAxMDEwMDAwMDBaFw0zNTAxMDEwMDAwMDBaMBUxEzAR\n-----END CERTIFICATE-----\n';

export class ServiceAccountsController {
  constructor(
    readonly client: Client,
    factory: SharedInformerFactory
  ) {
    const sas = factory.informer('serviceaccounts');
    const cms = factory.informer('configmaps');
    const ensure = (ns: KObject) => {
      if (ns.metadata.deletionTimestamp || ns.status?.phase !== 'Active') return;
      const name = ns.metadata.name;
      const go = () => {
        if (!sas.get(name, 'default')) {
          this.client.create('serviceaccounts', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: name } });
        }
        if (!cms.get(name, 'kube-root-ca.crt')) {
          this.client.create('configmaps', {
            apiVersion: 'v1',
            kind: 'ConfigMap',
            metadata: { name: 'kube-root-ca.crt', namespace: name, annotations: { 'kubernetes.io/description': "Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters." } },
            data: { 'ca.crt': ROOT_CA }
          });
        }
      };
      // Wait for both caches, so an existing object is not created twice.
      sas.onSynced(() => cms.onSynced(go));
    };
    factory.informer('namespaces').addEventHandler({ add: ensure, update: (_o, ns) => ensure(ns) });
    // Recreate them if deleted.
    sas.addEventHandler({ delete: (sa) => sa.metadata.name === 'default' && this.#recheck(factory, sa.metadata.namespace, ensure) });
    cms.addEventHandler({ delete: (cm) => cm.metadata.name === 'kube-root-ca.crt' && this.#recheck(factory, cm.metadata.namespace, ensure) });
  }

  #recheck(factory: SharedInformerFactory, ns: string, ensure: (ns: KObject) => void): void {
    const obj = factory.informer('namespaces').get(undefined, ns);
    if (obj) ensure(obj);
  }
}
