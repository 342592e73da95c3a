// kubectl describe: unit tests for helpers plus one more real-kubectl golden
// (golden/kubectl-1.32-describe-probes.json: probe variants, Last State, CrashLoopBackOff,
// tolerations, node selectors, and an Events table with series / eventTime-only / repeated
// events, captured from kubectl v1.32.4 against a fake API server).
import { readFileSync } from 'node:fs';
import { describe as suite, expect, it } from 'vitest';
import { describe, describeProbe, eventsForObject } from '../../../../src/sim/kubectl/printers/describe';

/* eslint-disable @typescript-eslint/no-explicit-any */

const golden = JSON.parse(readFileSync(new URL('./golden/kubectl-1.32-describe-probes.json', import.meta.url), 'utf8')) as {
  kubectl: string;
  command: string;
  now: number;
  objects: any[];
  stdout: string;
};

suite(`${golden.command} (kubectl ${golden.kubectl})`, () => {
  it('matches byte for byte', () => {
    const [pod, ...events] = golden.objects;
    expect(describe('pod', pod, { now: golden.now, events })).toBe(golden.stdout);
  });
  it('--show-events=false drops the Events section', () => {
    const [pod, ...events] = golden.objects;
    const out = describe('pod', pod, { now: golden.now, events, showEvents: false })!;
    expect(out).toBe(golden.stdout.slice(0, golden.stdout.indexOf('Events:')));
  });
});

suite('DescribeProbe (describe.go)', () => {
  const attrs = (p: any) => ({ timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3, ...p });
  const cases: [string, any, string][] = [
    ['http-get default', attrs({ httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' }, initialDelaySeconds: 3, periodSeconds: 3 }), 'http-get http://:8080/healthz delay=3s timeout=1s period=3s #success=1 #failure=3'],
    ['http-get scheme/host/named port/relative path', attrs({ httpGet: { path: 'healthz', port: 'http', host: '10.0.0.1', scheme: 'HTTPS' } }), 'http-get https://10.0.0.1:http/healthz delay=0s timeout=1s period=10s #success=1 #failure=3'],
    ['http-get ipv6 host, escaped path, no scheme', attrs({ httpGet: { path: '/a b?c', port: 80, host: 'fd00::1' } }), 'http-get //[fd00::1]:80/a%20b%3Fc delay=0s timeout=1s period=10s #success=1 #failure=3'],
    ['http-get without scheme', attrs({ httpGet: { path: '/healthz', port: 8080 } }), 'http-get //:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3'],
    ['tcp-socket', attrs({ tcpSocket: { port: 5432 } }), 'tcp-socket :5432 delay=0s timeout=1s period=10s #success=1 #failure=3'],
    ['tcp-socket with host', attrs({ tcpSocket: { host: 'db', port: 'pg' } }), 'tcp-socket db:pg delay=0s timeout=1s period=10s #success=1 #failure=3'],
    ['exec', attrs({ exec: { command: ['sh', '-c', 'test -f /ready'] } }), 'exec [sh -c test -f /ready] delay=0s timeout=1s period=10s #success=1 #failure=3'],
    ['grpc', attrs({ grpc: { port: 9090, service: 'health' }, failureThreshold: 30 }), 'grpc <pod>:9090 health delay=0s timeout=1s period=10s #success=1 #failure=30'],
    ['grpc without service', attrs({ grpc: { port: 9090 } }), 'grpc <pod>:9090  delay=0s timeout=1s period=10s #success=1 #failure=3'],
    ['unknown handler', attrs({}), 'unknown delay=0s timeout=1s period=10s #success=1 #failure=3'],
  ];
  it.each(cases)('%s', (_n, probe, expected) => expect(describeProbe(probe)).toBe(expected));
});

suite('events lookup (field selector involvedObject.name/namespace/uid)', () => {
  const ev = (name: string, ns: string, uid?: string) => ({ involvedObject: { name, namespace: ns, ...(uid ? { uid } : {}) } });
  it('filters by name, namespace and uid', () => {
    const events = [ev('a', 'default', 'u1'), ev('a', 'other', 'u1'), ev('b', 'default', 'u1'), ev('a', 'default', 'u2'), ev('a', 'default')];
    expect(eventsForObject({ name: 'a', namespace: 'default', uids: ['u1'] }, events)).toEqual([events[0], events[4]]);
  });
});

suite('small objects', () => {
  const now = Date.UTC(2025, 0, 1);
  it('ConfigMap with no data and no events', () => {
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'empty', namespace: 'default' } };
    expect(describe('configmap', cm, { now, events: [] })).toBe(
      'Name:         empty\nNamespace:    default\nLabels:       <none>\nAnnotations:  <none>\n\nData\n====\n\nBinaryData\n====\n\nEvents:  <none>\n',
    );
  });
  it('unknown kinds return undefined', () => {
    expect(describe('widgets', { metadata: { name: 'x' } }, { now })).toBeUndefined();
  });
});
