/**
 * Tab completion for the console, as bash with kubectl's completion script does it: verbs,
 * resource types (short names resolve: `po` -> `pods`), object names from the page's mirror in
 * the line's namespace (`-n`, `-A`), flags and their values, and the `sim` commands with node and
 * pod names. Pure: the caller passes the mirrored objects, and gets back the new text, caret and
 * the candidates to list.
 *
 * kubectl's commands and flags come from `kubectl-commands.json`, derived from the real command
 * specs by `commands.test.ts` (kubectl itself runs in the worker and stays out of the page).
 */
import { RESOURCES, resolveResource, type ResourceInfo } from '../../sim/api/resources';
import type { Resources } from '../bridge/deltas';
import KUBECTL_TABLE from './kubectl-commands.json';

export interface FlagInfo {
  name: string;
  short?: string;
  /** The flag takes a value (`-n NAME`); without: a switch (`-w`). */
  value?: boolean;
}

export interface CommandInfo {
  name: string;
  aliases?: string[];
  flags: FlagInfo[];
  subcommands?: CommandInfo[];
}

/** What a command's positional arguments are, by command path (`rollout status`). */
export type ArgKind =
  /** TYPE [NAME...] or TYPE/NAME, types limited to `types` when given. */
  | { kind: 'resource'; types?: readonly string[] }
  /** Objects of one resource directly (`logs POD`, `cordon NODE`), then (logs) a container. */
  | { kind: 'objects'; resource: string; thenContainer?: boolean };

const ALL_TYPES = undefined;
export const KUBECTL_ARGS: Readonly<Record<string, ArgKind>> = {
  get: { kind: 'resource', types: ALL_TYPES },
  describe: { kind: 'resource' },
  delete: { kind: 'resource' },
  label: { kind: 'resource' },
  annotate: { kind: 'resource' },
  patch: { kind: 'resource' },
  explain: { kind: 'resource' },
  scale: { kind: 'resource', types: ['deployments', 'replicasets', 'statefulsets'] },
  autoscale: { kind: 'resource', types: ['deployments', 'replicasets', 'statefulsets'] },
  expose: { kind: 'resource', types: ['deployments', 'replicasets', 'pods', 'services'] },
  taint: { kind: 'resource', types: ['nodes'] },
  'set image': { kind: 'resource', types: ['deployments', 'daemonsets', 'statefulsets', 'replicasets', 'pods'] },
  'rollout history': { kind: 'resource', types: ['deployments', 'daemonsets', 'statefulsets'] },
  'rollout pause': { kind: 'resource', types: ['deployments'] },
  'rollout restart': { kind: 'resource', types: ['deployments', 'daemonsets', 'statefulsets'] },
  'rollout resume': { kind: 'resource', types: ['deployments'] },
  'rollout status': { kind: 'resource', types: ['deployments', 'daemonsets', 'statefulsets'] },
  'rollout undo': { kind: 'resource', types: ['deployments', 'daemonsets', 'statefulsets'] },
  logs: { kind: 'objects', resource: 'pods', thenContainer: true },
  exec: { kind: 'objects', resource: 'pods' },
  'port-forward': { kind: 'objects', resource: 'pods' },
  cordon: { kind: 'objects', resource: 'nodes' },
  uncordon: { kind: 'objects', resource: 'nodes' },
  drain: { kind: 'objects', resource: 'nodes' },
  'top node': { kind: 'objects', resource: 'nodes' },
  'top pod': { kind: 'objects', resource: 'pods' }
};

/** The `sim` commands (src/sim/cluster/console.ts), as a tree; `commands.test.ts` checks each against `sim help`. */
export interface SimCommand {
  sub?: Readonly<Record<string, SimCommand>>;
  /** What its positional arguments name, in order. */
  args?: readonly ('nodes' | 'pods')[];
  flags?: readonly string[];
}

