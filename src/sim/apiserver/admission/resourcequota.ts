/**
 * The ResourceQuota admission plugin: an object created (or a service or claim updated) in a
 * namespace is charged to each quota there that selects it; the request is refused when a quota
 * would go over its hard limits, when a pod leaves out a cpu/memory a quota constrains, or while a
 * quota's usage is not yet known. An admitted request's usage is added to the quotas' status.used
 * at once (the controller recalculates it later). Pure: returns the error, or the new usages.
 * upstream: staging/src/k8s.io/apiserver/pkg/admission/plugin/resourcequota/controller.go
 * (checkRequest, hasUsageStats, prettyPrint, prettyPrintResourceNames)
 */
import type { ResourceInfo } from '../../api/resources';
import {
  addResourceLists,
  fromResourceList,
  maskResourceList,
  matchingResources,
  podConstraints,
  prettyPrint,
  quotaMatches,
  subtractResourceLists,
  toResourceList,
  usage,
  type ResourceList
} from '../../api/quota';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Obj = Record<string, any>;

export type QuotaVerdict = { error: string } | { updates: { quota: Obj; used: Record<string, string> }[] };

/** upstream: the evaluators' Handles: creates of every kind; updates of services and claims (their counted fields may change). */
function handles(r: ResourceInfo, update: boolean): boolean {
  if (!update) return true;
  return r.group === '' && (r.name === 'services' || r.name === 'persistentvolumeclaims');
}

export function admitQuota(quotas: readonly Obj[], r: ResourceInfo, obj: Obj, old: Obj | undefined, now: number): QuotaVerdict {
  if (!handles(r, !!old) || quotas.length === 0) return { updates: [] };
  const interesting: Obj[] = [];
  for (const q of [...quotas].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1))) {
    if (!quotaMatches(q, r.name, r.group, obj)) continue;
    const hard = q.status?.hard ?? {};
    const restricted = matchingResources(r.name, r.group, Object.keys(hard));
    if (r.name === 'pods' && r.group === '') {
      const err = podConstraints(restricted, obj);
      if (err) return { error: `failed quota: ${q.metadata.name}: ${err}` };
    }
    // upstream: hasUsageStats: the controller has not yet counted what this quota enforces.
    const used = q.status?.used ?? {};
    if (restricted.some((k) => !(k in used))) return { error: `status unknown for quota: ${q.metadata.name}, resources: ${restricted.join(',')}` };
    interesting.push(q);
  }
  if (interesting.length === 0) return { updates: [] };
  let delta: ResourceList = usage(r.name, r.group, obj, now);
  if (old) {
    // upstream: only increases are charged on update (SubtractWithNonNegativeResult)
    delta = subtractResourceLists(delta, usage(r.name, r.group, old, now));
    for (const [k, q] of delta) if (q.sign() <= 0) delta.delete(k);
  }
  if ([...delta.values()].every((q) => q.isZero())) return { updates: [] };
  const updates: { quota: Obj; used: Record<string, string> }[] = [];
  for (const q of interesting) {
    const hard = toResourceList(q.status?.hard);
    const used = toResourceList(q.status?.used);
    const requested = maskResourceList(delta, hard.keys());
    const newUsage = addResourceLists(used, requested);
    const exceeded = [...requested.keys()].filter((k) => newUsage.get(k)!.cmp(hard.get(k)!) > 0);
    if (exceeded.length > 0) {
      return {
        error: `exceeded quota: ${q.metadata.name}, requested: ${prettyPrint(maskResourceList(requested, exceeded))}, used: ${prettyPrint(maskResourceList(used, exceeded))}, limited: ${prettyPrint(maskResourceList(hard, exceeded))}`
      };
    }
    if (requested.size > 0) updates.push({ quota: q, used: fromResourceList(newUsage) });
  }
  return { updates };
}
