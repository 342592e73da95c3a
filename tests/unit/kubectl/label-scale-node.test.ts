/**
 * kubectl label, annotate, scale, cordon, uncordon and taint. Expected texts are kubectl v1.32's.
 */
import { describe, expect, test } from 'vitest';
import { bench, type Bench } from './harness';

async function withPod(): Promise<Bench> {
  const b = bench();
  await b.run('kubectl run web --image=nginx --labels=app=web');
  return b;
}

async function withNode(): Promise<Bench> {
  const b = bench();
  await b.run('kubectl create -f -', 'apiVersion: v1\nkind: Node\nmetadata:\n  name: worker-1\n  labels:\n    pool: a\n');
  await b.run('kubectl create -f -', 'apiVersion: v1\nkind: Node\nmetadata:\n  name: worker-2\n');
  return b;
}

describe('kubectl label', () => {
  test('labeled, not labeled, unlabeled', async () => {
    const b = await withPod();
    const steps: [string, string, string][] = [
      ['kubectl label pod web app=web', 'pod/web not labeled\n', ''],
      ['kubectl label pod web app=x', '', "error: 'app' already has a value (web), and --overwrite is false\n"],
      ['kubectl label pod web app=x --overwrite', 'pod/web labeled\n', ''],
      ['kubectl label pod web new=1', 'pod/web labeled\n', ''],
      ['kubectl label pod web new-', 'pod/web unlabeled\n', ''],
      ['kubectl label pod web nope-', 'label "nope" not found.\npod/web not labeled\n', ''],
      ['kubectl label pod/web x=y --dry-run=client', 'pod/web labeled (dry run)\n', ''],
      ['kubectl label pod web x=y --dry-run=server', 'pod/web labeled (server dry run)\n', ''],
      ['kubectl label pod web x=y -o name', 'pod/web\n', '']
    ];
    for (const [line, stdout, stderr] of steps) {
      const r = await b.run(line);
      expect({ stdout: r.stdout, stderr: r.stderr }, line).toEqual({ stdout, stderr });
    }
    expect(b.get('pods', 'web', 'default')!.metadata.labels).toEqual({ app: 'x', x: 'y' });
    expect((await b.run('kubectl label pod web --list')).stdout).toBe('app=x\nx=y\n');
  });

  test('by selector and across objects', async () => {
    const b = await withPod();
    await b.run('kubectl run db --image=postgres --labels=app=db');
    expect((await b.run('kubectl label pods --all tier=be')).stdout).toBe('pod/db labeled\npod/web labeled\n');
    expect((await b.run('kubectl label pods -l app=db tier-')).stdout).toBe('pod/db unlabeled\n');
  });

  const errors: [string, string][] = [
    ['label', 'error: one or more resources must be specified as <resource> <name> or <resource>/<name>\n'],
    ['label pod web', 'error: at least one label update is required\n'],
    ['label pod web app', 'error: at least one label update is required\n'],
    ['label pod web app=a=b', 'error: invalid label spec: app=a=b\n'],
    ['label pod web a=b a-', 'error: can not both modify and remove a label in the same command\n'],
    [
      'label pod web app=@@',
      'error: invalid label value: "app=@@": a valid label must be an empty string or consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyValue\',  or \'my_value\',  or \'12345\', regex used for validation is \'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?\')\n'
    ],
    ['label pod/web x=1 pod/web2', 'error: all resources must be specified before label changes: pod/web2\n'],
    ['label pod nope a=b', 'Error from server (NotFound): pods "nope" not found\n']
  ];
  test.each(errors)('kubectl %s', async (line, want) => {
    const r = await (await withPod()).run(`kubectl ${line}`);
    expect(r).toEqual({ stdout: '', stderr: want, exitCode: 1 });
  });
});

