/**
 * Reading manifests for `-f FILE|-`: a stream of YAML documents (block or flow style) or of JSON
 * values, decoded as kubectl's YAMLOrJSONDecoder does, schema-checked for apiVersion/kind, then
 * mapped to a served resource with the namespace defaulted or enforced.
 * upstream: staging/src/k8s.io/apimachinery/pkg/util/yaml/decoder.go (YAMLOrJSONDecoder,
 * YAMLReader), staging/src/k8s.io/cli-runtime/pkg/resource/visitor.go (StreamVisitor,
 * RequireNamespace), mapper.go (infoForData), staging/src/k8s.io/kubectl/pkg/validation/schema.go
 * (getObjectKind).
 *
 * One deliberate difference: kubectl stops reading a stream at a syntax error but still uses the
 * documents before it; here a file with any syntax error contributes nothing.
 */
import { parseDocument, type Document } from 'yaml';
import type { KObject } from '../apiserver/store';
import { resourceForKind, type ResourceInfo } from '../api/resources';
import { decodeJSONStream, GoJSONError } from './json-decoder';
import { fail, type Invocation } from './command';
import { goJSON } from './printers/gofmt';
import { jsonKind } from '../api/gostrings';

export interface ManifestInfo {
  /** `STDIN` or the path given with -f. */
  source: string;
  obj: KObject;
  resource: ResourceInfo;
  /** Empty for cluster-scoped resources. */
  namespace: string;
  name: string;
}

export interface ManifestLoad {
  infos: ManifestInfo[];
  /** Error messages (Go's error.Error(); CheckErr adds `error: ` to a lone one). */
  errors: string[];
}

/** A document-level failure that stops the stream. */
class StreamError extends Error {}

