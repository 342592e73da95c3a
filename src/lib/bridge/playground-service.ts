/**
 * The page's API, running inside the cluster worker: boots the Cluster (components in their own
 * workers), drives virtual time from wall time at the chosen speed, runs console lines, and
 * streams object changes and trace events to the page, batched at most once per frame.
 *
 * Time travel: every input to the live cluster passes through `#onInput` into the timeline's
 * log. `viewAt(t)` shows the page the cluster as it was at `t` (a replay, read-only), `resume()`
 * makes that moment the live cluster (a fork), `returnToLive()` goes back.
 */
import type { BootOptions, ClockStatus, ExecResult, LiveInputs, MetricsQuery, MetricsResult, NodeUsageSample, PageMessage, PlaygroundApi } from './protocol';
import { runMetricsQueries } from './metrics-service';
import { InputLog, replayInputs } from '../../sim/cluster/input-log';
import { inProcessHosts, type Cluster, type HostFactory } from '../../sim/cluster/cluster';
import type { AttemptRecord } from '../../sim/scheduler/explain';
import { firstMutatingCommand } from '../../sim/cluster/read-only';
import { formatClock } from '../../sim/kernel/trace';
import { ClusterSession, type SessionOptions } from './cluster-session';
import { deltaMessages } from './deltas';

export { MIRRORED } from './cluster-session';
import { TimelineService } from './timeline-service';

const FRAME_MS = 16;
/** Wall time after a boot before the console's code is fetched, when no line has asked for it sooner. */
const CONSOLE_PRELOAD_DELAY_MS = 3000;
/** Clusters up to this many workers scrape from boot; bigger ones from the Metrics tab's first query. */
export const METRICS_AT_BOOT_MAX_WORKERS = 50;

/** An input to the live cluster: all of them go to the log, in the order they happened. */
type Input = { kind: 'advance'; t: number } | { kind: 'exec'; t: number; end: number; script: string } | { kind: 'interrupt'; t: number };

export class PlaygroundService implements PlaygroundApi {
  #live?: ClusterSession;
  /** The session the page is shown: the live one, or the past one the timeline is viewing. */
  #view?: ClusterSession;
  #timeline?: TimelineService;
  #options: Pick<SessionOptions, 'seed' | 'workers' | 'nodes' | 'schedulerConfig' | 'metrics'> = { seed: 1, workers: 2 };
  #ports: MessagePort[] = [];
  #running = false;
  #speed = 1;
  #busy: Promise<unknown> = Promise.resolve();
  #flushTimer?: ReturnType<typeof setTimeout>;
  /** When the scheduled flush is due (performance.now()); Infinity when none is. */
  #flushDue = Infinity;
  #lastTick = 0;
  #preboot?: { key: string; status: Promise<ClockStatus> };
  /** A boot has ended: connect() sends its reset at once. */
  #booted = false;
  /** Ports connected before that: they get the reset when it ends. */
  #waiting: MessagePort[] = [];

  constructor(readonly hostFactory: HostFactory = inProcessHosts) {}

