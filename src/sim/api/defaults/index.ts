/**
 * API defaulting: what the apiserver's scheme applies to a decoded object (SetObjectDefaults_*),
 * plus a few registry-side fill-ins that `kubectl get -o yaml` shows on a fresh object.
 *
 * upstream: pkg/apis/core/v1/defaults.go, pkg/apis/core/v1/zz_generated.defaults.go,
 *           pkg/apis/apps/v1/defaults.go, pkg/apis/apps/v1/zz_generated.defaults.go,
 *           pkg/apis/batch/v1/defaults.go, pkg/apis/autoscaling/v2/defaults.go, pkg/apis/batch/v1/zz_generated.defaults.go,
 *           pkg/apis/discovery/v1/defaults.go, pkg/apis/scheduling/v1/defaults.go,
 *           pkg/apis/storage/v1/defaults.go, pkg/apis/core/v1/conversion.go (serviceAccount),
 *           pkg/kubelet/.. parsers.ParseImageName (image tag for imagePullPolicy)
 */
import { quantityOf, roundUpToMilli } from '../validation/quantities';
import { admitPriority, type PriorityClassInfo } from './admission';

export * from './admission';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Obj = Record<string, any>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function list(v: unknown): Obj[] {
  return Array.isArray(v) ? v.filter(isObj) : [];
}

function unset(v: unknown): boolean {
  return v === undefined || v === null;
}

