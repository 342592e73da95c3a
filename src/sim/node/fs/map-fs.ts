/**
 * A filesystem kept in a Map from absolute path to file text, the shape of the node's own
 * filesystem (kubelet/config/file.ts NodeFiles). A directory is a key ending in "/" (`/tmp/`), or
 * implied by any path below it. An optional read-only `base` map sits under the writable one,
 * copy-on-write as overlayfs does for a container's rootfs: reads fall through to the base, writes
 * land in the own map, and removing a base path hides it (a whiteout). The base is shared by every
 * container of the image, so a container costs only what it writes.
 * upstream: none (linux overlayfs semantics: upper/lower dirs and whiteouts; busybox error texts
 * are process.ts FS_ERROR_TEXT).
 */

import type { ContainerFS, FileOwner, FileStat, FsError } from '../programs/process';
import { resolvePath } from '../programs/sh/memfs';

/** `/a//b/./c/../d/` -> `/a/b/d`; relative paths are taken from `/` (the shell resolves them against its cwd first). */
export function normalizePath(path: string): string {
  return resolvePath('/', path);
}

export function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

/** A count of changes, shared by the maps of one node (ContainerRuntime.answerEpoch). */
export interface ChangeCount {
  n: number;
  /** Told at each change, just before it is made (a listener may only schedule work). */
  onChange?: () => void;
}

/** A Map that counts its changes: while `version` stands, nothing in it changed. */
export class VersionedMap<K, V> extends Map<K, V> {
  // Map's constructor calls set() for its entries before these fields exist: they count as version 0.
  version = 0;
  /** Also counted here, when set. */
  changes?: ChangeCount;
  /** Told at each change, just before it is made (a listener may only schedule work). */
  onChange?: () => void;

  override set(key: K, value: V): this {
    changed(this);
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    changed(this);
    return super.delete(key);
  }

  override clear(): void {
    changed(this);
    super.clear();
  }
}

/** One change to a VersionedMap (a function, not a #method: Map's constructor calls set() before the class's private brand exists). */
function changed(m: VersionedMap<unknown, unknown>): void {
  m.version++;
  const changes = m.changes;
  if (changes !== undefined) {
    changes.n++;
    if (changes.onChange !== undefined) changes.onChange();
  }
  if (m.onChange !== undefined) m.onChange();
}

export class MapFS implements ContainerFS {
  /** Base paths removed in this layer (they and everything below them are hidden). */
  readonly #whiteouts = new Set<string>();
  /** Virtual ms of the last write per path (not kept for the base: it was written at time 0). */
  readonly #mtimes = new Map<string, number>();
  /** Owners and modes set by chown (fsGroup volumes, files a non-root process creates); others are root's. */
  readonly #owners = new Map<string, FileOwner>();

  constructor(
    readonly own: Map<string, string>,
    private readonly now: () => number = () => 0,
    readonly base?: ReadonlyMap<string, string>
  ) {}

  #hidden(key: string): boolean {
    if (this.#whiteouts.size === 0) return false;
    for (let p = key.endsWith('/') ? key.slice(0, -1) : key; ; p = parentOf(p)) {
      if (this.#whiteouts.has(p)) return true;
      if (p === '/') return false;
    }
  }

  #get(key: string): string | undefined {
    const v = this.own.get(key);
    if (v !== undefined || !this.base) return v;
    return this.#hidden(key) ? undefined : this.base.get(key);
  }

  *#keys(): Iterable<string> {
    yield* this.own.keys();
    if (this.base) for (const k of this.base.keys()) if (!this.own.has(k) && !this.#hidden(k)) yield k;
  }

