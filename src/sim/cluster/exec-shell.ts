/**
 * `kubectl exec -it POD -- sh` in the console: the lines that follow go to a shell in the
 * container, under its prompt (`/ # `, or bash's `root@web:/# `), until `exit`. Each line runs
 * through the same kubectl exec (the API server, the kubelet, CRI ExecSync) as `sh -c`, started in
 * the directory the last line ended in, so `cd` carries over; shell variables do not (each line
 * is a new process). Lines are console input like any other, so a replay or a share link plays
 * the session again.
 * upstream: busybox ash's default prompt for root (`PS1='\w \$ '`), bash's Debian default
 * (`\u@\h:\w\$ `); kubectl exec (exec.go) for the rest.
 */
import { SHELL_NAMES } from '../node/programs/sh';

export interface ShellSession {
  /** kubectl's words before `--`, without the TTY flags: `exec web -c nginx -n shop`. */
  execArgs: string[];
  shell: string;
  cwd: string;
  uid: string;
  hostname: string;
  /** The session is `kubectl run -it`'s attach to the pod's own shell (exit ends that shell). */
  run?: { namespace: string; pod: string; container: string; remove: boolean; endMessage?: string };
}

/** Record separator: splits what the line printed from where it ended. */
const RS = '\x1e';
const TTY_FLAGS = new Set(['-it', '-ti', '-i', '-t', '--stdin', '--tty', '--stdin=true', '--tty=true']);

/**
 * `kubectl exec -it POD [-c C] -- sh` (or bash, ash, /bin/sh): the words to reach the container,
 * or undefined when the line is not an interactive shell (a command after the shell, or no -t).
 */
export function interactiveShell(argv: readonly string[]): { execArgs: string[]; shell: string } | undefined {
  const [head, verb, ...rest] = argv;
  if ((head !== 'kubectl' && head !== 'k') || verb !== 'exec') return undefined;
  const dashes = rest.indexOf('--');
  if (dashes < 0 || rest.length !== dashes + 2) return undefined;
  const shell = rest[dashes + 1];
  if (!SHELL_NAMES.has(shell.split('/').pop() ?? '')) return undefined;
  const before = rest.slice(0, dashes);
  const tty = before.some((a) => a === '-it' || a === '-ti' || a === '-t' || a === '--tty' || a === '--tty=true');
  if (!tty) return undefined;
  return { execArgs: ['exec', ...before.filter((a) => !TTY_FLAGS.has(a))], shell };
}

/** The script that opens a session: where it starts, who it runs as, the container's hostname. */
export const PROBE_SCRIPT = `printf '%s${RS}%s${RS}%s' "$PWD" "$(id -u)" "$(hostname)"`;

export function parseProbe(stdout: string): { cwd: string; uid: string; hostname: string } | undefined {
  const parts = stdout.split(RS);
  return parts.length === 3 ? { cwd: parts[0] || '/', uid: parts[1], hostname: parts[2] } : undefined;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** One typed line as `sh -c`: run from the session's directory, then report the new one and the status. */
export function lineScript(session: ShellSession, line: string, stdin?: string): string {
  const body = stdin === undefined ? line : `${line} <<'KUBARIUM_EOF'\n${stdin}KUBARIUM_EOF`;
  return `cd ${quote(session.cwd)} 2>/dev/null\n${body}\n__s=$?\nprintf '${RS}%s${RS}%s' "$PWD" "$__s"\nexit 0`;
}

/** What the line printed, and where it left the shell. */
export function parseLineOutput(stdout: string): { text: string; cwd?: string; status: number } {
  const end = stdout.lastIndexOf(RS);
  const mid = end > 0 ? stdout.lastIndexOf(RS, end - 1) : -1;
  if (mid < 0) return { text: stdout, status: 0 };
  return { text: stdout.slice(0, mid), cwd: stdout.slice(mid + 1, end), status: Number(stdout.slice(end + 1)) || 0 };
}

/** The prompt a terminal shows in this session. */
export function promptOf(s: ShellSession): string {
  const root = s.uid === '0';
  if ((s.shell.split('/').pop() ?? '') === 'bash') return `${root ? 'root' : `I have no name!`}@${s.hostname}:${s.cwd === '/root' && root ? '~' : s.cwd}${root ? '#' : '$'} `;
  return `${s.cwd} ${root ? '#' : '$'} `;
}

/** `exit` or `exit N` (the session ends; kubectl then reports a non-zero status as exec does). */
export function exitStatus(line: string): number | undefined {
  const m = /^\s*(exit|logout)(?:\s+(\d+))?\s*$/.exec(line);
  return m ? Number(m[2] ?? 0) : undefined;
}
