/**
 * `kubectl explain TYPE[.field.path] [--recursive]`: documentation of a kind or one of its
 * fields, in kubectl v1.32's plaintext layout, from the bundled schema (no server needed).
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/explain/explain.go,
 * staging/src/k8s.io/kubectl/pkg/explain/v2/templates/plaintext.tmpl (the layout below follows
 * it line by line), staging/src/k8s.io/kubectl/pkg/explain/v2/funcs.go (wrap = go-wordwrap,
 * indent), staging/src/k8s.io/kubectl/pkg/explain/explain.go (SplitAndParseResourceRequest).
 */
import { KubectlError, fail, type CommandSpec } from './command';
import { apiVersionOf, resolveResource, type ResourceInfo } from '../api/resources';
import { compareGoStrings } from './printers';

type Schema = typeof import('../api/openapi-schema');

/** The schema is large: load it on first use (its own chunk in the page bundle). */
let schemaPromise: Promise<Schema> | undefined;
function loadSchema(): Promise<Schema> {
  schemaPromise ??= import('../api/openapi-schema');
  return schemaPromise;
}

/**
 * github.com/mitchellh/go-wordwrap WrapString: breaks at spaces so lines fit `lim`, keeps
 * existing newlines, never splits a word.
 */
export function wrapString(s: string, lim: number): string {
  let buf = '';
  let current = 0;
  let word = '';
  let space = '';
  const isSpace = (c: string) => c !== '\u00a0' && /\s/.test(c);
  for (const c of s) {
    if (c === '\n') {
      buf += space + word + c;
      space = '';
      word = '';
      current = 0;
    } else if (isSpace(c)) {
      if (space.length === 0 || word.length > 0) {
        current += [...space].length + [...word].length;
        buf += space + word;
        space = '';
        word = '';
      }
      space += c;
    } else {
      word += c;
      const wl = [...word].length;
      if (current + [...space].length + wl > lim && wl < lim) {
        buf += '\n';
        current = 0;
        space = '';
      }
    }
  }
  if (word.length === 0) {
    if (current + [...space].length <= lim) buf += space;
  } else buf += space + word;
  return buf;
}

/** funcs.go indent: every line (also after a trailing newline) gets the pad. */
function indent(n: number, s: string): string {
  const pad = ' '.repeat(n);
  return pad + s.replace(/\n/g, '\n' + pad);
}

/** A field type with arrays and maps peeled off: the innermost element. */
function elementOf(t: string): string {
  let x = t;
  for (;;) {
    if (x.startsWith('[]')) x = x.slice(2);
    else if (x.startsWith('map[string]')) x = x.slice('map[string]'.length);
    else return x;
  }
}

function makeExplainer(s: Schema) {
  const T = s.EXPLAIN_TYPES;
  /** template typeGuess */
  const typeGuess = (t: string): string => {
    if (t.startsWith('[]')) return '[]' + typeGuess(t.slice(2));
    if (t.startsWith('map[string]')) return 'map[string]' + typeGuess(t.slice('map[string]'.length));
    if (!t.startsWith('#')) return t;
    if (t === '#IntOrString') return 'IntOrString';
    const key = t.slice(1);
    const short = key.slice(key.lastIndexOf('.') + 1);
    const ty = T[key];
    // Quantity is a oneOf (string or number) in OpenAPI v3: no type, so its name shows.
    if (ty?.prim && short !== 'Quantity') return ty.prim;
    return short;
  };
  /** Description of a referenced type (template "description" of a ref). */
  const typeDescription = (t: string): string => {
    const el = elementOf(t);
    if (el === '#IntOrString') return s.INT_OR_STRING_DESCRIPTION + '\n';
    if (!el.startsWith('#')) return '';
    const d = T[el.slice(1)]?.d;
    return d ? d + '\n' : '';
  };
  const fieldsOf = (t: string) => {
    const el = elementOf(t);
    return el.startsWith('#') ? (T[el.slice(1)]?.f ?? []) : [];
  };
  /** template fieldList / fieldDetail */
  const fieldList = (t: string, level: number, recursive: boolean, history: Set<string>): string => {
    const el = elementOf(t);
    if (history.has(el)) return '';
    const next = new Set(history).add(el);
    const fields = [...fieldsOf(t)].sort((a, b) => compareGoStrings(a[0], b[0]));
    let out = '';
    for (const [name, type, desc, required] of fields) {
      const ind = level * 2;
      out += indent(ind, name) + `\t<${typeGuess(type)}>` + (required ? ' -required-' : '') + '\n';
      if (!recursive) out += indent(ind + 2, wrapString(desc || '<no description>', 78 - ind)) + '\n\n';
      else out += fieldList(type, level + 1, recursive, next);
    }
    return out;
  };
  return { T, typeGuess, typeDescription, fieldList };
}

