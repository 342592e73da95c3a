/**
 * `kubectl set image (-f FILENAME | TYPE NAME) CONTAINER_NAME_1=CONTAINER_IMAGE_1 ...`.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/set/set_image.go (getResourcesAndImages, Validate,
 * Run, setImage), staging/src/k8s.io/kubectl/pkg/cmd/util/helpers.go (GetResourcesAndPairs,
 * ParsePairs), staging/src/k8s.io/kubectl/pkg/polymorphichelpers/updatepodspec.go.
 *
 * Upstream sends a strategic merge patch of the containers; this sends the same change as JSON
 * patch `replace` operations on each container's image.
 */
import type { KObject } from '../apiserver/store';
import { AggregateError, DRY_RUN_FLAG, FILENAME_FLAGS, FIELD_MANAGER_FLAG, OUTPUT_FLAGS, dryRunStrategy, fail, type CommandSpec, type ErrorEntry } from './command';
import { fetchRefs, refsFromFilesOrArgs } from './builder';
import { checkOutputFormat, MUTATION_FORMATS, operationLine, printObjects } from './output';
import { parseQuantity } from '../api/quantity';
import type { ResourceInfo } from '../api/resources';
import type { FlagDef } from './flags';

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
    } else if (foundPair) fail(`all resources must be specified before ${pairType} changes: ${s}`);
    else resources.push(s);
  }
  return { resources, pairs };
}

/** upstream: helpers.go ParsePairs(pairArgs, "image", false) */
function parseImages(pairs: string[]): Map<string, string> {
  const images = new Map<string, string>();
  const invalid: string[] = [];
  for (const p of pairs) {
    if (p.includes('=') && p[0] !== '=') {
      const i = p.indexOf('=');
      images.set(p.slice(0, i), p.slice(i + 1));
    } else invalid.push(p);
  }
  if (invalid.length > 0) fail(`invalid image format: ${invalid.join(', ')}`);
  return images;
}

/** Where the pod spec lives (upstream: updatepodspec.go). */
function podSpecPath(resource: string): string | undefined {
  switch (resource) {
    case 'pods':
      return '/spec';
    case 'cronjobs':
      return '/spec/jobTemplate/spec/template/spec';
    case 'deployments':
    case 'replicasets':
    case 'daemonsets':
    case 'statefulsets':
    case 'jobs':
    case 'replicationcontrollers':
      return '/spec/template/spec';
  }
  return undefined;
}

function at(obj: KObject, path: string): KObject | undefined {
  let cur: KObject | undefined = obj;
  for (const seg of path.split('/').filter((s) => s)) cur = cur?.[seg];
  return cur;
}

