import { describe, expect, it } from 'vitest';
import type { Node } from 'kubernetes-types/core/v1';
import { Code, CycleState, type NodeScore } from '../../../../src/sim/scheduler/framework/types';
import { newTaintToleration, toleratesTaint } from '../../../../src/sim/scheduler/plugins/tainttoleration/taint-toleration';
import { newNodeAffinity, ErrReasonPod } from '../../../../src/sim/scheduler/plugins/nodeaffinity/node-affinity';
import { newNodeName, ErrReasonNodeName } from '../../../../src/sim/scheduler/plugins/nodename/node-name';
import { newNodeUnschedulable, ErrReasonUnschedulable } from '../../../../src/sim/scheduler/plugins/nodeunschedulable/node-unschedulable';
import { newNodePorts, ErrReasonNodePorts } from '../../../../src/sim/scheduler/plugins/nodeports/node-ports';
import { newSchedulingGates } from '../../../../src/sim/scheduler/plugins/schedulinggates/scheduling-gates';
import { newPrioritySort } from '../../../../src/sim/scheduler/plugins/queuesort/priority-sort';
import { newImageLocality, calculatePriority, normalizedImageName } from '../../../../src/sim/scheduler/plugins/imagelocality/image-locality';
import { defaultNormalizeScore } from '../../../../src/sim/scheduler/plugins/helper/normalize-score';
import { node, nodeInfo, pod } from '../helpers';

const run = (plugin: { filter: Function }, p: any, n: Node, ...existing: any[]) => {
  const state = new CycleState();
  (plugin as any).preFilter?.(state, p, []);
  return plugin.filter(state, p, nodeInfo(n, ...existing));
};

// upstream: taint_toleration_test.go TestTaintTolerationFilter
describe('TaintToleration', () => {
  const cases = [
    { name: 'no taints', taints: [], tolerations: [], want: undefined },
    { name: 'untolerated NoSchedule', taints: [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }], tolerations: [], want: 'node(s) had untolerated taint {dedicated: user1}' },
    { name: 'tolerated by Equal', taints: [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }], tolerations: [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }], want: undefined },
    { name: 'value mismatch', taints: [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }], tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'user2', effect: 'NoSchedule' }], want: 'node(s) had untolerated taint {dedicated: user1}' },
    { name: 'tolerated by Exists', taints: [{ key: 'foo', value: 'bar', effect: 'NoSchedule' }], tolerations: [{ key: 'foo', operator: 'Exists', effect: 'NoSchedule' }], want: undefined },
    { name: 'empty key + Exists tolerates everything', taints: [{ key: 'foo', value: 'bar', effect: 'NoExecute' }], tolerations: [{ operator: 'Exists' }], want: undefined },
    { name: 'control-plane taint, empty value', taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }], tolerations: [], want: 'node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }' },
    { name: 'PreferNoSchedule does not filter', taints: [{ key: 'foo', value: 'bar', effect: 'PreferNoSchedule' }], tolerations: [], want: undefined }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const s = run(newTaintToleration(), pod('p', [], { tolerations: c.tolerations as any }), node('n', 1000, 1000, { taints: c.taints as any }));
      if (c.want) expect(s).toMatchObject({ code: Code.UnschedulableAndUnresolvable, reasons: [c.want] });
      else expect(s.code).toBe(Code.Success);
    });
  }

  it('scores untolerated PreferNoSchedule taints, reversed: fewer is better', () => {
    const tt = newTaintToleration();
    const p = pod('p', [], { tolerations: [{ key: 'a', operator: 'Exists', effect: 'PreferNoSchedule' }] });
    const state = new CycleState();
    tt.preScore(state, p);
    const nodes = [
      node('n1', 1, 1, { taints: [{ key: 'a', value: '1', effect: 'PreferNoSchedule' }] }),
      node('n2', 1, 1, { taints: [{ key: 'b', value: '1', effect: 'PreferNoSchedule' }] }),
      node('n3', 1, 1, { taints: [{ key: 'b', value: '1', effect: 'PreferNoSchedule' }, { key: 'c', value: '1', effect: 'PreferNoSchedule' }] })
    ];
    const scores: NodeScore[] = nodes.map((n) => ({ name: n.metadata!.name!, score: tt.score(state, p, nodeInfo(n)).score }));
    expect(scores.map((s) => s.score)).toEqual([0, 1, 2]);
    tt.normalizeScore(state, p, scores);
    expect(scores.map((s) => s.score)).toEqual([100, 50, 0]);
  });

  it('toleration effect must match when set', () => {
    expect(toleratesTaint({ key: 'k', operator: 'Exists', effect: 'NoExecute' }, { key: 'k', effect: 'NoSchedule' })).toBe(false);
  });
});

