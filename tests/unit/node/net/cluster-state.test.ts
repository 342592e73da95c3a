import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';
import { remotePodView } from '../../../../src/sim/node/net/cluster-state';

describe('the kubelet hosts\' view of remote pods', () => {
  it('keeps only what a connection reads: address, phase, hostname, containers\' programs', () => {
    const pod = {
      metadata: { name: 'web', namespace: 'default', resourceVersion: '42', labels: { app: 'web' }, managedFields: [{ manager: 'kubectl' }] },
      spec: { hostname: 'h', nodeName: 'worker-1', containers: [{ name: 'c', image: 'nginx', args: ['-g'], resources: { requests: { cpu: '1' } }, env: [{ name: 'A', value: 'b' }] }], volumes: [{ name: 'v' }] },
      status: { phase: 'Running', podIP: '10.244.1.2', conditions: [{ type: 'Ready' }], containerStatuses: [{ name: 'c' }] }
    };
    expect(remotePodView(pod)).toEqual({
      metadata: { name: 'web', namespace: 'default', resourceVersion: '42' },
      spec: { hostname: 'h', containers: [{ name: 'c', image: 'nginx', args: ['-g'] }] },
      status: { phase: 'Running', podIP: '10.244.1.2' }
    });
  });

  it('a pod reaches a pod on another kubelet host by its IP (that host\'s slim view answers)', async () => {
    // One kubelet per host: worker-1's and worker-2's kubelets are on different hosts.
    const cluster = new Cluster({ seed: 3, workers: 2, kubeletsPerHost: 1 });
    await cluster.waitForNodesReady(60_000);
    const sh = new Console(cluster, { print: () => {} });
    const pod = (name: string, node: string, image: string, args: string) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\nspec:\n  nodeName: ${node}\n  containers:\n  - name: c\n    image: ${image}${args}\n`;
    const applied = await sh.exec(`kubectl apply -f - <<EOF\n${pod('web', 'worker-2', 'nginx', '')}---\n${pod('client', 'worker-1', 'busybox', '\n    args: ["sleep", "3600"]')}EOF`);
    expect(applied.output).toContain('pod/client created');
    for (let i = 0; i < 30; i++) await cluster.conductor.runUntil(cluster.now + 1000);
    const ip = (await sh.exec("kubectl get pod web -o jsonpath='{.status.podIP}'")).output.trim();
    expect(ip).toMatch(/^10\.244\./);
    const got = await sh.exec(`kubectl exec client -- wget -qO- http://${ip}/`);
    expect(got.output).toContain('Welcome to nginx!');
  }, 60_000);
});
