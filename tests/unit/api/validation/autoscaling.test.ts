// HorizontalPodAutoscaler (autoscaling/v2) defaulting and validation, and what kubectl prints when
// the API server refuses one.
// upstream: pkg/apis/autoscaling/validation/validation.go, pkg/apis/autoscaling/v2/defaults.go
import { describe, expect, it } from 'vitest';
import { defaulted, errs, type Obj } from './helpers';
import { bench } from '../../kubectl/harness';

function hpa(spec: Obj = {}): Obj {
  return defaulted('HorizontalPodAutoscaler', {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'web', namespace: 'default' },
    spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 10, ...spec }
  });
}

const CASES: { name: string; mutate: (o: Obj) => void; want: string[] }[] = [
  { name: 'defaulted: valid', mutate: () => {}, want: [] },
  { name: 'minReplicas 0 (HPAScaleToZero is off)', mutate: (o) => (o.spec.minReplicas = 0), want: ['spec.minReplicas: Invalid value: 0: must be greater than or equal to 1', 'spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas'] },
  { name: 'maxReplicas below minReplicas', mutate: (o) => ((o.spec.minReplicas = 5), (o.spec.maxReplicas = 3)), want: ['spec.maxReplicas: Invalid value: 3: must be greater than or equal to `minReplicas`'] },
  { name: 'maxReplicas 0', mutate: (o) => (o.spec.maxReplicas = 0), want: ['spec.maxReplicas: Invalid value: 0: must be greater than 0', 'spec.maxReplicas: Invalid value: 0: must be greater than or equal to `minReplicas`'] },
  { name: 'no target name', mutate: (o) => delete o.spec.scaleTargetRef.name, want: ['spec.scaleTargetRef.name: Required value'] },
  {
    name: 'a utilization of 0',
    mutate: (o) => (o.spec.metrics[0].resource.target.averageUtilization = 0),
    want: ['spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0']
  },
  {
    name: 'both a utilization and an average value',
    mutate: (o) => (o.spec.metrics[0].resource.target.averageValue = '100m'),
    want: ['spec.metrics[0].resource.target.averageValue: Forbidden: may not set both a target raw value and a target utilization']
  },
  {
    name: 'a target type it does not know',
    mutate: (o) => (o.spec.metrics[0].resource.target.type = 'Percent'),
    want: ['spec.metrics[0].resource.target.type: Invalid value: "Percent": must be either Utilization, Value, or AverageValue']
  },
  {
    name: 'a Resource metric without its resource',
    mutate: (o) => (o.spec.metrics = [{ type: 'Resource' }]),
    want: ['spec.metrics[0].resource: Required value: must populate information for the given metric source']
  },
  {
    name: 'a behavior policy of 0 pods per 0 s',
    mutate: (o) => (o.spec.behavior = { scaleUp: { policies: [{ type: 'Pods', value: 0, periodSeconds: 0 }] } }),
    want: ['spec.behavior.scaleUp.policies[0].value: Invalid value: 0: must be greater than zero', 'spec.behavior.scaleUp.policies[0].periodSeconds: Invalid value: 0: must be greater than zero']
  },
  {
    name: 'a stabilization window over an hour',
    mutate: (o) => (o.spec.behavior = { scaleDown: { stabilizationWindowSeconds: 3601, policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] } }),
    want: ['spec.behavior.scaleDown.stabilizationWindowSeconds: Invalid value: 3601: must be less than or equal to 3600']
  }
];

describe('HorizontalPodAutoscaler validation', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const o = hpa();
      c.mutate(o);
      expect(errs('HorizontalPodAutoscaler', o)).toEqual(c.want);
    });
  }
});

describe('HorizontalPodAutoscaler defaults', () => {
  it('minReplicas 1 and a cpu 80% Utilization metric when none is given; no behavior', () => {
    const o = hpa();
    expect(o.spec.minReplicas).toBe(1);
    expect(o.spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }]);
    expect(o.spec.behavior).toBeUndefined();
  });

  it('fills a given behavior with the default rules: 4 pods or 100% per 15 s up (Max), 100% per 15 s down', () => {
    const o = hpa({ behavior: { scaleDown: { stabilizationWindowSeconds: 60 } } });
    expect(o.spec.behavior).toEqual({
      scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] },
      scaleDown: { stabilizationWindowSeconds: 60, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] }
    });
  });
});

