/**
 * batch/v1 Job and CronJob validation.
 *
 * upstream: pkg/apis/batch/validation/validation.go (ValidateJob, validateGeneratedSelector,
 *           ValidateJobSpec, validateJobSpec, validatePodTemplateUpdate, ValidateJobUpdate,
 *           ValidateCronJobCreate, validateCronJobSpec, validateScheduleFormat, validateTimeZone,
 *           validateConcurrencyPolicy, ValidateJobTemplateSpec)
 */
import { parseStandard, zoneOffsetMinutes, CronParseError } from '../cron';
import { selectorFromLabelSelector } from '../labels';
import { goRepr, invalid, notSupported, path, required, type FieldError, type Path } from './field';
import {
  goLabels,
  goLabelSelector,
  isObj,
  str,
  validateImmutableField,
  validateLabelSelector,
  validateNonnegativeField,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type Obj
} from './meta';
import { nameIsDNSSubdomain } from './names';
import { validatePodTemplateSpec } from './pod';

/** upstream: pkg/apis/batch/types.go label keys. */
export const JOB_NAME_LABEL = 'batch.kubernetes.io/job-name';
export const LEGACY_JOB_NAME_LABEL = 'job-name';
export const CONTROLLER_UID_LABEL = 'batch.kubernetes.io/controller-uid';
export const LEGACY_CONTROLLER_UID_LABEL = 'controller-uid';

const set = (v: unknown): boolean => v !== undefined && v !== null;

function nonneg(spec: Obj, field: string, p: Path): FieldError[] {
  return typeof spec[field] === 'number' ? validateNonnegativeField(spec[field], p.child(field)) : [];
}

/** upstream validateJobSpec: what a Job's spec and a CronJob's job template share. */
function validateJobSpecCommon(spec: Obj, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  for (const f of ['parallelism', 'completions', 'activeDeadlineSeconds', 'backoffLimit', 'ttlSecondsAfterFinished']) errs.push(...nonneg(spec, f, p));
  if (set(spec.completionMode)) {
    const mode = str(spec.completionMode);
    if (mode !== 'NonIndexed' && mode !== 'Indexed') errs.push(notSupported(p.child('completionMode'), mode, ['NonIndexed', 'Indexed']));
    if (mode === 'Indexed' && !set(spec.completions)) errs.push(required(p.child('completions'), 'when completion mode is Indexed'));
  }
  if (set(spec.podReplacementPolicy)) {
    const prp = str(spec.podReplacementPolicy);
    if (prp !== 'TerminatingOrFailed' && prp !== 'Failed') errs.push(notSupported(p.child('podReplacementPolicy'), prp, ['Failed', 'TerminatingOrFailed']));
  }
  const template: Obj = isObj(spec.template) ? spec.template : {};
  errs.push(...validatePodTemplateSpec(template, p.child('template'), {}));
  // upstream: a Job's pods run to completion: Always would restart them for ever.
  const rp = str(template.spec?.restartPolicy);
  if (rp !== 'OnFailure' && rp !== 'Never') errs.push(notSupported(p.child('template', 'spec', 'restartPolicy'), rp, ['OnFailure', 'Never']));
  return errs;
}

/** upstream ValidateJobSpec: the common checks, then a selector that matches the template. */
function validateJobSpec(specIn: unknown, p: Path): FieldError[] {
  const spec: Obj = isObj(specIn) ? specIn : {};
  const errs = validateJobSpecCommon(spec, p);
  if (!set(spec.selector)) errs.push(required(p.child('selector'), ''));
  else errs.push(...validateLabelSelector(spec.selector, { allowInvalidLabelValueInSelector: false }, p.child('selector')));
  try {
    const selector = selectorFromLabelSelector(spec.selector);
    const labels = isObj(spec.template?.metadata?.labels) ? spec.template.metadata.labels : {};
    if (set(spec.selector) && !selector.matches(labels)) {
      errs.push(invalid(p.child('template', 'metadata', 'labels'), goLabels(spec.template?.metadata?.labels), '`selector` does not match template `labels`'));
    }
  } catch {
    // An invalid selector is reported above.
  }
  return errs;
}