function emptyStr(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

function child(o: Obj, key: string): Obj {
  if (!isObj(o[key])) o[key] = {};
  return o[key];
}

export interface DefaultsOptions {
  /**
   * PriorityClasses known to the cluster, for the Pod priority fill-in (admission's job upstream;
   * see admitPriority). Without it a pod with no priorityClassName gets priority 0 /
   * PreemptLowerPriority and a pod naming a class is left for admission.
   */
  priorityClasses?: readonly PriorityClassInfo[];
}

// ---------------------------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------------------------

const domainComponent = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const domain = `${domainComponent}(?:\\.${domainComponent})*(?::[0-9]+)?`;
const nameComponent = '[a-z0-9]+(?:(?:[._]|__|[-]*)[a-z0-9]+)*';
const referenceRe = new RegExp(
  `^((?:${domain}/)?${nameComponent}(?:/${nameComponent})*)(?::([\\w][\\w.-]{0,127}))?(?:@([A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9A-Fa-f]{32,}))?$`
);

/**
 * upstream parsers.ParseImageName's tag: the tag, "latest" when there is neither tag nor digest,
 * "" when there is only a digest or the reference does not parse.
 */
export function imageTag(image: string): string {
  const m = referenceRe.exec(image);
  if (!m || m[1].length > 255) return '';
  if (m[2]) return m[2];
  if (m[3]) return '';
  return 'latest';
}

/** SetDefaults_Container's imagePullPolicy: Always for :latest (or no tag), else IfNotPresent. */
export function defaultPullPolicy(image: string): 'Always' | 'IfNotPresent' {
  return imageTag(image) === 'latest' ? 'Always' : 'IfNotPresent';
}

// ---------------------------------------------------------------------------------------------
// core/v1 building blocks
// ---------------------------------------------------------------------------------------------

/** SetDefaults_ResourceList: every quantity rounded up to milli scale, in canonical form. */
function defaultResourceList(rl: unknown): void {
  if (!isObj(rl)) return;
  for (const [k, v] of Object.entries(rl)) {
    const q = quantityOf(v);
    if (q) rl[k] = roundUpToMilli(q);
  }
}

/** SetDefaults_ObjectFieldSelector */
function defaultFieldRef(fr: unknown): void {
  if (isObj(fr) && emptyStr(fr.apiVersion)) fr.apiVersion = 'v1';
}

/** SetDefaults_HTTPGetAction: path "/" and scheme HTTP. */
function defaultHTTPGet(h: unknown): void {
  if (!isObj(h)) return;
  if (emptyStr(h.path)) h.path = '/';
  if (emptyStr(h.scheme)) h.scheme = 'HTTP';
}

/** SetDefaults_Probe (+ HTTPGet) */
function defaultProbe(p: unknown): void {
  if (!isObj(p)) return;
  if (!p.timeoutSeconds) p.timeoutSeconds = 1;
  if (!p.periodSeconds) p.periodSeconds = 10;
  if (!p.successThreshold) p.successThreshold = 1;
  if (!p.failureThreshold) p.failureThreshold = 3;
  defaultHTTPGet(p.httpGet);
}

/** SetDefaults_Container plus the generated per-field defaults of zz_generated.defaults.go. */
function defaultContainer(c: Obj): void {
  if (emptyStr(c.imagePullPolicy)) c.imagePullPolicy = defaultPullPolicy(typeof c.image === 'string' ? c.image : '');
  if (emptyStr(c.terminationMessagePath)) c.terminationMessagePath = '/dev/termination-log';
  if (emptyStr(c.terminationMessagePolicy)) c.terminationMessagePolicy = 'File';
  for (const port of list(c.ports)) if (emptyStr(port.protocol)) port.protocol = 'TCP';
  for (const env of list(c.env)) if (isObj(env.valueFrom)) defaultFieldRef(env.valueFrom.fieldRef);
  // ResourceRequirements is a struct: the apiserver always serialises it (`resources: {}`).
  const res = child(c, 'resources');
  defaultResourceList(res.limits);
  defaultResourceList(res.requests);
  defaultProbe(c.livenessProbe);
  defaultProbe(c.readinessProbe);
  defaultProbe(c.startupProbe);
  if (isObj(c.lifecycle)) {
    if (isObj(c.lifecycle.postStart)) defaultHTTPGet(c.lifecycle.postStart.httpGet);
    if (isObj(c.lifecycle.preStop)) defaultHTTPGet(c.lifecycle.preStop.httpGet);
  }
}

const VOLUME_SOURCE_KEYS = [
  'hostPath',
  'emptyDir',
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'gitRepo',
  'secret',
  'nfs',
  'iscsi',
  'glusterfs',
  'persistentVolumeClaim',
  'rbd',
  'flexVolume',
  'cinder',
  'cephfs',
  'flocker',
  'downwardAPI',
  'fc',
  'azureFile',
  'configMap',
  'vsphereVolume',
  'quobyte',
  'azureDisk',
  'photonPersistentDisk',
  'projected',
  'portworxVolume',
  'scaleIO',
  'storageos',
  'csi',
  'ephemeral',
  'image'
];

/** SetDefaults_Volume and the volume-source defaults of zz_generated.defaults.go. */
function defaultVolume(v: Obj): void {
  if (!VOLUME_SOURCE_KEYS.some((k) => !unset(v[k]))) v.emptyDir = {};
  if (isObj(v.hostPath) && unset(v.hostPath.type)) v.hostPath.type = '';
  for (const k of ['secret', 'configMap', 'downwardAPI', 'projected']) {
    if (isObj(v[k]) && unset(v[k].defaultMode)) v[k].defaultMode = 420;
  }
  if (isObj(v.downwardAPI)) for (const item of list(v.downwardAPI.items)) defaultFieldRef(item.fieldRef);
  if (isObj(v.projected)) {
    for (const src of list(v.projected.sources)) {
      if (isObj(src.downwardAPI)) for (const item of list(src.downwardAPI.items)) defaultFieldRef(item.fieldRef);
      if (isObj(src.serviceAccountToken) && unset(src.serviceAccountToken.expirationSeconds)) src.serviceAccountToken.expirationSeconds = 3600;
    }
  }
  if (isObj(v.ephemeral) && isObj(v.ephemeral.volumeClaimTemplate)) {
    const spec = child(v.ephemeral.volumeClaimTemplate, 'spec');
    defaultPVCSpec(spec);
  }
  if (isObj(v.image) && emptyStr(v.image.pullPolicy)) v.image.pullPolicy = defaultPullPolicy(typeof v.image.reference === 'string' ? v.image.reference : '');
}

/** SetDefaults_PodSpec and the generated defaults of everything in a PodSpec (templates included). */
function defaultPodSpec(spec: Obj): void {
  if (emptyStr(spec.dnsPolicy)) spec.dnsPolicy = 'ClusterFirst';
  if (emptyStr(spec.restartPolicy)) spec.restartPolicy = 'Always';
  if (unset(spec.securityContext)) spec.securityContext = {};
  if (unset(spec.terminationGracePeriodSeconds)) spec.terminationGracePeriodSeconds = 30;
  if (emptyStr(spec.schedulerName)) spec.schedulerName = 'default-scheduler';
  // Convert_v1_PodSpec_To_core_PodSpec / Convert_core_PodSpec_To_v1_PodSpec: serviceAccount mirrors serviceAccountName
  if (emptyStr(spec.serviceAccountName) && !emptyStr(spec.serviceAccount)) spec.serviceAccountName = spec.serviceAccount;
  if (!emptyStr(spec.serviceAccountName)) spec.serviceAccount = spec.serviceAccountName;
  for (const v of list(spec.volumes)) defaultVolume(v);
  for (const c of list(spec.initContainers)) defaultContainer(c);
  for (const c of list(spec.containers)) defaultContainer(c);
  for (const c of list(spec.ephemeralContainers)) defaultContainer(c);
  defaultResourceList(spec.overhead);
}

/** SetDefaults_Pod (requests from limits, enableServiceLinks, host-network ports) — Pods only, not templates. */
function defaultPodOnly(spec: Obj): void {
  for (const key of ['containers', 'initContainers']) {
    for (const c of list(spec[key])) {
      const res = isObj(c.resources) ? c.resources : undefined;
      if (!res || !isObj(res.limits)) continue;
      const requests = child(res, 'requests');
      for (const [k, v] of Object.entries(res.limits)) if (!(k in requests)) requests[k] = v;
    }
  }
  if (unset(spec.enableServiceLinks)) spec.enableServiceLinks = true;
  if (spec.hostNetwork === true) {
    for (const key of ['containers', 'initContainers']) {
      for (const c of list(spec[key])) for (const port of list(c.ports)) if (!port.hostPort) port.hostPort = port.containerPort;
    }
  }
}

/** SetDefaults_PersistentVolumeClaimSpec + resource rounding */
function defaultPVCSpec(spec: Obj): void {
  if (unset(spec.volumeMode)) spec.volumeMode = 'Filesystem';
  if (isObj(spec.resources)) {
    defaultResourceList(spec.resources.limits);
    defaultResourceList(spec.resources.requests);
  }
}

function defaultTemplate(obj: Obj): void {
  const template = child(child(obj, 'spec'), 'template');
  defaultPodSpec(child(template, 'spec'));
}

// ---------------------------------------------------------------------------------------------
// Per kind
// ---------------------------------------------------------------------------------------------

function defaultPod(pod: Obj, opts: DefaultsOptions): void {
  const spec = child(pod, 'spec');
  defaultPodOnly(spec);
  defaultPodSpec(spec);
  // Priority is resolved by the Priority admission plugin upstream; this is the hook.
  if (emptyStr(spec.priorityClassName) || opts.priorityClasses) admitPriority(pod, opts.priorityClasses ?? []);
}

/** SetDefaults_Service (+ the registry's IP-family fill-in for a single-stack IPv4 cluster). */
function defaultService(svc: Obj): void {
  const spec = child(svc, 'spec');
  if (emptyStr(spec.sessionAffinity)) spec.sessionAffinity = 'None';
  if (spec.sessionAffinity === 'None') delete spec.sessionAffinityConfig;
  if (spec.sessionAffinity === 'ClientIP') {
    if (!isObj(spec.sessionAffinityConfig) || !isObj(spec.sessionAffinityConfig.clientIP) || unset(spec.sessionAffinityConfig.clientIP.timeoutSeconds)) {
      spec.sessionAffinityConfig = { clientIP: { timeoutSeconds: 10800 } };
    }
  }
  if (emptyStr(spec.type)) spec.type = 'ClusterIP';
  for (const sp of list(spec.ports)) {
    if (emptyStr(sp.protocol)) sp.protocol = 'TCP';
    if (unset(sp.targetPort) || sp.targetPort === 0 || sp.targetPort === '') sp.targetPort = sp.port;
  }
  const externallyAccessible =
    spec.type === 'LoadBalancer' || spec.type === 'NodePort' || (spec.type === 'ClusterIP' && Array.isArray(spec.externalIPs) && spec.externalIPs.length > 0);
  if (externallyAccessible && emptyStr(spec.externalTrafficPolicy)) spec.externalTrafficPolicy = 'Cluster';
  if (unset(spec.internalTrafficPolicy) && (spec.type === 'NodePort' || spec.type === 'LoadBalancer' || spec.type === 'ClusterIP')) {
    spec.internalTrafficPolicy = 'Cluster';
  }
  if (spec.type === 'LoadBalancer' && unset(spec.allocateLoadBalancerNodePorts)) spec.allocateLoadBalancerNodePorts = true;
  // registry (pkg/registry/core/service/storage): clusterIPs mirrors clusterIP; IP families
  if (spec.type !== 'ExternalName') {
    if (!emptyStr(spec.clusterIP) && (!Array.isArray(spec.clusterIPs) || spec.clusterIPs.length === 0)) spec.clusterIPs = [spec.clusterIP];
    const headlessNoSelector = spec.clusterIP === 'None' && (!isObj(spec.selector) || Object.keys(spec.selector).length === 0);
    if (unset(spec.ipFamilyPolicy)) spec.ipFamilyPolicy = headlessNoSelector ? 'RequireDualStack' : 'SingleStack';
    if (!Array.isArray(spec.ipFamilies) || spec.ipFamilies.length === 0) spec.ipFamilies = ['IPv4'];
  }
  // ServiceStatus.LoadBalancer is a struct: always serialised as `status: {loadBalancer: {}}`
  child(child(svc, 'status'), 'loadBalancer');
}

function defaultDeployment(d: Obj): void {
  const spec = child(d, 'spec');
  if (unset(spec.replicas)) spec.replicas = 1;
  const strategy = child(spec, 'strategy');
  if (emptyStr(strategy.type)) strategy.type = 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const ru = child(strategy, 'rollingUpdate');
    if (unset(ru.maxUnavailable)) ru.maxUnavailable = '25%';
    if (unset(ru.maxSurge)) ru.maxSurge = '25%';
  }
  if (unset(spec.revisionHistoryLimit)) spec.revisionHistoryLimit = 10;
  if (unset(spec.progressDeadlineSeconds)) spec.progressDeadlineSeconds = 600;
  defaultTemplate(d);
}

