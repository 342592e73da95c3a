// Cases copied from upstream: staging/src/k8s.io/apimachinery/pkg/labels/selector_test.go,
// staging/src/k8s.io/apimachinery/pkg/util/validation/validation_test.go and
// staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/helpers_test.go; error texts as upstream
// v1.32 prints them (e.g. `kubectl get pods -l app:monolith`).
import { describe, expect, it } from 'vitest';
import type { LabelSelector } from 'kubernetes-types/meta/v1';
import {
  DoesNotExist,
  DoubleEquals,
  Equals,
  Exists,
  GreaterThan,
  In,
  LabelSelectorError,
  LessThan,
  NotEquals,
  NotIn,
  type Labels,
  type Selector,
  everything,
  formatLabelSelector,
  goQuote,
  isQualifiedName,
  matchesNothing,
  newRequirement,
  nothing,
  parseSelector,
  selectorFromLabelSelector,
  selectorFromSet,
  tryParseSelector,
  validateLabelKey,
  validateLabelValue,
  validatedSelectorFromSet,
} from '../../../src/sim/api/labels';

const NAME_PART_REGEX =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE_REGEX =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const PREFIX_PART_REGEX =
  "prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const QUALIFIED_NAME_REGEX =
  "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')";

function req(key: string, op: string, values: string[] = []) {
  return newRequirement(key, op, values);
}

describe('parseSelector good strings restring (upstream TestSelectorParse)', () => {
  const good: Array<[string]> = [
    ['x=a,y=b,z=c'],
    [''],
    ['x!=a,y=b'],
    ['x='],
    ['x= '],
    ['x=,z= '],
    ['x= ,z= '],
    ['!x'],
    ['x>1'],
    ['x>1,z<5'],
  ];
  it.each(good)('%j', (input) => {
    expect(parseSelector(input).toString()).toBe(input.replaceAll(' ', ''));
  });
});

describe('parseSelector canonical String() (upstream TestSetSelectorParser, TestToString)', () => {
  const table: Array<[string, string]> = [
    ['', ''],
    ['\rx', 'x'],
    ['this-is-a-dns.domain.com/key-with-dash', 'this-is-a-dns.domain.com/key-with-dash'],
    [
      'this-is-another-dns.domain.com/key-with-dash in (so,what)',
      'this-is-another-dns.domain.com/key-with-dash in (so,what)',
    ],
    ['0.1.2.domain/99 notin (10.10.100.1, tick.tack.clock)', '0.1.2.domain/99 notin (10.10.100.1,tick.tack.clock)'],
    ['foo  in\t (abc)', 'foo in (abc)'],
    ['x notin\n (abc)', 'x notin (abc)'],
    ['x  notin\t\t\t(abc,def)', 'x notin (abc,def)'],
    ['x in (abc,def)', 'x in (abc,def)'],
    ['x in (abc,)', 'x in (,abc)'],
    ['x in ()', 'x in ()'],
    ['x notin (abc,,def),bar,z in (),w', 'bar,w,x notin (,abc,def),z in ()'],
    ['x,y in (a)', 'x,y in (a)'],
    ['x=a', 'x=a'],
    ['x>1', 'x>1'],
    ['x<7', 'x<7'],
    ['x=a,y!=b', 'x=a,y!=b'],
    ['x=a,y!=b,z in (h,i,j)', 'x=a,y!=b,z in (h,i,j)'],
    ['x notin ( )', 'x notin ()'],
    ['x notin (, a)', 'x notin (,a)'],
    ['a ', 'a'],
    ['a in (x,y,notin, z,in)', 'a in (in,notin,x,y,z)'], // operator 'in' inside list of identifiers
    ['x in (b,a,b)', 'x in (a,b)'],
    ['x==a', 'x==a'],
    ['notin=in', 'notin=in'],
    ['in', 'in'],
    ['!in', '!in'],
    ['z,y,x', 'x,y,z'],
    ['x=a,a=x', 'a=x,x=a'], // upstream TestDeterministicParse
    ['a=x,x=a', 'a=x,x=a'],
    ['k8s.io/app=web , tier in (fe)', 'k8s.io/app=web,tier in (fe)'],
  ];
  it.each(table)('%j -> %j', (input, want) => {
    expect(parseSelector(input).toString()).toBe(want);
  });
});

