import { describe, expect, it } from 'vitest';
import { ApiServer } from '../../../src/sim/apiserver/apiserver';
import { Rand } from '../../../src/sim/kernel/rand';
import { decodeInto } from '../../../src/sim/apiserver/decode';
import { renderOpenAPIFields } from '../../../src/sim/api/openapi-fields-render';
import { readFileSync } from 'node:fs';

const deployment = (spec: Record<string, unknown>, container: Record<string, unknown> = {}) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
  spec: {
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx', ...container }] } },
    ...spec
  }
});

describe('decodeInto: the serializer decoding a body into its Go type', () => {
  // Messages as v1.32's API server words them (kubernetes/kubernetes issues quote them, e.g.
  // kubernetes/website#52675, kubernetes-sigs/kubespray#11916, hcengineering/huly-selfhost#61).
  it.each([
    [{ replicas: 'x' }, {}, 'json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32'],
    [{ replicas: 1.5 }, {}, 'json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32'],
    [{ paused: 'yes' }, {}, 'json: cannot unmarshal string into Go struct field DeploymentSpec.spec.paused of type bool'],
    [{}, { env: [{ name: 'A', value: true }] }, 'json: cannot unmarshal bool into Go struct field EnvVar.spec.template.spec.containers.env.value of type string'],
    [{}, { ports: { containerPort: 80 } }, 'json: cannot unmarshal object into Go struct field Container.spec.template.spec.containers.ports of type []v1.ContainerPort'],
    [{ template: 'x' }, {}, 'json: cannot unmarshal string into Go struct field DeploymentSpec.spec.template of type v1.PodTemplateSpec']
  ])('spec %j container %j: %s', (spec, container, message) => {
    expect(decodeInto('apps/v1', 'Deployment', deployment(spec, container)).typeError).toBe(message);
  });

  it('reports the first type error in document order', () => {
    const d = deployment({ replicas: 'x', paused: 'yes' });
    expect(decodeInto('apps/v1', 'Deployment', d).typeError).toMatch(/template\.spec\.containers|spec\.replicas/);
    expect(decodeInto('apps/v1', 'Deployment', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'w' }, spec: { paused: 'yes', replicas: 'x' } }).typeError).toBe(
      'json: cannot unmarshal string into Go struct field DeploymentSpec.spec.paused of type bool'
    );
  });

  it('int64 fields say so', () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { terminationGracePeriodSeconds: '30', containers: [] } };
    expect(decodeInto('v1', 'Pod', pod).typeError).toBe('json: cannot unmarshal string into Go struct field PodSpec.spec.terminationGracePeriodSeconds of type int64');
  });

  it('lists unknown fields in document order with list indices, and drops them', () => {
    const d = deployment({ foo: 1 }, { bar: 2, volumeMounts: [{ name: 'v', mountPath: '/x' }, { name: 'w', mountPath: '/y', value: 'z' }] });
    const r = decodeInto('apps/v1', 'Deployment', d);
    expect(r.typeError).toBeUndefined();
    expect(r.unknown).toEqual(['spec.template.spec.containers[0].bar', 'spec.template.spec.containers[0].volumeMounts[1].value', 'spec.foo']);
    expect('foo' in d.spec).toBe(false);
    expect((d.spec.template.spec.containers[0] as Record<string, unknown>).bar).toBeUndefined();
  });

  it('accepts what the API accepts: IntOrString either way, quantities as numbers, maps, v1.32 fields newer than the bundled types', () => {
    const d = deployment({ strategy: { rollingUpdate: { maxSurge: '25%', maxUnavailable: 0 } } }, { resources: { limits: { cpu: 1, memory: '128Mi' } }, ports: [{ containerPort: 80, name: 'http' }] });
    expect(decodeInto('apps/v1', 'Deployment', d)).toEqual({ unknown: [] });
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels: { a: 'b' }, managedFields: [{ fieldsV1: { 'f:spec': {} } }] }, spec: { resources: { limits: { cpu: '1' } }, containers: [] } };
    expect(decodeInto('v1', 'Pod', pod)).toEqual({ unknown: [] });
  });

  it('the generated field table is up to date with the bundled schema', () => {
    expect(readFileSync(new URL('../../../src/sim/api/openapi-fields.ts', import.meta.url), 'utf8')).toBe(renderOpenAPIFields());
  });
});

describe('the API server decodes a kubectl request by its fieldValidation', () => {
  const server = () => {
    const s = new ApiServer({ rand: new Rand(1), now: () => 0, trace: () => {} });
    s.bootstrap();
    return s;
  };
  const create = (s: ApiServer, body: object, fieldValidation?: 'Strict' | 'Warn' | 'Ignore') =>
    s.handle({ verb: 'create', resource: 'deployments', namespace: 'default', body: body as never, user: 'kubectl', fieldValidation });

  it('Strict: 400 BadRequest, "cannot be handled as a Deployment: strict decoding error"', () => {
    const r = create(server(), deployment({ foo: 1 }), 'Strict');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.status.code).toBe(400);
    expect(r.status.reason).toBe('BadRequest');
    expect(r.status.message).toBe('Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.foo"');
  });

  it('a type error is a 400 whatever the validation', () => {
    const r = create(server(), deployment({ replicas: 'x' }), 'Ignore');
    expect(r.ok || r.status.message).toBe('Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32');
  });

  it('Warn: created without the field, with a warning; Ignore: created without it, silently', () => {
    const s = server();
    const warned = create(s, deployment({ foo: 1 }), 'Warn');
    expect(warned.ok && warned.warnings).toEqual(['unknown field "spec.foo"']);
    expect(warned.ok && warned.object.spec.foo).toBeUndefined();
    const ignored = create(s, { ...deployment({ foo: 1 }), metadata: { name: 'web2' } }, 'Ignore');
    expect(ignored.ok && ignored.warnings).toBeUndefined();
    expect(ignored.ok && ignored.object.spec.foo).toBeUndefined();
  });
});

describe('what the cluster itself stores decodes cleanly', () => {
  // A patch decodes the whole patched object (kubectl edit of a Node warned about v1.32's
  // status.runtimeHandlers[].features.userNamespaces): every field the components write must be known.
  it('every object of a running cluster: no unknown field, no type error', async () => {
    const { Cluster } = await import('../../../src/sim/cluster/cluster');
    const { Console } = await import('../../../src/sim/cluster/console');
    const { RESOURCES, apiVersionOf } = await import('../../../src/sim/api/resources');
    const cluster = new Cluster({ seed: 1, workers: 2 });
    await cluster.waitForNodesReady();
    const con = new Console(cluster);
    await con.exec('kubectl create deployment web --image=nginx --replicas=2');
    await con.exec('kubectl expose deployment web --port 80');
    await con.exec('sim advance 30s');
    const problems: string[] = [];
    let checked = 0;
    for (const r of Object.values(RESOURCES)) {
      const list = await cluster.request({ verb: 'list', resource: r.name });
      if (!list.ok) continue;
      for (const o of list.object.items) {
        checked++;
        const { unknown, typeError } = decodeInto(apiVersionOf(r), r.kind, JSON.parse(JSON.stringify(o)));
        problems.push(...unknown.map((u) => `${r.kind} ${o.metadata.name}: ${u}`), ...(typeError ? [`${r.kind} ${o.metadata.name}: ${typeError}`] : []));
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(problems).toEqual([]);
  }, 60_000);
});
