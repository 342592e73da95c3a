import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';
import { computeEndpointSubsets, findPort, repackSubsets } from '../../../../src/sim/controllers/endpoint/endpoints-util';
import { TriggerTimeTracker } from '../../../../src/sim/controllers/endpoint/trigger-time-tracker';

const ready = (t = '2025-01-01T00:00:05Z') => [{ type: 'Ready', status: 'True', lastTransitionTime: t }];
const notReady = [{ type: 'Ready', status: 'False', lastTransitionTime: '2025-01-01T00:00:01Z' }];
function pod(name: string, ip: string | undefined, opts: { conditions?: object[]; deleting?: boolean; phase?: string; ports?: object[] } = {}) {
  return {
    metadata: { name, namespace: 'default', uid: `uid-${name}`, labels: { app: 'web' }, ...(opts.deleting ? { deletionTimestamp: '2025-01-01T00:01:00Z' } : {}) },
    spec: { nodeName: 'worker-1', containers: [{ name: 'c', ports: opts.ports ?? [{ name: 'http', containerPort: 8080 }] }] },
    status: { phase: opts.phase ?? 'Running', ...(ip ? { podIP: ip } : {}), conditions: opts.conditions ?? ready() }
  };
}
const svc = (ports: object[], extra: object = {}) => ({ metadata: { name: 'web', namespace: 'default', creationTimestamp: '2025-01-01T00:00:00Z' }, spec: { clusterIP: '10.96.0.10', selector: { app: 'web' }, ports, ...extra } });

describe('FindPort', () => {
  const p = pod('a', '10.244.1.2', { ports: [{ name: 'http', containerPort: 8080 }, { name: 'dns', containerPort: 53, protocol: 'UDP' }] });
  it.each([
    ['a number', { port: 80, targetPort: 9090, protocol: 'TCP' }, 9090],
    ['a numeric string', { port: 80, targetPort: '9091', protocol: 'TCP' }, 9091],
    ['unset: the port', { port: 80, protocol: 'TCP' }, 80],
    ['a container port name', { port: 80, targetPort: 'http', protocol: 'TCP' }, 8080],
    ['a name with the wrong protocol', { port: 53, targetPort: 'dns', protocol: 'TCP' }, undefined],
    ['a name with its protocol', { port: 53, targetPort: 'dns', protocol: 'UDP' }, 53],
    ['an unknown name', { port: 80, targetPort: 'metrics', protocol: 'TCP' }, undefined]
  ])('%s', (_name, servicePort, want) => {
    expect(findPort(p, servicePort)).toBe(want);
  });
});

describe('computeEndpointSubsets / RepackSubsets', () => {
  it.each([
    {
      name: 'ready and not-ready pods, sorted by IP; pods without IP, terminating or terminal left out',
      svc: svc([{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }]),
      pods: [pod('b', '10.244.2.9'), pod('a', '10.244.1.3'), pod('c', '10.244.1.2', { conditions: notReady }), pod('d', undefined), pod('e', '10.244.1.5', { deleting: true }), pod('f', '10.244.1.6', { phase: 'Failed' })],
      want: [{ addresses: ['10.244.1.3', '10.244.2.9'], notReadyAddresses: ['10.244.1.2'], ports: [{ name: 'http', port: 8080, protocol: 'TCP' }] }]
    },
    {
      name: 'publishNotReadyAddresses: every pod with an IP is ready, terminating ones included',
      svc: svc([{ port: 80, targetPort: 80, protocol: 'TCP' }], { publishNotReadyAddresses: true }),
      pods: [pod('c', '10.244.1.2', { conditions: notReady }), pod('e', '10.244.1.5', { deleting: true })],
      want: [{ addresses: ['10.244.1.2', '10.244.1.5'], ports: [{ port: 80, protocol: 'TCP' }] }]
    },
    {
      name: 'a named port only some pods have: one subset per distinct address set (N-to-M)',
      svc: svc([{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }, { name: 'raw', port: 81, targetPort: 81, protocol: 'TCP' }]),
      pods: [pod('a', '10.244.1.3'), pod('b', '10.244.1.4', { ports: [] })],
      want: [
        { addresses: ['10.244.1.3'], ports: [{ name: 'http', port: 8080, protocol: 'TCP' }] },
        { addresses: ['10.244.1.3', '10.244.1.4'], ports: [{ name: 'raw', port: 81, protocol: 'TCP' }] }
      ]
    },
    {
      name: 'headless without ports: addresses with no ports',
      svc: svc([], { clusterIP: 'None' }),
      pods: [pod('a', '10.244.1.3')],
      want: [{ addresses: ['10.244.1.3'] }]
    }
  ])('$name', ({ svc: s, pods, want }) => {
    const got = computeEndpointSubsets(s, pods).map((ss) => ({
      ...(ss.addresses ? { addresses: ss.addresses.map((a) => a.ip) } : {}),
      ...(ss.notReadyAddresses ? { notReadyAddresses: ss.notReadyAddresses.map((a) => a.ip) } : {}),
      ...(ss.ports ? { ports: ss.ports } : {})
    }));
    expect(got).toEqual(want);
  });

  it('an address ready in one subset is ready in the repacked one; ports merge per address set', () => {
    const a = { ip: '10.0.0.2' };
    const b = { ip: '10.0.0.1' };
    const p80 = { name: 'a', port: 80, protocol: 'TCP' };
    const p81 = { name: 'b', port: 81, protocol: 'TCP' };
    expect(repackSubsets([{ addresses: [a], ports: [p81] }, { notReadyAddresses: [a], ports: [p80] }, { addresses: [b, a], ports: [p80] }, { addresses: [b], ports: [p81] }])).toEqual([
      { addresses: [b, a], ports: [p80, p81] }
    ]);
  });

  it('keeps targetRef, nodeName and the hostname of pods whose subdomain is the Service', () => {
    const p = pod('a', '10.244.1.3');
    Object.assign(p.spec, { hostname: 'a', subdomain: 'web' });
    expect(computeEndpointSubsets(svc([{ port: 80, protocol: 'TCP' }]), [p])[0].addresses).toEqual([
      { ip: '10.244.1.3', hostname: 'a', nodeName: 'worker-1', targetRef: { kind: 'Pod', namespace: 'default', name: 'a', uid: 'uid-a' } }
    ]);
  });
});

