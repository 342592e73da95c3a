/**
 * The patch client-side `kubectl apply` sends: a three-way strategic merge patch computed from
 * the last applied configuration (original), the new manifest (modified) and the live object
 * (current). Changes and additions come from current -> modified; deletions only from
 * original -> modified, so fields the user never set (defaults, controllers' writes) survive.
 * upstream: staging/src/k8s.io/apimachinery/pkg/util/strategicpatch/patch.go
 * (CreateThreeWayMergePatch, diffMaps, diffListsOfMaps, mergeMap),
 * staging/src/k8s.io/kubectl/pkg/cmd/apply/patcher.go (patchSimple).
 *
 * The API server here understands `$patch: delete` but not `$setElementOrder`,
 * `$deleteFromPrimitiveList` or `$retainKeys`, so those directives are not sent: list order
 * follows the server's merge, primitive lists are replaced whole, and retained keys are
 * expressed as explicit deletions.
 */

import { MERGE_KEYS } from '../api/merge-keys';
import { sameJSON } from '../api/canonical';

type Json = any;
type JsonMap = Record<string, Json>;


/** Maps whose patch strategy is retainKeys (a union: keys not in the manifest are cleared). */
const RETAIN_KEYS = new Set(['strategy']);
/** Lists whose elements are retainKeys unions (a volume is one of its sources). */
const RETAIN_KEYS_ITEMS = new Set(['volumes']);