function defaultDaemonSet(ds: Obj): void {
  const spec = child(ds, 'spec');
  const us = child(spec, 'updateStrategy');
  if (emptyStr(us.type)) us.type = 'RollingUpdate';
  if (us.type === 'RollingUpdate') {
    const ru = child(us, 'rollingUpdate');
    if (unset(ru.maxUnavailable)) ru.maxUnavailable = 1;
    if (unset(ru.maxSurge)) ru.maxSurge = 0;
  }
  if (unset(spec.revisionHistoryLimit)) spec.revisionHistoryLimit = 10;
  defaultTemplate(ds);
}

/**
 * SetDefaults_StatefulSet (pkg/apis/apps/v1/defaults.go, StatefulSetAutoDeletePVC on as in v1.32),
 * plus the PVC defaults of each volumeClaimTemplate.
 */
function defaultStatefulSet(sts: Obj): void {
  const spec = child(sts, 'spec');
  if (emptyStr(spec.podManagementPolicy)) spec.podManagementPolicy = 'OrderedReady';
  const us = child(spec, 'updateStrategy');
  if (emptyStr(us.type)) {
    us.type = 'RollingUpdate';
    child(us, 'rollingUpdate');
  }
  if (us.type === 'RollingUpdate' && isObj(us.rollingUpdate) && unset(us.rollingUpdate.partition)) us.rollingUpdate.partition = 0;
  const retention = child(spec, 'persistentVolumeClaimRetentionPolicy');
  if (emptyStr(retention.whenDeleted)) retention.whenDeleted = 'Retain';
  if (emptyStr(retention.whenScaled)) retention.whenScaled = 'Retain';
  if (unset(spec.replicas)) spec.replicas = 1;
  if (unset(spec.revisionHistoryLimit)) spec.revisionHistoryLimit = 10;
  for (const claim of list(spec.volumeClaimTemplates)) {
    // The embedded claims are full objects: the server fills in their apiVersion and kind.
    claim.apiVersion ??= 'v1';
    claim.kind ??= 'PersistentVolumeClaim';
    defaultPVCSpec(child(claim, 'spec'));
    if (emptyStr(child(claim, 'status').phase)) claim.status.phase = 'Pending';
  }
  defaultTemplate(sts);
}

