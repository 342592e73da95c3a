/**
 * Per-resource behaviour of the registry: what create resets, what update keeps, how delete is
 * graceful. upstream: pkg/registry/<group>/<resource>/strategy.go (PrepareForCreate,
 * PrepareForUpdate, CheckGracefulDelete) and plugin/pkg/admission/*.
 */
import type { Rand } from '../kernel/rand';
import type { KObject } from './store';
import { getPodQOS } from '../api/qos';
import { formatLabelSelector } from '../api/labels';
import { prepareNamespaceForCreate } from '../api/defaults';
import type { PriorityClassInfo } from '../api/defaults/admission';
import { CONTROLLER_UID_LABEL, JOB_NAME_LABEL, LEGACY_CONTROLLER_UID_LABEL, LEGACY_JOB_NAME_LABEL } from '../api/validation/batch';

export interface StrategyContext {
  rand: Rand;
  /** Looks up a stored object (for admission: PriorityClasses, ServiceAccounts). */
  get(resource: string, namespace: string | undefined, name: string): KObject | undefined;
  list(resource: string): KObject[];
  allocateClusterIP(): string;
  allocateNodePort(): number;
}

/** Resources whose `status` is only written through the status subresource. */
export const HAS_STATUS_SUBRESOURCE = new Set([
  'pods', 'nodes', 'namespaces', 'services', 'deployments', 'replicasets', 'daemonsets', 'statefulsets',
  'persistentvolumes', 'persistentvolumeclaims', 'poddisruptionbudgets', 'jobs', 'cronjobs',
  'horizontalpodautoscalers', 'resourcequotas'
]);

/** Resources served with a `scale` subresource (autoscaling/v1 Scale). */
export const SCALE_SUBRESOURCE = new Set(['deployments', 'replicasets', 'statefulsets']);

/**
 * The autoscaling/v1 Scale of a Deployment, ReplicaSet or StatefulSet: spec.replicas, status.replicas
 * and the pods' label selector as a string (what the HPA lists pods with).
 * upstream: pkg/registry/apps/deployment/storage/storage.go scaleFromDeployment (and the ReplicaSet's, StatefulSet's).
 */
export function scaleOf(o: KObject): KObject {
  const md = o.metadata;
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: { name: md.name, namespace: md.namespace, uid: md.uid, resourceVersion: md.resourceVersion, creationTimestamp: md.creationTimestamp },
    spec: { replicas: o.spec?.replicas ?? 0 },
    status: { replicas: o.status?.replicas ?? 0, selector: formatLabelSelector(o.spec?.selector) }
  };
}

/** Called on create, after defaulting and before validation. Mutates obj. */
export function prepareForCreate(resource: string, obj: KObject, ctx: StrategyContext): void {
  switch (resource) {
    case 'pods':
      // upstream: pkg/registry/core/pod/strategy.go PrepareForCreate
      obj.status = { phase: 'Pending', qosClass: getPodQOS(obj as any) };
      break;
    case 'namespaces':
      prepareNamespaceForCreate(obj);
      break;
    case 'resourcequotas':
      // upstream: pkg/registry/core/resourcequota/strategy.go PrepareForCreate: the controller fills the status.
      obj.status = {};
      break;
    case 'daemonsets':
      obj.status = {};
      obj.metadata.generation = 1;
      setDaemonSetTemplateGeneration(obj, templateGenerationOf(obj) ?? 1);
      break;
    case 'deployments':
    case 'replicasets':
    case 'poddisruptionbudgets': // upstream: pkg/registry/policy/poddisruptionbudget/strategy.go PrepareForCreate
      obj.status = {};
      obj.metadata.generation = 1;
      break;
    case 'statefulsets':
      // upstream: pkg/registry/apps/statefulset/strategy.go PrepareForCreate; StatefulSetStatus's
      // replicas and availableReplicas have no omitempty, so an empty status still shows them.
      obj.status = { replicas: 0, availableReplicas: 0 };
      obj.metadata.generation = 1;
      break;
    case 'jobs':
      // upstream: pkg/registry/batch/job/strategy.go PrepareForCreate. The UID is filled in
      // before the strategy runs (registry store.go Create: FillObjectMetaSystemFields), and the
      // generated selector needs it.
      obj.metadata.uid = ctx.rand.uuid();
      if (obj.spec?.manualSelector !== true) generateJobSelector(obj);
      obj.status = {};
      obj.metadata.generation = 1;
      break;
    case 'horizontalpodautoscalers': // upstream: pkg/registry/autoscaling/horizontalpodautoscaler/strategy.go PrepareForCreate
      obj.status = {};
      break;
    case 'cronjobs': // upstream: pkg/registry/batch/cronjob/strategy.go PrepareForCreate
      obj.status = {};
      obj.metadata.generation = 1;
      break;
    case 'services':
      prepareService(obj, ctx);
      obj.status = { loadBalancer: {} };
      break;
    case 'persistentvolumeclaims':
      obj.status = { phase: 'Pending' };
      setDefaultStorageClass(obj, ctx);
      break;
    case 'persistentvolumes':
      obj.status = { phase: 'Pending' };
      break;
    case 'nodes':
      obj.status ??= {};
      break;
  }
}

/**
 * Called on update (not on the status subresource), after the generation is set. Mutates obj.
 * upstream: pkg/registry/<group>/<resource>/strategy.go PrepareForUpdate.
 */
