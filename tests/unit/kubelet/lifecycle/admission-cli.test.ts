/** Kubelet admission as a user sees it: pods bound with spec.nodeName beyond maxPods are rejected. */
import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';

describe('kubelet admission through the CLI', () => {
  it('rejects pods beyond maxPods with OutOfpods and pods that do not fit with OutOfcpu', async () => {
    const cluster = new Cluster({ seed: 1, workers: 2 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    const con = new Console(cluster);
    const pinned = (name: string, node: string, cpu?: string) =>
      `---\napiVersion: v1\nkind: Pod\nmetadata: {name: ${name}}\nspec: {nodeName: ${node}, containers: [{name: c, image: nginx:1.27${cpu ? `, resources: {requests: {cpu: "${cpu}"}}` : ''}}]}\n`;
    const out = await con.exec(
      [
        'sim kubelet config worker-1 -f - <<EOF',
        'apiVersion: kubelet.config.k8s.io/v1beta1',
        'kind: KubeletConfiguration',
        'maxPods: 3',
        'EOF',
        'sim advance 20s',
        'kubectl get node worker-1 -o jsonpath={.status.capacity.pods}',
        'kubectl apply -f - <<EOF',
        pinned('p1', 'worker-1') + pinned('p2', 'worker-1') + pinned('p3', 'worker-1') + pinned('big', 'worker-2', '5') + 'EOF',
        'sim advance 20s',
        'kubectl get pods',
        'kubectl get pod p3 -o jsonpath={.status.phase}/{.status.reason}/{.status.message}',
        'kubectl get events --field-selector involvedObject.name=p3',
        'kubectl get pod big -o jsonpath={.status.message}'
      ].join('\n')
    );
    const [, rest] = out.output.split('kubelet restarted\n');
    // worker-1 already runs kube-proxy: with maxPods 3, two more pods fit.
    expect(rest.startsWith('3pod/p1 created')).toBe(true);
    expect(out.output).toMatch(/\np1\s+1\/1\s+Running\s+0\s+20s\n/);
    expect(out.output).toMatch(/\np2\s+1\/1\s+Running\s+0\s+20s\n/);
    expect(out.output).toMatch(/\np3\s+0\/1\s+OutOfpods\s+0\s+20s\n/);
    expect(out.output).toMatch(/\nbig\s+0\/1\s+OutOfcpu\s+0\s+20s\n/);
    expect(out.output).toContain("Failed/OutOfpods/Pod was rejected: Node didn't have enough resource: pods, requested: 1, used: 3, capacity: 3");
    expect(out.output).toMatch(/Warning\s+OutOfpods\s+pod\/p3\s+Node didn't have enough resource: pods, requested: 1, used: 3, capacity: 3\n/);
    expect(out.output).toContain("Pod was rejected: Node didn't have enough resource: cpu, requested: 5000, used: 0, capacity: 4000");
    // A rejected pod is never run: no sandbox was asked for.
    expect(cluster.conductor.trace.list({ pod: 'default/p3', kind: 'cri.RunPodSandbox' })).toEqual([]);
    // Deleting it works as for any pod.
    const del = await con.exec('kubectl delete pod p3\nkubectl get pod p3');
    expect(del.output).toBe('pod "p3" deleted\nError from server (NotFound): pods "p3" not found\n');
  }, 60_000);
});
