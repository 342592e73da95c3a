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

/** Deep equality of JSON values, ignoring key order. */
export function sameJSON(a: unknown, b: unknown): boolean {
  return canonicalJSON(a) === canonicalJSON(b);
}
