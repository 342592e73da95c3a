import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../src/sim/cluster/cluster';
import { Console } from '../../../src/sim/cluster/console';

describe('kubectl get -w in the page console', () => {
  it('streams changes after the command returns, until interrupted', async () => {
    const cluster = new Cluster({ seed: 4, workers: 1 });
    await cluster.waitForNodesReady();
    const streamed: string[] = [];
    const console = new Console(cluster, { print: (t) => streamed.push(t) });
    const first = await console.exec('kubectl get configmaps -w');
    expect(first.output).toMatch(/^NAME               DATA   AGE\nkube-root-ca.crt   1      \d+s\n$/);
    expect(console.watching).toBe(true);
    await console.exec('kubectl create configmap color --from-literal=a=b');
    await cluster.advance(1000);
    expect(streamed.join('')).toMatch(/^color\s+1\s+0s\n$/);
    expect(console.interrupt()).toBe(1);
    expect(console.watching).toBe(false);
    await console.exec('kubectl create configmap shape --from-literal=a=b');
    await cluster.advance(1000);
    expect(streamed.join('')).not.toContain('shape');
  });

  it('is refused where output cannot stream (the CLI)', async () => {
    const cluster = new Cluster({ seed: 4, workers: 1 });
    await cluster.waitForNodesReady();
    const r = await new Console(cluster).exec('kubectl get pods -w');
    expect(r.exitCode).toBe(1);
    expect(r.output).toBe('error: --watch is not supported here\n');
  });
});
