/**
 * From the API server's 422 Invalid errors, as kubectl prints them, to the YAML lines they are
 * about: each cause's field path (`spec.template.spec.containers[0].image`) is walked through the
 * document with that kind and name, and the deepest node that exists is marked (a missing field's
 * parent: a `Required value` on `image` marks the container that lacks it).
 *
 * kubectl prints an Invalid error two ways (upstream: kubectl/pkg/cmd/util/helpers.go
 * StandardErrorMessage / MultipleErrors, apimachinery errors.NewInvalid):
 *   alone:      `The Deployment "web" is invalid: spec.replicas: Invalid value: -1: ...`
 *               `The Deployment "web" is invalid: \n* a: ...\n* b: ...`
 *   among more: `Error from server (Invalid): error when creating "STDIN": Deployment.apps "web" is invalid: [a: ..., b: ...]`
 */
import { isMap, isScalar, isSeq, LineCounter, parseAllDocuments, type Document, type Node } from 'yaml';

export interface FieldCause {
  /** The field path as the API server reports it, possibly empty. */
  field: string;
  /** The rest of the cause (`Required value`, `Invalid value: -1: must be ...`). */
  message: string;
}

export interface InvalidObjectError {
  kind: string;
  name: string;
  causes: FieldCause[];
}

/** A Monaco-shaped range (1-based lines and columns) with the message to show there. */
export interface FieldMarker {
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
  message: string;
}

const FIELD = String.raw`[A-Za-z][\w-]*(?:\[[^\]]*\]|\.[A-Za-z][\w-]*)*`;
const INVALID = /(?:^|: |The )([A-Z][A-Za-z0-9]*)(?:\.[a-z0-9.-]+)? "([^"]*)" is invalid(?:: ?(.*))?$/;

function splitCause(text: string): FieldCause {
  const m = new RegExp(`^(${FIELD}): (.*)$`, 's').exec(text.trim());
  return m ? { field: m[1], message: m[2] } : { field: '', message: text.trim() };
}

/** Every `Kind "name" is invalid` error in a command's output, with its field causes. */
export function parseInvalidErrors(output: string): InvalidObjectError[] {
  const lines = output.split('\n');
  const errors: InvalidObjectError[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = INVALID.exec(lines[i]);
    if (!m) continue;
    const [, kind, name, rest = ''] = m;
    const causes: FieldCause[] = [];
    if (rest.trim() === '') {
      // `The Pod "x" is invalid: ` then `* cause` lines.
      while (i + 1 < lines.length && lines[i + 1].startsWith('* ')) causes.push(splitCause(lines[++i].slice(2)));
    } else if (rest.startsWith('[') && rest.endsWith(']')) {
      const list = rest.slice(1, -1);
      for (const part of list.split(new RegExp(`, (?=${FIELD}: )`))) causes.push(splitCause(part));
    } else {
      causes.push(splitCause(rest));
    }
    errors.push({ kind, name, causes });
  }
  return errors;
}

/** `spec.containers[0].image` -> ['spec', 'containers', 0, 'image']; `metadata.labels[a.b/c]` keeps the key whole. */
export function parseFieldPath(path: string): (string | number)[] {
  const parts: (string | number)[] = [];
  let i = 0;
  while (i < path.length) {
    if (path[i] === '.') {
      i++;
    } else if (path[i] === '[') {
      const end = path.indexOf(']', i);
      const inner = path.slice(i + 1, end < 0 ? path.length : end);
      parts.push(/^\d+$/.test(inner) ? Number(inner) : inner);
      i = end < 0 ? path.length : end + 1;
    } else {
      let j = i;
      while (j < path.length && path[j] !== '.' && path[j] !== '[') j++;
      parts.push(path.slice(i, j));
      i = j;
    }
  }
  return parts;
}

const scalarText = (n: unknown) => (isScalar(n) ? String(n.value) : undefined);

/** The document that holds this object: same kind and metadata.name. */
function findDocument(docs: Document[], kind: string, name: string): Document | undefined {
  return docs.find((d) => scalarText(d.get('kind', true)) === kind && scalarText(d.getIn(['metadata', 'name'], true)) === name);
}

/**
 * The text span to mark for a field path in a document: the deepest node on the path that
 * exists, from its key to the end of its value when that is a scalar, else to the end of the line.
 */
function fieldSpan(doc: Document, path: (string | number)[]): [number, number] | undefined {
  let node: unknown = doc.contents;
  let span: [number, number] | undefined = isMap(node) ? rangeOf(node.items[0]?.key) : undefined;
  for (const part of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => scalarText(p.key) === String(part));
      if (!pair) break;
      const key = rangeOf(pair.key);
      const value = rangeOf(pair.value);
      span = key && (isScalar(pair.value) && value ? [key[0], value[1]] : [key[0], -1]);
      node = pair.value;
    } else if (isSeq(node) && typeof part === 'number') {
      const item = node.items[part];
      if (!item) break;
      const r = rangeOf(item);
      span = r && (isScalar(item) ? r : [r[0], -1]);
      node = item;
    } else {
      break;
    }
  }
  return span;
}

function rangeOf(n: unknown): [number, number] | undefined {
  const r = (n as Node | undefined)?.range;
  return r ? [r[0], r[1]] : undefined;
}

/**
 * Markers for every field cause of every Invalid error in `output`, placed in `text` (one or
 * more YAML documents). Causes whose object is not in the text are left out.
 */
export function invalidFieldMarkers(text: string, output: string): FieldMarker[] {
  const errors = parseInvalidErrors(output);
  if (errors.length === 0) return [];
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter });
  if (!Array.isArray(docs)) return [];
  const lineEnd = (line: number) => (text.split('\n')[line - 1] ?? '').length + 1;
  const markers: FieldMarker[] = [];
  for (const error of errors) {
    const doc = findDocument(docs, error.kind, error.name);
    if (!doc) continue;
    const causes = error.causes.length > 0 ? error.causes : [{ field: '', message: `${error.kind} "${error.name}" is invalid` }];
    for (const cause of causes) {
      const span = fieldSpan(doc, parseFieldPath(cause.field));
      if (!span) continue;
      const start = lineCounter.linePos(span[0]);
      const end = span[1] < 0 ? { line: start.line, col: lineEnd(start.line) } : lineCounter.linePos(span[1]);
      markers.push({
        startLineNumber: start.line,
        startColumn: start.col,
        endLineNumber: end.line,
        endColumn: end.col,
        message: cause.field ? `${cause.field}: ${cause.message}` : cause.message
      });
    }
  }
  return markers;
}
