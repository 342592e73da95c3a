import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../sim/kernel/trace';
import { foldPulls, foldRailCalls, pullProgress, railView } from './rail';

const W = { component: 'containerd', node: 'worker-1', pod: 'default/web' };
const TRACE: TraceEvent[] = [
  { t: 2505, seq: 143, ...W, kind: 'cri.RunPodSandbox', phase: 'call' },
  { t: 2850, seq: 149, ...W, component: 'cni', kind: 'cni.ADD', ok: true },
  { t: 3055, seq: 150, ...W, kind: 'cri.RunPodSandbox', phase: 'return', ok: true, durationMs: 550 },
  { t: 3056, seq: 153, ...W, kind: 'cri.PullImage', phase: 'call', image: 'nginx:latest' },
  { t: 3056, seq: 154, ...W, kind: 'image.fetch', image: 'docker.io/library/nginx:latest', bytes: 72134000 },
  { t: 5059, seq: 159, ...W, kind: 'cri.PullImage', phase: 'return', size: 72134000, durationMs: 2003, ok: true },
  { t: 5062, seq: 162, ...W, kind: 'cri.CreateContainer', phase: 'call' },
  { t: 5120, seq: 165, ...W, kind: 'cri.StartContainer', phase: 'call' },
  { t: 5204, seq: 175, ...W, kind: 'cri.ContainerStatus', phase: 'call' }
];

describe('rail', () => {
  const calls = foldRailCalls(new Map(), TRACE).get('worker-1')!;

  it('keeps the call phase of the calls worth an arrow', () => {
    expect(calls.map((c) => `${c.from}->${c.to}:${c.method}`)).toEqual([
      'kubelet->containerd:RunPodSandbox',
      'containerd->cni:ADD',
      'kubelet->containerd:PullImage',
      'kubelet->containerd:CreateContainer',
      'kubelet->containerd:StartContainer'
    ]);
  });

  it.each([
    // [now, speed, arrow method or undefined, heat]
    [2400, 1, undefined, false],
    [2600, 1, 'RunPodSandbox', false],
    [3200, 1, 'RunPodSandbox', false], // ADD at 2850 waits for RunPodSandbox's 800 ms
    [3400, 1, 'ADD', false],
    [3500, 1, 'ADD', false],
    [4200, 1, 'PullImage', false], // queued behind ADD
    [5100, 1, 'CreateContainer', false],
    [5800, 1, 'CreateContainer', false],
    [5900, 1, 'StartContainer', false], // 800 ms after CreateContainer showed
    [9000, 1, undefined, false],
    [3000, 25, undefined, true]
  ] as const)('at %i ms, speed %d: arrow %s, heat %s', (now, speed, method, heat) => {
    const view = railView(calls, now, speed);
    expect(view.arrow?.call.method).toBe(method);
    expect(view.heat).toBe(heat);
  });

  const burst = Array.from({ length: 12 }, (_, i) => ({ seq: i, t: 1000 + i * 100, from: 'kubelet' as const, to: 'containerd' as const, method: 'StopContainer' }));
  it.each([
    [1500, 1, false, 'StopContainer'], // 6 calls so far: 3 per wall second, still arrows
    [2200, 1, true, undefined], // 12 calls in 1.1 s: 6 per wall second, glow and counters
    [2200, 0.25, false, 'StopContainer'], // at quarter speed the burst spans more than 4 wall seconds
    [4200, 1, false, 'StopContainer'], // the queue skips calls rather than lag: call 9 (t=1800) shows from 3400
    [5000, 1, false, undefined] // ...and the rest were skipped: nothing stale
  ] as const)('a burst at %i ms, speed %d: heat %s', (now, speed, heat, method) => {
    expect(railView(burst, now, speed).heat).toBe(heat);
    expect(railView(burst, now, speed).arrow?.call.method).toBe(method);
  });

  it.each([
    [0, 1, undefined, false]
  ] as const)('at %i ms, speed %d: arrow %s, heat %s', (now, speed, method, heat) => {
    const view = railView(calls, now, speed);
    expect(view.arrow?.call.method).toBe(method);
    expect(view.heat).toBe(heat);
  });

  it('counts calls per agent and remembers the last one', () => {
    const view = railView(calls, 5200, 1);
    expect(view.counts).toEqual({ kubelet: 0, containerd: 2, cni: 0, csi: 0 });
    expect(view.last?.method).toBe('StartContainer');
  });

  it('follows an image pull from call to return', () => {
    const mid = foldPulls(new Map(), TRACE.slice(0, 5));
    expect(pullProgress(mid.get('default/web'), 3056 + 1000, 500)).toBeCloseTo(1000 / (72134000 / 36000), 2);
    const done = foldPulls(mid, TRACE.slice(5));
    expect(pullProgress(done.get('default/web'), 5300, 500)).toBe(1);
    expect(pullProgress(done.get('default/web'), 6000, 500)).toBeUndefined();
  });
});
