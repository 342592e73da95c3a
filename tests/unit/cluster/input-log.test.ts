import { describe, expect, it } from 'vitest';
import { InputLog, replayInputs, type ReplayTarget } from '../../../src/sim/cluster/input-log';
import { Cluster } from '../../../src/sim/cluster/cluster';
import { Console } from '../../../src/sim/cluster/console';
import { HaltedError } from '../../../src/sim/cluster/conductor';

/** A target that writes down what a replay asks of it. */
function recorder(): ReplayTarget & { calls: string[] } {
  const calls: string[] = [];
  let now = 0;
  return {
    calls,
    get now() {
      return now;
    },
    async advanceTo(t) {
      calls.push(`advance ${t}`);
      now = Math.max(now, t);
    },
    async exec(script, haltAt) {
      calls.push(`exec ${script}${haltAt === undefined ? '' : ` halt@${haltAt}`}`);
    },
    interrupt() {
      calls.push('interrupt');
    }
  };
}

describe('InputLog', () => {
  it('merges consecutive advances and keeps scripts and Ctrl-C in order', () => {
    const log = new InputLog();
    log.advanceTo(1000);
    log.advanceTo(2500);
    log.exec(2500, 2500, 'kubectl create deployment web --image=nginx');
    log.advanceTo(2500); // a step that found nothing to do adds nothing
    log.advanceTo(4000);
    log.interrupt(4000);
    expect(log.entries).toEqual([
      { kind: 'advance', t: 2500 },
      { kind: 'exec', t: 2500, end: 2500, script: 'kubectl create deployment web --image=nginx' },
      { kind: 'advance', t: 4000 },
      { kind: 'interrupt', t: 4000 }
    ]);
    expect(log.end).toBe(4000);
    expect(() => log.advanceTo(3000)).toThrow(/cannot run back/);
  });

  /** A minute of a session: a scale at 2 s, `sim advance 5m` typed at 5 s, Ctrl-C at 310 s. */
  function session(): InputLog {
    const log = new InputLog();
    log.advanceTo(2000);
    log.exec(2000, 2000, 'kubectl scale deploy/web --replicas=3');
    log.advanceTo(5000);
    log.exec(5000, 305_000, 'sim advance 5m');
    log.advanceTo(310_000);
    log.interrupt(310_000);
    log.advanceTo(900_000);
    return log;
  }
  const scale = { kind: 'exec', t: 2000, end: 2000, script: 'kubectl scale deploy/web --replicas=3' };
  const cases: { name: string; at: number; want: unknown[] }[] = [
    { name: 'before anything: an advance to the moment', at: 500, want: [{ kind: 'advance', t: 500 }] },
    { name: 'an advance past the moment stops at it', at: 1500, want: [{ kind: 'advance', t: 1500 }] },
    { name: 'a script at the moment is part of it', at: 2000, want: [{ kind: 'advance', t: 2000 }, scale] },
    {
      name: 'a script still running at the moment is cut there',
      at: 7000,
      want: [{ kind: 'advance', t: 2000 }, scale, { kind: 'advance', t: 5000 }, { kind: 'exec', t: 5000, end: 7000, script: 'sim advance 5m', haltAt: 7000 }]
    },
    {
      name: 'after the script: it runs whole, then time runs on',
      at: 400_000,
      want: [{ kind: 'advance', t: 2000 }, scale, { kind: 'advance', t: 5000 }, { kind: 'exec', t: 5000, end: 305_000, script: 'sim advance 5m' }, { kind: 'advance', t: 310_000 }, { kind: 'interrupt', t: 310_000 }, { kind: 'advance', t: 400_000 }]
    }
  ];
  for (const c of cases) {
    it(`upTo: ${c.name}`, () => {
      const prefix = session().upTo(c.at);
      expect(prefix.entries).toEqual(c.want);
      expect(prefix.end).toBe(c.at);
    });
  }

  it('replays each input at its time, a cut script with its halt', async () => {
    const target = recorder();
    await replayInputs(target, session().upTo(7000));
    expect(target.calls).toEqual(['advance 2000', 'advance 2000', 'exec kubectl scale deploy/web --replicas=3', 'advance 5000', 'advance 5000', 'exec sim advance 5m halt@7000']);
  });

  it('a cut script stays cut in the log of the fork', () => {
    const fork = session().upTo(7000);
    fork.advanceTo(9000);
    expect(fork.upTo(20_000).entries.slice(-2)).toEqual([
      { kind: 'exec', t: 5000, end: 7000, script: 'sim advance 5m', haltAt: 7000 },
      { kind: 'advance', t: 20_000 }
    ]);
  });
});

describe('Conductor.haltAt', () => {
  it('stops a script exactly at the halt time, and the rest of the script changes nothing', async () => {
    const cluster = new Cluster({ seed: 3, workers: 1 });
    await cluster.waitForNodesReady();
    const console_ = new Console(cluster);
    const start = cluster.now;
    const at = start + 42_000;
    cluster.conductor.haltAt(at);
    const out = await console_.exec('sim advance 5m\nkubectl create namespace later\nsim time');
    expect(cluster.now).toBe(at);
    expect(out.results[0].output.stderr).toContain('halted');
    expect(out.results[1].output.exitCode).toBe(1);
    cluster.conductor.haltAt(undefined);
    await cluster.advance(5000);
    const ns = await cluster.request({ verb: 'get', resource: 'namespaces', name: 'later' });
    expect(ns.ok).toBe(false);
    await expect(Promise.reject(new HaltedError(at))).rejects.toThrow(/halted at/);
  }, 60_000);

  it('a step past the halt leaves the clock at the halt, and lifting the halt lets time run again', async () => {
    const cluster = new Cluster({ seed: 3, workers: 1 });
    await cluster.waitForNodesReady();
    const at = cluster.now + 1;
    cluster.conductor.haltAt(at);
    // Steps run the instants up to the halt, then the first one past it halts.
    await expect(
      (async () => {
        for (let i = 0; i < 10_000; i++) await cluster.conductor.stepInstant();
      })()
    ).rejects.toBeInstanceOf(HaltedError);
    expect(cluster.now).toBe(at);
    expect(cluster.conductor.halted).toBe(true);
    cluster.conductor.haltAt(undefined);
    await cluster.advance(1000);
    expect(cluster.now).toBe(at + 1000);
  }, 60_000);
});
