import { describe, expect, it } from 'vitest';
import { exitCodeForSignal, factoryFor, programFor, PROGRAMS } from '../../../../src/sim/node/programs/programs';
import { drive } from './ctx';

describe('sh as a container process', () => {
  const cases: { name: string; argv: string[]; at: number; code?: number }[] = [
    { name: 'sh with no script reads EOF and exits 0', argv: ['sh'], at: 0, code: 0 },
    { name: 'exit 1', argv: ['sh', '-c', 'exit 1'], at: 0, code: 1 },
    { name: 'echo then exit 3', argv: ['/bin/sh', '-c', 'echo hello; exit 3'], at: 0, code: 3 },
    { name: 'exit code wraps at 256', argv: ['sh', '-c', 'exit 257'], at: 0, code: 1 },
    { name: 'sleep N exits 0 after N s', argv: ['sleep', '5'], at: 5000, code: 0 },
    { name: 'sleep then exit', argv: ['sh', '-c', 'sleep 2 && exit 4'], at: 2000, code: 4 },
    { name: 'false && skipped', argv: ['sh', '-c', 'false && sleep 10'], at: 0, code: 1 },
    { name: 'unknown command: 127', argv: ['sh', '-c', 'nosuchcmd'], at: 0, code: 127 },
    { name: 'quoted operators do not split', argv: ['sh', '-c', 'echo "a; exit 9"; exit 2'], at: 0, code: 2 },
    { name: 'liveness doc example sleeps 30 then 600', argv: ['/bin/sh', '-c', 'touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600'], at: 630_000, code: 0 },
    { name: 'sleep infinity', argv: ['sleep', 'infinity'], at: 0 }
  ];
  for (const c of cases)
    it(c.name, () => {
      const r = drive(PROGRAMS.sh, c.argv);
      expect(r.step).toEqual(c.code === undefined ? { kind: 'block' } : { kind: 'exit', code: c.code });
      expect(r.clock.t).toBe(c.at);
    });
  it('a while-true loop keeps running, printing once a second', () => {
    const r = drive(PROGRAMS.sh, ['sh', '-c', 'while true; do echo hi; sleep 1; done'], 3500);
    expect(r.step).toEqual({ kind: 'sleep', ms: 1000 });
    expect(r.out.stdout).toBe('hi\nhi\nhi\nhi\n');
  });
  it('echo and cat write to stdout, errors to stderr with busybox wording', () => {
    const r = drive(PROGRAMS.sh, ['sh', '-c', 'echo "a  b"; cat /nope; echo done']);
    expect(r.out.stdout).toBe('a  b\ndone\n');
    expect(r.out.stderr).toBe("cat: can't open '/nope': No such file or directory\n");
  });
  it('ignores SIGTERM (no trap, PID 1)', () => {
    const r = drive(PROGRAMS.sh, ['sleep', 'infinity']);
    expect(r.p.signal('SIGTERM')).toEqual({ kind: 'ignore' });
  });
});

describe('programFor', () => {
  const cases = [
    { image: 'nginx', argv: ['/docker-entrypoint.sh', 'nginx', '-g', 'daemon off;'], program: 'nginx' },
    { image: 'nginx', argv: ['sh', '-c', 'exit 1'], program: 'sh' },
    { image: 'sh', argv: ['sleep', '3600'], program: 'sh' },
    { image: 'agnhost', argv: ['/agnhost', 'netexec'], program: 'agnhost' }
  ];
  for (const c of cases) it(`${c.image} ${c.argv.join(' ')}`, () => expect(programFor(c.image, c.argv)).toBe(c.program));
});

describe('stress', () => {
  it('runs until stopped without --timeout', () => expect(drive(PROGRAMS.stress, ['stress', '--vm', '1', '--vm-bytes', '150M']).step).toEqual({ kind: 'block' }));
  it('--timeout 10 exits 0 after 10 s', () => {
    const r = drive(PROGRAMS.stress, ['stress', '--cpu', '1', '--timeout', '10']);
    expect([r.step, r.clock.t]).toEqual([{ kind: 'exit', code: 0 }, 10_000]);
  });
  it('-t 2m', () => expect(drive(PROGRAMS.stress, ['stress', '-t', '2m']).clock.t).toBe(120_000));
});

