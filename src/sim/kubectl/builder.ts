/**
 * Turning `TYPE[,TYPE...] [NAME...]`, `TYPE/NAME ...` or `-f FILE` into the objects a command
 * works on, as cli-runtime's resource.Builder does: aliases (`all`), the resource/name forms and
 * their errors, then GET by name or LIST with selectors.
 * upstream: staging/src/k8s.io/cli-runtime/pkg/resource/builder.go (ResourceTypeOrNameArgs,
 * hasCombinedTypeArgs, splitResourceTypeName, ReplaceAliases), selector.go, helper.go.
 */
import type { KObject } from '../apiserver/store';
import { RESOURCES, resolveResource, type ResourceInfo } from '../api/resources';
import { fail, type ErrorEntry, type Invocation } from './command';
import { loadManifests } from './manifest';

/** What to fetch: one object (name) or a list (no name). */
export interface ResourceRef {
  resource: ResourceInfo;
  name?: string;
  /** For objects named in a manifest: its namespace and source. */
  namespace?: string;
  source?: string;
}

/** Resolves a typed resource (`po`, `deployments.apps`) or fails as kubectl does. */
export function resolveType(typed: string): ResourceInfo {
  const r = resolveResource(typed);
  // upstream: meta.NoResourceMatchError via cmdutil.CheckErr
  if (!r) fail(`the server doesn't have a resource type "${typed.split('.')[0]}"`);
  return r;
}

/** `all` and comma-separated types. upstream: builder.go ReplaceAliases + categories expansion */
export function resolveTypes(arg: string): ResourceInfo[] {
  const out: ResourceInfo[] = [];
  for (const t of arg.split(',')) {
    if (t === '') continue;
    if (t === 'all') {
      for (const r of RESOURCES) if (r.inAll && !out.includes(r)) out.push(r);
      continue;
    }
    const r = resolveType(t);
    if (!out.includes(r)) out.push(r);
  }
  return out;
}

/** upstream: builder.go ResourceTypeOrNameArgs */
export function parseResourceArgs(args: string[]): ResourceRef[] {
  const slashed = args.filter((a) => a.includes('/')).length;
  if (slashed > 0) {
    if (slashed !== args.length) {
      fail("there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'");
    }
    const refs: ResourceRef[] = [];
    for (const a of args) {
      const seg = a.split('/');
      if (seg.length !== 2) fail('arguments in resource/name form may not have more than one slash');
      const [type, name] = seg;
      if (!type || !name || type.split(',').filter((t) => t).length !== 1) fail('arguments in resource/name form must have a single resource and name');
      refs.push({ resource: resolveType(type), name });
    }
    return refs;
  }
  if (args.length === 0) return [];
  const types = resolveTypes(args[0]);
  const names = args.slice(1);
  if (names.length === 0) return types.map((resource) => ({ resource }));
  return types.flatMap((resource) => names.map((name) => ({ resource, name })));
}

/** The objects named in -f manifests (kind + name + namespace). */
export async function refsFromFiles(inv: Invocation, filenames: string[]): Promise<{ refs: ResourceRef[]; errors: ErrorEntry[] }> {
  const load = await loadManifests(inv, filenames, { validate: false });
  return {
    refs: load.infos.map((i) => ({ resource: i.resource, name: i.name, namespace: i.namespace, source: i.source })),
    errors: load.errors.map((message) => ({ message }))
  };
}

/** upstream: builder.go missingResourceError */
export const MISSING_RESOURCE_ERROR =
  "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

/**
 * What a command works on: the objects named in the -f files (their load errors appended to
 * `errors`), else `args` as parseResourceArgs reads them, checked by `checkArgs` (the command's
 * own name/selector rules; `named` when some argument names an object).
 */
export async function refsFromFilesOrArgs(
  inv: Invocation,
  filenames: string[],
  args: string[],
  errors: ErrorEntry[],
  checkArgs: (named: boolean) => void = () => {}
): Promise<ResourceRef[]> {
  if (filenames.length > 0) {
    const r = await refsFromFiles(inv, filenames);
    errors.push(...r.errors);
    return r.refs;
  }
  const refs = parseResourceArgs(args);
  checkArgs(refs.some((r) => r.name !== undefined));
  return refs;
}

export interface FetchOptions {
  labelSelector?: string;
  fieldSelector?: string;
  allNamespaces?: boolean;
}

/** One fetched object with the resource it came from. */
export interface Fetched {
  resource: ResourceInfo;
  object: KObject;
}

/** What one reference yielded: a named object, or a list (possibly empty). */
export interface RefResult {
  ref: ResourceRef;
  objects: KObject[];
  listed: boolean;
}

/**
 * GETs named objects and LISTs the rest, in argument order. NotFound and other API errors are
 * collected (kubectl prints what it found, then the errors).
 */
export async function fetchRefs(inv: Invocation, refs: ResourceRef[], opts: FetchOptions): Promise<{ items: Fetched[]; errors: ErrorEntry[]; results: RefResult[] }> {
  const items: Fetched[] = [];
  const errors: ErrorEntry[] = [];
  const results: RefResult[] = [];
  for (const ref of refs) {
    const r = ref.resource;
    const namespace = r.namespaced ? (ref.namespace ?? (opts.allNamespaces ? undefined : inv.namespace)) : undefined;
    if (ref.name !== undefined) {
      const res = await inv.ctx.request({ verb: 'get', resource: r.name, namespace: namespace ?? inv.namespace, name: ref.name });
      if (res.ok) {
        items.push({ resource: r, object: res.object });
        results.push({ ref, objects: [res.object], listed: false });
      } else errors.push({ status: res.status });
      continue;
    }
    const res = await inv.ctx.request({ verb: 'list', resource: r.name, namespace, labelSelector: opts.labelSelector || undefined, fieldSelector: opts.fieldSelector || undefined });
    if (!res.ok) {
      errors.push({ status: res.status });
      continue;
    }
    for (const o of res.object.items) items.push({ resource: r, object: o });
    results.push({ ref, objects: res.object.items, listed: true });
  }
  return { items, errors, results };
}
