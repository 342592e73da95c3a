/**
 * What a kubectl command gets from the cluster it runs against. kubectl is an API client like
 * any other: it only sends requests; it never reaches into a component.
 */
import type { ApiRequest, ApiResult, WatchEvent } from '../apiserver/apiserver';
import type { Status } from '../api/errors';
import type { KubeletDialResult, KubeletRequest } from '../kubelet/server/server';
import type { UsageReport } from '../kubelet/cm/node-controls';
import type { Kubeconfig } from './config';
import type { PortBinding, PortForwardSpec } from './portforward';
import type { LocalFiles } from './cp';

export interface KubectlContext {
  /** Sends a request as user `kubectl` and waits for the answer (virtual time does not move). */
  request(req: Omit<ApiRequest, 'user'>): Promise<ApiResult>;
  /** Current virtual time in ms (for AGE columns). */
  now(): number;
  /**
   * Lets virtual time run, in small steps, until `done()` resolves true or `timeoutMs` of virtual
   * time has passed; returns whether done. Used where real kubectl blocks (`delete --wait`,
   * `rollout status`, `wait`).
   */
  waitFor(done: () => Promise<boolean>, timeoutMs: number): Promise<boolean>;
  /**
   * The API server's connection to a node's kubelet (port 10250), for what the API server proxies
   * there: pod logs, exec, `/api/v1/nodes/NODE/proxy/...`. Virtual time runs until it answers.
   */
  kubelet?(node: string, req: KubeletRequest): Promise<KubeletDialResult>;
  /**
   * For `logs -f` where output can stream (the page console): asks the kubelet `req` now and every
   * `periodMs` of virtual time after each answer, while the cluster runs, until `onReply` returns
   * false or stop() (Ctrl-C stops it too).
   */
  pollKubelet?(node: string, req: KubeletRequest, periodMs: number, onReply: (r: KubeletDialResult) => boolean): { stop(): void };
  /**
   * metrics-server's scrape of a node's kubelet at virtual time `at` (`kubectl top`): the node's
   * and its running containers' usage; undefined when the kubelet does not answer.
   */
  metrics?(node: string, at: number): Promise<UsageReport | undefined>;
  /**
   * The kubeconfig of the machine kubectl runs on (the console's): `kubectl config` reads and
   * changes it, and its current context's namespace is the default one. Absent: kubeadm's admin
   * context, namespace default.
   */
  kubeconfig?: Kubeconfig;
  /** Standard input (the body of a `<<EOF` heredoc, or what was piped in), if any. */
  stdin?: string;
  /** Reads a file named with `-f FILE` (the CLI reads the disk; the page has none). */
  readFile?(path: string): Promise<string>;
  /**
   * For `get -w`: present only where output can stream (the page console). Opens a watch and
   * calls `onEvent` for each change until the returned stop() is called.
   */
  watch?(req: Omit<ApiRequest, 'user'>, onEvent: (e: WatchEvent) => void, onError: (s: Status) => void): { stop(): void };
  /**
   * `kubectl port-forward`: the learner's machine opens a listener per port and address (the
   * console's host); connections to them go to the pod until close(), Ctrl-C, or a connection fails.
   */
  portForward?: { open(spec: PortForwardSpec): { bindings: PortBinding[]; close(): void } };
  /** The learner's machine's disk, for `kubectl cp` (the console's home directory). */
  localFiles?: LocalFiles;
  /** Streams a line to the console while the command keeps running (with `watch`). */
  print?(text: string): void;
}

export interface CommandOutput {
  stdout: string;
  stderr: string;
  /** 0 on success, 1 on error (kubectl's DefaultErrorExitCode). */
  exitCode: number;
  /** stdout and stderr in the order a terminal shows them, when that is not stdout then stderr (a `Warning:` before the line it concerns). */
  segments?: TerminalSegment[];
}

export interface TerminalSegment {
  stream: 'stdout' | 'stderr';
  text: string;
}
