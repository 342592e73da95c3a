import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../sim/kernel/trace';
import { indexByPod, podKeyOf, sequenceRows } from './sequence';

// Shaped like `sim trace --pod web -o json` after `kubectl run web --image=nginx` (ids shortened).
const W = { node: 'worker-1', pod: 'default/web' };
const RUN: TraceEvent[] = [
  { t: 2500, seq: 127, component: 'kube-apiserver', kind: 'watch.ADDED', resource: 'pods', name: 'web', to: 'kube-scheduler' },
  { t: 2500, seq: 129, component: 'kube-apiserver', kind: 'api.create', resource: 'pods', namespace: 'default', name: 'web', code: 201, user: 'kubectl' },
  { t: 2500, seq: 130, component: 'kube-scheduler', kind: 'scheduler.attempt', pod: 'default/web', result: 'Scheduled', node: 'worker-1', attempt: 1 },
  { t: 2500, seq: 134, component: 'kube-apiserver', kind: 'api.create', resource: 'pods/binding', namespace: 'default', name: 'web', code: 201, user: 'kube-scheduler' },
  { t: 2500, seq: 135, component: 'kube-scheduler', kind: 'scheduler.bind', pod: 'default/web', node: 'worker-1' },
  { t: 2500, seq: 136, component: 'kubelet', ...W, kind: 'kubelet.syncPod', uid: 'd673', updateType: 'sync' },
  { t: 2505, seq: 142, component: 'kubelet', ...W, kind: 'status.update', phase: 'Pending' },
  { t: 2505, seq: 143, component: 'containerd', ...W, kind: 'cri.RunPodSandbox', phase: 'call', podSandboxId: 'a34f', uid: 'd673', attempt: 0 },
  { t: 2505, seq: 144, component: 'containerd', ...W, kind: 'image.fetch', image: 'registry.k8s.io/pause:3.10', bytes: 320000, layers: 1 },
  { t: 2505, seq: 148, component: 'kube-apiserver', kind: 'api.patch', resource: 'pods/status', namespace: 'default', name: 'web', code: 200, user: 'kubelet/worker-1' },
  { t: 2850, seq: 149, component: 'cni', ...W, kind: 'cni.ADD', plugin: 'bridge', containerId: 'a34f', ifName: 'eth0', ok: true, ip: '10.244.1.2/24' },
  { t: 3055, seq: 150, component: 'containerd', ...W, kind: 'cri.RunPodSandbox', phase: 'return', podSandboxId: 'a34f', ip: '10.244.1.2', ok: true, durationMs: 550 },
  { t: 3056, seq: 153, component: 'containerd', ...W, kind: 'cri.PullImage', phase: 'call', image: 'nginx:latest' },
  { t: 3056, seq: 154, component: 'containerd', ...W, kind: 'image.fetch', image: 'docker.io/library/nginx:latest', bytes: 72134000, layers: 3 },
  { t: 3056, seq: 155, component: 'kube-apiserver', kind: 'api.create', resource: 'events', namespace: 'default', name: 'web.1816687f767ddc06', code: 201, user: 'kubelet/worker-1' },
  { t: 5059, seq: 159, component: 'containerd', ...W, kind: 'cri.PullImage', phase: 'return', image: 'nginx:latest', size: 72134000, durationMs: 2003, ok: true },
  { t: 5062, seq: 162, component: 'containerd', ...W, kind: 'cri.CreateContainer', phase: 'call', podSandboxId: 'a34f', container: 'web', attempt: 0, image: 'nginx:latest' },
  { t: 5120, seq: 164, component: 'containerd', ...W, kind: 'cri.CreateContainer', phase: 'return', container: 'web', ok: true, durationMs: 58 },
  { t: 5120, seq: 165, component: 'containerd', ...W, kind: 'cri.StartContainer', phase: 'call', containerId: '8472' },
  { t: 5200, seq: 167, component: 'containerd', ...W, kind: 'process.start', containerId: '8472', container: 'web', program: 'nginx' },
  { t: 5200, seq: 168, component: 'containerd', ...W, kind: 'cri.StartContainer', phase: 'return', containerId: '8472', ok: true, durationMs: 80 },
  { t: 5204, seq: 174, component: 'containerd', ...W, kind: 'cri.PodSandboxStatus', phase: 'call', podSandboxId: 'a34f' },
  { t: 5204, seq: 175, component: 'containerd', ...W, kind: 'cri.ContainerStatus', phase: 'call', containerId: '8472' },
  { t: 5205, seq: 176, component: 'containerd', ...W, kind: 'cri.ContainerStatus', phase: 'return', containerId: '8472', ok: true, durationMs: 1 },
  { t: 5207, seq: 178, component: 'kubelet', ...W, kind: 'status.update', phase: 'Running' },
  { t: 5207, seq: 179, component: 'kubelet', ...W, kind: 'kubelet.syncPod', uid: 'd673', updateType: 'sync' },
  { t: 5220, seq: 200, component: 'kubelet', ...W, kind: 'kubelet.syncPod', uid: 'd673', updateType: 'sync' },
  { t: 5300, seq: 210, component: 'containerd', node: 'worker-2', pod: 'default/other', kind: 'cri.RunPodSandbox', phase: 'call' }
];

