/**
 * JSON with object keys in sorted order: two objects that differ only in key order (an object
 * read back from the API server, a manifest, a controller's own build) print the same.
 */

/** A copy of a JSON value whose objects have their keys sorted. */
export function canonicalize(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(canonicalize);
  if (x && typeof x === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(x as object).sort()) out[k] = canonicalize((x as Record<string, unknown>)[k]);
    return out;
  }
  return x;
}

export function canonicalJSON(x: unknown): string {
  return JSON.stringify(canonicalize(x));
}

/** What JSON.stringify writes for a value inside an array: undefined, functions, symbols and non-finite numbers are null. */
function inArray(v: unknown): unknown {
  const t = typeof v;
  if (v === undefined || t === 'function' || t === 'symbol') return null;
  if (t === 'number' && !Number.isFinite(v as number)) return null;
  return v;
}

/** An object property JSON.stringify leaves out. */
function omitted(v: unknown): boolean {
  const t = typeof v;
  return v === undefined || t === 'function' || t === 'symbol';
}

function hasToJSON(v: object): boolean {
  return typeof (v as { toJSON?: unknown }).toJSON === 'function';
}

/**
 * Deep equality of JSON values, ignoring key order: exactly `canonicalJSON(a) === canonicalJSON(b)`,
 * without building either string (the API server asks it of every update: a no-op write keeps its
 * resourceVersion).
 */
export function sameJSON(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && !Number.isFinite(a)) a = null;
  if (typeof b === 'number' && !Number.isFinite(b)) b = null;
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (hasToJSON(a) || hasToJSON(b)) return canonicalJSON(a) === canonicalJSON(b);
  const arr = Array.isArray(a);
  if (arr !== Array.isArray(b)) return false;
  if (arr) {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!sameJSON(inArray(x[i]), inArray(y[i]))) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const k of Object.keys(x)) {
    const v = x[k];
    if (omitted(v)) continue;
    count++;
    const w = y[k];
    if (omitted(w) || !Object.prototype.hasOwnProperty.call(y, k) || !sameJSON(v, w)) return false;
  }
  for (const k of Object.keys(y)) if (!omitted(y[k])) count--;
  return count === 0;
}

/** A mutable deep copy of a JSON-shaped value (plain objects, arrays, primitives; undefined properties kept, as structuredClone keeps them). */
export function cloneJSON<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = cloneJSON(v[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) out[k] = cloneJSON((v as Record<string, unknown>)[k]);
  return out as T;
}
