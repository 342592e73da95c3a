/**
 * A probe worker that sleeps (prober/worker.ts): while its ticks would change nothing (its
 * httpGet / tcpSocket probe answered from the remembered success, or the pod status telling it to
 * wait) it holds no timer; whatever would change a tick wakes it, and it goes on at the instants
 * of its own period. Each run here is made twice on the same seed: once with the status manager's
 * entry (the workers may sleep) and once reading the status by lookup (they never do): every
 * probe result, Unhealthy event and results-manager update must come at the same virtual time.
 * (Within one instant their order may differ: a woken worker's timer is set when it wakes, after
 * timers an awake worker's would have preceded.)
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { describe, expect, it } from 'vitest';
import { timestamp } from '../../../../src/sim/kernel/clock';
import { VersionedMap } from '../../../../src/sim/node/fs/map-fs';
import { ProberManager } from '../../../../src/sim/kubelet/prober/prober-manager';
import { StatusManager } from '../../../../src/sim/kubelet/status/status-manager';
import type { EventRecorder } from '../../../../src/sim/client/events';
import { setup, sandboxConfig } from '../../node/cri/harness';

const POD_IP = '10.244.1.2';

function container(probes: Record<string, unknown>): { name: string; image: string; startupProbe?: unknown } {
  return Object.freeze({ name: 'c', image: 'nginx:1.27', ...probes });
}

function cluster(probes: Record<string, unknown>, sleeps: boolean) {
  const h = setup(1, { files: new VersionedMap<string, string>() });
  const c = container(probes);
  const pod = Object.freeze({ apiVersion: 'v1', kind: 'Pod', metadata: Object.freeze({ name: 'web', namespace: 'default', uid: 'uid-web' }), spec: Object.freeze({ containers: [c], restartPolicy: 'Always' }) });
  const sb = sandboxConfig('web', { logDirectory: '/var/log/pods/default_web_uid-web', hostname: 'web' });
  h.ok<string>((cb) => h.rt.PullImage('nginx:1.27', sb, cb));
  const sandboxId = h.ok<string>((cb) => h.rt.RunPodSandbox(sb, cb));
  const statuses = new StatusManager(undefined as any, 'worker-1', () => {});
  const hung = new Set<string>();
  const log: string[] = [];
  const recorder = { event: (_o: unknown, type: string, reason: string, message: string) => log.push(`${h.clock.now()} ${type} ${reason} ${message}`) } as unknown as EventRecorder;
  const pm = new ProberManager({
    clock: h.clock,
    runtime: h.rt,
    recorder,
    podStatus: (uid) => statuses.get(uid),
    ...(sleeps ? { statusCell: (uid: string) => statuses.cell(uid) } : {}),
    trace: (kind, _pod, extra) => log.push(`${h.clock.now()} ${kind} ${String(extra.result)}`),
    isHung: (id) => hung.has(id)
  });
  for (const t of ['liveness', 'readiness', 'startup'] as const)
    pm.onUpdate(t, (u) => {
      log.push(`${h.clock.now()} ${t}=${u.result}`);
      // The kubelet sets `started` from the startup results when it next makes the status.
      if (t === 'startup') h.clock.after(5, () => setStatus(current));
    });
  let attempt = 0;
  /** A new container (created, started, and the pod's status set: started as the startup probe says). */
  const run = () => {
    const id = h.ok<string>((cb) => h.rt.CreateContainer(sandboxId, { metadata: { name: 'c', attempt: attempt++ }, image: 'nginx:1.27', logPath: `c/${attempt}.log` }, sb, cb));
    h.ok<void>((cb) => h.rt.StartContainer(id, cb));
    setStatus(id);
    return id;
  };
  const setStatus = (id: string) => {
    const cid = `containerd://${id}`;
    const started = !c.startupProbe || pm.startupManager.get(cid) === 'Success';
    statuses.setPodStatus(pod, { phase: 'Running', podIP: POD_IP, containerStatuses: [{ name: 'c', containerID: cid, started, state: { running: { startedAt: timestamp(startedAt) } } }] }, false);
  };
  const startedAt = 0;
  let current = run();
  pm.addPod(pod);
  return {
    h,
    pm,
    log,
    hang: () => {
      hung.add(current);
      h.rt.answersChanged();
    },
    restart: () => {
      h.rt.StopContainer(current, 0, () => {});
      h.clock.runUntil(h.clock.now() + 100);
      current = run();
    },
    exec: (cmd: string) => h.ok((cb) => h.rt.ExecSync(current, ['sh', '-c', cmd], 1, cb))
  };
}

