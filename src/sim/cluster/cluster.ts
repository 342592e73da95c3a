/**
 * Wiring: a cluster config becomes hosts (API server, controller manager, kubelet pools) under
 * one conductor, plus the console's client. The same Cluster runs in the CLI, the tests and the
 * page's cluster worker; only where the hosts live differs (`HostFactory`).
 */
import type { ApiRequest, ApiResult, WatchEvent } from '../apiserver/apiserver';
import type { Status } from '../api/errors';
import { Rand } from '../kernel/rand';
import type { TimerId } from '../kernel/clock';
import { Conductor } from './conductor';
import { ConsoleHost } from './console-host';
import { ApiServerHost } from './apiserver-host';
import { ControllerManagerHost, CONTROLLER_MANAGER_HOST } from './controller-manager-host';
import { SchedulerHost, SCHEDULER_HOST } from './scheduler-host';
import { KubeletHost, type NodeSpec } from './kubelet-host';
import { DEFAULT_CLUSTER, nodeSpec, type ClusterConfig, type NodeOptions } from './config';
import { APISERVER_HOST } from './host';
import type { HostLink } from './messages';
import type { KubectlContext } from '../kubectl/context';
import type { AttemptRecord } from '../scheduler/explain';
import { MetricsScraper } from './metrics-scraper';
import type { MetricsStore } from '../monitoring/store';
import type { KubeletDialResult, KubeletRequest, KubeletResponse } from '../kubelet/server/server';
import { kubeletHostName } from './kubelet-pools';

/** A kubelet host's `reply` to a `kubelet-server` control. */
function dialResult(reply: Record<string, unknown>): KubeletDialResult {
  return reply.ok === true ? { ok: true, res: reply.res as KubeletResponse } : { ok: false, error: String(reply.error) };
}

/** How long a request to a kubelet may take in virtual time (an exec's command included) before the CLI gives up. */
const KUBELET_REQUEST_TIMEOUT_MS = 5 * 60_000;

export type HostKind = 'kube-apiserver' | 'kube-controller-manager' | 'kube-scheduler' | 'kubelet';

/** Makes the host of one component kind; in the browser, a link to a Web Worker. */
export type HostFactory = (kind: HostKind, name: string, seed: number) => HostLink;

export const inProcessHosts: HostFactory = (kind, name, seed) => {
  switch (kind) {
    case 'kube-apiserver':
      return new ApiServerHost(seed);
    case 'kube-controller-manager':
      return new ControllerManagerHost();
    case 'kube-scheduler':
      return new SchedulerHost(seed);
    case 'kubelet':
      return new KubeletHost(name, seed);
  }
};

export interface NodeRecord {
  name: string;
  host: string;
  spec: NodeSpec;
}

export class Cluster {
  readonly config: ClusterConfig;
  readonly conductor: Conductor;
  readonly console: ConsoleHost;
  readonly nodes = new Map<string, NodeRecord>();
  #rand: Rand;
  #kubeletHosts: string[] = [];
  #hostFactory: HostFactory;
  #scraper?: MetricsScraper;

  constructor(config: Partial<ClusterConfig> = {}, hostFactory: HostFactory = inProcessHosts) {
    this.config = { ...DEFAULT_CLUSTER, ...config };
    this.#hostFactory = hostFactory;
    this.#rand = new Rand(this.config.seed).fork('cluster');
    this.conductor = new Conductor(this.config.traceCapacity);
    this.console = new ConsoleHost((env) => this.conductor.post(env));
    this.conductor.add(hostFactory('kube-apiserver', APISERVER_HOST, this.config.seed));
    this.conductor.add(hostFactory('kube-controller-manager', CONTROLLER_MANAGER_HOST, this.config.seed));
    this.conductor.add(hostFactory('kube-scheduler', SCHEDULER_HOST, this.config.seed));
    this.conductor.add(this.console);
    this.addNode('control-plane', { controlPlane: true });
    if (this.config.nodes) for (const { name, ...opts } of this.config.nodes) this.addNode(name, opts);
    else for (let i = 1; i <= this.config.workers; i++) this.addNode(`worker-${i}`);
    if (this.config.metrics) this.enableMetrics();
    // A scenario's scheduler configuration: the kube-scheduler restarts with it at once (its first round).
    if (this.config.schedulerConfig !== undefined) this.console.ask(SCHEDULER_HOST, 'scheduler-config', { text: this.config.schedulerConfig }, () => {});
  }

  get now(): number {
    return this.conductor.now;
  }

  /** The metrics store, once scraping has started (`ClusterConfig.metrics`, or the first `enableMetrics()`). */
  get metrics(): MetricsStore | undefined {
    return this.#scraper?.store;
  }

  get scraper(): MetricsScraper | undefined {
    return this.#scraper;
  }

