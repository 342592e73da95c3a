/**
 * The builtins of busybox ash that change the shell itself: cd, export, unset, local, read,
 * shift, set, trap, exit, return, break, continue, wait, eval, `.`, exec, kill, command, type,
 * and the trivial `:`, true, false. Messages follow ash ("sh: exit: Illegal number: x",
 * "sh: cd: can't cd to /x: No such file or directory").
 *
 * Upstream: busybox shell/ash.c (cdcmd, exportcmd, unsetcmd, localcmd, readcmd/shell_builtin_read,
 * shiftcmd, setcmd, trapcmd, exitcmd, returncmd, breakcmd, waitcmd, evalcmd, dotcmd, execcmd,
 * killcmd, commandcmd, typecmd).
 */

import type { Shell } from './shell';
import { ReturnException, ShellError, wrapStatus, type Gen, type IO } from './types';
import { APPLETS } from './applets';
import { resolvePath } from './memfs';
import { LINUX_SIGNALS, signalName, signalNumber } from './signals';

export type Builtin = (sh: Shell, argv: string[], io: IO) => number | Gen;

/** A value in single quotes as `set`/`export -p`/`trap` print it. */
export const shellQuote = (v: string) => `'${v.replace(/'/g, `'"'"'`)}'`;

function parseNumber(sh: Shell, cmd: string, arg: string | undefined, fallback: number): number {
  if (arg === undefined) return fallback;
  if (!/^\d+$/.test(arg)) throw new ShellError(`${cmd}: Illegal number: ${arg}`);
  return Number(arg);
}

function assignArgs(sh: Shell, args: string[], each: (name: string, value: string | undefined) => void, cmd: string, io: IO): number {
  let status = 0;
  for (const arg of args) {
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if (!/^[A-Za-z_]\w*$/.test(name)) {
      io.err(`sh: ${cmd}: ${name}: bad variable name\n`);
      status = 1;
      continue;
    }
    each(name, eq === -1 ? undefined : arg.slice(eq + 1));
  }
  return status;
}

function* waitBuiltin(sh: Shell, argv: string[], io: IO): Gen {
  const pids = argv.slice(1);
  const jobs = pids.length === 0 ? sh.jobs : [];
  for (const p of pids) {
    const job = sh.jobs.find((j) => String(j.pid) === p);
    if (!job) {
      io.err(`sh: wait: pid ${p} is not a child of this shell\n`);
      return 127;
    }
    jobs.push(job);
  }
  while (jobs.some((j) => j.status === undefined)) {
    yield { kind: 'wait', jobs };
    // A trapped signal interrupts wait: it returns 128+n and the trap runs next (POSIX 2.11).
    if (sh.isMain && sh.proc.pending.length > 0) return 128 + signalNumber(sh.proc.pending[0]);
  }
  sh.jobs = sh.jobs.filter((j) => !jobs.includes(j));
  return pids.length === 0 ? 0 : (jobs[jobs.length - 1].status ?? 0);
}

function readBuiltin(sh: Shell, argv: string[], io: IO): number {
  let raw = false;
  const names: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    if (argv[i] === '-r') raw = true;
    else if (argv[i] === '-p') io.err(argv[++i] ?? '');
    else names.push(argv[i]);
  }
  if (names.length === 0) names.push('REPLY');
  let line = io.stdin.readLine();
  const eof = line === undefined;
  line ??= '';
  if (!raw) {
    while (line.endsWith('\\')) line = line.slice(0, -1) + (io.stdin.readLine() ?? '');
    line = line.replace(/\\(.)/g, '$1');
  }
  const ifs = sh.param('IFS') ?? ' \t\n';
  const isIfs = (c: string) => ifs.includes(c);
  let rest = line;
  const trim = (s: string) => {
    let a = 0;
    let b = s.length;
    while (a < b && isIfs(s[a]) && /\s/.test(s[a])) a++;
    while (b > a && isIfs(s[b - 1]) && /\s/.test(s[b - 1])) b--;
    return s.slice(a, b);
  };
  rest = trim(rest);
  names.forEach((name, i) => {
    if (i === names.length - 1) {
      sh.setVar(name, rest);
      return;
    }
    let end = 0;
    while (end < rest.length && !isIfs(rest[end])) end++;
    sh.setVar(name, rest.slice(0, end));
    rest = trim(rest.slice(end + 1));
  });
  return eof ? 1 : 0;
}

