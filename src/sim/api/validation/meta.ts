/**
 * ObjectMeta, labels, annotations and label-selector validation.
 *
 * upstream: staging/src/k8s.io/apimachinery/pkg/api/validation/objectmeta.go
 *           staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/validation/validation.go
 *           pkg/apis/core/validation/validation.go (ValidateObjectMeta, validateKubeFinalizerName)
 *
 * Go iterates maps in random order; we iterate JSON objects in key order so results are stable.
 */
import {
  duplicate,
  forbidden,
  goQuote,
  goRepr,
  GoRepr,
  invalid,
  required,
  tooLong,
  type FieldError,
  type Path
} from './field';
import { isQualifiedName, isValidLabelValue, nameIsDNSLabel, type NameFn } from './names';

/* eslint-disable @typescript-eslint/no-explicit-any */
export type Obj = Record<string, any>;

export const FieldImmutableErrorMsg = 'field is immutable';
export const IsNegativeErrorMsg = 'must be greater than or equal to 0';
export const TotalAnnotationSizeLimitB = 256 * (1 << 10);

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function entries(m: unknown): [string, any][] {
  return isObj(m) ? Object.entries(m) : [];
}

export function arr(v: unknown): any[] {
  return Array.isArray(v) ? v : [];
}

export function str(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
}

export function num(v: unknown): number {
  return typeof v === 'number' ? v : 0;
}

/** Go-style deep equality of JSON values (missing == null; used for immutability checks). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || a === null) return b === undefined || b === null;
  if (b === undefined || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => deepEqual(x, b[i]));
  }
  if (isObj(a) && isObj(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) if (!deepEqual(a[k], b[k])) return false;
    return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Go renderings of a few structs that upstream passes as bad values
// ---------------------------------------------------------------------------------------------

function goStringMap(m: unknown, typeName = 'map[string]string'): string {
  if (!isObj(m)) return `${typeName}(nil)`;
  const keys = Object.keys(m).sort();
  return `${typeName}{${keys.map((k) => `${goQuote(k)}:${goQuote(str(m[k]))}`).join(', ')}}`;
}

function goStringSlice(a: unknown): string {
  if (!Array.isArray(a)) return '[]string(nil)';
  return `[]string{${a.map((x) => goQuote(str(x))).join(', ')}}`;
}

/** `%#v` of a metav1.LabelSelector value. */
export function goLabelSelector(sel: unknown): GoRepr {
  const s = isObj(sel) ? sel : {};
  const exprs = Array.isArray(s.matchExpressions)
    ? `[]v1.LabelSelectorRequirement{${s.matchExpressions
        .map(
          (e: Obj) =>
            `v1.LabelSelectorRequirement{Key:${goQuote(str(e?.key))}, Operator:${goQuote(str(e?.operator))}, Values:${goStringSlice(e?.values)}}`
        )
        .join(', ')}}`
    : '[]v1.LabelSelectorRequirement(nil)';
  return goRepr(`v1.LabelSelector{MatchLabels:${goStringMap(s.matchLabels)}, MatchExpressions:${exprs}}`);
}

/** `%#v` of an intstr.IntOrString value (JSON number or string). */
export function goIntOrString(v: unknown): GoRepr {
  if (typeof v === 'string') return goRepr(`intstr.IntOrString{Type:1, IntVal:0, StrVal:${goQuote(v)}}`);
  return goRepr(`intstr.IntOrString{Type:0, IntVal:${num(v)}, StrVal:""}`);
}

/** `%#v` for a map[string]string value (labels). */
export function goLabels(m: unknown): GoRepr {
  return goRepr(goStringMap(m));
}

// ---------------------------------------------------------------------------------------------
// Generic checks
// ---------------------------------------------------------------------------------------------

/** upstream ValidateNonnegativeField */
export function validateNonnegativeField(value: number, p: Path): FieldError[] {
  return value < 0 ? [invalid(p, value, IsNegativeErrorMsg)] : [];
}

