/** kubectl patch: strategic (default), merge and JSON patches, as patch.go reports them. */
import { describe, expect, test } from 'vitest';
import { bench } from './harness';

const deploy = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
  spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } }
};

describe('kubectl patch', () => {
  test('strategic merge by default; a patch that changes nothing says so', async () => {
    const b = bench();
    b.create('deployments', deploy, 'default');
    expect(await b.run(`kubectl patch deployment web -p '{"spec":{"progressDeadlineSeconds":30}}'`)).toEqual({ stdout: 'deployment.apps/web patched\n', stderr: '', exitCode: 0 });
    expect(await b.run(`kubectl patch deployment web -p '{"spec":{"progressDeadlineSeconds":30}}'`)).toEqual({ stdout: 'deployment.apps/web patched (no change)\n', stderr: '', exitCode: 0 });
    // Containers merge by name (strategic), not replaced as a list.
    await b.run(`kubectl patch deploy web -p '{"spec":{"template":{"spec":{"containers":[{"name":"sidecar","image":"busybox"}]}}}}'`);
    expect(b.get('deployments', 'web', 'default')!.spec.template.spec.containers.map((c: any) => c.name)).toEqual(['sidecar', 'nginx']);
  });

  test('--type merge takes YAML too; --type json applies operations', async () => {
    const b = bench();
    b.create('deployments', deploy, 'default');
    await b.run(`kubectl patch deploy web --type merge -p 'spec: {minReadySeconds: 5}'`);
    await b.run(`kubectl patch deploy web --type=json -p '[{"op":"replace","path":"/spec/replicas","value":3}]'`);
    const d = b.get('deployments', 'web', 'default')!;
    expect([d.spec.minReadySeconds, d.spec.replicas]).toEqual([5, 3]);
  });

  test.each([
    ['kubectl patch deploy web', 'error: must specify --patch or --patch-file containing the contents of the patch\n'],
    ['kubectl patch deploy web --type=foo -p {}', 'error: --type must be one of [json merge strategic], not "foo"\n'],
    [`kubectl patch deploy web --type=json -p '{"a":1}'`, 'error: unable to parse "{\\"a\\":1}": json: cannot unmarshal object into Go value of type jsonpatch.Patch\n'],
    [`kubectl patch deploy web --type=json -p '[{"op":"frob","path":"/spec"}]'`, 'Error from server (BadRequest): Unexpected kind: frob\n'],
    [`kubectl patch deploy web -p '{"spec":{"replicas":-1}}'`, 'The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0\n'],
    ['kubectl patch deploy nope -p {}', 'Error from server (NotFound): deployments.apps "nope" not found\n']
  ])('%s', async (line, stderr) => {
    const b = bench();
    b.create('deployments', deploy, 'default');
    const before = b.get('deployments', 'web', 'default')!.metadata.resourceVersion;
    const r = await b.run(line);
    expect(r.stderr).toBe(stderr);
    expect(r.exitCode).toBe(1);
    expect(b.get('deployments', 'web', 'default')!.metadata.resourceVersion).toBe(before);
  });

  // upstream: apiserver/pkg/endpoints/handlers/patch.go applyPatchToObject (strategic: the patch
  // printed as a Go map, the unstructured converter's words) and jsonPatcher (the patched JSON).
  test.each([
    [`kubectl patch deploy web -p '{"spec":{"replicas":"x"}}'`, 'The request is invalid: patch: Invalid value: "map[spec:map[replicas:x]]": unrecognized type: int32\n'],
    [`kubectl patch deploy web -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":5}]}}}}'`, 'The request is invalid: patch: Invalid value: "map[spec:map[template:map[spec:map[containers:[map[image:5 name:nginx]]]]]]": cannot convert int64 to string\n'],
    [`kubectl patch deploy web -p '{"spec":{"selector":"app=web"}}'`, 'The request is invalid: patch: Invalid value: "map[spec:map[selector:app=web]]": cannot restore struct from: string\n']
  ])('a strategic patch of the wrong type is refused and changes nothing: %s', async (line, stderr) => {
    const b = bench();
    b.create('deployments', deploy, 'default');
    const before = b.get('deployments', 'web', 'default')!.metadata.resourceVersion;
    expect(await b.run(line)).toEqual({ stdout: '', stderr, exitCode: 1 });
    expect(b.get('deployments', 'web', 'default')!.metadata.resourceVersion).toBe(before);
  });

  test('a merge patch of the wrong type shows the patched object and the JSON decoder\'s words', async () => {
    const b = bench();
    b.create('deployments', deploy, 'default');
    const r = await b.run(`kubectl patch deploy web --type merge -p '{"spec":{"replicas":"x"}}'`);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^The request is invalid: patch: Invalid value: "\{\\"apiVersion\\":\\"apps\/v1\\",.*\\"replicas\\":\\"x\\".*": json: cannot unmarshal string into Go struct field DeploymentSpec\.spec\.replicas of type int32\n$/);
    expect(b.get('deployments', 'web', 'default')!.spec.replicas).toBe(2);
  });

  test('an unknown field warns (the server\'s default for kubectl patch) and is dropped: nothing changes', async () => {
    const b = bench();
    b.create('deployments', deploy, 'default');
    expect(await b.run(`kubectl patch deploy web -p '{"spec":{"foo":1,"template":{"spec":{"containers":[{"name":"nginx","bar":2}]}}}}'`)).toMatchObject({
      stdout: 'deployment.apps/web patched (no change)\n',
      stderr: 'Warning: unknown field "spec.foo"\nWarning: unknown field "spec.template.spec.containers[0].bar"\n',
      exitCode: 0
    });
    expect(b.get('deployments', 'web', 'default')!.spec.foo).toBeUndefined();
    await b.run(`kubectl patch deploy web --type=json -p '[{"op":"add","path":"/spec/bar","value":2}]'`);
    expect(b.get('deployments', 'web', 'default')!.spec.bar).toBeUndefined();
  });
});
