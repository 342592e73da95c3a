/**
 * serializeImagePulls (true by default): one pull at a time per node, the others wait in the
 * puller's queue, and the Pulled event says how long including the wait. With
 * serializeImagePulls false (and no maxParallelImagePulls) pulls run side by side.
 * upstream: pkg/kubelet/images/puller.go, pkg/kubelet/images/image_manager.go (the Pulled message).
 */
import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';
import { pullSlots } from '../../../../src/sim/kubelet/images/image-manager';

const PODS = `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: a}
spec: {nodeName: worker-1, containers: [{name: c, image: postgres}]}
---
apiVersion: v1
kind: Pod
metadata: {name: b}
spec: {nodeName: worker-1, containers: [{name: c, image: redis}]}
EOF`;

async function pulled(configure?: string): Promise<{ pod: string; pull: number; total: number }[]> {
  const cluster = new Cluster({ seed: 5, workers: 1 });
  expect(await cluster.waitForNodesReady()).toBe(true);
  const con = new Console(cluster);
  if (configure) {
    expect((await con.exec(`sim kubelet config worker-1 -f - <<EOF\n${configure}EOF`)).exitCode).toBe(0);
    await cluster.advance(15_000);
  }
  await con.exec(PODS + '\nsim advance 60s');
  const out = (await con.exec('kubectl get events --field-selector reason=Pulled -o \'jsonpath={range .items[*]}{.involvedObject.name}|{.message}{"\\n"}{end}\'')).output;
  return out
    .trim()
    .split('\n')
    .map((l) => l.split('|'))
    .filter(([pod]) => pod === 'a' || pod === 'b')
    .map(([pod, msg]) => {
      // Go durations: 1.366s or 218ms.
      const m = /in ([\d.]+)(m?s) \(([\d.]+)(m?s) including waiting\)/.exec(msg)!;
      const sec = (v: string, unit: string) => Number(v) / (unit === 'ms' ? 1000 : 1);
      return { pod, pull: sec(m[1], m[2]), total: sec(m[3], m[4]) };
    })
    .sort((x, y) => x.pod.localeCompare(y.pod));
}

describe('image pulls on one node', () => {
  it('pulls one image at a time by default: the second waits for the first', async () => {
    const [a, b] = await pulled();
    const waited = [a.total - a.pull, b.total - b.pull];
    expect(waited.filter((w) => w > 0.5)).toHaveLength(1);
    expect(Math.min(...waited)).toBe(0);
  });

  it('pulls side by side with serializeImagePulls: false', async () => {
    const [a, b] = await pulled('apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nserializeImagePulls: false\n');
    expect(a.total).toBe(a.pull);
    expect(b.total).toBe(b.pull);
  });

  it('slots: 1 when serialized, maxParallelImagePulls or unlimited otherwise', () => {
    expect(pullSlots(undefined, undefined)).toBe(1);
    expect(pullSlots(true, 5)).toBe(1);
    expect(pullSlots(false, 3)).toBe(3);
    expect(pullSlots(false, undefined)).toBe(Infinity);
  });
});
