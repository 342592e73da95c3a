import { describe, expect, it } from 'vitest';
import { PodNetwork, type ClusterState } from '../../../../src/sim/node/net/network';
import { PROGRAMS } from '../../../../src/sim/node/programs/programs';
import type { Process } from '../../../../src/sim/node/programs/process';
import { fakeContext } from '../programs/ctx';

/* eslint-disable @typescript-eslint/no-explicit-any */

const svc = (ns: string, name: string, clusterIP: string, ports: any[] = [{ name: 'http', port: 80, targetPort: 8080, protocol: 'TCP' }]) => ({ metadata: { namespace: ns, name }, spec: { clusterIP, ports } });
const slice = (ns: string, svcName: string, eps: { ip: string; ready?: boolean; hostname?: string }[], port = 8080, portName = 'http') => ({
  metadata: { namespace: ns, name: `${svcName}-abc`, labels: { 'kubernetes.io/service-name': svcName } },
  ports: [{ name: portName, port, protocol: 'TCP' }],
  endpoints: eps.map((e) => ({ addresses: [e.ip], conditions: { ready: e.ready ?? true }, ...(e.hostname ? { hostname: e.hostname } : {}) }))
});

function started(argv: string[], hostname: string): Process {
  const { ctx } = fakeContext(argv, { hostname });
  const p = PROGRAMS.agnhost(ctx);
  p.resume();
  return p;
}

function state(extra: Partial<ClusterState> = {}): ClusterState {
  const local = new Map<string, Process[]>([
    ['10.244.1.5', [started(['/agnhost', 'netexec'], 'backend-a')]],
    ['10.244.2.6', [started(['/agnhost', 'netexec'], 'backend-b')]]
  ]);
  return {
    services: () => [svc('default', 'backend', '10.96.20.1'), svc('default', 'db', 'None'), svc('shop', 'cart', '10.96.30.3'), svc('default', 'empty', '10.96.40.4')],
    endpointSlices: () => [slice('default', 'backend', [{ ip: '10.244.1.5' }, { ip: '10.244.2.6' }, { ip: '10.244.3.9', ready: false }]), slice('default', 'db', [{ ip: '10.244.1.5', hostname: 'db-0' }, { ip: '10.244.2.6', hostname: 'db-1' }])],
    pods: () => [],
    local: (ip) => local.get(ip),
    now: () => 0,
    ...extra
  };
}

describe('DNS from a pod', () => {
  const net = new PodNetwork(state(), 'default', () => 0);
  it('a short name goes through the search list (ndots:5)', () => {
    expect(net.lookup('backend')).toEqual({ name: 'backend.default.svc.cluster.local', addresses: ['10.96.20.1'] });
    expect(net.lookup('cart.shop')).toEqual({ name: 'cart.shop.svc.cluster.local', addresses: ['10.96.30.3'] });
    expect(net.lookup('cart.shop.svc.cluster.local')).toEqual({ name: 'cart.shop.svc.cluster.local', addresses: ['10.96.30.3'] });
  });
  it('kubernetes.default is the API server Service', () => {
    expect(net.lookup('kubernetes.default')?.addresses).toEqual(['10.96.0.1']);
  });
  it('a headless Service answers its ready endpoints; a pod by hostname.subdomain', () => {
    expect(net.lookup('db')?.addresses).toEqual(['10.244.1.5', '10.244.2.6']);
    expect(net.lookup('db-1.db')?.addresses).toEqual(['10.244.2.6']);
  });
  it('unknown names: NXDOMAIN; a Service in another namespace needs its namespace', () => {
    expect(net.lookup('myservice')).toBeUndefined();
    expect(net.lookup('cart')).toBeUndefined();
  });
  it('the docs example host outside the cluster resolves', () => {
    expect(net.lookup('info.cern.ch')?.addresses).toHaveLength(1);
  });
});

describe('connections from a pod', () => {
  it('a Service port reaches a ready endpoint on the slice port, chosen by the pod stream', () => {
    const first = new PodNetwork(state(), 'default', () => 0);
    const second = new PodNetwork(state(), 'default', () => 0.99);
    expect(first.httpGet('backend', 80, '/hostname')).toMatchObject({ status: 200, body: 'backend-a' });
    expect(second.httpGet('backend', 80, '/hostname')).toMatchObject({ status: 200, body: 'backend-b' });
    expect(first.tcpConnect('backend.default.svc.cluster.local', 80)).toBe('open');
  });
  it('a port the Service does not expose, or a Service without endpoints: refused', () => {
    const net = new PodNetwork(state(), 'default', () => 0);
    expect(net.httpGet('backend', 81, '/')).toEqual({ error: 'Connection refused' });
    expect(net.tcpConnect('empty', 80)).toBe('refused');
  });
  it('a pod IP directly; a port nobody listens on is refused; an unknown name is a bad address', () => {
    const net = new PodNetwork(state(), 'default', () => 0);
    expect(net.httpGet('10.244.2.6', 8080, '/echo?msg=hey')).toMatchObject({ body: 'hey' });
    expect(net.tcpConnect('10.244.2.6', 9999)).toBe('refused');
    expect(net.httpGet('nope', 80, '/')).toEqual({ error: "bad address 'nope'" });
  });
  it('a pod on another host answers from its spec: the image program and its static answer', () => {
    const remote = { metadata: { name: 'web', namespace: 'default' }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] }, status: { phase: 'Running', podIP: '10.244.7.7' } };
    const net = new PodNetwork(state({ pods: () => [remote] }), 'default', () => 0);
    const r = net.httpGet('10.244.7.7', 80, '/');
    expect('body' in r && r.body).toContain('<h1>Welcome to nginx!</h1>');
    expect(net.tcpConnect('10.244.7.7', 443)).toBe('refused');
  });
});
