import { describe, expect, it } from 'vitest';
import { nodeView, podStatusReason, podView } from './status';

const running = { running: { startedAt: '2025-01-01T00:00:05Z' } };

describe('podStatusReason (kubectl STATUS column)', () => {
  const cases: { name: string; pod: any; want: string }[] = [
    { name: 'unscheduled', pod: { status: { phase: 'Pending' } }, want: 'Pending' },
    {
      name: 'container being created',
      pod: { spec: { nodeName: 'w' }, status: { phase: 'Pending', containerStatuses: [{ name: 'a', state: { waiting: { reason: 'ContainerCreating' } } }] } },
      want: 'ContainerCreating'
    },
    {
      name: 'init container pending',
      pod: {
        spec: { initContainers: [{ name: 'i' }], containers: [{ name: 'a' }] },
        status: { phase: 'Pending', initContainerStatuses: [{ name: 'i', state: { waiting: { reason: 'PodInitializing' } } }] }
      },
      want: 'Init:0/1'
    },
    {
      name: 'init container crashing',
      pod: {
        spec: { initContainers: [{ name: 'i' }] },
        status: { phase: 'Pending', initContainerStatuses: [{ name: 'i', state: { waiting: { reason: 'CrashLoopBackOff' } } }] }
      },
      want: 'Init:CrashLoopBackOff'
    },
    { name: 'running', pod: { status: { phase: 'Running', containerStatuses: [{ name: 'a', ready: true, state: running }] } }, want: 'Running' },
    {
      name: 'crash loop',
      pod: { status: { phase: 'Running', containerStatuses: [{ name: 'a', state: { waiting: { reason: 'CrashLoopBackOff' } } }] } },
      want: 'CrashLoopBackOff'
    },
    {
      name: 'the first container wins',
      pod: {
        status: {
          phase: 'Running',
          containerStatuses: [
            { name: 'a', state: { terminated: { reason: 'OOMKilled', exitCode: 137 } } },
            { name: 'b', state: { waiting: { reason: 'ErrImagePull' } } }
          ]
        }
      },
      want: 'OOMKilled'
    },
    {
      name: 'exit code without reason',
      pod: { status: { phase: 'Failed', containerStatuses: [{ name: 'a', state: { terminated: { exitCode: 3 } } }] } },
      want: 'ExitCode:3'
    },
    { name: 'evicted', pod: { status: { phase: 'Failed', reason: 'Evicted' } }, want: 'Evicted' },
    {
      name: 'completed with a sidecar still running and ready',
      pod: {
        status: {
          phase: 'Running',
          conditions: [{ type: 'Ready', status: 'True' }],
          containerStatuses: [
            { name: 'a', state: { terminated: { reason: 'Completed', exitCode: 0 } } },
            { name: 'b', ready: true, state: running }
          ]
        }
      },
      want: 'Running'
    },
    {
      name: 'terminating',
      pod: { metadata: { deletionTimestamp: '2025-01-01T00:01:00Z' }, status: { phase: 'Running' } },
      want: 'Terminating'
    },
    {
      name: 'node lost',
      pod: { metadata: { deletionTimestamp: '2025-01-01T00:01:00Z' }, status: { phase: 'Running', reason: 'NodeLost' } },
      want: 'Unknown'
    },
    {
      name: 'a finished pod being deleted keeps its phase word',
      pod: { metadata: { deletionTimestamp: '2025-01-01T00:01:00Z' }, status: { phase: 'Succeeded' } },
      want: 'Succeeded'
    }
  ];
  for (const c of cases) it(c.name, () => expect(podStatusReason(c.pod)).toBe(c.want));
});

