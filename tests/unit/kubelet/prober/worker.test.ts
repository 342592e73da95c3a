/**
 * The probe workers and the prober manager on a SimClock with a fake runtime: timing
 * (initialDelaySeconds, periodSeconds, start jitter), thresholds, initial results, the startup
 * gate, liveness hold until a new container, UpdatePodStatus, and that a steady result reports nothing.
 */
import { describe, expect, it } from 'vitest';
import { SimClock, timestamp } from '../../../../src/sim/kernel/clock';
import { Rand } from '../../../../src/sim/kernel/rand';
import { ProberManager } from '../../../../src/sim/kubelet/prober/prober-manager';
import type { EventRecorder } from '../../../../src/sim/client/events';

/* eslint-disable @typescript-eslint/no-explicit-any */

const exec = (o: Record<string, number> = {}) => ({ exec: { command: ['cat', '/tmp/healthy'] }, ...o });

function setup(container: any, opts: { addAt?: number; rand?: Rand } = {}) {
  const clock = new SimClock();
  const calls: number[] = [];
  const events: string[] = [];
  const traces: any[] = [];
  const state = { healthy: true, containerID: 'containerd://a', startedAt: 0, started: true };
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', uid: 'u1' }, spec: { containers: [container], restartPolicy: 'Always' } };
  const runtime = {
    ExecSync: (_id: string, _cmd: string[], _t: number, cb: any) => {
      calls.push(clock.now());
      clock.after(10, () => cb({ ok: true, value: { stdout: '', stderr: state.healthy ? '' : "cat: can't open '/tmp/healthy': No such file or directory\n", exitCode: state.healthy ? 0 : 1 } }));
    },
    processesAt: () => undefined,
    hostNetworkProcesses: () => []
  };
  const recorder = { event: (_o: any, type: string, reason: string, message: string) => events.push(`${type} ${reason} ${message.trim()}`) } as unknown as EventRecorder;
  const pm = new ProberManager({
    clock,
    runtime,
    recorder,
    rand: opts.rand,
    trace: (kind, _pod, extra) => traces.push({ t: clock.now(), kind, ...extra }),
    podStatus: () => ({
      phase: 'Running',
      podIP: '10.244.1.5',
      containerStatuses: [{ name: container.name, containerID: state.containerID, started: state.started, state: { running: { startedAt: timestamp(state.startedAt) } } }]
    })
  });
  const updates: string[] = [];
  for (const t of ['liveness', 'readiness', 'startup'] as const) pm.onUpdate(t, (u) => updates.push(`${t}=${u.result}@${clock.now()}`));
  clock.at(opts.addAt ?? 20_000, () => pm.addPod(pod));
  return { clock, pm, calls, events, traces, state, updates, pod };
}

describe('probe worker timing', () => {
  it('waits initialDelaySeconds from the container start, then probes every periodSeconds', () => {
    const s = setup({ name: 'c', livenessProbe: exec({ initialDelaySeconds: 25, periodSeconds: 5 }) });
    s.clock.runUntil(60_000);
    // Added at 20 s (not right after the kubelet start: no jitter): ticks at 20, 25, ...; the first at >= 25 s since start.
    expect(s.calls).toEqual([25_000, 30_000, 35_000, 40_000, 45_000, 50_000, 55_000, 60_000]);
  });

  it('right after a kubelet start the first probe waits a seeded random part of the period', () => {
    const a = setup({ name: 'c', livenessProbe: exec({ periodSeconds: 10 }) }, { addAt: 0, rand: new Rand(1) });
    const b = setup({ name: 'c', livenessProbe: exec({ periodSeconds: 10 }) }, { addAt: 0, rand: new Rand(1) });
    a.clock.runUntil(30_000);
    b.clock.runUntil(30_000);
    expect(a.calls[0]).toBeGreaterThan(0);
    expect(a.calls[0]).toBeLessThan(10_000);
    expect(a.calls).toEqual(b.calls);
    expect(a.calls[1] - a.calls[0]).toBe(10_000);
  });
});

