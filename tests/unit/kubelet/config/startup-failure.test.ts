/** A kubelet that cannot start: invalid configuration, swap on, a cgroup driver the runtime does not use. */
import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';

async function boot() {
  const cluster = new Cluster({ seed: 1, workers: 2 });
  expect(await cluster.waitForNodesReady()).toBe(true);
  return { cluster, con: new Console(cluster) };
}

const config = (body: string) => `apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n${body}`;
const apply = (node: string, body: string) => `sim kubelet config ${node} -f - <<EOF\n${config(body)}\nEOF`;

describe('kubelet start-up failures', () => {
  it('an invalid configuration makes the kubelet exit and restart every 10 s; the node goes NotReady; a fixed one brings it back', async () => {
    const { con } = await boot();
    const r = await con.exec([apply('worker-1', 'imageGCHighThresholdPercent: 40\nimageGCLowThresholdPercent: 80'), 'sim advance 65s', 'kubectl get node worker-1', 'sim kubelet logs worker-1 --tail 6'].join('\n'));
    expect(r.output).toMatch(/\nworker-1\s+NotReady\s+<none>/);
    const journal = r.output.slice(r.output.indexOf('Jan 01')).trimEnd().split('\n');
    expect(journal).toHaveLength(6);
    expect(journal[0]).toMatch(/^Jan 01 00:01:\d\d worker-1 systemd\[1\]: kubelet\.service: Scheduled restart job, restart counter is at 6\.$/);
    expect(journal[1]).toMatch(/systemd\[1\]: Stopped kubelet\.service - kubelet: The Kubernetes Node Agent\.$/);
    expect(journal[2]).toMatch(/systemd\[1\]: Started kubelet\.service - kubelet: The Kubernetes Node Agent\.$/);
    expect(journal[3]).toMatch(
      /kubelet\[\d+\]: E0101 00:01:\d\d\.\d{6} +\d+ run\.go:72\] "command failed" err="failed to validate kubelet configuration, error: invalid configuration: imageGCLowThresholdPercent \(--image-gc-low-threshold\) 80 must be less than imageGCHighThresholdPercent \(--image-gc-high-threshold\) 40, path: &TypeMeta\{Kind:,APIVersion:,\}"$/
    );
    expect(journal[4]).toMatch(/systemd\[1\]: kubelet\.service: Main process exited, code=exited, status=1\/FAILURE$/);
    expect(journal[5]).toMatch(/systemd\[1\]: kubelet\.service: Failed with result 'exit-code'\.$/);
    const fixed = await con.exec([apply('worker-1', 'maxPods: 110'), 'sim advance 15s', 'kubectl get node worker-1', 'sim kubelet logs worker-1 --tail 1'].join('\n'));
    expect(fixed.output).toMatch(/\nworker-1\s+Ready\s+<none>/);
    expect(fixed.output).toMatch(/kubelet_node_status\.go:\d+\] "Node was previously registered" node="worker-1"\n$/);
  }, 60_000);

  it('a file the kubelet cannot decode is refused and changes nothing', async () => {
    const { con } = await boot();
    const r = await con.exec(['sim kubelet config worker-1 -f - <<EOF', 'apiVersion: v1', 'kind: Pod', 'EOF', 'sim kubelet config worker-1'].join('\n'));
    expect(r.exitCode).toBe(1);
    expect(r.output).toContain('error: error loading KubeletConfiguration from stdin: no kind "Pod" is registered for version "v1"');
    expect(r.output).toContain('maxPods: 110');
  }, 60_000);

  it('a node with swap keeps its kubelet down until failSwapOn is false', async () => {
    const { con } = await boot();
    const r = await con.exec(['sim node add worker-3 --swap 1Gi', 'sim advance 30s', 'kubectl get nodes worker-3', 'sim kubelet logs worker-3 --tail 3'].join('\n'));
    expect(r.output).toContain('Error from server (NotFound): nodes "worker-3" not found');
    expect(r.output).toContain(
      '"command failed" err="failed to run Kubelet: running with swap on is not supported, please disable swap! or set --fail-swap-on flag to false. /proc/swaps contained: [Filename\\t\\t\\t\\tType\\t\\tSize\\t\\tUsed\\t\\tPriority /swap.img                               file\\t\\t1048572\\t\\t0\\t\\t-2]"'
    );
    const ok = await con.exec([apply('worker-3', 'failSwapOn: false'), 'sim advance 10s', 'kubectl get nodes worker-3'].join('\n'));
    expect(ok.output).toMatch(/\nworker-3\s+Ready\s+<none>/);
  }, 60_000);

  it('cgroupDriver cgroupfs against containerd with SystemdCgroup: every sandbox fails (containerd 1.7 has no RuntimeConfig)', async () => {
    const { con } = await boot();
    const r = await con.exec(
      [
        apply('worker-1', 'cgroupDriver: cgroupfs'),
        'sim advance 15s',
        'kubectl apply -f - <<EOF',
        'apiVersion: v1',
        'kind: Pod',
        'metadata: {name: web}',
        'spec: {nodeName: worker-1, containers: [{name: c, image: nginx:1.27}]}',
        'EOF',
        'sim advance 30s',
        'kubectl get node worker-1',
        'kubectl get pod web',
        'kubectl get events --field-selector involvedObject.name=web,reason=FailedCreatePodSandBox -o jsonpath={.items[0].message}',
        'sim kubelet logs worker-1'
      ].join('\n')
    );
    // The node is Ready (the kubelet runs); its pods never get a sandbox.
    expect(r.output).toMatch(/\nworker-1\s+Ready\s+<none>/);
    expect(r.output).toMatch(/\nweb\s+0\/1\s+ContainerCreating\s+0\s+30s\n/);
    expect(r.output).toMatch(
      /Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: expected cgroupsPath to be of format "slice:prefix:name" for systemd cgroups, got "\/kubepods\/besteffort\/pod[0-9a-f-]{36}\/[0-9a-f]{64}" instead: unknown/
    );
    expect(r.output).toMatch(/kubelet\[\d+\]: E0101 [\d:.]+ +\d+ pod_workers\.go:1301\] "Error syncing pod, skipping" err="failed to \\"CreatePodSandbox\\" for \\"web_default\([0-9a-f-]{36}\)\\" with CreatePodSandboxError: /);
    expect(r.output).toContain('"CRI implementation should be updated to support RuntimeConfig when KubeletCgroupDriverFromCRI feature gate has been enabled. Falling back to using cgroupDriver from kubelet config."');
  }, 60_000);
});
