import { describe, expect, it } from 'vitest';
import { bpi, startPerl } from '../../../../src/sim/node/programs/perl';
import type { ProcessContext } from '../../../../src/sim/node/programs/process';

function run(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const ctx = { argv, stdout: (t: string) => (stdout += t), stderr: (t: string) => (stderr += t) } as unknown as ProcessContext;
  const p = startPerl(ctx);
  const steps = [p.resume()];
  while (steps[steps.length - 1].kind === 'sleep') steps.push(p.resume());
  return { steps, stdout, stderr };
}

describe('perl (the Job docs pi example)', () => {
  it('computes pi to N significant digits, rounded', () => {
    expect(bpi(10)).toBe('3.141592654');
    const pi = bpi(2000);
    expect(pi).toHaveLength(2001);
    expect(pi.startsWith('3.14159265358979323846264338327950288419716939937510')).toBe(true);
    expect(pi.endsWith('8326459958133904780275901')).toBe(true);
  });

  it("runs `perl -Mbignum=bpi -wle 'print bpi(2000)'` for 5 s and prints the digits with a newline", () => {
    const r = run(['perl', '-Mbignum=bpi', '-wle', 'print bpi(2000)']);
    expect(r.steps).toEqual([{ kind: 'sleep', ms: 5000 }, { kind: 'exit', code: 0 }]);
    expect(r.stdout).toBe(bpi(2000) + '\n');
  });

  it('says what it cannot run and exits 255', () => {
    const r = run(['perl', '-e', 'print "hello\\n"']);
    expect(r.steps).toEqual([{ kind: 'exit', code: 255 }]);
    expect(r.stderr).toBe("perl: this simulated perl runs only `perl -Mbignum=bpi -wle 'print bpi(N)'`\n");
  });
});
