/**
 * Field selectors, and the field sets the API server exposes for them.
 *
 * upstream: staging/src/k8s.io/apimachinery/pkg/fields/selector.go (parsing, escaping, matching)
 *           staging/src/k8s.io/apimachinery/pkg/fields/fields.go
 *           pkg/apis/core/v1/conversion.go        (field label conversions: Pod, Node,
 *                                                   ReplicationController, Event, Namespace,
 *                                                   Secret, Service)
 *           pkg/apis/batch/v1/conversion.go       (Job)
 *           pkg/apis/certificates/v1/conversion.go (CertificateSigningRequest)
 *           staging/src/k8s.io/apimachinery/pkg/runtime/conversion.go
 *                                                  (DefaultMetaV1FieldSelectorConversion)
 *           pkg/registry/core/{pod,node,event,namespace,secret,service,replicationcontroller}/strategy.go,
 *           pkg/registry/batch/job/strategy.go    (ToSelectableFields)
 *           staging/src/k8s.io/apiserver/pkg/registry/generic/matcher.go (ObjectMetaFieldsSet)
 */
import { compareGoStrings } from './gostrings';

export type Fields = Readonly<Record<string, string>>;

/** A field selector or field label upstream rejects; `message` is upstream's error text. */
export class FieldSelectorError extends Error {
  override readonly name = 'FieldSelectorError';
  constructor(message: string) {
    super(message);
  }
}

export interface FieldRequirement {
  field: string;
  operator: '=' | '!=';
  value: string;
}

/** (field, value) -> (field, value), or throws (upstream: fields.TransformFunc). */
export type TransformFunc = (field: string, value: string) => [string, string];

export interface FieldSelector {
  /** Fields missing from the set read as "" (upstream Fields.Get). */
  matches(fields: Fields): boolean;
  empty(): boolean;
  /** upstream String(): terms in parse order (sorted), values escaped. */
  toString(): string;
  requirements(): FieldRequirement[];
  /** The single value the field must have, if any. */
  requiresExactMatch(field: string): string | undefined;
  /** upstream: Transform; requirements whose field and value both become "" are dropped. */
  transform(fn: TransformFunc): FieldSelector;
}

function get(fields: Fields, key: string): string {
  return Object.prototype.hasOwnProperty.call(fields, key) ? fields[key]! : '';
}

class HasTerm implements FieldSelector {
  constructor(
    readonly field: string,
    readonly value: string,
  ) {}
  matches(fields: Fields): boolean {
    return get(fields, this.field) === this.value;
  }
  empty(): boolean {
    return false;
  }
  toString(): string {
    return `${this.field}=${escapeValue(this.value)}`;
  }
  requirements(): FieldRequirement[] {
    return [{ field: this.field, operator: '=', value: this.value }];
  }
  requiresExactMatch(field: string): string | undefined {
    return this.field === field ? this.value : undefined;
  }
  transform(fn: TransformFunc): FieldSelector {
    const [field, value] = fn(this.field, this.value);
    if (field.length === 0 && value.length === 0) return everything();
    return new HasTerm(field, value);
  }
}

class NotHasTerm implements FieldSelector {
  constructor(
    readonly field: string,
    readonly value: string,
  ) {}
  matches(fields: Fields): boolean {
    return get(fields, this.field) !== this.value;
  }
  empty(): boolean {
    return false;
  }
  toString(): string {
    return `${this.field}!=${escapeValue(this.value)}`;
  }
  requirements(): FieldRequirement[] {
    return [{ field: this.field, operator: '!=', value: this.value }];
  }
  requiresExactMatch(): string | undefined {
    return undefined;
  }
  transform(fn: TransformFunc): FieldSelector {
    const [field, value] = fn(this.field, this.value);
    if (field.length === 0 && value.length === 0) return everything();
    return new NotHasTerm(field, value);
  }
}

class AndTerm implements FieldSelector {
  constructor(readonly terms: readonly FieldSelector[]) {}
  matches(fields: Fields): boolean {
    return this.terms.every((t) => t.matches(fields));
  }
  empty(): boolean {
    return this.terms.every((t) => t.empty());
  }
  toString(): string {
    return this.terms.map((t) => t.toString()).join(',');
  }
  requirements(): FieldRequirement[] {
    return this.terms.flatMap((t) => t.requirements());
  }
  requiresExactMatch(field: string): string | undefined {
    for (const t of this.terms) {
      const v = t.requiresExactMatch(field);
      if (v !== undefined) return v;
    }
    return undefined;
  }
  transform(fn: TransformFunc): FieldSelector {
    const next: FieldSelector[] = [];
    for (const t of this.terms) {
      const n = t.transform(fn);
      if (!n.empty()) next.push(n);
    }
    return new AndTerm(next);
  }
}