const imageCommand: CommandSpec = {
  name: 'image',
  long: 'Update existing container image(s) of resources.',
  short: 'Update the image of a pod template',
  use: 'set image (-f FILENAME | TYPE NAME) CONTAINER_NAME_1=CONTAINER_IMAGE_1 ... CONTAINER_NAME_N=CONTAINER_IMAGE_N',
  flags: [...FILENAME_FLAGS, ...OUTPUT_FLAGS, DRY_RUN_FLAG, FIELD_MANAGER_FLAG('kubectl-set'), { name: 'all', type: 'bool' }, { name: 'local', type: 'bool' }, { name: 'selector', short: 'l', type: 'string' }],
  async run(inv) {
    const { flags, out, ctx } = inv;
    const format = flags.str('output');
    checkOutputFormat(format, MUTATION_FORMATS);
    const strategy = dryRunStrategy(flags);
    if (flags.bool('local')) fail('--local is not supported by this simulator');
    const { resources, pairs } = resourcesAndPairs(inv.args, 'image');
    const images = parseImages(pairs);
    const filenames = flags.list('filename');
    // upstream: set_image.go Validate
    const problems: string[] = [];
    if (flags.bool('all') && flags.str('selector')) problems.push('cannot set --all and --selector at the same time');
    if (resources.length < 1 && filenames.length === 0) problems.push('one or more resources must be specified as <resource> <name> or <resource>/<name>');
    if (images.size < 1) problems.push('at least one image update is required');
    else if (images.size > 1 && images.has('*')) problems.push('all containers are already specified by *, but saw more than one container_name=container_image pairs');
    if (problems.length === 1) fail(problems[0]);
    if (problems.length > 1) throw new AggregateError(problems.map((message) => ({ message })));

    const errors: ErrorEntry[] = [];
    const selector = flags.str('selector');
    const all = flags.bool('all');
    const refs = await refsFromFilesOrArgs(inv, filenames, resources, errors, (named) => {
      if (!named && !selector && !all) fail('resource(s) were provided, but no name was specified');
    });
    const fetched = await fetchRefs(inv, refs, { labelSelector: selector });
    errors.push(...fetched.errors);
    const printed: KObject[] = [];
    for (const { resource: r, object } of fetched.items) {
      const name = `${r.group ? `${r.name}.${r.group}` : r.name}/${object.metadata.name}`;
      const base = podSpecPath(r.name);
      if (!base) {
        errors.push({ message: `error: ${name} the object is not a pod or does not have a pod template: *v1.${r.kind}\n` });
        continue;
      }
      const spec = at(object, base) ?? {};
      const ops: KObject[] = [];
      for (const [container, image] of images) {
        let found = false;
        for (const field of ['initContainers', 'containers']) {
          (spec[field] ?? []).forEach((c: KObject, i: number) => {
            // upstream: setImage: `*` sets every container.
            if (c.name === container || container === '*') {
              found = true;
              if (c.image !== image) ops.push({ op: 'replace', path: `${base}/${field}/${i}/image`, value: image });
            }
          });
        }
        if (!found) errors.push({ message: `error: unable to find container named "${container}"` });
      }
      if (ops.length === 0) continue; // upstream: an empty patch is skipped silently
      if (strategy === 'client') {
        if (!format || format === 'name') out.out(operationLine(r, object.metadata.name, 'image updated', strategy, format));
        else printed.push(object);
        continue;
      }
      const res = await ctx.request({ verb: 'patch', resource: r.name, namespace: object.metadata.namespace, name: object.metadata.name, body: ops, patchType: 'json', dryRun: strategy === 'server' || undefined });
      if (!res.ok) {
        errors.push({ message: `failed to patch image update to pod template: ${res.status.message}` });
        continue;
      }
      if (!format || format === 'name') out.out(operationLine(r, object.metadata.name, 'image updated', strategy, format));
      else printed.push(res.object);
    }
    for (const obj of printed) out.out(printObjects(inv, [obj], true));
    if (errors.length > 0) throw new AggregateError(errors);
  }
};

