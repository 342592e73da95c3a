/**
 * `kubectl diff -f FILE`: what `apply` would change. For each object of the manifests, the live
 * object and the merged one (a server-side dry run: the patch `apply` would send, or a create for
 * a new object) are printed as YAML into two directories, LIVE-* and MERGED-*, and compared with
 * `diff -u -N`: GNU diff's unified output, one section per object that would change. Secret
 * values are masked (`***`, `*** (before)` / `*** (after)` when they change). The exit code is 0
 * with no differences, 1 with some, 2 (and up) on an error.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/diff/diff.go (InfoObject.Live/Merged/Name,
 * DiffVersion.Print, Masker, CheckDiffErr), GNU diffutils' unified format (3 lines of context).
 */
import { structuredPatch } from 'diff';
import type { KObject } from '../apiserver/store';
import { cloneJSON } from '../api/canonical';
import { threeWayMergePatch } from './apply-patch';
import { LAST_APPLIED, infoString, modifiedConfiguration } from './apply';
import { CodeExitError } from './exec';
import { FILENAME_FLAGS, FIELD_MANAGER_FLAG, KubectlError, entryOf, failStatus, formatErrors, withSource, type CommandSpec, type ErrorEntry, type Invocation } from './command';
import { loadManifests, type ManifestInfo } from './manifest';
import { toKubectlYaml } from './printers/yaml-json';
import { SIM_EPOCH_MS } from '../kernel/clock';

/** upstream: InfoObject.Name: `[group.]version.Kind.namespace.name`. */
function fileName(info: ManifestInfo): string {
  const r = info.resource;
  return `${r.group ? `${r.group}.` : ''}${r.version}.${r.kind}.${info.namespace}.${info.name}`;
}

/** The live object, or undefined when it does not exist yet. */
async function live(inv: Invocation, info: ManifestInfo): Promise<KObject | undefined> {
  const r = info.resource;
  const got = await inv.ctx.request({ verb: 'get', resource: r.name, namespace: r.namespaced ? info.namespace : undefined, name: info.name });
  if (got.ok) return got.object;
  if (got.status.reason === 'NotFound') return undefined;
  throw new Error(got.status.message);
}

/** upstream: InfoObject.Merged: a dry-run create, or the apply patch (modified without the annotation) dry-run. */
async function merged(inv: Invocation, info: ManifestInfo, current: KObject | undefined): Promise<KObject> {
  const r = info.resource;
  const namespace = r.namespaced ? info.namespace : undefined;
  if (!current) {
    const res = await inv.ctx.request({ verb: 'create', resource: r.name, namespace, body: info.obj, dryRun: true });
    // upstream: the helper's error as it is (no source added)
    if (!res.ok) failStatus(res.status);
    return res.object;
  }
  const originalText: string | undefined = current.metadata?.annotations?.[LAST_APPLIED];
  let original: KObject | undefined;
  try {
    original = originalText ? JSON.parse(originalText) : undefined;
  } catch {
    original = undefined;
  }
  const { object: modified } = modifiedConfiguration(info.obj, false);
  const patch = threeWayMergePatch(original, modified, current);
  if (Object.keys(patch).length === 0) return current;
  const res = await inv.ctx.request({ verb: 'patch', resource: r.name, namespace, name: info.name, body: patch, patchType: 'strategic', dryRun: true });
  // upstream: apply's patcher wraps it as `error when applying patch: ... to: ... for: "SOURCE": ...`
  if (!res.ok) failStatus(withSource(`applying patch:\n${JSON.stringify(patch)}\nto:\n${infoString(info)}\nfor:`, info.source, res.status));
  return res.object;
}

/** upstream: diff.go Masker: a Secret's values never leave the cluster in the diff. */
function mask(from: KObject | undefined, to: KObject): [KObject | undefined, KObject] {
  if (to.kind !== 'Secret') return [from, to];
  const a = from ? cloneJSON(from) : undefined;
  const b = cloneJSON(to);
  const before: Record<string, string> = a?.data ?? {};
  const after: Record<string, string> = b.data ?? {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const changed = before[k] !== after[k];
    if (k in before) before[k] = changed ? '*** (before)' : '***';
    if (k in after) after[k] = changed ? '*** (after)' : '***';
  }
  return [a, b];
}

/** GNU diff's hunk range: `start,count`, `start` alone for one line, the line before for none. */
function range(start: number, count: number): string {
  if (count === 0) return `${start - 1},0`;
  return count === 1 ? `${start}` : `${start},${count}`;
}

