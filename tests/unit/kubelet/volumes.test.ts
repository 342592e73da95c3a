import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Cluster } from '../../../src/sim/cluster/cluster';
import { Console } from '../../../src/sim/cluster/console';
import { DEFAULT_STORAGE_CLASS } from '../../../src/sim/cluster/addons';
import { POD_ATTACH_AND_MOUNT_TIMEOUT_MS } from '../../../src/sim/kubelet/volumemanager/volume-manager';
import { SYNC_ERROR_BACKOFF_MS } from '../../../src/sim/kubelet/kubelet-pods';
import { MAX_DURATION_BEFORE_RETRY_MS } from '../../../src/sim/kubelet/volumemanager/reconciler/reconciler';

/* eslint-disable @typescript-eslint/no-explicit-any */

const KINDS = ['csi.NodeStageVolume', 'csi.NodePublishVolume', 'cri.RunPodSandbox', 'cni.ADD', 'cri.PullImage', 'cri.CreateContainer', 'cri.StartContainer'];

async function boot(seed = 3) {
  const cluster = new Cluster({ seed, workers: 2 });
  expect(await cluster.waitForNodesReady()).toBe(true);
  const console = new Console(cluster);
  // The add-ons create the default StorageClass at boot, as kind does.
  const sc = await cluster.request({ verb: 'get', resource: 'storageclasses', name: DEFAULT_STORAGE_CLASS.metadata.name });
  expect(sc.ok).toBe(true);
  return { cluster, console };
}

async function sh(console: Console, script: string): Promise<string> {
  const r = await console.exec(script);
  return r.output;
}

async function traceKinds(console: Console, pod: string): Promise<string[]> {
  const out = await sh(console, `sim trace --pod default/${pod} -o json`);
  const events: any[] = out.trim().startsWith('[')
    ? JSON.parse(out)
    : out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
  return events.filter((e) => KINDS.includes(e.kind) && (e.phase === 'call' || e.kind === 'cni.ADD')).map((e) => e.kind);
}

async function events(console: Console, name: string): Promise<any[]> {
  return JSON.parse(await sh(console, `kubectl get events --field-selector involvedObject.name=${name} -o json`)).items;
}

const podWith = (name: string, volumes: string, mounts: string) => `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  nodeName: worker-1
  containers:
  - name: app
    image: nginx:1.27
    volumeMounts:
${mounts}
  volumes:
${volumes}
EOF`;