function defaultReplicaSet(rs: Obj): void {
  const spec = child(rs, 'spec');
  if (unset(spec.replicas)) spec.replicas = 1;
  defaultTemplate(rs);
}

/**
 * SetDefaults_Job (pkg/apis/batch/v1/defaults.go): completions and parallelism 1 when both are
 * unset, backoffLimit 6, the template's labels as the Job's when it has none, NonIndexed,
 * suspend false, podReplacementPolicy TerminatingOrFailed (Failed with a podFailurePolicy),
 * manualSelector false; then the pod template's defaults.
 */
function defaultJob(job: Obj): void {
  const spec = child(job, 'spec');
  defaultJobSpec(spec);
  const labels = isObj(spec.template) && isObj(spec.template.metadata) ? spec.template.metadata.labels : undefined;
  const md = child(job, 'metadata');
  if (isObj(labels) && (!isObj(md.labels) || Object.keys(md.labels).length === 0)) md.labels = { ...labels };
  defaultTemplate(job);
}

function defaultJobSpec(spec: Obj): void {
  if (unset(spec.completions) && unset(spec.parallelism)) {
    spec.completions = 1;
    spec.parallelism = 1;
  }
  if (unset(spec.parallelism)) spec.parallelism = 1;
  if (unset(spec.backoffLimit)) spec.backoffLimit = unset(spec.backoffLimitPerIndex) ? 6 : 2147483647;
  if (unset(spec.completionMode)) spec.completionMode = 'NonIndexed';
  if (unset(spec.suspend)) spec.suspend = false;
  if (isObj(spec.podFailurePolicy)) {
    for (const rule of list(spec.podFailurePolicy.rules)) for (const c of list(rule.onPodConditions)) if (emptyStr(c.status)) c.status = 'True';
  }
  if (unset(spec.podReplacementPolicy)) spec.podReplacementPolicy = isObj(spec.podFailurePolicy) ? 'Failed' : 'TerminatingOrFailed';
  if (unset(spec.manualSelector)) spec.manualSelector = false;
}

