/** kubectl expose: selector, ports and protocols from the object, as polymorphichelpers derive them. */
import { describe, expect, test } from 'vitest';
import { bench } from './harness';

const deploy = (ports: string) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', labels: { app: 'web', tier: 'fe' } },
  spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx', ...(ports ? { ports: JSON.parse(ports) } : {}) }] } } }
});

describe('kubectl expose', () => {
  test('a Deployment: its matchLabels as selector, its labels on the Service, the container port as port and targetPort', async () => {
    const b = bench();
    b.create('deployments', deploy('[{"containerPort":80}]'), 'default');
    expect(await b.run('kubectl expose deployment web')).toEqual({ stdout: 'service/web exposed\n', stderr: '', exitCode: 0 });
    const svc = b.get('services', 'web', 'default')!;
    expect(svc.metadata.labels).toEqual({ app: 'web', tier: 'fe' });
    expect(svc.spec.selector).toEqual({ app: 'web' });
    expect(svc.spec.ports).toEqual([{ port: 80, protocol: 'TCP', targetPort: 80 }]);
    expect(svc.spec.type).toBe('ClusterIP');
  });

  test('several ports are named port-N; a port with TCP and UDP becomes two', async () => {
    const b = bench();
    b.create('deployments', deploy('[{"containerPort":80},{"containerPort":53,"protocol":"UDP"},{"containerPort":53,"protocol":"TCP"}]'), 'default');
    const out = await b.run('kubectl expose deployment web --dry-run=client -o json');
    expect(JSON.parse(out.stdout).spec.ports).toEqual([
      { name: 'port-1', port: 80, protocol: 'TCP', targetPort: 80 },
      { name: 'port-2-udp', port: 53, protocol: 'UDP', targetPort: 53 },
      { name: 'port-2-tcp', port: 53, protocol: 'TCP', targetPort: 53 }
    ]);
  });

  test('--port, --target-port, --name and --type override', async () => {
    const b = bench();
    b.create('deployments', deploy(''), 'default');
    await b.run('kubectl expose deploy/web --name=web2 --port=8080 --target-port=http --type=NodePort');
    const svc = b.get('services', 'web2', 'default')!;
    expect(svc.spec).toMatchObject({ type: 'NodePort', ports: [{ port: 8080, protocol: 'TCP', targetPort: 'http' }] });
  });

  test.each([
    ['kubectl expose deployment web', "error: couldn't find port via --port flag or introspection\nSee 'kubectl expose -h' for help and examples\n"],
    ['kubectl expose deployment web --port=80 --type=Foo', 'error: invalid service type: Foo\n'],
    ['kubectl expose node n1 --port=80', 'error: cannot expose a Node\n'],
    ['kubectl expose deployment nope --port=80', 'Error from server (NotFound): deployments.apps "nope" not found\n']
  ])('%s', async (line, stderr) => {
    const b = bench();
    b.create('deployments', deploy(''), 'default');
    b.create('nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } });
    const r = await b.run(line);
    expect(r.stderr).toBe(stderr);
    expect(r.exitCode).toBe(1);
    expect(b.get('services', 'web', 'default')).toBeUndefined();
  });
});
