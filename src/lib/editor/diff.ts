/**
 * The editor's Diff: the live object against what the API server would store (a server-side
 * dry run of the apply), line by line, as `kubectl diff` shows it (that runs `diff -u` on the
 * same two YAMLs). A plain longest-common-subsequence diff: manifests are a few hundred lines.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/diff/diff.go
 */
import YAML from 'yaml';

export interface DiffLine {
  op: ' ' | '-' | '+';
  text: string;
}

export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before === '' ? [] : before.replace(/\n$/, '').split('\n');
  const b = after === '' ? [] : after.replace(/\n$/, '').split('\n');
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: length of the common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      out.push({ op: ' ', text: a[i++] });
      j++;
    } else if (i < n && (j >= m || lcs[i + 1][j] >= lcs[i][j + 1])) {
      out.push({ op: '-', text: a[i++] });
    } else {
      out.push({ op: '+', text: b[j++] });
    }
  }
  return out;
}

/** Only the changed lines with `context` lines around them; `null` marks a gap. */
export function hunks(lines: DiffLine[], context = 3): (DiffLine | null)[] {
  const keep = new Uint8Array(lines.length);
  lines.forEach((l, i) => {
    if (l.op === ' ') return;
    for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) keep[k] = 1;
  });
  const out: (DiffLine | null)[] = [];
  lines.forEach((l, i) => {
    if (keep[i]) out.push(l);
    else if (out.at(-1) !== null) out.push(null);
  });
  return out;
}

type Obj = Record<string, any>;

/** The objects of a `-o yaml` print: one object, or a List's items. */
export function objectsOf(yamlText: string): Obj[] {
  const doc = YAML.parse(yamlText) as Obj | null;
  if (!doc || typeof doc !== 'object') return [];
  return doc.kind === 'List' && Array.isArray(doc.items) ? doc.items : [doc];
}

const objectKey = (o: Obj) => `${o.kind}/${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;

/**
 * What kubectl diff masks before comparing: fields every write changes (managedFields,
 * resourceVersion, generation) would show as noise. upstream: diff.go Masker
 */
function comparable(o: Obj): Obj {
  const { managedFields: _m, resourceVersion: _r, generation: _g, ...metadata } = o.metadata ?? {};
  return { ...o, metadata };
}

export interface ObjectDiff {
  /** `Deployment web`, as kubectl diff names the files (`apps.v1.Deployment.default.web`). */
  title: string;
  lines: (DiffLine | null)[];
}

/** One diff per object of `merged` (the dry run), against the live object of the same kind and name (or nothing: new). */
export function objectDiffs(live: Obj[], merged: Obj[], toYaml: (o: Obj) => string): ObjectDiff[] {
  const byKey = new Map(live.map((o) => [objectKey(o), o]));
  return merged.map((m) => {
    const before = byKey.get(objectKey(m));
    const ns = m.metadata?.namespace ? `${m.metadata.namespace}/` : '';
    return {
      title: `${m.kind} ${ns}${m.metadata?.name ?? ''}${before ? '' : ' (new)'}`,
      lines: hunks(lineDiff(before ? toYaml(comparable(before)) : '', toYaml(comparable(m))))
    };
  });
}
