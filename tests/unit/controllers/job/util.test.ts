import { describe, expect, it } from 'vitest';
import {
  completionsReached, isPodFailed, podFinishTime, pastActiveDeadline, pastBackoffLimitOnFailure, podFailureBackoff, remainingBackoff, updateBackoffRecord, wantActive
} from '../../../../src/sim/controllers/job/util';

const job = (spec: Record<string, unknown> = {}, status: Record<string, unknown> = {}) => ({ metadata: { name: 'j', namespace: 'default', uid: 'u' }, spec: { parallelism: 1, completions: 1, backoffLimit: 6, ...spec }, status });
const pod = (phase: string, extra: Record<string, any> = {}) => ({ metadata: { name: 'p', ...(extra.metadata ?? {}) }, status: { phase, ...(extra.status ?? {}) } });

describe('pod failure back-off (upstream DefaultJobPodFailureBackOff 10s, MaxJobPodFailureBackOff 10m)', () => {
  it.each([
    [0, 0],
    [1, 10_000],
    [2, 20_000],
    [3, 40_000],
    [4, 80_000],
    [6, 320_000],
    [7, 600_000],
    [20, 600_000]
  ])('%i failures in a row wait %i ms', (failures, ms) => expect(podFailureBackoff(failures)).toBe(ms));

  it('counts the wait from the last failure and resets on a success', () => {
    let rec = updateBackoffRecord({ failuresAfterLastSuccess: 0 }, [{ failed: true, at: 5_000 }, { failed: true, at: 16_000 }]);
    expect(rec).toEqual({ failuresAfterLastSuccess: 2, lastFailureTime: 16_000 });
    expect(remainingBackoff(rec, 16_000)).toBe(20_000);
    expect(remainingBackoff(rec, 30_000)).toBe(6_000);
    expect(remainingBackoff(rec, 36_000)).toBe(0);
    rec = updateBackoffRecord(rec, [{ failed: false, at: 40_000 }]);
    expect(rec.failuresAfterLastSuccess).toBe(0);
    expect(remainingBackoff(rec, 40_000)).toBe(0);
  });

  it('folds pods in the order they finished, not the order given', () => {
    const rec = updateBackoffRecord({ failuresAfterLastSuccess: 3, lastFailureTime: 1 }, [{ failed: true, at: 9_000 }, { failed: false, at: 2_000 }]);
    expect(rec).toEqual({ failuresAfterLastSuccess: 1, lastFailureTime: 9_000 });
  });
});

describe('what a Job wants running and when it is done', () => {
  it.each([
    ['one pod for a plain Job', job(), 0, 1],
    ['nothing once it has its completion', job(), 1, 0],
    ['parallelism, bounded by the completions still missing', job({ parallelism: 3, completions: 5 }), 3, 2],
    ['a work queue runs parallelism pods until one succeeds', job({ parallelism: 4, completions: undefined }), 0, 4],
    ['a work queue starts nothing new after a success', job({ parallelism: 4, completions: undefined }), 1, 0]
  ])('%s', (_name, j, succeeded, want) => expect(wantActive(j, succeeded)).toBe(want));

  it.each([
    [job({ completions: 5 }), 4, 1, false],
    [job({ completions: 5 }), 5, 0, true],
    [job({ completions: undefined }), 1, 2, false],
    [job({ completions: undefined }), 1, 0, true]
  ])('completionsReached %#', (j, succeeded, active, done) => expect(completionsReached(j, succeeded, active)).toBe(done));

  it('is past its active deadline activeDeadlineSeconds after startTime', () => {
    const j = job({ activeDeadlineSeconds: 30 }, { startTime: '2025-01-01T00:00:10Z' });
    expect(pastActiveDeadline(j, 39_999)).toBe(false);
    expect(pastActiveDeadline(j, 40_000)).toBe(true);
    expect(pastActiveDeadline(job({}, { startTime: '2025-01-01T00:00:10Z' }), 10_000_000)).toBe(false);
  });
});

describe('failures', () => {
  it.each([
    ['a Failed pod', pod('Failed'), job(), true],
    ['a running pod being deleted counts as failed (TerminatingOrFailed)', pod('Running', { metadata: { deletionTimestamp: '2025-01-01T00:00:01Z' } }), job(), true],
    ['... but not with podReplacementPolicy Failed', pod('Running', { metadata: { deletionTimestamp: '2025-01-01T00:00:01Z' } }), job({ podReplacementPolicy: 'Failed' }), false],
    ['a Succeeded pod being deleted did not fail', pod('Succeeded', { metadata: { deletionTimestamp: '2025-01-01T00:00:01Z' } }), job(), false],
    ['a running pod', pod('Running'), job(), false]
  ])('%s', (_name, p, j, failed) => expect(isPodFailed(p, j)).toBe(failed));

  it('counts container restarts of OnFailure pods against backoffLimit (>=, as upstream)', () => {
    const onFailure = (limit: number) => job({ backoffLimit: limit, template: { spec: { restartPolicy: 'OnFailure' } } });
    const restarted = (n: number) => pod('Running', { status: { containerStatuses: [{ restartCount: n }] } });
    expect(pastBackoffLimitOnFailure(onFailure(2), [restarted(1)])).toBe(false);
    expect(pastBackoffLimitOnFailure(onFailure(2), [restarted(2)])).toBe(true);
    expect(pastBackoffLimitOnFailure(onFailure(0), [restarted(1)])).toBe(true);
    expect(pastBackoffLimitOnFailure(job({ backoffLimit: 2, template: { spec: { restartPolicy: 'Never' } } }), [restarted(5)])).toBe(false);
  });
});

describe('when a pod finished (upstream getFinishedTime)', () => {
  it.each([
    ['the latest finishedAt of its containers', pod('Failed', { status: { containerStatuses: [{ state: { terminated: { finishedAt: '2025-01-01T00:00:09Z' } } }, { state: { terminated: { finishedAt: '2025-01-01T00:00:07Z' } } }] } }), 9_000],
    ['when its deletion was asked for: deletionTimestamp minus the grace period', pod('Running', { metadata: { deletionTimestamp: '2025-01-01T00:00:35Z', deletionGracePeriodSeconds: 30 } }), 5_000],
    ['now, failing both', pod('Failed'), 42_000]
  ])('%s', (_name, p, at) => expect(podFinishTime(p, 42_000)).toBe(at));
});