/** upstream: fields.Everything() */
export function everything(): FieldSelector {
  return new AndTerm([]);
}

/** upstream: fields.OneTermEqualSelector */
export function oneTermEqualSelector(field: string, value: string): FieldSelector {
  return new HasTerm(field, value);
}

/** upstream: fields.AndSelectors */
export function andSelectors(...selectors: FieldSelector[]): FieldSelector {
  return new AndTerm(selectors);
}

/** upstream: fields.SelectorFromSet (missing set = everything). */
export function selectorFromSet(set: Fields | undefined | null): FieldSelector {
  if (!set) return everything();
  const items = Object.keys(set).map((k) => new HasTerm(k, set[k]!));
  if (items.length === 1) return items[0]!;
  return new AndTerm(items);
}

/** upstream: fields.EscapeValue: prefixes \ , = with a backslash. */
export function escapeValue(s: string): string {
  return s.replace(/[\\,=]/g, (c) => '\\' + c);
}

/** upstream: fields.UnescapeValue (throws FieldSelectorError on a bad sequence). */
export function unescapeValue(s: string): string {
  if (!/[\\,=]/.test(s)) return s;
  let v = '';
  let inSlash = false;
  for (const c of s) {
    if (inSlash) {
      if (c === '\\' || c === ',' || c === '=') v += c;
      else throw new FieldSelectorError(`invalid field selector: invalid escape sequence: \\${c}`);
      inSlash = false;
      continue;
    }
    if (c === '\\') inSlash = true;
    else if (c === ',' || c === '=') {
      // unescaped , and = characters are not allowed in field selector values; Go prints the
      // rune with %v, i.e. as its code point number.
      throw new FieldSelectorError(`invalid field selector: unescaped character in value: ${c.codePointAt(0)}`);
    } else v += c;
  }
  // Ending with a single backslash is an invalid sequence
  if (inSlash) throw new FieldSelectorError('invalid field selector: invalid escape sequence: \\');
  return v;
}

/** upstream: splitTerms: split on commas not preceded by a backslash escape. */
function splitTerms(fieldSelector: string): string[] {
  if (fieldSelector.length === 0) return [];
  const terms: string[] = [];
  let start = 0;
  let inSlash = false;
  for (let i = 0; i < fieldSelector.length; i++) {
    const c = fieldSelector[i];
    if (inSlash) inSlash = false;
    else if (c === '\\') inSlash = true;
    else if (c === ',') {
      terms.push(fieldSelector.slice(start, i));
      start = i + 1;
    }
  }
  terms.push(fieldSelector.slice(start));
  return terms;
}

// upstream: termOperators; "==" is checked before "=" so no '=' is left on the value.
const termOperators = ['!=', '==', '='] as const;

/** upstream: splitTerm: the first operator occurrence splits lhs and (still escaped) rhs. */
function splitTerm(term: string): { lhs: string; op: (typeof termOperators)[number]; rhs: string } | undefined {
  for (let i = 0; i < term.length; i++) {
    for (const op of termOperators) {
      if (term.startsWith(op, i)) return { lhs: term.slice(0, i), op, rhs: term.slice(i + op.length) };
    }
  }
  return undefined;
}

/**
 * upstream: fields.ParseAndTransformSelector. `a=b`, `a==b`, `a!=b`, comma-joined; values may
 * escape `\,` `\=` `\\`. Throws FieldSelectorError with upstream's message.
 */
export function parseAndTransformFieldSelector(selector: string, fn: TransformFunc): FieldSelector {
  const parts = splitTerms(selector).sort(compareGoStrings);
  const items: FieldSelector[] = [];
  for (const part of parts) {
    if (part === '') continue;
    const t = splitTerm(part);
    if (!t) throw new FieldSelectorError(`invalid selector: '${selector}'; can't understand '${part}'`);
    const value = unescapeValue(t.rhs);
    items.push(t.op === '!=' ? new NotHasTerm(t.lhs, value) : new HasTerm(t.lhs, value));
  }
  if (items.length === 1) return items[0]!.transform(fn);
  return new AndTerm(items).transform(fn);
}

/** upstream: fields.ParseSelector. The empty string selects everything. */
export function parseFieldSelector(selector: string): FieldSelector {
  return parseAndTransformFieldSelector(selector, (f, v) => [f, v]);
}

