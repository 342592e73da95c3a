/**
 * The shim: what owns one container's process once it starts (containerd-shim-runc-v2 in a real
 * node). It runs the program's own exit timer, delivers signals according to the program table,
 * and implements the stop sequence: the stop signal, then SIGKILL when the grace timeout ends
 * (timeout 0: SIGKILL at once). It reports exactly one exit.
 * upstream: containerd internal/cri/server/container_stop.go (stopContainer: "if timeout > 0"
 * send the stop signal and wait, then SIGKILL), cmd/containerd-shim-runc-v2.
 */

import type { SimClock, TimerId } from '../../kernel/clock';
import { exitCodeForSignal, runOf, signalReaction, type Signal, type SignalReaction } from '../programs/programs';

export interface ShimHooks {
  /** A signal was delivered (for the trace). */
  signalled(signal: Signal, reaction: SignalReaction['kind']): void;
  /** The process ended: exactly once. */
  exited(exitCode: number, signal?: Signal, reason?: string): void;
}

export class Shim {
  #timers: TimerId[] = [];
  #exited = false;

  constructor(
    readonly program: string,
    readonly argv: string[],
    /** The image's STOPSIGNAL, SIGTERM by default. */
    readonly stopSignal: Signal,
    private readonly clock: SimClock,
    private readonly hooks: ShimHooks
  ) {}

  get exited(): boolean {
    return this.#exited;
  }

  start(): void {
    const run = runOf(this.program, this.argv);
    if (run.kind === 'exits') this.#timers.push(this.clock.after(run.afterMs, () => this.exit(run.exitCode)));
  }

  /** The stop sequence of StopContainer. */
  stop(timeoutSeconds: number): void {
    if (timeoutSeconds <= 0) return this.signal('SIGKILL');
    this.signal(this.stopSignal);
    if (!this.#exited) this.#timers.push(this.clock.after(timeoutSeconds * 1000, () => this.signal('SIGKILL')));
  }

  signal(signal: Signal): void {
    if (this.#exited) return;
    const reaction = signalReaction(this.program, signal);
    this.hooks.signalled(signal, reaction.kind);
    if (reaction.kind === 'die') this.exit(exitCodeForSignal(signal), signal);
    else if (reaction.kind === 'exit') this.#timers.push(this.clock.after(reaction.afterMs, () => this.exit(reaction.exitCode)));
  }

  /** Ends the process now (also used for the OOM killer: exit(137, 'SIGKILL', 'OOMKilled')). */
  exit(exitCode: number, signal?: Signal, reason?: string): void {
    if (this.#exited) return;
    this.#exited = true;
    for (const t of this.#timers) this.clock.cancel(t);
    this.#timers = [];
    this.hooks.exited(exitCode, signal, reason);
  }
}
