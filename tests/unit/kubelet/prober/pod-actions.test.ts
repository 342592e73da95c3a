/** computePodActions with probe results, and the grace period of a probe kill (kuberuntime). */
import { describe, expect, it } from 'vitest';
import { computePodActions } from '../../../../src/sim/kubelet/kuberuntime/pod-actions';
import { terminationGracePeriod } from '../../../../src/sim/kubelet/kuberuntime/manager';
import type { RuntimePodStatus } from '../../../../src/sim/kubelet/container/runtime';

/* eslint-disable @typescript-eslint/no-explicit-any */

const status: RuntimePodStatus = {
  uid: 'u',
  name: 'p',
  namespace: 'default',
  sandboxes: [{ id: 'sb', state: 'SANDBOX_READY', metadata: { attempt: 0 } } as any],
  containers: [{ id: 'c1', state: 'CONTAINER_RUNNING', metadata: { name: 'app', attempt: 0 }, createdAt: 1 } as any]
};

const pod = (restartPolicy: string) => ({ metadata: { uid: 'u' }, spec: { restartPolicy, containers: [{ name: 'app' }] } });

describe('computePodActions with probe results', () => {
  const cases: { name: string; restartPolicy: string; liveness?: string; startup?: string; start: number[]; kill?: any[] }[] = [
    { name: 'healthy: nothing to do', restartPolicy: 'Always', liveness: 'Success', start: [] },
    { name: 'liveness failure: kill and restart', restartPolicy: 'Always', liveness: 'Failure', start: [0], kill: [{ containerId: 'c1', name: 'app', index: 0, message: 'Container app failed liveness probe, will be restarted', reason: 'LivenessProbe' }] },
    { name: 'startup failure with OnFailure: kill and restart', restartPolicy: 'OnFailure', startup: 'Failure', start: [0], kill: [{ containerId: 'c1', name: 'app', index: 0, message: 'Container app failed startup probe, will be restarted', reason: 'StartupProbe' }] },
    { name: 'liveness failure with Never: kill only', restartPolicy: 'Never', liveness: 'Failure', start: [], kill: [{ containerId: 'c1', name: 'app', index: 0, message: 'Container app failed liveness probe', reason: 'LivenessProbe' }] }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const results = { liveness: (id: string) => (id === 'containerd://c1' ? c.liveness : undefined), startup: (id: string) => (id === 'containerd://c1' ? c.startup : undefined) };
      const a = computePodActions(pod(c.restartPolicy), status, results);
      expect(a.containersToStart).toEqual(c.start);
      expect(a.containersToKill).toEqual(c.kill);
    });
  }
});

describe('computePodActions: a sidecar that failed its liveness probe', () => {
  it('is killed and started again as the next init container; the regular containers keep running', () => {
    const sidecarPod = { metadata: { uid: 'u' }, spec: { restartPolicy: 'Always', initContainers: [{ name: 'proxy', restartPolicy: 'Always', livenessProbe: { exec: { command: ['true'] } } }], containers: [{ name: 'app' }] } };
    const st: RuntimePodStatus = { ...status, containers: [...status.containers, { id: 's1', state: 'CONTAINER_RUNNING', metadata: { name: 'proxy', attempt: 0 }, createdAt: 0 } as any] };
    const failing = { liveness: (id: string) => (id === 'containerd://s1' ? 'Failure' : 'Success'), startup: () => undefined };
    const a = computePodActions(sidecarPod, st, failing);
    expect(a.nextInitContainer).toBe(0);
    expect(a.containersToStart).toEqual([]);
    expect(a.containersToKill).toEqual([{ containerId: 's1', name: 'proxy', index: 0, init: true, message: 'Init container proxy failed liveness probe', reason: 'LivenessProbe' }]);
    const healthy = computePodActions(sidecarPod, st, { liveness: () => 'Success', startup: () => undefined });
    expect(healthy.containersToKill).toBeUndefined();
    expect(healthy.nextInitContainer).toBeUndefined();
  });
});

describe('terminationGracePeriod (setTerminationGracePeriod)', () => {
  const container = { livenessProbe: { terminationGracePeriodSeconds: 5 }, startupProbe: {} };
  it.each([
    ['the probe-level value for a liveness kill', { metadata: {}, spec: { terminationGracePeriodSeconds: 60 } }, 'LivenessProbe', 5],
    ['the pod value when the probe sets none', { metadata: {}, spec: { terminationGracePeriodSeconds: 60 } }, 'StartupProbe', 60],
    ['the deletion grace period first', { metadata: { deletionGracePeriodSeconds: 10 }, spec: {} }, 'LivenessProbe', 10],
    ['30 s by default', { metadata: {}, spec: {} }, undefined, 30]
  ] as const)('%s', (_n, p, reason, want) => expect(terminationGracePeriod(p, container, reason as any)).toBe(want));
});

describe('computePodActions: ephemeral containers (kubectl debug)', () => {
  const debugPod = (restartPolicy: string) => ({ metadata: { uid: 'u' }, spec: { restartPolicy, containers: [{ name: 'app' }], ephemeralContainers: [{ name: 'dbg' }, { name: 'dbg2' }] } });
  it('starts the ones never started, even before the pod initialized; an exited one is never restarted', () => {
    expect(computePodActions(debugPod('Always'), status).ephemeralContainersToStart).toEqual([0, 1]);
    const st: RuntimePodStatus = { ...status, containers: [...status.containers, { id: 'd1', state: 'CONTAINER_EXITED', exitCode: 1, metadata: { name: 'dbg', attempt: 0 }, createdAt: 2 } as any] };
    const a = computePodActions(debugPod('Always'), st);
    expect(a.ephemeralContainersToStart).toEqual([1]);
    expect(a.containersToStart).toEqual([]);
  });
  it('a pod whose sandbox must be made again starts only its own containers', () => {
    const down: RuntimePodStatus = { ...status, sandboxes: [{ id: 'sb', state: 'SANDBOX_NOTREADY', metadata: { attempt: 0 } } as any], containers: [] };
    const a = computePodActions(debugPod('Always'), down);
    expect(a.createSandbox).toBe(true);
    expect(a.ephemeralContainersToStart).toBeUndefined();
  });
});
