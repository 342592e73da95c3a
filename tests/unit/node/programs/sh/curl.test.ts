/**
 * curl (applets/curl.ts) on the learner's machine (runOnHost) over a fake Network, and its
 * availability: a binary found through PATH only where its file is (applets/binaries.ts).
 * Expected texts were checked against curl 7.88.1 run here and curl 8.5.0's sources (see curl.ts).
 */
import { describe, expect, it } from 'vitest';
import { hostFS, runOnHost } from '../../../../../src/sim/cluster/host-shell';
import type { HttpResponse, Network } from '../../../../../src/sim/node/programs/process';
import { binaryFiles } from '../../../../../src/sim/node/programs/sh/applets/binaries';
import { runScript } from './harness';

const PAGE = '<html><head><title>Welcome to nginx!</title></head></html>\n';

/** localhost:8080 is a port-forward to nginx; web:80 a Service; 10.0.0.9 a dead address; :7000 a port that never answers HTTP. */
function fakeNet(seen: { path: string; headers: Record<string, string> }[] = []): Network {
  return {
    nameserver: '127.0.0.53',
    search: [],
    lookup: (name) => (name === 'web' ? { name: 'web.default.svc.cluster.local', addresses: ['10.96.0.50'] } : undefined),
    httpGet(host, port, path, headers = {}): HttpResponse {
      seen.push({ path, headers });
      if (host === '10.0.0.9') return { error: 'Connection timed out' };
      if (host === '127.0.0.1' && port === 7000) return { error: 'error getting response' };
      if (!((host === '127.0.0.1' && port === 8080) || (host === '10.96.0.50' && port === 80))) return { error: 'Connection refused' };
      if (path === '/' || path.startsWith('/?')) return { status: 200, statusText: 'OK', body: PAGE, headers: { Server: 'nginx', 'Content-Type': 'text/html' } };
      if (path === '/old') return { status: 301, statusText: 'Moved Permanently', body: '', headers: { Location: '/' } };
      return { status: 404, statusText: 'Not Found', body: '<h1>404 Not Found</h1>\n', headers: { Server: 'nginx', 'Content-Type': 'text/html' } };
    },
    tcpConnect: () => 'refused'
  };
}

const TRY = "curl: try 'curl --help' or 'curl --manual' for more information\n";
const HEAD = 'HTTP/1.1 200 OK\r\nServer: nginx\r\nContent-Type: text/html\r\nContent-Length: 59\r\n\r\n';
const REQUEST = '> GET / HTTP/1.1\r\n> Host: localhost:8080\r\n> User-Agent: curl/8.5.0\r\n> Accept: */*\r\n> \r\n';
const REFUSED = "curl: (7) Failed to connect to localhost port 9999 after 0 ms: Couldn't connect to server\n";

