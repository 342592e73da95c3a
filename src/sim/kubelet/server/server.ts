/**
 * The kubelet's own HTTPS API on port 10250, as the API server reaches it for `kubectl logs`,
 * `kubectl exec` and the node proxy (`/api/v1/nodes/NODE/proxy/...`). Every request passes the
 * authentication / authorization filter (auth.ts), then: /healthz (`ok`), /metrics (Prometheus
 * text), /stats/summary (statsapi.Summary JSON), /pods (the kubelet's pods), /containerLogs/
 * {namespace}/{pod}/{container} (the container's log file read with PodLogOptions) and
 * /exec/{namespace}/{pod}/{container}?command=... (the CRI ExecSync of the command; upstream
 * streams over SPDY / WebSocket, kubarium answers once with {stdout, stderr, exitCode} as JSON) and
 * /portForward/{namespace}/{pod} (CRI PortForward: one HTTP exchange per connection, see
 * #portForward).
 * Answers come back through a callback: reading the runtime is a CRI call that takes virtual time.
 * upstream: pkg/kubelet/server/server.go (InstallDefaultHandlers, InstallDebuggingHandlers,
 * getContainerLogs, getExec, getPortForward, getPods), pkg/kubelet/kubelet_pods.go (GetKubeletContainerLogs),
 * pkg/kubelet/kuberuntime/kuberuntime_container.go (GetContainerLogs).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { SIM_EPOCH_MS, type SimClock } from '../../kernel/clock';
import type { TraceInput } from '../../kernel/trace';
import { goQuote } from '../../api/gostrings';
import type { ContainerRuntime } from '../../node/cri/runtime';
import type { HttpResponse } from '../../node/programs/process';
import type { KubeletConfiguration } from '../config/config';
import { isMirrorPod, type NodeFiles } from '../config/file';
import type { KubeletPods } from '../kubelet-pods';
import type { KubeletMetrics, RuntimeCounts } from '../metrics/metrics';
import type { NodeIdentity } from '../nodestatus/setters';
import { authFilter, type ClientCertificate } from './auth';
import { containerLogPath, readLogs, validateContainerLogStatus, type LogOptions } from './container-logs';
import { buildSummary } from './stats';
import { renderCadvisor } from './cadvisor';
import { nodeOSFor } from '../../node/os/node-os';

/** upstream: pkg/cluster/ports KubeletPort */
export const KUBELET_PORT = 10250;

export interface KubeletRequest {
  method: 'GET' | 'POST';
  /** The path with its query, as the API server's kubelet client sends it. */
  path: string;
  /** The TLS client certificate presented (the API server's kubelet client certificate). */
  clientCertificate?: ClientCertificate;
  /** The port dialled: 10250 (the default), or the read-only port (plain HTTP, no auth) when configured. */
  port?: number;
  /** The exec's stdin stream (`stdin=1`), whole: what `kubectl exec -i` read from its stdin. */
  body?: string;
}

/** upstream: server.go ListenAndServeKubeletReadOnlyServer: only the default handlers, no logs or exec. */
const READ_ONLY_PATHS = new Set(['healthz', 'pods', 'stats', 'metrics', 'spec']);

export interface KubeletResponse {
  status: number;
  body: string;
  contentType: string;
}

/** A connection attempt: the kubelet's answer, or the dial error (`dial tcp 10.0.0.3:10250: connect: connection refused`). */
export type KubeletDialResult = { ok: true; res: KubeletResponse } | { ok: false; error: string };

/** What `/exec` answers (kubarium's stand-in for the stream protocol). */
export interface ExecResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/**
 * What a connection through `/portForward` answers (kubarium's stand-in for the stream): the
 * server's HTTP response, or the stream's error text (`error forwarding port 80 to pod ...`).
 */
export type PortForwardResult = HttpResponse;

export interface KubeletServerDeps {
  identity: NodeIdentity;
  clock: SimClock;
  config(): KubeletConfiguration;
  files?: NodeFiles;
  /** The runtime as the kubelet calls it (instrumented for metrics). */
  runtime(): ContainerRuntime;
  /** The kubelet's pod lifecycle once it runs (undefined while it registers). */
  pods(): KubeletPods | undefined;
  metrics(): KubeletMetrics;
  /** Virtual ms the kubelet process started. */
  startTime(): number;
  /** Each request is traced as `kubelet.serve` (method, path, code, user) when answered. */
  trace?: (e: TraceInput) => void;
}

/** upstream: expfmt FmtText, the content type of the text exposition format. */
const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';
const text = (status: number, body: string): KubeletResponse => ({ status, body, contentType: 'text/plain; charset=utf-8' });
const json = (body: unknown): KubeletResponse => ({ status: 200, body: JSON.stringify(body), contentType: 'application/json' });

export class KubeletServer {
  constructor(readonly deps: KubeletServerDeps) {}

