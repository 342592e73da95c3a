/**
 * Container garbage collection, every ContainerGCPeriod (1 min): dead containers are grouped by
 * (pod UID, container name) into evict units, newest first. Units of pods that are gone lose every
 * container; the others keep the newest MaxPerPodContainer (1). Sandboxes that are not ready and
 * hold no containers go when their pod is gone, or when a newer sandbox of the pod exists.
 * The kubelet's defaults: MinAge 0, MaxPerPodContainer 1, MaxContainers -1 (no total limit).
 * Deciding is pure (containerGCPlan); the collector peeks at the runtime and calls
 * RemoveContainer / RemovePodSandbox only when something is due (traced as `gc.container`).
 * upstream: pkg/kubelet/kuberuntime/kuberuntime_gc.go (evictableContainers, evictContainers,
 * enforceMaxContainersPerEvictUnit, evictSandboxes), pkg/kubelet/container/container_gc.go,
 * pkg/kubelet/kubelet.go (ContainerGCPeriod, StartGarbageCollection), cmd/kubelet/app/options
 * (--minimum-container-ttl-duration 0, --maximum-dead-containers-per-container 1, --maximum-dead-containers -1)
 */
import type { SimClock, TimerId } from '../../kernel/clock';
import type { Container, PodSandbox } from '../../node/cri/types';
import type { ContainerRuntime } from '../../node/cri/runtime';
import { POD_UID_LABEL } from './runtime';

export interface ContainerGCPolicy {
  minAgeMs: number;
  maxPerPodContainer: number;
  maxContainers: number;
}

export const DEFAULT_CONTAINER_GC_POLICY: ContainerGCPolicy = { minAgeMs: 0, maxPerPodContainer: 1, maxContainers: -1 };
/** upstream: kubelet.go ContainerGCPeriod */
export const CONTAINER_GC_PERIOD_MS = 60_000;

export interface ContainerGCPlan {
  containers: string[];
  sandboxes: string[];
}

const podUID = (c: Container) => c.labels[POD_UID_LABEL] ?? '';
const newestFirst = <T extends { createdAt: number }>(a: T, b: T) => b.createdAt - a.createdAt;

/**
 * What to remove. `podGone(uid)`: the pod is deleted (upstream: ShouldPodContentBeRemoved).
 * `evictNonDeletedPods`: every dead container goes, whatever its pod (the eviction manager's
 * DeleteAllUnusedContainers under disk pressure); sandboxes follow the usual rule.
 * upstream: kuberuntime_gc.go evictContainers + evictSandboxes
 */
export function containerGCPlan(
  containers: Container[],
  sandboxes: PodSandbox[],
  now: number,
  policy: ContainerGCPolicy,
  podGone: (uid: string) => boolean,
  evictNonDeletedPods = false
): ContainerGCPlan {
  const remove: string[] = [];
  // evictableContainers: not running, created before now - minAge; by (pod, container), newest first.
  const units = new Map<string, Container[]>();
  for (const c of containers) {
    if (c.state === 'CONTAINER_RUNNING' || c.createdAt > now - policy.minAgeMs) continue;
    const key = `${podUID(c)}/${c.metadata.name}`;
    const unit = units.get(key) ?? [];
    unit.push(c);
    units.set(key, unit);
  }
  for (const [key, unit] of [...units]) {
    unit.sort(newestFirst);
    if (evictNonDeletedPods || podGone(key.slice(0, key.lastIndexOf('/')))) {
      remove.push(...unit.map((c) => c.id));
      units.delete(key);
    }
  }
  // enforceMaxContainersPerEvictUnit: the oldest beyond the newest N.
  if (policy.maxPerPodContainer >= 0) {
    for (const [key, unit] of units) {
      remove.push(...unit.slice(policy.maxPerPodContainer).map((c) => c.id));
      units.set(key, unit.slice(0, policy.maxPerPodContainer));
    }
  }
  if (policy.maxContainers >= 0) {
    const left = [...units.values()].flat().sort(newestFirst);
    remove.push(...left.slice(policy.maxContainers).map((c) => c.id));
  }
  // evictSandboxes: not ready, no containers left; all of a gone pod's, else all but the newest.
  const removed = new Set(remove);
  const withContainers = new Set(containers.filter((c) => !removed.has(c.id)).map((c) => c.podSandboxId));
  const byPod = new Map<string, PodSandbox[]>();
  for (const sb of sandboxes) {
    const uid = sb.metadata.uid;
    byPod.set(uid, [...(byPod.get(uid) ?? []), sb]);
  }
  const sandboxIds: string[] = [];
  for (const [uid, list] of byPod) {
    list.sort(newestFirst);
    const keep = podGone(uid) ? 0 : 1;
    for (const sb of list.slice(keep)) if (sb.state !== 'SANDBOX_READY' && !withContainers.has(sb.id)) sandboxIds.push(sb.id);
  }
  return { containers: remove, sandboxes: sandboxIds };
}

