/**
 * kubectl create job / cronjob. The generated objects are compared with what kubectl v1.32
 * prints for `--dry-run=client -o yaml`.
 */
import { describe, expect, test } from 'vitest';
import { bench } from './harness';

describe('kubectl create job', () => {
  test('builds the Job kubectl builds: container named after the Job, restartPolicy Never', async () => {
    const b = bench();
    expect((await b.run('kubectl create job hello --image=busybox --dry-run=client -o yaml -- echo hi')).stdout).toBe(
      'apiVersion: batch/v1\nkind: Job\nmetadata:\n  creationTimestamp: null\n  name: hello\nspec:\n  template:\n    metadata:\n      creationTimestamp: null\n    spec:\n      containers:\n      - command:\n        - echo\n        - hi\n        image: busybox\n        name: hello\n        resources: {}\n      restartPolicy: Never\nstatus: {}\n'
    );
    expect(await b.run('kubectl create job hello --image=busybox -- echo hi')).toEqual({ stdout: 'job.batch/hello created\n', stderr: '', exitCode: 0 });
    const job = b.get('jobs', 'hello', 'default')!;
    expect(job.spec.template.spec.containers[0]).toMatchObject({ name: 'hello', image: 'busybox', command: ['echo', 'hi'] });
    expect(job.spec.backoffLimit).toBe(6);
  });

  test('--from=cronjob/NAME copies the job template, marks it manual and owned by the CronJob', async () => {
    const b = bench();
    await b.run("kubectl create cronjob nightly --image=busybox --schedule='0 3 * * *' -- date");
    const cj = b.get('cronjobs', 'nightly', 'default')!;
    expect(await b.run('kubectl create job now --from=cronjob/nightly')).toEqual({ stdout: 'job.batch/now created\n', stderr: '', exitCode: 0 });
    const job = b.get('jobs', 'now', 'default')!;
    expect(job.metadata.annotations).toEqual({ 'cronjob.kubernetes.io/instantiate': 'manual' });
    expect(job.metadata.ownerReferences).toEqual([{ apiVersion: 'batch/v1', kind: 'CronJob', name: 'nightly', uid: cj.metadata.uid, controller: true }]);
    expect(job.spec.template.spec).toMatchObject({ restartPolicy: 'OnFailure', containers: [{ name: 'nightly', image: 'busybox', command: ['date'] }] });
  });

  test.each([
    ['kubectl create job x', 'error: either --image or --from must be specified\n'],
    ['kubectl create job x --image=a --from=cronjob/y', 'error: either --image or --from must be specified\n'],
    ['kubectl create job x --from=cronjob/y -- date', 'error: cannot specify --from and command\n'],
    ['kubectl create job --image=a', "error: exactly one NAME is required, got 0\nSee 'kubectl create job -h' for help and examples\n"],
    ['kubectl create job x --from=cronjob/nope', 'Error from server (NotFound): cronjobs.batch "nope" not found\n'],
    ['kubectl create job x --image=busybox --dry-run=server -o name -- true', '']
  ])('%s', async (line, stderr) => {
    expect((await bench().run(line)).stderr).toBe(stderr);
  });
});

describe('kubectl create cronjob', () => {
  test('builds the CronJob kubectl builds: restartPolicy OnFailure unless --restart', async () => {
    const b = bench();
    expect((await b.run("kubectl create cronjob cj --image=busybox --schedule='*/1 * * * *' --dry-run=client -o yaml -- echo hi")).stdout).toBe(
      "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  creationTimestamp: null\n  name: cj\nspec:\n  jobTemplate:\n    metadata:\n      creationTimestamp: null\n      name: cj\n    spec:\n      template:\n        metadata:\n          creationTimestamp: null\n        spec:\n          containers:\n          - command:\n            - echo\n            - hi\n            image: busybox\n            name: cj\n            resources: {}\n          restartPolicy: OnFailure\n  schedule: '*/1 * * * *'\nstatus: {}\n"
    );
    expect((await b.run("kubectl create cronjob cj --image=busybox --schedule='* * * * *' --restart=Never --dry-run=client -o jsonpath={.spec.jobTemplate.spec.template.spec.restartPolicy}")).stdout).toBe('Never');
    expect(await b.run("kubectl create cj cj --image=busybox --schedule='@hourly'")).toEqual({ stdout: 'cronjob.batch/cj created\n', stderr: '', exitCode: 0 });
    expect(b.get('cronjobs', 'cj', 'default')!.spec).toMatchObject({ schedule: '@hourly', concurrencyPolicy: 'Allow', suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 });
  });

  test.each([
    ["kubectl create cronjob x --schedule='* * * * *'", 'error: required flag(s) "image" not set\n'],
    ['kubectl create cronjob x --image=busybox', 'error: required flag(s) "schedule" not set\n'],
    ['kubectl create cronjob x --image=busybox --schedule=1', 'error: failed to create cronjob: CronJob.batch "x" is invalid: spec.schedule: Invalid value: "1": expected exactly 5 fields, found 1: [1]\n'],
    ["kubectl create cronjob x --image=busybox --schedule='* * * * *' --restart=Always", 'error: failed to create cronjob: CronJob.batch "x" is invalid: spec.jobTemplate.spec.template.spec.restartPolicy: Unsupported value: "Always": supported values: "OnFailure", "Never"\n']
  ])('%s', async (line, stderr) => {
    expect((await bench().run(line)).stderr).toBe(stderr);
  });
});

describe('kubectl get / describe for batch', () => {
  test('get jobs and cronjobs print v1.32 columns; get all lists them after the apps resources', async () => {
    const b = bench();
    await b.run('kubectl create job hello --image=busybox');
    await b.run("kubectl create cronjob cj --image=busybox --schedule='*/5 * * * *'");
    b.advance(30_000);
    expect((await b.run('kubectl get jobs')).stdout).toBe('NAME    STATUS    COMPLETIONS   DURATION   AGE\nhello   Running   0/1                      30s\n');
    expect((await b.run('kubectl get jobs -o wide')).stdout.split('\n')[0]).toBe('NAME    STATUS    COMPLETIONS   DURATION   AGE   CONTAINERS   IMAGES    SELECTOR');
    expect((await b.run('kubectl get cj')).stdout).toBe('NAME   SCHEDULE      TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE\ncj     */5 * * * *   <none>     False     0        <none>          30s\n');
    const all = (await b.run('kubectl get all')).stdout;
    expect(all.indexOf('cronjob.batch/cj')).toBeGreaterThan(all.indexOf('service/kubernetes'));
    expect(all.indexOf('job.batch/hello')).toBeGreaterThan(all.indexOf('cronjob.batch/cj'));
  });

  test('describe cronjob prints the schedule, policies and job template', async () => {
    const b = bench();
    await b.run("kubectl create cronjob cj --image=busybox --schedule='*/5 * * * *' -- date");
    const out = (await b.run('kubectl describe cronjob cj')).stdout;
    expect(out).toContain('Schedule:                      */5 * * * *\nConcurrency Policy:            Allow\nSuspend:                       False\nSuccessful Job History Limit:  3\nFailed Job History Limit:      1\nStarting Deadline Seconds:     <unset>\nSelector:                      <unset>\nParallelism:                   <unset>\nCompletions:                   <unset>\nPod Template:\n');
    expect(out).toContain('Last Schedule Time:  <unset>\nActive Jobs:         <none>\nEvents:              <none>\n');
  });
});
