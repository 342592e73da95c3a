/**
 * `kubectl get`: tables (one per resource type, kind-prefixed when several types were asked
 * for), `-o json|yaml|name|jsonpath|custom-columns` (one object, or a `List`), --sort-by, and
 * `-w` streaming through the console.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/get/get.go (Complete, Validate, Run, watch,
 * printGeneric), sorter.go (TableSorter, isLess).
 */
import type { KObject } from '../apiserver/store';
import type { ResourceInfo } from '../api/resources';
import { AggregateError, epochNow, fail, failStatus, KubectlError, usageError, type CommandSpec, type ErrorEntry, type Invocation } from './command';
import { fetchRefs, refsFromFilesOrArgs, type RefResult, type ResourceRef } from './builder';
import { checkOutputFormat, GET_FORMATS, printObjects, resolveTemplate, splitFormat } from './output';
import { findJSONPathResults, printNoResources, printTable, printTables, relaxedJSONPathExpression } from './printers';
import { goSort } from './printers/gosort';
import { parseDuration } from '../kernel/clock';
import { nodeProxy, parseNodeProxyPath } from '../kubelet/server/proxy';
import { dialOf } from './logs';

/** One resource type's objects, in the order printed. */
interface Group {
  resource: ResourceInfo;
  objects: KObject[];
  /** Came from a LIST (an empty list still counts as a requested type). */
  listed: boolean;
}

/** sortorder.NaturalLess: digit runs compare as numbers. upstream: github.com/fvbommel/sortorder */
export function naturalLess(a: string, b: string): boolean {
  let i = 0;
  let j = 0;
  const isDigit = (c: string) => c >= '0' && c <= '9';
  while (i < a.length && j < b.length) {
    const ca = a[i];
    const cb = b[j];
    if (isDigit(ca) && isDigit(cb)) {
      let si = i;
      while (si < a.length && a[si] === '0') si++;
      let sj = j;
      while (sj < b.length && b[sj] === '0') sj++;
      let ei = si;
      while (ei < a.length && isDigit(a[ei])) ei++;
      let ej = sj;
      while (ej < b.length && isDigit(b[ej])) ej++;
      const na = a.slice(si, ei);
      const nb = b.slice(sj, ej);
      if (na.length !== nb.length) return na.length < nb.length;
      if (na !== nb) return na < nb;
      // Equal values: fewer leading zeros first.
      if (si - i !== sj - j) return si - i < sj - j;
      i = ei;
      j = ej;
      continue;
    }
    if (ca !== cb) return ca < cb;
    i++;
    j++;
  }
  return a.length - i < b.length - j;
}

/** upstream: sorter.go isLess for JSON values. */
function isLess(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') return naturalLess(a, b);
  if (typeof a === 'number' && typeof b === 'number') return a < b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return !a && b;
  if (a === null || a === undefined) return b !== null && b !== undefined;
  if (b === null || b === undefined) return false;
  return String(a) < String(b);
}

/** Sorts one list by a jsonpath (TableSorter: stable, empty values first). */
export function sortByField(objects: KObject[], sortBy: string): KObject[] {
  let field: string;
  try {
    field = relaxedJSONPathExpression(sortBy);
  } catch {
    field = sortBy;
  }
  let values: unknown[][][];
  try {
    values = objects.map((o) => findJSONPathResults(field, o, true));
  } catch (e) {
    return fail(`sorting error: ${(e as Error).message}`);
  }
  if (objects.length > 0 && !values.some((v) => v.length > 0 && v[0].length > 0)) {
    fail(`couldn't find any field with path: ${field} in the list of objects`);
  }
  const indexed = objects.map((o, i) => ({ o, v: values[i] }));
  const first = (v: unknown[][]) => (v.length === 0 || v[0].length === 0 ? undefined : { value: v[0][0] });
  const sorted = goSort(indexed, (x, y) => {
    const a = first(x.v);
    const b = first(y.v);
    if (!a) return true;
    if (!b) return false;
    return isLess(a.value, b.value);
  });
  return sorted.map((x) => x.o);
}

