/**
 * `kubectl wait --for=condition=Ready pod/web`, `--for=delete`, `--for=jsonpath='{.status.phase}'=Running`,
 * `--for=create`: waits (virtual time runs) until each named or selected object meets the
 * condition, one after the other, each with its own --timeout (30 s by default), and prints
 * `pod/web condition met`.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/wait/wait.go (conditionFuncFor, RunWait,
 * extendErrWaitTimeout), condition.go (ConditionalWait.checkCondition: names and values compared
 * case-insensitively), json.go (JSONPathWait, processJSONPathInput), delete.go, create.go.
 */
import { AggregateError, fail, FILENAME_FLAGS, type CommandSpec, type ErrorEntry } from './command';
import { fetchRefs, MISSING_RESOURCE_ERROR, refsFromFilesOrArgs } from './builder';
import { findJSONPathResults } from './printers/jsonpath';
import { relaxedJSONPathExpression } from './printers/custom-columns';
import { parseDuration } from '../kernel/clock';
import type { KObject } from '../apiserver/store';
import type { ResourceInfo } from '../api/resources';

/** `--timeout` below zero waits a week (wait.go Complete). */
const A_WEEK_MS = 7 * 24 * 3600_000;

type Check = { kind: 'delete' } | { kind: 'create' } | { kind: 'condition'; name: string; value: string } | { kind: 'jsonpath'; path: string; value?: string };

/** upstream: wait.go conditionFuncFor. */
function parseFor(forCondition: string): Check {
  const lower = forCondition.toLowerCase();
  if (lower === 'delete') return { kind: 'delete' };
  if (lower === 'create') return { kind: 'create' };
  if (forCondition.startsWith('condition=')) {
    const rest = forCondition.slice('condition='.length);
    const eq = rest.indexOf('=');
    return eq >= 0 ? { kind: 'condition', name: rest.slice(0, eq), value: rest.slice(eq + 1) } : { kind: 'condition', name: rest, value: 'true' };
  }
  if (forCondition.startsWith('jsonpath=')) {
    // json.go processJSONPathInput: EXPRESSION[=VALUE]; the value is optional since v1.31.
    const input = forCondition.slice('jsonpath='.length);
    const close = input.lastIndexOf('}');
    const eq = input.indexOf('=', close + 1);
    const expr = eq >= 0 ? input.slice(0, eq) : input;
    if (expr === '') fail('jsonpath expression cannot be empty');
    let path: string;
    try {
      path = relaxedJSONPathExpression(expr);
    } catch (e) {
      fail((e as Error).message);
    }
    if (eq < 0) return { kind: 'jsonpath', path };
    const value = input.slice(eq + 1);
    if (value === '') fail('jsonpath wait has to have a value after equal sign');
    return { kind: 'jsonpath', path, value };
  }
  fail(`unrecognized condition: ${JSON.stringify(forCondition)}`);
}

/** condition.go checkCondition. */
function conditionMet(obj: KObject, name: string, value: string): boolean {
  for (const c of obj.status?.conditions ?? []) {
    if (typeof c?.type !== 'string' || c.type.toLowerCase() !== name.toLowerCase()) continue;
    if (typeof c.status !== 'string') continue;
    return c.status.toLowerCase() === value.toLowerCase();
  }
  return false;
}

/** json.go JSONPathWait.checkCondition: one value, compared as text; with no value, any result. */
function jsonPathMet(obj: KObject, path: string, value: string | undefined): boolean {
  let results: unknown[][];
  try {
    results = findJSONPathResults(path, obj, true);
  } catch {
    return false;
  }
  const found = results.flat();
  if (value === undefined) return found.some((v) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0));
  if (found.length !== 1) {
    if (found.length > 1) fail('given jsonpath expression matches more than one value');
    return false;
  }
  const v = found[0];
  if (v !== null && typeof v === 'object') fail('jsonpath leads to a nested object or list which is not supported');
  return String(v) === value;
}

function displayName(r: ResourceInfo, name: string): string {
  return `${r.group ? `${r.singular}.${r.group}` : r.singular}/${name}`;
}

