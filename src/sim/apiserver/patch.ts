/**
 * Patches as the API server applies them: JSON merge patch (RFC 7386), strategic merge patch
 * (lists of named things merge by their key) and JSON patch (RFC 6902).
 * upstream: staging/src/k8s.io/apimachinery/pkg/util/strategicpatch/patch.go and the
 * `patchMergeKey` tags in staging/src/k8s.io/api/core/v1/types.go.
 */
import { badRequest } from '../api/errors';
import { MERGE_KEYS } from '../api/merge-keys';
import { cloneJSON } from '../api/canonical';

type Json = any;


function isObject(x: unknown): x is Record<string, Json> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

export function mergePatch(target: Json, patch: Json): Json {
  if (!isObject(patch)) return cloneJSON(patch);
  const out: Record<string, Json> = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

/**
 * The order of a merged list: the items the patch named, in the patch's order, interleaved with
 * the items only the server had, in the server's order; a patch item the server did not have goes
 * before the server-only item it is compared with (so a new container comes first).
 * upstream: strategicpatch/patch.go mergeSlice -> normalizeElementOrder, mergeSortedSlice.
 */
function normalizeElementOrder(merged: Json[], patchOrder: Json[], serverOrder: Json[], mergeKey: string): Json[] {
  const keyOf = (x: Json) => (isObject(x) ? x[mergeKey] : undefined);
  const right = merged.filter((x) => patchOrder.includes(keyOf(x))).sort((a, b) => patchOrder.indexOf(keyOf(a)) - patchOrder.indexOf(keyOf(b)));
  const left = merged.filter((x) => !patchOrder.includes(keyOf(x)));
  const out: Json[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (j >= right.length) out.push(left[i++]);
    else if (i >= left.length) out.push(right[j++]);
    else {
      const li = serverOrder.indexOf(keyOf(left[i]));
      const ri = serverOrder.indexOf(keyOf(right[j]));
      if (li >= 0 && ri >= 0 && li < ri) out.push(left[i++]);
      else out.push(right[j++]);
    }
  }
  return out;
}

export function strategicMergePatch(target: Json, patch: Json, field = ''): Json {
  if (Array.isArray(patch)) {
    const key = MERGE_KEYS[field];
    // Service ports merge by port, not containerPort.
    const mergeKey = field === 'ports' && Array.isArray(target) && target[0] && 'port' in target[0] ? 'port' : key;
    if (!mergeKey || !Array.isArray(target)) return cloneJSON(patch.filter((p) => !(isObject(p) && p.$patch)));
    const out = target.map((x) => x);
    for (const item of patch) {
      if (!isObject(item) || item.$patch !== 'delete') continue;
      const idx = out.findIndex((x) => isObject(x) && x[mergeKey] === item[mergeKey]);
      if (idx >= 0) out.splice(idx, 1);
    }
    const serverOrder = out.map((x) => (isObject(x) ? x[mergeKey] : undefined));
    const patchOrder: Json[] = [];
    for (const item of patch) {
      if (!isObject(item) || item.$patch === 'delete') continue;
      patchOrder.push(item[mergeKey]);
      const idx = out.findIndex((x) => isObject(x) && x[mergeKey] === item[mergeKey]);
      if (idx >= 0) out[idx] = strategicMergePatch(out[idx], item);
      else out.push(cloneJSON(item));
    }
    return normalizeElementOrder(out, patchOrder, serverOrder, mergeKey);
  }
  if (!isObject(patch)) return cloneJSON(patch);
  if (patch.$patch === 'replace') {
    const { $patch: _p, ...rest } = patch;
    return cloneJSON(rest);
  }
  const out: Record<string, Json> = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (k === '$patch') continue;
    if (v === null) delete out[k];
    else out[k] = strategicMergePatch(out[k], v, k);
  }
  return out;
}

interface JsonPatchOp {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  value?: Json;
  from?: string;
}

function pointer(path: string): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw badRequest(`the server rejected our request due to an error in our request`);
  return path.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function jsonPatch(target: Json, ops: JsonPatchOp[]): Json {
  let doc = cloneJSON(target);
  const parentOf = (parts: string[]) => {
    let cur = doc;
    for (const p of parts.slice(0, -1)) {
      if (cur === undefined || cur === null) throw badRequest(`jsonpatch: missing path`);
      cur = Array.isArray(cur) ? cur[Number(p)] : cur[p];
    }
    if (cur === undefined || cur === null) throw badRequest(`jsonpatch: missing path`);
    return cur;
  };
  const get = (parts: string[]) => parts.reduce((c: Json, p) => (c == null ? undefined : Array.isArray(c) ? c[Number(p)] : c[p]), doc);
  for (const op of ops) {
    // evanphx/json-patch: an operation is an object with a string path; an unknown op is "Unexpected kind".
    if (typeof op !== 'object' || op === null || typeof op.path !== 'string') throw badRequest('the server rejected our request due to an error in our request');
    if (!['add', 'remove', 'replace', 'move', 'copy', 'test'].includes(op.op)) throw badRequest(`Unexpected kind: ${String(op.op)}`);
    const parts = pointer(op.path);
    const last = parts[parts.length - 1];
    switch (op.op) {
      case 'add':
      case 'replace': {
        if (parts.length === 0) {
          doc = cloneJSON(op.value);
          break;
        }
        const parent = parentOf(parts);
        if (Array.isArray(parent)) {
          const i = last === '-' ? parent.length : Number(last);
          if (op.op === 'add') parent.splice(i, 0, cloneJSON(op.value));
          else parent[i] = cloneJSON(op.value);
        } else {
          if (op.op === 'replace' && !(last in parent)) throw badRequest(`jsonpatch replace operation does not apply: doc is missing key: ${op.path}`);
          parent[last] = cloneJSON(op.value);
        }
        break;
      }
      case 'remove': {
        const parent = parentOf(parts);
        if (Array.isArray(parent)) parent.splice(Number(last), 1);
        else {
          if (!(last in parent)) throw badRequest(`jsonpatch remove operation does not apply: doc is missing path: "${op.path}"`);
          delete parent[last];
        }
        break;
      }
      case 'test':
        if (JSON.stringify(get(parts)) !== JSON.stringify(op.value)) throw badRequest(`testing value ${op.path} failed`);
        break;
      case 'move':
      case 'copy': {
        const from = pointer(op.from ?? '');
        const value = cloneJSON(get(from));
        if (op.op === 'move') doc = jsonPatch(doc, [{ op: 'remove', path: op.from! }]);
        doc = jsonPatch(doc, [{ op: 'add', path: op.path, value }]);
        break;
      }
    }
  }
  return doc;
}
