// Lease, PriorityClass, StorageClass.
// upstream: pkg/apis/coordination/validation, pkg/apis/scheduling/validation, pkg/apis/storage/validation
import { describe, expect, it } from 'vitest';
import { validate, VALIDATED_KINDS } from '../../../../src/sim/api/validation/index';
import { clone, defaulted, DNS1123_SUBDOMAIN_MSG, errs, QUALIFIED_NAME_PART_MSG, type Obj } from './helpers';

interface Case {
  name: string;
  raw?: (o: Obj) => void;
  want: string[];
}

function run(kind: string, base: Obj, cases: Case[]): void {
  for (const c of cases) {
    it(c.name, () => {
      const o = clone(base);
      c.raw?.(o);
      expect(errs(kind, defaulted(kind, o))).toEqual(c.want);
    });
  }
}

function update(kind: string, base: Obj, mutate: (n: Obj) => void): string[] {
  const old = defaulted(kind, base);
  old.metadata.resourceVersion = '9';
  const n = clone(old);
  mutate(n);
  return errs(kind, n, old);
}

describe('Lease', () => {
  const LEASE = {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: { name: 'node-1', namespace: 'kube-node-lease' },
    spec: { holderIdentity: 'node-1', leaseDurationSeconds: 40, renewTime: '2025-01-01T00:00:00.000000Z' }
  };
  run('Lease', LEASE, [
    { name: 'good', want: [] },
    { name: 'zero duration', raw: (o) => (o.spec.leaseDurationSeconds = 0), want: ['spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0'] },
    { name: 'negative transitions', raw: (o) => (o.spec.leaseTransitions = -1), want: ['spec.leaseTransitions: Invalid value: -1: must be greater than or equal to 0'] },
    { name: 'preferredHolder without strategy', raw: (o) => (o.spec.preferredHolder = 'node-2'), want: ['spec.preferredHolder: Forbidden: may only be specified if `strategy` is defined'] },
    { name: 'no namespace', raw: (o) => delete o.metadata.namespace, want: ['metadata.namespace: Required value'] },
    { name: 'bad name', raw: (o) => (o.metadata.name = 'Node_1'), want: [`metadata.name: Invalid value: "Node_1": ${DNS1123_SUBDOMAIN_MSG}`] }
  ]);
  it('renewal', () => expect(update('Lease', LEASE, (n) => (n.spec.renewTime = '2025-01-01T00:00:10.000000Z'))).toEqual([]));
});

describe('PriorityClass', () => {
  const PC = { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000000 };
  run('PriorityClass', PC, [
    { name: 'good', want: [] },
    { name: 'value above the user maximum', raw: (o) => (o.value = 2000000000), want: ['value: Forbidden: maximum allowed value of a user defined priority is 1000000000'] },
    {
      name: 'unknown system- class',
      raw: (o) => (o.metadata.name = 'system-foo'),
      want: ["metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: system-foo is not a known system priority class"]
    },
    {
      name: 'system class with the wrong value',
      raw: (o) => (o.metadata.name = 'system-node-critical'),
      want: ["metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: value of system-node-critical PriorityClass must be 2000001000"]
    },
    { name: 'system class', raw: (o) => ((o.metadata.name = 'system-node-critical'), (o.value = 2000001000)), want: [] },
    {
      name: 'bad preemptionPolicy',
      raw: (o) => (o.preemptionPolicy = 'Sometimes'),
      want: ['preemptionPolicy: Unsupported value: "Sometimes": supported values: "PreemptLowerPriority", "Never"']
    },
    { name: 'namespaced', raw: (o) => (o.metadata.namespace = 'default'), want: ['metadata.namespace: Forbidden: not allowed on this type'] }
  ]);
  it('value and preemptionPolicy are immutable', () => {
    expect(update('PriorityClass', PC, (n) => (n.value = 5))).toEqual(['value: Forbidden: may not be changed in an update.']);
    expect(update('PriorityClass', PC, (n) => (n.preemptionPolicy = 'Never'))).toEqual(['preemptionPolicy: Invalid value: "Never": field is immutable']);
    expect(update('PriorityClass', PC, (n) => (n.description = 'x'))).toEqual([]);
  });
});

describe('StorageClass', () => {
  const SC = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'standard' }, provisioner: 'rancher.io/local-path' };
  run('StorageClass', SC, [
    { name: 'good', want: [] },
    { name: 'no provisioner', raw: (o) => delete o.provisioner, want: ['provisioner: Required value'] },
    { name: 'bad provisioner', raw: (o) => (o.provisioner = 'my provisioner'), want: [`provisioner: Invalid value: "my provisioner": ${QUALIFIED_NAME_PART_MSG}`] },
    {
      name: 'Recycle reclaim policy',
      raw: (o) => (o.reclaimPolicy = 'Recycle'),
      want: ['reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain"']
    },
    {
      name: 'bad volumeBindingMode',
      raw: (o) => (o.volumeBindingMode = 'Lazy'),
      want: ['volumeBindingMode: Unsupported value: "Lazy": supported values: "Immediate", "WaitForFirstConsumer"']
    }
  ]);
  it('parameters, provisioner and reclaimPolicy are fixed', () => {
    expect(update('StorageClass', SC, (n) => (n.parameters = { a: 'b' }))).toEqual(['parameters: Forbidden: updates to parameters are forbidden.']);
    expect(update('StorageClass', SC, (n) => (n.provisioner = 'x.io/y'))).toEqual(['provisioner: Forbidden: updates to provisioner are forbidden.']);
    expect(update('StorageClass', SC, (n) => (n.allowVolumeExpansion = true))).toEqual([]);
  });
});

describe('validate()', () => {
  it('covers the simulated kinds', () => {
    expect([...VALIDATED_KINDS].sort()).toEqual(
      [
        'ClusterRole',
        'ClusterRoleBinding',
        'ConfigMap',
        'ControllerRevision',
        'CronJob',
        'DaemonSet',
        'Deployment',
        'EndpointSlice',
        'Endpoints',
        'Event',
        'HorizontalPodAutoscaler',
        'Job',
        'Lease',
        'LimitRange',
        'Namespace',
        'Node',
        'PersistentVolume',
        'PersistentVolumeClaim',
        'Pod',
        'PodDisruptionBudget',
        'PriorityClass',
        'ReplicaSet',
        'ResourceQuota',
        'Role',
        'RoleBinding',
        'Secret',
        'Service',
        'ServiceAccount',
        'StatefulSet',
        'StorageClass'
      ].sort()
    );
  });
  it('returns nothing for unknown kinds', () => expect(validate('Widget', { metadata: {} })).toEqual([]));
});

describe('robustness', () => {
  for (const kind of VALIDATED_KINDS) {
    it(`${kind}: empty, null and odd inputs do not throw`, () => {
      for (const obj of [{}, null, { metadata: null, spec: 'x' }, { metadata: { name: 7 }, spec: { containers: 'no', ports: {} } }]) {
        expect(() => validate(kind, obj)).not.toThrow();
        expect(() => validate(kind, obj, obj)).not.toThrow();
        expect(() => defaulted(kind, (obj ?? {}) as Obj)).not.toThrow();
      }
    });
  }
});
