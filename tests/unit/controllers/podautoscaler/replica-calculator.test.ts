/**
 * The HPA's replica calculator against upstream's table (Resource metrics): each pod has two
 * containers, each requesting `requests[i]` and using `levels[i]` milli-units (upstream's
 * numContainersPerPod = 2), so a pod's value and request are twice those.
 * upstream: pkg/controller/podautoscaler/replica_calculator_test.go (TestReplicaCalc*, TestGroupPods),
 * with its testing options: tolerance 0.1, CPU initialization period 2 min, initial readiness delay 10 s.
 */
import { describe, expect, it } from 'vitest';
import { getRawResourceReplicas, getResourceReplicas, groupPods, type CalculatorOptions, type PodMetricsInfo } from '../../../../src/sim/controllers/podautoscaler/replica-calculator';
import { timestamp } from '../../../../src/sim/kernel/clock';

const OPTS: CalculatorOptions = { tolerance: 0.1, cpuInitializationPeriodMs: 2 * 60_000, delayOfInitialReadinessStatusMs: 10_000 };
const NOW = 3_600_000;
/** upstream: coolCPUCreationTime (well past the initialization period), hotCPUCreationTime (inside it). */
const COOL = NOW - 10 * 60_000;
const HOT = NOW - 30_000;
const WINDOW = 60_000;
const CONTAINERS = 2;

interface Case {
  name: string;
  currentReplicas: number;
  expectedReplicas?: number;
  expectedError?: string;
  podReadiness?: ('True' | 'False')[];
  podPhase?: string[];
  podStartTime?: number[];
  podDeletion?: boolean[];
  requests: string[];
  levels: number[];
  targetUtilization: number;
  expectedUtilization?: number;
  expectedValue?: number;
}

function run(c: Case) {
  const n = Math.max(c.requests.length, c.podPhase?.length ?? 0, c.podReadiness?.length ?? 0);
  const pods = [];
  for (let i = 0; i < n; i++) {
    const start = c.podStartTime?.[i] ?? COOL;
    pods.push({
      metadata: { name: `test-pod-${i}`, ...(c.podDeletion?.[i] ? { deletionTimestamp: timestamp(NOW) } : {}) },
      spec: { containers: Array.from({ length: CONTAINERS }, (_, k) => ({ name: `c${k}`, resources: c.requests[i] === undefined ? {} : { requests: { cpu: c.requests[i] } } })) },
      status: {
        phase: c.podPhase?.[i] ?? 'Running',
        startTime: timestamp(start),
        conditions: [{ type: 'Ready', status: c.podReadiness?.[i] ?? 'True', lastTransitionTime: timestamp(start) }]
      }
    });
  }
  const metrics: PodMetricsInfo = new Map(c.levels.map((l, i) => [`test-pod-${i}`, { timestamp: NOW, window: WINDOW, value: l * CONTAINERS }]));
  return getResourceReplicas(c.currentReplicas, c.targetUtilization, 'cpu', '', pods, metrics, NOW, NOW, OPTS);
}

const ONE = (n: number) => Array.from({ length: n }, () => '1.0');