/** upstream: set.go selectContainers: `*` and shell-style patterns (path.Match) on the name. */
function selectContainers(containers: KObject[] | undefined, spec: string): number[] {
  const re = new RegExp(`^${spec.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
  return (containers ?? []).flatMap((c, i) => (re.test(c.name) ? [i] : []));
}

/** A pod-template change sent as JSON patch operations, printed as kubectl's `<kind>/<name> <operation>`. */
async function patchTemplates(
  inv: Parameters<NonNullable<CommandSpec['run']>>[0],
  resources: string[],
  operation: string,
  patchFailed: string,
  change: (r: ResourceInfo, object: KObject, spec: KObject, base: string) => KObject[] | undefined
): Promise<void> {
  const { flags, out, ctx } = inv;
  const format = flags.str('output');
  checkOutputFormat(format, MUTATION_FORMATS);
  const strategy = dryRunStrategy(flags);
  if (flags.bool('local')) fail('--local is not supported by this simulator');
  const errors: ErrorEntry[] = [];
  const selector = flags.str('selector');
  const all = flags.bool('all');
  const refs = await refsFromFilesOrArgs(inv, flags.list('filename'), resources, errors, (named) => {
    if (!named && !selector && !all) fail('resource(s) were provided, but no name was specified');
  });
  const fetched = await fetchRefs(inv, refs, { labelSelector: selector });
  errors.push(...fetched.errors);
  const printed: KObject[] = [];
  for (const { resource: r, object } of fetched.items) {
    const base = podSpecPath(r.name);
    if (!base) {
      errors.push({ message: `error: ${r.group ? `${r.name}.${r.group}` : r.name}/${object.metadata.name} the object is not a pod or does not have a pod template: *v1.${r.kind}\n` });
      continue;
    }
    const ops = change(r, object, at(object, base) ?? {}, base);
    if (!ops || ops.length === 0) continue; // no change: nothing sent, nothing printed
    if (strategy === 'client') {
      if (!format || format === 'name') out.out(operationLine(r, object.metadata.name, operation, strategy, format));
      else printed.push(object);
      continue;
    }
    const res = await ctx.request({ verb: 'patch', resource: r.name, namespace: object.metadata.namespace, name: object.metadata.name, body: ops, patchType: 'json', dryRun: strategy === 'server' || undefined });
    if (!res.ok) {
      errors.push({ message: `${patchFailed}${res.status.message}` });
      continue;
    }
    if (!format || format === 'name') out.out(operationLine(r, object.metadata.name, operation, strategy, format));
    else printed.push(res.object);
  }
  for (const obj of printed) out.out(printObjects(inv, [obj], true));
  if (errors.length > 0) throw new AggregateError(errors);
}

/** Flags `set env` and `set resources` share (the selected objects and containers, the output). */
const TEMPLATE_FLAGS: FlagDef[] = [
  ...FILENAME_FLAGS,
  ...OUTPUT_FLAGS,
  DRY_RUN_FLAG,
  FIELD_MANAGER_FLAG('kubectl-set'),
  { name: 'all', type: 'bool' },
  { name: 'containers', short: 'c', type: 'string', def: '*' },
  { name: 'local', type: 'bool' },
  { name: 'selector', short: 'l', type: 'string' }
];

const ENV_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;
const ENV_NAME_ERROR =
  "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')";

/** upstream: set/env/env_parse.go SplitEnvironmentFromResources + ParseEnv. */
function parseEnvArgs(specs: string[]): { env: { name: string; value: string }[]; remove: string[] } {
  const env: { name: string; value: string }[] = [];
  const remove: string[] = [];
  for (const s of specs) {
    const eq = s.indexOf('=');
    if (eq > 0) {
      const name = s.slice(0, eq);
      if (!ENV_NAME.test(name)) fail(`${JSON.stringify(name)} is not a valid key name: ${ENV_NAME_ERROR}`);
      env.push({ name, value: s.slice(eq + 1) });
    } else if (s.endsWith('-') && s.length > 1) remove.push(s.slice(0, -1));
    else if (s === '-') fail('reading environment from stdin is not supported by this simulator');
    else fail(`invalid environment variable: ${s}`);
  }
  return { env, remove };
}

/** `kubectl set env deployment/web FOO=bar BAZ-` and `--list`. upstream: set/set_env.go (RunEnv, updateEnv). */
const envCommand: CommandSpec = {
  name: 'env',
  long: 'Update environment variables on a pod template.',
  short: 'Update environment variables on a pod template',
  use: 'set env RESOURCE/NAME KEY_1=VAL_1 ... KEY_N=VAL_N',
  flags: [
    ...TEMPLATE_FLAGS,
    { name: 'env', short: 'e', type: 'stringArray' },
    { name: 'list', type: 'bool' },
    { name: 'overwrite', type: 'bool', def: true },
    { name: 'resolve', type: 'bool' }
  ],
  async run(inv) {
    const { flags, out } = inv;
    if (flags.bool('all') && flags.str('selector')) fail('cannot set --all and --selector at the same time');
    const { resources, pairs } = resourcesAndPairs(inv.args, 'environment');
    if (flags.list('filename').length === 0 && resources.length < 1) fail('one or more resources must be specified as <resource> <name> or <resource>/<name>');
    if (flags.bool('list') && flags.str('output')) fail('--list and --output may not be specified together');
    const { env, remove } = parseEnvArgs([...flags.list('env'), ...pairs]);
    const list = flags.bool('list');
    const selectorSpec = flags.str('containers');
    await patchTemplates(inv, resources, 'env updated', 'failed to patch env update to pod template: ', (r, object, spec, base) => {
      const containers = selectContainers(spec.containers, selectorSpec);
      if (containers.length === 0) {
        out.warning(`warning: ${r.kind}/${object.metadata.name} does not have any containers matching ${JSON.stringify(selectorSpec)}\n`);
        return undefined;
      }
      const ops: KObject[] = [];
      for (const i of containers) {
        const c = spec.containers[i];
        const current: KObject[] = c.env ?? [];
        if (!flags.bool('overwrite')) {
          for (const e of env) {
            const had = current.find((x) => x.name === e.name);
            if (had && had.value !== e.value) fail(`'${had.name}' already has a value (${had.value ?? ''}), and --overwrite is false`);
          }
        }
        // upstream updateEnv: existing names updated in place, new ones appended, removed ones dropped.
        const next: KObject[] = current.map((x) => {
          const set = env.find((e) => e.name === x.name);
          return set ? { name: set.name, value: set.value } : x;
        });
        for (const e of env) if (!next.some((x) => x.name === e.name)) next.push({ name: e.name, value: e.value });
        const updated = next.filter((x) => !remove.includes(x.name));
        if (list) {
          out.out(`# ${r.kind} ${object.metadata.name}, container ${c.name}\n`);
          for (const e of updated) {
            if (!e.valueFrom) out.out(`${e.name}=${e.value ?? ''}\n`);
            else if (e.valueFrom.configMapKeyRef) out.out(`# ${e.name} from configmap ${e.valueFrom.configMapKeyRef.name}, key ${e.valueFrom.configMapKeyRef.key}\n`);
            else if (e.valueFrom.secretKeyRef) out.out(`# ${e.name} from secret ${e.valueFrom.secretKeyRef.name}, key ${e.valueFrom.secretKeyRef.key}\n`);
            else if (e.valueFrom.fieldRef) out.out(`# ${e.name} from field path ${e.valueFrom.fieldRef.fieldPath}\n`);
            else if (e.valueFrom.resourceFieldRef) out.out(`# ${e.name} from resource ${e.valueFrom.resourceFieldRef.resource}\n`);
          }
          continue;
        }
        if (JSON.stringify(updated) !== JSON.stringify(current)) ops.push({ op: c.env ? 'replace' : 'add', path: `${base}/containers/${i}/env`, value: updated });
      }
      return list ? undefined : ops;
    });
  }
};

