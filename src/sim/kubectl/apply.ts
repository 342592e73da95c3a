/**
 * `kubectl apply -f`: client-side apply. An object that does not exist is created with the
 * `kubectl.kubernetes.io/last-applied-configuration` annotation; one that exists gets a
 * three-way strategic merge patch (last applied, new manifest, live object), or nothing when
 * the patch is empty (`unchanged`).
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/apply/apply.go (applyOneObject),
 * staging/src/k8s.io/kubectl/pkg/cmd/apply/patcher.go, staging/src/k8s.io/kubectl/pkg/util/apply.go
 * (GetModifiedConfiguration, CreateApplyAnnotation).
 */
import { strategicMergePatch } from '../apiserver/patch';
import type { KObject } from '../apiserver/store';
import { groupResource } from '../api/resources';
import { threeWayMergePatch } from './apply-patch';
import {
  AggregateError,
  DRY_RUN_FLAG,
  FIELD_MANAGER_FLAG,
  FILENAME_FLAGS,
  entryOf,
  failStatus,
  type ErrorEntry,
  OUTPUT_FLAGS,
  VALIDATE_FLAG,
  fieldValidation,
  dryRunStrategy,
  fail,
  withSource,
  type CommandSpec,
  type Invocation
} from './command';
import { goJSON } from './printers/gofmt';
import { loadManifests, type ManifestInfo } from './manifest';
import { checkOutputFormat, operationLine, printObjects, MUTATION_FORMATS } from './output';
import { cloneJSON } from '../api/canonical';

export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * The manifest as JSON without the last-applied annotation (annotations present, possibly `{}`),
 * and, with `annotate`, the manifest carrying that JSON as its annotation.
 * upstream: kubectl/pkg/util/apply.go GetModifiedConfiguration
 */
export function modifiedConfiguration(obj: KObject, annotate: boolean): { json: string; object: KObject } {
  const md = obj.metadata ?? {};
  const annotations: Record<string, string> = { ...(md.annotations ?? {}) };
  delete annotations[LAST_APPLIED];
  const bare = { ...obj, metadata: { ...md, annotations } };
  const json = goJSON(bare) + '\n';
  if (!annotate) return { json, object: bare };
  const object = { ...obj, metadata: { ...md, annotations: { ...annotations, [LAST_APPLIED]: json } } };
  return { json, object };
}

/** `resource: "/v1, Resource=pods"` block of kubectl's retrieval error (info.String()). */
export function infoString(info: ManifestInfo): string {
  const r = info.resource;
  return `Resource: "${r.group}/${r.version}, Resource=${r.name}", GroupVersionKind: "${r.group}/${r.version}, Kind=${r.kind}"\nName: "${info.name}", Namespace: "${info.namespace}"`;
}

