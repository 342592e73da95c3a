/**
 * kubectl apply (client-side) against a real in-process API server. Expected outputs were
 * checked against kubectl v1.32 talking to the same API server over HTTP.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { bench } from './harness';

const EXAMPLES = '/work/shared/examples/kubernetes-website';
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

const cm = (data: Record<string, string>, extra = '') =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c1\n${extra}data:\n${Object.entries(data)
    .map(([k, v]) => `  ${k}: ${JSON.stringify(v)}\n`)
    .join('')}`;

describe('kubectl apply', () => {
  test('created, then unchanged, then configured', async () => {
    const b = bench();
    expect(await b.run('kubectl apply -f -', cm({ a: 'b' }))).toEqual({ stdout: 'configmap/c1 created\n', stderr: '', exitCode: 0 });
    expect(await b.run('kubectl apply -f -', cm({ a: 'b' }))).toEqual({ stdout: 'configmap/c1 unchanged\n', stderr: '', exitCode: 0 });
    expect(await b.run('kubectl apply -f -', cm({ a: 'c' }))).toEqual({ stdout: 'configmap/c1 configured\n', stderr: '', exitCode: 0 });
    expect(b.get('configmaps', 'c1', 'default')!.data).toEqual({ a: 'c' });
  });

  test('the last-applied-configuration annotation is the manifest as kubectl encodes it', async () => {
    const b = bench();
    await b.run('kubectl apply -f -', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c1\ndata:\n  z: "1 < 2 & 3"\n  a: b\n');
    expect(b.get('configmaps', 'c1', 'default')!.metadata.annotations[LAST_APPLIED]).toBe(
      '{"apiVersion":"v1","data":{"a":"b","z":"1 \\u003c 2 \\u0026 3"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"c1","namespace":"default"}}\n'
    );
  });

  test('deployment output uses the qualified kind', async () => {
    const b = bench();
    const r = await b.run(`kubectl apply -f ${EXAMPLES}/nginx-deployment.yaml`);
    expect(r.stdout).toBe('deployment.apps/nginx-deployment created\n');
    expect((await b.run(`kubectl apply -f ${EXAMPLES}/nginx-deployment.yaml`)).stdout).toBe('deployment.apps/nginx-deployment unchanged\n');
  });

  test('every kubernetes-website example applies', async () => {
    const b = bench();
    expect((await b.run('kubectl create namespace mem-example')).stdout).toBe('namespace/mem-example created\n');
    expect((await b.run('kubectl create namespace cpu-example')).stdout).toBe('namespace/cpu-example created\n');
    const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.yaml')).sort();
    const out: string[] = [];
    for (const f of files) {
      const r = await b.run(`kubectl apply -f ${EXAMPLES}/${f}`);
      expect(r.stderr).toBe('');
      expect(r.exitCode).toBe(0);
      out.push(r.stdout);
    }
    expect(out.join('')).toBe(
      [
        'pod/cpu-demo created',
        'pod/kubernetes-downwardapi-volume-example created',
        'pod/liveness-exec created',
        'replicaset.apps/frontend created',
        'pod/liveness-http created',
        'pod/init-demo created',
        'pod/memory-demo-2 created',
        'pod/memory-demo-3 created',
        'deployment.apps/nginx-deployment created',
        'pod/task-pv-pod created',
        'pod/goproxy created'
      ].join('\n') + '\n'
    );
    expect(b.get('pods', 'cpu-demo', 'cpu-example')!.spec.containers[0].resources).toEqual({ limits: { cpu: '1' }, requests: { cpu: '500m' } });
    // Applied again: unchanged, except where the server normalised or defaulted inside a value
    // kubectl compares whole: cpu "0.5" is stored as "500m"; the downward API items (an atomic
    // list) gained fieldRef.apiVersion. kubectl v1.32 sends a patch (and says configured) for both.
    const again: string[] = [];
    for (const f of files) again.push((await b.run(`kubectl apply -f ${EXAMPLES}/${f}`)).stdout);
    expect(again.slice(0, 3)).toEqual(['pod/cpu-demo configured\n', 'pod/kubernetes-downwardapi-volume-example configured\n', 'pod/liveness-exec unchanged\n']);
    expect(again.slice(2).every((l) => l.endsWith(' unchanged\n'))).toBe(true);
  });

  test('fields removed from the manifest are removed; fields the user never set stay', async () => {
    const b = bench();
    const v1 = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: d
  labels: {a: b, c: d}
spec:
  replicas: 2
  selector: {matchLabels: {app: d}}
  template:
    metadata: {labels: {app: d}}
    spec:
      containers:
      - name: c1
        image: nginx
        env: [{name: A, value: "1"}, {name: B, value: "2"}]
        ports: [{containerPort: 80}]
      - name: c2
        image: busybox
`;
    const v2 = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: d
  labels: {a: b2}
spec:
  replicas: 3
  selector: {matchLabels: {app: d}}
  strategy: {type: Recreate}
  template:
    metadata: {labels: {app: d}}
    spec:
      containers:
      - name: c1
        image: nginx:2
        env: [{name: B, value: "3"}]
`;
    await b.run('kubectl apply -f -', v1);
    // Something else (a controller, kubectl scale) changes a field the manifest does not mention.
    b.api.handle({ verb: 'patch', resource: 'deployments', namespace: 'default', name: 'd', patchType: 'merge', body: { spec: { revisionHistoryLimit: 3 } }, user: 'test' });
    expect((await b.run('kubectl apply -f -', v2)).stdout).toBe('deployment.apps/d configured\n');
    const d = b.get('deployments', 'd', 'default')!;
    expect(d.metadata.labels).toEqual({ a: 'b2' });
    expect(d.spec.replicas).toBe(3);
    expect(d.spec.revisionHistoryLimit).toBe(3);
    // retainKeys: switching to Recreate clears the defaulted rollingUpdate.
    expect(d.spec.strategy).toEqual({ type: 'Recreate' });
    expect(d.spec.template.spec.containers.map((c: any) => c.name)).toEqual(['c1']);
    const c1 = d.spec.template.spec.containers[0];
    expect(c1.image).toBe('nginx:2');
    expect(c1.env).toEqual([{ name: 'B', value: '3' }]);
    expect(c1.ports).toBeUndefined();
    // Server defaults survive (set for `nginx`, so Always, and kept when the image changes).
    expect(c1.imagePullPolicy).toBe('Always');
    expect(c1.terminationMessagePath).toBe('/dev/termination-log');
  });

  test('an object created without apply gets a warning and the annotation', async () => {
    const b = bench();
    expect((await b.run('kubectl create -f -', cm({ a: 'b' }))).stdout).toBe('configmap/c1 created\n');
    const r = await b.run('kubectl apply -f -', cm({ a: 'b' }));
    expect(r).toEqual({
      stdout: 'configmap/c1 configured\n',
      stderr:
        'Warning: resource configmaps/c1 is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n',
      exitCode: 0
    });
    expect(b.get('configmaps', 'c1', 'default')!.metadata.annotations[LAST_APPLIED]).toBeDefined();
  });

  test('--dry-run=client and --dry-run=server change nothing', async () => {
    const b = bench();
    expect((await b.run('kubectl apply -f - --dry-run=client', cm({ a: 'b' }))).stdout).toBe('configmap/c1 created (dry run)\n');
    expect((await b.run('kubectl apply -f - --dry-run=server', cm({ a: 'b' }))).stdout).toBe('configmap/c1 created (server dry run)\n');
    expect(b.get('configmaps', 'c1', 'default')).toBeUndefined();
    await b.run('kubectl apply -f -', cm({ a: 'b' }));
    expect((await b.run('kubectl apply -f - --dry-run=server', cm({ a: 'c' }))).stdout).toBe('configmap/c1 configured (server dry run)\n');
    expect((await b.run('kubectl apply -f - --dry-run=client', cm({ a: 'b' }))).stdout).toBe('configmap/c1 unchanged (dry run)\n');
    expect(b.get('configmaps', 'c1', 'default')!.data).toEqual({ a: 'b' });
    expect((await b.run('kubectl apply -f - --dry-run=bogus', cm({ a: 'b' }))).stderr).toBe('error: Invalid dry-run value (bogus). Must be "none", "server", or "client".\n');
  });

  test('-o name, -o yaml, -o json', async () => {
    const b = bench();
    expect((await b.run('kubectl apply -f - -o name', cm({ a: 'b' }))).stdout).toBe('configmap/c1\n');
    const y = await b.run('kubectl apply -f - -o yaml', cm({ a: 'c' }));
    expect(y.stdout).toMatch(/^apiVersion: v1\ndata:\n  a: c\nkind: ConfigMap\nmetadata:\n/);
    const two = `${cm({ a: 'd' })}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c2\n`;
    const j = JSON.parse((await b.run('kubectl apply -f - -o json', two)).stdout);
    expect(j.kind).toBe('List');
    expect(j.items.map((i: any) => i.metadata.name)).toEqual(['c1', 'c2']);
    expect((await b.run('kubectl apply -f - -o wide', cm({ a: 'b' }))).stderr).toBe(
      'error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n'
    );
  });

  test('JSON streams and YAML flow style', async () => {
    const b = bench();
    const json = '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "j1"}}\n{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "j2"}}';
    expect((await b.run('kubectl apply -f -', json)).stdout).toBe('configmap/j1 created\nconfigmap/j2 created\n');
    const flow = '---\n{\n  apiVersion: v1,\n  kind: ConfigMap,\n  metadata: { name: f1, },\n  data: { a: "1", },\n}\n';
    expect((await b.run('kubectl apply -f -', flow)).stdout).toBe('configmap/f1 created\n');
    const list = 'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: l1\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: l2\n';
    expect((await b.run('kubectl apply -f -', list)).stdout).toBe('configmap/l1 created\nconfigmap/l2 created\n');
  });

  test('-f repeated and comma-separated', async () => {
    const b = bench();
    b.files.set('a.yaml', cm({ a: 'b' }));
    b.files.set('b.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c2\n');
    expect((await b.run('kubectl apply -f a.yaml -f b.yaml')).stdout).toBe('configmap/c1 created\nconfigmap/c2 created\n');
    expect((await b.run('kubectl apply -f a.yaml,b.yaml')).stdout).toBe('configmap/c1 unchanged\nconfigmap/c2 unchanged\n');
  });
});

describe('kubectl apply errors', () => {
  const syntax: [string, string, string][] = [
    ['mapping in a plain value', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: a: b\n', 'error: error parsing STDIN: error converting YAML to JSON: yaml: line 4: mapping values are not allowed in this context\n(document 1, line 4, column 9 of STDIN: nothing from STDIN was applied)\n'],
    ['bad indentation', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n   b: c\n', 'error: error parsing STDIN: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context\n(document 1, line 5, column 4 of STDIN: nothing from STDIN was applied)\n'],
    ['a tab', 'apiVersion: v1\nkind: Pod\nmetadata:\n\tname: a\n', 'error: error parsing STDIN: error converting YAML to JSON: yaml: line 4: found character that cannot start any token\n(document 1, line 4, column 1 of STDIN: nothing from STDIN was applied)\n'],
    ['an unclosed flow sequence', 'a: [1, 2\nb: 3\n', "error: error parsing STDIN: error converting YAML to JSON: yaml: line 1: did not find expected ',' or ']'\n(document 1, line 1, column 1 of STDIN: nothing from STDIN was applied)\n"],
    ['an unclosed flow mapping', 'a: {b: c\n', "error: error parsing STDIN: error converting YAML to JSON: yaml: line 1: did not find expected ',' or '}'\n(document 1, line 1, column 1 of STDIN: nothing from STDIN was applied)\n"],
    ['a reserved character on line 1', 'key: @x\n', 'error: error parsing STDIN: error converting YAML to JSON: yaml: found character that cannot start any token\n(document 1, line 1, column 6 of STDIN: nothing from STDIN was applied)\n'],
    ['a sequence item out of place', 'a:\n  - b\n  c: d\n', "error: error parsing STDIN: error converting YAML to JSON: yaml: line 2: did not find expected '-' indicator\n(document 1, line 2, column 3 of STDIN: nothing from STDIN was applied)\n"],
    ['an unknown anchor', 'a: *x\n', "error: error parsing STDIN: error converting YAML to JSON: yaml: unknown anchor 'x' referenced\n"],
    ['a bad document separator', '--- foo\na: b\n', 'error: error parsing STDIN: invalid Yaml document separator: foo\n'],
    ['JSON with a trailing comma', '{"apiVersion": "v1", "kind": "ConfigMap",}', "error: error parsing STDIN: json: offset 42: invalid character '}' looking for beginning of object key string\n"],
    ['JSON cut short', '{"apiVersion": "v1", "kind": "ConfigMap"', 'error: error parsing STDIN: unexpected EOF\n'],
    ['flow style starting with {', '{ apiVersion: v1, kind: Pod, metadata: { name: a }\n', "error: error parsing STDIN: json: offset 3: invalid character 'a' looking for beginning of object key string\n"]
  ];
  test.each(syntax)('syntax error: %s', async (_name, manifest, want) => {
    expect(await bench().run('kubectl apply -f -', manifest)).toEqual({ stdout: '', stderr: want, exitCode: 1 });
  });

  test('a syntax error in any document applies nothing from the file', async () => {
    const b = bench();
    b.files.set('two.yaml', 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: a: b\n');
    const r = await b.run('kubectl apply -f two.yaml');
    expect(r).toEqual({ stdout: '', stderr: 'error: error parsing two.yaml: error converting YAML to JSON: yaml: line 4: mapping values are not allowed in this context\n(document 2, line 9, column 9 of two.yaml: nothing from two.yaml was applied)\n', exitCode: 1 });
    expect(b.get('namespaces', 'a')).toBeUndefined();
  });

  test('a kind the server does not serve; the other documents still apply', async () => {
    const b = bench();
    const r = await b.run('kubectl apply -f -', 'apiVersion: bar/v1\nkind: Foo\nmetadata:\n  name: x\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c2\n');
    expect(r).toEqual({
      stdout: 'configmap/c2 created\n',
      stderr: 'error: resource mapping not found for name: "x" namespace: "" from "STDIN": no matches for kind "Foo" in version "bar/v1"\nensure CRDs are installed first\n',
      exitCode: 1
    });
  });

  test('two errors print without the error: prefix', async () => {
    const r = await bench().run('kubectl apply -f -', 'apiVersion: bar/v1\nkind: Foo\nmetadata:\n  name: x\n---\napiVersion: bar/v1\nkind: Foo\nmetadata:\n  name: yy\n');
    expect(r.stderr).toBe(
      'resource mapping not found for name: "x" namespace: "" from "STDIN": no matches for kind "Foo" in version "bar/v1"\nensure CRDs are installed first\n' +
        'resource mapping not found for name: "yy" namespace: "" from "STDIN": no matches for kind "Foo" in version "bar/v1"\nensure CRDs are installed first\n'
    );
  });

  test('namespaces: the manifest namespace, -n, and a mismatch', async () => {
    const b = bench();
    const inNs = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c3\n  namespace: zz\n';
    expect((await b.run('kubectl apply -n yy -f -', inNs)).stderr).toBe(
      'error: the namespace from the provided object "zz" does not match the namespace "yy". You must pass \'--namespace=zz\' to perform this operation.\n'
    );
    expect((await b.run('kubectl apply -f -', inNs)).stderr).toBe('Error from server (NotFound): error when creating "STDIN": namespaces "zz" not found\n');
    expect((await b.run('kubectl apply -n kube-system -f -', cm({ a: 'b' }))).stdout).toBe('configmap/c1 created\n');
    expect(b.get('configmaps', 'c1', 'kube-system')).toBeDefined();
  });

  test('missing apiVersion and kind', async () => {
    expect((await bench().run('kubectl apply -f -', 'a: b\n')).stderr).toBe(
      'error: error validating "STDIN": error validating data: [apiVersion not set, kind not set]; if you choose to ignore these errors, turn validation off with --validate=false\n'
    );
    expect((await bench().run('kubectl apply --validate=false -f -', 'a: b\n')).stderr).toBe('error: unable to decode "STDIN": Object \'Kind\' is missing in \'{"a":"b"}\'\n');
  });

  test('a label value YAML reads as a number or a bool', async () => {
    const r = await bench().run('kubectl apply -f -', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c1\n  labels:\n    x: y\n    v: 1\n');
    expect(r.stderr).toBe('error: unable to decode "STDIN": json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string\n');
  });

  test('an invalid object', async () => {
    const r = await bench().run('kubectl apply -f -', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: bad\nspec:\n  containers: []\n');
    expect(r).toEqual({ stdout: '', stderr: 'The Pod "bad" is invalid: spec.containers: Required value\n', exitCode: 1 });
  });

  test('no file, a missing file, nothing in it', async () => {
    const b = bench();
    expect((await b.run('kubectl apply')).stderr).toBe('error: must specify one of -f and -k\n');
    expect((await b.run('kubectl apply -f nonexist.yaml')).stderr).toBe('error: the path "nonexist.yaml" does not exist\n');
    expect((await b.run('kubectl apply -f -', '')).stderr).toBe('error: no objects passed to apply\n');
    expect((await b.run('kubectl apply -f -', '# only a comment\n---\n')).stderr).toBe('error: no objects passed to apply\n');
  });

  test('an unknown field in an update: refused under --validate=strict (the whole patch as Go prints it), dropped with a warning under warn', async () => {
    const b = bench();
    await b.run('kubectl apply -f -', cm({ a: 'b' }));
    const before = b.get('configmaps', 'c1', 'default')!.metadata.resourceVersion;
    const r = await b.run('kubectl apply -f -', cm({ a: 'c' }, '  foo: 1\n'));
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe(
      'The request is invalid: patch: Invalid value: "map[data:map[a:c] metadata:map[annotations:map[kubectl.kubernetes.io/last-applied-configuration:{\\"apiVersion\\":\\"v1\\",\\"data\\":{\\"a\\":\\"c\\"},\\"kind\\":\\"ConfigMap\\",\\"metadata\\":{\\"annotations\\":{},\\"foo\\":1,\\"name\\":\\"c1\\",\\"namespace\\":\\"default\\"}}\\n] foo:1]]": strict decoding error: unknown field "metadata.foo"\n'
    );
    expect(b.get('configmaps', 'c1', 'default')!.metadata.resourceVersion).toBe(before);
    const w = await b.run('kubectl apply --validate=warn -f -', cm({ a: 'c' }, '  foo: 1\n'));
    expect(w).toMatchObject({ stdout: 'configmap/c1 configured\n', stderr: 'Warning: unknown field "metadata.foo"\n', exitCode: 0 });
    expect(b.get('configmaps', 'c1', 'default')!.data).toEqual({ a: 'c' });
    expect(b.get('configmaps', 'c1', 'default')!.metadata.foo).toBeUndefined();
  });
});
