// A StatefulSet in a running cluster: ordered start, stable identity, rolling update from the top,
// partition. upstream: pkg/controller/statefulset; the StatefulSet Basics tutorial.
import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';

/* eslint-disable @typescript-eslint/no-explicit-any */
const manifest = (image: string, extra = '') => `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: nginx
  replicas: 3
  selector:
    matchLabels:
      app: nginx
${extra}  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: ${image}
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: [ "ReadWriteOnce" ]
      resources:
        requests:
          storage: 1Gi
EOF`;

async function boot(seed: number) {
  const cluster = new Cluster({ seed, workers: 2 });
  await cluster.waitForNodesReady();
  const console = new Console(cluster);
  const out = async (line: string) => (await console.exec(line)).output;
  const pods = async () => JSON.parse(await out('kubectl get pods -l app=nginx -o json')).items as any[];
  const t = (ts: string) => Date.parse(ts);
  return { cluster, out, pods, t };
}

describe('StatefulSet in a cluster', () => {
  it('OrderedReady: each pod is created only once the one before is Running and Ready', async () => {
    const { cluster, out, pods, t } = await boot(21);
    expect(await out(manifest('registry.k8s.io/nginx-slim:0.24'))).toBe('statefulset.apps/web created\n');
    await cluster.advance(1_000);
    expect((await pods()).map((p) => p.metadata.name)).toEqual(['web-0']);
    await cluster.advance(60_000);
    const ps = await pods();
    expect(ps.map((p) => [p.metadata.name, p.status.phase, p.spec.hostname, p.spec.subdomain])).toEqual([
      ['web-0', 'Running', 'web-0', 'nginx'],
      ['web-1', 'Running', 'web-1', 'nginx'],
      ['web-2', 'Running', 'web-2', 'nginx']
    ]);
    for (let i = 1; i < 3; i++) {
      const readySince = t(ps[i - 1].status.conditions.find((c: any) => c.type === 'Ready').lastTransitionTime);
      expect(t(ps[i].metadata.creationTimestamp)).toBeGreaterThanOrEqual(readySince);
    }
    expect(await out('kubectl get pvc -o custom-columns=NAME:.metadata.name,STATUS:.status.phase --no-headers')).toBe('www-web-0   Bound\nwww-web-1   Bound\nwww-web-2   Bound\n');
    expect(await out('kubectl get sts web --no-headers')).toMatch(/^web\s+3\/3\s/);
    // The pod's claim is mounted where the template says.
    expect(ps[1].spec.volumes[0]).toEqual({ name: 'www', persistentVolumeClaim: { claimName: 'www-web-1' } });
  });

  it('RollingUpdate replaces web-2, web-1, web-0 in turn; partition holds the lower ordinals back', async () => {
    const { cluster, out, pods } = await boot(22);
    await out(manifest('registry.k8s.io/nginx-slim:0.21'));
    await cluster.advance(60_000);
    const oldRevision = JSON.parse(await out('kubectl get sts web -o json')).status.currentRevision;
    expect(oldRevision).toMatch(/^web-[0-9a-z]+$/);

    // partition 2: only web-2 moves to 0.24.
    await out(manifest('registry.k8s.io/nginx-slim:0.24', '  updateStrategy:\n    rollingUpdate:\n      partition: 2\n'));
    await cluster.advance(60_000);
    expect((await pods()).map((p) => `${p.metadata.name} ${p.spec.containers[0].image}`)).toEqual([
      'web-0 registry.k8s.io/nginx-slim:0.21',
      'web-1 registry.k8s.io/nginx-slim:0.21',
      'web-2 registry.k8s.io/nginx-slim:0.24'
    ]);
    const st = JSON.parse(await out('kubectl get sts web -o json')).status;
    expect([st.currentRevision, st.currentReplicas, st.updatedReplicas, st.updateRevision === oldRevision]).toEqual([oldRevision, 2, 1, false]);
    // A deleted pod below the partition comes back at the old revision.
    await out('kubectl delete pod web-0');
    await cluster.advance(30_000);
    expect((await pods())[0].spec.containers[0].image).toBe('registry.k8s.io/nginx-slim:0.21');

    // partition 0: the rest, from the top down.
    await out(manifest('registry.k8s.io/nginx-slim:0.24'));
    await cluster.advance(90_000);
    expect((await pods()).map((p) => p.spec.containers[0].image)).toEqual(Array(3).fill('registry.k8s.io/nginx-slim:0.24'));
    const events = JSON.parse(await out('kubectl get events --field-selector reason=SuccessfulDelete -o json')).items as any[];
    const deletes = events.sort((a, b) => Date.parse(a.lastTimestamp) - Date.parse(b.lastTimestamp)).map((e) => e.message);
    expect(deletes).toEqual(['delete Pod web-2 in StatefulSet web successful', 'delete Pod web-1 in StatefulSet web successful', 'delete Pod web-0 in StatefulSet web successful']);
    expect(await out('kubectl rollout status sts web')).toBe(`partitioned roll out complete: 3 new pods have been updated...\n`);
  }, 30_000);

  it('ControllerRevisions: one per template, reused with the next number on undo, old ones cut to revisionHistoryLimit', async () => {
    const { cluster, out, pods } = await boot(23);
    const revisions = async () =>
      (await out(`kubectl get controllerrevisions -o jsonpath='{range .items[*]}{.metadata.name}={.revision} {end}'`)).trim().split(' ').sort();
    await out(manifest('registry.k8s.io/nginx-slim:0.21', '  revisionHistoryLimit: 1\n'));
    await cluster.advance(60_000);
    const [first] = await revisions();
    const a = first.split('=')[0];
    expect(first).toMatch(/^web-[0-9a-z]+=1$/);
    await out('kubectl set image sts/web nginx=registry.k8s.io/nginx-slim:0.24');
    await cluster.advance(90_000);
    const b = (await revisions()).find((r) => r.endsWith('=2'))!.split('=')[0];
    expect(await revisions()).toEqual([`${a}=1`, `${b}=2`].sort());
    expect((await pods()).map((p) => p.metadata.labels['controller-revision-hash'])).toEqual([b, b, b]);

    expect(await out('kubectl rollout undo sts/web')).toBe('statefulset.apps/web rolled back\n');
    await cluster.advance(90_000);
    // The first revision is back, renamed nothing, renumbered 3; the pods carry its name again.
    expect(await revisions()).toEqual([`${a}=3`, `${b}=2`].sort());
    expect((await pods()).map((p) => `${p.metadata.labels['controller-revision-hash']} ${p.spec.containers[0].image}`)).toEqual(Array(3).fill(`${a} registry.k8s.io/nginx-slim:0.21`));
    const st = JSON.parse(await out('kubectl get sts web -o json')).status;
    expect([st.currentRevision, st.updateRevision, st.collisionCount]).toEqual([a, a, 0]);

    // A third template: revision 4; of the two old ones, only the newest (3) stays.
    await out('kubectl set image sts/web nginx=nginx:1.27');
    await cluster.advance(90_000);
    const after = await revisions();
    expect(after).toHaveLength(2);
    expect(after).toContain(`${a}=3`);
    expect(after.some((r) => r.endsWith('=4'))).toBe(true);
    expect(await out('kubectl rollout history sts/web')).toBe('statefulset.apps/web \nREVISION  CHANGE-CAUSE\n3         <none>\n4         <none>\n\n');
  }, 30_000);

  it('rollout restart replaces the pods from the top; a PodDisruptionBudget counts the StatefulSet scale', async () => {
    const { cluster, out, pods } = await boot(23);
    await out(manifest('registry.k8s.io/nginx-slim:0.24'));
    await out(`kubectl apply -f - <<EOF
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
spec:
  maxUnavailable: 1
  selector:
    matchLabels:
      app: nginx
EOF`);
    await cluster.advance(60_000);
    expect(await out('kubectl get pdb web --no-headers')).toMatch(/^web\s+N\/A\s+1\s+1\s/);
    expect(JSON.parse(await out('kubectl get pdb web -o json')).status).toMatchObject({ expectedPods: 3, currentHealthy: 3, desiredHealthy: 2, disruptionsAllowed: 1 });

    expect(await out('kubectl rollout restart sts web')).toBe('statefulset.apps/web restarted\n');
    await cluster.advance(90_000);
    const ps = await pods();
    expect(ps.every((p) => p.metadata.annotations?.['kubectl.kubernetes.io/restartedAt'])).toBe(true);
    const events = JSON.parse(await out('kubectl get events --field-selector reason=SuccessfulDelete -o json')).items as any[];
    expect(events.sort((a, b) => Date.parse(a.lastTimestamp) - Date.parse(b.lastTimestamp)).map((e) => e.involvedObject.name + ': ' + e.message)).toEqual([
      'web: delete Pod web-2 in StatefulSet web successful',
      'web: delete Pod web-1 in StatefulSet web successful',
      'web: delete Pod web-0 in StatefulSet web successful'
    ]);
    expect(await out('kubectl rollout pause sts web')).toBe('error: pausing is not supported\n');
  }, 30_000);

  it('Parallel starts every pod at once; OnDelete waits for the user to delete a pod', async () => {
    const { cluster, out, pods } = await boot(24);
    await out(manifest('nginx:1.25', '  podManagementPolicy: Parallel\n  updateStrategy:\n    type: OnDelete\n'));
    await cluster.advance(1_000);
    expect((await pods()).map((p) => p.metadata.name)).toEqual(['web-0', 'web-1', 'web-2']);
    await cluster.advance(40_000);
    expect(await out('kubectl set image sts/web nginx=nginx:1.27')).toBe('statefulset.apps/web image updated\n');
    await cluster.advance(30_000);
    expect((await pods()).map((p) => p.spec.containers[0].image)).toEqual(['nginx:1.25', 'nginx:1.25', 'nginx:1.25']);
    await out('kubectl delete pod web-1');
    await cluster.advance(30_000);
    expect((await pods()).map((p) => `${p.metadata.name} ${p.status.phase} ${p.spec.containers[0].image}`)).toEqual(['web-0 Running nginx:1.25', 'web-1 Running nginx:1.27', 'web-2 Running nginx:1.25']);
    expect(await out('kubectl rollout status sts web')).toBe('error: rollout status is only available for RollingUpdate strategy type\n');
  }, 30_000);
});