const onNode: SimCommand = { args: ['nodes'] };
const onPod: SimCommand = { args: ['pods'], flags: ['-c', '-n'] };
export const SIM_COMMANDS: SimCommand = {
  sub: {
    advance: {},
    time: {},
    seed: {},
    trace: { flags: ['--pod', '--node', '--kind', '--component', '--since', '--tail', '-o'] },
    node: {
      sub: {
        add: { flags: ['--cpu', '--memory', '--pods', '--swap'] },
        poweroff: onNode,
        poweron: onNode,
        manifests: { sub: { ls: onNode, put: { args: ['nodes'], flags: ['-f'] }, rm: onNode } },
        files: { sub: { ls: onNode, cat: onNode, put: { args: ['nodes'], flags: ['-f'] }, rm: onNode } },
        cgroups: onNode,
        pressure: { sub: { memory: onNode, disk: onNode, pids: onNode } }
      }
    },
    container: { sub: { crash: onPod, hang: onPod, leak: onPod } },
    image: { sub: { break: {} } },
    images: onNode,
    kubelet: { sub: { stop: onNode, start: onNode, restart: onNode, logs: { args: ['nodes'], flags: ['--tail'] }, config: { args: ['nodes'], flags: ['-f'] } } },
    explain: { sub: { pod: { args: ['pods'], flags: ['-n'] } } },
    metrics: { sub: { query: { flags: ['--at'] }, status: {} } },
    scheduler: { sub: { config: { flags: ['-f'] } } },
    help: {}
  }
};

const KUBECTL: readonly CommandInfo[] = KUBECTL_TABLE as CommandInfo[];
/** kubectl's global flags worth offering (the rest are kubeconfig plumbing). */
const GLOBAL_FLAGS: readonly FlagInfo[] = [{ name: 'namespace', short: 'n', value: true }];
const FIRST_WORDS = ['kubectl', 'sim', 'clear'];
const OUTPUTS = ['json', 'yaml', 'name'];
const GET_OUTPUTS = ['wide', 'json', 'yaml', 'name', 'jsonpath=', 'custom-columns='];

export interface Completion {
  /** The input with the word at the caret completed (unchanged when there was nothing to add). */
  text: string;
  cursor: number;
  /** Every word that fits at the caret (to list on a second Tab); empty when none does. */
  candidates: string[];
  /** Whether `text` differs from the input. */
  progressed: boolean;
  /** Where the completed word starts in the input (a listed candidate replaces input[from, cursor)). */
  from: number;
}

interface Word {
  text: string;
  start: number;
}

/** Whitespace-separated words, quotes kept inside a word (enough to find where the caret is). */
export function words(line: string): Word[] {
  const out: Word[] = [];
  let quote = '';
  let current: Word | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (!quote && /\s/.test(c)) {
      if (current) out.push(current);
      current = undefined;
      continue;
    }
    current ??= { text: '', start: i };
    current.text += c;
    if (quote ? c === quote : c === '"' || c === "'") quote = quote ? '' : c;
  }
  if (current) out.push(current);
  return out;
}

/** Completes the word that ends at `cursor` (its line only: a heredoc body is the caller's business). */
export function complete(text: string, cursor: number, resources: Resources): Completion {
  const lineStart = text.lastIndexOf('\n', cursor - 1) + 1;
  const line = text.slice(lineStart, cursor);
  const all = words(line);
  const atWordEnd = all.length > 0 && all[all.length - 1].start + all[all.length - 1].text.length === line.length;
  const current: Word = atWordEnd ? all[all.length - 1] : { text: '', start: line.length };
  const before = (atWordEnd ? all.slice(0, -1) : all).map((w) => w.text);

  const { words: options, exact } = candidatesFor(before, current.text, resources);
  const fits = exact !== undefined ? [exact] : [...new Set(options.filter((o) => o.startsWith(current.text)))].sort();
  const from = lineStart + current.start;
  const unchanged: Completion = { text, cursor, candidates: fits, progressed: false, from };
  if (fits.length === 0) return unchanged;
  let insert: string;
  if (fits.length === 1) {
    const open = /[=/]$/.test(fits[0]);
    insert = fits[0] + (open || text[cursor] === ' ' ? '' : ' ');
  } else {
    insert = commonPrefix(fits);
    if (insert.length <= current.text.length) return unchanged;
  }
  const next = text.slice(0, from) + insert + text.slice(cursor);
  const caret = from + insert.length + (fits.length === 1 && text[cursor] === ' ' && !/[=/]$/.test(fits[0]) ? 1 : 0);
  return { text: next, cursor: caret, candidates: fits, progressed: next !== text || caret !== cursor, from };
}

