/**
 * The page's handle on the cluster worker. It owns the Worker, sends control calls through
 * Comlink and folds the `PageMessage` deltas arriving on a MessagePort into immutable snapshots
 * (`$state.raw`), so components read plain objects and never touch postMessage.
 */
import { ShownClock } from './shown-clock';
import * as Comlink from 'comlink';
import type { TraceEvent } from '../../sim/kernel/trace';
import { appendBounded, applyChanges, applyUsage, EMPTY_RESOURCE, latestHeartbeats, type KObject, type Resources } from './deltas';
import { clusterWorkerName, startClusterWorker } from './early-worker';
import clusterWorkerUrl from '../../../workers/cluster.worker.ts?worker&url';
import type { BootOptions, ClockStatus, ExecResult, LiveInputs, MetricsQuery, MetricsResult, NodeUsageSample, PageMessage, PlaygroundApi } from './protocol';
import type { AttemptRecord } from '../../sim/scheduler/explain';
import { foldPulls, foldRailCalls, type PullState, type RailCall } from '../viz/rail';
import { decisionsToExplain, foldDecisions, type Decision } from '../viz/scheduling';
import { foldWatchTraffic, kubeletPools, NO_TRAFFIC, PodNodes, type WatchTraffic } from '../viz/watch-traffic';
import { foldPodMarks, prunePodMarks, type PodMarks } from '../viz/probes';

export type ClusterPhase = 'idle' | 'booting' | 'ready' | 'failed';

export interface ClusterOptions {
  seed?: number;
  workers?: number;
  /** A scenario's named workers and scheduler configuration (BootOptions). */
  nodes?: BootOptions['nodes'];
  schedulerConfig?: string;
  /** How many recent trace events the page keeps. */
  traceLimit?: number;
  /** Start the clock once booted (default); false leaves it paused (`?autoplay=0`). */
  autoplay?: boolean;
  /** A saved playground's inputs, replayed after the boot (it then stays paused at their moment). */
  restore?: LiveInputs;
  /**
   * Run the components inside the one cluster worker (in-process hosts) instead of a worker
   * each: /embed's first frame, where starting and compiling four more workers costs most.
   */
  singleWorker?: boolean;
  /** A cluster worker already started (and maybe booting these options: early-worker.ts) to use for the first boot. */
  worker?: Worker;
}

/** What a cluster is booted from (a reboot's argument; a saved playground's boot part). */
export type BootSpec = Pick<ClusterOptions, 'seed' | 'workers' | 'nodes' | 'schedulerConfig' | 'restore'>;

/** Speeds the top bar offers (virtual seconds per wall second). */
export const SPEEDS = [0.25, 0.5, 1, 2, 5, 10, 25, 50, 100] as const;

/** A jump ahead (`+5m`) runs in this many slices, so it shows progress and can be cancelled. */
export const JUMP_SLICES = 30;

/** The page never extrapolates the clock further than this past the worker's last report. */
const MAX_EXTRAPOLATION_MS = 1000;
/** Scheduler records kept for the map (one per pod). */
const ATTEMPTS_KEPT = 50;

export class Cluster {
  phase = $state<ClusterPhase>('idle');
  error = $state<string | undefined>();
  clock = $state.raw<ClockStatus>({ t: 0, running: false, speed: 1 });
  resources = $state.raw<Resources>(new Map());
  trace = $state.raw<readonly TraceEvent[]>([]);
  /** node name -> virtual time of its kubelet's last Lease renewal (from `lease.renew` trace events). */
  heartbeats = $state.raw<ReadonlyMap<string, number>>(new Map());
  /** node name -> its recent CRI / CNI / CSI calls (call phase, chatty status calls left out). */
  railCalls = $state.raw<ReadonlyMap<string, readonly RailCall[]>>(new Map());
  /** pod key -> its latest image pull (in progress or finished). */
  pulls = $state.raw<ReadonlyMap<string, PullState>>(new Map());
  /** The kube-scheduler's recent decisions (from `scheduler.attempt` / `scheduler.bind`), oldest first. */
  decisions = $state.raw<readonly Decision[]>([]);
  /** pod key -> container -> last probe results and OOM kill (from `probe.*`, `process.start`, `kernel.oomKill`). */
  podMarks = $state.raw<PodMarks>(new Map());
  /** pod key -> the scheduler's record of a recent attempt, fetched for the map's node verdicts. */
  attempts = $state.raw<ReadonlyMap<string, AttemptRecord>>(new Map());
  /** The API server's recent watch deliveries to the scheduler, the controller-manager and the nodes' kubelets (the map's dots). */
  watchTraffic = $state.raw<WatchTraffic>(NO_TRAFFIC);

