/**
 * LimitRange and ResourceQuota validation.
 *
 * upstream: pkg/apis/core/validation/validation.go (ValidateLimitRange, validateLimitRangeTypeName,
 *           validateLimitRangeResourceName, ValidateResourceQuota, ValidateResourceQuotaUpdate,
 *           ValidateResourceQuotaStatusUpdate, ValidateResourceQuotaSpec, validateResourceQuotaScopes,
 *           ValidateResourceQuotaResourceName, ValidateResourceQuantityValue),
 *           pkg/apis/core/helper/helpers.go (IsStandardQuotaResourceName, IsIntegerResourceName,
 *           IsStandardResourceQuotaScope, IsResourceQuotaScopeValidForResource)
 */
import { mustParseQuantity, type Quantity } from '../quantity';
import { goRepr, invalid, duplicate, forbidden, path, required, type FieldError, type Path } from './field';
import { entries, isObj, str, validateObjectMeta, validateObjectMetaUpdate, type Obj } from './meta';
import { isQualifiedName, nameIsDNSSubdomain } from './names';
import { isExtendedResourceName, isOvercommitAllowed, validateContainerResourceName, validateResourceName } from './pod';
import { isWholeQuantity, quantityOf, QUANTITY_FORMAT_ERROR } from './quantities';

/** `%#v` of a resource.Quantity value (its String() has a pointer receiver, so Go prints the struct). */
export function goQuantity(q: Quantity): unknown {
  const { unscaled, scale } = q.asDec();
  return goRepr(`resource.Quantity{i:resource.int64Amount{value:${unscaled}, scale:${scale}}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:${JSON.stringify(q.toString())}, Format:${JSON.stringify(q.format)}}`);
}

const STANDARD_LIMIT_RANGE_TYPES = new Set(['Pod', 'Container', 'PersistentVolumeClaim']);

/** upstream helper standardQuotaResources */
export const STANDARD_QUOTA_RESOURCES = new Set([
  'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.storage', 'requests.ephemeral-storage',
  'limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'pods', 'services', 'replicationcontrollers', 'resourcequotas',
  'secrets', 'persistentvolumeclaims', 'configmaps', 'services.nodeports', 'services.loadbalancers'
]);

const STANDARD_INTEGER_RESOURCES = new Set([
  'pods', 'services', 'replicationcontrollers', 'resourcequotas', 'secrets', 'configmaps', 'persistentvolumeclaims', 'services.nodeports', 'services.loadbalancers'
]);

/** upstream helper standardResourceQuotaScopes (VolumeAttributesClass is behind a disabled gate in v1.32). */
export const STANDARD_QUOTA_SCOPES = ['Terminating', 'NotTerminating', 'BestEffort', 'NotBestEffort', 'PriorityClass', 'CrossNamespacePodAffinity'];

const POD_COMPUTE_QUOTA_RESOURCES = new Set(['cpu', 'memory', 'limits.cpu', 'limits.memory', 'requests.cpu', 'requests.memory']);

/** upstream helper.IsStandardQuotaResourceName */
function isStandardQuotaResourceName(name: string): boolean {
  return STANDARD_QUOTA_RESOURCES.has(name) || name.startsWith('requests.hugepages-');
}

/** upstream helper.IsResourceQuotaScopeValidForResource */
export function isScopeValidForResource(scope: string, resource: string): boolean {
  switch (scope) {
    case 'Terminating':
    case 'NotTerminating':
    case 'NotBestEffort':
    case 'PriorityClass':
    case 'CrossNamespacePodAffinity':
      return resource === 'pods' || POD_COMPUTE_QUOTA_RESOURCES.has(resource);
    case 'BestEffort':
      return resource === 'pods';
    default:
      return true;
  }
}

function sortedKeys(m: unknown): string[] {
  return isObj(m) ? Object.keys(m).sort() : [];
}

