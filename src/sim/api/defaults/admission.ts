/**
 * The mutating admission plugins that shape every Pod on a default kubeadm v1.32 cluster.
 *
 * upstream: plugin/pkg/admission/defaulttolerationseconds/admission.go
 *           plugin/pkg/admission/serviceaccount/admission.go (Admit, shouldAutomount,
 *             mountServiceAccountToken, TokenVolumeSource)
 *           plugin/pkg/admission/priority/admission.go (admitPod, getDefaultPriority)
 */

/* eslint-disable @typescript-eslint/no-explicit-any */
type Obj = Record<string, any>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function specOf(pod: Obj): Obj {
  if (!isObj(pod.spec)) pod.spec = {};
  return pod.spec;
}

// ---------------------------------------------------------------------------------------------
// DefaultTolerationSeconds
// ---------------------------------------------------------------------------------------------

export const TaintNodeNotReady = 'node.kubernetes.io/not-ready';
export const TaintNodeUnreachable = 'node.kubernetes.io/unreachable';
/** --default-not-ready-toleration-seconds / --default-unreachable-toleration-seconds */
export const DefaultTolerationSeconds = 300;

/**
 * Adds `node.kubernetes.io/not-ready` and `node.kubernetes.io/unreachable` NoExecute tolerations
 * (tolerationSeconds 300) unless the pod already tolerates them (an empty key or empty effect counts).
 * Mutates and returns the pod.
 */
export function defaultTolerationSeconds<T extends object>(pod: T): T {
  const spec = specOf(pod as Obj);
  const tolerations: Obj[] = Array.isArray(spec.tolerations) ? spec.tolerations : [];
  let notReady = false;
  let unreachable = false;
  for (const t of tolerations) {
    const key = typeof t?.key === 'string' ? t.key : '';
    const effect = typeof t?.effect === 'string' ? t.effect : '';
    const noExecute = effect === 'NoExecute' || effect.length === 0;
    if ((key === TaintNodeNotReady || key.length === 0) && noExecute) notReady = true;
    if ((key === TaintNodeUnreachable || key.length === 0) && noExecute) unreachable = true;
  }
  if (!notReady) {
    tolerations.push({ effect: 'NoExecute', key: TaintNodeNotReady, operator: 'Exists', tolerationSeconds: DefaultTolerationSeconds });
  }
  if (!unreachable) {
    tolerations.push({ effect: 'NoExecute', key: TaintNodeUnreachable, operator: 'Exists', tolerationSeconds: DefaultTolerationSeconds });
  }
  if (tolerations.length > 0) spec.tolerations = tolerations;
  return pod;
}

// ---------------------------------------------------------------------------------------------
// ServiceAccount
// ---------------------------------------------------------------------------------------------

export const DefaultServiceAccountName = 'default';
export const ServiceAccountVolumeName = 'kube-api-access';
export const DefaultAPITokenMountPath = '/var/run/secrets/kubernetes.io/serviceaccount';
/** serviceaccount.WarnOnlyBoundTokenExpirationSeconds (1h + 7s) */
export const WarnOnlyBoundTokenExpirationSeconds = 3607;
export const MirrorPodAnnotationKey = 'kubernetes.io/config.mirror';

