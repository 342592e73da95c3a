/**
 * The TTL-after-finished controller: deletes a finished Job `spec.ttlSecondsAfterFinished`
 * seconds after its Complete or Failed condition, in the foreground (its pods go first).
 * upstream: pkg/controller/ttlafterfinished/ttlafterfinished_controller.go (addJob, updateJob,
 * enqueueAfter, processJob, processTTL, needsCleanup, timeLeft).
 */
import type { KObject } from '../../apiserver/store';
import type { Client } from '../../client/client';
import type { SharedInformer, SharedInformerFactory } from '../../client/informer';
import { ControllerRunner } from '../../client/controller-runner';
import type { SimClock } from '../../kernel/clock';
import { isJobFinished, jobFinishTime } from '../job/util';

export const TTL_AFTER_FINISHED_CONTROLLER = 'ttl-after-finished-controller';

/** upstream: needsCleanup: a finished Job with a TTL, not already being deleted. */
export function needsCleanup(job: KObject): boolean {
  return typeof job.spec?.ttlSecondsAfterFinished === 'number' && isJobFinished(job) && !job.metadata.deletionTimestamp;
}

/** upstream: timeLeft: ms until the TTL expires (<= 0: expired). */
export function timeLeft(job: KObject, now: number): number | undefined {
  const finishedAt = jobFinishTime(job);
  if (finishedAt === undefined) return undefined;
  return finishedAt + job.spec.ttlSecondsAfterFinished * 1000 - now;
}

export class TTLAfterFinishedController {
  readonly #runner: ControllerRunner;
  #jobInformer: SharedInformer;

  constructor(
    readonly client: Client,
    factory: SharedInformerFactory,
    readonly clock: SimClock
  ) {
    this.#runner = new ControllerRunner((ms, fn) => clock.after(ms, fn), 5, (key, done) => this.#processJob(key, done));
    this.#jobInformer = factory.informer('jobs');
    const enqueue = (job: KObject) => {
      if (needsCleanup(job)) this.#runner.queue.add(`${job.metadata.namespace}/${job.metadata.name}`);
    };
    this.#jobInformer.addEventHandler({ add: enqueue, update: (_old, job) => enqueue(job) });
    this.#runner.startWhenSynced([this.#jobInformer]);
  }

  /** upstream: processJob: wait for the TTL, check a fresh copy, delete with Foreground propagation. */
  #processJob(key: string, done: (err?: string) => void): void {
    const i = key.indexOf('/');
    const [namespace, name] = [key.slice(0, i), key.slice(i + 1)];
    const job = this.#jobInformer.get(namespace, name);
    if (!job || !needsCleanup(job)) return done();
    const left = timeLeft(job, this.clock.now()) ?? 0;
    if (left > 0) {
      this.#runner.queue.addAfter(key, left);
      return done();
    }
    // The cached Job may be stale (its TTL changed): read it again before deleting.
    this.client.get('jobs', namespace, name, (err, fresh) => {
      if (err || !fresh) return done(err && err.code !== 404 ? err.message : undefined);
      if (!needsCleanup(fresh) || (timeLeft(fresh, this.clock.now()) ?? 0) > 0) return done();
      this.client.delete('jobs', namespace, name, { propagationPolicy: 'Foreground' }, (delErr) => done(delErr && delErr.code !== 404 ? delErr.message : undefined));
    });
  }
}
