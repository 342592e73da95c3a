/**
 * Lease, PriorityClass and StorageClass validation.
 *
 * upstream: pkg/apis/coordination/validation/validation.go (ValidateLease, ValidateLeaseSpec)
 *           pkg/apis/scheduling/validation/validation.go (ValidatePriorityClass, ValidatePriorityClassUpdate)
 *           pkg/apis/scheduling/v1/helpers.go (IsKnownSystemPriorityClass)
 *           pkg/apis/storage/validation/validation.go (ValidateStorageClass, ValidateStorageClassUpdate)
 */
import { forbidden, invalid, notSupported, path, required, tooLong, type FieldError } from './field';
import { deepEqual, entries, isObj, num, str, utf8Len, validateImmutableField, validateObjectMeta, validateObjectMetaUpdate, type Obj } from './meta';
import { isQualifiedName, nameIsDNSSubdomain } from './names';
import { validatePreemptionPolicy } from './pod';

/** upstream ValidateLease / ValidateLeaseUpdate (apimachinery ValidateObjectMeta: no core finalizer check). */
export function validateLease(lease: Obj, old?: Obj): FieldError[] {
  const errs = old
    ? validateObjectMetaUpdate(lease.metadata, old.metadata, path('metadata'), { kubeFinalizers: false })
    : validateObjectMeta(lease.metadata, true, nameIsDNSSubdomain, path('metadata'), { kubeFinalizers: false });
  const spec: Obj = isObj(lease.spec) ? lease.spec : {};
  const sp = path('spec');
  if (typeof spec.leaseDurationSeconds === 'number' && spec.leaseDurationSeconds <= 0) {
    errs.push(invalid(sp.child('leaseDurationSeconds'), spec.leaseDurationSeconds, 'must be greater than 0'));
  }
  if (typeof spec.leaseTransitions === 'number' && spec.leaseTransitions < 0) {
    errs.push(invalid(sp.child('leaseTransitions'), spec.leaseTransitions, 'must be greater than or equal to 0'));
  }
  if (typeof spec.strategy === 'string') {
    const parts = spec.strategy.split('/');
    if (parts.length === 1) {
      if (spec.strategy !== 'OldestEmulationVersion') errs.push(notSupported(sp.child('strategy', 'strategy'), spec.strategy, ['OldestEmulationVersion']));
    } else for (const msg of isQualifiedName(spec.strategy)) errs.push(invalid(sp.child('strategy', 'strategy'), spec.strategy, msg));
  }
  if (typeof spec.preferredHolder === 'string' && spec.preferredHolder !== '' && !spec.strategy) {
    errs.push(forbidden(sp.child('preferredHolder'), 'may only be specified if `strategy` is defined'));
  }
  return errs;
}

const SystemPriorityClassPrefix = 'system-';
const HighestUserDefinablePriority = 1000000000;
const systemPriorityClasses: { name: string; value: number; globalDefault: boolean }[] = [
  { name: 'system-node-critical', value: 2000001000, globalDefault: false },
  { name: 'system-cluster-critical', value: 2000000000, globalDefault: false }
];

/** upstream schedulingapiv1.IsKnownSystemPriorityClass */
function isKnownSystemPriorityClass(name: string, value: number, globalDefault: boolean): string | undefined {
  for (const spc of systemPriorityClasses) {
    if (spc.name !== name) continue;
    if (spc.value !== value) return `value of ${spc.name} PriorityClass must be ${spc.value}`;
    if (spc.globalDefault !== globalDefault) return `globalDefault of ${spc.name} PriorityClass must be ${spc.globalDefault}`;
    return undefined;
  }
  return `${name} is not a known system priority class`;
}

/** upstream ValidatePriorityClass / ValidatePriorityClassUpdate */
export function validatePriorityClass(pc: Obj, old?: Obj): FieldError[] {
  if (old) {
    const errs = validateObjectMetaUpdate(pc.metadata, old.metadata, path('metadata'));
    if (num(pc.value) !== num(old.value)) errs.push(forbidden(path('value'), 'may not be changed in an update.'));
    errs.push(...validateImmutableField(pc.preemptionPolicy ?? null, old.preemptionPolicy ?? null, path('preemptionPolicy')));
    return errs;
  }
  const errs = validateObjectMeta(pc.metadata, false, nameIsDNSSubdomain, path('metadata'));
  const name = str(pc.metadata?.name);
  if (name.startsWith(SystemPriorityClassPrefix)) {
    const err = isKnownSystemPriorityClass(name, num(pc.value), pc.globalDefault === true);
    if (err !== undefined) {
      errs.push(forbidden(path('metadata', 'name'), `priority class names with '${SystemPriorityClassPrefix}' prefix are reserved for system use only. error: ${err}`));
    }
  } else if (num(pc.value) > HighestUserDefinablePriority) {
    errs.push(forbidden(path('value'), `maximum allowed value of a user defined priority is ${HighestUserDefinablePriority}`));
  }
  if (pc.preemptionPolicy !== undefined && pc.preemptionPolicy !== null) errs.push(...validatePreemptionPolicy(pc.preemptionPolicy, path('preemptionPolicy')));
  return errs;
}

