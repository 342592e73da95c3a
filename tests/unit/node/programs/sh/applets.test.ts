import { describe, expect, it } from 'vitest';
import { runScript, type FakeNet } from './harness';
import { BUSYBOX_USERS } from '../../../../../src/sim/node/fs/rootfs';

const WEB: FakeNet = {
  dns: (name) => ({ 'web.default.svc.cluster.local': '10.96.0.50', 'down.default.svc.cluster.local': '10.96.0.51' })[name],
  http: (host, port, path) =>
    host === '10.96.0.50' && port === 80
      ? path === '/'
        ? { status: 200, statusText: 'OK', body: '<h1>hello</h1>\n' }
        : { status: 404, statusText: 'Not Found', body: '' }
      : { error: 'Connection refused' },
  tcp: (host, port) => (host === '10.96.0.50' && port === 80 ? 'open' : 'refused')
};

/** busybox applets: output, error wording and status. */
describe('sh applets', () => {
  const cases: { name: string; script: string; out: string; err?: string; code?: number; files?: Record<string, string>; net?: FakeNet; at?: number }[] = [
    { name: 'echo -n -e', script: 'echo -e "a\\tb"; echo -n x; echo y; echo -e "stop\\cnever"', out: 'a\tb\nxy\nstop' },
    { name: 'printf formats and reuse', script: 'printf "%s-%d\\n" a 1 b 2; printf "%05d|%-4s|%x|%%\\n" 42 ab 255', out: 'a-1\nb-2\n00042|ab  |ff|%\n' },
    { name: 'cat of a missing file', script: 'cat /x', out: '', err: "cat: can't open '/x': No such file or directory\n", code: 1 },
    { name: 'touch, ls -a, rm -r, mkdir -p', script: 'mkdir -p /w/a/b && touch /w/f && ls -a /w; rm /w/a; rm -r /w/a; ls /w', out: '.\n..\na\nf\nf\n', err: "rm: '/w/a' is a directory\n" },
    { name: 'mkdir errors', script: 'mkdir /tmp; mkdir /no/such', out: '', err: "mkdir: can't create directory '/tmp': File exists\nmkdir: can't create directory '/no/such': No such file or directory\n", code: 1 },
    { name: 'rm -f of a missing file is quiet', script: 'rm -f /nope; echo $?; rm /nope', out: '0\n', err: "rm: can't remove '/nope': No such file or directory\n", code: 1 },
    { name: 'cp and mv', script: 'echo data > /a; cp /a /b; mv /b /tmp; cat /tmp/b; ls /b; cp /nope /c', out: 'data\n', err: "ls: /b: No such file or directory\ncp: can't stat '/nope': No such file or directory\n", code: 1 },
    { name: 'head, tail, wc', script: 'seq 1 20 > /n; head -n 2 /n; tail -n 2 /n; tail -n +19 /n; head -3 /n | wc -l; wc -l /n; echo hello | wc -c', out: '1\n2\n19\n20\n19\n20\n3\n     20 /n\n6\n' },
    { name: 'grep -q -v -i -c -n and regex', script: 'printf "Alpha\\nbeta\\ngamma\\n" > /g; grep -i alpha /g; grep -v a /g; grep -c a /g; grep -n "^g" /g; grep -q zeta /g; echo $?; grep x /nope', out: 'Alpha\n3\n3:gamma\n1\n', err: 'grep: /nope: No such file or directory\n', code: 2 },
    { name: 'base64 encodes UTF-8, wraps at 76, -w 0 does not', script: 'echo hi | base64; printf s3cr3t | base64; seq 1 40 | base64 | head -1 | wc -c; seq 1 40 | base64 | wc -l; seq 1 40 | base64 -w 0 | wc -l; printf é | base64', out: 'aGkK\nczNjcjN0\n77\n2\n1\nw6k=\n' },
    { name: 'base64 -d, whitespace ignored, bad input', script: 'echo czNj cjN0 | base64 -d; echo; echo "w6k=" | base64 -d; echo; echo "@@" | base64 -d', out: 's3cr3t\né\n', err: 'base64: invalid input\n', code: 1 },
    { name: 'tee writes and passes through', script: 'echo t | tee /t1 | cat; cat /t1', out: 't\nt\n' },
    { name: 'seq, expr, basename, dirname', script: 'seq 3; seq -s, 2 4; expr 1 + 2; expr 5 \\* 3; expr 3 = 4; basename /a/b/c.txt .txt; dirname /a/b/c', out: '1\n2\n3\n2,3,4\n3\n15\n0\nc\n/a/b\n' },
    { name: 'test and [ ]', script: '[ -d /etc ] && echo d; [ -f /etc ] || echo notf; [ -e /etc/x ] || echo none; [ -n "$HOME" ] && [ -z "" ] && echo strings; [ 2 -ge 2 -a ! 1 -eq 2 ] && echo ints; [ a != b ] && echo ne; [ 1 -lt x ]', out: 'd\nnotf\nnone\nstrings\nints\nne\n', err: "sh: invalid number 'x'\n", code: 2 },
    { name: '[ without ]', script: '[ 1 = 1', out: '', err: 'sh: missing ]\n', code: 2 },
    { name: 'date default and +%s at t=5s', script: 'date; date +%s; date -u +%Y-%m-%dT%H:%M:%SZ', out: 'Wed Jan  1 00:00:05 UTC 2025\n1735689605\n2025-01-01T00:00:05Z\n', at: 5000 },
    { name: 'identity', files: BUSYBOX_USERS, script: 'id; whoami; hostname; pwd; uname; printenv HOME; env | grep -c HOSTNAME=pod-1', out: 'uid=0(root) gid=0(root) groups=0(root),10(wheel)\nroot\npod-1\n/\nLinux\n/root\n1\n' },
    { name: 'sleep with a bad argument', script: 'sleep x', out: '', err: "sleep: invalid number 'x'\n", code: 1 },
    { name: 'wget -q -O- prints the body', script: 'wget -q -O- http://web', out: '<h1>hello</h1>\n', net: WEB },
    {
      name: 'wget -O file reports progress on stderr',
      script: 'wget -O /tmp/index.html http://web:80/; cat /tmp/index.html',
      out: '<h1>hello</h1>\n',
      err: "Connecting to web:80 (10.96.0.50:80)\nsaving to '/tmp/index.html'\n/tmp/index.html     100% |********************************|    15  0:00:00 ETA\n'/tmp/index.html' saved\n",
      net: WEB
    },
    { name: 'wget errors', script: 'wget -q -O- http://nohost; wget -q --spider http://down; wget -q -O- http://web/missing; wget --spider -T 2 http://web; echo $?', out: '0\n', err: "wget: bad address 'nohost'\nwget: can't connect to remote host (10.96.0.51): Connection refused\nwget: server returned error: HTTP/1.1 404 Not Found\nConnecting to web (10.96.0.50:80)\nremote file exists\n", net: WEB },
    { name: 'nc -z', script: 'nc -z web 80; echo $?; nc -z web 81; echo $?; nc -zv down 80', out: '0\n1\n', err: 'nc: down (10.96.0.51:80): Connection refused\n', code: 1, net: WEB },
    { name: 'nslookup NXDOMAIN of a dotless name uses the search list', script: 'nslookup nosuch', out: `Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\n${["** server can't find nosuch.default.svc.cluster.local: NXDOMAIN\n\n", "** server can't find nosuch.svc.cluster.local: NXDOMAIN\n\n", "** server can't find nosuch.cluster.local: NXDOMAIN\n\n"].join('').repeat(2)}`, code: 1 },
    { name: 'sort, uniq, tr, cut', script: 'printf "b\na\nb\n10\n9\n" > /s; sort /s | uniq -c; sort -n -u /s | head -2; echo Hello | tr a-z A-Z; echo a:b:c | cut -d: -f2,3', out: '      1 10\n      1 9\n      1 a\n      2 b\n9\n10\nHELLO\nb:c\n' },
    { name: 'sed s///g, d and -n p', script: 'printf "one two\nthree\n" > /f; sed "s/o/0/g" /f; sed -n "/three/p" /f; sed 1d /f; sed -i "s/two/2/" /f; cat /f', out: '0ne tw0\nthree\nthree\nthree\none 2\nthree\n' },
    { name: 'ping -c 2', script: 'ping -c 2 web', out: 'PING web (10.96.0.50): 56 data bytes\n64 bytes from 10.96.0.50: seq=0 ttl=64 time=0.080 ms\n64 bytes from 10.96.0.50: seq=1 ttl=64 time=0.080 ms\n\n--- web ping statistics ---\n2 packets transmitted, 2 packets received, 0% packet loss\nround-trip min/avg/max = 0.080/0.080/0.080 ms\n', net: WEB }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = runScript(c.script, { files: c.files, net: c.net, clock: { now: c.at ?? 0 } });
      expect(r.out()).toBe(c.out);
      expect(r.err()).toBe(c.err ?? '');
      expect(r.trace.exit?.code).toBe(c.code ?? 0);
    });
  }
});

