/**
 * The shell's state and evaluator: variables, functions, positional parameters, traps and
 * options, and `evalNode`, a generator per command that yields whenever the script must wait
 * (a foreground `sleep`, a blocking applet, the `wait` builtin) and returns the exit status.
 * Pipelines run their commands one after the other, the output of each becoming the input of
 * the next; subshells, pipeline members, `$(...)` and `cmd &` run in a copy of the state.
 * Pending signals run their trap between commands, as ash's evaltree checks `pending_sig`.
 *
 * Loop guard: a script that runs 1,000 commands without waiting (`while true; do :; done`)
 * is made to wait 100 ms, so virtual time moves on, one resume() always ends, and a busy loop
 * costs the simulation 10,000 commands per virtual second at most.
 *
 * Upstream: busybox shell/ash.c (evaltree, evalloop, evalfor, evalcase, evalsubshell,
 * evalpipe, evalcommand, redirect/openredirect, dotrap, exitshell).
 */

import type { Node } from './ast';
import { expandFields, expandPattern, expandString, globMatch, type ExpandHost } from './expand';
import { resolvePath } from './memfs';
import { scriptReader } from './parser';
import { ShSyntaxError } from './lexer';
import { FS_ERROR_TEXT, type ContainerFS } from '../process';
import { applyRedirections } from './redirect';
import { ProcState } from './proc';
import { ExitException, Input, LoopException, ReturnException, ShellError, wrapStatus, type Gen, type IO, type Job } from './types';
import { BUILTINS } from './builtins';
import { APPLETS, type Applet, type AppletCall } from './applets';
import { binaryIn } from './applets/binaries';
import { parseInvocation, SHELL_NAMES, type Invocation } from './invocation';

/** Commands run without waiting before the loop guard makes the script wait LOOP_GUARD_MS. */
export const LOOP_GUARD_COMMANDS = 1_000;
export const LOOP_GUARD_MS = 100;

type Var = { value: string; exported: boolean };
const BIN_DIRS = new Set(['/bin', '/sbin', '/usr/bin', '/usr/sbin', '/usr/local/bin']);
/** ash's default PATH (a shell without PATH in its environment). */
const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

export class Shell implements ExpandHost {
  vars = new Map<string, Var>();
  functions = new Map<string, Node>();
  positionalArgs: string[] = [];
  arg0 = 'sh';
  status = 0;
  traps = new Map<string, string>();
  jobs: Job[] = [];
  lastBgPid: number | undefined;
  options = { errexit: false, xtrace: false };
  cwd: string;
  /** Saved values of `local` variables, one frame per function call. */
  private localFrames: Map<string, Var | undefined>[] = [];
  /** > 0 while evaluating a condition (if, while, &&, !): `set -e` does not apply. */
  private noErrexit = 0;
  private loopDepth = 0;
  /** Status of the last command substitution (an assignment-only command returns it). */
  private substStatus = 0;

  constructor(
    readonly proc: ProcState,
    readonly baseIO: IO,
    readonly isMain: boolean
  ) {
    this.cwd = proc.ctx.cwd || '/';
  }

  get fs(): ContainerFS {
    return this.proc.ctx.fs;
  }

  /** A copy of this shell for a subshell: traps other than ignores reset, as POSIX says. */
  fork(): Shell {
    const sub = new Shell(this.proc, this.baseIO, false);
    for (const [k, v] of this.vars) sub.vars.set(k, { ...v });
    sub.functions = new Map(this.functions);
    sub.positionalArgs = [...this.positionalArgs];
    sub.arg0 = this.arg0;
    sub.status = this.status;
    for (const [k, v] of this.traps) if (v === '') sub.traps.set(k, v);
    sub.options = { ...this.options };
    sub.cwd = this.cwd;
    sub.lastBgPid = this.lastBgPid;
    return sub;
  }

  // --- variables (ExpandHost) ---

