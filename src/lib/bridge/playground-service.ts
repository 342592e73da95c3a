/**
 * The page's API, running inside the cluster worker: boots the Cluster (components in their own
 * workers), drives virtual time from wall time at the chosen speed, runs console lines, and
 * streams object changes and trace events to the page, batched at most once per frame.
 */
import type { BootOptions, ClockStatus, ExecResult, NodeUsageChanges, NodeUsageSample, ObjectChange, PageMessage, PlaygroundApi } from './protocol';
import { Cluster, type HostFactory, inProcessHosts } from '../../sim/cluster/cluster';
import { Console } from '../../sim/cluster/console';
import type { TraceEvent } from '../../sim/kernel/trace';
import { keyOf } from '../../sim/apiserver/store';
import type { AttemptRecord } from '../../sim/scheduler/explain';
import type { NodeUsageReport } from '../../sim/kubelet/cm/node-controls';
import { usageMoved } from './deltas';

/** What the page mirrors (leases stay out: their heartbeat shows through `lease.renew` trace events). */
export const MIRRORED = ['namespaces', 'nodes', 'pods', 'events', 'deployments', 'replicasets', 'daemonsets', 'services', 'endpoints', 'endpointslices', 'configmaps', 'secrets', 'persistentvolumes', 'persistentvolumeclaims', 'storageclasses', 'priorityclasses'];
const FRAME_MS = 16;
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

export class PlaygroundService implements PlaygroundApi {
  #cluster?: Cluster;
  #console?: Console;
  #ports: MessagePort[] = [];
  #objects = new Map<string, ObjectChange>();
  #changes: ObjectChange[] = [];
  #trace: TraceEvent[] = [];
  #running = false;
  #speed = 1;
  #busy: Promise<unknown> = Promise.resolve();
  #flushTimer?: ReturnType<typeof setTimeout>;
  #lastTick = 0;
  /** node -> the usage sample the page last got; changes waiting for the next flush. */
  #usage = new Map<string, NodeUsageSample>();
  #usageChanges: NodeUsageChanges = {};
  #usageSampledAt = { t: -Infinity, wall: -Infinity };

  constructor(readonly hostFactory: HostFactory = inProcessHosts) {}

  get cluster(): Cluster {
    if (!this.#cluster) throw new Error('the cluster has not booted');
    return this.#cluster;
  }

  #status(): ClockStatus {
    return { t: this.#cluster?.now ?? 0, running: this.#running, speed: this.#speed };
  }

  /** Serialises work on the cluster: console commands and clock ticks never interleave. */
  #exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.#busy.then(fn, fn);
    this.#busy = next.catch(() => undefined);
    return next;
  }

