// Dense mode's parts (over 300 pods: dots on a canvas), loaded by ClusterMap the first time a map
// turns dense: a small cluster's first frame does not wait for them.
export { default as DenseLayer } from './DenseLayer.svelte';
export { default as DenseNodes } from './DenseNodes.svelte';
export { default as NodePodList } from './NodePodList.svelte';
export { hitTest } from './dense';
