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
  return {
    name: ImageLocalityName,
    score(_state: CycleState, pod: Pod, nodeInfo: NodeInfo) {
      const all = handle.nodeInfos();
      const containers = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])];
      let sum = 0;
      for (const c of containers) {
        const image = normalizedImageName(c.image ?? '');
        const size = nodeInfo.imageSizes.get(image);
        if (size === undefined) continue;
        const numNodes = all.filter((n) => n.imageSizes.has(image)).length;
        // upstream: scaledImageScore = size * spread (nodes with the image / all nodes)
        sum += Math.trunc(size * (numNodes / all.length));
      }
      return { score: calculatePriority(sum, containers.length), status: new Status(Code.Success) };
    }
  } satisfies ScorePlugin;
}
