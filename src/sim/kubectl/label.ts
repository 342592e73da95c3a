/**
 * `kubectl label` and `kubectl annotate`: KEY=VALUE and KEY- changes sent as a JSON merge patch
 * (an empty `{}` patch is sent too, as kubectl does), reported as labeled / unlabeled /
 * not labeled, annotated.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/label/label.go,
 * staging/src/k8s.io/kubectl/pkg/cmd/annotate/annotate.go,
 * staging/src/k8s.io/kubectl/pkg/cmd/util/helpers.go (GetResourcesAndPairs).
 */
import type { KObject } from '../apiserver/store';
import { isValidLabelValue } from '../api/validation/names';
import { AggregateError, DRY_RUN_FLAG, FIELD_MANAGER_FLAG, FILENAME_FLAGS, OUTPUT_FLAGS, dryRunStrategy, entryOf, fail, type CommandSpec, type ErrorEntry, type Invocation } from './command';
import { fetchRefs, refsFromFilesOrArgs } from './builder';
import { checkOutputFormat, MUTATION_FORMATS, operationLine, printObjects } from './output';
import { goJSON } from './printers/gofmt';

/** upstream: helpers.go GetResourcesAndPairs */
function resourcesAndPairs(args: string[], pairType: string): { resources: string[]; pairs: string[] } {
  const resources: string[] = [];
  const pairs: string[] = [];
  let foundPair = false;
  for (const s of args) {
    const nonResource = (s.includes('=') && s[0] !== '=') || (s.endsWith('-') && s !== '-');
    if (nonResource) {
      foundPair = true;
      pairs.push(s);
    } else if (foundPair) {
      fail(`all resources must be specified before ${pairType} changes: ${s}`);
    } else resources.push(s);
  }
  return { resources, pairs };
}

type Kind = 'label' | 'annotate';

function parsePairs(kind: Kind, specs: string[]): { set: Map<string, string>; remove: string[] } {
  const set = new Map<string, string>();
  const remove: string[] = [];
  for (const spec of specs) {
    if (spec.includes('=')) {
      if (kind === 'label') {
        // upstream: label.go parseLabels
        const parts = spec.split('=');
        if (parts.length !== 2) fail(`invalid label spec: ${spec}`);
        const errs = isValidLabelValue(parts[1]);
        if (errs.length > 0) fail(`invalid label value: "${spec}": ${errs.join(';')}`);
        set.set(parts[0], parts[1]);
      } else {
        // upstream: annotate.go parseAnnotations (SplitN 2)
        const i = spec.indexOf('=');
        if (i === 0) fail(`invalid annotation format: ${spec}`);
        set.set(spec.slice(0, i), spec.slice(i + 1));
      }
    } else if (spec.endsWith('-')) remove.push(spec.slice(0, -1));
    else fail(`unknown ${kind === 'label' ? 'label' : 'annotation'} spec: ${spec}`);
  }
  for (const r of remove) {
    if (set.has(r)) fail(kind === 'label' ? 'can not both modify and remove a label in the same command' : `can not both modify and remove the following annotation(s) in the same command: ${r}`);
  }
  return { set, remove };
}

/** Applies the changes to a copy of the object's labels/annotations; throws the overwrite error. */
function change(kind: Kind, obj: KObject, set: Map<string, string>, remove: string[], overwrite: boolean): KObject {
  const field = kind === 'label' ? 'labels' : 'annotations';
  const current: Record<string, string> = obj.metadata?.[field] ?? {};
  if (!overwrite) {
    const conflicts = [...set].filter(([k, v]) => k in current && current[k] !== v);
    if (conflicts.length > 0) {
      if (kind === 'label') {
        // upstream: label.go validateNoOverwrites (an Aggregate)
        const msgs = conflicts.map(([k]) => `'${k}' already has a value (${current[k]}), and --overwrite is false`);
        fail(msgs.length === 1 ? msgs[0] : `[${msgs.join(', ')}]`);
      }
      // upstream: annotate.go validateNoAnnotationOverwrites
      fail(`--overwrite is false but found the following declared annotation(s): ${conflicts.map(([k]) => `'${k}' already has a value (${current[k]})`).join('; ')}`);
    }
  }
  const next: Record<string, string> = { ...current };
  for (const [k, v] of set) next[k] = v;
  for (const k of remove) delete next[k];
  return { ...obj, metadata: { ...obj.metadata, [field]: next } };
}

/** JSON merge patch of metadata.labels/annotations between two objects. */
function mergePatch(kind: Kind, before: KObject, after: KObject, resourceVersion: string): KObject {
  const field = kind === 'label' ? 'labels' : 'annotations';
  const a: Record<string, string> = before.metadata?.[field] ?? {};
  const b: Record<string, string> = after.metadata?.[field] ?? {};
  const diff: Record<string, string | null> = {};
  for (const k of Object.keys(b)) if (a[k] !== b[k]) diff[k] = b[k];
  for (const k of Object.keys(a)) if (!(k in b)) diff[k] = null;
  const md: KObject = {};
  if (Object.keys(diff).length > 0) md[field] = diff;
  if (resourceVersion) md.resourceVersion = resourceVersion;
  return Object.keys(md).length > 0 ? { metadata: md } : {};
}

