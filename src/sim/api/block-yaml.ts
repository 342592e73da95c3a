/**
 * A decoder for the plainest YAML: block mappings and sequences of plain scalars, as kubeadm
 * writes its static pod manifests and `kubectl get -o yaml` prints objects. It answers what the
 * `yaml` library's parse would (YAML 1.2, core schema) or, for anything else (quotes, flow
 * collections other than `{}` and `[]`, comments, anchors, tags, block scalars, multi-line plain
 * scalars, numbers other than plain integers, duplicate keys, tabs), undefined: the caller then
 * parses with the library. Why: the control-plane node's kubelet reads four manifests while the
 * cluster boots, and the library's parser, compiled cold in a fresh worker, made a fifth of the
 * boot /embed waits for.
 * upstream: sigs.k8s.io/yaml (YAMLToJSON), which the kubelet's decoder runs on manifest files.
 */

/** Characters that end the fast path wherever they appear (quotes, comments, tabs, CR). */
const UNSUPPORTED = /["'#\t\r]/;
/** A plain scalar cannot start with an indicator (flow collections, anchors, aliases, tags, block scalars, directives, ...). */
const INDICATOR = /^[?:,[\]{}&*!|>%@`]/;
/** A mapping key this decoder reads as the string it spells (YAML would too). */
const KEY = /^[A-Za-z][A-Za-z0-9_./-]*$/;
/** The core schema's scalars other than strings (yaml: schema/core and schema/common/null). */
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const TRUE = /^(?:[Tt]rue|TRUE)$/;
const FALSE = /^(?:[Ff]alse|FALSE)$/;
const INT = /^[-+]?[0-9]+$/;
/** Other numbers (octal, hex, floats, .inf, .nan): left to the library. */
const OTHER_NUMBER = /^(?:0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?)$/;

class Unsupported extends Error {}

interface Line {
  indent: number;
  text: string;
}

/** A plain scalar's value, as the core schema resolves it. */
function scalar(s: string): unknown {
  if (s.startsWith('- ') || s === '-' || INDICATOR.test(s) || s.includes(': ') || s.endsWith(':')) throw new Unsupported();
  if (NULL.test(s)) return null;
  if (TRUE.test(s)) return true;
  if (FALSE.test(s)) return false;
  if (INT.test(s)) {
    const n = Number(s);
    if (!Number.isSafeInteger(n)) throw new Unsupported();
    return n;
  }
  if (OTHER_NUMBER.test(s)) throw new Unsupported();
  return s;
}

/** The decoded document, or undefined when it is not this plain subset (or not a mapping). */
export function decodeBlockYAML(text: string): Record<string, unknown> | undefined {
  if (UNSUPPORTED.test(text)) return undefined;
  const lines: Line[] = [];
  for (const raw of text.split('\n')) {
    const trimmed = raw.trimEnd();
    if (trimmed === '') continue;
    const text = trimmed.trimStart();
    if (text.startsWith('---') || text.startsWith('...')) return undefined;
    lines.push({ indent: trimmed.length - text.length, text });
  }
  if (lines.length === 0 || lines[0].indent !== 0 || lines[0].text.startsWith('-')) return undefined;
  try {
    const at = { i: 0 };
    const doc = mapping(lines, at, 0);
    return at.i === lines.length ? doc : undefined;
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
}

/** A `key: value` entry's parts, or undefined when the line is not one. */
function entry(text: string): { key: string; rest: string } | undefined {
  // The first `: ` (or a `:` ending the line) splits it: `https://x` and `--a=b:c` are plain scalars.
  const spaced = text.indexOf(': ');
  const colon = spaced >= 0 ? spaced : text.endsWith(':') ? text.length - 1 : -1;
  if (colon < 0) return undefined;
  const key = text.slice(0, colon);
  // `null:` or `true:` would be a key of another type.
  if (!KEY.test(key) || NULL.test(key) || TRUE.test(key) || FALSE.test(key)) throw new Unsupported();
  return { key, rest: text.slice(colon + 1).trim() };
}

/** The block mapping whose keys are at `indent`, from lines[at.i]; `first` is an entry already split off a `- ` line. */
function mapping(lines: Line[], at: { i: number }, indent: number, first?: { key: string; rest: string }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const set = (key: string, value: unknown) => {
    if (Object.prototype.hasOwnProperty.call(out, key) || key === '__proto__') throw new Unsupported();
    out[key] = value;
  };
  if (first) set(first.key, value(lines, at, indent, first.rest));
  while (at.i < lines.length) {
    const line = lines[at.i];
    if (line.indent < indent) break;
    if (line.indent > indent) throw new Unsupported();
    const e = entry(line.text);
    if (!e) throw new Unsupported();
    at.i++;
    set(e.key, value(lines, at, indent, e.rest));
  }
  return out;
}

/** The value after `key:` (the key at `indent`): inline, a nested mapping, or a sequence (at the key's indent or deeper). */
function value(lines: Line[], at: { i: number }, indent: number, rest: string): unknown {
  if (rest === '{}') return {};
  if (rest === '[]') return [];
  if (rest !== '') return scalar(rest);
  const next = lines[at.i];
  if (next && next.text.startsWith('-') && (next.text === '-' || next.text.startsWith('- ')) && next.indent >= indent) return sequence(lines, at, next.indent);
  if (next && next.indent > indent) return mapping(lines, at, next.indent);
  return null;
}

/** The block sequence whose `- ` marks are at `indent`. */
function sequence(lines: Line[], at: { i: number }, indent: number): unknown[] {
  const out: unknown[] = [];
  while (at.i < lines.length) {
    const line = lines[at.i];
    if (line.indent !== indent || !(line.text === '-' || line.text.startsWith('- '))) {
      if (line.indent > indent) throw new Unsupported();
      break;
    }
    at.i++;
    const item = line.text.slice(1).trimStart();
    if (item === '' || item === '-' || item.startsWith('- ')) throw new Unsupported();
    const e = entry(item);
    // `- key: value`: a mapping whose further keys line up with this first one.
    if (e) out.push(mapping(lines, at, indent + line.text.indexOf(item), e));
    else out.push(item === '{}' ? {} : item === '[]' ? [] : scalar(item));
  }
  return out;
}
