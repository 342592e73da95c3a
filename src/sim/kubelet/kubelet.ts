/**
 * The kubelet: the node agent. This part registers the Node, posts its status every
 * nodeStatusUpdateFrequency and renews its Lease. It never schedules: it runs the pods whose
 * spec.nodeName is its node through the node's CRI runtime (kubelet-pods.ts).
 * upstream: pkg/kubelet/kubelet.go, kubelet_node_status.go
 */
import { createActor, type Actor } from 'xstate';
import type { Client } from '../client/client';
import { EventRecorder } from '../client/events';
import type { SimClock, TimerId } from '../kernel/clock';
import { parseDuration } from '../kernel/clock';
import { xstateClock } from '../kernel/xstate-clock';
import type { TraceEvent, TraceInput } from '../kernel/trace';
import type { KObject } from '../apiserver/store';
import { kubeletMachine } from './kubelet.machine';
import { NodeLeaseController } from './nodelease/controller';
import { allocatableOf, capacityOf, initialNode, nodeStatus, statusChanged, type NodeHealth, type NodeIdentity } from './nodestatus/setters';
import type { KubeletConfiguration } from './config/config';
import type { Rand } from '../kernel/rand';
import { ContainerRuntime, type RuntimeOptions } from '../node/cri/runtime';
import { KubeletPods } from './kubelet-pods';
import { pullSlots } from './images/image-manager';
import { anyContainerHung, nodeOSFor, type NodeOS } from '../node/os/node-os';
import type { NodeFiles } from './config/file';
import { KubeletMetrics } from './metrics/metrics';
import { instrumentedRuntime } from './metrics/instrumented';
import { KubeletServer } from './server/server';
import { klogLine, type Journal, type Severity } from './logs/journal';
import type { KubeletService } from './logs/kubelet-service';
import { planStartup, SOURCES } from './logs/startup';
import { RUNTIME_VERSION } from '../node/cri/helpers';
import { startGarbageCollection } from './kubelet-gc';
import { ContainerLogManager } from './logs/container-log-manager';
import { parseQuantity } from '../api/quantity';
import { startNodeResources, type NodeResources } from './cm/node-resources';

export interface KubeletDeps {
  client: Client;
  clock: SimClock;
  trace: (e: TraceInput) => void;
  /** A trace event built whole (Host.recordEvent), for the runtime's hot paths; none: they go through trace. */
  traceEvent?: (e: TraceEvent) => void;
  config: KubeletConfiguration;
  identity: NodeIdentity;
  /** The node's own random stream (a fork of the host's): the container runtime draws from it. */
  rand: Rand;
  /** The node's filesystem (path -> text): the static pod manifests live here. It outlives the kubelet. */
  files?: NodeFiles;
  /** The node's journal (`sim kubelet logs`) and its systemd unit, which restarts a kubelet that exits. */
  journal?: Journal;
  service?: KubeletService;
  /** The node's swap size (`sim node add --swap`), if it has swap on. */
  swap?: string;
  /** The network a pod's processes see (the kubelet host builds it from the API). */
  network?: RuntimeOptions['network'];
}

export class Kubelet {
  readonly actor: Actor<typeof kubeletMachine>;
  /** Per-process state: a restarted kubelet starts with a fresh recorder (its event cache is gone) and lease client. */
  recorder!: EventRecorder;
  lease!: NodeLeaseController;
  #node?: KObject;
  #lastPosted?: KObject;
  #lastPostTime = -Infinity;
  /** The health and last posted status of the last sync that found nothing to post. */
  #unchangedFor?: { health: NodeHealth; posted: KObject | undefined };
  #statusTimer?: TimerId;
  /** The node's container runtime: it outlives kubelet restarts, not a power-off. */
  #runtime: ContainerRuntime;
  #runtimeGeneration = 0;
  #pods?: KubeletPods;
  /** The container and eviction managers of the running process (cm/, eviction/). */
  resources?: NodeResources;
  /** The container and image garbage collectors of the running process. */
  gc?: ReturnType<typeof startGarbageCollection>;
  logManager?: ContainerLogManager;
  #health: NodeHealth = { runtimeReady: false, memoryPressure: false, diskPressure: false, pidPressure: false };
  /** Per-process: the metrics registry (a restart starts it from zero) and the runtime as the kubelet calls it (instrumented). */
  metrics!: KubeletMetrics;
  #cri!: ContainerRuntime;
  #startTime = 0;
  /** The kubelet's HTTPS server on port 10250 (logs, exec, metrics, stats); it answers while the process runs. */
  readonly server: KubeletServer;

