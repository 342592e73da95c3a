/**
 * The contract between a container's process and the node under it. A program (the `sh`
 * interpreter, nginx, agnhost, ...) is a resumable process: the shim (cri/shim.ts) calls
 * `resume()`, the process runs until it must wait (a `sleep`, a blocking `wait`, a server that
 * runs until stopped) or ends, and says which. Virtual time passes only in the shim, between
 * steps; everything a process does within a step happens at one virtual instant. Signals are
 * delivered with `signal()`; a process with a handler (sh `trap`, nginx's SIGQUIT) reacts, any
 * other signal is ignored by PID 1 (SIGKILL always kills: the shim handles that itself).
 *
 * The process sees the machine only through its ProcessContext: the container's filesystem
 * (image rootfs + the pod's volume mounts), its environment, DNS and the network, and its
 * stdout/stderr (which the runtime writes to the container's log file in CRI log format).
 * Programs read time and randomness only through `ctx.now()` and `ctx.random()`.
 */

import type { Signal } from './programs';

/** What a process asks for when it stops running. */
export type Step =
  /** Wait this many virtual ms, then resume() again (sh `sleep 5`: { kind: 'sleep', ms: 5000 }). */
  | { kind: 'sleep'; ms: number }
  /** Wait until a signal arrives (a server, `sleep infinity`, `tail -f`, `wait` with no child left to finish). */
  | { kind: 'block' }
  /** The process has exited with this status (0..255). */
  | { kind: 'exit'; code: number };

/** How a process takes a signal. `handled`: resume() again now (a trap ran or will run; the shim calls resume()). */
export type SignalOutcome = { kind: 'ignore' } | { kind: 'die' } | { kind: 'handled' };

export type FsError = 'ENOENT' | 'EEXIST' | 'ENOTDIR' | 'EISDIR' | 'EROFS' | 'ENOTEMPTY' | 'EACCES';

/** The human text of an FsError as busybox prints it ("No such file or directory"). */
export const FS_ERROR_TEXT: Record<FsError, string> = {
  ENOENT: 'No such file or directory',
  EEXIST: 'File exists',
  ENOTDIR: 'Not a directory',
  EISDIR: 'Is a directory',
  EROFS: 'Read-only file system',
  ENOTEMPTY: 'Directory not empty',
  EACCES: 'Permission denied'
};

export interface FileStat {
  type: 'file' | 'dir';
  size: number;
  /** Virtual ms of the last write. */
  mtime: number;
  /** Owner, group and permission bits (setgid 0o2000, sticky 0o1000 included); absent: root, root, the default mode. */
  uid?: number;
  gid?: number;
  mode?: number;
}

/** Who owns a file and its permission bits. */
export interface FileOwner {
  uid: number;
  gid: number;
  mode: number;
}

/** The permission bits of a file without an owner record: root's 0755 directories (1777 for /tmp), 0644 files. */
export function defaultMode(path: string, type: 'file' | 'dir'): number {
  if (type === 'file') return 0o644;
  return path === '/tmp' || path === '/var/tmp' ? 0o1777 : 0o755;
}

/** The container's view of files: absolute paths, already resolved against mounts. */
export interface ContainerFS {
  /** The file's text, or an error (ENOENT, EISDIR). */
  read(path: string): string | FsError;
  /** Creates or truncates (append: appends); the parent directory must exist. */
  write(path: string, data: string, append?: boolean): FsError | undefined;
  /** Removes a file, or a directory with `recursive`. */
  remove(path: string, recursive?: boolean): FsError | undefined;
  /** Makes a directory; `parents` as `mkdir -p`. */
  mkdir(path: string, parents?: boolean): FsError | undefined;
  /** Sorted names in a directory. */
  list(path: string): string[] | FsError;
  stat(path: string): FileStat | FsError;
  /** Records a path's owner and mode (chown + chmod); filesystems without owners ignore it. */
  chown?(path: string, owner: FileOwner): void;
}

