/**
 * `kubectl patch (-f FILENAME | TYPE NAME) [-p PATCH|--patch-file FILE] [--type strategic|merge|json]`:
 * the patch (JSON or YAML) goes to the API server as is; the line says `patched`, or
 * `patched (no change)` when the object came back the same.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/patch/patch.go (Validate, RunPatch).
 */
import YAML from 'yaml';
import { canonicalJSON } from '../api/canonical';
import type { KObject } from '../apiserver/store';
import { AggregateError, DRY_RUN_FLAG, FILENAME_FLAGS, OUTPUT_FLAGS, dryRunStrategy, fail, type CommandSpec, type ErrorEntry } from './command';
import { fetchRefs, MISSING_RESOURCE_ERROR, refsFromFilesOrArgs } from './builder';
import { checkOutputFormat, MUTATION_FORMATS, operationLine, printObjects } from './output';

const PATCH_TYPES: Record<string, 'strategic' | 'merge' | 'json'> = { strategic: 'strategic', merge: 'merge', json: 'json' };

/** The object without what every write changes (resourceVersion, managedFields, generation's bump is kept). */
function comparable(o: KObject): string {
  const { resourceVersion: _rv, managedFields: _mf, ...md } = o.metadata ?? {};
  return canonicalJSON({ ...o, metadata: md });
}

export const patchCommand: CommandSpec = {
  name: 'patch',
  long: 'Update fields of a resource using strategic merge patch, a JSON merge patch, or a JSON patch.',
  short: 'Update fields of a resource',
  use: 'patch (-f FILENAME | TYPE NAME) [-p PATCH|--patch-file FILE]',
  flags: [
    ...FILENAME_FLAGS,
    ...OUTPUT_FLAGS,
    DRY_RUN_FLAG,
    { name: 'patch', short: 'p', type: 'string' },
    { name: 'patch-file', type: 'string' },
    { name: 'type', type: 'string', def: 'strategic' },
    { name: 'local', type: 'bool' },
    { name: 'subresource', type: 'string' },
    { name: 'field-manager', type: 'string', def: 'kubectl-patch' }
  ],
  async run(inv) {
    const { flags, out, ctx } = inv;
    const strategy = dryRunStrategy(flags);
    const format = flags.str('output');
    checkOutputFormat(format, MUTATION_FORMATS);
    // upstream: PatchOptions.Validate / RunPatch
    if (flags.bool('local') && strategy === 'server') fail('cannot specify --local and server dry-run');
    const patchType = PATCH_TYPES[flags.str('type').toLowerCase()];
    if (!patchType) fail(`--type must be one of [json merge strategic], not "${flags.str('type')}"`);
    let text = flags.str('patch');
    if (flags.changed('patch') && flags.changed('patch-file')) fail('cannot specify --patch and --patch-file together');
    if (flags.str('patch-file')) {
      const read = await ctx.readFile?.(flags.str('patch-file')).catch(() => undefined);
      if (read === undefined) fail(`unable to read patch file: open ${flags.str('patch-file')}: no such file or directory`);
      text = read;
    }
    if (!text) fail('must specify --patch or --patch-file containing the contents of the patch');
    let body: unknown;
    try {
      body = YAML.parse(text);
    } catch (e) {
      fail(`unable to parse ${JSON.stringify(text)}: ${(e as Error).message.split('\n')[0]}`);
    }
    if (patchType === 'json' ? !Array.isArray(body) : typeof body !== 'object' || body === null || Array.isArray(body)) {
      fail(`unable to parse ${JSON.stringify(text)}: ${patchType === 'json' ? 'json: cannot unmarshal object into Go value of type jsonpatch.Patch' : 'json: cannot unmarshal array into Go value of type map[string]interface {}'}`);
    }
    const subresource = flags.str('subresource');
    if (subresource && subresource !== 'status') fail(`invalid subresource value: "${subresource}". Must be one of [status scale]`);
    const filenames = flags.list('filename');
    if (filenames.length === 0 && inv.args.length === 0) fail(MISSING_RESOURCE_ERROR);
    const errors: ErrorEntry[] = [];
    const refs = await refsFromFilesOrArgs(inv, filenames, inv.args, errors, () => {});
    const fetched = await fetchRefs(inv, refs, {});
    errors.push(...fetched.errors);
    const printed: KObject[] = [];
    for (const { resource: r, object } of fetched.items) {
      const md = object.metadata;
      const res = await ctx.request({
        verb: 'patch',
        resource: r.name,
        namespace: r.namespaced ? md.namespace : undefined,
        name: md.name,
        ...(subresource === 'status' ? { subresource: 'status' as const } : {}),
        body: body as KObject,
        patchType,
        // kubectl patch has no --validate and sends no fieldValidation: the server's default, Warn.
        // upstream: staging/src/k8s.io/apiserver/pkg/endpoints/handlers/rest.go fieldValidation
        fieldValidation: 'Warn',
        dryRun: strategy !== 'none' || undefined
      });
      if (!res.ok) {
        errors.push({ status: res.status });
        continue;
      }
      const changed = comparable(res.object) !== comparable(object);
      if (!format || format === 'name') out.out(operationLine(r, md.name, changed ? 'patched' : 'patched (no change)', strategy, format));
      else printed.push(res.object);
    }
    for (const obj of printed) out.out(printObjects(inv, [obj], true));
    if (errors.length > 0) throw new AggregateError(errors);
  }
};