async function applyOne(inv: Invocation, info: ManifestInfo, strategy: 'none' | 'client' | 'server', results: KObject[]): Promise<void> {
  const { ctx } = inv;
  const r = info.resource;
  const format = inv.flags.str('output');
  const ns = r.namespaced ? info.namespace : undefined;
  if (!info.name) fail(`error when retrieving current configuration of:\n${infoString(info)}\nfrom server for: "${info.source}": resource name may not be empty`);
  const got = await ctx.request({ verb: 'get', resource: r.name, namespace: ns, name: info.name });
  if (!got.ok && got.status.reason !== 'NotFound') {
    failStatus(withSource(`retrieving current configuration of:\n${infoString(info)}\nfrom server for:`, info.source, got.status));
  }
  if (!got.ok) {
    // Create, with the annotation (upstream: util.CreateApplyAnnotation then helper.Create).
    const { json } = modifiedConfiguration(info.obj, false);
    const md = info.obj.metadata ?? {};
    const body: KObject = { ...info.obj, metadata: { ...md, annotations: { ...(md.annotations ?? {}), [LAST_APPLIED]: json } } };
    let created = body;
    if (strategy !== 'client') {
      const res = await ctx.request({ verb: 'create', resource: r.name, namespace: ns, body, dryRun: strategy === 'server' || undefined, fieldValidation: fieldValidation(inv.flags) });
      if (!res.ok) failStatus(withSource('creating', info.source, res.status));
      created = res.object;
    }
    results.push(created);
    if (!format || format === 'name') inv.out.out(operationLine(r, info.name, 'created', strategy, format));
    return;
  }
  const current = got.object;
  const originalText: string | undefined = current.metadata?.annotations?.[LAST_APPLIED];
  if (originalText === undefined) {
    // upstream: apply.go warningNoLastAppliedConfigAnnotation
    inv.out.err(
      `Warning: resource ${groupResource(r)}/${info.name} is missing the ${LAST_APPLIED} annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n`
    );
  }
  let original: KObject | undefined;
  if (originalText) {
    try {
      original = JSON.parse(originalText);
    } catch {
      original = undefined;
    }
  }
  const { object: modified } = modifiedConfiguration(info.obj, true);
  const patch = threeWayMergePatch(original, modified, current);
  if (Object.keys(patch).length === 0) {
    results.push(current);
    if (!format || format === 'name') inv.out.out(operationLine(r, info.name, 'unchanged', strategy, format));
    return;
  }
  let patched: KObject;
  if (strategy === 'client') {
    patched = strategicMergePatch(cloneJSON(current), patch);
  } else {
    const res = await ctx.request({ verb: 'patch', resource: r.name, namespace: ns, name: info.name, body: patch, patchType: 'strategic', dryRun: strategy === 'server' || undefined, fieldValidation: fieldValidation(inv.flags) });
    if (!res.ok) {
      // upstream: patcher.go: `error when applying patch:\n%s\nto:\n%v\nfor: %q: %v`
      failStatus(withSource(`applying patch:\n${JSON.stringify(patch)}\nto:\n${infoString(info)}\nfor:`, info.source, res.status));
    }
    patched = res.object;
  }
  results.push(patched);
  if (!format || format === 'name') inv.out.out(operationLine(r, info.name, 'configured', strategy, format));
}

export const applyCommand: CommandSpec = {
  name: 'apply',
  long: "Apply a configuration to a resource by file name or stdin. The resource name must be specified. This resource will be created if it doesn't exist yet. To use 'apply', always create the resource initially with either 'apply' or 'create --save-config'.",
  short: 'Apply a configuration to a resource by file name or stdin',
  use: 'apply (-f FILENAME | -k DIRECTORY)',
  flags: [
    ...FILENAME_FLAGS,
    ...OUTPUT_FLAGS,
    DRY_RUN_FLAG,
    FIELD_MANAGER_FLAG('kubectl-client-side-apply'),
    VALIDATE_FLAG,
    { name: 'all', type: 'bool' },
    { name: 'cascade', type: 'string', def: 'background', noOpt: 'background' },
    { name: 'force', type: 'bool' },
    { name: 'force-conflicts', type: 'bool' },
    { name: 'grace-period', type: 'int', def: -1 },
    { name: 'openapi-patch', type: 'bool', def: true },
    { name: 'overwrite', type: 'bool', def: true },
    { name: 'prune', type: 'bool' },
    { name: 'prune-allowlist', type: 'stringArray' },
    { name: 'selector', short: 'l', type: 'string' },
    { name: 'server-side', type: 'bool' },
    { name: 'subresource', type: 'string' },
    { name: 'timeout', type: 'duration' },
    { name: 'wait', type: 'bool' }
  ],
  async run(inv) {
    const { flags } = inv;
    const filenames = flags.list('filename');
    if (filenames.length === 0 && !flags.str('kustomize')) fail('must specify one of -f and -k');
    if (flags.str('kustomize')) fail('kustomize is not supported by this simulator');
    if (flags.bool('server-side')) fail('--server-side apply is not supported by this simulator; client-side apply (the default) is');
    if (flags.bool('prune')) fail('--prune is not supported by this simulator');
    const strategy = dryRunStrategy(flags);
    checkOutputFormat(flags.str('output'), MUTATION_FORMATS);
    const validate = !['false', 'ignore'].includes(flags.str('validate'));
    const load = await loadManifests(inv, filenames, { validate });
    const errors: ErrorEntry[] = load.errors.map((message) => ({ message }));
    if (load.infos.length === 0 && errors.length === 0) fail('no objects passed to apply');
    const results: KObject[] = [];
    for (const info of load.infos) {
      try {
        await applyOne(inv, info, strategy, results);
      } catch (e) {
        errors.push(entryOf(e));
      }
    }
    const format = flags.str('output');
    if (format && format !== 'name' && results.length > 0) {
      inv.out.out(printObjects(inv, results, results.length === 1));
    }
    if (errors.length > 0) throw new AggregateError(errors);
  }
};