/** An HTTP exchange as a client sees it. `error` is wget's wording: "Connection refused", "bad address 'x'". */
export type HttpResponse = { status: number; statusText: string; body: string; headers?: Record<string, string> } | { error: string };

/** The pod network and cluster DNS as seen from inside this pod (the kubelet builds it from the API). */
export interface Network {
  /** The nameserver in /etc/resolv.conf (the cluster DNS Service, 10.96.0.10). */
  readonly nameserver: string;
  /** The resolv.conf search list: `<ns>.svc.cluster.local svc.cluster.local cluster.local`. */
  readonly search: readonly string[];
  /**
   * DNS A lookup as nslookup does it: the name as given and through the search list (ndots 5).
   * Returns the fully qualified name and its addresses, or undefined (NXDOMAIN).
   */
  lookup(name: string): { name: string; addresses: string[] } | undefined;
  /** An HTTP GET to host:port/path from this pod. */
  httpGet(host: string, port: number, path: string, headers?: Record<string, string>): HttpResponse;
  /** A TCP connect: 'open' when something listens, 'refused' when nothing does, 'unreachable' when no route (nc -z, probes). */
  tcpConnect(host: string, port: number): 'open' | 'refused' | 'unreachable';
}

/** Who a process runs as (the container's securityContext and image user, resolved by the runtime). */
export interface ProcessCredentials {
  uid: number;
  gid: number;
  /** Supplementary groups, sorted as the kernel keeps them (the primary gid included, as containerd adds it). */
  groups: number[];
}

export interface ProcessContext {
  argv: readonly string[];
  /** The process's credentials; absent means root (uid 0, gid 0). */
  user?: ProcessCredentials;
  /** The argv of the container's PID 1, for a process started by exec (`ps` lists it). */
  initArgv?: readonly string[];
  /** The container's environment (image ENV, then the pod spec's env and service links), in order. */
  env: Record<string, string>;
  hostname: string;
  /** The working directory (the image's WORKDIR or the container's workingDir, `/` by default). */
  cwd: string;
  fs: ContainerFS;
  net: Network;
  /** Virtual ms since the simulation epoch (kernel/clock.ts SIM_EPOCH_MS). */
  now(): number;
  /** A seeded draw in [0, 1) from the container's own stream (the kernel Rand, never a global one). */
  random(): number;
  stdout(text: string): void;
  stderr(text: string): void;
  /** PID 1's stdin is attached and open (`kubectl run -it ... -- sh`): an interactive shell waits on it. */
  stdinOpen?: boolean;
  /** What arrives on stdin before it closes (`kubectl exec -i POD -- sh < script`). */
  stdin?: string;
}

export interface Process {
  /** Runs until the process must wait or exits. Called once after start and after every sleep/handled signal. */
  resume(): Step;
  /** A signal other than SIGKILL arrives. */
  signal(signal: Signal): SignalOutcome;
  /** TCP ports this process listens on now (servers, `nc -l -p 8080`), for probes and the network. */
  listening(): readonly number[];
  /**
   * True while what the process listens on and how it answers a request can change only through
   * its files, a signal or its end (a server of files, up and with no exit ahead); false or none
   * when they change by themselves (starting up, a timed exit, answers that vary with time). A
   * prober may then reuse an answer while the node's runtime says none of those happened
   * (ContainerRuntime.answerEpoch).
   */
  steady?(): boolean;
  /** Answers an HTTP GET on a port it listens on (nginx's welcome page, agnhost netexec /hostname); `client`: the peer's address, when the network knows it (nginx logs it). */
  http?(port: number, path: string, headers: Record<string, string>, client?: { ip: string }): HttpResponse;
}

/** Starts a program: the image's entrypoint/cmd resolved to argv, in a context. */
export type ProgramFactory = (ctx: ProcessContext) => Process;
