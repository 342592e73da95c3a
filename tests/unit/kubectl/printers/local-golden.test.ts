// Byte-exact comparison against real kubectl v1.32.4, captured offline with
// `kubectl label --local -f obj.json foo=bar -o json|yaml|jsonpath=...` and
// `kubectl create ... --dry-run=client -o yaml|json|name` (golden/kubectl-1.32-local.json).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printJSONPath } from '../../../../src/sim/kubectl/printers/jsonpath';
import { toKubectlJson, toKubectlYaml } from '../../../../src/sim/kubectl/printers/yaml-json';
import { formatResourceName } from '../../../../src/sim/kubectl/printers/name';

interface LocalGolden {
  kubectl: string;
  jsonpath: { object: unknown; cases: { template: string; stdout: string; stderr: string }[] };
  yaml: { input: unknown; yaml: string; json: string }[];
  create: Record<'yaml' | 'json' | 'name' | 'plain' | 'svcYaml' | 'cmJson', string>;
}

const golden: LocalGolden = JSON.parse(readFileSync(new URL('./golden/kubectl-1.32-local.json', import.meta.url), 'utf8'));

describe(`kubectl ${golden.kubectl} -o jsonpath battery`, () => {
  it.each(golden.jsonpath.cases.map((c) => [c.template, c] as const))('jsonpath=%s', (_t, c) => {
    const r = printJSONPath(c.template, golden.jsonpath.object);
    expect(r.output).toBe(c.stdout);
    // kubectl prints "error: " + message on stderr (the message carries its own newlines)
    expect(r.error === undefined ? '' : `error: ${r.error}`).toBe(c.stderr);
  });
});

describe(`kubectl ${golden.kubectl} -o yaml / -o json edge cases`, () => {
  it.each(golden.yaml.map((c, i) => [i, c] as const))('object #%i -o yaml', (_i, c) => {
    expect(toKubectlYaml(c.input)).toBe(c.yaml);
  });
  it.each(golden.yaml.map((c, i) => [i, c] as const))('object #%i -o json', (_i, c) => {
    expect(toKubectlJson(c.input)).toBe(c.json);
  });
});

// Typed objects (kubectl create --dry-run=client) keep Go struct field order in JSON and get
// sorted keys in YAML; the caller builds the object in struct order and passes sortKeys:false.
function createdDeployment() {
  return {
    kind: 'Deployment',
    apiVersion: 'apps/v1',
    metadata: { name: 'web', creationTimestamp: null, labels: { app: 'web' } },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { creationTimestamp: null, labels: { app: 'web' } },
        spec: { containers: [{ name: 'nginx', image: 'nginx', resources: {} }] },
      },
      strategy: {},
    },
    status: {},
  };
}

describe('kubectl create --dry-run=client', () => {
  it('deployment -o yaml', () => {
    expect(toKubectlYaml(createdDeployment())).toBe(golden.create.yaml);
  });
  it('deployment -o json (struct order)', () => {
    expect(toKubectlJson(createdDeployment(), { sortKeys: false })).toBe(golden.create.json);
  });
  it('deployment -o name', () => {
    expect(formatResourceName(createdDeployment()) + '\n').toBe(golden.create.name);
  });
  it('deployment (no -o)', () => {
    expect(formatResourceName(createdDeployment(), 'created (dry run)') + '\n').toBe(golden.create.plain);
  });
  it('service nodeport -o yaml', () => {
    const svc = {
      kind: 'Service',
      apiVersion: 'v1',
      metadata: { name: 'web', creationTimestamp: null, labels: { app: 'web' } },
      spec: { ports: [{ name: '80-8080', protocol: 'TCP', port: 80, targetPort: 8080 }], selector: { app: 'web' }, type: 'NodePort' },
      status: { loadBalancer: {} },
    };
    expect(toKubectlYaml(svc)).toBe(golden.create.svcYaml);
  });
  it('configmap -o json (struct order)', () => {
    const cm = { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'cfg', creationTimestamp: null }, data: { a: '1', b: 'x y' } };
    expect(toKubectlJson(cm, { sortKeys: false })).toBe(golden.create.cmJson);
  });
});
