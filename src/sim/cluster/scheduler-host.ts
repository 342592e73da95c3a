/**
 * kube-scheduler's host: the scheduler and its informers. It talks only to the API server.
 * `sim scheduler config -f` restarts the scheduler with a new KubeSchedulerConfiguration: a new
 * scheduler with fresh informers (its queue and cache rebuilt from the API, as after a restart);
 * a configuration that fails to load or to build changes nothing.
 */
import { ClientHost } from './host';
import { Rand } from '../kernel/rand';
import { Scheduler, SchedulerComponent } from '../scheduler/scheduler';
import type { SharedInformerFactory } from '../client/informer';
import { defaultConfiguration } from '../scheduler/config/defaults';
import { configurationYaml, loadConfiguration } from '../scheduler/config/load';
import type { KubeSchedulerConfiguration } from '../scheduler/config/types';

export const SCHEDULER_HOST = 'kube-scheduler';

export class SchedulerHost extends ClientHost {
  scheduler: Scheduler;
  #factory: SharedInformerFactory;
  #config: KubeSchedulerConfiguration = defaultConfiguration();
  readonly #rand: Rand;

  constructor(seed: number) {
    super(SCHEDULER_HOST);
    this.#rand = new Rand(seed).fork(SCHEDULER_HOST);
    this.#factory = this.informerFactory(SchedulerComponent);
    this.scheduler = this.#newScheduler(this.#factory, this.#config);
    // `sim explain pod`: the console asks, the answer goes back as a control message.
    this.controls.set('explain', (args) => {
      const record = this.scheduler.explain(String(args.namespace), String(args.name)) ?? null;
      this.send(String(args.replyTo), { type: 'control', command: 'reply', args: { id: args.id, record } });
    });
    // `sim scheduler config [-f FILE|-]`: print the running configuration, or restart with a new one.
    this.controls.set('scheduler-config', (args) => {
      const reply = (r: Record<string, unknown>) => this.send(String(args.replyTo), { type: 'control', command: 'reply', args: { id: args.id, ...r } });
      if (typeof args.text !== 'string') return reply({ config: configurationYaml(this.#config) });
      const loaded = loadConfiguration(args.text);
      if (!loaded.ok) return reply({ error: loaded.error });
      const factory = this.informerFactory(SchedulerComponent);
      let next: Scheduler;
      try {
        next = this.#newScheduler(factory, loaded.config);
      } catch (e) {
        return reply({ error: (e as Error).message });
      }
      this.scheduler.stop();
      this.#factory.stop();
      this.scheduler = next;
      this.#factory = factory;
      this.#config = loaded.config;
      factory.start();
      reply({ schedulerNames: next.schedulerNames });
    });
    // Informers start once the host's first step runs (the API server must be reachable).
    this.clock.after(0, () => this.#factory.start());
  }

  #newScheduler(factory: SharedInformerFactory, config: KubeSchedulerConfiguration | undefined): Scheduler {
    return new Scheduler({
      client: this.client(SchedulerComponent),
      factory,
      clock: this.clock,
      rand: this.#rand,
      record: (e) => this.record(e),
      config
    });
  }
}
