import { describe, expect, it } from 'vitest';
import { canonicalJSON, cloneJSON, sameJSON } from '../../../src/sim/api/canonical';
import { Rand } from '../../../src/sim/kernel/rand';

// sameJSON must say exactly what comparing canonical JSON texts says, without building them.
const cases: [string, unknown, unknown, boolean][] = [
  ['key order', { a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 }, true],
  ['undefined property is absent', { a: 1, b: undefined }, { a: 1 }, true],
  ['undefined in an array is null', [undefined, 1], [null, 1], true],
  ['function property is absent', { a: 1, f: () => 1 }, { a: 1 }, true],
  ['NaN is null', { a: NaN }, { a: null }, true],
  ['Infinity is null in arrays', [Infinity], [null], true],
  ['-0 prints 0', { a: -0 }, { a: 0 }, true],
  ['array order matters', [1, 2], [2, 1], false],
  ['array vs object', [], {}, false],
  ['extra key', { a: 1 }, { a: 1, b: 2 }, false],
  ['null vs missing', { a: null }, {}, false],
  ['string vs number', { a: '1' }, { a: 1 }, false],
  ['nested difference', { a: { b: { c: 'x' } } }, { a: { b: { c: 'y' } } }, false],
  ['undefined top-level', undefined, undefined, true],
  ['undefined vs null top-level', undefined, null, false],
  ['empty', {}, {}, true]
];

describe('sameJSON', () => {
  it.each(cases)('%s', (_name, a, b, want) => {
    expect(canonicalJSON(a) === canonicalJSON(b)).toBe(want);
    expect(sameJSON(a, b)).toBe(want);
    expect(sameJSON(b, a)).toBe(want);
  });

  it('agrees with canonical JSON on 5,000 seeded random pairs', () => {
    const rand = new Rand(7);
    const leaves = [0, 1, -0, 2.5, NaN, Infinity, '', 'a', 'b', true, false, null, undefined];
    const gen = (depth: number): unknown => {
      const r = rand.int(10);
      if (depth > 3 || r < 5) return leaves[rand.int(leaves.length)];
      if (r < 7) return Array.from({ length: rand.int(4) }, () => gen(depth + 1));
      const o: Record<string, unknown> = {};
      for (let i = rand.int(4); i > 0; i--) o['abc'[rand.int(3)]] = gen(depth + 1);
      return o;
    };
    let equal = 0;
    for (let i = 0; i < 5000; i++) {
      const a = gen(0);
      // Half the pairs are a value and a reordered copy of it (mostly equal), half unrelated.
      const b = i % 2 ? gen(0) : JSON.parse(JSON.stringify(a === undefined ? null : a));
      const want = canonicalJSON(a) === canonicalJSON(b);
      if (want) equal++;
      expect(sameJSON(a, b), `${canonicalJSON(a)} vs ${canonicalJSON(b)}`).toBe(want);
    }
    expect(equal).toBeGreaterThan(1000);
  });
});

describe('cloneJSON', () => {
  it('copies deeply, unfrozen, keeping undefined properties as structuredClone does', () => {
    const o = Object.freeze({ a: Object.freeze({ b: Object.freeze([1, Object.freeze({ c: 'x' })]) }), u: undefined, n: null });
    const c = cloneJSON(o);
    expect(c).toEqual(structuredClone(o));
    expect('u' in c).toBe(true);
    expect(Object.isFrozen(c) || Object.isFrozen(c.a) || Object.isFrozen(c.a.b)).toBe(false);
    expect(c.a.b).not.toBe(o.a.b);
    (c.a.b[1] as { c: string }).c = 'y';
    expect((o.a.b[1] as { c: string }).c).toBe('x');
  });
});
