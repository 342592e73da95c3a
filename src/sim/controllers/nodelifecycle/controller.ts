/**
 * The node lifecycle controller (in kube-controller-manager): every node-monitor-period it checks
 * each node's last sign of life (its Ready condition's heartbeat, or its Lease renewal). When
 * none came within the grace period it sets the node's conditions to Unknown, marks its pods not
 * Ready, records NodeNotReady and taints the node (NoSchedule + NoExecute); the taint eviction
 * controller then evicts the pods that do not tolerate the taint. The controller learns of a dead
 * node only through the API: missing heartbeats.
 * upstream: pkg/controller/nodelifecycle/node_lifecycle_controller.go (monitorNodeHealth,
 * tryUpdateNodeHealth, MarkPodsNotReady, doNoScheduleTaintingPass, processTaintBaseEviction)
 */
import type { KObject } from '../../apiserver/store';
import type { Client } from '../../client/client';
import { EventRecorder } from '../../client/events';
import type { SharedInformer, SharedInformerFactory } from '../../client/informer';
import type { SimClock } from '../../kernel/clock';
import { parseTimestamp, timestamp } from '../../kernel/clock';
import type { TraceInput } from '../../kernel/trace';
import { DEFAULT_NODE_LIFECYCLE, noExecuteTaint, readyCondition, reconcileTaints, staleConditions, TAINT_NOT_READY, TAINT_UNREACHABLE, type NodeLifecycleConfig } from './health';

interface NodeHealth {
  /** When the controller last saw the node alive (virtual ms). */
  probeTimestamp: number;
  heartbeat?: string;
  leaseRenewTime?: string;
}

export class NodeLifecycleController {
  readonly recorder: EventRecorder;
  #nodes: SharedInformer;
  #leases: SharedInformer;
  #pods: SharedInformer;
  #health = new Map<string, NodeHealth>();
  #registered = new Set<string>();
  #lastReady = new Map<string, string>();
  /** Token bucket of --node-eviction-rate for adding NoExecute taints (burst 1). */
  #nextTaintAllowed = -Infinity;

