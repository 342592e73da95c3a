/**
 * The kubelet's journal at work, gated by its verbosity (KubeletConfiguration logging.verbosity,
 * klog's --v) as upstream: at 0 only errors (a container in back-off), at 2 the sync loop's ADD /
 * DELETE / REMOVE, PLEG's events and the prober's failures too.
 * upstream: pkg/kubelet/kubelet.go syncLoopIteration / handleProbeSync, pkg/kubelet/prober/prober.go,
 * pkg/kubelet/pod_workers.go ("Error syncing pod, skipping").
 */
import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';

const LIVE = `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: live
spec:
  containers:
  - name: c
    image: busybox
    args: [sh, -c, "sleep 3600"]
    livenessProbe:
      exec:
        command: [cat, /tmp/healthy]
      periodSeconds: 5
EOF`;

async function journalAfter(verbosity: number | undefined): Promise<string[]> {
  const cluster = new Cluster({ seed: 7, workers: 1 });
  expect(await cluster.waitForNodesReady()).toBe(true);
  const con = new Console(cluster);
  if (verbosity !== undefined) {
    await con.exec(`sim kubelet config worker-1 -f - <<EOF\napiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nlogging:\n  verbosity: ${verbosity}\nEOF`);
    await con.exec('sim advance 15s');
  }
  // One worker: the scheduler puts both pods on worker-1.
  expect((await con.exec('kubectl run crash --image=busybox -- sh -c "exit 1"')).output).toBe('pod/crash created\n');
  await con.exec(LIVE);
  await con.exec('sim advance 40s');
  await con.exec('kubectl delete pod live --wait=false');
  await con.exec('sim advance 45s');
  return (await con.exec('sim kubelet logs worker-1')).output.split('\n');
}

describe('the kubelet journal and its verbosity', () => {
  it('at verbosity 0 (the default): the back-off errors, once per step, and none of the V(1)/V(2) lines', async () => {
    const lines = await journalAfter(undefined);
    const errors = lines.filter((l) => l.includes('"Error syncing pod, skipping"'));
    expect(errors.map((l) => /back-off (\S+) restarting/.exec(l)?.[1])).toEqual(['10s', '20s', '40s', '1m20s']);
    expect(errors[0]).toMatch(
      /kubelet\[\d+\]: E0101 \d\d:\d\d:\d\d\.\d{6} +\d+ pod_workers\.go:1301\] "Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"crash\\" with CrashLoopBackOff: \\"back-off 10s restarting failed container=crash pod=crash_default\([0-9a-f-]{36}\)\\"" pod="default\/crash" podUID="[0-9a-f-]{36}"$/
    );
    expect(lines.some((l) => /SyncLoop|Probe failed/.test(l))).toBe(false);
  }, 60_000);

  it('at verbosity 2: SyncLoop ADD / DELETE / REMOVE, PLEG events, "Probe failed" and "SyncLoop (probe)"', async () => {
    const lines = await journalAfter(2);
    const about = (pod: string) => lines.filter((l) => l.includes(`"default/${pod}"`)).map((l) => /\] "([^"]+)"/.exec(l)?.[1]);
    const live = about('live');
    expect(live.slice(0, 5)).toEqual(['SyncLoop ADD', 'Probe failed', 'Probe failed', 'Probe failed', 'SyncLoop (probe)']);
    expect(live).toContain('SyncLoop (PLEG): event for pod');
    // Deleted: DELETE when the deletion starts, the container's death from PLEG, REMOVE once it is gone.
    expect(live.slice(live.indexOf('SyncLoop DELETE'))).toEqual(['SyncLoop DELETE', 'SyncLoop (PLEG): event for pod', 'SyncLoop REMOVE']);
    expect(lines.find((l) => l.includes('"SyncLoop ADD"') && l.includes('default/live'))).toMatch(/kubelet\.go:\d+\] "SyncLoop ADD" source="api" pods=\["default\/live"\]$/);
    expect(lines.find((l) => l.includes('"Probe failed"'))).toMatch(
      /prober\.go:\d+\] "Probe failed" probeType="Liveness" pod="default\/live" podUID="[0-9a-f-]{36}" containerName="c" probeResult="failure" output="cat: can't open '\/tmp\/healthy': No such file or directory\\n"$/
    );
    expect(lines.find((l) => l.includes('"SyncLoop (probe)"'))).toMatch(/"SyncLoop \(probe\)" probe="liveness" status="unhealthy" pod="default\/live"$/);
    expect(lines.find((l) => l.includes('(PLEG)') && l.includes('default/crash'))).toMatch(
      /"SyncLoop \(PLEG\): event for pod" pod="default\/crash" event=\{"ID":"[0-9a-f-]{36}","Type":"ContainerDied","Data":"[0-9a-f]{64}"\}$/
    );
  }, 60_000);
});