/** Reads the -f sources (`-` is stdin). A missing file fails the command at once, as kubectl does. */
export async function readSources(inv: Invocation, filenames: string[]): Promise<{ source: string; text: string }[]> {
  const out: { source: string; text: string }[] = [];
  for (const f of filenames) {
    if (f === '-') {
      out.push({ source: 'STDIN', text: inv.ctx.stdin ?? '' });
      continue;
    }
    if (/^https?:\/\//.test(f)) fail(`unable to read URL "${f}": URLs are not reachable from this simulator`);
    let text: string | undefined;
    try {
      text = inv.ctx.readFile ? await inv.ctx.readFile(f) : undefined;
    } catch {
      text = undefined;
    }
    if (text === undefined) fail(`the path "${f}" does not exist`);
    out.push({ source: f, text });
  }
  return out;
}

/**
 * Splits a YAML stream on `---` lines as YAMLReader does; each chunk keeps the number of its
 * first line (1-based) in the file.
 */
export function splitYAMLDocuments(text: string): { text: string; firstLine: number }[] {
  const lines = text.split(/(?<=\n)/);
  const docs: { text: string; firstLine: number }[] = [];
  let buf = '';
  let first = 1;
  lines.forEach((line, i) => {
    if (line.startsWith('---')) {
      const trimmed = line.slice(3).trim();
      if (trimmed.length > 0 && trimmed[0] !== '#') {
        throw new StreamError(`invalid Yaml document separator: ${trimmed}`);
      }
      if (buf.length > 0) docs.push({ text: buf, firstLine: first });
      buf = '';
      first = i + 2;
      return;
    }
    buf += line;
  });
  if (buf.length > 0) docs.push({ text: buf, firstLine: first });
  return docs;
}

// go-yaml v2 resolves YAML 1.1 scalars (yes/no/on/off booleans, 0755 octal) but leaves
// timestamps as strings when decoding into interface{}.
const YAML_OPTIONS = {
  version: '1.1' as const,
  uniqueKeys: false,
  customTags: (tags: any[]) => tags.filter((t: any) => t.tag !== 'tag:yaml.org,2002:timestamp')
};

/**
 * go-yaml's wording for the errors of the `yaml` package (closest equivalent), and whether
 * go-yaml raises it in its scanner or its parser (they report lines differently).
 */
const GO_YAML_MESSAGES: Record<string, [string, 'scanner' | 'parser']> = {
  BLOCK_AS_IMPLICIT_KEY: ['mapping values are not allowed in this context', 'scanner'],
  MULTILINE_IMPLICIT_KEY: ['mapping values are not allowed in this context', 'scanner'],
  TAB_AS_INDENT: ['found character that cannot start any token', 'scanner'],
  BAD_SCALAR_START: ['found character that cannot start any token', 'scanner'],
  MISSING_CHAR: ['found unexpected end of stream', 'scanner'],
  BAD_INDENT: ['did not find expected key', 'parser'],
  UNEXPECTED_TOKEN: ['did not find expected key', 'parser'],
  DUPLICATE_KEY: ['did not find expected key', 'parser'],
  BAD_DIRECTIVE: ['found unknown directive name', 'scanner'],
  MULTIPLE_ANCHORS: ['did not find expected key', 'parser'],
  MULTIPLE_TAGS: ['did not find expected key', 'parser']
};

/**
 * `yaml: line N: message` as go-yaml (v2, under sigs.k8s.io/yaml) words it. go-yaml counts a
 * scanner error's line from 1 but a parser error's from 0, and leaves the line out when it
 * is 0. upstream: gopkg.in/yaml.v2 yaml.go/decode.go (parser.fail)
 */
function goYamlError(doc: Document, chunk: string): string {
  const e = doc.errors[0];
  let line = e.linePos?.[0].line ?? 1; // 1-based
  let [message, stage] = GO_YAML_MESSAGES[e.code] ?? [e.message.replace(/ at line \d+, column \d+:[\s\S]*$/, ''), 'parser'];
  if (e.code === 'BAD_INDENT' && /Flow (sequence|map)/.test(e.message)) {
    message = /Flow sequence/.test(e.message) ? "did not find expected ',' or ']'" : "did not find expected ',' or '}'";
  }
  if ((e.code === 'BAD_INDENT' || e.code === 'UNEXPECTED_TOKEN') && !/Flow (sequence|map)/.test(e.message)) {
    // Inside a nested block sequence go-yaml wants the next `- ` entry.
    const before = chunk.slice(0, e.pos[0]).split('\n').slice(0, -1).filter((l) => l.trim() !== '');
    const prev = before[before.length - 1] ?? '';
    if (/^\s+-(\s|$)/.test(prev)) message = "did not find expected '-' indicator";
  }
  if (e.code === 'BLOCK_AS_IMPLICIT_KEY' || e.code === 'MULTILINE_IMPLICIT_KEY') {
    // go-yaml stops at the `:` that cannot start a mapping value here.
    const from = e.pos[0];
    const colon = /:(\s|$)/.exec(chunk.slice(from + 1));
    if (colon) line = chunk.slice(0, from + 1 + colon.index).split('\n').length;
  }
  const n = stage === 'scanner' ? line : line - 1;
  return n > 0 && (stage === 'parser' || line > 1) ? `yaml: line ${n}: ${message}` : `yaml: ${message}`;
}

/** Decodes one source into JSON-shaped values; throws StreamError with kubectl's message. */
export function decodeStream(text: string, source: string): unknown[] {
  if (/^\s*\{/.test(text)) {
    try {
      return decodeJSONStream(text);
    } catch (e) {
      if (e instanceof GoJSONError) throw new StreamError(`error parsing ${source}: ${e.message}`);
      throw e;
    }
  }
  let chunks;
  try {
    chunks = splitYAMLDocuments(text);
  } catch (e) {
    if (e instanceof StreamError) throw new StreamError(`error parsing ${source}: ${e.message}`);
    throw e;
  }
  const values: unknown[] = [];
  for (const [index, chunk] of chunks.entries()) {
    const doc = parseDocument(chunk.text, YAML_OPTIONS);
    if (doc.errors.length > 0) {
      // kubectl's message counts lines from the start of the document; a second line says where
      // in the whole file (document, line, column) and that nothing from the file was applied.
      const message = goYamlError(doc, chunk.text);
      const pos = doc.errors[0].linePos?.[0] ?? { line: 1, col: 1 };
      // Same line as kubectl's message; the column where the parser stopped when it is on that line.
      const line = Number(/^yaml: line (\d+):/.exec(message)?.[1] ?? pos.line);
      const text = chunk.text.split('\n')[line - 1] ?? '';
      const col = pos.line === line ? pos.col : text.length - text.trimStart().length + 1;
      const where = `(document ${index + 1}, line ${chunk.firstLine + line - 1}, column ${col} of ${source}: nothing from ${source} was applied)`;
      throw new StreamError(`error parsing ${source}: error converting YAML to JSON: ${message}\n${where}`);
    }
    let v: unknown;
    try {
      v = doc.toJS({ maxAliasCount: -1 });
    } catch (e) {
      // upstream: go-yaml's composer: `unknown anchor 'x' referenced`
      const anchor = /alias[^:]*: (.*)$/.exec((e as Error).message)?.[1] ?? '';
      throw new StreamError(`error parsing ${source}: error converting YAML to JSON: yaml: unknown anchor '${anchor}' referenced`);
    }
    if (v === null || v === undefined) continue;
    values.push(v);
  }
  return values;
}

/** upstream: kubectl/pkg/validation/schema.go getObjectKind */
function kindErrors(v: unknown): string[] {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return ['invalid object to validate'];
  const o = v as KObject;
  const errs: string[] = [];
  if (o.apiVersion === undefined || o.apiVersion === null) errs.push('apiVersion not set');
  else if (typeof o.apiVersion !== 'string') errs.push("apiVersion isn't string type");
  else if (o.apiVersion.split('/').length > 2) errs.push(`unexpected GroupVersion string: ${o.apiVersion}`);
  if (o.kind === undefined || o.kind === null) errs.push('kind not set');
  else if (typeof o.kind !== 'string') errs.push("kind isn't string type");
  return errs;
}

/**
 * What decoding into an unstructured object says about a document that is not one
 * (only reached with --validate=false; validation reports these first).
 * upstream: apimachinery unstructured.UnstructuredJSONScheme (detector, metadataOnlyObject)
 */
function decodeError(v: unknown, source: string): string | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    return `unable to decode "${source}": json: cannot unmarshal ${jsonKind(v)} into Go value of type unstructured.detector`;
  }
  const o = v as KObject;
  for (const f of ['apiVersion', 'kind']) {
    const x = o[f];
    if (x !== undefined && x !== null && typeof x !== 'string') {
      return `unable to decode "${source}": json: cannot unmarshal ${jsonKind(x)} into Go struct field metadataOnlyObject.${f} of type string`;
    }
  }
  if (!o.kind) return `unable to decode "${source}": Object 'Kind' is missing in '${goJSON(o)}'`;
  return undefined;
}

