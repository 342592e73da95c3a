// Go text/tabwriter behaviour, table-driven from golang/go src/text/tabwriter/tabwriter_test.go
// (the cases that use flags this port supports: none or DiscardEmptyColumns), each written all
// at once, character by character and in Fibonacci-sized slices like the upstream check().
import { describe, expect, it } from 'vitest';
import { DiscardEmptyColumns, TabWriter, formatKubectlTable, newDescribeTabWriter, newKubectlTabWriter } from '../../../../src/sim/kubectl/printers/tabwriter';

type Case = [name: string, minwidth: number, tabwidth: number, padding: number, padchar: string, flags: number, src: string, expected: string];

const cases: Case[] = [
  ['1a', 8, 0, 1, '.', 0, '', ''],
  ['2', 8, 0, 1, '.', 0, '\n\n\n', '\n\n\n'],
  ['3', 8, 0, 1, '.', 0, 'a\nb\nc', 'a\nb\nc'],
  ['4a', 8, 0, 1, '.', 0, '\t', ''],
  ['5', 8, 0, 1, '.', 0, '*\t*', '*.......*'],
  ['5b', 8, 0, 1, '.', 0, '*\t*\n', '*.......*\n'],
  ['5c', 8, 0, 1, '.', 0, '*\t*\t', '*.......*'],
  ['6', 8, 0, 1, '.', 0, '\t\n', '........\n'],
  ['7a', 8, 0, 1, '.', 0, 'a) foo', 'a) foo'],
  ['7b', 8, 0, 1, ' ', 0, 'b) foo\tbar', 'b) foo  bar'],
  ['7c', 8, 0, 1, '.', 0, 'c) foo\tbar\t', 'c) foo..bar'],
  ['7d', 8, 0, 1, '.', 0, 'd) foo\tbar\n', 'd) foo..bar\n'],
  ['7e', 8, 0, 1, '.', 0, 'e) foo\tbar\t\n', 'e) foo..bar.....\n'],
  ['8', 8, 0, 1, '*', 0, 'Hello, world!\n', 'Hello, world!\n'],
  ['9a', 1, 0, 0, '.', 0, '1\t2\t3\t4\n' + '11\t222\t3333\t44444\n', '1.2..3...4\n' + '11222333344444\n'],
  ['9c', 1, 0, 0, '.', 0, '1\t2\t3\t4\f' + '11\t222\t3333\t44444\n', '1234\n' + '11222333344444\n'],
  ['10a', 5, 0, 0, '.', 0, '1\t2\t3\t4\n', '1....2....3....4\n'],
  ['10b', 5, 0, 0, '.', 0, '1\t2\t3\t4\t\n', '1....2....3....4....\n'],
  [
    '11',
    8, 0, 1, '.', 0,
    '本\tb\tc\n' + 'aa\t\u672c\u672c\u672c\tcccc\tddddd\n' + 'aaa\tbbbb\n',
    '本.......b.......c\n' + 'aa......本本本.....cccc....ddddd\n' + 'aaa.....bbbb\n',
  ],
  ['12b', 2, 0, 0, ' ', 0, 'a\tb\tc\n' + 'aa\tbbb\tcccc\n' + 'aaa\tbbbb\n', 'a  b  c\n' + 'aa bbbcccc\n' + 'aaabbbb\n'],
  ['12c', 8, 0, 1, '_', 0, 'a\tb\tc\n' + 'aa\tbbb\tcccc\n' + 'aaa\tbbbb\n', 'a_______b_______c\n' + 'aa______bbb_____cccc\n' + 'aaa_____bbbb\n'],
  [
    '13a',
    4, 0, 1, '-', 0,
    '4444\t日本語\t22\t1\t333\n' + '999999999\t22\n' + '7\t22\n' + '\t\t\t88888888\n' + '\n' + '666666\t666666\t666666\t4444\n' + '1\t1\t999999999\t0000000000\n',
    '4444------日本語-22--1---333\n' + '999999999-22\n' + '7---------22\n' + '------------------88888888\n' + '\n' + '666666-666666-666666----4444\n' + '1------1------999999999-0000000000\n',
  ],
  [
    '13b',
    4, 0, 3, '.', 0,
    '4444\t333\t22\t1\t333\n' + '999999999\t22\n' + '7\t22\n' + '\t\t\t88888888\n' + '\n' + '666666\t666666\t666666\t4444\n' + '1\t1\t999999999\t0000000000\n',
    '4444........333...22...1...333\n' + '999999999...22\n' + '7...........22\n' + '....................88888888\n' + '\n' + '666666...666666...666666......4444\n' + '1........1........999999999...0000000000\n',
  ],
  ['15a', 4, 0, 0, '.', 0, 'a\t\tb', 'a.......b'],
  ['15b', 4, 0, 0, '.', DiscardEmptyColumns, 'a\t\tb', 'a.......b'],
  ['15c', 4, 0, 0, '.', DiscardEmptyColumns, 'a\v\vb', 'a...b'],
  [
    '16a',
    100, 100, 0, '\t', 0,
    'a\tb\t\td\n' + 'a\tb\t\td\te\n' + 'a\n' + 'a\tb\tc\td\n' + 'a\tb\tc\td\te\n',
    'a\tb\t\td\n' + 'a\tb\t\td\te\n' + 'a\n' + 'a\tb\tc\td\n' + 'a\tb\tc\td\te\n',
  ],
  [
    '16b',
    100, 100, 0, '\t', DiscardEmptyColumns,
    'a\vb\v\vd\n' + 'a\vb\v\vd\ve\n' + 'a\n' + 'a\vb\vc\vd\n' + 'a\vb\vc\vd\ve\n',
    'a\tb\td\n' + 'a\tb\td\te\n' + 'a\n' + 'a\tb\tc\td\n' + 'a\tb\tc\td\te\n',
  ],
  [
    '16c',
    100, 100, 0, '\t', DiscardEmptyColumns,
    'a\tb\t\td\n' + 'a\tb\t\td\te\n' + 'a\n' + 'a\tb\tc\td\n' + 'a\tb\tc\td\te\n',
    'a\tb\t\td\n' + 'a\tb\t\td\te\n' + 'a\n' + 'a\tb\tc\td\n' + 'a\tb\tc\td\te\n',
  ],
];

