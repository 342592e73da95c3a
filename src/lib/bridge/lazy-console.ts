/**
 * A session's console, loaded on its first line. The console's code (kubectl's verbs, printers and
 * describe, the `sim` verbs: about a quarter of the cluster worker) stays out of the worker's first
 * fetch and compile, which /embed waits for before its first frame. A Console does nothing until a
 * line runs (its constructor only keeps the cluster), so when it loads changes no trace.
 */
import type { Cluster } from '../../sim/cluster/cluster';
import type { Console, ConsoleOptions, ExecOutcome } from '../../sim/cluster/console';

export class LazyConsole {
  #console?: Console;
  #loading?: Promise<Console>;

  constructor(
    readonly cluster: Cluster,
    readonly options: ConsoleOptions
  ) {}

  /** Loads the console's code (once); a session's owner may call it early, when the thread is idle. */
  load(): Promise<Console> {
    this.#loading ??= import('../../sim/cluster/console').then(({ Console }) => (this.#console = new Console(this.cluster, this.options)));
    return this.#loading;
  }

  async exec(script: string): Promise<ExecOutcome> {
    return (await this.load()).exec(script);
  }

  /** Ctrl-C: stops the console's streams (none before it has loaded). Returns how many were stopped. */
  interrupt(): number {
    return this.#console?.interrupt() ?? 0;
  }
}