  constructor(
    readonly client: Client,
    factory: SharedInformerFactory,
    readonly clock: SimClock,
    readonly trace: (e: TraceInput) => void,
    readonly config: NodeLifecycleConfig = DEFAULT_NODE_LIFECYCLE
  ) {
    this.recorder = new EventRecorder(client, { component: 'node-controller' }, () => clock.now());
    this.#nodes = factory.informer('nodes');
    this.#leases = factory.informer('leases', { namespace: 'kube-node-lease' });
    this.#pods = factory.informer('pods');
    this.#nodes.addEventHandler({
      delete: (n) => {
        this.#health.delete(n.metadata.name);
        this.#registered.delete(n.metadata.name);
        this.#lastReady.delete(n.metadata.name);
      }
    });
    const loop = () => {
      if (this.#nodes.hasSynced && this.#leases.hasSynced && this.#pods.hasSynced) this.monitorNodeHealth();
      clock.after(config.nodeMonitorPeriodMs, loop);
    };
    clock.after(config.nodeMonitorPeriodMs, loop);
  }

  monitorNodeHealth(): void {
    const now = this.clock.now();
    for (const node of this.#nodes.list()) {
      const name = node.metadata.name;
      if (!this.#registered.has(name)) {
        this.#registered.add(name);
        this.recorder.event(nodeRef(node), 'Normal', 'RegisteredNode', `Node ${name} event: Registered Node ${name} in Controller`);
      }
      const ready = this.#tryUpdateNodeHealth(node, now);
      const previous = this.#lastReady.get(name);
      this.#lastReady.set(name, ready?.status ?? 'Unknown');
      if (previous === 'True' && ready?.status !== 'True') {
        this.recorder.event(nodeRef(node), 'Normal', 'NodeNotReady', `Node ${name} status is now: NodeNotReady`);
        this.trace({ component: 'node-controller', kind: 'nodelifecycle.notready', node: name, status: ready?.status ?? 'Unknown' });
        this.#markPodsNotReady(name);
      }
      this.#reconcileTaints(node, ready, now);
    }
  }

  /** Returns the node's Ready condition as the controller sees it (Unknown once stale). */
  #tryUpdateNodeHealth(node: KObject, now: number): KObject | undefined {
    const name = node.metadata.name;
    const ready = readyCondition(node);
    const lease = this.#leases.get('kube-node-lease', name);
    const heartbeat: string | undefined = ready?.lastHeartbeatTime;
    const leaseRenewTime: string | undefined = lease?.spec?.renewTime;
    let h = this.#health.get(name);
    if (!h) {
      h = { probeTimestamp: now, heartbeat, leaseRenewTime };
      this.#health.set(name, h);
    } else {
      if (heartbeat !== h.heartbeat) {
        h.heartbeat = heartbeat;
        h.probeTimestamp = now;
      }
      if (leaseRenewTime && leaseRenewTime !== h.leaseRenewTime && (parseTimestamp(leaseRenewTime) ?? 0) > (parseTimestamp(h.leaseRenewTime) ?? -1)) {
        h.leaseRenewTime = leaseRenewTime;
        h.probeTimestamp = now;
      }
    }
    const grace = ready ? this.config.nodeMonitorGracePeriodMs : this.config.nodeStartupGracePeriodMs;
    if (now <= h.probeTimestamp + grace) return ready;
    const { conditions, changed } = staleConditions(node, timestamp(now));
    if (changed) {
      this.trace({ component: 'node-controller', kind: 'nodelifecycle.unknown', node: name, lastSeen: h.probeTimestamp });
      this.client.patchStatus('nodes', undefined, name, { status: { conditions } });
    }
    return conditions.find((c) => c.type === 'Ready');
  }

  /**
   * upstream: pkg/controller/util/node/controller_utils.go MarkPodsNotReady: every pod on the node
   * that has a Ready condition gets it False, and a Warning NodeNotReady "Node is not ready" event.
   */
  #markPodsNotReady(nodeName: string): void {
    for (const pod of this.#pods.list()) {
      if (pod.spec?.nodeName !== nodeName) continue;
      const ready = (pod.status?.conditions ?? []).find((c: KObject) => c.type === 'Ready');
      if (!ready || ready.status === 'False') continue;
      const notReady = { ...ready, status: 'False', lastTransitionTime: timestamp(this.clock.now()) };
      this.client.patchStatus('pods', pod.metadata.namespace, pod.metadata.name, { status: { conditions: [notReady] } }, (err) => {
        if (!err) this.recorder.event(pod, 'Warning', 'NodeNotReady', 'Node is not ready');
      });
    }
  }

  #reconcileTaints(node: KObject, ready: KObject | undefined, now: number): void {
    const view = ready && ready !== readyCondition(node) ? { ...node, status: { ...node.status, conditions: (node.status?.conditions ?? []).map((c: KObject) => (c.type === 'Ready' ? ready : c)) } } : node;
    let noExecute = noExecuteTaint(ready);
    const existing = (node.spec?.taints ?? []).find((t: KObject) => t.effect === 'NoExecute' && (t.key === TAINT_NOT_READY || t.key === TAINT_UNREACHABLE));
    // A first NoExecute taint starts evictions: at most --node-eviction-rate nodes per second
    // (upstream: the zone's RateLimitedTimedQueue). Swapping not-ready <-> unreachable is instant.
    if (noExecute && !existing) {
      if (now < this.#nextTaintAllowed) noExecute = undefined;
      else this.#nextTaintAllowed = now + 1000 / this.config.nodeEvictionRate;
    }
    const taints = reconcileTaints(view, noExecute, timestamp(now));
    if (!taints) return;
    this.trace({ component: 'node-controller', kind: 'nodelifecycle.taints', node: node.metadata.name, taints: taints.map((t) => `${t.key}:${t.effect}`) });
    this.client.patch('nodes', undefined, node.metadata.name, { spec: { taints: taints.length > 0 ? taints : null } }, 'merge');
  }
}

/** Events about Nodes name the node as its uid, as upstream's node controller does. */
function nodeRef(node: KObject): KObject {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name: node.metadata.name, uid: node.metadata.uid } };
}
