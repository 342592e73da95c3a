/**
 * The scheduler cache: one NodeInfo per node with its pods' aggregates, updated incrementally from
 * the informers, plus assumed pods: a pod the scheduler has placed counts on its node from the
 * moment it is assumed, before the binding's answer and the watch event arrive, so the next cycle
 * does not place a second pod in the same room.
 * The node list (the snapshot's order) is kept as an immutable array, rebuilt only when a node
 * comes or goes, never per cycle; NodeInfos themselves are updated in place.
 * upstream: pkg/scheduler/backend/cache/cache.go, snapshot.go
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { NodeInfo, newPodInfo, podKey, type PodInfo } from './framework/types';

interface PodState {
  pod: Pod;
  nodeName: string;
  assumed: boolean;
}

export class SchedulerCache {
  /** Insertion order is the order nodes are evaluated in (upstream: the node tree's order). */
  readonly #nodes = new Map<string, NodeInfo>();
  readonly #pods = new Map<string, PodState>();
  #list: NodeInfo[] | undefined;
  #names: string[] = [];
  /** Nodes with pods that have pod (anti-)affinity; rebuilt only after such a pod comes or goes. */
  #withAffinity: NodeInfo[] | undefined;
  #withRequiredAntiAffinity: NodeInfo[] = [];

  /**
   * Nodes known through the informer (not placeholders for pods on unknown nodes). The same array
   * until a node is added or removed: callers must not modify it. upstream: Snapshot.NodeInfoList
   */
  nodeList(): NodeInfo[] {
    if (!this.#list) {
      this.#withAffinity = undefined;
      this.#list = [];
      for (const n of this.#nodes.values()) if (n.node) this.#list.push(n);
      this.#names = this.#list.map((n) => n.name);
    }
    return this.#list;
  }

  /** upstream: Snapshot.HavePodsWithAffinityList */
  havePodsWithAffinityNodeInfos(): NodeInfo[] {
    this.#affinityLists();
    return this.#withAffinity!;
  }

  /** upstream: Snapshot.HavePodsWithRequiredAntiAffinityList */
  havePodsWithRequiredAntiAffinityNodeInfos(): NodeInfo[] {
    this.#affinityLists();
    return this.#withRequiredAntiAffinity;
  }

  #affinityLists(): void {
    if (this.#withAffinity) return;
    const all = this.nodeList();
    this.#withAffinity = all.filter((n) => n.podsWithAffinity.length > 0);
    this.#withRequiredAntiAffinity = all.filter((n) => n.podsWithRequiredAntiAffinity.length > 0);
  }

  /** A pod with pod (anti-)affinity came or went: the affinity lists need a rebuild. */
  #touch(pod: Pod): void {
    if (pod.spec?.affinity?.podAffinity || pod.spec?.affinity?.podAntiAffinity) this.#withAffinity = undefined;
  }

  /** The names of nodeList(), in the same order (also immutable). */
  nodeNames(): readonly string[] {
    this.nodeList();
    return this.#names;
  }

  nodeInfo(name: string): NodeInfo | undefined {
    const n = this.#nodes.get(name);
    return n?.node ? n : undefined;
  }

  isAssumed(key: string): boolean {
    return this.#pods.get(key)?.assumed ?? false;
  }

  #nodeInfoFor(name: string): NodeInfo {
    let ni = this.#nodes.get(name);
    if (!ni) {
      ni = new NodeInfo();
      this.#nodes.set(name, ni);
    }
    return ni;
  }

  addNode(node: Node): void {
    const ni = this.#nodeInfoFor(node.metadata!.name!);
    if (!ni.node) this.#list = this.#withAffinity = undefined;
    ni.setNode(node);
  }

  updateNode(node: Node): void {
    this.addNode(node);
  }

  removeNode(node: Node): void {
    const name = node.metadata!.name!;
    const ni = this.#nodes.get(name);
    if (!ni) return;
    this.#list = this.#withAffinity = undefined;
    // Pods still bound there keep a placeholder until they go, as upstream does.
    if (ni.pods.size > 0) ni.node = undefined;
    else this.#nodes.delete(name);
  }

  /** The scheduler chose `nodeName` for the pod (`pi`: its PodInfo, if computed already). upstream: cache.AssumePod */
  assumePod(pod: Pod, nodeName: string, pi?: PodInfo): void {
    const key = podKey(pod);
    const assumed: Pod = { ...pod, spec: { ...pod.spec!, nodeName } };
    this.#touch(pod);
    this.#nodeInfoFor(nodeName).addPod(pi ? { ...pi, pod: assumed } : newPodInfo(assumed));
    this.#pods.set(key, { pod: assumed, nodeName, assumed: true });
  }

  /** Binding failed: the assumed pod no longer counts. upstream: cache.ForgetPod */
  forgetPod(pod: Pod): void {
    const key = podKey(pod);
    const st = this.#pods.get(key);
    if (!st?.assumed) return;
    this.#removeFromNode(key, st.nodeName);
    this.#pods.delete(key);
  }

  /** An assigned pod seen by the informer (confirms an assumed pod). upstream: cache.AddPod */
  addPod(pod: Pod): void {
    const key = podKey(pod);
    const nodeName = pod.spec!.nodeName!;
    const st = this.#pods.get(key);
    if (st) this.#removeFromNode(key, st.nodeName);
    this.#touch(pod);
    this.#nodeInfoFor(nodeName).addPod(newPodInfo(pod));
    this.#pods.set(key, { pod, nodeName, assumed: false });
  }

  updatePod(pod: Pod): void {
    this.addPod(pod);
  }

  removePod(pod: Pod): void {
    const key = podKey(pod);
    const st = this.#pods.get(key);
    if (!st) return;
    this.#removeFromNode(key, st.nodeName);
    this.#pods.delete(key);
  }

  #removeFromNode(key: string, nodeName: string): void {
    const ni = this.#nodes.get(nodeName);
    if (!ni) return;
    const gone = ni.pods.get(key);
    if (gone) this.#touch(gone.pod);
    ni.removePod(key);
    if (!ni.node && ni.pods.size === 0) this.#nodes.delete(nodeName);
  }
}
