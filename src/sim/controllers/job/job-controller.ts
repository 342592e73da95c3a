/**
 * The Job controller: runs a Job's pods to completion. Each sync counts the pods that finished
 * (through the batch.kubernetes.io/job-tracking finalizer and status.uncountedTerminatedPods, so a
 * pod is counted once even if it is deleted), decides whether the Job has succeeded or failed
 * (backoffLimit, activeDeadlineSeconds), creates pods up to parallelism after the pod-failure
 * back-off, and writes the status: SuccessCriteriaMet / FailureTarget first, Complete / Failed
 * once no pod of the Job is left running. A suspended Job has its pods deleted (Suspended).
 * upstream: pkg/controller/job/job_controller.go (NewController, addPod/updatePod/deletePod,
 * syncJob, manageJob, deleteActivePods, trackJobStatusAndRemoveFinalizers,
 * flushUncountedAndRemoveFinalizers, recordJobFinished, cleanupPodFinalizers).
 */
import type { KObject } from '../../apiserver/store';
import type { Client } from '../../client/client';
import { EventRecorder } from '../../client/events';
import type { SharedInformer, SharedInformerFactory } from '../../client/informer';
import { ControllerRunner } from '../../client/controller-runner';
import type { RateLimitingQueue } from '../../client/workqueue';
import { parseTimestamp, timestamp, type SimClock } from '../../kernel/clock';
import type { TraceInput } from '../../kernel/trace';
import { cloneJSON, sameJSON } from '../../api/canonical';
import { getControllerOf, newControllerRef, type OwnerReference } from '../replicaset/controller-ref-manager';
import { SLOW_START_INITIAL_BATCH_SIZE, UIDTrackingControllerExpectations, isPodReady, podKey, slowStartBatch } from '../replicaset/controller-utils';
import { EVENTS, getPodFromTemplate } from '../replicaset/replica-set';
import {
  JOB_CONTROLLER, JOB_TRACKING_FINALIZER, MAX_POD_CREATE_DELETE_PER_SYNC, SYNC_JOB_BATCH_PERIOD_MS, completionsReached, findCondition, hasTrackingFinalizer,
  isJobFinished, isPodActive, isPodFailed, isPodTerminating, newCondition, pastActiveDeadline, pastBackoffLimitOnFailure, podFinishTime,
  remainingBackoff, updateBackoffRecord, wantActive, type BackoffRecord, type JobCondition
} from './util';

export { JOB_CONTROLLER };
/** upstream: kube-controller-manager --concurrent-job-syncs default. */
export const CONCURRENT_JOB_SYNCS = 5;

const GROUP_VERSION = 'batch/v1';
const KIND = 'Job';

function keyOf(obj: KObject): string {
  return `${obj.metadata.namespace}/${obj.metadata.name}`;
}

function splitKey(key: string): [string, string] {
  const i = key.indexOf('/');
  return [key.slice(0, i), key.slice(i + 1)];
}

interface Uncounted {
  succeeded: string[];
  failed: string[];
}

export class JobController {
  readonly expectations: UIDTrackingControllerExpectations;
  readonly queue: RateLimitingQueue;
  readonly #runner: ControllerRunner;
  #jobInformer: SharedInformer;
  #podInformer: SharedInformer;
  #recorder: EventRecorder;
  /** upstream: backoffRecordStore, by Job key. */
  #backoff = new Map<string, BackoffRecord>();

