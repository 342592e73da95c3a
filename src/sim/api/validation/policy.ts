/**
 * policy/v1 PodDisruptionBudget validation.
 *
 * upstream: pkg/apis/policy/validation/validation.go (ValidatePodDisruptionBudget,
 *           ValidatePodDisruptionBudgetSpec, supportedUnhealthyPodEvictionPolicies),
 *           pkg/registry/policy/poddisruptionbudget/strategy.go (Validate / ValidateUpdate),
 *           staging/src/k8s.io/apiserver/pkg/registry/rest/create.go BeforeCreate (the object meta
 *           is checked after the spec, with ValidatePathSegmentName: the PDB strategy has no name rule).
 */
import { validatePositiveIntOrPercent, isNotMoreThan100Percent } from './apps';
import { goRepr, invalid, notSupported, path, type FieldError, type Path } from './field';
import { isObj, str, validateLabelSelector, validateObjectMeta, validateObjectMetaUpdate, type Obj } from './meta';
import { validatePathSegmentName } from './names';

/** upstream: policy.IfHealthyBudget, policy.AlwaysAllow (sets.List() order). */
export const SUPPORTED_UNHEALTHY_POD_EVICTION_POLICIES = ['AlwaysAllow', 'IfHealthyBudget'] as const;

const set = (v: unknown) => v !== undefined && v !== null;

/** `%#v` of the internal policy.PodDisruptionBudgetSpec (pointer fields print as addresses or nil). */
function goPodDisruptionBudgetSpec(spec: Obj): unknown {
  const ptr = (v: unknown, type: string) => `(*${type})(${set(v) ? '0xc000010000' : 'nil'})`;
  return goRepr(
    `policy.PodDisruptionBudgetSpec{MinAvailable:${ptr(spec.minAvailable, 'intstr.IntOrString')}, Selector:${ptr(spec.selector, 'v1.LabelSelector')}, ` +
      `MaxUnavailable:${ptr(spec.maxUnavailable, 'intstr.IntOrString')}, UnhealthyPodEvictionPolicy:${ptr(spec.unhealthyPodEvictionPolicy, 'policy.UnhealthyPodEvictionPolicyType')}}`
  );
}

/** upstream ValidatePodDisruptionBudgetSpec */
export function validatePodDisruptionBudgetSpec(specIn: unknown, p: Path): FieldError[] {
  const spec: Obj = isObj(specIn) ? specIn : {};
  const errs: FieldError[] = [];
  if (set(spec.minAvailable) && set(spec.maxUnavailable)) {
    errs.push(invalid(p, goPodDisruptionBudgetSpec(spec), 'minAvailable and maxUnavailable cannot be both set'));
  }
  for (const f of ['minAvailable', 'maxUnavailable']) {
    if (!set(spec[f])) continue;
    errs.push(...validatePositiveIntOrPercent(spec[f], p.child(f)));
    errs.push(...isNotMoreThan100Percent(spec[f], p.child(f)));
  }
  if (set(spec.selector)) errs.push(...validateLabelSelector(spec.selector, { allowInvalidLabelValueInSelector: false }, p.child('selector')));
  const policy = spec.unhealthyPodEvictionPolicy;
  if (set(policy) && !(SUPPORTED_UNHEALTHY_POD_EVICTION_POLICIES as readonly string[]).includes(str(policy))) {
    errs.push(notSupported(p.child('unhealthyPodEvictionPolicy'), str(policy), SUPPORTED_UNHEALTHY_POD_EVICTION_POLICIES));
  }
  return errs;
}

/** upstream: strategy.go Validate / ValidateUpdate (the spec), then rest.BeforeCreate/BeforeUpdate (the object meta). */
export function validatePodDisruptionBudget(obj: Obj, old?: Obj): FieldError[] {
  const errs = validatePodDisruptionBudgetSpec(obj.spec, path('spec'));
  if (old) errs.push(...validateObjectMetaUpdate(obj.metadata, old.metadata, path('metadata'), { kubeFinalizers: false }));
  else errs.push(...validateObjectMeta(obj.metadata, true, validatePathSegmentName, path('metadata'), { kubeFinalizers: false }));
  return errs;
}
