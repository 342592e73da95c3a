/**
 * What every kubectl command is made of: a cobra-like spec (name, usage, flags, run), the
 * invocation it runs with, and the ways it fails. Errors print as kubectl's CheckErr prints
 * them (`error: ...`, `Error from server (Reason): ...`, `The Pod "x" is invalid: ...`).
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/util/helpers.go (CheckErr, UsageErrorf,
 * AddSourceToErr), github.com/spf13/cobra command.go.
 */
import type { KubectlContext, TerminalSegment } from './context';
import { SIM_EPOCH_MS } from '../kernel/clock';
import { kubectlErrorMessage, type Status } from '../api/errors';
import type { FlagDef } from './flags';
import { Flags } from './flags';

export interface CommandSpec {
  name: string;
  aliases?: string[];
  /** The first line of `--help` (cobra's Long, first paragraph). */
  long: string;
  /** cobra's Short, listed in the parent's "Available Commands" (defaults to `long`). */
  short?: string;
  /** The Usage line, without `kubectl ` and ` [options]`. */
  use: string;
  flags: readonly FlagDef[];
  subcommands?: readonly CommandSpec[];
  /** Missing with subcommands: the command only prints its help. */
  run?: (inv: Invocation) => Promise<void>;
}

/** Collected output of one command (streaming goes through ctx.print). */
export class Output {
  stdout = '';
  stderr = '';
  /** stdout with the warnings where they were printed; errors (kubectl prints them last) come after. */
  #inline: TerminalSegment[] = [];
  #errors = '';
  #warned = false;
  out(text: string): void {
    this.stdout += text;
    this.#inline.push({ stream: 'stdout', text });
  }
  err(text: string): void {
    this.stderr += text;
    this.#errors += text;
  }
  /** A `Warning: ...` line (stderr), shown before the output that follows it, as in a terminal. */
  warning(text: string): void {
    this.stderr += text;
    this.#inline.push({ stream: 'stderr', text });
    this.#warned = true;
  }
  /** Everything printed so far, in a terminal's order (stdout and warnings as printed, then errors). */
  printed(): TerminalSegment[] {
    return [...this.#inline, ...(this.#errors ? [{ stream: 'stderr' as const, text: this.#errors }] : [])].filter((s) => s.text !== '');
  }
  /** What a terminal shows, when warnings make it differ from stdout then stderr. */
  segments(): TerminalSegment[] | undefined {
    return this.#warned ? [...this.#inline, ...(this.#errors ? [{ stream: 'stderr' as const, text: this.#errors }] : [])] : undefined;
  }
}

export interface Invocation {
  ctx: KubectlContext;
  out: Output;
  flags: Flags;
  args: string[];
  /** `kubectl get`: for error hints. */
  path: string;
  /** -n/--namespace, else `default`. */
  namespace: string;
  /** Whether -n/--namespace was given (kubectl's EnforceNamespace). */
  explicitNamespace: boolean;
}

/** A failure whose text is already formatted (printed as is, exit 1). */
export class KubectlError extends Error {
  constructor(readonly text: string) {
    super(text);
  }
}

/** One error of a command: a plain message (Go's error.Error()) or an API status. */
export type ErrorEntry = { message: string } | { status: Status };

/** One error ending the command (CheckErr(err)). */
export class CommandFailure extends Error {
  constructor(readonly entry: ErrorEntry) {
    super('message' in entry ? entry.message : entry.status.message);
  }
}

/** Several errors at the end of a command (CheckErr(utilerrors.NewAggregate(errs))). */
export class AggregateError extends Error {
  constructor(readonly entries: ErrorEntry[]) {
    super(entries.map((e) => ('message' in e ? e.message : e.status.message)).join('\n'));
  }
}

/** kubectl's CheckErr for a plain error message: adds the `error: ` prefix. */
export function errorText(msg: string): string {
  return msg.startsWith('error: ') ? msg : `error: ${msg}`;
}

/**
 * What CheckErr prints for these errors: one error in full (`error: ...`, `The Pod "x" is
 * invalid: ...`), several as MultipleErrors does (messages as they are, API errors as
 * `Error from server (Reason): message`), each on its own line.
 */
export function formatErrors(entries: ErrorEntry[]): string {
  const line = (t: string) => (t.endsWith('\n') ? t : t + '\n');
  if (entries.length === 0) return '';
  if (entries.length === 1) {
    const e = entries[0];
    return line('status' in e ? kubectlErrorMessage(e.status) : errorText(e.message));
  }
  return entries.map((e) => line('status' in e ? standardErrorMessage(e.status) : e.message)).join('');
}

/** upstream: helpers.go StandardErrorMessage for an API status. */
export function standardErrorMessage(s: Status): string {
  return s.reason ? `Error from server (${s.reason}): ${s.message}` : `Error from server: ${s.message}`;
}

/** Fails like `return fmt.Errorf(...)` from a command's Run. */
export function fail(msg: string): never {
  throw new CommandFailure({ message: msg });
}

/** cmdutil.UsageErrorf: the message and a pointer to the command's help. */
export function usageError(path: string, msg: string): never {
  throw new CommandFailure({ message: `${msg}\nSee '${path} -h' for help and examples` });
}

/** The one NAME a create generator takes. upstream: create.go NameFromCommandArgs */
export function nameFromArgs(inv: Invocation): string {
  if (inv.args.length !== 1) usageError(inv.path, `exactly one NAME is required, got ${inv.args.length}`);
  return inv.args[0];
}

/** Fails with an API error as kubectl prints it. */
export function failStatus(status: Status): never {
  throw new CommandFailure({ status });
}

/** The error entry of a thrown failure; anything else is a bug and propagates. */
export function entryOf(e: unknown): ErrorEntry {
  if (e instanceof CommandFailure) return e.entry;
  if (e instanceof KubectlError) return { message: e.text };
  throw e;
}

/** cmdutil.AddSourceToErr: `error when creating "STDIN": ...`. */
export function withSource(verb: string, source: string, status: Status): Status {
  if (!source) return status;
  return { ...status, message: `error when ${verb} "${source}": ${status.message}` };
}

/** Wall-clock ms of the virtual now, as the printers take it (virtual 0 = SIM_EPOCH_MS). */
export function epochNow(ctx: KubectlContext): number {
  return SIM_EPOCH_MS + ctx.now();
}

/** Parses `--dry-run` as cmdutil.GetDryRunStrategy does. */
export function dryRunStrategy(flags: Flags): 'none' | 'client' | 'server' {
  const v = flags.str('dry-run');
  switch (v) {
    case 'client':
    case 'server':
    case 'none':
      return v;
    case 'unchanged':
      // upstream: `--dry-run` alone is --dry-run=client (with a deprecation warning in the log).
      return 'client';
    default:
      return fail(`Invalid dry-run value (${v}). Must be "none", "server", or "client".`);
  }
}

/** upstream: cmdutil.GetValidationDirective: `--validate` as the request's fieldValidation. */
export function fieldValidation(flags: Flags): 'Strict' | 'Warn' | 'Ignore' {
  const v = flags.str('validate');
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v)) return 'Strict';
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v)) return 'Ignore';
  switch (v) {
    case 'strict':
      return 'Strict';
    case 'warn':
      return 'Warn';
    case 'ignore':
      return 'Ignore';
    default:
      return fail(`invalid - validate option "${v}"; must be one of: strict (or true), warn, ignore (or false)`);
  }
}