describe('curl on the host', () => {
  const cases: { name: string; script: string; out: string; err?: string; code?: number }[] = [
    { name: 'host:port, the body to stdout', script: 'curl localhost:8080', out: PAGE },
    { name: 'a pipeline: curl -s | grep', script: 'curl -s localhost:8080 | grep -o "<title>.*</title>"', out: '<title>Welcome to nginx!</title>\n' },
    { name: 'http://host:port/path?q, 127.0.0.1 and [::1]', script: 'curl -s http://127.0.0.1:8080/?a=1 | wc -l; curl -s "http://[::1]:8080/" | wc -l', out: '1\n1\n' },
    { name: 'a Service name through DNS, port 80 by default', script: 'curl -s web | wc -c', out: '59\n' },
    { name: '-i: status line and headers (CRLF) before the body', script: 'curl -i localhost:8080', out: HEAD + PAGE },
    { name: '-I: the head only', script: 'curl -I localhost:8080', out: HEAD },
    {
      name: '-v: the exchange on stderr',
      script: 'curl -v localhost:8080',
      out: PAGE,
      err: `*   Trying 127.0.0.1:8080...\n* Connected to localhost (127.0.0.1) port 8080\n${REQUEST}${HEAD.replace(/^(.*)\r\n/gm, '< $1\r\n')}* Connection #0 to host localhost left intact\n`
    },
    { name: 'an HTTP error is exit 0 without -f', script: 'curl localhost:8080/nope; echo $?', out: '<h1>404 Not Found</h1>\n0\n' },
    { name: '-f: no body, error 22', script: 'curl -f localhost:8080/nope', out: '', err: 'curl: (22) The requested URL returned error: 404\n', code: 22 },
    { name: '-sf is quiet, -sSf shows the error', script: 'curl -sf localhost:8080/nope; echo $?; curl -sSf localhost:8080/nope', out: '22\n', err: 'curl: (22) The requested URL returned error: 404\n', code: 22 },
    { name: '-fsSL follows a redirect', script: 'curl -fsSL localhost:8080/old | wc -c; curl -s -o /dev/null -w "%{http_code} %{num_redirects}\\n" -L localhost:8080/old', out: '59\n200 1\n' },
    { name: 'without -L a redirect is shown as is', script: 'curl -si localhost:8080/old', out: 'HTTP/1.1 301 Moved Permanently\r\nLocation: /\r\nContent-Length: 0\r\n\r\n' },
    { name: '-o FILE writes the body to the home directory', script: 'curl -s -o page.html localhost:8080; cat /home/learner/page.html | wc -c', out: '59\n' },
    { name: '-sSo FILE (a value in combined flags) and -O', script: 'curl -sSo a.html localhost:8080 && curl -s -O localhost:8080/nope && ls', out: 'a.html\nnope\n' },
    { name: '-O without a file name', script: 'curl -O localhost:8080/', out: '', err: 'curl: Remote file name has no length!\ncurl: (23) Failed writing received data to disk/application\n', code: 23 },
    { name: '-o into a missing directory', script: 'curl -o /no/such/f localhost:8080', out: '', err: 'Warning: Failed to open the file /no/such/f: No such file or directory\ncurl: (23) Failure writing output to destination\n', code: 23 },
    { name: "-w '%{http_code}\\n' (also after a failed connect: 000)", script: "curl -sS -o /dev/null -w '%{http_code}\\n' localhost:8080; curl -sS -o /dev/null -w '%{http_code}\\n' localhost:9999", out: '200\n000\n', err: REFUSED, code: 7 },
    { name: '-w variables, %header{} and an unknown one', script: "curl -s -o /dev/null -w '%{content_type} %{size_download} %{url_effective} %{remote_ip}:%{remote_port} %{exitcode} %header{server} %{method}%{nope}\\n' localhost:8080", out: 'text/html 59 http://localhost:8080/ 127.0.0.1:8080 0 nginx GET\n', err: "curl: unknown --write-out variable: 'nope'\n" },
    { name: '-k, -m, --connect-timeout and --http1.1 are accepted', script: 'curl -k -m 5 --connect-timeout 2 --http1.1 -s localhost:8080 | wc -l', out: '1\n' },
    { name: '(6) an unknown host', script: 'curl nosuch', out: '', err: 'curl: (6) Could not resolve host: nosuch\n', code: 6 },
    { name: '(7) nothing listens', script: 'curl localhost:9999', out: '', err: REFUSED, code: 7 },
    {
      name: '(7) with -v',
      script: 'curl -v localhost:9999',
      out: '',
      err: `*   Trying 127.0.0.1:9999...\n* connect to 127.0.0.1 port 9999 from 127.0.0.1 port 32768 failed: Connection refused\n* Failed to connect to localhost port 9999 after 0 ms: Couldn't connect to server\n* Closing connection\n${REFUSED}`,
      code: 7
    },
    { name: '-s hides errors, the status stays', script: 'curl -s localhost:9999; echo $?', out: '7\n' },
    { name: '(52) a port that does not speak HTTP', script: 'curl localhost:7000', out: '', err: 'curl: (52) Empty reply from server\n', code: 52 },
    { name: '(28) --connect-timeout to an address nothing answers', script: 'curl --connect-timeout 3 http://10.0.0.9/; echo $?; date +%s', out: '28\n1735689603\n', err: 'curl: (28) Failed to connect to 10.0.0.9 port 80 after 3000 ms: Timeout was reached\n' },
    { name: '(28) -m, and the kernel giving up without one', script: 'curl -m 2 10.0.0.9; curl 10.0.0.9', out: '', err: "curl: (28) Failed to connect to 10.0.0.9 port 80 after 2000 ms: Timeout was reached\ncurl: (28) Failed to connect to 10.0.0.9 port 80 after 127000 ms: Couldn't connect to server\n", code: 28 },
    { name: '(35) https:// to a plain-HTTP server', script: 'curl -k https://localhost:8080', out: '', err: 'curl: (35) OpenSSL/3.0.13: error:0A00010B:SSL routines::wrong version number\n', code: 35 },
    { name: '(7) https:// defaults to port 443', script: 'curl -sS https://web', out: '', err: "curl: (7) Failed to connect to web port 443 after 0 ms: Couldn't connect to server\n", code: 7 },
    {
      name: '(3) malformed URLs',
      script: 'curl "http://a b"; curl http://web:99999/; curl http://; curl "http://web:x/"',
      out: '',
      err: 'curl: (3) URL rejected: Malformed input to a URL function\ncurl: (3) URL rejected: Port number was not a decimal number between 0 and 65535\ncurl: (3) URL rejected: No host part in the URL\ncurl: (3) URL rejected: Port number was not a decimal number between 0 and 65535\n',
      code: 3
    },
    { name: 'no arguments', script: 'curl', out: '', err: TRY, code: 2 },
    { name: 'no URL', script: 'curl -sS', out: '', err: `curl: no URL specified!\n${TRY}`, code: 2 },
    { name: 'an unknown option, a missing parameter', script: 'curl --bogus x; curl -sX', out: '', err: `curl: option --bogus: is unknown\n${TRY}curl: option -sX: requires parameter\n${TRY}`, code: 2 },
    { name: 'where it is', script: 'which curl; command -v curl; type curl', out: '/usr/bin/curl\n/usr/bin/curl\ncurl is /usr/bin/curl\n' },
    { name: '--version', script: 'curl --version | head -1 | cut -d" " -f1-2', out: 'curl 8.5.0\n' }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = runOnHost(c.script, '', 0, hostFS(() => 0), fakeNet());
      expect(r.stdout).toBe(c.out);
      expect(r.stderr).toBe(c.err ?? '');
      expect(r.exitCode).toBe(c.code ?? 0);
    });
  }

  it('-H, -A and -X reach the server (a GET: the simulated servers answer no other method)', () => {
    const seen: { path: string; headers: Record<string, string> }[] = [];
    const r = runOnHost("curl -v -X POST -A probe/1 -H 'X-Trace: 1' -H 'Accept:' 'localhost:8080/?q=a' >/dev/null", '', 0, hostFS(() => 0), fakeNet(seen));
    expect(seen).toEqual([{ path: '/?q=a', headers: { Host: 'localhost:8080', 'User-Agent': 'probe/1', 'X-Trace': '1' } }]);
    expect(r.stderr).toContain('> POST /?q=a HTTP/1.1\r\n> Host: localhost:8080\r\n> User-Agent: probe/1\r\n> X-Trace: 1\r\n> \r\n');
  });

  it('-v with stdout into a pipe says how much data it did not show', () => {
    const r = runOnHost('curl -v localhost:8080 | wc -c', '', 0, hostFS(() => 0), fakeNet());
    expect(r.stdout).toBe('59\n');
    expect(r.stderr).toContain('< \r\n{ [59 bytes data]\n* Connection #0 to host localhost left intact\n');
  });

  it('with no network (no port-forward running) localhost is refused', () => {
    const r = runOnHost('curl localhost:8080', '', 0);
    expect(r).toEqual({ stdout: '', stderr: "curl: (7) Failed to connect to localhost port 8080 after 0 ms: Couldn't connect to server\n", exitCode: 7 });
  });
});

describe('curl is a binary on disk, not a busybox applet', () => {
  const net = { http: () => ({ status: 200, statusText: 'OK', body: 'hi\n' }) };
  it('a busybox container has none', () => {
    const r = runScript('curl -s http://10.0.0.1/; which curl; echo $?', { net });
    expect(r.err()).toBe('sh: curl: not found\n');
    expect(r.out()).toBe('1\n');
  });

  it('where /usr/bin/curl is, the shell finds it through PATH; removed, it is gone; a copy runs', () => {
    const r = runScript('curl -s http://10.0.0.1/; /usr/bin/curl -s http://10.0.0.1/; cp /usr/bin/curl /tmp/c; /tmp/c -s http://10.0.0.1/; rm /usr/bin/curl; curl -s http://10.0.0.1/', { net, files: binaryFiles('curl') });
    expect(r.out()).toBe('hi\nhi\nhi\n');
    expect(r.err()).toBe('sh: curl: not found\n');
    expect(r.trace.exit?.code).toBe(127);
  });

  it('PATH decides: outside it, a bare name is not found', () => {
    const r = runScript('PATH=/bin; curl -s http://10.0.0.1/', { net, files: binaryFiles('curl') });
    expect(r.err()).toBe('sh: curl: not found\n');
  });
});