type Expect = [time: string, phase: string, from: string, to: string, label: string, detail: string, failed?: boolean];

describe('sequenceRows', () => {
  const cases: { name: string; events: TraceEvent[]; pod: string; rows: Expect[]; lanes?: string[] }[] = [
    {
      name: 'kubectl run web: from the API server to a running container',
      events: RUN,
      pod: 'default/web',
      lanes: ['api', 'scheduler', 'kubelet', 'cri', 'cni', 'c:web'],
      rows: [
        ['00:00:02.500', 'note', 'api', 'api', 'create pod', 'kubectl · 201'],
        ['00:00:02.500', 'note', 'scheduler', 'scheduler', 'attempt', 'worker-1'],
        ['00:00:02.500', 'call', 'scheduler', 'api', 'bind', 'worker-1'],
        ['00:00:02.500', 'note', 'kubelet', 'kubelet', 'syncPod', ''],
        ['00:00:02.505', 'call', 'kubelet', 'api', 'status', 'Pending'],
        ['00:00:02.505', 'call', 'kubelet', 'cri', 'RunPodSandbox', ''],
        ['00:00:02.505', 'note', 'cri', 'cri', 'fetch', 'registry.k8s.io/pause:3.10 · 0.3 MB'],
        ['00:00:02.850', 'call', 'cri', 'cni', 'ADD', '10.244.1.2/24'],
        ['00:00:03.055', 'return', 'cri', 'kubelet', 'RunPodSandbox', '550 ms'],
        ['00:00:03.056', 'call', 'kubelet', 'cri', 'PullImage', 'nginx:latest'],
        ['00:00:03.056', 'note', 'cri', 'cri', 'fetch', 'nginx:latest · 72 MB'],
        ['00:00:05.059', 'return', 'cri', 'kubelet', 'PullImage', '2003 ms'],
        ['00:00:05.062', 'call', 'kubelet', 'cri', 'CreateContainer', 'web'],
        ['00:00:05.120', 'return', 'cri', 'kubelet', 'CreateContainer', '58 ms'],
        ['00:00:05.120', 'call', 'kubelet', 'cri', 'StartContainer', ''],
        ['00:00:05.200', 'call', 'cri', 'c:web', 'start', 'nginx'],
        ['00:00:05.200', 'return', 'cri', 'kubelet', 'StartContainer', '80 ms'],
        ['00:00:05.207', 'call', 'kubelet', 'api', 'status', 'Running'],
        ['00:00:05.207', 'note', 'kubelet', 'kubelet', 'syncPod', '']
      ]
    },
    {
      name: 'failures: image pull error, container exit, unschedulable',
      pod: 'default/bad',
      events: [
        { t: 1000, seq: 1, component: 'kube-scheduler', kind: 'scheduler.attempt', pod: 'default/bad', result: 'Unschedulable', message: '0/3 nodes are available' },
        { t: 2000, seq: 2, component: 'containerd', node: 'worker-2', pod: 'default/bad', kind: 'cri.PullImage', phase: 'call', image: 'nope:1' },
        { t: 2400, seq: 3, component: 'containerd', node: 'worker-2', pod: 'default/bad', kind: 'cri.PullImage', phase: 'return', ok: false, error: 'not found', durationMs: 400 },
        { t: 9000, seq: 4, component: 'containerd', node: 'worker-2', pod: 'default/bad', kind: 'process.exit', container: 'app', exitCode: 137, reason: 'OOMKilled' },
        { t: 9500, seq: 5, component: 'cni', node: 'worker-2', pod: 'default/bad', kind: 'cni.DEL', ok: true }
      ],
      lanes: ['api', 'scheduler', 'kubelet', 'cri', 'cni', 'c:app'],
      rows: [
        ['00:00:01.000', 'note', 'scheduler', 'scheduler', 'attempt', 'Unschedulable · 0/3 nodes are available', true],
        ['00:00:02.000', 'call', 'kubelet', 'cri', 'PullImage', 'nope:1'],
        ['00:00:02.400', 'return', 'cri', 'kubelet', 'PullImage', '400 ms · not found', true],
        ['00:00:09.000', 'return', 'c:app', 'cri', 'exit 137', 'OOMKilled', true],
        ['00:00:09.500', 'call', 'cri', 'cni', 'DEL', '']
      ]
    },
    { name: 'a pod with no events', events: RUN, pod: 'default/nobody', rows: [] }
  ];

  for (const c of cases) {
    it(c.name, () => {
      const { lanes, rows } = sequenceRows(c.events, c.pod);
      expect(rows.map((r) => [r.time, r.phase, r.from, r.to, r.label, r.detail, ...(r.failed ? [true] : [])])).toEqual(c.rows);
      if (c.lanes) expect(lanes.map((l) => l.id)).toEqual(c.lanes);
    });
  }

  it('does not depend on the order events arrive in', () => {
    expect(sequenceRows([...RUN].reverse(), 'default/web')).toEqual(sequenceRows(RUN, 'default/web'));
  });
});

