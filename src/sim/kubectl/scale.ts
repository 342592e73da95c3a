/**
 * `kubectl scale TYPE NAME --replicas=N` for deployments and replica sets.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/scale/scale.go (RunScale),
 * staging/src/k8s.io/kubectl/pkg/scale/scale.go (ScalePrecondition).
 *
 * Upstream patches the `scale` subresource; this API server has none, so the same merge patch
 * (`{"spec":{"replicas":N}}`) goes to the object itself.
 */
import { AggregateError, DRY_RUN_FLAG, FILENAME_FLAGS, OUTPUT_FLAGS, dryRunStrategy, fail, type CommandSpec, type ErrorEntry } from './command';
import { fetchRefs, MISSING_RESOURCE_ERROR, refsFromFilesOrArgs } from './builder';
import { checkOutputFormat, MUTATION_FORMATS, operationLine, printObjects } from './output';
import type { KObject } from '../apiserver/store';

const SCALABLE = new Set(['deployments', 'replicasets', 'statefulsets', 'replicationcontrollers']);

export const scaleCommand: CommandSpec = {
  name: 'scale',
  long: 'Set a new size for a deployment, replica set, replication controller, or stateful set.',
  short: 'Set a new size for a deployment, replica set, or replication controller',
  use: 'scale [--resource-version=version] [--current-replicas=count] --replicas=COUNT (-f FILENAME | TYPE NAME)',
  flags: [
    ...FILENAME_FLAGS,
    ...OUTPUT_FLAGS,
    DRY_RUN_FLAG,
    { name: 'all', type: 'bool' },
    { name: 'current-replicas', type: 'int', def: -1 },
    { name: 'replicas', type: 'int', def: 0 },
    { name: 'resource-version', type: 'string' },
    { name: 'selector', short: 'l', type: 'string' },
    { name: 'timeout', type: 'duration' }
  ],
  async run(inv) {
    const { flags, out, ctx } = inv;
    if (!flags.changed('replicas')) fail('required flag(s) "replicas" not set');
    const replicas = flags.int('replicas');
    const strategy = dryRunStrategy(flags);
    const format = flags.str('output');
    checkOutputFormat(format, MUTATION_FORMATS);
    const filenames = flags.list('filename');
    const selector = flags.str('selector');
    const all = flags.bool('all');
    const errors: ErrorEntry[] = [];
    if (filenames.length === 0 && inv.args.length === 0) fail(MISSING_RESOURCE_ERROR);
    const refs = await refsFromFilesOrArgs(inv, filenames, inv.args, errors, (named) => {
      if (named && selector) fail('name cannot be provided when a selector is specified');
      if (!named && !selector && !all) fail('resource(s) were provided, but no name was specified');
    });
    // upstream: scale.go Validate
    if (replicas < 0) fail('The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0');
    const current = flags.int('current-replicas');
    if (current < -1) fail('The --current-replicas must specify an integer of -1 or greater');

    const fetched = await fetchRefs(inv, refs, { labelSelector: selector });
    errors.push(...fetched.errors);
    if (flags.str('resource-version') && fetched.items.length > 1) fail('cannot use --resource-version with multiple resources');
    if (fetched.items.length === 0) {
      const first = errors[0];
      fail(`no objects passed to scale${first ? ' ' + ('status' in first ? first.status.message : first.message) : ''}`);
    }
    const printed: KObject[] = [];
    for (const { resource: r, object } of fetched.items) {
      const md = object.metadata;
      if (!SCALABLE.has(r.name)) {
        // What kubectl's scale client says for a kind without a scale subresource.
        errors.push({ message: `no kind "${r.kind}" is registered for version "${r.group ? r.group + '/' : ''}${r.version}" in scheme "k8s.io/client-go/scale/util.go:146"` });
        continue;
      }
      if (strategy === 'client') {
        if (!format || format === 'name') out.out(operationLine(r, md.name, 'scaled', strategy, format));
        else printed.push(object);
        continue;
      }
      // upstream: scale.go ScalePrecondition.validate
      if (current !== -1 && (object.spec?.replicas ?? 1) !== current) {
        errors.push({ message: `Expected replicas to be ${current}, was ${object.spec?.replicas ?? 1}` });
        continue;
      }
      const rv = flags.str('resource-version');
      if (rv && md.resourceVersion !== rv) {
        errors.push({ message: `Expected resource version to be ${rv}, was ${md.resourceVersion}` });
        continue;
      }
      const res = await ctx.request({
        verb: 'patch',
        resource: r.name,
        namespace: r.namespaced ? md.namespace : undefined,
        name: md.name,
        body: { spec: { replicas } },
        patchType: 'merge',
        dryRun: strategy === 'server' || undefined
      });
      if (!res.ok) {
        errors.push({ status: res.status });
        continue;
      }
      if (!format || format === 'name') out.out(operationLine(r, md.name, 'scaled', strategy, format));
      else printed.push(res.object);
    }
    for (const obj of printed) out.out(printObjects(inv, [obj], true));
    if (errors.length > 0) throw new AggregateError(errors);
  }
};
