/**
 * kubectl: the entry point. Finds the command as cobra does (global flags may come before it),
 * parses its flags as pflag does, runs it and prints failures as kubectl's CheckErr prints them.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/cmd.go (NewKubectlCommand),
 * github.com/spf13/cobra command.go (Find, stripFlags, legacyArgs).
 */
import type { CommandOutput, KubectlContext } from './context';
import { AggregateError, CommandFailure, formatErrors, GLOBAL_FLAGS, KubectlError, Output, type CommandSpec, type Invocation } from './command';
import type { ApiRequest } from '../apiserver/apiserver';
import { FlagError, Flags, HelpRequested, parseFlags, type FlagDef } from './flags';
import { ALL_COMMANDS, ROOT_HELP, commandHelp, suggestionsFor } from './help';
import { applyCommand } from './apply';
import { diffCommand } from './diff';
import { createCommand } from './create';
import { runCommand } from './run';
import { debugCommand } from './debug';
import { attachCommand } from './attach';
import { getCommand } from './get';
import { describeCommand } from './describe';
import { deleteCommand } from './delete';
import { annotateCommand, labelCommand } from './label';
import { scaleCommand } from './scale';
import { autoscaleCommand } from './autoscale';
import { exposeCommand } from './expose';
import { patchCommand } from './patch';
import { rolloutCommand } from './rollout';
import { setCommand } from './set';
import { cordonCommand, taintCommand, uncordonCommand } from './node';
import { drainCommand } from './drain';
import { explainCommand } from './explain';
import { apiResourcesCommand, apiVersionsCommand, clusterInfoCommand, versionCommand } from './discovery';
import { authCommand } from './auth';
import { logsCommand } from './logs';
import { topCommand } from './top';
import { CodeExitError, execCommand } from './exec';
import { portForwardCommand } from './portforward';
import { replaceCommand } from './replace';
import { cpCommand } from './cp';
import { configCommand, resolveContext, type KubeconfigUser } from './config';
import { waitCommand } from './wait';
import { eventsCommand } from './events';

/** A command's flags and the global ones it does not shadow (cobra: a local flag hides a persistent one of its name, as debug's --profile). */
function withGlobals(flags: readonly FlagDef[]): FlagDef[] {
  const own = new Set(flags.map((f) => f.name));
  return [...flags, ...GLOBAL_FLAGS.filter((g) => !own.has(g.name))];
}

/** Every command this kubectl has (the console's Tab completion is checked against it). */
export const COMMANDS: readonly CommandSpec[] = [
  createCommand,
  runCommand,
  debugCommand,
  attachCommand,
  setCommand,
  explainCommand,
  getCommand,
  deleteCommand,
  rolloutCommand,
  scaleCommand,
  autoscaleCommand,
  exposeCommand,
  patchCommand,
  clusterInfoCommand,
  topCommand,
  cordonCommand,
  uncordonCommand,
  drainCommand,
  taintCommand,
  describeCommand,
  logsCommand,
  execCommand,
  portForwardCommand,
  cpCommand,
  applyCommand,
  replaceCommand,
  diffCommand,
  labelCommand,
  annotateCommand,
  versionCommand,
  apiVersionsCommand,
  apiResourcesCommand,
  configCommand,
  waitCommand,
  authCommand,
  eventsCommand
];

function findCommand(list: readonly CommandSpec[], word: string): CommandSpec | undefined {
  return list.find((c) => c.name === word || c.aliases?.includes(word));
}

function hasNoOptDefault(defs: readonly FlagDef[], name: string, short: boolean): boolean {
  const f = defs.find((d) => (short ? d.short === name : d.name === name));
  return !!f && (f.type === 'bool' || f.noOpt !== undefined);
}

/**
 * cobra's stripFlags: the words of argv that are not flags or flag values, as cobra guesses
 * them before it knows the command (an unknown `--flag` is assumed to take a value).
 */
function commandWords(argv: readonly string[], defs: readonly FlagDef[]): { word: string; index: number }[] {
  const words: { word: string; index: number }[] = [];
  let i = 0;
  while (i < argv.length) {
    const s = argv[i++];
    if (s === '--') break;
    const long = s.startsWith('--') && !s.includes('=') && !hasNoOptDefault(defs, s.slice(2), false);
    const short = !s.startsWith('--') && s.startsWith('-') && !s.includes('=') && s.length === 2 && !hasNoOptDefault(defs, s.slice(1), true);
    if (long || short) {
      if (argv.length - i <= 1) break;
      i++;
      continue;
    }
    if (s !== '' && !s.startsWith('-')) words.push({ word: s, index: i - 1 });
  }
  return words;
}

export async function runKubectl(argv: string[], ctx: KubectlContext): Promise<CommandOutput> {
  const out = new Output();
  const done = (exitCode: number): CommandOutput => {
    const segments = out.segments();
    return { stdout: out.stdout, stderr: out.stderr, exitCode, ...(segments ? { segments } : {}) };
  };
  try {
    await dispatch(argv, ctx, out);
    return done(0);
  } catch (e) {
    if (e instanceof CodeExitError) {
      // upstream: exec's CodeExitError: kubectl exits with the command's code.
      out.err(e.text + '\n');
      return done(e.code);
    }
    if (e instanceof KubectlError) {
      if (e.text) out.err(e.text.endsWith('\n') ? e.text : e.text + '\n');
    } else if (e instanceof CommandFailure) out.err(formatErrors([e.entry]));
    else if (e instanceof AggregateError) out.err(formatErrors(e.entries));
    else throw e;
    return done(1);
  }
}