describe('kubectl and HorizontalPodAutoscalers', () => {
  it('prints the API server refusal of maxReplicas < minReplicas and stores nothing', async () => {
    const b = bench();
    const manifest =
      'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: web\nspec:\n  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}\n  minReplicas: 3\n  maxReplicas: 2\n';
    const out = await b.run('kubectl apply -f -', manifest);
    expect(out.stderr).toBe('The HorizontalPodAutoscaler "web" is invalid: spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`\n');
    expect(b.get('horizontalpodautoscalers', 'web', 'default')).toBeUndefined();
  });

  it('autoscale refuses a missing --max, and --max below --min', async () => {
    const b = bench();
    await b.run('kubectl create deployment web --image=nginx');
    expect((await b.run('kubectl autoscale deployment web')).stderr).toBe('error: required flag(s) "max" not set\n');
    expect((await b.run('kubectl autoscale deployment web --min=5 --max=3')).stderr).toBe('error: --max=MAXPODS must be larger or equal to --min=MINPODS, max: 3, min: 5\n');
  });

  it('autoscale --dry-run=client -o yaml prints the autoscaling/v1 object kubectl v1.32 sends', async () => {
    const b = bench();
    await b.run('kubectl create deployment web --image=nginx');
    expect((await b.run('kubectl autoscale deploy web --cpu-percent=50 --min=1 --max=10 --dry-run=client -o yaml')).stdout).toBe(
      [
        'apiVersion: autoscaling/v1',
        'kind: HorizontalPodAutoscaler',
        'metadata:',
        '  creationTimestamp: null',
        '  name: web',
        'spec:',
        '  maxReplicas: 10',
        '  minReplicas: 1',
        '  scaleTargetRef:',
        '    apiVersion: apps/v1',
        '    kind: Deployment',
        '    name: web',
        '  targetCPUUtilizationPercentage: 50',
        'status:',
        '  currentReplicas: 0',
        '  desiredReplicas: 0',
        ''
      ].join('\n')
    );
    expect(b.get('horizontalpodautoscalers', 'web', 'default')).toBeUndefined();
  });

  it('autoscale creates it (stored as autoscaling/v2), get hpa shows <unknown> until the controller reads metrics, delete removes it', async () => {
    const b = bench();
    await b.run('kubectl create deployment web --image=nginx');
    expect((await b.run('kubectl autoscale deployment web --cpu-percent=50 --max=4')).stdout).toBe('horizontalpodautoscaler.autoscaling/web autoscaled\n');
    const stored = b.get('horizontalpodautoscalers', 'web', 'default')!;
    expect(stored.apiVersion).toBe('autoscaling/v2');
    expect(stored.spec.minReplicas).toBe(1);
    expect(stored.spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }]);
    expect((await b.run('kubectl get hpa')).stdout).toBe(
      'NAME   REFERENCE        TARGETS              MINPODS   MAXPODS   REPLICAS   AGE\nweb    Deployment/web   cpu: <unknown>/50%   1         4         0          0s\n'
    );
    expect((await b.run('kubectl autoscale deployment web --max=4')).stderr).toBe('Error from server (AlreadyExists): horizontalpodautoscalers.autoscaling "web" already exists\n');
    expect((await b.run('kubectl delete hpa web')).stdout).toBe('horizontalpodautoscaler.autoscaling "web" deleted\n');
  });

  it('a pod cannot be autoscaled', async () => {
    const b = bench();
    await b.run('kubectl run p --image=nginx');
    expect((await b.run('kubectl autoscale pod p --max=3')).stderr).toBe('error: cannot autoscale a Pod: could not find scale subresource for /v1, Resource=pods in discovery information\n');
  });
});
