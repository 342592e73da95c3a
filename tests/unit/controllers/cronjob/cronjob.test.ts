import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';
import { getJobFromTemplate, getJobName, mostRecentScheduleTime, nextScheduleTimeDuration, scheduleOf } from '../../../../src/sim/controllers/cronjob/utils';

// Virtual time 0 is 2025-01-01T00:00:00Z.
const cj = (spec: Record<string, unknown> = {}, status: Record<string, unknown> = {}) => ({
  metadata: { name: 'hello', namespace: 'default', uid: 'cj-uid', creationTimestamp: '2025-01-01T00:00:02Z' },
  spec: { schedule: '*/1 * * * *', jobTemplate: { metadata: { labels: { team: 'a' } }, spec: { template: { spec: { containers: [] } } } }, ...spec },
  status
});

describe('CronJob schedule arithmetic (upstream utils.go)', () => {
  it('names Jobs after the scheduled minute since the Unix epoch', () => {
    expect(getJobName(cj(), 60_000)).toBe('hello-28928161');
    const job = getJobFromTemplate(cj(), 60_000, 0);
    expect(job.metadata).toMatchObject({
      name: 'hello-28928161',
      labels: { team: 'a' },
      annotations: { 'batch.kubernetes.io/cronjob-scheduled-timestamp': '2025-01-01T00:01:00Z' },
      ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: 'hello', uid: 'cj-uid', controller: true, blockOwnerDeletion: true }]
    });
    expect(getJobFromTemplate(cj({ timeZone: 'Asia/Tokyo' }), 60_000, 540).metadata.annotations['batch.kubernetes.io/cronjob-scheduled-timestamp']).toBe('2025-01-01T09:01:00+09:00');
  });

  it.each([
    ['nothing due before the first activation', cj(), 59_000, undefined, 'none'],
    ['the first activation', cj(), 60_500, 60_000, 'few'],
    ['the latest of several missed ones', cj({}, { lastScheduleTime: '2025-01-01T00:01:00Z' }), 245_000, 240_000, 'few'],
    ['more than 100 missed', cj({}, { lastScheduleTime: '2025-01-01T00:01:00Z' }), 200 * 60_000, 200 * 60_000, 'many']
  ])('%s', (_name, c, now, mostRecent, missed) => {
    const r = mostRecentScheduleTime(c, now, scheduleOf(c, now)!, true);
    expect(r.mostRecent).toBe(mostRecent);
    expect(r.missed).toBe(missed);
  });

  it('wakes 100 ms after the next activation', () => {
    const c = cj({}, { lastScheduleTime: '2025-01-01T00:01:00Z' });
    expect(nextScheduleTimeDuration(c, 61_000, scheduleOf(c, 61_000)!)).toBe(59_100);
  });
});

const cronManifest = (name: string, policy: string, command: string) => `kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: CronJob
metadata:
  name: ${name}
spec:
  schedule: "* * * * *"
  concurrencyPolicy: ${policy}
  jobTemplate:
    spec:
      template:
        spec:
          containers:
          - name: main
            image: busybox
            command: ["sh", "-c", "${command}"]
          restartPolicy: OnFailure
EOF
`;

describe('CronJob controller', () => {
  it('creates a Job each minute, keeps 3 successful ones and records lastScheduleTime / lastSuccessfulTime', async () => {
    const cluster = new Cluster({ seed: 31, workers: 2 });
    await cluster.waitForNodesReady();
    const console = new Console(cluster);
    const run = async (line: string) => (await console.exec(line)).output;
    await run(cronManifest('tick', 'Allow', 'date'));
    await cluster.advance(5 * 60_000);
    expect(await run('kubectl get jobs -o name')).toBe('job.batch/tick-28928163\njob.batch/tick-28928164\njob.batch/tick-28928165\n');
    const status = JSON.parse(await run('kubectl get cronjob tick -o json')).status;
    expect(status.lastScheduleTime).toBe('2025-01-01T00:05:00Z');
    expect(status.lastSuccessfulTime).toMatch(/^2025-01-01T00:05:0\dZ$/);
    expect(status.active).toBeUndefined();
    const reasons = (await run('kubectl get events --field-selector involvedObject.kind=CronJob -o custom-columns=R:.reason,M:.message --no-headers')).split('\n');
    expect(reasons.slice(0, 2)).toEqual(['SuccessfulCreate   Created job tick-28928161', 'SawCompletedJob    Saw completed job: tick-28928161, condition: Complete']);
    expect(reasons).toContain('SuccessfulDelete   Deleted job tick-28928161');
    expect(await run('kubectl get cronjob tick --no-headers')).toMatch(/^tick\s+\* \* \* \* \*\s+<none>\s+False\s+0\s+\d+s\s+\d+m\d*s?\n$/);
  }, 60_000);

  it('Forbid skips an activation while the last Job runs; Replace deletes it and starts a new one', async () => {
    const cluster = new Cluster({ seed: 32, workers: 2 });
    await cluster.waitForNodesReady();
    const console = new Console(cluster);
    const run = async (line: string) => (await console.exec(line)).output;
    await run(cronManifest('forbid', 'Forbid', 'sleep 90'));
    await run(cronManifest('replace', 'Replace', 'sleep 90'));
    await cluster.advance(2 * 60_000 + 10_000);
    expect(await run('kubectl get jobs -l batch.kubernetes.io/job-name -o custom-columns=NAME:.metadata.name --no-headers')).toBe('forbid-28928161\nreplace-28928162\n');
    const events = await run('kubectl get events --field-selector involvedObject.kind=CronJob -o custom-columns=O:.involvedObject.name,R:.reason,M:.message --no-headers');
    expect(events).toContain('forbid    JobAlreadyActive   Not starting job because prior execution is running and concurrency policy is Forbid');
    expect(events).toContain('replace   SuccessfulDelete   Deleted job replace-28928161');
    expect(JSON.parse(await run('kubectl get cronjob replace -o json')).status.active.map((r: any) => r.name)).toEqual(['replace-28928162']);
    expect(await run('kubectl get cronjobs')).toMatch(/^NAME\s+SCHEDULE\s+TIMEZONE\s+SUSPEND\s+ACTIVE\s+LAST SCHEDULE\s+AGE\nforbid\s+\* \* \* \* \*\s+<none>\s+False\s+1\s+/);
  }, 60_000);
});
