// -o custom-columns: staging/src/k8s.io/kubectl/pkg/cmd/get/customcolumn_test.go cases
// (TestMassageJSONPath, TestNewColumnPrinterFromSpec, TestColumnPrint) plus outputs captured from
// real kubectl v1.32.4 (`kubectl get pod ... -o custom-columns=...`).
import { describe, expect, it } from 'vitest';
import {
  parseCustomColumnsSpec,
  parseCustomColumnsTemplate,
  printCustomColumns,
  relaxedJSONPathExpression,
} from '../../../../src/sim/kubectl/printers/custom-columns';

const PATH_ERR = "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'";

describe('TestMassageJSONPath (RelaxedJSONPathExpression)', () => {
  const ok: [string, string][] = [
    ['foo.bar', '{.foo.bar}'],
    ['{foo.bar}', '{.foo.bar}'],
    ['.foo.bar', '{.foo.bar}'],
    ['{.foo.bar}', '{.foo.bar}'],
    ['', ''],
  ];
  it.each(ok)('%s', (input, expected) => expect(relaxedJSONPathExpression(input)).toBe(expected));
  it.each(['{foo.bar', 'foo.bar}', '{foo.bar}}', '{{foo.bar}'])('%s is an error', (input) => {
    expect(() => relaxedJSONPathExpression(input)).toThrow(PATH_ERR);
  });
});

describe('TestNewColumnPrinterFromSpec', () => {
  it.each([
    ['', 'custom-columns format specified but no custom columns given'],
    ['invalid', 'unexpected custom-columns spec: invalid, expected <header>:<json-path-expr>'],
    ['invalid=foobar', 'unexpected custom-columns spec: invalid=foobar, expected <header>:<json-path-expr>'],
    ['invalid,foobar:blah', 'unexpected custom-columns spec: invalid, expected <header>:<json-path-expr>'],
    ['A:metadata.name,', 'unexpected custom-columns spec: , expected <header>:<json-path-expr>'],
  ])('%j fails', (spec, message) => {
    expect(() => parseCustomColumnsSpec(spec)).toThrow(message);
  });
  it('NAME:metadata.name,API_VERSION:apiVersion', () => {
    expect(parseCustomColumnsSpec('NAME:metadata.name,API_VERSION:apiVersion')).toEqual([
      { header: 'NAME', fieldSpec: '{.metadata.name}' },
      { header: 'API_VERSION', fieldSpec: '{.apiVersion}' },
    ]);
  });
});

describe('custom-columns-file template (NewCustomColumnsPrinterFromTemplate)', () => {
  it('parses header and spec lines', () => {
    expect(parseCustomColumnsTemplate('NAME          API_VERSION\n{metadata.name} {apiVersion}\n')).toEqual([
      { header: 'NAME', fieldSpec: '{.metadata.name}' },
      { header: 'API_VERSION', fieldSpec: '{.apiVersion}' },
    ]);
  });
  it('mismatched counts', () => {
    expect(() => parseCustomColumnsTemplate('A B\n.a\n')).toThrow("number of headers (2) and field specifications (1) don't match");
  });
});

describe('TestColumnPrint', () => {
  const pod = (name: string, apiVersion?: string) => ({ ...(apiVersion ? { apiVersion } : {}), metadata: { name } });
  it('single object', () => {
    expect(printCustomColumns('NAME:metadata.name', [pod('foo')])).toEqual({ output: 'NAME\nfoo\n' });
  });
  it('list', () => {
    expect(printCustomColumns('NAME:metadata.name', [pod('foo'), pod('bar')])).toEqual({ output: 'NAME\nfoo\nbar\n' });
  });
  it('two columns', () => {
    expect(printCustomColumns('NAME:metadata.name,API_VERSION:apiVersion', [pod('foo', 'baz')])).toEqual({ output: 'NAME   API_VERSION\nfoo    baz\n' });
  });
  it('--no-headers', () => {
    expect(printCustomColumns('API_VERSION:apiVersion', [pod('foo', 'baz')], { noHeaders: true })).toEqual({ output: 'baz\n' });
  });
});

// kubectl v1.32.4: `kubectl get pod/web-5d4b8c9f7-abcde -o custom-columns=<spec>`
describe('kubectl v1.32.4 outputs', () => {
  const webPod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web-5d4b8c9f7-abcde', namespace: 'default', labels: { app: 'web', 'pod-template-hash': '5d4b8c9f7' }, creationTimestamp: '2026-12-01T03:43:57Z' },
    spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80, protocol: 'TCP' }] }] },
    status: { phase: 'Running', containerStatuses: [{ name: 'nginx', ready: true, restartCount: 0 }] },
  };
  const cases: [string, string, string?][] = [
    ['NAME:metadata.name,API_VERSION:apiVersion', 'NAME                  API_VERSION\nweb-5d4b8c9f7-abcde   v1\n'],
    ['A:.metadata.labels', 'A\nmap[app:web pod-template-hash:5d4b8c9f7]\n'],
    ['A:.spec.containers[*].name,B:.nope', 'A       B\nnginx   <none>\n'],
    ['N:.spec.containers[*].ports[*].containerPort,L:.spec.containers[0].args', 'N     L\n80    <none>\n'],
    [':.metadata.name', '\nweb-5d4b8c9f7-abcde\n'],
    ['R:.status.containerStatuses[0].restartCount,T:.metadata.creationTimestamp', 'R     T\n0     2026-12-01T03:43:57Z\n'],
    ['X:{.a[}', 'X\n', 'unterminated array\n'],
    ['A:{foo.bar', '', `${PATH_ERR}\n`],
    ['invalid', '', 'unexpected custom-columns spec: invalid, expected <header>:<json-path-expr>\n'],
    ['', '', 'custom-columns format specified but no custom columns given\n'],
  ];
  it.each(cases)('%j', (spec, stdout, stderr) => {
    const r = printCustomColumns(spec, [webPod]);
    expect(r.output).toBe(stdout);
    expect(r.error).toBe(stderr);
  });
  it('several values join with commas', () => {
    const p = { spec: { containers: [{ name: 'a', image: 'x' }, { name: 'b', image: 'y' }] } };
    expect(printCustomColumns('C:.spec.containers[*].name,I:.spec.containers[*].image', [p]).output).toBe('C     I\na,b   x,y\n');
  });
});
