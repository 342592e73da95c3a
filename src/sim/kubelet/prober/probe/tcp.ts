/**
 * The tcpSocket probe: success when the connection is accepted; the dial error is the output.
 * upstream: pkg/probe/tcp/tcp.go DoTCPProbe (net.DialTimeout; "Convert errors to failures to handle timeouts")
 */
import type { ListenerMemo } from '../../../node/cri/runtime';
import { dial, joinHostPort, rememberAnswer, type AnswerMemo, type ProbeDone, type ProbeNetwork, type ProbeOutcome } from './probe';

/** A connection accepted (the same outcome every time). */
const CONNECTED: ProbeOutcome = Object.freeze({ result: 'success', output: '' });

/** `answer`: where a success is remembered (the caller answers from it first while it holds: Prober's memoAnswer). */
export function doTCPProbe(net: ProbeNetwork, host: string, port: number, timeoutSeconds: number, done: ProbeDone, memo?: ListenerMemo, answer?: AnswerMemo): void {
  const d = dial(net, host, port, memo);
  if (d.kind === 'open') {
    rememberAnswer(net, host, memo, d.process, CONNECTED, answer);
    return done(CONNECTED);
  }
  const addr = joinHostPort(host, port);
  if (d.kind === 'refused') return done({ result: 'failure', output: `dial tcp ${addr}: connect: connection refused` });
  net.after(timeoutSeconds * 1000, () => done({ result: 'failure', output: `dial tcp ${addr}: i/o timeout` }));
}
