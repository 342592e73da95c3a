/**
 * What every probe handler answers, and how it reaches the pod: a probe result with its output
 * (the text of the Unhealthy event) or an error (the probe errored: its result is thrown away).
 * The handlers connect from the node to the pod's IP: the processes of the pod with that IP on
 * this node (the runtime's `processesAt`), and a container marked hung (`sim container hang`)
 * accepts nothing in time.
 * upstream: pkg/probe/probe.go (Result: success, warning, failure, unknown)
 */
import type { Process } from '../../../node/programs/process';
import type { ListenerMemo } from '../../../node/cri/runtime';

export type ProbeResult = 'success' | 'warning' | 'failure' | 'unknown';

export interface ProbeOutcome {
  result: ProbeResult;
  output: string;
  /** The probe could not be run (upstream: the error returned with probe.Unknown). */
  error?: string;
}

export type ProbeDone = (o: ProbeOutcome) => void;

/** The node side of a probe: the pods' processes on this node and the clock for timeouts. */
export interface ProbeNetwork {
  processesAt(ip: string): Process[] | undefined;
  /**
   * The first of processesAt(ip) listening on the port, without making the list (null: none
   * listens; undefined: no such address). dial uses it when the node offers it.
   */
  listenerAt?(ip: string, port: number, memo?: ListenerMemo): Process | null | undefined;
  /** The probed container stops answering (`sim container hang`). */
  hung: boolean;
  /** The runtime's network epoch and answer epoch (ContainerRuntime.netEpoch, answerEpoch), when the node has them: see AnswerMemo. */
  netEpoch?(): number;
  answerEpoch?(): number;
  /** Runs fn after ms of virtual time (a timeout). */
  after(ms: number, fn: () => void): void;
}

/**
 * A network probe's last success, reused while nothing it depends on can have changed: it came
 * from the pod's first container's process (the one a dial reaches first), steady (Process.steady),
 * and the node's runtime reports no change since (ContainerRuntime.answerEpoch: no sandbox or
 * container came, went, started, stopped or was signalled, no file changed). A probe that keeps
 * passing then costs no dial and no request; its outcome is the one it would have computed.
 */
export interface AnswerMemo {
  epoch: number;
  host: string;
  outcome?: ProbeOutcome;
}

/**
 * The memo's outcome, when it still holds for a probe of `host` (the port and request are the
 * probe's own, fixed); else the memo is cleared (the probe runs, and rememberAnswer may fill it again).
 */
export function memoAnswer(net: ProbeNetwork, host: string, a: AnswerMemo | undefined): ProbeOutcome | undefined {
  if (a === undefined || a.outcome === undefined) return undefined;
  if (!net.hung && a.host === host && net.answerEpoch !== undefined && a.epoch === net.answerEpoch()) return a.outcome;
  a.outcome = undefined;
  return undefined;
}

/** Remembers a success from `process` when the dial reached it through a current listener memo (the pod's first container) and it is steady. */
export function rememberAnswer(net: ProbeNetwork, host: string, memo: ListenerMemo | undefined, process: Process, outcome: ProbeOutcome, a: AnswerMemo | undefined): void {
  if (a === undefined || memo === undefined || net.answerEpoch === undefined || net.netEpoch === undefined) return;
  if (memo.epoch !== net.netEpoch() || memo.container?.shim.process !== process || process.steady?.() !== true) return;
  a.epoch = net.answerEpoch();
  a.host = host;
  a.outcome = outcome;
}

/** A TCP connection to host:port from the node. */
export type Dial = { kind: 'open'; process: Process } | { kind: 'refused' } | { kind: 'timeout' };

const TIMEOUT: Dial = Object.freeze({ kind: 'timeout' });
const REFUSED: Dial = Object.freeze({ kind: 'refused' });

/** `memo`: the probe's own memo of its last dial (see ListenerMemo), for a probe that dials the same place every period. */
export function dial(net: ProbeNetwork, host: string, port: number, memo?: ListenerMemo): Dial {
  if (net.hung) return TIMEOUT;
  if (net.listenerAt) {
    const process = net.listenerAt(host, port, memo);
    return process === undefined ? TIMEOUT : process === null ? REFUSED : { kind: 'open', process };
  }
  const procs = net.processesAt(host);
  // No pod with that address on this node: nothing answers the SYN (the dial times out).
  if (procs === undefined) return TIMEOUT;
  for (const process of procs) if (process.listening().includes(port)) return { kind: 'open', process };
  return REFUSED;
}

/** Go's time.Duration String for whole seconds ("1s", "1m0s"). */
export function goSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${h ? `${h}h` : ''}${m}m${seconds % 60}s`;
}

/** net.JoinHostPort */
export function joinHostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}
