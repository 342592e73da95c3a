// Mutating admission: DefaultTolerationSeconds, ServiceAccount, Priority.
// upstream: plugin/pkg/admission/{defaulttolerationseconds,serviceaccount,priority}/admission.go (+ _test.go)
import { describe, expect, it } from 'vitest';
import { admitPriority, defaultTolerationSeconds, serviceAccountVolume, tokenVolumeSource } from '../../../../src/sim/api/defaults/admission';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Obj = Record<string, any>;

const NOT_READY = { effect: 'NoExecute', key: 'node.kubernetes.io/not-ready', operator: 'Exists', tolerationSeconds: 300 };
const UNREACHABLE = { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', operator: 'Exists', tolerationSeconds: 300 };

describe('defaultTolerationSeconds', () => {
  const cases: { name: string; given: Obj[] | undefined; want: Obj[] }[] = [
    { name: 'no tolerations', given: undefined, want: [NOT_READY, UNREACHABLE] },
    { name: 'unrelated toleration', given: [{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }], want: [{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }, NOT_READY, UNREACHABLE] },
    {
      name: 'own not-ready toleration',
      given: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }],
      want: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }, UNREACHABLE]
    },
    {
      name: 'not-ready with another effect does not count',
      given: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoSchedule' }],
      want: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoSchedule' }, NOT_READY, UNREACHABLE]
    },
    { name: 'unreachable with any effect', given: [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists' }], want: [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists' }, NOT_READY] },
    { name: 'tolerate everything', given: [{ operator: 'Exists' }], want: [{ operator: 'Exists' }] }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const pod: Obj = { spec: { containers: [], ...(c.given ? { tolerations: c.given } : {}) } };
      defaultTolerationSeconds(pod);
      expect(pod.spec.tolerations).toEqual(c.want);
    });
  }
});

