/**
 * ImageLocality: favours nodes that already have the pod's images, weighted by image size and by
 * how many nodes have it (spread), clamped between 23MB and 1000MB per container.
 * upstream: pkg/scheduler/framework/plugins/imagelocality/image_locality.go
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { Handle, ScorePlugin } from '../../framework/interfaces';
import { MaxNodeScore, SuccessStatus, type CycleState, type NodeInfo } from '../../framework/types';
import { withScore } from '../helper/score-value';

export const ImageLocalityName = 'ImageLocality';
const mb = 1024 * 1024;
export const minThreshold = 23 * mb;
export const maxContainerThreshold = 1000 * mb;

/** upstream: normalizedImageName: an image without a tag or digest means :latest. */
export function normalizedImageName(name: string): string {
  if (name.lastIndexOf(':') <= name.lastIndexOf('/')) return name + ':latest';
  return name;
}

export function calculatePriority(sumScores: number, numContainers: number): number {
  const maxThreshold = maxContainerThreshold * numContainers;
  if (sumScores < minThreshold) sumScores = minThreshold;
  else if (sumScores > maxThreshold) sumScores = maxThreshold;
  return Math.trunc((MaxNodeScore * (sumScores - minThreshold)) / (maxThreshold - minThreshold));
}

interface CycleImages {
  /** The pod's containers' (init and app) normalized image names. */
  images: string[];
  total: number;
  nodesWith: Map<string, number>;
}

export function newImageLocality(handle: Pick<Handle, 'nodeInfos'>) {
  // upstream keeps NumNodes per image in the snapshot (ImageStateSummary); here the count of nodes
  // having each image is computed once per scheduling cycle, and only for images some node has.
  // The pod's normalized image names are also computed once per cycle, not per node.
  // The current cycle's data (one cycle at a time: the state identifies it).
  let cycle: CycleState | undefined;
  let c: CycleImages = { images: [], total: -1, nodesWith: new Map() };
  const cycleImages = (state: CycleState, pod: Pod): CycleImages => {
    if (state !== cycle) {
      const images: string[] = [];
      for (const ct of pod.spec?.initContainers ?? []) images.push(normalizedImageName(ct.image ?? ''));
      for (const ct of pod.spec?.containers ?? []) images.push(normalizedImageName(ct.image ?? ''));
      cycle = state;
      c = { images, total: -1, nodesWith: new Map() };
    }
    return c;
  };
  const spread = (c: CycleImages, image: string) => {
    let n = c.nodesWith.get(image);
    if (n === undefined) {
      const all = handle.nodeInfos();
      c.total = all.length;
      n = 0;
      for (const ni of all) if (ni.imageSizes.has(image)) n++;
      c.nodesWith.set(image, n);
    }
    return n / c.total;
  };
  return withScore({
    name: ImageLocalityName,
    /** Every node's score into `out`: this plugin's own loop, so the call inside is monomorphic. */
    scoreNodes(state: CycleState, pod: Pod, nodes: NodeInfo[], out: Int32Array): void {
      // A node without images scores calculatePriority(0, containers): computed once per call.
      const none = calculatePriority(0, cycleImages(state, pod).images.length);
      for (let i = 0; i < nodes.length; i++) out[i] = nodes[i].imageSizes.size === 0 ? none : this.scoreValue(state, pod, nodes[i]);
    },
    scoreValue(state: CycleState, pod: Pod, nodeInfo: NodeInfo): number {
      const c = cycleImages(state, pod);
      let sum = 0;
      if (nodeInfo.imageSizes.size > 0) {
        for (const image of c.images) {
          const size = nodeInfo.imageSizes.get(image);
          if (size === undefined) continue;
          // upstream: scaledImageScore = size * spread (nodes with the image / all nodes)
          sum += Math.trunc(size * spread(c, image));
        }
      }
      return calculatePriority(sum, c.images.length);
    }
  } satisfies Omit<ScorePlugin, 'score'> & { scoreValue: NonNullable<ScorePlugin['scoreValue']> });
}