/** upstream ValidateImmutableField */
export function validateImmutableField(newVal: unknown, oldVal: unknown, p: Path, badValue: unknown = newVal): FieldError[] {
  return deepEqual(newVal, oldVal) ? [] : [invalid(p, badValue ?? null, FieldImmutableErrorMsg)];
}

/** upstream ValidateLabelName */
export function validateLabelName(labelName: string, p: Path): FieldError[] {
  return isQualifiedName(labelName).map((msg) => invalid(p, labelName, msg));
}

/** upstream ValidateLabels: every key and value; errors are reported at the map's path. */
export function validateLabels(labels: unknown, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  for (const [k, v] of entries(labels)) {
    errs.push(...validateLabelName(k, p));
    for (const msg of isValidLabelValue(str(v))) errs.push(invalid(p, str(v), msg));
  }
  return errs;
}

/** upstream ValidateAnnotations: keys are qualified names (case-insensitive); total size <= 256KiB. */
export function validateAnnotations(annotations: unknown, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  let total = 0;
  for (const [k, v] of entries(annotations)) {
    for (const msg of isQualifiedName(k.toLowerCase())) errs.push(invalid(p, k, msg));
    total += utf8Len(k) + utf8Len(str(v));
  }
  if (total > TotalAnnotationSizeLimitB) errs.push(tooLong(p, '', TotalAnnotationSizeLimitB));
  return errs;
}

