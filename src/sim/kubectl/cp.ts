/**
 * `kubectl cp [[NAMESPACE/]POD:]PATH [[NAMESPACE/]POD:]PATH [-c CONTAINER]`: files and
 * directories between the learner's machine and a container, through `tar` run in the container
 * by exec (the pods/exec path, CRI ExecSync): `tar cf - PATH` out of the pod, `tar -xmf - -C DIR`
 * into it. tar's own messages (`tar: removing leading '/' from member names`) come out on
 * kubectl's stdout, as upstream wires them; a container without tar fails as upstream's does.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/cp/cp.go (extractFileSpec, Run, copyToPod,
 * checkDestinationIsDir, copyFromPod, untarAll, makeTar/recursiveTar), cp/filespec.go.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { fail, type CommandSpec, type Invocation } from './command';
import { CodeExitError, execInPod } from './exec';
import { podForArg } from './logs';
import { readTar, writeTar, type TarEntry } from '../node/programs/sh/applets/tar';
import { isFsError } from '../node/programs/sh/applets/applet';
import type { ContainerFS } from '../node/programs/process';

interface FileSpec {
  namespace?: string;
  pod?: string;
  file: string;
}

const FORMAT_ERROR = 'filespec must match the canonical format: [[namespace/]pod:]file/path';

/** upstream: cp.go extractFileSpec. */
export function extractFileSpec(arg: string): FileSpec {
  const i = arg.indexOf(':');
  if (i === 0) fail(FORMAT_ERROR);
  if (i === -1) return { file: arg };
  const pieces = arg.slice(0, i).split('/');
  const file = arg.slice(i + 1);
  if (pieces.length === 1) return { pod: pieces[0], file };
  if (pieces.length === 2) return { namespace: pieces[0], pod: pieces[1], file };
  return fail(FORMAT_ERROR);
}

/** path.Clean for slash paths. */
function clean(p: string): string {
  const abs = p.startsWith('/');
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length > 0 && out.at(-1) !== '..') out.pop();
      else if (!abs) out.push('..');
    } else out.push(part);
  }
  const s = (abs ? '/' : '') + out.join('/');
  return s || (abs ? '/' : '.');
}
const base = (p: string) => clean(p).split('/').pop() || '/';
const dir = (p: string) => {
  const c = clean(p);
  const i = c.lastIndexOf('/');
  return i < 0 ? '.' : i === 0 ? '/' : c.slice(0, i);
};
/** upstream: filespec.go stripPathShortcuts: leading `../` and `./` go. */
function stripPathShortcuts(p: string): string {
  let s = clean(p);
  while (s.startsWith('../')) s = s.slice(3);
  if (s === '..' || s === '.') return '';
  return s;
}

/** What the learner's machine offers kubectl cp: its disk and how a path resolves there. */
export interface LocalFiles {
  fs: ContainerFS;
  resolve(path: string): string;
}

export const cpCommand: CommandSpec = {
  name: 'cp',
  long: 'Copy files and directories to and from containers.',
  short: 'Copy files and directories to and from containers',
  use: 'cp <file-spec-src> <file-spec-dest>',
  flags: [
    { name: 'container', short: 'c', type: 'string' },
    { name: 'no-preserve', type: 'bool' },
    { name: 'retries', type: 'int', def: 0 }
  ],
  async run(inv) {
    // upstream: cp.go Validate, Run
    if (inv.args.length !== 2) fail('source and destination are required');
    const src = extractFileSpec(inv.args[0]);
    const dest = extractFileSpec(inv.args[1]);
    if (src.pod && dest.pod) fail('one of src or dest must be a local file specification');
    if (src.file === '' || dest.file === '') fail('filepath can not be empty');
    const local = inv.ctx.localFiles;
    if (!local) fail('kubectl cp needs a machine to copy to and from: run it in the console');
    if (src.pod) return copyFromPod(inv, local, src, dest);
    if (dest.pod) return copyToPod(inv, local, src, dest);
    fail('one of src or dest must be a remote file specification');
  }
};