function chunks(src: string, mode: 'all' | 'char' | 'fib'): string[] {
  if (mode === 'all') return [src];
  if (mode === 'char') return Array.from(src);
  const out: string[] = [];
  for (let i = 0, d = 0; i < src.length; ) {
    out.push(src.slice(i, i + d));
    i += d;
    d++;
    if (i + d > src.length) d = src.length - i;
  }
  return out;
}

describe('Go text/tabwriter test table', () => {
  for (const mode of ['all', 'char', 'fib'] as const) {
    it.each(cases)(`%s (written ${mode})`, (_name, minwidth, tabwidth, padding, padchar, flags, src, expected) => {
      const w = new TabWriter(minwidth, tabwidth, padding, padchar, flags);
      for (const c of chunks(src, mode)) w.write(c);
      expect(w.takeOutput()).toBe(expected);
    });
  }
});

describe('kubectl writers', () => {
  it('get: minwidth 6, padding 3, last column unpadded, no trailing spaces', () => {
    expect(formatKubectlTable('NAME\tREADY\tSTATUS\nnginx\t1/1\tRunning\nweb-5d9f8b7c6-abcde\t0/1\tPending\n')).toBe(
      'NAME                  READY   STATUS\n' + 'nginx                 1/1     Running\n' + 'web-5d9f8b7c6-abcde   0/1     Pending\n',
    );
  });
  it('get: a column is at least minwidth 6 wide (padding included)', () => {
    expect(formatKubectlTable('A\tB\nx\ty\n')).toBe('A     B\nx     y\n');
  });
  it('get: multibyte cells are measured in runes', () => {
    expect(formatKubectlTable('NAME\tX\nhéllo\t1\n😀\t2\n')).toBe('NAME    X\nhéllo   1\n😀       2\n');
  });
  it('describe: minwidth 0, padding 2; a single-cell line restarts alignment', () => {
    const w = newDescribeTabWriter();
    w.write('Name:\tnginx\nNamespace:\tdefault\nLabels:\n  app:\tweb\n');
    expect(w.takeOutput()).toBe('Name:       nginx\nNamespace:  default\nLabels:\n  app:  web\n');
  });
  it('newKubectlTabWriter keeps state until takeOutput', () => {
    const w = newKubectlTabWriter();
    w.write('NAME\tAGE\n');
    w.write('a-long-name\t5m\n');
    expect(w.takeOutput()).toBe('NAME          AGE\na-long-name   5m\n');
    expect(w.takeOutput()).toBe('');
  });
});