  /** Serves one request; `respond` is called once, possibly later in virtual time. */
  handle(req: KubeletRequest, done: (res: KubeletResponse) => void): void {
    const [path, rawQuery = ''] = req.path.split(/\?(.*)/s);
    const query = new URLSearchParams(rawQuery);
    const readOnly = req.port !== undefined && req.port !== KUBELET_PORT && req.port === this.deps.config().readOnlyPort;
    const auth = readOnly ? { ok: true as const, user: { name: 'system:anonymous', groups: ['system:unauthenticated'] } } : authFilter(this.deps.config(), req.method, path, req.clientCertificate);
    const respond = (res: KubeletResponse) => {
      this.deps.trace?.({ component: 'kubelet', node: this.deps.identity.name, kind: 'kubelet.serve', method: req.method, path: req.path, code: res.status, user: auth.ok ? auth.user.name : '' });
      done(res);
    };
    if (!auth.ok) return respond(text(auth.status, auth.body));
    const parts = path.split('/').filter((p) => p !== '');
    if (readOnly && !READ_ONLY_PATHS.has(parts[0] ?? '')) return respond(text(404, '404 page not found\n'));
    switch (parts[0]) {
      case 'healthz':
        return respond(text(200, 'ok'));
      case 'metrics':
        if (parts[1] === 'cadvisor' && parts.length === 2) return respond({ status: 200, body: this.cadvisorText(), contentType: PROMETHEUS_TEXT });
        if (parts.length > 1) break;
        return respond({ status: 200, body: this.metricsText(), contentType: PROMETHEUS_TEXT });
      case 'stats':
        if (parts[1] !== 'summary' || parts.length > 2) break;
        return respond(json(buildSummary({ identity: this.deps.identity, now: this.deps.clock.now(), startTime: this.deps.startTime(), pods: this.#pods() })));
      case 'pods':
        if (parts.length > 1) break;
        return respond(json({ kind: 'PodList', apiVersion: 'v1', metadata: {}, items: this.#pods() }));
      case 'containerLogs':
        return this.#containerLogs(parts.slice(1), query, respond);
      case 'exec':
        return this.#exec(parts.slice(1), query, respond, query.get('stdin') === '1' ? (req.body ?? '') : undefined);
      case 'portForward':
        if (req.method !== 'POST') break;
        return this.#portForward(parts.slice(1), query, req.body, respond);
    }
    respond(text(404, '404 page not found\n'));
  }

  /** The pods the kubelet runs (API pods bound here and static pods), with the status it last set. */
  #pods(): any[] {
    const pods = this.deps.pods();
    if (!pods) return [];
    const all = [...pods.informer.list().filter((p) => !isMirrorPod(p)), ...pods.staticPods.values()];
    return all.map((p) => {
      const status = pods.statusManager.get(p.metadata.uid);
      return status ? { ...p, status } : p;
    });
  }

  #pod(namespace: string, name: string): any | undefined {
    return this.#pods().find((p) => p.metadata.namespace === namespace && p.metadata.name === name);
  }

  /**
   * upstream: pleg/generic.go updateRunningPodAndContainerMetrics: the relist sets the running
   * gauges from what it listed; a scrape only reads them. Here the scrape reads the runtime's
   * sandboxes and containers in place (what the last relist saw): no CRI call, no virtual time.
   */
  #runtimeCounts(): RuntimeCounts {
    const { sandboxes, containers: cs } = this.deps.runtime().inventory();
    const containers: Record<string, number> = {};
    for (const c of cs) {
      const state = c.state.replace(/^CONTAINER_/, '').toLowerCase();
      containers[state] = (containers[state] ?? 0) + 1;
    }
    return { runningPods: sandboxes.filter((s) => s.state === 'SANDBOX_READY').length, containers };
  }

  /** /metrics now: also what the metrics store's scrape reads (untraced: a scrape must not change the trace). */
  metricsText(): string {
    return this.deps.metrics().render(this.deps.clock.now(), this.#runtimeCounts());
  }

  /** /metrics/cadvisor: the node's kernel figures for every cgroup, as cAdvisor exposes them. */
  cadvisorText(): string {
    const runtime = this.deps.runtime();
    const { clock, identity } = this.deps;
    return renderCadvisor({ identity, os: nodeOSFor(runtime, clock), containers: runtime.inventory().containers, driver: this.deps.config().cgroupDriver, now: clock.now() });
  }

  /** upstream: server.go getContainerLogs + kubelet_pods.go GetKubeletContainerLogs. */
  #containerLogs(parts: string[], query: URLSearchParams, respond: (r: KubeletResponse) => void): void {
    const [namespace, podName, containerName] = parts;
    if (!namespace) return respond(text(400, '{"message": "Missing podNamespace."}'));
    if (!podName) return respond(text(400, '{"message": "Missing podID."}'));
    if (!containerName) return respond(text(400, '{"message": "Missing container name."}'));
    const opts: LogOptions = {};
    for (const [key, field] of [['tailLines', 'tailLines'], ['limitBytes', 'limitBytes'], ['sinceSeconds', 'sinceSeconds']] as const) {
      const v = query.get(key);
      if (v === null) continue;
      const n = Number(v);
      if (!/^-?\d+$/.test(v)) return respond(text(400, `{"message": "Unable to decode query."}`));
      if (field === 'sinceSeconds') opts.sinceMs = this.deps.clock.now() - n * 1000;
      else opts[field] = n;
    }
    const sinceTime = query.get('sinceTime');
    if (sinceTime !== null) opts.sinceMs = Date.parse(sinceTime) - SIM_EPOCH_MS;
    opts.timestamps = query.get('timestamps') === 'true';
    const previous = query.get('previous') === 'true';
    const pod = this.#pod(namespace, podName);
    if (!pod) return respond(text(404, `pod ${goQuote(podName)} does not exist\n`));
    const inSpec = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? []), ...(pod.spec?.ephemeralContainers ?? [])].some((c: any) => c.name === containerName);
    if (!inSpec) return respond(text(404, `container ${goQuote(containerName)} not found in pod ${goQuote(podName)}\n`));
    const chosen = validateContainerLogStatus(podName, pod.status, containerName, previous);
    if ('error' in chosen) return respond(text(400, chosen.error));
    const id = chosen.containerID.replace(/^[a-z]+:\/\//, '');
    this.deps.runtime().ContainerStatus(id, (r) => {
      if (!r.ok) return respond(text(400, `failed to get container status ${goQuote(id)}: rpc error: code = ${r.error.code} desc = ${r.error.message}`));
      const { uid } = pod.metadata;
      const logPath = r.value.logPath.startsWith('/') ? r.value.logPath : containerLogPath(namespace, podName, uid, containerName, r.value.metadata.attempt);
      const file = this.deps.files?.get(logPath) ?? '';
      respond(text(200, readLogs(file, opts)));
    });
  }

  /**
   * upstream: server.go getPortForward -> kuberuntime GetPortForward (the pod's sandbox) -> CRI
   * PortForward. Without a body this is the stream's upgrade (kubectl port-forward starting: 200
   * when the pod has a sandbox to reach); with one, a connection on it: the body is the HTTP request
   * (`{path, headers}`), the answer `PortForwardResult` as JSON.
   */
  #portForward(parts: string[], query: URLSearchParams, body: string | undefined, respond: (r: KubeletResponse) => void): void {
    const [namespace, podName] = parts;
    if (!namespace || !podName || parts.length > 3) return respond(text(404, '404 page not found\n'));
    const pod = this.#pod(namespace, podName);
    if (!pod) return respond(text(404, 'pod does not exist'));
    const { uid } = pod.metadata;
    // upstream: GetPortForward -> getSandboxIDByPodUID: the newest sandbox first.
    const sandbox = this.deps
      .runtime()
      .inventory()
      .sandboxes.filter((sb) => sb.metadata.uid === uid)
      .sort((a, b) => b.createdAt - a.createdAt)[0];
    if (!sandbox) return respond(text(500, `failed to find sandboxID for pod ${podName}_${namespace}(${uid})`));
    if (body === undefined) return respond(json({ podSandboxId: sandbox.id }));
    const port = Number(query.get('port'));
    if (!Number.isInteger(port) || port < 1 || port > 65535) return respond(text(400, `invalid port ${JSON.stringify(query.get('port') ?? '')}`));
    const request = JSON.parse(body) as { path: string; headers: Record<string, string> };
    this.deps.runtime().PortForward(sandbox.id, port, request, (r) => {
      if (!r.ok) return respond(json({ error: `error forwarding port ${port} to pod ${sandbox.id}, uid : ${r.error.message}` } satisfies PortForwardResult));
      respond(json(r.value satisfies PortForwardResult));
    });
  }

  /** upstream: server.go getExec -> the runtime's exec for the container (here CRI ExecSync). */
  #exec(parts: string[], query: URLSearchParams, respond: (r: KubeletResponse) => void, stdin?: string): void {
    const [namespace, podName, containerName] = parts;
    const command = query.getAll('command');
    if (!namespace || !podName || !containerName) return respond(text(400, 'Missing podNamespace, podID or container name.'));
    const pod = this.#pod(namespace, podName);
    if (!pod) return respond(text(404, `pod ${goQuote(podName)} does not exist\n`));
    // upstream: kubelet.go GetExec -> findContainer: the running container with that name.
    const st = [...(pod.status?.containerStatuses ?? []), ...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.ephemeralContainerStatuses ?? [])].find((s: any) => s.name === containerName);
    if (!st?.state?.running || !st.containerID) return respond(text(500, `container not found (${goQuote(containerName)})`));
    const id = String(st.containerID).replace(/^[a-z]+:\/\//, '');
    this.deps.runtime().ExecSync(
      id,
      command,
      0,
      (r) => {
        if (!r.ok) return respond(text(500, `error executing command in container: ${r.error.message}`));
        respond(json({ stdout: r.value.stdout, stderr: r.value.stderr, exitCode: r.value.exitCode } satisfies ExecResult));
      },
      stdin
    );
  }
}
