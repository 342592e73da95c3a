// StatefulSet defaults and validation.
// upstream: pkg/apis/apps/v1/defaults.go SetDefaults_StatefulSet;
//           pkg/apis/apps/validation/validation.go ValidateStatefulSet, ValidateStatefulSetSpec, ValidateStatefulSetUpdate
import { describe, expect, it } from 'vitest';
import { invalidMessage, validate } from '../../../../src/sim/api/validation/index';
import { clone, defaulted, errs, type Obj } from './helpers';

function sts(): Obj {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      serviceName: 'nginx',
      replicas: 2,
      selector: { matchLabels: { app: 'nginx' } },
      template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx', volumeMounts: [{ name: 'www', mountPath: '/usr/share/nginx/html' }] }] } },
      volumeClaimTemplates: [{ metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }]
    }
  };
}

const MISMATCH = (labels: string): string => `spec.template.metadata.labels: Invalid value: ${labels}: \`selector\` does not match template \`labels\``;

describe('StatefulSet defaults', () => {
  it('fills in what SetDefaults_StatefulSet does', () => {
    const o = sts();
    delete o.spec.replicas;
    const d = defaulted('StatefulSet', o);
    expect(d.spec.podManagementPolicy).toBe('OrderedReady');
    expect(d.spec.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { partition: 0 } });
    expect(d.spec.persistentVolumeClaimRetentionPolicy).toEqual({ whenDeleted: 'Retain', whenScaled: 'Retain' });
    expect(d.spec.replicas).toBe(1);
    expect(d.spec.revisionHistoryLimit).toBe(10);
    expect(d.spec.volumeClaimTemplates[0]).toMatchObject({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', spec: { volumeMode: 'Filesystem' }, status: { phase: 'Pending' } });
    expect(d.spec.template.spec.restartPolicy).toBe('Always');
  });
  it('OnDelete gets no rollingUpdate', () => {
    const o = sts();
    o.spec.updateStrategy = { type: 'OnDelete' };
    expect(defaulted('StatefulSet', o).spec.updateStrategy).toEqual({ type: 'OnDelete' });
  });
  it('a given partition is kept', () => {
    const o = sts();
    o.spec.updateStrategy = { rollingUpdate: { partition: 2 } };
    expect(defaulted('StatefulSet', o).spec.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { partition: 2 } });
  });
});

describe('StatefulSet validation', () => {
  const cases: { name: string; raw?: (o: Obj) => void; want: string[] }[] = [
    { name: 'the tutorial object', want: [] },
    { name: 'selector does not match the template', raw: (o) => (o.spec.template.metadata.labels = { app: 'web' }), want: [MISMATCH('map[string]string{"app":"web"}')] },
    { name: 'no selector', raw: (o) => delete o.spec.selector, want: ['spec.selector: Required value', MISMATCH('map[string]string{"app":"nginx"}')] },
    {
      name: 'empty selector',
      raw: (o) => (o.spec.selector = {}),
      want: ['spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for statefulset']
    },
    { name: 'name must be a DNS label (dots refused)', raw: (o) => (o.metadata.name = 'web.v1'), want: [`metadata.name: Invalid value: "web.v1": must not contain dots`] },
    { name: 'bad podManagementPolicy', raw: (o) => (o.spec.podManagementPolicy = 'Ordered'), want: [`spec.podManagementPolicy: Invalid value: "Ordered": must be 'OrderedReady' or 'Parallel'`] },
    { name: 'Parallel', raw: (o) => (o.spec.podManagementPolicy = 'Parallel'), want: [] },
    {
      name: 'bad update strategy',
      raw: (o) => (o.spec.updateStrategy = { type: 'Recreate' }),
      want: [`spec.updateStrategy: Invalid value: apps.StatefulSetUpdateStrategy{Type:"Recreate", RollingUpdate:(*apps.RollingUpdateStatefulSetStrategy)(nil)}: must be 'RollingUpdate' or 'OnDelete'`]
    },
    { name: 'negative partition', raw: (o) => (o.spec.updateStrategy = { rollingUpdate: { partition: -1 } }), want: ['spec.updateStrategy.rollingUpdate.partition: Invalid value: -1: must be greater than or equal to 0'] },
    { name: 'negative replicas', raw: (o) => (o.spec.replicas = -1), want: ['spec.replicas: Invalid value: -1: must be greater than or equal to 0'] },
    {
      name: 'bad retention policy',
      raw: (o) => (o.spec.persistentVolumeClaimRetentionPolicy = { whenDeleted: 'Keep' }),
      want: ['spec.persistentVolumeClaimRetentionPolicy.whenDeleted: Unsupported value: "Keep": supported values: "Retain", "Delete"']
    },
    { name: 'restartPolicy Never', raw: (o) => (o.spec.template.spec.restartPolicy = 'Never'), want: ['spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"'] }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const o = sts();
      c.raw?.(o);
      expect(errs('StatefulSet', defaulted('StatefulSet', o))).toEqual(c.want);
    });
  }

  it("kubectl's message for a mismatched selector", () => {
    const o = sts();
    o.spec.template.metadata.labels = { app: 'web' };
    expect(invalidMessage('StatefulSet', 'web', validate('StatefulSet', defaulted('StatefulSet', o)))).toBe(`The StatefulSet "web" is invalid: ${MISMATCH('map[string]string{"app":"web"}')}\n`);
  });

  describe('update', () => {
    const old = defaulted('StatefulSet', sts());
    old.metadata.resourceVersion = '7';
    const upd = (f: (o: Obj) => void): string[] => {
      const n = clone(old);
      f(n);
      return errs('StatefulSet', n, old);
    };
    it('scale', () => expect(upd((n) => (n.spec.replicas = 5))).toEqual([]));
    it('new image', () => expect(upd((n) => (n.spec.template.spec.containers[0].image = 'nginx:1.27'))).toEqual([]));
    it('partition', () => expect(upd((n) => (n.spec.updateStrategy.rollingUpdate.partition = 1))).toEqual([]));
    it('serviceName is forbidden to change', () =>
      expect(upd((n) => (n.spec.serviceName = 'other'))).toEqual([
        "spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden"
      ]));
  });
});
