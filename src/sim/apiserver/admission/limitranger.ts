/**
 * The LimitRanger admission plugin: a namespace's LimitRanges fill in a pod's missing container
 * requests and limits (mutating), then bound containers, pods and PersistentVolumeClaims by their
 * min, max and maxLimitRequestRatio (validating). Pure functions over the LimitRanges the API
 * server lists for the namespace.
 * upstream: plugin/pkg/admission/limitranger/admission.go
 */
import type { Quantity } from '../../api/quantity';
import { podResourceTotal, toResourceList as resourceList, type ResourceList } from '../../api/quota';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Obj = Record<string, any>;

export const LIMIT_RANGER_ANNOTATION = 'kubernetes.io/limit-ranger';

function items(lr: Obj): Obj[] {
  return Array.isArray(lr.spec?.limits) ? lr.spec.limits : [];
}

/** defaultContainerResourceRequirements: the Container items' default (limits) and defaultRequest (requests). */
function defaultContainerResources(lr: Obj): { limits: Obj; requests: Obj } {
  const limits: Obj = {};
  const requests: Obj = {};
  for (const item of items(lr)) {
    if (item.type !== 'Container') continue;
    Object.assign(requests, item.defaultRequest ?? {});
    Object.assign(limits, item.default ?? {});
  }
  return { limits, requests };
}

/** mergeContainerResources: fills what the container leaves out; returns the annotation pieces. */
function mergeContainerResources(c: Obj, defaults: { limits: Obj; requests: Obj }, prefix: string): string[] {
  const res: Obj = (c.resources ??= {});
  const setLimits: string[] = [];
  const setRequests: string[] = [];
  for (const [k, v] of Object.entries(defaults.limits)) {
    if (res.limits && k in res.limits) continue;
    (res.limits ??= {})[k] = v;
    setLimits.push(k);
  }
  for (const [k, v] of Object.entries(defaults.requests)) {
    if (res.requests && k in res.requests) continue;
    (res.requests ??= {})[k] = v;
    setRequests.push(k);
  }
  const notes: string[] = [];
  if (setRequests.length > 0) notes.push(`${setRequests.sort().join(', ')} request for ${prefix} ${c.name}`);
  if (setLimits.length > 0) notes.push(`${setLimits.sort().join(', ')} limit for ${prefix} ${c.name}`);
  return notes;
}

/**
 * PodMutateLimitFunc for each LimitRange in turn: defaults merged into the pod's containers and
 * init containers, recorded in the `kubernetes.io/limit-ranger` annotation.
 */
export function mutatePod(limitRanges: readonly Obj[], pod: Obj): void {
  for (const lr of limitRanges) {
    const defaults = defaultContainerResources(lr);
    const notes: string[] = [];
    for (const c of pod.spec?.containers ?? []) notes.push(...mergeContainerResources(c, defaults, 'container'));
    for (const c of pod.spec?.initContainers ?? []) notes.push(...mergeContainerResources(c, defaults, 'init container'));
    if (notes.length > 0) (pod.metadata.annotations ??= {})[LIMIT_RANGER_ANNOTATION] = 'LimitRanger plugin set: ' + notes.join('; ');
  }
}

function minConstraint(type: string, name: string, enforced: Quantity, request: ResourceList, limit: ResourceList): string | undefined {
  const req = request.get(name);
  const lim = limit.get(name);
  if (!req) return `minimum ${name} usage per ${type} is ${enforced}.  No request is specified`;
  if (req.cmp(enforced) < 0) return `minimum ${name} usage per ${type} is ${enforced}, but request is ${req}`;
  if (lim && lim.cmp(enforced) < 0) return `minimum ${name} usage per ${type} is ${enforced}, but limit is ${lim}`;
  return undefined;
}

function maxConstraint(type: string, name: string, enforced: Quantity, request: ResourceList, limit: ResourceList): string | undefined {
  const req = request.get(name);
  const lim = limit.get(name);
  if (!lim) return `maximum ${name} usage per ${type} is ${enforced}.  No limit is specified`;
  if (lim.cmp(enforced) > 0) return `maximum ${name} usage per ${type} is ${enforced}, but limit is ${lim}`;
  if (req && req.cmp(enforced) > 0) return `maximum ${name} usage per ${type} is ${enforced}, but request is ${req}`;
  return undefined;
}

