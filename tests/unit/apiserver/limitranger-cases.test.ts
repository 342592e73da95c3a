/**
 * The LimitRanger's pure functions against upstream's own table:
 * plugin/pkg/admission/limitranger/admission_test.go TestPodLimitFunc (compute cases), run as the
 * test does: PodMutateLimitFunc then PodValidateLimitFunc on pods that are not defaulted.
 */
import { describe, expect, it } from 'vitest';
import { mutatePod, validatePod } from '../../../src/sim/apiserver/admission/limitranger';

type RL = Record<string, string>;
const compute = (cpu: string, memory: string): RL => ({ ...(cpu ? { cpu } : {}), ...(memory ? { memory } : {}) });
const req = (requests: RL, limits: RL) => ({ requests, limits });
const validPod = (name: string, n: number, resources: any, init: any[] = []) => ({
  metadata: { name, namespace: 'test' },
  spec: {
    containers: Array.from({ length: n }, (_, i) => ({ name: `foo-${i}`, image: `foo:V${i}`, resources: structuredClone(resources) })),
    ...(init.length ? { initContainers: init.map((r, i) => ({ name: `foo-${i}`, image: `foo:V${i}`, resources: r })) } : {})
  }
});
const limitRange = (type: string, min: RL, max: RL, def: RL = {}, defReq: RL = {}, ratio: RL = {}) => ({
  spec: { limits: [{ type, min, max, default: def, defaultRequest: defReq, maxLimitRequestRatio: ratio }] }
});
const C = 'Container';
const P = 'Pod';

const success: [any, any][] = [
  [validPod('ctr-min-cpu-request', 1, req(compute('100m', ''), {})), limitRange(C, compute('50m', ''), {})],
  [validPod('ctr-min-cpu-request-limit', 1, req(compute('100m', ''), compute('200m', ''))), limitRange(C, compute('50m', ''), {})],
  [validPod('ctr-min-memory-request-limit', 1, req(compute('', '60Mi'), compute('', '100Mi'))), limitRange(C, compute('', '50Mi'), {})],
  [validPod('ctr-max-cpu-request-limit', 1, req(compute('500m', ''), compute('1', ''))), limitRange(C, {}, compute('2', ''))],
  [validPod('ctr-max-cpu-limit', 1, req({}, compute('1', ''))), limitRange(C, {}, compute('2', ''))],
  [validPod('ctr-max-cpu-ratio', 1, req(compute('500m', ''), compute('750m', ''))), limitRange(C, {}, {}, {}, {}, compute('1.5', ''))],
  [validPod('pod-min-cpu-request', 2, req(compute('75m', ''), {})), limitRange(P, compute('100m', ''), {})],
  [validPod('pod-init-min-memory-request', 2, req(compute('', '60Mi'), {}), [req(compute('', '100Mi'), {})]), limitRange(P, compute('', '100Mi'), {})],
  [validPod('pod-max-cpu-request-limit', 2, req(compute('500m', ''), compute('1', ''))), limitRange(P, {}, compute('2', ''))],
  [validPod('pod-init-max-cpu-request-limit', 2, req(compute('500m', ''), compute('1', '')), [req(compute('1', ''), compute('2', '')), req(compute('1', ''), compute('1', ''))]), limitRange(P, {}, compute('2', ''))]
];

const errors: [any, any, string][] = [
  [validPod('ctr-min-cpu-request', 1, req(compute('40m', ''), {})), limitRange(C, compute('50m', ''), {}), 'minimum cpu usage per Container is 50m, but request is 40m'],
  [validPod('ctr-min-cpu-no-request-limit', 1, req({}, {})), limitRange(C, compute('50m', ''), {}), 'minimum cpu usage per Container is 50m.  No request is specified'],
  [validPod('ctr-max-cpu-request-limit', 1, req(compute('500m', ''), compute('2500m', ''))), limitRange(C, {}, compute('2', '')), 'maximum cpu usage per Container is 2, but limit is 2500m'],
  [validPod('ctr-max-cpu-no-request-limit', 1, req({}, {})), limitRange(C, {}, compute('2', '')), 'maximum cpu usage per Container is 2.  No limit is specified'],
  [validPod('ctr-max-cpu-ratio', 1, req(compute('1250m', ''), compute('2500m', ''))), limitRange(C, {}, {}, {}, {}, compute('1', '')), 'cpu max limit to request ratio per Container is 1, but provided ratio is 2.000000'],
  [validPod('pod-min-cpu-request', 1, req(compute('75m', ''), {})), limitRange(P, compute('100m', ''), {}), 'minimum cpu usage per Pod is 100m, but request is 75m'],
  [validPod('pod-max-cpu-request-limit', 3, req(compute('500m', ''), compute('1', ''))), limitRange(P, {}, compute('2', '')), 'maximum cpu usage per Pod is 2, but limit is 3'],
  [validPod('pod-init-max-mem-limit', 1, req({}, compute('', '500Mi')), [req({}, compute('', '1.5Gi'))]), limitRange(P, {}, compute('', '1Gi')), 'maximum memory usage per Pod is 1Gi, but limit is 1536Mi'],
  [validPod('pod-max-mem-ratio', 3, req(compute('', '250Mi'), compute('', '500Mi'))), limitRange(P, {}, compute('', '2Gi'), {}, {}, compute('', '1.5')), 'memory max limit to request ratio per Pod is 1500m, but provided ratio is 2.000000']
];

describe('TestPodLimitFunc (upstream table)', () => {
  it.each(success)('admits %#', (pod, lr) => {
    mutatePod([lr], pod);
    expect(validatePod([lr], pod)).toBeUndefined();
  });
  it.each(errors)('refuses %#', (pod, lr, message) => {
    mutatePod([lr], pod);
    expect(validatePod([lr], pod)).toBe(message);
  });
});

describe('TestMergePodResourceRequirements (upstream)', () => {
  const lr = { spec: { limits: [{ type: 'Pod', max: compute('200m', '4Gi'), min: compute('50m', '2Mi') }, { type: 'Container', max: compute('100m', '2Gi'), min: compute('25m', '1Mi'), default: compute('75m', '10Mi'), defaultRequest: compute('50m', '5Mi') }] } };
  it('fills only what is missing, containers and init containers alike, and names them in the annotation', () => {
    const pod: any = validPod('limit-memory', 1, req(compute('', '512Mi'), {}), [req(compute('', '512Mi'), {})]);
    mutatePod([lr], pod);
    const expected = { requests: { cpu: '50m', memory: '512Mi' }, limits: { cpu: '75m', memory: '10Mi' } };
    expect(pod.spec.containers[0].resources).toEqual(expected);
    expect(pod.spec.initContainers[0].resources).toEqual(expected);
    expect(pod.metadata.annotations['kubernetes.io/limit-ranger']).toBe('LimitRanger plugin set: cpu request for container foo-0; cpu, memory limit for container foo-0; cpu request for init container foo-0; cpu, memory limit for init container foo-0');
  });
  it('leaves a pod that states everything alone, without annotation', () => {
    const pod: any = validPod('all', 1, req(compute('100m', '512Mi'), compute('200m', '1G')), [req(compute('200m', '1G'), compute('400m', '2G'))]);
    mutatePod([lr], pod);
    expect(pod.spec.containers[0].resources).toEqual(req(compute('100m', '512Mi'), compute('200m', '1G')));
    expect(pod.metadata.annotations).toBeUndefined();
  });
});
