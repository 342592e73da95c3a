import { describe, expect, it } from 'vitest';
import { MemoryFS } from '../../../../../src/sim/node/programs/sh/memfs';
import { startShell } from '../../../../../src/sim/node/programs/sh/index';
import { drive, harness, runScript } from './harness';

/** The scripts of the Kubernetes docs and the brief, with their output, status and virtual timing. */
describe('canonical sh scripts', () => {
  it('init container: waits for myservice via nslookup, sleeping 2 s between tries', () => {
    const script =
      'until nslookup myservice.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for myservice; sleep 2; done';
    const r = runScript(script, {
      files: { '/var/run/secrets/kubernetes.io/serviceaccount/namespace': 'default' },
      // The Service appears at t=5s.
      net: { dns: (name, now) => (name === 'myservice.default.svc.cluster.local' && now >= 5000 ? '10.96.0.23' : undefined) }
    });
    expect(r.trace.steps.map((s) => [s.at, s.step])).toEqual([
      [0, { kind: 'sleep', ms: 2000 }],
      [2000, { kind: 'sleep', ms: 2000 }],
      [4000, { kind: 'sleep', ms: 2000 }],
      [6000, { kind: 'exit', code: 0 }]
    ]);
    const header = 'Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\n';
    const miss = "** server can't find myservice.default.svc.cluster.local: NXDOMAIN\n\n";
    const attempt = header + miss + miss + 'waiting for myservice\n';
    expect(r.out()).toBe(attempt.repeat(3) + header + 'Name:\tmyservice.default.svc.cluster.local\nAddress: 10.96.0.23\n\n');
    expect(r.err()).toBe('');
  });

  it('echo The app is running! && sleep 3600: prints, then sleeps an hour', () => {
    const r = runScript('echo The app is running! && sleep 3600');
    expect(r.out()).toBe('The app is running!\n');
    expect(r.trace.steps).toEqual([
      { at: 0, step: { kind: 'sleep', ms: 3_600_000 } },
      { at: 3_600_000, step: { kind: 'exit', code: 0 } }
    ]);
  });

  it('liveness exec: /tmp/healthy exists for 30 s; `cat /tmp/healthy` in the same fs passes, then fails', () => {
    const clock = { now: 0 };
    const fs = new MemoryFS(() => clock.now);
    const main = harness(['/bin/sh', '-c', 'touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600'], { fs, clock });
    const proc = startShell(main.ctx);
    expect(proc.resume()).toEqual({ kind: 'sleep', ms: 30_000 });
    const probe = (at: number) => {
      clock.now = at;
      const h = harness(['cat', '/tmp/healthy'], { fs, clock });
      const trace = drive(startShell(h.ctx), clock);
      return { code: trace.exit?.code, at: trace.exit?.at, err: h.err() };
    };
    expect(probe(10_000)).toEqual({ code: 0, at: 10_000, err: '' });
    clock.now = 30_000;
    expect(proc.resume()).toEqual({ kind: 'sleep', ms: 600_000 });
    expect(probe(40_000)).toEqual({ code: 1, at: 40_000, err: "cat: can't open '/tmp/healthy': No such file or directory\n" });
  });

  it('trap "echo got TERM; exit 0" TERM: SIGTERM is handled after the current `sleep 1` ends', () => {
    const r = runScript('trap "echo got TERM; exit 0" TERM; while true; do sleep 1; done', { signals: [{ at: 2500, signal: 'SIGTERM' }] });
    expect(r.trace.signals).toEqual([{ at: 2500, signal: 'SIGTERM', outcome: { kind: 'handled' } }]);
    // Resumed at once by the shim, the shell still waits for its foreground sleep until t=3s.
    expect(r.trace.steps.slice(-2)).toEqual([
      { at: 2500, step: { kind: 'sleep', ms: 500 } },
      { at: 3000, step: { kind: 'exit', code: 0 } }
    ]);
    expect(r.out()).toBe('got TERM\n');
  });

  it('sleep 3600 as PID 1 ignores SIGTERM (no handler): it runs on until SIGKILL', () => {
    const h = harness(['sleep', '3600']);
    const proc = startShell(h.ctx);
    const trace = drive(proc, h.clock, { untilMs: 60_000, signals: [{ at: 1000, signal: 'SIGTERM' }] });
    expect(trace.signals).toEqual([{ at: 1000, signal: 'SIGTERM', outcome: { kind: 'ignore' } }]);
    expect(trace.exit).toBeUndefined();
    h.clock.now = 3_600_000;
    expect(proc.resume()).toEqual({ kind: 'exit', code: 0 });
  });

  it('for loop then exit 3', () => {
    const r = runScript('for i in 1 2 3; do echo $i; done; exit 3');
    expect(r.out()).toBe('1\n2\n3\n');
    expect(r.trace.exit).toEqual({ at: 0, code: 3 });
  });

  it('while loop with test and arithmetic', () => {
    const r = runScript('i=0; while [ $i -lt 5 ]; do i=$((i+1)); done; echo $i');
    expect(r.out()).toBe('5\n');
    expect(r.trace.exit).toEqual({ at: 0, code: 0 });
  });

  it('redirect to a file, then cat | grep -c', () => {
    const r = runScript('echo hello > /data/out.txt; cat /data/out.txt | grep -c hello', { files: { '/data/': '' } });
    expect(r.out()).toBe('1\n');
    expect(r.fs.read('/data/out.txt')).toBe('hello\n');
    expect(r.trace.exit).toEqual({ at: 0, code: 0 });
  });
});
