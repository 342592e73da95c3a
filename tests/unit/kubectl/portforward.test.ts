import { describe, expect, it } from 'vitest';
import { convertPodNamedPorts, parseAddresses, parsePorts, translateServicePorts } from '../../../src/sim/kubectl/portforward';
import { CommandFailure } from '../../../src/sim/kubectl/command';
import { answerKey, forwardedRequests, HostListeners, hostNetwork } from '../../../src/sim/cluster/port-forward';

const failure = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof CommandFailure) return e.message;
    throw e;
  }
  throw new Error('did not fail');
};

const pod = { metadata: { name: 'web-1' }, spec: { containers: [{ name: 'nginx', ports: [{ name: 'http', containerPort: 8080 }] }] } };
const svc = (ports: object[]) => ({ metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports } });

describe('kubectl port-forward: ports and addresses (upstream portforward.go, client-go parsePorts)', () => {
  it('parses LOCAL:REMOTE, REMOTE, :REMOTE and 0:REMOTE', () => {
    expect(parsePorts(['8080:80', '5000', ':6000', '0:7000'])).toEqual([
      { local: 8080, remote: 80 },
      { local: 5000, remote: 5000 },
      { local: 0, remote: 6000 },
      { local: 0, remote: 7000 }
    ]);
  });

  it('refuses what client-go refuses, with its words', () => {
    expect(failure(() => parsePorts(['1:2:3']))).toBe("invalid port format '1:2:3'");
    expect(failure(() => parsePorts(['abc:80']))).toBe('error parsing local port \'abc\': strconv.ParseUint: parsing "abc": invalid syntax');
    expect(failure(() => parsePorts(['8080:70000']))).toBe('error parsing remote port \'70000\': strconv.ParseUint: parsing "70000": value out of range');
    expect(failure(() => parsePorts(['8080:0']))).toBe('remote port must be > 0');
  });

  it('turns a pod’s named port into its number; a missing name is an error', () => {
    expect(convertPodNamedPorts(['9000:http', 'http', '80'], pod)).toEqual(['9000:8080', '8080', '80']);
    expect(failure(() => convertPodNamedPorts(['9000:metrics'], pod))).toBe("Pod 'web-1' does not have a named port 'metrics'");
    expect(failure(() => convertPodNamedPorts(['9000:'], pod))).toBe('remote port cannot be empty');
  });

  it('translates a Service port to the pod’s targetPort (number, name, or the port itself)', () => {
    expect(translateServicePorts(['8080:80'], svc([{ port: 80, targetPort: 8080 }]), pod)).toEqual(['8080']);
    expect(translateServicePorts(['9000:80'], svc([{ port: 80, targetPort: 'http' }]), pod)).toEqual(['9000:8080']);
    expect(translateServicePorts(['80'], svc([{ port: 80 }]), pod)).toEqual(['80']);
    // A named Service port: the local port becomes the Service port's number when it was the name too.
    expect(translateServicePorts(['web'], svc([{ name: 'web', port: 80, targetPort: 8080 }]), pod)).toEqual(['80:8080']);
    expect(failure(() => translateServicePorts(['8443:https'], svc([{ port: 80 }]), pod))).toBe("Service 'web' does not have a named port 'https'");
    expect(failure(() => translateServicePorts(['8080:81'], svc([{ port: 80 }]), pod))).toBe('Service web does not have a service port 81');
  });

  it('listens on 127.0.0.1 and ::1 for localhost, sorted; anything not an IP is refused', () => {
    expect(parseAddresses(['localhost'])).toEqual(['127.0.0.1', '::1']);
    expect(parseAddresses(['localhost', '10.19.21.23'])).toEqual(['10.19.21.23', '127.0.0.1', '::1']);
    expect(failure(() => parseAddresses(['my-laptop']))).toBe('my-laptop is not a valid IP');
  });
});

describe("the learner's machine's listeners", () => {
  const spec = (ports: { local: number; remote: number }[], addresses = ['127.0.0.1', '::1']) => ({ pod: { namespace: 'default', name: 'web', node: 'worker-1' }, podSandboxId: 'abc', addresses, ports });

  it('binds each port on each address; a second forward on the same port is refused as bind(2) does', () => {
    const l = new HostListeners();
    const first = l.open(spec([{ local: 8080, remote: 80 }]));
    expect(first.bindings[0].listeners).toEqual([
      { address: '127.0.0.1', local: 8080 },
      { address: '::1', local: 8080 }
    ]);
    const again = l.open(spec([{ local: 8080, remote: 80 }]));
    expect(again.bindings[0].listeners.map((x) => x.error)).toEqual([
      'unable to create listener: Error listen tcp4 127.0.0.1:8080: bind: address already in use',
      'unable to create listener: Error listen tcp6 [::1]:8080: bind: address already in use'
    ]);
    expect(l.forwards).toHaveLength(1);
    // 0.0.0.0 takes every IPv4 address of the port.
    expect(l.open(spec([{ local: 8080, remote: 80 }], ['0.0.0.0'])).bindings[0].listeners[0].error).toMatch(/bind: address already in use$/);
    l.close(first.forward);
    expect(l.open(spec([{ local: 8080, remote: 80 }], ['0.0.0.0'])).bindings[0].listeners).toEqual([{ address: '0.0.0.0', local: 8080 }]);
    expect(l.at('127.0.0.1', 8080)?.port).toEqual({ local: 8080, remote: 80 });
  });

  it('refuses ports below 1024 (the learner is not root) and gives :PORT the first free ephemeral port', () => {
    const l = new HostListeners();
    expect(l.open(spec([{ local: 80, remote: 80 }])).bindings[0].listeners[0].error).toBe('unable to create listener: Error listen tcp4 127.0.0.1:80: bind: permission denied');
    expect(l.open(spec([{ local: 0, remote: 80 }])).bindings[0].port.local).toBe(32768);
    expect(l.open(spec([{ local: 0, remote: 80 }])).bindings[0].port.local).toBe(32769);
  });

  it('reads the forwarded URLs a host line names, once each, in order', () => {
    expect(forwardedRequests('curl -s localhost:8080/healthz | grep ok; wget -qO- http://127.0.0.1:8080/ http://[::1]:9090/a?b=1 localhost:8080/healthz')).toEqual([
      { address: '127.0.0.1', port: 8080, path: '/healthz' },
      { address: '127.0.0.1', port: 8080, path: '/' },
      { address: '::1', port: 9090, path: '/a?b=1' }
    ]);
    expect(forwardedRequests('curl localhost')).toEqual([{ address: '127.0.0.1', port: 80, path: '/' }]);
  });

  it('the host network answers what was fetched, refuses other loopback ports and resolves no cluster names', () => {
    const l = new HostListeners();
    l.open(spec([{ local: 8080, remote: 80 }]));
    const page = { status: 200, statusText: 'OK', body: 'hello\n' };
    const net = hostNetwork(l, new Map([[answerKey('127.0.0.1', 8080, '/'), page]]));
    expect(net.httpGet('localhost', 8080, '/')).toBe(page);
    expect(net.httpGet('127.0.0.1', 8080, '/other')).toEqual({ error: 'error getting response' });
    expect(net.httpGet('127.0.0.1', 9090, '/')).toEqual({ error: 'Connection refused' });
    expect(net.tcpConnect('localhost', 8080)).toBe('open');
    expect(net.lookup('web.default.svc.cluster.local')).toBeUndefined();
    expect(net.lookup('info.cern.ch')?.addresses).toEqual(['188.184.67.127']);
  });
});
