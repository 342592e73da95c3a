import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../src/sim/cluster/cluster';
import { Console } from '../../../src/sim/cluster/console';

const sh = async (c: Console, script: string) => (await c.exec(script)).output;

const claimAndPod = (cls: string) => `kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  storageClassName: ${cls}
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
EOF
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  containers:
  - name: c
    image: busybox:1.36
    command: [sleep, "3600"]
  volumes:
  - name: data
    persistentVolumeClaim:
      claimName: data
EOF`;

const storageClass = (name: string, provisioner: string, mode: string) =>
  `kubectl apply -f - <<EOF\napiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: ${name}\nprovisioner: ${provisioner}\nvolumeBindingMode: ${mode}\nEOF`;

describe('VolumeBinding in the running scheduler', () => {
  it('WaitForFirstConsumer: the scheduler picks the node and annotates the claim; the volume is provisioned there', async () => {
    const cluster = new Cluster({ seed: 9, workers: 2 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    const c = new Console(cluster);
    await sh(c, storageClass('local', 'hostpath.csi.k8s.io', 'WaitForFirstConsumer'));
    await sh(c, claimAndPod('local'));
    await cluster.advance(5000);
    const node = (await sh(c, 'kubectl get pod app -o jsonpath={.spec.nodeName}')).trim();
    expect(node).toMatch(/^worker-\d$/);
    expect(await sh(c, "kubectl get pvc data -o jsonpath='{.metadata.annotations.volume\\.kubernetes\\.io/selected-node}'")).toBe(node);
    expect(await sh(c, 'kubectl get pvc data --no-headers -o custom-columns=S:.status.phase')).toBe('Bound\n');
    const pv = (await sh(c, 'kubectl get pvc data -o jsonpath={.spec.volumeName}')).trim();
    expect(await sh(c, `kubectl get pv ${pv} -o jsonpath='{.spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].values[0]}'`)).toBe(node);
    // PreBind waited for the claim to be Bound: the kubelet never saw it Pending.
    expect(await sh(c, 'kubectl get events --field-selector involvedObject.name=app,reason=FailedMount -o jsonpath={.items[*].message}')).toBe('');
    await cluster.advance(30_000);
    expect(await sh(c, 'kubectl get pod app --no-headers -o custom-columns=S:.status.phase')).toBe('Running\n');
  });

  it("an unbound Immediate claim keeps the pod Pending with upstream's message", async () => {
    const cluster = new Cluster({ seed: 9, workers: 1 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    const c = new Console(cluster);
    // A class nobody provisions for: the claim stays unbound.
    await sh(c, storageClass('manual', 'example.com/none', 'Immediate'));
    await sh(c, claimAndPod('manual'));
    await cluster.advance(3000);
    expect(await sh(c, 'kubectl get events --field-selector involvedObject.name=app,reason=FailedScheduling -o jsonpath={.items[0].message}')).toBe(
      // upstream: the preemption message ends with its own ".", then FitError adds one.
      '0/2 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling..'
    );
    expect(await sh(c, 'kubectl get pod app --no-headers -o custom-columns=S:.status.phase')).toBe('Pending\n');
  });
});
