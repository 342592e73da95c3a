/**
 * One cluster as the page sees it (worker side): the Cluster and its Console, the mirror of the
 * objects the page draws, the trace and usage not yet sent. The playground has one live session
 * and, while the timeline shows an earlier moment, a past one replayed from the input log.
 * Both are built the same way, so the watches the mirror opens are the same in a replay (they
 * are API traffic: the trace counts their deliveries).
 */
import type { NodeUsageChanges, NodeUsageSample, ObjectChange } from './protocol';
import { Cluster, type HostFactory } from '../../sim/cluster/cluster';
import { LazyConsole } from './lazy-console';
import type { TraceEvent } from '../../sim/kernel/trace';
import { keyOf } from '../../sim/apiserver/store';
import { sameJSON } from '../../sim/api/canonical';
import type { NodeUsageReport } from '../../sim/kubelet/cm/node-controls';
import type { ReplayTarget } from '../../sim/cluster/input-log';
import { EVENTS_KEPT, usageMoved } from './deltas';
import type { WorkerNodeConfig } from '../../sim/cluster/config';
import { kubeletsPerHost } from '../../sim/cluster/kubelet-pools';

/** What the page mirrors (leases stay out: their heartbeat shows through `lease.renew` trace events). */
export const MIRRORED = ['namespaces', 'nodes', 'pods', 'events', 'deployments', 'replicasets', 'daemonsets', 'statefulsets', 'jobs', 'cronjobs', 'services', 'endpoints', 'endpointslices', 'configmaps', 'secrets', 'persistentvolumes', 'persistentvolumeclaims', 'storageclasses', 'priorityclasses'];
/** At most this many trace events per batch: at high speed the page shows rates, not every arrow. */
const MAX_TRACE_PER_BATCH = 400;
/** Trace kinds behind a container's marks on the map (src/lib/viz/probes.ts), and how many survive a cut. */
const CONTAINER_MARK_KINDS = new Set(['probe.liveness', 'probe.readiness', 'probe.startup', 'process.start', 'kernel.oomKill']);
const MAX_MARKS_PER_BATCH = 200;
/**
 * The node gauges' usage is asked of the kubelets at most once per this much virtual time and
 * this much wall time (a question to each kubelet host: two conductor rounds, no virtual time).
 */
const USAGE_SAMPLE_VIRTUAL_MS = 1000;
const USAGE_SAMPLE_WALL_MS = 250;

export { kubeletsPerHost, MAX_KUBELET_HOSTS } from '../../sim/cluster/kubelet-pools';

export interface SessionOptions {
  seed: number;
  workers: number;
  /** A scenario's named workers and scheduler configuration (BootOptions). */
  nodes?: WorkerNodeConfig[];
  schedulerConfig?: string;
  /** Run the metrics store from boot (default true; the playground turns it off for big clusters until the Metrics tab asks). */
  metrics?: boolean;
  hostFactory: HostFactory;
  /** How many Events the mirror keeps, the newest by last change (default EVENTS_KEPT, as the page). */
  eventsKept?: number;
  /** Output a streaming command prints after its exec() returned (`kubectl get -w`). */
  print: (text: string) => void;
  /** Something changed that the page has not been sent yet. */
  onDirty: () => void;
  /**
   * Asked after each round of components in this thread: a promise when the thread's other tasks
   * should run first (the page's flush is due), which the rounds await (Conductor.breather).
   */
  breather?: () => Promise<void> | undefined;
}

export interface SessionDelta {
  changes: ObjectChange[];
  trace: TraceEvent[];
  usage?: NodeUsageChanges;
}

/**
 * A pod's spec is most of it (2-3 kB of containers, volumes, tolerations) and a status update
 * leaves it as it was: such a change goes without it, marked `sameSpec`, and the page keeps the
 * spec it has. Only when the page has that spec: the previous change of the pod was sent already
 * (none pending in this batch), or the pending one went without its spec too.
 */
function withoutSameSpec(change: ObjectChange, previous: ObjectChange | undefined, pending: ObjectChange | undefined): ObjectChange {
  if (change.resource !== 'pods' || change.type !== 'MODIFIED' || !previous || (pending && !pending.sameSpec)) return change;
  if (!sameJSON(previous.object.spec, change.object.spec)) return change;
  const { spec: _, ...rest } = change.object;
  return { ...change, object: rest, sameSpec: true };
}