describe('signals', () => {
  const cases = [
    { program: 'nginx', argv: ['nginx'], signal: 'SIGQUIT', outcome: 'handled', exitAfter: 50 },
    { program: 'pause', argv: ['/pause'], signal: 'SIGTERM', outcome: 'handled', exitAfter: 0 },
    { program: 'postgres', argv: ['postgres'], signal: 'SIGTERM', outcome: 'handled', exitAfter: 500 },
    { program: 'agnhost', argv: ['/agnhost', 'pause'], signal: 'SIGTERM', outcome: 'die' },
    { program: 'stress', argv: ['stress'], signal: 'SIGTERM', outcome: 'ignore' },
    { program: 'unknown', argv: ['x'], signal: 'SIGTERM', outcome: 'ignore' }
  ] as const;
  for (const c of cases)
    it(`${c.program} on ${c.signal}: ${c.outcome}`, () => {
      const r = drive(factoryFor(c.program), [...c.argv]);
      expect(r.p.signal(c.signal).kind).toBe(c.outcome);
      if (c.outcome === 'handled') {
        const step = r.p.resume();
        expect(step).toEqual(c.exitAfter === 0 ? { kind: 'exit', code: 0 } : { kind: 'sleep', ms: c.exitAfter });
      }
    });
  it('exit codes 128+n', () => {
    expect(exitCodeForSignal('SIGTERM')).toBe(143);
    expect(exitCodeForSignal('SIGKILL')).toBe(137);
  });
});

describe('servers', () => {
  it('nginx listens on 80 and serves the welcome page', () => {
    const r = drive(PROGRAMS.nginx, ['/docker-entrypoint.sh', 'nginx', '-g', 'daemon off;']);
    expect(r.p.listening()).toEqual([80]);
    expect(r.out.stdout.split('\n')[0]).toBe('/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration');
  });
  it('nginx logs a request from a known client to stdout in its access-log format', () => {
    const r = drive(PROGRAMS.nginx, ['/docker-entrypoint.sh', 'nginx', '-g', 'daemon off;']);
    r.clock.t = 42_000;
    r.out.stdout = '';
    expect(r.p.http!(80, '/nope', { 'User-Agent': 'Wget' }, { ip: '10.244.2.7' })).toMatchObject({ status: 404 });
    expect(r.out.stdout).toBe('10.244.2.7 - - [01/Jan/2025:00:00:42 +0000] "GET /nope HTTP/1.1" 404 146 "-" "Wget" "-"\n');
  });
  it('redis prints its banner and listens on 6379', () => {
    const r = drive(PROGRAMS.redis, ['docker-entrypoint.sh', 'redis-server']);
    expect(r.p.listening()).toEqual([6379]);
    expect(r.out.stdout).toContain('1:C 01 Jan 2025 00:00:00.000 * oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo\n');
    expect(r.out.stdout).toMatch(/\* Ready to accept connections tcp\n$/);
  });
  it('agnhost liveness: /healthz 200 "ok" for 10 s, then 500', () => {
    const r = drive(PROGRAMS.agnhost, ['/agnhost', 'liveness']);
    expect(r.p.listening()).toEqual([8080]);
    expect(r.p.http!(8080, '/healthz', {})).toMatchObject({ status: 200, body: 'ok' });
    r.clock.t = 11_000;
    expect(r.p.http!(8080, '/healthz', {})).toMatchObject({ status: 500, body: 'error: 11' });
  });
  it('agnhost netexec: --http-port, /hostname, /echo', () => {
    const r = drive(PROGRAMS.agnhost, ['/agnhost', 'netexec', '--http-port=8081']);
    expect(r.p.listening()).toEqual([8081]);
    expect(r.p.http!(8081, '/hostname', {})).toMatchObject({ status: 200, body: 'pod-a' });
    expect(r.p.http!(8081, '/echo?msg=hi%20there', {})).toMatchObject({ status: 200, body: 'hi there' });
  });
  it('agnhost serve-hostname answers the pod name on 9376', () => {
    const r = drive(PROGRAMS.agnhost, ['/agnhost', 'serve-hostname']);
    expect(r.p.listening()).toEqual([9376]);
    expect(r.p.http!(9376, '/', {})).toMatchObject({ body: 'pod-a' });
  });
  it('httpd: It works!', () => {
    const r = drive(PROGRAMS.httpd, ['httpd-foreground']);
    expect(r.p.http!(80, '/', {})).toMatchObject({ status: 200, body: '<html><body><h1>It works!</h1></body></html>\n' });
  });
});
