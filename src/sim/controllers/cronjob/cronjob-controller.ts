/**
 * The CronJob controller: at each activation of a CronJob's schedule it creates a Job named
 * `<cronjob>-<minutes since the epoch>` from the job template, following the concurrency policy
 * (Allow, Forbid: skip while one runs, Replace: delete the running one first) and the starting
 * deadline; it keeps status.active, lastScheduleTime and lastSuccessfulTime, and deletes finished
 * Jobs beyond the history limits. It sleeps until the next activation (a delayed re-queue).
 * upstream: pkg/controller/cronjob/cronjob_controllerv2.go (sync, syncCronJob,
 * cleanupFinishedJobs, removeOldestJobs, deleteJob, add/update/deleteJob, updateCronJob).
 */
import type { KObject } from '../../apiserver/store';
import type { Client } from '../../client/client';
import { EventRecorder } from '../../client/events';
import type { SharedInformer, SharedInformerFactory } from '../../client/informer';
import { ControllerRunner } from '../../client/controller-runner';
import { timestamp, parseTimestamp, SIM_EPOCH_MS, type SimClock } from '../../kernel/clock';
import { cloneJSON } from '../../api/canonical';
import { getControllerOf, type OwnerReference } from '../replicaset/controller-ref-manager';
import { isJobFinished } from '../job/util';
import {
  CRONJOB_CONTROLLER, byJobStartTime, finishedStatus, getJobFromTemplate, getJobName, nextScheduleTime, nextScheduleTimeDuration, scheduleOf
} from './utils';

export { CRONJOB_CONTROLLER };

type Step = (next: (err?: string) => void) => void;

/** Runs async steps one after the other; stops at the first error. */
function series(steps: Step[], done: (err?: string) => void): void {
  const run = (i: number): void => {
    if (i >= steps.length) return done();
    steps[i]((err) => (err ? done(err) : run(i + 1)));
  };
  run(0);
}

