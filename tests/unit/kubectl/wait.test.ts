/**
 * kubectl wait: virtual time runs until each object meets the condition, or --timeout passes.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/wait (wait.go, condition.go, json.go, delete.go).
 */
import { describe, expect, it } from 'vitest';
import { consoleSession as session } from './console-session';

describe('kubectl wait', () => {
  it('waits for a condition, a jsonpath value or a field to exist, running virtual time only as long as needed', async () => {
    const { cluster, run } = await session();
    await run('kubectl run web --image=nginx');
    const t0 = cluster.now;
    expect(await run('kubectl wait --for=condition=Ready pod/web --timeout=60s')).toEqual({ out: 'pod/web condition met\n', code: 0 });
    // nginx pulls and starts within seconds, not the whole minute.
    expect(cluster.now - t0).toBeGreaterThan(0);
    expect(cluster.now - t0).toBeLessThan(30_000);
    const ready = await run(`kubectl get pod web -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}'`);
    expect(ready.out).toBe('True');
    expect((await run("kubectl wait --for=jsonpath='{.status.phase}'=Running pod/web")).out).toBe('pod/web condition met\n');
    expect((await run('kubectl wait --for=jsonpath=.status.podIP pod/web')).out).toBe('pod/web condition met\n');
    // Condition names and values are compared case-insensitively (condition.go).
    expect((await run('kubectl wait --for=condition=ready=TRUE pod/web --timeout=0')).out).toBe('pod/web condition met\n');
  });

  it('a Deployment Available, every pod of a selector, in order', async () => {
    const { run } = await session();
    await run('kubectl create deployment app --image=nginx --replicas=2');
    expect((await run('kubectl wait --for=condition=available deployment/app')).out).toBe('deployment.apps/app condition met\n');
    const pods = (await run('kubectl get pods -l app=app -o name')).out.trim().split('\n');
    expect((await run('kubectl wait --for=condition=Ready pods -l app=app')).out).toBe(pods.map((p) => `${p} condition met\n`).join(''));
  });

  it('times out after --timeout of virtual time with the object named', async () => {
    const { cluster, run } = await session();
    await run('kubectl run bad --image=nginx:nope');
    const t0 = cluster.now;
    expect(await run('kubectl wait --for=condition=Ready pod/bad --timeout=10s')).toEqual({ out: 'error: timed out waiting for the condition on pods/bad\n', code: 1 });
    expect(cluster.now - t0).toBe(10_000);
    expect(await run('kubectl wait --for=condition=Ready pod/nope')).toEqual({ out: 'Error from server (NotFound): pods "nope" not found\n', code: 1 });
  });

  it('--for=delete: done when the object is gone, at once when it already is', async () => {
    const { run } = await session();
    await run('kubectl run web --image=nginx');
    await run('kubectl wait --for=condition=Ready pod/web');
    await run('kubectl delete pod web --wait=false');
    expect((await run('kubectl get pod web -o jsonpath={.metadata.deletionTimestamp}')).out).not.toBe('');
    expect(await run('kubectl wait --for=delete pod/web --timeout=60s')).toEqual({ out: 'pod/web condition met\n', code: 0 });
    expect(await run('kubectl get pod web')).toEqual({ out: 'Error from server (NotFound): pods "web" not found\n', code: 1 });
    expect(await run('kubectl wait --for=delete pod/web')).toEqual({ out: '', code: 0 });
  });

  it('refuses what kubectl refuses', async () => {
    const { run } = await session();
    await run('kubectl run web --image=nginx');
    expect((await run('kubectl wait pod/web')).out).toBe('error: --for must be specified\n');
    expect((await run('kubectl wait --for=bogus pod/web')).out).toBe('error: unrecognized condition: "bogus"\n');
    expect((await run('kubectl wait --for=condition=Ready pods')).out).toBe('error: resource(s) were provided, but no name was specified\n');
    expect((await run("kubectl wait --for=jsonpath='{.status.phase}'= pod/web")).out).toBe('error: jsonpath wait has to have a value after equal sign\n');
  });
});
