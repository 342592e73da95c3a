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
import type { TraceInput } from '../kernel/trace';
import type { KObject } from '../apiserver/store';
import { kubeletMachine } from './kubelet.machine';
import { NodeLeaseController } from './nodelease/controller';
import { initialNode, nodeStatus, statusChanged, type NodeHealth, type NodeIdentity } from './nodestatus/setters';
import type { KubeletConfiguration } from './config/config';
import type { Rand } from '../kernel/rand';
import { ContainerRuntime } from '../node/cri/runtime';
import { KubeletPods } from './kubelet-pods';
import type { NodeFiles } from './config/file';

export interface KubeletDeps {
  client: Client;
  clock: SimClock;
  trace: (e: TraceInput) => void;
  config: KubeletConfiguration;
  identity: NodeIdentity;
  /** The node's own random stream (a fork of the host's): the container runtime draws from it. */
  rand: Rand;
  /** The node's filesystem (path -> text): the static pod manifests live here. It outlives the kubelet. */
  files?: NodeFiles;
}

export class Kubelet {
  readonly actor: Actor<typeof kubeletMachine>;
  /** Per-process state: a restarted kubelet starts with a fresh recorder (its event cache is gone) and lease client. */
  recorder!: EventRecorder;
  lease!: NodeLeaseController;
  #node?: KObject;
  #lastPosted?: KObject;
  #lastPostTime = -Infinity;
  #statusTimer?: TimerId;
  /** The node's container runtime: it outlives kubelet restarts, not a power-off. */
  #runtime: ContainerRuntime;
  #runtimeGeneration = 0;
  #pods?: KubeletPods;
  #health: NodeHealth = { runtimeReady: false, memoryPressure: false, diskPressure: false, pidPressure: false };

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
  }

  /** A fresh, empty runtime (a booted machine). Traces of a dropped runtime's leftover timers are discarded. */
  #newRuntime(): ContainerRuntime {
    const generation = ++this.#runtimeGeneration;
    const { identity, clock, rand, trace } = this.deps;
    return new ContainerRuntime({
      node: identity.name,
      podCIDR: identity.podCIDR,
      clock,
      rand: rand.fork(`cri/${identity.name}/${generation}`),
      trace: (e) => {
        if (generation === this.#runtimeGeneration) trace(e);
      }
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
    this.stop();
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
  }

  get nodeName(): string {
    return this.deps.identity.name;
  }

  get state(): string {
    return String(this.actor.getSnapshot().value);
  }

  #actorStarted = false;

  start(): void {
    // The first start runs the machine from its initial state; later ones leave `stopped`.
    if (!this.#actorStarted) {
      this.#actorStarted = true;
      this.actor.start();
    } else this.actor.send({ type: 'START' });
  }

  stop(): void {
    this.actor.send({ type: 'STOP' });
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
      runtime: this.#runtime,
      onRuntimeReady: () => {
        this.#health = { ...this.#health, runtimeReady: true };
        this.#syncNodeStatus();
      },
      // upstream: kubelet.go makePodSourceConfig: a file source when staticPodPath is set.
      ...(config.staticPodPath && this.deps.files ? { staticPods: { files: this.deps.files, dir: config.staticPodPath, periodMs: parseDuration(config.fileCheckFrequency) } } : {}),
      nodeUID: () => this.#node?.metadata.uid
    });
    this.#pods.start();
  }

  #stopLoops(): void {
    const { clock } = this.deps;
    this.lease.stop();
    clock.cancel(this.#statusTimer);
    this.#pods?.stop();
    this.#pods = undefined;
    this.#statusTimer = undefined;
  }

  /** upstream: kubelet_node_status.go tryUpdateNodeStatus: post when changed or every nodeStatusReportFrequency. */
  #syncNodeStatus(): void {
    const { clock, config, client, identity } = this.deps;
    const now = clock.now();
    const status = nodeStatus(identity, this.#health, this.#lastPosted, now);
    const reportPeriod = parseDuration(config.nodeStatusReportFrequency);
    if (!statusChanged(this.#lastPosted, status) && now - this.#lastPostTime < reportPeriod) return;
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
