import { describe, expect, it } from 'vitest';
import { graphOf } from './machines';
import { replicaSetSyncMachine, replicaSetSyncState, schedulingCycleMachine, schedulingCycleState } from './cycles';
import { Cluster } from '../../sim/cluster/cluster';
import { Console } from '../../sim/cluster/console';

describe('the scheduling cycle chart', () => {
  it("draws upstream's extension points in order, with the way back to the queue", () => {
    const g = graphOf(schedulingCycleMachine);
    expect(g.states.map((s) => s.label)).toEqual(['activeQ', 'PreFilter', 'Filter', 'PostFilter', 'Score', 'Reserve', 'Permit', 'PreBind / Bind', 'Bound']);
    expect(g.edges.map((e) => `${e.from}->${e.to}`)).toContain('postFilter->queue');
  });

  it.each([
    ['bound', { spec: { nodeName: 'worker-1' } }, 'bound'],
    ['unschedulable: PostFilter found nothing', { spec: {}, status: { conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable' }] } }, 'postFilter'],
    ['nominated after a preemption', { spec: {}, status: { nominatedNodeName: 'worker-2' } }, 'postFilter'],
    ['just created', { spec: {}, status: { phase: 'Pending' } }, 'queue']
  ])('%s', (_, pod, want) => {
    expect(schedulingCycleState(pod).state).toBe(want);
  });
});

describe("the ReplicaSet controller's sync loop", () => {
  it('reads the loop: watch, queue, syncReplicaSet, manageReplicas, status', () => {
    expect(graphOf(replicaSetSyncMachine).states.map((s) => s.label)).toEqual(['watching', 'queued', 'syncReplicaSet', 'manageReplicas', 'updateStatus']);
  });

  it.each([
    ['a new generation not yet observed: queued', { metadata: { generation: 2 }, spec: { replicas: 6 }, status: { observedGeneration: 1, replicas: 3 } }, 'queued'],
    ['observed, pods still to create: manageReplicas', { metadata: { generation: 2 }, spec: { replicas: 6 }, status: { observedGeneration: 2, replicas: 4 } }, 'managing'],
    ['in sync', { metadata: { generation: 2 }, spec: { replicas: 6 }, status: { observedGeneration: 2, replicas: 6 } }, 'idle']
  ])('%s', (_, rs, want) => {
    expect(replicaSetSyncState(rs).state).toBe(want);
  });

  it("places a real cluster's ReplicaSet: watching once its status caught up after a scale", async () => {
    const cluster = new Cluster({ seed: 4, workers: 1 });
    await cluster.waitForNodesReady();
    const c = new Console(cluster);
    await c.exec('kubectl create deployment web --image=nginx --replicas=3');
    await c.exec('kubectl scale deployment web --replicas=6');
    await cluster.advance(20_000);
    const rs = JSON.parse((await c.exec('kubectl get rs -o json')).output).items[0];
    expect([rs.spec.replicas, rs.status.replicas, rs.status.observedGeneration]).toEqual([6, 6, rs.metadata.generation]);
    expect(replicaSetSyncState(rs).state).toBe('idle');
  });
});
