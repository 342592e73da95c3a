/**
 * Runs one probe of a container with its handler and turns the handler's answer into a result:
 * a failure records a Warning Unhealthy event "<Type> probe failed: <output>", a handler error is
 * retried (3 tries) and then reported as "<Type> probe errored and resulted in <result> state:
 * <err>" with its result thrown away by the worker, a warning is a success with a ProbeWarning.
 * upstream: pkg/kubelet/prober/prober.go (probe, runProbeWithRetries, runProbe),
 * pkg/probe/util.go ResolveContainerPort, pkg/kubelet/container/helpers.go ExpandContainerCommandOnlyStatic
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { EventRecorder } from '../../client/events';
import { newListenerMemo, TrivialExec, type ContainerRuntime, type ListenerMemo } from '../../node/cri/runtime';
import { expand } from '../kuberuntime/container-config';
import type { Result } from './results/results-manager';
import { doExecProbe, execOutcome } from './probe/exec';
import { doGRPCProbe } from './probe/grpc';
import { doHTTPProbe } from './probe/http';
import { memoAnswer, type AnswerMemo, type ProbeNetwork, type ProbeOutcome } from './probe/probe';
import { doTCPProbe } from './probe/tcp';

export type ProbeType = 'liveness' | 'readiness' | 'startup';

/** upstream: prober_manager.go probeType.String(). */
export const PROBE_TYPE_NAME: Record<ProbeType, string> = { liveness: 'Liveness', readiness: 'Readiness', startup: 'Startup' };

/** upstream: prober.go maxProbeRetries */
const MAX_PROBE_RETRIES = 3;

export interface ProberDeps {
  runtime: Pick<ContainerRuntime, 'ExecSync' | 'processesAt' | 'hostNetworkProcesses'> & Partial<Pick<ContainerRuntime, 'listenerAt' | 'execTrivial' | 'netEpoch' | 'answerEpoch' | 'watchAnswers'>>;
  recorder: EventRecorder;
  /** The node's IP: it and loopback reach the hostNetwork pods (the kubelet probes from the host's network). */
  hostIP?: string;
  after: (ms: number, fn: () => void) => void;
  /** `sim container hang`: the container answers no probe. */
  isHung?: (containerID: string) => boolean;
  /** A klog line at verbosity `v` in the kubelet's journal (written only when the kubelet logs at `v`). */
  klog?: KlogV;
}

/** The kubelet's verbosity-gated klog: `enabled(v)` first, so a line that is not written costs nothing. */
export interface KlogV {
  enabled(v: number): boolean;
  write(severity: 'I' | 'W' | 'E', source: string, msg: string, kv: Record<string, unknown>): void;
}

export interface ProbeAnswer {
  result: Result;
  output: string;
  /** The probe errored: the worker throws the result away. */
  error?: string;
}

/** upstream: pkg/probe/util.go ResolveContainerPort (findPortByName, then "maybe it was an int stored as string?"). */
export function resolveContainerPort(param: number | string | undefined, container: any): { port: number } | { error: string } {
  let port: number;
  if (typeof param === 'number') port = param;
  else {
    const named = (container.ports ?? []).find((p: any) => p.name === param);
    if (named) port = named.containerPort;
    else if (/^[+-]?\d+$/.test(String(param))) port = Number(param);
    else return { error: `strconv.Atoi: parsing ${JSON.stringify(String(param ?? ''))}: invalid syntax` };
  }
  if (port > 0 && port < 65536) return { port };
  return { error: `invalid port number: ${port}` };
}

/** A handler that is not exec's. */
const NO_COMMAND: string[] = Object.freeze([]) as unknown as string[];

/** A probe without httpHeaders (frozen: its kube-probe headers are made once). */
const NO_HEADERS: readonly { name: string; value: string }[] = Object.freeze([]);

const unknownOutcome = (error: string): ProbeOutcome => ({ result: 'unknown', output: '', error });

export function probeSpecOf(container: any, probeType: ProbeType): any {
  return probeType === 'liveness' ? container.livenessProbe : probeType === 'readiness' ? container.readinessProbe : container.startupProbe;
}

export class Prober {
  /** The node's view of the pods' addresses, made once (hot path: no closure per probe). */
  readonly #processesAt: (ip: string) => ReturnType<ProbeNetwork['processesAt']>;
  /** The runtime's ExecSync, read once (the instrumented runtime still times every call). */
  readonly #exec: Pick<ContainerRuntime, 'ExecSync'>;
  /** The runtime's ExecSync of `true` / `false` (exec probes' hot path), when it has one. */
  readonly #execTrivial?: (x: TrivialExec) => boolean;
  /** The node's network as a probe sees it, for an answering and for a hung container (made once). */
  readonly #net: ProbeNetwork;
  readonly #hungNet: ProbeNetwork;
  /** deps.isHung, read once (every probe asks it). */
  readonly #isHung?: (containerID: string) => boolean;