function makeCommand(kind: Kind): CommandSpec {
  const isLabel = kind === 'label';
  return {
    name: kind,
    long: isLabel ? 'Update the labels on a resource.' : 'Update the annotations on one or more resources.',
    short: isLabel ? 'Update the labels on a resource' : 'Update the annotations on a resource',
    use: `${kind} [--overwrite] (-f FILENAME | TYPE NAME) KEY_1=VAL_1 ... KEY_N=VAL_N [--resource-version=version]`,
    flags: [
      ...FILENAME_FLAGS,
      ...OUTPUT_FLAGS,
      DRY_RUN_FLAG,
      FIELD_MANAGER_FLAG(`kubectl-${kind}`),
      { name: 'all', type: 'bool' },
      { name: 'all-namespaces', short: 'A', type: 'bool' },
      { name: 'field-selector', type: 'string' },
      { name: 'list', type: 'bool' },
      { name: 'local', type: 'bool' },
      { name: 'overwrite', type: 'bool' },
      { name: 'resource-version', type: 'string' },
      { name: 'selector', short: 'l', type: 'string' }
    ],
    async run(inv) {
      await runChange(kind, inv);
    }
  };
}

async function runChange(kind: Kind, inv: Invocation): Promise<void> {
  const { flags, out, ctx } = inv;
  const strategy = dryRunStrategy(flags);
  const format = flags.str('output');
  checkOutputFormat(format, MUTATION_FORMATS);
  const { resources, pairs } = resourcesAndPairs(inv.args, kind);
  const { set, remove } = parsePairs(kind, pairs);
  const list = flags.bool('list');
  if (list && format) fail('--list and --output may not be specified together');
  const all = flags.bool('all');
  const selector = flags.str('selector');
  const fieldSelector = flags.str('field-selector');
  if (all && selector) fail('cannot set --all and --selector at the same time');
  if (all && fieldSelector) fail('cannot set --all and --field-selector at the same time');
  const filenames = flags.list('filename');
  if (flags.bool('local')) fail('--local is not supported by this simulator');
  if (resources.length < 1 && filenames.length === 0) fail('one or more resources must be specified as <resource> <name> or <resource>/<name>');
  if (set.size < 1 && remove.length < 1 && !list) fail(`at least one ${isLabelWord(kind)} update is required`);

  const errors: ErrorEntry[] = [];
  const refs = await refsFromFilesOrArgs(inv, filenames, resources, errors, (named) => {
    if (named && (selector || fieldSelector)) fail('name cannot be provided when a selector is specified');
    if (!named && !selector && !fieldSelector && !all) fail('resource(s) were provided, but no name was specified');
  });
  const single = refs.length === 1 && refs[0].name !== undefined;
  const resourceVersion = flags.str('resource-version');
  if (!single && resourceVersion) fail('--resource-version may only be used with a single resource');

  const fetched = await fetchRefs(inv, refs, { labelSelector: selector, fieldSelector, allNamespaces: flags.bool('all-namespaces') });
  errors.push(...fetched.errors);
  const printed: KObject[] = [];
  for (const { resource: r, object } of fetched.items) {
    try {
      const field = kind === 'label' ? 'labels' : 'annotations';
      if (list) {
        const values: Record<string, string> = object.metadata?.[field] ?? {};
        const indent = single ? '' : ' ';
        if (!single) out.out(`Listing ${kind === 'label' ? 'labels' : 'annotations'} for ${r.kind}.${r.group}/${object.metadata.name}:\n`);
        for (const k of Object.keys(values).sort()) out.out(`${indent}${k}=${values[k]}\n`);
        continue;
      }
      if (kind === 'label' && strategy !== 'client') {
        for (const k of remove) if (!(k in (object.metadata?.labels ?? {}))) out.out(`label "${k}" not found.\n`);
      }
      const next = change(kind, object, set, remove, flags.bool('overwrite'));
      // upstream: label.go updateDataChangeMsg compares the JSON of the object before and after.
      const before = goJSON(object);
      const after = goJSON(next);
      let msg = 'annotated';
      if (kind === 'label') msg = before === after ? 'not labeled' : !flags.bool('overwrite') && after.length < before.length ? 'unlabeled' : 'labeled';
      let result = next;
      if (strategy !== 'client') {
        const res = await ctx.request({
          verb: 'patch',
          resource: r.name,
          namespace: r.namespaced ? object.metadata.namespace : undefined,
          name: object.metadata.name,
          body: mergePatch(kind, object, next, resourceVersion),
          patchType: 'merge',
          dryRun: strategy === 'server' || undefined
        });
        if (!res.ok) {
          errors.push({ status: res.status });
          continue;
        }
        result = res.object;
      }
      if (!format || format === 'name') out.out(operationLine(r, object.metadata.name, msg, strategy, format));
      else printed.push(result);
    } catch (e) {
      errors.push(entryOf(e));
    }
  }
  for (const obj of printed) out.out(printObjects(inv, [obj], true));
  if (errors.length > 0) throw new AggregateError(errors);
}

function isLabelWord(kind: Kind): string {
  return kind === 'label' ? 'label' : 'annotation';
}

export const labelCommand = makeCommand('label');
export const annotateCommand = makeCommand('annotate');
