/**
 * ReplicaSet, Deployment, DaemonSet and StatefulSet validation.
 *
 * upstream: pkg/apis/apps/validation/validation.go (ValidateReplicaSet, ValidateReplicaSetSpec,
 *           ValidatePodTemplateSpecForReplicaSet, ValidateDeployment, ValidateDeploymentSpec,
 *           ValidateDeploymentStrategy, ValidateRollingUpdateDeployment, ValidateDaemonSet,
 *           ValidateDaemonSetSpec, ValidateDaemonSetUpdateStrategy, ValidateRollingUpdateDaemonSet,
 *           ValidatePositiveIntOrPercent, IsNotMoreThan100Percent, ValidateStatefulSet,
 *           ValidateStatefulSetSpec, ValidateStatefulSetUpdate, ValidatePodTemplateSpecForStatefulSet)
 *           pkg/registry/apps/{deployment,replicaset,daemonset}/strategy.go ValidateUpdate
 *           (selector immutability in apps/v1)
 */
import { selectorFromLabelSelector } from '../labels';
import { forbidden, goRepr, invalid, notSupported, path, required, type FieldError, type Path } from './field';
import {
  deepEqual,
  goIntOrString,
  goLabels,
  goLabelSelector,
  isObj,
  num,
  str,
  validateImmutableField,
  validateAnnotations,
  validateLabels,
  validateLabelSelector,
  validateNonnegativeField,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type Obj
} from './meta';
import { isValidPercent, nameIsDNSLabel, nameIsDNSSubdomain } from './names';
import { validatePodTemplateSpec } from './pod';

interface Sel {
  matches(labels: Record<string, string>): boolean;
  empty(): boolean;
}

/** metav1.LabelSelectorAsSelector: nil -> Nothing, {} -> Everything; undefined when invalid. */
function asSelector(ls: unknown): Sel | undefined {
  try {
    return selectorFromLabelSelector(ls as never) as Sel;
  } catch {
    return undefined;
  }
}

function templateLabels(template: Obj): Record<string, string> {
  const l = template.metadata?.labels;
  return isObj(l) ? (l as Record<string, string>) : {};
}

/** upstream ValidatePodTemplateSpecForReplicaSet */
function validatePodTemplateSpecForReplicaSet(template: unknown, selector: Sel, p: Path, kind: string): FieldError[] {
  if (!isObj(template)) return [required(p, '')];
  const errs: FieldError[] = [];
  if (!selector.empty() && !selector.matches(templateLabels(template))) {
    errs.push(invalid(p.child('metadata', 'labels'), goLabels(template.metadata?.labels), '`selector` does not match template `labels`'));
  }
  errs.push(...validatePodTemplateSpec(template, p, {}));
  const rp = str(template.spec?.restartPolicy);
  if (rp !== 'Always') errs.push(notSupported(p.child('spec', 'restartPolicy'), rp, ['Always']));
  if (template.spec?.activeDeadlineSeconds !== undefined && template.spec?.activeDeadlineSeconds !== null) {
    errs.push(forbidden(p.child('spec', 'activeDeadlineSeconds'), `activeDeadlineSeconds in ${kind} is not Supported`));
  }
  return errs;
}

/** The selector: required, valid, and not empty (`emptyMsg`, as each workload words it). */
function validateWorkloadSelector(spec: Obj, p: Path, emptyMsg: string): FieldError[] {
  if (spec.selector === undefined || spec.selector === null) return [required(p.child('selector'), '')];
  const errs = validateLabelSelector(spec.selector, { allowInvalidLabelValueInSelector: false }, p.child('selector'));
  const s: Obj = isObj(spec.selector) ? spec.selector : {};
  const n = Object.keys(isObj(s.matchLabels) ? s.matchLabels : {}).length + (Array.isArray(s.matchExpressions) ? s.matchExpressions.length : 0);
  if (n === 0) errs.push(invalid(p.child('selector'), goLabelSelector(spec.selector), emptyMsg));
  return errs;
}

/** Shared selector handling of ValidateReplicaSetSpec / ValidateDeploymentSpec. */
function validateSelectorAndTemplate(spec: Obj, p: Path, emptyMsg: string, kind: string): FieldError[] {
  const errs = validateWorkloadSelector(spec, p, emptyMsg);
  const selector = asSelector(spec.selector);
  if (!selector) errs.push(invalid(p.child('selector'), goLabelSelector(spec.selector), 'invalid label selector'));
  else errs.push(...validatePodTemplateSpecForReplicaSet(spec.template, selector, p.child('template'), kind));
  return errs;
}

