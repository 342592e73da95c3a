/**
 * `kubectl replace -f FILE`: each object in the files replaces the live one whole (a PUT; the
 * resourceVersion the file carries guards it, one without takes the live object's), printed
 * `pod/web replaced`. `--force` deletes the objects, waits until they are gone, and creates them
 * from the files (`pod "web" deleted`, then `pod/web replaced`): the way to change what an update
 * may not (a pod's image is allowed, its ports are not).
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/replace/replace.go (Run, forceReplace),
 * staging/src/k8s.io/cli-runtime/pkg/resource/helper.go (Replace with overwrite: the live
 * resourceVersion when the object has none; Create with modify: resourceVersion cleared).
 */
import { qualifiedKindName } from '../api/resources';
import type { KObject } from '../apiserver/store';
import { AggregateError, DRY_RUN_FLAG, FIELD_MANAGER_FLAG, FILENAME_FLAGS, OUTPUT_FLAGS, VALIDATE_FLAG, dryRunStrategy, entryOf, fail, failStatus, fieldValidation, usageError, withSource, type CommandSpec, type ErrorEntry } from './command';
import { loadManifests } from './manifest';
import { saveConfig } from './create';
import { CASCADE } from './delete';
import { checkOutputFormat, MUTATION_FORMATS, operationLine, printObjects } from './output';

/** upstream: forceReplace polls until each deleted object is gone, 5 minutes unless --timeout says otherwise. */
const FORCE_WAIT_MS = 5 * 60_000;

export const replaceCommand: CommandSpec = {
  name: 'replace',
  long: 'Replace a resource by file name or stdin.',
  short: 'Replace a resource by file name or stdin',
  use: 'replace -f FILENAME',
  flags: [
    ...OUTPUT_FLAGS,
    ...FILENAME_FLAGS,
    DRY_RUN_FLAG,
    FIELD_MANAGER_FLAG('kubectl-replace'),
    VALIDATE_FLAG,
    { name: 'cascade', type: 'string', def: 'background', noOpt: 'background' },
    { name: 'force', type: 'bool' },
    { name: 'grace-period', type: 'int', def: -1 },
    { name: 'raw', type: 'string' },
    { name: 'save-config', type: 'bool' },
    { name: 'subresource', type: 'string' },
    { name: 'timeout', type: 'duration' },
    { name: 'wait', type: 'bool' }
  ],
  async run(inv) {
    const { flags, ctx, out } = inv;
    const filenames = flags.list('filename');
    if (inv.args.length > 0) usageError(inv.path, `Unexpected args: [${inv.args.join(' ')}]`);
    // upstream: Complete's FilenameOptions check, then replace.go Validate.
    if (filenames.length === 0) fail('must specify one of -f and -k');
    const force = flags.bool('force');
    const grace = flags.int('grace-period');
    if (grace >= 0 && !force) fail('--grace-period must have --force specified');
    if (flags.changed('timeout') && !force) fail('--timeout must have --force specified');
    const strategy = dryRunStrategy(flags);
    if (force && strategy !== 'none') fail('--dry-run can not be used when --force is set');
    const cascade = CASCADE[flags.str('cascade')];
    if (!cascade) fail(`invalid cascade value (${flags.str('cascade')}). Must be "background", "foreground", or "orphan"`);
    const format = flags.str('output');
    checkOutputFormat(format, MUTATION_FORMATS);
    const load = await loadManifests(inv, filenames, { validate: !['false', 'ignore'].includes(flags.str('validate')) });
    const errors: ErrorEntry[] = load.errors.map((message) => ({ message }));
    const printed: KObject[] = [];
    const done = (info: (typeof load.infos)[number], obj: KObject) => {
      if (!format || format === 'name') out.out(operationLine(info.resource, info.name, 'replaced', strategy, format));
      else printed.push(obj);
    };

    if (force) {
      // upstream: forceReplace: delete them all (DeleteResult's lines), wait until each is gone, create each.
      const deleted: typeof load.infos = [];
      for (const info of load.infos) {
        const ns = info.resource.namespaced ? info.namespace : undefined;
        const res = await ctx.request({ verb: 'delete', resource: info.resource.name, namespace: ns, name: info.name, gracePeriodSeconds: grace >= 0 ? grace : undefined, propagationPolicy: cascade });
        if (!res.ok) {
          if (res.status.reason !== 'NotFound') errors.push({ status: withSource('deleting', info.source, res.status) });
          else deleted.push(info);
          continue;
        }
        out.out(`${qualifiedKindName(info.resource)} "${info.name}" ${grace === 0 ? 'force deleted' : 'deleted'}\n`);
        deleted.push(info);
      }
      if (errors.length > 0) throw new AggregateError(errors);
      const timeout = flags.int('timeout') > 0 ? flags.int('timeout') : FORCE_WAIT_MS;
      const gone = async () => {
        for (const info of deleted) {
          const r = await ctx.request({ verb: 'get', resource: info.resource.name, namespace: info.resource.namespaced ? info.namespace : undefined, name: info.name });
          if (r.ok) return false;
        }
        return true;
      };
      if (!(await gone()) && !(await ctx.waitFor(gone, timeout))) fail('timed out waiting for the condition');
      for (const info of deleted) {
        try {
          const body = structuredClone(saveConfig(inv, info.obj));
          if (body.metadata) delete body.metadata.resourceVersion;
          const res = await ctx.request({ verb: 'create', resource: info.resource.name, namespace: info.resource.namespaced ? info.namespace : undefined, body, fieldValidation: fieldValidation(flags) });
          if (!res.ok) failStatus(withSource('creating', info.source, res.status));
          done(info, res.object);
        } catch (e) {
          errors.push(entryOf(e));
        }
      }
    } else {
      for (const info of load.infos) {
        try {
          const ns = info.resource.namespaced ? info.namespace : undefined;
          let body = saveConfig(inv, info.obj);
          if (!body.metadata?.resourceVersion) {
            // upstream: helper.Replace with overwrite: the live object's resourceVersion (a missing object is NotFound).
            const live = await ctx.request({ verb: 'get', resource: info.resource.name, namespace: ns, name: info.name });
            if (!live.ok) failStatus(withSource('replacing', info.source, live.status));
            body = { ...body, metadata: { ...body.metadata, resourceVersion: live.object.metadata.resourceVersion } };
          }
          if (strategy === 'client') {
            done(info, body);
            continue;
          }
          const res = await ctx.request({ verb: 'update', resource: info.resource.name, namespace: ns, name: info.name, body, dryRun: strategy === 'server' || undefined, fieldValidation: fieldValidation(flags) });
          if (!res.ok) failStatus(withSource('replacing', info.source, res.status));
          done(info, res.object);
        } catch (e) {
          errors.push(entryOf(e));
        }
      }
    }
    for (const [i, obj] of printed.entries()) {
      if (i > 0 && format === 'yaml') out.out('---\n');
      out.out(printObjects(inv, [obj], true));
    }
    if (errors.length > 0) throw new AggregateError(errors);
  }
};
