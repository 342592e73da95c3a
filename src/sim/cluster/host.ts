/**
 * A component host: one clock, one outbox, and the components living on it (the API server, the
 * scheduler, the controller manager, or a pool of kubelets). Hosts never share memory; they
 * exchange Envelopes through the conductor, which keeps them in lockstep on virtual time.
 */
import { SimClock } from '../kernel/clock';
import type { TraceEvent, TraceInput } from '../kernel/trace';
import type { ApiRequest, ApiResult, WatchEvent } from '../apiserver/apiserver';
import type { Status } from '../api/errors';
import type { Transport, WatchHandle } from '../client/transport';
import { Client } from '../client/client';
import { SharedInformerFactory } from '../client/informer';
import type { Envelope, HostMessage, HostLink, StepResult } from './messages';

export const APISERVER_HOST = 'kube-apiserver';

const NOTHING_SENT: Envelope[] = Object.freeze([]) as unknown as Envelope[];
const NOTHING_TRACED: TraceEvent[] = Object.freeze([]) as unknown as TraceEvent[];

export abstract class Host implements HostLink {
  readonly clock = new SimClock();
  #outbox: Envelope[] = [];
  #trace: TraceEvent[] = [];
  #result: StepResult = { outbox: NOTHING_SENT, trace: NOTHING_TRACED, next: Infinity };

  constructor(readonly name: string) {}

  send(to: string, msg: HostMessage): void {
    this.#outbox.push({ from: this.name, to, msg });
  }

  record(e: TraceInput): void {
    this.#trace.push({ t: this.clock.now(), seq: this.#trace.length, ...e } as TraceEvent);
  }

  /**
   * An event its maker built whole, `t` (this host's now) and a placeholder `seq` first, as record
   * would build it: taken as is, without record's copy (the hot paths: an exec probe's ExecSync).
   */
  recordEvent(e: TraceEvent): void {
    e.seq = this.#trace.length;
    this.#trace.push(e);
  }

  step(t: number, inbox: Envelope[]): StepResult {
    this.clock.advanceTo(t);
    for (const env of inbox) this.receive(env);
    this.clock.runUntil(t);
    // The conductor reads a step's result before the host's next step: one result object per host,
    // and new arrays only when the last ones were handed over (most steps of a busy node send nothing).
    const out = this.#result;
    out.next = this.clock.nextDeadline();
    if (this.#outbox.length === 0) out.outbox = NOTHING_SENT;
    else {
      out.outbox = this.#outbox;
      this.#outbox = [];
    }
    if (this.#trace.length === 0) out.trace = NOTHING_TRACED;
    else {
      out.trace = this.#trace;
      this.#trace = [];
    }
    return out;
  }

  protected abstract receive(env: Envelope): void;
}

/**
 * A host whose components are API clients: its Transport turns requests into envelopes to the
 * API server host and routes answers and watch events back to their callbacks.
 */
export class ClientHost extends Host implements Transport {
  #nextId = 1;
  #pending = new Map<number, (r: ApiResult) => void>();
  #watches = new Map<number, { onEvent: (e: WatchEvent) => void; onError: (s: Status) => void }>();
  /** Control commands this host understands (`poweroff`, `config`...). */
  protected controls = new Map<string, (args: Record<string, unknown>) => void>();
  #nextAsk = 1;
  #replies = new Map<number, (args: Record<string, unknown>) => void>();

  constructor(name: string) {
    super(name);
    this.controls.set('reply', (args) => {
      const done = this.#replies.get(Number(args.id));
      this.#replies.delete(Number(args.id));
      done?.(args);
    });
  }

  /** Sends a control command to a host that answers with a `reply` control (`sim explain`, a node's usage). */
  ask(to: string, command: string, args: Record<string, unknown>, done: (reply: Record<string, unknown>) => void): void {
    const id = this.#nextAsk++;
    this.#replies.set(id, done);
    this.send(to, { type: 'control', command, args: { ...args, id, replyTo: this.name } });
  }

  client(user: string): Client {
    return new Client(this, user);
  }

  informerFactory(user: string): SharedInformerFactory {
    return new SharedInformerFactory(this.client(user), (ms, fn) => this.clock.after(ms, fn));
  }

  /** Whether a request or a question (ask) is waiting for its answer. */
  waiting(): boolean {
    return this.#pending.size > 0 || this.#replies.size > 0;
  }

  request(req: ApiRequest, done: (result: ApiResult) => void): void {
    const id = this.#nextId++;
    this.#pending.set(id, done);
    this.send(APISERVER_HOST, { type: 'request', id, req });
  }

  watch(req: ApiRequest, onEvent: (e: WatchEvent) => void, onError: (s: Status) => void): WatchHandle {
    const id = this.#nextId++;
    this.#watches.set(id, { onEvent, onError });
    this.send(APISERVER_HOST, { type: 'watch', id, req });
    return {
      stop: () => {
        if (this.#watches.delete(id)) this.send(APISERVER_HOST, { type: 'watch-stop', id });
      }
    };
  }

  /** Forgets every request and watch in flight (a process that dies loses its connections). */
  protected dropConnections(): void {
    for (const id of this.#watches.keys()) this.send(APISERVER_HOST, { type: 'watch-stop', id });
    this.#watches.clear();
    this.#pending.clear();
  }

  protected receive(env: Envelope): void {
    const m = env.msg;
    switch (m.type) {
      case 'response': {
        const done = this.#pending.get(m.id);
        this.#pending.delete(m.id);
        done?.(m.result);
        break;
      }
      case 'watch-event':
        this.#watches.get(m.id)?.onEvent(m.event);
        break;
      case 'watch-error': {
        const w = this.#watches.get(m.id);
        this.#watches.delete(m.id);
        w?.onError(m.status);
        break;
      }
      case 'control':
        this.controls.get(m.command)?.(m.args);
        break;
    }
  }
}