/**
 * SetDefaults_CronJob: concurrencyPolicy Allow, suspend false, history limits 3 and 1. The job
 * template gets only the pod template's generated defaults (the Job's own come when it is made).
 */
function defaultCronJob(cj: Obj): void {
  const spec = child(cj, 'spec');
  if (emptyStr(spec.concurrencyPolicy)) spec.concurrencyPolicy = 'Allow';
  if (unset(spec.suspend)) spec.suspend = false;
  if (unset(spec.successfulJobsHistoryLimit)) spec.successfulJobsHistoryLimit = 3;
  if (unset(spec.failedJobsHistoryLimit)) spec.failedJobsHistoryLimit = 1;
  defaultTemplate(child(spec, 'jobTemplate'));
}

/** upstream: pkg/apis/autoscaling/v2/defaults.go (defaultHPAScaleUpRules, defaultHPAScaleDownRules). */
export const DEFAULT_HPA_SCALE_UP_RULES = { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] };
export const DEFAULT_HPA_SCALE_DOWN_RULES = { selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] };
/** upstream: pkg/apis/autoscaling DefaultCPUUtilization */
export const DEFAULT_CPU_UTILIZATION = 80;

/** copyHPAScalingRules: the set fields of `from` over a copy of the defaults. */
function hpaScalingRules(from: unknown, defaults: Obj): Obj {
  const to: Obj = structuredClone(defaults);
  if (!isObj(from)) return to;
  if (!unset(from.selectPolicy)) to.selectPolicy = from.selectPolicy;
  if (!unset(from.stabilizationWindowSeconds)) to.stabilizationWindowSeconds = from.stabilizationWindowSeconds;
  if (!unset(from.policies)) to.policies = from.policies;
  return to;
}