  constructor(readonly deps: KubeletDeps) {
    const machine = kubeletMachine.provide({
      actions: {
        recordStarting: () => {
          this.#newProcess();
          this.#trace('kubelet.start');
        },
        register: () => this.#register(),
        startLoops: () => this.#startLoops(),
        stopLoops: () => this.#stopLoops()
      }
    });
    this.actor = createActor(machine, { clock: xstateClock(deps.clock) });
    this.#runtime = this.#newRuntime();
    this.server = new KubeletServer({
      identity: deps.identity,
      clock: deps.clock,
      config: () => this.deps.config,
      files: deps.files,
      runtime: () => this.#cri,
      pods: () => this.#pods,
      metrics: () => this.metrics,
      startTime: () => this.#startTime,
      trace: deps.trace
    });
  }

  /** Whether the kubelet process is up (its server accepts connections on port 10250). */
  get serving(): boolean {
    return this.#actorStarted && this.state !== 'stopped';
  }

  /** A fresh, empty runtime (a booted machine). Traces of a dropped runtime's leftover timers are discarded. */
  #newRuntime(): ContainerRuntime {
    const generation = ++this.#runtimeGeneration;
    const { identity, clock, rand, trace, traceEvent } = this.deps;
    // Passes an event on only while this runtime is the kubelet's.
    const ofThisRuntime =
      <E>(f: (e: E) => void) =>
      (e: E): void => {
        if (generation === this.#runtimeGeneration) f(e);
      };
    return new ContainerRuntime({
      node: identity.name,
      podCIDR: identity.podCIDR,
      clock,
      rand: rand.fork(`cri/${identity.name}/${generation}`),
      ...(this.deps.files ? { files: this.deps.files } : {}),
      hostIP: identity.internalIP,
      ...(this.deps.network ? { network: this.deps.network } : {}),
      trace: ofThisRuntime(trace),
      ...(traceEvent ? { traceEvent: ofThisRuntime(traceEvent) } : {})
    });
  }

  get runtime(): ContainerRuntime {
    return this.#runtime;
  }

  /** The pod lifecycle of the running kubelet process, if any. */
  get pods(): KubeletPods | undefined {
    return this.#pods;
  }

  /** A new kubelet process on the same machine (a config change restarts it) takes over the running runtime. */
  adoptRuntime(runtime: ContainerRuntime): void {
    this.#runtime = runtime;
  }

  /** The machine loses power: the kubelet stops and every container with it; it boots with an empty runtime. */
  powerOff(): void {
    this.stop(true);
    this.#runtime = this.#newRuntime();
  }

  /** What a kubelet process knows when it starts: nothing but its config. */
  #newProcess(): void {
    const { client, clock, identity, config } = this.deps;
    this.recorder = new EventRecorder(client, { component: 'kubelet', host: identity.name }, () => clock.now());
    this.lease = new NodeLeaseController(identity.name, client, clock, config.nodeLeaseDurationSeconds, this.deps.trace, () => this.#node?.metadata.uid);
    this.#health = { runtimeReady: false, memoryPressure: false, diskPressure: false, pidPressure: false };
    this.#node = undefined;
    this.#lastPosted = undefined;
    this.#lastPostTime = -Infinity;
    this.metrics = new KubeletMetrics(identity.name);
    this.#cri = instrumentedRuntime(this.#runtime, this.metrics, clock);
    this.#startTime = clock.now();
  }

  get nodeName(): string {
    return this.deps.identity.name;
  }

  get state(): string {
    return String(this.actor.getSnapshot().value);
  }

  #actorStarted = false;