// upstream: node_affinity_test.go
describe('NodeAffinity', () => {
  const labels = { foo: 'bar', zone: 'a', gen: '5' };
  const req = (...matchExpressions: any[]) => ({ nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions }] } } });
  const cases = [
    { name: 'no selector', spec: {}, fits: true },
    { name: 'nodeSelector matches', spec: { nodeSelector: { foo: 'bar' } }, fits: true },
    { name: 'nodeSelector mismatch', spec: { nodeSelector: { foo: 'baz' } }, fits: false },
    { name: 'In', spec: { affinity: req({ key: 'zone', operator: 'In', values: ['a', 'b'] }) }, fits: true },
    { name: 'NotIn', spec: { affinity: req({ key: 'zone', operator: 'NotIn', values: ['a'] }) }, fits: false },
    { name: 'Exists', spec: { affinity: req({ key: 'foo', operator: 'Exists' }) }, fits: true },
    { name: 'DoesNotExist', spec: { affinity: req({ key: 'foo', operator: 'DoesNotExist' }) }, fits: false },
    { name: 'Gt', spec: { affinity: req({ key: 'gen', operator: 'Gt', values: ['4'] }) }, fits: true },
    { name: 'Lt', spec: { affinity: req({ key: 'gen', operator: 'Lt', values: ['4'] }) }, fits: false },
    { name: 'empty term matches nothing', spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{}] } } } }, fits: false },
    {
      name: 'terms are ORed',
      spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['x'] }] }, { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n'] }] }] } } } },
      fits: true
    },
    { name: 'nodeSelector and affinity both apply', spec: { nodeSelector: { foo: 'bar' }, affinity: req({ key: 'zone', operator: 'In', values: ['b'] }) }, fits: false }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const s = run(newNodeAffinity(), pod('p', [], c.spec as any), node('n', 1, 1, { labels }));
      if (c.fits) expect(s.code).toBe(Code.Success);
      else expect(s).toMatchObject({ code: Code.UnschedulableAndUnresolvable, reasons: [ErrReasonPod] });
    });
  }

  it('scores preferred terms by weight, normalised to 100', () => {
    const na = newNodeAffinity();
    const p = pod('p', [], {
      affinity: {
        nodeAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [
            { weight: 2, preference: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] } },
            { weight: 8, preference: { matchExpressions: [{ key: 'ssd', operator: 'Exists' }] } }
          ]
        }
      }
    });
    const state = new CycleState();
    expect(na.preScore(state, p).code).toBe(Code.Success);
    const nodes = [node('a', 1, 1, { labels: { zone: 'a' } }), node('b', 1, 1, { labels: { zone: 'a', ssd: '' } }), node('c', 1, 1)];
    const scores = nodes.map((n) => ({ name: n.metadata!.name!, score: na.score(state, p, nodeInfo(n)).score }));
    expect(scores.map((s) => s.score)).toEqual([2, 10, 0]);
    na.normalizeScore(state, p, scores);
    expect(scores.map((s) => s.score)).toEqual([20, 100, 0]);
    expect(na.preScore(new CycleState(), pod('q')).code).toBe(Code.Skip);
  });
});

describe('NodeName, NodeUnschedulable, NodePorts', () => {
  it('NodeName', () => {
    expect(run(newNodeName(), pod('p', [], { nodeName: 'n' }), node('n', 1, 1)).code).toBe(Code.Success);
    expect(run(newNodeName(), pod('p', [], { nodeName: 'm' }), node('n', 1, 1))).toMatchObject({ code: Code.UnschedulableAndUnresolvable, reasons: [ErrReasonNodeName] });
  });

  it('NodeUnschedulable', () => {
    const cordoned = node('n', 1, 1, { unschedulable: true });
    expect(run(newNodeUnschedulable(), pod('p'), cordoned)).toMatchObject({ code: Code.UnschedulableAndUnresolvable, reasons: [ErrReasonUnschedulable] });
    expect(run(newNodeUnschedulable(), pod('p', [], { tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }] }), cordoned).code).toBe(Code.Success);
    expect(run(newNodeUnschedulable(), pod('p'), node('n', 1, 1)).code).toBe(Code.Success);
  });

  const withPort = (name: string, hostPort: number, hostIP?: string, protocol = 'TCP') => {
    const p = pod(name);
    p.spec!.containers[0].ports = [{ containerPort: 80, hostPort, hostIP, protocol }];
    return p;
  };
  // upstream: node_ports_test.go
  const cases = [
    { name: 'no ports', incoming: pod('p'), existing: [], fits: true },
    { name: 'other port', incoming: withPort('p', 8080), existing: [withPort('a', 9090)], fits: true },
    { name: 'same port', incoming: withPort('p', 8080), existing: [withPort('a', 8080)], fits: false },
    { name: 'same port, other protocol', incoming: withPort('p', 8080, undefined, 'UDP'), existing: [withPort('a', 8080)], fits: true },
    { name: 'same port, different IPs', incoming: withPort('p', 8080, '127.0.0.1'), existing: [withPort('a', 8080, '127.0.0.2')], fits: true },
    { name: '0.0.0.0 conflicts with any IP', incoming: withPort('p', 8080, '127.0.0.1'), existing: [withPort('a', 8080, '0.0.0.0')], fits: false }
  ];
  for (const c of cases) {
    it(`NodePorts: ${c.name}`, () => {
      const np = newNodePorts();
      const state = new CycleState();
      const pre = np.preFilter(state, c.incoming);
      if (pre.status.code === Code.Skip) return expect(c.fits).toBe(true);
      const s = np.filter(state, c.incoming, nodeInfo(node('n', 1, 1), ...c.existing));
      if (c.fits) expect(s.code).toBe(Code.Success);
      else expect(s).toMatchObject({ code: Code.Unschedulable, reasons: [ErrReasonNodePorts] });
    });
  }
});

