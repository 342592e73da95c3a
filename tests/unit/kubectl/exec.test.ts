import { describe, expect, it } from 'vitest';
import { boot, podYAML } from '../kubelet/server/harness';

describe('kubectl exec', () => {
  it("runs the command in the container (CRI ExecSync) and prints what it wrote", async () => {
    const b = await boot();
    await b.run('kubectl apply -f -', podYAML('box', [{ name: 'main' }]));
    await b.cluster.advance(20_000);
    expect(await b.run('kubectl exec box -- echo hello world')).toEqual({ stdout: 'hello world\n', stderr: '', exitCode: 0 });
    expect((await b.run('kubectl exec box -- cat /etc/hostname')).stdout).toBe('box\n');
  });

  it('-i sends its stdin to the command (then closes it); without -i the command reads nothing', async () => {
    const b = await boot();
    await b.run('kubectl apply -f -', podYAML('box', [{ name: 'main' }]));
    await b.cluster.advance(20_000);
    // a file copied in without kubectl cp, and read back
    expect(await b.run("kubectl exec -i box -- sh -c 'cat > /tmp/f; wc -c < /tmp/f'", 'hello file\n')).toEqual({ stdout: '11\n', stderr: '', exitCode: 0 });
    expect((await b.run('kubectl exec box -- cat /tmp/f')).stdout).toBe('hello file\n');
    // sh with neither -c nor a script file reads its commands from stdin, as a plain `sh` listed by ps
    const ps = await b.run('kubectl exec -i box -- sh', 'echo hi\nps\n');
    expect(ps.stdout).toMatch(/^hi\nPID {3}USER {5}TIME {2}COMMAND\n {4}1 root {6}0:00 sleep 3600\n +\d+ root {6}0:00 sh\n +\d+ root {6}0:00 ps\n$/);
    expect(await b.run('kubectl exec box -- cat', 'ignored\n')).toEqual({ stdout: '', stderr: '', exitCode: 0 });
  });

  it('ends with the exit code of the command, as kubectl does', async () => {
    const b = await boot();
    await b.run('kubectl apply -f -', podYAML('box', [{ name: 'main' }]));
    await b.cluster.advance(20_000);
    const r = await b.run("kubectl exec box -- sh -c 'exit 3'");
    expect(r).toEqual({ stdout: '', stderr: 'command terminated with exit code 3\n', exitCode: 3 });
    const missing = await b.run('kubectl exec box -- no-such-binary');
    expect(missing.exitCode).not.toBe(0);
    expect(missing.stderr).toMatch(/command terminated with exit code \d+\n$/);
  });

  it('picks the container as kubectl does: -c, the annotation, or the first with a notice; -q keeps quiet', async () => {
    const b = await boot();
    await b.run('kubectl apply -f -', podYAML('two', [{ name: 'a' }, { name: 'b' }]));
    await b.cluster.advance(20_000);
    expect(await b.run('kubectl exec two -- echo x')).toEqual({ stdout: 'x\n', stderr: 'Defaulted container "a" out of: a, b\n', exitCode: 0 });
    expect((await b.run('kubectl exec two -q -- echo x')).stderr).toBe('');
    expect((await b.run('kubectl exec two -c b -- echo x')).stderr).toBe('');
    expect((await b.run('kubectl exec two -c c -- echo x')).stderr).toBe('error: container c not found in pod two\n');
  });

  it('rejects bad command lines with kubectl wording', async () => {
    const b = await boot();
    await b.run('kubectl apply -f -', podYAML('box', [{ name: 'main' }]));
    await b.cluster.advance(20_000);
    const cases: [string, string][] = [
      ['kubectl exec', 'error: pod, type/name or --filename must be specified\n'],
      ['kubectl exec box', 'error: you must specify at least one command for the container\n'],
      ['kubectl exec box ls', "error: exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead\nSee 'kubectl exec -h' for help and examples\n"],
      ['kubectl exec nope -- ls', 'Error from server (NotFound): pods "nope" not found\n']
    ];
    for (const [line, stderr] of cases) expect({ line, ...(await b.run(line)) }).toEqual({ line, stdout: '', stderr, exitCode: 1 });
  });

  it('has no terminal: -it says so and runs the command anyway', async () => {
    const b = await boot();
    await b.run('kubectl apply -f -', podYAML('box', [{ name: 'main' }]));
    await b.cluster.advance(20_000);
    // The warning comes first on the terminal (attach.go SetupTTY runs before the stream).
    const tty = 'Unable to use a TTY - input is not a terminal or the right kind of file\n';
    expect(await b.run('kubectl exec -it box -- echo hi')).toEqual({ stdout: 'hi\n', stderr: tty, exitCode: 0, segments: [{ stream: 'stderr', text: tty }, { stream: 'stdout', text: 'hi\n' }] });
  });

  it('refuses a completed pod and a container that is not running; fails when the kubelet is down', async () => {
    const b = await boot();
    await b.run('kubectl apply -f -', podYAML('done', [{ name: 'main', command: ['true'] }]).replace('spec:\n', 'spec:\n  restartPolicy: Never\n'));
    await b.run('kubectl run bad --image=nginx:does-not-exist');
    await b.run('kubectl apply -f -', podYAML('box', [{ name: 'main' }]));
    await b.cluster.advance(20_000);
    expect((await b.run('kubectl exec done -- ls')).stderr).toBe('error: cannot exec into a container in a completed pod; current phase is Succeeded\n');
    expect((await b.run('kubectl exec bad -- ls')).stderr).toBe('error: unable to upgrade connection: container not found ("bad")\n');
    const pod = await b.pod('box');
    await b.run(`sim kubelet stop ${pod.spec.nodeName}`);
    await b.cluster.advance(1000);
    expect((await b.run('kubectl exec box -- ls')).stderr).toBe(`Error from server: error dialing backend: dial tcp ${pod.status.hostIP}:10250: connect: connection refused\n`);
  });

  it('execs into the first pod of a deployment', async () => {
    const b = await boot();
    await b.run('kubectl create deployment web --image=busybox -- sleep 3600');
    await b.cluster.advance(20_000);
    const r = await b.run('kubectl exec deploy/web -- cat /etc/hostname');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^web-[a-z0-9]+-[a-z0-9]+\n$/);
  });
});
