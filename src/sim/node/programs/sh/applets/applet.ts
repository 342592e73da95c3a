/**
 * How an applet is called (argv, its streams, the environment, the container through its
 * ProcessContext) and the helpers applets share: reading a file or stdin with busybox's
 * "can't open" wording, and simple option parsing.
 *
 * Upstream: busybox libbb (getopt32, xfopen_stdin, bb_perror_msg wording "can't open '%s'").
 */

import { FS_ERROR_TEXT, type FsError, type ProcessContext } from '../../process';
import type { ProcState } from '../proc';
import type { Shell } from '../shell';
import type { Gen, IO } from '../types';

export interface AppletCall {
  argv: string[];
  io: IO;
  /** The exported environment, with the command's own `VAR=x` prefixes. */
  env: Record<string, string>;
  cwd: string;
  ctx: ProcessContext;
  /** A path made absolute against the working directory. */
  path(p: string): string;
  proc: ProcState;
  shell: Shell;
}

/** An applet returns its exit status, or is a generator when it waits (sleep, tail -f). */
export type Applet = (call: AppletCall) => number | Gen;

export const isFsError = (v: unknown): v is FsError => typeof v === 'string' && v in FS_ERROR_TEXT;

/** A file's text, or stdin for `-` / no file; undefined after printing busybox's error. */
export function readInput(call: AppletCall, file: string | undefined): string | undefined {
  if (file === undefined || file === '-') return call.io.stdin.readAll();
  const path = call.path(file);
  if (path === '/dev/null') return '';
  const text = call.ctx.fs.read(path);
  if (isFsError(text)) {
    const name = call.argv[0].split('/').pop();
    call.io.err(text === 'EISDIR' ? `${name}: read error: Is a directory\n` : `${name}: can't open '${file}': ${FS_ERROR_TEXT[text]}\n`);
    return undefined;
  }
  return text;
}

/**
 * Splits flags from operands: `-nq`, `-n 5` (for flags in `withValue`), `--` ends options.
 * Returns the flags seen (value or true) and the operands.
 */
export function parseFlags(args: string[], withValue = ''): { flags: Record<string, string | true>; operands: string[] } {
  const flags: Record<string, string | true> = {};
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (!a.startsWith('-') || a === '-' || a.startsWith('--')) {
      if (a.startsWith('--')) flags[a] = true;
      else operands.push(a);
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const c = a[j];
      if (withValue.includes(c)) {
        flags[c] = a.slice(j + 1) || (args[++i] ?? '');
        break;
      }
      flags[c] = true;
    }
  }
  return { flags, operands };
}

/** Text split into lines, each keeping its newline. */
export function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}