describe('SchedulingGates and PrioritySort', () => {
  it('gated pods wait', () => {
    expect(newSchedulingGates().preEnqueue(pod('p', [], { schedulingGates: [{ name: 'a' }, { name: 'b' }] }))).toMatchObject({
      code: Code.UnschedulableAndUnresolvable,
      reasons: ['waiting for scheduling gates: [a b]']
    });
    expect(newSchedulingGates().preEnqueue(pod('p')).code).toBe(Code.Success);
  });

  it('higher priority first, then earlier timestamp', () => {
    const q = (priority: number, timestamp: number) => ({ pod: pod('p', [], { priority }), timestamp, attempts: 0, unschedulablePlugins: new Set<string>(), gated: false });
    const ps = newPrioritySort();
    expect(ps.less(q(10, 5), q(1, 0))).toBe(true);
    expect(ps.less(q(1, 0), q(1, 5))).toBe(true);
    expect(ps.less(q(1, 5), q(1, 0))).toBe(false);
  });
});

// upstream: image_locality_test.go
describe('ImageLocality', () => {
  const mb = 1024 * 1024;
  it('normalises image names', () => {
    expect(normalizedImageName('nginx')).toBe('nginx:latest');
    expect(normalizedImageName('localhost:5000/nginx')).toBe('localhost:5000/nginx:latest');
    expect(normalizedImageName('nginx:1.25')).toBe('nginx:1.25');
  });

  it('clamps between 23MB and 1000MB per container', () => {
    expect(calculatePriority(10 * mb, 1)).toBe(0);
    expect(calculatePriority(2000 * mb, 1)).toBe(100);
    // upstream case: 250MB on one of two nodes for a 1-container pod: (125-23)*100/(1000-23) = 10
    expect(calculatePriority(125 * mb, 1)).toBe(10);
  });

  it('scores by size times spread', () => {
    const withImages = (name: string, images: [string, number][]) => {
      const n = node(name, 1, 1);
      n.status!.images = images.map(([nm, size]) => ({ names: [nm], sizeBytes: size }));
      return nodeInfo(n);
    };
    const n1 = withImages('n1', [['gcr.io/250:latest', 250 * mb]]);
    const n2 = withImages('n2', [['gcr.io/10:latest', 10 * mb]]);
    const il = newImageLocality({ nodeInfos: () => [n1, n2] });
    const p = pod('p');
    p.spec!.containers[0].image = 'gcr.io/250';
    expect(il.score(new CycleState(), p, n1).score).toBe(10);
    expect(il.score(new CycleState(), p, n2).score).toBe(0);
  });
});

// fact sheet 4.4
describe('DefaultNormalizeScore', () => {
  const cases = [
    { name: 'scales to the max', reverse: false, in: [10, 20, 40], out: [25, 50, 100] },
    { name: 'reverse', reverse: true, in: [10, 20, 40], out: [75, 50, 0] },
    { name: 'all zero', reverse: false, in: [0, 0], out: [0, 0] },
    { name: 'all zero reversed', reverse: true, in: [0, 0], out: [100, 100] },
    { name: 'integer division', reverse: false, in: [1, 3], out: [33, 100] }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const scores = c.in.map((score, i) => ({ name: `n${i}`, score }));
      defaultNormalizeScore(100, c.reverse, scores);
      expect(scores.map((s) => s.score)).toEqual(c.out);
    });
  }
});