/** One table per LIST (even empty); consecutive named objects of one type share a table. */
function groupsOf(results: RefResult[]): Group[] {
  const groups: Group[] = [];
  for (const res of results) {
    const last = groups[groups.length - 1];
    if (!res.listed && last && !last.listed && last.resource === res.ref.resource) last.objects.push(...res.objects);
    else groups.push({ resource: res.ref.resource, objects: [...res.objects], listed: res.listed });
  }
  return groups;
}

export const getCommand: CommandSpec = {
  name: 'get',
  long: 'Display one or many resources.',
  short: 'Display one or many resources',
  use: 'get [(-o|--output=)json|yaml|name|go-template|go-template-file|template|templatefile|jsonpath|jsonpath-as-json|jsonpath-file|custom-columns|custom-columns-file|wide] (TYPE[.VERSION][.GROUP] [NAME | -l label] | TYPE[.VERSION][.GROUP]/NAME ...) [flags]',
  flags: [
    { name: 'all-namespaces', short: 'A', type: 'bool' },
    { name: 'allow-missing-template-keys', type: 'bool', def: true },
    { name: 'chunk-size', type: 'int', def: 500 },
    { name: 'field-selector', type: 'string' },
    { name: 'filename', short: 'f', type: 'stringSlice' },
    { name: 'ignore-not-found', type: 'bool' },
    { name: 'kustomize', short: 'k', type: 'string' },
    { name: 'label-columns', short: 'L', type: 'stringSlice' },
    { name: 'no-headers', type: 'bool' },
    { name: 'output', short: 'o', type: 'string' },
    { name: 'output-watch-events', type: 'bool' },
    { name: 'raw', type: 'string' },
    { name: 'recursive', short: 'R', type: 'bool' },
    { name: 'selector', short: 'l', type: 'string' },
    { name: 'server-print', type: 'bool', def: true },
    { name: 'show-kind', type: 'bool' },
    { name: 'show-labels', type: 'bool' },
    { name: 'show-managed-fields', type: 'bool' },
    { name: 'sort-by', type: 'string' },
    { name: 'subresource', type: 'string' },
    { name: 'template', type: 'string' },
    { name: 'watch', short: 'w', type: 'bool' },
    { name: 'watch-only', type: 'bool' }
  ],
  async run(inv) {
    const { flags, out } = inv;
    const format = flags.str('output');
    checkOutputFormat(format, GET_FORMATS);
    const [formatKind] = splitFormat(format);
    const human = format === '' || format === 'wide';
    const watch = flags.bool('watch') || flags.bool('watch-only');
    const sortBy = flags.str('sort-by');
    const filenames = flags.list('filename');
    if (flags.str('raw')) return rawGet(inv, flags.str('raw'));
    // upstream: get.go Complete
    if (watch) {
      if (sortBy) out.err('warning: --watch or --watch-only requested, --sort-by will be ignored\n');
    } else if (inv.args.length === 0 && filenames.length === 0) {
      out.err('You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.\n\n');
      usageError(inv.path, 'Required resource not specified.\nUse "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).');
    }
    // upstream: get.go Validate
    if (flags.bool('show-labels') && !human) fail(`--show-labels option cannot be used with ${format} printer`);
    if (flags.bool('output-watch-events') && !watch) usageError(inv.path, '--output-watch-events option can only be used with --watch or --watch-only');

    const allNamespaces = flags.bool('all-namespaces');
    const selector = flags.str('selector');
    const fieldSelector = flags.str('field-selector');
    const errors: ErrorEntry[] = [];
    const refs = await refsFromFilesOrArgs(inv, filenames, inv.args, errors, (named) => {
      if (named && (selector || fieldSelector)) fail('name cannot be provided when a selector is specified');
      if (named && allNamespaces) fail('a resource cannot be retrieved by name across all namespaces');
    });
    const template = await resolveTemplate(inv);
    if (watch) return runWatch(inv, refs, { human, template });

    const ignoreNotFound = flags.bool('ignore-not-found');
    const fetched = await fetchRefs(inv, refs, { labelSelector: selector, fieldSelector, allNamespaces });
    for (const e of fetched.errors) {
      if (ignoreNotFound && 'status' in e && e.status.reason === 'NotFound') continue;
      errors.push(e);
    }
    let groups = groupsOf(fetched.results);
    if (sortBy) groups = groups.map((g) => ({ ...g, objects: sortByField(g.objects, sortBy) }));

    if (!human) {
      // upstream: get.go printGeneric
      const singleItemImplied = filenames.length === 0 ? refs.length === 1 && refs[0].name !== undefined : refs.length === 1;
      const objects = groups.flatMap((g) => g.objects);
      if (errors.length > 0 && singleItemImplied) throw new AggregateError(errors);
      if (!(objects.length === 0 && ignoreNotFound)) {
        out.out(printObjects(inv, objects, singleItemImplied, template, flags.bool('no-headers')));
      }
      if (errors.length > 0) throw new AggregateError(errors);
      return;
    }

    // upstream: get.go Run (human-readable): one table per type; kind prefixes when several types.
    const printWithKind = flags.bool('show-kind') || new Set(groups.map((g) => g.resource)).size > 1;
    const text = printTables(
      groups.map((g) => ({ resource: g.resource.name, objects: g.objects })),
      {
        now: epochNow(inv.ctx),
        wide: formatKind === 'wide',
        showLabels: flags.bool('show-labels'),
        withNamespace: allNamespaces,
        noHeaders: flags.bool('no-headers'),
        showKind: printWithKind,
        labelColumns: flags.list('label-columns')
      }
    );
    out.out(text);
    if (text.length === 0 && !ignoreNotFound && errors.length === 0) {
      const allNamespaced = !allNamespaces && groups.every((g) => g.resource.namespaced);
      out.err(printNoResources(allNamespaced ? inv.namespace : undefined));
    }
    if (errors.length > 0) throw new AggregateError(errors);
  }
};