  param(name: string): string | undefined {
    switch (name) {
      case '?':
        return String(this.status);
      case '$':
        return String(this.proc.pid);
      case '#':
        return String(this.positionalArgs.length);
      case '@':
      case '*':
        return this.positionalArgs.join(name === '*' ? (this.vars.get('IFS')?.value ?? ' ').slice(0, 1) : ' ');
      case '!':
        return this.lastBgPid === undefined ? undefined : String(this.lastBgPid);
      case '-':
        return (this.options.errexit ? 'e' : '') + (this.options.xtrace ? 'x' : '');
      case '0':
        return this.arg0;
    }
    if (/^\d+$/.test(name)) return this.positionalArgs[Number(name) - 1];
    // ash's $RANDOM, from the container's seeded stream.
    if (name === 'RANDOM' && !this.vars.has(name)) return String(Math.floor(this.proc.ctx.random() * 32768));
    return this.vars.get(name)?.value;
  }

  positional(): readonly string[] {
    return this.positionalArgs;
  }

  setVar(name: string, value: string, exported?: boolean): void {
    const v = this.vars.get(name);
    this.vars.set(name, { value, exported: exported ?? v?.exported ?? false });
    if (name === 'PWD') this.cwd = value || this.cwd;
  }

  unsetVar(name: string): void {
    this.vars.delete(name);
  }

  /** `local NAME`: remembers the caller's value, restored when the function returns. */
  makeLocal(name: string): boolean {
    const frame = this.localFrames[this.localFrames.length - 1];
    if (!frame) return false;
    if (!frame.has(name)) frame.set(name, this.vars.has(name) ? { ...this.vars.get(name)! } : undefined);
    return true;
  }

  /** The environment applets see: exported variables. */
  environment(extra: [string, string][] = []): Record<string, string> {
    const env: Record<string, string> = {};
    for (const [k, v] of this.vars) if (v.exported) env[k] = v.value;
    for (const [k, v] of extra) env[k] = v;
    return env;
  }

  *substitute(body: Node): Gen<string> {
    let out = '';
    const sub = this.fork();
    this.substStatus = yield* sub.runSubshell(body, { stdin: new Input(), out: (s) => (out += s), err: this.baseIO.err });
    return out;
  }

  // --- evaluation ---

  /** Runs a node as a subshell: `exit` ends only it. */
  *runSubshell(node: Node, io: IO): Gen {
    try {
      return yield* this.evalNode(node, io);
    } catch (e) {
      return this.statusOfThrow(e, io);
    }
  }

  /** The status a subshell or the top level ends with when evaluation throws. */
  statusOfThrow(e: unknown, io: IO): number {
    if (e instanceof ExitException || e instanceof ReturnException) return e.code;
    if (e instanceof ShellError) {
      io.err(`sh: ${e.message}\n`);
      return e.code;
    }
    if (e instanceof LoopException) return 0;
    throw e;
  }

  /**
   * Parses and runs a script one line at a time, as ash's evalstring: lines before a syntax
   * error run, then the error is fatal (`-c` scripts, `eval`, trap actions, `.`).
   */
  *evalString(script: string, io: IO): Gen {
    const reader = scriptReader(script);
    let status = 0;
    for (;;) {
      let node: Node | undefined;
      try {
        node = reader.nextLine();
      } catch (e) {
        if (e instanceof ShSyntaxError) throw new ShellError(`syntax error: ${e.message}`);
        throw e;
      }
      if (!node) return status;
      status = yield* this.evalNode(node, io);
    }
  }

  /** Runs the traps of signals that arrived, between two commands (ash dotrap). */
  *runPendingTraps(io: IO): Gen<void> {
    while (this.isMain && this.proc.pending.length > 0) {
      const action = this.traps.get(this.proc.pending.shift()!);
      if (!action) continue;
      const saved = this.status;
      yield* this.evalString(action, io);
      this.status = saved;
    }
  }