describe('probe worker results', () => {
  it('liveness: initial Success, Failure only at failureThreshold, then holds until a new container', () => {
    const s = setup({ name: 'c', livenessProbe: exec({ periodSeconds: 5 }) });
    s.clock.at(31_000, () => (s.state.healthy = false));
    s.clock.runUntil(60_000);
    // Failures at 35, 40, 45 s: the third crosses failureThreshold 3.
    expect(s.updates).toEqual(['liveness=Success@20000', 'liveness=Failure@45010']);
    expect(s.pm.livenessManager.get('containerd://a')).toBe('Failure');
    expect(s.calls.filter((t) => t > 45_000)).toEqual([]);
    expect(s.events).toEqual(Array(3).fill("Warning Unhealthy Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory"));
    // A new container resumes probing from the initial result.
    s.state.containerID = 'containerd://b';
    s.state.startedAt = 60_000;
    s.state.healthy = true;
    s.clock.runUntil(70_000);
    expect(s.pm.livenessManager.get('containerd://b')).toBe('Success');
    expect(s.pm.livenessManager.get('containerd://a')).toBeUndefined();
    expect(s.calls.filter((t) => t > 60_000).length).toBeGreaterThan(0);
  });

  it('a steady success reports no update and traces only the first success', () => {
    const s = setup({ name: 'c', livenessProbe: exec({ periodSeconds: 1 }) });
    s.clock.runUntil(120_000);
    expect(s.calls.length).toBe(101);
    expect(s.updates).toEqual(['liveness=Success@20000']);
    expect(s.traces.map((t) => `${t.kind} ${t.result}`)).toEqual(['probe.liveness Success']);
  });

  it('readiness: initial Failure; successThreshold 2 needs two successes in a row', () => {
    const s = setup({ name: 'c', readinessProbe: exec({ periodSeconds: 5, successThreshold: 2 }) });
    s.clock.runUntil(31_000);
    expect(s.updates).toEqual(['readiness=Failure@20000', 'readiness=Success@25010']);
  });

  it('startup gates liveness until the container has started; startup Unknown at first', () => {
    const s = setup({ name: 'c', livenessProbe: exec({ periodSeconds: 5 }), startupProbe: exec({ periodSeconds: 5 }) });
    s.state.started = false;
    s.clock.runUntil(21_000);
    // Only the startup probe ran; the liveness worker waits.
    expect(s.calls).toEqual([20_000]);
    expect(s.updates).toContain('startup=Unknown@20000');
    expect(s.updates).toContain('startup=Success@20010');
    const statuses = [{ name: 'c', containerID: 'containerd://a', state: { running: {} }, ready: true, started: true }];
    s.pm.updatePodStatus(s.pod, statuses, []);
    expect(statuses[0]).toMatchObject({ started: true, ready: true });
  });
});

describe('UpdatePodStatus', () => {
  it('a readiness probe that has not succeeded keeps the container not ready; no probe: ready once running', () => {
    const s = setup({ name: 'c', readinessProbe: exec({ initialDelaySeconds: 100 }) });
    s.clock.runUntil(21_000);
    const statuses = [{ name: 'c', containerID: 'containerd://a', state: { running: {} }, ready: true, started: true }];
    s.pm.updatePodStatus(s.pod, statuses, []);
    expect(statuses[0]).toMatchObject({ started: true, ready: false });
    const none = [{ name: 'other', containerID: 'containerd://z', state: { running: {} }, ready: false, started: false }];
    s.pm.updatePodStatus(s.pod, none, []);
    expect(none[0]).toMatchObject({ started: true, ready: true });
    const waiting = [{ name: 'other', containerID: '', state: { waiting: {} }, ready: true, started: true }];
    s.pm.updatePodStatus(s.pod, waiting, []);
    expect(waiting[0]).toMatchObject({ started: false, ready: false });
  });
});
