/**
 * The learner's own machine, on the far side of a console pipe: in
 * `kubectl get secret db -o jsonpath='{.data.password}' | base64 -d` or
 * `kubectl get pods | grep web | wc -l`, what follows the first `|` runs here, as a terminal's
 * shell would run it on kubectl's output. It is the busybox shell the containers use (its
 * applets: grep, head, tail, wc, sort, uniq, cut, tr, sed, base64, cat, ls, ...) on the learner's
 * home directory (`kubectl get deploy web -o yaml > web.yaml`, `cat web.yaml`, `kubectl apply -f
 * web.yaml`), with a clock of its own and no network but what the console hands it (the ports
 * `kubectl port-forward` listens on, answered before the line runs: port-forward.ts): a host
 * command itself never changes what the simulation does. Unlike a container it has curl (the
 * learner's Ubuntu 24.04 has curl 8.5.0): with nothing forwarded, `curl localhost:8080` is
 * refused, as on a laptop where nothing listens on that port.
 */
import { MapFS, normalizePath } from '../node/fs/map-fs';
import type { FileStat, FsError, Network, Process, ProcessContext, Step } from '../node/programs/process';
import { startShell } from '../node/programs/sh';
import { binaryFiles } from '../node/programs/sh/applets/binaries';
import type { CommandOutput } from '../kubectl/context';

/** Host time a pipeline may sleep through (`sleep 5` in a filter ends at once in wall time). */
const HOST_TIME_LIMIT_MS = 60 * 60_000;
/** Resumes before a pipeline that never ends (`yes` into nothing that stops it) is given up. */
const MAX_STEPS = 10_000;

/** The loopback answers (nothing listens on it: refused); every other address is unreachable. */
const NO_NETWORK: Network = {
  nameserver: '127.0.0.53',
  search: [],
  lookup: () => undefined,
  httpGet: (host) => ({ error: host.startsWith('127.') ? 'Connection refused' : 'Network is unreachable' }),
  tcpConnect: (host) => (host.startsWith('127.') ? 'refused' : 'unreachable')
};

/** The learner's home directory on the host. */
export const HOST_HOME = '/home/learner';

const LEARNER = { uid: 1000, gid: 1000 };

/** The host's disk: what is under the home directory belongs to the learner (uid 1000). */
class HostFS extends MapFS {
  override stat(path: string): FileStat | FsError {
    const st = super.stat(path);
    if (typeof st === 'string' || st.uid !== undefined) return st;
    const p = normalizePath(path);
    return p === HOST_HOME || p.startsWith(`${HOST_HOME}/`) ? { ...st, ...LEARNER } : st;
  }
}

/** A fresh host filesystem: an empty home, /tmp, the users ls and id name, and curl (Ubuntu's, applets/curl.ts). */
export function hostFS(now: () => number): MapFS {
  return new HostFS(
    new Map([
      [`${HOST_HOME}/`, ''],
      ['/tmp/', ''],
      ['/etc/passwd', 'root:x:0:0:root:/root:/bin/sh\nlearner:x:1000:1000:learner:/home/learner:/bin/sh\n'],
      ['/etc/group', 'root:x:0:\nlearner:x:1000:\n'],
      ...Object.entries(binaryFiles('curl'))
    ]),
    now
  );
}

/** A path as the host's shell resolves it from the home directory (`pod.yaml`, `~/pod.yaml`, `/tmp/x`). */
export function hostPath(path: string): string {
  if (path === '~' || path.startsWith('~/')) return HOST_HOME + path.slice(1);
  return path.startsWith('/') ? path : `${HOST_HOME}/${path}`;
}

/**
 * Runs `script` (sh -c) on the host with `stdin`; `now`: virtual ms, for `date`. `fs` is the
 * host's disk (the console keeps one, so that what a line writes the next one reads); without
 * it the script gets an empty scratch disk. `net`: what the host reaches (port-forward.ts
 * hostNetwork: the forwarded local ports); by default nothing.
 */
export function runOnHost(script: string, stdin: string, now: number, fs?: MapFS, net: Network = NO_NETWORK): CommandOutput {
  let stdout = '';
  let stderr = '';
  const clock = { t: now };
  const ctx: ProcessContext = {
    argv: ['sh', '-c', script],
    env: { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', HOME: '/home/learner', USER: 'learner' },
    user: { uid: 1000, gid: 1000, groups: [1000] },
    hostname: 'laptop',
    cwd: '/home/learner',
    fs: fs ?? hostFS(() => clock.t),
    net,
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