  /** The nodes the cluster shown booted with, control plane first (the map keeps their slots). */
  plannedNodes = $state.raw<readonly string[]>([]);
  /** node name -> its memory and nodefs in use, as the kubelet's eviction manager observes them. */
  nodeUsage = $state.raw<ReadonlyMap<string, NodeUsageSample>>(new Map());
  /** The moment the timeline is replaying to (a replay takes a moment), or undefined. */
  seeking = $state<number | undefined>();
  /** A jump ahead in progress: how far (0..1) and how long in all; undefined when none. */
  jump = $state<{ done: number; ms: number } | undefined>();

  readonly pods = $derived(this.list('pods'));
  readonly services = $derived(this.list('services'));
  readonly endpointSlices = $derived(this.list('endpointslices'));
  readonly nodes = $derived(this.list('nodes'));
  readonly events = $derived(this.list('events'));

  #options: Required<Omit<ClusterOptions, 'nodes' | 'schedulerConfig' | 'restore' | 'worker'>> & Pick<ClusterOptions, 'nodes' | 'schedulerConfig' | 'restore'>;
  /** The started worker the first boot adopts (ClusterOptions.worker), until then. */
  #earlyWorker: Worker | undefined;
  #worker: Worker | undefined;
  #api: Comlink.Remote<PlaygroundApi> | undefined;
  #port: MessagePort | undefined;
  /** The in-page service's end of its channel, when the cluster runs in this thread. */
  #inPage: { port: MessagePort; stop: () => void } | undefined;
  #ready: Promise<void> | undefined;
  /** performance.now() at which `clock` was last set, to extrapolate between deltas. */
  #clockAt = 0;
  /** What virtualNow last showed: it does not run backwards when the worker lags its extrapolation. */
  readonly #shown = new ShownClock();
  #outputListeners = new Set<(text: string) => void>();
  /** The latest moment asked for while a replay runs (scrubbing asks faster than replays go). */
  #seekTarget: number | undefined;
  /** Bumped by every jump, its Cancel and every reboot: a jump goes on only while it is the current one. */
  #jumpEpoch = 0;
  /** The epoch of the jump `jump` shows. */
  #jumpOwner = 0;
  /** Asked once: later spares are prepared by the worker itself after each replay. */
  #prepared = false;
  /** Where watch deliveries to a kubelet pool go: pod -> its node, node -> its pool. */
  readonly #podNodes = new PodNodes();
  #poolOf: (node: string) => string | undefined = () => undefined;
  readonly #receivers = { podNode: (key: string) => this.#podNodes.nodeOf(key), poolOf: (node: string) => this.#poolOf(node) };

  constructor(options: ClusterOptions = {}) {
    this.#earlyWorker = options.worker;
    this.#options = { seed: options.seed ?? 1, workers: options.workers ?? 2, traceLimit: options.traceLimit ?? 2000, autoplay: options.autoplay ?? true, singleWorker: options.singleWorker ?? false, nodes: options.nodes, schedulerConfig: options.schedulerConfig, restore: options.restore };
  }

  /** What this cluster was booted from: seed, workers, a lesson's nodes and scheduler configuration. */
  get bootSpec(): Pick<ClusterOptions, 'seed' | 'workers' | 'nodes' | 'schedulerConfig'> {
    const { seed, workers, nodes, schedulerConfig } = this.#options;
    return { seed, workers, ...(nodes ? { nodes } : {}), ...(schedulerConfig !== undefined ? { schedulerConfig } : {}) };
  }

  /**
   * A new cluster in a new worker (a lesson's, or its Reset): the old worker and everything shown
   * of it go; the same object stays, so whatever listens to it keeps listening.
   */
  async reboot(options: BootSpec): Promise<void> {
    const speed = this.clock.speed;
    this.cancelJump();
    this.dispose();
    this.#options = { ...this.#options, seed: options.seed ?? 1, workers: options.workers ?? 2, nodes: options.nodes, schedulerConfig: options.schedulerConfig, restore: options.restore };
    this.error = undefined;
    this.clock = { t: 0, running: false, speed: this.clock.speed };
    this.resources = new Map();
    this.plannedNodes = [];
    this.seeking = this.jump = undefined;
    this.#prepared = false;
    await this.start();
    // The speed the reader chose holds across the reboot.
    if (speed !== this.clock.speed) await this.setSpeed(speed);
  }