/** parseFieldSelector, or undefined when upstream would reject the string. */
export function tryParseFieldSelector(selector: string): FieldSelector | undefined {
  try {
    return parseFieldSelector(selector);
  } catch (e) {
    if (e instanceof FieldSelectorError) return undefined;
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// Per-resource field labels
// ---------------------------------------------------------------------------------------------

interface FieldLabelRules {
  supported: readonly string[];
  /** Old names the server rewrites (upstream: Pod "spec.host" -> "spec.nodeName"). */
  aliases?: Readonly<Record<string, string>>;
  reject: (label: string) => string;
}

const notSupported = (label: string): string => `field label not supported: ${label}`;

/**
 * Keyed by resource (plural, lower case), optionally group-qualified ("jobs.batch").
 * upstream: the AddFieldLabelConversionFunc registrations listed in the file header.
 */
const FIELD_LABELS: Readonly<Record<string, FieldLabelRules>> = {
  pods: {
    supported: [
      'metadata.name',
      'metadata.namespace',
      'spec.nodeName',
      'spec.restartPolicy',
      'spec.schedulerName',
      'spec.serviceAccountName',
      'spec.hostNetwork',
      'status.phase',
      'status.podIP',
      'status.podIPs',
      'status.nominatedNodeName',
    ],
    // This is for backwards compatibility with old v1 clients which send spec.host
    aliases: { 'spec.host': 'spec.nodeName' },
    reject: notSupported,
  },
  nodes: { supported: ['metadata.name', 'spec.unschedulable'], reject: notSupported },
  replicationcontrollers: {
    supported: ['metadata.name', 'metadata.namespace', 'status.replicas'],
    reject: notSupported,
  },
  events: {
    supported: [
      'involvedObject.kind',
      'involvedObject.namespace',
      'involvedObject.name',
      'involvedObject.uid',
      'involvedObject.apiVersion',
      'involvedObject.resourceVersion',
      'involvedObject.fieldPath',
      'reason',
      'reportingComponent',
      'source',
      'type',
      'metadata.namespace',
      'metadata.name',
    ],
    reject: notSupported,
  },
  namespaces: { supported: ['status.phase', 'metadata.name'], reject: notSupported },
  secrets: { supported: ['type', 'metadata.namespace', 'metadata.name'], reject: notSupported },
  services: {
    supported: ['metadata.namespace', 'metadata.name', 'spec.clusterIP', 'spec.type'],
    reject: notSupported,
  },
  jobs: {
    supported: ['metadata.name', 'metadata.namespace', 'status.successful'],
    reject: (label) => `field label "${label}" not supported for batchv1.Job`,
  },
  certificatesigningrequests: {
    supported: ['metadata.name', 'spec.signerName'],
    reject: notSupported,
  },
};

// upstream: runtime.DefaultMetaV1FieldSelectorConversion
const DEFAULT_RULES: FieldLabelRules = {
  supported: ['metadata.name', 'metadata.namespace'],
  reject: (label) => `"${label}" is not a known field selector: only "metadata.name", "metadata.namespace"`,
};

function rulesFor(resource: string): FieldLabelRules {
  const r = resource.toLowerCase();
  const dot = r.indexOf('.');
  const plain = dot >= 0 ? r.slice(0, dot) : r;
  const group = dot >= 0 ? r.slice(dot + 1) : '';
  const rules = FIELD_LABELS[plain];
  if (!rules) return DEFAULT_RULES;
  // only the core group (or the owning group) has these conversions
  if (group === '' || (plain === 'jobs' && group === 'batch') || (plain === 'certificatesigningrequests' && group === 'certificates.k8s.io')) {
    return rules;
  }
  return DEFAULT_RULES;
}

/** The field labels a resource accepts in a field selector. */
export function supportedFieldLabels(resource: string): readonly string[] {
  return rulesFor(resource).supported;
}

/**
 * upstream: the API server's scheme.ConvertFieldLabel applied to every requirement
 * (handlers/get.go ListResource: opts.FieldSelector.Transform(...)). Returns the converted
 * selector (e.g. pods "spec.host" -> "spec.nodeName"); throws FieldSelectorError with upstream's
 * conversion error for an unsupported label.
 */
export function convertFieldSelector(resource: string, selector: FieldSelector | string): FieldSelector {
  const rules = rulesFor(resource);
  const sel = typeof selector === 'string' ? parseFieldSelector(selector) : selector;
  return sel.transform((label, value) => {
    const alias = rules.aliases?.[label];
    if (alias !== undefined) return [alias, value];
    if (!rules.supported.includes(label)) throw new FieldSelectorError(rules.reject(label));
    return [label, value];
  });
}

/**
 * The error the API server gives for a field selector on this resource, or undefined when every
 * field label is supported. E.g. pods: "field label not supported: spec.foo".
 */
export function validateFieldSelector(resource: string, selector: FieldSelector | string): string | undefined {
  try {
    convertFieldSelector(resource, selector);
    return undefined;
  } catch (e) {
    if (e instanceof FieldSelectorError) return e.message;
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// Field sets of objects (upstream: <resource> strategy ToSelectableFields / GetAttrs)
// ---------------------------------------------------------------------------------------------

type Obj = { readonly [k: string]: unknown };

function obj(v: unknown): Obj {
  return v !== null && typeof v === 'object' ? (v as Obj) : {};
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** Go strconv.Itoa of an int32 field (missing = 0). */
function int(v: unknown): string {
  return typeof v === 'number' && Number.isFinite(v) ? String(Math.trunc(v)) : '0';
}

/** Go strconv.FormatBool of a bool field (missing = false). */
function bool(v: unknown): string {
  return v === true ? 'true' : 'false';
}

/** upstream: generic.ObjectMetaFieldsSet(meta, hasNamespaceField) */
function objectMetaFields(o: Obj, hasNamespaceField: boolean): Record<string, string> {
  const meta = obj(o['metadata']);
  const set: Record<string, string> = { 'metadata.name': str(meta['name']) };
  if (hasNamespaceField) set['metadata.namespace'] = str(meta['namespace']);
  return set;
}

/**
 * The field set the API server matches field selectors against, for an object of the given
 * resource (plural, e.g. "pods"). Resources without their own set expose metadata.name and
 * metadata.namespace.
 */
export function fieldsForObject(resource: string, object: unknown): Record<string, string> {
  const o = obj(object);
  const spec = obj(o['spec']);
  const status = obj(o['status']);
  const r = resource.toLowerCase().split('.')[0]!;
  switch (r) {
    case 'pods': {
      // upstream: pkg/registry/core/pod/strategy.go ToSelectableFields (on the internal type:
      // status.podIP is podIPs[0], serviceAccountName falls back to the deprecated
      // serviceAccount like the v1 -> internal conversion).
      const podIPs = Array.isArray(status['podIPs']) ? (status['podIPs'] as unknown[]) : [];
      const podIP = podIPs.length > 0 ? str(obj(podIPs[0])['ip']) : str(status['podIP']);
      const sa = str(spec['serviceAccountName']) || str(spec['serviceAccount']);
      return {
        'spec.nodeName': str(spec['nodeName']),
        'spec.restartPolicy': str(spec['restartPolicy']),
        'spec.schedulerName': str(spec['schedulerName']),
        'spec.serviceAccountName': sa,
        'spec.hostNetwork': bool(spec['hostNetwork']),
        'status.phase': str(status['phase']),
        'status.podIP': podIP,
        'status.nominatedNodeName': str(status['nominatedNodeName']),
        ...objectMetaFields(o, true),
      };
    }
    case 'nodes':
      // upstream: pkg/registry/core/node/strategy.go NodeToSelectableFields
      return { ...objectMetaFields(o, false), 'spec.unschedulable': bool(spec['unschedulable']) };
    case 'events': {
      // upstream: pkg/registry/core/event/strategy.go ToSelectableFields
      const io = obj(o['involvedObject']);
      const source = str(obj(o['source'])['component']) || str(o['reportingComponent']);
      return {
        'involvedObject.kind': str(io['kind']),
        'involvedObject.namespace': str(io['namespace']),
        'involvedObject.name': str(io['name']),
        'involvedObject.uid': str(io['uid']),
        'involvedObject.apiVersion': str(io['apiVersion']),
        'involvedObject.resourceVersion': str(io['resourceVersion']),
        'involvedObject.fieldPath': str(io['fieldPath']),
        reason: str(o['reason']),
        reportingComponent: str(o['reportingComponent']),
        source,
        type: str(o['type']),
        ...objectMetaFields(o, true),
      };
    }
    case 'namespaces':
      // upstream: pkg/registry/core/namespace/strategy.go NamespaceToSelectableFields
      return { ...objectMetaFields(o, false), 'status.phase': str(status['phase']) };
    case 'secrets':
      // upstream: pkg/registry/core/secret/strategy.go SelectableFields
      return { ...objectMetaFields(o, true), type: str(o['type']) };
    case 'services':
      // upstream: pkg/registry/core/service/strategy.go ServiceToSelectableFields
      return {
        'spec.clusterIP': str(spec['clusterIP']),
        'spec.type': str(spec['type']),
        ...objectMetaFields(o, true),
      };
    case 'replicationcontrollers':
      // upstream: pkg/registry/core/replicationcontroller/strategy.go ControllerToSelectableFields
      return { ...objectMetaFields(o, true), 'status.replicas': int(status['replicas']) };
    case 'jobs':
      // upstream: pkg/registry/batch/job/strategy.go JobToSelectableFields
      return { ...objectMetaFields(o, true), 'status.successful': int(status['succeeded']) };
    case 'certificatesigningrequests':
      // upstream: pkg/registry/certificates/certificates/strategy.go SelectableFields
      return { ...objectMetaFields(o, false), 'spec.signerName': str(spec['signerName']) };
    default:
      return objectMetaFields(o, true);
  }
}