  async boot(options: BootOptions): Promise<ClockStatus> {
    const workers = options.workers ?? 2;
    // 10.244.0.0/16 holds 256 nodes' /24s: a bigger cluster gets a bigger pod subnet, as kubeadm's would.
    const cluster = new Cluster({ seed: options.seed ?? 1, workers, ...(workers > 255 ? { podSubnet: '10.0.0.0/8' } : {}) }, this.hostFactory);
    this.#cluster = cluster;
    this.#console = new Console(cluster, {
      print: (text) => {
        for (const p of this.#ports) p.postMessage({ type: 'output', text } satisfies PageMessage);
      }
    });
    cluster.conductor.onTrace = (events) => {
      this.#trace.push(...events);
      if (this.#trace.length > MAX_TRACE_PER_BATCH) {
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
      this.#scheduleFlush();
    };
    for (const resource of MIRRORED) {
      cluster.watch(
        { verb: 'watch', resource },
        (e) => {
          if (e.type === 'BOOKMARK' || e.type === 'ERROR') return;
          const change: ObjectChange = { type: e.type, resource, key: keyOf(e.object.metadata.namespace, e.object.metadata.name), object: e.object };
          const id = `${resource}|${change.key}`;
          if (e.type === 'DELETED') this.#objects.delete(id);
          else this.#objects.set(id, change);
          this.#changes.push(change);
          this.#scheduleFlush();
        },
        () => {}
      );
    }
    await this.#exclusive(async () => {
      // A big cluster takes longer to register (virtual time: about 2 s for 3 nodes).
      await cluster.waitForNodesReady(Math.max(60_000, workers * 300));
      await this.#sampleUsage(true);
    });
    this.#flush();
    return this.#status();
  }

  connect(port: MessagePort): void {
    this.#ports.push(port);
    const reset: PageMessage = { type: 'reset', clock: this.#status(), changes: [...this.#objects.values()].map((c) => ({ ...c, type: 'ADDED' })), usage: Object.fromEntries(this.#usage) };
    port.postMessage(reset);
  }

  exec(script: string): Promise<ExecResult> {
    return this.#exclusive(async () => {
      const out = await this.#console!.exec(script);
      // A command can change usage with no time passing (`sim node pressure`): sample now.
      await this.#sampleUsage(true);
      this.#flush();
      return { output: out.output, exitCode: out.exitCode };
    });
  }

  interrupt(): void {
    this.#console?.interrupt();
  }

  play(): void {
    if (this.#running) return;
    this.#running = true;
    this.#lastTick = performance.now();
    this.#tick();
  }

  pause(): void {
    this.#running = false;
    this.#flush();
  }

  setSpeed(speed: number): void {
    this.#speed = Math.min(100, Math.max(0.25, speed));
    this.#flush();
  }

  step(): Promise<ClockStatus> {
    this.#running = false;
    return this.#exclusive(async () => {
      await this.cluster.conductor.stepInstant();
      await this.#sampleUsage(true);
      this.#flush();
      return this.#status();
    });
  }

  advance(ms: number): Promise<ClockStatus> {
    return this.#exclusive(async () => {
      await this.cluster.advance(ms);
      await this.#sampleUsage(true);
      this.#flush();
      return this.#status();
    });
  }

  explain(namespace: string, name: string): Promise<AttemptRecord | undefined> {
    // Asking the scheduler host takes conductor rounds (no virtual time passes): never mid-tick.
    return this.#exclusive(async () => {
      const rec = await this.cluster.explain(namespace, name);
      // A copy: the scheduler may keep filling its own record; the page gets this instant's.
      return rec ? (structuredClone(rec) as AttemptRecord) : undefined;
    });
  }

  /** The latest usage sample of each node (what the page's MEM and DISK gauges draw). */
  nodeUsage(): ReadonlyMap<string, NodeUsageSample> {
    return this.#usage;
  }

  /**
   * Asks every kubelet for its node's memory and nodefs usage at this instant (all at once; the
   * answers take conductor rounds but no virtual time, so the cluster runs the same with or
   * without a page watching) and queues, for the next delta, the nodes whose figures moved by
   * more than 1 %. Unforced, at most once per USAGE_SAMPLE_VIRTUAL_MS and USAGE_SAMPLE_WALL_MS.
   */
  async #sampleUsage(force: boolean): Promise<void> {
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
      const prev = this.#usage.get(name);
      if (!report) {
        if (prev) {
          this.#usage.delete(name);
          this.#usageChanges[name] = null;
        }
        continue;
      }
      const sample: NodeUsageSample = { t: at, memory: report.memory, fs: report.fs };
      if (!usageMoved(prev, sample)) continue;
      this.#usage.set(name, sample);
      this.#usageChanges[name] = sample;
    }
    for (const name of [...this.#usage.keys()]) {
      if (cluster.nodes.has(name)) continue;
      this.#usage.delete(name);
      this.#usageChanges[name] = null;
    }
  }

  #tick(): void {
    if (!this.#running) return;
    const now = performance.now();
    const dt = Math.min(250, now - this.#lastTick) * this.#speed;
    this.#lastTick = now;
    void this.#exclusive(async () => {
      if (this.#running) await this.cluster.advance(Math.round(dt));
      await this.#sampleUsage(false);
      this.#flush();
    }).then(() => setTimeout(() => this.#tick(), FRAME_MS));
  }

  #scheduleFlush(): void {
    this.#flushTimer ??= setTimeout(() => this.#flush(), FRAME_MS);
  }

  #flush(): void {
    if (this.#flushTimer !== undefined) clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    const usage = this.#usageChanges;
    const msg: PageMessage = { type: 'delta', clock: this.#status(), changes: this.#changes, trace: this.#trace, ...(Object.keys(usage).length > 0 ? { usage } : {}) };
    this.#changes = [];
    this.#trace = [];
    this.#usageChanges = {};
    for (const p of this.#ports) p.postMessage(msg);
  }
}
