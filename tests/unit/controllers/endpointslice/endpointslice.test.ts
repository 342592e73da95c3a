import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';
import { desiredEndpointsByPortMap, podToEndpoint, reconcileSlices } from '../../../../src/sim/controllers/endpointslice/utils';
import { EndpointSliceTracker } from '../../../../src/sim/controllers/endpointslice/endpointslice-tracker';

const svc = { metadata: { name: 'web', namespace: 'default', uid: 'svc-uid', labels: { team: 'a' } }, spec: { clusterIP: '10.96.0.10', selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 80, protocol: 'TCP' }] } };
function pod(i: number, opts: { ready?: boolean; deleting?: boolean } = {}) {
  return {
    metadata: { name: `web-${i}`, namespace: 'default', uid: `uid-${i}`, labels: { app: 'web' }, ...(opts.deleting ? { deletionTimestamp: '2025-01-01T00:01:00Z' } : {}) },
    spec: { nodeName: 'worker-1', containers: [{ name: 'c' }] },
    status: { phase: 'Running', podIP: `10.244.${Math.floor(i / 250)}.${(i % 250) + 2}`, conditions: [{ type: 'Ready', status: opts.ready === false ? 'False' : 'True' }] }
  };
}

describe('podToEndpoint conditions', () => {
  it.each([
    ['ready', {}, false, { ready: true, serving: true, terminating: false }],
    ['not ready', { ready: false }, false, { ready: false, serving: false, terminating: false }],
    ['terminating but still ready: serving, not ready', { deleting: true }, false, { ready: false, serving: true, terminating: true }],
    ['not ready with publishNotReadyAddresses', { ready: false }, true, { ready: true, serving: false, terminating: false }]
  ])('%s', (_n, opts, publish, want) => {
    const s = { ...svc, spec: { ...svc.spec, publishNotReadyAddresses: publish } };
    expect(podToEndpoint(pod(1, opts), s).conditions).toEqual(want);
  });
});

describe('reconcileSlices', () => {
  const desired = (n: number) => desiredEndpointsByPortMap(svc, Array.from({ length: n }, (_, i) => pod(i)));
  const named = (slices: any[]) => slices.map((s, i) => ({ ...s, metadata: { ...s.metadata, name: `web-${i}`, uid: `s${i}` } }));

  it('creates slices of at most 100 endpoints, labelled and owned by the Service', () => {
    const plan = reconcileSlices(svc, [], desired(250));
    expect(plan.create.map((s) => s.endpoints.length)).toEqual([100, 100, 50]);
    expect(plan.update).toEqual([]);
    const s = plan.create[0];
    expect(s.metadata.generateName).toBe('web-');
    expect(s.metadata.labels).toEqual({ team: 'a', 'kubernetes.io/service-name': 'web', 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io' });
    expect(s.metadata.ownerReferences[0]).toMatchObject({ kind: 'Service', name: 'web', uid: 'svc-uid', controller: true });
    expect(s.addressType).toBe('IPv4');
    expect(s.ports).toEqual([{ name: 'http', port: 80, protocol: 'TCP' }]);
  });

  it('changes nothing when the slices are up to date', () => {
    const existing = named(reconcileSlices(svc, [], desired(150)).create);
    expect(reconcileSlices(svc, existing, desired(150))).toEqual({ create: [], update: [], delete: [] });
  });

  it('adds new endpoints to a slice with room rather than creating one', () => {
    const existing = named(reconcileSlices(svc, [], desired(2)).create);
    const plan = reconcileSlices(svc, existing, desired(3));
    expect(plan.create).toEqual([]);
    expect(plan.update.map((s) => [s.metadata.name, s.endpoints.length])).toEqual([['web-0', 3]]);
  });

  it('keeps one empty placeholder slice when no endpoints are left', () => {
    const existing = named(reconcileSlices(svc, [], desired(150)).create);
    const plan = reconcileSlices(svc, existing, desired(0));
    expect(plan.delete.map((s) => s.metadata.name)).toEqual(['web-1']);
    expect(plan.update).toHaveLength(1);
    expect(plan.update[0]).toMatchObject({ endpoints: [] });
    expect(plan.update[0].ports).toBeUndefined();
    // A brand-new Service with no pods gets a placeholder.
    expect(reconcileSlices(svc, [], desired(0)).create).toMatchObject([{ endpoints: [] }]);
  });

  it('reuses a slice it would delete instead of creating one (finalize)', () => {
    const placeholder = named(reconcileSlices(svc, [], desired(0)).create);
    const plan = reconcileSlices(svc, placeholder, desired(2));
    expect(plan.create).toEqual([]);
    expect(plan.delete).toEqual([]);
    expect(plan.update.map((s) => [s.metadata.name, s.endpoints.length, s.ports])).toEqual([['web-0', 2, [{ name: 'http', port: 80, protocol: 'TCP' }]]]);
  });
});

describe('EndpointSliceTracker', () => {
  it('calls a cache stale until it holds the slices written and lacks the ones deleted', () => {
    const t = new EndpointSliceTracker();
    const a = { metadata: { uid: 'a', resourceVersion: '10' } };
    t.update('ns/web', a);
    expect(t.staleSlices('ns/web', [])).toBe(true);
    expect(t.staleSlices('ns/web', [{ metadata: { uid: 'a', resourceVersion: '9' } }])).toBe(true);
    expect(t.staleSlices('ns/web', [a])).toBe(false);
    expect(t.shouldSync('ns/web', a)).toBe(false);
    expect(t.shouldSync('ns/web', { metadata: { uid: 'a', resourceVersion: '11' } })).toBe(true);
    t.expectDeletion('ns/web', a);
    expect(t.staleSlices('ns/web', [a])).toBe(true);
    t.handleDeletion('ns/web', a);
    expect(t.staleSlices('ns/web', [])).toBe(false);
  });
});

describe('EndpointSlice controller', () => {
  it('lists a slice with both pods of a Service', async () => {
    const cluster = new Cluster({ seed: 9, workers: 2 });
    await cluster.waitForNodesReady();
    const console = new Console(cluster);
    await console.exec(`kubectl create deployment web --image=nginx --replicas=2 --port=80
kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: {app: web}
  ports:
  - port: 80
EOF
`);
    await cluster.advance(30_000);
    const lines = (await console.exec('kubectl get endpointslices -l kubernetes.io/service-name=web --no-headers')).output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^web-[bcdfghjklmnpqrstvwxz2456789]{5}\s+IPv4\s+80\s+10\.244\.\d+\.\d+,10\.244\.\d+\.\d+\s+\d+s$/);
    const conditions = (await console.exec('kubectl get endpointslices -l kubernetes.io/service-name=web -o jsonpath={.items[0].endpoints[*].conditions.ready}')).output;
    expect(conditions).toBe('true true');
    expect((await console.exec('kubectl get endpointslices -A --no-headers')).output).toMatch(/^default\s+kubernetes\s+IPv4\s+6443\s+172\.18\.0\.2/m);

    await console.exec('kubectl scale deployment web --replicas=0');
    await cluster.advance(60_000);
    expect((await console.exec('kubectl get endpointslices -l kubernetes.io/service-name=web --no-headers')).output).toMatch(/^web-\S+\s+IPv4\s+<unset>\s+<unset>/);

    // The Service owns its slices: the garbage collector deletes them with it.
    await console.exec('kubectl delete service web');
    await cluster.advance(10_000);
    expect((await console.exec('kubectl get endpointslices -l kubernetes.io/service-name=web')).output).toContain('No resources found');
  }, 60_000);
});