/**
 * SetDefaults_HorizontalPodAutoscaler (autoscaling/v2, v1.32): minReplicas 1, a cpu 80% Utilization
 * metric when none is given, and a behavior's unset rules filled (only when a behavior is given).
 */
function defaultHorizontalPodAutoscaler(hpa: Obj): void {
  const spec = child(hpa, 'spec');
  if (unset(spec.minReplicas)) spec.minReplicas = 1;
  if (!Array.isArray(spec.metrics) || spec.metrics.length === 0) {
    spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } } }];
  }
  if (isObj(spec.behavior)) {
    spec.behavior.scaleUp = hpaScalingRules(spec.behavior.scaleUp, DEFAULT_HPA_SCALE_UP_RULES);
    spec.behavior.scaleDown = hpaScalingRules(spec.behavior.scaleDown, DEFAULT_HPA_SCALE_DOWN_RULES);
  }
}

/** SetDefaults_NamespaceStatus: phase Active (exported for the registry's PrepareForCreate). */
export function defaultNamespaceStatus(ns: Obj): void {
  const status = child(ns, 'status');
  if (emptyStr(status.phase)) status.phase = 'Active';
}

/**
 * The namespace registry's PrepareForCreate (pkg/registry/core/namespace/strategy.go): status is
 * reset to Active and the `kubernetes` finalizer is ensured.
 */
export function prepareNamespaceForCreate(ns: Obj): void {
  ns.status = { phase: 'Active' };
  const spec = child(ns, 'spec');
  const finalizers: string[] = Array.isArray(spec.finalizers) ? spec.finalizers : [];
  if (!finalizers.includes('kubernetes')) finalizers.push('kubernetes');
  spec.finalizers = finalizers;
}

/** SetDefaults_Namespace (kubernetes.io/metadata.name label) + SetDefaults_NamespaceStatus */
function defaultNamespace(ns: Obj): void {
  const name = ns.metadata?.name;
  if (typeof name === 'string' && name.length > 0) child(child(ns, 'metadata'), 'labels')['kubernetes.io/metadata.name'] = name;
  defaultNamespaceStatus(ns);
}

/** SetDefaults_NodeStatus (allocatable from capacity) + ResourceList rounding */
function defaultNode(node: Obj): void {
  const status = isObj(node.status) ? node.status : undefined;
  if (!status) return;
  if (unset(status.allocatable) && isObj(status.capacity)) status.allocatable = { ...status.capacity };
  defaultResourceList(status.capacity);
  defaultResourceList(status.allocatable);
}

function defaultPV(pv: Obj): void {
  const spec = child(pv, 'spec');
  if (emptyStr(child(pv, 'status').phase)) pv.status.phase = 'Pending';
  if (emptyStr(spec.persistentVolumeReclaimPolicy)) spec.persistentVolumeReclaimPolicy = 'Retain';
  if (unset(spec.volumeMode)) spec.volumeMode = 'Filesystem';
  defaultResourceList(spec.capacity);
  if (isObj(spec.hostPath) && unset(spec.hostPath.type)) spec.hostPath.type = '';
}

function defaultPVC(pvc: Obj): void {
  if (emptyStr(child(pvc, 'status').phase)) pvc.status.phase = 'Pending';
  defaultPVCSpec(child(pvc, 'spec'));
  defaultResourceList(pvc.status.capacity);
  defaultResourceList(pvc.status.allocatedResources);
}

function defaultEndpoints(ep: Obj): void {
  for (const ss of list(ep.subsets)) for (const port of list(ss.ports)) if (emptyStr(port.protocol)) port.protocol = 'TCP';
}

function defaultEndpointSlice(es: Obj): void {
  for (const port of list(es.ports)) {
    if (unset(port.name)) port.name = '';
    if (unset(port.protocol)) port.protocol = 'TCP';
  }
}

