import { MapFS } from '../../../../src/sim/node/fs/map-fs';
import type { Network, Process, ProcessContext, ProgramFactory, Step } from '../../../../src/sim/node/programs/process';

/** A context on a hand-driven clock; output collected. */
export function fakeContext(argv: string[], extra: Partial<ProcessContext> = {}) {
  const clock = { t: 0 };
  const out = { stdout: '', stderr: '' };
  const ctx: ProcessContext = {
    argv,
    env: {},
    hostname: 'pod-a',
    cwd: '/',
    fs: new MapFS(new Map([['/tmp/', '']]), () => clock.t),
    net: {} as Network,
    now: () => clock.t,
    random: () => 0,
    stdout: (t) => (out.stdout += t),
    stderr: (t) => (out.stderr += t),
    ...extra
  };
  return { ctx, clock, out };
}

/** Drives a process as the shim does until it blocks or exits (at most `limitMs` of sleeps); returns the last step. */
export function drive(factory: ProgramFactory, argv: string[], limitMs = 10_000_000) {
  const f = fakeContext(argv);
  const p: Process = factory(f.ctx);
  let step: Step = p.resume();
  while (step.kind === 'sleep' && f.clock.t + step.ms <= limitMs) {
    f.clock.t += step.ms;
    step = p.resume();
  }
  return { ...f, p, step };
}
