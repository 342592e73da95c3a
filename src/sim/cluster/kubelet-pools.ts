/**
 * Kubelets run in pools: one kubelet host (a Web Worker in the browser) runs up to
 * `kubeletsPerHost` of them, the nodes in the order they were added: node i runs on
 * `kubelet-pool-<floor(i / kubeletsPerHost)>`. The page reads the same rule to tell which node
 * cards a watch delivery to a pool can be meant for (src/lib/viz/watch-traffic.ts).
 */

/** Kubelets per host in a cluster of up to MAX_KUBELET_HOSTS x this many nodes. */
export const DEFAULT_KUBELETS_PER_HOST = 50;

/**
 * At most this many kubelet hosts (Web Workers, all in the page's renderer process): past 1,000
 * nodes a host runs more than 50 kubelets. Every worker is a V8 isolate with its own heap
 * reservations in the renderer's memory; at 3,000 nodes 60 pools of 50 crashed the tab near
 * 20,000 pods while the heaps in use added up to some 2.2 GB.
 */
export const MAX_KUBELET_HOSTS = 20;

/** Kubelets per kubelet host for a cluster of `workers` nodes (ClusterConfig.kubeletsPerHost). */
export function kubeletsPerHost(workers: number): number {
  return Math.max(DEFAULT_KUBELETS_PER_HOST, Math.ceil(workers / MAX_KUBELET_HOSTS));
}

/** The kubelet host of the node added `index`-th (0: the control plane). */
export function kubeletHostName(index: number, perHost: number): string {
  return `kubelet-pool-${Math.floor(index / perHost)}`;
}
