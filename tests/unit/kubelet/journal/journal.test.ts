import { describe, expect, it } from 'vitest';
import { Journal, journalTime, klogLine } from '../../../../src/sim/kubelet/logs/journal';
import { planStartup, procSwaps } from '../../../../src/sim/kubelet/logs/startup';
import { defaultKubeletConfiguration } from '../../../../src/sim/kubelet/config/config';

describe('the kubelet journal', () => {
  it('formats klog lines: severity, date, microseconds, thread id padded to 7, file:line, quoted message and values', () => {
    expect(klogLine('I', 5_123, 1234, 'kubelet.go:2340', 'Starting kubelet main sync loop')).toBe('I0101 00:00:05.123000    1234 kubelet.go:2340] "Starting kubelet main sync loop"');
    expect(klogLine('E', 65_000, 700, 'run.go:72', 'command failed', { err: 'a "b"\tc' })).toBe('E0101 00:01:05.000000     700 run.go:72] "command failed" err="a \\"b\\"\\tc"');
  });

  it('prints journalctl lines and keeps only the newest lines', () => {
    expect(journalTime(3_723_000)).toBe('Jan 01 01:02:03');
    const j = new Journal('worker-1', 3);
    for (let i = 0; i < 5; i++) j.append({ t: i * 1000, ident: 'kubelet', pid: 700, text: `line ${i}` });
    expect(j.lines()).toEqual(['Jan 01 00:00:02 worker-1 kubelet[700]: line 2', 'Jan 01 00:00:03 worker-1 kubelet[700]: line 3', 'Jan 01 00:00:04 worker-1 kubelet[700]: line 4']);
    expect(j.lines(1)).toEqual(['Jan 01 00:00:04 worker-1 kubelet[700]: line 4']);
    expect(j.lines(0)).toEqual([]);
  });
});

describe('kubelet start-up', () => {
  it('fails validation before logging anything else', () => {
    const plan = planStartup({ ...defaultKubeletConfiguration(), maxPods: -5 }, undefined, '1.7.24');
    expect(plan.lines).toEqual([]);
    expect(plan.failure).toBe('failed to validate kubelet configuration, error: invalid configuration: maxPods (--max-pods) -5 must not be a negative number, path: &TypeMeta{Kind:,APIVersion:,}');
  });

  it('refuses swap unless failSwapOn is false', () => {
    expect(procSwaps('1Gi')[1]).toBe('/swap.img                               file\t\t1048572\t\t0\t\t-2');
    const failed = planStartup(defaultKubeletConfiguration(), '1Gi', '1.7.24');
    expect(failed.failure).toMatch(/^failed to run Kubelet: running with swap on is not supported, please disable swap! or set --fail-swap-on flag to false\. \/proc\/swaps contained: \[Filename/);
    const allowed = planStartup({ ...defaultKubeletConfiguration(), failSwapOn: false }, '1Gi', '1.7.24');
    expect(allowed.failure).toBeUndefined();
    expect(allowed.lines.map((l) => l.msg)).toContain('Starting kubelet main sync loop');
  });
});
