import { describe, expect, it } from 'vitest';
import { DEF_BUCKETS, exponentialBuckets, Registry } from '../../../../src/sim/kubelet/metrics/registry';
import { KubeletMetrics } from '../../../../src/sim/kubelet/metrics/metrics';

describe('the Prometheus registry (text format 0.0.4)', () => {
  it('prints a counter vector with HELP [ALPHA], TYPE and one line per label set, sorted', () => {
    const r = new Registry();
    const c = r.counter({ name: 'kubelet_runtime_operations_total', help: 'Cumulative number of runtime operations by operation type.', stabilityLevel: 'ALPHA', labels: ['operation_type'] });
    c.inc({ operation_type: 'start_container' });
    c.inc({ operation_type: 'create_container' }, 2);
    expect(r.render()).toBe(
      '# HELP kubelet_runtime_operations_total [ALPHA] Cumulative number of runtime operations by operation type.\n' +
        '# TYPE kubelet_runtime_operations_total counter\n' +
        'kubelet_runtime_operations_total{operation_type="create_container"} 2\n' +
        'kubelet_runtime_operations_total{operation_type="start_container"} 1\n'
    );
  });

  it('prints a histogram as cumulative _bucket lines with le last, +Inf, _sum and _count', () => {
    const r = new Registry();
    const h = r.histogram({ name: 'x_seconds', help: 'h', stabilityLevel: 'STABLE', buckets: [0.1, 1, 10] });
    h.observe(0.05);
    h.observe(0.5);
    h.observe(0.5);
    h.observe(30);
    expect(r.render()).toBe(
      '# HELP x_seconds [STABLE] h\n# TYPE x_seconds histogram\n' +
        'x_seconds_bucket{le="0.1"} 1\nx_seconds_bucket{le="1"} 3\nx_seconds_bucket{le="10"} 3\nx_seconds_bucket{le="+Inf"} 4\n' +
        'x_seconds_sum 31.05\nx_seconds_count 4\n'
    );
  });

  it("a held series (child) updates the same lines as updates by labels", () => {
    const r = new Registry();
    const c = r.counter({ name: 'ops_total', help: 'c', stabilityLevel: 'ALPHA', labels: ['op'] });
    const h = r.histogram({ name: 'op_seconds', help: 'h', stabilityLevel: 'ALPHA', labels: ['op'], buckets: [0.1, 1] });
    const held = { total: c.child({ op: 'exec' }), seconds: h.child({ op: 'exec' }) };
    held.total.inc();
    c.inc({ op: 'exec' });
    held.total.inc(2);
    held.seconds.observe(0.05);
    h.observe(0.5, { op: 'exec' });
    held.seconds.observe(5);
    expect(r.render()).toBe(
      '# HELP op_seconds [ALPHA] h\n# TYPE op_seconds histogram\n' +
        'op_seconds_bucket{op="exec",le="0.1"} 1\nop_seconds_bucket{op="exec",le="1"} 2\nop_seconds_bucket{op="exec",le="+Inf"} 3\n' +
        'op_seconds_sum{op="exec"} 5.55\nop_seconds_count{op="exec"} 3\n' +
        '# HELP ops_total [ALPHA] c\n# TYPE ops_total counter\nops_total{op="exec"} 4\n'
    );
  });

  it('leaves out families that have no series yet and sorts families by name', () => {
    const r = new Registry();
    r.gauge({ name: 'b_gauge', help: 'b', stabilityLevel: 'ALPHA' }).set(3);
    r.counter({ name: 'a_unused_total', help: 'a', stabilityLevel: 'ALPHA', labels: ['x'] });
    r.gauge({ name: 'a_gauge', help: 'a', stabilityLevel: 'ALPHA' }).set(1);
    expect(r.render().split('\n').filter((l) => !l.startsWith('#'))).toEqual(['a_gauge 1', 'b_gauge 3', '']);
  });

  it('uses upstream bucket boundaries: DefBuckets and ExponentialBuckets(.005, 2.5, 14)', () => {
    expect(DEF_BUCKETS).toEqual([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]);
    const b = exponentialBuckets(0.005, 2.5, 14);
    expect(b).toHaveLength(14);
    expect(b[1]).toBeCloseTo(0.0125);
    expect(b[13]).toBeCloseTo(745.0580596923828);
  });
});