/**
 * `get -w`: prints the current state, then every change as it comes, through the console's
 * stream. Returns once the watch is open; with --request-timeout it runs that long, then stops.
 * upstream: get.go watch
 */
async function runWatch(inv: Invocation, refs: ResourceRef[], opts: { human: boolean; template?: string }): Promise<void> {
  const { ctx, flags, out } = inv;
  if (!ctx.watch) fail('--watch is not supported here');
  const types = new Set(refs.map((r) => r.resource));
  if (types.size !== 1) fail('watch is only supported on individual resources and resource collections - more than 1 resource was found');
  if (refs.length > 1) fail('watch is only supported on individual resources and resource collections - more than 1 resource was found');
  const ref = refs[0];
  const r = ref.resource;
  const allNamespaces = flags.bool('all-namespaces');
  const namespace = r.namespaced ? (ref.namespace ?? (allNamespaces ? undefined : inv.namespace)) : undefined;
  const selector = flags.str('selector') || undefined;
  let fieldSelector = flags.str('field-selector') || undefined;
  let initial: KObject[];
  let rv: string;
  if (ref.name !== undefined) {
    const res = await ctx.request({ verb: 'get', resource: r.name, namespace: namespace ?? inv.namespace, name: ref.name });
    if (!res.ok) return failStatus(res.status);
    initial = [res.object];
    rv = '0';
    fieldSelector = `metadata.name=${ref.name}`;
  } else {
    const res = await ctx.request({ verb: 'list', resource: r.name, namespace, labelSelector: selector, fieldSelector });
    if (!res.ok) return failStatus(res.status);
    initial = res.object.items;
    rv = res.object.metadata?.resourceVersion ?? '0';
  }
  const tableOpts = {
    now: epochNow(ctx),
    wide: flags.str('output') === 'wide',
    showLabels: flags.bool('show-labels'),
    withNamespace: allNamespaces,
    labelColumns: flags.list('label-columns')
  };
  // kubectl's tab writer remembers column widths across flushes (liggitt/tabwriter
  // RememberWidths), so later rows line up with what was printed before: render each new row
  // in a table with the rows already printed and keep its last line.
  const noHeaders = flags.bool('no-headers');
  let headerPrinted = false;
  const shown = new Map<string, KObject>();
  const render = (objs: KObject[]): string => {
    if (!opts.human) return objs.map((o) => printObjects(inv, [o], true, opts.template)).join('');
    const before = [...shown.values()];
    const all = [...before, ...objs];
    const text = printTable(r.name, all, { ...tableOpts, now: epochNow(ctx), noHeaders: noHeaders || !(headerPrinted || before.length === 0) });
    const lines = text.split('\n').slice(0, -1);
    const keep = objs.length + (!noHeaders && !headerPrinted ? 1 : 0);
    headerPrinted = headerPrinted || !noHeaders;
    for (const o of objs) shown.set(o.metadata.uid, o);
    return lines.slice(lines.length - keep).join('\n') + '\n';
  };
  if (!flags.bool('watch-only') && initial.length > 0) out.out(render(initial));
  // A watch on one object starts with a synthetic ADDED that kubectl does not print.
  let skipFirst = ref.name !== undefined;
  const handle = ctx.watch(
    { verb: 'watch', resource: r.name, namespace, labelSelector: selector, fieldSelector, resourceVersion: rv },
    (e) => {
      if (e.type === 'BOOKMARK' || e.type === 'ERROR') return;
      if (skipFirst) {
        skipFirst = false;
        return;
      }
      ctx.print?.(render([e.object]));
    },
    (s) => ctx.print?.(`error: ${s.message}\n`)
  );
  const ms = requestTimeoutMs(flags.str('request-timeout'));
  if (ms > 0) {
    await ctx.waitFor(async () => false, ms);
    handle.stop();
  }
}

