import { beforeAll, describe, expect, it } from 'vitest';
import { PlaygroundService } from '../bridge/playground-service';
import { formatAttempt, type AttemptRecord } from '../../sim/scheduler/explain';
import { schedulingTable } from './scheduling';

// The page's explain() on a real cluster: `kubectl run web`, then the scheduler's record.
let rec: AttemptRecord | undefined;
let service: PlaygroundService;

beforeAll(async () => {
  service = new PlaygroundService();
  await service.boot({ seed: 2, workers: 2 });
  await service.exec('kubectl run web --image=nginx');
  await service.advance(2000);
  rec = await service.explain('default', 'web');
}, 60_000);

describe('PlaygroundService.explain', () => {
  it('returns the scheduler record of the pod, and undefined for a pod it never tried', async () => {
    expect(rec).toMatchObject({ pod: 'default/web', attempt: 1, result: 'Scheduled', evaluatedNodes: 3, feasibleNodes: 2 });
    expect(await service.explain('default', 'nothing')).toBeUndefined();
  });
});

describe('schedulingTable', () => {
  it('has the rows and score columns `sim explain pod` prints, the chosen node marked', () => {
    const table = schedulingTable(rec!);
    const text = formatAttempt(rec!);
    const header = text.split('\n').find((l) => l.startsWith('NODE'))!;
    expect(['NODE', 'FILTER', ...table.plugins.map((p) => p.toUpperCase()), 'TOTAL']).toEqual(header.split(/\s{2,}/));
    expect(table.rows.map((r) => r.node)).toEqual(['control-plane', 'worker-1', 'worker-2']);
    expect(table.rows[0]).toMatchObject({
      chosen: false,
      filter: { state: 'filtered', plugin: 'TaintToleration', reason: 'node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }' },
      scores: table.plugins.map(() => undefined)
    });
    expect(table.rows.filter((r) => r.chosen).map((r) => r.node)).toEqual([rec!.chosen]);
    for (const r of table.rows.slice(1)) {
      expect(r.filter).toEqual({ state: 'passed' });
      expect(r.total).toBe(r.scores.reduce((sum, s) => sum + s!.weighted, 0));
      // The same cells as the text table: "raw[->normalized] xweight = weighted".
      const line = text.split('\n').find((l) => l.startsWith(r.node))!;
      for (const s of r.scores) expect(line).toContain(`x${s!.weight} = ${s!.weighted}`);
    }
  });

  it('leaves nodes that were not evaluated without a verdict', () => {
    const t = schedulingTable({ ...rec!, nodes: [{ node: 'worker-9', scores: [] }] });
    expect(t).toEqual({ plugins: [], rows: [{ node: 'worker-9', chosen: false, filter: { state: 'not evaluated' }, scores: [] }] });
  });
});