export class ClusterSession implements ReplayTarget {
  readonly cluster: Cluster;
  /**
   * The nodes the cluster boots with (cluster.ts: the control plane, then the workers), before any
   * `sim node add`: the map keeps their slots in a stable order whatever order they register in.
   */
  readonly plannedNodes: readonly string[];
  /** The console, loaded on its first line (lazy-console.ts). */
  readonly console: LazyConsole;
  /**
   * resource|key -> the object's latest change: what a `reset` sends. Of the Events only the
   * newest EVENTS_KEPT by last change, as the page keeps (deltas.ts): at 30,000 pods the API
   * server holds some 65,000 of them for its hour (`kubectl get events` still lists them all).
   */
  readonly objects = new Map<string, ObjectChange>();
  /** The Events' ids in `objects`, oldest-changed first. */
  readonly #eventIds = new Set<string>();
  /** node -> the usage sample the page last got. */
  readonly usage = new Map<string, NodeUsageSample>();
  /**
   * `resource|key` -> the object's last change since the last delta: an object changed five times
   * within a frame (a pod starting) is sent once, as it is now (the page draws states, not steps).
   * Map order is the order of last change. Events are the exception: each new count of an Event
   * is a mark on the timeline (timeline/markers.ts), so every change of one is sent.
   */
  #changes = new Map<string, ObjectChange>();
  #eventChanges = 0;
  #trace: TraceEvent[] = [];
  #usageChanges: NodeUsageChanges = {};
  #usageSampledAt = { t: -Infinity, wall: -Infinity };
  /** node -> its newest Lease renewal (a page shown this session again needs them: a silent node's countdown reads them). */
  #beats = new Map<string, TraceEvent>();

  constructor(readonly options: SessionOptions) {
    // 10.244.0.0/16 holds 256 nodes' /24s: a bigger cluster gets a bigger pod subnet, as kubeadm's would.
    const cluster = new Cluster(
      {
        seed: options.seed,
        workers: options.workers,
        // The Metrics tab's store (a replay's ends at the moment it shows).
        metrics: options.metrics ?? true,
        ...(options.nodes ? { nodes: options.nodes } : {}),
        ...(options.schedulerConfig !== undefined ? { schedulerConfig: options.schedulerConfig } : {}),
        ...(options.workers > 255 ? { podSubnet: '10.0.0.0/8' } : {}),
        kubeletsPerHost: kubeletsPerHost(options.nodes?.length ?? options.workers)
      },
      options.hostFactory
    );
    this.cluster = cluster;
    cluster.conductor.breather = options.breather;
    this.plannedNodes = [...cluster.nodes.keys()];
    this.console = new LazyConsole(cluster, { print: (text) => options.print(text) });
    cluster.conductor.onTrace = (events) => {
      this.#keepTrace(events);
      options.onDirty();
    };
    for (const resource of MIRRORED) {
      cluster.watch(
        { verb: 'watch', resource },
        (e) => {
          if (e.type === 'BOOKMARK' || e.type === 'ERROR') return;
          const change: ObjectChange = { type: e.type, resource, key: keyOf(e.object.metadata.namespace, e.object.metadata.name), object: e.object };
          const id = `${resource}|${change.key}`;
          const previous = this.objects.get(id);
          if (e.type === 'DELETED') this.objects.delete(id);
          else this.objects.set(id, change);
          if (resource === 'events') this.#keepEvent(id, e.type === 'DELETED');
          if (resource === 'events') this.#changes.set(`${id}|${this.#eventChanges++}`, change);
          else {
            const pending = this.#changes.get(id);
            this.#changes.delete(id);
            this.#changes.set(id, withoutSameSpec(change, previous, pending));
          }
          options.onDirty();
        },
        () => {}
      );
    }
  }

  /** Keeps the newest EVENTS_KEPT Events (by last change) in `objects`. */
  #keepEvent(id: string, deleted: boolean): void {
    this.#eventIds.delete(id);
    if (deleted) return;
    this.#eventIds.add(id);
    if (this.#eventIds.size <= (this.options.eventsKept ?? EVENTS_KEPT)) return;
    const oldest = this.#eventIds.values().next().value!;
    this.#eventIds.delete(oldest);
    this.objects.delete(oldest);
  }

  get now(): number {
    return this.cluster.now;
  }

  /** Runs the new cluster until every node is Ready and takes the first usage sample. */
  async boot(): Promise<void> {
    // A big cluster takes longer to register (virtual time: about 2 s for 3 nodes).
    await this.cluster.waitForNodesReady(Math.max(60_000, this.cluster.nodes.size * 300));
    await this.sampleUsage(true);
  }

  // ReplayTarget: how the input log drives this session.
  async advanceTo(t: number): Promise<void> {
    await this.cluster.conductor.runUntil(t);
  }

  async exec(script: string, haltAt?: number): Promise<void> {
    const conductor = this.cluster.conductor;
    conductor.haltAt(haltAt);
    try {
      await this.console.exec(script);
    } finally {
      conductor.haltAt(undefined);
    }
  }

