/**
 * `kubectl run -i [--rm] ... -- CMD`: the command's output, the pod deleted with --rm, the
 * container's exit code with restartPolicy Never. upstream: staging/src/k8s.io/kubectl/pkg/cmd/run/run.go.
 */
import { describe, expect, it } from 'vitest';
import { consoleSession } from './console-session';

describe('kubectl run, attached', async () => {
  const { cluster, run } = await consoleSession();
  await run('kubectl create deployment web --image=nginx');
  await run('kubectl expose deployment web --port=80');
  await run('sim advance 20s');

  it('prints what the command printed and deletes the pod (--rm): the way to test a Service', async () => {
    const r = await run('kubectl run tmp --rm -i --image=busybox --restart=Never -- wget -qO- -T 2 http://web');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^<!DOCTYPE html>\n[\s\S]*<h1>Welcome to nginx!<\/h1>[\s\S]*<\/html>\npod "tmp" deleted\n$/);
    expect((await run('kubectl get pod tmp')).out).toBe('Error from server (NotFound): pods "tmp" not found\n');
  });

  it("exits with the container's code, after the pod is deleted", async () => {
    expect(await run('kubectl run fail --rm -i --image=busybox --restart=Never -- sh -c "echo bye; exit 3"')).toEqual({
      out: 'bye\npod "fail" deleted\npod default/fail terminated (Error)\n',
      code: 3
    });
  });

  it('without --rm the finished pod stays, Completed; a sleep runs its virtual time', async () => {
    const t0 = cluster.now;
    expect(await run('kubectl run keep -i --image=busybox --restart=Never -- sh -c "sleep 5; echo done"')).toEqual({ out: 'done\n', code: 0 });
    expect(cluster.now - t0).toBeGreaterThanOrEqual(5000);
    expect((await run('kubectl get pod keep --no-headers')).out).toMatch(/^keep\s+0\/1\s+Completed\s+0\s+/);
  });

  it('a pod that never starts: deleted, then the timeout', async () => {
    expect(await run('kubectl run nope --rm -i --image=nginx:nope --restart=Never --pod-running-timeout=20s -- echo x')).toEqual({
      out: 'pod "nope" deleted\nerror: timed out waiting for the condition\n',
      code: 1
    });
  });

  it('refuses what kubectl refuses, and an interactive program that is not a shell', async () => {
    expect((await run('kubectl run t3 --rm --image=busybox -- echo hi')).out).toBe("error: --rm should only be used for attached containers\nSee 'kubectl run -h' for help and examples\n");
    expect((await run('kubectl run t4 -t --image=busybox -- echo hi')).out).toBe("error: -i/--stdin is required for containers with -t/--tty=true\nSee 'kubectl run -h' for help and examples\n");
    expect((await run('kubectl run t5 -it --rm --image=nginx')).out).toMatch(/^error: an interactive session is supported for a shell \(e\.g\. kubectl run t5 -it --rm --image=busybox -- sh\)/);
    expect((await run('kubectl get pods -o name')).out).not.toMatch(/t[345]/);
  });
});

describe('kubectl run -it: a shell in a new pod', async () => {
  const { cluster, console: con, run } = await consoleSession();
  await run('kubectl create deployment web --image=nginx');
  await run('kubectl expose deployment web --port=80');
  await run('sim advance 20s');

  it('-it --rm -- sh: the lines go to the pod\'s shell under its prompt until exit; the pod is deleted', async () => {
    const open = await con.exec('kubectl run -it --rm tmp --image=busybox -- sh');
    expect(open.output).toBe("If you don't see a command prompt, try pressing enter.\n");
    expect(open.prompt).toBe('/ # ');
    // (the console's lines now go to the container: the API is asked directly)
    const pod = await cluster.request({ verb: 'get', resource: 'pods', namespace: 'default', name: 'tmp' });
    expect(pod.ok && [pod.object.spec.containers[0].stdin, pod.object.spec.containers[0].stdinOnce, pod.object.spec.containers[0].tty, pod.object.status.phase]).toEqual([true, true, true, 'Running']);
    expect((await con.exec('kubectl get pods')).output).toBe('sh: kubectl: not found\n');
    expect((await con.exec('hostname')).output).toBe('tmp\n');
    expect((await con.exec('wget -qO- http://web | grep -o "Welcome to nginx!" | head -1')).output).toBe('Welcome to nginx!\n');
    // PID 1 is the shell the TTY is attached to
    expect((await con.exec('ps | grep -c "^ *1 root .* sh$"')).output).toBe('1\n');
    const end = await con.exec('exit');
    expect(end.prompt).toBeUndefined();
    expect(end.output).toBe("Session ended, resume using 'kubectl attach tmp -c tmp -i -t' command when the pod is running\npod \"tmp\" deleted\n");
    expect((await run('kubectl get pod tmp')).out).toBe('Error from server (NotFound): pods "tmp" not found\n');
  });

  it("-it NAME --image=busybox attaches to the image's own shell; exit ends it and restartPolicy Always restarts it", async () => {
    const open = await con.exec('kubectl run -it box --image=busybox');
    expect(open.prompt).toBe('/ # ');
    expect((await con.exec('exit 3')).output).toBe("Session ended, resume using 'kubectl attach box -c box -i -t' command when the pod is running\n");
    await run('sim advance 5s');
    expect((await run("kubectl get pod box -o jsonpath='{.status.containerStatuses[0].restartCount} {.status.containerStatuses[0].lastState.terminated.exitCode} {.status.phase}'")).out).toBe('1 3 Running');
  });
});
