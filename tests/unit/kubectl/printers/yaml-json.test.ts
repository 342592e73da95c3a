// -o yaml / -o json formatting (sigs.k8s.io/yaml over go-yaml v2, encoding/json MarshalIndent).
// Expected strings are what real kubectl v1.32.4 prints (`kubectl label --local -f obj.json
// foo=bar -o yaml|json`); see also local-golden.test.ts for whole-object goldens.
import { describe, expect, it } from 'vitest';
import { toKubectlJson, toKubectlYaml, toListObject, yamlKeyLess } from '../../../../src/sim/kubectl/printers/yaml-json';

// [string value, how kubectl -o yaml prints it as a map value]
const scalarCases: [string, string][] = [
  ["80", "\"80\""],
  ["0123", "\"0123\""],
  ["1e3", "\"1e3\""],
  ["1.5", "\"1.5\""],
  ["-1", "\"-1\""],
  ["+1", "\"+1\""],
  [".5", "\".5\""],
  ["0x1F", "\"0x1F\""],
  ["0o17", "\"0o17\""],
  ["true", "\"true\""],
  ["True", "\"True\""],
  ["TRUE", "\"TRUE\""],
  ["false", "\"false\""],
  ["yes", "\"yes\""],
  ["no", "\"no\""],
  ["y", "\"y\""],
  ["n", "\"n\""],
  ["on", "\"on\""],
  ["off", "\"off\""],
  ["null", "\"null\""],
  ["Null", "\"Null\""],
  ["~", "\"~\""],
  ["", "\"\""],
  [" ", "' '"],
  ["*", "'*'"],
  ["&a", "'&a'"],
  ["!tag", "'!tag'"],
  ["%x", "'%x'"],
  ["@x", "'@x'"],
  ["`x", "'`x'"],
  ["- a", "'- a'"],
  ["-a", "-a"],
  [":", "':'"],
  ["a:b", "a:b"],
  ["a: b", "'a: b'"],
  ["a #b", "'a #b'"],
  ["a#b", "a#b"],
  ["#a", "'#a'"],
  ["it's", "it's"],
  ["say \"hi\"", "say \"hi\""],
  ["[a]", "'[a]'"],
  ["{a}", "'{a}'"],
  ["a,b", "a,b"],
  ["?", "'?'"],
  ["? a", "'? a'"],
  ["|", "'|'"],
  [">", "'>'"],
  ["nginx:1.27", "nginx:1.27"],
  ["http://x:80/y", "http://x:80/y"],
  ["2025-01-01", "\"2025-01-01\""],
  ["2025-01-01T00:00:00Z", "\"2025-01-01T00:00:00Z\""],
  ["12:30", "\"12:30\""],
  ["1_000", "\"1_000\""],
  [".inf", "\".inf\""],
  ["-.Inf", "\"-.Inf\""],
  [".nan", "\".nan\""],
  ["NaN", "NaN"],
  ["a\tb", "\"a\\tb\""],
  ["line1\nline2", "|-\n    line1\n    line2"],
  ["line1\nline2\n", "|\n    line1\n    line2"],
  ["trail ", "'trail '"],
  [" lead", "' lead'"],
  ["é", "é"],
  ["10.244.1.5", "10.244.1.5"],
  ["1.2.3", "1.2.3"],
  ["v1", "v1"],
  ["=", "="],
  ["<<", "<<"],
  ["0.0.0.0/0", "0.0.0.0/0"],
];

describe('-o yaml string scalars (go-yaml v2 quoting rules)', () => {
  it.each(scalarCases)('%j', (value, repr) => {
    expect(toKubectlYaml({ data: { k: value } })).toBe(`data:\n  k: ${repr}\n`);
  });
});

const obj = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'x', labels: { 'app.kubernetes.io/name': 'web', b: 'B', a: 'A', foo: 'bar' }, annotations: {} },
  spec: {
    int: 3,
    zero: 0,
    neg: -7,
    half: 0.5,
    big: 1e21,
    small: 1e-7,
    tru: true,
    fal: false,
    nul: null,
    emptyList: [],
    emptyMap: {},
    list: [1, 'two', { b: 2, a: 1 }, [3, 4], []],
    nested: { containers: [{ name: 'web', ports: [{ containerPort: 80 }] }] },
  },
};