describe('indexByPod', () => {
  it('keeps only sequence events, per pod, and gives the same rows as the full trace', () => {
    const index = indexByPod(indexByPod(new Map(), RUN.slice(0, 10)), RUN.slice(10));
    expect([...index.keys()].sort()).toEqual(['default/other', 'default/web']);
    expect(index.get('default/web')!.some((e) => e.kind === 'cri.ContainerStatus' || e.kind.startsWith('watch.'))).toBe(false);
    expect(sequenceRows(index.get('default/web')!, 'default/web')).toEqual(sequenceRows(RUN, 'default/web'));
  });

  it('returns the same map when a batch concerns no pod, and stays bounded', () => {
    const index = indexByPod(new Map(), RUN);
    expect(indexByPod(index, [{ t: 1, seq: 999, component: 'kubelet', kind: 'lease.renew', node: 'worker-1' }])).toBe(index);
    const small = indexByPod(new Map(), RUN, 3, 1);
    expect(small.size).toBe(1);
    expect(small.get('default/other')).toHaveLength(1);
    expect(indexByPod(new Map(), RUN, 3).get('default/web')!.map((e) => e.seq)).toEqual([178, 179, 200]);
  });

  it('finds the pod of API requests by namespace and name', () => {
    expect(podKeyOf(RUN[1]!)).toBe('default/web');
    expect(podKeyOf(RUN[14]!)).toBeUndefined();
  });
});
