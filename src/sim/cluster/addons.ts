/**
 * Cluster add-ons and API-server-maintained objects that a fresh kubeadm cluster has, created by
 * the controller-manager host when it starts (no other component here plays kubeadm's part):
 * - the kube-proxy ServiceAccount, ConfigMap and DaemonSet in kube-system, as
 *   `kubeadm init phase addon kube-proxy` creates them
 *   (upstream: cmd/kubeadm/app/phases/addons/proxy/manifests.go, proxy.go);
 * - the Endpoints and EndpointSlice of the `kubernetes` Service, pointing at the API server's
 *   advertise address. Upstream the API server keeps them itself (pkg/controlplane/reconcilers,
 *   the lease endpoint reconciler); this simulation writes them once at start, as the API server
 *   (172.18.0.2, the control-plane node) never moves;
 * - the two system PriorityClasses, only if they are not there yet (the API server bootstraps
 *   them upstream: pkg/registry/scheduling/rest/storage_scheduling.go); AlreadyExists is fine.
 * - the default StorageClass
 *   `standard` (provisioner hostpath.csi.k8s.io, Immediate binding, reclaim Delete), as kind's
 *   default class, served by the simulated hostpath CSI driver (src/sim/node/csi) and its
 *   provisioner (src/sim/controllers/volume).
 * Every create is retried until it succeeds or the object already exists.
 */
import type { KObject } from '../apiserver/store';
import type { Client } from '../client/client';
import { cloneJSON } from '../api/canonical';

export const KUBE_PROXY_IMAGE = 'registry.k8s.io/kube-proxy:v1.32.0';
/** The API server's advertise address: the control-plane node's InternalIP (see config.ts). */
export const APISERVER_ADVERTISE_ADDRESS = '172.18.0.2';
export const APISERVER_SECURE_PORT = 6443;
const RETRY_MS = 1000;

/** upstream: scheduling.SystemPriorityClasses(). */
export const SYSTEM_PRIORITY_CLASSES: KObject[] = [
  { name: 'system-node-critical', value: 2000001000, description: 'Used for system critical pods that must not be moved from their current node.' },
  { name: 'system-cluster-critical', value: 2000000000, description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.' }
].map(({ name, value, description }) => ({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value, description, preemptionPolicy: 'PreemptLowerPriority' }));

/** upstream: KubeProxyConfigMap19 (config.conf is the KubeProxyConfiguration, abridged). */
export const KUBE_PROXY_CONFIGMAP: KObject = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'kube-proxy', namespace: 'kube-system', labels: { app: 'kube-proxy' } },
  data: {
    'config.conf': [
      'apiVersion: kubeproxy.config.k8s.io/v1alpha1',
      'kind: KubeProxyConfiguration',
      'bindAddress: 0.0.0.0',
      'clientConnection:',
      '  kubeconfig: /var/lib/kube-proxy/kubeconfig.conf',
      'clusterCIDR: 10.244.0.0/16',
      'mode: iptables',
      ''
    ].join('\n'),
    'kubeconfig.conf': [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      '- cluster:',
      '    certificate-authority: /var/run/secrets/kubernetes.io/serviceaccount/ca.crt',
      `    server: https://${APISERVER_ADVERTISE_ADDRESS}:${APISERVER_SECURE_PORT}`,
      '  name: default',
      'contexts:',
      '- context:',
      '    cluster: default',
      '    namespace: default',
      '    user: default',
      '  name: default',
      'current-context: default',
      'users:',
      '- name: default',
      '  user:',
      '    tokenFile: /var/run/secrets/kubernetes.io/serviceaccount/token',
      ''
    ].join('\n')
  }
};

