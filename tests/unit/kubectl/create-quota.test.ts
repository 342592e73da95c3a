/**
 * kubectl create quota: the object compared with what kubectl v1.32 prints for `--dry-run=client
 * -o yaml`, its flag checks, and get/describe of a quota the controller has filled.
 */
import { describe, expect, test } from 'vitest';
import { bench } from './harness';
import { consoleSession } from './console-session';

describe('kubectl create quota', () => {
  test("the generated object is kubectl v1.32's", async () => {
    const b = bench();
    expect((await b.run('kubectl create quota q --hard=cpu=1,memory=1G,pods=2 --scopes=BestEffort --dry-run=client -o yaml')).stdout).toBe(
      'apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  creationTimestamp: null\n  name: q\nspec:\n  hard:\n    cpu: "1"\n    memory: 1G\n    pods: "2"\n  scopes:\n  - BestEffort\nstatus: {}\n'
    );
    expect((await b.run('kubectl create quota q --hard=pods=2,pods=3,cpu=0.5 -n x --dry-run=client -o yaml')).stdout).toBe(
      'apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  creationTimestamp: null\n  name: q\n  namespace: x\nspec:\n  hard:\n    cpu: 500m\n    pods: "3"\nstatus: {}\n'
    );
    expect((await b.run("kubectl create quota q --hard='' --dry-run=client -o yaml")).stdout).toBe('apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  creationTimestamp: null\n  name: q\nspec: {}\nstatus: {}\n');
  });

  test("flag checks in kubectl's words", async () => {
    const b = bench();
    const err = async (line: string) => (await b.run(line)).stderr;
    expect(await err('kubectl create quota q --hard=cpu')).toBe('error: Invalid argument syntax cpu, expected <resource>=<value>\n');
    expect(await err("kubectl create quota q --hard='a=1,,'")).toBe('error: Invalid argument syntax , expected <resource>=<value>\n');
    expect(await err('kubectl create quota q --hard=cpu=abc')).toBe("error: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'\n");
    expect(await err('kubectl create quota q --scopes=Foo,,BestEffort')).toBe('error: invalid resource quota scope ""\n');
    expect(await err('kubectl create quota')).toBe("error: exactly one NAME is required, got 0\nSee 'kubectl create quota -h' for help and examples\n");
  });

  test("the API server's refusal is wrapped as create_quota.go does", async () => {
    const { run } = await consoleSession();
    expect((await run('kubectl create quota bad --hard=cpu=1 --scopes=BestEffort')).out).toBe(
      'error: failed to create quota: ResourceQuota "bad" is invalid: spec.scopes: Invalid value: []core.ResourceQuotaScope{"BestEffort"}: unsupported scope applied to resource\n'
    );
  });

  test('a quota holds a deployment at its pod count; get and describe show the usage', async () => {
    const { run } = await consoleSession();
    expect((await run('kubectl create quota q --hard=pods=2,requests.memory=1Gi')).out).toBe('resourcequota/q created\n');
    await run('sim advance 1s');
    expect((await run('kubectl get quota')).out).toBe('NAME   REQUEST                             LIMIT   AGE\nq      pods: 0/2, requests.memory: 0/1Gi           1s\n');
    const refused = await run('kubectl run a --image=nginx');
    expect(refused).toEqual({ out: 'Error from server (Forbidden): pods "a" is forbidden: failed quota: q: must specify requests.memory for: a\n', code: 1 });
    await run(`kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx
        resources:
          requests:
            memory: 256Mi
EOF`);
    await run('sim advance 20s');
    expect((await run('kubectl get quota q --no-headers')).out).toMatch(/^q\s+pods: 2\/2, requests.memory: 512Mi\/1Gi\s+21s\n$/);
    expect((await run('kubectl describe quota q')).out).toBe(
      'Name:            q\nNamespace:       default\nResource         Used   Hard\n--------         ----   ----\npods             2      2\nrequests.memory  512Mi  1Gi\n'
    );
    expect((await run('kubectl get deploy web --no-headers')).out).toMatch(/^web\s+2\/3\s+2\s+2\s+20s\n$/);
  });

  test('an object count quota frees its room as soon as the counted object is gone (a monitor per named kind)', async () => {
    const { run } = await consoleSession();
    await run('kubectl create quota one-deploy --hard=count/deployments.apps=1');
    await run('sim advance 1s');
    expect((await run('kubectl create deployment a --image=nginx')).out).toBe('deployment.apps/a created\n');
    expect((await run('kubectl create deployment b --image=nginx')).out).toBe(
      'error: failed to create deployment: deployments.apps "b" is forbidden: exceeded quota: one-deploy, requested: count/deployments.apps=1, used: count/deployments.apps=1, limited: count/deployments.apps=1\n'
    );
    await run('kubectl delete deployment a');
    await run('sim advance 1s');
    expect((await run('kubectl get quota one-deploy --no-headers')).out).toMatch(/^one-deploy\s+count\/deployments.apps: 0\/1\s+\d+s\n$/);
    expect((await run('kubectl create deployment b --image=nginx')).out).toBe('deployment.apps/b created\n');
  });
});
