import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../sim/kernel/trace';
import type { ObjectChange } from '../bridge/protocol';
import { deliveriesOf, deliveryCurve, foldWatchTraffic, kubeletPools, MAX_DOTS, NO_TRAFFIC, PodNodes, pointAt, watchView, type Receivers } from './watch-traffic';

const API = { component: 'kube-apiserver' };
// `kubectl run web --image=nginx`, then its binding to worker-1 (from `sim trace -o json --kind watch`).
const TRACE: TraceEvent[] = [
  { t: 2500, seq: 464, ...API, kind: 'watch.ADDED', resource: 'pods', namespace: 'default', name: 'web', to: 'kube-controller-manager' },
  { t: 2500, seq: 465, ...API, kind: 'watch.ADDED', resource: 'pods', namespace: 'default', name: 'web', to: 'kube-scheduler' },
  { t: 2500, seq: 466, ...API, kind: 'watch.ADDED', resource: 'pods', namespace: 'default', name: 'web', to: 'kubelet-pool-0' },
  { t: 2504, seq: 483, ...API, kind: 'watch.MODIFIED', resource: 'pods', namespace: 'default', name: 'web', to: 'kube-controller-manager' },
  { t: 2504, seq: 484, ...API, kind: 'watch.MODIFIED', resource: 'pods', namespace: 'default', name: 'web', to: 'kube-scheduler' },
  { t: 2504, seq: 485, ...API, kind: 'watch.MODIFIED', resource: 'pods', namespace: 'default', name: 'web', to: 'kubelet-pool-0' },
  { t: 2504, seq: 486, ...API, kind: 'watch.MODIFIED', resource: 'pods', namespace: 'default', name: 'web', to: 'kubelet-pool-0' },
  { t: 2504, seq: 490, ...API, kind: 'watch.MODIFIED', resource: 'configmaps', name: 'kube-root-ca.crt', to: 'kubelet-pool-0' },
  { t: 2504, seq: 491, ...API, kind: 'watch.MODIFIED', resource: 'pods', namespace: 'default', name: 'web', to: 'page' },
  { t: 2504, seq: 492, component: 'kubelet', kind: 'cri.RunPodSandbox', node: 'worker-1', pod: 'default/web', phase: 'call' }
];

/** web on worker-1; db on worker-60 (the second pool); nothing else bound. */
function receivers(nodes: Record<string, string>): Receivers {
  const poolOf = kubeletPools(['control-plane', ...Array.from({ length: 60 }, (_, i) => `worker-${i + 1}`)]);
  return { podNode: (key) => nodes[key], poolOf };
}
const WEB = receivers({ 'default/web': 'worker-1' });