describe('TriggerTimeTracker', () => {
  it('reports the earliest change since the last computation', () => {
    const t = new TriggerTimeTracker();
    const s = svc([]);
    expect(t.compute(s, [pod('a', '1', { conditions: ready('2025-01-01T00:00:05Z') })])).toBe('2025-01-01T00:00:00Z');
    expect(t.compute(s, [pod('a', '1', { conditions: ready('2025-01-01T00:00:05Z') })])).toBeUndefined();
    expect(t.compute(s, [pod('a', '1', { conditions: ready('2025-01-01T00:00:09Z') }), pod('b', '2', { conditions: ready('2025-01-01T00:00:07Z') })])).toBe('2025-01-01T00:00:07Z');
  });
});

const webAndService = `kubectl create deployment web --image=nginx --replicas=2 --port=80
kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: {app: web}
  ports:
  - port: 80
    targetPort: 80
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: {app: web}
  ports:
  - port: 80
    targetPort: 80
EOF
`;

describe('Endpoints controller', () => {
  it('lists the ready pods of a Service, empties on scale to 0, and goes with the Service', async () => {
    const cluster = new Cluster({ seed: 7, workers: 2 });
    await cluster.waitForNodesReady();
    const console = new Console(cluster);
    await console.exec(webAndService);
    await cluster.advance(30_000);
    const line = (await console.exec('kubectl get endpoints web --no-headers')).output;
    expect(line).toMatch(/^web\s+10\.244\.\d+\.\d+:80,10\.244\.\d+\.\d+:80\s+\d+s\n$/);
    const ips = (await console.exec('kubectl get pods -l app=web -o jsonpath={.items[*].status.podIP}')).output.split(' ').sort();
    const epIPs = (await console.exec('kubectl get endpoints web -o jsonpath={.subsets[*].addresses[*].ip}')).output.split(' ').sort();
    expect(epIPs).toEqual(ips);
    expect((await console.exec('kubectl get endpoints web -o jsonpath={.subsets[0].addresses[0].targetRef.kind}')).output).toBe('Pod');
    expect((await console.exec('kubectl get endpoints web -o yaml')).output).toMatch(/endpoints\.kubernetes\.io\/last-change-trigger-time: "\d{4}-/);

    await console.exec('kubectl scale deployment web --replicas=0');
    await cluster.advance(60_000);
    expect((await console.exec('kubectl get endpoints web --no-headers')).output).toMatch(/^web\s+<none>\s+/);

    await console.exec('kubectl delete service web');
    await cluster.advance(5_000);
    expect((await console.exec('kubectl get endpoints web')).output).toContain('not found');
  }, 60_000);

  it('leaves Services without a selector alone; the kubernetes Service points at the API server', async () => {
    const cluster = new Cluster({ seed: 8, workers: 1 });
    await cluster.waitForNodesReady();
    const console = new Console(cluster);
    await console.exec(`kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: external
spec:
  ports:
  - port: 80
EOF
`);
    await cluster.advance(5_000);
    const out = (await console.exec('kubectl get endpoints')).output;
    expect(out).toMatch(/kubernetes\s+172\.18\.0\.2:6443/);
    expect(out).not.toContain('external');
  }, 60_000);
});