describe('kubelet volumes: mounted before the sandbox', () => {
  it('mounts a ConfigMap and a dynamically provisioned CSI PVC, then runs the sandbox and containers', async () => {
    const { cluster, console } = await boot();
    await sh(
      console,
      `kubectl create configmap app-config --from-literal=a=1
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
EOF`
    );
    await cluster.advance(2_000);
    const pvc = JSON.parse(await sh(console, 'kubectl get pvc data -o json'));
    expect(pvc.spec.storageClassName).toBe('standard');
    expect(pvc.status.phase).toBe('Bound');
    expect(pvc.spec.volumeName).toBe(`pvc-${pvc.metadata.uid}`);
    await sh(
      console,
      podWith(
        'app',
        `  - name: config
    configMap:
      name: app-config
  - name: data
    persistentVolumeClaim:
      claimName: data`,
        `    - name: config
      mountPath: /etc/config
    - name: data
      mountPath: /data`
      )
    );
    await cluster.advance(20_000);
    expect(await sh(console, 'kubectl get pod app --no-headers')).toMatch(/^app\s+1\/1\s+Running/);
    expect(await traceKinds(console, 'app')).toEqual(KINDS);
    const stage = cluster.conductor.trace.list({ kind: 'csi.NodeStageVolume', pod: 'default/app' })[0] as any;
    expect(stage).toMatchObject({ node: 'worker-1', phase: 'call', volumeId: pvc.metadata.uid });

    // Deleted: the CSI volume is unpublished then unstaged, after the containers are gone.
    await sh(console, 'kubectl delete pod app --wait=false');
    await cluster.advance(40_000);
    const teardown = cluster.conductor.trace
      .list({ pod: 'default/app' })
      .filter((e: any) => e.phase === 'call' && ['cri.StopContainer', 'cri.RemovePodSandbox', 'csi.NodeUnpublishVolume', 'csi.NodeUnstageVolume'].includes(e.kind))
      .map((e) => e.kind);
    expect(teardown).toEqual(['cri.StopContainer', 'cri.RemovePodSandbox', 'csi.NodeUnpublishVolume', 'csi.NodeUnstageVolume']);
    expect(await sh(console, 'kubectl get pods')).toMatch(/No resources found/);
  }, 60_000);

  it('keeps a pod whose ConfigMap is missing in ContainerCreating with FailedMount, and runs it once the ConfigMap exists', async () => {
    const { cluster, console } = await boot(4);
    await sh(console, podWith('web', `  - name: config\n    configMap:\n      name: app-config`, `    - name: config\n      mountPath: /etc/config`));
    await cluster.advance(10_000);
    expect(await sh(console, 'kubectl get pod web --no-headers')).toMatch(/^web\s+0\/1\s+ContainerCreating/);
    const evs = await events(console, 'web');
    const failed = evs.filter((e) => e.reason === 'FailedMount');
    expect(failed[0]).toMatchObject({
      type: 'Warning',
      message: 'MountVolume.SetUp failed for volume "config" : configmap "app-config" not found',
      source: { component: 'kubelet', host: 'worker-1' }
    });
    expect(failed[0].count).toBeGreaterThan(1);
    expect(cluster.conductor.trace.list({ kind: 'cri.RunPodSandbox', pod: 'default/web' })).toHaveLength(0);

    // The wait times out (2m3s): "Unable to attach or mount volumes", upstream's wording.
    await cluster.advance(POD_ATTACH_AND_MOUNT_TIMEOUT_MS);
    const unable = (await events(console, 'web')).find((e) => e.message.startsWith('Unable to attach'));
    expect(unable).toMatchObject({
      type: 'Warning',
      reason: 'FailedMount',
      message: 'Unable to attach or mount volumes: unmounted volumes=[config], unattached volumes=[], failed to process volumes=[]: context deadline exceeded'
    });
    expect(await sh(console, 'kubectl get pod web --no-headers')).toMatch(/ContainerCreating/);

    await sh(console, 'kubectl create configmap app-config --from-literal=k=v');
    const created = cluster.now;
    // One retry period: the mount back-off (at most 2m2s) plus the sync back-off after a timed-out wait.
    await cluster.advance(MAX_DURATION_BEFORE_RETRY_MS + SYNC_ERROR_BACKOFF_MS + 10_000);
    expect(await sh(console, 'kubectl get pod web --no-headers')).toMatch(/^web\s+1\/1\s+Running/);
    const sandbox = cluster.conductor.trace.list({ kind: 'cri.RunPodSandbox', pod: 'default/web' })[0];
    expect(sandbox.t).toBeGreaterThan(created);
    expect(sandbox.t - created).toBeLessThanOrEqual(MAX_DURATION_BEFORE_RETRY_MS + SYNC_ERROR_BACKOFF_MS);
  }, 60_000);

  it('tolerates a missing optional ConfigMap or Secret, and still starts a pod with only the service-account token at once', async () => {
    const { cluster, console } = await boot(5);
    await sh(
      console,
      podWith(
        'opt',
        `  - name: config\n    configMap:\n      name: nope\n      optional: true\n  - name: creds\n    secret:\n      secretName: nope\n      optional: true\n  - name: scratch\n    emptyDir: {}`,
        `    - name: config\n      mountPath: /etc/config\n    - name: creds\n      mountPath: /etc/creds\n    - name: scratch\n      mountPath: /tmp`
      )
    );
    await cluster.advance(15_000);
    expect(await sh(console, 'kubectl get pod opt --no-headers')).toMatch(/^opt\s+1\/1\s+Running/);
    expect((await events(console, 'opt')).filter((e) => e.reason === 'FailedMount')).toHaveLength(0);
  }, 60_000);

  it('reports an unbound claim as a volume it failed to process, and a missing Secret by name', async () => {
    const { cluster, console } = await boot(6);
    await sh(
      console,
      `kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: slow
spec:
  storageClassName: manual
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
EOF`
    );
    await sh(
      console,
      podWith('p', `  - name: data\n    persistentVolumeClaim:\n      claimName: slow\n  - name: creds\n    secret:\n      secretName: db`, `    - name: data\n      mountPath: /data`)
    );
    await cluster.advance(5_000);
    const msgs = (await events(console, 'p')).filter((e) => e.reason === 'FailedMount').map((e) => e.message);
    expect(msgs).toContain(
      'Unable to attach or mount volumes: unmounted volumes=[creds data], unattached volumes=[], failed to process volumes=[data]: error processing PVC default/slow: PVC default/slow has non-bound phase ("Pending") or empty pvc.Spec.VolumeName ("")'
    );
    expect(msgs).toContain('MountVolume.SetUp failed for volume "creds" : secret "db" not found');
    expect(await sh(console, 'kubectl get pod p --no-headers')).toMatch(/ContainerCreating/);
    // Deleting the waiting pod ends the wait: it goes at once.
    await sh(console, 'kubectl delete pod p --wait=false');
    await cluster.advance(5_000);
    expect(await sh(console, 'kubectl get pods')).toMatch(/No resources found/);
  }, 60_000);

  it("runs the docs' pv-pod on the docs' hostPath PV and claim (storageClassName manual)", async () => {
    const { cluster, console } = await boot(7);
    await sh(
      console,
      `kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolume
metadata:
  name: task-pv-volume
  labels:
    type: local
spec:
  storageClassName: manual
  capacity:
    storage: 10Gi
  accessModes:
    - ReadWriteOnce
  hostPath:
    path: "/mnt/data"
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: task-pv-claim
spec:
  storageClassName: manual
  accessModes:
    - ReadWriteOnce
  resources:
    requests:
      storage: 3Gi
EOF`
    );
    await cluster.advance(2_000);
    expect(await sh(console, 'kubectl get pvc')).toMatch(/^NAME\s+STATUS\s+VOLUME\s+CAPACITY\s+ACCESS MODES\s+STORAGECLASS.*\ntask-pv-claim\s+Bound\s+task-pv-volume\s+10Gi\s+RWO\s+manual/);
    expect(await sh(console, 'kubectl get pv task-pv-volume')).toMatch(/task-pv-volume\s+10Gi\s+RWO\s+Retain\s+Bound\s+default\/task-pv-claim\s+manual/);
    const yaml = readFileSync('/work/shared/examples/kubernetes-website/pv-pod.yaml', 'utf8');
    await sh(console, `kubectl apply -f - <<EOF\n${yaml.trim()}\nEOF`);
    await cluster.advance(30_000);
    expect(await sh(console, 'kubectl get pod task-pv-pod --no-headers')).toMatch(/^task-pv-pod\s+1\/1\s+Running/);
    // A hostPath PV: no CSI calls.
    expect(cluster.conductor.trace.list({ kind: 'csi', pod: 'default/task-pv-pod' })).toHaveLength(0);
  }, 60_000);
});
