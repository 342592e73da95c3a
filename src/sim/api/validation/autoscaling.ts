/**
 * autoscaling/v2 HorizontalPodAutoscaler validation (v1.32: HPAScaleToZero and HPAContainerMetrics
 * as their defaults, off and on).
 *
 * upstream: pkg/apis/autoscaling/validation/validation.go (ValidateHorizontalPodAutoscaler,
 *           ValidateHorizontalPodAutoscalerUpdate, validateHorizontalPodAutoscalerSpec,
 *           ValidateCrossVersionObjectReference, validateMetrics, validateBehavior,
 *           validateScalingRules, validateScalingPolicy, validateMetricSpec, validateResourceSource,
 *           validateMetricTarget), pkg/registry/autoscaling/horizontalpodautoscaler/strategy.go.
 */
import { forbidden, goRepr, invalid, notSupported, path, required, type FieldError, type Path } from './field';
import { arr, isObj, num, str, validateObjectMeta, validateObjectMetaUpdate, type Obj } from './meta';
import { nameIsDNSSubdomain, validatePathSegmentName } from './names';
import { parseQuantity } from '../quantity';

/** upstream: MaxPeriodSeconds, MaxStabilizationWindowSeconds */
export const MAX_PERIOD_SECONDS = 1800;
export const MAX_STABILIZATION_WINDOW_SECONDS = 3600;

const set = (v: unknown) => v !== undefined && v !== null;
const METRIC_SOURCE_TYPES = ['ContainerResource', 'External', 'Object', 'Pods', 'Resource'];
const SELECT_POLICIES = ['Disabled', 'Max', 'Min'];
const POLICY_TYPES = ['Percent', 'Pods'];

/** upstream: ValidateCrossVersionObjectReference */
function validateCrossVersionObjectReference(refIn: unknown, p: Path): FieldError[] {
  const ref: Obj = isObj(refIn) ? refIn : {};
  const errs: FieldError[] = [];
  for (const f of ['kind', 'name']) {
    const v = str(ref[f]);
    if (v === '') errs.push(required(p.child(f), ''));
    else for (const msg of validatePathSegmentName(v, false)) errs.push(invalid(p.child(f), v, msg));
  }
  return errs;
}

/** A Quantity's sign, as resource.Quantity.Sign() (an unparsable one counts as not positive). */
function sign(q: unknown): number {
  try {
    const v = parseQuantity(String(q)).milliValueBig();
    return v > 0n ? 1 : v < 0n ? -1 : 0;
  } catch {
    return 0;
  }
}

/** upstream: validateMetricTarget */
function validateMetricTarget(mtIn: unknown, p: Path): FieldError[] {
  const mt: Obj = isObj(mtIn) ? mtIn : {};
  const errs: FieldError[] = [];
  const type = str(mt.type);
  if (type === '') errs.push(required(p.child('type'), 'must specify a metric target type'));
  if (type !== 'Utilization' && type !== 'Value' && type !== 'AverageValue') errs.push(invalid(p.child('type'), type, 'must be either Utilization, Value, or AverageValue'));
  if (set(mt.value) && sign(mt.value) !== 1) errs.push(invalid(p.child('value'), goRepr(String(mt.value)), 'must be positive'));
  if (set(mt.averageValue) && sign(mt.averageValue) !== 1) errs.push(invalid(p.child('averageValue'), goRepr(String(mt.averageValue)), 'must be positive'));
  if (set(mt.averageUtilization) && num(mt.averageUtilization) < 1) errs.push(invalid(p.child('averageUtilization'), num(mt.averageUtilization), 'must be greater than 0'));
  return errs;
}

/** upstream: validateResourceSource (ContainerResource adds its container). */
function validateResourceSource(srcIn: unknown, p: Path, container: boolean): FieldError[] {
  const src: Obj = isObj(srcIn) ? srcIn : {};
  const errs: FieldError[] = [];
  if (str(src.name) === '') errs.push(required(p.child('name'), 'must specify a resource name'));
  if (container && str(src.container) === '') errs.push(required(p.child('container'), 'must specify a container'));
  errs.push(...validateMetricTarget(src.target, p.child('target')));
  const target: Obj = isObj(src.target) ? src.target : {};
  if (!set(target.averageUtilization) && !set(target.averageValue)) errs.push(required(p.child('target').child('averageUtilization'), 'must set either a target raw value or a target utilization'));
  if (set(target.averageUtilization) && set(target.averageValue)) errs.push(forbidden(p.child('target').child('averageValue'), 'may not set both a target raw value and a target utilization'));
  return errs;
}

/** upstream: validatePodsSource / validateObjectSource / validateExternalSource (their metric and target). */
function validateCustomSource(srcIn: unknown, p: Path): FieldError[] {
  const src: Obj = isObj(srcIn) ? srcIn : {};
  const errs: FieldError[] = [];
  const metric: Obj = isObj(src.metric) ? src.metric : {};
  if (str(metric.name) === '') errs.push(required(p.child('metric').child('name'), 'must specify a metric name'));
  errs.push(...validateMetricTarget(src.target, p.child('target')));
  return errs;
}

