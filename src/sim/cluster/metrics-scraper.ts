/**
 * Prometheus's scrape loop over the cluster's kubelets: every `intervalMs` of virtual time (15 s,
 * Prometheus's and metrics-server's usual interval) the console host asks each kubelet host for
 * its nodes' /metrics (job `kubelet`) and /metrics/cadvisor (job `cadvisor`), instance = the node
 * name, and appends what they answer to the MetricsStore. A node whose kubelet is stopped or
 * powered off answers nothing: `up` is 0 and its series go stale.
 * A scrape only reads (the kubelet server renders its registry and cAdvisor's figures in place,
 * untraced): it adds conductor rounds at each scrape instant, never trace events or state the
 * components see, so a cluster's trace is the same with and without the store
 * (tests/unit/monitoring/scraper.test.ts). One figure does depend on how often /metrics/cadvisor
 * is read: a pod's and the root's container_cpu_usage_seconds_total add up their containers' CPU
 * between two reads (cadvisor.ts), so a container that lived between two reads is missed; with the
 * store on, those two counters are as 15 s reads make them. Scrapes are aligned to multiples of the interval
 * (Prometheus spreads targets over it by a hash of their labels; one instant is simpler to read).
 * upstream: prometheus/scrape/scrape.go (scrapeLoop, up, honor_timestamps),
 * documentation/examples/prometheus-kubernetes.yml (the kubelet and cAdvisor jobs).
 */
import { SIM_EPOCH_MS, type TimerId } from '../kernel/clock';
import { MetricsStore, type StoreOptions } from '../monitoring/store';
import type { ConsoleHost } from './console-host';

export const SCRAPE_INTERVAL_MS = 15_000;

interface TargetReply {
  node: string;
  metrics?: string;
  cadvisor?: string;
}

export class MetricsScraper {
  readonly store: MetricsStore;
  /** Scrapes done, and wall-independent cost counters for the bench. */
  scrapes = 0;
  failedParses = 0;
  #timer?: TimerId;
  #stopped = false;

  constructor(
    readonly console: ConsoleHost,
    readonly hosts: () => readonly string[],
    readonly intervalMs = SCRAPE_INTERVAL_MS,
    opts: StoreOptions = {}
  ) {
    this.store = new MetricsStore(opts);
    const now = console.clock.now();
    this.#schedule(Math.ceil(now / intervalMs) * intervalMs - now);
    // The conductor learns a host's next deadline when it steps it: a message wakes the console
    // host now, so the first scrape's timer counts (a control nobody handles changes nothing).
    console.post({ from: 'cluster', to: console.name, msg: { type: 'control', command: 'metrics-wake', args: {} } });
  }

  stop(): void {
    this.#stopped = true;
    this.console.clock.cancel(this.#timer);
  }

  #schedule(delay: number): void {
    if (this.#stopped) return;
    this.#timer = this.console.clock.after(delay, () => this.#scrape());
  }

  #scrape(): void {
    const t = this.console.clock.now();
    this.scrapes++;
    for (const host of this.hosts()) {
      this.console.ask(host, 'metrics-scrape', {}, (reply) => {
        for (const target of (reply.targets as TargetReply[] | undefined) ?? []) {
          this.#append(t, 'kubelet', target.node, target.metrics);
          this.#append(t, 'cadvisor', target.node, target.cadvisor);
        }
      });
    }
    this.#schedule(this.intervalMs);
  }

  #append(t: number, job: string, instance: string, text: string | undefined): void {
    try {
      this.store.appendText(t, job, instance, text, SIM_EPOCH_MS);
    } catch {
      // A malformed exposition: the scrape failed (up 0), as Prometheus records it.
      this.failedParses++;
      this.store.appendScrape(t, job, instance, undefined, SIM_EPOCH_MS);
    }
  }
}
