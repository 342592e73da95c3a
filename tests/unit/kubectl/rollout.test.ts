/**
 * kubectl rollout status/history/undo/restart/pause/resume and set image against a full cluster
 * (controllers, scheduler and kubelets running in virtual time). Texts are kubectl v1.32's.
 */
import { describe, expect, test } from 'vitest';
import { Cluster } from '../../../src/sim/cluster/cluster';
import { Console } from '../../../src/sim/cluster/console';
import { bench } from './harness';

async function boot(): Promise<{ cluster: Cluster; sh: (line: string) => Promise<{ stdout: string; stderr: string; exitCode: number }> }> {
  const cluster = new Cluster({ seed: 1, workers: 2 });
  expect(await cluster.waitForNodesReady()).toBe(true);
  const con = new Console(cluster);
  const sh = async (line: string) => {
    const r = await con.exec(line);
    return r.results[0].output;
  };
  return { cluster, sh };
}

async function deployed() {
  const b = await boot();
  expect((await b.sh('kubectl create deployment web --image=nginx:1.27 --replicas=4')).stdout).toBe('deployment.apps/web created\n');
  const first = await b.sh('kubectl rollout status deployment/web --timeout=120s');
  expect(first.stdout.endsWith('deployment "web" successfully rolled out\n'), first.stdout + first.stderr).toBe(true);
  return b;
}

const images = async (cluster: Cluster) => {
  const r = await cluster.request({ verb: 'list', resource: 'pods', namespace: 'default' });
  if (!r.ok) throw new Error(r.status.message);
  return r.object.items.filter((p: any) => !p.metadata.deletionTimestamp).map((p: any) => p.spec.containers[0].image).sort();
};

const template = async (cluster: Cluster) => {
  const r = await cluster.request({ verb: 'get', resource: 'deployments', namespace: 'default', name: 'web' });
  if (!r.ok) throw new Error(r.status.message);
  return r.object;
};

