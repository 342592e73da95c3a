/**
 * Redirections of a command's standard streams: `>`, `>>`, `<`, `2>&1`, `>&2`, `n>&-`,
 * `/dev/null`, `/dev/stdout`, `/dev/stderr` and here-documents, with ash's messages.
 *
 * Upstream: busybox shell/ash.c (redirect, openredirect, redirectsafe).
 */

import type { Redir } from './ast';
import { expandString } from './expand';
import { resolvePath } from './memfs';
import { FS_ERROR_TEXT } from '../process';
import type { Shell } from './shell';
import { Input, type Gen, type IO } from './types';

/**
 * Applies redirections to a command's streams; a number is the failure status (2, as ash's
 * redirectsafe; "can't create X: nonexistent directory", "can't open X: no such file").
 */
export function* applyRedirections(sh: Shell, redirs: readonly Redir[], io: IO): Gen<IO | number> {
  if (redirs.length === 0) return io;
  const fds: Record<number, (s: string) => void> = { 1: io.out, 2: io.err };
  let stdin = io.stdin;
  const discard = () => undefined;
  for (const r of redirs) {
    const target = yield* expandString(sh, r.target);
    if (r.op === '<<' || r.op === '<<-') {
      if (r.fd === 0) stdin = new Input(target);
      continue;
    }
    if (r.op === '>&' || r.op === '<&') {
      if (target === '-') fds[r.fd] = discard;
      else if (/^\d+$/.test(target) && r.op === '>&') fds[r.fd] = fds[Number(target)] ?? discard;
      continue;
    }
    const path = resolvePath(sh.cwd, target);
    if (r.op === '<' || r.op === '<>') {
      const text = path === '/dev/null' ? '' : sh.fs.read(path);
      if (text === 'ENOENT' || text === 'ENOTDIR' || text === 'EISDIR' || text === 'EACCES') {
        io.err(`sh: can't open ${target}: ${text === 'ENOENT' || text === 'ENOTDIR' ? 'no such file' : FS_ERROR_TEXT[text]}\n`);
        return 2;
      }
      if (r.fd === 0) stdin = new Input(text as string);
      continue;
    }
    if (path === '/dev/null') fds[r.fd] = discard;
    else if (path === '/dev/stdout') fds[r.fd] = fds[1];
    else if (path === '/dev/stderr') fds[r.fd] = fds[2];
    else {
      const error = sh.fs.write(path, '', r.op === '>>');
      if (error) {
        io.err(`sh: can't create ${target}: ${error === 'ENOENT' || error === 'ENOTDIR' ? 'nonexistent directory' : FS_ERROR_TEXT[error]}\n`);
        return 2;
      }
      fds[r.fd] = (s: string) => void sh.fs.write(path, s, true);
    }
  }
  return { stdin, out: fds[1] ?? discard, err: fds[2] ?? discard };
}