/** Runs argv in the pod's container as kubectl exec does; its stderr goes where `errTo` says. */
async function execIn(inv: Invocation, spec: FileSpec, argv: string[], stdin: string | undefined, errTo: (s: string) => void): Promise<{ stdout: string; exitCode: number }> {
  const pod = await podForArg({ ...inv, namespace: spec.namespace ?? inv.namespace }, spec.pod!, 60_000, false);
  const r = await execInPod(inv, pod, inv.flags.str('container'), argv, stdin, errTo);
  errTo(r.stderr);
  return r;
}

/** upstream: copyFromPod + untarAll: the archive's members under the source's cleaned path land under dest. */
async function copyFromPod(inv: Invocation, local: LocalFiles, src: FileSpec, dest: FileSpec): Promise<void> {
  // tar's stderr is kubectl's stdout here (upstream: the TarPipe's exec has ErrOut: o.Out).
  const r = await execIn(inv, src, ['tar', 'cf', '-', src.file], undefined, (s) => inv.out.out(s));
  if (r.exitCode !== 0) throw new CodeExitError(r.exitCode);
  const entries = readTar(r.stdout);
  if ('error' in entries) fail(entries.error === 'short read' ? 'unexpected EOF' : 'archive/tar: invalid tar header');
  const prefix = stripPathShortcuts(clean(src.file).replace(/^\/+/, ''));
  const destRoot = local.resolve(dest.file);
  for (const e of entries) {
    const name = e.name.replace(/\/$/, '');
    if (!name.startsWith(prefix)) fail('tar contents corrupted');
    const rest = name.slice(prefix.length).replace(/^\/+/, '');
    const target = rest ? clean(`${destRoot}/${rest}`) : clean(destRoot);
    if (target !== clean(destRoot) && !target.startsWith(`${clean(destRoot)}/`)) {
      inv.out.err(`warning: file ${JSON.stringify(target)} is outside target destination, skipping\n`);
      continue;
    }
    local.fs.mkdir(dir(target), true);
    const err = e.type === 'dir' ? local.fs.mkdir(target, true) : local.fs.write(target, e.text);
    if (err && err !== 'EEXIST') fail(err === 'EISDIR' ? `open ${target}: is a directory` : `mkdir ${target}: not a directory`);
  }
}

/** upstream: copyToPod: a tar of the local file or directory named for dest, extracted in dest's directory. */
async function copyToPod(inv: Invocation, local: LocalFiles, src: FileSpec, dest: FileSpec): Promise<void> {
  const srcPath = local.resolve(src.file);
  const st = local.fs.stat(srcPath);
  if (typeof st === 'string') fail(`${src.file} doesn't exist in local filesystem`);
  let destFile = dest.file;
  // upstream: checkDestinationIsDir (`test -d DEST`): into an existing directory, under the source's name.
  const isDir = await execIn(inv, dest, ['test', '-d', dest.file], undefined, () => {});
  if (isDir.exitCode === 0) destFile = `${dest.file.replace(/\/+$/, '')}/${base(src.file)}`;
  const entries: TarEntry[] = [];
  const add = (path: string, name: string) => {
    const s = local.fs.stat(path);
    if (typeof s === 'string') return;
    if (s.type === 'dir') {
      const children = local.fs.list(path);
      if (typeof children === 'string' || children.length === 0) {
        entries.push({ name: `${name}/`, type: 'dir', text: '', mode: 0o755, mtime: s.mtime });
        return;
      }
      for (const c of children) add(`${path.replace(/\/$/, '')}/${c}`, `${name}/${c}`);
      return;
    }
    const text = local.fs.read(path);
    if (!isFsError(text)) entries.push({ name, type: 'file', text, mode: s.mode ?? 0o644, mtime: s.mtime });
  };
  // upstream: makeTar: members named for the destination's base name.
  add(srcPath, base(destFile));
  const argv = inv.flags.bool('no-preserve') ? ['tar', '--no-same-permissions', '--no-same-owner', '-xmf', '-'] : ['tar', '-xmf', '-'];
  const destDir = dir(destFile);
  if (destDir !== '.') argv.push('-C', destDir);
  const r = await execIn(inv, dest, argv, writeTar(entries), (s) => inv.out.err(s));
  inv.out.out(r.stdout);
  if (r.exitCode !== 0) throw new CodeExitError(r.exitCode);
}
