/**
 * API object validation: what the apiserver's registry strategies run before persisting
 * (Validate on create, ValidateUpdate on update), returning upstream field errors.
 *
 * Call it on the object as the apiserver would: after defaulting (../defaults applyDefaults) and the
 * mutating admission plugins, with metadata.namespace filled from the request and, on update,
 * metadata.resourceVersion set (the registry copies it for unconditional updates).
 *
 * upstream: pkg/registry/<group>/<resource>/strategy.go Validate / ValidateUpdate, and
 *           staging/src/k8s.io/apiserver/pkg/registry/rest/{create,update}.go (BeforeCreate / BeforeUpdate)
 */
import { validateDaemonSet, validateDeployment, validateReplicaSet, validateStatefulSet } from './apps';
import { validateHorizontalPodAutoscaler } from './autoscaling';
import { validateControllerRevision } from './controller-revision';
import { validateCronJob, validateJob } from './batch';
import { validateLease, validatePriorityClass, validateStorageClass } from './cluster';
import {
  validateConfigMap,
  validateEvent,
  validateNamespace,
  validateNode,
  validatePersistentVolume,
  validatePersistentVolumeClaim,
  validateSecret,
  validateServiceAccount
} from './core';
import { dedupe, type FieldError } from './field';
import { isObj, type Obj } from './meta';
import { validatePodCreate, validatePodUpdate } from './pod';
import { validatePodDisruptionBudget } from './policy';
import { validateLimitRange, validateResourceQuota } from './quota';
import { validateClusterRole, validateClusterRoleBinding, validateRole, validateRoleBinding } from './rbac';
import { validateEndpoints, validateEndpointSlice, validateServiceCreate, validateServiceUpdate } from './service';

export * from './field';
export { validatePodTemplateSpec, validatePodSpec } from './pod';

type Validator = (obj: Obj, old?: Obj) => FieldError[];

const VALIDATORS: Record<string, Validator> = {
  Namespace: validateNamespace,
  Node: validateNode,
  Lease: validateLease,
  Pod: (obj, old) => (old ? validatePodUpdate(obj, old) : validatePodCreate(obj)),
  ReplicaSet: validateReplicaSet,
  Deployment: validateDeployment,
  DaemonSet: validateDaemonSet,
  StatefulSet: validateStatefulSet,
  ControllerRevision: validateControllerRevision,
  Job: validateJob,
  CronJob: validateCronJob,
  HorizontalPodAutoscaler: validateHorizontalPodAutoscaler,
  Service: (obj, old) => (old ? validateServiceUpdate(obj, old) : validateServiceCreate(obj)),
  Endpoints: validateEndpoints,
  EndpointSlice: validateEndpointSlice,
  ConfigMap: validateConfigMap,
  Secret: validateSecret,
  PersistentVolume: validatePersistentVolume,
  PersistentVolumeClaim: validatePersistentVolumeClaim,
  StorageClass: validateStorageClass,
  PriorityClass: validatePriorityClass,
  PodDisruptionBudget: validatePodDisruptionBudget,
  Event: validateEvent,
  ServiceAccount: validateServiceAccount,
  Role: validateRole,
  ClusterRole: validateClusterRole,
  RoleBinding: validateRoleBinding,
  ClusterRoleBinding: validateClusterRoleBinding,
  LimitRange: validateLimitRange,
  ResourceQuota: validateResourceQuota
};

/** Kinds validate() knows. */
export const VALIDATED_KINDS: readonly string[] = Object.keys(VALIDATORS);

/**
 * Validates `obj` of the given kind; with `old`, validates an update of `old` to `obj`.
 * Errors are in upstream order, de-duplicated as ErrorList.ToAggregate does. Unknown kinds: [].
 */
export function validate(kind: string, obj: unknown, old?: unknown): FieldError[] {
  const v = VALIDATORS[kind];
  if (!v) return [];
  const o: Obj = isObj(obj) ? obj : {};
  return dedupe(v(o, old === undefined || old === null ? undefined : isObj(old) ? old : {}));
}
