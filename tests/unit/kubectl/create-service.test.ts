/** kubectl create service: compared with what kubectl v1.32 prints for `--dry-run=client -o yaml`. */
import { describe, expect, test } from 'vitest';
import { bench } from './harness';

describe('kubectl create service', () => {
  test('clusterip: one named TCP port per --tcp, selector app=NAME', async () => {
    const b = bench();
    expect((await b.run('kubectl create service clusterip myservice --tcp=80:9376 --dry-run=client -o yaml')).stdout).toBe(
      [
        'apiVersion: v1',
        'kind: Service',
        'metadata:',
        '  creationTimestamp: null',
        '  labels:',
        '    app: myservice',
        '  name: myservice',
        'spec:',
        '  ports:',
        '  - name: 80-9376',
        '    port: 80',
        '    protocol: TCP',
        '    targetPort: 9376',
        '  selector:',
        '    app: myservice',
        '  type: ClusterIP',
        'status:',
        '  loadBalancer: {}',
        ''
      ].join('\n')
    );
    expect(await b.run('kubectl create service clusterip myservice --tcp=80:9376')).toEqual({ stdout: 'service/myservice created\n', stderr: '', exitCode: 0 });
    expect(b.get('services', 'myservice', 'default')!.spec.clusterIP).toMatch(/^10\.(9[6-9]|1[01]\d)\.\d+\.\d+$/);
  });

  test('nodeport puts --node-port on every port; a bare port targets itself', async () => {
    const b = bench();
    const svc = (await b.run('kubectl create service nodeport web --tcp=80:8080,443 --node-port=30080 --dry-run=client -o json')).stdout;
    expect(JSON.parse(svc).spec).toEqual({
      ports: [
        { name: '80-8080', nodePort: 30080, port: 80, protocol: 'TCP', targetPort: 8080 },
        { name: '443', nodePort: 30080, port: 443, protocol: 'TCP', targetPort: 443 }
      ],
      selector: { app: 'web' },
      type: 'NodePort'
    });
  });

  test('headless and ExternalName', async () => {
    const b = bench();
    await b.run('kubectl create service clusterip hs --clusterip=None');
    expect(b.get('services', 'hs', 'default')!.spec.clusterIP).toBe('None');
    await b.run('kubectl create service externalname ext --external-name=example.com');
    expect(b.get('services', 'ext', 'default')!.spec).toMatchObject({ type: 'ExternalName', externalName: 'example.com' });
  });

  test.each([
    ['kubectl create service clusterip x', 'error: at least one tcp port specifier must be provided\n'],
    ['kubectl create service clusterip x --tcp=abc', 'error: strconv.ParseUint: parsing "abc": invalid syntax\n'],
    ['kubectl create service clusterip x --tcp=99999', 'error: strconv.ParseUint: parsing "99999": value out of range\n'],
    ['kubectl create service loadbalancer x --clusterip=None --tcp=80', 'error: unknown flag: --clusterip\nSee \'kubectl create service loadbalancer --help\' for usage.\n'],
    ['kubectl create service externalname ext', 'error: required flag(s) "external-name" not set\n'],
    ['kubectl create service externalname ext --external-name=Not_A_Name', 'error: invalid service external name Not_A_Name\n']
  ])('%s', async (line, stderr) => {
    const b = bench();
    const r = await b.run(line);
    expect(r.stderr).toBe(stderr);
    expect(r.exitCode).toBe(1);
    expect(b.get('services', 'x', 'default')).toBeUndefined();
  });
});
