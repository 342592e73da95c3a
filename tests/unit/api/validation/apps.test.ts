// ReplicaSet / Deployment / DaemonSet validation.
// upstream: pkg/apis/apps/validation/validation.go; pkg/registry/apps/*/strategy.go (selector immutability)
import { describe, expect, it } from 'vitest';
import { invalidMessage, statusMessage, validate } from '../../../../src/sim/api/validation/index';
import { clone, defaulted, DNS1123_SUBDOMAIN_MSG, errs, LABEL_VALUE_MSG, type Obj } from './helpers';

function workload(kind: string, extra: Obj = {}): Obj {
  return {
    apiVersion: 'apps/v1',
    kind,
    metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } },
      ...extra
    }
  };
}

interface Case {
  name: string;
  raw?: (o: Obj) => void;
  want: string[];
}

function run(kind: string, cases: Case[]): void {
  for (const c of cases) {
    it(c.name, () => {
      const o = workload(kind);
      c.raw?.(o);
      expect(errs(kind, defaulted(kind, o))).toEqual(c.want);
    });
  }
}

const MISMATCH = (labels: string): string => `spec.template.metadata.labels: Invalid value: ${labels}: \`selector\` does not match template \`labels\``;
const PERCENT_MSG = "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";

const SHARED: Case[] = [
  { name: 'a good object', want: [] },
  { name: 'selector does not match the template', raw: (o) => (o.spec.template.metadata.labels = { app: 'api' }), want: [MISMATCH('map[string]string{"app":"api"}')] },
  { name: 'template without labels', raw: (o) => delete o.spec.template.metadata, want: [MISMATCH('map[string]string(nil)')] },
  {
    name: 'template restartPolicy Never',
    raw: (o) => (o.spec.template.spec.restartPolicy = 'Never'),
    want: ['spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"']
  },
  { name: 'template container without image', raw: (o) => delete o.spec.template.spec.containers[0].image, want: ['spec.template.spec.containers[0].image: Required value'] },
  {
    name: 'bad template label (reported at spec.template.labels, as upstream does)',
    raw: (o) => (o.spec.template.metadata.labels.tier = 'front end'),
    want: [`spec.template.labels: Invalid value: "front end": ${LABEL_VALUE_MSG}`]
  },
  { name: 'uppercase name', raw: (o) => (o.metadata.name = 'Web'), want: [`metadata.name: Invalid value: "Web": ${DNS1123_SUBDOMAIN_MSG}`] }
];

const RS_LIKE: Case[] = [
  { name: 'negative replicas', raw: (o) => (o.spec.replicas = -1), want: ['spec.replicas: Invalid value: -1: must be greater than or equal to 0'] },
  { name: 'no selector', raw: (o) => delete o.spec.selector, want: ['spec.selector: Required value', MISMATCH('map[string]string{"app":"web"}')] },
  {
    name: 'empty selector',
    raw: (o) => (o.spec.selector = {}),
    want: ['spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment']
  },
  {
    name: 'bad selector operator',
    raw: (o) => (o.spec.selector = { matchExpressions: [{ key: 'app', operator: 'Equals', values: ['web'] }] }),
    want: [
      'spec.selector.matchExpressions[0].operator: Invalid value: "Equals": not a valid selector operator',
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"app", Operator:"Equals", Values:[]string{"web"}}}}: invalid label selector'
    ]
  },
  { name: 'matchExpressions selector', raw: (o) => (o.spec.selector = { matchExpressions: [{ key: 'app', operator: 'In', values: ['web', 'api'] }] }), want: [] },
  {
    name: 'activeDeadlineSeconds in the template',
    raw: (o) => (o.spec.template.spec.activeDeadlineSeconds = 30),
    want: ['spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported']
  }
];

