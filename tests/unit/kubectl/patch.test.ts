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
});
