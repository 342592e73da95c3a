import { describe, expect, it } from 'vitest';
import { PlaygroundService } from '../bridge/playground-service';
import { applyChanges } from '../bridge/deltas';
import { exportManifests, exportedObjects, kindConfig } from './export';

const SETUP = `kubectl create namespace shop
kubectl create configmap site --from-literal=greeting=hello -n shop
kubectl create deployment web --image=nginx:1.27 --replicas=2 -n shop
kubectl expose deployment web --port=80 -n shop
kubectl run solo --image=busybox -- sleep 3600
kubectl create job once --image=busybox -n shop -- echo done
kubectl create cronjob nightly --image=busybox --schedule='0 3 * * *' -n shop -- date
kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
EOF`;

async function playground() {
  const service = new PlaygroundService();
  await service.boot({ seed: 3, workers: 3 });
  await service.exec(SETUP);
  await service.advance(30_000);
  return { service, resources: applyChanges(new Map(), service.live.snapshot()) };
}

describe('export to a real cluster', () => {
  it('exports the user’s objects, in apply order, without server fields, controllers’ children or built-ins', async () => {
    const { resources } = await playground();
    const objects = exportedObjects(resources);
    expect(objects.map((o) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`)).toEqual([
      'Namespace//shop',
      'ConfigMap/shop/site',
      'PersistentVolumeClaim/default/data',
      'Service/shop/web',
      'Deployment/shop/web',
      'CronJob/shop/nightly',
      'Job/shop/once',
      'Pod/default/solo'
    ]);
    const yaml = exportManifests(resources);
    for (const server of ['controller-uid', 'job-name', 'selector:\n      batch', 'uid:', 'resourceVersion:', 'creationTimestamp:', 'status:', 'clusterIP:', 'kube-api-access-', 'nodeName:', 'volumeName:', 'managedFields', 'deployment.kubernetes.io/revision']) expect(yaml, server).not.toContain(server);
    expect(yaml).toContain('image: nginx:1.27');
    expect(yaml.match(/^---$/gm)).toHaveLength(8);
  }, 60_000);

  it('applies cleanly to a fresh cluster, which then runs the same workloads', async () => {
    const { resources } = await playground();
    const yaml = exportManifests(resources);
    const fresh = new PlaygroundService();
    await fresh.boot({ seed: 9, workers: 2 });
    const applied = await fresh.exec(`kubectl apply -f - <<'EOF'\n${yaml}EOF`);
    expect(applied.exitCode).toBe(0);
    expect(applied.output).toBe(
      ['namespace/shop created', 'configmap/site created', 'persistentvolumeclaim/data created', 'service/web created', 'deployment.apps/web created', 'cronjob.batch/nightly created', 'job.batch/once created', 'pod/solo created', ''].join('\n')
    );
    await fresh.advance(30_000);
    expect((await fresh.exec('kubectl get deployment web -n shop --no-headers')).output).toMatch(/^web\s+2\/2\s+2\s+2\s/);
    expect((await fresh.exec('kubectl get job once -n shop --no-headers')).output).toMatch(/^once\s+Complete\s+1\/1\s/);
  }, 60_000);

  it('writes a kind config with one control plane and a worker per node', async () => {
    const { resources } = await playground();
    expect(kindConfig(resources)).toBe(
      [
        "# A kind cluster with the playground's nodes: kind create cluster --config kind.yaml",
        'kind: Cluster',
        'apiVersion: kind.x-k8s.io/v1alpha4',
        'nodes:',
        '- role: control-plane  # control-plane: 4 CPU, 8Gi memory, 110 pods in kubarium',
        '- role: worker  # worker-1: 4 CPU, 8Gi memory, 110 pods in kubarium',
        '- role: worker  # worker-2: 4 CPU, 8Gi memory, 110 pods in kubarium',
        '- role: worker  # worker-3: 4 CPU, 8Gi memory, 110 pods in kubarium',
        ''
      ].join('\n')
    );
  }, 60_000);
});
