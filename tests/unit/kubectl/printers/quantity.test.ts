// resource.Quantity parsing and String(): expected values are what kubectl v1.32.4 prints for
// `kubectl set resources --local -f deploy.json --limits=memory=<input> -o jsonpath=...`
// (ParseQuantity + MarshalJSON, including the "reuse the string when canonical" fast path and
// the BinarySI cap at 2^63-1).
import { describe, expect, it } from 'vitest';
import { Quantity, canonicalQuantity, listQuantity, parseQuantity, zeroQuantity } from '../../../../src/sim/kubectl/printers/quantity';

const cases: [string, string][] = [
  ['0', '0'],
  ['1', '1'],
  ['1Ki', '1Ki'],
  ['1024', '1024'],
  ['1000', '1k'],
  ['1E6', '1E6'],
  ['1e3', '1e3'],
  ['0.1', '100m'],
  ['1.5', '1500m'],
  ['1.5Gi', '1536Mi'],
  ['0.5Gi', '512Mi'],
  ['100Mi', '100Mi'],
  ['1536Mi', '1536Mi'],
  ['1.1', '1100m'],
  ['0.0001', '100u'],
  ['1n', '1n'],
  ['0.1n', '1n'],
  ['1.5k', '1500'],
  ['1024Ki', '1Mi'],
  ['1.5Ki', '1536'],
  ['500m', '500m'],
  ['12e6', '12e6'],
  ['1M', '1M'],
  ['2048Ki', '2Mi'],
  ['1.0', '1'],
  ['10G', '10G'],
  ['0.5', '500m'],
  ['123456789', '123456789'],
  ['1k', '1k'],
  ['1000m', '1'],
  ['2000m', '2'],
  ['1.5e3', '1500'],
  ['100e-3', '100e-3'],
  ['1Ei', '1Ei'],
  ['8Ei', '9223372036854775807'],
  ['1P', '1P'],
  ['1T', '1T'],
  ['1G', '1G'],
  ['3000000m', '3k'],
  ['1.5E3', '1500'],
  ['1E3', '1E3'],
  ['01', '01'],
  ['1.50', '1500m'],
  ['2e0', '2e0'],
  ['1e0', '1e0'],
  ['10e2', '1e3'],
  ['0.5E1', '5'],
  ['1e-3', '1e-3'],
  ['1E-3', '1E-3'],
];

describe('Quantity String() after ParseQuantity (kubectl v1.32.4)', () => {
  it.each(cases)('%s -> %s', (input, expected) => expect(canonicalQuantity(input)).toBe(expected));
});

describe('Quantity arithmetic', () => {
  it('Add keeps the receiver format and drops the reused string', () => {
    const a = parseQuantity('100m')!;
    const b = parseQuantity('1')!;
    expect(a.add(b).toString()).toBe('1100m');
    expect(parseQuantity('1Ki')!.add(parseQuantity('1Ki')!).toString()).toBe('2Ki');
    expect(parseQuantity('64Mi')!.add(parseQuantity('500M')!).toString()).toBe('567108864');
  });
  it('zero receiver takes the format of the addend', () => {
    expect(zeroQuantity().add(parseQuantity('1Gi')!).toString()).toBe('1Gi');
  });
  it('Value / MilliValue round up', () => {
    expect(parseQuantity('1500m')!.value()).toBe(2);
    expect(parseQuantity('0.5')!.milliValue()).toBe(500);
    expect(parseQuantity('1n')!.milliValue()).toBe(1);
  });
  it('Cmp', () => {
    expect(parseQuantity('1Gi')!.cmp(parseQuantity('1G')!)).toBe(1);
    expect(parseQuantity('1000m')!.cmp(parseQuantity('1')!)).toBe(0);
  });
  it('invalid input', () => {
    expect(parseQuantity('abc')).toBeUndefined();
    expect(parseQuantity('1Xi')).toBeUndefined();
    expect(canonicalQuantity('bogus')).toBe('bogus');
  });
  it('missing ResourceList entries are a zero Quantity printing "0"', () => {
    expect(listQuantity({ cpu: '2' }, 'memory').toString()).toBe('0');
    expect(listQuantity({ cpu: '2' }, 'cpu').toString()).toBe('2');
  });
});
