import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';

const jobManifest = (name: string, command: string, spec = '', podSpec = '') => `kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: ${name}
spec:
${spec}  template:
    spec:
      containers:
      - name: main
        image: busybox
        command: ["sh", "-c", "${command}"]
${podSpec}      restartPolicy: Never
EOF
`;

async function boot(seed = 21) {
  const cluster = new Cluster({ seed, workers: 2 });
  await cluster.waitForNodesReady();
  const console = new Console(cluster);
  const run = async (line: string) => (await console.exec(line)).output;
  const json = async (line: string) => JSON.parse(await run(line));
  return { cluster, run, json };
}

const seconds = (ts: string) => Date.parse(ts) / 1000;

describe('Job controller', () => {
  it('runs a pod to completion, tracking it with a finalizer, then SuccessCriteriaMet and Complete', async () => {
    const { cluster, run, json } = await boot();
    await run(jobManifest('hello', 'echo hello; sleep 5'));
    await cluster.advance(3_000);
    const running = (await json('kubectl get pods -l job-name=hello -o json')).items;
    expect(running).toHaveLength(1);
    expect(running[0].metadata.finalizers).toEqual(['batch.kubernetes.io/job-tracking']);
    expect(running[0].metadata.ownerReferences).toEqual([{ apiVersion: 'batch/v1', kind: 'Job', name: 'hello', uid: expect.any(String), controller: true, blockOwnerDeletion: true }]);
    expect((await json('kubectl get job hello -o json')).status).toMatchObject({ active: 1, ready: 1, terminating: 0, uncountedTerminatedPods: {} });

    await cluster.advance(10_000);
    const job = await json('kubectl get job hello -o json');
    expect(job.status.succeeded).toBe(1);
    expect(job.status.active).toBeUndefined();
    expect(job.status.conditions.map((c: any) => [c.type, c.status, c.reason, c.message])).toEqual([
      ['SuccessCriteriaMet', 'True', 'CompletionsReached', 'Reached expected number of succeeded pods'],
      ['Complete', 'True', 'CompletionsReached', 'Reached expected number of succeeded pods']
    ]);
    expect(seconds(job.status.completionTime) - seconds(job.status.startTime)).toBe(7);
    const done = (await json('kubectl get pods -l job-name=hello -o json')).items[0];
    expect(done.metadata.finalizers).toBeUndefined();
    expect(await run('kubectl get job hello')).toMatch(/^NAME\s+STATUS\s+COMPLETIONS\s+DURATION\s+AGE\nhello\s+Complete\s+1\/1\s+7s\s+\d+s\n$/);
    expect(await run('kubectl get events --field-selector involvedObject.kind=Job -o custom-columns=REASON:.reason,MESSAGE:.message --no-headers')).toMatch(
      /^SuccessfulCreate\s+Created pod: hello-\w{5}\nCompleted\s+Job completed\n$/
    );
    expect(await run('kubectl logs job/hello')).toBe('hello\n');
  }, 60_000);

  it('backs off 10 s then 20 s between failed pods and fails at backoffLimit with BackoffLimitExceeded', async () => {
    const { cluster, run, json } = await boot();
    await run(jobManifest('fail', 'exit 3', '  backoffLimit: 2\n'));
    await cluster.advance(60_000);
    const created = (p: any) => seconds(p.metadata.creationTimestamp);
    const pods = (await json('kubectl get pods -l job-name=fail -o json')).items.sort((a: any, b: any) => created(a) - created(b));
    expect(pods).toHaveLength(3);
    const finished = (p: any) => seconds(p.status.containerStatuses[0].state.terminated.finishedAt);
    // The replacement waits out the back-off, counted from the failed container's finishedAt.
    expect(created(pods[1]) - finished(pods[0])).toBe(10);
    expect(created(pods[2]) - finished(pods[1])).toBe(20);
    const job = await json('kubectl get job fail -o json');
    expect(job.status.failed).toBe(3);
    expect(job.status.conditions.map((c: any) => [c.type, c.reason, c.message])).toEqual([
      ['FailureTarget', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit'],
      ['Failed', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit']
    ]);
    expect(job.status.completionTime).toBeUndefined();
    expect(await run('kubectl get job fail --no-headers')).toMatch(/^fail\s+Failed\s+0\/1\s/);
    expect(await run('kubectl get events --field-selector involvedObject.kind=Job,type=Warning -o custom-columns=REASON:.reason,MESSAGE:.message --no-headers')).toBe(
      'BackoffLimitExceeded   Job has reached the specified backoff limit\n'
    );
  }, 60_000);

  it('stops a Job at activeDeadlineSeconds: FailureTarget, its pod deleted, Failed once the pod is gone', async () => {
    const { cluster, run, json } = await boot();
    await run(jobManifest('slow', 'sleep 3600', '  activeDeadlineSeconds: 10\n', '      terminationGracePeriodSeconds: 5\n'));
    await cluster.advance(11_000);
    let job = await json('kubectl get job slow -o json');
    expect(job.status.conditions.map((c: any) => [c.type, c.reason])).toEqual([['FailureTarget', 'DeadlineExceeded']]);
    expect(job.status.terminating).toBe(1);
    expect(await run('kubectl get job slow --no-headers')).toMatch(/^slow\s+FailureTarget\s/);
    await cluster.advance(10_000);
    job = await json('kubectl get job slow -o json');
    expect(job.status.conditions.map((c: any) => [c.type, c.reason, c.message])).toEqual([
      ['FailureTarget', 'DeadlineExceeded', 'Job was active longer than specified deadline'],
      ['Failed', 'DeadlineExceeded', 'Job was active longer than specified deadline']
    ]);
    expect(job.status).toMatchObject({ failed: 1, terminating: 0 });
    expect(await run('kubectl get pods -l job-name=slow')).toBe('No resources found in default namespace.\n');
    expect(await run('kubectl get events --field-selector involvedObject.kind=Job -o custom-columns=REASON:.reason --no-headers')).toBe('SuccessfulCreate\nSuccessfulDelete\nDeadlineExceeded\n');
  }, 60_000);

  it('runs completions with parallelism, deletes its pods with the Job, and ttlSecondsAfterFinished deletes a finished Job', async () => {
    const { cluster, run, json } = await boot();
    await run(jobManifest('par', 'sleep 2', '  completions: 4\n  parallelism: 2\n'));
    await run(jobManifest('ttl', 'true', '  ttlSecondsAfterFinished: 20\n'));
    await cluster.advance(2_000);
    expect((await json('kubectl get pods -l job-name=par -o json')).items).toHaveLength(2);
    await cluster.advance(13_000);
    expect(await run('kubectl get job par --no-headers')).toMatch(/^par\s+Complete\s+4\/4\s/);
    expect((await json('kubectl get pods -l job-name=par -o json')).items).toHaveLength(4);
    // ttl finished within its first 2 s: still kept 15 s in, deleted (with its pod) 20 s after it finished.
    expect(await run('kubectl get job ttl --no-headers')).toMatch(/^ttl\s+Complete\s+1\/1\s/);
    expect(await run('kubectl delete job par')).toBe('job.batch "par" deleted\n');
    await cluster.advance(8_000);
    expect(await run('kubectl get pods -l job-name=par')).toBe('No resources found in default namespace.\n');
    expect(await run('kubectl get jobs')).toBe('No resources found in default namespace.\n');
    expect(await run('kubectl get pods -l job-name=ttl')).toBe('No resources found in default namespace.\n');
  }, 60_000);
  it('suspends a Job (no pods, Suspended) and resumes it (JobResumed, startTime reset)', async () => {
    const { cluster, run, json } = await boot();
    await run(jobManifest('later', 'sleep 30', '  suspend: true\n'));
    await cluster.advance(5_000);
    expect(await run('kubectl get job later --no-headers')).toMatch(/^later\s+Suspended\s+0\/1\s+\d+s\n$/);
    expect(await run('kubectl get pods -l job-name=later')).toBe('No resources found in default namespace.\n');
    let job = await json('kubectl get job later -o json');
    expect(job.status.startTime).toBeUndefined();
    expect(job.status.conditions.map((c: any) => [c.type, c.status, c.reason, c.message])).toEqual([['Suspended', 'True', 'JobSuspended', 'Job suspended']]);
    await run(`kubectl patch job later --type=merge -p '{"spec":{"suspend":false}}'`);
    await cluster.advance(3_000);
    job = await json('kubectl get job later -o json');
    expect(job.status.conditions.map((c: any) => [c.type, c.status, c.reason, c.message])).toEqual([['Suspended', 'False', 'JobResumed', 'Job resumed']]);
    expect(job.status.startTime).toBe('2025-01-01T00:00:07Z');
    expect(await run('kubectl get job later --no-headers')).toMatch(/^later\s+Running\s+0\/1\s/);
    await run(`kubectl patch job later --type=merge -p '{"spec":{"suspend":true}}'`);
    await cluster.advance(35_000);
    expect(await run('kubectl get pods -l job-name=later')).toBe('No resources found in default namespace.\n');
    expect(await run('kubectl get events --field-selector involvedObject.kind=Job -o custom-columns=REASON:.reason --no-headers')).toBe('Suspended\nSuccessfulCreate\nResumed\nSuccessfulDelete\n');
    // The second Suspended is the same event again: the recorder counts it (client-go's EventCorrelator).
    expect(await run('kubectl get events --field-selector reason=Suspended -o custom-columns=COUNT:.count --no-headers')).toBe('2\n');
  }, 60_000);
  it('creates no replacement while a Job is deleted in the foreground: kubectl waits for its pod to go first', async () => {
    const { cluster, run } = await boot();
    await run('kubectl create job long --image=busybox -- sleep 3600');
    await cluster.advance(5_000);
    expect(await run('kubectl delete job long --cascade=foreground')).toBe('job.batch "long" deleted\n');
    expect(await run('kubectl get jobs,pods')).toBe('No resources found in default namespace.\n');
    expect(await run('kubectl get events --field-selector involvedObject.kind=Job -o custom-columns=REASON:.reason --no-headers')).toBe('SuccessfulCreate\n');
  }, 60_000);
});