describe('kubectl rollout', () => {
  test('set image, status, history, undo', async () => {
    const { cluster, sh } = await deployed();
    expect(await sh('kubectl set image deployment/web nginx=nginx:1.25')).toEqual({ stdout: 'deployment.apps/web image updated\n', stderr: '', exitCode: 0 });
    const status = await sh('kubectl rollout status deployment/web');
    expect(status.exitCode).toBe(0);
    const lines = status.stdout.trimEnd().split('\n');
    // Each distinct progress line once, in kubectl's wording, ending with success.
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines[lines.length - 1]).toBe('deployment "web" successfully rolled out');
    for (const l of lines.slice(0, -1)) {
      expect(l).toMatch(
        /^(Waiting for deployment "web" rollout to finish: (\d+ out of 4 new replicas have been updated|\d+ old replicas are pending termination|\d+ of 4 updated replicas are available)\.\.\.|Waiting for deployment spec update to be observed\.\.\.)$/
      );
    }
    expect(lines.some((l) => /out of 4 new replicas have been updated/.test(l))).toBe(true);
    expect(lines.some((l) => /old replicas are pending termination/.test(l))).toBe(true);
    expect(await images(cluster)).toEqual(Array(4).fill('nginx:1.25'));

    expect((await sh('kubectl rollout history deployment/web')).stdout).toBe('deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n\n');
    const rev2 = (await sh('kubectl rollout history deployment/web --revision=2')).stdout;
    expect(rev2.startsWith('deployment.apps/web with revision #2\nPod Template:\n  Labels:  app=web\n           pod-template-hash=')).toBe(true);
    expect(rev2).toContain('    Image:         nginx:1.25\n');
    expect(await sh('kubectl rollout history deployment/web --revision=9')).toMatchObject({ stderr: 'error: unable to find the specified revision\n', exitCode: 1 });

    expect(await sh('kubectl rollout undo deployment/web --to-revision=9')).toMatchObject({ stderr: 'error: unable to find specified revision 9 in history\n', exitCode: 1 });
    expect((await sh('kubectl rollout undo deployment/web')).stdout).toBe('deployment.apps/web rolled back\n');
    const d = await template(cluster);
    expect(d.spec.template.spec.containers[0].image).toBe('nginx:1.27');
    expect(d.spec.template.metadata.labels).toEqual({ app: 'web' });
    expect((await sh('kubectl rollout status deployment/web')).stdout.endsWith('deployment "web" successfully rolled out\n')).toBe(true);
    expect(await images(cluster)).toEqual(Array(4).fill('nginx:1.27'));
    expect((await sh('kubectl rollout history deployment/web')).stdout).toBe('deployment.apps/web \nREVISION  CHANGE-CAUSE\n2         <none>\n3         <none>\n\n');
    expect((await template(cluster)).metadata.annotations['deployment.kubernetes.io/revision']).toBe('3');
    expect((await sh('kubectl rollout undo deployment/web --to-revision=3')).stdout).toBe('deployment.apps/web skipped rollback (current template already matches revision 3)\n');
  }, 60_000);

  test('pause holds a new template until resume', async () => {
    const { cluster, sh } = await deployed();
    expect((await sh('kubectl rollout pause deployment/web')).stdout).toBe('deployment.apps/web paused\n');
    expect(await sh('kubectl rollout pause deployment/web')).toMatchObject({ stdout: '', stderr: 'error: deployments.apps "web" is already paused\n', exitCode: 1 });
    expect((await sh('kubectl set image deployment/web nginx=nginx:1.25')).stdout).toBe('deployment.apps/web image updated\n');
    expect(await sh('kubectl rollout status deployment/web --timeout=20s')).toMatchObject({ stderr: 'error: timed out waiting for the condition\n', exitCode: 1 });
    expect(await images(cluster)).toEqual(Array(4).fill('nginx:1.27'));
    expect(await sh('kubectl rollout restart deployment/web')).toMatchObject({ stderr: "error: deployments.apps \"web\" can't restart paused deployment (run rollout resume first)\n", exitCode: 1 });
    expect(await sh('kubectl rollout undo deployment/web')).toMatchObject({ stderr: "error: you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again\n", exitCode: 1 });
    expect((await sh('kubectl rollout resume deployment/web')).stdout).toBe('deployment.apps/web resumed\n');
    expect(await sh('kubectl rollout resume deployment/web')).toMatchObject({ stderr: 'error: deployments.apps "web" is not paused\n', exitCode: 1 });
    expect((await sh('kubectl rollout status deployment/web')).stdout.endsWith('deployment "web" successfully rolled out\n')).toBe(true);
    expect(await images(cluster)).toEqual(Array(4).fill('nginx:1.25'));
  }, 60_000);

  test('restart rolls new pods', async () => {
    const { cluster, sh } = await deployed();
    const before = await cluster.request({ verb: 'list', resource: 'pods', namespace: 'default' });
    const oldNames = new Set(before.ok ? before.object.items.map((p: any) => p.metadata.name) : []);
    expect((await sh('kubectl rollout restart deployment/web')).stdout).toBe('deployment.apps/web restarted\n');
    const d = await template(cluster);
    expect(d.spec.template.metadata.annotations['kubectl.kubernetes.io/restartedAt']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect((await sh('kubectl rollout status deployment/web')).stdout.endsWith('deployment "web" successfully rolled out\n')).toBe(true);
    const after = await cluster.request({ verb: 'list', resource: 'pods', namespace: 'default' });
    const live = after.ok ? after.object.items.filter((p: any) => !p.metadata.deletionTimestamp) : [];
    expect(live).toHaveLength(4);
    for (const p of live) expect(oldNames.has(p.metadata.name)).toBe(false);
    expect((await sh('kubectl rollout history deploy/web')).stdout).toBe('deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n\n');
  }, 60_000);

  test('set image errors', async () => {
    const { sh } = await deployed();
    expect(await sh('kubectl set image deployment/web nope=nginx:1.25')).toMatchObject({ stdout: '', stderr: 'error: unable to find container named "nope"\n', exitCode: 1 });
    expect(await sh('kubectl set image deployment/web')).toMatchObject({ stderr: 'error: at least one image update is required\n', exitCode: 1 });
    expect(await sh('kubectl set image deployment/web nginx=a deployment/x')).toMatchObject({ stderr: 'error: all resources must be specified before image changes: deployment/x\n', exitCode: 1 });
    expect(await sh('kubectl set image deployment/nope web=a')).toMatchObject({ stderr: 'Error from server (NotFound): deployments.apps "nope" not found\n', exitCode: 1 });
    expect(await sh('kubectl rollout status')).toMatchObject({ stderr: 'error: required resource not specified\n', exitCode: 1 });
    expect(await sh('kubectl rollout history pod/x')).toMatchObject({ exitCode: 1 });
  }, 60_000);
});

