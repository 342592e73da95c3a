/**
 * Export to a real cluster: the objects the user made, as one multi-document YAML file that
 * `kubectl apply -f` takes, and a kind cluster config with the same nodes (`kind create cluster
 * --config kind.yaml`). Pure: it reads the page's mirror of the API objects.
 *
 * What is exported: the user's own objects (no ownerReferences: a Deployment, not its ReplicaSets
 * and pods), in user namespaces, minus what the API server and controllers fill in (as
 * `kubectl get -o yaml` minus server fields: status, uid, resourceVersion, managedFields ...).
 */
import type { KObject, Resources } from '../bridge/deltas';
import { toKubectlYaml } from '../../sim/kubectl/printers/yaml-json';

/** Namespaces the cluster makes itself (kubeadm and the API server). */
const SYSTEM_NAMESPACES = new Set(['kube-system', 'kube-public', 'kube-node-lease', 'default']);

/** The order `kubectl apply` needs: namespaces first, then what pods refer to, then workloads. */
const EXPORTED = ['namespaces', 'priorityclasses', 'storageclasses', 'persistentvolumes', 'configmaps', 'secrets', 'persistentvolumeclaims', 'services', 'deployments', 'daemonsets', 'statefulsets', 'replicasets', 'cronjobs', 'jobs', 'pods'] as const;

/** Metadata fields the server sets (upstream: staging/src/k8s.io/apimachinery/pkg/apis/meta/v1 ObjectMeta, "Read-only"). */
const SERVER_METADATA = ['uid', 'resourceVersion', 'generation', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'managedFields', 'selfLink', 'ownerReferences'];
/** Annotations written by kubectl or controllers, not by the user. */
const SERVER_ANNOTATION = /^(kubectl\.kubernetes\.io\/last-applied-configuration|deployment\.kubernetes\.io\/|pv\.kubernetes\.io\/|volume\.kubernetes\.io\/|volume\.beta\.kubernetes\.io\/|storageclass\.kubernetes\.io\/is-default-class)/;

/** Objects every cluster has, which a real one makes itself (the default StorageClass, kubeadm's PriorityClasses ...). */
function builtIn(resource: string, o: KObject): boolean {
  const name: string = o.metadata?.name ?? '';
  const ns: string | undefined = o.metadata?.namespace;
  if (resource === 'namespaces') return SYSTEM_NAMESPACES.has(name);
  if (resource === 'priorityclasses') return name.startsWith('system-');
  if (resource === 'storageclasses') return name === 'standard';
  // Dynamically provisioned volumes come back from their claims.
  if (resource === 'persistentvolumes') return o.spec?.claimRef !== undefined && Boolean(o.metadata?.annotations?.['pv.kubernetes.io/provisioned-by']);
  if (ns !== undefined && SYSTEM_NAMESPACES.has(ns) && ns !== 'default') return true;
  if (resource === 'services') return ns === 'default' && name === 'kubernetes';
  if (resource === 'configmaps') return name === 'kube-root-ca.crt';
  // Static pods' mirrors belong to the node's kubelet; a pod with a controller comes from it.
  if (resource === 'pods') return Boolean(o.metadata?.annotations?.['kubernetes.io/config.mirror']);
  return false;
}

/** The object as a user would write it: server-set fields and status removed. */
export function stripServerFields(resource: string, o: KObject): KObject {
  const out = structuredClone(o) as KObject;
  delete out.status;
  const meta = out.metadata ?? {};
  for (const f of SERVER_METADATA) delete meta[f];
  if (meta.annotations) {
    for (const k of Object.keys(meta.annotations)) if (SERVER_ANNOTATION.test(k)) delete meta.annotations[k];
    if (Object.keys(meta.annotations).length === 0) delete meta.annotations;
  }
  if (meta.finalizers?.every((f: string) => f.startsWith('kubernetes.io/'))) delete meta.finalizers;
  if (resource === 'namespaces') delete out.spec;
  if (resource === 'services' && out.spec) {
    // Allocated by the API server (a real cluster has another Service CIDR).
    delete out.spec.clusterIP;
    delete out.spec.clusterIPs;
    for (const p of out.spec.ports ?? []) if (out.spec.type === 'ClusterIP' || out.spec.type === undefined) delete p.nodePort;
  }
  if (resource === 'persistentvolumeclaims' && out.spec) delete out.spec.volumeName;
  if (resource === 'persistentvolumes' && out.spec) delete out.spec.claimRef;
  if (resource === 'pods' && out.spec) stripPodSpec(out.spec, true);
  for (const r of ['deployments', 'daemonsets', 'statefulsets', 'replicasets', 'jobs']) {
    if (resource !== r || !out.spec?.template) continue;
    delete out.spec.template.metadata?.creationTimestamp;
    if (out.spec.template.spec) stripPodSpec(out.spec.template.spec, false);
  }
  if (resource === 'jobs' && out.spec?.manualSelector !== true) stripGeneratedJobSelector(out);
  if (resource === 'cronjobs' && out.spec?.jobTemplate?.spec?.template) {
    delete out.spec.jobTemplate.metadata?.creationTimestamp;
    delete out.spec.jobTemplate.spec.template.metadata?.creationTimestamp;
    if (out.spec.jobTemplate.spec.template.spec) stripPodSpec(out.spec.jobTemplate.spec.template.spec, false);
  }
  return out;
}

