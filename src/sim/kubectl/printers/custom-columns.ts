// `kubectl get -o custom-columns=HEADER:jsonpath,...`
// Source: staging/src/k8s.io/kubectl/pkg/cmd/get/customcolumn.go
// (RelaxedJSONPathExpression, NewCustomColumnsPrinterFromSpec, printOneObject).

import { goSprint } from './gofmt';
import { findJSONPathResults, JSONPathError } from './jsonpath';
import { formatKubectlTable } from './tabwriter';
import { escapeTerminal } from './util';

export interface CustomColumn {
  header: string;
  fieldSpec: string;
}

const JSON_REGEXP = /^\{\.?([^{}]+)\}$|^\.?([^{}]+)$/;

/**
 * RelaxedJSONPathExpression: accepts metadata.name, {metadata.name}, .metadata.name and
 * {.metadata.name}; returns {.metadata.name}. Throws with upstream wording otherwise.
 */
export function relaxedJSONPathExpression(pathExpression: string): string {
  if (pathExpression.length === 0) return pathExpression;
  const m = JSON_REGEXP.exec(pathExpression);
  if (!m) {
    throw new Error(
      "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'",
    );
  }
  const fieldSpec = m[1] && m[1].length !== 0 ? m[1] : m[2]!;
  return `{.${fieldSpec}}`;
}

/** NewCustomColumnsPrinterFromSpec: parses "NAME:.metadata.name,NODE:.spec.nodeName". */
export function parseCustomColumnsSpec(spec: string): CustomColumn[] {
  if (spec.length === 0) throw new Error('custom-columns format specified but no custom columns given');
  return spec.split(',').map((part) => {
    const idx = part.indexOf(':');
    if (idx < 0) throw new Error(`unexpected custom-columns spec: ${part}, expected <header>:<json-path-expr>`);
    return { header: part.slice(0, idx), fieldSpec: relaxedJSONPathExpression(part.slice(idx + 1)) };
  });
}

/** NewCustomColumnsPrinterFromTemplate: header line + spec line, whitespace separated. */
export function parseCustomColumnsTemplate(template: string): CustomColumn[] {
  const lines = template.split('\n');
  const invalid = (what: string) =>
    new Error(`invalid template, missing ${what} line. Expected format is one line of space separated headers, one line of space separated column specs.`);
  if (lines.length < 1 || lines[0] === undefined) throw invalid('header');
  const headers = lines[0].split(/\s+/).filter((s) => s.length > 0);
  if (lines.length < 2) throw invalid('spec');
  const specs = lines[1]!.split(/\s+/).filter((s) => s.length > 0);
  if (headers.length !== specs.length) {
    throw new Error(`number of headers (${headers.length}) and field specifications (${specs.length}) don't match`);
  }
  return headers.map((h, i) => ({ header: h, fieldSpec: relaxedJSONPathExpression(specs[i]!) }));
}

export interface CustomColumnsResult {
  output: string;
  /** error text as printed after "error: " */
  error?: string;
}

/**
 * Prints objects with custom columns (one row per object; pass the list items). Missing values
 * print "<none>", several values are joined with ",", values are formatted with fmt.Sprint
 * (maps print as map[k:v]).
 */
export function printCustomColumns(spec: string | CustomColumn[], objects: unknown[], opts: { noHeaders?: boolean } = {}): CustomColumnsResult {
  let columns: CustomColumn[];
  try {
    columns = typeof spec === 'string' ? parseCustomColumnsSpec(spec) : spec;
  } catch (e) {
    return { output: '', error: `${(e as Error).message}\n` };
  }
  let text = '';
  if (!opts.noHeaders) text += columns.map((c) => c.header).join('\t') + '\n';
  for (const obj of objects) {
    const cells: string[] = [];
    for (const c of columns) {
      let values: unknown[][];
      try {
        values = findJSONPathResults(c.fieldSpec, obj, true);
      } catch (e) {
        if (e instanceof JSONPathError) return { output: formatKubectlTable(text), error: `${e.message}\n` };
        throw e;
      }
      const strs: string[] = [];
      if (values.length === 0 || values[0]!.length === 0) strs.push('<none>');
      for (const arr of values) for (const v of arr) strs.push(escapeTerminal(goSprint(v)));
      cells.push(strs.join(','));
    }
    text += cells.join('\t') + '\n';
  }
  return { output: formatKubectlTable(text) };
}