/** upstream: KubeProxyDaemonSet19. */
export const KUBE_PROXY_DAEMONSET: KObject = {
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'kube-proxy', namespace: 'kube-system', labels: { 'k8s-app': 'kube-proxy' } },
  spec: {
    selector: { matchLabels: { 'k8s-app': 'kube-proxy' } },
    updateStrategy: { type: 'RollingUpdate' },
    template: {
      metadata: { labels: { 'k8s-app': 'kube-proxy' } },
      spec: {
        priorityClassName: 'system-node-critical',
        containers: [
          {
            name: 'kube-proxy',
            image: KUBE_PROXY_IMAGE,
            imagePullPolicy: 'IfNotPresent',
            command: ['/usr/local/bin/kube-proxy', '--config=/var/lib/kube-proxy/config.conf', '--hostname-override=$(NODE_NAME)'],
            securityContext: { privileged: true },
            volumeMounts: [
              { mountPath: '/var/lib/kube-proxy', name: 'kube-proxy' },
              { mountPath: '/run/xtables.lock', name: 'xtables-lock', readOnly: false },
              { mountPath: '/lib/modules', name: 'lib-modules', readOnly: true }
            ],
            env: [{ name: 'NODE_NAME', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } }]
          }
        ],
        hostNetwork: true,
        serviceAccountName: 'kube-proxy',
        volumes: [
          { name: 'kube-proxy', configMap: { name: 'kube-proxy' } },
          { name: 'xtables-lock', hostPath: { path: '/run/xtables.lock', type: 'FileOrCreate' } },
          { name: 'lib-modules', hostPath: { path: '/lib/modules' } }
        ],
        tolerations: [{ operator: 'Exists' }],
        nodeSelector: { 'kubernetes.io/os': 'linux' }
      }
    }
  }
};

const KUBE_PROXY_SERVICEACCOUNT: KObject = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'kube-proxy', namespace: 'kube-system' } };

const apiserverPorts = [{ name: 'https', port: APISERVER_SECURE_PORT, protocol: 'TCP' }];

/** upstream: pkg/controlplane/reconcilers (the `kubernetes` Endpoints carry skip-mirror). */
export const KUBERNETES_ENDPOINTS: KObject = {
  apiVersion: 'v1',
  kind: 'Endpoints',
  metadata: { name: 'kubernetes', namespace: 'default', labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' } },
  subsets: [{ addresses: [{ ip: APISERVER_ADVERTISE_ADDRESS }], ports: apiserverPorts }]
};

/** upstream: pkg/controlplane/reconcilers/endpointsadapter.go (the slice named after the Service). */
export const KUBERNETES_ENDPOINTSLICE: KObject = {
  apiVersion: 'discovery.k8s.io/v1',
  kind: 'EndpointSlice',
  metadata: { name: 'kubernetes', namespace: 'default', labels: { 'kubernetes.io/service-name': 'kubernetes' } },
  addressType: 'IPv4',
  endpoints: [{ addresses: [APISERVER_ADVERTISE_ADDRESS], conditions: { ready: true } }],
  ports: apiserverPorts
};

/** The default StorageClass (upstream: kind's pkg/cluster/internal/create/actions/installstorage, with the CSI hostpath driver). */
export const DEFAULT_STORAGE_CLASS: KObject = {
  apiVersion: 'storage.k8s.io/v1',
  kind: 'StorageClass',
  metadata: { name: 'standard', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
  provisioner: 'hostpath.csi.k8s.io',
  reclaimPolicy: 'Delete',
  volumeBindingMode: 'Immediate'
};

/** Objects in creation order: a pod of the DaemonSet needs its ServiceAccount and PriorityClass. */
export const ADDON_OBJECTS: readonly [string, KObject][] = [
  ...SYSTEM_PRIORITY_CLASSES.map((pc) => ['priorityclasses', pc] as [string, KObject]),
  ['endpoints', KUBERNETES_ENDPOINTS],
  ['endpointslices', KUBERNETES_ENDPOINTSLICE],
  ['serviceaccounts', KUBE_PROXY_SERVICEACCOUNT],
  ['configmaps', KUBE_PROXY_CONFIGMAP],
  ['daemonsets', KUBE_PROXY_DAEMONSET],
  ['storageclasses', DEFAULT_STORAGE_CLASS]
];


/** Creates the add-ons one after the other, retrying each on any error but AlreadyExists. */
export function createAddons(client: Client, after: (ms: number, fn: () => void) => void, objects: readonly [string, KObject][] = ADDON_OBJECTS): void {
  const createAt = (i: number): void => {
    if (i >= objects.length) return;
    const [resource, obj] = objects[i];
    client.create(resource, cloneJSON(obj), (err) => {
      if (err && err.code !== 409) return after(RETRY_MS, () => createAt(i));
      createAt(i + 1);
    });
  };
  createAt(0);
}