/** upstream: validateMetricSpec */
function validateMetricSpec(spec: Obj, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const type = str(spec.type);
  if (type === '') errs.push(required(p.child('type'), 'must specify a metric source type'));
  if (!METRIC_SOURCE_TYPES.includes(type)) errs.push(notSupported(p.child('type'), type, METRIC_SOURCE_TYPES));
  const present: string[] = [];
  for (const f of ['object', 'external', 'pods', 'resource', 'containerResource']) {
    if (!set(spec[f])) continue;
    present.push(f);
    if (present.length !== 1) continue;
    if (f === 'resource' || f === 'containerResource') errs.push(...validateResourceSource(spec[f], p.child(f), f === 'containerResource'));
    else errs.push(...validateCustomSource(spec[f], p.child(f)));
  }
  const expected = type === '' ? '' : type[0].toLowerCase() + type.slice(1);
  if (METRIC_SOURCE_TYPES.includes(type)) {
    if (!set(spec[expected])) errs.push(required(p.child(expected), 'must populate information for the given metric source'));
  } else errs.push(notSupported(p.child('type'), type, METRIC_SOURCE_TYPES));
  if (present.length !== 1) for (const f of present.filter((f) => f !== expected).sort()) errs.push(forbidden(p.child(f), 'must populate the given metric source only'));
  return errs;
}

/** upstream: validateScalingRules / validateScalingPolicy */
function validateScalingRules(rulesIn: unknown, p: Path): FieldError[] {
  if (!isObj(rulesIn)) return [];
  const rules = rulesIn;
  const errs: FieldError[] = [];
  const window = rules.stabilizationWindowSeconds;
  if (set(window) && num(window) < 0) errs.push(invalid(p.child('stabilizationWindowSeconds'), num(window), 'must be greater than or equal to zero'));
  if (set(window) && num(window) > MAX_STABILIZATION_WINDOW_SECONDS) errs.push(invalid(p.child('stabilizationWindowSeconds'), num(window), `must be less than or equal to ${MAX_STABILIZATION_WINDOW_SECONDS}`));
  if (set(rules.selectPolicy) && !SELECT_POLICIES.includes(str(rules.selectPolicy))) errs.push(notSupported(p.child('selectPolicy'), str(rules.selectPolicy), SELECT_POLICIES));
  const policies = arr(rules.policies);
  if (policies.length === 0) errs.push(required(p.child('policies'), 'must specify at least one Policy'));
  policies.forEach((pol: Obj, i: number) => {
    const pp = p.child('policies').index(i);
    if (!POLICY_TYPES.includes(str(pol?.type))) errs.push(notSupported(pp.child('type'), str(pol?.type), POLICY_TYPES));
    if (num(pol?.value) <= 0) errs.push(invalid(pp.child('value'), num(pol?.value), 'must be greater than zero'));
    if (num(pol?.periodSeconds) <= 0) errs.push(invalid(pp.child('periodSeconds'), num(pol?.periodSeconds), 'must be greater than zero'));
    if (num(pol?.periodSeconds) > MAX_PERIOD_SECONDS) errs.push(invalid(pp.child('periodSeconds'), num(pol?.periodSeconds), `must be less than or equal to ${MAX_PERIOD_SECONDS}`));
  });
  return errs;
}

/** upstream: validateHorizontalPodAutoscalerSpec */
function validateSpec(specIn: unknown, p: Path, minReplicasLowerBound: number): FieldError[] {
  const spec: Obj = isObj(specIn) ? specIn : {};
  const errs: FieldError[] = [];
  const min = spec.minReplicas;
  const max = num(spec.maxReplicas);
  if (set(min) && num(min) < minReplicasLowerBound) errs.push(invalid(p.child('minReplicas'), num(min), `must be greater than or equal to ${minReplicasLowerBound}`));
  if (max < 1) errs.push(invalid(p.child('maxReplicas'), max, 'must be greater than 0'));
  if (set(min) && max < num(min)) errs.push(invalid(p.child('maxReplicas'), max, 'must be greater than or equal to `minReplicas`'));
  errs.push(...validateCrossVersionObjectReference(spec.scaleTargetRef, p.child('scaleTargetRef')));
  const metrics = arr(spec.metrics);
  metrics.forEach((m: unknown, i: number) => errs.push(...validateMetricSpec(isObj(m) ? m : {}, p.child('metrics').index(i))));
  if (set(min) && num(min) === 0 && !metrics.some((m: Obj) => m?.type === 'Object' || m?.type === 'External')) {
    errs.push(forbidden(p.child('metrics'), 'must specify at least one Object or External metric to support scaling to zero replicas'));
  }
  if (isObj(spec.behavior)) {
    errs.push(...validateScalingRules(spec.behavior.scaleUp, p.child('behavior').child('scaleUp')));
    errs.push(...validateScalingRules(spec.behavior.scaleDown, p.child('behavior').child('scaleDown')));
  }
  return errs;
}

/** upstream: ValidateHorizontalPodAutoscaler / ValidateHorizontalPodAutoscalerUpdate (HPAScaleToZero off: minReplicas >= 1 unless it already was 0). */
export function validateHorizontalPodAutoscaler(obj: Obj, old?: Obj): FieldError[] {
  if (old) {
    const lower = old.spec?.minReplicas === 0 ? 0 : 1;
    return [...validateObjectMetaUpdate(obj.metadata, old.metadata, path('metadata')), ...validateSpec(obj.spec, path('spec'), lower)];
  }
  return [...validateObjectMeta(obj.metadata, true, nameIsDNSSubdomain, path('metadata')), ...validateSpec(obj.spec, path('spec'), 1)];
}