function setBuiltin(sh: Shell, argv: string[], io: IO): number {
  if (argv.length === 1) {
    for (const [k, v] of [...sh.vars].sort(([a], [b]) => (a < b ? -1 : 1))) io.out(`${k}=${shellQuote(v.value)}\n`);
    return 0;
  }
  const OPTS: Record<string, 'errexit' | 'xtrace'> = { e: 'errexit', x: 'xtrace', errexit: 'errexit', xtrace: 'xtrace' };
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      i++;
      sh.positionalArgs = argv.slice(i);
      return 0;
    }
    if (a === '-o' || a === '+o') {
      const opt = OPTS[argv[++i] ?? ''];
      if (opt) sh.options[opt] = a === '-o';
      continue;
    }
    if (!/^[-+]/.test(a)) break;
    for (const c of a.slice(1)) {
      const opt = OPTS[c];
      if (opt) sh.options[opt] = a[0] === '-';
      else if (!'uvfnCamhb'.includes(c)) {
        io.err(`sh: set: illegal option -${c}\n`);
        return 2;
      }
    }
  }
  if (i < argv.length) sh.positionalArgs = argv.slice(i);
  return 0;
}

function trapBuiltin(sh: Shell, argv: string[], io: IO): number {
  const args = argv.slice(1);
  if (args[0] === '--') args.shift();
  if (args.length === 0 || args[0] === '-p') {
    for (const [sig, action] of sh.traps) io.out(`trap -- ${shellQuote(action)} ${sig}\n`);
    return 0;
  }
  if (args[0] === '-l') {
    io.out(LINUX_SIGNALS.slice(1).map((s, i) => `${i + 1}) ${s}`).join('\n') + '\n');
    return 0;
  }
  // `trap N SIG` with a number first resets, as `trap - SIG`.
  const action = args.length === 1 || /^\d+$/.test(args[0]) ? '-' : args.shift()!;
  let status = 0;
  for (const arg of args) {
    const name = signalName(arg);
    if (!name) {
      io.err(`sh: trap: ${arg}: bad trap\n`);
      status = 1;
    } else if (action === '-') sh.traps.delete(name);
    else sh.traps.set(name, action);
  }
  return status;
}

function killBuiltin(sh: Shell, argv: string[], io: IO): number {
  let sig = 'TERM';
  let i = 1;
  if (argv[1] === '-l') {
    io.out(LINUX_SIGNALS.slice(1).join(' ') + '\n');
    return 0;
  }
  if (argv[1] === '-s') {
    sig = signalName(argv[2] ?? '') ?? '';
    i = 3;
  } else if (argv[1]?.startsWith('-') && argv[1].length > 1) {
    sig = signalName(argv[1].slice(1)) ?? '';
    i = 2;
  }
  if (!sig) {
    io.err(`sh: kill: bad signal name '${argv[i - 1]}'\n`);
    return 1;
  }
  if (i >= argv.length) {
    io.err('kill: usage: kill [-s sigspec | -signum | -sigspec] pid | job... or\nkill -l [exitstatus]\n');
    return 1;
  }
  let status = 0;
  for (const target of argv.slice(i)) {
    const pid = Number(target.replace(/^%/, ''));
    const job = sh.proc.jobs.find((j) => j.pid === pid && j.status === undefined);
    if (pid === sh.proc.pid || pid === 0) {
      // Signals to PID 1 from inside its namespace reach it only when it has a handler.
      const action = sh.traps.get(sig);
      if (action) sh.proc.pending.push(sig);
    } else if (job) {
      // A background job is not PID 1: an unhandled signal kills it (its `finally` blocks run).
      if (sig !== 'CHLD' && sig !== 'WINCH' && sig !== 'CONT' && sig !== 'URG') {
        job.status = 128 + signalNumber(sig);
        job.gen.return(job.status);
      }
    } else {
      io.err(`sh: can't kill pid ${target}: No such process\n`);
      status = 1;
    }
  }
  return status;
}

/** What `command -v` and `type` say about a name. */
function describe(sh: Shell, name: string): { kind: 'function' | 'builtin' | 'applet'; path: string } | undefined {
  if (sh.functions.has(name)) return { kind: 'function', path: name };
  if (BUILTINS[name]) return { kind: 'builtin', path: name };
  if (APPLETS[name]) return { kind: 'applet', path: `/bin/${name}` };
  const binary = sh.binaryOnPath(name);
  return binary && { kind: 'applet', path: binary.path };
}