/** utilerrors.Aggregate's Error(): one message, or `[a, b]`. */
function aggregateText(errs: string[]): string {
  return errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`;
}

/** The items of a List (kind List or FooList), flattened as the builder's Flatten() does. */
function flatten(o: KObject): KObject[] {
  if (typeof o.kind === 'string' && o.kind.endsWith('List') && Array.isArray(o.items)) return o.items.flatMap((i: KObject) => flatten(i));
  return [o];
}

/**
 * Loads every -f source into mapped objects. Stream errors (syntax, missing apiVersion/kind)
 * drop the whole file; mapping and namespace errors drop one object (ContinueOnError).
 */
export async function loadManifests(inv: Invocation, filenames: string[], opts: { validate?: boolean } = {}): Promise<ManifestLoad> {
  const result: ManifestLoad = { infos: [], errors: [] };
  const validate = opts.validate ?? true;
  for (const { source, text } of await readSources(inv, filenames)) {
    let values: unknown[];
    const infos: ManifestInfo[] = [];
    const errors: string[] = [];
    try {
      values = decodeStream(text, source);
      for (const v of values) {
        if (validate) {
          const errs = kindErrors(v);
          if (errs.length > 0) {
            throw new StreamError(`error validating "${source}": error validating data: ${aggregateText(errs)}; if you choose to ignore these errors, turn validation off with --validate=false`);
          }
        } else {
          const err = decodeError(v, source);
          if (err) throw new StreamError(err);
        }
        for (const obj of flatten(v as KObject)) {
          const r = mapObject(inv, obj, source);
          if (typeof r === 'string') errors.push(r);
          else infos.push(r);
        }
      }
    } catch (e) {
      if (!(e instanceof StreamError)) throw e;
      result.errors.push(e.message);
      continue;
    }
    result.infos.push(...infos);
    result.errors.push(...errors);
  }
  return result;
}

/** Go's name for a JSON value in an UnmarshalTypeError. */
/**
 * The metadata fields kubectl decodes into ObjectMeta: a label written `version: 1` (or
 * YAML 1.1's `y`/`on`) is a number or bool there and fails to decode.
 * upstream: mapper.go infoForData (`unable to decode %q: %v`), encoding/json UnmarshalTypeError
 */
function metadataTypeError(obj: KObject, source: string): string | undefined {
  const md = obj.metadata;
  if (md === undefined || md === null) return undefined;
  const bad = (field: string, v: unknown, want: string) => `unable to decode "${source}": json: cannot unmarshal ${jsonKind(v)} into Go struct field ObjectMeta.metadata.${field} of type ${want}`;
  if (typeof md !== 'object' || Array.isArray(md)) return `unable to decode "${source}": json: cannot unmarshal ${jsonKind(md)} into Go struct field ${obj.kind}.metadata of type v1.ObjectMeta`;
  for (const f of ['name', 'namespace', 'generateName']) {
    if (md[f] !== undefined && md[f] !== null && typeof md[f] !== 'string') return bad(f, md[f], 'string');
  }
  for (const f of ['labels', 'annotations']) {
    const m = md[f];
    if (m === undefined || m === null) continue;
    if (typeof m !== 'object' || Array.isArray(m)) return bad(f, m, 'map[string]string');
    // YAML reaches kubectl as JSON with sorted keys; the first bad value in that order is reported.
    for (const k of Object.keys(m).sort()) if (m[k] !== null && typeof m[k] !== 'string') return bad(f, m[k], 'string');
  }
  return undefined;
}

/** Maps one object to its resource and namespace, or returns kubectl's error text. */
function mapObject(inv: Invocation, obj: KObject, source: string): ManifestInfo | string {
  const typeError = metadataTypeError(obj, source);
  if (typeError) return typeError;
  const name: string = obj.metadata?.name ?? '';
  const objNamespace: string = obj.metadata?.namespace ?? '';
  const resource = resourceForKind(obj.apiVersion, obj.kind);
  if (!resource) {
    // upstream: meta.NoKindMatchError (one searched version) wrapped by mapper.go infoForData
    const why = `no matches for kind "${obj.kind}" in version "${obj.apiVersion}"`;
    return `resource mapping not found for name: "${name}" namespace: "${objNamespace}" from "${source}": ${why}\nensure CRDs are installed first`;
  }
  let namespace = '';
  if (resource.namespaced) {
    namespace = objNamespace;
    if (!namespace) {
      namespace = inv.namespace;
      obj.metadata = { ...(obj.metadata ?? {}), namespace };
    } else if (inv.explicitNamespace && namespace !== inv.namespace) {
      // upstream: cli-runtime/pkg/resource/visitor.go RequireNamespace
      return `the namespace from the provided object "${namespace}" does not match the namespace "${inv.namespace}". You must pass '--namespace=${namespace}' to perform this operation.`;
    }
  }
  return { source, obj, resource, namespace, name };
}
