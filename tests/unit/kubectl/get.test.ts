/**
 * kubectl get: tables through the shared printers, the non-table formats, selectors, errors
 * and watch.
 */
import { describe, expect, test } from 'vitest';
import { bench, type Bench } from './harness';

async function withPods(): Promise<Bench> {
  const b = bench();
  await b.run('kubectl run web --image=nginx --labels=app=web,tier=fe');
  b.advance(30_000);
  await b.run('kubectl run db --image=postgres --labels=app=db');
  b.advance(35_000);
  return b;
}

describe('kubectl get (tables)', () => {
  test('pods', async () => {
    const b = await withPods();
    expect(await b.run('kubectl get pods')).toEqual({
      stdout: 'NAME   READY   STATUS    RESTARTS   AGE\ndb     0/1     Pending   0          35s\nweb    0/1     Pending   0          65s\n',
      stderr: '',
      exitCode: 0
    });
    expect((await b.run('kubectl get po web --no-headers')).stdout).toBe('web   0/1   Pending   0     65s\n');
    expect((await b.run('kubectl get pods --show-labels')).stdout).toBe(
      'NAME   READY   STATUS    RESTARTS   AGE   LABELS\ndb     0/1     Pending   0          35s   app=db\nweb    0/1     Pending   0          65s   app=web,tier=fe\n'
    );
    expect((await b.run('kubectl get pods -L tier')).stdout).toBe('NAME   READY   STATUS    RESTARTS   AGE   TIER\ndb     0/1     Pending   0          35s   \nweb    0/1     Pending   0          65s   fe\n');
    expect((await b.run('kubectl get pods -l app=web -o name')).stdout).toBe('pod/web\n');
    expect((await b.run('kubectl get pods --field-selector metadata.name=db -o name')).stdout).toBe('pod/db\n');
  });

  test('several types: one table each, names with their kind', async () => {
    const b = await withPods();
    const r = await b.run('kubectl get pods,svc');
    expect(r.stdout).toBe(
      'NAME      READY   STATUS    RESTARTS   AGE\npod/db    0/1     Pending   0          35s\npod/web   0/1     Pending   0          65s\n\n' +
        'NAME                 TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE\nservice/kubernetes   ClusterIP   10.96.0.1    <none>        443/TCP   65s\n'
    );
    const all = await b.run('kubectl get all');
    expect(all.stdout.startsWith('NAME      READY   STATUS    RESTARTS   AGE\npod/db ')).toBe(true);
    expect(all.stdout).toContain('\n\nNAME                 TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE\nservice/kubernetes ');
    // Only services exist in kube-public? None at all: the namespace message.
    expect(await b.run('kubectl get all -n kube-public')).toEqual({ stdout: '', stderr: 'No resources found in kube-public namespace.\n', exitCode: 0 });
  });

  test('nothing found', async () => {
    const b = bench();
    expect(await b.run('kubectl get pods')).toEqual({ stdout: '', stderr: 'No resources found in default namespace.\n', exitCode: 0 });
    expect((await b.run('kubectl get pods -n kube-system')).stderr).toBe('No resources found in kube-system namespace.\n');
    expect((await b.run('kubectl get pods -A')).stderr).toBe('No resources found\n');
    expect((await b.run('kubectl get nodes')).stderr).toBe('No resources found\n');
  });

  test('--sort-by', async () => {
    const b = await withPods();
    expect((await b.run('kubectl get pods --sort-by=.metadata.name -o name')).stdout).toBe('pod/db\npod/web\n');
    expect((await b.run('kubectl get pods --sort-by={.metadata.creationTimestamp} -o name')).stdout).toBe('pod/web\npod/db\n');
    expect((await b.run('kubectl get pods --sort-by=.metadata.labels.app --no-headers')).stdout.split('\n')[0].startsWith('db ')).toBe(true);
    expect((await b.run('kubectl get pods --sort-by=.spec.nope')).stderr).toBe("error: couldn't find any field with path: {.spec.nope} in the list of objects\n");
  });
});

