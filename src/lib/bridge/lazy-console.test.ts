import { describe, expect, it } from 'vitest';
import { Cluster, inProcessHosts } from '../../sim/cluster/cluster';
import { Console } from '../../sim/cluster/console';
import { LazyConsole } from './lazy-console';

async function booted(seed: number) {
  const cluster = new Cluster({ seed, workers: 1 }, inProcessHosts);
  await cluster.waitForNodesReady(60_000);
  return cluster;
}

describe('LazyConsole', () => {
  it('runs lines as the console does, loading it on the first one: same output and trace as a console made at boot', async () => {
    const script = 'kubectl create deployment web --image=nginx\nsim advance 20s\nkubectl get pods -o wide';
    const lazyCluster = await booted(3);
    const lazy = new LazyConsole(lazyCluster, {});
    // Ctrl-C before any line: nothing streams yet.
    expect(lazy.interrupt()).toBe(0);
    const eagerCluster = await booted(3);
    const eager = await new Console(eagerCluster).exec(script);
    const out = await lazy.exec(script);
    expect(out.output).toBe(eager.output);
    expect(out.output).toMatch(/^web-[a-z0-9]+-[a-z0-9]{5} +1\/1 +Running/m);
    expect(JSON.stringify(lazyCluster.conductor.trace.list({}))).toBe(JSON.stringify(eagerCluster.conductor.trace.list({})));
  });

  it('Ctrl-C stops a `kubectl get -w` it streams', async () => {
    const printed: string[] = [];
    const lazy = new LazyConsole(await booted(1), { print: (text) => printed.push(text) });
    await lazy.exec('kubectl get nodes -w');
    expect(lazy.interrupt()).toBe(1);
    expect(lazy.interrupt()).toBe(0);
  });
});
