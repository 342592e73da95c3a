import { beforeAll, describe, expect, it } from 'vitest';
import { Cluster } from '../../sim/cluster/cluster';
import { Console } from '../../sim/cluster/console';
import type { TraceEvent } from '../../sim/kernel/trace';
import type { KObject } from '../bridge/deltas';
import { indexStory, ownerChain, podStory, type StoryEntry, type StoryIndex } from './story';

/** A real cluster: the trace reaches the index in batches, as the page's deltas bring it. */
async function scenario(script: string, ms: number) {
  const cluster = new Cluster({ seed: 4, workers: 1 });
  await cluster.waitForNodesReady();
  const console = new Console(cluster);
  let index: StoryIndex = new Map();
  let sent = 0;
  const flush = () => {
    const all = cluster.conductor.trace.list({});
    const lastSeq = sent;
    const batch = all.filter((e: TraceEvent) => e.seq > lastSeq);
    if (batch.length) sent = batch[batch.length - 1].seq;
    index = indexStory(index, batch);
  };
  flush();
  await console.exec(script);
  for (let t = 0; t < ms; t += 1000) {
    await cluster.advance(1000);
    flush();
  }
  const json = async (line: string) => JSON.parse((await console.exec(line)).output);
  return { index, flush: () => (flush(), index), events: (await json('kubectl get events -o json')).items as KObject[], json, console, cluster };
}

const line = (e: StoryEntry) => `${e.time} ${e.step}: ${e.title}${e.detail ? ` (${e.detail})` : ''}`;

describe('podStory: a container that exits with code 1 (CrashLoopBackOff)', () => {
  let story: StoryEntry[];
  beforeAll(async () => {
    const s = await scenario('kubectl run crash --image=busybox -- sh -c "echo boom; exit 1"', 90_000);
    const pod = await s.json('kubectl get pod crash -o json');
    story = podStory({ key: 'default/crash', pod, trace: s.index.get('default/crash'), events: s.events });
  });

  it('tells its birth in the kubelet\'s order: created, scheduled, network, sandbox, pull, create, start', () => {
    expect(story.slice(0, 8).map((e) => e.step)).toEqual(['created', 'scheduled', 'network', 'sandbox', 'pull', 'container', 'started', 'exited']);
    expect(line(story[0])).toBe('00:00:03.000 created: Created (by kubectl (API server))');
    expect(line(story[1])).toBe('00:00:03.000 scheduled: Scheduled to worker-1 (kube-scheduler, attempt 1)');
    expect(story[2].title).toBe('Network attached (CNI ADD, bridge)');
    expect(story[2].detail).toMatch(/^10\.244\.1\.\d+\/24$/);
    expect(story[4].title).toBe('Image busybox:latest pulled');
    expect(story[7].title).toBe('Container crash exited with code 1');
    expect(story[7].tone).toBe('error');
  });

  it('counts the restarts with the back-off the kubelet waited (none, then 10 s, 20 s, 40 s)', () => {
    const restarts = story.filter((e) => e.step === 'restart');
    expect(restarts.map((e) => e.title)).toEqual([1, 2, 3, 4].map((n) => `Restart ${n}: container crash created again`));
    const waits = restarts.map((e) => Number(/back-off of ([\d.]+) s/.exec(e.detail)?.[1]));
    expect(waits[0]).toBeLessThan(1);
    expect(waits.slice(1)).toEqual([10, 20, 40]);
    // Times only go forward.
    expect(story.map((e) => e.t)).toEqual([...story.map((e) => e.t)].sort((a, b) => a - b));
  });

  it("has the kubelet's BackOff event as CrashLoopBackOff, with its count and first time", () => {
    const backoff = story.find((e) => e.step === 'backoff')!;
    expect(backoff.title).toBe('CrashLoopBackOff (event BackOff)');
    expect(backoff.detail).toMatch(/^Back-off restarting failed container crash in pod crash_default\([0-9a-f-]+\) · \d+ times since 00:00:\d\d$/);
    expect(backoff.tone).toBe('warn');
    // The routine events the trace already tells (Pulled, Created, Started) are not told twice.
    expect(story.filter((e) => e.title.startsWith('Event Pulled'))).toEqual([]);
  });
});

