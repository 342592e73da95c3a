/**
 * Decoding a request body into its Go type, as the API server's serializer does before anything
 * else: a value of the wrong JSON type is a 400 ("Deployment in version "v1" cannot be handled as a
 * Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of
 * type int32"), and a field the type does not have is, with fieldValidation=Strict (kubectl's
 * default, `--validate=strict`), a 400 too ("strict decoding error: unknown field "spec.foo"");
 * with Warn a warning, with Ignore nothing; in every case the unknown field is dropped.
 * upstream: staging/src/k8s.io/apimachinery/pkg/runtime/serializer/json (strict decoding,
 * sigs.k8s.io/json UnmarshalTypeError), apiserver/pkg/endpoints/handlers (fieldValidation),
 * k8s.io/apimachinery/pkg/runtime/serializer/versioning ("cannot be handled as a").
 */
import { OPENAPI_FIELDS, OPENAPI_KINDS } from '../api/openapi-fields';
import type { KObject } from './store';
import { jsonKind } from '../api/gostrings';

export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

/**
 * How the body reaches its Go type: JSON decoding (create, update, JSON and merge patches) or the
 * unstructured converter (a strategic merge patch is applied to maps, then converted). They word
 * type errors differently.
 */
export type Decoder = 'json' | 'unstructured';

/**
 * Fields v1.32 serves that the bundled schema (generated from kubernetes-types 1.30) lacks: alpha
 * fields of 1.31 and 1.32, accepted (their feature gates are off, so they do nothing) rather than
 * refused as unknown.
 */
const V132_FIELDS: Record<string, Record<string, string>> = {
  'core/v1.PodSpec': { resources: 'Object' },
  'core/v1.Volume': { image: 'Object' },
  'core/v1.PodSecurityContext': { supplementalGroupsPolicy: 'string', seLinuxChangePolicy: 'string' },
  'core/v1.ContainerStatus': { user: 'Object', allocatedResourcesStatus: 'Object' },
  'core/v1.NodeStatus': { features: 'Object' },
  'core/v1.NodeRuntimeHandlerFeatures': { userNamespaces: 'boolean' }
};

/** Integer fields Go declares int64 (the rest of the API's integers are int32). */
const INT64_FIELDS = new Set([
  'terminationGracePeriodSeconds', 'activeDeadlineSeconds', 'runAsUser', 'runAsGroup', 'fsGroup', 'supplementalGroups',
  'tolerationSeconds', 'expirationSeconds', 'generation', 'observedGeneration', 'deletionGracePeriodSeconds', 'seconds'
]);

export interface DecodeResult {
  /** The first value of the wrong type (Go reports the earliest one). */
  typeError?: string;
  /** Fields the type does not have, as paths (`spec.template.spec.containers[0].foo`). */
  unknown: string[];
}

/** The Go name of a field type, as reflect prints it (`int32`, `[]v1.Container`, `map[string]string`). */
function goType(type: string, field: string): string {
  if (type.startsWith('[]')) return `[]${goType(type.slice(2), field)}`;
  if (type.startsWith('map[string]')) return `map[string]${goType(type.slice(11), field)}`;
  switch (type) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'integer':
      return INT64_FIELDS.has(field) ? 'int64' : 'int32';
    case 'number':
      return 'float64';
    case 'Object':
      return 'map[string]interface {}';
    case '#IntOrString':
      return 'intstr.IntOrString';
  }
  // #core/v1.PodSpec -> v1.PodSpec; #api/resource.Quantity -> resource.Quantity
  const ref = type.slice(1);
  const dot = ref.lastIndexOf('.');
  const pkg = ref.slice(0, dot).split('/').pop()!;
  return `${pkg}.${ref.slice(dot + 1)}`;
}

function structName(key: string): string {
  return key.slice(key.lastIndexOf('.') + 1);
}

/** The bundled types with the v1.32 additions merged in (once, not per request). */
const FIELDS: Record<string, Record<string, string> | string> = { ...OPENAPI_FIELDS };
for (const [key, extra] of Object.entries(V132_FIELDS)) {
  const f = FIELDS[key];
  if (typeof f === 'object') FIELDS[key] = { ...f, ...extra };
}

/**
 * Checks `obj` (mutable: unknown fields are deleted from it) against its kind's schema.
 * `apiVersion` is `group/version` or `v1`. Unknown kinds are not checked.
 */