  get cluster(): Cluster {
    if (!this.#live) throw new Error('the cluster has not booted');
    return this.#live.cluster;
  }

  /** The live session (the cluster, its console and the page's mirror of it). */
  get live(): ClusterSession {
    if (!this.#live) throw new Error('the cluster has not booted');
    return this.#live;
  }

  /** The timeline (its input log and the past being viewed). */
  get timeline(): TimelineService {
    if (!this.#timeline) throw new Error('the cluster has not booted');
    return this.#timeline;
  }

  #status(): ClockStatus {
    const viewing = this.#timeline?.viewing;
    const end = this.#live?.now ?? 0;
    return { t: this.#view?.now ?? 0, running: this.#running, speed: this.#speed, end, ...(viewing !== undefined ? { viewing: true } : {}) };
  }

  /** Serialises work on the cluster: console commands and clock ticks never interleave. */
  #exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.#busy.then(fn, fn);
    this.#busy = next.catch(() => undefined);
    return next;
  }

  /** A session whose output and changes reach the page only while it is the one shown. */
  #newSession(hostFactory: HostFactory): ClusterSession {
    const session: ClusterSession = new ClusterSession({
      ...this.#options,
      hostFactory,
      print: (text) => {
        if (this.#view !== session) return;
        for (const p of this.#ports) p.postMessage({ type: 'output', text } satisfies PageMessage);
      },
      onDirty: () => {
        if (this.#view === session) this.#scheduleFlush();
      },
      // Components in this thread run rounds back to back: a long run of the live cluster (`sim
      // advance 5m`, a tick at 100x) lets the page's flush go out when it is due, as awaiting the
      // components' workers does, so the page follows it and gets every batch of trace
      // (MAX_TRACE_PER_BATCH each). A replay of the past runs through without a breath.
      breather: () => (this.#live === session && this.#view === session && performance.now() >= this.#flushDue ? new Promise<void>((resolve) => setTimeout(resolve, 0)) : undefined)
    });
    return session;
  }

  /** The one hook every input to the live cluster passes through (the timeline replays them). */
  #onInput(input: Input): void {
    const timeline = this.timeline;
    if (input.kind === 'advance') timeline.recordAdvance(input.t);
    else if (input.kind === 'exec') timeline.recordExec(input.t, input.end, input.script);
    else timeline.recordInterrupt(input.t);
  }

  /**
   * Starts booting before the page asks (an early worker: its name carried the options); the
   * page's boot() with the same options then gets this boot's result instead of a second one.
   */
  preboot(options: BootOptions, play = false): void {
    // `play` (an embed's autoplay): the clock starts the moment the boot ends, not a round trip
    // to the page later; the page's boot() then reports it running.
    const status = this.boot(options).then((booted) => {
      if (!play) return booted;
      this.play();
      return this.#status();
    });
    status.catch(() => {}); // the page's boot() reports it
    this.#preboot = { key: JSON.stringify(options), status };
  }

  async boot(options: BootOptions): Promise<ClockStatus> {
    const preboot = this.#preboot;
    this.#preboot = undefined;
    if (preboot?.key === JSON.stringify(options)) return preboot.status;
    this.#options = {
      seed: options.seed ?? 1,
      workers: options.nodes?.length ?? options.workers ?? 2,
      ...(options.nodes ? { nodes: options.nodes } : {}),
      ...(options.schedulerConfig !== undefined ? { schedulerConfig: options.schedulerConfig } : {}),
      // Scraping costs ~5 ms of this thread per node every 15 s of virtual time (npm run bench --
      // --metrics): a big cluster starts without the store, until the Metrics tab first asks.
      metrics: (options.nodes?.length ?? options.workers ?? 2) <= METRICS_AT_BOOT_MAX_WORKERS
    };
    const live = this.#newSession(this.hostFactory);
    this.#live = this.#view = live;
    this.#booted = false;
    await this.#exclusive(() => live.boot());
    const bootEnd = live.now;
    // A saved playground: the same inputs replayed into the freshly booted cluster make the same cluster.
    const restored = options.restore ? new InputLog(options.restore.log) : undefined;
    if (restored && options.restore) {
      const until = Math.max(options.restore.t, restored.end);
      await this.#exclusive(async () => {
        await replayInputs(live, restored);
        await live.advanceTo(until);
        restored.advanceTo(until);
        await live.sampleUsage(true);
      });
    }
    // Past moments are replayed in this thread: a fresh in-process cluster runs the same (the
    // conductor's fixed order makes worker and in-process mode produce the same trace).
    this.#timeline = new TimelineService(() => this.#newSession(inProcessHosts), bootEnd, restored);
    this.#flush();
    if (this.#live === live) {
      this.#booted = true;
      for (const port of this.#waiting.splice(0)) this.connect(port);
    }
    // The console's code loads on the first line, or once the page has had time for its first
    // frames: its fetch would compete with the page's own module requests (lazy-console.ts).
    setTimeout(() => void live.console.load().catch(() => {}), CONSOLE_PRELOAD_DELAY_MS);
    return this.#status();
  }

  inputs(): Promise<LiveInputs> {
    // In turn with the clock's ticks, so the log and the time agree.
    return this.#exclusive(async () => {
      const log = this.timeline.log;
      return { log: log.entries.map((e) => ({ ...e })), t: this.live.now };
    });
  }

