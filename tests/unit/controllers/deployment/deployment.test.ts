import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';
import { computeHash, newRSNewReplicas, resolveFenceposts, safeEncodeString } from '../../../../src/sim/controllers/deployment/util';

const deploy = (image: string) => `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 4
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: ${image}
EOF
`;

describe('deployment helpers', () => {
  it.each([
    [4, undefined, undefined, 1, 1],
    [10, undefined, undefined, 3, 2],
    [3, 0, 0, 0, 1],
    [5, 2, '40%', 2, 2],
    [1, undefined, undefined, 1, 0]
  ])('replicas %i, surge %s, unavailable %s -> %i / %i (ResolveFenceposts)', (replicas, maxSurge, maxUnavailable, surge, unavailable) => {
    const d = { spec: { replicas, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge, maxUnavailable } } } };
    expect(resolveFenceposts(d)).toEqual({ maxSurge: surge, maxUnavailable: unavailable });
  });
  it('scales the new ReplicaSet up only within replicas + maxSurge (NewRSNewReplicas)', () => {
    const d = { spec: { replicas: 4, strategy: { type: 'RollingUpdate' } } };
    const newRS = { spec: { replicas: 0 } };
    expect(newRSNewReplicas(d, [{ spec: { replicas: 4 } }, newRS], newRS)).toBe(1);
    expect(newRSNewReplicas(d, [{ spec: { replicas: 3 } }, { spec: { replicas: 1 } }], { spec: { replicas: 1 } })).toBe(2);
    expect(newRSNewReplicas(d, [{ spec: { replicas: 0 } }, { spec: { replicas: 4 } }], { spec: { replicas: 4 } })).toBe(4);
  });
  it('hashes templates into pod-template-hash names', () => {
    // upstream: alphanums[byte % 27]: '0' is byte 48 -> index 21 -> '4'.
    expect(safeEncodeString('0123456789')).toBe('456789bcdf');
    const h = computeHash({ metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } });
    expect(h).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]{6,10}$/);
    expect(computeHash({ spec: { containers: [{ image: 'nginx', name: 'nginx' }] }, metadata: { labels: { app: 'web' } } })).toBe(h);
    expect(computeHash({ metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:2' }] } })).not.toBe(h);
  });
});

