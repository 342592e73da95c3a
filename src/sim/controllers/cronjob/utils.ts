/**
 * The CronJob controller's time arithmetic and job construction, as pure functions.
 * upstream: pkg/controller/cronjob/utils.go (mostRecentScheduleTime, nextScheduleTime,
 * nextScheduleTimeDuration, getJobFromTemplate2, getTimeHashInMinutes, byJobStartTime,
 * inActiveList, deleteFromActiveList).
 */
import type { KObject } from '../../apiserver/store';
import { nextActivation, parseStandard, zoneOffsetMinutes, type CronSchedule } from '../../api/cron';
import { cloneJSON } from '../../api/canonical';
import { parseTimestamp, SIM_EPOCH_MS } from '../../kernel/clock';

export const CRONJOB_CONTROLLER = 'cronjob-controller';
/** upstream: nextScheduleDelta: wake a little after the scheduled time, never just before it. */
export const NEXT_SCHEDULE_DELTA_MS = 100;
/** upstream: batchv1.CronJobScheduledTimestampAnnotation (CronJobsScheduledAnnotation, beta in 1.28). */
export const SCHEDULED_TIMESTAMP_ANNOTATION = 'batch.kubernetes.io/cronjob-scheduled-timestamp';

/** A parsed schedule bound to the CronJob's time zone (a fixed offset, taken at `now`). */
export interface Schedule {
  next(afterMs: number): number | undefined;
  offsetMinutes: number;
}

/** upstream: cron.ParseStandard(formatSchedule(cj)): the schedule in spec.timeZone (UTC when unset). */
export function scheduleOf(cj: KObject, now: number): Schedule | undefined {
  let parsed: CronSchedule & { timeZone?: string };
  try {
    parsed = parseStandard(cj.spec?.schedule ?? '');
  } catch {
    return undefined;
  }
  const zone: string | undefined = cj.spec?.timeZone ?? parsed.timeZone;
  // Virtual time counts from SIM_EPOCH_MS; calendars count from the Unix epoch.
  const offsetMinutes = zone ? zoneOffsetMinutes(zone, SIM_EPOCH_MS + now) : 0;
  if (offsetMinutes === undefined) return undefined;
  return {
    next: (after) => {
      const t = nextActivation(parsed, SIM_EPOCH_MS + after, offsetMinutes);
      return t === undefined ? undefined : t - SIM_EPOCH_MS;
    },
    offsetMinutes
  };
}

export type Missed = 'none' | 'few' | 'many';

/**
 * upstream: mostRecentScheduleTime: from the last schedule time (else the creation time, or
 * now - startingDeadlineSeconds if later), the latest activation that is not after `now`.
 */
export function mostRecentScheduleTime(cj: KObject, now: number, sched: Schedule, includeStartingDeadline: boolean): { earliest: number; mostRecent?: number; missed: Missed; err?: string } {
  let earliest = parseTimestamp(cj.status?.lastScheduleTime) ?? parseTimestamp(cj.metadata.creationTimestamp) ?? now;
  const sds: number | undefined = cj.spec?.startingDeadlineSeconds;
  if (includeStartingDeadline && typeof sds === 'number') earliest = Math.max(earliest, now - sds * 1000);
  const t1 = sched.next(earliest);
  if (t1 === undefined || now < t1) return { earliest, missed: 'none' };
  const t2 = sched.next(t1);
  if (t2 === undefined || now < t2) return { earliest, mostRecent: t1, missed: 'few' };
  const between = Math.round((t2 - t1) / 1000);
  if (between < 1) return { earliest, missed: 'few', err: 'time difference between two schedules is less than 1 second' };
  // A rough count, as upstream: how many gaps like t1..t2 fit between t1 and now.
  const missedCount = Math.floor(Math.floor((now - t1) / 1000) / between) + 1;
  const mostRecent = t1 + (missedCount - 1) * between * 1000;
  return { earliest, mostRecent, missed: missedCount > 100 ? 'many' : 'few' };
}

/** upstream: nextScheduleTime: the activation to run now, if one is due. */
export function nextScheduleTime(cj: KObject, now: number, sched: Schedule): { time?: number; missed: Missed; err?: string } {
  const r = mostRecentScheduleTime(cj, now, sched, true);
  if (r.mostRecent === undefined || r.mostRecent > now) return { missed: r.missed, err: r.err };
  return { time: r.mostRecent, missed: r.missed, err: r.err };
}

/** upstream: nextScheduleTimeDuration: how long until the next activation (+100 ms). */
export function nextScheduleTimeDuration(cj: KObject, now: number, sched: Schedule): number | undefined {
  const r = mostRecentScheduleTime(cj, now, sched, false);
  const from = r.err ? now : (r.mostRecent ?? r.earliest);
  const next = sched.next(from);
  return next === undefined ? undefined : next + NEXT_SCHEDULE_DELTA_MS - now;
}

/** upstream: getJobName: `<cronjob>-<scheduled time in minutes since the epoch>`. */
export function getJobName(cj: KObject, scheduledTime: number): string {
  return `${cj.metadata.name}-${Math.floor((SIM_EPOCH_MS + scheduledTime) / 60_000)}`;
}

/** Go's time.Format(time.RFC3339) of virtual time `ms` at a fixed offset (`Z` for UTC). */
export function formatRFC3339InZone(ms: number, offsetMinutes: number): string {
  const local = new Date(SIM_EPOCH_MS + ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  if (offsetMinutes === 0) return `${local}Z`;
  const sign = offsetMinutes > 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * upstream: getJobFromTemplate2: the job template's labels, annotations (plus the scheduled
 * timestamp) and spec, a deterministic name, the CronJob as controller.
 */
export function getJobFromTemplate(cj: KObject, scheduledTime: number, offsetMinutes: number): KObject {
  const jt = cj.spec?.jobTemplate ?? {};
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name: getJobName(cj, scheduledTime),
      namespace: cj.metadata.namespace,
      ...(jt.metadata?.labels ? { labels: { ...jt.metadata.labels } } : {}),
      annotations: { ...(jt.metadata?.annotations ?? {}), [SCHEDULED_TIMESTAMP_ANNOTATION]: formatRFC3339InZone(scheduledTime, offsetMinutes) },
      ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: cj.metadata.name, uid: cj.metadata.uid, controller: true, blockOwnerDeletion: true }]
    },
    spec: cloneJSON(jt.spec ?? {})
  };
}

/** upstream: byJobStartTime: oldest start first (unstarted last), then by name. */
export function byJobStartTime(a: KObject, b: KObject): number {
  const sa = parseTimestamp(a.status?.startTime);
  const sb = parseTimestamp(b.status?.startTime);
  if (sa === undefined && sb === undefined) return a.metadata.name < b.metadata.name ? -1 : 1;
  if (sa === undefined) return 1;
  if (sb === undefined) return -1;
  if (sa !== sb) return sa - sb;
  return a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0;
}

/** The finished condition of a Job: Complete or Failed (upstream getFinishedStatus). */
export function finishedStatus(job: KObject): 'Complete' | 'Failed' | undefined {
  for (const c of job.status?.conditions ?? []) {
    if ((c.type === 'Complete' || c.type === 'Failed') && c.status === 'True') return c.type;
  }
  return undefined;
}
