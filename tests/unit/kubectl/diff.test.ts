/**
 * kubectl diff: the live object against a server-side dry run of what apply would send, as
 * `diff -u -N LIVE-* MERGED-*` prints it (GNU diff's unified format checked against diffutils),
 * secrets masked, exit 0 / 1 / 2. upstream: staging/src/k8s.io/kubectl/pkg/cmd/diff/diff.go
 */
import { describe, expect, it } from 'vitest';
import { consoleSession } from './console-session';

const deployment = (replicas: number, image: string) => `kubectl diff -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: ${replicas}
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: ${image}
EOF`;

describe('kubectl diff', async () => {
  const { run } = await consoleSession();
  await run(deployment(3, 'nginx:1.27').replace('kubectl diff', 'kubectl apply'));
  await run('sim advance 10s');

  it('exits 0 and prints nothing when apply would change nothing', async () => {
    expect(await run(deployment(3, 'nginx:1.27'))).toEqual({ out: '', code: 0 });
  });

  it('prints a unified diff of the changed fields (and the generation the API server would bump), exit 1', async () => {
    const { out, code } = await run(deployment(5, 'nginx:1.28'));
    expect(code).toBe(1);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^diff -u -N \/tmp\/LIVE-\d+\/apps\.v1\.Deployment\.default\.web \/tmp\/MERGED-\d+\/apps\.v1\.Deployment\.default\.web$/);
    expect(lines[1]).toMatch(/^--- \/tmp\/LIVE-\d+\/apps\.v1\.Deployment\.default\.web\t2025-01-01 00:00:\d\d\.\d{9} \+0000$/);
    expect(lines[2]).toMatch(/^\+\+\+ \/tmp\/MERGED-\d+\/apps\.v1\.Deployment\.default\.web\t2025-01-01 00:00:\d\d\.\d{9} \+0000$/);
    expect(lines.filter((l) => /^[-+@]/.test(l) && !/^(---|\+\+\+) /.test(l))).toEqual([
      '@@ -6,14 +6,14 @@',
      '-  generation: 1',
      '+  generation: 2',
      '-  replicas: 3',
      '+  replicas: 5',
      '@@ -29,7 +29,7 @@',
      '-      - image: nginx:1.27',
      '+      - image: nginx:1.28'
    ]);
    // a dry run: nothing changed
    expect((await run("kubectl get deploy web -o jsonpath='{.spec.replicas} {.metadata.generation}'")).out).toBe('3 1');
  });

  it('a new object is diffed against an empty file dated at the epoch', async () => {
    const { out, code } = await run(`kubectl diff -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  a: "1"
EOF`);
    expect(code).toBe(1);
    const lines = out.trimEnd().split('\n');
    expect(lines[1]).toMatch(/^--- \/tmp\/LIVE-\d+\/v1\.ConfigMap\.default\.cfg\t1970-01-01 00:00:00\.000000000 \+0000$/);
    // a dry-run create: the server fills uid and creationTimestamp, but no resourceVersion
    expect(lines.slice(3)).toEqual([
      '@@ -0,0 +1,9 @@',
      '+apiVersion: v1',
      '+data:',
      '+  a: "1"',
      '+kind: ConfigMap',
      '+metadata:',
      expect.stringMatching(/^\+  creationTimestamp: "2025-01-01T00:00:\d\dZ"$/),
      '+  name: cfg',
      '+  namespace: default',
      expect.stringMatching(/^\+  uid: [0-9a-f-]{36}$/)
    ]);
    expect((await run('kubectl get cm cfg')).code).toBe(1);
  });

  it("masks a Secret's values: *** when equal, *** (before) / *** (after) when changed", async () => {
    await run('kubectl create secret generic s --from-literal=user=admin --from-literal=pass=old');
    const secret = (pass: string) => `kubectl diff -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: s
stringData:
  user: admin
  pass: ${pass}
EOF`;
    const { out, code } = await run(secret('new'));
    expect(code).toBe(1);
    expect(out).toContain('-  pass: \'*** (before)\'\n+  pass: \'*** (after)\'\n   user: \'***\'\n');
    expect(out).not.toMatch(/b2xk|bmV3|YWRtaW4/);
  });

  it('an error exits 2, before any diff is printed', async () => {
    expect(await run('kubectl diff')).toEqual({ out: 'error: must specify one of -f and -k\n', code: 2 });
    const bad = await run(`kubectl diff -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers: []
EOF`);
    expect(bad.code).toBe(2);
    expect(bad.out).toMatch(/^The Pod "p" is invalid: spec\.containers: Required value/);
  });
});