describe('kubectl get (other formats)', () => {
  test('-o json: one object, or a List', async () => {
    const b = await withPods();
    const one = JSON.parse((await b.run('kubectl get pod web -o json')).stdout);
    expect(one.kind).toBe('Pod');
    expect(one.metadata.name).toBe('web');
    const listOut = (await b.run('kubectl get pods -o json')).stdout;
    const list = JSON.parse(listOut);
    expect(list.apiVersion).toBe('v1');
    expect(list.kind).toBe('List');
    expect(list.metadata).toEqual({ resourceVersion: '' });
    expect(list.items.map((i: any) => i.metadata.name)).toEqual(['db', 'web']);
    expect(listOut.startsWith('{\n    "apiVersion": "v1",\n    "items": [\n        {\n')).toBe(true);
    const two = JSON.parse((await b.run('kubectl get pod web db -o json')).stdout);
    expect(two.kind).toBe('List');
    expect(JSON.parse((await b.run('kubectl get pods -n kube-public -o json')).stdout)).toEqual({ apiVersion: 'v1', items: [], kind: 'List', metadata: { resourceVersion: '' } });
  });

  test('-o yaml and -o name', async () => {
    const b = await withPods();
    expect((await b.run('kubectl get pod web -o yaml')).stdout).toMatch(/^apiVersion: v1\nkind: Pod\nmetadata:\n  creationTimestamp: "2025-01-01T00:00:00Z"\n  labels:\n    app: web\n    tier: fe\n  name: web\n/);
    expect((await b.run('kubectl get pods -o yaml')).stdout).toMatch(/^apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Pod\n/);
    expect((await b.run('kubectl get pods,deploy,svc -o name')).stdout).toBe('pod/db\npod/web\nservice/kubernetes\n');
    expect((await b.run('kubectl get ns -o name')).stdout).toBe('namespace/default\nnamespace/kube-node-lease\nnamespace/kube-public\nnamespace/kube-system\n');
  });

  test('jsonpath', async () => {
    const b = await withPods();
    expect((await b.run(`kubectl get pods -o jsonpath='{.items[*].metadata.name}'`)).stdout).toBe('db web');
    expect((await b.run(`kubectl get pods -o jsonpath="{range .items[*]}{.metadata.name}{'\\n'}{end}"`)).stdout).toBe('db\nweb\n');
    expect((await b.run(`kubectl get pod web -o jsonpath='{.spec.containers[0].image}'`)).stdout).toBe('nginx');
    expect((await b.run(`kubectl get pod web -o=jsonpath={.metadata.labels.app}`)).stdout).toBe('web');
    expect((await b.run(`kubectl get pod web -o jsonpath='{.metadata.nope}'`)).stdout).toBe('');
    b.files.set('t.txt', '{.metadata.name}');
    expect((await b.run('kubectl get pod web -o jsonpath-file=t.txt')).stdout).toBe('web');
    const bad = await b.run(`kubectl get pod web -o jsonpath='{.metadata.name'`);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr.startsWith('error: error parsing jsonpath {.metadata.name, ')).toBe(true);
  });

  test('custom-columns', async () => {
    const b = await withPods();
    expect((await b.run('kubectl get pods -o custom-columns=NAME:.metadata.name,APP:.metadata.labels.app,NODE:.spec.nodeName')).stdout).toBe(
      'NAME   APP   NODE\ndb     db    <none>\nweb    web   <none>\n'
    );
    expect((await b.run('kubectl get pod web -o custom-columns=NAME:metadata.name --no-headers')).stdout).toBe('web\n');
  });
});