// Flag sets shared by several commands.

export const DRY_RUN_FLAG: FlagDef = { name: 'dry-run', type: 'string', def: 'none', noOpt: 'unchanged' };
export const FILENAME_FLAGS: FlagDef[] = [
  { name: 'filename', short: 'f', type: 'stringSlice' },
  { name: 'kustomize', short: 'k', type: 'string' },
  { name: 'recursive', short: 'R', type: 'bool' }
];
export const OUTPUT_FLAGS: FlagDef[] = [
  { name: 'output', short: 'o', type: 'string' },
  { name: 'template', type: 'string' },
  { name: 'allow-missing-template-keys', type: 'bool', def: true },
  { name: 'show-managed-fields', type: 'bool' }
];
export const FIELD_MANAGER_FLAG = (def: string): FlagDef => ({ name: 'field-manager', type: 'string', def });
export const VALIDATE_FLAG: FlagDef = { name: 'validate', type: 'string', def: 'strict', noOpt: 'strict' };

/** Persistent flags of the root command (`kubectl options`). */
export const GLOBAL_FLAGS: FlagDef[] = [
  { name: 'as', type: 'string' },
  { name: 'as-group', type: 'stringArray' },
  { name: 'as-uid', type: 'string' },
  { name: 'cache-dir', type: 'string' },
  { name: 'certificate-authority', type: 'string' },
  { name: 'client-certificate', type: 'string' },
  { name: 'client-key', type: 'string' },
  { name: 'cluster', type: 'string' },
  { name: 'context', type: 'string' },
  { name: 'disable-compression', type: 'bool' },
  { name: 'insecure-skip-tls-verify', type: 'bool' },
  { name: 'kubeconfig', type: 'string' },
  { name: 'log-flush-frequency', type: 'duration' },
  { name: 'match-server-version', type: 'bool' },
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'password', type: 'string' },
  { name: 'profile', type: 'string', def: 'none' },
  { name: 'profile-output', type: 'string' },
  { name: 'request-timeout', type: 'string', def: '0' },
  { name: 'server', short: 's', type: 'string' },
  { name: 'tls-server-name', type: 'string' },
  { name: 'token', type: 'string' },
  { name: 'user', type: 'string' },
  { name: 'username', type: 'string' },
  { name: 'v', short: 'v', type: 'string' },
  { name: 'vmodule', type: 'string' },
  { name: 'warnings-as-errors', type: 'bool' }
];