  constructor(readonly deps: ProberDeps) {
    const { runtime, hostIP } = deps;
    this.#isHung = deps.isHung;
    // Read the methods once: through the kubelet's instrumented runtime each read is a proxy trap.
    const processesAt = runtime.processesAt;
    const hostNetworkProcesses = runtime.hostNetworkProcesses;
    const execSync = runtime.ExecSync;
    this.#exec = { ExecSync: (id, cmd, timeout, cb) => execSync.call(runtime, id, cmd, timeout, cb) };
    const execTrivial = runtime.execTrivial;
    this.#execTrivial = execTrivial && ((x) => execTrivial.call(runtime, x));
    const listenerAt = runtime.listenerAt;
    const netEpoch = runtime.netEpoch;
    const answerEpoch = runtime.answerEpoch;
    const epochs = netEpoch && answerEpoch ? { netEpoch: () => netEpoch.call(runtime), answerEpoch: () => answerEpoch.call(runtime) } : {};
    const isHost = (ip: string) => ip === '127.0.0.1' || ip === 'localhost' || ip === hostIP;
    this.#processesAt = (ip) => (isHost(ip) ? hostNetworkProcesses.call(runtime) : processesAt.call(runtime, ip));
    // The node's own addresses reach the hostNetwork pods (the runtime answers 'localhost' only through this list).
    const listener = listenerAt && ((ip: string, port: number, memo?: ListenerMemo) => (isHost(ip) ? (hostNetworkProcesses.call(runtime).find((p) => p.listening().includes(port)) ?? null) : listenerAt.call(runtime, ip, port, memo)));
    this.#net = Object.freeze({ processesAt: this.#processesAt, ...(listener ? { listenerAt: listener } : {}), ...epochs, hung: false, after: deps.after });
    // A remembered answer holds while the answer epoch stands: the probes asleep on one wake when it moves.
    if (answerEpoch !== undefined) runtime.watchAnswers?.call(runtime, () => this.wakeSleepers());
    this.#hungNet = Object.freeze({ processesAt: this.#processesAt, ...(listener ? { listenerAt: listener } : {}), hung: true, after: deps.after });
  }

  /**
   * The workers asleep on a remembered answer (see Worker): each is told once, when the node's
   * answer epoch next moves (a container, the network or a file changed, or a container hung).
   */
  #sleepers: (() => void)[] = [];

  sleepUntilAnswersChange(wake: () => void): void {
    this.#sleepers.push(wake);
  }

  wakeSleepers(): void {
    const sleepers = this.#sleepers;
    if (sleepers.length === 0) return;
    this.#sleepers = [];
    for (const wake of sleepers) wake();
  }

  /** The kubelet stopped: its workers sleep no more (the runtime's next kubelet watches it instead). */
  stop(): void {
    this.#sleepers = [];
  }

  /** upstream: prober.go probe */
  probe(probeType: ProbeType, pod: any, status: any, container: any, containerID: string, fieldPath: string, cb: (a: ProbeAnswer) => void): void {
    this.call(probeType, pod, container, fieldPath, cb).run(status, containerID);
  }

  /**
   * The probes of one container and type, run one at a time (a probe worker's ticker waits for
   * each): made once per worker, so a probe allocates no call record and works its handler out once.
   */
  call(probeType: ProbeType, pod: any, container: any, fieldPath: string, cb: (a: ProbeAnswer) => void): ProbeCall {
    return new ProbeCall(this, probeType, pod, container, fieldPath, probeSpecOf(container, probeType), cb);
  }

  /** upstream: prober.go runProbeWithRetries: only an error is retried (MAX_PROBE_RETRIES runs in all). */
  static retry(call: ProbeCall): void {
    call.prober.#run(call);
  }

