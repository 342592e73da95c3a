/**
 * The learner's own machine, on the far side of a console pipe: in
 * `kubectl get secret db -o jsonpath='{.data.password}' | base64 -d` or
 * `kubectl get pods | grep web | wc -l`, what follows the first `|` runs here, as a terminal's
 * shell would run it on kubectl's output. It is the busybox shell the containers use (its
 * applets: grep, head, tail, wc, sort, uniq, cut, tr, sed, base64, ...) on an empty scratch
 * filesystem, with no network and a clock of its own: nothing here touches the cluster, so a
 * pipe never changes what the simulation does.
 */
import { MapFS } from '../node/fs/map-fs';
import type { Network, Process, ProcessContext, Step } from '../node/programs/process';
import { startShell } from '../node/programs/sh';
import type { CommandOutput } from '../kubectl/context';

/** Host time a pipeline may sleep through (`sleep 5` in a filter ends at once in wall time). */
const HOST_TIME_LIMIT_MS = 60 * 60_000;
/** Resumes before a pipeline that never ends (`yes` into nothing that stops it) is given up. */
const MAX_STEPS = 10_000;

const NO_NETWORK: Network = {
  nameserver: '127.0.0.53',
  search: [],
  lookup: () => undefined,
  httpGet: () => ({ error: 'Network is unreachable' }),
  tcpConnect: () => 'unreachable'
};

/** Runs `script` (sh -c) on the host with `stdin`; `now`: virtual ms, for `date`. */
export function runOnHost(script: string, stdin: string, now: number): CommandOutput {
  let stdout = '';
  let stderr = '';
  const clock = { t: now };
  const ctx: ProcessContext = {
    argv: ['sh', '-c', script],
    env: { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', HOME: '/home/learner', USER: 'learner' },
    user: { uid: 1000, gid: 1000, groups: [1000] },
    hostname: 'laptop',
    cwd: '/home/learner',
    fs: new MapFS(new Map([['/home/learner/', ''], ['/tmp/', '']]), () => clock.t),
    net: NO_NETWORK,
    now: () => clock.t,
    random: () => 0,
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t)
  };
  const p: Process = startShell(ctx, { pid: 4242, stdin });
  let step: Step = p.resume();
  for (let n = 0; step.kind === 'sleep' && n < MAX_STEPS && clock.t - now + step.ms <= HOST_TIME_LIMIT_MS; n++) {
    clock.t += step.ms;
    step = p.resume();
  }
  const exitCode = step.kind === 'exit' ? step.code : 130;
  return { stdout, stderr, exitCode };
}