  /** The PID of the current (or last) kubelet process, as the journal shows it. */
  #pid = 0;
  /** The process exited at start (invalid configuration, swap on): systemd restarts it. */
  #exited = false;

  get exited(): boolean {
    return this.#exited;
  }

  /** A klog line in the node's journal. */
  log(severity: Severity, source: string, msg: string, kv: Record<string, unknown> = {}): void {
    const { journal, clock } = this.deps;
    journal?.append({ t: clock.now(), ident: 'kubelet', pid: this.#pid, text: klogLine(severity, clock.now(), this.#pid, source, msg, kv) });
  }

  /**
   * systemctl start (`manual`) or systemd's automatic restart. The process validates its
   * configuration and checks the machine first; a failure exits it with status 1 (logged as
   * `"command failed"`) and systemd tries again RestartSec later. upstream: cmd/kubelet/app/server.go
   */
  start(manual = true): void {
    // systemctl start of a running unit does nothing.
    if (this.#actorStarted && this.state !== 'stopped') return;
    this.#pid = this.deps.service?.started(manual) ?? this.#pid;
    const plan = planStartup(this.deps.config, this.deps.swap, RUNTIME_VERSION.runtimeVersion.replace(/^v/, ''), this.deps.files);
    for (const l of plan.lines) this.log(l.severity, l.source, l.msg, l.kv);
    if (plan.failure !== undefined) {
      this.#exited = true;
      this.log('E', SOURCES.commandFailed, 'command failed', { err: plan.failure });
      this.#trace('kubelet.exit', { status: 1, err: plan.failure });
      this.deps.service?.exited(1, () => this.start(false));
      return;
    }
    this.#exited = false;
    // The first start runs the machine from its initial state; later ones leave `stopped`.
    if (!this.#actorStarted) {
      this.#actorStarted = true;
      this.actor.start();
    } else this.actor.send({ type: 'START' });
  }

  stop(powerLost = false): void {
    if (powerLost) this.deps.service?.powerLost();
    else this.deps.service?.stopping();
    if (this.#actorStarted) this.actor.send({ type: 'STOP' });
    this.#trace('kubelet.stop');
  }

  #trace(kind: string, extra: Record<string, unknown> = {}): void {
    this.deps.trace({ component: 'kubelet', node: this.nodeName, kind, ...extra });
  }

  /** upstream: kubelet_node_status.go registerWithAPIServer / tryRegisterWithAPIServer */
  #register(): void {
    const { client, identity } = this.deps;
    const node = initialNode(identity);
    node.status = nodeStatus(identity, this.#health, undefined, this.deps.clock.now());
    this.log('I', SOURCES.attemptRegister, 'Attempting to register node', { node: identity.name });
    client.create('nodes', node, (err, created) => {
      if (!err && created) {
        this.#registered(created, true);
        return;
      }
      if (err?.reason !== 'AlreadyExists') {
        this.actor.send({ type: 'REGISTER_FAILED' });
        return;
      }
      // Re-registration after a restart: the Node is there; adopt it.
      client.get('nodes', undefined, identity.name, (getErr, existing) => {
        if (getErr || !existing) this.actor.send({ type: 'REGISTER_FAILED' });
        else this.#registered(existing, false);
      });
    });
  }

  #registered(node: KObject, fresh: boolean): void {
    this.#node = node;
    this.#lastPosted = node.status;
    this.#trace('kubelet.register', { fresh });
    if (fresh) this.log('I', SOURCES.registered, 'Successfully registered node', { node: this.nodeName });
    else this.log('I', SOURCES.previouslyRegistered, 'Node was previously registered', { node: this.nodeName });
    const ref = this.#nodeRef();
    this.recorder.event(ref, 'Normal', 'Starting', 'Starting kubelet.');
    this.recorder.event(ref, 'Normal', 'NodeAllocatableEnforced', 'Updated Node Allocatable limit across pods');
    for (const c of ['NodeHasSufficientMemory', 'NodeHasNoDiskPressure', 'NodeHasSufficientPID']) {
      this.recorder.event(ref, 'Normal', c, `Node ${this.nodeName} status is now: ${c}`);
    }
    this.actor.send({ type: 'REGISTERED' });
  }

  /** Events about a Node name the node by uid = its name, as upstream's nodeRef does. */
  #nodeRef(): KObject {
    return { apiVersion: 'v1', kind: 'Node', metadata: { name: this.nodeName, uid: this.nodeName } };
  }

  #startLoops(): void {
    const { clock, config } = this.deps;
    this.lease.start();
    const period = parseDuration(config.nodeStatusUpdateFrequency);
    const statusLoop = () => {
      this.#syncNodeStatus();
      this.#statusTimer = clock.after(period, statusLoop);
    };
    this.#statusTimer = clock.after(period, statusLoop);
    // The first PLEG relist marks the runtime healthy; the node turns Ready at the next status sync.
    this.#pods = new KubeletPods({
      node: this.nodeName,
      hostIP: this.deps.identity.internalIP,
      client: this.deps.client,
      clock,
      trace: this.deps.trace,
      recorder: this.recorder,
      runtime: this.#cri,
      onRuntimeReady: () => {
        this.#health = { ...this.#health, runtimeReady: true };
        this.#syncNodeStatus();
      },
      // upstream: kubelet.go makePodSourceConfig: a file source when staticPodPath is set.
      ...(config.staticPodPath && this.deps.files ? { staticPods: { files: this.deps.files, dir: config.staticPodPath, periodMs: parseDuration(config.fileCheckFrequency) } } : {}),
      nodeUID: () => this.#node?.metadata.uid,
      pullSlots: pullSlots(config.serializeImagePulls as boolean | undefined, config.maxParallelImagePulls as number | undefined),
      // The prober's seeded stream and `sim container hang` (node/os) for the probes.
      rand: this.deps.rand.fork(`prober/${this.nodeName}`),
      isHung: (id) => anyContainerHung() && this.#nodeOS().isHung(id),
      // upstream: getNodeAnyWay: the Node, with the capacity and allocatable this kubelet computes itself (maxPods).
      admissionNode: () => this.#node && { ...this.#node, status: { ...this.#node.status, capacity: capacityOf(this.deps.identity), allocatable: allocatableOf(this.deps.identity) } }
    });
    const pods = this.#pods;
    pods.runtimeManager.cgroupDriver = config.cgroupDriver;
    pods.runtimeManager.seccompDefault = config.seccompDefault === true;
    pods.runtimeManager.log = (severity, source, msg, kv) => this.log(severity, source, msg, kv);
    pods.log = (severity, source, msg, kv) => this.log(severity, source, msg, kv);
    // upstream: --v / logging.verbosity (LoggingConfiguration); kubeadm leaves it at 0.
    pods.verbosity = Number(config.logging?.verbosity ?? 0) || 0;
    pods.pleg.metrics = this.metrics;
    pods.runtimeManager.metrics = this.metrics;
    pods.podWorkers.onSyncDone = (pod, operation, durationMs, firstSeen) =>
      this.metrics.podSynced(pod.metadata.uid, operation, durationMs, firstSeen, pods.statusManager.get(pod.metadata.uid)?.phase === 'Running', clock.now());
    this.#pods.start();
    this.gc = startGarbageCollection({
      node: this.nodeName,
      clock,
      config,
      ephemeralStorage: this.deps.identity.ephemeralStorage,
      imageFs: () => nodeOSFor(this.#runtime, clock).nodeSignals(clock.now()).fs,
      runtime: this.#cri,
      pods: this.#pods,
      recorder: this.recorder,
      nodeRef: this.#nodeRef(),
      trace: this.deps.trace,
      log: (severity, source, msg, kv) => this.log(severity, source, msg, kv)
    });
    // upstream: kubelet.go initializeRuntimeDependentModules starts the container log manager.
    this.logManager = new ContainerLogManager(
      { running: () => this.#runtime.runningLogFiles(), files: this.#runtime.files, appends: () => this.#runtime.logAppends },
      clock,
      Number(parseQuantity(String(config.containerLogMaxSize)).value()),
      config.containerLogMaxFiles,
      (e) => this.deps.trace({ component: 'kubelet', node: this.nodeName, ...e })
    );
    this.logManager.start();
    this.resources = startNodeResources({ node: this.nodeName, capacity: this.deps.identity, clock, trace: this.deps.trace, config, runtime: this.#runtime, recorder: this.recorder, pods, onConditions: (c) => this.#pressureChanged(c), gc: this.gc, log: (severity, source, msg, kv) => this.log(severity, source, msg, kv), evicted: (signal) => this.metrics.evictions.inc({ eviction_signal: signal }) });
  }

  /** The machine's kernel under the current runtime (asked at every probe: looked up once per runtime). */
  #nodeOS(): NodeOS {
    if (this.#osOf?.runtime !== this.#runtime) this.#osOf = { runtime: this.#runtime, os: nodeOSFor(this.#runtime, this.deps.clock) };
    return this.#osOf.os;
  }
  #osOf?: { runtime: ContainerRuntime; os: NodeOS };

  /** upstream: nodestatus/setters.go MemoryPressureCondition etc. record an event when the condition flips. */
  #pressureChanged(c: Set<string>): void {
    const h = this.#health;
    const next = { ...h, memoryPressure: c.has('MemoryPressure'), diskPressure: c.has('DiskPressure'), pidPressure: c.has('PIDPressure') };
    const flips: [boolean, boolean, string, string][] = [
      [h.memoryPressure, next.memoryPressure, 'NodeHasInsufficientMemory', 'NodeHasSufficientMemory'],
      [h.diskPressure, next.diskPressure, 'NodeHasDiskPressure', 'NodeHasNoDiskPressure'],
      [h.pidPressure, next.pidPressure, 'NodeHasInsufficientPID', 'NodeHasSufficientPID']
    ];
    for (const [was, is, on, off] of flips) if (was !== is) this.recorder.event(this.#nodeRef(), 'Normal', is ? on : off, `Node ${this.nodeName} status is now: ${is ? on : off}`);
    this.#health = next;
  }

  #stopLoops(): void {
    const { clock } = this.deps;
    this.lease.stop();
    clock.cancel(this.#statusTimer);
    this.resources?.stop();
    this.resources = undefined;
    this.#pods?.stop();
    this.#pods = undefined;
    this.gc?.stop();
    this.logManager?.stop();
    this.gc = undefined;
    this.#statusTimer = undefined;
  }

  /** upstream: kubelet_node_status.go tryUpdateNodeStatus: post when changed or every nodeStatusReportFrequency. */
  #syncNodeStatus(): void {
    const { clock, config, client, identity } = this.deps;
    const now = clock.now();
    const reportPeriod = parseDuration(config.nodeStatusReportFrequency);
    // The status is a function of the health and the last posted status but for heartbeat times:
    // with both the same objects as at the last check that found no change, it has not changed.
    const unchanged = this.#unchangedFor !== undefined && this.#unchangedFor.health === this.#health && this.#unchangedFor.posted === this.#lastPosted;
    if (unchanged && now - this.#lastPostTime < reportPeriod) return;
    const status = nodeStatus(identity, this.#health, this.#lastPosted, now);
    if (!statusChanged(this.#lastPosted, status)) {
      this.#unchangedFor = { health: this.#health, posted: this.#lastPosted };
      if (now - this.#lastPostTime < reportPeriod) return;
    }
    client.patchStatus('nodes', undefined, this.nodeName, { status }, (err, node) => {
      if (err || !node) return;
      this.#node = node;
      this.#lastPostTime = now;
      const wasReady = (this.#lastPosted?.conditions ?? []).some((c: KObject) => c.type === 'Ready' && c.status === 'True');
      this.#lastPosted = node.status;
      const ready = (node.status.conditions ?? []).some((c: KObject) => c.type === 'Ready' && c.status === 'True');
      this.#trace('nodestatus.update', { ready });
      if (ready && !wasReady) this.recorder.event(this.#nodeRef(), 'Normal', 'NodeReady', `Node ${this.nodeName} status is now: NodeReady`);
    });
  }
}