/** int value of an IntOrString (intstr.IntValue: Atoi for strings, 0 on failure). */
function intValue(v: unknown): number {
  if (typeof v === 'number') return v;
  const n = /^[+-]?\d+$/.test(str(v)) ? parseInt(str(v), 10) : 0;
  return n;
}

function percentValue(v: unknown): number | undefined {
  if (typeof v !== 'string' || isValidPercent(v).length !== 0) return undefined;
  return parseInt(v.slice(0, -1), 10);
}

function intOrPercentValue(v: unknown): number {
  return percentValue(v) ?? intValue(v);
}

/** upstream ValidatePositiveIntOrPercent */
export function validatePositiveIntOrPercent(v: unknown, p: Path): FieldError[] {
  if (typeof v === 'string') return isValidPercent(v).map((msg) => invalid(p, goIntOrString(v), msg));
  if (typeof v === 'number') return validateNonnegativeField(v, p);
  return [];
}

/** upstream IsNotMoreThan100Percent */
export function isNotMoreThan100Percent(v: unknown, p: Path): FieldError[] {
  const pv = percentValue(v);
  if (pv === undefined || pv <= 100) return [];
  return [invalid(p, goIntOrString(v), 'must not be greater than 100%')];
}

// ---------------------------------------------------------------------------------------------
// ReplicaSet
// ---------------------------------------------------------------------------------------------

/** upstream ValidateReplicaSetSpec */
function validateReplicaSetSpec(specIn: unknown, p: Path): FieldError[] {
  const spec: Obj = isObj(specIn) ? specIn : {};
  const errs = validateNonnegativeField(num(spec.replicas), p.child('replicas'));
  errs.push(...validateNonnegativeField(num(spec.minReadySeconds), p.child('minReadySeconds')));
  errs.push(...validateSelectorAndTemplate(spec, p, 'empty selector is invalid for deployment', 'ReplicaSet'));
  return errs;
}

/** upstream ValidateReplicaSet / ValidateReplicaSetUpdate (+ strategy selector immutability). */
export function validateReplicaSet(obj: Obj, old?: Obj): FieldError[] {
  const errs: FieldError[] = [];
  if (old) errs.push(...validateObjectMetaUpdate(obj.metadata, old.metadata, path('metadata')));
  else errs.push(...validateObjectMeta(obj.metadata, true, nameIsDNSSubdomain, path('metadata')));
  errs.push(...validateReplicaSetSpec(obj.spec, path('spec')));
  if (old) errs.push(...validateImmutableField(obj.spec?.selector, old.spec?.selector, path('spec', 'selector'), goLabelSelector(obj.spec?.selector)));
  return errs;
}

// ---------------------------------------------------------------------------------------------
// Deployment
// ---------------------------------------------------------------------------------------------

function goDeploymentStrategy(s: Obj): unknown {
  const ru = isObj(s.rollingUpdate) ? '(*apps.RollingUpdateDeployment)(0xc000010000)' : '(*apps.RollingUpdateDeployment)(nil)';
  return goRepr(`apps.DeploymentStrategy{Type:${JSON.stringify(str(s.type))}, RollingUpdate:${ru}}`);
}

/** upstream ValidateDeploymentStrategy */
function validateDeploymentStrategy(strategyIn: unknown, p: Path): FieldError[] {
  const strategy: Obj = isObj(strategyIn) ? strategyIn : {};
  const errs: FieldError[] = [];
  switch (strategy.type) {
    case 'Recreate':
      if (strategy.rollingUpdate !== undefined && strategy.rollingUpdate !== null) {
        errs.push(forbidden(p.child('rollingUpdate'), "may not be specified when strategy `type` is 'Recreate'"));
      }
      break;
    case 'RollingUpdate':
      if (!isObj(strategy.rollingUpdate)) errs.push(required(p.child('rollingUpdate'), 'this should be defaulted and never be nil'));
      else {
        const ru = strategy.rollingUpdate;
        const rp = p.child('rollingUpdate');
        errs.push(...validatePositiveIntOrPercent(ru.maxUnavailable, rp.child('maxUnavailable')));
        errs.push(...validatePositiveIntOrPercent(ru.maxSurge, rp.child('maxSurge')));
        if (intOrPercentValue(ru.maxUnavailable) === 0 && intOrPercentValue(ru.maxSurge) === 0) {
          errs.push(invalid(rp.child('maxUnavailable'), goIntOrString(ru.maxUnavailable ?? 0), 'may not be 0 when `maxSurge` is 0'));
        }
        errs.push(...isNotMoreThan100Percent(ru.maxUnavailable, rp.child('maxUnavailable')));
      }
      break;
    default:
      errs.push(notSupported(p, goDeploymentStrategy(strategy), ['Recreate', 'RollingUpdate']));
  }
  return errs;
}

