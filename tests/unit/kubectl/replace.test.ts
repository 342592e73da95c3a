import { describe, expect, it } from 'vitest';
import { consoleSession } from './console-session';

describe('kubectl replace', () => {
  it('replaces a live object from `get -o yaml` piped through sed (the docs’ image example), guarded by its resourceVersion', async () => {
    const { run, cluster } = await consoleSession();
    await run('kubectl run web --image=nginx:1.27');
    await cluster.advance(15_000);
    expect(await run("kubectl get pod web -o yaml | sed 's/image: nginx:1.27/image: nginx:1.25/' | kubectl replace -f -")).toEqual({ out: 'pod/web replaced\n', code: 0 });
    expect((await run("kubectl get pod web -o jsonpath='{.spec.containers[0].image}'")).out).toBe('nginx:1.25');
    // A file read before that change carries an old resourceVersion: a conflict.
    await run('kubectl run old --image=nginx:1.27');
    await run('kubectl get pod old -o yaml > old.yaml');
    await run('kubectl label pod old tier=web');
    expect(await run('kubectl replace -f old.yaml')).toEqual({
      out: 'Error from server (Conflict): error when replacing "old.yaml": Operation cannot be fulfilled on pods "old": the object has been modified; please apply your changes to the latest version and try again\n',
      code: 1
    });
  });

  it('needs the object to exist; a file without resourceVersion takes the live one', async () => {
    const { run } = await consoleSession();
    await run('kubectl create configmap c --from-literal=a=1 --dry-run=client -o yaml > c.yaml');
    expect((await run('kubectl replace -f c.yaml')).out).toBe('Error from server (NotFound): error when replacing "c.yaml": configmaps "c" not found\n');
    await run('kubectl create -f c.yaml');
    await run("sed -i 's/a: \"1\"/a: \"2\"/' c.yaml");
    expect((await run('kubectl replace -f c.yaml')).out).toBe('configmap/c replaced\n');
    expect((await run("kubectl get cm c -o jsonpath='{.data.a}'")).out).toBe('2');
  });

  it('--force deletes, waits until the object is gone, and creates it: the way past a field an update may not change', async () => {
    const { run, cluster } = await consoleSession();
    await run('kubectl run web --image=nginx:1.27 --port=80');
    await cluster.advance(15_000);
    await run("kubectl get pod web -o yaml | sed 's/containerPort: 80/containerPort: 8080/' > web.yaml");
    expect((await run('kubectl replace -f web.yaml')).out).toMatch(/^The Pod "web" is invalid: spec: Forbidden: pod updates may not change fields other than /);
    const uid = (await run("kubectl get pod web -o jsonpath='{.metadata.uid}'")).out;
    expect(await run('kubectl replace --force -f web.yaml')).toEqual({ out: 'pod "web" deleted\npod/web replaced\n', code: 0 });
    expect((await run("kubectl get pod web -o jsonpath='{.spec.containers[0].ports[0].containerPort}'")).out).toBe('8080');
    expect((await run("kubectl get pod web -o jsonpath='{.metadata.uid}'")).out).not.toBe(uid);
  });

  it('refuses what kubectl refuses', async () => {
    const { run } = await consoleSession();
    expect((await run('kubectl replace')).out).toBe('error: must specify one of -f and -k\n');
    expect((await run('kubectl replace -f x.yaml --grace-period=3')).out).toBe('error: --grace-period must have --force specified\n');
    expect((await run('kubectl replace -f x.yaml --force --dry-run=client')).out).toBe('error: --dry-run can not be used when --force is set\n');
  });
});