  /** Boots the worker and the default cluster, connects the delta port and starts the clock. */
  start(): Promise<void> {
    this.#ready ??= this.#boot();
    return this.#ready;
  }

  async #boot(): Promise<void> {
    this.phase = 'booting';
    try {
      const { seed, workers, nodes, schedulerConfig, restore, singleWorker } = this.#options;
      const bootOptions: BootOptions = { seed, workers, ...(nodes ? { nodes } : {}), ...(schedulerConfig !== undefined ? { schedulerConfig } : {}), ...(restore ? { restore } : {}) };
      // A sandboxed iframe (opaque origin) starts its single worker from a data: URL; its components'
      // workers could not start from there.
      const worker = this.#earlyWorker ?? startClusterWorker(clusterWorkerUrl, clusterWorkerName(singleWorker), singleWorker);
      this.#earlyWorker = undefined;
      // The delta port is connected with the boot call, not after it: the worker sends the booted
      // cluster's reset the moment its boot ends (one round trip less before the first frame).
      const bootAndConnect = async (api: Comlink.Remote<PlaygroundApi>): Promise<ClockStatus> => {
        const channel = new MessageChannel();
        this.#port = channel.port1;
        this.#port.onmessage = (e: MessageEvent<PageMessage>) => this.#receive(e.data);
        const [status] = await Promise.all([api.boot(bootOptions), api.connect(Comlink.transfer(channel.port2, [channel.port2]))]);
        return status;
      };
      let booted: { api: Comlink.Remote<PlaygroundApi>; status: ClockStatus } | undefined;
      if (worker) {
        const api = Comlink.wrap<PlaygroundApi>(worker);
        this.#worker = worker;
        this.#api = api;
        const crashed = new Promise<never>((_, reject) => worker.addEventListener('error', (e) => reject(new Error(e.message || 'the cluster worker crashed'))));
        crashed.catch(() => {}); // after the boot, #fail reports it
        try {
          booted = { api, status: await Promise.race([bootAndConnect(api), crashed]) };
          worker.addEventListener('error', (e) => this.#fail(e.message || 'the cluster worker crashed'));
        } catch (err) {
          if (!singleWorker) throw err;
          // Its script did not load (a frame whose origin may not fetch it): in the page, as below.
          worker.terminate();
          this.#worker = undefined;
          this.#port?.close();
        }
      }
      if (!booted) {
        // No worker: the cluster runs in the page instead, in-process hosts behind the same API.
        const api = await this.#inPageApi();
        this.#api = api;
        booted = { api, status: await bootAndConnect(api) };
      }
      const { api, status } = booted;
      this.#setClock(status);
      this.phase = 'ready';
      // A restored playground opens paused at its moment, exactly as it was saved.
      if (!this.#options.autoplay || restore) return;
      // Straight to the API: play() itself waits for start(), which is this very boot.
      this.#setClock({ ...this.clock, running: true });
      await api.play();
    } catch (err) {
      this.#fail(err instanceof Error ? err.message : String(err));
      throw err;
    }
  }

  /** The cluster worker's API served in this thread (loaded only when a worker cannot start). */
  async #inPageApi(): Promise<Comlink.Remote<PlaygroundApi>> {
    const { PlaygroundService } = await import('./playground-service');
    const { port1, port2 } = new MessageChannel();
    const service = new PlaygroundService();
    Comlink.expose(service, port1);
    // Disposing stops its clock (a worker would simply be terminated).
    this.#inPage = { port: port1, stop: () => service.pause() };
    return Comlink.wrap<PlaygroundApi>(port2);
  }

