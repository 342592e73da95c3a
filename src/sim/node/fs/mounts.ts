/**
 * A container's view of files: its rootfs with the pod's volume mounts on top. Each CRI Mount
 * binds a node path (`/var/lib/kubelet/pods/<uid>/volumes/kubernetes.io~configmap/config`) at a
 * container path (`/etc/config`); the longest mount containing a path wins, a path under no mount
 * is the rootfs's. Writes through a mount land in the node's filesystem, so the pod's other
 * containers and `kubectl exec` see them; a readonly mount answers EROFS.
 * upstream: containerd internal/cri/opts/spec_opts.go WithMounts (bind mounts, "ro" option),
 * staging/src/k8s.io/cri-api/pkg/apis/runtime/v1/api.proto message Mount.
 */

import { defaultMode, type ContainerFS, type FileOwner, type FileStat, type FsError, type ProcessCredentials } from '../programs/process';
import { normalizePath, parentOf } from './map-fs';

export interface BindMount {
  containerPath: string;
  hostPath: string;
  readonly?: boolean;
}

/** What the container's securityContext makes of its files. */
export interface MountOptions {
  /** readOnlyRootFilesystem: writes outside the volume mounts answer EROFS. */
  readonlyRoot?: boolean;
  /** Who the container's processes run as: new files are theirs, a non-root writer needs write permission. */
  user?: ProcessCredentials;
}

/** May `user` write (bit 2) to a file with this stat? Root always may (CAP_DAC_OVERRIDE). */
export function mayWrite(st: FileStat, path: string, user: ProcessCredentials | undefined): boolean {
  if (!user || user.uid === 0) return true;
  const mode = st.mode ?? defaultMode(path, st.type);
  if ((st.uid ?? 0) === user.uid) return ((mode >> 6) & 2) !== 0;
  const gid = st.gid ?? 0;
  if (user.gid === gid || user.groups.includes(gid)) return ((mode >> 3) & 2) !== 0;
  return (mode & 2) !== 0;
}

export class MountedFS implements ContainerFS {
  readonly #mounts: BindMount[];
  readonly #options: MountOptions;

  constructor(
    readonly rootfs: ContainerFS,
    readonly node: ContainerFS,
    mounts: readonly BindMount[],
    options: MountOptions = {}
  ) {
    this.#options = options;
    // Longest container path first, so /etc/config/sub beats /etc/config.
    this.#mounts = mounts
      .map((m) => ({ ...m, containerPath: normalizePath(m.containerPath), hostPath: normalizePath(m.hostPath) }))
      .sort((a, b) => b.containerPath.length - a.containerPath.length);
  }

  /** Which filesystem holds a path, and the path there. */
  #resolve(path: string): { fs: ContainerFS; path: string; readonly: boolean } {
    const p = normalizePath(path);
    const m = this.#mountOf(p);
    if (m) return { fs: this.node, path: m.hostPath + p.slice(m.containerPath.length), readonly: !!m.readonly };
    return { fs: this.rootfs, path: p, readonly: !!this.#options.readonlyRoot };
  }

