import { describe, expect, it } from 'vitest';
import { exitCodeForSignal, programFor, runOf, signalReaction, type Run } from '../../../../src/sim/node/programs/programs';
import { SH_START_MS } from '../../../../src/sim/node/programs/sh';

const exits = (afterMs: number, exitCode: number): Run => ({ kind: 'exits', afterMs: SH_START_MS + afterMs, exitCode });
const RUNS: Run = { kind: 'runs' };

describe('sh', () => {
  const cases: { name: string; argv: string[]; run: Run }[] = [
    { name: 'sh with no script reads EOF and exits 0', argv: ['sh'], run: exits(0, 0) },
    { name: 'exit 1', argv: ['sh', '-c', 'exit 1'], run: exits(0, 1) },
    { name: 'echo then exit 3', argv: ['/bin/sh', '-c', 'echo hello; exit 3'], run: exits(0, 3) },
    { name: 'exit code wraps at 256', argv: ['sh', '-c', 'exit 257'], run: exits(0, 1) },
    { name: 'sleep N exits 0 after N s', argv: ['sleep', '5'], run: exits(5000, 0) },
    { name: 'sleep with unit', argv: ['sh', '-c', 'sleep 1m'], run: exits(60_000, 0) },
    { name: 'sleep then exit', argv: ['sh', '-c', 'sleep 2 && exit 4'], run: exits(2000, 4) },
    { name: 'true', argv: ['true'], run: exits(0, 0) },
    { name: 'false', argv: ['false'], run: exits(0, 1) },
    { name: 'false && skipped', argv: ['sh', '-c', 'false && sleep 10'], run: exits(0, 1) },
    { name: 'false || recover', argv: ['sh', '-c', 'false || true'], run: exits(0, 0) },
    { name: 'unknown command: 127', argv: ['sh', '-c', 'nosuchcmd'], run: exits(0, 127) },
    { name: 'quoted operators do not split', argv: ['sh', '-c', 'echo "a; exit 9"; exit 2'], run: exits(0, 2) },
    { name: 'liveness doc example sleeps 30 then 600', argv: ['/bin/sh', '-c', 'touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600'], run: exits(630_000, 0) },
    { name: 'while true loop runs forever', argv: ['sh', '-c', 'while true; do echo hi; sleep 1; done'], run: RUNS },
    { name: 'sleep infinity', argv: ['sleep', 'infinity'], run: RUNS },
    { name: 'tail -f', argv: ['sh', '-c', 'tail -f /dev/null'], run: RUNS },
    { name: 'sleep with a bad argument fails', argv: ['sleep', 'x'], run: exits(0, 1) }
  ];
  for (const c of cases) it(c.name, () => expect(runOf('sh', c.argv)).toEqual(c.run));
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
  const cases: { argv: string[]; run: Run }[] = [
    { argv: ['stress', '--vm', '1', '--vm-bytes', '150M', '--vm-hang', '1'], run: RUNS },
    { argv: ['stress', '--cpu', '1', '--timeout', '10'], run: { kind: 'exits', afterMs: 10_000, exitCode: 0 } },
    { argv: ['stress', '-t', '2m'], run: { kind: 'exits', afterMs: 120_000, exitCode: 0 } }
  ];
  for (const c of cases) it(c.argv.join(' '), () => expect(runOf('stress', c.argv)).toEqual(c.run));
});

describe('signals', () => {
  const cases = [
    { program: 'sh', signal: 'SIGTERM', reaction: 'ignore' },
    { program: 'sh', signal: 'SIGKILL', reaction: 'die' },
    { program: 'nginx', signal: 'SIGQUIT', reaction: 'exit' },
    { program: 'pause', signal: 'SIGTERM', reaction: 'exit' },
    { program: 'agnhost', signal: 'SIGTERM', reaction: 'die' },
    { program: 'stress', signal: 'SIGTERM', reaction: 'ignore' },
    { program: 'unknown', signal: 'SIGTERM', reaction: 'ignore' }
  ] as const;
  for (const c of cases) it(`${c.program} on ${c.signal}`, () => expect(signalReaction(c.program, c.signal).kind).toBe(c.reaction));
  it('exit codes 128+n', () => {
    expect(exitCodeForSignal('SIGTERM')).toBe(143);
    expect(exitCodeForSignal('SIGKILL')).toBe(137);
  });
});
