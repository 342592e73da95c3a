/**
 * The Job controller's decisions, as pure functions: which pods count as failed or finished, the
 * pod-failure back-off, the restart budget of OnFailure pods, how many pods a Job wants running.
 * upstream: pkg/controller/job/job_controller.go (isPodFailed, pastBackoffLimitOnFailure,
 * newCondition, getFinishedTime), backoff_utils.go (backoffRecord, getRemainingTimePerIndex...),
 * pkg/controller/job/util/utils.go (IsJobFinished).
 */
import type { KObject } from '../../apiserver/store';
import { parseTimestamp, timestamp } from '../../kernel/clock';

export const JOB_CONTROLLER = 'job-controller';
/** upstream: batch.JobTrackingFinalizer: the pod stays until the controller has counted it. */
export const JOB_TRACKING_FINALIZER = 'batch.kubernetes.io/job-tracking';
/** upstream: DefaultJobPodFailureBackOff, MaxJobPodFailureBackOff (job_controller.go). */
export const DEFAULT_POD_FAILURE_BACKOFF_MS = 10_000;
export const MAX_POD_FAILURE_BACKOFF_MS = 10 * 60_000;
/** upstream: syncJobBatchPeriod: pod changes are batched into one sync a second later. */
export const SYNC_JOB_BATCH_PERIOD_MS = 1000;
/** upstream: MaxPodCreateDeletePerSync. */
export const MAX_POD_CREATE_DELETE_PER_SYNC = 500;

/** upstream: batch.JobReason* and the messages the controller writes with them. */
export const JOB_REASONS = {
  BackoffLimitExceeded: 'Job has reached the specified backoff limit',
  DeadlineExceeded: 'Job was active longer than specified deadline',
  CompletionsReached: 'Reached expected number of succeeded pods'
} as const;

export interface JobCondition {
  type: string;
  status: string;
  lastProbeTime: string;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

/** upstream: newCondition (lastProbeTime = lastTransitionTime = now). */
export function newCondition(type: string, reason: keyof typeof JOB_REASONS, now: number): JobCondition {
  const t = timestamp(now);
  return { type, status: 'True', lastProbeTime: t, lastTransitionTime: t, reason, message: JOB_REASONS[reason] };
}

export function findCondition(job: KObject, type: string): JobCondition | undefined {
  return (job.status?.conditions ?? []).find((c: JobCondition) => c.type === type && c.status === 'True');
}

/** upstream: util.IsJobFinished: a Complete or Failed condition that is True. */
export function isJobFinished(job: KObject): boolean {
  return findCondition(job, 'Complete') !== undefined || findCondition(job, 'Failed') !== undefined;
}

/** The time a finished Job finished (its Complete or Failed condition). */
export function jobFinishTime(job: KObject): number | undefined {
  const c = findCondition(job, 'Complete') ?? findCondition(job, 'Failed');
  return c ? parseTimestamp(c.lastTransitionTime) : undefined;
}

export function hasTrackingFinalizer(pod: KObject): boolean {
  return (pod.metadata.finalizers ?? []).includes(JOB_TRACKING_FINALIZER);
}

const onlyReplaceFailedPods = (job: KObject): boolean => job.spec?.podReplacementPolicy === 'Failed';

/**
 * upstream: isPodFailed: Failed, or (unless podReplacementPolicy is Failed) being deleted before
 * it succeeded: an orphan may never get the chance to reach Failed.
 */
export function isPodFailed(pod: KObject, job: KObject): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Failed') return true;
  if (onlyReplaceFailedPods(job)) return false;
  return !!pod.metadata.deletionTimestamp && phase !== 'Succeeded';
}

/** A pod that is not terminal and not being deleted (controller.IsPodActive). */
export function isPodActive(pod: KObject): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && !pod.metadata.deletionTimestamp;
}

/** Being deleted but not yet terminal: status.terminating. */
export function isPodTerminating(pod: KObject): boolean {
  const phase = pod.status?.phase;
  return !!pod.metadata.deletionTimestamp && phase !== 'Succeeded' && phase !== 'Failed';
}

/**
 * upstream: getFinishedTime: the latest finishedAt of its terminated containers, else when its
 * deletion was asked for (getFinishTimeFromDeletionTimestamp: deletionTimestamp minus the grace
 * period), else `now`.
 */
