/** Log rotation as pkg/kubelet/logs/container_log_manager.go does it, on the virtual clock. */
import { describe, expect, it } from 'vitest';
import { SimClock } from '../../../../src/sim/kernel/clock';
import { ContainerLogManager, rotationTimestamp } from '../../../../src/sim/kubelet/logs/container-log-manager';

const LOG = '/var/log/pods/default_p_u/c/0.log';

describe('container log manager', () => {
  it('names rotated files with Go\'s 20060102-150405', () => {
    expect(rotationTimestamp(0)).toBe('20250101-000000');
    expect(rotationTimestamp(3_723_000)).toBe('20250101-010203');
  });

  it('every 10 s rotates a file past containerLogMaxSize, compresses older ones and keeps containerLogMaxFiles', () => {
    const clock = new SimClock();
    const files = new Map<string, string>();
    const traced: unknown[] = [];
    const m = new ContainerLogManager({ running: () => [{ containerId: 'c1', path: LOG }], files }, clock, 100, 3, (e) => traced.push(e));
    m.start();
    files.set(LOG, 'x'.repeat(99));
    clock.runUntil(10_000);
    // below the limit: nothing happens
    expect([...files.keys()]).toEqual([LOG]);
    for (let i = 1; i <= 4; i++) {
      files.set(LOG, String(i).repeat(150));
      clock.runUntil(10_000 * (i + 1));
    }
    expect([...files.keys()].sort()).toEqual([`${LOG}.20250101-000040.gz`, `${LOG}.20250101-000050`]);
    expect(files.get(`${LOG}.20250101-000050`)).toBe('4'.repeat(150));
    expect(traced).toHaveLength(4);
    m.stop();
  });

  it('a pass after which no log file was written looks at no file (only a write takes a file past the limit)', () => {
    const clock = new SimClock();
    const files = new Map<string, string>();
    let appends = 0;
    let listed = 0;
    const m = new ContainerLogManager({ running: () => (listed++, [{ containerId: 'c1', path: LOG }]), files, appends: () => appends }, clock, 100, 3, () => {});
    m.start();
    files.set(LOG, 'x'.repeat(50));
    appends++;
    clock.runUntil(10_000);
    expect(listed).toBe(1);
    clock.runUntil(30_000);
    expect(listed).toBe(1);
    // The runtime appends past the limit: the next pass rotates it.
    files.set(LOG, 'x'.repeat(150));
    appends++;
    clock.runUntil(40_000);
    expect(listed).toBe(2);
    expect([...files.keys()]).toEqual([`${LOG}.20250101-000040`]);
    m.stop();
  });
});
