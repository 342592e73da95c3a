/**
 * Field-level validation errors, ported from k8s.io/apimachinery/pkg/util/validation/field.
 *
 * upstream: staging/src/k8s.io/apimachinery/pkg/util/validation/field/errors.go
 *           staging/src/k8s.io/apimachinery/pkg/util/validation/field/path.go
 *           staging/src/k8s.io/apimachinery/pkg/util/errors/errors.go (aggregate Error())
 *           staging/src/k8s.io/apimachinery/pkg/api/errors/errors.go (NewInvalid)
 *           staging/src/k8s.io/kubectl/pkg/cmd/util/helpers.go (checkErr, MultilineError)
 */
import { goQuote as quote } from '../gostrings';

export type FieldErrorType =
  | 'FieldValueRequired'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueDuplicate'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'FieldValueNotFound'
  | 'InternalError';

export interface FieldError {
  type: FieldErrorType;
  /** The field path as upstream Path.String() prints it (`spec.containers[0].image`). */
  field: string;
  /** The offending value. Plain JSON values are printed the way Go prints the equivalent Go value; use goRepr() for structs. */
  badValue?: unknown;
  detail: string;
}

/**
 * A value whose Go rendering (`%#v`) is not derivable from its JSON shape, e.g. an internal struct
 * (`v1.LabelSelector{MatchLabels:...}`). ErrorBody prints `repr` verbatim.
 */
export class GoRepr {
  constructor(readonly repr: string) {}
  toString(): string {
    return this.repr;
  }
}

export function goRepr(repr: string): GoRepr {
  return new GoRepr(repr);
}

/** Marker for "no value" (upstream omitValue): the body is just the type string. */
export const OMIT_VALUE: unique symbol = Symbol('omitValue');

// ---------------------------------------------------------------------------------------------
// Path  (upstream: field/path.go)
// ---------------------------------------------------------------------------------------------

export class Path {
  private constructor(
    private readonly name: string,
    private readonly idx: string,
    private readonly parent: Path | undefined
  ) {}

  /** upstream NewPath(name, moreNames...) */
  static root(name: string, ...more: string[]): Path {
    let p = new Path(name, '', undefined);
    for (const n of more) p = new Path(n, '', p);
    return p;
  }

  /** upstream Path.Child(name, moreNames...) */
  child(name: string, ...more: string[]): Path {
    let p: Path = new Path(name, '', this);
    for (const n of more) p = new Path(n, '', p);
    return p;
  }

  /** upstream Path.Index(i) -> `[i]` */
  index(i: number): Path {
    return new Path('', String(i), this);
  }

  /** upstream Path.Key(k) -> `[k]` */
  key(k: string): Path {
    return new Path('', k, this);
  }

  /** upstream Path.String() */
  toString(): string {
    const elems: Path[] = [];
    for (let p: Path | undefined = this; p; p = p.parent) elems.push(p);
    let buf = '';
    for (let i = elems.length - 1; i >= 0; i--) {
      const p = elems[i];
      if (p.parent !== undefined && p.name.length > 0) buf += '.';
      if (p.name.length > 0) buf += p.name;
      else buf += `[${p.idx}]`;
    }
    return buf;
  }
}

/** `path('spec').child('containers').index(0).child('image')` -> "spec.containers[0].image" */
export function path(name: string, ...more: string[]): Path {
  return Path.root(name, ...more);
}

type PathLike = Path | string;
const ps = (p: PathLike): string => (typeof p === 'string' ? p : p.toString());

// ---------------------------------------------------------------------------------------------
// Constructors  (upstream: field/errors.go)
// ---------------------------------------------------------------------------------------------

export function required(p: PathLike, detail = ''): FieldError {
  return { type: 'FieldValueRequired', field: ps(p), badValue: '', detail };
}

export function invalid(p: PathLike, value: unknown, detail: string): FieldError {
  return { type: 'FieldValueInvalid', field: ps(p), badValue: value, detail };
}