describe('Deployment', () => {
  run('Deployment', [
    ...SHARED,
    ...RS_LIKE,
    {
      name: 'maxSurge and maxUnavailable both 0',
      raw: (o) => (o.spec.strategy = { rollingUpdate: { maxSurge: 0, maxUnavailable: 0 } }),
      want: ['spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: may not be 0 when `maxSurge` is 0']
    },
    {
      name: 'maxSurge 0% and maxUnavailable 0',
      raw: (o) => (o.spec.strategy = { rollingUpdate: { maxSurge: '0%', maxUnavailable: 0 } }),
      want: ['spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: may not be 0 when `maxSurge` is 0']
    },
    { name: 'maxSurge 0 with maxUnavailable 25%', raw: (o) => (o.spec.strategy = { rollingUpdate: { maxSurge: 0 } }), want: [] },
    {
      name: 'maxSurge without percent sign',
      raw: (o) => (o.spec.strategy = { rollingUpdate: { maxSurge: '25' } }),
      want: [`spec.strategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"25"}: ${PERCENT_MSG}`]
    },
    {
      name: 'maxUnavailable over 100%',
      raw: (o) => (o.spec.strategy = { rollingUpdate: { maxUnavailable: '150%' } }),
      want: ['spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"150%"}: must not be greater than 100%']
    },
    {
      name: 'negative maxUnavailable',
      raw: (o) => (o.spec.strategy = { rollingUpdate: { maxUnavailable: -1 } }),
      want: ['spec.strategy.rollingUpdate.maxUnavailable: Invalid value: -1: must be greater than or equal to 0']
    },
    {
      name: 'unknown strategy type',
      raw: (o) => (o.spec.strategy = { type: 'Rolling' }),
      want: ['spec.strategy: Unsupported value: apps.DeploymentStrategy{Type:"Rolling", RollingUpdate:(*apps.RollingUpdateDeployment)(nil)}: supported values: "Recreate", "RollingUpdate"']
    },
    { name: 'Recreate', raw: (o) => (o.spec.strategy = { type: 'Recreate' }), want: [] },
    {
      name: 'Recreate with rollingUpdate',
      raw: (o) => (o.spec.strategy = { type: 'Recreate', rollingUpdate: { maxSurge: 1 } }),
      want: ["spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'"]
    },
    {
      name: 'progressDeadlineSeconds not above minReadySeconds',
      raw: (o) => (o.spec.minReadySeconds = 600),
      want: ['spec.progressDeadlineSeconds: Invalid value: 600: must be greater than minReadySeconds']
    },
    { name: 'negative revisionHistoryLimit', raw: (o) => (o.spec.revisionHistoryLimit = -1), want: ['spec.revisionHistoryLimit: Invalid value: -1: must be greater than or equal to 0'] }
  ]);

  it('kubectl and apiserver messages for a mismatched selector', () => {
    const o = workload('Deployment');
    o.spec.template.metadata.labels = { app: 'api' };
    const e = validate('Deployment', defaulted('Deployment', o));
    expect(invalidMessage('Deployment', 'web', e)).toBe(`The Deployment "web" is invalid: ${MISMATCH('map[string]string{"app":"api"}')}\n`);
    expect(statusMessage('Deployment', 'web', e)).toBe(`Deployment.apps "web" is invalid: ${MISMATCH('map[string]string{"app":"api"}')}`);
  });

  describe('update', () => {
    const old = defaulted('Deployment', workload('Deployment'));
    old.metadata.resourceVersion = '7';
    const upd = (f: (o: Obj) => void): string[] => {
      const n = clone(old);
      f(n);
      return errs('Deployment', n, old);
    };
    it('scale', () => expect(upd((n) => (n.spec.replicas = 5))).toEqual([]));
    it('new image', () => expect(upd((n) => (n.spec.template.spec.containers[0].image = 'nginx:1.27'))).toEqual([]));
    it('changed selector', () =>
      expect(upd((n) => (n.spec.selector = { matchLabels: { app: 'web2' } }))).toEqual([
        MISMATCH('map[string]string{"app":"web"}'),
        'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web2"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable'
      ]));
    it('changed selector and template together', () =>
      expect(
        upd((n) => {
          n.spec.selector = { matchLabels: { app: 'web2' } };
          n.spec.template.metadata.labels = { app: 'web2' };
        })
      ).toEqual(['spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web2"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable']));
  });
});

describe('ReplicaSet', () => {
  run('ReplicaSet', [...SHARED, ...RS_LIKE, { name: 'negative minReadySeconds', raw: (o) => (o.spec.minReadySeconds = -5), want: ['spec.minReadySeconds: Invalid value: -5: must be greater than or equal to 0'] }]);
  it('selector is immutable', () => {
    const old = defaulted('ReplicaSet', workload('ReplicaSet'));
    old.metadata.resourceVersion = '1';
    const n = clone(old);
    n.spec.selector.matchLabels.tier = 'x';
    n.spec.template.metadata.labels.tier = 'x';
    expect(errs('ReplicaSet', n, old)).toEqual([
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web", "tier":"x"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable'
    ]);
  });
});

describe('DaemonSet', () => {
  run('DaemonSet', [
    ...SHARED,
    { name: 'no selector: only the template mismatch is reported', raw: (o) => delete o.spec.selector, want: [MISMATCH('map[string]string{"app":"web"}')] },
    {
      name: 'empty matchLabels',
      raw: (o) => (o.spec.selector = { matchLabels: {} }),
      want: ['spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for daemonset']
    },
    {
      name: 'maxUnavailable and maxSurge both 0',
      raw: (o) => (o.spec.updateStrategy = { rollingUpdate: { maxUnavailable: 0 } }),
      want: ['spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0']
    },
    {
      name: 'maxUnavailable and maxSurge both set',
      raw: (o) => (o.spec.updateStrategy = { rollingUpdate: { maxSurge: 1 } }),
      want: ['spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:0, IntVal:1, StrVal:""}: may not be set when maxUnavailable is non-zero']
    },
    { name: 'surge instead of unavailable', raw: (o) => (o.spec.updateStrategy = { rollingUpdate: { maxSurge: '10%', maxUnavailable: 0 } }), want: [] },
    { name: 'OnDelete', raw: (o) => (o.spec.updateStrategy = { type: 'OnDelete' }), want: [] },
    {
      name: 'unknown update strategy',
      raw: (o) => (o.spec.updateStrategy = { type: 'Rolling' }),
      want: ['spec.updateStrategy: Unsupported value: apps.DaemonSetUpdateStrategy{Type:"Rolling", RollingUpdate:(*apps.RollingUpdateDaemonSet)(nil)}: supported values: "RollingUpdate", "OnDelete"']
    },
    {
      name: 'activeDeadlineSeconds in the template',
      raw: (o) => (o.spec.template.spec.activeDeadlineSeconds = 30),
      want: ['spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in DaemonSet is not Supported']
    }
  ]);
});