describe('kubectl get errors', () => {
  test('NotFound, and what was found', async () => {
    const b = await withPods();
    expect(await b.run('kubectl get pod nope')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): pods "nope" not found\n', exitCode: 1 });
    expect(await b.run('kubectl get pods web nope -o name')).toEqual({ stdout: 'pod/web\n', stderr: 'Error from server (NotFound): pods "nope" not found\n', exitCode: 1 });
    expect(await b.run('kubectl get pods a b')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): pods "a" not found\nError from server (NotFound): pods "b" not found\n', exitCode: 1 });
    expect(await b.run('kubectl get pod nope -o yaml')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): pods "nope" not found\n', exitCode: 1 });
    expect(await b.run('kubectl get pod nope --ignore-not-found')).toEqual({ stdout: '', stderr: '', exitCode: 0 });
    expect((await b.run('kubectl get deploy x')).stderr).toBe('Error from server (NotFound): deployments.apps "x" not found\n');
  });

  test('RESOURCE.VERSION.GROUP, as the Deployment docs type it (deployment.v1.apps)', async () => {
    const b = await withPods();
    expect((await b.run('kubectl get deployment.v1.apps x')).stderr).toBe('Error from server (NotFound): deployments.apps "x" not found\n');
    expect((await b.run('kubectl get pods.v1. web -o name')).stdout).toBe('pod/web\n');
    expect((await b.run('kubectl get po.v1. -o name')).stdout).toBe('pod/db\npod/web\n');
    expect((await b.run('kubectl get deployments.v2.apps')).stderr).toBe('error: the server doesn\'t have a resource type "deployments"\n');
  });

  const cases: [string, string][] = [
    ['get foo', 'error: the server doesn\'t have a resource type "foo"\n'],
    ['get pods,foo', 'error: the server doesn\'t have a resource type "foo"\n'],
    ['get foo.bar', 'error: the server doesn\'t have a resource type "foo"\n'],
    ['get pods x -l a=b', 'error: name cannot be provided when a selector is specified\n'],
    ['get pods x -A', 'error: a resource cannot be retrieved by name across all namespaces\n'],
    ['get pods web/x', "error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'\n"],
    ['get pod/a/b', 'error: arguments in resource/name form may not have more than one slash\n'],
    ['get pod,cm/x', 'error: arguments in resource/name form must have a single resource and name\n'],
    ['get pods -o foo', 'error: unable to match a printer suitable for the output format "foo", allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml\n'],
    ['get pods --show-labels -o yaml', 'error: --show-labels option cannot be used with yaml printer\n'],
    ['get pods -w', 'error: --watch is not supported here\n'],
    [
      'get',
      'You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.\n\nerror: Required resource not specified.\nUse "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).\nSee \'kubectl get -h\' for help and examples\n'
    ]
  ];
  test.each(cases)('kubectl %s', async (line, want) => {
    expect(await bench().run(`kubectl ${line}`)).toEqual({ stdout: '', stderr: want, exitCode: 1 });
  });
});

describe('kubectl get -w', () => {
  test('prints the list, then each change as it happens', async () => {
    const b = bench({ watch: true });
    await b.run('kubectl run web --image=nginx');
    const r = await b.run('kubectl get pods -w');
    expect(r).toEqual({ stdout: 'NAME   READY   STATUS    RESTARTS   AGE\nweb    0/1     Pending   0          0s\n', stderr: '', exitCode: 0 });
    b.advance(5000);
    await b.run('kubectl run db --image=nginx');
    await b.run('kubectl label pod web x=1');
    expect(b.printed).toEqual(['db     0/1     Pending   0          0s\n', 'web    0/1     Pending   0          5s\n']);
  });

  test('--watch-only prints changes only, with a header first', async () => {
    const b = bench({ watch: true });
    await b.run('kubectl run web --image=nginx');
    expect((await b.run('kubectl get pods --watch-only')).stdout).toBe('');
    await b.run('kubectl label pod web x=1');
    expect(b.printed).toEqual(['NAME   READY   STATUS    RESTARTS   AGE\nweb    0/1     Pending   0          0s\n']);
  });

  test('one object: its changes, not the synthetic first event', async () => {
    const b = bench({ watch: true });
    await b.run('kubectl run web --image=nginx');
    await b.run('kubectl run db --image=nginx');
    expect((await b.run('kubectl get pod web -w -o name')).stdout).toBe('pod/web\n');
    await b.run('kubectl label pod db x=1');
    await b.run('kubectl label pod web x=1');
    expect(b.printed).toEqual(['pod/web\n']);
  });

  test('--request-timeout ends the watch', async () => {
    const b = bench({ watch: true });
    await b.run('kubectl get pods -w --request-timeout=5s');
    expect(b.now()).toBe(5000);
    await b.run('kubectl run web --image=nginx');
    expect(b.printed).toEqual([]);
  });
});
