/**
 * An in-memory filesystem implementing process.ts's ContainerFS: directories and text files
 * under absolute paths, each file stamped with the virtual time of its last write from the
 * `now()` it is given. It knows nothing of mounts: the runtime composes the image rootfs and the
 * pod's volumes above it, tests use it alone as a container's whole filesystem.
 *
 * Upstream: none (the semantics are those of Linux syscalls as busybox applets see them:
 * open(O_CREAT|O_TRUNC), unlink, rmdir, mkdir -p, readdir, stat).
 */

import type { ContainerFS, FileStat, FsError } from '../process';

type Entry = { type: 'file'; data: string; mtime: number } | { type: 'dir'; children: Map<string, Entry>; mtime: number };

/** Splits an absolute path into its names, resolving `.` and `..` ("/a/./b/../c" -> [a, c]). */
export function pathNames(path: string): string[] {
  const names: string[] = [];
  for (const name of path.split('/')) {
    if (name === '' || name === '.') continue;
    if (name === '..') names.pop();
    else names.push(name);
  }
  return names;
}

/** A path made absolute against a working directory and normalised ("/data", "../x" -> "/x"). */
export function resolvePath(cwd: string, path: string): string {
  if (path.startsWith('/') && isNormal(path)) return path;
  return '/' + pathNames(path.startsWith('/') ? path : `${cwd}/${path}`).join('/');
}

/** An absolute path already in normal form: no empty, "." or ".." name and no trailing "/" (but "/"). */
function isNormal(path: string): boolean {
  const n = path.length;
  if (n === 1) return true;
  if (path.charCodeAt(n - 1) === 47) return false;
  for (let i = 0; i < n; i++) {
    if (path.charCodeAt(i) !== 47) continue;
    // A name starts at i + 1: it must not be empty, "." or "..".
    const a = path.charCodeAt(i + 1);
    if (a === 47) return false;
    if (a === 46) {
      const b = path.charCodeAt(i + 2);
      if (i + 2 === n || b === 47) return false;
      if (b === 46 && (i + 3 === n || path.charCodeAt(i + 3) === 47)) return false;
    }
  }
  return true;
}

export class MemoryFS implements ContainerFS {
  private root: Entry & { type: 'dir' };

  /** `files` seeds the tree: path -> content (a trailing `/` makes a directory). */
  constructor(
    private readonly now: () => number = () => 0,
    files: Record<string, string> = {}
  ) {
    this.root = { type: 'dir', children: new Map(), mtime: now() };
    for (const dir of ['/bin', '/dev', '/etc', '/home', '/proc', '/root', '/sys', '/tmp', '/usr', '/var']) this.mkdir(dir, true);
    for (const [path, data] of Object.entries(files)) {
      if (path.endsWith('/')) this.mkdir(path, true);
      else {
        this.mkdir('/' + pathNames(path).slice(0, -1).join('/'), true);
        this.write(path, data);
      }
    }
  }

  /** An independent copy (a container's writable layer started from an image's rootfs). */
  clone(now: () => number = this.now): MemoryFS {
    const copy = new MemoryFS(now);
    const deep = (e: Entry): Entry => (e.type === 'file' ? { ...e } : { type: 'dir', mtime: e.mtime, children: new Map([...e.children].map(([k, v]) => [k, deep(v)])) });
    copy.root = deep(this.root) as Entry & { type: 'dir' };
    return copy;
  }

  private lookup(path: string): Entry | FsError {
    let entry: Entry = this.root;
    for (const name of pathNames(path)) {
      if (entry.type !== 'dir') return 'ENOTDIR';
      const next = entry.children.get(name);
      if (!next) return 'ENOENT';
      entry = next;
    }
    return entry;
  }

  /** The parent directory of a path and the path's last name. */
  private parentOf(path: string): { dir: Entry & { type: 'dir' }; name: string } | FsError {
    const names = pathNames(path);
    if (names.length === 0) return 'EEXIST';
    const parent = this.lookup('/' + names.slice(0, -1).join('/'));
    if (typeof parent === 'string') return parent;
    if (parent.type !== 'dir') return 'ENOTDIR';
    return { dir: parent, name: names[names.length - 1] };
  }

  read(path: string): string | FsError {
    const entry = this.lookup(path);
    if (typeof entry === 'string') return entry;
    return entry.type === 'dir' ? 'EISDIR' : entry.data;
  }

  write(path: string, data: string, append = false): FsError | undefined {
    const at = this.parentOf(path);
    if (typeof at === 'string') return at === 'EEXIST' ? 'EISDIR' : at;
    const existing = at.dir.children.get(at.name);
    if (existing?.type === 'dir') return 'EISDIR';
    const mtime = this.now();
    at.dir.children.set(at.name, { type: 'file', data: append && existing ? existing.data + data : data, mtime });
    if (!existing) at.dir.mtime = mtime;
    return undefined;
  }

  remove(path: string, recursive = false): FsError | undefined {
    const at = this.parentOf(path);
    if (typeof at === 'string') return at === 'EEXIST' ? 'EACCES' : at;
    const entry = at.dir.children.get(at.name);
    if (!entry) return 'ENOENT';
    if (entry.type === 'dir' && !recursive && entry.children.size > 0) return 'ENOTEMPTY';
    at.dir.children.delete(at.name);
    at.dir.mtime = this.now();
    return undefined;
  }

  mkdir(path: string, parents = false): FsError | undefined {
    if (parents) {
      let dir = this.root;
      for (const name of pathNames(path)) {
        let next = dir.children.get(name);
        if (!next) {
          next = { type: 'dir', children: new Map(), mtime: this.now() };
          dir.children.set(name, next);
        }
        if (next.type !== 'dir') return 'ENOTDIR';
        dir = next;
      }
      return undefined;
    }
    const at = this.parentOf(path);
    if (typeof at === 'string') return at;
    if (at.dir.children.has(at.name)) return 'EEXIST';
    at.dir.children.set(at.name, { type: 'dir', children: new Map(), mtime: this.now() });
    at.dir.mtime = this.now();
    return undefined;
  }

  list(path: string): string[] | FsError {
    const entry = this.lookup(path);
    if (typeof entry === 'string') return entry;
    if (entry.type !== 'dir') return 'ENOTDIR';
    return [...entry.children.keys()].sort();
  }

  stat(path: string): FileStat | FsError {
    const entry = this.lookup(path);
    if (typeof entry === 'string') return entry;
    return entry.type === 'dir' ? { type: 'dir', size: 4096, mtime: entry.mtime } : { type: 'file', size: new TextEncoder().encode(entry.data).length, mtime: entry.mtime };
  }
}
