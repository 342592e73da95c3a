/**
 * kubectl create (-f and generators) and kubectl run. The generated objects are compared with
 * what kubectl v1.32 prints for `--dry-run=client -o yaml`.
 */
import { describe, expect, test } from 'vitest';
import { bench } from './harness';

const pod = (name: string) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\nspec:\n  containers:\n  - name: c\n    image: nginx\n`;

describe('kubectl create -f', () => {
  test('created, then AlreadyExists per object', async () => {
    const b = bench();
    expect(await b.run('kubectl create -f -', pod('web'))).toEqual({ stdout: 'pod/web created\n', stderr: '', exitCode: 0 });
    const two = `${pod('web')}---\n${pod('db')}`;
    expect(await b.run('kubectl create -f -', two)).toEqual({
      stdout: 'pod/db created\n',
      stderr: 'Error from server (AlreadyExists): error when creating "STDIN": pods "web" already exists\n',
      exitCode: 1
    });
    b.files.set('p.yaml', pod('web'));
    expect((await b.run('kubectl create -f p.yaml')).stderr).toBe('Error from server (AlreadyExists): error when creating "p.yaml": pods "web" already exists\n');
  });

  test('no annotation unless --save-config', async () => {
    const b = bench();
    await b.run('kubectl create -f -', pod('a'));
    await b.run('kubectl create --save-config -f -', pod('b'));
    expect(b.get('pods', 'a', 'default')!.metadata.annotations).toBeUndefined();
    expect(b.get('pods', 'b', 'default')!.metadata.annotations['kubectl.kubernetes.io/last-applied-configuration']).toBe(
      '{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"name":"b","namespace":"default"},"spec":{"containers":[{"image":"nginx","name":"c"}]}}\n'
    );
  });

  test('errors', async () => {
    const b = bench();
    expect((await b.run('kubectl create')).stderr).toBe('error: must specify one of -f and -k\n');
    expect((await b.run('kubectl create foo')).stderr).toBe("error: Unexpected args: [foo]\nSee 'kubectl create -h' for help and examples\n");
    expect((await b.run('kubectl create -f -', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: Bad_Name\nspec:\n  containers: [{name: c, image: x}]\n')).stderr).toBe(
      "The Pod \"Bad_Name\" is invalid: metadata.name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')\n"
    );
  });
});

describe('kubectl create generators', () => {
  test('namespace', async () => {
    const b = bench();
    expect((await b.run('kubectl create namespace dev')).stdout).toBe('namespace/dev created\n');
    expect((await b.run('kubectl create ns dev')).stderr).toBe('Error from server (AlreadyExists): namespaces "dev" already exists\n');
    expect((await b.run('kubectl create ns x --dry-run=client -o yaml')).stdout).toBe('apiVersion: v1\nkind: Namespace\nmetadata:\n  creationTimestamp: null\n  name: x\nspec: {}\nstatus: {}\n');
    expect((await b.run('kubectl create ns')).stderr).toBe("error: exactly one NAME is required, got 0\nSee 'kubectl create namespace -h' for help and examples\n");
    expect((await b.run('kubectl create ns a b')).stderr).toBe("error: exactly one NAME is required, got 2\nSee 'kubectl create namespace -h' for help and examples\n");
  });

  test('deployment', async () => {
    const b = bench();
    expect((await b.run('kubectl create deployment web --image=nginx')).stdout).toBe('deployment.apps/web created\n');
    expect((await b.run('kubectl create deployment web --image=nginx')).stderr).toBe('error: failed to create deployment: deployments.apps "web" already exists\n');
    expect((await b.run('kubectl create deployment web --image=nginx --dry-run=client -o yaml')).stdout).toBe(`apiVersion: apps/v1
kind: Deployment
metadata:
  creationTimestamp: null
  labels:
    app: web
  name: web
spec:
  replicas: 1
  selector:
    matchLabels:
      app: web
  strategy: {}
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: web
    spec:
      containers:
      - image: nginx
        name: nginx
        resources: {}