  constructor(
    readonly client: Client,
    factory: SharedInformerFactory,
    readonly clock: SimClock,
    readonly trace: (e: TraceInput) => void
  ) {
    this.expectations = new UIDTrackingControllerExpectations(() => clock.now());
    this.#runner = new ControllerRunner((ms, fn) => clock.after(ms, fn), CONCURRENT_JOB_SYNCS, (key, done) => this.syncJob(key, done));
    this.queue = this.#runner.queue;
    this.#recorder = new EventRecorder(client, { component: JOB_CONTROLLER }, () => clock.now());
    this.#jobInformer = factory.informer('jobs');
    this.#podInformer = factory.informer('pods');
    this.#jobInformer.addEventHandler({
      add: (job) => this.queue.add(keyOf(job)),
      update: (_old, job) => this.queue.add(keyOf(job)),
      delete: (job) => this.#deleteJob(job)
    });
    this.#podInformer.addEventHandler({
      add: (pod) => this.#addPod(pod),
      update: (_old, pod) => this.#updatePod(pod),
      delete: (pod) => this.#deletePod(pod)
    });
    this.#runner.startWhenSynced([this.#jobInformer, this.#podInformer]);
  }

  // Event handlers
  // -------------------------------------------------------------------------------------------

  #resolveControllerRef(namespace: string, ref: OwnerReference | undefined): KObject | undefined {
    if (!ref || ref.kind !== KIND) return undefined;
    const job = this.#jobInformer.get(namespace, ref.name);
    return job?.metadata.uid === ref.uid ? job : undefined;
  }

  /** upstream: enqueueSyncJobBatched: pod changes are gathered into one sync. */
  #enqueueBatched(job: KObject): void {
    this.queue.addAfter(keyOf(job), SYNC_JOB_BATCH_PERIOD_MS);
  }

  #addPod(pod: KObject): void {
    const job = this.#resolveControllerRef(pod.metadata.namespace, getControllerOf(pod));
    if (!job) return this.#orphanPod(pod);
    this.expectations.creationObserved(keyOf(job));
    this.#enqueueBatched(job);
  }

  #updatePod(pod: KObject): void {
    const job = this.#resolveControllerRef(pod.metadata.namespace, getControllerOf(pod));
    if (!job) return this.#orphanPod(pod);
    if (pod.metadata.deletionTimestamp) this.expectations.deletionObserved(keyOf(job), podKey(pod));
    this.#enqueueBatched(job);
  }

  #deletePod(pod: KObject): void {
    const job = this.#resolveControllerRef(pod.metadata.namespace, getControllerOf(pod));
    if (!job) return;
    this.expectations.deletionObserved(keyOf(job), podKey(pod));
    this.#enqueueBatched(job);
  }

  /** upstream: syncOrphanPod: a pod whose Job is gone keeps no tracking finalizer. */
  #orphanPod(pod: KObject): void {
    if (!hasTrackingFinalizer(pod)) return;
    const ref = getControllerOf(pod);
    if (ref && ref.kind !== KIND) return;
    this.clock.after(0, () => this.#removeFinalizer(pod, () => {}));
  }

  /** upstream: deleteJob -> cleanupPodFinalizers. */
  #deleteJob(job: KObject): void {
    const key = keyOf(job);
    this.expectations.deleteExpectations(key);
    this.#backoff.delete(key);
    for (const pod of this.#jobPods(job)) if (hasTrackingFinalizer(pod)) this.#removeFinalizer(pod, () => {});
  }

  #jobPods(job: KObject): KObject[] {
    return this.#podInformer.listNamespace(job.metadata.namespace).filter((p) => getControllerOf(p)?.uid === job.metadata.uid);
  }

  // Sync
  // -------------------------------------------------------------------------------------------

  /** upstream: syncJob. */
  syncJob(key: string, done: (err?: string) => void): void {
    const [namespace, name] = splitKey(key);
    const job = this.#jobInformer.get(namespace, name);
    if (!job) {
      this.expectations.deleteExpectations(key);
      this.#backoff.delete(key);
      return done();
    }
    // The Job as last written in this sync (a second status write needs its resourceVersion).
    let current = job;
    const pods = this.#jobPods(job);
    if (isJobFinished(job)) {
      // Pods of a finished Job keep no finalizer (after a controller restart, say).
      return this.#removeFinalizers(pods.filter(hasTrackingFinalizer), () => done());
    }
    const now = this.clock.now();
    const status = cloneJSON(job.status ?? {});
    const conditions: JobCondition[] = status.conditions ?? [];
    let finished = findCondition(job, 'FailureTarget') ?? findCondition(job, 'SuccessCriteriaMet');

    // 1. Count the pods that finished, once each (upstream: trackJobStatusAndRemoveFinalizers).
    const uncounted: Uncounted = { succeeded: [...(status.uncountedTerminatedPods?.succeeded ?? [])], failed: [...(status.uncountedTerminatedPods?.failed ?? [])] };
    const counted = new Set([...uncounted.succeeded, ...uncounted.failed]);
    const newlyFinished: { pod: KObject; failed: boolean; at: number }[] = [];
    const releaseOnly: KObject[] = [];
    for (const pod of pods) {
      if (!hasTrackingFinalizer(pod) || counted.has(pod.metadata.uid)) continue;
      if (pod.status?.phase === 'Succeeded') newlyFinished.push({ pod, failed: false, at: podFinishTime(pod, now) });
      else if (isPodFailed(pod, job) || finished?.type === 'FailureTarget') newlyFinished.push({ pod, failed: true, at: podFinishTime(pod, now) });
      else if (finished?.type === 'SuccessCriteriaMet') releaseOnly.push(pod);
    }
    for (const f of newlyFinished) (f.failed ? uncounted.failed : uncounted.succeeded).push(f.pod.metadata.uid);
    this.#backoff.set(key, updateBackoffRecord(this.#backoff.get(key) ?? { failuresAfterLastSuccess: 0 }, newlyFinished));

    const flush = (cb: (err?: string) => void): void => {
      if (uncounted.succeeded.length + uncounted.failed.length === 0) return this.#removeFinalizers(releaseOnly, () => cb());
      // The UIDs are recorded before the finalizers go, so a crash in between loses no count.
      const recorded = { ...status, uncountedTerminatedPods: uncounted };
      const write = newlyFinished.length > 0 ? (next: (err?: string) => void) => this.#updateStatus(current, recorded, (err, updated) => {
              if (updated) current = updated;
              next(err);
            }) : (next: (err?: string) => void) => next();
      write((err) => {
        if (err) return cb(err);
        const byUID = new Map(pods.map((p) => [p.metadata.uid, p]));
        const toRelease = [...uncounted.succeeded, ...uncounted.failed].map((uid) => byUID.get(uid)).filter((p): p is KObject => !!p && hasTrackingFinalizer(p));
        this.#removeFinalizers([...toRelease, ...releaseOnly], (failedUIDs) => {
          // Move what was released (or is gone) from uncounted into the counts.
          for (const field of ['succeeded', 'failed'] as const) {
            const keep = uncounted[field].filter((uid) => failedUIDs.has(uid));
            status[field] = (status[field] ?? 0) + uncounted[field].length - keep.length;
            uncounted[field] = keep;
          }
          cb();
        });
      });
    };

    flush((flushErr) => {
      if (flushErr) return done(flushErr);
      const succeeded: number = status.succeeded ?? 0;
      const failed: number = status.failed ?? 0;
      let active = pods.filter(isPodActive);
      let terminating = pods.filter(isPodTerminating).length;
      const suspended = job.spec?.suspend === true;
      if (!status.startTime && !suspended) status.startTime = timestamp(now);

      // 2. Has the Job met its failure or success criteria? upstream: syncJob.
      if (!finished) {
        const backoffLimit: number = job.spec?.backoffLimit ?? 6;
        if (failed > backoffLimit || pastBackoffLimitOnFailure(job, pods)) finished = newCondition('FailureTarget', 'BackoffLimitExceeded', now);
        else if (pastActiveDeadline({ ...job, status }, now)) finished = newCondition('FailureTarget', 'DeadlineExceeded', now);
        else if (completionsReached(job, succeeded, active.length)) finished = newCondition('SuccessCriteriaMet', 'CompletionsReached', now);
        if (finished) conditions.push(finished);
      }
      // A Job that has not finished may be suspended (its pods deleted) and resumed (its
      // startTime reset, so activeDeadlineSeconds counts active time only).
      let suspendEvent: [string, string] | undefined;
      if (!finished) {
        const cond = conditions.find((c) => c.type === 'Suspended');
        const t = timestamp(now);
        if (suspended && cond?.status !== 'True') {
          const next: JobCondition = { type: 'Suspended', status: 'True', lastProbeTime: t, lastTransitionTime: t, reason: 'JobSuspended', message: 'Job suspended' };
          if (cond) Object.assign(cond, next);
          else conditions.push(next);
          suspendEvent = ['Suspended', 'Job suspended'];
        } else if (!suspended && cond?.status === 'True') {
          Object.assign(cond, { status: 'False', lastProbeTime: t, lastTransitionTime: t, reason: 'JobResumed', message: 'Job resumed' });
          status.startTime = t;
          suspendEvent = ['Resumed', 'Job resumed'];
        }
      }

      const afterManage = (manageErr?: string): void => {
        // 3. Complete / Failed once no pod is left running (upstream: delayTerminalCondition).
        let justFinished: JobCondition | undefined;
        if (finished && active.length === 0 && terminating === 0 && uncounted.succeeded.length + uncounted.failed.length === 0) {
          justFinished = { ...newCondition(finished.type === 'FailureTarget' ? 'Failed' : 'Complete', finished.reason as 'CompletionsReached', now) };
          conditions.push(justFinished);
          if (justFinished.type === 'Complete') status.completionTime = timestamp(now);
        }
        const next = {
          ...status,
          active: active.length,
          ready: active.filter(isPodReady).length,
          terminating,
          uncountedTerminatedPods: uncounted,
          ...(conditions.length > 0 ? { conditions } : {})
        };
        this.#updateStatus(current, next, (err) => {
          if (err) return done(err);
          if (suspendEvent) this.#recorder.event(job, 'Normal', ...suspendEvent);
          if (justFinished) this.#recordJobFinished(job, justFinished);
          // Wake at the active deadline.
          const ads: number | undefined = job.spec?.activeDeadlineSeconds;
          const start = parseTimestamp(next.startTime);
          if (!finished && ads !== undefined && ads !== null && start !== undefined) this.queue.addAfter(key, Math.max(0, start + ads * 1000 - now));
          done(manageErr);
        });
      };

      // 4. Delete what must stop, create what is missing. upstream: deleteActivePods, manageJob.
      // upstream: manageJob runs only when the expectations are met and the Job is not being deleted.
      if (!this.expectations.satisfiedExpectations(key) || job.metadata.deletionTimestamp) return afterManage();
      if (finished || suspended) {
        const toDelete = active;
        active = [];
        terminating += toDelete.length;
        return this.#deletePods(job, toDelete, afterManage);
      }
      // upstream: with podReplacementPolicy Failed a terminating pod is replaced only once it has failed.
      const occupying = active.length + (job.spec?.podReplacementPolicy === 'Failed' ? terminating : 0);
      let diff = Math.min(wantActive(job, succeeded) - occupying, MAX_POD_CREATE_DELETE_PER_SYNC);
      if (diff <= 0) return afterManage();
      const wait = remainingBackoff(this.#backoff.get(key)!, now);
      if (wait > 0) {
        this.queue.addAfter(key, wait);
        return afterManage();
      }
      this.expectations.expectCreations(key, diff);
      const ref = newControllerRef(job, GROUP_VERSION, KIND);
      const created: KObject[] = [];
      slowStartBatch<string>(
        diff,
        SLOW_START_INITIAL_BATCH_SIZE,
        (cb) => this.#createPod(job, ref, (err, pod) => {
          if (pod) created.push(pod);
          cb(err);
        }),
        (successes, err) => {
          for (let i = successes; i < diff; i++) this.expectations.creationObserved(key);
          diff = successes;
          active = [...active, ...created];
          afterManage(err);
        }
      );
    });
  }

  /** upstream: RealPodControl.CreatePodsWithGenerateName, with the tracking finalizer. */
  #createPod(job: KObject, ref: OwnerReference, cb: (err: string | undefined, pod?: KObject) => void): void {
    const pod = getPodFromTemplate(job.spec.template, job, ref);
    pod.metadata.finalizers = [...(pod.metadata.finalizers ?? []), JOB_TRACKING_FINALIZER];
    this.client.create('pods', pod, (err, created) => {
      if (err || !created) {
        this.#recorder.event(job, ...EVENTS.FailedCreate(err?.message ?? 'unknown error'));
        return cb(err?.message ?? 'unknown error');
      }
      this.trace({ component: JOB_CONTROLLER, kind: 'job.create', pod: `${job.metadata.namespace}/${created.metadata.name}`, job: keyOf(job) });
      this.#recorder.event(job, ...EVENTS.SuccessfulCreate(created.metadata.name));
      cb(undefined, created);
    });
  }

  /** upstream: deleteActivePods / deleteJobPods. */
  #deletePods(job: KObject, pods: KObject[], done: (err?: string) => void): void {
    if (pods.length === 0) return done();
    const key = keyOf(job);
    this.expectations.expectDeletions(key, pods.map(podKey));
    let pending = pods.length;
    let firstErr: string | undefined;
    for (const pod of pods) {
      this.client.delete('pods', pod.metadata.namespace, pod.metadata.name, {}, (err) => {
        if (err) {
          this.expectations.deletionObserved(key, podKey(pod));
          if (err.code !== 404) {
            this.#recorder.event(job, ...EVENTS.FailedDelete(err.message));
            firstErr ??= err.message;
          }
        } else {
          this.trace({ component: JOB_CONTROLLER, kind: 'job.delete', pod: podKey(pod), job: key });
          this.#recorder.event(job, ...EVENTS.SuccessfulDelete(pod.metadata.name));
        }
        if (--pending === 0) done(firstErr);
      });
    }
  }

  #removeFinalizer(pod: KObject, cb: (err?: string) => void): void {
    const finalizers = (pod.metadata.finalizers ?? []).filter((f: string) => f !== JOB_TRACKING_FINALIZER);
    this.client.patch('pods', pod.metadata.namespace, pod.metadata.name, { metadata: { finalizers: finalizers.length > 0 ? finalizers : null } }, 'merge', (err) =>
      cb(err && err.code !== 404 ? err.message : undefined)
    );
  }

  /** upstream: removeTrackingFinalizerFromPods. `done` gets the UIDs whose finalizer could not be removed. */
  #removeFinalizers(pods: KObject[], done: (failed: Set<string>) => void): void {
    const failed = new Set<string>();
    if (pods.length === 0) return done(failed);
    let pending = pods.length;
    for (const pod of pods) {
      this.#removeFinalizer(pod, (err) => {
        if (err) failed.add(pod.metadata.uid);
        if (--pending === 0) done(failed);
      });
    }
  }

  /** upstream: recordJobFinished. */
  #recordJobFinished(job: KObject, c: JobCondition): void {
    if (c.type === 'Complete') this.#recorder.event(job, 'Normal', 'Completed', 'Job completed');
    else this.#recorder.event(job, 'Warning', c.reason, c.message);
  }

  /** The status subresource, written only when it changed; on a conflict the next sync retries. */
  #updateStatus(job: KObject, status: KObject, cb: (err?: string, updated?: KObject) => void): void {
    const next = { ...status };
    for (const f of ['active', 'succeeded', 'failed']) if (next[f] === 0) delete next[f];
    const uc = next.uncountedTerminatedPods;
    if (uc) next.uncountedTerminatedPods = { ...(uc.succeeded?.length ? { succeeded: uc.succeeded } : {}), ...(uc.failed?.length ? { failed: uc.failed } : {}) };
    if (sameJSON(next, job.status ?? {})) return cb(undefined, job);
    this.client.updateStatus('jobs', { ...job, status: next }, (err, updated) => {
      if (err || !updated) return cb(err?.message ?? 'status update failed');
      cb(undefined, updated);
    });
  }
}