const CASES: Case[] = [
  { name: 'ScaleUp', currentReplicas: 3, expectedReplicas: 5, requests: ONE(3), levels: [300, 500, 700], targetUtilization: 30, expectedUtilization: 50, expectedValue: 1000 },
  { name: 'ScaleUpUnreadyLessScale', currentReplicas: 3, expectedReplicas: 4, podReadiness: ['False', 'True', 'True'], requests: ONE(3), levels: [300, 500, 700], targetUtilization: 30, expectedUtilization: 60, expectedValue: 1200 },
  { name: 'ScaleUpHotCpuLessScale', currentReplicas: 3, expectedReplicas: 4, podStartTime: [HOT, COOL, COOL], requests: ONE(3), levels: [300, 500, 700], targetUtilization: 30, expectedUtilization: 60, expectedValue: 1200 },
  { name: 'ScaleUpUnreadyNoScale', currentReplicas: 3, expectedReplicas: 3, podReadiness: ['True', 'False', 'False'], requests: ONE(3), levels: [400, 500, 700], targetUtilization: 30, expectedUtilization: 40, expectedValue: 800 },
  { name: 'ScaleDown', currentReplicas: 5, expectedReplicas: 3, requests: ONE(5), levels: [100, 300, 500, 250, 250], targetUtilization: 50, expectedUtilization: 28, expectedValue: 560 },
  { name: 'ScaleDownIncludeUnreadyPods', currentReplicas: 5, expectedReplicas: 2, podReadiness: ['True', 'True', 'True', 'False', 'False'], requests: ONE(5), levels: [100, 300, 500, 250, 250], targetUtilization: 50, expectedUtilization: 30, expectedValue: 600 },
  {
    name: 'ScaleDownExcludeUnscheduledPods', currentReplicas: 5, expectedReplicas: 1, podReadiness: ['True', 'False', 'False', 'False', 'False'], podPhase: ['Running', 'Pending', 'Pending', 'Pending', 'Pending'],
    requests: ONE(5), levels: [100], targetUtilization: 50, expectedUtilization: 10, expectedValue: 200
  },
  { name: 'ScaleDownIgnoreHotCpuPods', currentReplicas: 5, expectedReplicas: 2, podStartTime: [COOL, COOL, COOL, HOT, HOT], requests: ONE(5), levels: [100, 300, 500, 250, 250], targetUtilization: 50, expectedUtilization: 30, expectedValue: 600 },
  {
    name: 'ScaleDownIgnoresFailedPods', currentReplicas: 5, expectedReplicas: 3, podReadiness: ['True', 'True', 'True', 'True', 'True', 'False', 'False'], podPhase: ['Running', 'Running', 'Running', 'Running', 'Running', 'Failed', 'Failed'],
    requests: ONE(7), levels: [100, 300, 500, 250, 250], targetUtilization: 50, expectedUtilization: 28, expectedValue: 560
  },
  {
    name: 'ScaleDownIgnoresDeletionPods', currentReplicas: 5, expectedReplicas: 3, podReadiness: ['True', 'True', 'True', 'True', 'True', 'False', 'False'], podDeletion: [false, false, false, false, false, true, true],
    requests: ONE(7), levels: [100, 300, 500, 250, 250], targetUtilization: 50, expectedUtilization: 28, expectedValue: 560
  },
  { name: 'Tolerance', currentReplicas: 3, expectedReplicas: 3, requests: ['0.9', '1.0', '1.1'], levels: [1010, 1030, 1020], targetUtilization: 100, expectedUtilization: 102, expectedValue: 2040 },
  { name: 'SuperfluousMetrics', currentReplicas: 4, expectedReplicas: 24, requests: ONE(4), levels: [4000, 9500, 3000, 7000, 3200, 2000], targetUtilization: 100, expectedUtilization: 587, expectedValue: 11750 },
  { name: 'MissingMetrics', currentReplicas: 4, expectedReplicas: 3, requests: ONE(4), levels: [400, 95], targetUtilization: 100, expectedUtilization: 24, expectedValue: 495 },
  { name: 'EmptyCPURequest', currentReplicas: 1, expectedError: 'missing request for cpu in container c0 of Pod test-pod-0', requests: [undefined as unknown as string], levels: [200], targetUtilization: 100 },
  { name: 'MissingMetricsNoChangeEq', currentReplicas: 2, expectedReplicas: 2, requests: ONE(2), levels: [1000], targetUtilization: 100, expectedUtilization: 100, expectedValue: 2000 },
  { name: 'MissingMetricsNoChangeGt', currentReplicas: 2, expectedReplicas: 2, requests: ONE(2), levels: [1900], targetUtilization: 100, expectedUtilization: 190, expectedValue: 3800 },
  { name: 'MissingMetricsNoChangeLt', currentReplicas: 2, expectedReplicas: 2, requests: ONE(2), levels: [600], targetUtilization: 100, expectedUtilization: 60, expectedValue: 1200 },
  { name: 'MissingMetricsUnreadyChange', currentReplicas: 3, expectedReplicas: 3, podReadiness: ['False', 'True', 'True'], requests: ONE(3), levels: [100, 450], targetUtilization: 50, expectedUtilization: 45, expectedValue: 900 },
  { name: 'MissingMetricsHotCpuNoChange', currentReplicas: 3, expectedReplicas: 3, podStartTime: [HOT, COOL, COOL], requests: ONE(3), levels: [100, 450], targetUtilization: 50, expectedUtilization: 45, expectedValue: 900 },
  { name: 'MissingMetricsUnreadyScaleUp', currentReplicas: 3, expectedReplicas: 4, podReadiness: ['False', 'True', 'True'], requests: ONE(3), levels: [100, 2000], targetUtilization: 50, expectedUtilization: 200, expectedValue: 4000 },
  { name: 'MissingMetricsHotCpuScaleUp', currentReplicas: 3, expectedReplicas: 4, podReadiness: ['False', 'True', 'True'], podStartTime: [HOT, COOL, COOL], requests: ONE(3), levels: [100, 2000], targetUtilization: 50, expectedUtilization: 200, expectedValue: 4000 },
  { name: 'MissingMetricsUnreadyScaleDown', currentReplicas: 4, expectedReplicas: 3, podReadiness: ['False', 'True', 'True', 'True'], requests: ONE(4), levels: [100, 100, 100], targetUtilization: 50, expectedUtilization: 10, expectedValue: 200 },
  { name: 'DuringRollingUpdateWithMaxSurge', currentReplicas: 2, expectedReplicas: 2, podPhase: ['Running', 'Running', 'Running'], requests: ONE(3), levels: [100, 100], targetUtilization: 50, expectedUtilization: 10, expectedValue: 200 },
  { name: 'no ready pod has metrics', currentReplicas: 2, expectedError: 'did not receive metrics for targeted pods (pods might be unready)', podReadiness: ['False', 'False'], requests: ONE(2), levels: [100, 100], targetUtilization: 50 }
];