export const BUILTINS: Record<string, Builtin> = {
  ':': () => 0,
  true: () => 0,
  false: () => 1,
  cd(sh, argv, io) {
    let dir = argv[1] ?? sh.param('HOME') ?? '/';
    if (dir === '-') {
      dir = sh.param('OLDPWD') ?? sh.cwd;
      io.out(dir + '\n');
    }
    const path = resolvePath(sh.cwd, dir);
    const st = sh.fs.stat(path);
    if (typeof st === 'string' || st.type !== 'dir') {
      io.err(`sh: cd: can't cd to ${dir}: ${typeof st === 'string' ? (st === 'ENOENT' ? 'No such file or directory' : st) : 'Not a directory'}\n`);
      return 2;
    }
    sh.setVar('OLDPWD', sh.cwd);
    sh.setVar('PWD', path);
    sh.cwd = path;
    return 0;
  },
  export(sh, argv, io) {
    if (argv.length === 1 || argv[1] === '-p') {
      for (const [k, v] of [...sh.vars].sort(([a], [b]) => (a < b ? -1 : 1))) if (v.exported) io.out(`export ${k}=${shellQuote(v.value)}\n`);
      return 0;
    }
    return assignArgs(sh, argv.slice(1), (name, value) => sh.setVar(name, value ?? sh.param(name) ?? '', true), 'export', io);
  },
  readonly(sh, argv, io) {
    return assignArgs(sh, argv.slice(1), (name, value) => value !== undefined && sh.setVar(name, value), 'readonly', io);
  },
  unset(sh, argv) {
    const fn = argv[1] === '-f';
    for (const name of argv.slice(1).filter((a) => !/^-[fv]$/.test(a))) {
      if (fn) sh.functions.delete(name);
      else sh.unsetVar(name);
    }
    return 0;
  },
  local(sh, argv, io) {
    return assignArgs(
      sh,
      argv.slice(1),
      (name, value) => {
        if (!sh.makeLocal(name)) throw new ShellError('local: not in a function');
        sh.setVar(name, value ?? sh.param(name) ?? '');
      },
      'local',
      io
    );
  },
  read: readBuiltin,
  shift(sh, argv) {
    const n = parseNumber(sh, 'shift', argv[1], 1);
    if (n > sh.positionalArgs.length) throw new ShellError(`shift: can't shift that many`);
    sh.positionalArgs = sh.positionalArgs.slice(n);
    return 0;
  },
  set: setBuiltin,
  trap: trapBuiltin,
  exit(sh, argv) {
    return sh.exit(parseNumber(sh, 'exit', argv[1], sh.status));
  },
  return(sh, argv) {
    throw new ReturnException(wrapStatus(parseNumber(sh, 'return', argv[1], sh.status)));
  },
  break: (sh, argv) => sh.loopControl('break', parseNumber(sh, 'break', argv[1], 1)),
  continue: (sh, argv) => sh.loopControl('continue', parseNumber(sh, 'continue', argv[1], 1)),
  wait: waitBuiltin,
  *eval(sh, argv, io) {
    return yield* sh.evalString(argv.slice(1).join(' '), io);
  },
  *'.'(sh, argv, io) {
    const text = argv[1] === undefined ? 'ENOENT' : sh.fs.read(resolvePath(sh.cwd, argv[1]));
    if (text === 'ENOENT' || text === 'EISDIR' || text === 'ENOTDIR' || text === 'EACCES') throw new ShellError(`.: can't open '${argv[1] ?? ''}'`);
    try {
      return yield* sh.evalString(text, io);
    } catch (e) {
      if (e instanceof ReturnException) return e.code;
      throw e;
    }
  },
  *exec(sh, argv, io) {
    if (argv.length === 1) return 0;
    return sh.exit(yield* sh.run(argv.slice(1), [], io));
  },
  kill: killBuiltin,
  *command(sh, argv, io) {
    if (argv[1] === '-v' || argv[1] === '-V') {
      const d = describe(sh, argv[2] ?? '');
      if (!d) return 1;
      io.out((argv[1] === '-v' ? d.path : `${argv[2]} is ${d.kind === 'applet' ? d.path : `a shell ${d.kind}`}`) + '\n');
      return 0;
    }
    if (argv.length === 1) return 0;
    const saved = sh.functions;
    sh.functions = new Map();
    try {
      return yield* sh.run(argv.slice(1), [], io);
    } finally {
      sh.functions = saved;
    }
  },
  type(sh, argv, io) {
    let status = 0;
    for (const name of argv.slice(1)) {
      const d = describe(sh, name);
      if (!d) {
        io.out(`${name}: not found\n`);
        status = 127;
      } else io.out(`${name} is ${d.kind === 'applet' ? d.path : d.kind === 'function' ? 'a function' : 'a shell builtin'}\n`);
    }
    return status;
  },
  umask(_sh, argv, io) {
    if (argv.length === 1) io.out('0022\n');
    return 0;
  },
  ulimit(_sh, _argv, io) {
    io.out('unlimited\n');
    return 0;
  }
};

BUILTINS.source = BUILTINS['.'];