describe('podStory: OOM kills, a failing liveness probe, deletion', () => {
  let story: StoryEntry[];
  beforeAll(async () => {
    const s = await scenario(
      `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: mem}
spec:
  containers:
  - name: s
    image: polinux/stress
    command: ["stress"]
    args: ["--vm", "1", "--vm-bytes", "250M", "--vm-hang", "1"]
    resources: {limits: {memory: 100Mi}}
    livenessProbe: {exec: {command: [cat, /tmp/x]}, periodSeconds: 5}
EOF`,
      20_000
    );
    await s.console.exec('kubectl delete pod mem --wait=false');
    await s.cluster.advance(5000);
    const index = s.flush();
    story = podStory({ key: 'default/mem', trace: index.get('default/mem'), events: (await s.json('kubectl get events -o json')).items });
  });

  it('shows each OOM kill with the limit, the exit 137, the probe failure and the deletion', () => {
    const steps = story.map((e) => e.step);
    expect(story.find((e) => e.step === 'oom')?.title).toBe('OOM killed: container s');
    expect(story.find((e) => e.step === 'oom')?.detail).toBe('over its memory limit of 100Mi');
    expect(story.filter((e) => e.step === 'exited').map((e) => e.title + ' ' + e.detail)).toContain('Container s exited with code 137 OOMKilled');
    expect(story.find((e) => e.step === 'probe')?.title).toBe('Liveness probe failed 1/3');
    expect(story.find((e) => e.step === 'probe')?.detail).toBe("container s · cat: can't open '/tmp/x': No such file or directory");
    expect(steps.slice(-4)).toEqual(['deleting', 'stopping', 'network', 'deleted']);
    expect(story[story.length - 3].title).toBe('Stopping the sandbox (CRI StopPodSandbox)');
    expect(line(story[story.length - 1])).toMatch(/^00:00:2\d\.\d{3} deleted: Removed from the API server \(by kubelet\/worker-1, once its containers were gone\)$/);
    // Without a creationTimestamp or api.create in what it was given, the story starts where its trace does.
    expect(story[0].step).toBe('created');
  });
});

describe('indexStory', () => {
  const ev = (seq: number, kind: string, extra: Record<string, unknown> = {}): TraceEvent => ({ t: seq * 10, seq, component: 'kubelet', kind, pod: 'default/p', ...extra });
  it('keeps only story events, the call phase of a CRI call left out, and returns the same index when nothing told a story', () => {
    const empty: StoryIndex = new Map();
    expect(indexStory(empty, [ev(1, 'lease.renew'), ev(2, 'cri.ContainerStatus', { phase: 'return' }), ev(3, 'kubelet.syncPod')])).toBe(empty);
    const index = indexStory(empty, [ev(4, 'cri.RunPodSandbox', { phase: 'call' }), ev(5, 'cri.RunPodSandbox', { phase: 'return', ok: true }), ev(6, 'process.start', { container: 'c' })]);
    expect(index.get('default/p')?.map((e) => e.seq)).toEqual([5, 6]);
  });

  it('keeps a long crash loop bounded: its first events and its newest', () => {
    let index: StoryIndex = new Map();
    for (let i = 1; i <= 1000; i++) index = indexStory(index, [ev(i, 'process.exit', { container: 'c', exitCode: 1 })]);
    const kept = index.get('default/p')!;
    expect(kept.length).toBe(300);
    expect(kept[0].seq).toBe(1);
    expect(kept[59].seq).toBe(60);
    expect(kept[60].seq).toBe(761);
    expect(kept[299].seq).toBe(1000);
  });
});

describe('ownerChain', () => {
  it('walks the controller references through the mirrored objects: Deployment, then ReplicaSet', async () => {
    const s = await scenario('kubectl create deployment web --image=nginx', 3000);
    const pods = (await s.json('kubectl get pods -o json')).items as KObject[];
    const rs = (await s.json('kubectl get rs -o json')).items as KObject[];
    const resources = new Map([['replicasets', new Map(rs.map((r) => [`default/${r.metadata.name}`, r]))]]);
    expect(ownerChain(pods[0], resources)).toEqual([
      { kind: 'Deployment', name: 'web' },
      { kind: 'ReplicaSet', name: rs[0].metadata.name }
    ]);
    expect(rs[0].metadata.name).toMatch(/^web-[a-z0-9]+$/);
    expect(ownerChain({ metadata: { name: 'bare' } }, resources)).toEqual([]);
  });
});
