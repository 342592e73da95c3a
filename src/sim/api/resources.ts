/**
 * The API's resource catalogue: what `kubectl api-resources` lists, and how kubectl resolves
 * `po`, `pods`, `pod`, `deploy`, `deployments.apps` or a manifest's apiVersion/kind to a resource.
 * upstream: the discovery documents of a v1.32 kube-apiserver.
 */

export interface ResourceInfo {
  /** Plural, lower case: the URL segment (`pods`). */
  name: string;
  singular: string;
  shortNames: string[];
  group: string;
  version: string;
  kind: string;
  namespaced: boolean;
  verbs: string[];
  /** `kubectl get all` includes it. */
  inAll?: boolean;
  /** True when the resource has a spec whose changes bump metadata.generation. */
  hasGeneration?: boolean;
}

const RW = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

export const RESOURCES: readonly ResourceInfo[] = [
  { name: 'configmaps', singular: 'configmap', shortNames: ['cm'], group: '', version: 'v1', kind: 'ConfigMap', namespaced: true, verbs: RW },
  { name: 'endpoints', singular: 'endpoints', shortNames: ['ep'], group: '', version: 'v1', kind: 'Endpoints', namespaced: true, verbs: RW },
  { name: 'events', singular: 'event', shortNames: ['ev'], group: '', version: 'v1', kind: 'Event', namespaced: true, verbs: RW },
  { name: 'limitranges', singular: 'limitrange', shortNames: ['limits'], group: '', version: 'v1', kind: 'LimitRange', namespaced: true, verbs: RW },
  { name: 'namespaces', singular: 'namespace', shortNames: ['ns'], group: '', version: 'v1', kind: 'Namespace', namespaced: false, verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'] },
  { name: 'nodes', singular: 'node', shortNames: ['no'], group: '', version: 'v1', kind: 'Node', namespaced: false, verbs: RW },
  { name: 'persistentvolumeclaims', singular: 'persistentvolumeclaim', shortNames: ['pvc'], group: '', version: 'v1', kind: 'PersistentVolumeClaim', namespaced: true, verbs: RW },
  { name: 'persistentvolumes', singular: 'persistentvolume', shortNames: ['pv'], group: '', version: 'v1', kind: 'PersistentVolume', namespaced: false, verbs: RW },
  { name: 'pods', singular: 'pod', shortNames: ['po'], group: '', version: 'v1', kind: 'Pod', namespaced: true, verbs: RW, inAll: true },
  { name: 'resourcequotas', singular: 'resourcequota', shortNames: ['quota'], group: '', version: 'v1', kind: 'ResourceQuota', namespaced: true, verbs: RW },
  { name: 'secrets', singular: 'secret', shortNames: [], group: '', version: 'v1', kind: 'Secret', namespaced: true, verbs: RW },
  { name: 'serviceaccounts', singular: 'serviceaccount', shortNames: ['sa'], group: '', version: 'v1', kind: 'ServiceAccount', namespaced: true, verbs: RW },
  { name: 'services', singular: 'service', shortNames: ['svc'], group: '', version: 'v1', kind: 'Service', namespaced: true, verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'], inAll: true },
  { name: 'controllerrevisions', singular: 'controllerrevision', shortNames: [], group: 'apps', version: 'v1', kind: 'ControllerRevision', namespaced: true, verbs: RW },
  { name: 'daemonsets', singular: 'daemonset', shortNames: ['ds'], group: 'apps', version: 'v1', kind: 'DaemonSet', namespaced: true, verbs: RW, inAll: true, hasGeneration: true },
  { name: 'deployments', singular: 'deployment', shortNames: ['deploy'], group: 'apps', version: 'v1', kind: 'Deployment', namespaced: true, verbs: RW, inAll: true, hasGeneration: true },
  { name: 'replicasets', singular: 'replicaset', shortNames: ['rs'], group: 'apps', version: 'v1', kind: 'ReplicaSet', namespaced: true, verbs: RW, inAll: true, hasGeneration: true },
  { name: 'statefulsets', singular: 'statefulset', shortNames: ['sts'], group: 'apps', version: 'v1', kind: 'StatefulSet', namespaced: true, verbs: RW, inAll: true, hasGeneration: true },
  { name: 'selfsubjectreviews', singular: 'selfsubjectreview', shortNames: [], group: 'authentication.k8s.io', version: 'v1', kind: 'SelfSubjectReview', namespaced: false, verbs: ['create'] },
  { name: 'localsubjectaccessreviews', singular: 'localsubjectaccessreview', shortNames: [], group: 'authorization.k8s.io', version: 'v1', kind: 'LocalSubjectAccessReview', namespaced: true, verbs: ['create'] },
  { name: 'selfsubjectaccessreviews', singular: 'selfsubjectaccessreview', shortNames: [], group: 'authorization.k8s.io', version: 'v1', kind: 'SelfSubjectAccessReview', namespaced: false, verbs: ['create'] },
  { name: 'selfsubjectrulesreviews', singular: 'selfsubjectrulesreview', shortNames: [], group: 'authorization.k8s.io', version: 'v1', kind: 'SelfSubjectRulesReview', namespaced: false, verbs: ['create'] },
  { name: 'subjectaccessreviews', singular: 'subjectaccessreview', shortNames: [], group: 'authorization.k8s.io', version: 'v1', kind: 'SubjectAccessReview', namespaced: false, verbs: ['create'] },
  { name: 'horizontalpodautoscalers', singular: 'horizontalpodautoscaler', shortNames: ['hpa'], group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler', namespaced: true, verbs: RW, inAll: true },
  { name: 'cronjobs', singular: 'cronjob', shortNames: ['cj'], group: 'batch', version: 'v1', kind: 'CronJob', namespaced: true, verbs: RW, inAll: true, hasGeneration: true },
  { name: 'jobs', singular: 'job', shortNames: [], group: 'batch', version: 'v1', kind: 'Job', namespaced: true, verbs: RW, inAll: true, hasGeneration: true },
  { name: 'leases', singular: 'lease', shortNames: [], group: 'coordination.k8s.io', version: 'v1', kind: 'Lease', namespaced: true, verbs: RW },
  { name: 'endpointslices', singular: 'endpointslice', shortNames: [], group: 'discovery.k8s.io', version: 'v1', kind: 'EndpointSlice', namespaced: true, verbs: RW },
  { name: 'poddisruptionbudgets', singular: 'poddisruptionbudget', shortNames: ['pdb'], group: 'policy', version: 'v1', kind: 'PodDisruptionBudget', namespaced: true, verbs: RW, hasGeneration: true },
  { name: 'clusterrolebindings', singular: 'clusterrolebinding', shortNames: [], group: 'rbac.authorization.k8s.io', version: 'v1', kind: 'ClusterRoleBinding', namespaced: false, verbs: RW },
  { name: 'clusterroles', singular: 'clusterrole', shortNames: [], group: 'rbac.authorization.k8s.io', version: 'v1', kind: 'ClusterRole', namespaced: false, verbs: RW },
  { name: 'rolebindings', singular: 'rolebinding', shortNames: [], group: 'rbac.authorization.k8s.io', version: 'v1', kind: 'RoleBinding', namespaced: true, verbs: RW },
  { name: 'roles', singular: 'role', shortNames: [], group: 'rbac.authorization.k8s.io', version: 'v1', kind: 'Role', namespaced: true, verbs: RW },
  { name: 'priorityclasses', singular: 'priorityclass', shortNames: ['pc'], group: 'scheduling.k8s.io', version: 'v1', kind: 'PriorityClass', namespaced: false, verbs: RW },
  { name: 'storageclasses', singular: 'storageclass', shortNames: ['sc'], group: 'storage.k8s.io', version: 'v1', kind: 'StorageClass', namespaced: false, verbs: RW }
];

const byAlias = new Map<string, ResourceInfo>();
for (const r of RESOURCES) {
  for (const alias of [r.name, r.singular, ...r.shortNames, r.kind.toLowerCase()]) {
    if (!byAlias.has(alias)) byAlias.set(alias, r);
    if (r.group) byAlias.set(`${alias}.${r.group}`, r);
  }
}

/**
 * Resolves what a user types after `kubectl get` (`po`, `pods`, `Pod`, `deployments.apps`,
 * `deployment.v1.apps`, `pods.v1.`). upstream: apimachinery schema.ParseResourceArg: with two dots
 * or more, RESOURCE.VERSION.GROUP is tried first, then RESOURCE.GROUP.
 */
export function resolveResource(typed: string): ResourceInfo | undefined {
  const lower = typed.toLowerCase();
  const parts = lower.split('.');
  if (parts.length >= 3) {
    const [resource, version, ...group] = parts;
    const r = byAlias.get(resource);
    if (r && r.version === version && r.group === group.join('.')) return r;
  }
  return byAlias.get(lower);
}

export function apiVersionOf(r: ResourceInfo): string {
  return r.group ? `${r.group}/${r.version}` : r.version;
}

/** Resolves a manifest's apiVersion + kind (`apps/v1` + `Deployment`). */
export function resourceForKind(apiVersion: string | undefined, kind: string | undefined): ResourceInfo | undefined {
  if (!apiVersion || !kind) return undefined;
  return RESOURCES.find((r) => r.kind === kind && apiVersionOf(r) === apiVersion);
}

export function resourceByName(plural: string): ResourceInfo {
  const r = RESOURCES.find((x) => x.name === plural);
  if (!r) throw new Error(`unknown resource ${plural}`);
  return r;
}

/** `deployment.apps`, `pod`: the qualified singular kubectl prints in `deployment.apps/web created`. */
export function qualifiedKindName(r: ResourceInfo): string {
  return r.group ? `${r.kind.toLowerCase()}.${r.group}` : r.kind.toLowerCase();
}

/** `deployments.apps`, `pods`: the group resource in API error messages. */
export function groupResource(r: ResourceInfo): string {
  return r.group ? `${r.name}.${r.group}` : r.name;
}