export function utf8Len(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

export interface LabelSelectorOptions {
  allowInvalidLabelValueInSelector?: boolean;
}

/** upstream ValidateLabelSelectorRequirement */
export function validateLabelSelectorRequirement(sr: Obj, opts: LabelSelectorOptions, p: Path): FieldError[] {
  return validateSelectorRequirement(sr, !!opts.allowInvalidLabelValueInSelector, false, p);
}

/**
 * The checks upstream ValidateLabelSelectorRequirement and (core) ValidateNodeSelectorRequirement
 * share; `gtLt` admits the node selector's Gt/Lt operators, which take exactly one value.
 */
export function validateSelectorRequirement(sr: Obj, allowInvalidValue: boolean, gtLt: boolean, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const values = arr(sr.values);
  const op = sr.operator;
  if (op === 'In' || op === 'NotIn') {
    if (values.length === 0) errs.push(required(p.child('values'), "must be specified when `operator` is 'In' or 'NotIn'"));
  } else if (op === 'Exists' || op === 'DoesNotExist') {
    if (values.length > 0) errs.push(forbidden(p.child('values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
  } else if (gtLt && (op === 'Gt' || op === 'Lt')) {
    if (values.length !== 1) errs.push(required(p.child('values'), "must be specified single value when `operator` is 'Lt' or 'Gt'"));
  } else {
    errs.push(invalid(p.child('operator'), str(op), 'not a valid selector operator'));
  }
  errs.push(...validateLabelName(str(sr.key), p.child('key')));
  if (!allowInvalidValue) {
    values.forEach((v, i) => {
      for (const msg of isValidLabelValue(str(v))) errs.push(invalid(p.child('values').index(i), str(v), msg));
    });
  }
  return errs;
}

/** upstream ValidateLabelSelector */
export function validateLabelSelector(ps: unknown, opts: LabelSelectorOptions, p: Path): FieldError[] {
  if (!isObj(ps)) return [];
  const errs = validateLabels(ps.matchLabels, p.child('matchLabels'));
  arr(ps.matchExpressions).forEach((expr, i) => {
    errs.push(...validateLabelSelectorRequirement(isObj(expr) ? expr : {}, opts, p.child('matchExpressions').index(i)));
  });
  return errs;
}

// ---------------------------------------------------------------------------------------------
// ObjectMeta
// ---------------------------------------------------------------------------------------------

const standardFinalizers = new Set(['kubernetes', 'orphan', 'foregroundDeletion']);

/** upstream validateKubeFinalizerName (core) */
function validateKubeFinalizerName(v: string, p: Path): FieldError[] {
  if (v.split('/').length === 1 && !standardFinalizers.has(v)) {
    return [invalid(p, v, 'name is neither a standard finalizer name nor is it fully qualified')];
  }
  return [];
}

/** upstream ValidateFinalizers */
function validateFinalizers(finalizers: unknown, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  let orphan = false;
  let foreground = false;
  const list = arr(finalizers).map(str);
  for (const f of list) {
    for (const msg of isQualifiedName(f)) errs.push(invalid(p, f, msg));
    if (f === 'orphan') orphan = true;
    if (f === 'foregroundDeletion') foreground = true;
  }
  if (orphan && foreground) errs.push(invalid(p, list, 'finalizer orphan and foregroundDeletion cannot be both set'));
  return errs;
}

/** upstream validateOwnerReference / ValidateOwnerReferences */
function validateOwnerReferences(refs: unknown, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  let firstController = '';
  for (const ref of arr(refs)) {
    const r: Obj = isObj(ref) ? ref : {};
    const apiVersion = str(r.apiVersion);
    const version = apiVersion.includes('/') ? apiVersion.split('/')[1] : apiVersion;
    if (version.length === 0) errs.push(invalid(p.child('apiVersion'), apiVersion, 'version must not be empty'));
    if (str(r.kind).length === 0) errs.push(invalid(p.child('kind'), str(r.kind), 'must not be empty'));
    if (str(r.name).length === 0) errs.push(invalid(p.child('name'), str(r.name), 'must not be empty'));
    if (str(r.uid).length === 0) errs.push(invalid(p.child('uid'), str(r.uid), 'must not be empty'));
    if (apiVersion === 'v1' && r.kind === 'Event') errs.push(invalid(p, goRepr(JSON.stringify(r)), '/v1, Kind=Event is disallowed from being an owner'));
    if (r.controller === true) {
      const cur = `${str(r.kind)}/${str(r.name)}`;
      if (firstController !== '') {
        errs.push(
          invalid(p, goRepr(JSON.stringify(refs)), `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${cur}`)
        );
      } else firstController = cur;
    }
  }
  return errs;
}

export interface ObjectMetaOptions {
  /** Run the core-only finalizer name check (pkg/apis/core/validation ValidateObjectMeta). Default true. */
  kubeFinalizers?: boolean;
}

/**
 * upstream ValidateObjectMetaAccessor (+ core's finalizer check).
 * Name generation is a registry job; when only generateName is set we validate the prefix and do not
 * report the missing name (the registry fills it in before persisting).
 */
export function validateObjectMeta(
  meta: unknown,
  requiresNamespace: boolean,
  nameFn: NameFn,
  p: Path,
  opts: ObjectMetaOptions = {}
): FieldError[] {
  const m: Obj = isObj(meta) ? meta : {};
  const errs: FieldError[] = [];
  const name = str(m.name);
  const generateName = str(m.generateName);
  if (generateName.length !== 0) {
    for (const msg of nameFn(generateName, true)) errs.push(invalid(p.child('generateName'), generateName, msg));
  }
  if (name.length === 0) {
    if (generateName.length === 0) errs.push(required(p.child('name'), 'name or generateName is required'));
  } else {
    for (const msg of nameFn(name, false)) errs.push(invalid(p.child('name'), name, msg));
  }
  errs.push(...validateObjectMetaCommon(m, requiresNamespace, p));
  if (opts.kubeFinalizers !== false) {
    arr(m.finalizers).forEach((f, i) => errs.push(...validateKubeFinalizerName(str(f), p.child('finalizers').index(i))));
  }
  return errs;
}

function validateObjectMetaCommon(m: Obj, requiresNamespace: boolean, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const ns = str(m.namespace);
  if (requiresNamespace) {
    if (ns.length === 0) errs.push(required(p.child('namespace'), ''));
    else for (const msg of nameIsDNSLabel(ns, false)) errs.push(invalid(p.child('namespace'), ns, msg));
  } else if (ns.length !== 0) {
    errs.push(forbidden(p.child('namespace'), 'not allowed on this type'));
  }
  errs.push(...validateNonnegativeField(num(m.generation), p.child('generation')));
  errs.push(...validateLabels(m.labels, p.child('labels')));
  errs.push(...validateAnnotations(m.annotations, p.child('annotations')));
  errs.push(...validateOwnerReferences(m.ownerReferences, p.child('ownerReferences')));
  errs.push(...validateFinalizers(m.finalizers, p.child('finalizers')));
  return errs;
}

/** Go's time.Time String() for an RFC3339 timestamp (UTC). */
function goTime(v: unknown): unknown {
  if (typeof v !== 'string') return v ?? null;
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(\.\d+)?Z$/.exec(v);
  return m ? goRepr(`${m[1]} ${m[2]}${m[3] ?? ''} +0000 UTC`) : v;
}

/** upstream ValidateObjectMetaAccessorUpdate (+ core's finalizer check). */
export function validateObjectMetaUpdate(newMeta: unknown, oldMeta: unknown, p: Path, opts: ObjectMetaOptions = {}): FieldError[] {
  const n: Obj = isObj(newMeta) ? newMeta : {};
  const o: Obj = isObj(oldMeta) ? oldMeta : {};
  const errs: FieldError[] = [];
  if (o.deletionTimestamp) {
    const oldF = new Set(arr(o.finalizers).map(str));
    const extra = [...new Set(arr(n.finalizers).map(str))].filter((f) => !oldF.has(f)).sort();
    if (extra.length !== 0) {
      errs.push(forbidden(p.child('finalizers'), `no new finalizers can be added if the object is being deleted, found new finalizers ${goStringSlice(extra)}`));
    }
  }
  if (str(n.resourceVersion).length === 0) errs.push(invalid(p.child('resourceVersion'), str(n.resourceVersion), 'must be specified for an update'));
  if (num(n.generation) < num(o.generation)) errs.push(invalid(p.child('generation'), num(n.generation), 'must not be decremented'));
  errs.push(...validateImmutableField(str(n.name), str(o.name), p.child('name')));
  errs.push(...validateImmutableField(str(n.namespace), str(o.namespace), p.child('namespace')));
  errs.push(...validateImmutableField(str(n.uid), str(o.uid), p.child('uid')));
  errs.push(...validateImmutableField(n.creationTimestamp, o.creationTimestamp, p.child('creationTimestamp'), goTime(n.creationTimestamp)));
  errs.push(...validateImmutableField(n.deletionTimestamp, o.deletionTimestamp, p.child('deletionTimestamp'), goTime(n.deletionTimestamp)));
  errs.push(...validateImmutableField(n.deletionGracePeriodSeconds, o.deletionGracePeriodSeconds, p.child('deletionGracePeriodSeconds')));
  errs.push(...validateLabels(n.labels, p.child('labels')));
  errs.push(...validateAnnotations(n.annotations, p.child('annotations')));
  errs.push(...validateOwnerReferences(n.ownerReferences, p.child('ownerReferences')));
  errs.push(...validateFinalizers(n.finalizers, p.child('finalizers')));
  if (opts.kubeFinalizers !== false) {
    arr(n.finalizers).forEach((f, i) => errs.push(...validateKubeFinalizerName(str(f), p.child('finalizers').index(i))));
  }
  return errs;
}

/** A duplicate-name helper shared by list validations. */
export function dupCheck(seen: Set<string>, value: string, p: Path): FieldError[] {
  if (seen.has(value)) return [duplicate(p, value)];
  seen.add(value);
  return [];
}
