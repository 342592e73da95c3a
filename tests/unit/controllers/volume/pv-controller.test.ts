import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';
import { DEFAULT_STORAGE_CLASS } from '../../../../src/sim/cluster/addons';
import { findBestMatch } from '../../../../src/sim/controllers/volume/pv-controller';

/* eslint-disable @typescript-eslint/no-explicit-any */

async function boot(seed = 21, withDefaultClass = true) {
  const cluster = new Cluster({ seed, workers: 1 });
  expect(await cluster.waitForNodesReady()).toBe(true);
  // The add-ons create the default class `standard` at boot; some cases need a cluster without it.
  expect((await cluster.request({ verb: 'get', resource: 'storageclasses', name: DEFAULT_STORAGE_CLASS.metadata.name })).ok).toBe(true);
  if (!withDefaultClass) expect((await cluster.request({ verb: 'delete', resource: 'storageclasses', name: DEFAULT_STORAGE_CLASS.metadata.name })).ok).toBe(true);
  return { cluster, console: new Console(cluster) };
}

const sh = async (c: Console, script: string) => (await c.exec(script)).output;

const pvc = (name: string, extra = '', size = '1Gi') => `kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: ${name}
spec:
${extra}  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: ${size}
EOF`;

const pv = (name: string, size: string, cls: string, modes = '[ReadWriteOnce]') => `kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolume
metadata:
  name: ${name}
spec:
  storageClassName: ${cls}
  capacity:
    storage: ${size}
  accessModes: ${modes}
  hostPath:
    path: /mnt/${name}
EOF`;

