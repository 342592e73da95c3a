import { describe, expect, it } from 'vitest';
import placements from './fixtures/seeded-placements.json';
import { Rand } from '../../../src/sim/kernel/rand';
import { SchedulerCache } from '../../../src/sim/scheduler/cache';
import { Attempt } from '../../../src/sim/scheduler/explain';
import { DefaultSchedulerName, DefaultWeights, Framework, defaultPlugins } from '../../../src/sim/scheduler/framework/framework';
import type { Handle } from '../../../src/sim/scheduler/framework/interfaces';
import { CycleState, histogramOf, newPodInfo, podKey } from '../../../src/sim/scheduler/framework/types';
import { ScheduleAlgorithm } from '../../../src/sim/scheduler/schedule-one';
import { seededNodes, seededPods } from './seeded-workload';

/**
 * The placements (and the reasons of every failure) of a seeded workload on 150 nodes, recorded
 * with the scheduler before its hot path was rewritten (NodeInfo aggregates, compiled PodInfo
 * terms, the allocation-free Filter loop, typed score arrays): the rewrite must not change a
 * single choice.
 */
function run(seed: number): string[] {
  const cache = new SchedulerCache();
  for (const n of seededNodes(seed)) cache.addNode(n);
  let framework!: Framework;
  const handle: Handle = {
    nodeInfos: () => cache.nodeList(),
    nodeInfo: (n) => cache.nodeInfo(n),
    havePodsWithAffinityNodeInfos: () => cache.havePodsWithAffinityNodeInfos(),
    havePodsWithRequiredAntiAffinityNodeInfos: () => cache.havePodsWithRequiredAntiAffinityNodeInfos(),
    bind: () => {},
    runFilterPlugins: (s, p, ni) => framework.runFilterPlugins(s, p, ni),
    preempt: () => {}
  };
  framework = new Framework(defaultPlugins(handle, { schedulerName: DefaultSchedulerName }).filter((p) => p.name !== 'DefaultPreemption'), DefaultWeights);
  const algorithm = new ScheduleAlgorithm(cache, new Rand(seed));
  return seededPods(seed).map((pod) => {
    const rec = new Attempt(podKey(pod), 0, 1);
    // As Scheduler.scheduleOne: the pod's PodInfo computed once for the cycle.
    const state = new CycleState();
    state.podInfo = newPodInfo(pod);
    const r = algorithm.schedulePod(framework, undefined, state, pod, rec);
    if ('host' in r) {
      cache.assumePod(pod, r.host, state.podInfo);
      return `${pod.metadata!.name}=${r.host}`;
    }
    return `${pod.metadata!.name}: ${histogramOf(rec.statuses!)}`;
  });
}

describe('placements of a seeded workload', () => {
  for (const seed of [1, 2]) {
    it(`seed ${seed}: every pod lands where it did before the rewrite`, () => {
      const got = run(seed);
      expect(got.filter((s) => s.includes(': ')).length).toBeGreaterThan(100);
      expect(got).toEqual((placements as Record<string, string[]>)[`seed-${seed}`]);
    }, 60_000);
  }
});

describe('the explain record of a sampled cycle', () => {
  it('lists every node: evaluated ones with their verdict and scores, the rest not evaluated', () => {
    const cache = new SchedulerCache();
    for (const n of seededNodes(1)) cache.addNode(n);
    let framework!: Framework;
    const handle: Handle = { nodeInfos: () => cache.nodeList(), nodeInfo: (n) => cache.nodeInfo(n), bind: () => {}, runFilterPlugins: (st, p, ni) => framework.runFilterPlugins(st, p, ni), preempt: () => {} };
    framework = new Framework(defaultPlugins(handle, { schedulerName: DefaultSchedulerName }), DefaultWeights);
    const pod = seededPods(1)[0];
    const rec = new Attempt(podKey(pod), 0, 1);
    const r = new ScheduleAlgorithm(cache, new Rand(1)).schedulePod(framework, undefined, new CycleState(), pod, rec);
    const out = rec.toRecord();
    // 150 nodes: numFeasibleNodesToFind = max(100, 150 * 49%) = 100 feasible wanted.
    expect(out.nodes).toHaveLength(150);
    expect(out.feasibleNodes).toBe(100);
    const evaluated = out.nodes.filter((n) => n.filter);
    expect(evaluated).toHaveLength(out.evaluatedNodes);
    expect(out.evaluatedNodes).toBeGreaterThan(100);
    const rejected = evaluated.filter((n) => !n.filter!.passed);
    expect(rejected.length).toBe(out.evaluatedNodes - 100);
    expect(rejected.every((n) => n.filter!.plugin && n.filter!.reasons.length > 0 && n.total === undefined)).toBe(true);
    const passed = evaluated.filter((n) => n.filter!.passed);
    for (const n of passed) expect(n.total).toBe(n.scores.reduce((a, s) => a + s.weighted, 0));
    const best = Math.max(...passed.map((n) => n.total!));
    expect('host' in r && out.nodes.find((n) => n.node === r.host)!.total).toBe(best);
  });
});

