import { describe, expect, it } from 'vitest';
import { boot, podYAML } from '../kubelet/server/harness';
import { containerLogPath } from '../../../src/sim/kubelet/server/container-logs';
import { Console } from '../../../src/sim/cluster/console';

/** Appends CRI log records to a container's log file on its node, as the runtime writes them. */
async function writeLog(b: Awaited<ReturnType<typeof boot>>, podName: string, container: string, lines: string[], attempt = 0): Promise<void> {
  const pod = await b.pod(podName);
  const files = b.files(pod.spec.nodeName);
  const path = containerLogPath('default', podName, pod.metadata.uid, container, attempt);
  files.set(path, (files.get(path) ?? '') + lines.map((l) => l + '\n').join(''));
}

describe('kubectl logs', () => {
  it("prints the container's log file as the kubelet reads it, with --tail, --timestamps, --since and --limit-bytes", async () => {
    const b = await boot();
    await b.run('kubectl apply -f -', podYAML('quiet', [{ name: 'main' }]));
    await b.cluster.advance(20_000);
    await writeLog(b, 'quiet', 'main', ['2025-01-01T00:00:10.500000000Z stdout F first', '2025-01-01T00:00:15.000000000Z stderr F second', '2025-01-01T00:00:19.250000000Z stdout F third']);
    expect(await b.run('kubectl logs quiet')).toEqual({ stdout: 'first\nsecond\nthird\n', stderr: '', exitCode: 0 });
    expect((await b.run('kubectl logs quiet --tail=1 --timestamps')).stdout).toBe('2025-01-01T00:00:19.25Z third\n');
    // now is 20 s (plus boot): --since=6s keeps the records of the last 6 s.
    const since = (await b.run('kubectl logs quiet --since=6s')).stdout;
    expect(since.endsWith('third\n')).toBe(true);
    expect(since).not.toContain('first');
    expect((await b.run('kubectl logs quiet --limit-bytes=8')).stdout).toBe('first\nse');
    expect((await b.run('kubectl logs pod/quiet main --tail 2')).stdout).toBe('second\nthird\n');
  });

  it("reads what nginx wrote to its log through the runtime's log writer", async () => {
    const b = await boot();
    await b.run('kubectl run web --image=nginx');
    await b.cluster.advance(20_000);
    const out = await b.run('kubectl logs web --tail=1');
    expect(out.exitCode).toBe(0);
    expect(out.stdout.split('\n')).toHaveLength(2);
  });

  it('fails with the API server and kubelet wording', async () => {
    const b = await boot();
    await b.run('kubectl apply -f -', podYAML('quiet', [{ name: 'main' }]));
    await b.run('kubectl run bad --image=nginx:does-not-exist');
    await b.run(
      'kubectl apply -f -',
      podYAML('stuck', [{ name: 'main' }]).replace('spec:\n', 'spec:\n  volumes:\n  - name: cfg\n    configMap:\n      name: missing\n') +
        '    volumeMounts:\n    - name: cfg\n      mountPath: /cfg\n'
    );
    await b.cluster.advance(30_000);
    const cases: [string, string][] = [
      ['kubectl logs nope', 'Error from server (NotFound): pods "nope" not found\n'],
      ['kubectl logs bad', 'Error from server (BadRequest): container "bad" in pod "bad" is waiting to start: trying and failing to pull image\n'],
      ['kubectl logs stuck', 'Error from server (BadRequest): container "main" in pod "stuck" is waiting to start: ContainerCreating\n'],
      ['kubectl logs quiet -p', 'Error from server (BadRequest): previous terminated container "main" in pod "quiet" not found\n'],
      ['kubectl logs quiet -c other', 'error: container other is not valid for pod quiet out of: main\n'],
      ['kubectl logs', "error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command\nSee 'kubectl logs -h' for help and examples\n"],
      ['kubectl logs quiet -l run=x', "error: only a selector (-l) or a POD name is allowed\nSee 'kubectl logs -h' for help and examples\n"],
      ['kubectl logs quiet main -c main', 'error: only one of -c or an inline [CONTAINER] arg is allowed\n'],
      ['kubectl logs quiet --tail=-2', 'error: --tail must be greater than or equal to -1\n'],
      ['kubectl logs quiet --all-containers -c main', 'error: --all-containers=true should not be specified with container name main\n'],
      ['kubectl logs cm/x', 'Error from server (NotFound): configmaps "x" not found\n']
    ];
    for (const [line, stderr] of cases) {
      const r = await b.run(line);
      expect({ line, stderr: r.stderr, exitCode: r.exitCode }).toEqual({ line, stderr, exitCode: 1 });
    }
  });

  it('defaults to the first container (saying so), or the annotated one; --all-containers --prefix reads them all', async () => {
    const b = await boot();
    await b.run('kubectl apply -f -', podYAML('two', [{ name: 'a' }, { name: 'b' }]));
    await b.run('kubectl apply -f -', podYAML('picked', [{ name: 'a' }, { name: 'b' }], '  annotations:\n    kubectl.kubernetes.io/default-container: b\n'));
    await b.cluster.advance(20_000);
    await writeLog(b, 'two', 'a', ['2025-01-01T00:00:10Z stdout F from a']);
    await writeLog(b, 'two', 'b', ['2025-01-01T00:00:10Z stdout F from b']);
    await writeLog(b, 'picked', 'b', ['2025-01-01T00:00:10Z stdout F picked b']);
    expect(await b.run('kubectl logs two')).toEqual({ stdout: 'from a\n', stderr: 'Defaulted container "a" out of: a, b\n', exitCode: 0 });
    expect(await b.run('kubectl logs picked')).toEqual({ stdout: 'picked b\n', stderr: '', exitCode: 0 });
    expect((await b.run('kubectl logs two --all-containers --prefix')).stdout).toBe('[pod/two/a] from a\n[pod/two/b] from b\n');
  });

  it('reads the previous instance of a restarted container with -p', async () => {
    const b = await boot();
    await b.run('kubectl apply -f -', podYAML('crash', [{ name: 'main', command: ['sh', '-c', 'echo attempt; sleep 2; exit 1'] }]));
    await b.cluster.advance(30_000);
    const pod = await b.pod('crash');
    expect(pod.status.containerStatuses[0].restartCount).toBeGreaterThan(0);
    const prev = await b.run('kubectl logs crash -p');
    expect(prev).toEqual({ stdout: 'attempt\n', stderr: '', exitCode: 0 });
  });

  it('takes the first pod of a deployment (Found N pods) and every pod of a selector (tail 10)', async () => {
    const b = await boot();
    await b.run('kubectl create deployment web --image=busybox --replicas=2 -- sleep 3600');
    await b.cluster.advance(20_000);
    const pods = (await b.cluster.request({ verb: 'list', resource: 'pods', namespace: 'default', labelSelector: 'app=web' })) as { ok: true; object: { items: { metadata: { name: string } }[] } };
    const names = pods.object.items.map((p) => p.metadata.name).sort();
    for (const n of names) await writeLog(b, n, 'busybox', Array.from({ length: 12 }, (_, i) => `2025-01-01T00:00:1${i % 10}Z stdout F ${n} line ${i}`));
    const first = await b.run('kubectl logs deploy/web --tail=1');
    expect(first.stderr).toMatch(/^Found 2 pods, using pod\/web-[a-z0-9]+-[a-z0-9]+\n$/);
    const chosen = first.stderr.trim().split('pod/')[1];
    expect(first.stdout).toBe(`${chosen} line 11\n`);
    const all = (await b.run('kubectl logs -l app=web --prefix')).stdout.split('\n').filter((l) => l);
    expect(all).toHaveLength(20);
    expect(all[0]).toBe(`[pod/${names[0]}/busybox] ${names[0]} line 2`);
    expect((await b.run('kubectl logs -l app=nope')).stderr).toBe('No resources found in default namespace.\n');
  });

  it('fails like upstream when the kubelet is down or refuses the API server', async () => {
    const b = await boot();
    await b.run('kubectl apply -f -', podYAML('quiet', [{ name: 'main' }]));
    await b.cluster.advance(20_000);
    const pod = await b.pod('quiet');
    const node = pod.spec.nodeName;
    const ip = pod.status.hostIP;
    await b.run(`sim kubelet stop ${node}`);
    await b.cluster.advance(1000);
    expect((await b.run('kubectl logs quiet')).stderr).toBe(`Error from server: Get "https://${ip}:10250/containerLogs/default/quiet/main": dial tcp ${ip}:10250: connect: connection refused\n`);
    await b.run(`sim kubelet config ${node} -f -`, 'apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nauthentication:\n  anonymous:\n    enabled: true\nauthorization:\n  mode: Webhook\n');
    await b.cluster.advance(3000);
    expect((await b.run('kubectl logs quiet --tail=5')).stderr).toBe(
      'Error from server (Forbidden): Forbidden (user=system:anonymous, verb=get, resource=nodes, subresource=proxy) ( pods/log quiet)\n'
    );
  });

  it('-f follows a container until it ends, letting virtual time run', async () => {
    const b = await boot();
    await b.run('kubectl apply -f -', podYAML('ticker', [{ name: 'main', command: ['sh', '-c', 'echo one; sleep 4; echo two; sleep 4; echo three'] }]).replace('spec:\n', 'spec:\n  restartPolicy: Never\n'));
    await b.cluster.advance(5000);
    const before = b.cluster.now;
    const r = await b.run('kubectl logs -f ticker');
    expect(r.stdout).toBe('one\ntwo\nthree\n');
    expect(b.cluster.now - before).toBeGreaterThan(4000);
    expect((await b.pod('ticker')).status.phase).toBe('Succeeded');
  });
});