/** `diff -u -N A B` of two files (an absent file is empty, dated at the epoch). */
function unifiedDiff(pathA: string, pathB: string, a: string | undefined, b: string, stamp: string): string {
  const { hunks } = structuredPatch(pathA, pathB, a ?? '', b, '', '', { context: 3 });
  if (hunks.length === 0) return '';
  let out = `diff -u -N ${pathA} ${pathB}\n`;
  out += `--- ${pathA}\t${a === undefined ? '1970-01-01 00:00:00.000000000 +0000' : stamp}\n`;
  out += `+++ ${pathB}\t${stamp}\n`;
  for (const h of hunks) {
    out += `@@ -${range(h.oldStart, h.oldLines)} +${range(h.newStart, h.newLines)} @@\n`;
    for (const l of h.lines) out += `${l}\n`;
  }
  return out;
}

/** A digit string for the temporary directories' names (os.MkdirTemp's random part), from the virtual time. */
function tempSuffix(now: number, salt: number): string {
  let h = 2166136261 ^ salt;
  for (const ch of String(now)) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return String(h);
}

/** GNU diff's file time: `2025-01-01 00:00:10.000000000 +0000`. */
function fileStamp(now: number): string {
  const iso = new Date(SIM_EPOCH_MS + now).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}.${iso.slice(20, 23)}000000 +0000`;
}

export const diffCommand: CommandSpec = {
  name: 'diff',
  long: 'Diff configurations specified by file name or stdin between the current online configuration, and the configuration as it would be if applied.\n\n The output is always YAML.\n\n KUBECTL_EXTERNAL_DIFF environment variable can be used to select your own diff command. Users can use external commands with params too.\n\n Exit status: 0 No differences were found. 1 Differences were found. >1 Kubectl or diff failed with an error.',
  short: 'Diff the live version against a would-be applied version',
  use: 'diff -f FILENAME',
  flags: [
    ...FILENAME_FLAGS,
    FIELD_MANAGER_FLAG('kubectl-client-side-apply'),
    { name: 'concurrency', type: 'int', def: 1 },
    { name: 'force-conflicts', type: 'bool' },
    { name: 'prune', type: 'bool' },
    { name: 'prune-allowlist', type: 'stringArray' },
    { name: 'selector', short: 'l', type: 'string' },
    { name: 'server-side', type: 'bool' },
    { name: 'show-managed-fields', type: 'bool' }
  ],
  async run(inv) {
    const { flags, ctx } = inv;
    const exit2 = (entries: ErrorEntry[]) => {
      // upstream: CheckDiffErr: an error exits with its code plus one.
      throw new CodeExitError(2, formatErrors(entries).replace(/\n$/, ''));
    };
    const filenames = flags.list('filename');
    if (filenames.length === 0 && !flags.str('kustomize')) exit2([{ message: 'must specify one of -f and -k' }]);
    if (flags.str('kustomize')) exit2([{ message: 'kustomize is not supported by this simulator' }]);
    if (flags.bool('server-side')) exit2([{ message: '--server-side diff is not supported by this simulator; client-side (the default) is' }]);
    if (flags.bool('prune')) exit2([{ message: '--prune is not supported by this simulator' }]);
    if (flags.bool('force-conflicts') && !flags.bool('server-side')) exit2([{ message: '--force-conflicts only works with --server-side' }]);
    const load = await loadManifests(inv, filenames, { validate: true });
    // upstream: the builder's error, or the first object's error, ends the command before diff runs.
    if (load.errors.length > 0) exit2(load.errors.map((message) => ({ message })));
    const now = ctx.now();
    const liveDir = `/tmp/LIVE-${tempSuffix(now, 1)}`;
    const mergedDir = `/tmp/MERGED-${tempSuffix(now, 2)}`;
    const stamp = fileStamp(now);
    const files: { name: string; a: string | undefined; b: string }[] = [];
    for (const info of load.infos) {
      try {
        const current = await live(inv, info);
        const after = await merged(inv, info, current);
        const [a, b] = mask(current, after);
        files.push({ name: fileName(info), a: a ? toKubectlYaml(a) : undefined, b: toKubectlYaml(b) });
      } catch (e) {
        exit2([e instanceof Error && e.constructor === Error ? { message: e.message } : entryOf(e)]);
      }
    }
    // diff walks the two directories in name order.
    files.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
    let found = false;
    for (const f of files) {
      const text = unifiedDiff(`${liveDir}/${f.name}`, `${mergedDir}/${f.name}`, f.a, f.b, stamp);
      if (text) {
        found = true;
        inv.out.out(text);
      }
    }
    if (found) throw new KubectlError('');
  }
};