  isDir(path: string): boolean {
    if (path === '/') return true;
    if (this.#get(path + '/') !== undefined) return true;
    const prefix = path + '/';
    for (const k of this.#keys()) if (k.startsWith(prefix)) return true;
    return false;
  }

  isFile(path: string): boolean {
    return this.#get(path) !== undefined;
  }

  /** ENOENT, or ENOTDIR when a parent is a file; undefined when the parent directory exists. */
  #checkParent(path: string): FsError | undefined {
    const parent = parentOf(path);
    if (this.isDir(parent)) return undefined;
    return this.isFile(parent) ? 'ENOTDIR' : 'ENOENT';
  }

  read(path: string): string | FsError {
    const p = normalizePath(path);
    const v = this.#get(p);
    if (v !== undefined) return v;
    return this.isDir(p) ? 'EISDIR' : 'ENOENT';
  }

  write(path: string, data: string, append = false): FsError | undefined {
    const p = normalizePath(path);
    if (this.isDir(p)) return 'EISDIR';
    const err = this.#checkParent(p);
    if (err) return err;
    this.own.set(p, append ? (this.#get(p) ?? '') + data : data);
    this.#mtimes.set(p, this.now());
    return undefined;
  }

  remove(path: string, recursive = false): FsError | undefined {
    const p = normalizePath(path);
    if (this.isFile(p)) {
      this.own.delete(p);
      this.#mtimes.delete(p);
      this.#owners.delete(p);
      if (this.base?.has(p)) this.#whiteouts.add(p);
      return undefined;
    }
    if (!this.isDir(p) || p === '/') return p === '/' ? 'EACCES' : 'ENOENT';
    if (!recursive) return 'EISDIR';
    const prefix = p + '/';
    for (const k of [...this.own.keys()]) if (k === prefix || k.startsWith(prefix)) this.own.delete(k);
    for (const k of [...this.#owners.keys()]) if (k === p || k.startsWith(prefix)) this.#owners.delete(k);
    if (this.base) for (const k of this.base.keys()) if (k.startsWith(prefix)) this.#whiteouts.add(p);
    return undefined;
  }

  mkdir(path: string, parents = false): FsError | undefined {
    const p = normalizePath(path);
    if (this.isDir(p)) return parents ? undefined : 'EEXIST';
    if (this.isFile(p)) return 'EEXIST';
    const err = this.#checkParent(p);
    if (err === 'ENOTDIR') return err;
    if (err && !parents) return err;
    if (err) {
      const up = this.mkdir(parentOf(p), true);
      if (up) return up;
    }
    this.own.set(p + '/', '');
    this.#mtimes.set(p, this.now());
    return undefined;
  }

  list(path: string): string[] | FsError {
    const p = normalizePath(path);
    if (!this.isDir(p)) return this.isFile(p) ? 'ENOTDIR' : 'ENOENT';
    const prefix = p === '/' ? '/' : p + '/';
    const names = new Set<string>();
    for (const k of this.#keys()) {
      if (!k.startsWith(prefix) || k.length === prefix.length) continue;
      names.add(k.slice(prefix.length).split('/')[0]);
    }
    return [...names].sort();
  }

  stat(path: string): FileStat | FsError {
    const p = normalizePath(path);
    const v = this.#get(p);
    const owner = this.#owners.get(p);
    if (v !== undefined) return { type: 'file', size: v.length, mtime: this.#mtimes.get(p) ?? 0, ...owner };
    if (this.isDir(p)) return { type: 'dir', size: 4096, mtime: this.#mtimes.get(p) ?? 0, ...owner };
    return 'ENOENT';
  }

  chown(path: string, owner: FileOwner): void {
    this.#owners.set(normalizePath(path), { ...owner });
  }
}

/** One MapFS per node filesystem map, so every user of the map shares the same mtimes. */
const nodeFilesystems = new WeakMap<Map<string, string>, MapFS>();

/** The node's own filesystem (the kubelet host's NodeFiles) as a ContainerFS. */
export function nodeFS(files: Map<string, string>, now: () => number = () => 0): MapFS {
  let fs = nodeFilesystems.get(files);
  if (!fs) nodeFilesystems.set(files, (fs = new MapFS(files, now)));
  return fs;
}
