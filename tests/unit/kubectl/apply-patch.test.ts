import { describe, expect, test } from 'vitest';
import { threeWayMergePatch } from '../../../src/sim/kubectl/apply-patch';
import { strategicMergePatch } from '../../../src/sim/apiserver/patch';

type J = Record<string, any>;

describe('threeWayMergePatch', () => {
  const cases: { name: string; original?: J; modified: J; current: J; patch: J }[] = [
    { name: 'no change', original: { a: 1 }, modified: { a: 1 }, current: { a: 1, b: 2 }, patch: {} },
    { name: 'a changed scalar', original: { a: 1 }, modified: { a: 2 }, current: { a: 1 }, patch: { a: 2 } },
    { name: 'a field removed from the manifest is deleted', original: { a: 1, b: 2 }, modified: { a: 1 }, current: { a: 1, b: 2 }, patch: { b: null } },
    { name: 'a field the manifest never had is kept', original: { a: 1 }, modified: { a: 1 }, current: { a: 1, defaulted: 'x' }, patch: {} },
    { name: 'a live change to a managed field is reverted', original: { a: 1 }, modified: { a: 1 }, current: { a: 5 }, patch: { a: 1 } },
    { name: 'nested maps', original: { m: { x: 1, y: 2 } }, modified: { m: { x: 1, z: 3 } }, current: { m: { x: 1, y: 2, w: 0 } }, patch: { m: { y: null, z: 3 } } },
    { name: 'a type change replaces', original: { a: 'x' }, modified: { a: { b: 1 } }, current: { a: 'x' }, patch: { a: { b: 1 } } },
    { name: 'atomic lists are replaced whole', original: { args: ['a', 'b'] }, modified: { args: ['a'] }, current: { args: ['a', 'b'] }, patch: { args: ['a'] } },
    {
      name: 'keyed lists merge by key and delete with $patch',
      original: { containers: [{ name: 'a', image: 'x' }, { name: 'b', image: 'y' }] },
      modified: { containers: [{ name: 'a', image: 'x2' }, { name: 'c', image: 'z' }] },
      current: { containers: [{ name: 'a', image: 'x', imagePullPolicy: 'Always' }, { name: 'b', image: 'y' }] },
      patch: { containers: [{ image: 'x2', name: 'a' }, { name: 'c', image: 'z' }, { $patch: 'delete', name: 'b' }] }
    },
    {
      name: 'fields removed inside a keyed element',
      original: { containers: [{ name: 'a', ports: [{ containerPort: 80 }], env: [{ name: 'A', value: '1' }] }] },
      modified: { containers: [{ name: 'a' }] },
      current: { containers: [{ name: 'a', ports: [{ containerPort: 80, protocol: 'TCP' }], env: [{ name: 'A', value: '1' }] }] },
      patch: { containers: [{ ports: null, env: null, name: 'a' }] }
    },
    {
      name: 'service ports merge by port',
      original: { ports: [{ port: 80, targetPort: 8080 }, { port: 443 }] },
      modified: { ports: [{ port: 80, targetPort: 9090 }] },
      current: { ports: [{ port: 80, targetPort: 8080, protocol: 'TCP' }, { port: 443, protocol: 'TCP' }] },
      patch: { ports: [{ targetPort: 9090, port: 80 }, { $patch: 'delete', port: 443 }] }
    },
    {
      name: 'retainKeys: a new strategy type clears the live rollingUpdate',
      original: { spec: { replicas: 1 } },
      modified: { spec: { replicas: 1, strategy: { type: 'Recreate' } } },
      current: { spec: { replicas: 1, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%' } } } },
      patch: { spec: { strategy: { type: 'Recreate', rollingUpdate: null } } }
    },
    { name: 'no last-applied: nothing is deleted', modified: { a: 1 }, current: { a: 1, b: 2 }, patch: {} }
  ];
  test.each(cases)('$name', ({ original, modified, current, patch }) => {
    const got = threeWayMergePatch(original, modified, current);
    expect(got).toEqual(patch);
  });

  test('applied by the API server, the patch turns current into modified (where the user manages fields)', () => {
    const original = { metadata: { labels: { a: '1', b: '2' } }, spec: { containers: [{ name: 'c', image: 'v1', env: [{ name: 'X', value: '1' }] }] } };
    const modified = { metadata: { labels: { a: '1' } }, spec: { containers: [{ name: 'c', image: 'v2' }, { name: 'd', image: 'v1' }] } };
    const current = { metadata: { labels: { a: '1', b: '2', c: 'set-by-someone' } }, spec: { containers: [{ name: 'c', image: 'v1', env: [{ name: 'X', value: '1' }], imagePullPolicy: 'IfNotPresent' }] } };
    const result = strategicMergePatch(structuredClone(current), threeWayMergePatch(original, modified, current));
    expect(result).toEqual({
      metadata: { labels: { a: '1', c: 'set-by-someone' } },
      spec: { containers: [{ name: 'c', image: 'v2', imagePullPolicy: 'IfNotPresent' }, { name: 'd', image: 'v1' }] }
    });
  });
});