/** upstream ValidateHasLabel */
function validateHasLabel(meta: Obj, p: Path, key: string, expected: string): FieldError[] {
  const labels: Obj = isObj(meta.labels) ? meta.labels : {};
  if (!(key in labels)) return [required(p.child('labels').key(key), `must be '${expected}'`)];
  if (labels[key] !== expected) return [invalid(p.child('labels').key(key), goLabels(labels), `must be '${expected}'`)];
  return [];
}

/**
 * upstream validateGeneratedSelector: unless manualSelector, the template carries the job-name
 * and controller-uid labels the registry generated and the selector is exactly controller-uid.
 */
function validateGeneratedSelector(job: Obj): FieldError[] {
  const spec: Obj = isObj(job.spec) ? job.spec : {};
  if (spec.manualSelector === true) return [];
  const tmeta = spec.template?.metadata;
  if (!isObj(tmeta) || !isObj(tmeta.labels)) return [];
  const uid = str(job.metadata?.uid);
  const name = str(job.metadata?.name);
  const errs: FieldError[] = [];
  if (uid === '') errs.push(required(path('metadata', 'uid'), ''));
  const tp = path('spec', 'template', 'metadata');
  errs.push(...validateHasLabel(tmeta, tp, LEGACY_CONTROLLER_UID_LABEL, uid));
  errs.push(...validateHasLabel(tmeta, tp, LEGACY_JOB_NAME_LABEL, name));
  errs.push(...validateHasLabel(tmeta, tp, CONTROLLER_UID_LABEL, uid));
  errs.push(...validateHasLabel(tmeta, tp, JOB_NAME_LABEL, name));
  const ml = spec.selector?.matchLabels;
  const exprs = spec.selector?.matchExpressions;
  const exact = isObj(ml) && Object.keys(ml).length === 1 && ml[CONTROLLER_UID_LABEL] === uid && (!Array.isArray(exprs) || exprs.length === 0);
  if (!exact) errs.push(invalid(path('spec', 'selector'), goLabelSelector(spec.selector), '`selector` not auto-generated'));
  return errs;
}

/** upstream ValidateJob / ValidateJobUpdate (validateJobSpecUpdate: immutable fields). */
export function validateJob(obj: Obj, old?: Obj): FieldError[] {
  const errs: FieldError[] = [];
  if (old) errs.push(...validateObjectMetaUpdate(obj.metadata, old.metadata, path('metadata')));
  else errs.push(...validateObjectMeta(obj.metadata, true, nameIsDNSSubdomain, path('metadata')));
  if (!old) errs.push(...validateGeneratedSelector(obj));
  errs.push(...validateJobSpec(obj.spec, path('spec')));
  if (old) {
    const s: Obj = isObj(obj.spec) ? obj.spec : {};
    const o: Obj = isObj(old.spec) ? old.spec : {};
    const p = path('spec');
    errs.push(...validateImmutableField(s.completions, o.completions, p.child('completions')));
    errs.push(...validateImmutableField(s.selector, o.selector, p.child('selector'), goLabelSelector(s.selector)));
    // upstream validatePodTemplateUpdate: the template may change only while the Job is suspended
    // (and then only scheduling directives); the bad value is Go's %#v of the whole template.
    if (JSON.stringify(s.template) !== JSON.stringify(o.template)) errs.push(invalid(p.child('template'), goRepr('core.PodTemplateSpec{...}'), 'field is immutable'));
    errs.push(...validateImmutableField(s.completionMode, o.completionMode, p.child('completionMode')));
  }
  return errs;
}