/** `kubectl set resources deployment/web --limits=cpu=200m,memory=512Mi --requests=cpu=100m`. upstream: set/set_resources.go. */
const resourcesCommand: CommandSpec = {
  name: 'resources',
  long: 'Specify compute resource requirements (CPU, memory) for any resource that defines a pod template.',
  short: 'Update resource requests/limits on objects with pod templates',
  use: 'set resources (-f FILENAME | TYPE NAME)  ([--limits=LIMITS & --requests=REQUESTS]',
  flags: [
    ...TEMPLATE_FLAGS,
    { name: 'limits', type: 'string' },
    { name: 'requests', type: 'string' }
  ],
  async run(inv) {
    const { flags, out } = inv;
    if (flags.bool('all') && flags.str('selector')) fail('cannot set --all and --selector at the same time');
    if (!flags.str('limits') && !flags.str('requests')) fail('you must specify an update to requests or limits (in the form of --requests/--limits)');
    // upstream: generate/versioned ParseResourceList (name=quantity pairs, canonical quantities).
    const parseList = (text: string): Record<string, string> => {
      const list: Record<string, string> = {};
      for (const pair of text.split(',').filter((p) => p !== '')) {
        const parts = pair.split('=');
        if (parts.length !== 2) fail(`Invalid argument syntax ${pair}, expected <resource>=<value>`);
        try {
          list[parts[0]] = parseQuantity(parts[1]).toString();
        } catch (e) {
          fail((e as Error).message);
        }
      }
      return list;
    };
    const limits = parseList(flags.str('limits'));
    const requests = parseList(flags.str('requests'));
    const selectorSpec = flags.str('containers');
    await patchTemplates(inv, inv.args, 'resource requirements updated', 'failed to patch resources update to pod template ', (r, object, spec, base) => {
      const ops: KObject[] = [];
      let matched = false;
      for (const field of ['initContainers', 'containers'] as const) {
        for (const i of selectContainers(spec[field], selectorSpec)) {
          matched = true;
          const c = spec[field][i];
          const res: KObject = { ...(c.resources ?? {}) };
          if (Object.keys(limits).length > 0) res.limits = { ...(res.limits ?? {}), ...limits };
          if (Object.keys(requests).length > 0) res.requests = { ...(res.requests ?? {}), ...requests };
          if (JSON.stringify(res) !== JSON.stringify(c.resources ?? {})) ops.push({ op: c.resources ? 'replace' : 'add', path: `${base}/${field}/${i}/resources`, value: res });
        }
      }
      if (!matched) out.warning(`warning: ${r.name}/${object.metadata.name} does not have any containers matching ${JSON.stringify(selectorSpec)}\n`);
      return ops;
    });
  }
};

export const setCommand: CommandSpec = {
  name: 'set',
  long: 'Configure application resources.',
  short: 'Set specific features on objects',
  use: 'set SUBCOMMAND',
  flags: [],
  subcommands: [envCommand, imageCommand, resourcesCommand]
};
