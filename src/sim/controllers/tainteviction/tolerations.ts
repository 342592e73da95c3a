/**
 * Pure helpers of taint-based eviction: does a pod tolerate a node's NoExecute taints, and for how long.
 * upstream: pkg/controller/tainteviction/taint_eviction.go (getNoExecuteTaints, getMinTolerationTime),
 * staging/src/k8s.io/api/core/v1/toleration.go (ToleratesTaint)
 */
import type { KObject } from '../../apiserver/store';

/** upstream: Toleration.ToleratesTaint */
export function toleratesTaint(toleration: KObject, taint: KObject): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key && toleration.key !== taint.key) return false;
  switch (toleration.operator ?? 'Equal') {
    case 'Exists':
      return true;
    case 'Equal':
      return (toleration.value ?? '') === (taint.value ?? '');
    default:
      return false;
  }
}

/**
 * How long the pod may stay on a node with these NoExecute taints: 0 = evict now,
 * Infinity = never (tolerated forever), else the smallest tolerationSeconds that applies.
 * upstream: getMatchingTolerations + getMinTolerationTime
 */
export function minTolerationMs(tolerations: KObject[] | undefined, noExecuteTaints: KObject[]): number {
  if (noExecuteTaints.length === 0) return Infinity;
  const used: KObject[] = [];
  for (const taint of noExecuteTaints) {
    const t = (tolerations ?? []).find((tol) => toleratesTaint(tol, taint));
    if (!t) return 0;
    used.push(t);
  }
  let min = Infinity;
  for (const t of used) {
    if (t.tolerationSeconds === undefined || t.tolerationSeconds === null) continue;
    min = Math.min(min, Math.max(0, t.tolerationSeconds) * 1000);
  }
  return min;
}
