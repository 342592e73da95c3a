import { describe, expect, it } from 'vitest';
import { amountToFree, imagesToFree, usagePercent, type ImageRecord } from '../../../../src/sim/kubelet/images/image-gc-manager';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';

const GI = 1024 ** 3;
const rec = (id: string, size: number, lastUsed: number, firstDetected = 0, pinned = false): ImageRecord => ({ id, size, lastUsed, firstDetected, pinned });

describe('image GC (image_gc_manager.go)', () => {
  it('computes usage and the amount to free as upstream (integer percent)', () => {
    expect(usagePercent(100 * GI, 10 * GI)).toBe(90);
    expect(usagePercent(100 * GI, 100 * GI - 1)).toBe(1);
    expect(amountToFree(100 * GI, 10 * GI, 80)).toBe(Math.floor(100 * GI * 0.2) - 10 * GI);
  });

  it('frees least recently used images first, skipping in-use, pinned and young ones', () => {
    const records = [rec('new', 5, 50, 290_000), rec('old', 10, 10), rec('older', 20, 5), rec('used', 30, 100), rec('pause', 1, -Infinity, 0, true)];
    const r = imagesToFree(records, new Set(['used']), 25, 300_000, 120_000);
    expect(r.remove.map((x) => x.id)).toEqual(['older', 'old']);
    expect(r.freed).toBe(30);
    const all = imagesToFree(records, new Set(['used']), 1000, 300_000, 120_000);
    expect(all.remove.map((x) => x.id)).toEqual(['older', 'old']);
  });

  it('in a cluster: over the high threshold it removes unused images and reports FreeDiskSpaceFailed when it cannot free enough', async () => {
    const cluster = new Cluster({ seed: 1, workers: 2 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    const con = new Console(cluster);
    const r = await con.exec(
      [
        'kubectl apply -f - <<EOF',
        'apiVersion: v1',
        'kind: Pod',
        'metadata: {name: once}',
        'spec: {nodeName: worker-1, restartPolicy: Never, containers: [{name: c, image: busybox:1.36, command: ["true"]}]}',
        'EOF',
        'sim advance 20s',
        'kubectl delete pod once',
        'sim images worker-1',
        'sim kubelet config worker-1 -f - <<EOF',
        'apiVersion: kubelet.config.k8s.io/v1beta1',
        'kind: KubeletConfiguration',
        'imageGCHighThresholdPercent: 1',
        'imageGCLowThresholdPercent: 0',
        'EOF',
        'sim advance 11m',
        'sim images worker-1',
        'kubectl get events --field-selector reason=FreeDiskSpaceFailed',
        'kubectl get events --field-selector reason=ImageGCFailed'
      ].join('\n')
    );
    const tables = r.output.split(/\nIMAGE +TAG +IMAGE ID +SIZE\n/).slice(1);
    expect(tables[0]).toMatch(/docker\.io\/library\/busybox\s+1\.36\s+/);
    // busybox is unused and detected at the kubelet's start, 5 minutes before the first pass: removed;
    // kube-proxy (running) and pause (pinned) stay.
    expect(tables[1]).not.toContain('busybox');
    expect(tables[1]).toMatch(/registry\.k8s\.io\/kube-proxy\s+v1\.32\.0/);
    expect(tables[1]).toMatch(/registry\.k8s\.io\/pause\s+3\.10/);
    expect(r.output).toMatch(/Warning\s+FreeDiskSpaceFailed\s+node\/worker-1\s+Failed to garbage collect required amount of images\. Attempted to free \d+ bytes, but only found 2150000 bytes eligible to free\./);
    // The second failure in a row is also an ImageGCFailed.
    expect(r.output).toMatch(/Warning\s+ImageGCFailed\s+node\/worker-1\s+Failed to garbage collect required amount of images\. Attempted to free \d+ bytes, but only found 0 bytes eligible to free\./);
    expect(cluster.conductor.trace.list({ kind: 'gc.image', node: 'worker-1' }).map((e) => e.removed)).toEqual([1, 0]);
  }, 60_000);

  it('with the default thresholds (85/80): a disk filled past 85% makes the kubelet remove unused images', async () => {
    const cluster = new Cluster({ seed: 1, workers: 2 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    const con = new Console(cluster);
    const r = await con.exec(
      [
        'kubectl apply -f - <<EOF',
        'apiVersion: v1',
        'kind: Pod',
        'metadata: {name: once}',
        'spec: {nodeName: worker-1, restartPolicy: Never, containers: [{name: c, image: busybox:1.36, command: ["true"]}]}',
        'EOF',
        'sim advance 20s',
        'kubectl delete pod once',
        'sim advance 5m',
        'sim node pressure disk worker-1 78.5Gi',
        'sim advance 5m',
        'sim images worker-1'
      ].join('\n')
    );
    const passes = cluster.conductor.trace.list({ kind: 'gc.image', node: 'worker-1' });
    // Under the threshold nothing happens (no trace); over it, busybox goes, and 78.5Gi cannot be freed.
    // 6Gi of system + 78.5Gi leaves 15.x% available: usage 85% for the image GC, yet not below the
    // eviction manager's imagefs.available<15% (below it, the eviction manager would reclaim the
    // images first: see tests/scenario/node-pressure.test.ts).
    expect(passes).toHaveLength(1);
    expect(Number(passes[0].usagePercent)).toBeGreaterThanOrEqual(85);
    expect(passes[0].removed).toBe(1);
    expect(cluster.conductor.trace.list({ kind: 'eviction.', node: 'worker-1' })).toEqual([]);
    expect(r.output).not.toContain('busybox');
    const events = await con.exec('kubectl get events --field-selector reason=FreeDiskSpaceFailed -o jsonpath={.items[0].message}');
    expect(events.output).toMatch(/^Failed to garbage collect required amount of images\. Attempted to free \d+ bytes, but only found 2150000 bytes eligible to free\.$/);
  }, 60_000);
});