  *evalNode(node: Node, io: IO): Gen {
    let status: number;
    switch (node.t) {
      case 'list':
        status = 0;
        for (const item of node.items) {
          if (item.background) {
            this.startJob(item.node, io);
            status = 0;
          } else status = yield* this.evalNode(item.node, io);
          this.status = status;
          yield* this.runPendingTraps(io);
        }
        return status;
      case 'andor':
        status = yield* this.conditional(node.first, io);
        for (let i = 0; i < node.rest.length; i++) {
          const { op, node: next } = node.rest[i];
          if ((op === '&&') !== (status === 0)) continue;
          status = i === node.rest.length - 1 ? yield* this.evalNode(next, io) : yield* this.conditional(next, io);
        }
        return (this.status = status);
      case 'pipe':
        status = yield* this.evalPipe(node.cmds, node.bang, io);
        break;
      case 'simple':
        status = yield* this.evalSimple(node, io);
        break;
      case 'group': {
        const rio = yield* applyRedirections(this, node.redirs, io);
        status = typeof rio === 'number' ? rio : yield* this.evalNode(node.body, rio);
        break;
      }
      case 'subshell': {
        const rio = yield* applyRedirections(this, node.redirs, io);
        status = typeof rio === 'number' ? rio : yield* this.fork().runSubshell(node.body, rio);
        break;
      }
      case 'if': {
        const rio = yield* applyRedirections(this, node.redirs, io);
        if (typeof rio === 'number') return (this.status = rio);
        status = 0;
        let taken = false;
        for (const clause of node.clauses) {
          if ((yield* this.conditional(clause.cond, rio)) === 0) {
            status = yield* this.evalNode(clause.body, rio);
            taken = true;
            break;
          }
        }
        if (!taken && node.otherwise) status = yield* this.evalNode(node.otherwise, rio);
        return (this.status = status);
      }
      case 'loop':
      case 'for': {
        const rio = yield* applyRedirections(this, node.redirs, io);
        if (typeof rio === 'number') return (this.status = rio);
        return (this.status = yield* this.evalLoop(node, rio));
      }
      case 'case': {
        const rio = yield* applyRedirections(this, node.redirs, io);
        if (typeof rio === 'number') return (this.status = rio);
        const word = yield* expandString(this, node.word);
        status = 0;
        for (const arm of node.arms) {
          let hit = false;
          for (const pattern of arm.patterns) if (globMatch(yield* expandPattern(this, pattern), word)) hit = true;
          if (hit) {
            status = arm.body ? yield* this.evalNode(arm.body, rio) : 0;
            break;
          }
        }
        return (this.status = status);
      }
      case 'func':
        this.functions.set(node.name, node.body);
        return (this.status = 0);
    }
    this.status = status;
    if (status !== 0 && this.options.errexit && this.noErrexit === 0 && !(node.t === 'pipe' && node.bang)) throw new ExitException(status);
    return status;
  }

  /** Evaluates a condition: `set -e` does not apply inside. */
  private *conditional(node: Node, io: IO): Gen {
    this.noErrexit++;
    try {
      return yield* this.evalNode(node, io);
    } finally {
      this.noErrexit--;
    }
  }

  private *evalLoop(node: Extract<Node, { t: 'loop' } | { t: 'for' }>, io: IO): Gen {
    let status = 0;
    const items = node.t === 'for' ? (node.items ? yield* expandFields(this, node.items) : [...this.positionalArgs]) : undefined;
    this.loopDepth++;
    try {
      for (let i = 0; ; i++) {
        if (items) {
          if (i >= items.length) break;
          this.setVar((node as { name: string }).name, items[i]);
          if (++this.proc.work >= LOOP_GUARD_COMMANDS) yield* this.loopGuard();
        } else {
          const loop = node as Extract<Node, { t: 'loop' }>;
          const cond = yield* this.conditional(loop.cond, io);
          if ((cond === 0) === loop.until) break;
        }
        try {
          status = yield* this.evalNode(node.body, io);
        } catch (e) {
          if (!(e instanceof LoopException)) throw e;
          if (e.levels > 1) {
            e.levels--;
            throw e;
          }
          if (e.kind === 'break') break;
        }
      }
    } finally {
      this.loopDepth--;
    }
    return status;
  }

  /** `break N` / `continue N`, clamped to the loops we are in (ash ignores them outside). */
  loopControl(kind: 'break' | 'continue', levels: number): number {
    if (this.loopDepth === 0) return 0;
    throw new LoopException(kind, Math.min(levels, this.loopDepth));
  }