function isMap(x: unknown): x is JsonMap {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function typeOf(x: unknown): string {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'array';
  return typeof x;
}

function deepEqual(a: Json, b: Json): boolean {
  return sameJSON(a, b);
}

function mergeKeyFor(field: string, lists: Json[][]): string | undefined {
  const key = MERGE_KEYS[field];
  if (!key) return undefined;
  // Service ports merge by `port`; container ports by `containerPort`.
  if (field === 'ports' && lists.some((l) => l.some((i) => isMap(i) && 'port' in i && !('containerPort' in i)))) return 'port';
  return key;
}

interface DiffOptions {
  ignoreDeletions: boolean;
  ignoreChangesAndAdditions: boolean;
}

function diffMaps(original: JsonMap, modified: JsonMap, opts: DiffOptions): JsonMap {
  const patch: JsonMap = {};
  for (const [key, mod] of Object.entries(modified)) {
    if (!(key in original)) {
      if (!opts.ignoreChangesAndAdditions) patch[key] = mod;
      continue;
    }
    const orig = original[key];
    if (typeOf(orig) !== typeOf(mod)) {
      if (!opts.ignoreChangesAndAdditions) patch[key] = mod;
      continue;
    }
    if (isMap(orig)) {
      const sub = diffMaps(orig, mod, opts);
      if (Object.keys(sub).length > 0) patch[key] = sub;
    } else if (Array.isArray(orig)) {
      const mergeKey = mergeKeyFor(key, [orig, mod]);
      if (mergeKey && orig.every(isMap) && (mod as Json[]).every(isMap)) {
        const list = diffListsOfMaps(orig, mod, mergeKey, opts);
        if (list.length > 0) patch[key] = list;
      } else if (!opts.ignoreChangesAndAdditions && !deepEqual(orig, mod)) {
        patch[key] = mod;
      }
    } else if (!opts.ignoreChangesAndAdditions && !deepEqual(orig, mod)) {
      patch[key] = mod;
    }
  }
  if (!opts.ignoreDeletions) {
    for (const key of Object.keys(original)) if (!(key in modified)) patch[key] = null;
  }
  return patch;
}

function keyString(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function diffListsOfMaps(original: JsonMap[], modified: JsonMap[], mergeKey: string, opts: DiffOptions): JsonMap[] {
  const patch: JsonMap[] = [];
  const deletions: JsonMap[] = [];
  const byKey = (l: JsonMap[]) => [...l].sort((a, b) => (keyString(a[mergeKey]) < keyString(b[mergeKey]) ? -1 : keyString(a[mergeKey]) > keyString(b[mergeKey]) ? 1 : 0));
  const o = byKey(original);
  const m = byKey(modified);
  let i = 0;
  let j = 0;
  while (i < o.length || j < m.length) {
    const ok = i < o.length ? keyString(o[i][mergeKey]) : undefined;
    const mk = j < m.length ? keyString(m[j][mergeKey]) : undefined;
    if (ok !== undefined && mk !== undefined && ok === mk) {
      const sub = diffMaps(o[i], m[j], opts);
      if (Object.keys(sub).length > 0) patch.push({ ...sub, [mergeKey]: m[j][mergeKey] });
      i++;
      j++;
    } else if (ok === undefined || (mk !== undefined && mk < ok)) {
      if (!opts.ignoreChangesAndAdditions) patch.push(m[j]);
      j++;
    } else {
      if (!opts.ignoreDeletions) deletions.push({ $patch: 'delete', [mergeKey]: o[i][mergeKey] });
      i++;
    }
  }
  return [...patch, ...deletions];
}

/** Merges two patches (deletions, then delta on top), merging keyed lists element-wise. */
function mergePatches(base: JsonMap, over: JsonMap): JsonMap {
  const out: JsonMap = { ...base };
  for (const [key, v] of Object.entries(over)) {
    const b = out[key];
    if (isMap(b) && isMap(v)) out[key] = mergePatches(b, v);
    else if (Array.isArray(b) && Array.isArray(v)) {
      const mergeKey = mergeKeyFor(key, [b, v]);
      if (!mergeKey) {
        out[key] = v;
        continue;
      }
      // kubectl's order: the delta's elements (merged with their deletions), then the rest.
      const merged: JsonMap[] = [];
      const used = new Set<number>();
      for (const item of v) {
        const idx = b.findIndex((x, i) => !used.has(i) && isMap(x) && !x.$patch && x[mergeKey] === item[mergeKey]);
        if (idx >= 0) {
          used.add(idx);
          merged.push(mergePatches(b[idx], item));
        } else merged.push(item);
      }
      b.forEach((x, i) => {
        if (!used.has(i)) merged.push(x);
      });
      out[key] = merged;
    } else out[key] = v;
  }
  return out;
}

/** Clears, for retainKeys unions being patched, the live keys the manifest does not have. */
function retainKeys(patch: JsonMap, modified: JsonMap, current: JsonMap): void {
  for (const [key, p] of Object.entries(patch)) {
    const mod = modified?.[key];
    const cur = current?.[key];
    if (isMap(p) && isMap(mod) && isMap(cur)) {
      if (RETAIN_KEYS.has(key)) {
        for (const k of Object.keys(cur)) if (!(k in mod) && !(k in p)) p[k] = null;
      }
      retainKeys(p, mod, cur);
    } else if (Array.isArray(p) && Array.isArray(mod) && Array.isArray(cur) && RETAIN_KEYS_ITEMS.has(key)) {
      const mk = MERGE_KEYS[key];
      for (const item of p) {
        if (!isMap(item) || item.$patch) continue;
        const m = mod.find((x: Json) => isMap(x) && x[mk] === item[mk]);
        const c = cur.find((x: Json) => isMap(x) && x[mk] === item[mk]);
        if (!isMap(m) || !isMap(c)) continue;
        for (const k of Object.keys(c)) if (!(k in m) && !(k in item)) item[k] = null;
      }
    }
  }
}

/**
 * The patch from `current` to `modified`, deleting what `original` had and `modified` no longer
 * has. An empty object means nothing to do (`unchanged`).
 */
export function threeWayMergePatch(original: JsonMap | undefined, modified: JsonMap, current: JsonMap): JsonMap {
  const delta = diffMaps(current, modified, { ignoreDeletions: true, ignoreChangesAndAdditions: false });
  const deletions = diffMaps(original ?? {}, modified, { ignoreDeletions: false, ignoreChangesAndAdditions: true });
  const patch = mergePatches(deletions, delta);
  retainKeys(patch, modified, current);
  return patch;
}
