/**
 * `kubectl edit` in the editor: the live object as `-o yaml` under kubectl's header comment, and
 * on save the difference from what was opened, sent as a patch. kubectl edit sends a two-way
 * patch (original -> edited) too, so fields nobody touched (status the kubelet writes meanwhile)
 * are left alone and there is no resourceVersion conflict for them.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/util/editor/editoptions.go (visitToPatch,
 * the header in editHeaderTemplate, "Edit cancelled, no changes made.").
 */
import YAML from 'yaml';

export const EDIT_HEADER = `# Please edit the object below. Lines beginning with a '#' will be ignored,
# and an empty file will abort the edit. If an error occurs while saving this file will be
# reopened with the relevant failures.
#
`;

/** What the editor opened: enough to name the object in kubectl's words and diff against it. */
export interface EditTarget {
  /** `deployment.apps`, `pod`, `node` (kubectl's TYPE, singular, with the group). */
  type: string;
  name: string;
  namespace?: string;
  /** The object as opened (parsed), the base of the patch. */
  original: Record<string, unknown>;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An RFC 7386 JSON merge patch taking `from` to `to`: changed and added fields, `null` for removed
 * ones, lists whole when they differ. undefined when they are equal.
 */
export function mergePatch(from: unknown, to: unknown): Json | undefined {
  if (isObject(from) && isObject(to)) {
    const patch: Record<string, Json> = {};
    for (const key of Object.keys(from)) if (!(key in to)) patch[key] = null;
    for (const [key, value] of Object.entries(to)) {
      if (!(key in from)) patch[key] = value;
      else {
        const sub = mergePatch(from[key], value);
        if (sub !== undefined) patch[key] = sub;
      }
    }
    return Object.keys(patch).length > 0 ? patch : undefined;
  }
  return JSON.stringify(from) === JSON.stringify(to) ? undefined : (to as Json);
}

/** A word for a POSIX shell: single-quoted, with `'` as `'\''`. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** kubectl's TYPE for a kind and apiVersion: `deployment.apps`, `pod`. */
export function kubectlType(kind: string, apiVersion: string): string {
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  return kind.toLowerCase() + (group ? `.${group}` : '');
}

export type EditPlan =
  /** Nothing to send: kubectl's words for why. */
  | { kind: 'cancelled'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'patch'; script: string };

/**
 * What saving the edited text does, as kubectl edit decides it: an empty file or no change
 * cancels; a changed apiVersion, kind or name is refused; otherwise a merge patch.
 */
export function planEdit(target: EditTarget, edited: string, dryRun = false): EditPlan {
  const body = edited
    .split('\n')
    .filter((l) => !l.startsWith('#'))
    .join('\n');
  if (body.trim() === '') return { kind: 'cancelled', message: 'Edit cancelled, no changes made.' };
  let obj: unknown;
  try {
    obj = YAML.parse(body);
  } catch (e) {
    return { kind: 'error', message: `error: ${(e as Error).message.split('\n')[0]}` };
  }
  if (!isObject(obj)) return { kind: 'error', message: 'error: the edited file is not an object' };
  const o = target.original as Record<string, Json>;
  const md = (v: Record<string, Json>) => (isObject(v.metadata) ? v.metadata : {});
  if (obj.apiVersion !== o.apiVersion || obj.kind !== o.kind || md(obj).name !== md(o).name) {
    // upstream: editoptions.go, the preconditions on apiVersion, kind and metadata.name.
    return { kind: 'error', message: 'error: At least one of apiVersion, kind and name was changed' };
  }
  const patch = mergePatch(o, obj);
  if (patch === undefined) return { kind: 'cancelled', message: 'Edit cancelled, no changes made.' };
  const ns = target.namespace ? ` -n ${target.namespace}` : '';
  const dry = dryRun ? ' --dry-run=server' : '';
  return { kind: 'patch', script: `kubectl patch ${target.type} ${target.name}${ns} --type merge${dry} -p ${shellQuote(JSON.stringify(patch))}` };
}

/** kubectl edit's line for a patch kubectl printed (`pod/x patched` -> `pod/x edited`). */
export function editedWording(output: string): string {
  return output.replace(/ patched(?: \(no change\))?( \(server dry run\))?$/gm, (_m, dry) => ' edited' + (dry ?? ''));
}