describe('watch deliveries', () => {
  it('maps the trace onto the scheduler, the controller-manager and the pod node kubelet', () => {
    expect(deliveriesOf(TRACE, WEB).map((d) => `${d.t} ${d.type} ${d.resource}/${d.name} -> ${d.to}${d.node ? ' (node)' : ''} #${d.lane}`)).toEqual([
      '2500 ADDED pods/web -> kube-controller-manager #0',
      '2500 ADDED pods/web -> kube-scheduler #0',
      '2500 ADDED pods/web -> worker-1 (node) #0',
      '2504 MODIFIED pods/web -> kube-controller-manager #0',
      '2504 MODIFIED pods/web -> kube-scheduler #0',
      // The pool's two deliveries (the kubelet's nodeName watch, the pod-network informer): one dot.
      '2504 MODIFIED pods/web -> worker-1 (node) #0'
      // The configmap to the pool (for which kubelet?) and the page's mirror: left out.
    ]);
  });

  it.each([
    ['unbound: no node card yet', {}, 0],
    ['bound to a node of that pool', { 'default/web': 'worker-1' }, 2],
    ['bound to a node of another pool (worker-60 runs on kubelet-pool-1)', { 'default/web': 'worker-60' }, 0]
  ])('a pool delivery of a pod %s', (_, nodes, count) => {
    expect(deliveriesOf(TRACE, receivers(nodes)).filter((d) => d.node)).toHaveLength(count);
  });

  it('a pool delivers a pod of another pool node to its informer: only the pod node own pool draws it', () => {
    const db = { ...API, kind: 'watch.MODIFIED', resource: 'pods', namespace: 'shop', name: 'db' };
    const trace: TraceEvent[] = [
      { t: 10, seq: 1, ...db, to: 'kubelet-pool-0' },
      { t: 10, seq: 2, ...db, to: 'kubelet-pool-1' },
      { t: 10, seq: 3, ...db, to: 'kubelet-pool-1' }
    ];
    expect(deliveriesOf(trace, receivers({ 'shop/db': 'worker-60' })).map((d) => `${d.seq} -> ${d.to}`)).toEqual(['2 -> worker-60']);
  });

  it('two pods of one name in two namespaces: each delivery goes to its own pod node', () => {
    const web = (namespace: string, seq: number, to: string): TraceEvent => ({ t: 10, seq, ...API, kind: 'watch.MODIFIED', resource: 'pods', namespace, name: 'web', to });
    const both = receivers({ 'default/web': 'worker-1', 'shop/web': 'worker-2' });
    expect(deliveriesOf([web('shop', 1, 'kubelet-pool-0'), web('default', 2, 'kubelet-pool-0')], both).map((d) => `${d.seq} -> ${d.to}`)).toEqual(['1 -> worker-2', '2 -> worker-1']);
  });

  it('a burst to one receiver at one instant: the dots follow each other', () => {
    const trace: TraceEvent[] = ['a', 'b', 'c'].map((name, i) => ({ t: 100, seq: i, ...API, kind: 'watch.MODIFIED', resource: 'replicasets', name, to: 'kube-controller-manager' }));
    expect(deliveriesOf(trace, WEB).map((d) => d.lane)).toEqual([0, 1, 2]);
    const view = watchView(foldWatchTraffic(NO_TRAFFIC, trace, WEB), 150, 1);
    expect(view.dots.map((d) => d.delivery.name)).toEqual(['a']);
    expect(watchView(foldWatchTraffic(NO_TRAFFIC, trace, WEB), 300, 1).dots.map((d) => d.delivery.name)).toEqual(['a', 'b', 'c']);
  });

  it('keeps at most MAX_DOTS, dropping the oldest', () => {
    let traffic = NO_TRAFFIC;
    for (let i = 0; i < 30; i++) traffic = foldWatchTraffic(traffic, [{ t: i * 10, seq: 2 * i, ...API, kind: 'watch.MODIFIED', resource: 'pods', name: `p${i}`, to: 'kube-scheduler' }, { t: i * 10, seq: 2 * i + 1, ...API, kind: 'watch.MODIFIED', resource: 'pods', name: `p${i}`, to: 'kube-controller-manager' }], WEB);
    expect(traffic.deliveries).toHaveLength(MAX_DOTS);
    expect(traffic.deliveries[0].name).toBe('p10');
    expect(watchView(traffic, 300, 1).dots.length).toBeLessThanOrEqual(MAX_DOTS);
  });

  it('returns the same traffic for a batch without deliveries', () => {
    const traffic = foldWatchTraffic(NO_TRAFFIC, TRACE, WEB);
    expect(foldWatchTraffic(traffic, [TRACE[9]], WEB)).toBe(traffic);
  });

  it.each([
    // [now, speed, dots, heat]
    [2499, 1, 0, false], // nothing sent yet
    [2600, 1, 6, false], // 2500's three and 2504's three, under way
    [3700, 1, 0, false], // all arrived
    [2600, 10, 0, true] // 10x: a rate instead of dots
  ])('at %i ms, %ix: %i dots, heat %s', (now, speed, dots, heat) => {
    const view = watchView(foldWatchTraffic(NO_TRAFFIC, TRACE, WEB), now, speed);
    expect(view.dots).toHaveLength(dots);
    expect(view.heat).toBe(heat);
  });

  it('counts deliveries per wall second and turns to heat above the rate', () => {
    const trace: TraceEvent[] = Array.from({ length: 60 }, (_, i) => ({ t: 1000 + i * 20, seq: i, ...API, kind: 'watch.MODIFIED', resource: 'pods', name: `p${i}`, to: 'kube-scheduler' }));
    const traffic = foldWatchTraffic(NO_TRAFFIC, trace, WEB);
    const view = watchView(traffic, 2200, 1);
    expect(view.rate).toBe(30);
    expect(view.heat).toBe(true);
    expect(view.dots).toEqual([]);
    expect(view.last?.name).toBe('p59');
    // Seconds later the burst is over: dots again, none in flight.
    expect(watchView(traffic, 9000, 1)).toMatchObject({ heat: false, rate: 0, dots: [] });
  });
});

describe('kubeletPools', () => {
  it('puts 50 nodes on a host, in the order they were added', () => {
    const poolOf = kubeletPools(['control-plane', ...Array.from({ length: 60 }, (_, i) => `worker-${i + 1}`)]);
    expect([poolOf('control-plane'), poolOf('worker-49'), poolOf('worker-50'), poolOf('worker-60'), poolOf('added-later')]).toEqual(['kubelet-pool-0', 'kubelet-pool-0', 'kubelet-pool-1', 'kubelet-pool-1', 'kubelet-pool-1']);
  });
});

describe('PodNodes', () => {
  const pod = (key: string, nodeName?: string): ObjectChange => ({ type: 'MODIFIED', resource: 'pods', key, object: { metadata: { name: key.split('/')[1] }, spec: nodeName ? { nodeName } : {} } });
  it('follows bindings, keeps a node through a change without spec, and a deleted pod one batch longer', () => {
    const index = new PodNodes();
    index.update([pod('default/web'), pod('kube-system/web', 'control-plane')]);
    expect([index.nodeOf('default/web'), index.nodeOf('kube-system/web')]).toEqual([undefined, 'control-plane']);
    index.update([pod('default/web', 'worker-1'), { type: 'MODIFIED', resource: 'pods', key: 'kube-system/web', object: { metadata: {} }, sameSpec: true }]);
    expect([index.nodeOf('default/web'), index.nodeOf('kube-system/web')]).toEqual(['worker-1', 'control-plane']);
    index.update([{ ...pod('default/web', 'worker-1'), type: 'DELETED' }]);
    expect(index.nodeOf('default/web')).toBe('worker-1');
    index.update([]);
    expect([index.nodeOf('default/web'), index.nodeOf('kube-system/web'), index.nodeOf('default/nope')]).toEqual([undefined, 'control-plane', undefined]);
  });
});

describe('deliveryCurve', () => {
  it('starts at the API server and ends at the receiver', () => {
    const curve = deliveryCurve({ x: 400, y: 80 }, { x: 100, y: 300 });
    expect(pointAt(curve, 0)).toEqual({ x: 400, y: 80 });
    expect(pointAt(curve, 1)).toEqual({ x: 100, y: 300 });
    const mid = pointAt(curve, 0.5);
    expect(mid.x).toBeGreaterThan(100);
    expect(mid.x).toBeLessThan(400);
  });
});
