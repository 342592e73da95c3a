/** The probe handlers (pkg/probe exec, http, tcp, grpc) against fake pod processes, table-driven. */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { describe, expect, it } from 'vitest';
import { SimClock } from '../../../../src/sim/kernel/clock';
import type { HttpResponse, Process } from '../../../../src/sim/node/programs/process';
import { doHTTPProbe, probeHeaders, PROBE_USER_AGENT } from '../../../../src/sim/kubelet/prober/probe/http';
import { doTCPProbe } from '../../../../src/sim/kubelet/prober/probe/tcp';
import { doGRPCProbe } from '../../../../src/sim/kubelet/prober/probe/grpc';
import { doExecProbe } from '../../../../src/sim/kubelet/prober/probe/exec';
import type { ProbeNetwork, ProbeOutcome } from '../../../../src/sim/kubelet/prober/probe/probe';
import { Prober, resolveContainerPort } from '../../../../src/sim/kubelet/prober/prober';
import { CriError } from '../../../../src/sim/node/cri/types';

const IP = '10.244.1.5';

function server(port: number, answer: (path: string, headers: Record<string, string>) => HttpResponse): Process {
  return { resume: () => ({ kind: 'block' }), signal: () => ({ kind: 'ignore' }), listening: () => [port], http: (_p, path, headers) => answer(path, headers) };
}

function run(start: (net: ProbeNetwork, done: (o: ProbeOutcome) => void) => void, procs: Process[] | undefined, hung = false): { outcome?: ProbeOutcome; at?: number } {
  const clock = new SimClock();
  const out: { outcome?: ProbeOutcome; at?: number } = {};
  const net: ProbeNetwork = { processesAt: (ip) => (ip === IP ? procs : undefined), hung, after: (ms, fn) => void clock.after(ms, fn) };
  start(net, (o) => {
    out.outcome = o;
    out.at = clock.now();
  });
  clock.runUntil(60_000);
  return out;
}

const http = (path: string, port = 8080) => (net: ProbeNetwork, done: (o: ProbeOutcome) => void) => doHTTPProbe(net, { scheme: 'http', host: IP, port, path, headers: [{ name: 'custom-header', value: 'Awesome' }] }, 1, done);

describe('httpGet probe', () => {
  const healthz = server(8080, (path) => (path === '/healthz' ? { status: 200, statusText: 'OK', body: 'ok' } : path === '/moved' ? { status: 302, statusText: 'Found', body: '', headers: { Location: '/healthz' } } : path === '/away' ? { status: 301, statusText: 'Moved', body: 'gone', headers: { Location: 'http://example.com/' } } : { status: 500, statusText: 'Internal Server Error', body: 'error: 11' }));
  const cases: { name: string; path: string; procs?: Process[]; hung?: boolean; result: string; output: string; at?: number }[] = [
    { name: '200 is success with the body', path: '/healthz', procs: [healthz], result: 'success', output: 'ok' },
    { name: '500 is failure without the body', path: '/fail', procs: [healthz], result: 'failure', output: 'HTTP probe failed with statuscode: 500' },
    { name: 'a redirect on the same host is followed', path: '/moved', procs: [healthz], result: 'success', output: 'ok' },
    { name: 'a redirect to another host is a warning', path: '/away', procs: [healthz], result: 'warning', output: 'Probe terminated redirects, Response body: gone' },
    { name: 'nothing listening: connection refused', path: '/healthz', procs: [], result: 'failure', output: `Get "http://${IP}:8080/healthz": dial tcp ${IP}:8080: connect: connection refused` },
    { name: 'a hung server times out after timeoutSeconds', path: '/healthz', procs: [healthz], hung: true, result: 'failure', output: `Get "http://${IP}:8080/healthz": context deadline exceeded (Client.Timeout exceeded while awaiting connection)`, at: 1000 }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = run(http(c.path), c.procs, c.hung);
      expect(r.outcome).toEqual({ result: c.result, output: c.output });
      expect(r.at).toBe(c.at ?? 0);
    });
  }

  it('sends kube-probe headers and the spec headers (canonical names)', () => {
    let seen: Record<string, string> = {};
    run(http('/'), [server(8080, (_p, h) => ((seen = h), { status: 200, statusText: 'OK', body: '' }))]);
    expect(seen).toEqual({ 'Custom-Header': 'Awesome', 'User-Agent': PROBE_USER_AGENT, Accept: '*/*' });
    expect(probeHeaders([{ name: 'User-Agent', value: 'mine' }])['User-Agent']).toBe('mine');
  });
});

describe('tcpSocket probe', () => {
  const listener = server(8080, () => ({ error: 'EOF' }));
  const cases = [
    { name: 'a listening port is success', procs: [listener], hung: false, result: 'success', output: '', at: 0 },
    { name: 'a closed port is refused', procs: [] as Process[], hung: false, result: 'failure', output: `dial tcp ${IP}:8080: connect: connection refused`, at: 0 },
    { name: 'a hung container times out', procs: [listener], hung: true, result: 'failure', output: `dial tcp ${IP}:8080: i/o timeout`, at: 3000 }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = run((net, done) => doTCPProbe(net, IP, 8080, 3, done), c.procs, c.hung);
      expect(r.outcome).toEqual({ result: c.result, output: c.output });
      expect(r.at).toBe(c.at);
    });
  }
});