async function dispatch(argv: string[], ctx: KubectlContext, out: Output): Promise<void> {
  const words = commandWords(argv, GLOBAL_FLAGS);
  if (words.length === 0) {
    // The root command: only flags. It parses them (errors as any command's) and prints help.
    if (parseOrFail(argv, GLOBAL_FLAGS, 'kubectl', () => out.out(ROOT_HELP))) out.out(ROOT_HELP);
    return;
  }
  const first = words[0];
  const found = findCommand(COMMANDS, first.word);
  if (!found) {
    if (ALL_COMMANDS.includes(first.word)) {
      throw new KubectlError(`error: "kubectl ${first.word}" is not available in this simulator`);
    }
    // upstream: cobra findSuggestions; kubectl prints it through CheckErr (no usage hint).
    const suggestions = suggestionsFor(first.word);
    let text = `error: unknown command "${first.word}" for "kubectl"`;
    if (suggestions.length > 0) text += `\n\nDid you mean this?\n${suggestions.map((s) => `\t${s}\n`).join('')}`;
    throw new KubectlError(text);
  }
  let spec: CommandSpec = found;
  let rest = [...argv.slice(0, first.index), ...argv.slice(first.index + 1)];
  let path = `kubectl ${spec.name}`;
  // Descend into subcommands (`create namespace`, `create secret generic`).
  while (spec.subcommands && spec.subcommands.length > 0) {
    const next: { word: string; index: number } | undefined = commandWords(rest, withGlobals(spec.flags))[0];
    const sub: CommandSpec | undefined = next ? findCommand(spec.subcommands, next.word) : undefined;
    if (!sub || !next) break;
    rest = [...rest.slice(0, next.index), ...rest.slice(next.index + 1)];
    spec = sub;
    path = `${path} ${sub.name}`;
  }
  const current = spec;
  const defs = withGlobals(current.flags);
  const parsed = parseOrFail(rest, defs, path, () => out.out(commandHelp(path, current)));
  if (!parsed) return;
  const flags = new Flags(parsed);
  if (!current.run) {
    // upstream: cmdutil.DefaultSubCommandRun: help, or an unknown subcommand; exits 1 either way.
    if (flags.args.length > 0) throw new KubectlError(`error: unknown command "${flags.args.join(' ')}"\nSee '${path} -h' for help and examples`);
    out.err(commandHelp(path, current));
    throw new KubectlError('');
  }
  const namespace = flags.str('namespace');
  // The kubeconfig's context (--context or the current one): checked before anything is sent,
  // and its namespace is the default. `kubectl config` edits the file and needs none of it.
  const context = ctx.kubeconfig && spec !== configCommand && !path.startsWith('kubectl config ') ? resolveContext(ctx.kubeconfig, flags.str('context'), current.flags.some((f) => f.name === 'user') ? '' : flags.str('user')) : {};
  // client-go's default warning handler: each Warning header of a response, on stderr.
  // The global --as/--as-group/--as-uid (client-go's Impersonate-* headers) and --token (a bearer token).
  const credentials = requestCredentials(flags, context.user, Boolean(ctx.kubeconfig) && !path.startsWith('kubectl config '));
  const warned: KubectlContext = {
    ...ctx,
    ...(ctx.watch && credentials ? { watch: (req, onEvent, onError) => ctx.watch!({ ...req, ...credentials }, onEvent, onError) } : {}),
    request: async (req) => {
      const res = await ctx.request(credentials ? { ...req, ...credentials } : req);
      if (res.ok && res.warnings) for (const w of res.warnings) out.warning(`Warning: ${w}\n`);
      return res;
    }
  };
  const inv: Invocation = {
    ctx: warned,
    out,
    flags,
    args: flags.args,
    path,
    namespace: namespace || context.namespace || 'default',
    explicitNamespace: namespace !== ''
  };
  await current.run(inv);
}

/** What the global flags add to every request: impersonation and a bearer token. */
function requestCredentials(flags: Flags, kubeconfigUser: KubeconfigUser | undefined, fromKubeconfig: boolean): Pick<ApiRequest, 'impersonate' | 'token' | 'anonymous'> | undefined {
  const user = flags.str('as');
  const groups = flags.list('as-group');
  const uid = flags.str('as-uid');
  // --token, else the kubeconfig user's token; a user with neither a certificate nor a token sends
  // no credentials at all (the API server's anonymous user). No kubeconfig: kubeadm's admin.conf.
  const token = flags.str('token') || kubeconfigUser?.token || '';
  const anonymous = fromKubeconfig && !token && kubeconfigUser?.certData === undefined;
  if (!user && groups.length === 0 && !uid && !token && !anonymous) return undefined;
  return {
    ...(user || groups.length > 0 || uid ? { impersonate: { ...(user ? { user } : {}), ...(groups.length > 0 ? { groups } : {}), ...(uid ? { uid } : {}) } } : {}),
    ...(token ? { token } : {}),
    ...(anonymous ? { anonymous: true } : {})
  };
}

/** Parses flags; a flag error fails like cobra's FlagErrorFunc in kubectl; `-h` prints help. */
function parseOrFail(argv: string[], defs: FlagDef[], path: string, help: () => void) {
  try {
    return parseFlags(argv, defs);
  } catch (e) {
    if (e instanceof HelpRequested) {
      help();
      return undefined;
    }
    if (e instanceof FlagError) {
      // upstream: cmd.go SetFlagErrorFunc -> `See 'kubectl get --help' for usage.`
      throw new KubectlError(`error: ${e.message}\nSee '${path} --help' for usage.`);
    }
    throw e;
  }
}