status: {}
`);
    const r = await b.run('kubectl create deploy d1 --image=nginx:1.2 --replicas=3 --port=80 -n kube-system --dry-run=client -o yaml -- sleep 10');
    expect(r.stdout).toContain('  name: d1\n  namespace: kube-system\nspec:\n  replicas: 3\n');
    expect(r.stdout).toContain('      - command:\n        - sleep\n        - "10"\n        image: nginx:1.2\n        name: nginx\n        ports:\n        - containerPort: 80\n        resources: {}\n');
    expect((await b.run('kubectl create deploy d --image=a --image=b -- sleep 1')).stderr).toBe('error: cannot specify multiple --image options and command\n');
    expect(b.get('deployments', 'web', 'default')!.spec.template.spec.containers[0].name).toBe('nginx');
  });

  test('configmap and secret', async () => {
    const b = bench();
    expect((await b.run('kubectl create cm c1 --from-literal=a=b --from-literal=x=1')).stdout).toBe('configmap/c1 created\n');
    expect(b.get('configmaps', 'c1', 'default')!.data).toEqual({ a: 'b', x: '1' });
    expect((await b.run('kubectl create cm c2 --from-literal=a')).stderr).toBe('error: invalid literal source a, expected key=value\n');
    expect((await b.run('kubectl create cm c2 --from-literal=a=b --from-literal=a=c')).stderr).toBe('error: cannot add key "a", another key by that name already exists in Data for ConfigMap "c2"\n');
    expect((await b.run('kubectl create cm c1 --from-literal=a=b')).stderr).toBe('error: failed to create configmap: configmaps "c1" already exists\n');
    expect((await b.run('kubectl create secret generic s1 --from-literal=a=b --from-literal=c=d --dry-run=client -o yaml')).stdout).toBe(
      'apiVersion: v1\ndata:\n  a: Yg==\n  c: ZA==\nkind: Secret\nmetadata:\n  creationTimestamp: null\n  name: s1\n'
    );
    expect((await b.run('kubectl create secret generic s1 --from-literal=pw=hunter2')).stdout).toBe('secret/s1 created\n');
    expect(b.get('secrets', 's1', 'default')!.data).toEqual({ pw: 'aHVudGVyMg==' });
    expect((await b.run('kubectl create cm c3 --from-literal=a=1 --dry-run=client -o yaml -n zz')).stdout).toBe(
      'apiVersion: v1\ndata:\n  a: "1"\nkind: ConfigMap\nmetadata:\n  creationTimestamp: null\n  name: c3\n  namespace: zz\n'
    );
  });
});

describe('kubectl run', () => {
  test('the pod kubectl builds', async () => {
    const r = await bench().run('kubectl run web --image=nginx --dry-run=client -o yaml');
    expect(r.stdout).toBe(`apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: web
  name: web
spec:
  containers:
  - image: nginx
    name: web
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Always
status: {}
`);
  });

  test('with labels, port, env, restart policy and arguments', async () => {
    const r = await bench().run('kubectl run web --image=nginx --restart=Never --labels=a=b,c=d --port=80 --env=X=1 --dry-run=client -o yaml -- sh -c "echo hi"');
    expect(r.stdout).toBe(`apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    a: b
    c: d
  name: web
spec:
  containers:
  - args:
    - sh
    - -c
    - echo hi
    env:
    - name: X
      value: "1"
    image: nginx
    name: web
    ports:
    - containerPort: 80
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}
`);
    const c = await bench().run('kubectl run web --image=nginx --command --dry-run=client -o yaml -- sleep 1');
    expect(c.stdout).toContain('  - command:\n    - sleep\n    - "1"\n');
  });

  test('created, and errors', async () => {
    const b = bench();
    expect((await b.run('kubectl run web --image=nginx')).stdout).toBe('pod/web created\n');
    expect(b.get('pods', 'web', 'default')!.metadata.labels).toEqual({ run: 'web' });
    expect((await b.run('kubectl run web --image=nginx')).stderr).toBe('Error from server (AlreadyExists): pods "web" already exists\n');
    expect((await b.run('kubectl run web --image=nginx --dry-run=client')).stdout).toBe('pod/web created (dry run)\n');
    const errors: [string, string][] = [
      ['kubectl run web', 'error: required flag(s) "image" not set\n'],
      ['kubectl run --image=x', "error: NAME is required for run\nSee 'kubectl run -h' for help and examples\n"],
      ['kubectl run x --image=nginx --restart=Sometimes', "error: invalid restart policy: Sometimes\nSee 'kubectl run -h' for help and examples\n"],
      ['kubectl run x --image=nginx --labels=a', 'error: unexpected label spec: a\n'],
      ['kubectl run x --image=nginx --env=X', 'error: invalid env: X\n'],
      ['kubectl run x --image=nginx --port=abc', 'error: strconv.Atoi: parsing "abc": invalid syntax\n'],
      ['kubectl run x --image=nginx --image-pull-policy=Bad', "error: invalid image pull policy: Bad\nSee 'kubectl run -h' for help and examples\n"],
      ['kubectl run x --image=nginx -i --dry-run=client', "error: --dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)\nSee 'kubectl run -h' for help and examples\n"]
    ];
    for (const [line, want] of errors) expect((await b.run(line)).stderr, line).toBe(want);
  });
});
