/**
 * The HPA controller in a cluster (seed 0): the usage it reads is the Metrics API's, the very
 * figures `kubectl top pod` prints at the same virtual time; and the rate limits of normalize.ts
 * against upstream's behavior defaults.
 * upstream: pkg/controller/podautoscaler/horizontal.go, horizontal_test.go (the scale-up limits).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';
import { parseTimestamp } from '../../../../src/sim/kernel/clock';
import { convertDesiredReplicasWithRules, scaleDownLimitWithRules, scaleUpLimitWithRules } from '../../../../src/sim/controllers/podautoscaler/normalize';
import { DEFAULT_HPA_SCALE_DOWN_RULES, DEFAULT_HPA_SCALE_UP_RULES } from '../../../../src/sim/api/defaults';

describe('the HPA reads what kubectl top shows (seed 0)', () => {
  let cluster: Cluster;
  let con: Console;
  const run = async (line: string) => (await con.exec(line)).output;

  beforeAll(async () => {
    cluster = new Cluster({ seed: 0, workers: 2 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    con = new Console(cluster);
    // A busy loop with no limit: about a core, jittered per 15 s window; min = max = 1, so it never scales.
    await run(`kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: spin
spec:
  selector:
    matchLabels: {app: spin}
  template:
    metadata:
      labels: {app: spin}
    spec:
      containers:
      - name: spin
        image: busybox
        command: ["sh", "-c", "while true; do :; done"]
        resources:
          requests: {cpu: 500m}
EOF`);
    await run('kubectl autoscale deployment spin --cpu-percent=50 --min=1 --max=1');
  });

  it('status.currentMetrics equals kubectl top pod at each sync, and follows the usage as it changes', async () => {
    const hpa = JSON.parse(await run('kubectl get hpa spin -o json'));
    const created = parseTimestamp(hpa.metadata.creationTimestamp)!;
    const seen = new Set<string>();
    for (let k = 3; k <= 8; k++) {
      // The controller syncs the HPA every 15 s from its creation (creationTimestamp is in whole
      // seconds, so the sync falls within the second after created + k x 15 s).
      await run(`sim advance ${created + k * 15_000 + 1000 - cluster.now}ms`);
      // No scrape between that sync and now: top reads the same scrape.
      expect(Math.floor(cluster.now / 15_000)).toBe(Math.floor((cluster.now - 1000) / 15_000));
      const status = JSON.parse(await run('kubectl get hpa spin -o json')).status;
      const top = (await run('kubectl top pod --no-headers')).trim().split(/\s+/);
      const current = status.currentMetrics[0].resource.current;
      expect(current.averageValue).toBe(top[1]);
      expect(current.averageUtilization).toBe(Math.trunc((Number(top[1].replace('m', '')) * 100) / 500));
      seen.add(current.averageValue);
    }
    // A busy loop reads about a core; its jitter makes the windows differ.
    expect(seen.size).toBeGreaterThan(1);
    for (const v of seen) expect(Number(v.replace('m', ''))).toBeGreaterThan(900);
    // At --max=1 the HPA wants more but may not: ScalingLimited TooManyReplicas.
    const status = JSON.parse(await run('kubectl get hpa spin -o json')).status;
    expect(status.conditions.find((c: { type: string }) => c.type === 'ScalingLimited')).toMatchObject({ status: 'True', reason: 'TooManyReplicas' });
    expect(status.desiredReplicas).toBe(1);
  });
});

describe('rate limits', () => {
  const NOW = 1_000_000;
  it('without a behavior: at most max(2 x current, 4), then maxReplicas, minReplicas', () => {
    expect(convertDesiredReplicasWithRules(1, 10, 1, 10)).toEqual([4, 'ScaleUpLimit', 'the desired replica count is increasing faster than the maximum scale rate']);
    expect(convertDesiredReplicasWithRules(3, 10, 1, 10)).toEqual([6, 'ScaleUpLimit', 'the desired replica count is increasing faster than the maximum scale rate']);
    expect(convertDesiredReplicasWithRules(8, 20, 1, 10)).toEqual([10, 'TooManyReplicas', 'the desired replica count is more than the maximum replica count']);
    expect(convertDesiredReplicasWithRules(5, 0, 2, 10)).toEqual([2, 'TooFewReplicas', 'the desired replica count is less than the minimum replica count']);
    expect(convertDesiredReplicasWithRules(5, 3, 2, 10)).toEqual([3, 'DesiredWithinRange', 'the desired count is within the acceptable range']);
  });

  const cases = [
    { name: 'default scale-up from 1: 4 pods beats 100%', current: 1, events: [], want: 5 },
    { name: 'default scale-up from 10: 100% beats 4 pods', current: 10, events: [], want: 20 },
    { name: 'a scale-up 10 s ago counts against its period', current: 6, events: [{ replicaChange: 4, timestamp: NOW - 10_000, outdated: false }], want: 6 },
    { name: 'one exactly 15 s ago no longer does', current: 6, events: [{ replicaChange: 4, timestamp: NOW - 15_000, outdated: false }], want: 12 }
  ];
  for (const c of cases) it(c.name, () => expect(scaleUpLimitWithRules(c.current, c.events, DEFAULT_HPA_SCALE_UP_RULES, NOW)).toBe(c.want));

  it('default scale-down: 100% per 15 s; Pods 1 per 15 s counts what went already', () => {
    expect(scaleDownLimitWithRules(8, [], DEFAULT_HPA_SCALE_DOWN_RULES, NOW)).toBe(0);
    const onePer15s = { selectPolicy: 'Max', policies: [{ type: 'Pods', value: 1, periodSeconds: 15 }] };
    expect(scaleDownLimitWithRules(8, [], onePer15s, NOW)).toBe(7);
    expect(scaleDownLimitWithRules(7, [{ replicaChange: 1, timestamp: NOW - 5_000, outdated: false }], onePer15s, NOW)).toBe(7);
    expect(scaleDownLimitWithRules(8, [], { ...onePer15s, selectPolicy: 'Disabled' }, NOW)).toBe(8);
  });
});
