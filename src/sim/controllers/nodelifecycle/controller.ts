/**
 * The node lifecycle controller (in kube-controller-manager): every node-monitor-period it checks
 * each node's last sign of life (its Ready condition's heartbeat, or its Lease renewal). When
 * none came within the grace period it sets the node's conditions to Unknown, marks its pods not
 * Ready, records NodeNotReady and taints the node (NoSchedule + NoExecute); the taint eviction
 * controller then evicts the pods that do not tolerate the taint. The controller learns of a dead
 * node only through the API: missing heartbeats.
 * upstream: pkg/controller/nodelifecycle/node_lifecycle_controller.go (monitorNodeHealth,
 * tryUpdateNodeHealth, MarkPodsNotReady, doNoScheduleTaintingPass, processTaintBaseEviction,
 * handleDisruption, doNoExecuteTaintingPass), pkg/controller/nodelifecycle/scheduler/rate_limited_queue.go
 *
 * NoExecute taints go through a per-zone queue drained at the zone's rate (a token bucket of
 * burst 1: --node-eviction-rate 0.1, one node every 10 s). A zone where most nodes are down
 * (partially disrupted) stops tainting in a small cluster; when every zone has no Ready node at
 * all, the controller assumes the problem is its own ("master disruption mode"), removes the
 * NoExecute taints and evicts nothing. Upstream drains the queue every 100 ms; here it is drained
 * right after each monitor pass, so a taint's timeAdded is the pass's time.
 */