/** upstream validateLimitRangeTypeName */
function validateLimitRangeTypeName(value: string, p: Path): FieldError[] {
  const errs = isQualifiedName(value).map((msg) => invalid(p, value, msg));
  if (errs.length > 0) return errs;
  if (!value.includes('/') && !STANDARD_LIMIT_RANGE_TYPES.has(value)) errs.push(invalid(p, value, 'must be a standard limit type or fully qualified'));
  return errs;
}

/** upstream validateLimitRangeResourceName: Pod and Container items take container resources only. */
function validateLimitRangeResourceName(type: string, value: string, p: Path): FieldError[] {
  return type === 'Pod' || type === 'Container' ? validateContainerResourceName(value, p) : validateResourceName(value, p);
}

/** upstream ValidateLimitRange (the same on update). */
export function validateLimitRange(lr: Obj, old?: Obj): FieldError[] {
  const errs = old ? validateObjectMetaUpdate(lr.metadata, old.metadata, path('metadata')) : validateObjectMeta(lr.metadata, true, nameIsDNSSubdomain, path('metadata'));
  const spec: Obj = isObj(lr.spec) ? lr.spec : {};
  const fp = path('spec', 'limits');
  const seen = new Set<string>();
  const items = Array.isArray(spec.limits) ? spec.limits : [];
  items.forEach((raw: unknown, i: number) => {
    const item: Obj = isObj(raw) ? raw : {};
    const ip = fp.index(i);
    const type = str(item.type);
    errs.push(...validateLimitRangeTypeName(type, ip.child('type')));
    if (seen.has(type)) errs.push(duplicate(ip.child('type'), type));
    seen.add(type);
    const keys = new Set<string>();
    const read = (f: string): Map<string, Quantity> => {
      const m = new Map<string, Quantity>();
      for (const [k, v] of entries(item[f])) {
        errs.push(...validateLimitRangeResourceName(type, k, ip.child(f).key(k)));
        keys.add(k);
        const q = quantityOf(v);
        if (q) m.set(k, q);
        else errs.push(invalid(ip.child(f).key(k), v, QUANTITY_FORMAT_ERROR));
      }
      return m;
    };
    const max = read('max');
    const min = read('min');
    let defaults = new Map<string, Quantity>();
    let defaultRequests = new Map<string, Quantity>();
    if (type === 'Pod') {
      if (sortedKeys(item.default).length > 0) errs.push(forbidden(ip.child('default'), "may not be specified when `type` is 'Pod'"));
      if (sortedKeys(item.defaultRequest).length > 0) errs.push(forbidden(ip.child('defaultRequest'), "may not be specified when `type` is 'Pod'"));
    } else {
      defaults = read('default');
      defaultRequests = read('defaultRequest');
    }
    if (type === 'PersistentVolumeClaim' && !min.has('storage') && !max.has('storage')) {
      errs.push(required(ip.child('limits'), 'either minimum or maximum storage value is required, but neither was provided'));
    }
    const ratios = read('maxLimitRequestRatio');
    for (const k of [...keys].sort()) {
      const mn = min.get(k);
      const mx = max.get(k);
      const def = defaults.get(k);
      const defReq = defaultRequests.get(k);
      const ratio = ratios.get(k);
      if (mn && mx && mn.cmp(mx) > 0) errs.push(invalid(ip.child('min').key(k), goQuantity(mn), `min value ${mn} is greater than max value ${mx}`));
      if (defReq && mn && mn.cmp(defReq) > 0) errs.push(invalid(ip.child('defaultRequest').key(k), goQuantity(defReq), `min value ${mn} is greater than default request value ${defReq}`));
      if (defReq && mx && defReq.cmp(mx) > 0) errs.push(invalid(ip.child('defaultRequest').key(k), goQuantity(defReq), `default request value ${defReq} is greater than max value ${mx}`));
      if (defReq && def && defReq.cmp(def) > 0) errs.push(invalid(ip.child('defaultRequest').key(k), goQuantity(defReq), `default request value ${defReq} is greater than default limit value ${def}`));
      if (def && mn && mn.cmp(def) > 0) errs.push(invalid(ip.child('default').key(k), goQuantity(mn), `min value ${mn} is greater than default value ${def}`));
      if (def && mx && def.cmp(mx) > 0) errs.push(invalid(ip.child('default').key(k), goQuantity(mx), `default value ${def} is greater than max value ${mx}`));
      if (ratio && ratio.cmp(mustParseQuantity('1')) < 0) errs.push(invalid(ip.child('maxLimitRequestRatio').key(k), goQuantity(ratio), `ratio ${ratio} is less than 1`));
      if (ratio && mn && mx) {
        const limit = Number(mx.milliValueBig()) / Number(mn.milliValueBig());
        if (Number(ratio.milliValueBig()) / 1000 > limit) errs.push(invalid(ip.child('maxLimitRequestRatio').key(k), goQuantity(ratio), `ratio ${ratio} is greater than max/min = ${limit.toFixed(6)}`));
      }
      if (!isOvercommitAllowed(k) && def && defReq && def.cmp(defReq) !== 0) {
        errs.push(invalid(ip.child('defaultRequest').key(k), goQuantity(defReq), `default value ${def} must equal to defaultRequest value ${defReq} in ${k}`));
      }
    }
  });
  return errs;
}

