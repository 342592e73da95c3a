/**
 * The scenario file format (lessons, embeds, the CLI's `kubarium run FILE`, tests): YAML with a
 * title, a description, the cluster to boot, steps of narrative and console lines, hints, and
 * checks the learner must make pass. `parseScenario` validates it and names the field and the
 * line of every mistake; nothing runs until the whole file is valid. README.md documents it.
 */
import YAML, { isMap, isScalar, isSeq, LineCounter, type Node } from 'yaml';
import { parseDuration } from '../kernel/clock';
import { tryParseQuantity } from '../api/quantity';
import { parseScript } from './script';
import { isHostCommand } from './host-commands';
import { parseKubeletConfiguration } from '../kubelet/config/validation';
import { loadConfiguration } from '../scheduler/config/load';
import type { ClusterConfig, WorkerNodeConfig } from './config';

export interface Scenario {
  title: string;
  description: string;
  cluster: ScenarioCluster;
  steps: ScenarioStep[];
  hints: string[];
  checks: ScenarioCheck[];
}

/** The cluster a scenario boots: the control-plane node plus its workers. */
export interface ScenarioCluster {
  seed: number;
  /** Default-sized workers `worker-1` .. `worker-N`, unless `nodes` names them. */
  workers: number;
  nodes?: WorkerNodeConfig[];
  /** A KubeSchedulerConfiguration as YAML. */
  scheduler?: string;
}

export interface ScenarioStep {
  title: string;
  /** Narrative, markdown-ish (paragraphs, `code`, **bold**, "- " lists): shown as text, never as HTML. */
  text: string;
  /** Console lines (kubectl, sim, heredocs), or '' for a step that only explains. */
  run: string;
  /** A step the checks depend on: without it at least one check fails (the tests skip it to see). */
  key: boolean;
}

export interface ScenarioCheck {
  title: string;
  /** One console line; its output is stdout and stderr as the console shows them. */
  run: string;
  /** The output matches this regular expression (JavaScript syntax, multiline). */
  matches?: string;
  /** The output does not match this regular expression. */
  notMatches?: string;
  /** The output contains this text. */
  contains?: string;
  /** The output, trimmed, is exactly this (for `-o jsonpath=...`). */
  equals?: string;
  exitCode?: number;
  /** Wait until the check holds, at most this much virtual time (ms); 0 checks once. */
  within: number;
  /** How often to look again while waiting (virtual ms). */
  every: number;
  /** Shown when the check fails. */
  hint?: string;
}

export interface ScenarioError {
  /** The field, as a path: `steps[2].run`. */
  path: string;
  /** 1-based line and column in the file (0 when unknown). */
  line: number;
  col: number;
  message: string;
}

export type ParsedScenario = { ok: true; scenario: Scenario } | { ok: false; errors: ScenarioError[] };

/** Errors as an editor or a compiler prints them: `FILE:LINE:COL: PATH: MESSAGE`. */
export function formatScenarioErrors(file: string, errors: ScenarioError[]): string {
  return errors.map((e) => `${file}:${e.line}:${e.col}: ${e.path ? e.path + ': ' : ''}${e.message}\n`).join('');
}

/** The Cluster config a scenario boots (the same in the CLI, the tests and the page's worker). */
export function clusterConfigOf(c: ScenarioCluster): Partial<ClusterConfig> {
  return { seed: c.seed, workers: c.nodes?.length ?? c.workers, ...(c.nodes ? { nodes: c.nodes } : {}), ...(c.scheduler !== undefined ? { schedulerConfig: c.scheduler } : {}) };
}

const CHECK_EXPECTATIONS = ['matches', 'notMatches', 'contains', 'equals', 'exitCode'] as const;
const DEFAULT_POLL_MS = 1000;

/** Reads the YAML tree with its positions, collecting every error with its field path and line. */
class Reader {
  readonly errors: ScenarioError[] = [];
  constructor(readonly lines: LineCounter) {}

  pos(node: Node | null | undefined): { line: number; col: number } {
    const offset = node?.range?.[0];
    return offset === undefined ? { line: 0, col: 0 } : this.lines.linePos(offset);
  }

  error(path: string, node: Node | null | undefined, message: string): undefined {
    this.errors.push({ path, ...this.pos(node), message });
    return undefined;
  }