  /** The mount holding a normal path: the path is its container path or below it (no string made per mount). */
  #mountOf(p: string): BindMount | undefined {
    for (const m of this.#mounts) {
      const cp = m.containerPath;
      if (p.startsWith(cp) && (p.length === cp.length || p.charCodeAt(cp.length) === 47)) return m;
    }
    return undefined;
  }

  /**
   * EACCES when a non-root user may not create, change or remove `path` (write permission on the
   * file, or on its directory for a new or removed one); else the owner a new entry gets: the
   * process's uid and gid, the directory's group under a setgid directory (an fsGroup volume).
   */
  #access(path: string, type: 'file' | 'dir', removing = false): { error?: FsError; owner?: FileOwner } {
    const user = this.#options.user;
    // Root in the rootfs: nothing to check, no setgid directory to inherit from (the hot path).
    if ((!user || user.uid === 0) && this.#resolve(path).fs === this.rootfs) return {};
    const p = normalizePath(path);
    const dir = parentOf(p);
    const existing = this.stat(p);
    const parent = this.stat(dir);
    if (typeof existing !== 'string' && !removing) return mayWrite(existing, p, user) ? {} : { error: 'EACCES' };
    if (typeof parent === 'string') return {};
    if (!mayWrite(parent, dir, user)) return { error: 'EACCES' };
    if (removing) return {};
    const setgid = ((parent.mode ?? 0) & 0o2000) !== 0;
    if (!user && !setgid) return {};
    const gid = setgid ? (parent.gid ?? 0) : (user?.gid ?? 0);
    return { owner: { uid: user?.uid ?? 0, gid, mode: type === 'dir' ? 0o755 | (setgid ? 0o2000 : 0) : 0o644 } };
  }

  #chown(path: string, owner: FileOwner | undefined): void {
    if (!owner) return;
    const r = this.#resolve(path);
    r.fs.chown?.(r.path, owner);
  }

  /** Mount points directly inside a directory: they show in a listing even when the rootfs has no such entry. */
  #mountPointsIn(dir: string): string[] {
    return this.#mounts.filter((m) => m.containerPath !== '/' && parentOf(m.containerPath) === dir).map((m) => m.containerPath.slice(dir === '/' ? 1 : dir.length + 1));
  }

  read(path: string): string | FsError {
    // #resolve without its record (a probe's GET reads a file every 10 s).
    const p = normalizePath(path);
    const m = this.#mountOf(p);
    return m ? this.node.read(m.hostPath + p.slice(m.containerPath.length)) : this.rootfs.read(p);
  }

  write(path: string, data: string, append?: boolean): FsError | undefined {
    const r = this.#resolve(path);
    if (r.readonly) return 'EROFS';
    const access = this.#access(path, 'file');
    if (access.error) return access.error;
    const error = r.fs.write(r.path, data, append);
    if (!error) this.#chown(path, access.owner);
    return error;
  }

  remove(path: string, recursive?: boolean): FsError | undefined {
    const r = this.#resolve(path);
    if (this.#mounts.some((m) => m.containerPath === normalizePath(path))) return 'EACCES'; // EBUSY: a mount point
    if (r.readonly) return 'EROFS';
    return this.#access(path, 'file', true).error ?? r.fs.remove(r.path, recursive);
  }

  mkdir(path: string, parents?: boolean): FsError | undefined {
    const r = this.#resolve(path);
    if (r.readonly) return r.fs.stat(r.path) === 'ENOENT' ? 'EROFS' : parents ? undefined : 'EEXIST';
    if (parents && r.fs.stat(r.path) === 'ENOENT' && parentOf(normalizePath(path)) !== normalizePath(path)) {
      const up = this.mkdir(parentOf(normalizePath(path)), true);
      if (up) return up;
    }
    if (r.fs.stat(r.path) === 'ENOENT') {
      const access = this.#access(path, 'dir');
      if (access.error) return access.error;
      const error = r.fs.mkdir(r.path, parents);
      if (!error) this.#chown(path, access.owner);
      return error;
    }
    return r.fs.mkdir(r.path, parents);
  }

  list(path: string): string[] | FsError {
    const r = this.#resolve(path);
    const own = r.fs.list(r.path);
    const extra = this.#mountPointsIn(normalizePath(path));
    if (typeof own === 'string') return extra.length > 0 && own === 'ENOENT' ? extra.sort() : own;
    return [...new Set([...own, ...extra])].sort();
  }

  stat(path: string): FileStat | FsError {
    const r = this.#resolve(path);
    const st = r.fs.stat(r.path);
    // The runtime makes a mount point's missing parents (root's directories) in the rootfs.
    if (st === 'ENOENT' && r.fs === this.rootfs && this.#mountPointsIn(normalizePath(path)).length > 0) return { type: 'dir', size: 4096, mtime: 0 };
    return st;
  }
}