/** maxRequestConstraint: a PVC's max applies to what it requests. */
function maxRequestConstraint(type: string, name: string, enforced: Quantity, request: ResourceList): string | undefined {
  const req = request.get(name);
  if (!req) return `maximum ${name} usage per ${type} is ${enforced}.  No request is specified`;
  if (req.cmp(enforced) > 0) return `maximum ${name} usage per ${type} is ${enforced}, but request is ${req}`;
  return undefined;
}

function limitRequestRatioConstraint(type: string, name: string, enforced: Quantity, request: ResourceList, limit: ResourceList): string | undefined {
  const req = request.get(name);
  const lim = limit.get(name);
  if (!req || req.isZero()) return `${name} max limit to request ratio per ${type} is ${enforced}, but no request is specified or request is 0`;
  if (!lim || lim.isZero()) return `${name} max limit to request ratio per ${type} is ${enforced}, but no limit is specified or limit is 0`;
  const observed = Number(lim.milliValueBig()) / Number(req.milliValueBig());
  if (observed * 1000 > Number(enforced.milliValueBig())) return `${name} max limit to request ratio per ${type} is ${enforced}, but provided ratio is ${observed.toFixed(6)}`;
  return undefined;
}

/** Constraints of one item against one request/limit pair, resource names in sorted order (upstream ranges over maps). */
function checkItem(item: Obj, request: ResourceList, limit: ResourceList, errs: string[]): void {
  const type = item.type;
  const each = (f: string, fn: (name: string, q: Quantity) => string | undefined) => {
    for (const [k, q] of [...resourceList(item[f])].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const e = fn(k, q);
      if (e) errs.push(e);
    }
  };
  each('min', (k, q) => minConstraint(type, k, q, request, limit));
  each('max', (k, q) => maxConstraint(type, k, q, request, limit));
  each('maxLimitRequestRatio', (k, q) => limitRequestRatioConstraint(type, k, q, request, limit));
}

/** utilerrors.NewAggregate(errs).Error(): one message as is, several in brackets. */
function aggregate(errs: string[]): string | undefined {
  const unique = [...new Set(errs)];
  if (unique.length === 0) return undefined;
  return unique.length === 1 ? unique[0] : `[${unique.join(', ')}]`;
}

/** PodValidateLimitFunc: the message of the first LimitRange the pod breaks, or undefined. */
export function validatePod(limitRanges: readonly Obj[], pod: Obj): string | undefined {
  for (const lr of limitRanges) {
    const errs: string[] = [];
    for (const item of items(lr)) {
      if (item.type === 'Container') {
        for (const c of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
          checkItem(item, resourceList(c.resources?.requests), resourceList(c.resources?.limits), errs);
        }
      }
      if (item.type === 'Pod') checkItem(item, podResourceTotal(pod, 'requests'), podResourceTotal(pod, 'limits'), errs);
    }
    const msg = aggregate(errs);
    if (msg) return msg;
  }
  return undefined;
}

/** PersistentVolumeClaimValidateLimitFunc: storage min/max against the claim's requests. */
export function validatePersistentVolumeClaim(limitRanges: readonly Obj[], pvc: Obj): string | undefined {
  for (const lr of limitRanges) {
    const errs: string[] = [];
    const requests = resourceList(pvc.spec?.resources?.requests);
    for (const item of items(lr)) {
      if (item.type !== 'PersistentVolumeClaim') continue;
      for (const [k, q] of [...resourceList(item.min)].sort()) {
        const e = minConstraint(item.type, k, q, requests, new Map());
        if (e) errs.push(e);
      }
      for (const [k, q] of [...resourceList(item.max)].sort()) {
        const e = maxRequestConstraint(item.type, k, q, requests);
        if (e) errs.push(e);
      }
    }
    const msg = aggregate(errs);
    if (msg) return msg;
  }
  return undefined;
}