const maxProvisionerParameterSize = 256 * (1 << 10);
const maxProvisionerParameterLen = 512;
const supportedSCReclaimPolicy = ['Delete', 'Retain'];
const supportedVolumeBindingModes = ['Immediate', 'WaitForFirstConsumer'];

/** upstream ValidateStorageClass / ValidateStorageClassUpdate */
export function validateStorageClass(sc: Obj, old?: Obj): FieldError[] {
  if (old) {
    const errs = validateObjectMetaUpdate(sc.metadata, old.metadata, path('metadata'));
    if (!deepEqual(old.parameters, sc.parameters)) errs.push(forbidden(path('parameters'), 'updates to parameters are forbidden.'));
    if (str(sc.provisioner) !== str(old.provisioner)) errs.push(forbidden(path('provisioner'), 'updates to provisioner are forbidden.'));
    if (str(sc.reclaimPolicy) !== str(old.reclaimPolicy)) errs.push(forbidden(path('reclaimPolicy'), 'updates to reclaimPolicy are forbidden.'));
    errs.push(...validateImmutableField(sc.volumeBindingMode ?? null, old.volumeBindingMode ?? null, path('volumeBindingMode')));
    return errs;
  }
  const errs = validateObjectMeta(sc.metadata, false, nameIsDNSSubdomain, path('metadata'));
  const prov = str(sc.provisioner);
  if (prov.length === 0) errs.push(required(path('provisioner'), ''));
  else for (const msg of isQualifiedName(prov.toLowerCase())) errs.push(invalid(path('provisioner'), prov, msg));
  const params = entries(sc.parameters);
  if (params.length > maxProvisionerParameterLen) errs.push(tooLong(path('parameters'), '', maxProvisionerParameterLen));
  else {
    let total = 0;
    for (const [k, v] of params) {
      if (k.length < 1) errs.push(invalid(path('parameters'), k, 'field can not be empty.'));
      total += utf8Len(k) + utf8Len(str(v));
    }
    if (total > maxProvisionerParameterSize) errs.push(tooLong(path('parameters'), '', maxProvisionerParameterSize));
  }
  const rp = str(sc.reclaimPolicy);
  if (rp.length > 0 && !supportedSCReclaimPolicy.includes(rp)) errs.push(notSupported(path('reclaimPolicy'), rp, supportedSCReclaimPolicy));
  if (sc.volumeBindingMode === undefined || sc.volumeBindingMode === null) errs.push(required(path('volumeBindingMode'), ''));
  else if (!supportedVolumeBindingModes.includes(str(sc.volumeBindingMode))) {
    errs.push(notSupported(path('volumeBindingMode'), str(sc.volumeBindingMode), supportedVolumeBindingModes));
  }
  const topo = Array.isArray(sc.allowedTopologies) ? sc.allowedTopologies : [];
  topo.forEach((term: Obj, i: number) => {
    const tp = path('allowedTopologies').index(i);
    const exprs = Array.isArray(term?.matchLabelExpressions) ? term.matchLabelExpressions : [];
    const keys = new Set<string>();
    exprs.forEach((e: Obj, j: number) => {
      const ep = tp.child('matchLabelExpressions').index(j);
      const values = Array.isArray(e?.values) ? e.values : [];
      if (values.length === 0) errs.push(required(ep.child('values'), ''));
      for (const msg of isQualifiedName(str(e?.key))) errs.push(invalid(ep.child('key'), str(e?.key), msg));
      if (keys.has(str(e?.key))) errs.push({ type: 'FieldValueDuplicate', field: ep.child('key').toString(), badValue: str(e?.key), detail: '' });
      keys.add(str(e?.key));
    });
  });
  return errs;
}