  /** Starts scraping every kubelet every 15 s of virtual time (from the next multiple of 15 s); idempotent. */
  enableMetrics(): MetricsStore {
    this.#scraper ??= new MetricsScraper(this.console, () => this.#kubeletHosts);
    return this.#scraper.store;
  }

  /** Adds a node: its kubelet starts on a kubelet host and registers the Node. */
  addNode(name: string, opts: NodeOptions = {}): NodeRecord {
    if (this.nodes.has(name)) throw new Error(`node "${name}" already exists`);
    const index = this.nodes.size;
    const spec = nodeSpec(name, index, this.#rand, opts, this.config.podSubnet);
    const poolIndex = Math.floor(index / this.config.kubeletsPerHost);
    let host = this.#kubeletHosts[poolIndex];
    if (!host) {
      host = kubeletHostName(index, this.config.kubeletsPerHost);
      this.#kubeletHosts.push(host);
      this.conductor.add(this.#hostFactory('kubelet', host, this.config.seed));
    }
    this.conductor.post({ from: 'cluster', to: host, msg: { type: 'control', command: 'add-node', args: { node: spec } } });
    // The HPA's metrics client reaches the node's kubelet through its host.
    this.conductor.post({ from: 'cluster', to: CONTROLLER_MANAGER_HOST, msg: { type: 'control', command: 'node-host', args: { node: name, host } } });
    const rec = { name, host, spec };
    this.nodes.set(name, rec);
    return rec;
  }

  /** `stop`, `start`, `restart`, `poweroff`, `poweron` a node's kubelet. */
  kubelet(node: string, action: string): void {
    const rec = this.nodes.get(node);
    if (!rec) throw new Error(`node "${node}" not found`);
    this.conductor.post({ from: 'cluster', to: rec.host, msg: { type: 'control', command: 'kubelet', args: { node, action } } });
  }

  async request(req: Omit<ApiRequest, 'user'>): Promise<ApiResult> {
    let result: ApiResult | undefined;
    this.console.request({ ...req, user: 'kubectl' }, (r) => (result = r));
    while (result === undefined) {
      if (this.conductor.nextDeadline() > this.conductor.now) throw new Error('the API server did not answer');
      await this.conductor.round();
    }
    return result;
  }

  /** The scheduler's record of its last attempt at a pod (`sim explain pod`). */
  async explain(namespace: string, name: string): Promise<AttemptRecord | undefined> {
    let reply: Record<string, unknown> | undefined;
    this.console.ask(SCHEDULER_HOST, 'explain', { namespace, name }, (r) => (reply = r));
    while (reply === undefined) {
      if (this.conductor.nextDeadline() > this.conductor.now) throw new Error('the kube-scheduler did not answer');
      await this.conductor.round();
    }
    return (reply.record as AttemptRecord | null) ?? undefined;
  }

  /** `sim scheduler config`: the scheduler's configuration as YAML, or (with `text`) a restart with a new one. */
  async schedulerConfig(text?: string): Promise<{ config?: string; error?: string; schedulerNames?: string[] }> {
    let reply: Record<string, unknown> | undefined;
    this.console.ask(SCHEDULER_HOST, 'scheduler-config', text === undefined ? {} : { text }, (r) => (reply = r));
    while (reply === undefined) {
      if (this.conductor.nextDeadline() > this.conductor.now) throw new Error('the kube-scheduler did not answer');
      await this.conductor.round();
    }
    return reply as { config?: string; error?: string; schedulerNames?: string[] };
  }

  /** `sim node manifests ls|put|rm`: a file in the node's static pod directory, on its kubelet host. */
  async manifests(node: string, action: 'ls' | 'cat' | 'put' | 'rm', file?: string, text?: string): Promise<{ ok: boolean; output?: string; error?: string }> {
    const rec = this.nodes.get(node);
    if (!rec) throw new Error(`node "${node}" not found`);
    let reply: Record<string, unknown> | undefined;
    this.console.ask(rec.host, 'manifests', { node, action, ...(file !== undefined ? { file } : {}), ...(text !== undefined ? { text } : {}) }, (r) => (reply = r));
    while (reply === undefined) {
      if (this.conductor.nextDeadline() > this.conductor.now) throw new Error(`the kubelet host of node "${node}" did not answer`);
      await this.conductor.round();
    }
    const r = reply as Record<string, unknown>;
    return { ok: r.ok === true, ...(typeof r.output === 'string' ? { output: r.output } : {}), ...(typeof r.error === 'string' ? { error: r.error } : {}) };
  }

  /** A question to the node's kubelet host answered at once (`sim kubelet logs`, `sim images NODE`): its text output. */
  async nodeQuery(node: string, command: 'kubelet-logs' | 'images' | 'node-os', args: Record<string, unknown> = {}): Promise<{ ok: boolean; output?: string; error?: string }> {
    const rec = this.nodes.get(node);
    if (!rec) throw new Error(`node "${node}" not found`);
    let reply: Record<string, unknown> | undefined;
    this.console.ask(rec.host, command, { node, ...args }, (r) => (reply = r));
    while (reply === undefined) {
      if (this.conductor.nextDeadline() > this.conductor.now) throw new Error(`the kubelet host of node "${node}" did not answer`);
      await this.conductor.round();
    }
    const r = reply as Record<string, unknown>;
    return { ok: r.ok === true, ...(typeof r.output === 'string' ? { output: r.output } : {}), ...(typeof r.error === 'string' ? { error: r.error } : {}) };
  }

  /** `sim image break IMAGE`: every kubelet host's nodes fail pulls of it from now on. */
  breakImage(image: string): void {
    for (const host of this.#kubeletHosts) this.conductor.post({ from: 'cluster', to: host, msg: { type: 'control', command: 'image-break', args: { image } } });
  }

  /**
   * A request to a node's kubelet server, sent from the API server's side (the node proxy, pod
   * logs and exec): virtual time runs while the kubelet works on it (CRI calls take time).
   */
  async kubeletRequest(node: string, req: KubeletRequest): Promise<KubeletDialResult> {
    const rec = this.nodes.get(node);
    if (!rec) return { ok: false, error: `dial tcp: lookup ${node}: no such host` };
    let reply: Record<string, unknown> | undefined;
    this.console.ask(rec.host, 'kubelet-server', { node, req }, (r) => (reply = r));
    const deadline = this.now + KUBELET_REQUEST_TIMEOUT_MS;
    while (reply === undefined) {
      const next = this.conductor.nextDeadline();
      if (next > this.now) {
        if (next > deadline) throw new Error(`the kubelet on node "${node}" did not answer`);
        await this.conductor.runUntil(next);
      } else await this.conductor.round();
    }
    return dialResult(reply);
  }

  /**
   * Asks a node's kubelet `req` now, then again `periodMs` of virtual time after each answer,
   * without waiting: the answers come while the cluster runs (`kubectl logs -f` in the page).
   * It ends when `onReply` returns false, or at stop().
   */
  pollKubelet(node: string, req: KubeletRequest, periodMs: number, onReply: (r: KubeletDialResult) => boolean): { stop(): void } {
    const rec = this.nodes.get(node);
    let stopped = false;
    let timer: TimerId | undefined;
    const ask = () => {
      if (stopped) return;
      if (!rec) {
        onReply({ ok: false, error: `dial tcp: lookup ${node}: no such host` });
        return;
      }
      // The reply is stepped on the console host, so the next ask is a timer on its clock.
      this.console.ask(rec.host, 'kubelet-server', { node, req }, (r) => {
        if (stopped) return;
        if (onReply(dialResult(r))) timer = this.console.clock.after(periodMs, ask);
        else stopped = true;
      });
    };
    ask();
    return {
      stop: () => {
        stopped = true;
        this.console.clock.cancel(timer);
      }
    };
  }

  watch(req: Omit<ApiRequest, 'user'>, onEvent: (e: WatchEvent) => void, onError: (s: Status) => void): { stop(): void } {
    return this.console.watch({ ...req, verb: 'watch', user: 'kubectl' }, onEvent, onError);
  }

  async advance(ms: number): Promise<void> {
    await this.conductor.runUntil(this.conductor.now + ms);
  }

  /** Runs until every node is Ready (the CLI waits for this before a script), at most `timeoutMs`. */
  async waitForNodesReady(timeoutMs = 60_000): Promise<boolean> {
    const deadline = this.now + timeoutMs;
    while (this.now < deadline) {
      const r = await this.request({ verb: 'list', resource: 'nodes' });
      if (r.ok) {
        const ready = r.object.items.filter((n: any) => (n.status?.conditions ?? []).some((c: any) => c.type === 'Ready' && c.status === 'True'));
        if (ready.length === this.nodes.size) return true;
      }
      await this.advance(500);
    }
    return false;
  }

  kubectlContext(extra: Partial<KubectlContext> = {}): KubectlContext {
    return {
      request: (req) => this.request(req),
      now: () => this.now,
      kubelet: (node, req) => this.kubeletRequest(node, req),
      metrics: async (node, at) => {
        if (!this.nodes.has(node)) return undefined;
        const r = await this.nodeQuery(node, 'node-os', { action: 'usage', at });
        return r.ok && r.output ? JSON.parse(r.output) : undefined;
      },
      waitFor: async (done, timeoutMs) => {
        const deadline = this.now + timeoutMs;
        for (;;) {
          if (await done()) return true;
          if (this.now >= deadline) return false;
          await this.advance(Math.min(1000, deadline - this.now));
        }
      },
      ...extra
    };
  }
}
