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

export const setCommand: CommandSpec = {
  name: 'set',
  long: 'Configure application resources.',
  short: 'Set specific features on objects',
  use: 'set SUBCOMMAND',
  flags: [],
  subcommands: [imageCommand]
};