const DEFAULTERS: Record<string, (obj: Obj, opts: DefaultsOptions) => void> = {
  Pod: defaultPod,
  ReplicaSet: defaultReplicaSet,
  Deployment: defaultDeployment,
  DaemonSet: defaultDaemonSet,
  StatefulSet: defaultStatefulSet,
  Job: defaultJob,
  CronJob: defaultCronJob,
  HorizontalPodAutoscaler: defaultHorizontalPodAutoscaler,
  Service: defaultService,
  Secret: (s) => {
    if (emptyStr(s.type)) s.type = 'Opaque';
  },
  Namespace: defaultNamespace,
  Node: defaultNode,
  PersistentVolume: defaultPV,
  PersistentVolumeClaim: defaultPVC,
  Endpoints: defaultEndpoints,
  EndpointSlice: defaultEndpointSlice,
  PriorityClass: (pc) => {
    if (unset(pc.preemptionPolicy)) pc.preemptionPolicy = 'PreemptLowerPriority';
  },
  StorageClass: (sc) => {
    if (unset(sc.reclaimPolicy)) sc.reclaimPolicy = 'Delete';
    if (unset(sc.volumeBindingMode)) sc.volumeBindingMode = 'Immediate';
  },
  RoleBinding: defaultBinding,
  ClusterRoleBinding: defaultBinding,
  LimitRange: defaultLimitRange,
  ResourceQuota: (rq) => {
    if (isObj(rq.spec)) defaultResourceList(rq.spec.hard);
    if (isObj(rq.status)) {
      defaultResourceList(rq.status.hard);
      defaultResourceList(rq.status.used);
    }
  }
};

/**
 * upstream: pkg/apis/core/v1/defaults.go SetDefaults_LimitRangeItem: for a Container item, the
 * default limit falls back to max, the default request to the default limit, then to min; every
 * ResourceList rounded as SetDefaults_ResourceList does (zz_generated.defaults.go).
 */
function defaultLimitRange(lr: Obj): void {
  if (!isObj(lr.spec)) return;
  for (const item of list(lr.spec.limits)) {
    for (const f of ['max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio']) defaultResourceList(item[f]);
    if (item.type !== 'Container') continue;
    const def: Obj = isObj(item.default) ? { ...item.default } : {};
    const defReq: Obj = isObj(item.defaultRequest) ? { ...item.defaultRequest } : {};
    if (isObj(item.max)) for (const [k, v] of Object.entries(item.max)) if (!(k in def)) def[k] = v;
    for (const [k, v] of Object.entries(def)) if (!(k in defReq)) defReq[k] = v;
    if (isObj(item.min)) for (const [k, v] of Object.entries(item.min)) if (!(k in defReq)) defReq[k] = v;
    // Empty maps are omitted (omitempty), as an unset one.
    if (Object.keys(def).length > 0) item.default = def;
    if (Object.keys(defReq).length > 0) item.defaultRequest = defReq;
  }
}

/**
 * upstream: pkg/apis/rbac/v1/defaults.go SetDefaults_RoleBinding / SetDefaults_ClusterRoleBinding
 * (roleRef.apiGroup) and SetDefaults_Subject (User and Group in rbac.authorization.k8s.io).
 */
function defaultBinding(b: Obj): void {
  if (isObj(b.roleRef) && emptyStr(b.roleRef.apiGroup)) b.roleRef.apiGroup = 'rbac.authorization.k8s.io';
  if (!Array.isArray(b.subjects)) return;
  for (const s of b.subjects) {
    if (isObj(s) && emptyStr(s.apiGroup) && (s.kind === 'User' || s.kind === 'Group')) s.apiGroup = 'rbac.authorization.k8s.io';
  }
}

/**
 * Applies upstream defaults to `obj` (a fresh copy the caller owns) in place. Unknown kinds and
 * kinds without defaults (ConfigMap, Lease, Event, ServiceAccount) are left unchanged.
 */
export function applyDefaults(kind: string, obj: any, opts: DefaultsOptions = {}): void {
  if (!isObj(obj)) return;
  DEFAULTERS[kind]?.(obj, opts);
}
