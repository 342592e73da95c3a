/**
 * `kubectl edit` typed in the console: real kubectl opens $EDITOR on the object and applies what
 * is saved; here the Editor tab is that editor. This reads the command's TYPE, NAME and namespace
 * (`kubectl edit deploy web -n team`, `kubectl edit deployment/web`) and opens it there.
 * Loaded only when such a line is run.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/edit/edit.go
 */
import type { ExecResult } from '../bridge/protocol';
import { splitArgs } from '../../sim/kubectl/args';
import type { EditorMode } from './modes';

export function parseEditCommand(line: string): { type: string; name: string; namespace?: string } | { error: string } {
  let words: string[];
  try {
    words = splitArgs(line.trim()).slice(2);
  } catch (e) {
    return { error: `error: ${(e as Error).message}` };
  }
  const args: string[] = [];
  let namespace: string | undefined;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === '-n' || w === '--namespace') namespace = words[++i];
    else if (w.startsWith('--namespace=')) namespace = w.slice('--namespace='.length);
    else if (w.startsWith('-n') && w.length > 2) namespace = w.slice(2);
    else if (!w.startsWith('-')) args.push(w);
  }
  const [first, second] = args;
  if (!first) return { error: 'error: You must provide one or more resources by argument or filename.' };
  if (first.includes('/')) {
    const [type, name] = first.split('/', 2);
    return { type, name, namespace };
  }
  // Real kubectl would open every object of the type as a List; the editor edits one object.
  if (!second) return { error: `error: editing every ${first} at once is not supported here; name one: kubectl edit ${first} NAME` };
  return { type: first, name: second, namespace };
}

/** Opens the object in the editor and says so in the console. */
export function runEditCommand(line: string, open: (mode: EditorMode) => void): ExecResult {
  const parsed = parseEditCommand(line);
  if ('error' in parsed) return { output: parsed.error + '\n', exitCode: 1 };
  open({ kind: 'edit', target: { ...parsed, original: {} } });
  const ns = parsed.namespace ? ` -n ${parsed.namespace}` : '';
  return { output: `Editing ${parsed.type}/${parsed.name}${ns} in the Editor tab: Save there sends your changes, as kubectl edit does when the editor closes.\n`, exitCode: 0 };
}