describe('kubectl rollout status for daemon sets', () => {
  test('progress lines and success', async () => {
    const statuses = [
      { observedGeneration: 1, desiredNumberScheduled: 3, updatedNumberScheduled: 1, numberAvailable: 1 },
      { observedGeneration: 1, desiredNumberScheduled: 3, updatedNumberScheduled: 3, numberAvailable: 2 },
      { observedGeneration: 1, desiredNumberScheduled: 3, updatedNumberScheduled: 3, numberAvailable: 3 }
    ];
    let step = 0;
    const b = bench({
      onTick: (x) => {
        const ds = x.get('daemonsets', 'kube-proxy', 'kube-system')!;
        const s = statuses[Math.min(statuses.length - 1, Math.floor(step++ / 2))];
        x.api.handle({ verb: 'update', resource: 'daemonsets', subresource: 'status', namespace: 'kube-system', name: 'kube-proxy', body: { ...ds, status: { ...ds.status, ...s } }, user: 'test' });
      }
    });
    b.create(
      'daemonsets',
      {
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        metadata: { name: 'kube-proxy' },
        spec: { selector: { matchLabels: { k: 'p' } }, template: { metadata: { labels: { k: 'p' } }, spec: { containers: [{ name: 'kube-proxy', image: 'registry.k8s.io/kube-proxy:v1.32.0' }] } } }
      },
      'kube-system'
    );
    const r = await b.run('kubectl rollout status ds/kube-proxy -n kube-system');
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(
      'Waiting for daemon set spec update to be observed...\n' +
        'Waiting for daemon set "kube-proxy" rollout to finish: 1 out of 3 new pods have been updated...\n' +
        'Waiting for daemon set "kube-proxy" rollout to finish: 2 of 3 updated pods are available...\n' +
        'daemon set "kube-proxy" successfully rolled out\n'
    );
  });
});