  /** A mapping's fields, after refusing any key not in `allowed` (a typo would silently do nothing). */
  map(node: unknown, path: string, allowed: readonly string[]): Map<string, Node | null> | undefined {
    if (!isMap(node)) return this.error(path, node as Node, `must be a mapping (key: value lines), not ${kindOf(node)}`);
    const fields = new Map<string, Node | null>();
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      if (!allowed.includes(key)) this.error(join(path, key), pair.key as Node, `unknown field "${key}"; expected one of: ${allowed.join(', ')}`);
      else fields.set(key, (pair.value as Node | null) ?? null);
    }
    return fields;
  }

  string(fields: Map<string, Node | null>, key: string, path: string, required: boolean): string | undefined {
    const node = fields.get(key);
    if (node === undefined) return required ? this.error(join(path, key), undefined, 'required field is missing') : undefined;
    if (!isScalar(node) || (typeof node.value !== 'string' && typeof node.value !== 'number')) return this.error(join(path, key), node, `must be text, not ${kindOf(node)}`);
    return String(node.value);
  }

  integer(fields: Map<string, Node | null>, key: string, path: string, min: number): number | undefined {
    const node = fields.get(key);
    if (node === undefined) return undefined;
    const v = isScalar(node) ? node.value : undefined;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min) return this.error(join(path, key), node, `must be a whole number of at least ${min}`);
    return v;
  }

  boolean(fields: Map<string, Node | null>, key: string, path: string): boolean | undefined {
    const node = fields.get(key);
    if (node === undefined) return undefined;
    if (!isScalar(node) || typeof node.value !== 'boolean') return this.error(join(path, key), node, 'must be true or false');
    return node.value;
  }

  duration(fields: Map<string, Node | null>, key: string, path: string): number | undefined {
    const s = this.string(fields, key, path, false);
    if (s === undefined) return undefined;
    try {
      const ms = parseDuration(s);
      if (ms < 0) return this.error(join(path, key), fields.get(key), 'must not be negative');
      return ms;
    } catch (e) {
      return this.error(join(path, key), fields.get(key), `${(e as Error).message} (use 500ms, 30s, 5m)`);
    }
  }

  quantity(fields: Map<string, Node | null>, key: string, path: string): string | undefined {
    const s = this.string(fields, key, path, false);
    if (s === undefined) return undefined;
    const q = tryParseQuantity(s);
    if (!q) return this.error(join(path, key), fields.get(key), `quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`);
    return s;
  }

  seq(node: Node | null | undefined, path: string): Node[] | undefined {
    if (node === undefined) return undefined;
    if (!isSeq(node)) return this.error(path, node, `must be a list ("- " items), not ${kindOf(node)}`);
    return node.items as Node[];
  }

  /**
   * Console lines: each command starts with kubectl, k or sim, or one the learner's machine has
   * (host-shell.ts: `cat`, `sed -i`, `curl`), and heredocs are closed. Errors
   * name the file line: a block scalar's text starts on the line after its `|`.
   */
  script(node: Node | null | undefined, text: string, path: string, single: boolean): void {
    const at = this.pos(node);
    const block = isScalar(node) && (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED');
    const fileLine = (lineNo: number) => (block ? at.line + lineNo : at.line);
    const commands = parseScript(text);
    if (single && commands.length !== 1) this.error(path, node, `must be one console line, not ${commands.length}`);
    for (const cmd of commands) {
      const head = cmd.line.split(/\s+/)[0];
      const where = { path, line: fileLine(cmd.lineNo), col: block ? 1 : at.col };
      if (head === '__unterminated_heredoc__') this.errors.push({ ...where, message: `here-document at line ${cmd.lineNo} delimited by end-of-file (wanted \`${cmd.line.split(' ')[1]}')` });
      else if (head !== 'kubectl' && head !== 'k' && head !== 'sim' && !isHostCommand(head)) this.errors.push({ ...where, message: `unknown command "${head}": start a line with "kubectl" (or "k") or "sim", or a command of the learner's machine (cat, sed, curl ...)` });
    }
  }
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

function kindOf(node: unknown): string {
  if (node === null || node === undefined || (isScalar(node) && node.value === null)) return 'empty';
  if (isMap(node)) return 'a mapping';
  if (isSeq(node)) return 'a list';
  if (isScalar(node)) return typeof node.value === 'string' ? 'text' : `${typeof node.value} ${JSON.stringify(node.value)}`;
  return 'something else';
}

function readCluster(r: Reader, node: Node | null | undefined): ScenarioCluster {
  const cluster: ScenarioCluster = { seed: 1, workers: 2 };
  if (node === undefined) return cluster;
  const f = r.map(node, 'cluster', ['seed', 'workers', 'nodes', 'scheduler']);
  if (!f) return cluster;
  cluster.seed = r.integer(f, 'seed', 'cluster', 0) ?? 1;
  cluster.workers = r.integer(f, 'workers', 'cluster', 0) ?? 2;
  const nodes = r.seq(f.get('nodes'), 'cluster.nodes');
  if (nodes && f.has('workers')) r.error('cluster.workers', f.get('workers'), 'give either workers (default-sized worker-1..N) or nodes, not both');
  if (nodes) cluster.nodes = nodes.map((n, i) => readNode(r, n, `cluster.nodes[${i}]`)).filter((n): n is WorkerNodeConfig => n !== undefined);
  const names = new Set<string>(['control-plane']);
  for (const [i, n] of (cluster.nodes ?? []).entries()) {
    if (names.has(n.name)) r.error(`cluster.nodes[${i}].name`, nodes![i], `node "${n.name}" already exists`);
    names.add(n.name);
  }
  const scheduler = f.get('scheduler');
  if (scheduler !== undefined) {
    const text = isScalar(scheduler) && typeof scheduler.value === 'string' ? scheduler.value : YAML.stringify(scheduler);
    const loaded = loadConfiguration(text);
    if (!loaded.ok) r.error('cluster.scheduler', scheduler, loaded.error);
    else cluster.scheduler = text;
  }
  return cluster;
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

function readNode(r: Reader, node: Node, path: string): WorkerNodeConfig | undefined {
  const f = r.map(node, path, ['name', 'cpu', 'memory', 'pods', 'ephemeralStorage', 'swap', 'kubelet']);
  if (!f) return undefined;
  const name = r.string(f, 'name', path, true);
  if (name !== undefined && !DNS_LABEL.test(name)) r.error(`${path}.name`, f.get('name'), `a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character`);
  const out: WorkerNodeConfig = { name: name ?? '' };
  const cpu = r.quantity(f, 'cpu', path);
  const memory = r.quantity(f, 'memory', path);
  const ephemeralStorage = r.quantity(f, 'ephemeralStorage', path);
  const swap = r.quantity(f, 'swap', path);
  const pods = r.integer(f, 'pods', path, 1);
  if (cpu !== undefined) out.cpu = String(tryParseQuantity(cpu));
  if (memory !== undefined) out.memory = String(tryParseQuantity(memory));
  if (ephemeralStorage !== undefined) out.ephemeralStorage = String(tryParseQuantity(ephemeralStorage));
  if (swap !== undefined) out.swap = String(tryParseQuantity(swap));
  const kubelet = f.get('kubelet');
  if (kubelet !== undefined && !isMap(kubelet)) return r.error(`${path}.kubelet`, kubelet, `must be a mapping of KubeletConfiguration fields, not ${kindOf(kubelet)}`);
  if (kubelet !== undefined || pods !== undefined) {
    // The fields over the defaults, as a kubelet.config.k8s.io/v1beta1 file would give them;
    // `pods` is the kubelet's maxPods (upstream: the node's pods capacity is maxPods).
    const fields: Record<string, unknown> = { apiVersion: 'kubelet.config.k8s.io/v1beta1', kind: 'KubeletConfiguration', ...((kubelet?.toJSON() as object) ?? {}) };
    if (pods !== undefined) {
      if ('maxPods' in fields && fields.maxPods !== pods) r.error(`${path}.pods`, f.get('pods'), `pods (${pods}) is the kubelet's maxPods (${String(fields.maxPods)}): give one`);
      fields.maxPods = pods;
    }
    const parsed = parseKubeletConfiguration(YAML.stringify(fields));
    if (!parsed.ok) return r.error(`${path}.kubelet`, kubelet ?? f.get('pods'), parsed.error);
    // A decodable but invalid configuration is kept: a lesson may start with a kubelet that fails (as `sim kubelet config` allows).
    out.kubelet = parsed.config;
  }
  return out;
}

function readStep(r: Reader, node: Node, path: string): ScenarioStep | undefined {
  const f = r.map(node, path, ['title', 'text', 'run', 'key']);
  if (!f) return undefined;
  const title = r.string(f, 'title', path, true) ?? '';
  const text = r.string(f, 'text', path, false) ?? '';
  const run = r.string(f, 'run', path, false) ?? '';
  if (run) r.script(f.get('run'), run, `${path}.run`, false);
  if (!text && !run) r.error(path, node, 'a step needs text, run or both');
  return { title, text, run, key: r.boolean(f, 'key', path) ?? false };
}

function readCheck(r: Reader, node: Node, path: string): ScenarioCheck | undefined {
  const f = r.map(node, path, ['title', 'run', ...CHECK_EXPECTATIONS, 'within', 'every', 'hint']);
  if (!f) return undefined;
  const title = r.string(f, 'title', path, true) ?? '';
  const run = r.string(f, 'run', path, true) ?? '';
  if (run) r.script(f.get('run'), run, `${path}.run`, true);
  const check: ScenarioCheck = { title, run: run.trim(), within: r.duration(f, 'within', path) ?? 0, every: r.duration(f, 'every', path) ?? DEFAULT_POLL_MS };
  if (check.every <= 0) r.error(`${path}.every`, f.get('every'), 'must be a positive duration');
  for (const key of ['matches', 'notMatches'] as const) {
    const re = r.string(f, key, path, false);
    if (re === undefined) continue;
    try {
      new RegExp(re, 'm');
      check[key] = re;
    } catch (e) {
      r.error(`${path}.${key}`, f.get(key), (e as Error).message);
    }
  }
  const contains = r.string(f, 'contains', path, false);
  if (contains !== undefined) check.contains = contains;
  const equals = r.string(f, 'equals', path, false);
  if (equals !== undefined) check.equals = equals;
  const exitCode = r.integer(f, 'exitCode', path, 0);
  if (exitCode !== undefined) check.exitCode = exitCode;
  const hint = r.string(f, 'hint', path, false);
  if (hint !== undefined) check.hint = hint;
  if (!CHECK_EXPECTATIONS.some((k) => f.has(k))) r.error(path, node, `a check needs an expectation: ${CHECK_EXPECTATIONS.join(', ')}`);
  return check;
}

export function parseScenario(text: string): ParsedScenario {
  const lines = new LineCounter();
  const doc = YAML.parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const r = new Reader(lines);
  if (doc.errors.length > 0) {
    return { ok: false, errors: doc.errors.map((e) => ({ path: '', ...lines.linePos(e.pos[0]), message: e.message.split('\n')[0] })) };
  }
  const f = r.map(doc.contents, '', ['title', 'description', 'cluster', 'steps', 'hints', 'checks']);
  if (!f) return { ok: false, errors: r.errors };
  const title = r.string(f, 'title', '', true) ?? '';
  const description = r.string(f, 'description', '', false) ?? '';
  const cluster = readCluster(r, f.get('cluster'));
  const stepNodes = r.seq(f.get('steps'), 'steps');
  if (!f.has('steps')) r.error('steps', undefined, 'required field is missing');
  const steps = (stepNodes ?? []).map((n, i) => readStep(r, n, `steps[${i}]`)).filter((s): s is ScenarioStep => s !== undefined);
  const hints: string[] = [];
  for (const [i, n] of (r.seq(f.get('hints'), 'hints') ?? []).entries()) {
    if (isScalar(n) && typeof n.value === 'string') hints.push(n.value);
    else r.error(`hints[${i}]`, n, `must be text, not ${kindOf(n)}`);
  }
  const checks = (r.seq(f.get('checks'), 'checks') ?? []).map((n, i) => readCheck(r, n, `checks[${i}]`)).filter((c): c is ScenarioCheck => c !== undefined);
  if (r.errors.length > 0) return { ok: false, errors: r.errors };
  return { ok: true, scenario: { title, description, cluster, steps, hints, checks } };
}
