/**
 * A host across a MessagePort (a Web Worker, or a Node worker thread): the conductor's step
 * calls become messages, their results come back as messages. Both ends are here, so the only
 * thing a worker entry point does is build its host and call `serveHost`.
 */
import type { Envelope, HostLink, StepResult } from './messages';

/** The part of MessagePort both browsers and Node's worker_threads provide. */
export interface PortLike {
  postMessage(message: unknown): void;
  // `any`: browsers' and Node's MessagePort declare their listener parameter types differently.
  addEventListener?(type: 'message', listener: (e: any) => void): void;
  on?(event: 'message', listener: (data: any) => void): void;
  start?(): void;
}

export type LinkRequest = { type: 'step'; id: number; t: number; inbox: Envelope[] };
export type LinkResponse = { type: 'stepped'; id: number; result: StepResult };

function listen(port: PortLike, fn: (data: unknown) => void): void {
  if (port.addEventListener) {
    port.addEventListener('message', (e: { data: unknown }) => fn(e.data));
    port.start?.();
  } else if (port.on) {
    port.on('message', fn);
  } else {
    throw new Error('port has no message listener API');
  }
}

export class PortHostLink implements HostLink {
  #nextId = 1;
  #pending = new Map<number, (r: StepResult) => void>();
  /** Messages sent and bytes are counted by the caller; this counts round trips. */
  roundTrips = 0;

  constructor(
    readonly name: string,
    readonly port: PortLike,
    /** Stops the far end (terminates its worker). */
    readonly onDispose?: () => void
  ) {
    listen(port, (data) => {
      const m = data as LinkResponse;
      if (m?.type !== 'stepped') return;
      const done = this.#pending.get(m.id);
      this.#pending.delete(m.id);
      done?.(m.result);
    });
  }

  dispose(): void {
    this.onDispose?.();
  }

  step(t: number, inbox: Envelope[]): Promise<StepResult> {
    const id = this.#nextId++;
    this.roundTrips++;
    return new Promise((resolve) => {
      this.#pending.set(id, resolve);
      this.port.postMessage({ type: 'step', id, t, inbox } satisfies LinkRequest);
    });
  }
}

/** The worker side: answers step requests with the host's results. */
export function serveHost(host: HostLink, port: PortLike): void {
  listen(port, async (data) => {
    const m = data as LinkRequest;
    if (m?.type !== 'step') return;
    const result = await host.step(m.t, m.inbox);
    port.postMessage({ type: 'stepped', id: m.id, result } satisfies LinkResponse);
  });
}