describe('parseSelector errors', () => {
  const table: Array<[string, string]> = [
    // upstream testBadStrings / TestSetSelectorParser invalid rows
    ['x=a||y=b', `unable to parse requirement: values[0][x]: Invalid value: "a||y": ${LABEL_VALUE_REGEX}`],
    ['x==a==b', "found '==', expected: ',' or 'end of string'"],
    ['!x=a', "found '=', expected: ',' or 'end of string'"],
    ['x<a', `unable to parse requirement: values[0]: Invalid value: "a": for 'Gt', 'Lt' operators, the value must be an integer`],
    ['x,,y', "found ',', expected: identifier after ','"],
    [',x,y', "found ',', expected: !, identifier, or 'end of string'"],
    ['x nott in (y)', "unable to parse requirement: found 'nott', expected: in, notin, =, ==, !=, gt, lt"],
    ['a in (xyz),', "found '', expected: identifier after ','"],
    ['a in (xyz)b notin ()', "found 'b', expected: ',' or 'end of string'"],
    ['a in (xyz abc)', "unable to parse requirement: found 'abc', expected: ',' or ')'"],
    ['a notin(', "unable to parse requirement: found '', expected: ',', ')' or identifier"],
    ['a (', "unable to parse requirement: found '(', expected: in, notin, =, ==, !=, gt, lt"],
    ['(', "found '(', expected: !, identifier, or 'end of string'"],
    // messages seen from real clusters
    ['app:monolith', `unable to parse requirement: <nil>: Invalid value: "app:monolith": ${NAME_PART_REGEX}`],
    ['*bar', `unable to parse requirement: <nil>: Invalid value: "*bar": ${NAME_PART_REGEX}`],
    ['app.kubernetes_io/name=x', `unable to parse requirement: <nil>: Invalid value: "app.kubernetes_io/name": ${PREFIX_PART_REGEX}`],
    ['a/b/c ?=? def', `unable to parse requirement: <nil>: Invalid value: "a/b/c": ${QUALIFIED_NAME_REGEX}`],
    ['app=demo-{nginx}', `unable to parse requirement: values[0][app]: Invalid value: "demo-{nginx}": ${LABEL_VALUE_REGEX}`],
    ['x=a b', "found 'b', expected: ',' or 'end of string'"],
    ['x in a', "unable to parse requirement: found 'a' expected: '('"],
    ['x in (a', "unable to parse requirement: found '', expected: ',' or ')'"],
    ['x in (=)', "unable to parse requirement: found '=', expected: ',', ')' or identifier"],
    ['x=(', "unable to parse requirement: found '(', expected: identifier"],
    ['!', "unable to parse requirement: found '', expected: identifier"],
    ['!!x', "unable to parse requirement: found '!', expected: identifier"],
    ['x>', `unable to parse requirement: values[0]: Invalid value: "": for 'Gt', 'Lt' operators, the value must be an integer`],
    ['x>99999999999999999999', `unable to parse requirement: values[0]: Invalid value: "99999999999999999999": for 'Gt', 'Lt' operators, the value must be an integer`],
    ['=x', "found '=', expected: !, identifier, or 'end of string'"],
    // a negative bound is not a valid label value
    ['x>-1', `unable to parse requirement: values[0][x]: Invalid value: "-1": ${LABEL_VALUE_REGEX}`],
    [`${'a'.repeat(64)}=b`, `unable to parse requirement: <nil>: Invalid value: "${'a'.repeat(64)}": name part must be no more than 63 characters`],
    [`a=${'b'.repeat(64)}`, `unable to parse requirement: values[0][a]: Invalid value: "${'b'.repeat(64)}": must be no more than 63 characters`],
  ];
  it.each(table)('%j', (input, message) => {
    let err: unknown;
    try {
      parseSelector(input);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(LabelSelectorError);
    expect((err as Error).message).toBe(message);
    expect(tryParseSelector(input)).toBeUndefined();
  });
});

describe('matches (upstream TestSelectorMatches)', () => {
  const labelset: Labels = { foo: 'bar', baz: 'blah' };
  const table: Array<[string, Labels | undefined, boolean]> = [
    ['', { x: 'y' }, true],
    ['x=y', { x: 'y' }, true],
    ['x=y,z=w', { x: 'y', z: 'w' }, true],
    ['x!=y,z!=w', { x: 'z', z: 'a' }, true],
    ['notin=in', { notin: 'in' }, true], // in and notin in exactMatch
    ['x', { x: 'z' }, true],
    ['!x', { y: 'z' }, true],
    ['x>1', { x: '2' }, true],
    ['x<1', { x: '0' }, true],
    ['x=z', {}, false],
    ['x=y', { x: 'z' }, false],
    ['x=y,z=w', { x: 'w', z: 'w' }, false],
    ['x!=y,z!=w', { x: 'z', z: 'w' }, false],
    ['x', { y: 'z' }, false],
    ['!x', { x: 'z' }, false],
    ['x>1', { x: '0' }, false],
    ['x<1', { x: '2' }, false],
    ['foo=bar', labelset, true],
    ['baz=blah', labelset, true],
    ['foo=bar,baz=blah', labelset, true],
    ['foo=blah', labelset, false],
    ['baz=bar', labelset, false],
    ['foo=bar,foobar=bar,baz=blah', labelset, false],
    // more
    ['x in (a,b)', { x: 'b' }, true],
    ['x in (a,b)', { x: 'c' }, false],
    ['x in (a,b)', {}, false],
    ['x notin (a,b)', {}, true],
    ['x notin (a,b)', { x: 'a' }, false],
    ['x!=a', {}, true],
    ['x=', { x: '' }, true],
    ['x=', {}, false],
    ['x in ()', { x: '' }, true],
    ['x>1', { x: 'v2' }, false],
    ['x>1', {}, false],
    ['x<5', { x: '-4' }, true],
    ['x>5', { x: '-4' }, false],
    ['x<10', { x: '+9' }, true],
    ['x', undefined, false],
    ['!x', undefined, true],
    ['', undefined, true],
    ['toString', {}, false], // no prototype lookups
  ];
  it.each(table)('%j on %j', (selector, labels, want) => {
    expect(parseSelector(selector).matches(labels)).toBe(want);
  });
});

describe('requirement matching (upstream TestRequirementSelectorMatching)', () => {
  const table: Array<[Labels, () => Selector, boolean]> = [
    [{ x: 'foo', y: 'baz' }, () => everything().add(req('x', In, ['foo']), req('y', NotIn, ['alpha'])), true],
    [{ x: 'foo', y: 'baz' }, () => everything().add(req('x', In, ['foo']), req('y', In, ['alpha'])), false],
    [{ y: '' }, () => everything().add(req('x', NotIn, ['']), req('y', Exists)), true],
    [{ y: '' }, () => everything().add(req('x', DoesNotExist), req('y', Exists)), true],
    [{ y: '' }, () => everything().add(req('x', NotIn, ['']), req('y', DoesNotExist)), false],
    [{ y: 'baz' }, () => everything().add(req('x', In, [''])), false],
    [{ z: '2' }, () => everything().add(req('z', GreaterThan, ['1'])), true],
    [{ z: 'v2' }, () => everything().add(req('z', GreaterThan, ['1'])), false],
  ];
  it.each(table)('%j', (labels, make, want) => {
    expect(make().matches(labels)).toBe(want);
  });
});

describe('toString of built selectors (upstream TestToString, TestAdd)', () => {
  const table: Array<[string, () => Selector, string]> = [
    ['in/notin/exists', () => everything().add(req('x', In, ['abc', 'def']), req('y', NotIn, ['jkl']), req('z', Exists)), 'x in (abc,def),y notin (jkl),z'],
    ['notin/!=/!', () => everything().add(req('x', NotIn, ['abc', 'def']), req('y', NotEquals, ['jkl']), req('z', DoesNotExist)), 'x notin (abc,def),y!=jkl,!z'],
    ['empty value', () => everything().add(req('x', NotIn, ['abc']), req('y', In, ['jkl', 'mno']), req('z', NotIn, [''])), 'x notin (abc),y in (jkl,mno),z notin ()'],
    ['=/==/!=/exists', () => everything().add(req('x', Equals, ['abc']), req('y', DoubleEquals, ['jkl']), req('z', NotEquals, ['a']), req('z', Exists)), 'x=abc,y==jkl,z!=a,z'],
    ['gt/lt', () => everything().add(req('x', GreaterThan, ['2']), req('y', LessThan, ['8']), req('z', Exists)), 'x>2,y<8,z'],
    ['add sorts by key', () => everything().add(req('key2', Equals, ['value2'])).add(req('key', In, ['value'])), 'key in (value),key2=value2'],
    ['values printed sorted', () => everything().add(req('x', In, ['b', 'a'])), 'x in (a,b)'],
    ['selectorFromSet', () => selectorFromSet({ b: '2', a: '1' }), 'a=1,b=2'],
    ['nothing', () => nothing(), ''],
    ['everything', () => everything(), ''],
  ];
  it.each(table)('%s', (_name, make, want) => {
    expect(make().toString()).toBe(want);
  });
});

describe('newRequirement (upstream TestRequirementConstructor)', () => {
  const table: Array<[string, string, string[] | undefined, string | undefined]> = [
    ['x', In, undefined, "values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty"],
    ['x', NotIn, [], "values: Invalid value: []string{}: for 'in', 'notin' operators, values set can't be empty"],
    ['x', In, ['foo'], undefined],
    ['x', NotIn, ['foo'], undefined],
    ['x', Exists, undefined, undefined],
    ['x', DoesNotExist, undefined, undefined],
    ['1foo', In, ['bar'], undefined],
    ['1234', In, ['bar'], undefined],
    ['y', GreaterThan, ['1'], undefined],
    ['z', LessThan, ['6'], undefined],
    ['foo', GreaterThan, ['bar'], `values[0]: Invalid value: "bar": for 'Gt', 'Lt' operators, the value must be an integer`],
    ['barz', LessThan, ['blah'], `values[0]: Invalid value: "blah": for 'Gt', 'Lt' operators, the value must be an integer`],
    ['a'.repeat(254), Exists, undefined, `key: Invalid value: "${'a'.repeat(254)}": name part must be no more than 63 characters`],
    ['x', Equals, ['a', 'b'], 'values: Invalid value: []string{"a", "b"}: exact-match compatibility requires one single value'],
    ['x', Exists, ['a'], 'values: Invalid value: []string{"a"}: values set must be empty for exists and does not exist'],
    ['x', GreaterThan, ['1', '2'], "values: Invalid value: []string{\"1\", \"2\"}: for 'Gt', 'Lt' operators, exactly one value is required"],
    [
      'x',
      'bogus',
      ['a'],
      'operator: Unsupported value: "bogus": supported values: "in", "notin", "=", "==", "!=", "gt", "lt", "exists", "!"',
    ],
    ['', Exists, undefined, `key: Invalid value: "": name part must be non-empty; ${NAME_PART_REGEX}`],
    [
      '-x',
      In,
      ['-a'],
      `[key: Invalid value: "-x": ${NAME_PART_REGEX}, values[0][-x]: Invalid value: "-a": ${LABEL_VALUE_REGEX}]`,
    ],
  ];
  it.each(table)('%s %s %j', (key, op, values, message) => {
    if (message === undefined) {
      expect(newRequirement(key, op, values).key).toBe(key);
    } else {
      expect(() => newRequirement(key, op, values)).toThrow(LabelSelectorError);
      expect(() => newRequirement(key, op, values)).toThrow(message);
    }
  });
});

describe('requiresExactMatch (upstream TestRequiresExactMatch)', () => {
  const table: Array<[string, () => Selector, string, string | undefined]> = [
    ['keyInOperatorExactMatch', () => everything().add(req('key', In, ['value'])), 'key', 'value'],
    ['keyInOperatorNotExactMatch', () => everything().add(req('key', In, ['value', 'value2'])), 'key', undefined],
    ['keyInOperatorNotExactMatch key2', () => everything().add(req('key', In, ['value', 'value1']), req('key2', In, ['value2'])), 'key2', 'value2'],
    ['keyEqualOperatorExactMatch', () => everything().add(req('key', Equals, ['value'])), 'key', 'value'],
    ['keyDoubleEqualOperatorExactMatch', () => everything().add(req('key', DoubleEquals, ['value'])), 'key', 'value'],
    ['keyNotEqualOperatorExactMatch', () => everything().add(req('key', NotEquals, ['value'])), 'key', undefined],
    ['keyEqualOperatorExactMatchFirst', () => everything().add(req('key', In, ['value']), req('key2', In, ['value2'])), 'key', 'value'],
    ['parsed', () => parseSelector('app=web,tier in (fe)'), 'tier', 'fe'],
    ['nothing', () => nothing(), 'key', undefined],
  ];
  it.each(table)('%s', (_name, make, label, want) => {
    expect(make().requiresExactMatch(label)).toBe(want);
  });
});

describe('everything / nothing / sets (upstream TestEverything, TestSetMatches, TestNilMapIsValid)', () => {
  const labelset: Labels = { foo: 'bar', baz: 'blah' };
  const table: Array<[string, () => Selector, Labels | undefined, boolean, boolean]> = [
    // name, selector, labels, matches, empty
    ['everything', everything, { x: 'y' }, true, true],
    ['nothing', nothing, { x: 'y' }, false, false],
    ['empty set', () => selectorFromSet({}), labelset, true, true],
    ['nil set', () => selectorFromSet(undefined), labelset, true, true],
    ['foo=bar', () => selectorFromSet({ foo: 'bar' }), labelset, true, false],
    ['baz=blah', () => selectorFromSet({ baz: 'blah' }), labelset, true, false],
    ['both', () => selectorFromSet({ foo: 'bar', baz: 'blah' }), labelset, true, false],
    ['foo=blah', () => selectorFromSet({ foo: 'blah' }), labelset, false, false],
    ['set with unvalidated value', () => selectorFromSet({ foo: '=blah' }), labelset, false, false],
    ['parsed empty', () => parseSelector(''), undefined, true, true],
    ['validated set', () => validatedSelectorFromSet({ key: 'val' }), { key: 'val' }, true, false],
  ];
  it.each(table)('%s', (_name, make, labels, matches, empty) => {
    const s = make();
    expect(s.matches(labels)).toBe(matches);
    expect(s.empty()).toBe(empty);
  });

  it('matchesNothing and requirements()', () => {
    expect(matchesNothing(nothing())).toBe(true);
    expect(matchesNothing(everything())).toBe(false);
    expect(nothing().requirements().selectable).toBe(false);
    expect(parseSelector('a,b').requirements().requirements.map((r) => r.toString())).toEqual(['a', 'b']);
  });

  it('validatedSelectorFromSet rejects invalid values', () => {
    const v = 'axahm2EJ8Phiephe2eixohbee9eGeiyees1thuozi1xoh0GiuH3diewi8iem7Nui';
    expect(() => validatedSelectorFromSet({ Key: v })).toThrow(
      `values[0][Key]: Invalid value: "${v}": must be no more than 63 characters`,
    );
  });
});

describe('selectorFromLabelSelector (metav1.LabelSelectorAsSelector)', () => {
  const table: Array<[string, LabelSelector | null | undefined, string, Labels, boolean]> = [
    // name, selector, String(), labels, matches
    ['nil selects nothing', null, '', { a: 'b' }, false],
    ['undefined selects nothing', undefined, '', {}, false],
    ['empty selects everything', {}, '', { a: 'b' }, true],
    ['empty lists select everything', { matchLabels: {}, matchExpressions: [] }, '', {}, true],
    ['matchLabels', { matchLabels: { app: 'web', tier: 'fe' } }, 'app=web,tier=fe', { app: 'web', tier: 'fe', x: 'y' }, true],
    ['matchLabels mismatch', { matchLabels: { app: 'web' } }, 'app=web', { app: 'db' }, false],
    [
      'expressions',
      {
        matchExpressions: [
          { key: 'tier', operator: 'In', values: ['fe', 'be'] },
          { key: 'env', operator: 'NotIn', values: ['prod'] },
          { key: 'app', operator: 'Exists' },
          { key: 'legacy', operator: 'DoesNotExist' },
        ],
      },
      'app,env notin (prod),!legacy,tier in (be,fe)',
      { tier: 'be', app: 'x' },
      true,
    ],
    [
      'labels and expressions sorted together',
      { matchLabels: { z: '1' }, matchExpressions: [{ key: 'a', operator: 'Exists' }] },
      'a,z=1',
      { a: '', z: '1' },
      true,
    ],
  ];
  it.each(table)('%s', (_name, ls, str, labels, matches) => {
    const s = selectorFromLabelSelector(ls);
    expect(s.toString()).toBe(str);
    expect(s.matches(labels)).toBe(matches);
  });

  const errors: Array<[string, LabelSelector, string]> = [
    ['bad operator', { matchExpressions: [{ key: 'a', operator: 'Equals', values: ['x'] }] }, '"Equals" is not a valid pod selector operator'],
    ['lower-case operator', { matchExpressions: [{ key: 'a', operator: 'in', values: ['x'] }] }, '"in" is not a valid pod selector operator'],
    ['In without values', { matchExpressions: [{ key: 'a', operator: 'In' }] }, "values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty"],
    ['NotIn with empty values', { matchExpressions: [{ key: 'a', operator: 'NotIn', values: [] }] }, "values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty"],
    ['Exists with values', { matchExpressions: [{ key: 'a', operator: 'Exists', values: ['x'] }] }, 'values: Invalid value: []string{"x"}: values set must be empty for exists and does not exist'],
    ['bad label key', { matchLabels: { 'a b': 'x' } }, `key: Invalid value: "a b": ${NAME_PART_REGEX}`],
    ['bad label value', { matchLabels: { app: 'a b' } }, `values[0][app]: Invalid value: "a b": ${LABEL_VALUE_REGEX}`],
    ['bad expression value', { matchExpressions: [{ key: 'a', operator: 'In', values: ['ok', '-bad'] }] }, `values[1][a]: Invalid value: "-bad": ${LABEL_VALUE_REGEX}`],
  ];
  it.each(errors)('%s', (_name, ls, message) => {
    expect(() => selectorFromLabelSelector(ls)).toThrow(LabelSelectorError);
    expect(() => selectorFromLabelSelector(ls)).toThrow(message);
  });

  const formatted: Array<[LabelSelector | null, string]> = [
    [null, '<none>'],
    [{}, '<none>'],
    [{ matchLabels: { app: 'web' } }, 'app=web'],
    [{ matchExpressions: [{ key: 'a', operator: 'Bogus' }] }, '<error>'],
  ];
  it.each(formatted)('formatLabelSelector(%j)', (ls, want) => {
    expect(formatLabelSelector(ls)).toBe(want);
  });
});

describe('label key validation (upstream TestIsQualifiedName)', () => {
  const good: Array<[string]> = [
    ['simple'],
    ['now-with-dashes'],
    ['1-starts-with-num'],
    ['1234'],
    ['simple/simple'],
    ['now-with-dashes/simple'],
    ['now-with-dashes/now-with-dashes'],
    ['now.with.dots/simple'],
    ['now-with.dashes-and.dots/simple'],
    ['1-num.2-num/3-num'],
    ['1234/5678'],
    ['1.2.3.4/5678'],
    ['Uppercase_Is_OK_123'],
    ['example.com/Uppercase_Is_OK_123'],
    ['requests.storage-foo'],
    ['a'.repeat(63)],
    ['a'.repeat(253) + '/' + 'b'.repeat(63)],
  ];
  it.each(good)('%s is valid', (key) => {
    expect(validateLabelKey(key)).toEqual([]);
    expect(isQualifiedName(key)).toBe(true);
  });

  const bad: Array<[string, string[]]> = [
    ['nospecialchars%^=@', [NAME_PART_REGEX]],
    ['cantendwithadash-', [NAME_PART_REGEX]],
    ['-cantstartwithadash-', [NAME_PART_REGEX]],
    ['only/one/slash', [QUALIFIED_NAME_REGEX]],
    ['Example.com/abc', [PREFIX_PART_REGEX]],
    ['example_com/abc', [PREFIX_PART_REGEX]],
    ['example.com/', ['name part must be non-empty', NAME_PART_REGEX]],
    ['/simple', ['prefix part must be non-empty']],
    ['a'.repeat(64), ['name part must be no more than 63 characters']],
    ['a'.repeat(254) + '/abc', ['prefix part must be no more than 253 characters']],
  ];
  it.each(bad)('%s is invalid', (key, msgs) => {
    expect(validateLabelKey(key)).toEqual(msgs);
    expect(isQualifiedName(key)).toBe(false);
  });
});

describe('label value validation (upstream TestIsValidLabelValue)', () => {
  const table: Array<[string, string[]]> = [
    ['simple', []],
    ['now-with-dashes', []],
    ['1-starts-with-num', []],
    ['end-with-num-1', []],
    ['1234', []], // only num
    ['a'.repeat(63), []], // to the limit
    ['', []], // empty value
    ['nospecialchars%^=@', [LABEL_VALUE_REGEX]],
    ['Tama-nui-te-rā.is.Māori.sun', [LABEL_VALUE_REGEX]],
    ['\\backslashes\\are\\bad', [LABEL_VALUE_REGEX]],
    ['-starts-with-dash', [LABEL_VALUE_REGEX]],
    ['ends-with-dash-', [LABEL_VALUE_REGEX]],
    ['.starts.with.dot', [LABEL_VALUE_REGEX]],
    ['ends.with.dot.', [LABEL_VALUE_REGEX]],
    ['a'.repeat(64), ['must be no more than 63 characters']], // over the limit
    ['-'.repeat(64), ['must be no more than 63 characters', LABEL_VALUE_REGEX]],
  ];
  it.each(table)('%j', (value, msgs) => {
    expect(validateLabelValue(value)).toEqual(msgs);
  });
});

describe('goQuote (Go %q)', () => {
  const table: Array<[string, string]> = [
    ['abc', '"abc"'],
    ['a"b', '"a\\"b"'],
    ['a\\b', '"a\\\\b"'],
    ['tab\there', '"tab\\there"'],
    ['nul\u0000', '"nul\\x00"'],
    ['rā', '"rā"'],
  ];
  it.each(table)('%j', (input, want) => {
    expect(goQuote(input)).toBe(want);
  });
});
