import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../src/sim/cluster/cluster';
import { Console } from '../../../src/sim/cluster/console';

const pod = (name: string, requests: Record<string, string>) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'nginx:1.25', resources: { requests } }] }
});

describe('sim explain pod', () => {
  it('prints the last attempt as a table: filter verdict and scores per node', async () => {
    const cluster = new Cluster({ seed: 1, workers: 2 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    for (const body of [pod('web', { cpu: '1', memory: '1Gi' }), pod('big', { memory: '1000Gi' })]) {
      const r = await cluster.request({ verb: 'create', resource: 'pods', namespace: 'default', body });
      expect(r.ok).toBe(true);
    }
    await cluster.advance(2000);

    const con = new Console(cluster);
    const out = await con.exec('sim explain pod big');
    expect(out.exitCode).toBe(0);
    expect(out.output).toContain('Result: Unschedulable');
    expect(out.output).toMatch(/worker-1\s+NodeResourcesFit: Insufficient memory/);
    expect(out.output).toMatch(/control-plane\s+TaintToleration: node\(s\) had untolerated taint/);
    const web = await con.exec('sim explain pod web');
    expect(web.output).toMatch(/NODE\s+FILTER\s+TAINTTOLERATION\s+NODERESOURCESFIT/);
    const missing = await con.exec('sim explain pod nope');
    expect(missing.output).toBe('error: the kube-scheduler has no scheduling attempt for pod "default/nope"\n');

  });
});
