import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { hunks, lineDiff, objectDiffs, objectsOf } from './diff';

describe('lineDiff', () => {
  it('keeps common lines and marks removed before added', () => {
    expect(lineDiff('a\nb\nc\n', 'a\nB\nc\nd\n')).toEqual([
      { op: ' ', text: 'a' },
      { op: '-', text: 'b' },
      { op: '+', text: 'B' },
      { op: ' ', text: 'c' },
      { op: '+', text: 'd' }
    ]);
  });
  it('shows a new object as all added', () => {
    expect(lineDiff('', 'a\nb').map((l) => l.op)).toEqual(['+', '+']);
  });
});

describe('hunks', () => {
  it('keeps context around changes and marks the gaps', () => {
    const lines = lineDiff(Array.from({ length: 20 }, (_, i) => `l${i}`).join('\n'), Array.from({ length: 20 }, (_, i) => (i === 10 ? 'changed' : `l${i}`)).join('\n'));
    expect(hunks(lines, 2).map((l) => (l ? l.op + l.text : '…'))).toEqual(['…', ' l8', ' l9', '-l10', '+changed', ' l11', ' l12', '…']);
  });
});

describe('objectDiffs', () => {
  it('pairs the dry run objects with the live ones by kind and name, ignoring resourceVersion', () => {
    const live = objectsOf(YAML.stringify({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default', resourceVersion: '5' }, spec: { replicas: 2 } }));
    const merged = objectsOf(
      YAML.stringify({
        apiVersion: 'v1',
        kind: 'List',
        items: [
          { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default', resourceVersion: '6' }, spec: { replicas: 3 } },
          { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { type: 'ClusterIP' } }
        ]
      })
    );
    const diffs = objectDiffs(live, merged, (o) => YAML.stringify(o));
    expect(diffs[0].title).toBe('Deployment default/web');
    expect(diffs[0].lines.filter((l) => l && l.op !== ' ')).toEqual([
      { op: '-', text: '  replicas: 2' },
      { op: '+', text: '  replicas: 3' }
    ]);
    expect(diffs[1].title).toBe('Service default/web (new)');
    expect(diffs[1].lines.every((l) => l?.op === '+')).toBe(true);
  });
});