describe('kubectl annotate', () => {
  test('annotated', async () => {
    const b = await withPod();
    expect((await b.run('kubectl annotate pod web a=1')).stdout).toBe('pod/web annotated\n');
    expect((await b.run('kubectl annotate pod web a=1')).stdout).toBe('pod/web annotated\n');
    expect((await b.run('kubectl annotate pod web a=2')).stderr).toBe("error: --overwrite is false but found the following declared annotation(s): 'a' already has a value (1)\n");
    expect((await b.run('kubectl annotate pod web a=b=c --overwrite')).stdout).toBe('pod/web annotated\n');
    expect(b.get('pods', 'web', 'default')!.metadata.annotations).toEqual({ a: 'b=c' });
    expect((await b.run('kubectl annotate pod web a-')).stdout).toBe('pod/web annotated\n');
    // the last one removed: the server keeps no empty map (ObjectMeta's annotations are omitempty)
    expect(b.get('pods', 'web', 'default')!.metadata.annotations).toBeUndefined();
    expect((await b.run('kubectl annotate pod web b')).stderr).toBe('error: at least one annotation update is required\n');
  });
});

describe('kubectl scale', () => {
  test('deployments and replica sets', async () => {
    const b = bench();
    await b.run('kubectl create deployment web --image=nginx');
    expect(await b.run('kubectl scale deploy/web --replicas=3')).toEqual({ stdout: 'deployment.apps/web scaled\n', stderr: '', exitCode: 0 });
    expect(b.get('deployments', 'web', 'default')!.spec.replicas).toBe(3);
    expect((await b.run('kubectl scale deployment web --replicas=2 --current-replicas=3')).stdout).toBe('deployment.apps/web scaled\n');
    expect((await b.run('kubectl scale deployment web --replicas=4 --current-replicas=3')).stderr).toBe('error: Expected replicas to be 3, was 2\n');
    expect((await b.run('kubectl scale deploy web --replicas=5 --dry-run=client')).stdout).toBe('deployment.apps/web scaled (dry run)\n');
    expect((await b.run('kubectl scale deploy web --replicas=5 -o name')).stdout).toBe('deployment.apps/web\n');
    await b.run('kubectl apply -f /work/shared/examples/kubernetes-website/frontend-replicaset.yaml');
    expect((await b.run('kubectl scale rs/frontend deploy/web --replicas=1')).stdout).toBe('replicaset.apps/frontend scaled\ndeployment.apps/web scaled\n');
    expect(await b.run('kubectl scale rs/frontend rs/nope --replicas=2')).toEqual({
      stdout: 'replicaset.apps/frontend scaled\n',
      stderr: 'Error from server (NotFound): replicasets.apps "nope" not found\n',
      exitCode: 1
    });
  });

  const errors: [string, string][] = [
    ['scale deploy nope --replicas=2', 'error: no objects passed to scale deployments.apps "nope" not found\n'],
    ['scale deploy --replicas=2', 'error: resource(s) were provided, but no name was specified\n'],
    ['scale deploy x --replicas=-1', 'error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0\n'],
    [
      'scale --replicas=2',
      "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n"
    ],
    ['scale pod web --replicas=2', 'error: no kind "Pod" is registered for version "v1" in scheme "k8s.io/client-go/scale/util.go:146"\n']
  ];
  test.each(errors)('kubectl %s', async (line, want) => {
    const r = await (await withPod()).run(`kubectl ${line}`);
    expect(r).toEqual({ stdout: '', stderr: want, exitCode: 1 });
  });
});

describe('kubectl cordon / uncordon', () => {
  test('cordoned, already cordoned, uncordoned', async () => {
    const b = await withNode();
    const steps: [string, string][] = [
      ['kubectl cordon worker-1', 'node/worker-1 cordoned\n'],
      ['kubectl cordon worker-1', 'node/worker-1 already cordoned\n'],
      ['kubectl cordon worker-1 --dry-run=client', 'node/worker-1 already cordoned (dry run)\n'],
      ['kubectl uncordon worker-1', 'node/worker-1 uncordoned\n'],
      ['kubectl uncordon worker-1', 'node/worker-1 already uncordoned\n'],
      ['kubectl cordon -l pool=a', 'node/worker-1 cordoned\n'],
      ['kubectl uncordon -l pool=x', '']
    ];
    for (const [line, stdout] of steps) expect((await b.run(line)).stdout, line).toBe(stdout);
    expect(b.get('nodes', 'worker-1')!.spec.unschedulable).toBe(true);
    expect((await b.run('kubectl cordon nope')).stderr).toBe('Error from server (NotFound): nodes "nope" not found\n');
    expect((await b.run('kubectl cordon')).stderr).toBe("error: USAGE: cordon NODE [flags]\nSee 'kubectl cordon -h' for help and examples\n");
  });
});

