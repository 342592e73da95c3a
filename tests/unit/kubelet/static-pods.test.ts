import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../src/sim/cluster/cluster';
import { Console } from '../../../src/sim/cluster/console';
import { configHash, FileSourceWatcher, filesIn, rfc3339Nano, staticPodFromManifest } from '../../../src/sim/kubelet/config/file';
import { kubeadmStaticPods } from '../../../src/sim/cluster/kubeadm-manifests';

/* eslint-disable @typescript-eslint/no-explicit-any */

const STATIC_WEB = `apiVersion: v1
kind: Pod
metadata:
  name: static-web
  labels:
    role: myrole
spec:
  containers:
    - name: web
      image: nginx
      ports:
        - name: web
          containerPort: 80
          protocol: TCP
`;

async function boot(seed = 1) {
  const cluster = new Cluster({ seed, workers: 2 });
  expect(await cluster.waitForNodesReady()).toBe(true);
  return cluster;
}

async function getPod(cluster: Cluster, namespace: string, name: string): Promise<any> {
  const r = await cluster.request({ verb: 'get', resource: 'pods', namespace, name });
  return r.ok ? r.object : undefined;
}

const CONTROL_PLANE = ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler'];

describe('the file source (pure)', () => {
  it('turns a manifest into a static pod: <name>-<node>, default namespace, nodeName, hash = uid, source and seen annotations', () => {
    const r = staticPodFromManifest(STATIC_WEB, '/etc/kubernetes/manifests/static-web.yaml', 'worker-1', 1_500);
    expect(r.ok).toBe(true);
    const pod = (r as any).pod;
    expect(pod.metadata.name).toBe('static-web-worker-1');
    expect(pod.metadata.namespace).toBe('default');
    expect(pod.spec.nodeName).toBe('worker-1');
    expect(pod.metadata.uid).toMatch(/^[0-9a-f]{32}$/);
    expect(pod.metadata.annotations['kubernetes.io/config.hash']).toBe(pod.metadata.uid);
    expect(pod.metadata.annotations['kubernetes.io/config.source']).toBe('file');
    expect(pod.metadata.annotations['kubernetes.io/config.seen']).toBe('2025-01-01T00:00:01.5Z');
    expect(pod.metadata.labels).toEqual({ role: 'myrole' });
    // defaulted as the kubelet's decoder does
    expect(pod.spec.restartPolicy).toBe('Always');
    expect(pod.status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' });
  });

  it('hashes the manifest with its host and file: another node or another text is another pod', () => {
    const a = (staticPodFromManifest(STATIC_WEB, '/m/a.yaml', 'worker-1', 0) as any).pod.metadata.uid;
    const b = (staticPodFromManifest(STATIC_WEB, '/m/a.yaml', 'worker-2', 0) as any).pod.metadata.uid;
    const c = (staticPodFromManifest(STATIC_WEB.replace('nginx', 'nginx:1.27'), '/m/a.yaml', 'worker-1', 0) as any).pod.metadata.uid;
    const again = (staticPodFromManifest(STATIC_WEB, '/m/a.yaml', 'worker-1', 99_000) as any).pod.metadata.uid;
    expect(new Set([a, b, c]).size).toBe(3);
    expect(again).toBe(a);
    expect(configHash('x')).not.toBe(configHash('y'));
  });

  it('rejects what is not one valid Pod', () => {
    expect(staticPodFromManifest('kind: Service\nmetadata: {name: x}\n', '/m/x', 'n', 0)).toEqual({ ok: false, error: 'invalid pod: kind "Service" is not Pod' });
    expect(staticPodFromManifest('kind: Pod\nspec: {containers: [{name: a, image: b}]}\n', '/m/x', 'n', 0).ok).toBe(false);
    expect(staticPodFromManifest('kind: Pod\nmetadata: {name: x}\n', '/m/x', 'n', 0).ok).toBe(false);
    expect(staticPodFromManifest('kind: [\n', '/m/x', 'n', 0).ok).toBe(false);
    expect(staticPodFromManifest('', '/m/x', 'n', 0).ok).toBe(false);
  });

  it('reads only the files directly in the directory, skips dot files, and rescans on its period', () => {
    const files = new Map<string, string>([
      ['/etc/kubernetes/manifests/b.yaml', STATIC_WEB.replace('static-web', 'b')],
      ['/etc/kubernetes/manifests/a.yaml', STATIC_WEB.replace('static-web', 'a')],
      ['/etc/kubernetes/manifests/.hidden.yaml', STATIC_WEB.replace('static-web', 'hidden')],
      ['/etc/kubernetes/manifests/sub/c.yaml', STATIC_WEB.replace('static-web', 'c')],
      ['/etc/kubernetes/manifests/bad.yaml', 'kind: Pod\n'],
      ['/etc/other/d.yaml', STATIC_WEB.replace('static-web', 'd')]
    ]);
    expect(filesIn(files, '/etc/kubernetes/manifests').map((f) => f.name)).toEqual(['.hidden.yaml', 'a.yaml', 'b.yaml', 'bad.yaml']);
    const timers: { at: number; fn: () => void }[] = [];
    let now = 0;
    const sets: string[][] = [];
    const errors: string[] = [];
    const w = new FileSourceWatcher({
      files, dir: '/etc/kubernetes/manifests', nodeName: 'n1', periodMs: 20_000, now: () => now,
      after: (ms, fn) => timers.push({ at: now + ms, fn }), cancel: () => {},
      onPods: (pods) => sets.push(pods.map((p) => p.metadata.name)), onError: (path) => errors.push(path)
    });
    w.start();
    expect(sets).toEqual([['a-n1', 'b-n1']]);
    expect(errors).toEqual(['/etc/kubernetes/manifests/bad.yaml']);
    const seenA = '2025-01-01T00:00:00Z';
    files.delete('/etc/kubernetes/manifests/b.yaml');
    now = 20_000;
    const pods: any[][] = [];
    (w as any).deps.onPods = (p: any[]) => pods.push(p);
    timers.shift()!.fn();
    expect(pods[0].map((p) => p.metadata.name)).toEqual(['a-n1']);
    // an unchanged file keeps the pod (and its first-seen time)
    expect(pods[0][0].metadata.annotations['kubernetes.io/config.seen']).toBe(seenA);
    expect(errors).toEqual(['/etc/kubernetes/manifests/bad.yaml']);
    expect(timers[0].at).toBe(40_000);
  });

  it('formats config.seen as Go RFC3339Nano', () => {
    expect(rfc3339Nano(0)).toBe('2025-01-01T00:00:00Z');
    expect(rfc3339Nano(653)).toBe('2025-01-01T00:00:00.653Z');
    expect(rfc3339Nano(61_100)).toBe('2025-01-01T00:01:01.1Z');
  });

  it('kubeadm writes four manifests, each a valid control-plane static pod', () => {
    const m = kubeadmStaticPods({ nodeName: 'control-plane', advertiseAddress: '172.18.0.2' });
    expect(Object.keys(m).sort()).toEqual(CONTROL_PLANE.map((c) => `${c}.yaml`));
    for (const c of CONTROL_PLANE) {
      const r = staticPodFromManifest(m[`${c}.yaml`], `/etc/kubernetes/manifests/${c}.yaml`, 'control-plane', 0) as any;
      expect(r.ok).toBe(true);
      expect(r.pod.metadata.name).toBe(`${c}-control-plane`);
      expect(r.pod.metadata.namespace).toBe('kube-system');
      expect(r.pod.metadata.labels).toEqual({ component: c, tier: 'control-plane' });
      expect(r.pod.spec.hostNetwork).toBe(true);
      expect(r.pod.spec.priorityClassName).toBe('system-node-critical');
      expect(r.pod.spec.containers[0].command[0]).toBe(c);
      expect(r.pod.spec.containers[0].resources.requests.cpu).toBeDefined();
    }
    expect(m['kube-apiserver.yaml']).toContain('--advertise-address=172.18.0.2');
    expect(m['etcd.yaml']).toContain('image: registry.k8s.io/etcd:3.5.16-0');
  });
});

describe('static pods in the cluster', () => {
  it('boots the control plane as static pods with mirror pods: Running on control-plane with the node IP', async () => {
    const cluster = await boot();
    await cluster.advance(30_000);
    const con = new Console(cluster);
    const out = (await con.exec('kubectl get pods -n kube-system -o wide')).output;
    // (kube-system may hold other pods too, e.g. DaemonSet ones)
    const lines = out.trim().split('\n').slice(1).filter((l) => CONTROL_PLANE.some((c) => l.startsWith(`${c}-control-plane `)));
    expect(lines.map((l) => l.split(/\s+/)[0])).toEqual(CONTROL_PLANE.map((c) => `${c}-control-plane`));
    for (const l of lines) {
      const [, ready, status, restarts, , ip, node] = l.split(/\s+/);
      expect([ready, status, restarts, ip, node]).toEqual(['1/1', 'Running', '0', '172.18.0.2', 'control-plane']);
    }
    // hostNetwork sandboxes: no CNI ADD on the control-plane node
    expect(cluster.conductor.trace.list({ kind: 'cni.ADD', node: 'control-plane' })).toEqual([]);
    const nodeR = await cluster.request({ verb: 'get', resource: 'nodes', name: 'control-plane' });
    const nodeUID = nodeR.ok ? nodeR.object.metadata.uid : '';
    for (const c of CONTROL_PLANE) {
      const pod = await getPod(cluster, 'kube-system', `${c}-control-plane`);
      const ann = pod.metadata.annotations;
      expect(ann['kubernetes.io/config.source']).toBe('file');
      expect(ann['kubernetes.io/config.mirror']).toBe(ann['kubernetes.io/config.hash']);
      expect(ann['kubernetes.io/config.seen']).toMatch(/^2025-01-01T00:00:0\d(\.\d+)?Z$/);
      // the mirror has its own uid from the API server; the static pod's uid is the hash
      expect(pod.metadata.uid).not.toBe(ann['kubernetes.io/config.hash']);
      expect(pod.metadata.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'Node', name: 'control-plane', uid: nodeUID, controller: true }]);
      expect(pod.spec.priority).toBe(2000001000);
      expect(pod.spec.nodeName).toBe('control-plane');
      // mirror pods get no service-account token volume
      expect((pod.spec.volumes ?? []).some((v: any) => v.name.startsWith('kube-api-access'))).toBe(false);
      expect(pod.status.podIP).toBe('172.18.0.2');
    }
    const pcs = await cluster.request({ verb: 'list', resource: 'priorityclasses' });
    expect(pcs.ok && pcs.object.items.map((p: any) => [p.metadata.name, p.value])).toEqual([
      ['system-cluster-critical', 2000000000],
      ['system-node-critical', 2000001000]
    ]);
  });

  it('recreates a deleted mirror pod (new uid) while the static pod keeps running: no new container', async () => {
    const cluster = await boot();
    await cluster.advance(30_000);
    const before = await getPod(cluster, 'kube-system', 'kube-scheduler-control-plane');
    const creates = () => cluster.conductor.trace.list({ kind: 'cri.CreateContainer', pod: 'kube-system/kube-scheduler-control-plane' }).length;
    const createsBefore = creates();
    expect(createsBefore).toBeGreaterThan(0);
    const con = new Console(cluster);
    const del = await con.exec('kubectl delete pod kube-scheduler-control-plane -n kube-system');
    expect(del.output).toBe('pod "kube-scheduler-control-plane" deleted\n');
    await cluster.advance(5_000);
    const after = await getPod(cluster, 'kube-system', 'kube-scheduler-control-plane');
    expect(after).toBeDefined();
    expect(after.metadata.uid).not.toBe(before.metadata.uid);
    expect(after.metadata.annotations['kubernetes.io/config.mirror']).toBe(before.metadata.annotations['kubernetes.io/config.hash']);
    expect(after.status.phase).toBe('Running');
    expect(after.status.containerStatuses[0].restartCount).toBe(0);
    expect(after.status.containerStatuses[0].containerID).toBe(before.status.containerStatuses[0].containerID);
    expect(creates()).toBe(createsBefore);
    expect(cluster.conductor.trace.list({ kind: 'cri.StopContainer', node: 'control-plane' })).toEqual([]);
  });

  it('runs a manifest put on a worker within fileCheckFrequency, and rm stops it and deletes its mirror', async () => {
    const cluster = await boot();
    const con = new Console(cluster);
    const put = await con.exec(`sim node manifests put worker-1 static-web.yaml -f - <<EOF\n${STATIC_WEB}EOF`);
    expect(put.output).toBe('/etc/kubernetes/manifests/static-web.yaml written on worker-1\n');
    expect((await con.exec('sim node manifests ls worker-1')).output).toBe('static-web.yaml\n');
    expect((await con.exec('sim node manifests ls control-plane')).output).toBe('etcd.yaml\nkube-apiserver.yaml\nkube-controller-manager.yaml\nkube-scheduler.yaml\n');
    const t0 = cluster.now;
    let pod: any;
    // the kubelet picks the file up at its next scan (fileCheckFrequency 20 s): the mirror pod appears...
    while (cluster.now - t0 <= 21_000 && !(pod = await getPod(cluster, 'default', 'static-web-worker-1'))) await cluster.advance(500);
    expect(pod).toBeDefined();
    expect(cluster.now - t0).toBeLessThanOrEqual(21_000);
    // ...and the pod runs once nginx is pulled
    while (cluster.now - t0 <= 40_000 && pod?.status?.phase !== 'Running') {
      await cluster.advance(500);
      pod = await getPod(cluster, 'default', 'static-web-worker-1');
    }
    expect(pod?.status?.phase).toBe('Running');
    expect(pod.spec.nodeName).toBe('worker-1');
    expect(pod.metadata.labels).toEqual({ role: 'myrole' });
    expect(pod.metadata.ownerReferences[0]).toMatchObject({ kind: 'Node', name: 'worker-1', controller: true });
    expect(pod.metadata.annotations['kubernetes.io/config.mirror']).toBe(pod.metadata.annotations['kubernetes.io/config.hash']);
    expect(pod.status.podIP).toMatch(/^10\.244\.1\./);
    const rm = await con.exec('sim node manifests rm worker-1 static-web.yaml');
    expect(rm.output).toBe('/etc/kubernetes/manifests/static-web.yaml removed on worker-1\n');
    await cluster.advance(21_000);
    expect(await getPod(cluster, 'default', 'static-web-worker-1')).toBeUndefined();
    const stops = cluster.conductor.trace.list({ kind: 'cri.StopContainer', pod: 'default/static-web-worker-1' }).filter((e: any) => e.phase === 'call');
    expect(stops.length).toBe(1);
    // stopped with the pod's own grace period (30 s), as a pod removed from the config
    expect((stops[0] as any).timeout).toBe(30);
    await cluster.advance(10_000);
    const kubelet = cluster.conductor.trace.list({ kind: 'cri.RemovePodSandbox', pod: 'default/static-web-worker-1' });
    expect(kubelet.length).toBeGreaterThan(0);
    expect((await con.exec('sim node manifests rm worker-1 static-web.yaml')).output).toBe("error: cannot remove '/etc/kubernetes/manifests/static-web.yaml': No such file or directory\n");
  });

  it('an edited manifest is a new pod: the old one stops first, then the new one starts and its mirror replaces the old', async () => {
    const cluster = await boot();
    const con = new Console(cluster);
    await con.exec(`sim node manifests put worker-2 web.yaml -f - <<EOF\n${STATIC_WEB}EOF`);
    await cluster.advance(40_000);
    const first = await getPod(cluster, 'default', 'static-web-worker-2');
    expect(first.status.phase).toBe('Running');
    await con.exec(`sim node manifests put worker-2 web.yaml -f - <<EOF\n${STATIC_WEB.replace('image: nginx', 'image: nginx:1.27')}EOF`);
    await cluster.advance(60_000);
    const second = await getPod(cluster, 'default', 'static-web-worker-2');
    expect(second.spec.containers[0].image).toBe('nginx:1.27');
    expect(second.status.phase).toBe('Running');
    expect(second.metadata.uid).not.toBe(first.metadata.uid);
    expect(second.metadata.annotations['kubernetes.io/config.hash']).not.toBe(first.metadata.annotations['kubernetes.io/config.hash']);
    expect(second.metadata.annotations['kubernetes.io/config.mirror']).toBe(second.metadata.annotations['kubernetes.io/config.hash']);
    const trace = cluster.conductor.trace.list({ pod: 'default/static-web-worker-2' }) as any[];
    const removedSandbox = trace.find((e) => e.kind === 'cri.RemovePodSandbox' && e.phase === 'return');
    const secondSandbox = trace.filter((e) => e.kind === 'cri.RunPodSandbox' && e.phase === 'call')[1];
    expect(removedSandbox).toBeDefined();
    expect(secondSandbox.t).toBeGreaterThanOrEqual(removedSandbox.t);
  });

  it('never runs an API pod that carries the mirror annotation: without its static pod it is deleted as an orphan', async () => {
    const cluster = await boot();
    const r = await cluster.request({
      verb: 'create', resource: 'pods', namespace: 'default',
      body: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'fake-mirror', annotations: { 'kubernetes.io/config.mirror': 'abc' } }, spec: { nodeName: 'worker-2', containers: [{ name: 'c', image: 'nginx' }] } }
    });
    expect(r.ok).toBe(true);
    await cluster.advance(5_000);
    expect(cluster.conductor.trace.list({ kind: 'cri.RunPodSandbox', pod: 'default/fake-mirror' })).toEqual([]);
    expect(await getPod(cluster, 'default', 'fake-mirror')).toBeUndefined();
  });

  it('keeps static pods and their mirrors across a kubelet restart, without restarting containers', async () => {
    const cluster = await boot();
    await cluster.advance(30_000);
    const uid = (await getPod(cluster, 'kube-system', 'etcd-control-plane')).metadata.uid;
    const creates = cluster.conductor.trace.list({ kind: 'cri.CreateContainer', node: 'control-plane' }).length;
    const con = new Console(cluster);
    await con.exec('sim kubelet restart control-plane');
    await cluster.advance(30_000);
    const pod = await getPod(cluster, 'kube-system', 'etcd-control-plane');
    expect(pod.metadata.uid).toBe(uid);
    expect(pod.status.phase).toBe('Running');
    expect(cluster.conductor.trace.list({ kind: 'cri.CreateContainer', node: 'control-plane' }).length).toBe(creates);
  });

  it('creates no mirror while its Node is gone (the garbage collector deleted the mirrors): no delete/create loop', async () => {
    const cluster = await boot();
    await cluster.advance(10_000);
    const r = await cluster.request({ verb: 'delete', resource: 'nodes', name: 'control-plane' });
    expect(r.ok).toBe(true);
    const rounds = cluster.conductor.rounds;
    await cluster.advance(5_000);
    expect(cluster.conductor.rounds - rounds).toBeLessThan(2_000);
    const pods = await cluster.request({ verb: 'list', resource: 'pods', namespace: 'kube-system', labelSelector: 'tier=control-plane' });
    expect(pods.ok && pods.object.items).toEqual([]);
    expect(cluster.conductor.trace.list({ kind: 'kubelet.mirrorPod.skip', node: 'control-plane' }).length).toBeGreaterThan(0);
    // the static pods themselves keep running
    expect(cluster.conductor.trace.list({ kind: 'cri.StopContainer', node: 'control-plane' }).filter((e) => CONTROL_PLANE.some((c) => e.pod === `kube-system/${c}-control-plane`))).toEqual([]);
  });

  it('reports a manifest that is not a valid Pod once, and runs nothing for it', async () => {
    const cluster = await boot();
    const con = new Console(cluster);
    await con.exec('sim node manifests put worker-2 broken.yaml -f - <<EOF\nkind: Pod\nmetadata:\n  name: broken\nEOF');
    await con.exec('sim node manifests put worker-2 .hidden.yaml -f - <<EOF\n' + STATIC_WEB.replace('static-web', 'hidden') + 'EOF');
    await cluster.advance(45_000);
    const errors = cluster.conductor.trace.list({ kind: 'config.file.error', node: 'worker-2' }) as any[];
    expect(errors.map((e) => [e.path, e.error])).toEqual([['/etc/kubernetes/manifests/broken.yaml', 'invalid pod: spec.containers: Required value']]);
    expect(cluster.conductor.trace.list({ kind: 'cri.RunPodSandbox', node: 'worker-2' }).filter((e) => !String(e.pod).startsWith('kube-system/'))).toEqual([]);
  });

  it('prints usage errors for bad manifests commands', async () => {
    const cluster = await boot();
    const con = new Console(cluster);
    expect((await con.exec('sim node manifests ls nope')).output).toBe('error: node "nope" not found\n');
    expect((await con.exec('sim node manifests cat worker-1')).output).toBe('error: usage: sim node manifests ls NODE | put NODE FILE -f FILE|- | rm NODE FILE\n');
    expect((await con.exec('sim node manifests put worker-1 x.yaml')).output).toBe('error: usage: sim node manifests ls NODE | put NODE FILE -f FILE|- | rm NODE FILE\n');
    expect((await con.exec('sim node manifests rm worker-1')).output).toBe('error: sim node manifests rm needs a file name\n');
  });
});