/** upstream ValidateResourceQuotaResourceName */
function validateQuotaResourceName(name: string, p: Path): FieldError[] {
  const errs = validateResourceName(name, p);
  if (!name.includes('/') && !isStandardQuotaResourceName(name)) errs.push(invalid(p, name, 'must be a standard resource for quota'));
  return errs;
}

/** upstream ValidateResourceQuantityValue: non-negative; whole for integer resources (helper.IsIntegerResourceName). */
function validateQuotaQuantity(name: string, raw: unknown, p: Path): FieldError[] {
  const q = quantityOf(raw);
  if (!q) return [invalid(p, raw, QUANTITY_FORMAT_ERROR)];
  const errs: FieldError[] = [];
  if (q.sign() < 0) errs.push(invalid(p, q.toString(), 'must be greater than or equal to 0'));
  const integer = STANDARD_INTEGER_RESOURCES.has(name) || isExtendedResourceName(name);
  if (integer && !isWholeQuantity(q)) errs.push(invalid(p, goQuantity(q), 'must be an integer'));
  return errs;
}

function validateResourceList(m: unknown, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  for (const k of sortedKeys(m)) {
    errs.push(...validateQuotaResourceName(k, p.key(k)));
    errs.push(...validateQuotaQuantity(k, (m as Obj)[k], p.key(k)));
  }
  return errs;
}

/** `%#v` of []core.ResourceQuotaScope */
function goScopes(scopes: string[]): unknown {
  return goRepr(`[]core.ResourceQuotaScope{${scopes.map((s) => JSON.stringify(s)).join(', ')}}`);
}

/** upstream validateResourceQuotaScopes (and validateScopeSelector's operator checks). */
function validateQuotaScopes(spec: Obj, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const scopes: string[] = Array.isArray(spec.scopes) ? spec.scopes.map(str) : [];
  if (scopes.length > 0) {
    const sp = p.child('scopes');
    const hard = sortedKeys(spec.hard);
    for (const scope of scopes) {
      if (!STANDARD_QUOTA_SCOPES.includes(scope)) errs.push(invalid(sp, goScopes(scopes), 'unsupported scope'));
      for (const k of hard) {
        if (isStandardQuotaResourceName(k) && !isScopeValidForResource(scope, k)) errs.push(invalid(sp, goScopes(scopes), 'unsupported scope applied to resource'));
      }
    }
    for (const [a, b] of [['BestEffort', 'NotBestEffort'], ['Terminating', 'NotTerminating']]) {
      if (scopes.includes(a) && scopes.includes(b)) errs.push(invalid(sp, goScopes(scopes), 'conflicting scopes'));
    }
  }
  return errs;
}