/** The periodic collector of one kubelet process. */
export class ContainerGC {
  #timer?: TimerId;
  #running = false;

  constructor(
    readonly deps: {
      clock: SimClock;
      /** The runtime the kubelet calls (Remove*) and peeks at (inventory). */
      runtime: ContainerRuntime;
      podGone: (uid: string) => boolean;
      trace: (extra: Record<string, unknown>) => void;
      policy?: ContainerGCPolicy;
    }
  ) {}

  start(): void {
    const loop = () => {
      this.garbageCollect();
      this.#timer = this.deps.clock.after(CONTAINER_GC_PERIOD_MS, loop);
    };
    this.#timer = this.deps.clock.after(CONTAINER_GC_PERIOD_MS, loop);
  }

  stop(): void {
    this.deps.clock.cancel(this.#timer);
    this.#timer = undefined;
  }

  /** One pass; a pass still removing skips the next. upstream: containerGC.GarbageCollect */
  garbageCollect(): void {
    if (this.#running) return;
    const { runtime, clock } = this.deps;
    // Only exited containers and not-ready sandboxes are ever collected: with none, the plan is empty.
    if (runtime.allLive()) return;
    const { containers, sandboxes } = runtime.inventory();
    const plan = containerGCPlan(containers, sandboxes, clock.now(), this.deps.policy ?? DEFAULT_CONTAINER_GC_POLICY, this.deps.podGone);
    if (plan.containers.length === 0 && plan.sandboxes.length === 0) return;
    this.deps.trace({ removedContainers: plan.containers.length, removedSandboxes: plan.sandboxes.length });
    this.#remove(plan, () => {});
  }

  /**
   * Removes every dead container (of running pods too), then the sandboxes due; `done` once the
   * runtime has removed them all, with the numbers removed. The eviction manager calls it to
   * reclaim disk before evicting a pod. upstream: container_gc.go DeleteAllUnusedContainers
   * (GarbageCollect with evictNonDeletedPods = true)
   */
  deleteAllUnusedContainers(done: (removed: { containers: number; sandboxes: number }) => void): void {
    const { runtime, clock } = this.deps;
    const { containers, sandboxes } = runtime.inventory();
    const plan = containerGCPlan(containers, sandboxes, clock.now(), this.deps.policy ?? DEFAULT_CONTAINER_GC_POLICY, this.deps.podGone, true);
    const removed = { containers: plan.containers.length, sandboxes: plan.sandboxes.length };
    if (this.#running || (removed.containers === 0 && removed.sandboxes === 0)) return done({ containers: 0, sandboxes: 0 });
    this.#remove(plan, () => done(removed));
  }

  #remove(plan: ContainerGCPlan, done: () => void): void {
    const { runtime } = this.deps;
    this.#running = true;
    const finish = () => {
      this.#running = false;
      done();
    };
    let left = plan.containers.length;
    const sandboxesNext = () => {
      let sbLeft = plan.sandboxes.length;
      if (sbLeft === 0) return finish();
      for (const id of plan.sandboxes) runtime.RemovePodSandbox(id, () => (--sbLeft === 0 ? finish() : undefined));
    };
    if (left === 0) return sandboxesNext();
    for (const id of plan.containers) runtime.RemoveContainer(id, () => (--left === 0 ? sandboxesNext() : undefined));
  }
}
