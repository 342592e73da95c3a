/**
 * The Kubernetes docs' probe examples through the console, at their documented virtual times
 * (content/en/docs/tasks/configure-pod-container/configure-liveness-readiness-startup-probes.md),
 * plus a readiness failure that empties a Service's endpoints without a restart and a hung
 * container (`sim container hang`).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Cluster } from '../../../src/sim/cluster/cluster';
import { Console } from '../../../src/sim/cluster/console';

/* eslint-disable @typescript-eslint/no-explicit-any */

const EXAMPLES = '/work/shared/examples/kubernetes-website';

async function boot(seed = 7) {
  const cluster = new Cluster({ seed, workers: 2 });
  expect(await cluster.waitForNodesReady()).toBe(true);
  return new Console(cluster);
}

async function sh(console: Console, script: string): Promise<string> {
  return (await console.exec(script)).output;
}

async function pod(console: Console, name: string): Promise<any> {
  return JSON.parse(await sh(console, `kubectl get pod ${name} -o json`));
}

async function events(console: Console, name: string): Promise<any[]> {
  return JSON.parse(await sh(console, `kubectl get events --field-selector involvedObject.name=${name} -o json`)).items;
}

/** `kubectl apply -f FILE` as the console takes it (a heredoc: the console reads no host files). */
const applyExample = (file: string) => `kubectl apply -f - <<EOF\n${readFileSync(`${EXAMPLES}/${file}`, 'utf8')}\nEOF`;

const byReason = (evs: any[], reason: string) => evs.filter((e) => e.reason === reason);
const restarts = (p: any) => p.status.containerStatuses[0].restartCount;
const ready = (p: any) => p.status.conditions.find((c: any) => c.type === 'Ready').status;