  interrupt(): void {
    this.console.interrupt();
  }

  /** Keeps the newest batch of trace events for the page, and each node's newest heartbeat and each container's newest marks. */
  #keepTrace(events: TraceEvent[]): void {
    for (const e of events) if (e.kind === 'lease.renew' && e.node !== undefined) this.#beats.set(e.node, e);
    this.#trace.push(...events);
    if (this.#trace.length <= MAX_TRACE_PER_BATCH) return;
    const dropped = this.#trace.splice(0, this.#trace.length - MAX_TRACE_PER_BATCH);
    // Each node's newest heartbeat survives the cut: the page's lease dot and failure countdown read it.
    const beats = new Map<string, TraceEvent>();
    for (const e of dropped) if (e.kind === 'lease.renew' && e.node !== undefined) beats.set(e.node, e);
    // So does each container's newest probe result, start and OOM kill (the map's "2/3" counters
    // and OOM marks read them), up to a bound so a thousand-node run stays cheap.
    const marks = new Map<string, TraceEvent>();
    for (const e of dropped) if (CONTAINER_MARK_KINDS.has(e.kind) && typeof e.pod === 'string') marks.set(`${e.pod}|${String(e.container)}|${e.kind}`, e);
    const kept = [...marks.values()].sort((a, b) => a.seq - b.seq).slice(-MAX_MARKS_PER_BATCH);
    this.#trace.unshift(...[...beats.values(), ...kept].sort((a, b) => a.seq - b.seq));
  }

  /** What changed since the last call (and forgets it). */
  takeDelta(): SessionDelta {
    const usage = this.#usageChanges;
    const delta: SessionDelta = { changes: [...this.#changes.values()], trace: this.#trace, ...(Object.keys(usage).length > 0 ? { usage } : {}) };
    this.#changes.clear();
    this.#trace = [];
    this.#usageChanges = {};
    return delta;
  }

  /**
   * What a page newly shown this session needs of the trace: each node's newest Lease renewal,
   * then the events not sent yet (oldest first, no duplicates). Forgets the events not sent.
   */
  takeTraceForReset(): TraceEvent[] {
    const { trace } = this.takeDelta();
    const sent = new Set(trace.map((e) => e.seq));
    return [...[...this.#beats.values()].filter((e) => !sent.has(e.seq)), ...trace].sort((a, b) => a.seq - b.seq);
  }

  /** Every mirrored object as an ADDED change (a `reset`). */
  snapshot(): ObjectChange[] {
    return [...this.objects.values()].map((c) => ({ ...c, type: 'ADDED' }));
  }

  /**
   * Asks every kubelet for its node's memory and nodefs usage at this instant (all at once; the
   * answers take conductor rounds but no virtual time, and change nothing in the cluster: a
   * replay without them ends in the same state, see timeline-service.test.ts) and queues, for the
   * next delta, the nodes whose figures moved by more than 1 %. Unforced, at most once per
   * USAGE_SAMPLE_VIRTUAL_MS and USAGE_SAMPLE_WALL_MS.
   */
  async sampleUsage(force: boolean): Promise<void> {
    const cluster = this.cluster;
    const at = cluster.now;
    const wall = performance.now();
    if (!force && (at - this.#usageSampledAt.t < USAGE_SAMPLE_VIRTUAL_MS || wall - this.#usageSampledAt.wall < USAGE_SAMPLE_WALL_MS)) return;
    this.#usageSampledAt = { t: at, wall };
    const replies = new Map<string, Record<string, unknown>>();
    for (const [name, rec] of cluster.nodes) cluster.console.ask(rec.host, 'node-os', { node: name, action: 'node-usage', at }, (r) => replies.set(name, r));
    while (replies.size < cluster.nodes.size && cluster.conductor.nextDeadline() <= cluster.now) await cluster.conductor.round();
    for (const name of cluster.nodes.keys()) {
      const r = replies.get(name);
      const report = r?.ok === true && typeof r.output === 'string' ? (JSON.parse(r.output) as NodeUsageReport) : undefined;
      const prev = this.usage.get(name);
      if (!report) {
        if (prev) {
          this.usage.delete(name);
          this.#usageChanges[name] = null;
        }
        continue;
      }
      const sample: NodeUsageSample = { t: at, memory: report.memory, fs: report.fs };
      if (!usageMoved(prev, sample)) continue;
      this.usage.set(name, sample);
      this.#usageChanges[name] = sample;
    }
    for (const name of [...this.usage.keys()]) {
      if (cluster.nodes.has(name)) continue;
      this.usage.delete(name);
      this.#usageChanges[name] = null;
    }
  }
}
