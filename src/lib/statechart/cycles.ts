/**
 * Two loops the inspector's state tab draws besides the pod's own machines: the kube-scheduler's
 * scheduling cycle (its extension points, in order) and the ReplicaSet controller's sync loop,
 * as XState machines read by graphOf, and the functions that place a live object in them.
 * As in machines.ts, the place is read from what the API server stores.
 *
 * upstream: pkg/scheduler/schedule_one.go (scheduleOne: schedulingCycle -> bindingCycle;
 * findNodesThatFitPod, prioritizeNodes, RunReservePlugins, RunPermitPlugins, WaitOnPermit,
 * RunPreBindPlugins, bind), pkg/controller/replicaset/replica_set.go (processNextWorkItem,
 * syncReplicaSet, expectations, manageReplicas with slowStartBatch, updateReplicaSetStatus).
 */
import { setup } from 'xstate';
import type { KObject } from '../bridge/deltas';
import type { ActiveState } from './machines';

export const schedulingCycleMachine = setup({}).createMachine({
  id: 'scheduling-cycle',
  initial: 'queue',
  states: {
    queue: {
      description: 'activeQ: PreEnqueue let the pod in (no scheduling gates); QueueSort orders it; scheduleOne pops it.',
      meta: { label: 'activeQ' },
      on: { POP: { target: 'preFilter', description: 'scheduleOne' } }
    },
    preFilter: {
      description: 'PreFilter plugins compute what Filter needs (resources asked, ports, affinity terms) once per cycle.',
      meta: { label: 'PreFilter' },
      on: { OK: { target: 'filter', description: 'ok' } }
    },
    filter: {
      description: 'Filter plugins run on each sampled node (percentageOfNodesToScore): NodeResourcesFit, TaintToleration, NodeAffinity...',
      meta: { label: 'Filter' },
      on: { FEASIBLE: { target: 'score', description: 'nodes fit' }, NONE: { target: 'postFilter', description: 'no node fits' } }
    },
    postFilter: {
      description: 'No node fits: DefaultPreemption looks for lower-priority victims; otherwise the pod is Unschedulable (a FailedScheduling event) and waits in unschedulablePods or backoffQ.',
      meta: { label: 'PostFilter' },
      on: { REQUEUE: { target: 'queue', description: 'cluster event, back-off, flush' } }
    },
    score: {
      description: 'PreScore and Score plugins rate each feasible node; NormalizeScore, then the weights; the highest total wins (ties at random).',
      meta: { label: 'Score' },
      on: { CHOSEN: { target: 'reserve', description: 'highest score' } }
    },
    reserve: {
      description: 'assume: the cache counts the pod on the node at once, so the next cycle sees it; Reserve plugins (VolumeBinding) hold what it needs.',
      meta: { label: 'Reserve' },
      on: { OK: { target: 'permit', description: 'reserved' } }
    },
    permit: {
      description: 'Permit plugins may approve, deny or make the pod wait (gang scheduling); none by default.',
      meta: { label: 'Permit' },
      on: { OK: { target: 'binding', description: 'approved' } }
    },
    binding: {
      description: 'The binding cycle, off the scheduling loop: WaitOnPermit, PreBind (volumes), then Bind: POST pods/binding sets spec.nodeName.',
      meta: { label: 'PreBind / Bind' },
      on: { BOUND: { target: 'bound', description: 'pods/binding 201' } }
    },
    bound: {
      type: 'final',
      description: 'PostBind; the node\'s kubelet sees the pod through its watch and runs it.',
      meta: { label: 'Bound' }
    }
  }
});

/** Where the pod's last cycle left it, from its API object. */
export function schedulingCycleState(pod: KObject): ActiveState {
  if (pod.spec?.nodeName) return { state: 'bound' };
  const scheduled = (pod.status?.conditions ?? []).find((c: KObject) => c.type === 'PodScheduled');
  if (pod.status?.nominatedNodeName || (scheduled?.status === 'False' && scheduled.reason === 'Unschedulable')) return { state: 'postFilter' };
  return { state: 'queue' };
}

export const replicaSetSyncMachine = setup({}).createMachine({
  id: 'replicaset-sync',
  initial: 'idle',
  states: {
    idle: {
      description: 'Informers watch ReplicaSets and Pods; the workqueue is empty for this ReplicaSet.',
      meta: { label: 'watching' },
      on: { EVENT: { target: 'queued', description: 'RS or pod changed' } }
    },
    queued: {
      description: 'Its key waits in the workqueue (one entry however many events); a worker takes it: processNextWorkItem.',
      meta: { label: 'queued' },
      on: { DEQUEUE: { target: 'syncing', description: 'a worker' } }
    },
    syncing: {
      description: 'syncReplicaSet: list the pods its selector matches (adopting orphans, releasing the rest); if the expectations are satisfied, compare with spec.replicas.',
      meta: { label: 'syncReplicaSet' },
      on: { DIFF: { target: 'managing', description: 'too few or too many' }, EQUAL: { target: 'status', description: 'as many as wanted' } }
    },
    managing: {
      description: 'manageReplicas: creates in slow-start batches (1, 2, 4...) or deletes the pods ranked first (not ready, unscheduled, newest); records expectations for each.',
      meta: { label: 'manageReplicas' },
      on: { SENT: { target: 'status', description: 'creates / deletes sent' } }
    },
    status: {
      description: 'updateReplicaSetStatus: replicas, readyReplicas, availableReplicas, observedGeneration; the watch of its own creates and deletes lowers the expectations.',
      meta: { label: 'updateStatus' },
      on: { DONE: { target: 'idle', description: 'status written' } }
    }
  }
});

/** The ReplicaSet's place in its controller's loop, from its API object. */
export function replicaSetSyncState(rs: KObject): ActiveState {
  const generation = Number(rs.metadata?.generation ?? 0);
  const observed = Number(rs.status?.observedGeneration ?? 0);
  if (observed < generation) return { state: 'queued' };
  if (Number(rs.status?.replicas ?? 0) !== Number(rs.spec?.replicas ?? 1)) return { state: 'managing' };
  return { state: 'idle' };
}
