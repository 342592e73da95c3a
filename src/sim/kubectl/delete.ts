/**
 * `kubectl delete`: by TYPE NAME..., TYPE/NAME, -f, -l or --all; prints `pod "web" deleted` per
 * object, then (with --wait, the default) lets virtual time run until every deleted object is
 * gone, as kubectl blocks on its watch.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/delete/delete.go, delete_flags.go,
 * staging/src/k8s.io/kubectl/pkg/cmd/wait/wait.go (IsDeleted).
 */
import { groupResource, qualifiedKindName, type ResourceInfo } from '../api/resources';
import { AggregateError, DRY_RUN_FLAG, FILENAME_FLAGS, dryRunStrategy, fail, withSource, type CommandSpec, type ErrorEntry } from './command';
import { fetchRefs, MISSING_RESOURCE_ERROR, refsFromFilesOrArgs } from './builder';

/** `--timeout=0` waits "forever" (a week upstream); a sim cap keeps a stuck finalizer from hanging the console. */
const WAIT_FOREVER_MS = 10 * 60_000;

export const CASCADE: Record<string, 'Background' | 'Foreground' | 'Orphan'> = {
  background: 'Background',
  foreground: 'Foreground',
  orphan: 'Orphan',
  // Deprecated booleans. upstream: delete_flags.go GetCascadingStrategy
  true: 'Background',
  false: 'Orphan'
};