  connect(port: MessagePort): void {
    // The page connects while the boot runs (one round trip less before its first frame): its port
    // gets the booted cluster's reset when the boot ends, nothing of the boot before it.
    if (!this.#booted) {
      this.#waiting.push(port);
      return;
    }
    this.#ports.push(port);
    port.postMessage(this.#resetMessage());
  }

  #resetMessage(): PageMessage {
    const view = this.#view!;
    return { type: 'reset', clock: this.#status(), changes: view.snapshot(), usage: Object.fromEntries(view.usage), plannedNodes: [...view.plannedNodes] };
  }

  /** Shows the page another session: everything it had is replaced, then the session's recent trace follows. */
  #show(session: ClusterSession): void {
    this.#view = session;
    const reset = this.#resetMessage();
    // What the reset carries is in it; the trace (heartbeats, marks) comes in the next delta.
    const trace = session.takeTraceForReset();
    for (const p of this.#ports) p.postMessage(reset);
    if (trace.length > 0) for (const p of this.#ports) p.postMessage({ type: 'delta', clock: this.#status(), changes: [], trace } satisfies PageMessage);
  }

  exec(script: string): Promise<ExecResult> {
    return this.#exclusive(async () => {
      const view = this.#view!;
      const timeline = this.timeline;
      const t = view.now;
      if (view !== this.#live) {
        const mutating = firstMutatingCommand(script);
        if (mutating !== undefined) {
          return {
            output: `error: viewing the cluster as it was at ${formatClock(t).slice(0, 8)}, read-only: "${mutating}" would change it (or keep running).\nResume from here to run the cluster on from this moment, or return to live.\n`,
            exitCode: 1
          };
        }
      }
      let out;
      try {
        out = await view.console.exec(script);
      } finally {
        // Logged even if the console threw: whatever the script did before is part of the cluster now.
        if (view === this.#live) this.#onInput({ kind: 'exec', t, end: view.now, script });
        else timeline.recordPastExec(t, view.now, script);
      }
      // A command can change usage with no time passing (`sim node pressure`): sample now.
      await view.sampleUsage(true);
      this.#flush();
      return { output: out.output, exitCode: out.exitCode, ...(out.prompt ? { prompt: out.prompt } : {}) };
    });
  }

  interrupt(): void {
    const live = this.#live;
    if (!live || this.#view !== live) return;
    // Ctrl-C is an input (the streams' watches stop): in order with the rest.
    void this.#exclusive(async () => {
      live.console.interrupt();
      this.#onInput({ kind: 'interrupt', t: live.now });
    });
  }