/**
 * `get --raw PATH`: the body of a GET on the API server, printed as is. kubarium answers the node
 * proxy (`/api/v1/nodes/NODE/proxy/...`, relayed to the node's kubelet) and the API server's own
 * health checks. upstream: get.go Validate (--raw), cmd/util/rawhttp (RawGet).
 */
async function rawGet(inv: Invocation, raw: string): Promise<void> {
  const { flags, out, ctx } = inv;
  if (inv.args.length > 0 || flags.list('filename').length > 0) fail('arguments may not be passed when --raw is specified');
  if (flags.str('output')) fail('--raw and --output are mutually exclusive');
  if (!raw.startsWith('/')) fail(`--raw must be a valid URL path: parse ${JSON.stringify(raw)}: invalid URI for request`);
  const path = raw.split('?')[0];
  if (path === '/healthz' || path === '/livez' || path === '/readyz') return out.out('ok');
  const proxied = parseNodeProxyPath(raw);
  if (!proxied) return fail(`--raw ${path}: this simulator answers only /api/v1/nodes/NODE/proxy/... and /healthz, /livez, /readyz`);
  const node = await ctx.request({ verb: 'get', resource: 'nodes', name: proxied.node, subresource: 'proxy' });
  if (!node.ok) return failStatus(node.status);
  const r = await nodeProxy(dialOf(inv), proxied.node, proxied.path);
  if (!r.ok) throw new KubectlError(r.error);
  out.out(r.value);
}

/** --request-timeout: a bare number is seconds; else a Go duration. */
function requestTimeoutMs(s: string): number {
  if (/^\d+$/.test(s)) return Number(s) * 1000;
  try {
    return parseDuration(s);
  } catch {
    return fail('Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)');
  }
}