describe('busybox httpd', () => {
  it('httpd -f -p 8080 -h /www serves files and blocks; 404 for missing ones', () => {
    const r = runScript('echo "<h1>hi</h1>" > /www/index.html; httpd -f -p 8080 -h /www', { files: { '/www/': '' }, untilMs: 1000 });
    expect(r.trace.steps[0].step).toEqual({ kind: 'block' });
    expect(r.proc.listening()).toEqual([8080]);
    expect(r.proc.http?.(8080, '/', {})).toMatchObject({ status: 200, body: '<h1>hi</h1>\n' });
    expect(r.proc.http?.(8080, '/nope', {})).toMatchObject({ status: 404, statusText: 'Not Found' });
  });

  it('httpd without -f daemonizes: the script goes on (and the container ends with it)', () => {
    const r = runScript('httpd -p 80; echo started');
    expect(r.out()).toBe('started\n');
    expect(r.trace.exit).toEqual({ at: 0, code: 0 });
    expect(r.proc.listening()).toEqual([]);
  });
});

describe('nc -l as a web server', () => {
  it('answers HTTP GETs with the response piped into it', () => {
    const r = runScript('while true; do printf "HTTP/1.1 200 OK\\r\\nContent-Type: text/plain\\r\\n\\r\\nhello\\n" | nc -l -p 8080; done', { untilMs: 1000 });
    expect(r.trace.steps.map((s) => s.step)).toEqual([{ kind: 'block' }]);
    expect(r.proc.listening()).toEqual([8080]);
    expect(r.proc.http?.(8080, '/', {})).toEqual({ status: 200, statusText: 'OK', body: 'hello\n', headers: { 'Content-Type': 'text/plain' } });
    expect(r.proc.http?.(9090, '/', {})).toEqual({ error: 'Connection refused' });
  });
});