const MOUNT = { mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', name: 'kube-api-access-abcde', readOnly: true };
const VOLUME = { name: 'kube-api-access-abcde', projected: tokenVolumeSource() };

describe('serviceAccountVolume', () => {
  const pod = (spec: Obj, metadata: Obj = { name: 'p', namespace: 'default' }): Obj => ({ metadata, spec: { containers: [{ name: 'c', image: 'x' }], ...spec } });

  it('mounts the token volume into every container, init containers included', () => {
    const p = pod({ initContainers: [{ name: 'i', image: 'x' }], containers: [{ name: 'a', image: 'x' }, { name: 'b', image: 'x', volumeMounts: [{ name: 'd', mountPath: '/d' }] }], volumes: [{ name: 'd', emptyDir: {} }] });
    serviceAccountVolume(p, 'abcde');
    expect(p.spec.serviceAccountName).toBe('default');
    expect(p.spec.serviceAccount).toBe('default');
    expect(p.spec.initContainers[0].volumeMounts).toEqual([MOUNT]);
    expect(p.spec.containers[0].volumeMounts).toEqual([MOUNT]);
    expect(p.spec.containers[1].volumeMounts).toEqual([{ name: 'd', mountPath: '/d' }, MOUNT]);
    expect(p.spec.volumes).toEqual([{ name: 'd', emptyDir: {} }, VOLUME]);
  });
  it('keeps a named service account', () => {
    const p = pod({ serviceAccountName: 'builder' });
    serviceAccountVolume(p, 'abcde');
    expect([p.spec.serviceAccountName, p.spec.serviceAccount]).toEqual(['builder', 'builder']);
  });
  it('automountServiceAccountToken: false on the pod', () => {
    const p = pod({ automountServiceAccountToken: false });
    serviceAccountVolume(p, 'abcde');
    expect(p.spec.volumes).toBeUndefined();
    expect(p.spec.containers[0].volumeMounts).toBeUndefined();
    expect(p.spec.serviceAccountName).toBe('default');
  });
  it("the service account's automount setting, overridden by the pod's", () => {
    const a = pod({});
    serviceAccountVolume(a, 'abcde', { automountServiceAccountToken: false });
    expect(a.spec.volumes).toBeUndefined();
    const b = pod({ automountServiceAccountToken: true });
    serviceAccountVolume(b, 'abcde', { automountServiceAccountToken: false });
    expect(b.spec.volumes).toEqual([VOLUME]);
  });
  it('a container with its own mount at the token path is skipped', () => {
    const p = pod({ containers: [{ name: 'a', image: 'x', volumeMounts: [{ name: 'mine', mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' }] }], volumes: [{ name: 'mine', secret: { secretName: 't' } }] });
    serviceAccountVolume(p, 'abcde');
    expect(p.spec.containers[0].volumeMounts).toEqual([{ name: 'mine', mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' }]);
    expect(p.spec.volumes).toEqual([{ name: 'mine', secret: { secretName: 't' } }]);
  });
  it('an existing kube-api-access volume is reused', () => {
    const p = pod({ volumes: [{ name: 'kube-api-access-zzzzz', projected: tokenVolumeSource() }] });
    serviceAccountVolume(p, 'abcde');
    expect(p.spec.containers[0].volumeMounts).toEqual([{ ...MOUNT, name: 'kube-api-access-zzzzz' }]);
    expect(p.spec.volumes).toHaveLength(1);
  });
  it('mirror pods are left alone', () => {
    const p = pod({}, { name: 'etcd-node', namespace: 'kube-system', annotations: { 'kubernetes.io/config.mirror': 'abc' } });
    const before = JSON.stringify(p);
    serviceAccountVolume(p, 'abcde');
    expect(JSON.stringify(p)).toBe(before);
  });
  it("copies the service account's image pull secrets when the pod has none", () => {
    const p = pod({});
    serviceAccountVolume(p, 'abcde', { imagePullSecrets: [{ name: 'regcred' }] });
    expect(p.spec.imagePullSecrets).toEqual([{ name: 'regcred' }]);
    const q = pod({ imagePullSecrets: [{ name: 'mine' }] });
    serviceAccountVolume(q, 'abcde', { imagePullSecrets: [{ name: 'regcred' }] });
    expect(q.spec.imagePullSecrets).toEqual([{ name: 'mine' }]);
  });
});

describe('admitPriority', () => {
  const classes = [
    { name: 'high', value: 1000 },
    { name: 'batch', value: 10, preemptionPolicy: 'Never' }
  ];
  it('no class and no global default: 0 / PreemptLowerPriority', () => {
    const p: Obj = { spec: {} };
    expect(admitPriority(p, classes)).toBeUndefined();
    expect(p.spec).toEqual({ priority: 0, preemptionPolicy: 'PreemptLowerPriority' });
  });
  it('global default class', () => {
    const p: Obj = { spec: {} };
    expect(admitPriority(p, [...classes, { name: 'def', value: 5, globalDefault: true }, { name: 'def2', value: 7, globalDefault: true }])).toBeUndefined();
    expect(p.spec).toEqual({ priorityClassName: 'def', priority: 5, preemptionPolicy: 'PreemptLowerPriority' });
  });
  it('named class', () => {
    const p: Obj = { spec: { priorityClassName: 'batch' } };
    expect(admitPriority(p, classes)).toBeUndefined();
    expect(p.spec).toEqual({ priorityClassName: 'batch', priority: 10, preemptionPolicy: 'Never' });
  });
  it('unknown class', () => {
    expect(admitPriority({ spec: { priorityClassName: 'nope' } }, classes)).toBe('no PriorityClass with name nope was found');
  });
  it('conflicting priority', () => {
    expect(admitPriority({ spec: { priorityClassName: 'high', priority: 1 } }, classes)).toBe(
      'the integer value of priority (1) must not be provided in pod spec; priority admission controller computed 1000 from the given PriorityClass name'
    );
  });
  it('conflicting preemptionPolicy', () => {
    expect(admitPriority({ spec: { priorityClassName: 'batch', preemptionPolicy: 'PreemptLowerPriority' } }, classes)).toBe(
      'the string value of PreemptionPolicy (PreemptLowerPriority) must not be provided in pod spec; priority admission controller computed Never from the given PriorityClass name'
    );
  });
});
