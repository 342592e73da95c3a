/**
 * kubectl delete: messages, graceful deletion and --wait (virtual time runs until the object is
 * gone; the bench plays the kubelet that finishes a pod's graceful deletion).
 */
import { describe, expect, test } from 'vitest';
import { bench } from './harness';

describe('kubectl delete', () => {
  test('an unscheduled pod goes at once', async () => {
    const b = bench();
    await b.run('kubectl run web --image=nginx');
    expect(await b.run('kubectl delete pod web')).toEqual({ stdout: 'pod "web" deleted\n', stderr: '', exitCode: 0 });
    expect(b.now()).toBe(0);
  });

  test('waits for a pod to go (its grace period)', async () => {
    const b = bench();
    await b.run('kubectl run web --image=nginx');
    b.schedule('web');
    expect(await b.run('kubectl delete pod web')).toEqual({ stdout: 'pod "web" deleted\n', stderr: '', exitCode: 0 });
    expect(b.get('pods', 'web', 'default')).toBeUndefined();
    expect(b.now()).toBe(30_000);
  });

  test('--wait=false returns at once; the pod is terminating', async () => {
    const b = bench();
    await b.run('kubectl run web --image=nginx');
    b.schedule('web');
    expect((await b.run('kubectl delete pod web --wait=false')).stdout).toBe('pod "web" deleted\n');
    expect(b.now()).toBe(0);
    expect(b.get('pods', 'web', 'default')!.metadata.deletionTimestamp).toBe('2025-01-01T00:00:30Z');
  });

  test('--now, --grace-period, --force', async () => {
    const b = bench();
    await b.run('kubectl run a --image=nginx');
    b.schedule('a');
    await b.run('kubectl delete pod a --now');
    expect(b.now()).toBe(1000);
    await b.run('kubectl run b --image=nginx');
    b.schedule('b');
    await b.run('kubectl delete pod b --grace-period=0 --wait=false');
    expect(b.get('pods', 'b', 'default')!.metadata.deletionGracePeriodSeconds).toBe(1);
    await b.run('kubectl run c --image=nginx');
    b.schedule('c');
    const warning = 'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n';
    // A terminal shows the warning first: kubectl prints it (delete.go Validate) before deleting.
    expect(await b.run('kubectl delete pod c --force')).toEqual({
      stdout: 'pod "c" force deleted\n',
      stderr: warning,
      exitCode: 0,
      segments: [
        { stream: 'stderr', text: warning },
        { stream: 'stdout', text: 'pod "c" force deleted\n' }
      ]
    });
    expect(b.get('pods', 'c', 'default')).toBeUndefined();
    expect((await b.run('kubectl delete pod b --force -o name')).stdout).toBe('pod/b\n');
  });

  test('several names: what exists goes, the rest are errors', async () => {
    const b = bench();
    await b.run('kubectl create cm c1');
    await b.run('kubectl create cm c2');
    expect(await b.run('kubectl delete cm c1 nope c2')).toEqual({
      stdout: 'configmap "c1" deleted\nconfigmap "c2" deleted\n',
      stderr: 'Error from server (NotFound): configmaps "nope" not found\n',
      exitCode: 1
    });
    expect(await b.run('kubectl delete cm nope --ignore-not-found')).toEqual({ stdout: '', stderr: '', exitCode: 0 });
  });

  test('selectors and --all', async () => {
    const b = bench();
    await b.run('kubectl create cm c1');
    await b.run('kubectl create cm c2');
    await b.run('kubectl label cm c1 app=x');
    expect((await b.run('kubectl delete cm -l app=x')).stdout).toBe('configmap "c1" deleted\n');
    expect((await b.run('kubectl delete cm -l app=x')).stdout).toBe('No resources found\n');
    expect((await b.run('kubectl delete cm --all')).stdout).toBe('configmap "c2" deleted\n');
    expect((await b.run('kubectl delete cm --all -n kube-public')).stdout).toBe('No resources found\n');
  });

  test('-f, deployments, dry runs', async () => {
    const b = bench();
    b.files.set('cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c1\n');
    await b.run('kubectl apply -f cm.yaml');
    expect((await b.run('kubectl delete -f cm.yaml --dry-run=client')).stdout).toBe('configmap "c1" deleted (dry run)\n');
    expect((await b.run('kubectl delete -f cm.yaml --dry-run=server')).stdout).toBe('configmap "c1" deleted (server dry run)\n');
    expect(b.get('configmaps', 'c1', 'default')).toBeDefined();
    expect((await b.run('kubectl delete -f cm.yaml')).stdout).toBe('configmap "c1" deleted\n');
    expect((await b.run('kubectl delete -f cm.yaml')).stderr).toBe('Error from server (NotFound): error when deleting "cm.yaml": configmaps "c1" not found\n');
    await b.run('kubectl create deployment web --image=nginx');
    expect((await b.run('kubectl delete deploy/web')).stdout).toBe('deployment.apps "web" deleted\n');
  });

  test('namespaces and cluster-scoped objects', async () => {
    const b = bench();
    expect((await b.run('kubectl delete ns default')).stderr).toBe('Error from server (Forbidden): namespaces "default" is forbidden: this namespace may not be deleted\n');
    await b.run('kubectl create ns dev');
    const r = await b.run('kubectl delete ns dev -n kube-system --wait=false');
    expect(r).toEqual({ stdout: 'namespace "dev" deleted\n', stderr: 'Warning: deleting cluster-scoped resources, not scoped to the provided namespace\n', exitCode: 0 });
  });

  test('a deletion that never finishes times out', async () => {
    const b = bench({ kubeletDeletes: false });
    await b.run('kubectl run web --image=nginx');
    b.schedule('web');
    expect(await b.run('kubectl delete pod web --timeout=5s')).toEqual({
      stdout: 'pod "web" deleted\n',
      stderr: 'error: timed out waiting for the condition on pods/web\n',
      exitCode: 1
    });
  });

  const errors: [string, string][] = [
    ['delete', "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n"],
    ['delete pods', 'error: resource(s) were provided, but no name was specified\n'],
    ['delete pod x --all', 'error: name cannot be provided when a selector is specified\n'],
    ['delete pods --all -l a=b', "error: setting 'all' parameter but found a non empty selector. \n"],
    ['delete pod x --now --grace-period=3', 'error: --now and --grace-period cannot be specified together\n'],
    ['delete pod x --force --grace-period=3', 'error: --force and --grace-period greater than 0 cannot be specified together\n'],
    ['delete pod x -o yaml', "error: unexpected -o output mode: yaml. We only support '-o name'\n"],
    ['delete pod x --cascade=bad', 'error: invalid cascade value (bad). Must be "background", "foreground", or "orphan"\n'],
    ['delete pod nope', 'Error from server (NotFound): pods "nope" not found\n'],
    ['delete foo x', 'error: the server doesn\'t have a resource type "foo"\n']
  ];
  test.each(errors)('kubectl %s', async (line, want) => {
    expect(await bench().run(`kubectl ${line}`)).toEqual({ stdout: '', stderr: want, exitCode: 1 });
  });

  test('--cascade=false is the deprecated spelling of orphan', async () => {
    const b = bench();
    await b.run('kubectl create deployment web --image=nginx');
    const r = await b.run('kubectl delete deploy web --cascade=false --wait=false');
    expect(r.stderr).toBe('warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.\n');
    expect(b.get('deployments', 'web', 'default')!.metadata.finalizers).toEqual(['orphan']);
  });
});