describe('podView', () => {
  const cases: { name: string; pod: any; tone: string; glyph: string }[] = [
    { name: 'unscheduled is pending', pod: { status: { phase: 'Pending' } }, tone: 'pending', glyph: '' },
    { name: 'bound but not started is creating', pod: { spec: { nodeName: 'w' }, status: { phase: 'Pending' } }, tone: 'creating', glyph: '…' },
    {
      name: 'running and ready',
      pod: { spec: { containers: [{ name: 'a' }] }, status: { phase: 'Running', containerStatuses: [{ name: 'a', ready: true, state: running }] } },
      tone: 'running',
      glyph: ''
    },
    {
      name: 'running, not ready',
      pod: { spec: { containers: [{ name: 'a' }] }, status: { phase: 'Running', containerStatuses: [{ name: 'a', ready: false, state: running }] } },
      tone: 'notready',
      glyph: ''
    },
    {
      name: 'crash loop',
      pod: { spec: { containers: [{ name: 'a' }] }, status: { phase: 'Running', containerStatuses: [{ name: 'a', state: { waiting: { reason: 'CrashLoopBackOff' } } }] } },
      tone: 'error',
      glyph: '!'
    },
    { name: 'OOMKilled', pod: { status: { phase: 'Failed', containerStatuses: [{ name: 'a', state: { terminated: { reason: 'OOMKilled' } } }] } }, tone: 'oom', glyph: 'OOM' },
    { name: 'evicted', pod: { status: { phase: 'Failed', reason: 'Evicted' } }, tone: 'evicted', glyph: 'E' },
    {
      name: 'evicted, kubectl printing the container reason',
      pod: { spec: { containers: [{ name: 'a' }] }, status: { phase: 'Failed', reason: 'Evicted', containerStatuses: [{ name: 'a', state: { terminated: { reason: 'Completed' } } }] } },
      tone: 'evicted',
      glyph: 'E'
    },
    { name: 'completed', pod: { status: { phase: 'Succeeded', containerStatuses: [{ name: 'a', state: { terminated: { reason: 'Completed' } } }] } }, tone: 'succeeded', glyph: '✓' }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const view = podView(c.pod);
      expect([view.tone, view.glyph]).toEqual([c.tone, c.glyph]);
    });
  }

  it('counts ready containers and restarts, and keeps the colour while terminating', () => {
    const view = podView({
      metadata: { deletionTimestamp: '2025-01-01T00:01:00Z' },
      spec: { containers: [{ name: 'a' }, { name: 'b' }] },
      status: {
        phase: 'Running',
        containerStatuses: [
          { name: 'a', ready: true, restartCount: 2, state: running },
          { name: 'b', ready: false, restartCount: 1, state: running }
        ]
      }
    });
    expect(view).toMatchObject({ reason: 'Terminating', terminating: true, tone: 'notready', ready: 1, total: 2, restarts: 3 });
  });

  it('lists the running ephemeral containers (kubectl debug) apart: READY and the tone stay those of the pod', () => {
    const view = podView({
      spec: { containers: [{ name: 'web' }], ephemeralContainers: [{ name: 'debugger-abcde' }, { name: 'old' }] },
      status: {
        phase: 'Running',
        containerStatuses: [{ name: 'web', ready: true, restartCount: 0, state: running }],
        ephemeralContainerStatuses: [
          { name: 'debugger-abcde', ready: false, restartCount: 0, state: running },
          { name: 'old', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } }
        ]
      }
    });
    expect(view).toMatchObject({ reason: 'Running', tone: 'running', ready: 1, total: 1, debugging: ['debugger-abcde'] });
  });
});

describe('nodeView', () => {
  const cond = (status: string) => ({ status: { conditions: [{ type: 'Ready', status }] } });
  it.each([
    ['True', 'Ready', 'ready'],
    ['False', 'NotReady', 'notready'],
    // kubectl prints NotReady for Ready=Unknown too (printNode); the tone keeps them apart.
    ['Unknown', 'NotReady', 'unknown']
  ])('Ready=%s', (s, status, tone) => expect(nodeView(cond(s))).toEqual({ status, tone }));
  it('cordoned', () => expect(nodeView({ ...cond('True'), spec: { unschedulable: true } }).status).toBe('Ready,SchedulingDisabled'));
  it('no Ready condition yet', () => expect(nodeView({ status: { conditions: [] } })).toEqual({ status: 'Unknown', tone: 'unknown' }));
});