import type { KObject } from '../../apiserver/store';
import type { Client } from '../../client/client';
import { EventRecorder } from '../../client/events';
import type { SharedInformer, SharedInformerFactory } from '../../client/informer';
import type { SimClock } from '../../kernel/clock';
import { parseTimestamp, timestamp } from '../../kernel/clock';
import type { TraceInput } from '../../kernel/trace';
import {
  computeZoneState,
  DEFAULT_NODE_LIFECYCLE,
  LABEL_EXCLUDE_DISRUPTION,
  noExecuteTaint,
  readyCondition,
  reconcileTaints,
  staleConditions,
  TAINT_NOT_READY,
  TAINT_UNREACHABLE,
  zoneEvictionRate,
  zoneKey,
  type NodeLifecycleConfig,
  type ZoneState
} from './health';

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
  /** This pass's view: Ready conditions it made Unknown and taints it wrote, before the informer sees them. */
  #staleReady = new Map<string, KObject | undefined>();
  #pending = new Map<string, { node: KObject; ready: KObject | undefined; noExecute: string | undefined }>();
  /** Per zone: its state, the NoExecute tainting rate and token bucket, and the nodes waiting for a taint. */
  #zones = new Map<string, ZoneTainter>();

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
    const nodes = this.#nodes.list();
    const zoneReady = new Map<string, (string | undefined)[]>();
    for (const node of nodes) {
      const name = node.metadata.name;
      if (!this.#registered.has(name)) {
        this.#registered.add(name);
        this.recorder.event(nodeRef(node), 'Normal', 'RegisteredNode', `Node ${name} event: Registered Node ${name} in Controller`);
      }
      const ready = this.#tryUpdateNodeHealth(node, now);
      const zone = zoneKey(node);
      if (!node.metadata.labels?.[LABEL_EXCLUDE_DISRUPTION]) {
        if (!zoneReady.has(zone)) zoneReady.set(zone, []);
        zoneReady.get(zone)!.push(ready?.status);
      }
      this.#processTaintBaseEviction(node, ready, zone, now);
      const previous = this.#lastReady.get(name);
      this.#lastReady.set(name, ready?.status ?? 'Unknown');
      if (previous === 'True' && ready?.status !== 'True') {
        this.recorder.event(nodeRef(node), 'Normal', 'NodeNotReady', `Node ${name} status is now: NodeNotReady`);
        this.trace({ component: 'node-controller', kind: 'nodelifecycle.notready', node: name, status: ready?.status ?? 'Unknown' });
        this.#markPodsNotReady(name);
      }
    }
    this.#handleDisruption(zoneReady, nodes, now);
    this.#doNoExecuteTaintingPass(now);
    this.#flushTaints(now);
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
    const stale = conditions.find((c) => c.type === 'Ready');
    this.#staleReady.set(name, stale);
    return stale;
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

  /**
   * The NoSchedule taints follow the conditions at once; a NoExecute taint swaps not-ready <->
   * unreachable at once, is queued for the zone's tainter when the node has none, and goes (with
   * the node's place in the queue) when the node is Ready again.
   * upstream: doNoScheduleTaintingPass, processTaintBaseEviction, markNodeForTainting, markNodeAsReachable
   */
  #processTaintBaseEviction(node: KObject, ready: KObject | undefined, zone: string, now: number): void {
    const z = this.#zone(zone);
    const existing = currentNoExecute(node);
    const wanted = noExecuteTaint(ready);
    if (!wanted) z.queue = z.queue.filter((n) => n !== node.metadata.name);
    else if (!existing && !z.queue.includes(node.metadata.name)) z.queue.push(node.metadata.name);
    // Keep an existing NoExecute taint (swapped to match the condition); add new ones in the tainting pass.
    this.#writeTaints(node, ready, existing ? wanted : undefined);
  }

  /** Stages the node's taints for this pass; each node is written at most once, at the end of the pass. */
  #writeTaints(node: KObject, ready: KObject | undefined, noExecute: string | undefined): void {
    this.#pending.set(node.metadata.name, { node, ready, noExecute });
  }

  #flushTaints(now: number): void {
    for (const [name, { node, ready, noExecute }] of this.#pending) {
      const view = ready && ready !== readyCondition(node) ? { ...node, status: { ...node.status, conditions: (node.status?.conditions ?? []).map((c: KObject) => (c.type === 'Ready' ? ready : c)) } } : node;
      const taints = reconcileTaints(view, noExecute, timestamp(now));
      if (!taints) continue;
      this.trace({ component: 'node-controller', kind: 'nodelifecycle.taints', node: name, taints: taints.map((t) => `${t.key}:${t.effect}`) });
      this.client.patch('nodes', undefined, name, { spec: { taints: taints.length > 0 ? taints : null } }, 'merge');
    }
    this.#pending.clear();
    this.#staleReady.clear();
  }

  /** upstream: handleDisruption. */
  #handleDisruption(zoneReady: Map<string, (string | undefined)[]>, nodes: KObject[], now: number): void {
    const newStates = new Map<string, ZoneState>();
    let allAreFullyDisrupted = true;
    for (const [zone, statuses] of zoneReady) {
      const { state } = computeZoneState(statuses, this.config.unhealthyZoneThreshold);
      if (state !== 'FullDisruption') allAreFullyDisrupted = false;
      newStates.set(zone, state);
      this.#zone(zone);
    }
    let allWasFullyDisrupted = true;
    for (const [zone, z] of this.#zones) {
      if (!zoneReady.has(zone)) {
        this.#zones.delete(zone);
        continue;
      }
      if (z.state !== 'FullDisruption') allWasFullyDisrupted = false;
    }
    if (allAreFullyDisrupted && allWasFullyDisrupted) return;
    if (allAreFullyDisrupted) {
      this.trace({ component: 'node-controller', kind: 'nodelifecycle.disruption', mode: 'enter', message: 'Controller detected that all Nodes are not-Ready. Entering master disruption mode' });
      for (const node of nodes) {
        const staged = this.#pending.get(node.metadata.name);
        if (currentNoExecute(node) || staged?.noExecute) this.#writeTaints(node, staged ? staged.ready : readyCondition(node), undefined);
      }
      for (const z of this.#zones.values()) {
        this.#swapLimiter(z, 0, now);
        z.state = 'FullDisruption';
        z.queue = [];
      }
      return;
    }
    if (allWasFullyDisrupted) {
      this.trace({ component: 'node-controller', kind: 'nodelifecycle.disruption', mode: 'exit', message: 'Controller detected that some Nodes are Ready. Exiting master disruption mode' });
      for (const node of nodes) {
        const h = this.#health.get(node.metadata.name);
        if (h) h.probeTimestamp = now;
      }
      for (const [zone, z] of this.#zones) {
        const state = newStates.get(zone)!;
        this.#swapLimiter(z, zoneEvictionRate(this.config, state, zoneReady.get(zone)!.length), now);
        z.state = state;
      }
      return;
    }
    for (const [zone, z] of this.#zones) {
      const state = newStates.get(zone)!;
      if (z.state === state) continue;
      this.trace({ component: 'node-controller', kind: 'nodelifecycle.zone', zone, state });
      this.#swapLimiter(z, zoneEvictionRate(this.config, state, zoneReady.get(zone)!.length), now);
      z.state = state;
    }
  }

  /** upstream: doNoExecuteTaintingPass over RateLimitedTimedQueue.Try: one token per node taken from the queue. */
  #doNoExecuteTaintingPass(now: number): void {
    for (const z of this.#zones.values()) {
      while (z.queue.length > 0) {
        if (z.qps <= 0 || now < z.nextToken) break;
        z.nextToken = now + 1000 / z.qps;
        const name = z.queue.shift()!;
        const node = this.#nodes.get(undefined, name);
        if (!node) continue;
        const staged = this.#pending.get(name);
        const ready = staged ? staged.ready : this.#staleReady.has(name) ? this.#staleReady.get(name) : readyCondition(node);
        const wanted = noExecuteTaint(ready);
        if (wanted && !currentNoExecute(node)) this.#writeTaints(node, ready, wanted);
      }
    }
  }

  /** upstream: RateLimitedTimedQueue.SwapLimiter: a new bucket of burst 1, drained when the old one had no token. */
  #swapLimiter(z: ZoneTainter, qps: number, now: number): void {
    if (z.qps === qps) return;
    const oldHadToken = z.qps > 0 && now >= z.nextToken;
    z.qps = qps;
    z.nextToken = qps > 0 && !oldHadToken ? now + 1000 / qps : now;
  }

  #zone(zone: string): ZoneTainter {
    let z = this.#zones.get(zone);
    if (!z) {
      z = { state: 'Initial', qps: this.config.nodeEvictionRate, nextToken: -Infinity, queue: [] };
      this.#zones.set(zone, z);
    }
    return z;
  }

}

interface ZoneTainter {
  state: ZoneState;
  /** Nodes tainted per second; 0 stops tainting. */
  qps: number;
  /** When the bucket next holds a token (virtual ms). */
  nextToken: number;
  /** Node names waiting for their NoExecute taint, oldest first. */
  queue: string[];
}

function currentNoExecute(node: KObject): string | undefined {
  return (node.spec?.taints ?? []).find((t: KObject) => t.effect === 'NoExecute' && (t.key === TAINT_NOT_READY || t.key === TAINT_UNREACHABLE))?.key;
}

/** Events about Nodes name the node as its uid, as upstream's node controller does. */
function nodeRef(node: KObject): KObject {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name: node.metadata.name, uid: node.metadata.uid } };
}