export const waitCommand: CommandSpec = {
  name: 'wait',
  long: 'Experimental: Wait for a specific condition on one or many resources.',
  short: 'Experimental: Wait for a specific condition on one or many resources',
  use: "wait ([-f FILENAME] | resource.group/resource.name | resource.group [(-l label | --all)]) [--for=create|--for=delete|--for condition=available|--for=jsonpath='{}'[=value]]",
  flags: [
    ...FILENAME_FLAGS,
    { name: 'all', type: 'bool' },
    { name: 'all-namespaces', short: 'A', type: 'bool' },
    { name: 'field-selector', type: 'string' },
    { name: 'for', type: 'string' },
    { name: 'local', type: 'bool' },
    { name: 'output', short: 'o', type: 'string' },
    { name: 'selector', short: 'l', type: 'string' },
    { name: 'timeout', type: 'string', def: '30s' }
  ],
  async run(inv) {
    const { flags, out, ctx } = inv;
    const forCondition = flags.str('for');
    if (forCondition === '') fail('--for must be specified');
    const check = parseFor(forCondition);
    let timeoutMs: number;
    try {
      timeoutMs = parseDuration(flags.str('timeout'));
    } catch (e) {
      fail(`invalid argument "${flags.str('timeout')}" for "--timeout" flag: ${(e as Error).message}`);
    }
    if (timeoutMs < 0) timeoutMs = A_WEEK_MS;
    const format = flags.str('output');
    if (format !== '' && format !== 'name') fail(`unable to match a printer suitable for the output format "${format}", allowed formats are: name`);
    const filenames = flags.list('filename');
    const selector = flags.str('selector');
    const fieldSelector = flags.str('field-selector');
    const all = flags.bool('all');
    if (filenames.length === 0 && inv.args.length === 0) fail(MISSING_RESOURCE_ERROR);
    const errors: ErrorEntry[] = [];
    const refs = await refsFromFilesOrArgs(inv, filenames, inv.args, errors, (named) => {
      if (named && (selector || fieldSelector || all)) fail('name cannot be provided when a selector is specified');
      if (!named && !selector && !fieldSelector && !all) fail('resource(s) were provided, but no name was specified');
    });

    // --for=create: each named object, waited for until it exists (create.go).
    if (check.kind === 'create') {
      for (const ref of refs) {
        if (ref.name === undefined) continue;
        const namespace = ref.resource.namespaced ? (ref.namespace ?? inv.namespace) : undefined;
        const get = async () => (await ctx.request({ verb: 'get', resource: ref.resource.name, namespace, name: ref.name })).ok;
        if (!(await ctx.waitFor(get, timeoutMs))) fail(`timed out waiting for the condition on ${ref.resource.name}/${ref.name}`);
        out.out(`${displayName(ref.resource, ref.name)} condition met\n`);
      }
      return;
    }

    const fetched = await fetchRefs(inv, refs, { labelSelector: selector, fieldSelector, allNamespaces: flags.bool('all-namespaces') });
    // --for=delete: an object already gone is done (wait.go RunWait ignores NotFound for delete).
    for (const e of fetched.errors) if (!(check.kind === 'delete' && 'status' in e && e.status.code === 404)) errors.push(e);
    if (errors.length > 0 && fetched.items.length === 0) throw new AggregateError(errors);
    if (fetched.items.length === 0 && check.kind !== 'delete') fail('no matching resources found');

    for (const { resource: r, object } of fetched.items) {
      const md = object.metadata;
      const namespace = r.namespaced ? md.namespace : undefined;
      let current: KObject | undefined = object;
      const met = (o: KObject | undefined): boolean => {
        if (check.kind === 'delete') return o === undefined || o.metadata.uid !== md.uid;
        if (!o) return false;
        return check.kind === 'condition' ? conditionMet(o, check.name, check.value) : jsonPathMet(o, check.path, check.value);
      };
      const done = async () => {
        const res = await ctx.request({ verb: 'get', resource: r.name, namespace, name: md.name });
        current = res.ok ? res.object : undefined;
        return met(current);
      };
      if (!(await ctx.waitFor(done, timeoutMs))) {
        errors.push({ message: `timed out waiting for the condition on ${r.name}/${md.name}` });
        throw new AggregateError(errors);
      }
      out.out(format === 'name' ? `${displayName(r, md.name)}\n` : `${displayName(r, md.name)} condition met\n`);
    }
    if (errors.length > 0) throw new AggregateError(errors);
  }
};
