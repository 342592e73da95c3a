/**
 * The record of one scheduling attempt, node by node and plugin by plugin, for
 * `sim explain pod NAME`; and its table form. (No upstream counterpart: upstream logs this at
 * high verbosity; here it is data.)
 */
import type { NodePluginScore } from './framework/framework';

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
