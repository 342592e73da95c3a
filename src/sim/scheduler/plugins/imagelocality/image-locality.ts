/**
 * ImageLocality: favours nodes that already have the pod's images, weighted by image size and by
 * how many nodes have it (spread), clamped between 23MB and 1000MB per container.
 * upstream: pkg/scheduler/framework/plugins/imagelocality/image_locality.go
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { Handle, ScorePlugin } from '../../framework/interfaces';
import { Code, MaxNodeScore, Status, type CycleState, type NodeInfo } from '../../framework/types';

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

export function newImageLocality(handle: Pick<Handle, 'nodeInfos'>) {
  // upstream keeps NumNodes per image in the snapshot (ImageStateSummary); here the count of nodes
  // having each image is computed once per scheduling cycle, and only for images some node has.
  const perCycle = new WeakMap<CycleState, { total: number; nodesWith: Map<string, number> }>();
  const spread = (state: CycleState, image: string) => {
    let c = perCycle.get(state);
    if (!c) perCycle.set(state, (c = { total: -1, nodesWith: new Map() }));
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
  return {
    name: ImageLocalityName,
    score(state: CycleState, pod: Pod, nodeInfo: NodeInfo) {
      const containers = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])];
      let sum = 0;
      for (const c of containers) {
        const image = normalizedImageName(c.image ?? '');
        const size = nodeInfo.imageSizes.get(image);
        if (size === undefined) continue;
        // upstream: scaledImageScore = size * spread (nodes with the image / all nodes)
        sum += Math.trunc(size * spread(state, image));
      }
      return { score: calculatePriority(sum, containers.length), status: new Status(Code.Success) };
    }
  } satisfies ScorePlugin;
}