describe('default StorageClass', () => {
  it('is standard, default, hostpath.csi.k8s.io, Immediate, Delete', () => {
    expect(DEFAULT_STORAGE_CLASS).toMatchObject({
      metadata: { name: 'standard', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
      provisioner: 'hostpath.csi.k8s.io',
      volumeBindingMode: 'Immediate',
      reclaimPolicy: 'Delete'
    });
  });

  it('is set on a claim without storageClassName (DefaultStorageClass admission), not on one with "" or a class', async () => {
    const { console } = await boot(22);
    await sh(console, pvc('a') + '\n' + pvc('b', '  storageClassName: ""\n') + '\n' + pvc('c', '  storageClassName: manual\n'));
    const classes = JSON.parse(await sh(console, 'kubectl get pvc -o json')).items.map((c: any) => `${c.metadata.name}=${c.spec.storageClassName}`);
    expect(classes).toEqual(['a=standard', 'b=', 'c=manual']);
  });

  it('leaves storageClassName unset without a default class', async () => {
    const { console } = await boot(23, false);
    await sh(console, pvc('a'));
    expect(JSON.parse(await sh(console, 'kubectl get pvc a -o json')).spec.storageClassName).toBeUndefined();
  });
});

describe('PersistentVolume controller and hostpath provisioner', () => {
  it('provisions pvc-<uid> for a claim of the default class and binds both, with upstream events', async () => {
    const { cluster, console } = await boot();
    await sh(console, pvc('data', '', '2Gi'));
    await cluster.advance(3_000);
    const claim = JSON.parse(await sh(console, 'kubectl get pvc data -o json'));
    const name = `pvc-${claim.metadata.uid}`;
    expect(claim.spec.volumeName).toBe(name);
    expect(claim.status).toMatchObject({ phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '2Gi' } });
    expect(claim.metadata.annotations).toMatchObject({ 'volume.kubernetes.io/storage-provisioner': 'hostpath.csi.k8s.io', 'pv.kubernetes.io/bind-completed': 'yes' });
    const vol = JSON.parse(await sh(console, `kubectl get pv ${name} -o json`));
    expect(vol.spec).toMatchObject({
      capacity: { storage: '2Gi' },
      csi: { driver: 'hostpath.csi.k8s.io', volumeHandle: claim.metadata.uid },
      claimRef: { namespace: 'default', name: 'data', uid: claim.metadata.uid },
      persistentVolumeReclaimPolicy: 'Delete',
      storageClassName: 'standard'
    });
    expect(vol.status.phase).toBe('Bound');
    expect(vol.metadata.annotations['pv.kubernetes.io/provisioned-by']).toBe('hostpath.csi.k8s.io');
    expect(await sh(console, 'kubectl get pvc')).toMatch(new RegExp(`\\ndata\\s+Bound\\s+${name}\\s+2Gi\\s+RWO\\s+standard`));
    const evs = JSON.parse(await sh(console, 'kubectl get events --field-selector involvedObject.name=data -o json')).items;
    expect(evs.map((e: any) => e.reason)).toEqual(['ExternalProvisioning', 'Provisioning', 'ProvisioningSucceeded']);
    expect(evs[0].message).toBe(
      "Waiting for a volume to be created either by the external provisioner 'hostpath.csi.k8s.io' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered."
    );
    expect(evs[1].message).toBe('External provisioner is provisioning volume for claim "default/data"');
    expect(evs[2].message).toBe(`Successfully provisioned volume ${name}`);
  });

  it('binds a static claim to the smallest fitting PV of its class and access modes', async () => {
    const { cluster, console } = await boot(24);
    await sh(console, [pv('big', '10Gi', 'manual'), pv('small', '1Gi', 'manual'), pv('mid', '5Gi', 'manual'), pv('other', '3Gi', 'fast'), pv('rox', '3Gi', 'manual', '[ReadOnlyMany]')].join('\n'));
    await cluster.advance(1_000);
    expect(await sh(console, 'kubectl get pv mid --no-headers')).toMatch(/^mid\s+5Gi\s+RWO\s+Retain\s+Available\s/);
    await sh(console, pvc('claim', '  storageClassName: manual\n', '3Gi'));
    await cluster.advance(2_000);
    expect(await sh(console, 'kubectl get pvc claim --no-headers')).toMatch(/^claim\s+Bound\s+mid\s+5Gi\s+RWO\s+manual/);
    expect(await sh(console, 'kubectl get pv mid --no-headers')).toMatch(/^mid\s+5Gi\s+RWO\s+Retain\s+Bound\s+default\/claim\s+manual/);
    // No PV fits and no such class: the claim stays Pending.
    await sh(console, pvc('huge', '  storageClassName: manual\n', '100Gi'));
    await cluster.advance(2_000);
    expect(await sh(console, 'kubectl get pvc huge --no-headers')).toMatch(/^huge\s+Pending/);
  });

  it('findBestMatch: class, modes, capacity, pre-bound first', () => {
    const claim = { metadata: { namespace: 'default', name: 'c', uid: 'u1' }, spec: { storageClassName: 'manual', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '2Gi' } } } };
    const mk = (name: string, storage: string, extra: any = {}) => ({ metadata: { name }, spec: { storageClassName: 'manual', accessModes: ['ReadWriteOnce'], capacity: { storage }, ...extra }, status: { phase: 'Available' } });
    expect(findBestMatch(claim, [mk('a', '1Gi'), mk('b', '4Gi'), mk('c', '3Gi')])?.metadata.name).toBe('c');
    expect(findBestMatch(claim, [mk('a', '4Gi'), mk('b', '10Gi', { claimRef: { namespace: 'default', name: 'c' } })])?.metadata.name).toBe('b');
    expect(findBestMatch(claim, [mk('a', '4Gi', { claimRef: { namespace: 'default', name: 'other' } }), mk('b', '4Gi', { storageClassName: '' })])).toBeUndefined();
  });
});

const podWithClaim = (name: string, claim: string) => `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  containers:
  - name: c
    image: busybox:1.36
    command: [sleep, "3600"]
    volumeMounts:
    - name: data
      mountPath: /data
  volumes:
  - name: data
    persistentVolumeClaim:
      claimName: ${claim}
EOF`;