export function prepareForUpdate(resource: string, obj: KObject, old: KObject): void {
  if (resource === 'daemonsets') {
    // upstream: pkg/registry/apps/daemonset/strategy.go PrepareForUpdate: the template generation
    // is the server's (the old one), one more when the template changed.
    const generation = templateGenerationOf(old) ?? 1;
    const changed = JSON.stringify(obj.spec?.template ?? null) !== JSON.stringify(old.spec?.template ?? null);
    setDaemonSetTemplateGeneration(obj, changed ? generation + 1 : generation);
  }
}

/**
 * upstream: appsv1.DeprecatedTemplateGeneration: apps/v1 carries the internal
 * spec.templateGeneration as this annotation (pkg/apis/apps/v1/conversion.go).
 */
export const DEPRECATED_TEMPLATE_GENERATION = 'deprecated.daemonset.template.generation';

function templateGenerationOf(ds: KObject): number | undefined {
  const v = ds.metadata?.annotations?.[DEPRECATED_TEMPLATE_GENERATION];
  const n = v === undefined ? NaN : Number(v);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}

function setDaemonSetTemplateGeneration(ds: KObject, generation: number): void {
  ds.metadata.annotations = { ...(ds.metadata.annotations ?? {}), [DEPRECATED_TEMPLATE_GENERATION]: String(generation) };
}

/**
 * upstream: pkg/registry/batch/job/strategy.go generateSelector: the template gets the job-name
 * and controller-uid labels (legacy and batch.kubernetes.io/ forms) unless the user set them, and
 * the selector matches batch.kubernetes.io/controller-uid, unique to this Job.
 */
export function generateJobSelector(job: KObject): void {
  const spec = (job.spec ??= {});
  const template = (spec.template ??= {});
  const tmd = (template.metadata ??= {});
  const labels: Record<string, string> = (tmd.labels ??= {});
  for (const key of [LEGACY_JOB_NAME_LABEL, JOB_NAME_LABEL]) if (!(key in labels)) labels[key] = job.metadata.name;
  for (const key of [LEGACY_CONTROLLER_UID_LABEL, CONTROLLER_UID_LABEL]) if (!(key in labels)) labels[key] = job.metadata.uid;
  const selector = (spec.selector ??= {});
  const matchLabels: Record<string, string> = (selector.matchLabels ??= {});
  if (!(CONTROLLER_UID_LABEL in matchLabels)) matchLabels[CONTROLLER_UID_LABEL] = job.metadata.uid;
  // SetDefaults_Job copies the template's labels to a Job that has none; it runs again when the
  // stored object is decoded, so a fresh Job shows the generated labels too.
  if (Object.keys(job.metadata.labels ?? {}).length === 0) job.metadata.labels = { ...labels };
}

export const IS_DEFAULT_STORAGE_CLASS_ANNOTATION = 'storageclass.kubernetes.io/is-default-class';

/**
 * The DefaultStorageClass admission plugin: a claim with no spec.storageClassName (absent, not
 * "") gets the default class; with several defaults, the newest (then by name).
 * upstream: plugin/pkg/admission/storage/storageclass/setdefault/admission.go,
 * pkg/volume/util/storageclass.go GetDefaultClass.
 */
export function setDefaultStorageClass(pvc: KObject, ctx: StrategyContext): void {
  const spec = (pvc.spec ??= {});
  if (spec.storageClassName !== undefined && spec.storageClassName !== null) return;
  const defaults = ctx.list('storageclasses').filter((sc) => sc.metadata.annotations?.[IS_DEFAULT_STORAGE_CLASS_ANNOTATION] === 'true');
  if (defaults.length === 0) return;
  defaults.sort((a, b) => String(b.metadata.creationTimestamp ?? '').localeCompare(String(a.metadata.creationTimestamp ?? '')) || String(a.metadata.name).localeCompare(String(b.metadata.name)));
  spec.storageClassName = defaults[0].metadata.name;
}

function prepareService(svc: KObject, ctx: StrategyContext): void {
  const spec = (svc.spec ??= {});
  if (spec.type !== 'ExternalName' && spec.clusterIP !== 'None') {
    if (!spec.clusterIP) spec.clusterIP = ctx.allocateClusterIP();
    spec.clusterIPs = [spec.clusterIP];
  } else if (spec.clusterIP === 'None') {
    spec.clusterIPs = ['None'];
  }
  if (spec.type === 'NodePort' || spec.type === 'LoadBalancer') {
    for (const p of spec.ports ?? []) if (!p.nodePort) p.nodePort = ctx.allocateNodePort();
  }
}

/** The cluster's PriorityClasses as the priority admission plugin sees them. */
export function priorityClasses(ctx: StrategyContext): PriorityClassInfo[] {
  return ctx.list('priorityclasses').map((pc) => ({ name: pc.metadata.name, value: pc.value, preemptionPolicy: pc.preemptionPolicy, globalDefault: pc.globalDefault }));
}

/**
 * The grace period a delete gets. upstream: pkg/registry/core/pod/strategy.go CheckGracefulDelete:
 * an unscheduled or terminal pod goes at once; otherwise the request's period, else the pod's.
 * Other resources are deleted at once (no graceful deletion).
 */
export function gracePeriodFor(resource: string, obj: KObject, requested: number | undefined): number {
  if (resource !== 'pods') return 0;
  let period = requested ?? obj.spec?.terminationGracePeriodSeconds ?? 30;
  if (!obj.spec?.nodeName) period = 0;
  const phase = obj.status?.phase;
  if (phase === 'Failed' || phase === 'Succeeded') period = 0;
  // A pod already being deleted can only have its period shortened.
  if (obj.metadata.deletionGracePeriodSeconds !== undefined) period = Math.min(period, obj.metadata.deletionGracePeriodSeconds);
  return Math.max(0, period);
}