export function decodeInto(apiVersion: string, kind: string, obj: KObject, decoder: Decoder = 'json'): DecodeResult {
  const result: DecodeResult = { unknown: [] };
  const key = OPENAPI_KINDS[`${apiVersion}/${kind}`];
  if (!key) return result;
  const typeError = (value: unknown, struct: string, goPath: string, field: string, type: string) => {
    if (result.typeError) return;
    if (decoder === 'unstructured') {
      result.typeError = unstructuredTypeError(value, goType(type, field), type);
      return;
    }
    const what = typeof value === 'number' ? `number ${value}` : jsonKind(value);
    result.typeError = `json: cannot unmarshal ${what} into Go struct field ${struct}.${goPath} of type ${goType(type, field)}`;
  };
  /** Checks `value` as a `type` held by field `field` of struct `struct`. */
  const walk = (value: unknown, type: string, path: string, goPath: string, struct: string, field: string): void => {
    if (value === null || value === undefined) return;
    if (type.startsWith('[]')) {
      if (!Array.isArray(value)) return typeError(value, struct, goPath, field, type);
      const inner = type.slice(2);
      value.forEach((v, i) => walk(v, inner, `${path}[${i}]`, goPath, struct, field));
      return;
    }
    if (type.startsWith('map[string]')) {
      if (typeof value !== 'object' || Array.isArray(value)) return typeError(value, struct, goPath, field, type);
      const inner = type.slice(11);
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) walk(v, inner, `${path}.${k}`, goPath, struct, field);
      return;
    }
    switch (type) {
      case 'string':
        if (typeof value !== 'string') typeError(value, struct, goPath, field, type);
        return;
      case 'boolean':
        if (typeof value !== 'boolean') typeError(value, struct, goPath, field, type);
        return;
      case 'integer':
        if (typeof value !== 'number' || !Number.isInteger(value)) typeError(value, struct, goPath, field, type);
        return;
      case 'number':
        if (typeof value !== 'number') typeError(value, struct, goPath, field, type);
        return;
      case 'Object':
      case '#IntOrString':
        return;
    }
    const ref = type.slice(1);
    const fields = FIELDS[ref];
    // Named scalars (Quantity, Time) parse themselves; their errors come from validation.
    if (fields === undefined || typeof fields === 'string') return;
    if (typeof value !== 'object' || Array.isArray(value)) return typeError(value, struct, goPath, field, type);
    // A struct with no declared fields (FieldsV1) holds anything.
    if (Object.keys(fields).length === 0) return;
    walkStruct(value as Record<string, unknown>, ref, path, goPath);
  };
  const walkStruct = (o: Record<string, unknown>, ref: string, path: string, goPath: string): void => {
    const fields = FIELDS[ref] as Record<string, string>;
    const name = structName(ref);
    for (const k of Object.keys(o)) {
      const p = path ? `${path}.${k}` : k;
      const t = fields[k];
      if (t === undefined) {
        result.unknown.push(p);
        delete o[k];
        continue;
      }
      walk(o[k], t, p, goPath ? `${goPath}.${k}` : k, name, k);
    }
  };
  walkStruct(obj, key, '', '');
  // The unstructured converter reports unknown fields sorted. upstream: runtime/converter.go FromUnstructuredWithValidation
  if (decoder === 'unstructured') result.unknown.sort();
  return result;
}

/** The Go reflect kind a decoded JSON value has (kjson keeps integers as int64). */
function sourceKind(value: unknown): string {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int64' : 'float64';
  return Array.isArray(value) ? 'slice' : 'map';
}

/**
 * What the unstructured converter says when a strategic merge patch leaves a value of the wrong
 * type (it converts the patched map into the Go struct; no JSON is decoded). Only numbers convert
 * between kinds, so a string or bool into an int32 field is `unrecognized type: int32`, an integer
 * into a string `cannot convert int64 to string`, a string where a list goes `cannot restore slice
 * from string`. upstream: staging/src/k8s.io/apimachinery/pkg/runtime/converter.go fromUnstructured
 */
function unstructuredTypeError(value: unknown, goTypeName: string, type: string): string {
  const from = sourceKind(value);
  if (type.startsWith('[]')) return `cannot restore slice from ${from}`;
  if (type.startsWith('map[string]')) return `cannot restore map from ${from}`;
  if (type.startsWith('#')) return `cannot restore struct from: ${from}`;
  // Go converts int64 to string (a rune) and numbers to numbers; the converter then accepts only
  // number -> number (a float only when it is whole), and refuses the rest with "cannot convert".
  const numeric = /^(u?int\d*|float\d+)$/.test(goTypeName);
  const convertible = (from === 'int64' && (numeric || goTypeName === 'string')) || (from === 'float64' && numeric);
  if (convertible) return `cannot convert ${from} to ${goTypeName}`;
  return `unrecognized type: ${goTypeName}`;
}

/** `Deployment in version "v1" cannot be handled as a Deployment: <err>` (the serializer's wrapper). */
export function cannotBeHandled(apiVersion: string, kind: string, err: string): string {
  const version = apiVersion.slice(apiVersion.lastIndexOf('/') + 1);
  return `${kind} in version "${version}" cannot be handled as a ${kind}: ${err}`;
}

/** The strict decoding error for unknown fields: `strict decoding error: unknown field "a", unknown field "b"`. */
export function strictDecodingError(unknown: readonly string[]): string {
  return `strict decoding error: ${unknown.map((p) => `unknown field ${JSON.stringify(p)}`).join(', ')}`;
}