export const deleteCommand: CommandSpec = {
  name: 'delete',
  long: 'Delete resources by file names, stdin, resources and names, or by resources and label selector.',
  short: 'Delete resources by file names, stdin, resources and names, or by resources and label selector',
  use: 'delete ([-f FILENAME] | [-k DIRECTORY] | TYPE [(NAME | -l label | --all)])',
  flags: [
    ...FILENAME_FLAGS,
    DRY_RUN_FLAG,
    { name: 'all', type: 'bool' },
    { name: 'all-namespaces', short: 'A', type: 'bool' },
    { name: 'cascade', type: 'string', def: 'background', noOpt: 'background' },
    { name: 'field-selector', type: 'string' },
    { name: 'force', type: 'bool' },
    { name: 'grace-period', type: 'int', def: -1 },
    { name: 'ignore-not-found', type: 'bool' },
    { name: 'interactive', short: 'i', type: 'bool' },
    { name: 'now', type: 'bool' },
    { name: 'output', short: 'o', type: 'string' },
    { name: 'raw', type: 'string' },
    { name: 'selector', short: 'l', type: 'string' },
    { name: 'timeout', type: 'duration' },
    { name: 'wait', type: 'bool', def: true }
  ],
  async run(inv) {
    const { flags, ctx, out } = inv;
    const filenames = flags.list('filename');
    const selector = flags.str('selector');
    const fieldSelector = flags.str('field-selector');
    const all = flags.bool('all');
    const allNamespaces = flags.bool('all-namespaces');

    // upstream: delete_flags.go ToOptions -> GetCascadingStrategy
    const cascadeFlag = flags.str('cascade');
    const propagationPolicy = CASCADE[cascadeFlag];
    if (!propagationPolicy) fail(`invalid cascade value (${cascadeFlag}). Must be "background", "foreground", or "orphan"`);
    if (cascadeFlag === 'false' || cascadeFlag === 'true') {
      out.err(`warning: --cascade=${cascadeFlag} is deprecated (boolean value) and can be replaced with --cascade=${cascadeFlag === 'false' ? 'orphan' : 'background'}.\n`);
    }

    // upstream: delete.go Complete
    let ignoreNotFound = flags.bool('ignore-not-found');
    if ((all || selector || fieldSelector) && !flags.changed('ignore-not-found')) ignoreNotFound = true;
    let grace = flags.int('grace-period');
    const force = flags.bool('force');
    if (flags.bool('now')) {
      if (grace !== -1) fail('--now and --grace-period cannot be specified together');
      grace = 1;
    }
    if (grace === 0 && !force) grace = 1;
    if (force && grace < 0) grace = 0;
    const strategy = dryRunStrategy(flags);

    // The builder: resources from arguments or files, then selectors.
    const errors: ErrorEntry[] = [];
    if (filenames.length > 0 && inv.args.length > 0) fail('Unexpected args: ' + `[${inv.args.join(' ')}]`);
    if (filenames.length === 0 && inv.args.length === 0) fail(MISSING_RESOURCE_ERROR);
    const refs = await refsFromFilesOrArgs(inv, filenames, inv.args, errors, (named) => {
      if (all && (selector || fieldSelector)) fail("setting 'all' parameter but found a non empty selector. ");
      if (named && (selector || fieldSelector || all)) fail('name cannot be provided when a selector is specified');
      if (!named && !selector && !fieldSelector && !all) fail('resource(s) were provided, but no name was specified');
    });
    // upstream: delete.go Validate
    const output = flags.str('output');
    if (output !== '' && output !== 'name') fail(`unexpected -o output mode: ${output}. We only support '-o name'`);
    if (grace === 0 && force) {
      out.warning('Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n');
    } else if (grace > 0 && force) {
      fail('--force and --grace-period greater than 0 cannot be specified together');
    }

    // Named objects are deleted by name; types with selectors are listed first.
    interface Target {
      resource: ResourceInfo;
      namespace?: string;
      name: string;
      source: string;
    }
    const targets: Target[] = [];
    for (const ref of refs) {
      const r = ref.resource;
      if (ref.name !== undefined) {
        targets.push({ resource: r, namespace: r.namespaced ? (ref.namespace ?? inv.namespace) : undefined, name: ref.name, source: ref.source ?? '' });
        continue;
      }
      const listed = await fetchRefs(inv, [ref], { labelSelector: selector, fieldSelector, allNamespaces });
      errors.push(...listed.errors);
      for (const item of listed.items) {
        targets.push({ resource: r, namespace: r.namespaced ? item.object.metadata.namespace : undefined, name: item.object.metadata.name, source: '' });
      }
    }

    let warnClusterScope = inv.explicitNamespace && !allNamespaces;
    const deleted: { target: Target; uid: string }[] = [];
    for (const target of targets) {
      const r = target.resource;
      if (warnClusterScope && !r.namespaced) {
        out.err('Warning: deleting cluster-scoped resources, not scoped to the provided namespace\n');
        warnClusterScope = false;
      }
      const line = () => {
        let op = grace === 0 ? 'force deleted' : 'deleted';
        if (strategy === 'client') op += ' (dry run)';
        if (strategy === 'server') op += ' (server dry run)';
        out.out(output === 'name' ? `${qualifiedKindName(r)}/${target.name}\n` : `${qualifiedKindName(r)} "${target.name}" ${op}\n`);
      };
      if (strategy === 'client') {
        line();
        continue;
      }
      const res = await ctx.request({
        verb: 'delete',
        resource: r.name,
        namespace: target.namespace,
        name: target.name,
        gracePeriodSeconds: grace >= 0 ? grace : undefined,
        propagationPolicy,
        dryRun: strategy === 'server' || undefined
      });
      if (!res.ok) {
        if (ignoreNotFound && res.status.reason === 'NotFound') continue;
        errors.push({ status: withSource('deleting', target.source, res.status) });
        continue;
      }
      line();
      deleted.push({ target, uid: res.object.metadata?.uid });
    }
    if (errors.length > 0) throw new AggregateError(errors);
    if (targets.length === 0) {
      out.out('No resources found\n');
      return;
    }
    if (!flags.bool('wait') || strategy !== 'none') return;

    // upstream: wait.go IsDeleted: gone, or replaced by an object with another UID.
    const timeout = flags.int('timeout') > 0 ? flags.int('timeout') : WAIT_FOREVER_MS;
    const pending = [...deleted];
    const gone = async (d: (typeof deleted)[number]) => {
      const t = d.target;
      const res = await ctx.request({ verb: 'get', resource: t.resource.name, namespace: t.namespace, name: t.name });
      return !res.ok ? res.status.reason === 'NotFound' : res.object.metadata.uid !== d.uid;
    };
    const done = async () => {
      for (let i = pending.length - 1; i >= 0; i--) if (await gone(pending[i])) pending.splice(i, 1);
      return pending.length === 0;
    };
    if (!(await ctx.waitFor(done, timeout))) {
      const d = pending[0];
      fail(`timed out waiting for the condition on ${groupResource(d.target.resource)}/${d.target.name}`);
    }
  }
};