describe('replica calculator (upstream TestReplicaCalc*)', () => {
  for (const c of CASES) {
    it(c.name, () => {
      if (c.expectedError) {
        expect(() => run(c)).toThrow(c.expectedError);
        return;
      }
      const got = run(c);
      expect({ replicas: got.replicas, utilization: got.utilization, value: got.rawUtilization }).toEqual({ replicas: c.expectedReplicas, utilization: c.expectedUtilization, value: c.expectedValue });
    });
  }
});

describe('groupPods (upstream TestGroupPods)', () => {
  const pod = (name: string, startAgoMs: number | undefined, ready?: { status: 'True' | 'False'; agoMs: number }) => ({
    metadata: { name },
    status: {
      phase: 'Succeeded',
      ...(startAgoMs !== undefined ? { startTime: timestamp(NOW - startAgoMs) } : {}),
      ...(ready ? { conditions: [{ type: 'Ready', status: ready.status, lastTransitionTime: timestamp(NOW - ready.agoMs) }] } : {})
    }
  });
  const m = (timestampAgoMs = 0, window = 60_000) => ({ value: 1, timestamp: NOW - timestampAgoMs, window });
  const cases = [
    { name: 'a ready pod counts for memory', pods: [pod('bentham', undefined)], metrics: [['bentham', m()]], resource: 'memory', ready: 1, unready: [], missing: [] },
    { name: 'a cpu pod without a ready condition is unready', pods: [pod('lucretius', 0)], metrics: [['lucretius', m()]], resource: 'cpu', ready: 0, unready: ['lucretius'], missing: [] },
    { name: 'a ready pod with fresh metrics during initialization counts', pods: [pod('bentham', 60_000, { status: 'True', agoMs: 30_000 })], metrics: [['bentham', m(0, 30_000)]], resource: 'cpu', ready: 1, unready: [], missing: [] },
    { name: 'a ready pod without a whole window since it became ready is unready', pods: [pod('bentham', 60_000, { status: 'True', agoMs: 30_000 })], metrics: [['bentham', m(0, 60_000)]], resource: 'cpu', ready: 0, unready: ['bentham'], missing: [] },
    { name: 'an unready pod that was ready after initialization counts', pods: [pod('lucretius', 600_000, { status: 'False', agoMs: 540_000 })], metrics: [['lucretius', m()]], resource: 'cpu', ready: 1, unready: [], missing: [] },
    { name: 'a pod never ready after initialization is unready', pods: [pod('lucretius', 600_000, { status: 'False', agoMs: 594_000 })], metrics: [['lucretius', m()]], resource: 'cpu', ready: 0, unready: ['lucretius'], missing: [] },
    { name: 'a pod without metrics is missing', pods: [pod('epicurus', 180_000)], metrics: [], resource: 'cpu', ready: 0, unready: [], missing: ['epicurus'] },
    { name: 'a pending pod is unready', pods: [{ metadata: { name: 'unscheduled' }, status: { phase: 'Pending' } }], metrics: [], resource: 'cpu', ready: 0, unready: ['unscheduled'], missing: [] }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const g = groupPods(c.pods, new Map(c.metrics as [string, ReturnType<typeof m>][]), c.resource, OPTS, NOW);
      expect({ ready: g.readyPodCount, unready: [...g.unreadyPods], missing: [...g.missingPods] }).toEqual({ ready: c.ready, unready: c.unready, missing: c.missing });
    });
  }
});

describe('AverageValue targets (upstream TestReplicaCalc*CM: the plain per-pod calculation)', () => {
  const pods = (n: number, readiness: ('True' | 'False')[] = []) =>
    Array.from({ length: n }, (_, i) => ({
      metadata: { name: `test-pod-${i}` },
      spec: { containers: [{ name: 'c' }] },
      status: { phase: 'Running', startTime: timestamp(COOL), conditions: [{ type: 'Ready', status: readiness[i] ?? 'True', lastTransitionTime: timestamp(COOL) }] }
    }));
  const metrics = (levels: number[]): PodMetricsInfo => new Map(levels.map((l, i) => [`test-pod-${i}`, { timestamp: NOW, window: WINDOW, value: l }]));
  const cases = [
    { name: 'ScaleUpCM', current: 3, levels: [20000, 10000, 30000], target: 15000, want: 4, usage: 20000 },
    { name: 'ScaleDownCM', current: 5, levels: [12000, 12000, 12000, 12000, 12000], target: 20000, want: 3, usage: 12000 },
    { name: 'ToleranceCM', current: 3, levels: [20000, 21000, 21000], target: 20000, want: 3, usage: 20666 },
    { name: 'ScaleUpCMUnreadyHotCpuNoLessScale (not cpu: readiness is not looked at)', current: 3, levels: [50000, 10000, 30000], target: 15000, want: 6, usage: 30000, readiness: ['True', 'True', 'False'] as ('True' | 'False')[] }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const got = getRawResourceReplicas(c.current, c.target, 'memory', pods(c.current, c.readiness), metrics(c.levels), NOW, NOW, OPTS);
      expect({ replicas: got.replicas, usage: got.rawUtilization }).toEqual({ replicas: c.want, usage: c.usage });
    });
  }
});