  /** upstream: prober.go probe: the handler's outcome as a result, with its Warning event. */
  static answer(call: ProbeCall, o: ProbeOutcome): void {
    const { cb } = call;
    // A success (the steady state) answers at once: no event, no log line, nothing made for them.
    if (o.result === 'success' && o.error === undefined) return cb(call.success(o.output));
    const name = PROBE_TYPE_NAME[call.probeType];
    const warn = (reason: string, message: string) => call.prober.deps.recorder.event(call.pod, 'Warning', reason, message, call.fieldPath);
    const klog = call.prober.deps.klog;
    // upstream: prober.go probe: klog.V(1) "Probe errored" / "Probe failed", beside the Unhealthy event.
    if (o.result !== 'success' && o.result !== 'warning' && klog?.enabled(1)) {
      const { namespace, name: podName, uid } = call.pod.metadata;
      const kv = { probeType: name, pod: `${namespace}/${podName}`, podUID: uid, containerName: call.container.name, probeResult: o.result };
      if (o.error !== undefined) klog.write('E', 'prober.go:100', 'Probe errored', { err: o.error, ...kv });
      else klog.write('I', 'prober.go:107', 'Probe failed', { ...kv, output: o.output });
    }
    if (o.error !== undefined) {
      warn('Unhealthy', `${name} probe errored and resulted in ${o.result} state: ${o.error}`);
      return cb({ result: 'Failure', output: o.output, error: o.error });
    }
    switch (o.result) {
      case 'success':
        return cb({ result: 'Success', output: o.output });
      case 'warning':
        warn('ProbeWarning', `${name} probe warning: ${o.output}`);
        return cb({ result: 'Success', output: o.output });
      case 'failure':
        warn('Unhealthy', `${name} probe failed: ${o.output}`);
        return cb({ result: 'Failure', output: o.output });
      default:
        return cb({ result: 'Failure', output: o.output });
    }
  }

  /** upstream: prober.go runProbe */
  #run(call: ProbeCall): void {
    const { status, containerID, done } = call;
    const net = this.#isHung !== undefined && this.#isHung(containerID) ? this.#hungNet : this.#net;
    // The handler's kind, timeout, command and host are the call's own fields: a probe that keeps
    // passing does not read the handler object (on a big node, one cache miss fewer per probe).
    const h = call.handler();
    const timeout = call.timeout;
    if (call.kind === 'exec') {
      // `true` / `false` through the runtime's record for this probe (same trace, timing and answer as ExecSync).
      if (this.#execTrivial !== undefined && !net.hung && this.#execTrivial(call.trivialExec().set(containerID, call.command, timeout))) return;
      return doExecProbe(this.#exec, net, containerID, call.command, timeout, done);
    }
    // Read after exec's branch: an exec probe does not read the pod status (another miss).
    const podIP: string = status.podIP ?? '';
    const host = call.target || podIP;
    if (call.kind === 'http' || call.kind === 'tcp') {
      // The same success as last time while it holds (see AnswerMemo): the call is its own memo.
      const again = memoAnswer(net, host, call);
      if (again !== undefined) {
        call.remembered = true;
        return done(again);
      }
    }
    switch (h.kind) {
      case 'http':
        return doHTTPProbe(net, { scheme: h.scheme, host, port: h.port, path: h.path, headers: h.headers }, timeout, done, call.memo, call);
      case 'tcp':
        return doTCPProbe(net, host, h.port, timeout, done, call.memo, call);
      case 'grpc':
        return doGRPCProbe(net, podIP, h.port, h.service, timeout, done);
      case 'error':
        return done(unknownOutcome(h.error));
    }
  }
}

/**
 * A container's probes of one type: each run is one probe through its retries (the hot path: no
 * allocation per probe). It is its own AnswerMemo: a network probe's last success, while it holds.
 */
export class ProbeCall implements AnswerMemo {
  #retriesLeft = MAX_PROBE_RETRIES;
  /** The pod status and container of the probe running now. */
  status: any;
  containerID = '';
  // The handler's fields every probe reads (set with the handler).
  kind: Handler['kind'] = 'error';
  timeout = 1;
  command: string[] = NO_COMMAND;
  /** httpGet's or tcpSocket's host ('' for the pod's IP). */
  target = '';
  // AnswerMemo.
  epoch = NaN;
  host = '';
  outcome: ProbeOutcome | undefined = undefined;
  /** The probe running now was answered from the memo (it would be answered so again while the answer epoch stands). */
  remembered = false;
  /** Where this probe's last dial went (the runtime answers from it while nothing reachable changed). */
  readonly memo: ListenerMemo = newListenerMemo();
  /** The handler, once worked out (only for frozen API objects: they cannot change under it). */
  #handler?: Handler;

  constructor(
    readonly prober: Prober,
    readonly probeType: ProbeType,
    readonly pod: any,
    readonly container: any,
    readonly fieldPath: string,
    readonly spec: any,
    readonly cb: (a: ProbeAnswer) => void
  ) {
    // An exec probe's record is made with the call (and its worker): objects made together lie
    // together, and each exec reads all three (on a big node, fewer cache misses per probe).
    if (spec !== undefined && spec !== null && spec.exec !== undefined) this.trivialExec();
  }