/**
 * The resource named by the first dotted segment; the field path is what follows its
 * `resource.group` prefix when the argument starts with it, else every later segment.
 * upstream: explain.go SplitAndParseResourceRequestWithMatchingPrefix
 */
function splitResourceRequest(arg: string): { resource: ResourceInfo; fieldPath: string[] } {
  const input = arg.endsWith('.') ? arg.slice(0, -1) : arg;
  const parts = input.split('.');
  const r = resolveResource(parts[0]);
  // A NoResourceMatchError, which CheckErr prints without the `error: ` prefix.
  if (!r) throw new KubectlError(`the server doesn't have a resource type "${parts[0]}"`);
  const groupResource = r.group ? `${r.name}.${r.group}` : r.name;
  if (input.startsWith(groupResource)) {
    const suffix = input.slice(groupResource.length);
    return { resource: r, fieldPath: suffix.length > 0 ? suffix.split('.').slice(1) : [] };
  }
  return { resource: r, fieldPath: parts.slice(1) };
}

export const explainCommand: CommandSpec = {
  name: 'explain',
  long: 'Describe fields and structure of various resources.',
  short: 'Get documentation for a resource',
  use: 'explain TYPE [--recursive=FALSE|TRUE] [--api-version=api-version-group] [-o|--output=plaintext|plaintext-openapiv2]',
  flags: [
    { name: 'api-version', type: 'string' },
    { name: 'output', short: 'o', type: 'string', def: 'plaintext' },
    { name: 'recursive', type: 'bool' }
  ],
  async run(inv) {
    // upstream: explain.go Validate (plain errors in v1.32)
    if (inv.args.length === 0) fail('You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.');
    if (inv.args.length > 1) fail('We accept only this format: explain RESOURCE');
    const output = inv.flags.str('output');
    if (output !== 'plaintext' && output !== 'plaintext-openapiv2') fail(`unrecognized format: ${output}`);
    const { resource: r, fieldPath } = splitResourceRequest(inv.args[0]);
    const apiVersion = inv.flags.str('api-version') || apiVersionOf(r);
    const schema = await loadSchema();
    const kindKey = schema.EXPLAIN_KINDS[`${apiVersion}/${r.kind}`];
    if (!kindKey) fail(`couldn't find resource for "${apiVersion}, Resource=${r.name}"`);
    const x = makeExplainer(schema);
    const recursive = inv.flags.bool('recursive');

    let text = '';
    if (r.group) text += `GROUP:      ${r.group}\n`;
    text += `KIND:       ${r.kind}\nVERSION:    ${r.version}\n\n`;
    // Follow the field path through arrays and maps (template "output").
    let type = `#${kindKey}`;
    let description = (x.T[kindKey]?.d ?? '') ? x.T[kindKey].d + '\n' : '';
    for (const [i, field] of fieldPath.entries()) {
      const el = elementOf(type);
      const f = el.startsWith('#') ? x.T[el.slice(1)]?.f?.find((ff) => ff[0] === field) : undefined;
      if (!f) {
        // The template has written the header before it fails, naming the path's last field.
        inv.out.out(text);
        fail(`field "${fieldPath[fieldPath.length - 1]}" does not exist`);
      }
      type = f[1];
      description = (f[2] ? f[2] + '\n' : '') + x.typeDescription(f[1]);
      if (i === fieldPath.length - 1) text += `FIELD: ${field} <${x.typeGuess(type)}>\n\n\n`;
    }
    text += 'DESCRIPTION:\n' + indent(4, wrapString(description || '<empty>', 76)) + '\n';
    const fields = x.fieldList(type, 1, recursive, new Set());
    if (fields) text += 'FIELDS:\n' + fields;
    inv.out.out(text + '\n');
  }
};
