import { describe, expect, it } from 'vitest';
import { filterJournal, parseJournal } from './journal';

const OUT = `Jan 01 00:00:00 worker-1 kubelet[700]: I0101 00:00:00.942000     700 server.go:1264] "Started kubelet"
Jan 01 00:01:10 worker-1 kubelet[700]: E0101 00:01:10.000000     700 prober.go:104] "Probe failed" probeType="Liveness" pod="default/web"
Jan 01 00:01:12 worker-1 kubelet[700]: W0101 00:01:12.000000     700 eviction_manager.go:366] "Eviction manager: attempting to reclaim" resourceName="memory"
Jan 01 00:01:13 worker-1 systemd[1]: kubelet.service: Scheduled restart job, restart counter is at 1.
`;

describe('kubelet journal', () => {
  it('reads the klog severity of each line', () => {
    expect(parseJournal(OUT).map((l) => l.severity)).toEqual(['info', 'error', 'warning', 'other']);
  });

  it('keeps the lines holding every word typed, any case', () => {
    const lines = parseJournal(OUT);
    expect(filterJournal(lines, 'probe LIVENESS').map((l) => l.n)).toEqual([1]);
    expect(filterJournal(lines, '  ').length).toBe(4);
    expect(filterJournal(lines, 'eviction', new Set(['error'])).length).toBe(0);
    expect(filterJournal(lines, '', new Set(['warning', 'error'])).map((l) => l.n)).toEqual([1, 2]);
  });
});
