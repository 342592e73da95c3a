import { describe, expect, it } from 'vitest';
import { nodeInternalIP, nodePodCIDR } from '../../../src/sim/cluster/config';
import { Cluster } from '../../../src/sim/cluster/cluster';
import { Console } from '../../../src/sim/cluster/console';

describe('node addresses', () => {
  it('gives each node the next /24 of the pod subnet (node-cidr-mask-size 24)', () => {
    expect(nodePodCIDR('10.244.0.0/16', 0)).toBe('10.244.0.0/24');
    expect(nodePodCIDR('10.244.0.0/16', 255)).toBe('10.244.255.0/24');
    expect(nodePodCIDR('10.0.0.0/8', 256)).toBe('10.1.0.0/24');
    expect(nodePodCIDR('10.0.0.0/8', 1000)).toBe('10.3.232.0/24');
    expect(() => nodePodCIDR('10.244.0.0/16', 256)).toThrow('no pod CIDR left in 10.244.0.0/16 for another node: it holds 256 /24s');
    expect(() => nodePodCIDR('10.244.0.0/25', 0)).toThrow('invalid pod subnet');
  });

  it("numbers InternalIPs across kind's 172.18.0.0/16", () => {
    expect(nodeInternalIP(0)).toBe('172.18.0.2');
    expect(nodeInternalIP(253)).toBe('172.18.0.255');
    expect(nodeInternalIP(254)).toBe('172.18.1.0');
    expect(nodeInternalIP(1000)).toBe('172.18.3.234');
  });

  it('refuses a node the pod subnet has no room for, and changes nothing', async () => {
    const cluster = new Cluster({ seed: 1, workers: 1, podSubnet: '10.244.0.0/23' });
    expect(await cluster.waitForNodesReady()).toBe(true);
    const con = new Console(cluster);
    const out = await con.exec('sim node add worker-2\nkubectl get nodes --no-headers -o custom-columns=N:.metadata.name');
    expect(out.output).toBe(
      'error: no pod CIDR left in 10.244.0.0/23 for another node: it holds 2 /24s (the node IPAM controller reports CIDRNotAvailable)\ncontrol-plane\nworker-1\n'
    );
    expect(cluster.nodes.size).toBe(2);
  });
});