describe('kubectl rollout restart for daemon sets', () => {
  test('the template annotation rolls kube-proxy node by node and rollout status follows it', async () => {
    const { cluster, sh } = await boot();
    const proxyPods = async () => {
      const r = await cluster.request({ verb: 'list', resource: 'pods', namespace: 'kube-system', labelSelector: 'k8s-app=kube-proxy' });
      if (!r.ok) throw new Error(r.status.message);
      return r.object.items.filter((p: any) => !p.metadata.deletionTimestamp).map((p: any) => p.metadata.name).sort();
    };
    const before = await proxyPods();
    expect(before).toHaveLength(3);
    // Available old pods go one at a time (maxUnavailable 1); unavailable ones would all go at once.
    await sh('sim advance 30s');
    expect(await sh('kubectl rollout restart ds/kube-proxy -n kube-system')).toMatchObject({ stdout: 'daemonset.apps/kube-proxy restarted\n', exitCode: 0 });
    const status = await sh('kubectl rollout status ds/kube-proxy -n kube-system --timeout=300s');
    expect(status.stdout).toMatch(/Waiting for daemon set "kube-proxy" rollout to finish: [0-2] out of 3 new pods have been updated\.\.\.\n/);
    // One node at a time: each old pod is deleted only after the previous node's new pod is made.
    const podWrites = (await sh('sim trace --kind api. -o json')).stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter((e) => e.user === 'daemonset-controller' && e.resource === 'pods' && e.t >= 30_000)
      .map((e) => e.kind);
    expect(podWrites).toEqual(['api.delete', 'api.create', 'api.delete', 'api.create', 'api.delete', 'api.create']);
    expect(status.stdout.endsWith('daemon set "kube-proxy" successfully rolled out\n'), status.stdout + status.stderr).toBe(true);
    const after = await proxyPods();
    expect(after).toHaveLength(3);
    expect(after.filter((n: string) => before.includes(n))).toEqual([]);
    const ds = await cluster.request({ verb: 'get', resource: 'daemonsets', namespace: 'kube-system', name: 'kube-proxy' });
    expect(ds.ok && ds.object.spec.template.metadata.annotations['kubectl.kubernetes.io/restartedAt']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });
});

describe('kubectl rollout history and undo for daemon sets and stateful sets', () => {
  test('history lists the ControllerRevisions, undo restores one by its number (texts as history.go and rollback.go)', async () => {
    const { sh } = await boot();
    const ds = (args: string) => sh(`kubectl rollout ${args} -n kube-system`);
    expect((await ds('history ds/kube-proxy')).stdout).toBe('daemonset.apps/kube-proxy \nREVISION  CHANGE-CAUSE\n1         <none>\n\n');
    expect(await ds('undo ds/kube-proxy')).toMatchObject({ stderr: 'error: no last revision to roll back to\n', exitCode: 1 });
    // A change-cause on the DaemonSet is copied onto the revision its template makes.
    await sh('kubectl annotate ds/kube-proxy -n kube-system kubernetes.io/change-cause="debug logs"');
    await sh('kubectl set env ds/kube-proxy -n kube-system VERBOSE=4');
    await sh('sim advance 5s');
    expect((await ds('history daemonset/kube-proxy')).stdout).toBe('daemonset.apps/kube-proxy \nREVISION  CHANGE-CAUSE\n1         <none>\n2         debug logs\n\n');
    expect((await ds('history ds/kube-proxy --revision=2')).stdout).toContain('daemonset.apps/kube-proxy with revision #2\nPod Template:\n');
    expect((await ds('history ds/kube-proxy --revision=2')).stdout).toContain('      VERBOSE:    4\n');
    expect(await ds('history ds/kube-proxy --revision=5')).toMatchObject({ stderr: 'error: unable to find the specified revision\n', exitCode: 1 });
    const yaml = (await ds('history ds/kube-proxy --revision=1 -o yaml')).stdout;
    expect(yaml).toMatch(/^apiVersion: apps\/v1\nkind: DaemonSet\n/);
    expect(yaml).not.toContain('VERBOSE');
    // Without --revision, -o prints every revision's object in order (rollout_history.go).
    expect((await ds(`history ds/kube-proxy -o jsonpath='{.spec.template.spec.containers[0].env[*].name};'`)).stdout).toBe('NODE_NAME;NODE_NAME VERBOSE;');

    expect(await ds('undo ds/kube-proxy --to-revision=9')).toMatchObject({ stderr: 'error: unable to find specified revision 9 in history\n', exitCode: 1 });
    expect((await ds('undo ds/kube-proxy --to-revision=2')).stdout).toBe('daemonset.apps/kube-proxy skipped rollback (current template already matches revision 2)\n');
    const dry = (await ds('undo ds/kube-proxy --dry-run=client')).stdout;
    expect(dry.startsWith('daemonset.apps/kube-proxy will roll back to Pod Template:\n'), dry).toBe(true);
    expect(dry.endsWith(' (dry run)\n')).toBe(true);
    expect((await ds('undo ds/kube-proxy')).stdout).toBe('daemonset.apps/kube-proxy rolled back\n');
    await sh('sim advance 5s');
    // Revision 1 comes back as 3: the history shows 2 and 3, and the DaemonSet runs without VERBOSE.
    expect((await ds('history ds/kube-proxy')).stdout).toBe('daemonset.apps/kube-proxy \nREVISION  CHANGE-CAUSE\n2         debug logs\n3         <none>\n\n');
    expect((await sh(`kubectl get ds kube-proxy -n kube-system -o jsonpath='{.spec.template.spec.containers[0].env[*].name}'`)).stdout).toBe('NODE_NAME');
  }, 30_000);

  test('a StatefulSet without a second revision, and kinds without history', async () => {
    const { sh } = await boot();
    await sh('kubectl create -f - <<EOF\napiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: db\nspec:\n  serviceName: db\n  selector:\n    matchLabels:\n      app: db\n  template:\n    metadata:\n      labels:\n        app: db\n    spec:\n      containers:\n      - name: db\n        image: redis:7.4\nEOF');
    await sh('sim advance 2s');
    expect((await sh('kubectl rollout history sts/db')).stdout).toBe('statefulset.apps/db \nREVISION  CHANGE-CAUSE\n1         <none>\n\n');
    expect(await sh('kubectl rollout undo sts/db')).toMatchObject({ stderr: 'error: no last revision to roll back to\n', exitCode: 1 });
    expect((await sh('kubectl rollout undo sts/db --to-revision=1')).stdout).toBe('statefulset.apps/db skipped rollback (current template already matches revision 1)\n');
    expect(await sh('kubectl rollout history job/x')).toMatchObject({ exitCode: 1 });
  }, 30_000);
});