type Script = (c: ReturnType<typeof cluster>) => void;

/** The same script with workers that may sleep and with workers that never do: the same log, and the pending timers of each. */
function twice(probes: Record<string, unknown>, script: Script, steadyAt: number) {
  const runs = [true, false].map((sleeps) => {
    const c = cluster(probes, sleeps);
    c.h.clock.runUntil(steadyAt);
    const pending = c.h.clock.pending();
    script(c);
    return { log: c.log, pending };
  });
  // Lines are "<virtual ms> <what>": sorted, each instant's lines are compared as a set.
  const byInstant = (log: string[]) => [...log].sort((a, b) => Number(a.split(' ')[0]) - Number(b.split(' ')[0]) || (a < b ? -1 : a > b ? 1 : 0));
  expect(byInstant(runs[0].log)).toEqual(byInstant(runs[1].log));
  return { log: runs[0].log, pendingAsleep: runs[0].pending, pendingAwake: runs[1].pending };
}

const READINESS_HTTP = { readinessProbe: { httpGet: { path: '/', port: 80 }, periodSeconds: 10, failureThreshold: 3 } };

describe('a probe worker asleep on a remembered answer', () => {
  it('holds no timer while nginx keeps answering, then fails on its own period once the container hangs', () => {
    const r = twice(
      READINESS_HTTP,
      (c) => {
        c.h.clock.runUntil(63_333);
        c.hang();
        c.h.clock.runUntil(120_000);
      },
      60_000
    );
    // The readiness worker's timer is the difference.
    expect(r.pendingAwake - r.pendingAsleep).toBe(1);
    const failures = r.log.filter((l) => / probe\.readiness Failure/.test(l)).map((l) => Number(l.split(' ')[0]));
    expect(failures.length).toBeGreaterThanOrEqual(3);
    // On the worker's own period: 10 s apart, the first within a period of the hang.
    expect(failures[0]).toBeGreaterThan(63_333);
    expect(failures[0]).toBeLessThanOrEqual(73_333 + 1000);
    expect(failures[1] - failures[0]).toBe(10_000);
    expect(r.log.filter((l) => / readiness=Failure$/.test(l))).toHaveLength(2);
    expect(r.log.some((l) => /Warning Unhealthy Readiness probe failed: Get "http:\/\/10\.244\.1\.2:80\/": context deadline exceeded/.test(l))).toBe(true);
  });

  it('wakes when a file in the container changes: the page removed is a 404 on the next tick, the page back is Ready again', () => {
    const r = twice(
      READINESS_HTTP,
      (c) => {
        c.h.clock.runUntil(64_321);
        c.exec('rm /usr/share/nginx/html/index.html');
        c.h.clock.runUntil(101_234);
        c.exec('echo back > /usr/share/nginx/html/index.html');
        c.h.clock.runUntil(140_000);
      },
      60_000
    );
    expect(r.log.filter((l) => /Readiness probe failed: HTTP probe failed with statuscode: 404/.test(l))).toHaveLength(3);
    expect(r.log.filter((l) => /readiness=/.test(l)).map((l) => l.split(' ')[1])).toEqual(['readiness=Failure', 'readiness=Success', 'readiness=Failure', 'readiness=Success']);
  });
});

describe('a probe worker asleep on the pod status', () => {
  it('a started container’s startup probe holds no timer, and probes the next container from its own period', () => {
    const r = twice(
      { startupProbe: { tcpSocket: { port: 80 }, periodSeconds: 10 }, livenessProbe: { exec: { command: ['true'] }, periodSeconds: 10 } },
      (c) => {
        c.h.clock.runUntil(75_555);
        c.restart();
        c.h.clock.runUntil(130_000);
      },
      60_000
    );
    expect(r.pendingAwake - r.pendingAsleep).toBe(1);
    // Startup succeeded for each container: two Success updates, the second after the restart.
    const startups = r.log.filter((l) => / startup=Success$/.test(l)).map((l) => Number(l.split(' ')[0]));
    expect(startups).toHaveLength(2);
    expect(startups[1]).toBeGreaterThan(75_555);
    expect(startups[1] - startups[0]).toBeGreaterThanOrEqual(70_000);
  });
});
