import { describe, expect, it } from 'vitest';
import { execShell, LOOP_GUARD_MS, startShell } from '../../../../../src/sim/node/programs/sh/index';
import { drive, harness, runScript } from './harness';

/** busybox sh as PID 1: signals without a trap are ignored, traps run between commands. */
describe('sh signals and waiting', () => {
  it('wait is interrupted by a trapped SIGTERM: returns 143 and the trap runs at once', () => {
    const r = runScript('trap \'echo "term after $?"; exit 0\' TERM; sleep 1000 & wait; echo "wait=$?"', { signals: [{ at: 5000, signal: 'SIGTERM' }] });
    expect(r.trace.steps[0]).toEqual({ at: 0, step: { kind: 'sleep', ms: 1_000_000 } });
    expect(r.trace.exit).toEqual({ at: 5000, code: 0 });
    // ash runs the trap before the next command, so "wait=" is never printed.
    expect(r.out()).toBe('term after 143\n');
  });

  it('sleep 1000 & wait returns when the job ends', () => {
    const r = runScript('sleep 1000 & wait; echo "done $?"');
    expect(r.trace.exit).toEqual({ at: 1_000_000, code: 0 });
    expect(r.out()).toBe('done 0\n');
  });

  it('wait PID gives the job status; background output interleaves by virtual time', () => {
    const r = runScript('(sleep 2; echo job; exit 3) & echo started; sleep 1; echo main; wait $!; echo "job=$?"');
    expect(r.out()).toBe('started\nmain\njob\njob=3\n');
    expect(r.trace.exit).toEqual({ at: 2000, code: 0 });
  });

  it("trap '' TERM ignores the signal; trap - TERM restores the default (ignored as PID 1)", () => {
    for (const script of ["trap '' TERM; sleep 10", "trap 'exit 1' TERM; trap - TERM; sleep 10"]) {
      const r = runScript(script, { signals: [{ at: 1000, signal: 'SIGTERM' }] });
      expect(r.trace.signals[0].outcome).toEqual({ kind: 'ignore' });
      expect(r.trace.exit).toEqual({ at: 10_000, code: 0 });
    }
  });

  it('a trap does not interrupt a foreground sleep infinity: the shell stays blocked', () => {
    const r = runScript("trap 'exit 0' TERM; sleep infinity", { untilMs: 60_000, signals: [{ at: 1000, signal: 'SIGTERM' }] });
    expect(r.trace.signals[0].outcome).toEqual({ kind: 'handled' });
    expect(r.trace.steps.map((s) => s.step.kind)).toEqual(['block', 'block']);
    expect(r.trace.exit).toBeUndefined();
  });

  it('SIGINT and SIGQUIT traps run their own actions; EXIT trap runs after', () => {
    const r = runScript("trap 'echo int' INT; trap 'echo quit; exit 3' QUIT; trap 'echo exiting' EXIT; while :; do sleep 1; done", {
      signals: [
        { at: 1500, signal: 'SIGINT' },
        { at: 4200, signal: 'SIGQUIT' }
      ]
    });
    expect(r.out()).toBe('int\nquit\nexiting\n');
    expect(r.trace.exit).toEqual({ at: 5000, code: 3 });
  });

  it('kill of a background job ends it with 128+n and frees its port', () => {
    const h = harness(['sh', '-c', 'nc -l -p 9000 & pid=$!; sleep 1; kill $pid; wait $pid; echo "status $?"; sleep 10']);
    const proc = startShell(h.ctx);
    expect(proc.resume()).toEqual({ kind: 'sleep', ms: 1000 });
    expect(proc.listening()).toEqual([9000]);
    h.clock.now = 1000;
    expect(proc.resume()).toEqual({ kind: 'sleep', ms: 10_000 });
    expect(proc.listening()).toEqual([]);
    expect(h.out()).toBe('status 143\n');
  });

  it('kill -TERM $$ from the script runs its own trap', () => {
    const r = runScript("trap 'echo caught' TERM; kill -TERM $$; echo after");
    expect(r.out()).toBe('caught\nafter\n');
  });

  it('a busy loop is cut off by the loop guard: virtual time advances', () => {
    const r = runScript('while true; do :; done', { untilMs: 1000 });
    expect(r.trace.exit).toBeUndefined();
    expect(r.trace.steps[0]).toEqual({ at: 0, step: { kind: 'sleep', ms: LOOP_GUARD_MS } });
    expect(r.trace.steps.length).toBe(1000 / LOOP_GUARD_MS + 1);
  });

  it('yes into a pipe stops like on SIGPIPE', () => {
    const r = runScript('yes | head -n 2; echo $?');
    expect(r.out()).toBe('y\ny\n0\n');
  });

  it('sh with no -c reads an empty stdin and exits 0; bash -c is sh', () => {
    for (const [argv, out] of [
      [['sh'], ''],
      [['bash', '-c', 'echo $0 $1', 'name', 'arg'], 'name arg\n'],
      [['/bin/echo', 'direct'], 'direct\n']
    ] as const) {
      const h = harness([...argv]);
      expect(drive(startShell(h.ctx), h.clock).exit).toEqual({ at: 0, code: 0 });
      expect(h.out()).toBe(out);
    }
  });

  it('tail -f prints the end of the file, then blocks', () => {
    const r = runScript('seq 1 12 > /log; tail -f /log', { untilMs: 60_000 });
    expect(r.out()).toBe('3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n');
    expect(r.trace.steps.map((s) => s.step)).toEqual([{ kind: 'block' }]);
  });

  it('an exec shell has its own $$', () => {
    const h = harness(['sh', '-c', 'echo $$']);
    drive(execShell(h.ctx), h.clock);
    expect(h.out()).not.toBe('1\n');
    expect(h.out()).toMatch(/^\d+\n$/);
  });

  it('nc -l -p listens (blocks) and exposes the port', () => {
    const h = harness(['sh', '-c', 'echo listening; nc -l -p 8080']);
    const proc = startShell(h.ctx);
    expect(proc.resume()).toEqual({ kind: 'block' });
    expect(proc.listening()).toEqual([8080]);
    expect(h.out()).toBe('listening\n');
  });
});