/** upstream ValidateDeploymentSpec */
function validateDeploymentSpec(specIn: unknown, p: Path): FieldError[] {
  const spec: Obj = isObj(specIn) ? specIn : {};
  const errs = validateNonnegativeField(num(spec.replicas), p.child('replicas'));
  errs.push(...validateSelectorAndTemplate(spec, p, 'empty selector is invalid for deployment', 'ReplicaSet'));
  errs.push(...validateDeploymentStrategy(spec.strategy, p.child('strategy')));
  errs.push(...validateNonnegativeField(num(spec.minReadySeconds), p.child('minReadySeconds')));
  if (typeof spec.revisionHistoryLimit === 'number') errs.push(...validateNonnegativeField(spec.revisionHistoryLimit, p.child('revisionHistoryLimit')));
  if (typeof spec.progressDeadlineSeconds === 'number') {
    errs.push(...validateNonnegativeField(spec.progressDeadlineSeconds, p.child('progressDeadlineSeconds')));
    if (spec.progressDeadlineSeconds <= num(spec.minReadySeconds)) {
      errs.push(invalid(p.child('progressDeadlineSeconds'), spec.progressDeadlineSeconds, 'must be greater than minReadySeconds'));
    }
  }
  return errs;
}

/** upstream ValidateDeployment / ValidateDeploymentUpdate (+ strategy selector immutability). */
export function validateDeployment(obj: Obj, old?: Obj): FieldError[] {
  const errs: FieldError[] = [];
  if (old) errs.push(...validateObjectMetaUpdate(obj.metadata, old.metadata, path('metadata')));
  else errs.push(...validateObjectMeta(obj.metadata, true, nameIsDNSSubdomain, path('metadata')));
  errs.push(...validateDeploymentSpec(obj.spec, path('spec')));
  if (old) errs.push(...validateImmutableField(obj.spec?.selector, old.spec?.selector, path('spec', 'selector'), goLabelSelector(obj.spec?.selector)));
  return errs;
}

// ---------------------------------------------------------------------------------------------
// DaemonSet
// ---------------------------------------------------------------------------------------------

/** upstream ValidateRollingUpdateDaemonSet */
function validateRollingUpdateDaemonSet(ru: Obj, p: Path): FieldError[] {
  const errs = validatePositiveIntOrPercent(ru.maxUnavailable, p.child('maxUnavailable'));
  errs.push(...validatePositiveIntOrPercent(ru.maxSurge, p.child('maxSurge')));
  errs.push(...isNotMoreThan100Percent(ru.maxUnavailable, p.child('maxUnavailable')));
  errs.push(...isNotMoreThan100Percent(ru.maxSurge, p.child('maxSurge')));
  const hasUnavailable = intOrPercentValue(ru.maxUnavailable) !== 0;
  const hasSurge = intOrPercentValue(ru.maxSurge) !== 0;
  if (hasUnavailable && hasSurge) errs.push(invalid(p.child('maxSurge'), goIntOrString(ru.maxSurge), 'may not be set when maxUnavailable is non-zero'));
  else if (!hasUnavailable && !hasSurge) errs.push(required(p.child('maxUnavailable'), 'cannot be 0 when maxSurge is 0'));
  return errs;
}

/** upstream ValidateDaemonSetUpdateStrategy */
function validateDaemonSetUpdateStrategy(sIn: unknown, p: Path): FieldError[] {
  const s: Obj = isObj(sIn) ? sIn : {};
  switch (s.type) {
    case 'OnDelete':
      return [];
    case 'RollingUpdate':
      if (!isObj(s.rollingUpdate)) return [required(p.child('rollingUpdate'), '')];
      return validateRollingUpdateDaemonSet(s.rollingUpdate, p.child('rollingUpdate'));
    default: {
      const ru = isObj(s.rollingUpdate) ? '(*apps.RollingUpdateDaemonSet)(0xc000010000)' : '(*apps.RollingUpdateDaemonSet)(nil)';
      return [notSupported(p, goRepr(`apps.DaemonSetUpdateStrategy{Type:${JSON.stringify(str(s.type))}, RollingUpdate:${ru}}`), ['RollingUpdate', 'OnDelete'])];
    }
  }
}