describe('the kubelet metrics', () => {
  it('counts CRI calls by operation type, with errors apart', () => {
    const m = new KubeletMetrics('worker-1');
    m.runtimeOperation('start_container', 120, true);
    m.runtimeOperation('start_container', 80, false);
    const text = m.render(0, { runningPods: 0, containers: {} });
    expect(text).toContain('kubelet_runtime_operations_total{operation_type="start_container"} 2\n');
    expect(text).toContain('kubelet_runtime_operations_errors_total{operation_type="start_container"} 1\n');
    expect(text).toContain('kubelet_runtime_operations_duration_seconds_bucket{operation_type="start_container",le="0.078125"} 0\n');
    expect(text).toContain('kubelet_runtime_operations_duration_seconds_bucket{operation_type="start_container",le="0.1953125"} 2\n');
    expect(text).toContain('kubelet_runtime_operations_duration_seconds_sum{operation_type="start_container"} 0.2\n');
    expect(text).toContain('kubelet_node_name{node="worker-1"} 1\n');
  });

  it("counts exec probes' ExecSyncs at scrape time exactly as it counts each call", () => {
    const calls: [number, boolean][] = [...Array<[number, boolean]>(5).fill([6, true]), [1000, false], [6, true], [6, true], [7, true], [6, true]];
    const each = new KubeletMetrics('worker-1');
    const folded = new KubeletMetrics('worker-1');
    for (const [ms, ok] of calls) {
      each.runtimeOperation('exec_sync', ms, ok);
      folded.execSyncAnswered(ms, ok);
    }
    const counts = { runningPods: 0, containers: {} };
    const text = folded.render(0, counts);
    expect(text).toBe(each.render(0, counts));
    expect(text).toContain('kubelet_runtime_operations_total{operation_type="exec_sync"} 10\n');
    expect(text).toContain('kubelet_runtime_operations_errors_total{operation_type="exec_sync"} 1\n');
    expect(text).toContain('kubelet_runtime_operations_duration_seconds_sum{operation_type="exec_sync"} 1.055\n');
    // More calls after a scrape land in the next one.
    folded.execSyncAnswered(6, true);
    each.runtimeOperation('exec_sync', 6, true);
    expect(folded.render(0, counts)).toBe(each.render(0, counts));
  });

  it('counts PLEG relists from the loop start at scrape time: 1 s intervals, instantaneous relists', () => {
    const m = new KubeletMetrics('n');
    m.plegStarted(2_000, 1000);
    const text = m.render(12_500, { runningPods: 3, containers: { running: 4, exited: 1 } });
    expect(text).toContain('kubelet_pleg_relist_duration_seconds_count 10\n');
    expect(text).toContain('kubelet_pleg_relist_interval_seconds_bucket{le="0.5"} 0\n');
    expect(text).toContain('kubelet_pleg_relist_interval_seconds_bucket{le="1"} 9\n');
    expect(text).toContain('kubelet_pleg_relist_interval_seconds_sum 9\n');
    expect(text).toContain('kubelet_running_pods 3\n');
    expect(text).toContain('kubelet_running_containers{container_state="exited"} 1\nkubelet_running_containers{container_state="running"} 4\n');
    m.plegStopped(15_000);
    expect(m.render(60_000, { runningPods: 0, containers: {} })).toContain('kubelet_pleg_relist_duration_seconds_count 13\n');
  });

  it('observes a pod start once, when its sync finds it Running, from when the worker first saw it', () => {
    const m = new KubeletMetrics('n');
    m.podSynced('u1', 'create', 1500, 1000, false, 2500);
    m.podSynced('u1', 'sync', 200, 1000, true, 4700);
    m.podSynced('u1', 'sync', 100, 1000, true, 9000);
    const text = m.render(9000, { runningPods: 1, containers: {} });
    expect(text).toContain('kubelet_pod_start_duration_seconds_count 1\n');
    expect(text).toContain('kubelet_pod_start_duration_seconds_sum 3.7\n');
    expect(text).toContain('kubelet_pod_worker_duration_seconds_count{operation_type="create"} 1\n');
    expect(text).toContain('kubelet_pod_worker_duration_seconds_count{operation_type="sync"} 2\n');
  });
});
