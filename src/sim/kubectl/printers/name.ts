// `kubectl ... -o name` and the "<resource>/<name> <operation>" lines of create/apply/delete.
// Source: staging/src/k8s.io/cli-runtime/pkg/printers/name.go (printObj): lowercased kind,
// ".group" when the group is not core: pod/nginx, deployment.apps/web, service/kubernetes.

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The group of an apiVersion ("apps/v1" -> "apps", "v1" -> ""). */
export function apiGroupOf(apiVersion: string | undefined): string {
  if (!apiVersion) return '';
  const idx = apiVersion.indexOf('/');
  return idx < 0 ? '' : apiVersion.slice(0, idx);
}

/** "kind.group" lowercased, e.g. "deployment.apps"; "pod" for the core group. */
export function resourceKindPrefix(kind: string, group: string): string {
  return group ? `${kind.toLowerCase()}.${group}` : kind.toLowerCase();
}

/**
 * One -o name line for an object (with apiVersion/kind), without the trailing newline.
 * `operation` (e.g. "created", "deleted", "configured", "created (dry run)") is appended
 * after a space as kubectl does for mutations.
 */
export function formatResourceName(obj: any, operation?: string): string {
  const kind: string = obj?.kind ?? '';
  if (kind.length === 0) {
    throw new Error(`missing kind for resource with name ${obj?.metadata?.name ?? ''}`);
  }
  const prefix = resourceKindPrefix(kind, apiGroupOf(obj?.apiVersion));
  const op = operation ? ` ${operation}` : '';
  return `${prefix}/${obj?.metadata?.name ?? ''}${op}`;
}

/** `-o name` output for several objects (each line ends with "\n"); a List is expanded. */
export function printNames(objects: any[], operation?: string): string {
  const out: string[] = [];
  for (const obj of objects) {
    if (obj?.kind === 'List' && Array.isArray(obj.items)) {
      for (const item of obj.items) out.push(formatResourceName(item, operation) + '\n');
    } else {
      out.push(formatResourceName(obj, operation) + '\n');
    }
  }
  return out.join('');
}
