import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../src/sim/cluster/cluster';
import { podStatusReason } from '../../../src/sim/kubectl/printers/podstatus';

/* eslint-disable @typescript-eslint/no-explicit-any */

async function boot(seed = 1) {
  const cluster = new Cluster({ seed, workers: 2 });
  expect(await cluster.waitForNodesReady()).toBe(true);
  return cluster;
}

/** Creates a pod bound to `node` (no scheduler involved) and records every STATUS the API shows. */
async function createPod(cluster: Cluster, name: string, spec: any, node = 'worker-1') {
  const seen: string[] = [];
  const watch = cluster.watch({ verb: 'watch', resource: 'pods', namespace: 'default', fieldSelector: `metadata.name=${name}` }, (e) => {
    const s = e.type === 'DELETED' ? 'DELETED' : podStatusReason(e.object);
    if (seen[seen.length - 1] !== s) seen.push(s);
  }, () => {});
  const r = await cluster.request({ verb: 'create', resource: 'pods', namespace: 'default', body: { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { nodeName: node, ...spec } } });
  if (!r.ok) throw new Error(r.status.message);
  return { seen, watch, t0: cluster.now };
}

async function getPod(cluster: Cluster, name: string): Promise<any> {
  const r = await cluster.request({ verb: 'get', resource: 'pods', namespace: 'default', name });
  return r.ok ? r.object : undefined;
}

async function events(cluster: Cluster, name: string): Promise<any[]> {
  const r: any = await cluster.request({ verb: 'list', resource: 'events', namespace: 'default' });
  return r.object.items.filter((e: any) => e.involvedObject.name === name);
}

const startTimes = (cluster: Cluster, pod: string) =>
  cluster.conductor.trace.list({ kind: 'cri.StartContainer', pod: `default/${pod}` }).filter((e: any) => e.phase === 'return').map((e) => e.t);

