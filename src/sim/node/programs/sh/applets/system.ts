/**
 * System applets: sleep (N, N.N, Ns/m/h/d, several summed, `infinity` blocks), date (busybox's
 * default format and `+FORMAT`), env, printenv, hostname, id, whoami, pwd, uname, which, and
 * plausible ps, df, free and dd.
 *
 * Upstream: busybox coreutils/{sleep,date,env,printenv,id,whoami,pwd,uname,dd,df}.c,
 * procps/{ps,free}.c, debianutils/which.c; libbb/duration.c (parse_duration_str).
 */

import { SIM_EPOCH_MS } from '../../../../kernel/clock';
import { parseFlags, type Applet, type AppletCall } from './applet';
import type { Gen } from '../types';
import type { ProcessCredentials } from '../../process';
import { groupName, userName } from '../../users';

const UNIT_MS: Record<string, number> = { '': 1000, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** busybox duration: N, N.N, with an optional s/m/h/d suffix; undefined when invalid. */
export function parseDuration(arg: string): number | undefined {
  const m = /^(\d+(?:\.\d*)?|\.\d+)([smhd]?)$/.exec(arg);
  return m ? Math.round(Number(m[1]) * UNIT_MS[m[2]]) : undefined;
}

function* sleep({ argv, io, ctx }: AppletCall): Gen {
  if (argv.length < 2) {
    io.err('Usage: sleep [N]...\n');
    return 1;
  }
  let ms = 0;
  for (const arg of argv.slice(1)) {
    if (/^inf(inity)?$/i.test(arg)) for (;;) yield { kind: 'block' };
    const d = parseDuration(arg);
    if (d === undefined) {
      io.err(`sleep: invalid number '${arg}'\n`);
      return 1;
    }
    ms += d;
  }
  // The deadline is fixed at start: a resume() before it (a trapped signal) keeps sleeping.
  const until = ctx.now() + ms;
  while (ctx.now() < until) yield { kind: 'sleep', until };
  return 0;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** strftime for UTC, the conversions busybox date users write. */
export function strftime(format: string, ms: number): string {
  const d = new Date(SIM_EPOCH_MS + ms);
  const p2 = (n: number) => String(n).padStart(2, '0');
  const conv: Record<string, () => string> = {
    a: () => DAYS[d.getUTCDay()],
    A: () => ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][d.getUTCDay()],
    b: () => MONTHS[d.getUTCMonth()],
    h: () => MONTHS[d.getUTCMonth()],
    d: () => p2(d.getUTCDate()),
    e: () => String(d.getUTCDate()).padStart(2),
    H: () => p2(d.getUTCHours()),
    M: () => p2(d.getUTCMinutes()),
    S: () => p2(d.getUTCSeconds()),
    m: () => p2(d.getUTCMonth() + 1),
    Y: () => String(d.getUTCFullYear()),
    y: () => p2(d.getUTCFullYear() % 100),
    Z: () => 'UTC',
    z: () => '+0000',
    s: () => String(Math.floor((SIM_EPOCH_MS + ms) / 1000)),
    N: () => String((SIM_EPOCH_MS + ms) % 1000).padStart(3, '0') + '000000',
    j: () => String(Math.floor((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1).padStart(3, '0'),
    T: () => `${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`,
    D: () => `${p2(d.getUTCMonth() + 1)}/${p2(d.getUTCDate())}/${p2(d.getUTCFullYear() % 100)}`,
    F: () => `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}`,
    n: () => '\n',
    t: () => '\t',
    '%': () => '%'
  };
  return format.replace(/%([a-zA-Z%])/g, (m, c: string) => conv[c]?.() ?? m);
}

/** busybox date: `Wed Jan  1 00:00:05 UTC 2025`; `+FORMAT`; -u, -I, -R. */
const date: Applet = ({ argv, io, ctx }) => {
  let format = '%a %b %e %H:%M:%S %Z %Y';
  for (const a of argv.slice(1)) {
    if (a.startsWith('+')) format = a.slice(1);
    else if (a === '-I') format = '%F';
    else if (a === '-R') format = '%a, %d %b %Y %H:%M:%S %z';
    else if (a !== '-u' && a !== '--utc') {
      io.err(`date: invalid date '${a}'\n`);
      return 1;
    }
  }
  io.out(strftime(format, ctx.now()) + '\n');
  return 0;
};

function* env(call: AppletCall): Gen {
  const args = call.argv.slice(1);
  const vars = args[0] === '-i' ? (args.shift(), {}) : { ...call.env };
  const assigns: [string, string][] = [];
  while (args.length && /^[A-Za-z_]\w*=/.test(args[0])) {
    const a = args.shift()!;
    const eq = a.indexOf('=');
    assigns.push([a.slice(0, eq), a.slice(eq + 1)]);
  }
  if (args.length === 0) {
    for (const [k, v] of [...Object.entries(vars), ...assigns]) call.io.out(`${k}=${v}\n`);
    return 0;
  }
  return yield* call.shell.run(args, assigns, call.io);
}

const printenv: Applet = ({ argv, io, env: vars }) => {
  if (argv.length === 1) {
    for (const [k, v] of Object.entries(vars)) io.out(`${k}=${v}\n`);
    return 0;
  }
  let status = 0;
  for (const name of argv.slice(1)) {
    if (vars[name] === undefined) status = 1;
    else io.out(vars[name] + '\n');
  }
  return status;
};

const hostname: Applet = ({ io, ctx, argv }) => {
  io.out((argv[1] === '-i' ? (ctx.net.lookup(ctx.hostname)?.addresses[0] ?? '127.0.0.1') : ctx.hostname) + '\n');
  return 0;
};

/** The process's credentials (root when the runtime gave none: uid 0 and root's groups in busybox's /etc/group). */
function credentials(ctx: AppletCall['ctx']): ProcessCredentials {
  return ctx.user ?? { uid: 0, gid: 0, groups: [0, 10] };
}

/** busybox id: `uid=1000 gid=3000 groups=2000,3000`, names in parentheses where /etc/passwd and /etc/group have them; -u -g -G -n. */
const id: Applet = ({ argv, io, ctx }) => {
  const { flags } = parseFlags(argv.slice(1));
  const me = credentials(ctx);
  const user = (uid: number) => userName(ctx.fs, uid);
  const group = (gid: number) => groupName(ctx.fs, gid);
  const shown = (n: number, name: string | undefined) => (flags.n ? (name ?? String(n)) : String(n));
  if (flags.u) io.out(shown(me.uid, user(me.uid)) + '\n');
  else if (flags.g) io.out(shown(me.gid, group(me.gid)) + '\n');
  else if (flags.G) io.out(me.groups.map((g) => shown(g, group(g))).join(' ') + '\n');
  else {
    const named = (n: number, name: string | undefined) => (name === undefined ? String(n) : `${n}(${name})`);
    io.out(`uid=${named(me.uid, user(me.uid))} gid=${named(me.gid, group(me.gid))} groups=${me.groups.map((g) => named(g, group(g))).join(',')}\n`);
  }
  return 0;
};

/** busybox whoami: the name, or `whoami: unknown uid 1000` (xuid2uname). */
const whoami: Applet = ({ io, ctx }) => {
  const uid = credentials(ctx).uid;
  const name = userName(ctx.fs, uid);
  if (name === undefined) {
    io.err(`whoami: unknown uid ${uid}\n`);
    return 1;
  }
  io.out(name + '\n');
  return 0;
};

const uname: Applet = ({ argv, io, ctx }) => {
  const { flags } = parseFlags(argv.slice(1));
  const fields: [string, string][] = [['s', 'Linux'], ['n', ctx.hostname], ['r', '6.8.0-kubarium'], ['v', '#1 SMP PREEMPT_DYNAMIC'], ['m', 'x86_64'], ['o', 'GNU/Linux']];
  const chosen = flags.a ? fields : fields.filter(([f]) => flags[f]);
  io.out((chosen.length ? chosen : fields.slice(0, 1)).map(([, v]) => v).join(' ') + '\n');
  return 0;
};

const which: Applet = ({ argv, io, shell }) => {
  let status = 0;
  for (const name of argv.slice(1)) {
    const binary = APPLET_NAMES.has(name) ? undefined : shell.binaryOnPath(name);
    if (APPLET_NAMES.has(name)) io.out(`/bin/${name}\n`);
    else if (binary) io.out(`${binary.path}\n`);
    else status = 1;
  }
  return status;
};

/** The applets busybox installs under /bin (filled by applets/index.ts). */
export const APPLET_NAMES = new Set<string>();

/** busybox ps: PID, USER (the name, or the uid when /etc/passwd has none: `1000`), TIME, COMMAND. */
const ps: Applet = ({ io, ctx, proc }) => {
  const uid = credentials(ctx).uid;
  const user = (userName(ctx.fs, uid) ?? String(uid)).slice(0, 8).padEnd(8);
  const row = (pid: number, argv: readonly string[]) => `${String(pid).padStart(5)} ${user}  0:00 ${argv.join(' ')}`;
  const rows = ctx.initArgv ? [row(1, ctx.initArgv)] : [];
  // `kubectl exec POD -- ps`: the exec'd process is ps itself.
  const self = ctx.argv[0]?.split('/').pop() === 'ps';
  if (!self) rows.push(row(proc.pid, ctx.argv));
  for (const job of proc.jobs) if (job.status === undefined) rows.push(row(job.pid, ctx.argv));
  rows.push(row(self ? proc.pid : proc.allocPid(), ['ps']));
  io.out(['PID   USER     TIME  COMMAND', ...rows].join('\n') + '\n');
  return 0;
};

const df: Applet = ({ io }) => {
  io.out(
    [
      'Filesystem           1K-blocks      Used Available Use% Mounted on',
      'overlay               61202244  10495416  47565980  18% /',
      'tmpfs                    65536         0     65536   0% /dev',
      'shm                      65536         0     65536   0% /dev/shm'
    ].join('\n') + '\n'
  );
  return 0;
};

const free: Applet = ({ io }) => {
  io.out(
    [
      '              total        used        free      shared  buff/cache   available',
      'Mem:        8025008     1211840     4975340        2280     1837828     6536348',
      'Swap:             0           0           0'
    ].join('\n') + '\n'
  );
  return 0;
};

/** dd if= of= bs= count=: copies text, reports records on stderr. */
const dd: Applet = (call) => {
  const ops: Record<string, string> = {};
  for (const a of call.argv.slice(1)) {
    const eq = a.indexOf('=');
    if (eq > 0) ops[a.slice(0, eq)] = a.slice(eq + 1);
  }
  const bs = Number(/^\d+/.exec(ops.bs ?? '512')?.[0] ?? 512) * ({ k: 1024, K: 1024, M: 1 << 20, G: 1 << 30 }[(ops.bs ?? '').replace(/^\d+/, '')] ?? 1);
  const count = ops.count === undefined ? Infinity : Number(ops.count);
  let text: string;
  if (ops.if === '/dev/zero' || ops.if === '/dev/urandom' || ops.if === '/dev/random') text = '\0'.repeat(Math.min(bs * (Number.isFinite(count) ? count : 1), 1 << 20));
  else {
    const t = ops.if ? call.ctx.fs.read(call.path(ops.if)) : call.io.stdin.readAll();
    if (t === 'ENOENT' || t === 'EISDIR' || t === 'ENOTDIR' || t === 'EACCES') {
      call.io.err(`dd: can't open '${ops.if}': No such file or directory\n`);
      return 1;
    }
    text = Number.isFinite(count) ? t.slice(0, bs * count) : t;
  }
  if (ops.of) call.ctx.fs.write(call.path(ops.of), text);
  else call.io.out(text);
  const full = Math.floor(text.length / bs);
  const partial = text.length % bs ? 1 : 0;
  call.io.err(`${full}+${partial} records in\n${full}+${partial} records out\n${text.length} bytes (${text.length}B) copied, 0.000100 seconds, 0B/s\n`);
  return 0;
};

export const SYSTEM_APPLETS: Record<string, Applet> = {
  sleep,
  date,
  env,
  printenv,
  hostname,
  id,
  whoami,
  pwd: ({ io, cwd }) => (io.out(cwd + '\n'), 0),
  uname,
  which,
  ps,
  df,
  free,
  dd
};
