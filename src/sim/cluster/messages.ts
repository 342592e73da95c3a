/**
 * What component hosts say to each other. Every message is plain data (structured-clone safe),
 * so a host can live in this thread or in a Web Worker without changing what happens.
 */
import type { ApiRequest, ApiResult, WatchEvent } from '../apiserver/apiserver';
import type { Status } from '../api/errors';
import type { TraceEvent } from '../kernel/trace';

export type HostMessage =
  | { type: 'request'; id: number; req: ApiRequest }
  | { type: 'response'; id: number; result: ApiResult }
  | { type: 'watch'; id: number; req: ApiRequest }
  | { type: 'watch-event'; id: number; event: WatchEvent }
  | { type: 'watch-error'; id: number; status: Status }
  | { type: 'watch-stop'; id: number }
  /** A host-specific command from the cluster (power off a kubelet, replace its config...). */
  | { type: 'control'; command: string; args: Record<string, unknown> };

export interface Envelope {
  from: string;
  to: string;
  msg: HostMessage;
}

/** What a host reports after each step. */
export interface StepResult {
  outbox: Envelope[];
  /** Trace events recorded during the step, with t set and seq local to the step. */
  trace: TraceEvent[];
  /** Earliest pending timer of the host, or Infinity when idle. */
  next: number;
}

/** The conductor's view of a host, wherever it lives. */
export interface HostLink {
  readonly name: string;
  /** Delivers the inbox (in order), runs every timer due up to t, and reports. */
  step(t: number, inbox: Envelope[]): StepResult | Promise<StepResult>;
  /** Frees what the host holds outside this thread (its Web Worker) once its cluster is dropped. */
  dispose?(): void;
  /**
   * Code in this thread awaits what this host hears (the console: kubectl's requests, `sim`'s
   * questions). While it waits for an answer, and for some rounds after the host heard anything,
   * each round ends with a microtask turn, so that code goes on where it was answered. Rounds of
   * the other hosts alone run back to back.
   */
  readonly awaited?: boolean;
  /** For an awaited host: whether it is waiting for an answer (a request or question in flight). */
  waiting?(): boolean;
}
