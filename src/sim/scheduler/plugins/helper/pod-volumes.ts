/**
 * The PersistentVolumeClaims a pod uses: its persistentVolumeClaim volumes and its generic
 * ephemeral volumes (whose claim is named <pod>-<volume>).
 * upstream: pkg/scheduler/framework/plugins/volumebinding/binder.go GetPodVolumeClaims,
 * staging/src/k8s.io/component-helpers/storage/ephemeral/ephemeral.go VolumeClaimName
 */
import type { Pod } from 'kubernetes-types/core/v1';

export function podClaimNames(pod: Pod): string[] {
  const out: string[] = [];
  for (const v of pod.spec?.volumes ?? []) {
    if (v.persistentVolumeClaim) out.push(v.persistentVolumeClaim.claimName);
    else if (v.ephemeral) out.push(`${pod.metadata?.name}-${v.name}`);
  }
  return out;
}