/** upstream NotSupported: detail is `supported values: "a", "b"` (strconv.Quote each). */
export function notSupported(p: PathLike, value: unknown, validValues: readonly string[]): FieldError {
  let detail = '';
  if (validValues.length > 0) detail = 'supported values: ' + validValues.map((v) => goQuote(v)).join(', ');
  return { type: 'FieldValueNotSupported', field: ps(p), badValue: value, detail };
}

export function duplicate(p: PathLike, value: unknown): FieldError {
  return { type: 'FieldValueDuplicate', field: ps(p), badValue: value, detail: '' };
}

export function notFound(p: PathLike, value: unknown): FieldError {
  return { type: 'FieldValueNotFound', field: ps(p), badValue: value, detail: '' };
}

export function forbidden(p: PathLike, detail: string): FieldError {
  return { type: 'FieldValueForbidden', field: ps(p), badValue: '', detail };
}

/** upstream TooLong: "must have at most %d bytes" (the value is never printed). */
export function tooLong(p: PathLike, value: unknown, maxLength: number): FieldError {
  return { type: 'FieldValueTooLong', field: ps(p), badValue: value, detail: `must have at most ${maxLength} bytes` };
}

/** upstream TooMany */
export function tooMany(p: PathLike, actual: number, max: number): FieldError {
  const detail = max >= 0 ? `must have at most ${max} items` : 'has too many items';
  return { type: 'FieldValueTooMany', field: ps(p), badValue: actual >= 0 ? actual : OMIT_VALUE, detail };
}

export function internalError(p: PathLike, message: string): FieldError {
  return { type: 'InternalError', field: ps(p), badValue: null, detail: message };
}

// ---------------------------------------------------------------------------------------------
// Printing
// ---------------------------------------------------------------------------------------------

/** upstream ErrorType.String() */
export function typeString(t: FieldErrorType): string {
  switch (t) {
    case 'FieldValueNotFound':
      return 'Not found';
    case 'FieldValueRequired':
      return 'Required value';
    case 'FieldValueDuplicate':
      return 'Duplicate value';
    case 'FieldValueInvalid':
      return 'Invalid value';
    case 'FieldValueNotSupported':
      return 'Unsupported value';
    case 'FieldValueForbidden':
      return 'Forbidden';
    case 'FieldValueTooLong':
      return 'Too long';
    case 'FieldValueTooMany':
      return 'Too many';
    case 'InternalError':
      return 'Internal error';
  }
}

/**
 * Go %q for a string as validation messages write it: only ASCII controls are escaped; other
 * runes strconv.Quote would escape (U+00A0, U+200B, ...) are written as is. Kept so messages
 * stay as they were.
 */
export function goQuote(s: string): string {
  return quote(s, { asciiControlsOnly: true });
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

/**
 * Go `%#v` of the Go value a JSON value stands for: string -> "x", number -> 5,
 * string[] -> []string{"a", "b"}, map of strings -> map[string]string{"a":"b"} (keys sorted, as fmt does).
 * Not the printers' goSharpV (kubectl/printers/gofmt.ts): that one prints decoded interface{}
 * values (`[]interface {}{...}`, `map[string]interface {}{...}`), this one typed API fields.
 */
export function goSharpV(v: unknown): string {
  if (v instanceof GoRepr) return v.repr;
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v)) {
    if (v.every((x) => typeof x === 'string')) return `[]string{${v.map((x) => goQuote(x as string)).join(', ')}}`;
    if (v.every((x) => typeof x === 'number')) return `[]int32{${v.join(', ')}}`;
    return `[]interface {}{${v.map(goSharpV).join(', ')}}`;
  }
  if (isPlainObject(v)) {
    const keys = Object.keys(v).sort();
    if (keys.every((k) => typeof v[k] === 'string')) {
      return `map[string]string{${keys.map((k) => `${goQuote(k)}:${goQuote(v[k] as string)}`).join(', ')}}`;
    }
    return JSON.stringify(v);
  }
  return String(v);
}

