/**
 * The shim: what owns one process once it starts (containerd-shim-runc-v2 in a real node). It
 * drives a resumable Process (programs/process.ts) on the simulation clock: resume(), then sleep
 * on a timer, block until a signal, or exit. Signals: SIGKILL always kills (137); any other goes
 * to the process, which ignores it, dies of it (128+n) or handles it (the shim resumes it at once,
 * dropping a pending sleep: the process re-computes what it waits for). It implements the stop
 * sequence: the stop signal, then SIGKILL when the grace timeout ends (timeout 0: SIGKILL at once),
 * and reports exactly one exit. An exec'd process (ExecSync) gets a shim of its own.
 * upstream: containerd internal/cri/server/container_stop.go (stopContainer: "if timeout > 0"
 * send the stop signal and wait, then SIGKILL), cmd/containerd-shim-runc-v2.
 */

import type { SimClock, TimerId } from '../../kernel/clock';
import type { Process, SignalOutcome } from '../programs/process';
import { exitCodeForSignal, type Signal } from '../programs/programs';

/**
 * Virtual ms from StartContainer (or an exec) until the program runs its first step: runc's
 * create + start and the exec of the entrypoint. It keeps a process that exits at once (`sh -c
 * 'exit 1'`) ending after StartContainer has answered, as on a real node.
 */
export const PROCESS_START_MS = 5;

export interface ShimHooks {
  /** A signal was delivered (for the trace). */
  signalled(signal: Signal, reaction: SignalOutcome['kind']): void;
  /** The process ended: exactly once. */
  exited(exitCode: number, signal?: Signal, reason?: string): void;
}

export class Shim {
  #timers: TimerId[] = [];
  /** The timer of the process's current sleep. */
  #sleep?: TimerId;
  #exited = false;
  #process?: Process;
  #stepping = false;

  constructor(
    readonly program: string,
    readonly argv: string[],
    /** The image's STOPSIGNAL, SIGTERM by default. */
    readonly stopSignal: Signal,
    private readonly clock: SimClock,
    private readonly hooks: ShimHooks,
    /** Creates the process (called once, at start). */
    private readonly spawn: () => Process
  ) {}

  get exited(): boolean {
    return this.#exited;
  }

  /** The running process (undefined before start and after exit). */
  get process(): Process | undefined {
    return this.#exited ? undefined : this.#process;
  }

  start(): void {
    this.#process = this.spawn();
    this.#sleep = this.clock.after(PROCESS_START_MS, () => {
      this.#sleep = undefined;
      this.#step();
    });
  }

  /** Runs the process until it waits or exits. */
  #step(): void {
    if (this.#exited || !this.#process || this.#stepping) return;
    this.#stepping = true;
    let step;
    try {
      step = this.#process.resume();
    } catch (e) {
      // A bug in a program must not stop the simulation: the process crashes.
      step = { kind: 'exit', code: 139 } as const;
      this.#stepping = false;
      void e;
    }
    this.#stepping = false;
    if (this.#exited) return;
    if (step.kind === 'exit') this.exit(((step.code % 256) + 256) % 256);
    else if (step.kind === 'sleep') {
      this.#sleep = this.clock.after(Math.max(0, step.ms), () => {
        this.#sleep = undefined;
        this.#step();
      });
    }
  }

  /** The stop sequence of StopContainer. */
  stop(timeoutSeconds: number): void {
    if (timeoutSeconds <= 0) return this.signal('SIGKILL');
    this.signal(this.stopSignal);
    if (!this.#exited) this.#timers.push(this.clock.after(timeoutSeconds * 1000, () => this.signal('SIGKILL')));
  }

  signal(signal: Signal): void {
    if (this.#exited) return;
    if (signal === 'SIGKILL') {
      this.hooks.signalled(signal, 'die');
      return this.exit(exitCodeForSignal(signal), signal);
    }
    if (!this.#process) return;
    const outcome = this.#process.signal(signal);
    this.hooks.signalled(signal, outcome.kind);
    if (outcome.kind === 'die') this.exit(exitCodeForSignal(signal), signal);
    else if (outcome.kind === 'handled') {
      this.clock.cancel(this.#sleep);
      this.#sleep = undefined;
      this.#step();
    }
  }

  /** Ends the process now (also used for the OOM killer: exit(137, 'SIGKILL', 'OOMKilled')). */
  exit(exitCode: number, signal?: Signal, reason?: string): void {
    if (this.#exited) return;
    this.#exited = true;
    for (const t of this.#timers) this.clock.cancel(t);
    this.clock.cancel(this.#sleep);
    this.#timers = [];
    this.hooks.exited(exitCode, signal, reason);
  }
}
