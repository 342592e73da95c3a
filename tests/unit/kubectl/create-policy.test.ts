/**
 * kubectl create serviceaccount|priorityclass|poddisruptionbudget: the objects compared with what
 * kubectl v1.32 prints for `--dry-run=client -o yaml`, its flag checks, and the created objects at work.
 */
import { describe, expect, test } from 'vitest';
import { bench } from './harness';
import { consoleSession } from './console-session';

describe('kubectl create serviceaccount|priorityclass|poddisruptionbudget', () => {
  test('the generated objects are kubectl v1.32\'s', async () => {
    const b = bench();
    expect((await b.run('kubectl create serviceaccount build-robot -n ci --dry-run=client -o yaml')).stdout).toBe("apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  creationTimestamp: null\n  name: build-robot\n  namespace: ci\n");
    expect((await b.run('kubectl create priorityclass high-priority --value=1000 --description=high-priority --preemption-policy=Never --dry-run=client -o yaml')).stdout).toBe("apiVersion: scheduling.k8s.io/v1\ndescription: high-priority\nkind: PriorityClass\nmetadata:\n  creationTimestamp: null\n  name: high-priority\npreemptionPolicy: Never\nvalue: 1000\n");
    expect((await b.run("kubectl create pdb my-pdb --selector='app in (a,b),env,!gone,k==v' --min-available=50% --dry-run=client -o yaml")).stdout).toBe("apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  creationTimestamp: null\n  name: my-pdb\nspec:\n  minAvailable: 50%\n  selector:\n    matchExpressions:\n    - key: app\n      operator: In\n      values:\n      - a\n      - b\n    - key: env\n      operator: Exists\n    - key: gone\n      operator: DoesNotExist\n    matchLabels:\n      k: v\nstatus:\n  currentHealthy: 0\n  desiredHealthy: 0\n  disruptionsAllowed: 0\n  expectedPods: 0\n");
  });

  test('flag checks in kubectl\'s words', async () => {
    const b = bench();
    const err = async (line: string) => (await b.run(line)).stderr;
    expect(await err('kubectl create sa')).toBe("error: exactly one NAME is required, got 0\nSee 'kubectl create serviceaccount -h' for help and examples\n");
    expect(await err('kubectl create pc p --value=x')).toBe('error: invalid argument "x" for "--value" flag: strconv.ParseInt: parsing "x": invalid syntax\nSee \'kubectl create priorityclass --help\' for usage.\n');
    expect(await err('kubectl create pdb b')).toBe('error: a selector must be specified\n');
    expect(await err('kubectl create pdb b --selector=app=web')).toBe('error: one of min-available or max-unavailable must be specified\n');
    expect(await err('kubectl create pdb b --selector=app=web --min-available=1 --max-unavailable=1')).toBe('error: min-available and max-unavailable cannot be both specified\n');
    expect(await err('kubectl create pdb b --selector=app=web --min-available=-1')).toBe('error: invalid format specified for min-available\n');
    expect(await err("kubectl create pdb b --selector='a b' --min-available=1")).toBe('error: couldn\'t parse the selector string "a b": unable to parse requirement: found \'b\', expected: in, notin, =, ==, !=, gt, lt\n');
    expect(await err("kubectl create pdb b --selector='a!=b' --min-available=1")).toBe('error: "!=" is not a valid label selector operator\n');
    expect(await err("kubectl create pdb b --selector='a>1' --min-available=1")).toBe('error: "gt" isn\'t supported in label selectors\n');
  });

  test('a created budget counts the pods it protects (2 of 3 must stay: 1 disruption allowed); the class and the account are listed', async () => {
    const { run } = await consoleSession();
    expect((await run('kubectl create deployment web --image=nginx --replicas=3')).out).toBe('deployment.apps/web created\n');
    expect((await run('kubectl create pdb web --selector=app=web --min-available=2')).out).toBe('poddisruptionbudget.policy/web created\n');
    expect((await run('kubectl create priorityclass high --value=1000')).out).toBe('priorityclass.scheduling.k8s.io/high created\n');
    expect((await run('kubectl create sa robot')).out).toBe('serviceaccount/robot created\n');
    await run('sim advance 30s');
    expect((await run('kubectl get pdb web --no-headers')).out).toMatch(/^web\s+2\s+N\/A\s+1\s+30s\n$/);
    expect((await run('kubectl get pc high --no-headers')).out).toMatch(/^high\s+1000\s+false\s+30s\n$/);
    expect((await run('kubectl get sa robot --no-headers')).out).toMatch(/^robot\s+0\s+30s\n$/);
  });

  test('create token: a TokenRequest for the account, its claims, lifetime, audience and bound pod; errors as kubectl and the API server word them', async () => {
    const { run } = await consoleSession();
    const claims = async (line: string) => {
      const { out } = await run(line);
      const parts = out.trim().split('.');
      expect(parts).toHaveLength(3);
      return JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    };
    await run('kubectl create sa robot');
    await run('sim advance 10s');
    const c = await claims('kubectl create token robot');
    expect(c).toMatchObject({ aud: ['https://kubernetes.default.svc.cluster.local'], iss: 'https://kubernetes.default.svc.cluster.local', sub: 'system:serviceaccount:default:robot', 'kubernetes.io': { namespace: 'default', serviceaccount: { name: 'robot' } } });
    expect(c.exp - c.iat).toBe(3600);
    const tr = JSON.parse((await run('kubectl create token robot --duration=2h --audience=https://example.com -o json')).out);
    expect(tr).toMatchObject({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', metadata: { name: 'robot', namespace: 'default' }, spec: { audiences: ['https://example.com'], boundObjectRef: null, expirationSeconds: 7200 } });
    const trClaims = JSON.parse(Buffer.from(tr.status.token.split('.')[1], 'base64url').toString('utf8'));
    expect([trClaims.exp - trClaims.iat, trClaims.aud]).toEqual([7200, ['https://example.com']]);
    expect(Date.parse(tr.status.expirationTimestamp)).toBe(trClaims.exp * 1000);
    await run('kubectl run web --image=nginx');
    await run('sim advance 5s');
    const bound = await claims('kubectl create token robot --bound-object-kind=Pod --bound-object-name=web');
    expect(bound['kubernetes.io'].pod.name).toBe('web');
    expect(bound['kubernetes.io'].node.name).toMatch(/^worker-\d$/);
    const err = async (line: string) => {
      const r = await run(line);
      expect(r.code).toBe(1);
      return r.out;
    };
    expect(await err('kubectl create token nobody')).toBe('error: failed to create token: serviceaccounts "nobody" not found\n');
    expect(await err('kubectl create token robot --duration=5m')).toBe('error: failed to create token: TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value: 300: may not specify a duration less than 10 minutes\n');
    expect(await err('kubectl create token robot --duration=1500ms')).toBe('error: --duration cannot be expressed in units less than seconds\n');
    expect(await err('kubectl create token robot --bound-object-kind=Deployment --bound-object-name=x')).toBe('error: supported --bound-object-kind values are Node, Pod, Secret\n');
    expect(await err('kubectl create token robot --bound-object-kind=Pod')).toBe('error: --bound-object-name is required if --bound-object-kind is provided\n');
    expect(await err('kubectl create token robot --bound-object-uid=1')).toBe('error: --bound-object-uid can only be set if --bound-object-kind is provided\n');
    expect(await err('kubectl create token robot --bound-object-kind=Pod --bound-object-name=nope')).toBe('error: failed to create token: pods "nope" not found\n');
  });
});