describe('probes: the docs examples', () => {
  it('exec-liveness: no failure in the first 30 s, then 3 failures, Killing and a restart', async () => {
    const c = await boot();
    await sh(c, applyExample('exec-liveness.yaml'));
    await sh(c, 'sim advance 30s');
    expect(byReason(await events(c, 'liveness-exec'), 'Unhealthy')).toEqual([]);
    expect(restarts(await pod(c, 'liveness-exec'))).toBe(0);
    await sh(c, 'sim advance 25s');
    const evs = await events(c, 'liveness-exec');
    const unhealthy = byReason(evs, 'Unhealthy');
    expect(unhealthy).toHaveLength(1);
    expect(unhealthy[0].type).toBe('Warning');
    expect(unhealthy[0].count).toBe(3);
    expect(unhealthy[0].message.trim()).toBe("Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory");
    expect(unhealthy[0].involvedObject.fieldPath).toBe('spec.containers{liveness}');
    expect(byReason(evs, 'Killing').map((e) => e.message)).toEqual(['Container liveness failed liveness probe, will be restarted']);
    const describe = await sh(c, 'kubectl describe pod liveness-exec');
    expect(describe).toContain('Liveness:       exec [cat /tmp/healthy] delay=5s timeout=1s period=5s #success=1 #failure=3');
    expect(describe).toMatch(/Warning {2}Unhealthy {2}\S+ \(x3 over \S+\) +kubelet +Liveness probe failed: cat: can't open '\/tmp\/healthy': No such file or directory/);
    // sh as PID 1 ignores SIGTERM: the kill takes the 30 s grace period, then the container comes back.
    await sh(c, 'sim advance 35s');
    const p = await pod(c, 'liveness-exec');
    expect(restarts(p)).toBe(1);
    expect(p.status.containerStatuses[0].lastState.terminated).toMatchObject({ exitCode: 137, reason: 'Error' });
    expect(await sh(c, 'kubectl get pod liveness-exec')).toMatch(/liveness-exec {3}1\/1 {5}Running {3}1 \(\d+s ago\)/);
  }, 60_000);

  it('http-liveness: /healthz answers 500 after 10 s and the container is restarted', async () => {
    const c = await boot();
    await sh(c, applyExample('http-liveness.yaml'));
    await sh(c, 'sim advance 10s');
    expect(restarts(await pod(c, 'liveness-http'))).toBe(0);
    await sh(c, 'sim advance 20s');
    const evs = await events(c, 'liveness-http');
    expect(byReason(evs, 'Unhealthy')[0].message).toBe('Liveness probe failed: HTTP probe failed with statuscode: 500');
    expect(byReason(evs, 'Killing')[0].message).toBe('Container liveness failed liveness probe, will be restarted');
    expect(restarts(await pod(c, 'liveness-http'))).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('tcp-liveness-readiness: not ready before the first probe at 15 s, ready after it, never restarted', async () => {
    const c = await boot();
    await sh(c, applyExample('tcp-liveness-readiness.yaml'));
    await sh(c, 'sim advance 14s');
    let p = await pod(c, 'goproxy');
    expect(p.status.phase).toBe('Running');
    expect(ready(p)).toBe('False');
    expect(p.status.containerStatuses[0].ready).toBe(false);
    // The first probe runs at most one period (10 s) after the 15 s delay (the workers start jittered after a kubelet start).
    await sh(c, 'sim advance 16s');
    p = await pod(c, 'goproxy');
    expect(ready(p)).toBe('True');
    expect(await sh(c, 'kubectl get pod goproxy')).toMatch(/goproxy {3}1\/1 {5}Running {3}0 /);
    await sh(c, 'sim advance 60s');
    expect(restarts(await pod(c, 'goproxy'))).toBe(0);
    expect(byReason(await events(c, 'goproxy'), 'Unhealthy')).toEqual([]);
  }, 60_000);
});

/** The docs' "Protect slow starting containers" pattern: liveness and startup on the same named port. */
const slowStart = (name: string, startAfter: number, startupFailures: number) => `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep ${startAfter}; mkdir -p /www; echo ok > /www/healthz; httpd -f -p 8080 -h /www"]
    ports:
    - name: liveness-port
      containerPort: 8080
    livenessProbe:
      httpGet:
        path: /healthz
        port: liveness-port
      failureThreshold: 1
      periodSeconds: 10
    startupProbe:
      httpGet:
        path: /healthz
        port: liveness-port
      failureThreshold: ${startupFailures}
      periodSeconds: 10
EOF`;

describe('probes: startup probe', () => {
  it('a slow start within failureThreshold x periodSeconds is not killed; liveness waits for it', async () => {
    const c = await boot();
    await sh(c, slowStart('slow', 40, 30));
    await sh(c, 'sim advance 35s');
    let p = await pod(c, 'slow');
    expect(p.status.containerStatuses[0].started).toBe(false);
    expect(ready(p)).toBe('False');
    const ip = p.status.podIP;
    const unhealthy = byReason(await events(c, 'slow'), 'Unhealthy');
    expect(unhealthy[0].message).toBe(`Startup probe failed: Get "http://${ip}:8080/healthz": dial tcp ${ip}:8080: connect: connection refused`);
    await sh(c, 'sim advance 30s');
    p = await pod(c, 'slow');
    expect(p.status.containerStatuses[0].started).toBe(true);
    expect(ready(p)).toBe('True');
    await sh(c, 'sim advance 60s');
    expect(restarts(await pod(c, 'slow'))).toBe(0);
    // Liveness never ran before the start: every Unhealthy event is the startup probe's.
    expect(byReason(await events(c, 'slow'), 'Unhealthy').every((e) => e.message.startsWith('Startup probe failed'))).toBe(true);
  }, 60_000);

  it('a container that never starts in time is killed by the startup probe and restarted', async () => {
    const c = await boot();
    await sh(c, slowStart('never', 600, 3));
    await sh(c, 'sim advance 70s');
    const evs = await events(c, 'never');
    expect(byReason(evs, 'Killing')[0].message).toBe('Container app failed startup probe, will be restarted');
    expect(restarts(await pod(c, 'never'))).toBe(1);
  }, 60_000);
});

describe('probes: readiness', () => {
  it('a readiness failure empties the Service endpoints and never restarts the container', async () => {
    const c = await boot();
    await sh(
      c,
      `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
  labels:
    app: web
spec:
  containers:
  - name: web
    image: busybox:1.36
    command: ["sh", "-c", "touch /tmp/ready; mkdir -p /www; httpd -f -p 8080 -h /www"]
    readinessProbe:
      exec:
        command: ["cat", "/tmp/ready"]
      periodSeconds: 2
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
  - port: 80
    targetPort: 8080
EOF`
    );
    await sh(c, 'sim advance 20s');
    const ip = (await pod(c, 'web')).status.podIP;
    expect(await sh(c, 'kubectl get endpoints web')).toContain(`${ip}:8080`);
    await sh(c, 'kubectl exec web -- rm /tmp/ready');
    await sh(c, 'sim advance 10s');
    const p = await pod(c, 'web');
    expect(ready(p)).toBe('False');
    expect(p.status.containerStatuses[0].ready).toBe(false);
    expect(restarts(p)).toBe(0);
    const ep = JSON.parse(await sh(c, 'kubectl get endpoints web -o json'));
    expect(ep.subsets[0].addresses ?? []).toEqual([]);
    expect(ep.subsets[0].notReadyAddresses.map((a: any) => a.ip)).toEqual([ip]);
    expect(await sh(c, 'kubectl get endpoints web')).not.toContain(ip);
    expect(byReason(await events(c, 'web'), 'Unhealthy')[0].message.trim()).toBe("Readiness probe failed: cat: can't open '/tmp/ready': No such file or directory");
    expect(byReason(await events(c, 'web'), 'Killing')).toEqual([]);
    // Ready again once the file is back.
    await sh(c, 'kubectl exec web -- touch /tmp/ready');
    await sh(c, 'sim advance 5s');
    expect(ready(await pod(c, 'web'))).toBe('True');
  }, 60_000);

  it('a hung container times out its probes: liveness restarts it', async () => {
    const c = await boot();
    await sh(
      c,
      `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: hang
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "mkdir -p /www; echo ok > /www/healthz; httpd -f -p 8080 -h /www"]
    livenessProbe:
      httpGet:
        path: /healthz
        port: 8080
      periodSeconds: 5
      timeoutSeconds: 2
EOF`
    );
    await sh(c, 'sim advance 15s');
    await sh(c, 'sim container hang hang');
    await sh(c, 'sim advance 20s');
    const evs = await events(c, 'hang');
    const ip = (await pod(c, 'hang')).status.podIP;
    expect(byReason(evs, 'Unhealthy')[0].message).toBe(`Liveness probe failed: Get "http://${ip}:8080/healthz": context deadline exceeded (Client.Timeout exceeded while awaiting connection)`);
    expect(byReason(evs, 'Killing')[0].message).toBe('Container app failed liveness probe, will be restarted');
  }, 60_000);

  it('a hung nginx fails a readiness probe that was passing from its remembered answer: not Ready, not restarted', async () => {
    // nginx answers each probe the same while nothing on the node changes: the readiness worker
    // sleeps on that answer, and the hang must wake it.
    const c = await boot();
    await sh(
      c,
      `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    readinessProbe:
      httpGet:
        path: /
        port: 80
      periodSeconds: 5
EOF`
    );
    await sh(c, 'sim advance 60s');
    expect(ready(await pod(c, 'web'))).toBe('True');
    const hungAt = Date.parse(`2025-01-01T${(await sh(c, 'sim time')).split(' ')[0]}Z`);
    await sh(c, 'sim container hang web');
    // failureThreshold 3 at 5 s a probe, each timing out after 1 s: not Ready within 16 s.
    await sh(c, 'sim advance 16s');
    const p = await pod(c, 'web');
    expect(ready(p)).toBe('False');
    expect(restarts(p)).toBe(0);
    const unhealthy = byReason(await events(c, 'web'), 'Unhealthy');
    expect(unhealthy[0].message).toBe(`Readiness probe failed: Get "http://${p.status.podIP}:80/": context deadline exceeded (Client.Timeout exceeded while awaiting connection)`);
    // The first failure is the worker's next tick after the hang, within one period of it.
    // Past the threshold the kubelet's status syncs also trigger the readiness probe at once
    // (upstream: prober_manager.go UpdatePodStatus, manualTriggerCh): five failures in 16 s.
    // (Event timestamps are whole seconds.)
    const first = Date.parse(unhealthy[0].firstTimestamp) - Math.floor(hungAt / 1000) * 1000;
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThanOrEqual(5000);
    expect(unhealthy[0].count).toBe(5);
  }, 60_000);
});

/** A busybox whose health file goes away after 10 s; sh as PID 1 ignores SIGTERM, so a kill lasts the whole grace period. */
const unhealthyAfter10s = (name: string, extra: { restartPolicy?: string; probeGrace?: number }) => `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  restartPolicy: ${extra.restartPolicy ?? 'Always'}
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "touch /tmp/healthy; sleep 10; rm -f /tmp/healthy; sleep 600"]
    livenessProbe:
      exec:
        command: ["cat", "/tmp/healthy"]
      periodSeconds: 2
      failureThreshold: 1${extra.probeGrace !== undefined ? `\n      terminationGracePeriodSeconds: ${extra.probeGrace}` : ''}
EOF`;

describe('probes: what a liveness kill does', () => {
  it('restartPolicy Never: killed, not restarted, the pod ends Failed', async () => {
    const c = await boot();
    await sh(c, unhealthyAfter10s('once', { restartPolicy: 'Never' }));
    await sh(c, 'sim advance 60s');
    const p = await pod(c, 'once');
    expect(byReason(await events(c, 'once'), 'Killing')[0].message).toBe('Container app failed liveness probe');
    expect(p.status.phase).toBe('Failed');
    expect(restarts(p)).toBe(0);
    expect(p.status.containerStatuses[0].state.terminated.exitCode).toBe(137);
  }, 60_000);

  it("the probe's terminationGracePeriodSeconds replaces the pod's 30 s", async () => {
    const c = await boot();
    await sh(c, unhealthyAfter10s('quick', { probeGrace: 3 }));
    await sh(c, unhealthyAfter10s('slow', {}));
    await sh(c, 'sim advance 25s');
    // Killed at about 12-16 s: with 3 s of grace it is back by 25 s, with 30 s it is still stopping.
    expect(restarts(await pod(c, 'quick'))).toBe(1);
    expect(restarts(await pod(c, 'slow'))).toBe(0);
    await sh(c, 'sim advance 25s');
    expect(restarts(await pod(c, 'slow'))).toBe(1);
  }, 60_000);

  it('a sidecar failing liveness is restarted alone ("Init container x failed liveness probe")', async () => {
    const c = await boot();
    await sh(
      c,
      `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: side
spec:
  terminationGracePeriodSeconds: 2
  initContainers:
  - name: proxy
    image: busybox:1.36
    restartPolicy: Always
    command: ["sh", "-c", "touch /tmp/h; sleep 10; rm /tmp/h; sleep 600"]
    livenessProbe:
      exec:
        command: ["cat", "/tmp/h"]
      periodSeconds: 2
      failureThreshold: 1
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
EOF`
    );
    await sh(c, 'sim advance 20s');
    const p = await pod(c, 'side');
    expect(p.status.initContainerStatuses[0].restartCount).toBe(1);
    expect(p.status.containerStatuses[0].restartCount).toBe(0);
    const killing = byReason(await events(c, 'side'), 'Killing');
    expect(killing.map((e) => [e.message, e.involvedObject.fieldPath])).toEqual([['Init container proxy failed liveness probe', 'spec.initContainers{proxy}']]);
  }, 60_000);
});
