/**
 * Pure helpers of the Deployment controller: the pod-template-hash, surge/unavailable arithmetic
 * and the new replica counts of a rolling update.
 * upstream: pkg/controller/deployment/util/deployment_util.go (NewRSNewReplicas, MaxUnavailable,
 * MaxSurge, ResolveFenceposts), pkg/controller/controller_utils.go (ComputeHash),
 * staging/src/k8s.io/apimachinery/pkg/util/rand (SafeEncodeString)
 */
import type { KObject } from '../../apiserver/store';
import { canonicalJSON } from '../../api/canonical';

const ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';

/** upstream: rand.SafeEncodeString: each byte mapped onto an alphabet without vowels. */
export function safeEncodeString(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += ALPHANUMS[s.charCodeAt(i) % ALPHANUMS.length];
  return out;
}

/**
 * upstream: ComputeHash: FNV-32a over the pod template (and the collision count), printed in
 * decimal and safe-encoded. Upstream hashes Go's printed struct; this hashes canonical JSON, so
 * names have the same shape (`nginx-7c9f4d6b8d`), not the same letters as a real cluster's.
 */
export function computeHash(template: unknown, collisionCount?: number): string {
  let h = 0x811c9dc5;
  const text = canonicalJSON(template) + (collisionCount !== undefined ? String(collisionCount) : '');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i) & 0xff;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return safeEncodeString(String(h));
}

/** intstr value against a total: "25%" rounds up for surge, down for unavailable. upstream: GetScaledValueFromIntOrPercent */
export function scaled(v: number | string | undefined, total: number, roundUp: boolean, dflt: string): number {
  const value = v ?? dflt;
  if (typeof value === 'number') return value;
  const pct = Number(value.replace('%', ''));
  const x = (pct * total) / 100;
  return roundUp ? Math.ceil(x) : Math.floor(x);
}

/** upstream: ResolveFenceposts: maxSurge and maxUnavailable for `replicas`, never both 0. */
export function resolveFenceposts(deploy: KObject): { maxSurge: number; maxUnavailable: number } {
  const ru = deploy.spec?.strategy?.rollingUpdate ?? {};
  const replicas = deploy.spec?.replicas ?? 1;
  const maxSurge = scaled(ru.maxSurge, replicas, true, '25%');
  let maxUnavailable = scaled(ru.maxUnavailable, replicas, false, '25%');
  if (maxSurge === 0 && maxUnavailable === 0) maxUnavailable = 1;
  return { maxSurge, maxUnavailable: Math.min(maxUnavailable, replicas) };
}

/** upstream: NewRSNewReplicas for RollingUpdate: scale up within replicas + maxSurge. */
export function newRSNewReplicas(deploy: KObject, allRSs: KObject[], newRS: KObject): number {
  const replicas = deploy.spec?.replicas ?? 1;
  if (deploy.spec?.strategy?.type === 'Recreate') return replicas;
  const { maxSurge } = resolveFenceposts(deploy);
  const current = allRSs.reduce((n, rs) => n + (rs.spec?.replicas ?? 0), 0);
  const maxTotal = replicas + maxSurge;
  if (current >= maxTotal) return newRS.spec?.replicas ?? 0;
  const scaleUp = Math.min(maxTotal - current, replicas - (newRS.spec?.replicas ?? 0));
  return (newRS.spec?.replicas ?? 0) + Math.max(0, scaleUp);
}

/** A ReplicaSet's available pods as its status reports them. */
export function availableReplicas(rss: KObject[]): number {
  return rss.reduce((n, rs) => n + (rs.status?.availableReplicas ?? 0), 0);
}
