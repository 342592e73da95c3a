/**
 * The scheduler cache: one NodeInfo per node with its pods' aggregates, updated incrementally from
 * the informers, plus assumed pods: a pod the scheduler has placed counts on its node from the
 * moment it is assumed, before the binding's answer and the watch event arrive, so the next cycle
 * does not place a second pod in the same room.
 * upstream: pkg/scheduler/backend/cache/cache.go
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { NodeInfo, newPodInfo, podKey } from './framework/types';

interface PodState {
  pod: Pod;
  nodeName: string;
  assumed: boolean;
}

export class SchedulerCache {
  /** Insertion order is the order nodes are evaluated in (upstream: the node tree's order). */
  readonly #nodes = new Map<string, NodeInfo>();
  readonly #pods = new Map<string, PodState>();

  /** Nodes known through the informer (not placeholders for pods on unknown nodes). */
  nodeList(): NodeInfo[] {
    const out: NodeInfo[] = [];
    for (const n of this.#nodes.values()) if (n.node) out.push(n);
    return out;
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
    this.#nodeInfoFor(node.metadata!.name!).setNode(node);
  }

  updateNode(node: Node): void {
    this.addNode(node);
  }

  removeNode(node: Node): void {
    const name = node.metadata!.name!;
    const ni = this.#nodes.get(name);
    if (!ni) return;
    // Pods still bound there keep a placeholder until they go, as upstream does.
    if (ni.pods.size > 0) ni.node = undefined;
    else this.#nodes.delete(name);
  }

  /** The scheduler chose `nodeName` for the pod. upstream: cache.AssumePod */
  assumePod(pod: Pod, nodeName: string): void {
    const key = podKey(pod);
    const assumed: Pod = { ...pod, spec: { ...pod.spec!, nodeName } };
    this.#nodeInfoFor(nodeName).addPod(newPodInfo(assumed));
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
    ni.removePod(key);
    if (!ni.node && ni.pods.size === 0) this.#nodes.delete(nodeName);
  }
}
