/**
 * `kubectl exec -it POD -- sh` in the console: later lines run in the container under its prompt
 * until `exit`; `cd` carries over; errors and exit codes as kubectl exec gives them.
 */
import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../src/sim/cluster/cluster';
import { Console } from '../../../src/sim/cluster/console';
import { interactiveShell, parseLineOutput } from '../../../src/sim/cluster/exec-shell';

describe('interactiveShell', () => {
  it.each([
    ['kubectl exec -it web -- sh', { execArgs: ['exec', 'web'], shell: 'sh' }],
    ['kubectl exec -ti web -c nginx -n shop -- /bin/bash', { execArgs: ['exec', 'web', '-c', 'nginx', '-n', 'shop'], shell: '/bin/bash' }],
    ['k exec --stdin --tty web -- ash', { execArgs: ['exec', 'web'], shell: 'ash' }],
    ['kubectl exec -it web -- sh -c "ls"', undefined],
    ['kubectl exec -i web -- sh', undefined],
    ['kubectl exec -it web -- ls', undefined],
    ['kubectl get pods', undefined]
  ])('%s', (line, want) => expect(interactiveShell(line.match(/"[^"]*"|\S+/g)!.map((w) => w.replace(/^"|"$/g, '')))).toEqual(want));

  it('splits what a line printed from where it ended', () => {
    expect(parseLineOutput('a\nb\n\x1e/tmp\x1e0')).toEqual({ text: 'a\nb\n', cwd: '/tmp', status: 0 });
    expect(parseLineOutput('\x1e/\x1e127')).toEqual({ text: '', cwd: '/', status: 127 });
  });
});

describe('a shell in a container, from the console', async () => {
  const cluster = new Cluster({ seed: 1, workers: 2 });
  expect(await cluster.waitForNodesReady()).toBe(true);
  const c = new Console(cluster, { echo: true });
  await c.exec('kubectl run web --image=nginx\nkubectl run box --image=busybox -- sleep 1d\nsim advance 10s');

  it("busybox: ash's prompt, cd carries over, kubectl is not in the container, exit leaves", async () => {
    const r = await c.exec('kubectl exec -it box -- sh\npwd\ncd /tmp\necho hello > f\ncat f\nls\nkubectl get pods\ncd /nope');
    expect(r.output).toBe(
      '$ kubectl exec -it box -- sh\n/ # pwd\n/\n/ # cd /tmp\n/tmp # echo hello > f\n/tmp # cat f\nhello\n/tmp # ls\nf\n/tmp # kubectl get pods\nsh: kubectl: not found\n/tmp # cd /nope\nsh: cd: can\'t cd to /nope: No such file or directory\n'
    );
    expect(r.prompt).toBe('/tmp # ');
    expect(c.prompt).toBe('/tmp # ');
    const done = await c.exec('exit');
    expect(done).toMatchObject({ output: '/tmp # exit\n', exitCode: 0 });
    expect(done.prompt).toBeUndefined();
    // Back at the console: kubectl again.
    expect((await c.exec('kubectl get pod box -o name')).output).toBe('$ kubectl get pod box -o name\npod/box\n');
  });

  it("nginx's bash: Debian's prompt; exit N is kubectl exec's status", async () => {
    const r = await c.exec('kubectl exec -it web -- bash\ncd /usr/share/nginx/html\nls\nexit 2');
    expect(r.output).toBe(
      '$ kubectl exec -it web -- bash\nroot@web:/# cd /usr/share/nginx/html\nroot@web:/usr/share/nginx/html# ls\n50x.html\nindex.html\nroot@web:/usr/share/nginx/html# exit 2\ncommand terminated with exit code 2\n'
    );
    expect(r.prompt).toBeUndefined();
  });

  it('no bash in busybox, no such pod: the session does not open', async () => {
    const r = await c.exec('kubectl exec -it box -- bash\nkubectl exec -it nope -- sh');
    expect(r.output).toBe(
      '$ kubectl exec -it box -- bash\nOCI runtime exec failed: exec failed: unable to start container process: exec: "bash": executable file not found in $PATH: unknown\ncommand terminated with exit code 126\n' +
        '$ kubectl exec -it nope -- sh\nError from server (NotFound): pods "nope" not found\n'
    );
    expect(c.prompt).toBeUndefined();
  });

  it('the pod deleted under the session: the next line ends it with the error kubectl gives', async () => {
    await c.exec('kubectl exec -it box -- sh');
    expect(c.prompt).toBe('/ # ');
    // Someone else deletes the pod (in the session, kubectl is not there to do it).
    expect((await cluster.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'box' } as never)).ok).toBe(true);
    // sleep ignores SIGTERM as PID 1: the kubelet kills it after the 30 s grace period.
    await cluster.advance(45_000);
    const r = await c.exec('ls');
    expect(r.output).toBe('/ # ls\nError from server (NotFound): pods "box" not found\n');
    expect(r.prompt).toBeUndefined();
  });
});