describe('-o yaml structure', () => {
  it('sorted keys, 2-space indent, sequences not indented under their key', () => {
    expect(toKubectlYaml(obj)).toBe(
      [
        'apiVersion: v1',
        'kind: ConfigMap',
        'metadata:',
        '  annotations: {}',
        '  labels:',
        '    a: A',
        '    app.kubernetes.io/name: web',
        '    b: B',
        '    foo: bar',
        '  name: x',
        'spec:',
        '  big: 1e+21',
        '  emptyList: []',
        '  emptyMap: {}',
        '  fal: false',
        '  half: 0.5',
        '  int: 3',
        '  list:',
        '  - 1',
        '  - two',
        '  - a: 1',
        '    b: 2',
        '  - - 3',
        '    - 4',
        '  - []',
        '  neg: -7',
        '  nested:',
        '    containers:',
        '    - name: web',
        '      ports:',
        '      - containerPort: 80',
        '  nul: null',
        '  small: 1e-07',
        '  tru: true',
        '  zero: 0',
        '',
      ].join('\n'),
    );
  });
  it('timestamps are double-quoted', () => {
    expect(toKubectlYaml({ metadata: { creationTimestamp: '2025-01-01T00:00:05Z' } })).toBe('metadata:\n  creationTimestamp: "2025-01-01T00:00:05Z"\n');
  });
  it('natural key order (go-yaml keyList.Less): digits compare numerically', () => {
    expect(toKubectlYaml({ a10: 1, a9: 2, a_b: 3, aB: 4, A1: 5 })).toBe('A1: 5\na_b: 3\na9: 2\na10: 1\naB: 4\n');
    expect(yamlKeyLess('a9', 'a10')).toBe(true);
  });
  it('C0 controls are escaped, DEL/C1 controls are rejected like kubectl', () => {
    expect(toKubectlYaml({ a: 'x\u0001y' })).toBe('a: "x\\x01y"\n');
    expect(() => toKubectlYaml({ a: 'x\u007fy' })).toThrow('yaml: control characters are not allowed');
  });
});

describe('-o json', () => {
  it('4-space indent, sorted keys, Go number formatting', () => {
    expect(toKubectlJson(obj)).toBe(
      `{
    "apiVersion": "v1",
    "kind": "ConfigMap",
    "metadata": {
        "annotations": {},
        "labels": {
            "a": "A",
            "app.kubernetes.io/name": "web",
            "b": "B",
            "foo": "bar"
        },
        "name": "x"
    },
    "spec": {
        "big": 1e+21,
        "emptyList": [],
        "emptyMap": {},
        "fal": false,
        "half": 0.5,
        "int": 3,
        "list": [
            1,
            "two",
            {
                "a": 1,
                "b": 2
            },
            [
                3,
                4
            ],
            []
        ],
        "neg": -7,
        "nested": {
            "containers": [
                {
                    "name": "web",
                    "ports": [
                        {
                            "containerPort": 80
                        }
                    ]
                }
            ]
        },
        "nul": null,
        "small": 1e-7,
        "tru": true,
        "zero": 0
    }
}
`,
    );
  });
  it('HTML characters are escaped as encoding/json does', () => {
    expect(toKubectlJson({ a: '<b>&</b>', 'x<y': 1 })).toBe('{\n    "a": "\\u003cb\\u003e\\u0026\\u003c/b\\u003e",\n    "x\\u003cy": 1\n}\n');
  });
  it('sortKeys:false keeps struct (insertion) order for typed objects', () => {
    expect(toKubectlJson({ kind: 'Pod', apiVersion: 'v1' }, { sortKeys: false })).toBe('{\n    "kind": "Pod",\n    "apiVersion": "v1"\n}\n');
  });
});

describe('List wrapper for several objects', () => {
  it('toListObject + yaml', () => {
    expect(toKubectlYaml(toListObject([{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a' } }]))).toBe(
      'apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: a\nkind: List\nmetadata:\n  resourceVersion: ""\n',
    );
  });
  it('empty list as json', () => {
    expect(toKubectlJson(toListObject([]))).toBe('{\n    "apiVersion": "v1",\n    "items": [],\n    "kind": "List",\n    "metadata": {\n        "resourceVersion": ""\n    }\n}\n');
  });
});
