/**
 * The record of one scheduling attempt, node by node and plugin by plugin, for
 * `sim explain pod NAME`; and its table form. (No upstream counterpart: upstream logs this at
 * high verbosity and keeps only the Diagnosis' NodeToStatus; here it is data.)
 * The scheduling cycle fills a compact `Attempt` (the snapshot's node names, the rejecting
 * statuses, the feasible nodes and the score arrays, all of which it computes anyway); the
 * per-node verdicts are built only when asked (`toRecord`).
 */
import type { NodePluginScore, ScoreResult } from './framework/framework';
import { Code, type Status } from './framework/types';

export interface NodeVerdict {
  node: string;
  /** undefined: the node was not evaluated (sampling stopped early, or PreFilter excluded it). */
  filter?: { passed: boolean; plugin?: string; code?: string; reasons: string[] };
  scores: NodePluginScore[];
  total?: number;
}

export interface AttemptRecord {
  pod: string;
  /** Virtual ms of the attempt. */
  t: number;
  attempt: number;
  result: 'Scheduled' | 'Unschedulable' | 'Error';
  chosen?: string;
  message?: string;
  evaluatedNodes: number;
  feasibleNodes: number;
  nodes: NodeVerdict[];
}

const noNames: readonly string[] = [];

/** One attempt as the cycle leaves it; `toRecord` expands it into per-node verdicts. */
export class Attempt {
  result: AttemptRecord['result'] = 'Unschedulable';
  chosen?: string;
  message?: string;
  /** Every node of the snapshot, in evaluation order (an immutable array shared with the cache). */
  names: readonly string[] = noNames;
  /** A PreFilter rejection: every node gets it. */
  preFilterStatus?: Status;
  /** Nodes a Filter plugin rejected (the Diagnosis' NodeToStatus). */
  statuses?: Map<string, Status>;
  /** Nodes that passed every Filter, in the order they were found. */
  feasible: string[] = [];
  /** Scores aligned with `feasible` (absent when there was nothing to choose from). */
  scores?: ScoreResult;

  constructor(
    readonly pod: string,
    readonly t: number,
    readonly attempt: number
  ) {}

  toRecord(): AttemptRecord {
    const passed = new Map<string, number>(this.feasible.map((n, i) => [n, i]));
    const verdict = (s: Status) => ({ passed: false, plugin: s.plugin, code: Code[s.code], reasons: s.reasons });
    const nodes: NodeVerdict[] = this.names.map((node) => {
      const v: NodeVerdict = { node, scores: [] };
      const s = this.preFilterStatus ?? this.statuses?.get(node);
      const i = passed.get(node);
      if (s) v.filter = verdict(s);
      else if (i !== undefined) {
        v.filter = { passed: true, reasons: [] };
        const sc = this.scores;
        if (sc) {
          v.scores = sc.plugins.map((plugin, k) => ({ plugin, raw: sc.raw[k][i], normalized: sc.normalized[k][i], weight: sc.weights[k], weighted: sc.normalized[k][i] * sc.weights[k] }));
          v.total = sc.totals[i];
        }
      }
      return v;
    });
    return {
      pod: this.pod,
      t: this.t,
      attempt: this.attempt,
      result: this.result,
      ...(this.chosen ? { chosen: this.chosen } : {}),
      ...(this.message !== undefined ? { message: this.message } : {}),
      evaluatedNodes: this.preFilterStatus ? this.names.length : this.feasible.length + (this.statuses?.size ?? 0),
      feasibleNodes: this.feasible.length,
      nodes
    };
  }
}

function pad(rows: string[][]): string {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] + 3))).join('').trimEnd()).join('\n') + '\n';
}

/** A kubectl-style table: one row per node, one column per score plugin. */
export function formatAttempt(rec: AttemptRecord): string {
  const plugins: string[] = [];
  for (const n of rec.nodes) for (const s of n.scores) if (!plugins.includes(s.plugin)) plugins.push(s.plugin);
  const header = ['NODE', 'FILTER', ...plugins.map((p) => p.toUpperCase()), 'TOTAL'];
  const rows = [header];
  for (const n of rec.nodes) {
    const filter = !n.filter ? '<not evaluated>' : n.filter.passed ? 'passed' : `${n.filter.plugin}: ${n.filter.reasons.join(', ')}`;
    const cells = plugins.map((p) => {
      const s = n.scores.find((x) => x.plugin === p);
      // raw[->normalized] x weight = weighted
      return s ? `${s.raw === s.normalized ? s.raw : `${s.raw}->${s.normalized}`} x${s.weight} = ${s.weighted}` : '-';
    });
    rows.push([n.node + (n.node === rec.chosen ? ' *' : ''), filter, ...cells, n.total === undefined ? '-' : String(n.total)]);
  }
  let out = `Pod: ${rec.pod}\nAttempt: ${rec.attempt}\nResult: ${rec.result}${rec.chosen ? ` (${rec.chosen})` : ''}\n`;
  if (rec.message) out += `Message: ${rec.message}\n`;
  out += `Nodes: ${rec.evaluatedNodes} evaluated, ${rec.feasibleNodes} feasible\n\n`;
  return out + pad(rows);
}
