/** The exposition parser and the metrics store: scrapes, staleness, `up`, retention and the series cap. */
import { describe, expect, it } from 'vitest';
import { parseExposition } from '../../../src/sim/monitoring/exposition';
import { MetricsStore, isStale } from '../../../src/sim/monitoring/store';

const TEXT = `# HELP kubelet_running_pods [ALPHA] Number of pods that have a running pod sandbox
# TYPE kubelet_running_pods gauge
kubelet_running_pods 3
# HELP kubelet_runtime_operations_total [ALPHA] Cumulative number of runtime operations by operation type.
# TYPE kubelet_runtime_operations_total counter
kubelet_runtime_operations_total{operation_type="list_containers"} 120
kubelet_runtime_operations_total{operation_type="start_container"} 4
container_memory_working_set_bytes{container="",id="/",name="a \\"b\\"\\\\c",pod=""} 1.2345e+09 1735689615000
x_bucket{le="+Inf"} +Inf
`;

describe('parseExposition', () => {
  it('reads names, labels with escapes, Go floats and timestamps', () => {
    const { samples, families } = parseExposition(TEXT);
    expect(samples.map((s) => [s.name, s.labels, s.value, s.timestampMs])).toEqual([
      ['kubelet_running_pods', {}, 3, undefined],
      ['kubelet_runtime_operations_total', { operation_type: 'list_containers' }, 120, undefined],
      ['kubelet_runtime_operations_total', { operation_type: 'start_container' }, 4, undefined],
      ['container_memory_working_set_bytes', { container: '', id: '/', name: 'a "b"\\c', pod: '' }, 1234500000, 1735689615000],
      ['x_bucket', { le: '+Inf' }, Infinity, undefined]
    ]);
    expect(families.get('kubelet_running_pods')).toEqual({ type: 'gauge', help: '[ALPHA] Number of pods that have a running pod sandbox' });
  });

  it.each([
    ['bad{x=1} 2', 'text format parsing error in line 1: expected \'="\' after label x'],
    ['ok 1\nbad{x="1', 'text format parsing error in line 2: unterminated label value for x'],
    ['m abc', 'text format parsing error in line 1: invalid float "abc"']
  ])('refuses %j', (text, message) => {
    expect(() => parseExposition(text)).toThrow(message);
  });
});

const sample = (name: string, value: number, labels: Record<string, string> = {}) => ({ name, labels, value });

describe('MetricsStore', () => {
  it('keeps one series per label set with job and instance, and up', () => {
    const store = new MetricsStore();
    store.appendScrape(15_000, 'kubelet', 'worker-1', [sample('kubelet_running_pods', 2)]);
    store.appendScrape(15_000, 'kubelet', 'worker-2', [sample('kubelet_running_pods', 5)]);
    store.appendScrape(30_000, 'kubelet', 'worker-1', [sample('kubelet_running_pods', 3)]);
    store.appendScrape(30_000, 'kubelet', 'worker-2', undefined);
    const pods = [...store.select('kubelet_running_pods')];
    expect(pods.map((s) => [s.labels.instance, s.t, s.v.map((v) => (isStale(v) ? 'stale' : v))])).toEqual([
      ['worker-1', [15_000, 30_000], [2, 3]],
      ['worker-2', [15_000, 30_000], [5, 'stale']]
    ]);
    expect(pods[0].labels).toEqual({ __name__: 'kubelet_running_pods', job: 'kubelet', instance: 'worker-1' });
    expect([...store.select('up')].map((s) => [s.labels.instance, s.v])).toEqual([
      ['worker-1', [1, 1]],
      ['worker-2', [1, 0]]
    ]);
  });

  it('marks a series the target stopped exposing as stale', () => {
    const store = new MetricsStore();
    store.appendScrape(0, 'cadvisor', 'n', [sample('container_memory_working_set_bytes', 10, { pod: 'a' }), sample('container_memory_working_set_bytes', 20, { pod: 'b' })]);
    store.appendScrape(15_000, 'cadvisor', 'n', [sample('container_memory_working_set_bytes', 11, { pod: 'a' })]);
    const b = [...store.select('container_memory_working_set_bytes')].find((s) => s.labels.pod === 'b')!;
    expect(b.t).toEqual([0, 15_000]);
    expect(isStale(b.v[1])).toBe(true);
  });

  it('drops samples older than the retention window, and series left empty', () => {
    const store = new MetricsStore({ retentionMs: 60_000 });
    for (let t = 0; t <= 120_000; t += 15_000) store.appendScrape(t, 'kubelet', 'n', t < 30_000 ? [sample('gone', 1), sample('kept', t)] : [sample('kept', t)]);
    const kept = [...store.select('kept')][0];
    // 120 s - 60 s = 60 s: samples at 60, 75, 90, 105, 120 s stay.
    expect(kept.t).toEqual([60_000, 75_000, 90_000, 105_000, 120_000]);
    expect([...store.select('gone')]).toEqual([]);
    expect(store.seriesCount).toBe(2); // kept + up
    expect(store.sampleCount()).toBe(10);
  });

  it('keeps at most maxSeries series and counts the samples it drops', () => {
    const store = new MetricsStore({ maxSeries: 3 });
    store.appendScrape(0, 'kubelet', 'n', [sample('a', 1), sample('b', 1), sample('c', 1), sample('d', 1)]);
    expect(store.names()).toEqual(['a', 'b', 'c']);
    expect(store.droppedSamples).toBe(2); // d, and up
  });

  it('honours a sample timestamp and refuses out-of-order samples', () => {
    const store = new MetricsStore();
    store.appendScrape(15_000, 'cadvisor', 'n', [{ ...sample('m', 1), timestampMs: 1_000_014_000 }], 1_000_000_000);
    store.appendScrape(30_000, 'cadvisor', 'n', [{ ...sample('m', 2), timestampMs: 1_000_010_000 }], 1_000_000_000);
    expect([...store.select('m')][0].t).toEqual([14_000]);
  });
});

describe('MetricsStore.appendText', () => {
  it('stores what parseExposition + appendScrape store, scrape after scrape', () => {
    const a = new MetricsStore();
    const b = new MetricsStore();
    const texts = [TEXT, TEXT.replace('kubelet_running_pods 3', 'kubelet_running_pods 4'), TEXT.replace(/^kubelet_runtime_operations_total\{operation_type="start_container"\} 4\n/m, '')];
    texts.forEach((text, i) => {
      a.appendText((i + 1) * 15_000, 'kubelet', 'n', text, 1_735_689_600_000);
      b.appendScrape((i + 1) * 15_000, 'kubelet', 'n', parseExposition(text).samples, 1_735_689_600_000);
    });
    const dump = (s: MetricsStore) => [...s.select(undefined)].map((x) => [x.labels, x.t, x.v.map(String)]);
    expect(dump(a)).toEqual(dump(b));
    const start = [...a.select('kubelet_runtime_operations_total')].find((x) => x.labels.operation_type === 'start_container')!;
    expect(start.v.map(String)).toEqual(['4', '4', 'NaN']);
    expect([...a.select('kubelet_running_pods')][0].v).toEqual([3, 4, 3]);
  });

  it('throws on a malformed line', () => {
    expect(() => new MetricsStore().appendText(0, 'kubelet', 'n', 'ok 1\nbad{x="1', 0)).toThrow(/text format parsing error/);
  });
});
