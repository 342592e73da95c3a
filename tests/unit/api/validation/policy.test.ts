// PodDisruptionBudget validation, and what kubectl prints when the API server refuses one.
// upstream: pkg/apis/policy/validation/validation.go ValidatePodDisruptionBudgetSpec
import { describe, expect, it } from 'vitest';
import { errs, type Obj } from './helpers';
import { bench } from '../../kubectl/harness';

function pdb(spec: Obj = { minAvailable: 2 }): Obj {
  return { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'web', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'web' } }, ...spec } };
}

const PERCENT_MSG = "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";

const CASES: { name: string; mutate: (o: Obj) => void; want: string[] }[] = [
  { name: 'minAvailable 2', mutate: () => {}, want: [] },
  { name: 'maxUnavailable 25%', mutate: (o) => (o.spec = { selector: o.spec.selector, maxUnavailable: '25%' }), want: [] },
  { name: 'neither set (guards nothing, allowed)', mutate: (o) => delete o.spec.minAvailable, want: [] },
  {
    name: 'both set',
    mutate: (o) => (o.spec.maxUnavailable = 1),
    want: [
      'spec: Invalid value: policy.PodDisruptionBudgetSpec{MinAvailable:(*intstr.IntOrString)(0xc000010000), Selector:(*v1.LabelSelector)(0xc000010000), MaxUnavailable:(*intstr.IntOrString)(0xc000010000), UnhealthyPodEvictionPolicy:(*policy.UnhealthyPodEvictionPolicyType)(nil)}: minAvailable and maxUnavailable cannot be both set'
    ]
  },
  { name: 'negative minAvailable', mutate: (o) => (o.spec.minAvailable = -1), want: ['spec.minAvailable: Invalid value: -1: must be greater than or equal to 0'] },
  {
    name: 'a number as a string',
    mutate: (o) => (o.spec.minAvailable = '2'),
    want: [`spec.minAvailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"2"}: ${PERCENT_MSG}`]
  },
  {
    name: 'maxUnavailable over 100%',
    mutate: (o) => (o.spec = { selector: o.spec.selector, maxUnavailable: '120%' }),
    want: ['spec.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"120%"}: must not be greater than 100%']
  },
  {
    name: 'bad selector operator',
    mutate: (o) => (o.spec.selector = { matchExpressions: [{ key: 'app', operator: 'Equals', values: ['web'] }] }),
    want: ['spec.selector.matchExpressions[0].operator: Invalid value: "Equals": not a valid selector operator']
  },
  {
    name: 'unknown unhealthyPodEvictionPolicy',
    mutate: (o) => (o.spec.unhealthyPodEvictionPolicy = 'Never'),
    want: ['spec.unhealthyPodEvictionPolicy: Unsupported value: "Never": supported values: "AlwaysAllow", "IfHealthyBudget"']
  },
  { name: 'AlwaysAllow', mutate: (o) => (o.spec.unhealthyPodEvictionPolicy = 'AlwaysAllow'), want: [] },
  { name: 'a name with a slash (only path segment names are checked)', mutate: (o) => (o.metadata.name = 'a/b'), want: ['metadata.name: Invalid value: "a/b": may not contain \'/\''] },
  { name: 'an upper-case name is allowed', mutate: (o) => (o.metadata.name = 'Web_PDB'), want: [] }
];

describe('PodDisruptionBudget validation', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const o = pdb();
      c.mutate(o);
      expect(errs('PodDisruptionBudget', o)).toEqual(c.want);
    });
  }
});

describe('kubectl and an invalid PodDisruptionBudget', () => {
  it('prints the API server refusal and stores nothing', async () => {
    const b = bench();
    const manifest = 'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: web\nspec:\n  minAvailable: 150%\n  selector:\n    matchLabels: {app: web}\n';
    const out = await b.run('kubectl apply -f -', manifest);
    expect(out.stderr).toBe(
      'The PodDisruptionBudget "web" is invalid: spec.minAvailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"150%"}: must not be greater than 100%\n'
    );
    expect(out.exitCode).toBe(1);
    expect(b.get('poddisruptionbudgets', 'web', 'default')).toBeUndefined();
  });

  it('creates a valid one with generation 1, an empty status and the pdb short name', async () => {
    const b = bench();
    const manifest = 'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: web\nspec:\n  maxUnavailable: 1\n  selector:\n    matchLabels: {app: web}\n';
    expect((await b.run('kubectl apply -f -', manifest)).stdout).toBe('poddisruptionbudget.policy/web created\n');
    const stored = b.get('poddisruptionbudgets', 'web', 'default')!;
    expect(stored.metadata.generation).toBe(1);
    expect(stored.status).toEqual({});
    expect((await b.run('kubectl get pdb')).stdout).toMatch(/^NAME\s+MIN AVAILABLE\s+MAX UNAVAILABLE\s+ALLOWED DISRUPTIONS\s+AGE\nweb\s+N\/A\s+1\s+0\s+0s\n$/);
  });
});