function commonPrefix(list: readonly string[]): string {
  let prefix = list[0];
  for (const s of list) while (!s.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

interface Candidates {
  words: readonly string[];
  /** The one answer, when the word typed is an exact alias (`po` -> `pods`). */
  exact?: string;
}

const NONE: Candidates = { words: [] };

function candidatesFor(before: readonly string[], current: string, resources: Resources): Candidates {
  if (before.length === 0) return { words: FIRST_WORDS };
  if (before[0] === 'kubectl' || before[0] === 'k') return kubectlCandidates(before.slice(1), current, resources);
  if (before[0] === 'sim') return simCandidates(before.slice(1), current, resources);
  return NONE;
}

// ---- kubectl ---------------------------------------------------------------------------------

export interface KubectlLine {
  path: CommandInfo[];
  /** Every flag given, by long name (switches: 'true'). */
  flags: Map<string, string>;
  positionals: string[];
  namespace: string;
  allNamespaces: boolean;
  container?: string;
  /** The flag whose value the caret is at. */
  pendingFlag?: FlagInfo;
  /** After `--` (exec's command): nothing to complete. */
  afterDash: boolean;
}

function flagsOf(path: readonly CommandInfo[]): FlagInfo[] {
  return [...(path.at(-1)?.flags ?? []), ...GLOBAL_FLAGS];
}

function findFlag(flags: readonly FlagInfo[], word: string): FlagInfo | undefined {
  return word.startsWith('--') ? flags.find((f) => f.name === word.slice(2)) : flags.find((f) => f.short === word.slice(1));
}

function findCommand(list: readonly CommandInfo[] | undefined, word: string): CommandInfo | undefined {
  return list?.find((c) => c.name === word || c.aliases?.includes(word));
}

/** Walks the words of a kubectl line (after `kubectl`) as cobra and pflag would: the command path, flags and positionals. */
export function readKubectl(before: readonly string[]): KubectlLine {
  const line: KubectlLine = { path: [], flags: new Map(), positionals: [], namespace: 'default', allNamespaces: false, afterDash: false };
  const set = (flag: FlagInfo, value: string | undefined) => {
    line.flags.set(flag.name, value ?? 'true');
    if (flag.name === 'namespace' && value !== undefined) line.namespace = value;
    else if (flag.name === 'all-namespaces') line.allNamespaces = value !== 'false';
    else if (flag.name === 'container' && value !== undefined) line.container = value;
  };
  for (let i = 0; i < before.length; i++) {
    const w = before[i];
    if (line.afterDash) continue;
    if (w === '--') {
      line.afterDash = true;
      continue;
    }
    if (w.startsWith('-') && w !== '-') {
      const flags = flagsOf(line.path);
      const eq = w.indexOf('=');
      const name = eq >= 0 ? w.slice(0, eq) : w;
      const inline = eq >= 0 ? w.slice(eq + 1) : undefined;
      if (!name.startsWith('--') && name.length > 2) {
        // `-Aw` (switches grouped) or `-nkube-system` (a value stuck to its flag).
        for (let j = 1; j < name.length; j++) {
          const f = findFlag(flags, `-${name[j]}`);
          if (!f) break;
          if (f.value) {
            set(f, name.slice(j + 1) + (inline !== undefined ? `=${inline}` : ''));
            break;
          }
          set(f, undefined);
        }
        continue;
      }
      const flag = findFlag(flags, name);
      if (!flag) continue;
      if (flag.value && inline === undefined) {
        if (i === before.length - 1) line.pendingFlag = flag;
        else set(flag, before[++i]);
      } else set(flag, inline);
      continue;
    }
    const last = line.path.at(-1);
    const next = findCommand(last ? last.subcommands : KUBECTL, w);
    if (next && (line.path.length === 0 || (last?.subcommands && line.positionals.length === 0))) line.path.push(next);
    else line.positionals.push(w);
  }
  return line;
}

function kubectlCandidates(before: readonly string[], current: string, resources: Resources): Candidates {
  const line = readKubectl(before);
  if (line.afterDash) return NONE;
  if (line.pendingFlag) return flagValues(line, line.pendingFlag, current, resources);
  if (current.startsWith('-')) {
    const eq = current.indexOf('=');
    if (eq >= 0) {
      const flag = findFlag(flagsOf(line.path), current.slice(0, eq));
      if (!flag?.value) return NONE;
      const values = flagValues(line, flag, current.slice(eq + 1), resources);
      const prefix = current.slice(0, eq + 1);
      return { words: values.words.map((v) => prefix + v), exact: values.exact && prefix + values.exact };
    }
    return { words: flagsOf(line.path).flatMap((f) => [`--${f.name}`, ...(f.short ? [`-${f.short}`] : [])]) };
  }
  const command = line.path.at(-1);
  if (!command) return { words: KUBECTL.map((c) => c.name) };
  if (command.subcommands && line.positionals.length === 0) return { words: command.subcommands.map((c) => c.name) };
  const args = KUBECTL_ARGS[line.path.map((c) => c.name).join(' ')];
  if (!args) return NONE;
  if (args.kind === 'objects') {
    if (line.positionals.length === 0) return { words: objectNames(resources, args.resource, line) };
    if (args.thenContainer && line.positionals.length === 1) return { words: containersOf(resources, line.namespace, line.positionals[0]) };
    return args.resource === 'nodes' ? { words: objectNames(resources, args.resource, line) } : NONE;
  }
  // Only what can be read: the create-only review resources (selfsubjectaccessreviews...) are not offered.
  const allowed = (args.types ? RESOURCES.filter((r) => args.types!.includes(r.name)) : RESOURCES).filter((r) => r.verbs.includes('get'));
  const typed = line.positionals[0];
  if (typed === undefined || (current.includes('/') && !typed.includes('/'))) {
    if (current.includes('/')) {
      // TYPE/NAME
      const slash = current.indexOf('/');
      const r = resolveResource(current.slice(0, slash));
      if (!r || !allowed.includes(r)) return NONE;
      return { words: objectNames(resources, r.name, line).map((n) => `${current.slice(0, slash)}/${n}`) };
    }
    if (typed !== undefined) return NONE;
    return typeCandidates(allowed, current, line.path[0].name === 'get');
  }
  if (typed.includes('/') || typed.includes(',') || line.path[0].name === 'explain') return NONE;
  const r = resolveResource(typed);
  if (!r || !allowed.includes(r)) return NONE;
  // Label and annotate take KEY=VALUE after the names: offer names only while none was given.
  const taken = new Set(line.positionals.slice(1));
  return { words: objectNames(resources, r.name, line).filter((n) => !taken.has(n)) };
}

function typeCandidates(allowed: readonly ResourceInfo[], current: string, get: boolean): Candidates {
  const exact = allowed.find((r) => r.name !== current && [r.singular, ...r.shortNames, r.kind.toLowerCase()].includes(current.toLowerCase()));
  if (exact) return { words: [], exact: exact.name };
  return { words: [...allowed.map((r) => r.name), ...(get ? ['all'] : [])] };
}

function flagValues(line: KubectlLine, flag: FlagInfo, _current: string, resources: Resources): Candidates {
  switch (flag.name) {
    case 'namespace':
      return { words: [...(resources.get('namespaces')?.keys() ?? [])] };
    case 'output':
      return { words: line.path[0]?.name === 'get' ? GET_OUTPUTS : line.path[0]?.name === 'version' ? ['json', 'yaml'] : OUTPUTS };
    case 'filename':
      return { words: ['-'] };
    case 'container': {
      const pod = line.positionals[0];
      return { words: pod ? containersOf(resources, line.namespace, pod) : [] };
    }
    case 'selector': {
      const typed = line.positionals[0];
      const r = line.path[0]?.name === 'logs' ? resolveResource('pods') : typed ? resolveResource(typed.split('/')[0]) : undefined;
      return { words: r ? labelPairs(resources, r.name, line) : [] };
    }
    default:
      return NONE;
  }
}

/** Names of a resource's objects in the line's namespace (all of them with -A or when cluster-scoped). */
function objectNames(resources: Resources, resource: string, line: { namespace: string; allNamespaces: boolean }): string[] {
  return objectsIn(resources, resource, line).map((o) => String(o.metadata?.name ?? ''));
}

function objectsIn(resources: Resources, resource: string, line: { namespace: string; allNamespaces: boolean }): Record<string, any>[] {
  const objects = resources.get(resource);
  if (!objects) return [];
  const out: Record<string, any>[] = [];
  for (const o of objects.values()) {
    const ns: unknown = o.metadata?.namespace;
    if (ns === undefined || line.allNamespaces || ns === line.namespace) out.push(o);
  }
  return out;
}

function containersOf(resources: Resources, namespace: string, pod: string): string[] {
  const name = pod.replace(/^(pods?|po)\//, '');
  const p = resources.get('pods')?.get(`${namespace}/${name}`);
  return (p?.spec?.containers ?? []).map((c: { name: string }) => c.name);
}

function labelPairs(resources: Resources, resource: string, line: KubectlLine): string[] {
  const pairs = new Set<string>();
  for (const o of objectsIn(resources, resource, line)) for (const [k, v] of Object.entries(o.metadata?.labels ?? {})) pairs.add(`${k}=${String(v)}`);
  return [...pairs];
}

// ---- sim -------------------------------------------------------------------------------------

function simCandidates(before: readonly string[], current: string, resources: Resources): Candidates {
  let cmd = SIM_COMMANDS;
  let i = 0;
  while (cmd.sub && i < before.length && cmd.sub[before[i]]) cmd = cmd.sub[before[i++]];
  const rest = before.slice(i);
  const last = rest.at(-1);
  const everywhere = { namespace: '', allNamespaces: true };
  // A flag's value.
  if (last !== undefined && last.startsWith('-') && !last.includes('=') && cmd.flags?.includes(last)) {
    if (last === '--node') return { words: objectNames(resources, 'nodes', everywhere) };
    if (last === '--pod') return { words: objectNames(resources, 'pods', everywhere) };
    if (last === '-n') return { words: [...(resources.get('namespaces')?.keys() ?? [])] };
    if (last === '-o') return { words: ['json'] };
    if (last === '-f') return { words: ['-'] };
    return NONE;
  }
  if (current.startsWith('-')) return { words: cmd.flags ?? [] };
  if (cmd.sub && rest.length === 0) return { words: Object.keys(cmd.sub) };
  const positionals = rest.filter((w, j) => !w.startsWith('-') && !(j > 0 && rest[j - 1].startsWith('-') && cmd.flags?.includes(rest[j - 1])));
  const kind = cmd.args?.[positionals.length];
  if (kind === 'nodes') return { words: objectNames(resources, 'nodes', everywhere) };
  if (kind === 'pods') {
    const n = rest.indexOf('-n');
    const namespace = n >= 0 && rest[n + 1] ? rest[n + 1] : 'default';
    return { words: objectNames(resources, 'pods', { namespace, allNamespaces: false }) };
  }
  return NONE;
}
