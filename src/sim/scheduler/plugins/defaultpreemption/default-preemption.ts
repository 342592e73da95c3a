/**
 * DefaultPreemption (PostFilter): when no node fits, look for nodes where evicting lower-priority
 * pods would make room; pick the node whose victims matter least, evict them, and nominate the
 * node for the pod (it is scheduled there once the victims are gone).
 * Simplified: PodDisruptionBudgets are not considered, and every potential node is dry-run (no
 * minCandidateNodes sampling); nominated pods are not yet counted by the filters.
 * upstream: pkg/scheduler/framework/plugins/defaultpreemption/default_preemption.go,
 * pkg/scheduler/framework/preemption/preemption.go
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { Handle, PostFilterPlugin } from '../../framework/interfaces';
import { Code, CycleState, Status, fitErrorMessage, podKey, type NodeInfo, type PodInfo } from '../../framework/types';
import { podPriority } from '../queuesort/priority-sort';

export const DefaultPreemptionName = 'DefaultPreemption';
export const ErrNotHelpful = 'Preemption is not helpful for scheduling';
export const ErrNoVictims = 'No preemption victims found for incoming pod';

export interface Candidate {
  node: string;
  victims: Pod[];
}

const startTime = (p: Pod) => p.status?.startTime ?? p.metadata?.creationTimestamp ?? '';

/** upstream: util.MoreImportantPod: higher priority, then the earlier start. */
export function moreImportantPod(a: Pod, b: Pod): boolean {
  const p1 = podPriority(a);
  const p2 = podPriority(b);
  if (p1 !== p2) return p1 > p2;
  return startTime(a) < startTime(b);
}

/**
 * Removes every lower-priority pod; if the pod then fits, adds victims back, most important first,
 * while it still fits. upstream: default_preemption.go SelectVictimsOnNode
 */
export function selectVictimsOnNode(pod: Pod, ni: NodeInfo, fits: (ni: NodeInfo) => Status): { victims: Pod[]; status: Status } {
  const trial = ni.clone();
  const potential: PodInfo[] = [];
  for (const [key, pi] of ni.pods) {
    if (podPriority(pi.pod) < podPriority(pod)) {
      potential.push(pi);
      trial.removePod(key);
    }
  }
  if (potential.length === 0) return { victims: [], status: new Status(Code.UnschedulableAndUnresolvable, ErrNoVictims) };
  const s = fits(trial);
  if (!s.isSuccess()) return { victims: [], status: s };
  potential.sort((a, b) => (moreImportantPod(a.pod, b.pod) ? -1 : moreImportantPod(b.pod, a.pod) ? 1 : 0));
  const victims: Pod[] = [];
  for (const pi of potential) {
    trial.addPod(pi);
    if (!fits(trial).isSuccess()) {
      trial.removePod(podKey(pi.pod));
      victims.push(pi.pod);
    }
  }
  return { victims, status: new Status(Code.Success) };
}

/**
 * The candidate whose victims matter least: lowest highest-victim priority, then lowest sum of
 * priorities, then fewest victims, then the first. upstream: preemption.go pickOneNodeForPreemption
 * (PDB violations and victims' start times are not compared here).
 */
export function pickOneNodeForPreemption(candidates: Candidate[]): Candidate | undefined {
  const keyOf = (c: Candidate) => [Math.max(...c.victims.map(podPriority)), c.victims.reduce((a, v) => a + podPriority(v) + 2147483648, 0), c.victims.length];
  let best: Candidate | undefined;
  let bestKey: number[] = [];
  for (const c of candidates) {
    const k = keyOf(c);
    if (!best || k[0] < bestKey[0] || (k[0] === bestKey[0] && (k[1] < bestKey[1] || (k[1] === bestKey[1] && k[2] < bestKey[2])))) {
      best = c;
      bestKey = k;
    }
  }
  return best;
}

export function newDefaultPreemption(handle: Pick<Handle, 'nodeInfos' | 'runFilterPlugins' | 'preempt'>) {
  return {
    name: DefaultPreemptionName,
    postFilter(_state: CycleState, pod: Pod, nodeToStatus: Map<string, Status>) {
      // upstream: PodEligibleToPreemptOthers
      if (pod.spec?.preemptionPolicy === 'Never') {
        return { status: new Status(Code.Unschedulable, 'preemption: not eligible due to preemptionPolicy=Never.') };
      }
      const all = handle.nodeInfos();
      // upstream: PodEligibleToPreemptOthers: wait for victims already terminating on the nominated node.
      const nominated = pod.status?.nominatedNodeName;
      const nominatedInfo = nominated ? all.find((n) => n.name === nominated) : undefined;
      if (nominatedInfo && [...nominatedInfo.pods.values()].some((pi) => pi.pod.metadata?.deletionTimestamp && podPriority(pi.pod) < podPriority(pod))) {
        return { status: new Status(Code.Unschedulable, 'preemption: not eligible due to a terminating pod on the nominated node.') };
      }
      const statuses = new Map<string, Status>();
      const candidates: Candidate[] = [];
      for (const ni of all) {
        const s = nodeToStatus.get(ni.name);
        // upstream: nodesWherePreemptionMightHelp: UnschedulableAndUnresolvable nodes are out.
        if (s && s.code === Code.UnschedulableAndUnresolvable) {
          statuses.set(ni.name, new Status(Code.UnschedulableAndUnresolvable, ErrNotHelpful));
          continue;
        }
        const r = selectVictimsOnNode(pod, ni, (trial) => handle.runFilterPlugins(new CycleState(), pod, trial));
        if (r.status.isSuccess() && r.victims.length > 0) candidates.push({ node: ni.name, victims: r.victims });
        else if (!r.status.isSuccess()) statuses.set(ni.name, r.status);
      }
      const best = pickOneNodeForPreemption(candidates);
      if (!best) {
        const msg = fitErrorMessage(all.length, { nodeToStatus: statuses, preFilterMsg: '', postFilterMsg: '' });
        return { status: new Status(Code.Unschedulable, 'preemption: ' + msg) };
      }
      handle.preempt(pod, best.node, best.victims);
      return { result: { nominatedNodeName: best.node }, status: new Status(Code.Success) };
    }
  } satisfies PostFilterPlugin;
}
