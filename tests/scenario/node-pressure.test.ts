/**
 * Node pressure end to end through the console: the eviction manager as a pod admit handler, and
 * its node-level reclaim before a disk eviction.
 *
 * Memory (seed 0, three workers): once worker-1's kubelet observes memory.available<100Mi it
 * refuses BestEffort pods ("Evicted", "The node had condition: [MemoryPressure]. "), but the
 * scheduler keeps choosing the node until the node lifecycle controller taints it
 * node.kubernetes.io/memory-pressure:NoSchedule, which needs the kubelet's next node status post
 * (nodeStatusUpdateFrequency 10 s) and the controller's next monitor pass (5 s). Meanwhile the
 * ReplicaSet replaces each rejected pod; every round of that cycle takes the rejection's report
 * latency (lifecycle/admission.ts REJECTION_REPORT_LATENCY_MS, 1 s), so the run ends with a fixed
 * number of rejected pods and every replica running elsewhere.
 *
 * Disk (seed 1, two workers): nodefs fills until imagefs.available<15% is met by a hair; the
 * eviction manager first deletes the dead containers and the unused images, observes again, and
 * evicts nobody.
 * upstream: pkg/kubelet/eviction/eviction_manager.go (Admit, synchronize, reclaimNodeLevelResources),
 * pkg/kubelet/kubelet.go (canAdmitPod, rejectPod), pkg/controller/nodelifecycle (doNoScheduleTaintingPass).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Cluster } from '../../src/sim/cluster/cluster';
import { Console } from '../../src/sim/cluster/console';
import { IMAGES } from '../../src/sim/node/images/catalog';

const REJECTED = 'Pod was rejected: The node had condition: [MemoryPressure]. ';

describe('memory pressure: the kubelet refuses BestEffort pods until the taint lands (seed 0)', () => {
  let cluster: Cluster;
  let con: Console;
  const run = async (line: string) => (await con.exec(line)).output;
  const rejections = (prefix: string) => cluster.conductor.trace.list({ kind: 'kubelet.admit.reject' }).filter((e) => String(e.pod).startsWith(prefix));
  let detectedAt = 0;

  beforeAll(async () => {
    cluster = new Cluster({ seed: 0, workers: 3 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    con = new Console(cluster);
    await run('kubectl create deployment web --image=nginx --replicas=1');
    await run('sim advance 20s');
  });

  it('starts with one replica off worker-1 and no pressure', async () => {
    expect(await run('kubectl get pods -l app=web --no-headers -o custom-columns=P:.status.phase,N:.spec.nodeName')).toBe('Running   worker-3\n');
  });

  it('the kubelet observes the pressure within evictionMonitoringPeriod; the node is not tainted yet', async () => {
    const start = cluster.now;
    expect(await run('sim node pressure memory worker-1 7600Mi')).toBe('node/worker-1: 7600Mi memory used outside pods\n');
    while (!(await run('kubectl get events --field-selector reason=EvictionThresholdMet --no-headers -o custom-columns=O:.involvedObject.name,M:.message')).includes('worker-1')) await run('sim advance 1s');
    detectedAt = cluster.now;
    expect(detectedAt - start).toBeLessThanOrEqual(10_000);
    expect(await run('kubectl get events --field-selector reason=EvictionThresholdMet --no-headers -o custom-columns=O:.involvedObject.name,M:.message')).toBe('worker-1   Attempting to reclaim memory\n');
    expect(await run(`kubectl get node worker-1 -o jsonpath='{.spec.taints}'`)).toBe('');
  });

  it('rejects a BestEffort pod bound to worker-1 with nodeName: Failed, Evicted, upstream message and event', async () => {
    await run(`kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: be
spec:
  nodeName: worker-1
  containers:
  - name: c
    image: nginx
EOF`);
    await run('sim advance 1s');
    expect(await run('kubectl get pod be -o jsonpath={.status.phase}/{.status.reason}')).toBe('Failed/Evicted');
    expect(await run('kubectl get pod be -o jsonpath={.status.message}')).toBe(REJECTED);
    expect((await run('kubectl get pod be')).split('\n')[1]).toMatch(/^be\s+0\/1\s+Evicted\s+0\s+/);
    expect(await run('kubectl get events --field-selector involvedObject.name=be --no-headers -o custom-columns=T:.type,R:.reason,M:.message')).toBe('Warning   Evicted   The node had condition: [MemoryPressure]. \n');
    // Never run: no sandbox was asked for.
    expect(cluster.conductor.trace.list({ kind: 'cri.RunPodSandbox' }).some((e) => String(e.pod).includes('/be'))).toBe(false);
  });

  it('a Deployment scaled up meanwhile: replacements are refused on worker-1 until the taint, then all run elsewhere', async () => {
    const scaledAt = cluster.now;
    await run('kubectl scale deployment web --replicas=6');
    await run('sim advance 30s');
    const taints = cluster.conductor.trace.list({ kind: 'nodelifecycle.taints', node: 'worker-1' });
    expect(taints.map((e) => e.taints)).toEqual([['node.kubernetes.io/memory-pressure:NoSchedule']]);
    const taintedAt = taints[0].t;
    const rejected = rejections('default/web-');
    // Two replicas went to worker-1 in the first batch; each is refused and replaced once a second
    // (the rejection's report latency) until the taint.
    expect(rejected).toHaveLength(28);
    expect(rejected.every((e) => e.t < taintedAt)).toBe(true);
    // Detected at 00:00:30.305; the node status post at 00:00:40.305 says MemoryPressure; the
    // controller's monitor pass at 00:00:45.5 taints the node: 13.5 s after the scale-up.
    expect(taintedAt - detectedAt).toBe(14_500);
    expect(taintedAt - scaledAt).toBe(13_500);
    expect(rejected.map((e) => e.t - scaledAt)).toEqual(Array.from({ length: 28 }, (_, i) => Math.floor(i / 2) * 1000));
    const rows = (await run('kubectl get pods -l app=web --no-headers -o custom-columns=N:.metadata.name,P:.status.phase,R:.status.reason,NODE:.spec.nodeName')).split('\n').filter(Boolean).map((l) => l.split(/\s+/));
    const running = rows.filter((r) => r[1] === 'Running');
    expect(running).toHaveLength(6);
    expect(running.every((r) => r[3] !== 'worker-1')).toBe(true);
    const onWorker1 = rows.filter((r) => r[3] === 'worker-1');
    expect(onWorker1).toHaveLength(28);
    expect(onWorker1.every((r) => r[1] === 'Failed' && r[2] === 'Evicted')).toBe(true);
    const messages = new Set((await run(`kubectl get pods -l app=web --field-selector spec.nodeName=worker-1 -o jsonpath='{range .items[*]}{.status.message}{"\\n"}{end}'`)).split('\n').filter(Boolean));
    expect([...messages]).toEqual([REJECTED]);
    const statusColumn = new Set((await run('kubectl get pods -l app=web --field-selector spec.nodeName=worker-1 --no-headers')).split('\n').filter(Boolean).map((l) => l.split(/\s+/)[2]));
    expect([...statusColumn]).toEqual(['Evicted']);
  });

  it('the cycle is over: nothing more is bound to worker-1 or refused', async () => {
    const before = rejections('default/web-').length;
    await run('sim advance 60s');
    expect(rejections('default/web-')).toHaveLength(before);
    expect((await run('kubectl get pods -l app=web --no-headers')).split('\n').filter(Boolean)).toHaveLength(34);
  });

  it("logs the eviction manager's passes in the kubelet's journal", async () => {
    const log = await run('sim kubelet logs worker-1');
    expect(log).toContain('eviction_manager.go:339] "Eviction manager: attempting to reclaim" resourceName="memory"');
    expect(log).toContain('eviction_manager.go:349] "Eviction manager: must evict pod(s) to reclaim" resourceName="memory"');
  });
});

describe('disk pressure: unused images and dead containers are reclaimed first, no pod is evicted (seed 1)', () => {
  let cluster: Cluster;
  let con: Console;
  const run = async (line: string) => (await con.exec(line)).output;
  const GI = 1024 ** 3;
  const MI = 1024 ** 2;
  const DISK = 100 * GI;
  const SYSTEM_DISK = 6 * GI;
  const sizeOf = (repo: string, tag: string) => IMAGES.find((i) => i.repository === repo && i.tags.includes(tag))!.size;
  const imagesOn = async (node: string) =>
    (await run(`sim images ${node}`))
      .split('\n')
      .slice(1)
      .filter(Boolean)
      .map((l) => l.split(/\s+/).slice(0, 2) as [string, string]);
  let fill = 0;

  beforeAll(async () => {
    cluster = new Cluster({ seed: 1, workers: 2 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    con = new Console(cluster);
    // A finished pod (its dead container keeps busybox in use) and an nginx pod that is deleted.
    await run(`kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: once}
spec: {nodeName: worker-1, restartPolicy: Never, containers: [{name: c, image: busybox:1.36, command: ["true"]}]}
---
apiVersion: v1
kind: Pod
metadata: {name: tmp}
spec: {nodeName: worker-1, containers: [{name: c, image: nginx:1.27}]}
EOF`);
    await run('sim advance 20s');
    await run('kubectl delete pod tmp');
    // The image GC detects the images at its 5-minute pass; imageMinimumGCAge (2m) later they may go.
    await run('sim advance 8m');
  });

  it('has busybox and nginx on worker-1, unused by running containers', async () => {
    expect(await run('kubectl get pod once -o jsonpath={.status.phase}')).toBe('Succeeded');
    expect((await imagesOn('worker-1')).map(([r, t]) => `${r}:${t}`).sort()).toEqual(['docker.io/library/busybox:1.36', 'docker.io/library/nginx:1.27', 'registry.k8s.io/kube-proxy:v1.32.0', 'registry.k8s.io/pause:3.10']);
  });

  it('fills nodefs 1Mi past imagefs.available<15%: images go, nodefs recovers, nobody is evicted', async () => {
    const images = (await imagesOn('worker-1')).reduce((n, [r, t]) => n + sizeOf(r, t), 0);
    const threshold = Math.floor(DISK * 0.15);
    fill = DISK - threshold + MI - SYSTEM_DISK - images;
    const reclaimable = sizeOf('docker.io/library/busybox', '1.36') + sizeOf('docker.io/library/nginx', '1.27');
    expect(reclaimable).toBeGreaterThan(MI + 4096);
    expect(await run(`sim node pressure disk worker-1 ${fill}`)).toBe(`node/worker-1: ${fill} disk space filled on nodefs\n`);
    await run('sim advance 12s');
    const reclaim = cluster.conductor.trace.list({ kind: 'eviction.reclaim', node: 'worker-1' });
    expect(reclaim).toHaveLength(1);
    expect(reclaim[0]).toMatchObject({ signal: 'imagefs.available', containers: 1, images: 2, bytes: reclaimable, thresholdsStillMet: 0 });
    expect(cluster.conductor.trace.list({ kind: 'eviction.evict' })).toEqual([]);
    expect((await imagesOn('worker-1')).map(([r, t]) => `${r}:${t}`).sort()).toEqual(['registry.k8s.io/kube-proxy:v1.32.0', 'registry.k8s.io/pause:3.10']);
    expect(await run('kubectl get pod once -o jsonpath={.status.phase}/{.status.reason}')).toBe('Succeeded/');
    expect(await run('kubectl get events --field-selector reason=EvictionThresholdMet --no-headers -o custom-columns=O:.involvedObject.name,M:.message')).toBe('worker-1   Attempting to reclaim ephemeral-storage\n');
    expect(await run('kubectl get events --field-selector reason=Evicted --no-headers')).toBe('No resources found in default namespace.\n');
  });

  it("logs the reclaim in the kubelet's journal, as upstream does", async () => {
    const lines = (await run('sim kubelet logs worker-1'))
      .split('\n')
      .filter((l) => /eviction_manager|container_gc|Attempting to delete unused images|Removing image to free bytes/.test(l))
      .map((l) => l.replace(/^.*\] /, ''));
    expect(lines).toEqual([
      '"Eviction manager: attempting to reclaim" resourceName="ephemeral-storage"',
      '"Attempting to delete unused containers"',
      '"Attempting to delete unused images"',
      expect.stringMatching(/^"Removing image to free bytes" imageID="sha256:[0-9a-f]{64}" size=\d+ runtimeHandler=""$/),
      expect.stringMatching(/^"Removing image to free bytes" imageID="sha256:[0-9a-f]{64}" size=\d+ runtimeHandler=""$/),
      '"Eviction manager: able to reduce resource pressure without evicting pods." resourceName="ephemeral-storage"'
    ]);
  });
});
