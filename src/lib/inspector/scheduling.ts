/**
 * The inspector's scheduling table: the kube-scheduler's record of its last attempt at a pod
 * (src/sim/scheduler/explain.ts AttemptRecord), as rows of nodes and columns of plugins, in the
 * order `sim explain pod` prints them (formatAttempt). Pure, so it is tested without a page.
 *
 * upstream: pkg/scheduler/schedule_one.go (findNodesThatPassFilters stops at a node's first
 * failing Filter plugin; prioritizeNodes sums each Score plugin's normalized score x weight).
 */
import type { AttemptRecord } from '../../sim/scheduler/explain';
import type { NodePluginScore } from '../../sim/scheduler/framework/framework';

export interface SchedulingRow {
  node: string;
  chosen: boolean;
  /** passed every Filter plugin; filtered by `plugin`; or not evaluated (sampling stopped early). */
  filter: { state: 'passed' | 'filtered' | 'not evaluated'; plugin?: string; reason?: string };
  /** One cell per score plugin of the table (undefined: the plugin did not score this node). */
  scores: (NodePluginScore | undefined)[];
  total?: number;
}

export interface SchedulingTable {
  /** Score plugins, in the order they first appear (formatAttempt's column order). */
  plugins: string[];
  rows: SchedulingRow[];
}

export function schedulingTable(rec: AttemptRecord): SchedulingTable {
  const plugins: string[] = [];
  for (const n of rec.nodes) for (const s of n.scores) if (!plugins.includes(s.plugin)) plugins.push(s.plugin);
  const rows = rec.nodes.map((n): SchedulingRow => {
    const filter: SchedulingRow['filter'] = !n.filter
      ? { state: 'not evaluated' }
      : n.filter.passed
        ? { state: 'passed' }
        : { state: 'filtered', ...(n.filter.plugin ? { plugin: n.filter.plugin } : {}), reason: n.filter.reasons.join(', ') };
    return {
      node: n.node,
      chosen: n.node === rec.chosen,
      filter,
      scores: plugins.map((p) => n.scores.find((s) => s.plugin === p)),
      ...(n.total !== undefined ? { total: n.total } : {})
    };
  });
  return { plugins, rows };
}
