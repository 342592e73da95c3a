import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { EDIT_HEADER, editedWording, kubectlType, mergePatch, planEdit, shellQuote } from './edit';
import { splitArgs } from '../../sim/kubectl/args';

const original = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default', labels: { app: 'web', tier: 'front' } },
  spec: { replicas: 2, template: { spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } } },
  status: { replicas: 2 }
};
const target = { type: 'deployment.apps', name: 'web', namespace: 'default', original };
const edited = (change: (o: any) => void) => {
  const o = structuredClone(original);
  change(o);
  return EDIT_HEADER + YAML.stringify(o);
};

describe('mergePatch', () => {
  it.each([
    ['a changed scalar', { a: 1, b: 2 }, { a: 1, b: 3 }, { b: 3 }],
    ['a removed key becomes null', { a: 1, b: 2 }, { a: 1 }, { b: null }],
    ['an added nested key', { m: { x: 1 } }, { m: { x: 1, y: 2 } }, { m: { y: 2 } }],
    ['a list is replaced whole', { l: [1, 2] }, { l: [1, 3] }, { l: [1, 3] }],
    ['equal objects', { a: { b: [1] } }, { a: { b: [1] } }, undefined]
  ])('%s', (_name, from, to, patch) => expect(mergePatch(from, to)).toEqual(patch));
});

describe('planEdit', () => {
  it('sends only what changed, as a merge patch on the object kubectl names', () => {
    const plan = planEdit(target, edited((o) => (o.spec.replicas = 3)));
    expect(plan).toEqual({ kind: 'patch', script: `kubectl patch deployment.apps web -n default --type merge -p '{"spec":{"replicas":3}}'` });
  });

  it('quotes the patch so the console passes it to kubectl unchanged, quotes included', () => {
    const plan = planEdit(target, edited((o) => (o.metadata.labels.note = "it's")));
    expect(plan.kind).toBe('patch');
    const words = splitArgs((plan as { script: string }).script);
    expect(JSON.parse(words.at(-1)!)).toEqual({ metadata: { labels: { note: "it's" } } });
    expect(splitArgs(`x ${shellQuote(`a'b"c`)}`)).toEqual(['x', `a'b"c`]);
  });

  it('adds --dry-run=server for a dry run', () => {
    expect(planEdit(target, edited((o) => delete o.metadata.labels.tier), true)).toMatchObject({ script: expect.stringContaining(`--type merge --dry-run=server -p '{"metadata":{"labels":{"tier":null}}}'`) });
  });

  it.each([
    ['an unchanged file', EDIT_HEADER + YAML.stringify(original), 'cancelled', 'Edit cancelled, no changes made.'],
    ['an empty file', EDIT_HEADER, 'cancelled', 'Edit cancelled, no changes made.'],
    ['a renamed object', edited((o) => (o.metadata.name = 'other')), 'error', 'error: At least one of apiVersion, kind and name was changed'],
    ['a changed kind', edited((o) => (o.kind = 'ReplicaSet')), 'error', 'error: At least one of apiVersion, kind and name was changed']
  ])('%s', (_name, text, kind, message) => expect(planEdit(target, text)).toEqual({ kind, message }));
});

describe('kubectl words', () => {
  it('names the type as kubectl does', () => {
    expect(kubectlType('Deployment', 'apps/v1')).toBe('deployment.apps');
    expect(kubectlType('Pod', 'v1')).toBe('pod');
  });
  it('says edited where patch said patched', () => {
    expect(editedWording('deployment.apps/web patched\n')).toBe('deployment.apps/web edited\n');
    expect(editedWording('pod/p patched (server dry run)')).toBe('pod/p edited (server dry run)');
  });
});
