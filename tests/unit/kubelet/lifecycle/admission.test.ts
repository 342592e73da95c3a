import { describe, expect, it } from 'vitest';
import { PodAdmission } from '../../../../src/sim/kubelet/lifecycle/admission';

/* eslint-disable @typescript-eslint/no-explicit-any */

function setup(maxPods: number) {
  const events: string[] = [];
  const statuses = new Map<string, any>();
  const admission = new PodAdmission({
    node: () => ({ metadata: { name: 'n', labels: {} }, status: { allocatable: { cpu: '4', memory: '8Gi', pods: String(maxPods) } } }),
    recorder: { event: (_o: any, type: string, reason: string, message: string) => events.push(`${type} ${reason} ${message}`) } as any,
    setStatus: (pod, status) => statuses.set(pod.metadata.uid, status),
    phase: (uid) => statuses.get(uid)?.phase,
    terminated: () => false,
    trace: () => {}
  });
  return { admission, events, statuses };
}

const pod = (name: string, extra: any = {}) => ({ metadata: { name, namespace: 'default', uid: name, ...(extra.metadata ?? {}) }, spec: { nodeName: 'n', containers: [{ name: 'c', image: 'x' }] }, status: extra.status ?? {} });

describe('PodAdmission', () => {
  it('admits once, rejects with a Failed status and a Warning event, and lets a rejected pod be deleted', () => {
    const { admission, events, statuses } = setup(1);
    expect(admission.canRun(pod('a'))).toBe(true);
    expect(admission.canRun(pod('a'))).toBe(true);
    expect(admission.canRun(pod('b'))).toBe(false);
    expect(statuses.get('b')).toEqual({ phase: 'Failed', reason: 'OutOfpods', message: "Pod was rejected: Node didn't have enough resource: pods, requested: 1, used: 1, capacity: 1" });
    expect(events).toEqual(["Warning OutOfpods Node didn't have enough resource: pods, requested: 1, used: 1, capacity: 1"]);
    // Later updates of a rejected pod do not run it; its deletion does (to finish it).
    expect(admission.canRun(pod('b'))).toBe(false);
    expect(admission.canRun(pod('b', { metadata: { deletionTimestamp: '2025-01-01T00:01:00Z' } }))).toBe(true);
  });

  it('counts static pods first and frees the place of a terminal pod', () => {
    const { admission, statuses } = setup(2);
    admission.admitted(pod('static'));
    expect(admission.canRun(pod('a'))).toBe(true);
    expect(admission.canRun(pod('b'))).toBe(false);
    statuses.set('a', { phase: 'Succeeded' });
    expect(admission.canRun(pod('c'))).toBe(true);
  });

  it('keeps a pod an earlier kubelet process started', () => {
    const { admission } = setup(0);
    expect(admission.canRun(pod('running', { status: { phase: 'Running', startTime: '2025-01-01T00:00:10Z' } }))).toBe(true);
    expect(admission.canRun(pod('new'))).toBe(false);
  });
});
