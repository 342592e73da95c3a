/**
 * A node whose kubelet kubeconfig is gone: the kubelet cannot build its API client, exits with
 * kubeadm's well-known error, systemd restarts it every 10 s, and the node goes NotReady. Putting
 * the file back lets the next restart come up. upstream: cmd/kubelet/app/server.go
 * buildKubeletClientConfig, k8s.io/kubernetes/pkg/kubelet/certificate/bootstrap LoadClientCert.
 */
import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';
import { kubeconfigFailure, kubeletKubeconfig } from '../../../../src/sim/kubelet/logs/startup';

describe('the kubelet kubeconfig', () => {
  it('is required: kubelet.conf naming a server, or a bootstrap kubeconfig', () => {
    const conf = kubeletKubeconfig('https://172.18.0.2:6443');
    expect(kubeconfigFailure(new Map([['/etc/kubernetes/kubelet.conf', conf]]))).toBeUndefined();
    expect(kubeconfigFailure(new Map([['/etc/kubernetes/bootstrap-kubelet.conf', conf]]))).toBeUndefined();
    expect(kubeconfigFailure(new Map())).toBe('failed to run Kubelet: unable to load bootstrap kubeconfig: stat /etc/kubernetes/bootstrap-kubelet.conf: no such file or directory');
    expect(kubeconfigFailure(new Map([['/etc/kubernetes/kubelet.conf', 'apiVersion: v1\nkind: Config\n']]))).toBe(
      'failed to run Kubelet: invalid kubeconfig: invalid configuration: no server found for cluster "kubernetes"'
    );
  });

  it('removed from a node: the kubelet fails to start and the node goes NotReady; restored: Ready again', async () => {
    const cluster = new Cluster({ seed: 4, workers: 1 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    const con = new Console(cluster);
    const run = async (l: string) => (await con.exec(l)).output;
    const saved = await run('sim node files cat worker-1 /etc/kubernetes/kubelet.conf');
    expect(saved).toContain('server: https://172.18.0.2:6443');
    expect(await run('sim node files rm worker-1 /etc/kubernetes/kubelet.conf')).toBe('/etc/kubernetes/kubelet.conf removed on worker-1\n');
    await run('sim kubelet restart worker-1');
    await run('sim advance 70s');
    expect(await run('kubectl get node worker-1 --no-headers')).toMatch(/^worker-1\s+NotReady\s/);
    const journal = await run('sim kubelet logs worker-1');
    expect(journal).toContain('"command failed" err="failed to run Kubelet: unable to load bootstrap kubeconfig: stat /etc/kubernetes/bootstrap-kubelet.conf: no such file or directory"');
    expect(journal).toMatch(/kubelet\.service: Scheduled restart job, restart counter is at \d+\./);
    await con.exec('sim node files put worker-1 /etc/kubernetes/kubelet.conf -f - <<EOF\n' + saved + 'EOF');
    await run('sim advance 30s');
    expect(await run('kubectl get node worker-1 --no-headers')).toMatch(/^worker-1\s+Ready\s/);
  });
});
