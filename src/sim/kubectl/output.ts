/**
 * `-o` for every command: which formats a command accepts, and printing objects as json, yaml,
 * name, jsonpath or custom-columns through the shared printers.
 * upstream: staging/src/k8s.io/cli-runtime/pkg/genericclioptions/print_flags.go (ToPrinter,
 * NoCompatiblePrinterError), jsonpath_flags.go, staging/src/k8s.io/kubectl/pkg/cmd/get/
 * customcolumn_flags.go.
 */
import type { KObject } from '../apiserver/store';
import { apiVersionOf, type ResourceInfo } from '../api/resources';
import { fail, KubectlError, type Invocation } from './command';
import { formatResourceName, printCustomColumns, parseCustomColumnsTemplate, printJSONPath, toKubectlJson, toKubectlYaml, toListObject } from './printers';

/** Formats of commands that print the objects they changed (apply, create, label, scale...). */
export const MUTATION_FORMATS = ['go-template', 'go-template-file', 'json', 'jsonpath', 'jsonpath-as-json', 'jsonpath-file', 'name', 'template', 'templatefile', 'yaml'];
/** Formats of `kubectl get`. */
export const GET_FORMATS = ['custom-columns', 'custom-columns-file', 'go-template', 'go-template-file', 'json', 'jsonpath', 'jsonpath-as-json', 'jsonpath-file', 'name', 'template', 'templatefile', 'wide', 'yaml'];

/** `jsonpath={.a}` -> ['jsonpath', '{.a}']. */
export function splitFormat(format: string): [string, string | undefined] {
  const i = format.indexOf('=');
  return i < 0 ? [format, undefined] : [format.slice(0, i), format.slice(i + 1)];
}

/** upstream: print_flags.go NoCompatiblePrinterError */
export function checkOutputFormat(format: string, allowed: readonly string[]): void {
  if (!format) return;
  const [base] = splitFormat(format);
  if (!allowed.includes(base)) {
    fail(`unable to match a printer suitable for the output format "${format}", allowed formats are: ${allowed.join(',')}`);
  }
}

/** `pod/web created (dry run)`, or `pod/web` with -o name. upstream: printers/name.go */
export function operationLine(r: ResourceInfo, name: string, operation: string, strategy: 'none' | 'client' | 'server', format: string): string {
  const obj = { apiVersion: apiVersionOf(r), kind: r.kind, metadata: { name } };
  if (format === 'name') return formatResourceName(obj) + '\n';
  const suffix = strategy === 'client' ? ' (dry run)' : strategy === 'server' ? ' (server dry run)' : '';
  return formatResourceName(obj, operation + suffix) + '\n';
}

async function templateText(inv: Invocation, kind: string, inline: string | undefined): Promise<string> {
  const template = inline ?? inv.flags.str('template');
  if (!kind.endsWith('-file')) return template;
  if (!template) return '';
  let text: string | undefined;
  try {
    text = inv.ctx.readFile ? await inv.ctx.readFile(template) : undefined;
  } catch {
    text = undefined;
  }
  if (text === undefined) fail(`error reading --template ${template}, open ${template}: no such file or directory`);
  return text;
}

/** Template-backed formats read their file first (jsonpath-file, custom-columns-file). */
export async function resolveTemplate(inv: Invocation): Promise<string | undefined> {
  const [kind, inline] = splitFormat(inv.flags.str('output'));
  if (['jsonpath', 'jsonpath-file', 'custom-columns', 'custom-columns-file'].includes(kind)) return templateText(inv, kind, inline);
  return undefined;
}

/**
 * Prints objects in a non-table format. Several objects (or a list request) print as one
 * `List`; `singleItem` prints the object itself, as kubectl's get does for `TYPE NAME`.
 * jsonpath-file and custom-columns-file templates must be resolved with resolveTemplate first.
 */
export function printObjects(inv: Invocation, objects: KObject[], singleItem: boolean, template?: string, noHeaders = false): string {
  const [kind, inline] = splitFormat(inv.flags.str('output'));
  const subject: unknown = singleItem && objects.length === 1 ? objects[0] : toListObject(objects);
  switch (kind) {
    case 'json':
      return toKubectlJson(subject);
    case 'yaml':
      return toKubectlYaml(subject);
    case 'name':
      return objects.map((o) => formatResourceName(o) + '\n').join('');
    case 'jsonpath':
    case 'jsonpath-file': {
      const text = template ?? inline ?? inv.flags.str('template');
      const r = printJSONPath(text, subject, { allowMissingKeys: inv.flags.bool('allow-missing-template-keys') });
      if (r.error !== undefined) throw new KubectlError(`error: ${r.error}`);
      return r.output;
    }
    case 'custom-columns':
    case 'custom-columns-file': {
      const text = template ?? inline ?? '';
      let spec: Parameters<typeof printCustomColumns>[0] = text;
      if (kind === 'custom-columns-file') {
        try {
          spec = parseCustomColumnsTemplate(text);
        } catch (e) {
          fail((e as Error).message);
        }
      }
      const r = printCustomColumns(spec, objects, { noHeaders });
      if (r.error !== undefined) throw new KubectlError(`error: ${r.error}`);
      return r.output;
    }
    default:
      return fail(`the output format "${kind}" is not supported by this simulator`);
  }
}
