/**
 * `kubectl port-forward` as a learner drives it from the console: the listeners it prints, the
 * connections a host line makes through it (wget on the learner's machine), the CRI PortForward
 * call on the pod's node, and the ways a forward ends.
 */
import { describe, expect, it } from 'vitest';
import { consoleSession } from '../kubectl/console-session';

async function webSession() {
  const s = await consoleSession();
  await s.run('kubectl create deployment web --image=nginx:1.27 --replicas=2');
  await s.run('kubectl expose deployment web --port=80');
  await s.cluster.advance(30_000);
  return s;
}

describe('kubectl port-forward in the console', () => {
  it('forwards localhost:8080 to a pod of the Service; a host wget reaches nginx through the kubelet and CRI PortForward', async () => {
    const { run, cluster } = await webSession();
    expect(await run('kubectl port-forward svc/web 8080:80')).toEqual({ out: 'Forwarding from 127.0.0.1:8080 -> 80\nForwarding from [::1]:8080 -> 80\n', code: 0 });
    const before = cluster.conductor.trace.list().length;
    expect(await run('wget -qO- localhost:8080 | grep title')).toEqual({ out: 'Handling connection for 8080\n<title>Welcome to nginx!</title>\n', code: 0 });
    const events = cluster.conductor.trace.list().slice(before).filter((e) => e.kind === 'cri.PortForward' || (e.kind === 'kubelet.serve' && String(e.path).startsWith('/portForward/')));
    expect(events.map((e) => `${e.kind} ${e.phase ?? e.path}${e.port !== undefined ? ` port=${e.port}` : ''}`)).toEqual([
      'cri.PortForward call port=80',
      'cri.PortForward return port=80',
      expect.stringMatching(/^kubelet\.serve \/portForward\/default\/web-[a-z0-9]+-[a-z0-9]{5}\?port=80$/)
    ]);
    // The connection went to the pod port-forward picked: its node ran the CRI call.
    const pod = String(events[0].pod);
    const node = (await run(`kubectl get pod ${pod.split('/')[1]} -o jsonpath={.spec.nodeName}`)).out;
    expect(events[0].node).toBe(node);
    // A port nothing forwards is refused on the laptop.
    expect(await run('wget -qO- localhost:9999')).toEqual({ out: "wget: can't connect to remote host (127.0.0.1): Connection refused\n", code: 1 });
  });

  it("curl -I shows nginx's own headers, and nginx logs the request as coming from 127.0.0.1 inside the pod", async () => {
    const { run } = await webSession();
    await run('kubectl run solo --image=nginx:1.27');
    await run('sim advance 15s');
    await run('kubectl port-forward solo 8080:80');
    const head = await run('curl -sI localhost:8080');
    expect(head.out).toMatch(
      /^Handling connection for 8080\nHTTP\/1\.1 200 OK\r\nServer: nginx\r\nDate: \w{3}, \d\d \w{3} 2025 00:00:\d\d GMT\r\nContent-Type: text\/html\r\nContent-Length: 615\r\nLast-Modified: [^\r]+ GMT\r\nConnection: keep-alive\r\nETag: "[0-9a-f]+-267"\r\nAccept-Ranges: bytes\r\n\r\n$/
    );
    expect((await run('curl -si localhost:8080/missing')).out).toMatch(/HTTP\/1\.1 404 Not Found\r\nServer: nginx\r\nDate: [^\r]+\r\nContent-Type: text\/html\r\nContent-Length: 146\r\nConnection: keep-alive\r\n\r\n<html>/);
    expect((await run('kubectl logs solo --tail 2')).out).toMatch(/^127\.0\.0\.1 - - \[01\/Jan\/2025:00:00:\d\d \+0000\] "GET \/ HTTP\/1\.1" 200 615 "-" "curl\/8\.5\.0" "-"\n127\.0\.0\.1 - - \[[^\]]+\] "GET \/missing HTTP\/1\.1" 404 146 "-" "curl\/8\.5\.0" "-"\n$/);
  });

  it('a connection to a port nothing listens on in the pod ends the forward: "lost connection to pod"', async () => {
    const { run } = await webSession();
    await run('kubectl port-forward deploy/web 9090:81');
    const r = await run('wget -qO- localhost:9090');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      /^Handling connection for 9090\nE0101 00:00:\d\d\.\d{6} {4}4243 portforward\.go:424\] "Unhandled Error" err="an error occurred forwarding 9090 -> 81: error forwarding port 81 to pod [0-9a-f]{64}, uid : failed to execute portforward in network namespace \\"\/var\/run\/netns\/cni-[0-9a-f-]+\\": failed to connect to localhost:81 inside namespace \\"[0-9a-f]{64}\\", IPv4: dial tcp4 127\.0\.0\.1:81: connect: connection refused IPv6 dial tcp6 \[::1\]:81: connect: connection refused "\nerror: lost connection to pod\nwget: can't connect to remote host \(127\.0\.0\.1\): error getting response\n$/
    );
    // The forward is gone: the port is free again, and refuses.
    expect((await run('wget -qO- localhost:9090')).out).toBe("wget: can't connect to remote host (127.0.0.1): Connection refused\n");
    expect((await run('kubectl port-forward deploy/web 9090:80')).code).toBe(0);
  });

  it('stays on the pod it picked: once that pod is deleted the next connection loses it', async () => {
    const { run, cluster } = await webSession();
    await run('kubectl run solo --image=nginx:1.27');
    await cluster.advance(20_000);
    expect((await run('kubectl port-forward solo 8080:80 &')).out).toBe('Forwarding from 127.0.0.1:8080 -> 80\nForwarding from [::1]:8080 -> 80\n');
    await run('kubectl delete pod solo');
    const r = await run('wget -qO- localhost:8080');
    expect(r.out).toMatch(/^Handling connection for 8080\nE0101 .* err="an error occurred forwarding 8080 -> 80: error forwarding port 80 to pod [0-9a-f]{64}, uid : pod does not exist"\nerror: lost connection to pod\n/);
  });

  it('Ctrl-C closes the listeners', async () => {
    const { run, console } = await webSession();
    await run('kubectl port-forward svc/web 8080:80');
    expect(console.watching).toBe(true);
    expect(console.interrupt()).toBe(1);
    expect((await run('wget -qO- localhost:8080')).out).toBe("wget: can't connect to remote host (127.0.0.1): Connection refused\n");
  });

  it('refuses what kubectl and the laptop refuse', async () => {
    const { run } = await webSession();
    await run('kubectl port-forward svc/web 8080:80');
    expect(await run('kubectl port-forward svc/web 8080:80')).toEqual({
      out: 'Unable to listen on port 8080: Listeners failed to create with the following errors: [unable to create listener: Error listen tcp4 127.0.0.1:8080: bind: address already in use unable to create listener: Error listen tcp6 [::1]:8080: bind: address already in use]\nerror: unable to listen on any of the requested ports: [{8080 80}]\n',
      code: 1
    });
    expect((await run('kubectl port-forward svc/web 80:80')).out).toMatch(/bind: permission denied\]\nerror: unable to listen on any of the requested ports: \[\{80 80\}\]\n$/);
    expect((await run('kubectl port-forward svc/web :80')).out).toBe('Forwarding from 127.0.0.1:32768 -> 80\nForwarding from [::1]:32768 -> 80\n');
    expect((await run('kubectl port-forward svc/web 7070:http')).out).toBe("error: Service 'web' does not have a named port 'http'\n");
    expect((await run('kubectl port-forward nope 7070')).out).toBe('Error from server (NotFound): pods "nope" not found\n');
    expect((await run('kubectl port-forward svc/web')).out).toBe("error: TYPE/NAME and list of ports are required for port-forward\nSee 'kubectl port-forward -h' for help and examples\n");
  });
});