describe('kubectl taint', () => {
  test('tainted, modified, untainted', async () => {
    const b = await withNode();
    const steps: [string, string, string][] = [
      ['kubectl taint nodes worker-1 k=v:NoSchedule', 'node/worker-1 tainted\n', ''],
      ['kubectl taint nodes worker-1 k=v:NoSchedule', '', 'error: node worker-1 already has k taint(s) with same effect(s) and --overwrite is false\n'],
      ['kubectl taint nodes worker-1 k=v2:NoSchedule --overwrite', 'node/worker-1 modified\n', ''],
      ['kubectl taint nodes worker-1 k=v:NoExecute', 'node/worker-1 tainted\n', ''],
      ['kubectl taint nodes worker-1 k:NoSchedule-', 'node/worker-1 untainted\n', ''],
      ['kubectl taint nodes worker-1 k-', 'node/worker-1 untainted\n', ''],
      ['kubectl taint nodes worker-1 k-', '', 'error: taint "k" not found\n'],
      ['kubectl taint node worker-1 dedicated:NoSchedule', 'node/worker-1 tainted\n', ''],
      ['kubectl taint no worker-1 x=y:PreferNoSchedule -o name', 'node/worker-1\n', ''],
      ['kubectl taint nodes --all z=1:NoSchedule', 'node/worker-1 tainted\nnode/worker-2 tainted\n', '']
    ];
    for (const [line, stdout, stderr] of steps) {
      const r = await b.run(line);
      expect({ stdout: r.stdout, stderr: r.stderr }, line).toEqual({ stdout, stderr });
    }
    expect(b.get('nodes', 'worker-1')!.spec.taints).toEqual([
      { effect: 'NoSchedule', key: 'z', value: '1' },
      { effect: 'PreferNoSchedule', key: 'x', value: 'y' },
      { effect: 'NoSchedule', key: 'dedicated' }
    ]);
  });

  const errors: [string, string][] = [
    ['taint nodes worker-1 k=v:Foo', "error: invalid taint effect: Foo, unsupported taint effect\nSee 'kubectl taint -h' for help and examples\n"],
    [
      'taint nodes worker-1 k=v',
      "error: invalid taint spec: k=v, name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')\nSee 'kubectl taint -h' for help and examples\n"
    ],
    ['taint nodes worker-1 k=v:NoSchedule k-', 'error: can not both modify and remove the following taint(s) in the same command: k=\n'],
    ['taint nodes worker-1', 'error: at least one taint update is required\n'],
    ['taint worker-1 k=v:NoSchedule', 'the server doesn\'t have a resource type "worker-1"\n'],
    ['taint pods web k=v:NoSchedule', 'error: invalid resource type pods, only node types are supported\n'],
    ['taint nodes nope k=v:NoSchedule', 'Error from server (NotFound): nodes "nope" not found\n'],
    ['taint nodes worker-1 k=v:NoSchedule k=w:NoSchedule', "error: duplicated taints with the same key and effect: {k w NoSchedule <nil>}\nSee 'kubectl taint -h' for help and examples\n"],
    ['taint nodes k=v:NoSchedule', "error: at least one resource name must be specified since 'all' parameter is not set\n"]
  ];
  test.each(errors)('kubectl %s', async (line, want) => {
    const r = await (await withNode()).run(`kubectl ${line}`);
    expect(r).toEqual({ stdout: '', stderr: want, exitCode: 1 });
  });
});