describe('storage object in use protection', () => {
  it('gives claims and volumes their protection finalizers at create', async () => {
    const { console: c } = await boot();
    await sh(c, pvc('data') + '\n' + pv('static', '1Gi', 'manual'));
    expect(await sh(c, 'kubectl get pvc data -o jsonpath={.metadata.finalizers}')).toBe('["kubernetes.io/pvc-protection"]');
    expect(await sh(c, 'kubectl get pv static -o jsonpath={.metadata.finalizers}')).toBe('["kubernetes.io/pv-protection"]');
  });

  it('keeps a claim Terminating while a running pod uses it; deleting the pod lets it go, and its Delete volume is deleted by the provisioner', async () => {
    const { cluster, console: c } = await boot();
    await sh(c, pvc('data') + '\n' + podWithClaim('app', 'data') + '\nsim advance 20s');
    expect(await sh(c, 'kubectl get pod app --no-headers')).toMatch(/^app\s+1\/1\s+Running\s/);
    const volume = (await sh(c, 'kubectl get pvc data -o jsonpath={.spec.volumeName}')).trim();
    expect(volume).toMatch(/^pvc-[0-9a-f-]{36}$/);
    expect(await sh(c, 'kubectl delete pvc data --wait=false')).toBe('persistentvolumeclaim "data" deleted\n');
    await cluster.advance(5_000);
    expect(await sh(c, 'kubectl get pvc data --no-headers')).toMatch(/^data\s+Terminating\s+pvc-/);
    expect(await sh(c, `kubectl get pv ${volume} --no-headers -o custom-columns=S:.status.phase`)).toBe('Bound\n');
    await sh(c, 'kubectl delete pod app --grace-period=1');
    await cluster.advance(5_000);
    expect(await sh(c, 'kubectl get pvc data')).toBe('Error from server (NotFound): persistentvolumeclaims "data" not found\n');
    // Released, then the provisioner deletes the volume it made (reclaimPolicy Delete).
    expect((await c.exec(`kubectl get pv ${volume}`)).output).toBe(`Error from server (NotFound): persistentvolumes "${volume}" not found\n`);
  });

  it('keeps a Retain volume Released when its claim goes', async () => {
    const { cluster, console: c } = await boot();
    await sh(c, `kubectl apply -f - <<EOF
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: keep
provisioner: hostpath.csi.k8s.io
reclaimPolicy: Retain
EOF`);
    await sh(c, pvc('data', '  storageClassName: keep\n') + '\nsim advance 5s');
    const volume = (await sh(c, 'kubectl get pvc data -o jsonpath={.spec.volumeName}')).trim();
    await sh(c, 'kubectl delete pvc data');
    await cluster.advance(10_000);
    expect(await sh(c, `kubectl get pv ${volume} --no-headers -o custom-columns=S:.status.phase,P:.spec.persistentVolumeReclaimPolicy`)).toBe('Released   Retain\n');
  });
});

describe('WaitForFirstConsumer', () => {
  const wffc = `kubectl apply -f - <<EOF
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: local
provisioner: hostpath.csi.k8s.io
volumeBindingMode: WaitForFirstConsumer
EOF`;

  it('waits for a consumer, then for its pod to be scheduled; provisions on the selected node', async () => {
    const { cluster, console: c } = await boot();
    await sh(c, wffc + '\n' + pvc('data', '  storageClassName: local\n') + '\nsim advance 2s');
    expect(await sh(c, 'kubectl get pvc data --no-headers -o custom-columns=S:.status.phase')).toBe('Pending\n');
    expect(await sh(c, 'kubectl get events --field-selector involvedObject.name=data -o jsonpath={.items[*].message}')).toBe('waiting for first consumer to be created before binding');
    // A pod that cannot be scheduled yet (nodeSelector matches nothing): WaitForPodScheduled.
    await sh(c, `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  nodeSelector: {disk: ssd}
  containers:
  - name: c
    image: busybox:1.36
    command: [sleep, "3600"]
  volumes:
  - name: data
    persistentVolumeClaim:
      claimName: data
EOF`);
    await cluster.advance(2_000);
    expect(await sh(c, 'kubectl get events --field-selector involvedObject.name=data,reason=WaitForPodScheduled -o jsonpath={.items[*].message}')).toBe('waiting for pod default/app to be scheduled');
    // The scheduler's VolumeBinding plugin picks the node; here the annotation stands in for it.
    await sh(c, 'kubectl annotate pvc data volume.kubernetes.io/selected-node=worker-1');
    await cluster.advance(2_000);
    expect(await sh(c, 'kubectl get pvc data --no-headers -o custom-columns=S:.status.phase')).toBe('Bound\n');
    const volume = (await sh(c, 'kubectl get pvc data -o jsonpath={.spec.volumeName}')).trim();
    expect(await sh(c, `kubectl get pv ${volume} -o jsonpath='{.spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].values[0]}'`)).toBe('worker-1');
  });

  it('does not bind a static PV to a waiting claim before a node is chosen (delayBinding)', () => {
    const claim = { metadata: { namespace: 'default', name: 'c', uid: 'u' }, spec: { storageClassName: 'local', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } };
    const free = { metadata: { name: 'free' }, spec: { storageClassName: 'local', accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' } }, status: { phase: 'Available' } };
    const prebound = { ...free, metadata: { name: 'pre' }, spec: { ...free.spec, claimRef: { namespace: 'default', name: 'c' } } };
    expect(findBestMatch(claim, [free], true)).toBeUndefined();
    expect(findBestMatch(claim, [free], false)?.metadata.name).toBe('free');
    expect(findBestMatch(claim, [free, prebound], true)?.metadata.name).toBe('pre');
  });
});
