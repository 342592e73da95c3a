/**
 * What the interpreter's pieces share: the generator type every command evaluates as (it
 * yields when the script must wait, and returns an exit status), a command's standard streams,
 * and the control-flow exceptions (`exit`, `return`, `break`, `continue`, fatal shell errors).
 *
 * Upstream: busybox shell/ash.c (evaltree's exception model: EXEXIT, EXERROR; evalskip for
 * SKIPBREAK/SKIPCONT/SKIPFUNC).
 */

/** Why a shell thread stops running for now. */
export type Wait =
  /** Until virtual time `until` (a sleeping foreground applet, or the loop guard). */
  | { kind: 'sleep'; until: number }
  /** Until a signal (`sleep infinity`, `tail -f`, `nc -l`). */
  | { kind: 'block' }
  /** The `wait` builtin: until these background jobs end or a trapped signal arrives. */
  | { kind: 'wait'; jobs: readonly Job[] };

/** An evaluation: yields waits, returns an exit status (or a value for expansions). */
export type Gen<T = number> = Generator<Wait, T, void>;

/** A background job (`cmd &`): its own generator, stepped beside the main script. */
export interface Job {
  pid: number;
  gen: Gen;
  waiting?: Wait;
  status?: number;
}

/** A readable stream as a string with a cursor, so `read` in a loop consumes it line by line. */
export class Input {
  constructor(
    public text = '',
    public pos = 0
  ) {}
  /** The rest of the input, consumed. */
  readAll(): string {
    const rest = this.text.slice(this.pos);
    this.pos = this.text.length;
    return rest;
  }
  /** The next line without its newline, or undefined at end of input. */
  readLine(): string | undefined {
    if (this.pos >= this.text.length) return undefined;
    let end = this.text.indexOf('\n', this.pos);
    if (end === -1) end = this.text.length;
    const line = this.text.slice(this.pos, end);
    this.pos = end + 1;
    return line;
  }
}

/** A command's standard input, output and error. */
export interface IO {
  stdin: Input;
  out(text: string): void;
  err(text: string): void;
  /** Output goes into a pipe: an endless writer (`yes`) stops after a while, as on SIGPIPE. */
  piped?: boolean;
}

/** `exit N`, or the end of the shell after a fatal error. */
export class ExitException {
  constructor(public readonly code: number) {}
}
/** `return N` from a function or a `.` script. */
export class ReturnException {
  constructor(public readonly code: number) {}
}
/** `break N` / `continue N`. */
export class LoopException {
  constructor(
    public readonly kind: 'break' | 'continue',
    public levels: number
  ) {}
}
/** A fatal error of a non-interactive shell ("sh: x: parameter not set"): printed, then exit 2. */
export class ShellError {
  constructor(
    public readonly message: string,
    public readonly code = 2
  ) {}
}

/** Exit statuses wrap at 256 like the kernel's (exit 257 is 1). */
export function wrapStatus(code: number): number {
  return ((Math.trunc(code) % 256) + 256) % 256;
}