/** upstream Error.ErrorBody(): the message without the field path. */
export function errorBody(e: FieldError): string {
  let s: string;
  if (
    e.type === 'FieldValueRequired' ||
    e.type === 'FieldValueForbidden' ||
    e.type === 'FieldValueTooLong' ||
    e.type === 'InternalError' ||
    e.badValue === OMIT_VALUE
  ) {
    s = typeString(e.type);
  } else {
    const v = e.badValue;
    if (v === null || v === undefined) s = `${typeString(e.type)}: null`;
    else if (typeof v === 'number' || typeof v === 'boolean') s = `${typeString(e.type)}: ${String(v)}`;
    else if (typeof v === 'string') s = `${typeString(e.type)}: ${goQuote(v)}`;
    else s = `${typeString(e.type)}: ${goSharpV(v)}`;
  }
  if (e.detail.length !== 0) s += `: ${e.detail}`;
  return s;
}

/** upstream Error.Error(): `spec.containers[0].image: Required value` */
export function errorString(e: FieldError): string {
  return `${e.field}: ${errorBody(e)}`;
}

/** upstream ErrorList.ToAggregate() de-duplication: keeps the first error with a given message. */
export function dedupe(errs: readonly FieldError[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const e of errs) {
    const m = errorString(e);
    if (seen.has(m)) continue;
    seen.add(m);
    out.push(e);
  }
  return out;
}

/** upstream utilerrors aggregate Error(): one message, or `[a, b]`. */
export function aggregateString(errs: readonly FieldError[]): string {
  const msgs = dedupe(errs).map(errorString);
  if (msgs.length === 0) return '';
  if (msgs.length === 1) return msgs[0];
  return `[${msgs.join(', ')}]`;
}

/** API group of the kinds this simulator serves (for GroupKind.String() in Status.message). */
const KIND_GROUP: Record<string, string> = {
  Deployment: 'apps',
  ReplicaSet: 'apps',
  DaemonSet: 'apps',
  StatefulSet: 'apps',
  ControllerRevision: 'apps',
  Lease: 'coordination.k8s.io',
  PodDisruptionBudget: 'policy',
  EndpointSlice: 'discovery.k8s.io',
  PriorityClass: 'scheduling.k8s.io',
  StorageClass: 'storage.k8s.io',
  HorizontalPodAutoscaler: 'autoscaling',
  Job: 'batch',
  CronJob: 'batch'
};

export function groupOfKind(kind: string): string {
  return KIND_GROUP[kind] ?? '';
}

/**
 * The apiserver's Status.message for a 422 (upstream errors.NewInvalid):
 * `Pod "web" is invalid: spec.containers[0].image: Required value`,
 * `Deployment.apps "web" is invalid: [a, b]`.
 */
export function statusMessage(kind: string, name: string, errs: readonly FieldError[], group: string = groupOfKind(kind)): string {
  const qualified = group ? `${kind}.${group}` : kind;
  const agg = aggregateString(errs);
  if (agg === '') return `${qualified} ${goQuote(name)} is invalid`;
  return `${qualified} ${goQuote(name)} is invalid: ${agg}`;
}

/** metav1.StatusCause list as errors.NewInvalid builds it. */
export function toStatusCauses(errs: readonly FieldError[]): { reason: string; message: string; field: string }[] {
  return errs.map((e) => ({ reason: e.type, message: errorBody(e), field: e.field }));
}

/**
 * What kubectl writes to stderr for a 422 (checkErr IsInvalid branch + MultilineError + fatal),
 * including the trailing newline:
 *   one cause:  `The Pod "web" is invalid: spec.containers[0].image: Required value\n`
 *   several:    `The Pod "web" is invalid: \n* a\n* b\n`
 *   none:       `The Pod "web" is invalid\n`
 */
export function invalidMessage(kind: string, name: string, errs: readonly FieldError[]): string {
  const s = `The ${kind} ${goQuote(name)} is invalid`;
  // statusCausesToAggrError: dedupe on "field: message"
  const msgs: string[] = [];
  const seen = new Set<string>();
  for (const c of toStatusCauses(errs)) {
    const m = `${c.field}: ${c.message}`;
    if (seen.has(m)) continue;
    seen.add(m);
    msgs.push(m);
  }
  if (msgs.length === 0) return s + '\n';
  const prefix = s + ': ';
  if (msgs.length === 1) return `${prefix}${msgs[0]}\n`;
  return `${prefix}\n${msgs.map((m) => `* ${m}\n`).join('')}`;
}
