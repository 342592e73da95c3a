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
  /** Runs fn after ms of virtual time (a timeout). */
  after(ms: number, fn: () => void): void;
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