/** upstream TokenVolumeSource (the projected kube-api-access-* volume). */
export function tokenVolumeSource(): Obj {
  return {
    defaultMode: 420,
    sources: [
      { serviceAccountToken: { expirationSeconds: WarnOnlyBoundTokenExpirationSeconds, path: 'token' } },
      { configMap: { items: [{ key: 'ca.crt', path: 'ca.crt' }], name: 'kube-root-ca.crt' } },
      { downwardAPI: { items: [{ fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' }, path: 'namespace' }] } }
    ]
  };
}

/** What the plugin needs to know about the pod's ServiceAccount (omit when it has no opinion). */
export interface ServiceAccountInfo {
  automountServiceAccountToken?: boolean;
  imagePullSecrets?: { name?: string }[];
}

/** upstream shouldAutomount: the pod's preference wins, then the service account's, else true. */
function shouldAutomount(sa: ServiceAccountInfo | undefined, spec: Obj): boolean {
  if (typeof spec.automountServiceAccountToken === 'boolean') return spec.automountServiceAccountToken;
  if (sa && typeof sa.automountServiceAccountToken === 'boolean') return sa.automountServiceAccountToken;
  return true;
}

/**
 * The ServiceAccount admission plugin's mutation: serviceAccountName "default" when unset, the
 * projected `kube-api-access-<suffix>` volume, and a read-only mount at
 * /var/run/secrets/kubernetes.io/serviceaccount in every init and regular container that has no mount
 * at that path; pull secrets copied from the service account when the pod has none. Mirror pods are
 * left alone. `suffix` stands in for the 5 random characters upstream generates. Mutates and returns
 * the pod. (Checking that the service account exists is the caller's job: upstream rejects with
 * `service account <ns>/<name> was not found, retry after the service account is created`.)
 */
export function serviceAccountVolume<T extends object>(pod: T, suffix: string, sa?: ServiceAccountInfo): T {
  const p = pod as Obj;
  if (isObj(p.metadata?.annotations) && MirrorPodAnnotationKey in p.metadata.annotations) return pod;
  const spec = specOf(p);
  if (typeof spec.serviceAccountName !== 'string' || spec.serviceAccountName.length === 0) spec.serviceAccountName = DefaultServiceAccountName;
  // v1 conversion writes the deprecated field alongside (Convert_core_PodSpec_To_v1_PodSpec)
  spec.serviceAccount = spec.serviceAccountName;

  if (shouldAutomount(sa, spec)) {
    const volumes: Obj[] = Array.isArray(spec.volumes) ? spec.volumes : [];
    let tokenVolumeName = '';
    let hasTokenVolume = false;
    for (const v of volumes) {
      if (typeof v?.name === 'string' && v.name.startsWith(ServiceAccountVolumeName + '-')) {
        tokenVolumeName = v.name;
        hasTokenVolume = true;
        break;
      }
    }
    if (tokenVolumeName.length === 0) tokenVolumeName = `${ServiceAccountVolumeName}-${suffix}`;
    let needsTokenVolume = false;
    for (const list of ['initContainers', 'containers']) {
      if (!Array.isArray(spec[list])) continue;
      for (const c of spec[list] as Obj[]) {
        const mounts: Obj[] = Array.isArray(c.volumeMounts) ? c.volumeMounts : [];
        if (mounts.some((m) => m?.mountPath === DefaultAPITokenMountPath)) continue;
        mounts.push({ mountPath: DefaultAPITokenMountPath, name: tokenVolumeName, readOnly: true });
        c.volumeMounts = mounts;
        needsTokenVolume = true;
      }
    }
    if (!hasTokenVolume && needsTokenVolume) {
      volumes.push({ name: tokenVolumeName, projected: tokenVolumeSource() });
      spec.volumes = volumes;
    }
  }
  if ((!Array.isArray(spec.imagePullSecrets) || spec.imagePullSecrets.length === 0) && sa?.imagePullSecrets && sa.imagePullSecrets.length > 0) {
    spec.imagePullSecrets = sa.imagePullSecrets.map((s) => ({ ...s }));
  }
  return pod;
}

// ---------------------------------------------------------------------------------------------
// Priority
// ---------------------------------------------------------------------------------------------

export interface PriorityClassInfo {
  name: string;
  value: number;
  preemptionPolicy?: string;
  globalDefault?: boolean;
}

/** scheduling.DefaultPriorityWhenNoDefaultClassExists */
export const DefaultPriorityWhenNoDefaultClassExists = 0;

/**
 * The Priority admission plugin on pod create: resolves spec.priority / spec.preemptionPolicy from
 * spec.priorityClassName (or the globalDefault class, else 0 / PreemptLowerPriority). Mutates the
 * pod; returns the Forbidden reason when upstream rejects the pod (unknown class, conflicting
 * priority), else undefined.
 */
export function admitPriority(pod: object, classes: readonly PriorityClassInfo[] = []): string | undefined {
  const spec = specOf(pod as Obj);
  let priority: number;
  let preemptionPolicy: string | undefined;
  const pcName = typeof spec.priorityClassName === 'string' ? spec.priorityClassName : '';
  if (pcName.length === 0) {
    // upstream picks the lowest-valued globalDefault class if several exist
    const def = classes.filter((c) => c.globalDefault).sort((a, b) => a.value - b.value)[0];
    if (def) {
      spec.priorityClassName = def.name;
      priority = def.value;
      preemptionPolicy = def.preemptionPolicy ?? 'PreemptLowerPriority';
    } else {
      priority = DefaultPriorityWhenNoDefaultClassExists;
      preemptionPolicy = 'PreemptLowerPriority';
    }
  } else {
    const pc = classes.find((c) => c.name === pcName);
    if (!pc) return `no PriorityClass with name ${pcName} was found`;
    priority = pc.value;
    preemptionPolicy = pc.preemptionPolicy ?? 'PreemptLowerPriority';
  }
  if (typeof spec.priority === 'number' && spec.priority !== priority) {
    return `the integer value of priority (${spec.priority}) must not be provided in pod spec; priority admission controller computed ${priority} from the given PriorityClass name`;
  }
  spec.priority = priority;
  if (preemptionPolicy !== undefined) {
    if (typeof spec.preemptionPolicy === 'string' && spec.preemptionPolicy !== preemptionPolicy) {
      return `the string value of PreemptionPolicy (${spec.preemptionPolicy}) must not be provided in pod spec; priority admission controller computed ${preemptionPolicy} from the given PriorityClass name`;
    }
    spec.preemptionPolicy = preemptionPolicy;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// StorageObjectInUseProtection
// ---------------------------------------------------------------------------------------------

export const PVCProtectionFinalizer = 'kubernetes.io/pvc-protection';
export const PVProtectionFinalizer = 'kubernetes.io/pv-protection';

/**
 * Every new PersistentVolumeClaim gets the `kubernetes.io/pvc-protection` finalizer and every new
 * PersistentVolume `kubernetes.io/pv-protection`, so neither goes while in use (the protection
 * controllers remove them). Mutates and returns the object.
 * upstream: plugin/pkg/admission/storage/storageobjectinuseprotection/admission.go
 */
export function storageObjectInUseProtection<T extends object>(resource: string, obj: T): T {
  const finalizer = resource === 'persistentvolumeclaims' ? PVCProtectionFinalizer : resource === 'persistentvolumes' ? PVProtectionFinalizer : undefined;
  if (!finalizer) return obj;
  const md = ((obj as Obj).metadata ??= {}) as Obj;
  const finalizers: string[] = Array.isArray(md.finalizers) ? md.finalizers : [];
  if (!finalizers.includes(finalizer)) md.finalizers = [...finalizers, finalizer];
  return obj;
}