  private *loopGuard(): Gen<void> {
    this.proc.work = 0;
    yield { kind: 'sleep', until: this.proc.ctx.now() + LOOP_GUARD_MS };
  }

  private startJob(node: Node, io: IO): void {
    const sub = this.fork();
    const job: Job = { pid: this.proc.allocPid(), gen: sub.runSubshell(node, { stdin: new Input(), out: io.out, err: io.err }) };
    this.proc.jobs.push(job);
    this.jobs.push(job);
    this.lastBgPid = job.pid;
  }

  private *evalPipe(cmds: Node[], bang: boolean, io: IO): Gen {
    let status: number;
    if (cmds.length === 1) status = yield* this.conditional(cmds[0], io);
    else {
      let input = io.stdin;
      status = 0;
      for (let i = 0; i < cmds.length; i++) {
        let captured = '';
        const last = i === cmds.length - 1;
        const out = last ? io.out : (s: string) => (captured += s);
        status = yield* this.fork().runSubshell(cmds[i], { stdin: input, out, err: io.err, piped: !last || io.piped });
        input = new Input(captured);
      }
    }
    return bang ? (status === 0 ? 1 : 0) : status;
  }

  private *evalSimple(node: Extract<Node, { t: 'simple' }>, io: IO): Gen {
    if (++this.proc.work >= LOOP_GUARD_COMMANDS) yield* this.loopGuard();
    this.substStatus = 0;
    const argv = yield* expandFields(this, node.words);
    const assigns: [string, string][] = [];
    for (const a of node.assigns) assigns.push([a.name, yield* expandString(this, a.value)]);
    if (this.options.xtrace) io.err(`+ ${[...assigns.map(([k, v]) => `${k}=${v}`), ...argv].join(' ')}\n`);
    const rio = yield* applyRedirections(this, node.redirs, io);
    if (typeof rio === 'number') return rio;
    if (argv.length === 0) {
      for (const [k, v] of assigns) this.setVar(k, v);
      return this.substStatus;
    }
    return yield* this.run(argv, assigns, rio);
  }

  /**
   * A binary that is not a busybox applet (curl), found through PATH as ash's find_command
   * searches it: where its file is, in images and on hosts that have it (applets/binaries.ts).
   */
  binaryOnPath(name: string): { path: string; applet: Applet } | undefined {
    for (const dir of (this.param('PATH') ?? DEFAULT_PATH).split(':')) {
      if (!dir.startsWith('/')) continue;
      const path = `${dir.replace(/\/+$/, '')}/${name}`;
      const text = this.fs.read(path);
      const applet = typeof text === 'string' ? binaryIn(text) : undefined;
      if (applet) return { path, applet };
    }
    return undefined;
  }

  /** Runs a command by name: a function, a builtin, an applet, a binary on PATH, or a script file. */
  *run(argv: string[], assigns: [string, string][], io: IO): Gen {
    const name = argv[0];
    const fn = this.functions.get(name);
    if (fn) return yield* this.callFunction(fn, argv, assigns, io);
    const builtin = BUILTINS[name];
    if (builtin) {
      for (const [k, v] of assigns) this.setVar(k, v);
      const r = builtin(this, argv, io);
      return typeof r === 'number' ? r : yield* r;
    }
    if (SHELL_NAMES.has(name.slice(name.lastIndexOf('/') + 1))) return yield* this.runNestedShell(argv, assigns, io);
    let applet = name.includes('/') ? undefined : (APPLETS[name] ?? this.binaryOnPath(name)?.applet);
    if (name.includes('/')) {
      const path = resolvePath(this.cwd, name);
      const base = path.slice(path.lastIndexOf('/') + 1);
      const st = this.fs.stat(path);
      if (BIN_DIRS.has(path.slice(0, path.lastIndexOf('/')) || '/') && APPLETS[base] && (typeof st === 'string' || !this.fs.read(path).toString().startsWith('#!'))) applet = APPLETS[base];
      else if (typeof st === 'string') {
        io.err(`sh: ${name}: not found\n`);
        return 127;
      } else if (st.type === 'dir') {
        io.err(`sh: ${name}: Permission denied\n`);
        return 126;
      } else {
        applet = binaryIn(this.fs.read(path) as string);
        if (!applet) return yield* this.runScriptFile(path, argv, assigns, io);
      }
    }
    if (!applet) {
      io.err(`sh: ${name}: not found\n`);
      return 127;
    }
    const call: AppletCall = {
      argv,
      io,
      env: this.environment(assigns),
      cwd: this.cwd,
      ctx: this.proc.ctx,
      path: (p) => resolvePath(this.cwd, p),
      proc: this.proc,
      shell: this
    };
    const r = applet(call);
    return typeof r === 'number' ? r : yield* r;
  }