/** upstream ValidateDaemonSetSpec */
function validateDaemonSetSpec(specIn: unknown, p: Path): FieldError[] {
  const spec: Obj = isObj(specIn) ? specIn : {};
  const template: Obj = isObj(spec.template) ? spec.template : {};
  const errs = validateLabelSelector(spec.selector, {}, p.child('selector'));
  const selector = asSelector(spec.selector);
  if (selector && !selector.matches(templateLabels(template))) {
    errs.push(invalid(p.child('template', 'metadata', 'labels'), goLabels(template.metadata?.labels), '`selector` does not match template `labels`'));
  }
  if (isObj(spec.selector)) {
    const s = spec.selector;
    const n = Object.keys(isObj(s.matchLabels) ? s.matchLabels : {}).length + (Array.isArray(s.matchExpressions) ? s.matchExpressions.length : 0);
    if (n === 0) errs.push(invalid(p.child('selector'), goLabelSelector(s), 'empty selector is invalid for daemonset'));
  }
  errs.push(...validatePodTemplateSpec(template, p.child('template'), {}));
  const rp = str(template.spec?.restartPolicy);
  if (rp !== 'Always') errs.push(notSupported(p.child('template', 'spec', 'restartPolicy'), rp, ['Always']));
  if (template.spec?.activeDeadlineSeconds !== undefined && template.spec?.activeDeadlineSeconds !== null) {
    errs.push(forbidden(p.child('template', 'spec', 'activeDeadlineSeconds'), 'activeDeadlineSeconds in DaemonSet is not Supported'));
  }
  errs.push(...validateNonnegativeField(num(spec.minReadySeconds), p.child('minReadySeconds')));
  errs.push(...validateDaemonSetUpdateStrategy(spec.updateStrategy, p.child('updateStrategy')));
  if (typeof spec.revisionHistoryLimit === 'number') errs.push(...validateNonnegativeField(spec.revisionHistoryLimit, p.child('revisionHistoryLimit')));
  return errs;
}

/** upstream ValidateDaemonSet / ValidateDaemonSetUpdate (+ strategy selector immutability). */
export function validateDaemonSet(obj: Obj, old?: Obj): FieldError[] {
  const errs: FieldError[] = [];
  if (old) errs.push(...validateObjectMetaUpdate(obj.metadata, old.metadata, path('metadata')));
  else errs.push(...validateObjectMeta(obj.metadata, true, nameIsDNSSubdomain, path('metadata')));
  errs.push(...validateDaemonSetSpec(obj.spec, path('spec')));
  if (old) errs.push(...validateImmutableField(obj.spec?.selector, old.spec?.selector, path('spec', 'selector'), goLabelSelector(obj.spec?.selector)));
  return errs;
}

// ---------------------------------------------------------------------------------------------
// StatefulSet
// ---------------------------------------------------------------------------------------------

/**
 * upstream ValidatePodTemplateSpecForStatefulSet: the selector must match the template's labels;
 * the pod spec itself is not validated (upstream's TODO: the claim templates' volumes would fail
 * the volume-mount checks), so a bad container shows up as FailedCreate events instead.
 */
function validatePodTemplateSpecForStatefulSet(template: Obj, selector: Sel, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (!selector.empty() && !selector.matches(templateLabels(template))) {
    errs.push(invalid(p.child('metadata', 'labels'), goLabels(template.metadata?.labels), '`selector` does not match template `labels`'));
  }
  errs.push(...validateLabels(template.metadata?.labels, p.child('labels')));
  errs.push(...validateAnnotations(template.metadata?.annotations, p.child('annotations')));
  return errs;
}

/** upstream ValidatePersistentVolumeClaimRetentionPolicyType */
function validateRetentionPolicyType(v: unknown, p: Path): FieldError[] {
  return v === 'Retain' || v === 'Delete' ? [] : [notSupported(p, str(v), ['Retain', 'Delete'])];
}