describe('Deployment controller', () => {
  it('creates a ReplicaSet <name>-<hash> whose pods run, and reports 4/4 available', async () => {
    const cluster = new Cluster({ seed: 5, workers: 2 });
    await cluster.waitForNodesReady();
    const console = new Console(cluster);
    await console.exec(deploy('nginx:1.27'));
    await cluster.advance(30_000);
    const out = (await console.exec('kubectl get deploy web --no-headers\nkubectl get rs -o name\nkubectl get events --field-selector reason=ScalingReplicaSet -o jsonpath={.items[*].message}')).output.split('\n');
    expect(out[0]).toMatch(/^web\s+4\/4\s+4\s+4\s+30s$/);
    expect(out[1]).toMatch(/^replicaset\.apps\/web-[bcdfghjklmnpqrstvwxz2456789]+$/);
    expect(out[2]).toBe(`Scaled up replica set ${out[1].replace('replicaset.apps/', '')} to 4 from 0`);
  });

  it('rolls out a new template without exceeding maxSurge or going below maxUnavailable at any instant', async () => {
    const cluster = new Cluster({ seed: 5, workers: 2 });
    await cluster.waitForNodesReady();
    const console = new Console(cluster);
    await console.exec(deploy('nginx:1.27'));
    await cluster.advance(30_000);
    await console.exec(deploy('nginx:1.25'));
    let maxPods = 0;
    let minAvailable = Infinity;
    for (let i = 0; i < 240; i++) {
      const r = await cluster.request({ verb: 'list', resource: 'pods', namespace: 'default', labelSelector: 'app=web' });
      if (!r.ok) throw new Error(r.status.message);
      // Terminating pods are on their way out: maxSurge bounds the pods the ReplicaSets keep (upstream counts replicas, not dying pods).
      const pods = r.object.items.filter((p: any) => !p.metadata.deletionTimestamp);
      maxPods = Math.max(maxPods, pods.length);
      const available = pods.filter((p: any) => (p.status.conditions ?? []).some((c: any) => c.type === 'Ready' && c.status === 'True')).length;
      minAvailable = Math.min(minAvailable, available);
      await cluster.advance(250);
    }
    // replicas 4: maxSurge 25% -> 1, maxUnavailable 25% -> 1.
    expect(maxPods).toBeLessThanOrEqual(5);
    expect(minAvailable).toBeGreaterThanOrEqual(3);
    const images = await console.exec('kubectl get pods -l app=web -o jsonpath={.items[*].spec.containers[0].image}');
    expect(images.output.split(' ').sort()).toEqual(['nginx:1.25', 'nginx:1.25', 'nginx:1.25', 'nginx:1.25']);
    const d = await console.exec("kubectl get deploy web -o jsonpath='{.metadata.annotations.deployment\\.kubernetes\\.io/revision}/{.status.updatedReplicas}/{.status.availableReplicas}'");
    expect(d.output).toBe('2/4/4');
    const rs = await console.exec('kubectl get rs --no-headers');
    expect(rs.output.split('\n').filter(Boolean).map((l) => l.split(/\s+/).slice(1, 4).join(' ')).sort()).toEqual(['0 0 0', '4 4 4']);
  });

  it('scales the current ReplicaSet when replicas change', async () => {
    const cluster = new Cluster({ seed: 6, workers: 2 });
    await cluster.waitForNodesReady();
    const console = new Console(cluster);
    await console.exec(deploy('nginx:1.27'));
    await cluster.advance(20_000);
    expect((await console.exec('kubectl scale deployment web --replicas=2')).output).toBe('deployment.apps/web scaled\n');
    await cluster.advance(45_000);
    expect((await console.exec('kubectl get deploy web --no-headers')).output).toMatch(/^web\s+2\/2\s+2\s+2\s+\d+s\n$/);
  });

  it('makes a ReplicaSet whose template comes back the newest revision (SetNewReplicaSetAnnotations)', async () => {
    const cluster = new Cluster({ seed: 5, workers: 2 });
    await cluster.waitForNodesReady();
    const console = new Console(cluster);
    await console.exec(deploy('nginx:1.27'));
    await cluster.advance(30_000);
    await console.exec(deploy('nginx:1.25'));
    await cluster.advance(60_000);
    await console.exec(deploy('nginx:1.27'));
    await cluster.advance(60_000);
    const list = async (resource: string) => {
      const r = await cluster.request({ verb: 'list', resource, namespace: 'default' });
      if (!r.ok) throw new Error(r.status.message);
      return r.object.items;
    };
    const revs = (await list('replicasets')).map((rs: any) => `${rs.spec.template.spec.containers[0].image}=${rs.metadata.annotations['deployment.kubernetes.io/revision']}`).sort();
    expect(revs).toEqual(['nginx:1.25=2', 'nginx:1.27=3']);
    expect((await list('deployments'))[0].metadata.annotations['deployment.kubernetes.io/revision']).toBe('3');
    expect((await console.exec('kubectl get deploy web --no-headers')).output).toMatch(/^web\s+4\/4\s+4\s+4\s+\S+\n$/);
  });

  it('reports ProgressDeadlineExceeded when a rollout makes no progress for progressDeadlineSeconds (syncRolloutStatus)', async () => {
    const cluster = new Cluster({ seed: 8, workers: 2 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    const con = new Console(cluster);
    const conditions = async () => (await con.exec(`kubectl get deploy web -o 'jsonpath={range .status.conditions[*]}{.type}={.status}/{.reason}: {.message}{"\\n"}{end}'`)).output;
    await con.exec(deploy('nginx:1.25') + 'sim advance 20s');
    const first = await conditions();
    expect(first).toMatch(/^Available=True\/MinimumReplicasAvailable: Deployment has minimum availability\.\nProgressing=True\/NewReplicaSetAvailable: ReplicaSet "web-\w+" has successfully progressed\.\n$/);
    await con.exec(`kubectl patch deployment web -p '{"spec":{"progressDeadlineSeconds":30}}'`);
    await con.exec('kubectl set image deployment/web nginx=nginx:doesnotexist');
    await con.exec('sim advance 20s');
    expect(await conditions()).toMatch(/Progressing=True\/ReplicaSetUpdated: ReplicaSet "web-\w+" is progressing\./);
    await con.exec('sim advance 30s');
    expect(await conditions()).toMatch(/Progressing=False\/ProgressDeadlineExceeded: ReplicaSet "web-\w+" has timed out progressing\./);
    const status = await con.exec('kubectl rollout status deployment/web');
    expect(status.output).toContain('error: deployment "web" exceeded its progress deadline');
    expect(status.exitCode).toBe(1);
  });
});