  private *callFunction(body: Node, argv: string[], assigns: [string, string][], io: IO): Gen {
    const savedArgs = this.positionalArgs;
    this.positionalArgs = argv.slice(1);
    for (const [k, v] of assigns) this.setVar(k, v);
    const frame = new Map<string, Var | undefined>();
    this.localFrames.push(frame);
    const savedLoops = this.loopDepth;
    this.loopDepth = 0;
    try {
      return yield* this.evalNode(body, io);
    } catch (e) {
      if (e instanceof ReturnException) return e.code;
      throw e;
    } finally {
      this.loopDepth = savedLoops;
      this.localFrames.pop();
      for (const [k, v] of frame) {
        if (v) this.vars.set(k, v);
        else this.vars.delete(k);
      }
      this.positionalArgs = savedArgs;
    }
  }

  /** `sh -c '...'` run from a script: a new shell process with the exported environment. */
  private *runNestedShell(argv: string[], assigns: [string, string][], io: IO): Gen {
    const inv = parseInvocation(argv);
    if ('error' in inv) {
      io.err(inv.error + '\n');
      return 2;
    }
    const sub = new Shell(this.proc, this.baseIO, false);
    for (const [k, v] of Object.entries(this.environment(assigns))) sub.setVar(k, v, true);
    sub.cwd = this.cwd;
    return yield* sub.runInvocation(inv, io);
  }

  /** Runs what a shell's argv asks for, then its EXIT trap; returns the exit status. */
  *runInvocation(inv: Invocation, io: IO): Gen {
    this.arg0 = inv.arg0;
    this.positionalArgs = inv.args;
    this.options.errexit = inv.errexit;
    this.options.xtrace = inv.xtrace;
    let text = inv.script ?? '';
    if (inv.file !== undefined) {
      const t = this.fs.read(resolvePath(this.cwd, inv.file));
      if (t === 'ENOENT' || t === 'EISDIR' || t === 'ENOTDIR' || t === 'EACCES') {
        io.err(`sh: can't open '${inv.file}': ${FS_ERROR_TEXT[t]}\n`);
        return 2;
      }
      text = t;
    }
    let code: number;
    try {
      code = yield* this.evalString(text, io);
    } catch (e) {
      code = this.statusOfThrow(e, io);
    }
    return yield* this.runExitTrap(code, io);
  }

  /** The EXIT trap runs once when the shell exits; an `exit N` inside it sets the status. */
  *runExitTrap(code: number, io: IO): Gen {
    const action = this.traps.get('EXIT');
    if (!action) return code;
    this.traps.delete('EXIT');
    this.status = code;
    try {
      yield* this.evalString(action, io);
    } catch (e) {
      return this.statusOfThrow(e, io);
    }
    return code;
  }

  /** `./script.sh` or `/app/run.sh`: a shell script run in a subshell. */
  private *runScriptFile(path: string, argv: string[], assigns: [string, string][], io: IO): Gen {
    const sub = this.fork();
    sub.functions = new Map();
    sub.arg0 = argv[0];
    sub.positionalArgs = argv.slice(1);
    for (const [k, v] of assigns) sub.setVar(k, v, true);
    const text = this.fs.read(path) as string;
    try {
      return yield* sub.evalString(text, io);
    } catch (e) {
      return sub.statusOfThrow(e, io);
    }
  }

  /** `exit N` as ash computes it (no argument: the last status). */
  exit(code: number = this.status): never {
    throw new ExitException(wrapStatus(code));
  }
}
