/**
 * Lifecycle hooks as the docs' "Attach Handlers to Container Lifecycle Events" page shows them:
 * postStart runs in the container after Started (its file is there for `kubectl exec`), a failed
 * postStart records FailedPostStartHook and kills the container, and preStop runs before the stop
 * signal and uses up part of the grace period. upstream: pkg/kubelet/lifecycle/handlers.go,
 * pkg/kubelet/kuberuntime/kuberuntime_container.go (startContainer, executePreStopHook).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';

const PODS = `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: lifecycle-demo
spec:
  containers:
  - name: lifecycle-demo-container
    image: nginx
    lifecycle:
      postStart:
        exec:
          command: ["/bin/sh", "-c", "echo Hello from the postStart handler > /usr/share/message"]
      preStop:
        exec:
          command: ["/bin/sh","-c","nginx -s quit; while killall -0 nginx; do sleep 1; done"]
---
apiVersion: v1
kind: Pod
metadata:
  name: bad-hook
spec:
  containers:
  - name: c
    image: busybox
    command: [sleep, "3600"]
    lifecycle:
      postStart:
        exec:
          command: ["sh", "-c", "echo oops >&2; exit 3"]
---
apiVersion: v1
kind: Pod
metadata:
  name: slow-stop
spec:
  terminationGracePeriodSeconds: 20
  containers:
  - name: c
    image: busybox
    command: [sleep, "3600"]
    lifecycle:
      preStop:
        sleep:
          seconds: 5
EOF`;

describe('container lifecycle hooks', () => {
  let cluster: Cluster;
  let con: Console;
  const run = async (l: string) => (await con.exec(l)).output;

  beforeAll(async () => {
    cluster = new Cluster({ seed: 2, workers: 2 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    con = new Console(cluster);
    await run(PODS);
    await run('sim advance 20s');
  });

  it('runs postStart in the container', async () => {
    expect(await run('kubectl exec lifecycle-demo -- cat /usr/share/message')).toBe('Hello from the postStart handler\n');
    expect(await run('kubectl get pod lifecycle-demo --no-headers')).toMatch(/^lifecycle-demo\s+1\/1\s+Running\s+0\s/);
  });

  it('records a failed postStart and kills the container (the Killing message is the reason)', async () => {
    const out = await run(`kubectl get events --field-selector involvedObject.name=bad-hook -o 'jsonpath={range .items[*]}{.reason}: {.message}{"\\n"}{end}'`);
    const uid = (await run('kubectl get pod bad-hook -o jsonpath={.metadata.uid}')).trim();
    expect(out).toContain(
      `FailedPostStartHook: Exec lifecycle hook ([sh -c echo oops >&2; exit 3]) for Container "c" in Pod "bad-hook_default(${uid})" failed - error: command 'sh -c echo oops >&2; exit 3' exited with 3: oops\n, message: "oops\\n"\n`
    );
    expect(out).toContain('Killing: FailedPostStartHook\n');
    expect(out.indexOf('Started: Started container c')).toBeLessThan(out.indexOf('FailedPostStartHook:'));
  });

  it('runs preStop before the stop signal, which then gets what is left of the grace period', async () => {
    const t0 = cluster.now;
    await run('kubectl delete pod slow-stop --wait=false');
    await run('sim advance 25s');
    const [stop] = cluster.conductor.trace.list({ pod: 'default/slow-stop', kind: 'cri.StopContainer' }).filter((e) => (e as any).phase === 'call');
    expect((stop as any).timeout).toBe(15);
    expect(stop.t - t0).toBeGreaterThanOrEqual(5_000);
    expect(stop.t - t0).toBeLessThan(6_000);
    expect(await run('kubectl get pod slow-stop')).toBe('Error from server (NotFound): pods "slow-stop" not found\n');
  });
});