describe('grpc probe', () => {
  it('a serving health service is healthy; nothing listening times out connecting', () => {
    expect(run((net, done) => doGRPCProbe(net, IP, 2379, '', 1, done), [server(2379, () => ({ error: 'EOF' }))]).outcome).toEqual({ result: 'success', output: 'service healthy' });
    const r = run((net, done) => doGRPCProbe(net, IP, 2379, '', 2, done), []);
    expect(r.outcome).toEqual({ result: 'failure', output: `timeout: failed to connect service "${IP}:2379" within 2s: context deadline exceeded` });
    expect(r.at).toBe(2000);
  });
});

describe('exec probe', () => {
  type Exec = { ok: true; value: { stdout: string; stderr: string; exitCode: number } } | { ok: false; error: CriError };
  const runtime = (answer: Exec) => ({ ExecSync: (_id: string, _cmd: string[], _t: number, cb: (r: Exec) => void) => cb(answer) });
  const cases: { name: string; answer: Exec; result: string; output: string; error?: string }[] = [
    { name: 'exit 0 is success', answer: { ok: true, value: { stdout: 'ok\n', stderr: '', exitCode: 0 } }, result: 'success', output: 'ok\n' },
    { name: 'a non-zero exit is failure with stdout then stderr', answer: { ok: true, value: { stdout: 'a', stderr: "cat: can't open '/tmp/healthy': No such file or directory\n", exitCode: 1 } }, result: 'failure', output: "acat: can't open '/tmp/healthy': No such file or directory\n" },
    { name: 'the runtime deadline is a failure', answer: { ok: false, error: new CriError('DeadlineExceeded', 'command "sleep 5" timed out') }, result: 'failure', output: 'command "sleep 5" timed out' },
    { name: 'another runtime error is unknown', answer: { ok: false, error: new CriError('Unknown', 'container is in CONTAINER_EXITED state') }, result: 'unknown', output: '', error: 'rpc error: code = Unknown desc = container is in CONTAINER_EXITED state' }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = run((net, done) => doExecProbe(runtime(c.answer), net, 'abc', ['cat', '/tmp/healthy'], 1, done), []);
      expect(r.outcome).toEqual({ result: c.result, output: c.output, ...(c.error ? { error: c.error } : {}) });
    });
  }
  it('a hung container times out as the runtime words it', () => {
    const r = run((net, done) => doExecProbe(runtime({ ok: true, value: { stdout: '', stderr: '', exitCode: 0 } }), net, 'abc', ['cat', '/tmp/healthy'], 2, done), [], true);
    expect(r.outcome).toEqual({ result: 'failure', output: 'command "cat /tmp/healthy" timed out' });
    expect(r.at).toBe(2000);
  });
});

describe('resolveContainerPort', () => {
  const container = { name: 'c', ports: [{ name: 'liveness-port', containerPort: 8080 }] };
  it.each([
    [8080, { port: 8080 }],
    ['liveness-port', { port: 8080 }],
    ['9090', { port: 9090 }],
    ['http', { error: 'strconv.Atoi: parsing "http": invalid syntax' }],
    [0, { error: 'invalid port number: 0' }]
  ])('%s', (param, want) => expect(resolveContainerPort(param, container)).toEqual(want));
});

describe('Prober.probe events', () => {
  const setup = () => {
    const events: string[] = [];
    const recorder = { event: (_o: any, type: string, reason: string, message: string) => events.push(`${type} ${reason} ${message}`) } as any;
    const clock = new SimClock();
    const prober = new Prober({ runtime: { ExecSync: () => {}, processesAt: () => [server(8080, () => ({ status: 503, statusText: '', body: 'down' }))], hostNetworkProcesses: () => [] }, recorder, after: (ms, fn) => void clock.after(ms, fn) });
    return { events, prober };
  };
  const pod = { metadata: { name: 'p', namespace: 'default', uid: 'u' } };

  it('an unresolvable named port errors (retried, one event) and is reported as errored', () => {
    const { events, prober } = setup();
    const container = { name: 'c', readinessProbe: { httpGet: { path: '/', port: 'http' } } };
    let answer: any;
    prober.probe('readiness', pod, { podIP: IP }, container, 'id', 'spec.containers{c}', (a) => (answer = a));
    expect(answer).toEqual({ result: 'Failure', output: '', error: 'strconv.Atoi: parsing "http": invalid syntax' });
    expect(events).toEqual(['Warning Unhealthy Readiness probe errored and resulted in unknown state: strconv.Atoi: parsing "http": invalid syntax']);
  });

  it('a failure records "<Type> probe failed: <output>"', () => {
    const { events, prober } = setup();
    const container = { name: 'c', ports: [{ name: 'web', containerPort: 8080 }], startupProbe: { httpGet: { path: '/', port: 'web' } } };
    prober.probe('startup', pod, { podIP: IP }, container, 'id', 'spec.containers{c}', () => {});
    expect(events).toEqual(['Warning Unhealthy Startup probe failed: HTTP probe failed with statuscode: 503']);
  });
});
