import { beforeAll, describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../sim/kernel/trace';
import { PlaygroundService } from '../bridge/playground-service';
import type { AttemptRecord } from '../../sim/scheduler/explain';
import { arcPath, DECISION_GAP_WALL_MS, DECISION_WALL_MS, foldDecisions, nodeBadges, queuedPods, recordMatches, schedulingView, type Decision } from './scheduling';

// A real cluster: `kubectl create deployment web --replicas=2`, its scheduler trace and records.
let decisions: readonly Decision[] = [];
const records = new Map<string, AttemptRecord>();
let trace: TraceEvent[] = [];

beforeAll(async () => {
  const service = new PlaygroundService();
  await service.boot({ seed: 3, workers: 2 });
  const cluster = service.cluster;
  const onTrace = cluster.conductor.onTrace!;
  cluster.conductor.onTrace = (events) => {
    trace.push(...events);
    onTrace(events);
  };
  await service.exec('kubectl create deployment web --image=nginx --replicas=2');
  await service.advance(3000);
  trace = trace.filter((e) => e.kind.startsWith('scheduler.'));
  // Folded in two batches, as the page receives them.
  decisions = foldDecisions(foldDecisions([], trace.slice(0, 1)), trace.slice(1));
  for (const d of decisions) {
    const [ns, name] = d.pod.split('/');
    const rec = await service.explain(ns, name);
    if (rec) records.set(d.pod, rec);
  }
}, 60_000);

describe('foldDecisions', () => {
  it('keeps one Scheduled decision per new pod, with the node and the binding time', () => {
    expect(decisions).toHaveLength(2);
    for (const d of decisions) {
      expect(d.pod).toMatch(/^default\/web-[a-z0-9]+-[a-z0-9]{5}$/);
      expect(d).toMatchObject({ result: 'Scheduled', attempt: 1 });
      expect(d.node).toMatch(/^worker-[12]$/);
      expect(d.boundAt).toBeGreaterThanOrEqual(d.t);
    }
    // The default spreading puts the two replicas on different workers.
    expect(new Set(decisions.map((d) => d.node)).size).toBe(2);
  });

  it('returns the same list when the batch has no scheduler events', () => {
    expect(foldDecisions(decisions, [{ t: 1, seq: 1, component: 'kubelet', kind: 'lease.renew', node: 'worker-1' }])).toBe(decisions);
  });

  it('records an Unschedulable attempt with its message and no node', () => {
    const out = foldDecisions([], [
      { t: 5, seq: 9, component: 'kube-scheduler', kind: 'scheduler.attempt', pod: 'default/big', result: 'Unschedulable', attempt: 2, message: '0/3 nodes are available: 3 Insufficient cpu.' }
    ]);
    expect(out).toEqual([{ seq: 9, t: 5, pod: 'default/big', attempt: 2, result: 'Unschedulable', message: '0/3 nodes are available: 3 Insufficient cpu.' }]);
  });
});

describe('schedulingView', () => {
  it('shows the pods one after the other at 1x: evaluate, then bind, then gone', () => {
    const [a, b] = decisions;
    const t0 = a.t;
    expect(schedulingView(decisions, t0, 1).shown.map((s) => [s.decision.pod, s.phase])).toEqual([[a.pod, 'evaluate']]);
    // b's attempt is milliseconds later but waits for the gap (wall time, scaled by speed).
    const later = t0 + DECISION_GAP_WALL_MS + 10;
    expect(schedulingView(decisions, later, 1).shown.map((s) => s.decision.pod)).toEqual([a.pod, b.pod]);
    expect(schedulingView(decisions, t0 + DECISION_WALL_MS * 0.6, 1).shown[0].phase).toBe('bind');
    expect(schedulingView(decisions, t0 + DECISION_WALL_MS + DECISION_GAP_WALL_MS + 50, 1).shown).toEqual([]);
  });

  it('gives way to a counter at 25x', () => {
    const v = schedulingView(decisions, decisions[1].t + 10, 25);
    expect(v).toMatchObject({ heat: true, shown: [], count: 2 });
  });

  it('queues the unscheduled pods, then the ones still being evaluated', () => {
    const v = schedulingView(decisions, decisions[0].t, 1);
    expect(queuedPods(['default/pending-1'], v)).toEqual(['default/pending-1', decisions[0].pod]);
  });
});

describe('nodeBadges', () => {
  it('marks the control plane filtered by its taint and scores the workers, the chosen one starred', () => {
    const d = decisions[0];
    expect(recordMatches(records.get(d.pod), d)).toBe(true);
    const badges = nodeBadges(schedulingView(decisions, d.t, 1), records);
    expect(badges.get('control-plane')).toMatchObject({
      kind: 'filtered',
      plugin: 'TaintToleration',
      reason: 'node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }',
      chosen: false
    });
    const workers = ['worker-1', 'worker-2'].map((n) => badges.get(n)!);
    expect(workers.map((w) => w.kind)).toEqual(['score', 'score']);
    expect(workers.filter((w) => w.chosen).map((w) => w.pod)).toEqual([d.pod]);
    expect(badges.get(d.node!)!.chosen).toBe(true);
    expect(badges.get(d.node!)!.total).toBe(records.get(d.pod)!.nodes.find((n) => n.node === d.node)!.total);
  });

  it('keeps only the chosen node during the arc, and only the arc when the record is not there yet', () => {
    const d = decisions[0];
    const bind = schedulingView(decisions, d.t + DECISION_WALL_MS * 0.2, 1);
    expect([...nodeBadges({ ...bind, shown: bind.shown.map((s) => ({ ...s, phase: 'bind' as const })) }, records).keys()]).toEqual([d.node]);
    expect([...nodeBadges(schedulingView(decisions, d.t, 1), new Map()).entries()]).toEqual([[d.node, { pod: d.pod, kind: 'feasible', chosen: true }]]);
  });
});

describe('arcPath', () => {
  it('runs from the scheduler to the node through a control point near the node', () => {
    expect(arcPath(100, 80, 300, 180)).toBe('M100 80 Q270 90 300 180');
  });
});