  play(): void {
    if (this.#running || this.#view !== this.#live) return;
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
      const live = this.#live!;
      if (this.#view === live) {
        await live.cluster.conductor.stepInstant();
        this.#onInput({ kind: 'advance', t: live.now });
        await live.sampleUsage(true);
      }
      this.#flush();
      return this.#status();
    });
  }

  advance(ms: number): Promise<ClockStatus> {
    return this.#exclusive(async () => {
      const live = this.#live!;
      if (this.#view === live) {
        await live.cluster.advance(ms);
        this.#onInput({ kind: 'advance', t: live.now });
        await live.sampleUsage(true);
      }
      this.#flush();
      return this.#status();
    });
  }

  explain(namespace: string, name: string): Promise<AttemptRecord | undefined> {
    // Asking the scheduler host takes conductor rounds (no virtual time passes, nothing changes:
    // not an input): never mid-tick.
    return this.#exclusive(async () => {
      const rec = await this.#view!.cluster.explain(namespace, name);
      // A copy: the scheduler may keep filling its own record; the page gets this instant's.
      return rec ? (structuredClone(rec) as AttemptRecord) : undefined;
    });
  }

  async queryMetrics(queries: MetricsQuery[]): Promise<MetricsResult[]> {
    // A read of the store in this thread: no conductor round, nothing to serialise with.
    if (!this.#options.metrics) {
      // Asked for the first time in a big cluster: the live one scrapes from now on, replays from boot.
      this.#options = { ...this.#options, metrics: true };
      this.#live?.cluster.enableMetrics();
    }
    const cluster = this.#view!.cluster;
    return runMetricsQueries(cluster.metrics, queries, cluster.now);
  }

  async metricNames(): Promise<string[]> {
    return this.#view!.cluster.metrics?.names() ?? [];
  }

  kubeletLogs(node: string, tail?: number): Promise<{ ok: boolean; output?: string; error?: string }> {
    // Asking a kubelet host takes conductor rounds (no virtual time, nothing changes): never mid-tick.
    return this.#exclusive(async () => {
      const cluster = this.#view!.cluster;
      if (!cluster.nodes.has(node)) return { ok: false, error: `node "${node}" not found` };
      return cluster.nodeQuery(node, 'kubelet-logs', tail !== undefined ? { tail } : {});
    });
  }

  viewAt(t: number): Promise<ClockStatus> {
    this.#running = false;
    return this.#exclusive(async () => {
      const timeline = this.timeline;
      const past = await timeline.seek(t);
      await past.sampleUsage(true);
      this.#show(past);
      // The next scrub (back, most likely) starts from a booted spare; the live clock is paused meanwhile.
      setTimeout(() => void this.#exclusive(() => timeline.prepare()), 0);
      return this.#status();
    });
  }

  prepareTimeline(): Promise<void> {
    // While the clock runs this takes a turn from it (a boot: a few hundred ms): the page asks
    // only when the timeline is about to be used (pointer over it, or focus).
    return this.#exclusive(() => this.timeline.prepare());
  }

  returnToLive(): Promise<ClockStatus> {
    return this.#exclusive(async () => {
      this.timeline.returnToLive();
      this.#show(this.#live!);
      return this.#status();
    });
  }

  resume(): Promise<ClockStatus> {
    return this.#exclusive(async () => {
      const timeline = this.timeline;
      if (timeline.viewing === undefined) return this.#status();
      const forked = timeline.fork();
      // The old live cluster is gone for good (its component workers stop).
      this.#live?.cluster.conductor.dispose();
      this.#live = forked;
      this.#show(forked);
      return this.#status();
    });
  }

  /** The latest usage sample of each node (what the page's MEM and DISK gauges draw). */
  nodeUsage(): ReadonlyMap<string, NodeUsageSample> {
    return this.#view!.usage;
  }

  #tick(): void {
    if (!this.#running) return;
    const now = performance.now();
    const dt = Math.min(250, now - this.#lastTick) * this.#speed;
    this.#lastTick = now;
    void this.#exclusive(async () => {
      const live = this.#live!;
      if (this.#running && this.#view === live) {
        await live.cluster.advance(Math.round(dt));
        this.#onInput({ kind: 'advance', t: live.now });
      }
      await live.sampleUsage(false);
      this.#flush();
    }).then(() => setTimeout(() => this.#tick(), FRAME_MS));
  }

  #scheduleFlush(): void {
    if (this.#flushTimer !== undefined) return;
    this.#flushDue = performance.now() + FRAME_MS;
    this.#flushTimer = setTimeout(() => this.#flush(), FRAME_MS);
  }

  #flush(): void {
    if (this.#flushTimer !== undefined) clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    this.#flushDue = Infinity;
    const view = this.#view;
    if (!view) return;
    for (const msg of deltaMessages(this.#status(), view.takeDelta())) for (const p of this.#ports) p.postMessage(msg);
  }
}