/** Go's time.Format(time.RFC1123Z) in UTC, of a virtual time. */
function rfc1123z(ms: number): string {
  const d = new Date(SIM_EPOCH_MS + ms);
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p = (n: number) => String(n).padStart(2, '0');
  return `${days[d.getUTCDay()]}, ${p(d.getUTCDate())} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

/** upstream: ref.GetReference of a Job, as status.active holds it. */
function jobRef(job: KObject): KObject {
  return { apiVersion: 'batch/v1', kind: 'Job', name: job.metadata.name, namespace: job.metadata.namespace, resourceVersion: job.metadata.resourceVersion, uid: job.metadata.uid };
}

export class CronJobController {
  readonly #runner: ControllerRunner;
  #cronJobInformer: SharedInformer;
  #jobInformer: SharedInformer;
  #recorder: EventRecorder;

  constructor(
    readonly client: Client,
    factory: SharedInformerFactory,
    readonly clock: SimClock
  ) {
    this.#runner = new ControllerRunner((ms, fn) => clock.after(ms, fn), 5, (key, done) => this.sync(key, done));
    this.#recorder = new EventRecorder(client, { component: CRONJOB_CONTROLLER }, () => clock.now());
    this.#cronJobInformer = factory.informer('cronjobs');
    this.#jobInformer = factory.informer('jobs');
    this.#cronJobInformer.addEventHandler({
      add: (cj) => this.#runner.queue.add(this.#key(cj)),
      update: (old, cj) => this.#updateCronJob(old, cj)
    });
    const enqueueOwner = (job: KObject) => {
      const cj = this.#resolveControllerRef(job.metadata.namespace, getControllerOf(job));
      if (cj) this.#runner.queue.add(this.#key(cj));
    };
    this.#jobInformer.addEventHandler({ add: enqueueOwner, update: (_old, job) => enqueueOwner(job), delete: enqueueOwner });
    this.#runner.startWhenSynced([this.#cronJobInformer, this.#jobInformer]);
  }

  #key(cj: KObject): string {
    return `${cj.metadata.namespace}/${cj.metadata.name}`;
  }

  #resolveControllerRef(namespace: string, ref: OwnerReference | undefined): KObject | undefined {
    if (!ref || ref.kind !== 'CronJob') return undefined;
    const cj = this.#cronJobInformer.get(namespace, ref.name);
    return cj?.metadata.uid === ref.uid ? cj : undefined;
  }

  /** upstream: updateCronJob: a new schedule moves the wake-up; other changes sync now. */
  #updateCronJob(old: KObject, cj: KObject): void {
    if (old.spec?.schedule !== cj.spec?.schedule || old.spec?.timeZone !== cj.spec?.timeZone) {
      const now = this.clock.now();
      const sched = scheduleOf(cj, now);
      if (!sched) {
        this.#recorder.event(cj, 'Warning', 'UnParseableCronJobSchedule', `unparseable schedule for cronjob: ${cj.spec?.schedule}`);
        return;
      }
      const t = nextScheduleTimeDuration(cj, now, sched);
      if (t !== undefined) this.#runner.queue.addAfter(this.#key(cj), t);
      return;
    }
    this.#runner.queue.add(this.#key(cj));
  }

  /** upstream: getJobsToBeReconciled: the Jobs whose controller reference names this CronJob. */
  #jobsOf(cj: KObject): KObject[] {
    return this.#jobInformer.listNamespace(cj.metadata.namespace).filter((j) => getControllerOf(j)?.name === cj.metadata.name);
  }

  /** upstream: sync: clean up history, reconcile, write status once, re-queue for the next activation. */
  sync(key: string, done: (err?: string) => void): void {
    const i = key.indexOf('/');
    const cronJob = this.#cronJobInformer.get(key.slice(0, i), key.slice(i + 1));
    if (!cronJob) return done();
    const jobs = this.#jobsOf(cronJob);
    const state = { cj: cloneJSON(cronJob), update: false, requeueAfter: undefined as number | undefined };
    state.cj.status ??= {};
    series(
      [(next) => this.#cleanupFinishedJobs(state, jobs, next), (next) => this.#syncCronJob(state, jobs, next)],
      (syncErr) => {
        const finish = (err?: string) => {
          if (!err && state.requeueAfter !== undefined) this.#runner.queue.addAfter(key, state.requeueAfter);
          done(err);
        };
        if (!state.update) return finish(syncErr);
        this.client.updateStatus('cronjobs', state.cj, (err) => finish(err ? err.message : syncErr));
      }
    );
  }

  #removeFromActive(cj: KObject, uid: string): void {
    cj.status.active = (cj.status.active ?? []).filter((r: KObject) => r.uid !== uid);
    if (cj.status.active.length === 0) delete cj.status.active;
  }

  /** upstream: deleteJob (background propagation: the Job's pods go after it). */
  #deleteJob(state: { cj: KObject; update: boolean }, job: KObject, next: (err?: string) => void): void {
    this.client.delete('jobs', job.metadata.namespace, job.metadata.name, { propagationPolicy: 'Background' }, (err) => {
      if (err) {
        this.#recorder.event(state.cj, 'Warning', 'FailedDelete', `Deleted job: ${err.message}`);
        return next();
      }
      this.#removeFromActive(state.cj, job.metadata.uid);
      this.#recorder.event(state.cj, 'Normal', 'SuccessfulDelete', `Deleted job ${job.metadata.name}`);
      state.update = true;
      next();
    });
  }

  /** upstream: cleanupFinishedJobs / removeOldestJobs: keep the newest N successful and failed Jobs. */
  #cleanupFinishedJobs(state: { cj: KObject; update: boolean }, jobs: KObject[], done: (err?: string) => void): void {
    const spec = state.cj.spec ?? {};
    const toDelete: KObject[] = [];
    for (const [type, limit] of [['Complete', spec.successfulJobsHistoryLimit], ['Failed', spec.failedJobsHistoryLimit]] as const) {
      if (typeof limit !== 'number') continue;
      const finished = jobs.filter((j) => finishedStatus(j) === type).sort(byJobStartTime);
      toDelete.push(...finished.slice(0, Math.max(0, finished.length - limit)));
    }
    series(toDelete.map((job) => (next) => this.#deleteJob(state, job, next)), done);
  }

  /** upstream: syncCronJob. */
  #syncCronJob(state: { cj: KObject; update: boolean; requeueAfter: number | undefined }, jobs: KObject[], done: (err?: string) => void): void {
    const now = this.clock.now();
    const steps: Step[] = [];
    const inActive = (uid: string) => (state.cj.status.active ?? []).some((r: KObject) => r.uid === uid);
    for (const j of jobs) {
      const found = inActive(j.metadata.uid);
      if (!found && !isJobFinished(j)) {
        steps.push((next) =>
          // The cached CronJob may not show our own last status write yet: ask the API server.
          this.client.get('cronjobs', state.cj.metadata.namespace, state.cj.metadata.name, (err, fresh) => {
            if (err || !fresh) return next(err?.message ?? 'not found');
            if ((fresh.status?.active ?? []).some((r: KObject) => r.uid === j.metadata.uid)) {
              state.cj = { ...cloneJSON(fresh), status: { ...cloneJSON(fresh.status ?? {}) } };
              return next();
            }
            this.#recorder.event(state.cj, 'Warning', 'UnexpectedJob', `Saw a job that the controller did not create or forgot: ${j.metadata.name}`);
            next();
          })
        );
      } else if (isJobFinished(j)) {
        steps.push((next) => {
          if (inActive(j.metadata.uid)) {
            this.#removeFromActive(state.cj, j.metadata.uid);
            this.#recorder.event(state.cj, 'Normal', 'SawCompletedJob', `Saw completed job: ${j.metadata.name}, condition: ${finishedStatus(j)}`);
            state.update = true;
          }
          const completion = parseTimestamp(j.status?.completionTime);
          if (finishedStatus(j) === 'Complete' && completion !== undefined) {
            const last = parseTimestamp(state.cj.status.lastSuccessfulTime);
            if (last === undefined || completion > last) {
              state.cj.status.lastSuccessfulTime = j.status.completionTime;
              state.update = true;
            }
          }
          next();
        });
      }
    }
    // Active Jobs that are gone (the GET avoids trusting a slow watch).
    steps.push((next) => {
      const children = new Set(jobs.map((j) => j.metadata.uid));
      const missing: KObject[] = (state.cj.status.active ?? []).filter((r: KObject) => !children.has(r.uid));
      series(
        missing.map((ref) => (n) =>
          this.client.get('jobs', ref.namespace, ref.name, (err) => {
            if (err?.code === 404) {
              this.#recorder.event(state.cj, 'Normal', 'MissingJob', `Active job went missing: ${ref.name}`);
              this.#removeFromActive(state.cj, ref.uid);
              state.update = true;
              return n();
            }
            n(err?.message);
          })
        ),
        next
      );
    });
    steps.push((next) => this.#scheduleNext(state, now, next));
    series(steps, done);
  }

  /** The scheduling half of syncCronJob: is an activation due, and may it run? */
  #scheduleNext(state: { cj: KObject; update: boolean; requeueAfter: number | undefined }, now: number, done: (err?: string) => void): void {
    const cj = state.cj;
    if (cj.metadata.deletionTimestamp || cj.spec?.suspend === true) return done();
    const sched = scheduleOf(cj, now);
    if (!sched) {
      this.#recorder.event(cj, 'Warning', 'UnparseableSchedule', `unparseable schedule: ${JSON.stringify(cj.spec?.schedule)}`);
      return done();
    }
    const requeue = () => {
      state.requeueAfter = nextScheduleTimeDuration(cj, now, sched);
      done();
    };
    const due = nextScheduleTime(cj, now, sched);
    if (due.err) {
      this.#recorder.event(cj, 'Warning', 'InvalidSchedule', `invalid schedule: ${cj.spec?.schedule} : ${due.err}`);
      return done();
    }
    if (due.missed === 'many') this.#recorder.event(cj, 'Warning', 'TooManyMissedTimes', 'too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew');
    const scheduled = due.time;
    if (scheduled === undefined) return requeue();
    const sds: number | undefined = cj.spec?.startingDeadlineSeconds;
    if (typeof sds === 'number' && scheduled + sds * 1000 < now) {
      this.#recorder.event(cj, 'Warning', 'MissSchedule', `Missed scheduled time to start a job: ${rfc1123z(scheduled)}`);
      return requeue();
    }
    const name = getJobName(cj, scheduled);
    const active: KObject[] = cj.status.active ?? [];
    if (active.some((r) => r.name === name) || parseTimestamp(cj.status.lastScheduleTime) === scheduled) return requeue();
    if (cj.spec?.concurrencyPolicy === 'Forbid' && active.length > 0) {
      this.#recorder.event(cj, 'Normal', 'JobAlreadyActive', 'Not starting job because prior execution is running and concurrency policy is Forbid');
      return requeue();
    }
    const replace: Step[] =
      cj.spec?.concurrencyPolicy === 'Replace'
        ? active.map((ref) => (next) =>
            this.client.get('jobs', ref.namespace, ref.name, (err, job) => {
              if (err || !job) {
                this.#recorder.event(cj, 'Warning', 'FailedGet', `Get job: ${err?.message}`);
                return next(err?.message ?? 'not found');
              }
              this.#deleteJob(state, job, next);
            })
          )
        : [];
    series(replace, (err) => {
      if (err) return done(err);
      const jobReq = getJobFromTemplate(cj, scheduled, sched.offsetMinutes);
      this.client.create('jobs', jobReq, (createErr, created) => {
        const record = (job: KObject) => {
          state.cj.status.active = [...(state.cj.status.active ?? []), jobRef(job)];
          state.cj.status.lastScheduleTime = timestamp(scheduled);
          state.update = true;
          requeue();
        };
        if (createErr?.code === 409 && createErr.reason === 'AlreadyExists') {
          // Made by us before a status write was lost? Then record it; otherwise leave it be.
          return this.client.get('jobs', jobReq.metadata.namespace, jobReq.metadata.name, (getErr, job) => {
            if (getErr || !job) return done(getErr?.message ?? 'not found');
            if (getControllerOf(job)?.uid !== cj.metadata.uid || (state.cj.status.active ?? []).some((r: KObject) => r.uid === job.metadata.uid)) return done();
            record(job);
          });
        }
        if (createErr || !created) {
          if (!createErr?.message.includes('because it is being terminated')) this.#recorder.event(cj, 'Warning', 'FailedCreate', `Error creating job: ${createErr?.message}`);
          return done(createErr?.message ?? 'create failed');
        }
        this.#recorder.event(cj, 'Normal', 'SuccessfulCreate', `Created job ${created.metadata.name}`);
        record(created);
      });
    });
  }
}
