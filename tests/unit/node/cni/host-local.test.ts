import { describe, expect, it } from 'vitest';
import type { TraceInput } from '../../../../src/sim/kernel/trace';
import { BridgePlugin } from '../../../../src/sim/node/cni/bridge';
import { HostLocalIPAM } from '../../../../src/sim/node/cni/host-local';

type Step = ['add', string, string | RegExp] | ['del', string];

function run(subnet: string, steps: Step[]) {
  const ipam = new HostLocalIPAM(subnet);
  for (const [i, s] of steps.entries()) {
    if (s[0] === 'del') {
      ipam.release(s[1], 'eth0');
      continue;
    }
    const r = ipam.allocate(s[1], 'eth0');
    const got = r.ok ? r.ip.address : r.error;
    if (typeof s[2] === 'string') expect(got, `step ${i}`).toBe(s[2]);
    else expect(got, `step ${i}`).toMatch(s[2]);
  }
  return ipam;
}

describe('host-local allocation order', () => {
  const cases: { name: string; subnet: string; steps: Step[] }[] = [
    { name: 'starts at .2 (.1 is the gateway)', subnet: '10.244.1.0/24', steps: [['add', 'a', '10.244.1.2/24'], ['add', 'b', '10.244.1.3/24'], ['add', 'c', '10.244.1.4/24']] },
    {
      name: 'round-robin: a freed address is not reused before the range wraps',
      subnet: '10.244.1.0/24',
      steps: [['add', 'a', '10.244.1.2/24'], ['add', 'b', '10.244.1.3/24'], ['del', 'a'], ['add', 'c', '10.244.1.4/24'], ['add', 'd', '10.244.1.5/24']]
    },
    {
      name: 'wraps to the range start after the end, skipping taken and gateway',
      subnet: '10.0.0.0/29', // range .1-.6, gateway .1
      steps: [
        ['add', 'a', '10.0.0.2/29'], ['add', 'b', '10.0.0.3/29'], ['add', 'c', '10.0.0.4/29'], ['add', 'd', '10.0.0.5/29'], ['add', 'e', '10.0.0.6/29'],
        ['del', 'b'], ['add', 'f', '10.0.0.3/29']
      ]
    },
    {
      name: 'exhaustion gives the plugin message; a freed address is then reused',
      subnet: '10.0.0.0/30', // range .1-.2, gateway .1: one usable address
      steps: [
        ['add', 'a', '10.0.0.2/30'],
        ['add', 'b', 'failed to allocate for range 0: no IP addresses available in range set: 10.0.0.1-10.0.0.2'],
        ['del', 'a'],
        ['add', 'c', '10.0.0.2/30']
      ]
    },
    { name: 'duplicate ADD for one container is refused', subnet: '10.244.2.0/24', steps: [['add', 'a', '10.244.2.2/24'], ['add', 'a', '10.244.2.2 has been allocated to a, duplicate allocation is not allowed']] },
    { name: 'DEL of an unknown container is harmless', subnet: '10.244.2.0/24', steps: [['del', 'zzz'], ['add', 'a', '10.244.2.2/24']] }
  ];
  for (const c of cases) it(c.name, () => run(c.subnet, c.steps));

  it('a /24 holds 253 pods, then reports exhaustion', () => {
    const ipam = new HostLocalIPAM('10.244.1.0/24');
    for (let i = 0; i < 253; i++) expect(ipam.allocate(`c${i}`, 'eth0').ok).toBe(true);
    expect(ipam.allocate('x', 'eth0')).toEqual({ ok: false, error: 'failed to allocate for range 0: no IP addresses available in range set: 10.244.1.1-10.244.1.254' });
    expect(ipam.allocated().at(-1)).toEqual({ ip: '10.244.1.254', owner: 'c252/eth0' });
  });
});

describe('BridgePlugin', () => {
  it('returns a CNI 1.0 result and traces cni.ADD / cni.DEL', () => {
    const events: TraceInput[] = [];
    const bridge = new BridgePlugin({ node: 'worker-1', podCIDR: '10.244.1.0/24', trace: (e) => events.push(e) });
    const r = bridge.add('abcdef0123456789', '/var/run/netns/cni-1', 'eth0', 'default/web');
    expect(r).toEqual({
      ok: true,
      result: {
        cniVersion: '1.0.0',
        interfaces: [
          { name: 'cni0', mac: '0a:58:0a:f4:01:01' },
          { name: 'vethabcdef01', mac: 'ee:58:0a:f4:01:02' },
          { name: 'eth0', mac: '0a:58:0a:f4:01:02', sandbox: '/var/run/netns/cni-1' }
        ],
        ips: [{ address: '10.244.1.2/24', gateway: '10.244.1.1', interface: 2 }],
        routes: [{ dst: '0.0.0.0/0', gw: '10.244.1.1' }],
        dns: {}
      }
    });
    bridge.del('abcdef0123456789', '/var/run/netns/cni-1', 'eth0', 'default/web');
    expect(events.map((e) => [e.kind, e.pod, e.node, e.ip ?? e.released])).toEqual([
      ['cni.ADD', 'default/web', 'worker-1', '10.244.1.2/24'],
      ['cni.DEL', 'default/web', 'worker-1', ['10.244.1.2']]
    ]);
  });

  it('wraps IPAM errors as libcni does', () => {
    const bridge = new BridgePlugin({ node: 'n', podCIDR: '10.0.0.0/30', trace: () => {} });
    bridge.add('a', '/ns/a');
    const r = bridge.add('b', '/ns/b');
    expect(!r.ok && r.error.message).toBe('plugin type="bridge" name="cbr0" failed (add): failed to allocate for range 0: no IP addresses available in range set: 10.0.0.1-10.0.0.2');
  });
});