/** `%#v` of *core.ScopeSelector (the pointer dereferenced, as field.Error prints it). */
function goScopeSelector(sel: Obj): unknown {
  const reqs = (Array.isArray(sel.matchExpressions) ? sel.matchExpressions : []).map((r: Obj) => {
    const values = Array.isArray(r?.values) ? `[]string{${r.values.map((v: unknown) => JSON.stringify(str(v))).join(', ')}}` : '[]string(nil)';
    return `core.ScopedResourceSelectorRequirement{ScopeName:${JSON.stringify(str(r?.scopeName))}, Operator:${JSON.stringify(str(r?.operator))}, Values:${values}}`;
  });
  return goRepr(`core.ScopeSelector{MatchExpressions:[]core.ScopedResourceSelectorRequirement{${reqs.join(', ')}}}`);
}

const EXISTS_ONLY_SCOPES = new Set(['BestEffort', 'NotBestEffort', 'Terminating', 'NotTerminating', 'CrossNamespacePodAffinity']);

/** upstream validateScopedResourceSelectorRequirement */
function validateScopeSelector(spec: Obj, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const sel: Obj = spec.scopeSelector;
  const mp = p.child('scopeSelector', 'matchExpressions');
  const hard = sortedKeys(spec.hard);
  const scopes = new Set<string>();
  for (const r of Array.isArray(sel.matchExpressions) ? sel.matchExpressions : []) {
    const scope = str(r?.scopeName);
    const op = str(r?.operator);
    const values: unknown[] = Array.isArray(r?.values) ? r.values : [];
    if (!STANDARD_QUOTA_SCOPES.includes(scope)) errs.push(invalid(mp.child('scopeName'), scope, 'unsupported scope'));
    for (const k of hard) {
      if (isStandardQuotaResourceName(k) && !isScopeValidForResource(scope, k)) errs.push(invalid(mp, goScopeSelector(sel), 'unsupported scope applied to resource'));
    }
    if (EXISTS_ONLY_SCOPES.has(scope) && op !== 'Exists') {
      errs.push(invalid(mp.child('operator'), op, 'must be \'Exist\' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity'));
    }
    if (op === 'In' || op === 'NotIn') {
      if (values.length === 0) errs.push(required(mp.child('values'), "must be at least one value when `operator` is 'In' or 'NotIn' for scope selector"));
    } else if (op === 'Exists' || op === 'DoesNotExist') {
      if (values.length > 0) errs.push(invalid(mp.child('values'), goRepr(`[]string{${values.map((v) => JSON.stringify(str(v))).join(', ')}}`), "must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector"));
    } else errs.push(invalid(mp.child('operator'), op, 'not a valid selector operator'));
    scopes.add(scope);
  }
  for (const [a, b] of [['BestEffort', 'NotBestEffort'], ['Terminating', 'NotTerminating']]) {
    if (scopes.has(a) && scopes.has(b)) errs.push(invalid(mp, goScopeSelector(sel), 'conflicting scopes'));
  }
  return errs;
}

/** upstream ValidateResourceQuota / ValidateResourceQuotaUpdate (scopes are immutable). */
export function validateResourceQuota(rq: Obj, old?: Obj): FieldError[] {
  const errs = old ? validateObjectMetaUpdate(rq.metadata, old.metadata, path('metadata')) : validateObjectMeta(rq.metadata, true, nameIsDNSSubdomain, path('metadata'));
  const spec: Obj = isObj(rq.spec) ? rq.spec : {};
  errs.push(...validateResourceList(spec.hard, path('spec', 'hard')));
  errs.push(...validateQuotaScopes(spec, path('spec')));
  if (isObj(spec.scopeSelector)) errs.push(...validateScopeSelector(spec, path('spec')));
  if (old) {
    const a = new Set((old.spec?.scopes ?? []).map(str));
    const b = new Set((spec.scopes ?? []).map(str));
    if (a.size !== b.size || [...a].some((s) => !b.has(s))) errs.push(invalid(path('spec', 'scopes'), goScopes(spec.scopes ?? []), 'field is immutable'));
  } else {
    const status: Obj = isObj(rq.status) ? rq.status : {};
    errs.push(...validateResourceList(status.hard, path('status', 'hard')));
    errs.push(...validateResourceList(status.used, path('status', 'used')));
  }
  return errs;
}

