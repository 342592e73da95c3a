// Byte-exact comparison against real kubectl v1.32.4 output.
//
// golden/kubectl-1.32.json was captured by running the real kubectl binary against a fake API
// server that served the objects built by fixture.ts (and table rows produced by printers.go
// column definitions). Everything kubectl formats client-side is therefore checked here: the
// tabwriter layout, NAMESPACE/LABELS/-L columns, --show-kind prefixes, the multi-kind
// `get all` layout, custom-columns, -o name/json/yaml/jsonpath and all describe output.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture } from './fixture';
import { goldenCases } from './golden-cases';

interface Golden {
  kubectl: string;
  base: number;
  cases: Record<string, { now: number; stdout: string }>;
}

const golden: Golden = JSON.parse(readFileSync(new URL('./golden/kubectl-1.32.json', import.meta.url), 'utf8'));
const objs = fixture(golden.base);

describe(`kubectl ${golden.kubectl} golden output`, () => {
  const cases = goldenCases(objs);
  it('covers every captured command', () => {
    expect(cases.map(([a]) => a.join(' ')).sort()).toEqual(Object.keys(golden.cases).sort());
  });
  it.each(cases.map(([args, fn]) => [args.join(' '), fn] as const))('kubectl %s', (args, fn) => {
    const g = golden.cases[args]!;
    expect(fn(g.now)).toBe(g.stdout);
  });
});
