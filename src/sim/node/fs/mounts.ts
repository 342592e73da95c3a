/**
 * A container's view of files: its rootfs with the pod's volume mounts on top. Each CRI Mount
 * binds a node path (`/var/lib/kubelet/pods/<uid>/volumes/kubernetes.io~configmap/config`) at a
 * container path (`/etc/config`); the longest mount containing a path wins, a path under no mount
 * is the rootfs's. Writes through a mount land in the node's filesystem, so the pod's other
 * containers and `kubectl exec` see them; a readonly mount answers EROFS.
 * upstream: containerd internal/cri/opts/spec_opts.go WithMounts (bind mounts, "ro" option),
 * staging/src/k8s.io/cri-api/pkg/apis/runtime/v1/api.proto message Mount.
 */

import type { ContainerFS, FileStat, FsError } from '../programs/process';
import { normalizePath, parentOf } from './map-fs';

export interface BindMount {
  containerPath: string;
  hostPath: string;
  readonly?: boolean;
}

export class MountedFS implements ContainerFS {
  readonly #mounts: BindMount[];

  constructor(
    readonly rootfs: ContainerFS,
    readonly node: ContainerFS,
    mounts: readonly BindMount[]
  ) {
    // Longest container path first, so /etc/config/sub beats /etc/config.
    this.#mounts = mounts
      .map((m) => ({ ...m, containerPath: normalizePath(m.containerPath), hostPath: normalizePath(m.hostPath) }))
      .sort((a, b) => b.containerPath.length - a.containerPath.length);
  }

  /** Which filesystem holds a path, and the path there. */
  #resolve(path: string): { fs: ContainerFS; path: string; readonly: boolean } {
    const p = normalizePath(path);
    for (const m of this.#mounts) {
      if (p === m.containerPath || p.startsWith(m.containerPath + '/')) {
        return { fs: this.node, path: m.hostPath + p.slice(m.containerPath.length), readonly: !!m.readonly };
      }
    }
    return { fs: this.rootfs, path: p, readonly: false };
  }

  /** Mount points directly inside a directory: they show in a listing even when the rootfs has no such entry. */
  #mountPointsIn(dir: string): string[] {
    return this.#mounts.filter((m) => m.containerPath !== '/' && parentOf(m.containerPath) === dir).map((m) => m.containerPath.slice(dir === '/' ? 1 : dir.length + 1));
  }

  read(path: string): string | FsError {
    const r = this.#resolve(path);
    return r.fs.read(r.path);
  }

  write(path: string, data: string, append?: boolean): FsError | undefined {
    const r = this.#resolve(path);
    return r.readonly ? 'EROFS' : r.fs.write(r.path, data, append);
  }

  remove(path: string, recursive?: boolean): FsError | undefined {
    const r = this.#resolve(path);
    if (this.#mounts.some((m) => m.containerPath === normalizePath(path))) return 'EACCES'; // EBUSY: a mount point
    return r.readonly ? 'EROFS' : r.fs.remove(r.path, recursive);
  }

  mkdir(path: string, parents?: boolean): FsError | undefined {
    const r = this.#resolve(path);
    if (r.readonly) return r.fs.stat(r.path) === 'ENOENT' ? 'EROFS' : parents ? undefined : 'EEXIST';
    if (r.fs === this.rootfs || !parents) return r.fs.mkdir(r.path, parents);
    return r.fs.mkdir(r.path, true);
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
    return r.fs.stat(r.path);
  }
}