  #fail(message: string): void {
    this.phase = 'failed';
    this.error = message;
  }

  #receive(message: PageMessage): void {
    switch (message.type) {
      case 'reset':
        this.resources = applyChanges(new Map(), message.changes);
        this.plannedNodes = message.plannedNodes;
        this.heartbeats = new Map();
        this.nodeUsage = applyUsage(new Map(), message.usage);
        this.trace = [];
        this.railCalls = new Map();
        this.pulls = new Map();
        this.decisions = [];
        this.podMarks = new Map();
        this.attempts = new Map();
        this.#podNodes.clear();
        this.#podNodes.update(message.changes);
        this.#poolOf = kubeletPools(message.plannedNodes);
        this.watchTraffic = NO_TRAFFIC;
        this.received(message);
        this.#setClock(message.clock);
        break;
      case 'delta':
        this.resources = applyChanges(this.resources, message.changes);
        this.nodeUsage = applyUsage(this.nodeUsage, message.usage);
        this.trace = appendBounded(this.trace, message.trace, this.#options.traceLimit);
        this.heartbeats = latestHeartbeats(this.heartbeats, message.trace);
        this.railCalls = foldRailCalls(this.railCalls, message.trace);
        this.pulls = foldPulls(this.pulls, message.trace);
        this.#foldPodMarks(message.trace);
        this.#foldDecisions(message.trace);
        this.#podNodes.update(message.changes);
        this.watchTraffic = foldWatchTraffic(this.watchTraffic, message.trace, this.#receivers);
        this.received(message);
        this.#setClock(message.clock);
        break;
      case 'output':
        for (const listener of this.#outputListeners) listener(message.text);
        break;
    }
  }

  /**
   * A reset or a delta, once this class has folded it: a subclass folds its own views of the
   * cluster here (PlaygroundCluster: the timeline, the inspector's and focus mode's indexes).
   */
  protected received(_message: Extract<PageMessage, { type: 'reset' | 'delta' }>): void {}

  #foldPodMarks(trace: readonly TraceEvent[]): void {
    const pods = this.resources.get('pods');
    const folded = foldPodMarks(this.podMarks, trace);
    this.podMarks = folded.size > 0 ? prunePodMarks(folded, (key) => pods?.has(key) ?? false) : folded;
  }

  /** Folds scheduler decisions and asks the scheduler for the records of the ones the map will draw. */
  #foldDecisions(trace: readonly TraceEvent[]): void {
    const before = this.decisions;
    this.decisions = foldDecisions(before, trace);
    for (const d of decisionsToExplain(before, this.decisions, this.clock.speed)) {
      const [namespace, name] = d.pod.split('/');
      this.explain(namespace, name).then(
        (rec) => {
          if (!rec) return;
          const next = new Map(this.attempts);
          next.delete(d.pod);
          next.set(d.pod, rec);
          if (next.size > ATTEMPTS_KEPT) next.delete(next.keys().next().value!);
          this.attempts = next;
        },
        () => {} // the scheduler did not answer: the map shows the arc without per-node verdicts
      );
    }
  }

  /**
   * Output that commands print after their exec() returned (`kubectl get -w` rows), in order.
   * Returns the unsubscribe function.
   */
  onOutput(listener: (text: string) => void): () => void {
    this.#outputListeners.add(listener);
    return () => this.#outputListeners.delete(listener);
  }

  #setClock(clock: ClockStatus): void {
    this.clock = clock;
    this.#clockAt = performance.now();
  }

  async #call<T>(fn: (api: Comlink.Remote<PlaygroundApi>) => Promise<T>): Promise<T> {
    await this.start();
    return fn(this.#api!);
  }

  /** All objects of one resource (`pods`, `nodes`, `events`, ...), keyed by `namespace/name`. */
  list(resource: string): ReadonlyMap<string, KObject> {
    return this.resources.get(resource) ?? EMPTY_RESOURCE;
  }

  get(resource: string, key: string): KObject | undefined {
    return this.resources.get(resource)?.get(key);
  }

  /**
   * Virtual time now, extrapolated from the last report while the clock runs (the worker reports
   * at most once per frame, and not at all when nothing happens), never more than a second ahead.
   */
  virtualNow(wallNow = performance.now()): number {
    const { t, running, speed } = this.clock;
    const extrapolated = running ? t + Math.min(Math.max(0, wallNow - this.#clockAt), MAX_EXTRAPOLATION_MS) * speed : t;
    return this.#shown.show(t, extrapolated, running);
  }

  /** Runs console lines (`kubectl ...`, `sim ...`, heredocs allowed); waits for the boot first. */
  exec(script: string): Promise<ExecResult> {
    return this.#call((api) => api.exec(script));
  }

  /** Range queries over the shown cluster's metrics store (the Metrics tab, once per refresh). */
  queryMetrics(queries: MetricsQuery[]): Promise<MetricsResult[]> {
    return this.#call((api) => api.queryMetrics(queries));
  }

  metricNames(): Promise<string[]> {
    return this.#call((api) => api.metricNames());
  }

  /** The kubelet's journal on a node of the cluster shown (the Logs tab). */
  kubeletLogs(node: string, tail?: number): Promise<{ ok: boolean; output?: string; error?: string }> {
    return this.#call((api) => api.kubeletLogs(node, tail));
  }

  /** The live cluster's inputs so far and its time (what sharing and the autosave keep). */
  inputs(): Promise<LiveInputs> {
    return this.#call((api) => api.inputs());
  }

  /** Ctrl-C: stops streaming commands (`kubectl get -w`). */
  async interrupt(): Promise<void> {
    await this.#call((api) => api.interrupt());
  }

  async play(): Promise<void> {
    this.#setClock({ ...this.clock, t: this.virtualNow(), running: true });
    await this.#call((api) => api.play());
  }

  async pause(): Promise<void> {
    this.#setClock({ ...this.clock, t: this.virtualNow(), running: false });
    await this.#call((api) => api.pause());
  }

  async setSpeed(speed: number): Promise<void> {
    this.#setClock({ ...this.clock, t: this.virtualNow(), speed });
    await this.#call((api) => api.setSpeed(speed));
  }

  async step(): Promise<void> {
    this.#setClock(await this.#call((api) => api.step()));
  }

  async advance(ms: number): Promise<void> {
    this.#setClock(await this.#call((api) => api.advance(ms)));
  }

  /**
   * Runs the cluster `ms` ahead as fast as it goes (`+5m`), in JUMP_SLICES slices so `jump`
   * shows the progress and cancelJump() can stop it between two slices.
   */
  async jumpAhead(ms: number): Promise<void> {
    if (this.jump || this.clock.viewing) return;
    const epoch = ++this.#jumpEpoch;
    this.#jumpOwner = epoch;
    this.jump = { done: 0, ms };
    try {
      const slice = Math.max(1, Math.round(ms / JUMP_SLICES));
      for (let ran = 0; ran < ms && epoch === this.#jumpEpoch; ran += slice) {
        await this.advance(Math.min(slice, ms - ran));
        // Cancelled, or the cluster rebooted (a snapshot restored, a lesson opened) under it.
        if (epoch !== this.#jumpEpoch) break;
        this.jump = { done: Math.min(1, (ran + slice) / ms), ms };
      }
    } finally {
      if (this.#jumpOwner === epoch) this.jump = undefined;
    }
  }

  cancelJump(): void {
    this.#jumpEpoch++;
  }

  /**
   * Time travel: shows the cluster as it was at virtual time `t` (the worker replays it from the
   * seed and the inputs), read-only. Asked again while replaying, it goes to the latest moment asked.
   */
  async viewAt(t: number): Promise<void> {
    // A jump ahead in progress stops: the live clock is paused while the past is shown.
    this.cancelJump();
    this.#seekTarget = t;
    if (this.seeking !== undefined) {
      this.seeking = t;
      return;
    }
    try {
      while (this.#seekTarget !== undefined) {
        const target = this.#seekTarget;
        this.#seekTarget = undefined;
        this.seeking = target;
        this.#setClock(await this.#call((api) => api.viewAt(target)));
      }
    } finally {
      this.seeking = undefined;
    }
  }

  /** The timeline is about to be used (pointer over it, focus): the worker gets a replay ready. */
  prepareTimeline(): void {
    if (this.#prepared || this.phase !== 'ready') return;
    this.#prepared = true;
    void this.#call((api) => api.prepareTimeline()).catch(() => {});
  }

  /** Drops the moment viewed: the live cluster again (paused where it was). */
  async returnToLive(): Promise<void> {
    this.#seekTarget = undefined;
    this.#setClock(await this.#call((api) => api.returnToLive()));
  }

  /** Resume from the moment viewed: it becomes the live cluster. */
  async resume(): Promise<void> {
    this.#setClock(await this.#call((api) => api.resume()));
  }

  /** The kube-scheduler's record of its last attempt at a pod (the inspector's scheduling tab). */
  explain(namespace: string, name: string): Promise<AttemptRecord | undefined> {
    return this.#call((api) => api.explain(namespace, name));
  }

  dispose(): void {
    this.#earlyWorker?.terminate();
    this.#earlyWorker = undefined;
    this.#port?.close();
    this.#api?.[Comlink.releaseProxy]();
    this.#worker?.terminate();
    this.#inPage?.stop();
    this.#inPage?.port.close();
    this.#port = this.#api = this.#worker = this.#inPage = undefined;
    this.#ready = undefined;
    this.phase = 'idle';
  }
}
