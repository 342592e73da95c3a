/**
 * kube-scheduler's host: the scheduler and its informers. It talks only to the API server.
 */
import { ClientHost } from './host';
import { Rand } from '../kernel/rand';
import { Scheduler, SchedulerComponent } from '../scheduler/scheduler';

export const SCHEDULER_HOST = 'kube-scheduler';

export class SchedulerHost extends ClientHost {
  readonly scheduler: Scheduler;

  constructor(seed: number) {
    super(SCHEDULER_HOST);
    const factory = this.informerFactory(SchedulerComponent);
    this.scheduler = new Scheduler({
      client: this.client(SchedulerComponent),
      factory,
      clock: this.clock,
      rand: new Rand(seed).fork(SCHEDULER_HOST),
      record: (e) => this.record(e)
    });
    // `sim explain pod`: the console asks, the answer goes back as a control message.
    this.controls.set('explain', (args) => {
      const record = this.scheduler.explain(String(args.namespace), String(args.name)) ?? null;
      this.send(String(args.replyTo), { type: 'control', command: 'reply', args: { id: args.id, record } });
    });
    // Informers start once the host's first step runs (the API server must be reachable).
    this.clock.after(0, () => factory.start());
  }
}
