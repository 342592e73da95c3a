import { describe, expect, it } from 'vitest';
import { containerLogPath, logTimestamp, parseCRILog, readLogs, validateContainerLogStatus, type LogOptions } from '../../../../src/sim/kubelet/server/container-logs';
import { SIM_EPOCH_MS } from '../../../../src/sim/kernel/clock';

const FILE = [
  '2025-01-01T00:00:01.100000000Z stdout F starting',
  '2025-01-01T00:00:02.000000000Z stderr F warning: low disk',
  '2025-01-01T00:00:03.250000000Z stdout P partial ',
  '2025-01-01T00:00:03.500000000Z stdout F line',
  '2025-01-01T00:00:04.123456789Z stdout F done'
].join('\n') + '\n';

describe('readLogs (kuberuntime/logs ReadLogs)', () => {
  const cases: { name: string; opts: LogOptions; want: string }[] = [
    { name: 'everything: stdout and stderr interleaved, a partial record joined to the next', opts: {}, want: 'starting\nwarning: low disk\npartial line\ndone\n' },
    { name: 'tail counts records (a partial one too)', opts: { tailLines: 2 }, want: 'line\ndone\n' },
    { name: 'tail 0 prints nothing', opts: { tailLines: 0 }, want: '' },
    {
      name: 'timestamps as RFC3339Nano without trailing zeros, once per output line',
      opts: { timestamps: true, tailLines: 3 },
      want: '2025-01-01T00:00:03.25Z partial line\n2025-01-01T00:00:04.123456789Z done\n'
    },
    { name: 'since skips older records', opts: { sinceMs: 3_000 }, want: 'partial line\ndone\n' },
    { name: 'limitBytes cuts the output', opts: { limitBytes: 12 }, want: 'starting\nwar' }
  ];
  for (const c of cases) it(c.name, () => expect(readLogs(FILE, c.opts)).toBe(c.want));

  it('parses a CRI record and rejects a malformed one', () => {
    expect(parseCRILog('2025-01-01T00:00:01Z stderr F oops: x y')).toEqual({ timestamp: '2025-01-01T00:00:01Z', stream: 'stderr', partial: false, content: 'oops: x y' });
    expect(parseCRILog('2025-01-01T00:00:01Z stdin F x')).toBe('unexpected stream type "stdin"');
    expect(logTimestamp('2025-01-01T00:00:05.000000000Z')).toBe('2025-01-01T00:00:05Z');
    expect(SIM_EPOCH_MS).toBe(Date.parse('2025-01-01T00:00:00Z'));
  });

  it('puts a container log at /var/log/pods/<ns>_<pod>_<uid>/<container>/<attempt>.log', () => {
    expect(containerLogPath('default', 'web', 'u-1', 'nginx', 2)).toBe('/var/log/pods/default_web_u-1/nginx/2.log');
  });
});

describe('validateContainerLogStatus (which instance to read, or why not)', () => {
  const running = { running: { startedAt: 'x' } };
  const cases: { name: string; status: unknown; container: string; previous: boolean; want: unknown }[] = [
    { name: 'running: the current container', status: { containerStatuses: [{ name: 'web', containerID: 'containerd://c2', state: running, lastState: {} }] }, container: 'web', previous: false, want: { containerID: 'containerd://c2' } },
    {
      name: 'previous: the last terminated one',
      status: { containerStatuses: [{ name: 'web', containerID: 'containerd://c2', state: running, lastState: { terminated: { containerID: 'containerd://c1', exitCode: 1 } } }] },
      container: 'web',
      previous: true,
      want: { containerID: 'containerd://c1' }
    },
    { name: 'previous without one', status: { containerStatuses: [{ name: 'web', containerID: 'containerd://c2', state: running, lastState: {} }] }, container: 'web', previous: true, want: { error: 'previous terminated container "web" in pod "p" not found' } },
    { name: 'still creating', status: { containerStatuses: [{ name: 'web', state: { waiting: { reason: 'ContainerCreating' } }, lastState: {} }] }, container: 'web', previous: false, want: { error: 'container "web" in pod "p" is waiting to start: ContainerCreating' } },
    { name: 'image pull back-off', status: { containerStatuses: [{ name: 'web', state: { waiting: { reason: 'ImagePullBackOff' } }, lastState: {} }] }, container: 'web', previous: false, want: { error: 'container "web" in pod "p" is waiting to start: trying and failing to pull image' } },
    { name: 'crash loop: the last terminated one', status: { containerStatuses: [{ name: 'web', state: { waiting: { reason: 'CrashLoopBackOff' } }, lastState: { terminated: { containerID: 'containerd://c3' } } }] }, container: 'web', previous: false, want: { containerID: 'containerd://c3' } },
    { name: 'an init container', status: { containerStatuses: [], initContainerStatuses: [{ name: 'init', containerID: 'containerd://i1', state: { terminated: { containerID: 'containerd://i1' } } }] }, container: 'init', previous: false, want: { containerID: 'containerd://i1' } },
    { name: 'no status yet', status: {}, container: 'web', previous: false, want: { error: 'container "web" in pod "p" is not available' } }
  ];
  for (const c of cases) it(c.name, () => expect(validateContainerLogStatus('p', c.status, c.container, c.previous)).toEqual(c.want));
});