describe('the kubelet runs the pods bound to its node', () => {
  it('runs nginx: ContainerCreating -> Running, with a pod IP from the node podCIDR, events and CRI calls in order', async () => {
    const cluster = await boot();
    const { seen, t0 } = await createPod(cluster, 'web', { containers: [{ name: 'nginx', image: 'nginx:1.27' }] });
    await cluster.advance(10_000);
    expect(seen).toEqual(['Pending', 'ContainerCreating', 'Running']);
    const pod = await getPod(cluster, 'web');
    expect(pod.status.phase).toBe('Running');
    expect(pod.status.podIP).toMatch(/^10\.244\.1\.\d+$/);
    expect(pod.status.podIPs).toEqual([{ ip: pod.status.podIP }]);
    expect(pod.status.hostIP).toBe(pod.status.hostIPs[0].ip);
    expect(pod.status.startTime).toBeDefined();
    expect(pod.status.conditions.map((c: any) => `${c.type}=${c.status}`)).toEqual(['PodReadyToStartContainers=True', 'Initialized=True', 'Ready=True', 'ContainersReady=True', 'PodScheduled=True']);
    const cs = pod.status.containerStatuses[0];
    expect(cs).toMatchObject({ name: 'nginx', image: 'nginx:1.27', ready: true, started: true, restartCount: 0, lastState: {} });
    expect(cs.containerID).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
    expect(cs.imageID).toMatch(/^docker\.io\/library\/nginx@sha256:/);
    expect(cs.state.running.startedAt).toBeDefined();

    const evs = await events(cluster, 'web');
    expect(evs.map((e) => e.reason)).toEqual(['Pulling', 'Pulled', 'Created', 'Started']);
    expect(evs[0].message).toBe('Pulling image "nginx:1.27"');
    expect(evs[1].message).toMatch(/^Successfully pulled image "nginx:1\.27" in [\d.]+m?s \([\d.]+m?s including waiting\)\. Image size: \d+ bytes\.$/);
    expect(evs[2].message).toBe('Created container: nginx');
    expect(evs[3].message).toBe('Started container nginx');
    expect(evs[2].involvedObject.fieldPath).toBe('spec.containers{nginx}');
    expect(evs[0].source).toEqual({ component: 'kubelet', host: 'worker-1' });
    expect(evs[0].involvedObject).toMatchObject({ apiVersion: 'v1', kind: 'Pod', name: 'web', namespace: 'default', uid: pod.metadata.uid });

    const kinds = cluster.conductor.trace
      .list({ pod: 'default/web', since: t0 })
      .filter((e: any) => ['cri.RunPodSandbox', 'cni.ADD', 'cri.PullImage', 'cri.CreateContainer', 'cri.StartContainer'].includes(e.kind) && e.phase !== 'return')
      .map((e) => e.kind);
    expect(kinds).toEqual(['cri.RunPodSandbox', 'cni.ADD', 'cri.PullImage', 'cri.CreateContainer', 'cri.StartContainer']);
    expect(cluster.conductor.trace.list({ kind: 'kubelet.syncPod', pod: 'default/web' })[0]).toMatchObject({ node: 'worker-1' });
    // A second pod of the same image on the node: no pull.
    await createPod(cluster, 'web2', { containers: [{ name: 'nginx', image: 'nginx:1.27' }] });
    await cluster.advance(5_000);
    expect((await events(cluster, 'web2')).map((e) => `${e.reason}: ${e.message}`)).toEqual(['Pulled: Container image "nginx:1.27" already present on machine', 'Created: Created container: nginx', 'Started: Started container nginx']);
    expect((await getPod(cluster, 'web2')).status.podIP).not.toBe(pod.status.podIP);
  });

  it('puts a crashing container in CrashLoopBackOff, restarting after 0, 10, 20, 40 s', async () => {
    const cluster = await boot();
    await createPod(cluster, 'crash', { containers: [{ name: 'c', image: 'busybox:1.36', command: ['sh', '-c', 'exit 1'] }] });
    await cluster.advance(90_000);
    const starts = startTimes(cluster, 'crash');
    const gaps = starts.slice(1).map((t, i) => t - starts[i]);
    expect(gaps).toHaveLength(4);
    // Each restart waits for the back-off from the last exit (plus the PLEG relist and CRI latency: under 1.5 s).
    [0, 10_000, 20_000, 40_000].forEach((want, i) => {
      expect(gaps[i]).toBeGreaterThanOrEqual(want);
      expect(gaps[i]).toBeLessThan(want + 1500);
    });
    const pod = await getPod(cluster, 'crash');
    expect(podStatusReason(pod)).toBe('CrashLoopBackOff');
    expect(pod.status.phase).toBe('Running');
    const cs = pod.status.containerStatuses[0];
    expect(cs.restartCount).toBe(4);
    expect(cs.state.waiting).toEqual({ reason: 'CrashLoopBackOff', message: `back-off 1m20s restarting failed container=c pod=crash_default(${pod.metadata.uid})` });
    expect(cs.lastState.terminated).toMatchObject({ exitCode: 1, reason: 'Error' });
    expect(cs.lastState.terminated.startedAt).toBeDefined();
    expect(cs.lastState.terminated.finishedAt).toBeDefined();
    const backOff = (await events(cluster, 'crash')).find((e) => e.reason === 'BackOff');
    expect(backOff).toMatchObject({ type: 'Warning', message: `Back-off restarting failed container c in pod crash_default(${pod.metadata.uid})` });
    expect(backOff.count).toBeGreaterThan(1);
    const relists = cluster.conductor.trace.list({ kind: 'pleg.relist', pod: 'default/crash' });
    // Only relists that found something are traced; together they saw the five exits.
    expect(relists.flatMap((r: any) => r.changes)).toHaveLength(5);
    expect((relists[0] as any).changes[0]).toMatchObject({ type: 'ContainerDied', container: 'c', exitCode: 1 });
  });

  it('shows ErrImagePull, then ImagePullBackOff with its message, for an image that does not exist', async () => {
    const cluster = await boot();
    const { seen } = await createPod(cluster, 'nope', { containers: [{ name: 'web', image: 'nginx:nope' }] });
    await cluster.advance(40_000);
    expect(seen.slice(0, 4)).toEqual(['Pending', 'ContainerCreating', 'ErrImagePull', 'ImagePullBackOff']);
    const pod = await getPod(cluster, 'nope');
    expect(pod.status.containerStatuses[0].state.waiting).toEqual({ reason: 'ImagePullBackOff', message: 'Back-off pulling image "nginx:nope"' });
    const evs = (await events(cluster, 'nope')).map((e) => `${e.type} ${e.reason}: ${e.message}`);
    expect(evs).toContain('Normal Pulling: Pulling image "nginx:nope"');
    expect(evs).toContain('Warning Failed: Failed to pull image "nginx:nope": rpc error: code = Unknown desc = failed to pull and unpack image "docker.io/library/nginx:nope": failed to resolve reference "docker.io/library/nginx:nope": docker.io/library/nginx:nope: not found');
    expect(evs).toContain('Warning Failed: Error: ErrImagePull');
    expect(evs).toContain('Normal BackOff: Back-off pulling image "nginx:nope"');
    expect(evs).toContain('Warning Failed: Error: ImagePullBackOff');
    // Pulls retried after 10 s then 20 s back-off.
    const pulls = cluster.conductor.trace.list({ kind: 'cri.PullImage', pod: 'default/nope' }).filter((e: any) => e.phase === 'call').map((e) => e.t);
    expect(pulls.length).toBe(3);
    expect(pulls[1] - pulls[0]).toBeGreaterThanOrEqual(10_000);
    expect(pulls[2] - pulls[1]).toBeGreaterThanOrEqual(20_000);
  });

  it('terminates a deleted pod gracefully: Killing, then gone', async () => {
    const cluster = await boot();
    await createPod(cluster, 'web', { containers: [{ name: 'nginx', image: 'nginx:1.27' }] });
    await cluster.advance(10_000);
    const t0 = cluster.now;
    await cluster.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'web' });
    expect(podStatusReason(await getPod(cluster, 'web'))).toBe('Terminating');
    await cluster.advance(5_000);
    expect(await getPod(cluster, 'web')).toBeUndefined();
    const killing = (await events(cluster, 'web')).find((e) => e.reason === 'Killing');
    expect(killing).toMatchObject({ type: 'Normal', message: 'Stopping container nginx' });
    const kinds = cluster.conductor.trace.list({ pod: 'default/web', since: t0 }).filter((e: any) => e.phase !== 'return' && /^(cri\.(StopContainer|StopPodSandbox|RemovePodSandbox)|cni\.DEL)$/.test(e.kind)).map((e) => e.kind);
    expect(kinds).toEqual(['cri.StopContainer', 'cri.StopPodSandbox', 'cni.DEL', 'cri.RemovePodSandbox']);
    // nginx stops on its own stop signal (SIGQUIT), long before the grace period ends.
    expect(cluster.conductor.trace.list({ kind: 'process.signal', pod: 'default/web', since: t0 }).map((e: any) => e.signal)).toEqual(['SIGQUIT']);
  });

  it('kills busybox sleep (PID 1 ignores SIGTERM) when its 30 s grace period ends', async () => {
    const cluster = await boot();
    await createPod(cluster, 'sleepy', { containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', '3600'] }] });
    await cluster.advance(10_000);
    const t0 = cluster.now;
    await cluster.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'sleepy' });
    await cluster.advance(25_000);
    expect(podStatusReason(await getPod(cluster, 'sleepy'))).toBe('Terminating');
    await cluster.advance(10_000);
    expect(await getPod(cluster, 'sleepy')).toBeUndefined();
    const signals = cluster.conductor.trace.list({ kind: 'process.signal', pod: 'default/sleepy', since: t0 });
    expect(signals.map((e: any) => e.signal)).toEqual(['SIGTERM', 'SIGKILL']);
    expect(signals[1].t - signals[0].t).toBe(30_000);
  });

  it('cleans up the runtime of a force-deleted pod', async () => {
    const cluster = await boot();
    await createPod(cluster, 'sleepy', { containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', '3600'] }] });
    await cluster.advance(10_000);
    const t0 = cluster.now;
    await cluster.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'sleepy', gracePeriodSeconds: 0 });
    expect(await getPod(cluster, 'sleepy')).toBeUndefined();
    await cluster.advance(5_000);
    const kinds = cluster.conductor.trace.list({ pod: 'default/sleepy', since: t0 }).filter((e: any) => e.phase !== 'return' && /^cri\.(StopContainer|StopPodSandbox|RemovePodSandbox)$/.test(e.kind)).map((e) => e.kind);
    expect(kinds).toEqual(['cri.StopContainer', 'cri.StopPodSandbox', 'cri.RemovePodSandbox']);
  });

  it('completes a restartPolicy Never pod that exits 0: Completed / Succeeded, and it stays', async () => {
    const cluster = await boot();
    const { seen } = await createPod(cluster, 'once', { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox:1.36', command: ['sh', '-c', 'exit 0'] }] });
    await cluster.advance(30_000);
    const pod = await getPod(cluster, 'once');
    expect(pod.status.phase).toBe('Succeeded');
    expect(podStatusReason(pod)).toBe('Completed');
    expect(seen[seen.length - 1]).toBe('Completed');
    expect(pod.status.containerStatuses[0].state.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
    expect(pod.status.conditions.find((c: any) => c.type === 'Ready')).toMatchObject({ status: 'False', reason: 'PodCompleted' });
    expect(startTimes(cluster, 'once')).toHaveLength(1);
    // The sandbox is stopped (its IP released) but the pod stays.
    expect(cluster.conductor.trace.list({ kind: 'cni.DEL', pod: 'default/once' })).toHaveLength(1);
  });

  it('fails a restartPolicy Never pod that exits 1', async () => {
    const cluster = await boot();
    await createPod(cluster, 'fail', { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox:1.36', command: ['sh', '-c', 'exit 1'] }] });
    await cluster.advance(10_000);
    const pod = await getPod(cluster, 'fail');
    expect(pod.status.phase).toBe('Failed');
    expect(podStatusReason(pod)).toBe('Error');
  });

  it('runs init containers one at a time before the app container', async () => {
    const cluster = await boot();
    const { seen } = await createPod(cluster, 'init', {
      initContainers: [
        { name: 'i1', image: 'busybox:1.36', command: ['sh', '-c', 'sleep 2'] },
        { name: 'i2', image: 'busybox:1.36', command: ['sh', '-c', 'exit 0'] }
      ],
      containers: [{ name: 'app', image: 'nginx:1.27' }]
    });
    await cluster.advance(20_000);
    const pod = await getPod(cluster, 'init');
    expect(pod.status.phase).toBe('Running');
    expect(seen[0]).toBe('Pending');
    expect(seen).toContain('Init:0/2');
    expect(seen[seen.length - 1]).toBe('Running');
    const created = cluster.conductor.trace.list({ kind: 'cri.CreateContainer', pod: 'default/init' }).filter((e: any) => e.phase === 'call').map((e: any) => e.container);
    expect(created).toEqual(['i1', 'i2', 'app']);
    expect(pod.status.initContainerStatuses.map((s: any) => s.state.terminated?.reason)).toEqual(['Completed', 'Completed']);
  });

  it('drops the containers of a powered-off node; a powered-on node starts with an empty runtime', async () => {
    const cluster = await boot();
    await createPod(cluster, 'web', { containers: [{ name: 'nginx', image: 'nginx:1.27' }] });
    await cluster.advance(10_000);
    cluster.kubelet('worker-1', 'poweroff');
    await cluster.advance(5_000);
    const off = cluster.now;
    cluster.kubelet('worker-1', 'poweron');
    await cluster.advance(15_000);
    // The kubelet finds no sandbox for its pod and runs it again in a new one.
    expect(cluster.conductor.trace.list({ kind: 'cri.RunPodSandbox', pod: 'default/web', since: off }).filter((e: any) => e.phase === 'call')).toHaveLength(1);
    expect((await getPod(cluster, 'web')).status.phase).toBe('Running');
  });

  it('keeps the containers across a kubelet restart: the new process finds them in the runtime', async () => {
    const cluster = await boot();
    await createPod(cluster, 'web', { containers: [{ name: 'nginx', image: 'nginx:1.27' }] });
    await cluster.advance(10_000);
    const before = (await getPod(cluster, 'web')).status.containerStatuses[0].containerID;
    const t0 = cluster.now;
    cluster.kubelet('worker-1', 'restart');
    await cluster.advance(15_000);
    expect(cluster.conductor.trace.list({ kind: 'kubelet.syncPod', pod: 'default/web', since: t0 }).length).toBeGreaterThan(0);
    expect(cluster.conductor.trace.list({ kind: 'cri.RunPodSandbox', pod: 'default/web', since: t0 })).toHaveLength(0);
    const pod = await getPod(cluster, 'web');
    expect(pod.status.phase).toBe('Running');
    expect(pod.status.containerStatuses[0].containerID).toBe(before);
  });

  it('is deterministic: the same seed gives the same trace', async () => {
    const run = async () => {
      const cluster = await boot(7);
      await createPod(cluster, 'web', { containers: [{ name: 'nginx', image: 'nginx:1.27' }] });
      await createPod(cluster, 'crash', { containers: [{ name: 'c', image: 'busybox:1.36', command: ['sh', '-c', 'exit 1'] }] }, 'worker-2');
      await cluster.advance(40_000);
      return JSON.stringify(cluster.conductor.trace.list({}).filter((e: any) => e.pod === 'default/web' || e.pod === 'default/crash'));
    };
    const a = await run();
    expect(a.length).toBeGreaterThan(1000);
    expect(await run()).toBe(a);
  });
});