describe('kubectl logs -f in the page console (output streams)', () => {
  it('returns at once, prints new lines as the cluster runs, and ends with the container', async () => {
    const b = await boot();
    const printed: string[] = [];
    const page = new Console(b.cluster, { print: (t) => printed.push(t) });
    await b.run('kubectl apply -f -', podYAML('ticker', [{ name: 'main', command: ['sh', '-c', 'echo one; sleep 10; echo two; sleep 10; echo three'] }]).replace('spec:\n', 'spec:\n  restartPolicy: Never\n'));
    await b.cluster.advance(5000);
    const before = b.cluster.now;
    const r = await page.run({ line: 'kubectl logs -f ticker --prefix', lineNo: 1 });
    expect(r).toEqual({ stdout: '[pod/ticker/main] one\n', stderr: '', exitCode: 0 });
    expect(b.cluster.now - before).toBeLessThan(1000);
    expect(page.watching).toBe(true);
    await b.cluster.advance(10_000);
    expect(printed.join('')).toBe('[pod/ticker/main] two\n');
    await b.cluster.advance(15_000);
    expect(printed.join('')).toBe('[pod/ticker/main] two\n[pod/ticker/main] three\n');
    expect(page.watching).toBe(false);
  });

  it('stops at Ctrl-C', async () => {
    const b = await boot();
    const printed: string[] = [];
    const page = new Console(b.cluster, { print: (t) => printed.push(t) });
    await b.run('kubectl run web --image=nginx');
    await b.cluster.advance(20_000);
    await page.run({ line: 'kubectl logs -f web --tail=0', lineNo: 1 });
    expect(page.watching).toBe(true);
    expect(page.interrupt()).toBe(2);
    expect(page.watching).toBe(false);
  });
});
