import { describe, expect, it } from 'vitest';
import { newServer } from './helpers';

const job = (name: string, extra: Record<string, any> = {}) => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name },
  spec: { template: { spec: { containers: [{ name, image: 'busybox' }], restartPolicy: 'Never' } }, ...extra }
});

const cronJob = (name: string, schedule: string, extra: Record<string, any> = {}) => ({
  apiVersion: 'batch/v1',
  kind: 'CronJob',
  metadata: { name },
  spec: { schedule, jobTemplate: { spec: { template: { spec: { containers: [{ name, image: 'busybox' }], restartPolicy: 'OnFailure' } } } }, ...extra }
});

describe('batch/v1 Job in the API server', () => {
  it('defaults a plain Job as upstream and generates its selector and pod labels from the UID', () => {
    const { ok } = newServer();
    const j = ok({ verb: 'create', resource: 'jobs', namespace: 'default', body: job('pi') });
    const uid = j.metadata.uid;
    expect(uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(j.spec).toMatchObject({ parallelism: 1, completions: 1, backoffLimit: 6, completionMode: 'NonIndexed', suspend: false, manualSelector: false, podReplacementPolicy: 'TerminatingOrFailed' });
    expect(j.spec.selector).toEqual({ matchLabels: { 'batch.kubernetes.io/controller-uid': uid } });
    expect(j.spec.template.metadata.labels).toEqual({
      'batch.kubernetes.io/controller-uid': uid,
      'batch.kubernetes.io/job-name': 'pi',
      'controller-uid': uid,
      'job-name': 'pi'
    });
    expect(j.spec.template.spec).toMatchObject({ restartPolicy: 'Never', dnsPolicy: 'ClusterFirst', terminationGracePeriodSeconds: 30 });
    expect(j.status).toEqual({});
    expect(j.metadata.generation).toBe(1);
  });

  it('keeps completions unset when only parallelism is given (a work queue)', () => {
    const { ok } = newServer();
    const j = ok({ verb: 'create', resource: 'jobs', namespace: 'default', body: job('q', { parallelism: 3 }) });
    expect(j.spec.parallelism).toBe(3);
    expect(j.spec.completions).toBeUndefined();
  });

  it('refuses restartPolicy Always (the pod default) with upstream message', () => {
    const { call } = newServer();
    const body = job('bad');
    delete (body.spec.template.spec as any).restartPolicy;
    const r = call({ verb: 'create', resource: 'jobs', namespace: 'default', body });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.status.code).toBe(422);
      expect(r.status.message).toBe('Job.batch "bad" is invalid: spec.template.spec.restartPolicy: Unsupported value: "Always": supported values: "OnFailure", "Never"');
    }
  });

  it('refuses a negative backoffLimit and a template change', () => {
    const { call, ok } = newServer();
    const r = call({ verb: 'create', resource: 'jobs', namespace: 'default', body: job('neg', { backoffLimit: -1 }) });
    expect(!r.ok && r.status.message).toBe('Job.batch "neg" is invalid: spec.backoffLimit: Invalid value: -1: must be greater than or equal to 0');
    ok({ verb: 'create', resource: 'jobs', namespace: 'default', body: job('imm') });
    const p = call({ verb: 'patch', resource: 'jobs', namespace: 'default', name: 'imm', patchType: 'merge', body: { spec: { template: { spec: { activeDeadlineSeconds: 5 } } } } });
    expect(!p.ok && p.status.message).toContain('spec.template: Invalid value: core.PodTemplateSpec{...}: field is immutable');
  });
});

describe('batch/v1 decoding', () => {
  it('refuses an unknown Job field under strict field validation, and a value of the wrong type', () => {
    const { call } = newServer();
    const typo: any = job('typo');
    typo.spec.backofflimit = 2;
    const r = call({ verb: 'create', resource: 'jobs', namespace: 'default', body: typo, fieldValidation: 'Strict' });
    expect(!r.ok && r.status.message).toBe('Job in version "v1" cannot be handled as a Job: strict decoding error: unknown field "spec.backofflimit"');
    const typed: any = job('typed', { backoffLimit: 'two' });
    const t = call({ verb: 'create', resource: 'jobs', namespace: 'default', body: typed, fieldValidation: 'Strict' });
    expect(!t.ok && t.status.message).toBe('Job in version "v1" cannot be handled as a Job: json: cannot unmarshal string into Go struct field JobSpec.spec.backoffLimit of type int32');
    const cj: any = cronJob('c', '@hourly');
    cj.spec.jobTemplate.spec.template.spec.containers[0].imagePullPolicy = 'Always';
    expect(call({ verb: 'create', resource: 'cronjobs', namespace: 'default', body: cj, fieldValidation: 'Strict' }).ok).toBe(true);
  });
});

describe('batch/v1 CronJob in the API server', () => {
  it('defaults concurrencyPolicy, suspend and the history limits', () => {
    const { ok } = newServer();
    const cj = ok({ verb: 'create', resource: 'cronjobs', namespace: 'default', body: cronJob('hello', '*/1 * * * *') });
    expect(cj.spec).toMatchObject({ concurrencyPolicy: 'Allow', suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 });
    expect(cj.spec.jobTemplate.spec.backoffLimit).toBeUndefined();
    expect(cj.spec.jobTemplate.spec.template.spec.dnsPolicy).toBe('ClusterFirst');
  });

  it.each([
    ['1', 'spec.schedule: Invalid value: "1": expected exactly 5 fields, found 1: [1]'],
    ['61 * * * *', 'spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61'],
    ['@often', 'spec.schedule: Invalid value: "@often": unrecognized descriptor: @often'],
    ['TZ=UTC * * * * *', 'spec.schedule: Invalid value: "TZ=UTC * * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead']
  ])('refuses schedule %j', (schedule, detail) => {
    const { call } = newServer();
    const r = call({ verb: 'create', resource: 'cronjobs', namespace: 'default', body: cronJob('c', schedule) });
    expect(!r.ok && r.status.message).toBe(`CronJob.batch "c" is invalid: ${detail}`);
  });

  it('refuses a name longer than 52 characters and an unknown time zone', () => {
    const { call } = newServer();
    const long = 'a'.repeat(53);
    const r = call({ verb: 'create', resource: 'cronjobs', namespace: 'default', body: cronJob(long, '@hourly') });
    expect(!r.ok && r.status.message).toBe(`CronJob.batch "${long}" is invalid: metadata.name: Invalid value: "${long}": must be no more than 52 characters`);
    const z = call({ verb: 'create', resource: 'cronjobs', namespace: 'default', body: cronJob('z', '@hourly', { timeZone: 'Mars/Olympus' }) });
    expect(!z.ok && z.status.message).toBe('CronJob.batch "z" is invalid: spec.timeZone: Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus');
  });
});
