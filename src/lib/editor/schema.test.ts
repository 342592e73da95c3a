import { describe, expect, it } from 'vitest';
import { EXPLAIN_KINDS, EXPLAIN_TYPES } from '../../sim/api/openapi-schema';
import { FIELD_ENUMS, manifestSchema, QUANTITY_PATTERN, type JSONSchema } from './schema';

const schema = manifestSchema();

function deref(s: JSONSchema): JSONSchema {
  if (!s.$ref) return s;
  const target = schema.definitions![s.$ref.replace('#/definitions/', '')];
  if (!target) throw new Error(`dangling ref ${s.$ref}`);
  return { ...target, ...s, $ref: undefined };
}

/** The schema a document of this apiVersion/kind gets, as the if/then branches select it. */
function kindSchema(apiVersion: string, kind: string): JSONSchema {
  const branch = schema.allOf!.find((b) => b.if!.properties!.apiVersion.const === apiVersion && b.if!.properties!.kind.const === kind);
  if (!branch) throw new Error(`no branch for ${apiVersion} ${kind}`);
  return deref(branch.then!);
}

/** Walks `spec.template.spec.containers[].image` style paths through properties and items. */
function at(root: JSONSchema, path: string): JSONSchema {
  let s = root;
  for (const part of path.split('.')) {
    const list = part.endsWith('[]');
    const name = list ? part.slice(0, -2) : part;
    s = deref(s.properties?.[name] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : {}));
    if (list) s = deref(s.items!);
  }
  return s;
}

describe('manifestSchema', () => {
  it('has a branch for every kind explain knows, and every $ref resolves', () => {
    for (const gvk of Object.keys(EXPLAIN_KINDS)) {
      const i = gvk.lastIndexOf('/');
      expect(kindSchema(gvk.slice(0, i), gvk.slice(i + 1)).type).toBe('object');
    }
    const refs = JSON.stringify(schema).match(/"\$ref":"[^"]+"/g)!;
    for (const r of new Set(refs)) deref({ $ref: r.slice(8, -1) });
  });

  it('discriminates by apiVersion and kind: a Deployment gets DeploymentSpec, a Pod PodSpec', () => {
    const deployment = kindSchema('apps/v1', 'Deployment');
    expect(at(deployment, 'spec.replicas').type).toBe('integer');
    expect(at(deployment, 'spec.replicas').description).toMatch(/^Number of desired pods/);
    expect(deployment.properties!.spec.description).toMatch(/desired behavior of the Deployment/);
    expect(at(deployment, 'spec').required).toEqual(['selector', 'template']);
    const pod = kindSchema('v1', 'Pod');
    expect(at(pod, 'spec').required).toEqual(['containers']);
    expect(Object.keys(at(pod, 'spec').properties!)).toContain('containers');
    expect(at(pod, 'spec.containers[]').required).toEqual(['name']);
    expect(at(pod, 'spec.containers[].image').type).toBe('string');
    // The branch's condition needs both fields with those exact values.
    const branch = schema.allOf!.find((b) => b.if!.properties!.kind.const === 'Deployment')!;
    expect(branch.if).toEqual({ properties: { apiVersion: { const: 'apps/v1' }, kind: { const: 'Deployment' } }, required: ['apiVersion', 'kind'] });
  });

  it('closes objects (unknown fields are flagged, as kubectl validates strictly) but not maps', () => {
    const pod = kindSchema('v1', 'Pod');
    expect(at(pod, 'spec').additionalProperties).toBe(false);
    expect(at(pod, 'metadata.labels')).toMatchObject({ type: 'object', additionalProperties: { type: 'string' } });
  });

  it('types IntOrString as integer|string and Quantity as string|number with the API pattern', () => {
    const pod = kindSchema('v1', 'Pod');
    expect(at(pod, 'spec.containers[].livenessProbe.httpGet.port').type).toEqual(['integer', 'string']);
    const quantity = at(pod, 'spec.containers[].resources.requests.cpu');
    expect(quantity.type).toEqual(['string', 'number']);
    const re = new RegExp(QUANTITY_PATTERN);
    for (const ok of ['100m', '64Mi', '1.5', '2', '1e3', '0.5Gi']) expect(re.test(ok), ok).toBe(true);
    for (const bad of ['64MB', '1 Gi', 'lots', '']) expect(re.test(bad), bad).toBe(false);
  });

  it('adds the enums the API documents, each on a field that exists', () => {
    for (const key of Object.keys(FIELD_ENUMS)) {
      const i = key.lastIndexOf('.');
      const fields = EXPLAIN_TYPES[key.slice(0, i)]?.f?.map((f) => f[0]);
      expect(fields, key).toContain(key.slice(i + 1));
    }
    const pod = kindSchema('v1', 'Pod');
    expect(at(pod, 'spec.restartPolicy').enum).toEqual(['Always', 'OnFailure', 'Never']);
    expect(at(pod, 'spec.containers[].imagePullPolicy').enum).toEqual(['Always', 'IfNotPresent', 'Never']);
    expect(at(kindSchema('v1', 'Service'), 'spec.type').enum).toContain('NodePort');
    expect(at(kindSchema('apps/v1', 'Deployment'), 'spec.strategy.type').enum).toEqual(['Recreate', 'RollingUpdate']);
  });

  it('knows KubeletConfiguration and KubeSchedulerConfiguration, with descriptions', () => {
    const kubelet = kindSchema('kubelet.config.k8s.io/v1beta1', 'KubeletConfiguration');
    expect(kubelet.properties!.maxPods).toMatchObject({ type: 'integer' });
    expect(kubelet.properties!.maxPods.description).toMatch(/maximum number of Pods/);
    expect(kubelet.properties!.evictionHard.type).toBe('object');
    expect(kubelet.properties!.cgroupDriver.enum).toEqual(['systemd', 'cgroupfs']);
    const scheduler = kindSchema('kubescheduler.config.k8s.io/v1', 'KubeSchedulerConfiguration');
    expect(scheduler.properties!.profiles.type).toBe('array');
    expect(scheduler.properties!.percentageOfNodesToScore.description).toMatch(/feasible nodes/);
  });

  it('offers the served apiVersions and kinds at the top of each document', () => {
    expect(schema.required).toEqual(['apiVersion', 'kind']);
    expect(schema.properties!.kind.enum).toEqual(expect.arrayContaining(['Pod', 'Deployment', 'Service', 'KubeletConfiguration']));
    expect(schema.properties!.apiVersion.enum).toEqual(expect.arrayContaining(['v1', 'apps/v1', 'kubelet.config.k8s.io/v1beta1']));
  });
});