/** upstream ValidateStatefulSetSpec */
function validateStatefulSetSpec(specIn: unknown, p: Path): FieldError[] {
  const spec: Obj = isObj(specIn) ? specIn : {};
  const errs: FieldError[] = [];
  const pmp = str(spec.podManagementPolicy);
  if (pmp === '') errs.push(required(p.child('podManagementPolicy'), ''));
  else if (pmp !== 'OrderedReady' && pmp !== 'Parallel') errs.push(invalid(p.child('podManagementPolicy'), pmp, "must be 'OrderedReady' or 'Parallel'"));

  const us: Obj = isObj(spec.updateStrategy) ? spec.updateStrategy : {};
  switch (str(us.type)) {
    case '':
      errs.push(required(p.child('updateStrategy'), ''));
      break;
    case 'OnDelete':
      if (isObj(us.rollingUpdate)) {
        errs.push(invalid(p.child('updateStrategy', 'rollingUpdate'), goRepr(`&apps.RollingUpdateStatefulSetStrategy{Partition:${num(us.rollingUpdate.partition)}, MaxUnavailable:<nil>}`), "only allowed for updateStrategy 'RollingUpdate'"));
      }
      break;
    case 'RollingUpdate':
      // upstream validateRollingUpdateStatefulSet (maxUnavailable is behind the alpha MaxUnavailableStatefulSet gate).
      if (isObj(us.rollingUpdate)) errs.push(...validateNonnegativeField(num(us.rollingUpdate.partition), p.child('updateStrategy', 'rollingUpdate', 'partition')));
      break;
    default: {
      const ru = isObj(us.rollingUpdate) ? '(*apps.RollingUpdateStatefulSetStrategy)(0xc000010000)' : '(*apps.RollingUpdateStatefulSetStrategy)(nil)';
      errs.push(invalid(p.child('updateStrategy'), goRepr(`apps.StatefulSetUpdateStrategy{Type:${JSON.stringify(str(us.type))}, RollingUpdate:${ru}}`), "must be 'RollingUpdate' or 'OnDelete'"));
    }
  }
  if (isObj(spec.persistentVolumeClaimRetentionPolicy)) {
    const rp = p.child('persistentVolumeClaimRetentionPolicy');
    errs.push(...validateRetentionPolicyType(spec.persistentVolumeClaimRetentionPolicy.whenDeleted, rp.child('whenDeleted')));
    errs.push(...validateRetentionPolicyType(spec.persistentVolumeClaimRetentionPolicy.whenScaled, rp.child('whenScaled')));
  }
  errs.push(...validateNonnegativeField(num(spec.replicas), p.child('replicas')));
  errs.push(...validateNonnegativeField(num(spec.minReadySeconds), p.child('minReadySeconds')));
  if (isObj(spec.ordinals)) errs.push(...validateNonnegativeField(num(spec.ordinals.start), p.child('ordinals.start')));

  errs.push(...validateWorkloadSelector(spec, p, 'empty selector is invalid for statefulset'));
  const template: Obj = isObj(spec.template) ? spec.template : {};
  const selector = asSelector(spec.selector);
  if (!selector) errs.push(invalid(p.child('selector'), goLabelSelector(spec.selector), ''));
  else errs.push(...validatePodTemplateSpecForStatefulSet(template, selector, p.child('template')));
  const rp = str(template.spec?.restartPolicy);
  if (rp !== 'Always') errs.push(notSupported(p.child('template', 'spec', 'restartPolicy'), rp, ['Always']));
  if (template.spec?.activeDeadlineSeconds !== undefined && template.spec?.activeDeadlineSeconds !== null) {
    errs.push(forbidden(p.child('template', 'spec', 'activeDeadlineSeconds'), 'activeDeadlineSeconds in StatefulSet is not Supported'));
  }
  return errs;
}

/** The spec fields an update may change. upstream ValidateStatefulSetUpdate. */
const STATEFULSET_MUTABLE = ['replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds'];

/**
 * upstream ValidateStatefulSet (name: a DNS label, as pod names NAME-ORDINAL must be) /
 * ValidateStatefulSetUpdate (spec fields other than the mutable ones are forbidden to change).
 */
export function validateStatefulSet(obj: Obj, old?: Obj): FieldError[] {
  const errs: FieldError[] = [];
  if (old) errs.push(...validateObjectMetaUpdate(obj.metadata, old.metadata, path('metadata')));
  else errs.push(...validateObjectMeta(obj.metadata, true, nameIsDNSLabel, path('metadata')));
  errs.push(...validateStatefulSetSpec(obj.spec, path('spec')));
  if (old) {
    const strip = (spec: unknown): Obj => {
      const c: Obj = { ...(isObj(spec) ? spec : {}) };
      for (const f of STATEFULSET_MUTABLE) delete c[f];
      return c;
    };
    if (!deepEqual(strip(obj.spec), strip(old.spec))) {
      errs.push(
        forbidden(
          path('spec'),
          "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden"
        )
      );
    }
  }
  return errs;
}