  /** One probe of the container (the previous one has answered). */
  run(status: any, containerID: string): void {
    // Compared, not tested for truth: that would read the spec object itself (a cache miss on a big node).
    if (this.spec === undefined || this.spec === null) return this.cb({ result: 'Success', output: '' });
    this.#retriesLeft = MAX_PROBE_RETRIES;
    this.remembered = false;
    this.status = status;
    this.containerID = containerID;
    Prober.retry(this);
  }

  /** The Success answer with this output: the last one made again when the output is the same (probes that keep passing). */
  success(output: string): ProbeAnswer {
    if (this.#successOutput !== output || this.#success === undefined) {
      this.#success = Object.freeze({ result: 'Success', output });
      this.#successOutput = output;
    }
    return this.#success;
  }

  #success?: ProbeAnswer;
  /** #success's output, compared without reading #success. */
  #successOutput?: string;

  handler(): Handler {
    if (this.#handler !== undefined) return this.#handler;
    const h = handlerOf(this.spec, this.container);
    this.kind = h.kind;
    this.timeout = h.timeout;
    this.command = h.kind === 'exec' ? h.command : NO_COMMAND;
    this.target = h.kind === 'http' || h.kind === 'tcp' ? h.host : '';
    if (Object.isFrozen(this.spec) && Object.isFrozen(this.container)) this.#handler = h;
    return h;
  }

  /** This probe's record for the runtime's execTrivial (made with the call, for an exec probe). */
  trivialExec(): TrivialExec {
    return (this.#trivialExec ??= new TrivialExec((r) => this.done(execOutcome(r)), true));
  }

  #trivialExec?: TrivialExec;

  readonly done = (o: ProbeOutcome): void => {
    if (o.error !== undefined && this.#retriesLeft-- > 1) return Prober.retry(this);
    Prober.answer(this, o);
  };
}

/** A probe's handler with its parameters worked out (ports resolved, $(VAR) expanded, headers made), and its timeoutSeconds. */
type Handler = { timeout: number } & (
  | { kind: 'exec'; command: string[] }
  | { kind: 'http'; scheme: 'http' | 'https'; host: string; port: number; path: string; headers: readonly { name: string; value: string }[] }
  | { kind: 'tcp'; host: string; port: number }
  | { kind: 'grpc'; port: number; service: string }
  | { kind: 'error'; error: string }
);

/** A pod's probe spec and container are frozen API objects: their handler is worked out once. */
const handlers = new WeakMap<object, Handler>();

function handlerOf(spec: any, container: any): Handler {
  const frozen = Object.isFrozen(spec) && Object.isFrozen(container);
  let h = frozen ? handlers.get(spec) : undefined;
  if (h && frozen) return h;
  h = makeHandler(spec, container);
  if (frozen) handlers.set(spec, h);
  return h;
}

function makeHandler(spec: any, container: any): Handler {
  return { ...handlerParameters(spec, container), timeout: spec.timeoutSeconds ?? 1 } as Handler;
}

function handlerParameters(spec: any, container: any): DistributiveOmit<Handler, 'timeout'> {
  if (spec.exec) {
    // upstream: ExpandContainerCommandOnlyStatic: $(VAR) from the container's literal env values only.
    const raw: string[] = spec.exec.command ?? [];
    if (raw.every((a) => typeof a === 'string' && !a.includes('$'))) return { kind: 'exec', command: Object.freeze(raw.slice()) as string[] };
    const env = new Map<string, string>((container.env ?? []).filter((e: any) => e.value !== undefined).map((e: any) => [e.name, String(e.value)]));
    return { kind: 'exec', command: Object.freeze(raw.map((a: string) => expand(a, (n) => env.get(n)))) as string[] };
  }
  if (spec.httpGet) {
    const g = spec.httpGet;
    const port = resolveContainerPort(g.port, container);
    if ('error' in port) return { kind: 'error', error: port.error };
    const scheme = String(g.scheme ?? 'HTTP').toLowerCase() === 'https' ? 'https' : 'http';
    return { kind: 'http', scheme, host: g.host || '', port: port.port, path: g.path ?? '/', headers: g.httpHeaders ?? NO_HEADERS };
  }
  if (spec.tcpSocket) {
    const port = resolveContainerPort(spec.tcpSocket.port, container);
    if ('error' in port) return { kind: 'error', error: port.error };
    return { kind: 'tcp', host: spec.tcpSocket.host || '', port: port.port };
  }
  if (spec.grpc) return { kind: 'grpc', port: spec.grpc.port, service: spec.grpc.service ?? '' };
  return { kind: 'error', error: `missing probe handler for ${container.name}` };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
