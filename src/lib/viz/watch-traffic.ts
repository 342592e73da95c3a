/**
 * Watch deliveries on the map: the kube-apiserver sending a watch event (`watch.ADDED`,
 * `watch.MODIFIED`, `watch.DELETED` in the trace) to the kube-scheduler, the
 * kube-controller-manager or a node's kubelet, drawn as a small dot travelling from the API
 * server's slot in the band to the receiver. Pure functions of the trace, the virtual time and the
 * speed, like the CRI rail (rail.ts): pause and the dots freeze, speed up and they hurry; at high
 * speed, or when many arrive at once, the dots give way to a rate on the API server.
 *
 * The trace names the receiving host, not the node: kubelets run in pools (`kubelet-pool-N`,
 * src/sim/cluster/kubelet-pools.ts), and a pool receives a pod twice, once for the kubelet of the
 * pod's node (its `spec.nodeName` watch) and once for its pod-network informer (every pod). Both
 * are drawn as one dot to the pod's own node card, and only when that node runs in that pool. A
 * pool's deliveries of other resources (nodes, services, ...) are left out: the trace does not
 * say which of its kubelets they are for. So are deliveries to anyone else (the page's mirror).
 */
import type { TraceEvent } from '../../sim/kernel/trace';
import type { ObjectChange } from '../bridge/protocol';
import { kubeletHostName, kubeletsPerHost } from '../../sim/cluster/kubelet-pools';

export const SCHEDULER = 'kube-scheduler';
export const CONTROLLER_MANAGER = 'kube-controller-manager';

export interface Delivery {
  seq: number;
  /** Virtual time the API server sent it. */
  t: number;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  /** Plural resource (`pods`, `deployments`...) and the object's name (text from the trace: never HTML). */
  resource: string;
  name: string;
  /** `kube-scheduler`, `kube-controller-manager`, or the name of the node whose kubelet receives it. */
  to: string;
  /** `to` is a node. */
  node: boolean;
  /** Among the deliveries to the same receiver at the same instant, this one's place (the dots of a burst follow each other). */
  lane: number;
}

/** Where a pool's pod deliveries go: the node a pod is bound to, and each node's kubelet host. */
export interface Receivers {
  /** The node pod `namespace/name` is bound to, if it is. */
  podNode(key: string): string | undefined;
  poolOf(node: string): string | undefined;
}

/** Wall time a dot takes from the API server to its receiver, and between two dots of one burst. */
export const DOT_WALL_MS = 1100;
export const LANE_WALL_MS = 90;
/** A burst's dots after this many start together (they are counted, not queued). */
const MAX_LANE = 6;
/** Dots in flight at most: past it, the oldest go. */
export const MAX_DOTS = 40;
/** From this speed, or above this many deliveries per wall second (over two seconds), a rate instead of dots. */
export const WATCH_HEAT_SPEED = 10;
export const WATCH_HEAT_RATE = 24;
/** Instants kept for the rate. */
const KEEP_INSTANTS = 256;

export interface WatchTraffic {
  /** The newest deliveries, oldest first, at most MAX_DOTS. */
  deliveries: readonly Delivery[];
  /** Deliveries per instant, oldest first (the rate). */
  counts: readonly { t: number; n: number }[];
}

export const NO_TRAFFIC: WatchTraffic = { deliveries: [], counts: [] };

/** The deliveries a trace batch stands for, in order. */
export function deliveriesOf(trace: readonly TraceEvent[], receivers: Receivers): Delivery[] {
  const out: Delivery[] = [];
  // (receiver, instant) -> dots so far, and (pod, instant) already drawn.
  const lanes = new Map<string, number>();
  const podDots = new Set<string>();
  for (const e of trace) {
    if (!e.kind.startsWith('watch.') || typeof e.to !== 'string' || typeof e.name !== 'string' || typeof e.resource !== 'string') continue;
    const type = e.kind.slice(6);
    if (type !== 'ADDED' && type !== 'MODIFIED' && type !== 'DELETED') continue;
    const targets: { to: string; node: boolean }[] = [];
    if (e.to === SCHEDULER || e.to === CONTROLLER_MANAGER) targets.push({ to: e.to, node: false });
    else if (e.to.startsWith('kubelet-pool-') && e.resource === 'pods') {
      const key = `${typeof e.namespace === 'string' ? e.namespace : 'default'}/${e.name}`;
      const node = receivers.podNode(key);
      const once = `${key}\n${e.t}`;
      if (node !== undefined && receivers.poolOf(node) === e.to && !podDots.has(once)) {
        podDots.add(once);
        targets.push({ to: node, node: true });
      }
    }
    for (const { to, node } of targets) {
      const lane = `${to}\n${e.t}`;
      const n = lanes.get(lane) ?? 0;
      lanes.set(lane, n + 1);
      out.push({ seq: e.seq, t: e.t, type, resource: e.resource, name: e.name, to, node, lane: n });
    }
  }
  return out;
}