export function podFinishTime(pod: KObject, now: number): number {
  let latest: number | undefined;
  for (const cs of [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])]) {
    const t = parseTimestamp(cs?.state?.terminated?.finishedAt);
    if (t !== undefined && (latest === undefined || t > latest)) latest = t;
  }
  if (latest !== undefined) return latest;
  const deletion = parseTimestamp(pod.metadata.deletionTimestamp);
  if (deletion !== undefined) return deletion - (pod.metadata.deletionGracePeriodSeconds ?? 0) * 1000;
  return now;
}

/**
 * upstream: backoffRecord: failures since the last success, and when the last one happened.
 * Successes reset the count; the record survives the pods (they may be deleted).
 */
export interface BackoffRecord {
  failuresAfterLastSuccess: number;
  lastFailureTime?: number;
}

/** upstream: newBackoffRecord: folds newly finished pods (in finish order) into the record. */
export function updateBackoffRecord(rec: BackoffRecord, finished: readonly { failed: boolean; at: number }[]): BackoffRecord {
  const out = { ...rec };
  for (const f of [...finished].sort((a, b) => a.at - b.at)) {
    if (f.failed) {
      out.failuresAfterLastSuccess++;
      out.lastFailureTime = f.at;
    } else {
      out.failuresAfterLastSuccess = 0;
      out.lastFailureTime = undefined;
    }
  }
  return out;
}

/** 10 s, 20 s, 40 s, ... for the 1st, 2nd, 3rd failure in a row, capped at 10 min. */
export function podFailureBackoff(failures: number): number {
  if (failures <= 0) return 0;
  const d = DEFAULT_POD_FAILURE_BACKOFF_MS * 2 ** Math.min(failures - 1, 30);
  return Math.min(d, MAX_POD_FAILURE_BACKOFF_MS);
}

/** upstream: backoffRecord.getRemainingTime: how long new pods must still wait (0: none). */
export function remainingBackoff(rec: BackoffRecord, now: number): number {
  if (rec.failuresAfterLastSuccess === 0 || rec.lastFailureTime === undefined) return 0;
  return Math.max(0, rec.lastFailureTime + podFailureBackoff(rec.failuresAfterLastSuccess) - now);
}

/**
 * upstream: pastBackoffLimitOnFailure: with restartPolicy OnFailure the kubelet restarts the
 * containers in place, so their restarts count against backoffLimit.
 */
export function pastBackoffLimitOnFailure(job: KObject, pods: readonly KObject[]): boolean {
  if (job.spec?.template?.spec?.restartPolicy !== 'OnFailure') return false;
  let restarts = 0;
  for (const pod of pods) {
    const phase = pod.status?.phase;
    if (phase !== 'Running' && phase !== 'Pending') continue;
    for (const cs of [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])]) restarts += cs?.restartCount ?? 0;
  }
  const limit: number = job.spec?.backoffLimit ?? 6;
  return limit === 0 ? restarts > 0 : restarts >= limit;
}

/**
 * How many pods should be running: parallelism, but no more than the completions still missing;
 * a work-queue Job (no completions) starts no new pods once one has succeeded.
 * upstream: manageJob (wantActive).
 */
export function wantActive(job: KObject, succeeded: number): number {
  const parallelism: number = job.spec?.parallelism ?? 1;
  const completions: number | undefined = job.spec?.completions ?? undefined;
  if (completions === undefined || completions === null) return succeeded > 0 ? 0 : parallelism;
  return Math.max(0, Math.min(parallelism, completions - succeeded));
}

/** upstream: the success check of syncJob: enough completions (or, with none set, one success and nothing running). */
export function completionsReached(job: KObject, succeeded: number, active: number): boolean {
  const completions: number | undefined = job.spec?.completions ?? undefined;
  if (completions === undefined || completions === null) return succeeded > 0 && active === 0;
  return succeeded >= completions;
}

/** upstream: pastActiveDeadline (the timer stops while the Job is suspended). */
export function pastActiveDeadline(job: KObject, now: number): boolean {
  if (job.spec?.suspend === true) return false;
  const ads: number | undefined = job.spec?.activeDeadlineSeconds;
  const start = parseTimestamp(job.status?.startTime);
  if (ads === undefined || ads === null || start === undefined) return false;
  return now - start >= ads * 1000;
}