/** Labels the API server generates for a Job (upstream: pkg/registry/batch/job/strategy.go generateSelector). */
const JOB_GENERATED_LABELS = ['batch.kubernetes.io/controller-uid', 'batch.kubernetes.io/job-name', 'controller-uid', 'job-name'];

/** A Job's selector and its pods' labels come from its UID: another cluster generates its own. */
function stripGeneratedJobSelector(job: KObject): void {
  delete job.spec.selector;
  for (const meta of [job.metadata, job.spec.template?.metadata]) {
    if (!meta?.labels) continue;
    for (const k of JOB_GENERATED_LABELS) delete meta.labels[k];
    if (Object.keys(meta.labels).length === 0) delete meta.labels;
    if (meta !== job.metadata && Object.keys(meta).length === 0) delete job.spec.template.metadata;
  }
}

/** The service-account token volume the API server injects (upstream: plugin/pkg/admission/serviceaccount), and the scheduler's node. */
function stripPodSpec(spec: KObject, bound: boolean): void {
  const injected = (name: string) => /^kube-api-access-[a-z0-9]{5}$/.test(name);
  if (Array.isArray(spec.volumes)) {
    spec.volumes = spec.volumes.filter((v: KObject) => !injected(v.name));
    if (spec.volumes.length === 0) delete spec.volumes;
  }
  for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
    if (!Array.isArray(c.volumeMounts)) continue;
    c.volumeMounts = c.volumeMounts.filter((m: KObject) => !injected(m.name));
    if (c.volumeMounts.length === 0) delete c.volumeMounts;
  }
  // A bound pod's node is the scheduler's choice (node names differ in the real cluster).
  if (bound) delete spec.nodeName;
}

/** The user's objects, ready for `kubectl apply -f` on another cluster, in apply order. */
export function exportedObjects(resources: Resources): KObject[] {
  const out: KObject[] = [];
  for (const resource of EXPORTED) {
    const objects = [...(resources.get(resource)?.values() ?? [])]
      .filter((o) => !o.metadata?.ownerReferences?.length && !o.metadata?.deletionTimestamp && !builtIn(resource, o))
      .sort((a, b) => `${a.metadata?.namespace ?? ''}/${a.metadata?.name}`.localeCompare(`${b.metadata?.namespace ?? ''}/${b.metadata?.name}`));
    for (const o of objects) out.push(stripServerFields(resource, o));
  }
  return out;
}

/** One YAML file of the user's objects, `---` between documents. */
export function exportManifests(resources: Resources): string {
  const objects = exportedObjects(resources);
  const head = '# Exported from kubarium: the objects made in the playground, without the fields the server sets.\n# Apply to a real cluster with: kubectl apply -f kubarium-export.yaml\n';
  if (objects.length === 0) return `${head}# (nothing yet: apply or create something first)\n`;
  return head + objects.map((o) => `---\n${toKubectlYaml(o)}`).join('');
}

/**
 * A kind cluster config with the same nodes: one control plane and a worker per worker node
 * (kind names them itself: kind-worker, kind-worker2, ...). upstream: kind's
 * pkg/apis/config/v1alpha4 (Cluster, Node.role).
 */
export function kindConfig(resources: Resources): string {
  const nodes = [...(resources.get('nodes')?.values() ?? [])].sort((a, b) => String(a.metadata?.name).localeCompare(String(b.metadata?.name)));
  const isControlPlane = (n: KObject) => n.metadata?.labels?.['node-role.kubernetes.io/control-plane'] !== undefined;
  const planes = nodes.filter(isControlPlane);
  const workers = nodes.filter((n) => !isControlPlane(n));
  const line = (role: string, n: KObject | undefined) => {
    const cap = n?.status?.capacity ?? {};
    const size = n ? `  # ${n.metadata.name}: ${cap.cpu ?? '?'} CPU, ${cap.memory ?? '?'} memory, ${cap.pods ?? '?'} pods in kubarium` : '';
    return `- role: ${role}${size}\n`;
  };
  let out = '# A kind cluster with the playground\'s nodes: kind create cluster --config kind.yaml\nkind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nnodes:\n';
  for (const n of planes.length > 0 ? planes : [undefined]) out += line('control-plane', n);
  for (const n of workers) out += line('worker', n);
  return out;
}