/** upstream validateScheduleFormat */
function validateScheduleFormat(schedule: string, allowTZInSchedule: boolean, timeZone: unknown, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  try {
    parseStandard(schedule);
  } catch (e) {
    if (!(e instanceof CronParseError)) throw e;
    errs.push(invalid(p, schedule, e.message));
  }
  if (allowTZInSchedule && schedule.includes('TZ') && set(timeZone)) errs.push(invalid(p, schedule, 'cannot use both timeZone field and TZ or CRON_TZ in schedule'));
  else if (!allowTZInSchedule && schedule.includes('TZ')) errs.push(invalid(p, schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'));
  return errs;
}

/** upstream validateTimeZone (time.LoadLocation's error for an unknown zone). */
function validateTimeZone(timeZone: unknown, p: Path): FieldError[] {
  if (!set(timeZone)) return [];
  const tz = str(timeZone);
  if (tz.length === 0) return [invalid(p, tz, 'timeZone must be nil or non-empty string')];
  if (tz.toLowerCase() === 'local') return [invalid(p, tz, 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones')];
  if (zoneOffsetMinutes(tz, 0) === undefined) return [invalid(p, tz, `unknown time zone ${tz}`)];
  return [];
}

/** upstream ValidateJobTemplateSpec: the selector is always generated when the Job is made. */
function validateJobTemplateSpec(tIn: unknown, p: Path): FieldError[] {
  const t: Obj = isObj(tIn) ? tIn : {};
  const spec: Obj = isObj(t.spec) ? t.spec : {};
  const errs = validateJobSpecCommon(spec, p.child('spec'));
  if (set(spec.selector)) errs.push(invalid(p.child('spec', 'selector'), goLabelSelector(spec.selector), '`selector` will be auto-generated'));
  if (spec.manualSelector === true) errs.push(notSupported(p.child('spec', 'manualSelector'), goRepr('true'), ['nil', 'false']));
  return errs;
}

/** upstream validateCronJobSpec */
function validateCronJobSpec(specIn: unknown, oldSpec: Obj | undefined, p: Path): FieldError[] {
  const spec: Obj = isObj(specIn) ? specIn : {};
  const errs: FieldError[] = [];
  const schedule = str(spec.schedule);
  if (schedule.length === 0) errs.push(required(p.child('schedule'), ''));
  else errs.push(...validateScheduleFormat(schedule, str(oldSpec?.schedule).includes('TZ'), spec.timeZone, p.child('schedule')));
  errs.push(...nonneg(spec, 'startingDeadlineSeconds', p));
  if (!oldSpec || oldSpec.timeZone !== spec.timeZone) errs.push(...validateTimeZone(spec.timeZone, p.child('timeZone')));
  const cp = str(spec.concurrencyPolicy);
  if (cp === '') errs.push(required(p.child('concurrencyPolicy'), ''));
  else if (!['Allow', 'Forbid', 'Replace'].includes(cp)) errs.push(notSupported(p.child('concurrencyPolicy'), cp, ['Allow', 'Forbid', 'Replace']));
  errs.push(...validateJobTemplateSpec(spec.jobTemplate, p.child('jobTemplate')));
  errs.push(...nonneg(spec, 'successfulJobsHistoryLimit', p));
  errs.push(...nonneg(spec, 'failedJobsHistoryLimit', p));
  return errs;
}

/** upstream ValidateCronJobCreate / ValidateCronJobUpdate. */
export function validateCronJob(obj: Obj, old?: Obj): FieldError[] {
  const errs: FieldError[] = [];
  if (old) errs.push(...validateObjectMetaUpdate(obj.metadata, old.metadata, path('metadata')));
  else errs.push(...validateObjectMeta(obj.metadata, true, nameIsDNSSubdomain, path('metadata')));
  errs.push(...validateCronJobSpec(obj.spec, old && isObj(old.spec) ? old.spec : undefined, path('spec')));
  // The controller appends an 11-character suffix (`-<minutes>`) to name its Jobs, whose names are
  // DNS-1035 labels (63): so a CronJob's name is at most 52.
  const name = str(obj.metadata?.name);
  if (!old && name.length > 52) errs.push(invalid(path('metadata', 'name'), name, 'must be no more than 52 characters'));
  return errs;
}