/** Folds a trace batch in. Returns `current` when it had no delivery to draw. */
export function foldWatchTraffic(current: WatchTraffic, trace: readonly TraceEvent[], receivers: Receivers): WatchTraffic {
  const fresh = deliveriesOf(trace, receivers);
  if (fresh.length === 0) return current;
  // A burst of thousands (a big cluster's boot) is counted; only its newest can be dots.
  const all = current.deliveries.concat(fresh.length > MAX_DOTS ? fresh.slice(fresh.length - MAX_DOTS) : fresh);
  const counts = [...current.counts];
  for (const d of fresh) {
    const last = counts.at(-1);
    if (last && last.t === d.t) counts[counts.length - 1] = { t: d.t, n: last.n + 1 };
    else counts.push({ t: d.t, n: 1 });
  }
  return {
    deliveries: all.length > MAX_DOTS ? all.slice(all.length - MAX_DOTS) : all,
    counts: counts.length > KEEP_INSTANTS ? counts.slice(counts.length - KEEP_INSTANTS) : counts
  };
}

export interface ShownDot {
  delivery: Delivery;
  /** 0..1 along its path. */
  progress: number;
}

export interface WatchView {
  /** Dots in flight (none in heat mode). */
  dots: ShownDot[];
  /** Too many or too fast: the API server shows the rate instead. */
  heat: boolean;
  /** Deliveries per wall second, over the last two wall seconds. */
  rate: number;
  /** The newest delivery at or before now (the reduced-motion text). */
  last?: Delivery;
}

/** What the watch traffic shows at virtual time `now` at `speed`. */
export function watchView(traffic: WatchTraffic, now: number, speed: number): WatchView {
  const span = DOT_WALL_MS * speed;
  const window = 2000 * speed;
  let recent = 0;
  for (let i = traffic.counts.length - 1; i >= 0; i--) {
    const c = traffic.counts[i];
    if (c.t > now) continue;
    if (now - c.t > window) break;
    recent += c.n;
  }
  const rate = Math.round(recent / 2);
  const heat = speed >= WATCH_HEAT_SPEED || rate > WATCH_HEAT_RATE;
  const dots: ShownDot[] = [];
  let last: Delivery | undefined;
  for (const d of traffic.deliveries) {
    if (d.t > now) continue;
    last = d;
    if (heat) continue;
    const start = d.t + Math.min(d.lane, MAX_LANE) * LANE_WALL_MS * speed;
    if (start <= now && now - start < span) dots.push({ delivery: d, progress: (now - start) / span });
  }
  return { dots, heat, rate, ...(last ? { last } : {}) };
}

/**
 * Which kubelet host each node runs on, from the nodes the cluster booted with (control plane
 * first, as they were added). A node added later is taken to be the next one added.
 */
export function kubeletPools(plannedNodes: readonly string[]): (node: string) => string {
  const perHost = kubeletsPerHost(Math.max(0, plannedNodes.length - 1));
  const index = new Map(plannedNodes.map((n, i) => [n, i]));
  return (node) => kubeletHostName(index.get(node) ?? plannedNodes.length, perHost);
}

/**
 * Pod (`namespace/name`) -> the node it is bound to, kept up to date from the delta's changes (no
 * scan of every pod). A deleted pod stays one batch longer, so the `watch.DELETED` riding with its
 * deletion still finds its node.
 */
export class PodNodes {
  /** key -> node ('' while unbound). */
  #nodes = new Map<string, string>();
  #deleted: string[] = [];

  update(changes: readonly ObjectChange[]): void {
    for (const key of this.#deleted) this.#nodes.delete(key);
    this.#deleted = [];
    for (const c of changes) {
      if (c.resource !== 'pods') continue;
      if (c.type === 'DELETED') {
        this.#deleted.push(c.key);
        continue;
      }
      // A change without its spec (sameSpec) keeps the node it had.
      const node = c.object.spec ? (c.object.spec.nodeName ?? '') : (this.#nodes.get(c.key) ?? '');
      this.#nodes.set(c.key, typeof node === 'string' ? node : '');
    }
  }

  clear(): void {
    this.#nodes.clear();
    this.#deleted = [];
  }

  /** The node pod `namespace/name` is bound to, if it is. */
  nodeOf(key: string): string | undefined {
    return this.#nodes.get(key) || undefined;
  }
}

/** A point along a quadratic curve. */
export interface Point {
  x: number;
  y: number;
}

/**
 * The path of a delivery: from the API server's anchor to the receiver's, bowed so a dot to the
 * band's neighbour slots runs along the band's foot, under its text, and a dot to a card goes out
 * sideways, then drops onto it.
 */
export function deliveryCurve(from: Point, to: Point): { from: Point; control: Point; to: Point } {
  const control = to.y - from.y > 20 ? { x: to.x, y: from.y + (to.y - from.y) * 0.15 } : { x: (from.x + to.x) / 2, y: Math.max(from.y, to.y) + 4 };
  return { from, control, to };
}

/** The dot's place at `progress` (eased in and out) along the curve. */
export function pointAt(curve: { from: Point; control: Point; to: Point }, progress: number): Point {
  const p = Math.max(0, Math.min(1, progress));
  const s = p < 0.5 ? 2 * p * p : 1 - 2 * (1 - p) * (1 - p);
  const u = 1 - s;
  return {
    x: u * u * curve.from.x + 2 * u * s * curve.control.x + s * s * curve.to.x,
    y: u * u * curve.from.y + 2 * u * s * curve.control.y + s * s * curve.to.y
  };
}
