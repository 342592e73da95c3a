/**
 * Pod and PodSpec validation.
 *
 * upstream: pkg/apis/core/validation/validation.go  (ValidatePodCreate, ValidatePodUpdate,
 *           validatePodMetadataAndSpec, ValidatePodSpec, validateContainers, validateInitContainers,
 *           validateContainerCommon, ValidateVolumes, validateVolumeSource, validateContainerPorts,
 *           ValidateEnv, ValidateVolumeMounts, validateResourceRequirements, validateProbe, ValidateTolerations,
 *           validateAffinity, validateTopologySpreadConstraints, ValidatePodTemplateSpec ...)
 *
 * Objects are validated in their v1 JSON form after defaulting (as the apiserver validates the
 * internal form after decode + defaulting), so field paths are the JSON names.
 */
import {
  duplicate,
  forbidden,
  goRepr,
  invalid,
  notFound,
  notSupported,
  path,
  required,
  tooLong,
  type FieldError,
  type Path
} from './field';
import {
  arr,
  deepEqual,
  entries,
  isObj,
  num,
  str,
  validateAnnotations,
  validateLabelName,
  validateLabels,
  validateLabelSelector,
  validateNonnegativeField,
  validateSelectorRequirement,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type Obj
} from './meta';
import {
  inclusiveRangeError,
  isConfigMapKey,
  isDNS1123Subdomain,
  isHTTPHeaderName,
  isQualifiedName,
  isRelaxedEnvVarName,
  isValidIP,
  isValidLabelValue,
  isValidPortName,
  isValidPortNum,
  isValidUserOrGroupID,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  isDNS1123Label
} from './names';
import { isWholeQuantity, quantityOf, QUANTITY_FORMAT_ERROR } from './quantities';

export interface PodValidationOptions {
  /** The top-level object is a Pod (not a template embedded in a workload). */
  resourceIsPod?: boolean;
  allowInvalidLabelValueInSelector?: boolean;
}

const MAX_INT32 = 2147483647;
const fileModeErrorMsg = 'must be a number between 0 and 0777 (octal), both inclusive';
const isNotPositiveErrorMsg = 'must be greater than zero';

/** upstream ValidateDNS1123Label */
export function validateDNS1123Label(value: string, p: Path): FieldError[] {
  return isDNS1123Label(value).map((msg) => invalid(p, value, msg));
}

/** upstream ValidateDNS1123Subdomain */
export function validateDNS1123Subdomain(value: string, p: Path): FieldError[] {
  return isDNS1123Subdomain(value).map((msg) => invalid(p, value, msg));
}

/** upstream ValidateQualifiedName */
export function validateQualifiedName(value: string, p: Path): FieldError[] {
  return isQualifiedName(value).map((msg) => invalid(p, value, msg));
}

/** upstream ValidatePortNumOrName (intstr: JSON number or string). */
export function validatePortNumOrName(port: unknown, p: Path): FieldError[] {
  if (typeof port === 'number') return isValidPortNum(port).map((msg) => invalid(p, port, msg));
  if (typeof port === 'string') return isValidPortName(port).map((msg) => invalid(p, port, msg));
  return isValidPortNum(0).map((msg) => invalid(p, 0, msg));
}

// ---------------------------------------------------------------------------------------------
// Paths (validatePathNoBacksteps, validateLocalDescendingPath, ValidateLocalNonReservedPath)
// ---------------------------------------------------------------------------------------------

function validatePathNoBacksteps(target: string, p: Path): FieldError[] {
  if (target.split('/').some((part) => part === '..')) return [invalid(p, target, "must not contain '..'")];
  return [];
}

function validateLocalDescendingPath(target: string, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (target.startsWith('/')) errs.push(invalid(p, target, 'must be a relative path'));
  errs.push(...validatePathNoBacksteps(target, p));
  return errs;
}

function validateLocalNonReservedPath(target: string, p: Path): FieldError[] {
  const errs = validateLocalDescendingPath(target, p);
  if (target.startsWith('..') && !target.startsWith('../')) errs.push(invalid(p, target, "must not start with '..'"));
  return errs;
}

function validFileMode(mode: unknown): boolean {
  return mode === undefined || mode === null || (typeof mode === 'number' && mode >= 0 && mode <= 0o777);
}

// ---------------------------------------------------------------------------------------------
// Volumes
// ---------------------------------------------------------------------------------------------

/** upstream validateKeyToPath */
function validateKeyToPath(kp: Obj, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (str(kp.key).length === 0) errs.push(required(p.child('key'), ''));
  if (str(kp.path).length === 0) errs.push(required(p.child('path'), ''));
  errs.push(...validateLocalNonReservedPath(str(kp.path), p.child('path')));
  if (!validFileMode(kp.mode)) errs.push(invalid(p.child('mode'), kp.mode, fileModeErrorMsg));
  return errs;
}

const validVolumeDownwardAPIFieldPathExpressions = ['metadata.annotations', 'metadata.labels', 'metadata.name', 'metadata.namespace', 'metadata.uid'];
const validEnvDownwardAPIFieldPathExpressions = [
  'metadata.name',
  'metadata.namespace',
  'metadata.uid',
  'spec.nodeName',
  'spec.serviceAccountName',
  'status.hostIP',
  'status.hostIPs',
  'status.podIP',
  'status.podIPs'
];
const validContainerResourceFieldPathExpressions = [
  'limits.cpu',
  'limits.ephemeral-storage',
  'limits.memory',
  'requests.cpu',
  'requests.ephemeral-storage',
  'requests.memory'
];

/** upstream fieldpath.SplitMaybeSubscriptedPath */
function splitMaybeSubscriptedPath(fieldPath: string): { path: string; subscript: string } | undefined {
  if (!fieldPath.endsWith("']")) return undefined;
  const s = fieldPath.slice(0, -2);
  const i = s.indexOf("['");
  if (i < 0) return undefined;
  return { path: s.slice(0, i), subscript: s.slice(i + 2) };
}

/** upstream podshelper.ConvertDownwardAPIFieldLabel */
function convertDownwardAPIFieldLabel(version: string, label: string): { label?: string; err?: string } {
  if (version !== 'v1') return { err: `unsupported pod version: ${version}` };
  const sub = splitMaybeSubscriptedPath(label);
  if (sub) {
    if (sub.path === 'metadata.annotations' || sub.path === 'metadata.labels') return { label };
    return { err: `field label does not support subscript: ${label}` };
  }
  const ok = [
    'metadata.annotations',
    'metadata.labels',
    'metadata.name',
    'metadata.namespace',
    'metadata.uid',
    'spec.nodeName',
    'spec.restartPolicy',
    'spec.serviceAccountName',
    'spec.schedulerName',
    'status.phase',
    'status.hostIP',
    'status.hostIPs',
    'status.podIP',
    'status.podIPs'
  ];
  if (ok.includes(label)) return { label };
  if (label === 'spec.host') return { label: 'spec.nodeName' };
  return { err: `field label not supported: ${label}` };
}

/** upstream validateObjectFieldSelector */
function validateObjectFieldSelector(fs: Obj, expressions: readonly string[], p: Path): FieldError[] {
  if (str(fs.apiVersion).length === 0) return [required(p.child('apiVersion'), '')];
  if (str(fs.fieldPath).length === 0) return [required(p.child('fieldPath'), '')];
  const conv = convertDownwardAPIFieldLabel(str(fs.apiVersion), str(fs.fieldPath));
  if (conv.err !== undefined) return [invalid(p.child('fieldPath'), str(fs.fieldPath), `error converting fieldPath: ${conv.err}`)];
  const internal = conv.label ?? '';
  const sub = splitMaybeSubscriptedPath(internal);
  if (sub) {
    if (sub.path === 'metadata.annotations') return validateQualifiedName(sub.subscript.toLowerCase(), p);
    if (sub.path === 'metadata.labels') return validateQualifiedName(sub.subscript, p);
    return [invalid(p, sub.path, 'does not support subscript')];
  }
  if (!expressions.includes(internal)) return [notSupported(p.child('fieldPath'), internal, expressions)];
  return [];
}

/** upstream validateContainerResourceFieldSelector (divisor checks not ported) */
function validateContainerResourceFieldSelector(fs: Obj, p: Path, volume: boolean): FieldError[] {
  const resource = str(fs.resource);
  if (volume && str(fs.containerName).length === 0) return [required(p.child('containerName'), '')];
  if (resource.length === 0) return [required(p.child('resource'), '')];
  if (!validContainerResourceFieldPathExpressions.includes(resource) && !resource.startsWith('requests.hugepages-') && !resource.startsWith('limits.hugepages-')) {
    return [notSupported(p.child('resource'), resource, validContainerResourceFieldPathExpressions)];
  }
  return [];
}

/** upstream validateDownwardAPIVolumeFile */
function validateDownwardAPIVolumeFile(file: Obj, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (str(file.path).length === 0) errs.push(required(p.child('path'), ''));
  errs.push(...validateLocalNonReservedPath(str(file.path), p.child('path')));
  if (isObj(file.fieldRef)) {
    errs.push(...validateObjectFieldSelector(file.fieldRef, validVolumeDownwardAPIFieldPathExpressions, p.child('fieldRef')));
    if (isObj(file.resourceFieldRef)) errs.push(invalid(p, 'resource', 'fieldRef and resourceFieldRef can not be specified simultaneously'));
  } else if (isObj(file.resourceFieldRef)) {
    errs.push(...validateContainerResourceFieldSelector(file.resourceFieldRef, p.child('resourceFieldRef'), true));
  } else {
    errs.push(required(p, 'one of fieldRef and resourceFieldRef is required'));
  }
  if (!validFileMode(file.mode)) errs.push(invalid(p.child('mode'), file.mode, fileModeErrorMsg));
  return errs;
}

/** upstream validateProjectionSources */
function validateProjectionSources(projection: Obj, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const allPaths = new Set<string>();
  arr(projection.sources).forEach((source: Obj, i) => {
    let numSources = 0;
    const srcPath = p.child('sources').index(i);
    for (const kind of ['secret', 'configMap'] as const) {
      const s = source?.[kind];
      if (!isObj(s)) continue;
      numSources++;
      const projPath = srcPath.child(kind);
      if (str(s.name).length === 0) errs.push(required(projPath.child('name'), ''));
      arr(s.items).forEach((kp: Obj, j) => {
        errs.push(...validateKeyToPath(isObj(kp) ? kp : {}, projPath.child('items').index(j)));
        const cur = str(kp?.path);
        if (cur.length > 0) {
          if (!allPaths.has(cur)) allPaths.add(cur);
          else errs.push(invalid(p, str(s.name), 'conflicting duplicate paths'));
        }
      });
    }
    if (isObj(source?.downwardAPI)) {
      numSources++;
      const projPath = srcPath.child('downwardAPI');
      for (const file of arr(source.downwardAPI.items)) {
        errs.push(...validateDownwardAPIVolumeFile(isObj(file) ? file : {}, projPath));
        const cur = str(file?.path);
        if (cur.length > 0) {
          if (!allPaths.has(cur)) allPaths.add(cur);
          else errs.push(invalid(p, cur, 'conflicting duplicate paths'));
        }
      }
    }
    if (isObj(source?.serviceAccountToken)) {
      numSources++;
      const sat = source.serviceAccountToken;
      const projPath = srcPath.child('serviceAccountToken');
      const exp = num(sat.expirationSeconds);
      if (exp < 10 * 60) errs.push(invalid(projPath.child('expirationSeconds'), exp, 'may not specify a duration less than 10 minutes'));
      if (exp > 2 ** 32) errs.push(invalid(projPath.child('expirationSeconds'), exp, 'may not specify a duration larger than 2^32 seconds'));
      if (str(sat.path) === '') errs.push(required(p.child('path'), ''));
      else errs.push(...validateLocalNonReservedPath(str(sat.path), p.child('path')));
    }
    if (isObj(source?.clusterTrustBundle)) numSources++;
    if (numSources > 1) errs.push(forbidden(srcPath, 'may not specify more than 1 volume type per source'));
  });
  return errs;
}

const supportedHostPathTypes = ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'];

type SourceValidator = (s: Obj, p: Path, volName: string, podMeta: Obj | undefined, opts: PodValidationOptions) => FieldError[];

function requiredFields(...fields: string[]): SourceValidator {
  return (s, p) => fields.filter((f) => s[f] === undefined || s[f] === null || s[f] === '' || (Array.isArray(s[f]) && s[f].length === 0)).map((f) => required(p.child(f), ''));
}

/**
 * Volume source kinds in upstream validateVolumeSource order: [json key, path used for the nested
 * validation (upstream quirks kept: gcePersistentDisk -> persistentDisk, cephFS -> cephfs), path used
 * for the "more than 1 volume type" error (downwardAPI -> downwarAPI), validator].
 */
const VOLUME_SOURCES: [string, string, string, SourceValidator][] = [
  [
    'emptyDir',
    'emptyDir',
    'emptyDir',
    (s, p) => {
      const q = s.sizeLimit === undefined ? undefined : quantityOf(s.sizeLimit);
      if (s.sizeLimit !== undefined && (q === undefined || q.sign() < 0)) return [forbidden(p.child('sizeLimit'), 'SizeLimit field must be a valid resource quantity')];
      return [];
    }
  ],
  [
    'hostPath',
    'hostPath',
    'hostPath',
    (s, p) => {
      if (str(s.path).length === 0) return [required(p.child('path'), '')];
      const errs = validatePathNoBacksteps(str(s.path), p.child('path'));
      if (s.type !== undefined && s.type !== null && !supportedHostPathTypes.includes(str(s.type))) errs.push(notSupported(p.child('type'), str(s.type), supportedHostPathTypes));
      return errs;
    }
  ],
  ['gitRepo', 'gitRepo', 'gitRepo', (s, p) => [...requiredFields('repository')(s, p, '', undefined, {}), ...validateLocalDescendingPath(str(s.directory), p.child('directory'))]],
  ['gcePersistentDisk', 'persistentDisk', 'gcePersistentDisk', requiredFields('pdName')],
  ['awsElasticBlockStore', 'awsElasticBlockStore', 'awsElasticBlockStore', requiredFields('volumeID')],
  [
    'secret',
    'secret',
    'secret',
    (s, p) => {
      const errs: FieldError[] = [];
      if (str(s.secretName).length === 0) errs.push(required(p.child('secretName'), ''));
      if (!validFileMode(s.defaultMode)) errs.push(invalid(p.child('defaultMode'), s.defaultMode, fileModeErrorMsg));
      arr(s.items).forEach((kp, i) => errs.push(...validateKeyToPath(isObj(kp) ? kp : {}, p.child('items').index(i))));
      return errs;
    }
  ],
  [
    'nfs',
    'nfs',
    'nfs',
    (s, p) => {
      const errs = requiredFields('server', 'path')(s, p, '', undefined, {});
      if (!str(s.path).startsWith('/')) errs.push(invalid(p.child('path'), str(s.path), 'must be an absolute path'));
      return errs;
    }
  ],
  ['iscsi', 'iscsi', 'iscsi', requiredFields('targetPortal', 'iqn')],
  ['glusterfs', 'glusterfs', 'glusterfs', (s, p) => requiredFields('endpoints', 'path')(s, p, '', undefined, {})],
  ['flocker', 'flocker', 'flocker', (s, p) => (str(s.datasetName) === '' && str(s.datasetUUID) === '' ? [required(p, 'one of datasetName and datasetUUID is required')] : [])],
  ['persistentVolumeClaim', 'persistentVolumeClaim', 'persistentVolumeClaim', requiredFields('claimName')],
  ['rbd', 'rbd', 'rbd', requiredFields('monitors', 'image')],
  ['cinder', 'cinder', 'cinder', requiredFields('volumeID')],
  ['cephfs', 'cephfs', 'cephFS', requiredFields('monitors')],
  ['quobyte', 'quobyte', 'quobyte', requiredFields('registry', 'volume')],
  [
    'downwardAPI',
    'downwardAPI',
    'downwarAPI',
    (s, p) => {
      const errs: FieldError[] = [];
      if (!validFileMode(s.defaultMode)) errs.push(invalid(p.child('defaultMode'), s.defaultMode, fileModeErrorMsg));
      for (const file of arr(s.items)) errs.push(...validateDownwardAPIVolumeFile(isObj(file) ? file : {}, p));
      return errs;
    }
  ],
  [
    'fc',
    'fc',
    'fc',
    (s, p) => (arr(s.targetWWNs).length < 1 && arr(s.wwids).length < 1 ? [required(p.child('targetWWNs'), 'must specify either targetWWNs or wwids, but not both')] : [])
  ],
  ['flexVolume', 'flexVolume', 'flexVolume', requiredFields('driver')],
  [
    'configMap',
    'configMap',
    'configMap',
    (s, p) => {
      const errs: FieldError[] = [];
      if (str(s.name).length === 0) errs.push(required(p.child('name'), ''));
      if (!validFileMode(s.defaultMode)) errs.push(invalid(p.child('defaultMode'), s.defaultMode, fileModeErrorMsg));
      arr(s.items).forEach((kp, i) => errs.push(...validateKeyToPath(isObj(kp) ? kp : {}, p.child('items').index(i))));
      return errs;
    }
  ],
  ['azureFile', 'azureFile', 'azureFile', requiredFields('secretName', 'shareName')],
  ['vsphereVolume', 'vsphereVolume', 'vsphereVolume', requiredFields('volumePath')],
  ['photonPersistentDisk', 'photonPersistentDisk', 'photonPersistentDisk', requiredFields('pdID')],
  ['portworxVolume', 'portworxVolume', 'portworxVolume', requiredFields('volumeID')],
  ['azureDisk', 'azureDisk', 'azureDisk', requiredFields('diskName', 'diskURI')],
  ['storageos', 'storageos', 'storageos', requiredFields('volumeName')],
  [
    'projected',
    'projected',
    'projected',
    (s, p) => {
      const errs: FieldError[] = [];
      if (!validFileMode(s.defaultMode)) errs.push(invalid(p.child('defaultMode'), s.defaultMode, fileModeErrorMsg));
      errs.push(...validateProjectionSources(s, p));
      return errs;
    }
  ],
  ['scaleIO', 'scaleIO', 'scaleIO', requiredFields('gateway', 'system', 'volumeName')],
  [
    'csi',
    'csi',
    'csi',
    (s, p) => {
      const driver = str(s.driver);
      const errs: FieldError[] = [];
      if (driver.length === 0) errs.push(required(p.child('driver'), ''));
      if (driver.length > 63) errs.push(tooLong(p.child('driver'), '', 63));
      for (const msg of isDNS1123Subdomain(driver.toLowerCase())) errs.push(invalid(p.child('driver'), driver, msg));
      return errs;
    }
  ],
  [
    'ephemeral',
    'ephemeral',
    'ephemeral',
    (s, p, volName, podMeta) => {
      if (!isObj(s.volumeClaimTemplate)) return [required(p.child('volumeClaimTemplate'), '')];
      const t = s.volumeClaimTemplate;
      const errs = validateAnnotations(t.metadata?.annotations, p.child('volumeClaimTemplate', 'metadata', 'annotations'));
      errs.push(...validateLabels(t.metadata?.labels, p.child('volumeClaimTemplate', 'metadata', 'labels')));
      errs.push(...validatePersistentVolumeClaimSpec(isObj(t.spec) ? t.spec : {}, p.child('volumeClaimTemplate', 'spec')));
      const podName = str(podMeta?.name);
      if (podName !== '' && volName !== '') {
        const pvcName = `${podName}-${volName}`;
        for (const msg of nameIsDNSSubdomain(pvcName, false)) errs.push(invalid(p.child('name'), volName, `PVC name "${pvcName}": ${msg}`));
      }
      return errs;
    }
  ],
  [
    'image',
    'image',
    'image',
    (s, p, _v, _m, opts) => {
      const errs: FieldError[] = [];
      if (opts.resourceIsPod && str(s.reference).length === 0) errs.push(required(p.child('reference'), ''));
      errs.push(...validatePullPolicy(s.pullPolicy, p.child('pullPolicy')));
      return errs;
    }
  ]
];

/** upstream validateVolumeSource */
function validateVolumeSource(vol: Obj, p: Path, volName: string, podMeta: Obj | undefined, opts: PodValidationOptions): FieldError[] {
  let numVolumes = 0;
  const errs: FieldError[] = [];
  for (const [key, nestedPath, extraPath, fn] of VOLUME_SOURCES) {
    if (!isObj(vol[key])) continue;
    if (numVolumes > 0) {
      errs.push(forbidden(p.child(extraPath), 'may not specify more than 1 volume type'));
    } else {
      numVolumes++;
      errs.push(...fn(vol[key], p.child(nestedPath), volName, podMeta, opts));
    }
  }
  if (numVolumes === 0) errs.push(required(p, 'must specify a volume type'));
  return errs;
}

/** upstream ValidateVolumes; returns the map of valid volume names to their source. */
export function validateVolumes(volumes: unknown, podMeta: Obj | undefined, p: Path, opts: PodValidationOptions): { vols: Map<string, Obj>; errs: FieldError[] } {
  const errs: FieldError[] = [];
  const allNames = new Set<string>();
  const createdPVCs = new Set<string>();
  const list = arr(volumes);
  if (podMeta && str(podMeta.name) !== '') {
    for (const v of list) if (isObj(v?.ephemeral)) createdPVCs.add(`${str(podMeta.name)}-${str(v.name)}`);
  }
  const vols = new Map<string, Obj>();
  list.forEach((raw, i) => {
    const vol: Obj = isObj(raw) ? raw : {};
    const idxPath = p.index(i);
    const namePath = idxPath.child('name');
    const name = str(vol.name);
    const el = validateVolumeSource(vol, idxPath, name, podMeta, opts);
    if (name.length === 0) el.push(required(namePath, ''));
    else el.push(...validateDNS1123Label(name, namePath));
    if (allNames.has(name)) el.push(duplicate(namePath, name));
    if (el.length === 0) {
      allNames.add(name);
      vols.set(name, vol);
    } else errs.push(...el);
    if (isObj(vol.persistentVolumeClaim) && createdPVCs.has(str(vol.persistentVolumeClaim.claimName))) {
      errs.push(invalid(idxPath.child('persistentVolumeClaim', 'claimName'), str(vol.persistentVolumeClaim.claimName), 'must not reference a PVC that gets created for an ephemeral volume'));
    }
  });
  return { vols, errs };
}

// ---------------------------------------------------------------------------------------------
// PersistentVolumeClaimSpec (shared with pvc.ts through ephemeral volumes)
// ---------------------------------------------------------------------------------------------

export const supportedAccessModes = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];
export const supportedVolumeModes = ['Block', 'Filesystem'];

/** upstream ValidatePositiveQuantityValue */
export function validatePositiveQuantity(v: unknown, p: Path): FieldError[] {
  const q = quantityOf(v);
  if (!q) return [invalid(p, v, QUANTITY_FORMAT_ERROR)];
  if (q.sign() <= 0) return [invalid(p, q.toString(), isNotPositiveErrorMsg)];
  return [];
}

/**
 * The accessModes checks upstream ValidatePersistentVolumeSpec and ValidatePersistentVolumeClaimSpec
 * share: each mode supported, and ReadWriteOncePod alone.
 */
export function validateAccessModes(modes: readonly string[], p: Path): FieldError[] {
  const errs: FieldError[] = [];
  let rwop = false;
  let other = false;
  for (const mode of modes) {
    if (!supportedAccessModes.includes(mode)) errs.push(notSupported(p, mode, supportedAccessModes));
    if (mode === 'ReadWriteOncePod') rwop = true;
    else if (supportedAccessModes.includes(mode)) other = true;
  }
  if (rwop && other) errs.push(forbidden(p, 'may not use ReadWriteOncePod with other access modes'));
  return errs;
}

/** upstream ValidatePersistentVolumeClaimSpec */
export function validatePersistentVolumeClaimSpec(spec: Obj, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const modes = arr(spec.accessModes).map(str);
  if (modes.length === 0) errs.push(required(p.child('accessModes'), 'at least 1 access mode is required'));
  if (isObj(spec.selector)) errs.push(...validateLabelSelector(spec.selector, {}, p.child('selector')));
  errs.push(...validateAccessModes(modes, p.child('accessModes')));
  const requests = spec.resources?.requests;
  const storagePath = p.child('resources').key('storage');
  if (!isObj(requests) || requests.storage === undefined) {
    errs.push(required(storagePath, ''));
  } else {
    const pe = validatePositiveQuantity(requests.storage, storagePath);
    errs.push(...pe);
  }
  if (typeof spec.storageClassName === 'string' && spec.storageClassName.length > 0) {
    for (const msg of nameIsDNSSubdomain(spec.storageClassName, false)) errs.push(invalid(p.child('storageClassName'), spec.storageClassName, msg));
  }
  if (spec.volumeMode !== undefined && spec.volumeMode !== null && !supportedVolumeModes.includes(str(spec.volumeMode))) {
    errs.push(notSupported(p.child('volumeMode'), str(spec.volumeMode), supportedVolumeModes));
  }
  if (isObj(spec.dataSource)) {
    const ds = spec.dataSource;
    const dp = p.child('dataSource');
    if (str(ds.name).length === 0) errs.push(required(dp.child('name'), ''));
    if (str(ds.kind).length === 0) errs.push(required(dp.child('kind'), ''));
    if (str(ds.apiGroup).length === 0 && ds.kind !== 'PersistentVolumeClaim') {
      errs.push(invalid(dp, str(ds.kind), "must be 'PersistentVolumeClaim' when referencing the default apiGroup"));
    }
  }
  return errs;
}

// ---------------------------------------------------------------------------------------------
// Containers
// ---------------------------------------------------------------------------------------------

const supportedPortProtocols = ['SCTP', 'TCP', 'UDP'];

/** upstream validateContainerPorts */
function validateContainerPorts(ports: unknown, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const allNames = new Set<string>();
  arr(ports).forEach((raw, i) => {
    const port: Obj = isObj(raw) ? raw : {};
    const idxPath = p.index(i);
    const name = str(port.name);
    if (name.length > 0) {
      const msgs = isValidPortName(name);
      if (msgs.length !== 0) for (const m of msgs) errs.push(invalid(idxPath.child('name'), name, m));
      else if (allNames.has(name)) errs.push(duplicate(idxPath.child('name'), name));
      else allNames.add(name);
    }
    const cp = num(port.containerPort);
    if (cp === 0) errs.push(required(idxPath.child('containerPort'), ''));
    else for (const m of isValidPortNum(cp)) errs.push(invalid(idxPath.child('containerPort'), cp, m));
    const hp = num(port.hostPort);
    if (hp !== 0) for (const m of isValidPortNum(hp)) errs.push(invalid(idxPath.child('hostPort'), hp, m));
    const proto = str(port.protocol);
    if (proto.length === 0) errs.push(required(idxPath.child('protocol'), ''));
    else if (!supportedPortProtocols.includes(proto)) errs.push(notSupported(idxPath.child('protocol'), proto, supportedPortProtocols));
  });
  return errs;
}

/** upstream validateConfigMapKeySelector / validateSecretKeySelector */
function validateKeySelector(s: Obj, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  for (const msg of nameIsDNSSubdomain(str(s.name), false)) errs.push(invalid(p.child('name'), str(s.name), msg));
  const key = str(s.key);
  if (key.length === 0) errs.push(required(p.child('key'), ''));
  else for (const msg of isConfigMapKey(key)) errs.push(invalid(p.child('key'), key, msg));
  return errs;
}

/** upstream validateEnvVarValueFrom */
function validateEnvVarValueFrom(ev: Obj, p: Path): FieldError[] {
  if (!isObj(ev.valueFrom)) return [];
  const vf = ev.valueFrom;
  const errs: FieldError[] = [];
  let numSources = 0;
  if (isObj(vf.fieldRef)) {
    numSources++;
    errs.push(...validateObjectFieldSelector(vf.fieldRef, validEnvDownwardAPIFieldPathExpressions, p.child('fieldRef')));
  }
  if (isObj(vf.resourceFieldRef)) {
    numSources++;
    errs.push(...validateContainerResourceFieldSelector(vf.resourceFieldRef, p.child('resourceFieldRef'), false));
  }
  if (isObj(vf.configMapKeyRef)) {
    numSources++;
    errs.push(...validateKeySelector(vf.configMapKeyRef, p.child('configMapKeyRef')));
  }
  if (isObj(vf.secretKeyRef)) {
    numSources++;
    errs.push(...validateKeySelector(vf.secretKeyRef, p.child('secretKeyRef')));
  }
  if (numSources === 0) errs.push(invalid(p, '', 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`'));
  else if (str(ev.value).length !== 0) errs.push(invalid(p, '', 'may not be specified when `value` is not empty'));
  else if (numSources > 1) errs.push(invalid(p, '', 'may not have more than one field specified at a time'));
  return errs;
}

/** upstream ValidateEnv (RelaxedEnvironmentVariableValidation is on in v1.32). */
function validateEnv(vars: unknown, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  arr(vars).forEach((raw, i) => {
    const ev: Obj = isObj(raw) ? raw : {};
    const idxPath = p.index(i);
    const name = str(ev.name);
    if (name.length === 0) errs.push(required(idxPath.child('name'), ''));
    else for (const msg of isRelaxedEnvVarName(name)) errs.push(invalid(idxPath.child('name'), name, msg));
    errs.push(...validateEnvVarValueFrom(ev, idxPath.child('valueFrom')));
  });
  return errs;
}

/** upstream ValidateEnvFrom */
function validateEnvFrom(vars: unknown, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  arr(vars).forEach((raw, i) => {
    const ev: Obj = isObj(raw) ? raw : {};
    const idxPath = p.index(i);
    const prefix = str(ev.prefix);
    if (prefix.length > 0) for (const msg of isRelaxedEnvVarName(prefix)) errs.push(invalid(idxPath.child('prefix'), prefix, msg));
    let numSources = 0;
    for (const kind of ['configMapRef', 'secretRef']) {
      if (!isObj(ev[kind])) continue;
      numSources++;
      const name = str(ev[kind].name);
      if (name.length === 0) errs.push(required(idxPath.child(kind, 'name'), ''));
      else for (const msg of nameIsDNSSubdomain(name, true)) errs.push(invalid(idxPath.child(kind, 'name'), name, msg));
    }
    if (numSources === 0) errs.push(invalid(p, '', 'must specify one of: `configMapRef` or `secretRef`'));
    else if (numSources > 1) errs.push(invalid(p, '', 'may not have more than one field specified at a time'));
  });
  return errs;
}

/** upstream ValidateVolumeMounts */
function validateVolumeMounts(mounts: unknown, devices: Map<string, string>, volumes: Map<string, Obj>, container: Obj, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const mountpoints = new Set<string>();
  arr(mounts).forEach((raw, i) => {
    const mnt: Obj = isObj(raw) ? raw : {};
    const idxPath = p.index(i);
    const name = str(mnt.name);
    const mountPath = str(mnt.mountPath);
    if (name.length === 0) errs.push(required(idxPath.child('name'), ''));
    if (!volumes.has(name)) errs.push(notFound(idxPath.child('name'), name));
    if (mountPath.length === 0) errs.push(required(idxPath.child('mountPath'), ''));
    if (mountpoints.has(mountPath)) errs.push(invalid(idxPath.child('mountPath'), mountPath, 'must be unique'));
    mountpoints.add(mountPath);
    if (devices.has(name)) errs.push(invalid(idxPath.child('name'), name, 'must not already exist in volumeDevices'));
    if ([...devices.values()].includes(mountPath)) errs.push(invalid(idxPath.child('mountPath'), mountPath, 'must not already exist as a path in volumeDevices'));
    const subPath = str(mnt.subPath);
    const subPathExpr = str(mnt.subPathExpr);
    const v = volumes.get(name);
    if (v && isObj(v.image)) {
      if (subPath.length !== 0) errs.push(invalid(idxPath.child('subPath'), subPath, 'not allowed in image volume sources'));
      if (subPathExpr.length !== 0) errs.push(invalid(idxPath.child('subPathExpr'), subPathExpr, 'not allowed in image volume sources'));
    }
    if (subPath.length > 0) errs.push(...validateLocalDescendingPath(subPath, p.child('subPath')));
    if (subPathExpr.length > 0) {
      if (subPath.length > 0) errs.push(invalid(idxPath.child('subPathExpr'), subPathExpr, 'subPathExpr and subPath are mutually exclusive'));
      errs.push(...validateLocalDescendingPath(subPathExpr, p.child('subPathExpr')));
    }
    if (mnt.mountPropagation !== undefined && mnt.mountPropagation !== null) {
      const mp = str(mnt.mountPropagation);
      const supported = ['Bidirectional', 'HostToContainer', 'None'];
      if (!supported.includes(mp)) errs.push(notSupported(p.child('mountPropagation'), mp, supported));
      const privileged = container.securityContext?.privileged === true;
      if (mp === 'Bidirectional' && !privileged) errs.push(forbidden(p.child('mountPropagation'), 'Bidirectional mount propagation is available only to privileged containers'));
    }
    if (mnt.recursiveReadOnly !== undefined && mnt.recursiveReadOnly !== null) {
      const rro = str(mnt.recursiveReadOnly);
      const rp = p.child('recursiveReadOnly');
      if (rro === 'Enabled' || rro === 'IfPossible') {
        if (mnt.readOnly !== true) errs.push(forbidden(rp, 'may only be specified when readOnly is true'));
        if (mnt.mountPropagation && mnt.mountPropagation !== 'None') errs.push(forbidden(rp, 'may only be specified when mountPropagation is None or not specified'));
      } else if (rro !== 'Disabled') errs.push(notSupported(rp, rro, ['Disabled', 'Enabled', 'IfPossible']));
    }
  });
  return errs;
}

/** upstream ValidateVolumeDevices */
function validateVolumeDevices(devices: unknown, mounts: Map<string, string>, volumes: Map<string, Obj>, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const devicePaths = new Set<string>();
  const deviceNames = new Set<string>();
  arr(devices).forEach((raw, i) => {
    const dev: Obj = isObj(raw) ? raw : {};
    const idxPath = p.index(i);
    const name = str(dev.name);
    const devPath = str(dev.devicePath);
    const src = volumes.get(name);
    const isPVC = !!src && (isObj(src.persistentVolumeClaim) || isObj(src.ephemeral));
    if (name.length === 0) errs.push(required(idxPath.child('name'), ''));
    if (deviceNames.has(name)) errs.push(invalid(idxPath.child('name'), name, 'must be unique'));
    if (src && !isPVC) errs.push(invalid(idxPath.child('name'), name, 'can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode'));
    if (!src) errs.push(notFound(idxPath.child('name'), name));
    if (devPath.length === 0) errs.push(required(idxPath.child('devicePath'), ''));
    if (devicePaths.has(devPath)) errs.push(invalid(idxPath.child('devicePath'), devPath, 'must be unique'));
    if (devPath.length > 0 && validatePathNoBacksteps(devPath, p).length > 0) errs.push(invalid(idxPath.child('devicePath'), devPath, "can not contain backsteps ('..')"));
    else devicePaths.add(devPath);
    if (mounts.has(name)) errs.push(invalid(idxPath.child('name'), name, 'must not already exist in volumeMounts'));
    if ([...mounts.values()].includes(devPath)) errs.push(invalid(idxPath.child('devicePath'), devPath, 'must not already exist as a path in volumeMounts'));
    if (name.length > 0) deviceNames.add(name);
  });
  return errs;
}

const supportedPullPolicies = ['Always', 'IfNotPresent', 'Never'];

/** upstream validatePullPolicy */
function validatePullPolicy(policy: unknown, p: Path): FieldError[] {
  const s = str(policy);
  if (supportedPullPolicies.includes(s)) return [];
  if (s === '') return [required(p, '')];
  return [notSupported(p, s, supportedPullPolicies)];
}

// ----- resources -----

export const standardContainerResources = new Set(['cpu', 'memory', 'ephemeral-storage']);
const standardResources = new Set([
  'cpu',
  'memory',
  'ephemeral-storage',
  'requests.cpu',
  'requests.memory',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
  'pods',
  'services',
  'replicationcontrollers',
  'resourcequotas',
  'secrets',
  'configmaps',
  'persistentvolumeclaims',
  'storage',
  'requests.storage',
  'services.nodeports',
  'services.loadbalancers'
]);

export function isHugePageResourceName(name: string): boolean {
  return name.startsWith('hugepages-');
}

/** upstream helper.IsNativeResource: unprefixed or *kubernetes.io/ prefixed. */
export function isNativeResource(name: string): boolean {
  return !name.includes('/') || name.includes('kubernetes.io/');
}

/** upstream helper.IsExtendedResourceName */
export function isExtendedResourceName(name: string): boolean {
  if (isNativeResource(name) || name.startsWith('requests.')) return false;
  return isQualifiedName('requests.' + name).length === 0;
}

export function isOvercommitAllowed(name: string): boolean {
  return isNativeResource(name) && !isHugePageResourceName(name);
}

/** upstream validateResourceName */
export function validateResourceName(value: string, p: Path): FieldError[] {
  const errs = isQualifiedName(value).map((msg) => invalid(p, value, msg));
  if (errs.length !== 0) return errs;
  if (value.split('/').length === 1 && !standardResources.has(value) && !isHugePageResourceName(value) && !value.startsWith('requests.hugepages-')) {
    return [invalid(p, value, 'must be a standard resource type or fully qualified')];
  }
  return [];
}

/** upstream validateContainerResourceName */
export function validateContainerResourceName(value: string, p: Path): FieldError[] {
  const errs = validateResourceName(value, p);
  if (value.split('/').length === 1) {
    if (!standardContainerResources.has(value) && !isHugePageResourceName(value)) {
      errs.push(invalid(p, value, 'must be a standard resource for containers'));
    }
  } else if (!isNativeResource(value) && !isExtendedResourceName(value)) {
    errs.push(invalid(p, value, "doesn't follow extended resource name standard"));
  }
  return errs;
}

/** upstream ValidateResourceQuantityValue (integer check for extended resources). */
function validateResourceQuantityValue(name: string, raw: unknown, p: Path): FieldError[] {
  const q = quantityOf(raw);
  if (!q) return [invalid(p, raw, QUANTITY_FORMAT_ERROR)];
  const errs: FieldError[] = [];
  if (q.sign() < 0) errs.push(invalid(p, q.toString(), 'must be greater than or equal to 0'));
  if (!isNativeResource(name) && !isWholeQuantity(q)) errs.push(invalid(p, goRepr(q.toString()), 'must be an integer'));
  return errs;
}

/** upstream validateResourceRequirements (container flavour). */
export function validateContainerResourceRequirements(res: unknown, p: Path): FieldError[] {
  const r: Obj = isObj(res) ? res : {};
  const errs: FieldError[] = [];
  const limPath = p.child('limits');
  const reqPath = p.child('requests');
  let limCPUMem = false;
  let reqCPUMem = false;
  let limHuge = false;
  let reqHuge = false;
  const limits: Obj = isObj(r.limits) ? r.limits : {};
  for (const [name, qv] of entries(r.limits)) {
    const fp = limPath.key(name);
    errs.push(...validateContainerResourceName(name, fp));
    errs.push(...validateResourceQuantityValue(name, qv, fp));
    if (isHugePageResourceName(name)) limHuge = true;
    if (name === 'cpu' || name === 'memory') limCPUMem = true;
  }
  for (const [name, qv] of entries(r.requests)) {
    const fp = reqPath.key(name);
    errs.push(...validateContainerResourceName(name, fp));
    const qe = validateResourceQuantityValue(name, qv, fp);
    errs.push(...qe);
    const q = quantityOf(qv);
    if (name in limits) {
      const lim = quantityOf(limits[name]);
      if (q && lim) {
        if (q.cmp(lim) !== 0 && !isOvercommitAllowed(name)) {
          errs.push(invalid(reqPath, q.toString(), `must be equal to ${name} limit of ${lim.toString()}`));
        } else if (q.cmp(lim) > 0) {
          errs.push(invalid(reqPath, q.toString(), `must be less than or equal to ${name} limit of ${lim.toString()}`));
        }
      }
    } else if (!isOvercommitAllowed(name)) {
      errs.push(required(limPath, 'Limit must be set for non overcommitable resources'));
    }
    if (isHugePageResourceName(name)) reqHuge = true;
    if (name === 'cpu' || name === 'memory') reqCPUMem = true;
  }
  if (!limCPUMem && !reqCPUMem && (reqHuge || limHuge)) errs.push(forbidden(p, 'HugePages require cpu or memory'));
  return errs;
}

// ----- probes and lifecycle -----

function validateHTTPGetAction(h: Obj, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (str(h.path).length === 0) errs.push(required(p.child('path'), ''));
  errs.push(...validatePortNumOrName(h.port, p.child('port')));
  const scheme = str(h.scheme);
  if (scheme !== 'HTTP' && scheme !== 'HTTPS') errs.push(notSupported(p.child('scheme'), scheme, ['HTTP', 'HTTPS']));
  for (const header of arr(h.httpHeaders)) {
    for (const msg of isHTTPHeaderName(str(header?.name))) errs.push(invalid(p.child('httpHeaders'), str(header?.name), msg));
  }
  return errs;
}

/** upstream validateHandler */
function validateHandler(h: Obj, allowSleep: boolean, allowGRPC: boolean, gracePeriod: number | undefined, p: Path): FieldError[] {
  let numHandlers = 0;
  const errs: FieldError[] = [];
  const handlers: [string, (x: Obj, hp: Path) => FieldError[]][] = [
    ['exec', (x, hp) => (arr(x.command).length === 0 ? [required(hp.child('command'), '')] : [])],
    ['httpGet', validateHTTPGetAction],
    ['tcpSocket', (x, hp) => validatePortNumOrName(x.port, hp.child('port'))],
    ['grpc', (x, hp) => validatePortNumOrName(num(x.port), hp.child('port'))],
    [
      'sleep',
      (x, hp) => {
        const s = num(x.seconds);
        if (gracePeriod !== undefined && (s <= 0 || s > gracePeriod)) {
          return [
            invalid(
              hp,
              s,
              `must be greater than 0 and less than terminationGracePeriodSeconds (${gracePeriod}). Enable AllowPodLifecycleSleepActionZeroValue feature gate for zero sleep.`
            )
          ];
        }
        return [];
      }
    ]
  ];
  for (const [key, fn] of handlers) {
    if (key === 'grpc' && !allowGRPC) continue;
    if (key === 'sleep' && !allowSleep) continue;
    if (!isObj(h[key])) continue;
    if (numHandlers > 0) errs.push(forbidden(p.child(key), 'may not specify more than 1 handler type'));
    else {
      numHandlers++;
      errs.push(...fn(h[key], p.child(key)));
    }
  }
  if (numHandlers === 0) errs.push(required(p, 'must specify a handler type'));
  return errs;
}

/** upstream validateProbe */
function validateProbe(probe: Obj, gracePeriod: number | undefined, p: Path): FieldError[] {
  const errs = validateHandler(probe, false, true, gracePeriod, p);
  errs.push(...validateNonnegativeField(num(probe.initialDelaySeconds), p.child('initialDelaySeconds')));
  errs.push(...validateNonnegativeField(num(probe.timeoutSeconds), p.child('timeoutSeconds')));
  errs.push(...validateNonnegativeField(num(probe.periodSeconds), p.child('periodSeconds')));
  errs.push(...validateNonnegativeField(num(probe.successThreshold), p.child('successThreshold')));
  errs.push(...validateNonnegativeField(num(probe.failureThreshold), p.child('failureThreshold')));
  if (typeof probe.terminationGracePeriodSeconds === 'number' && probe.terminationGracePeriodSeconds <= 0) {
    errs.push(invalid(p.child('terminationGracePeriodSeconds'), probe.terminationGracePeriodSeconds, 'must be greater than 0'));
  }
  return errs;
}

function validateLivenessProbe(probe: unknown, gp: number | undefined, p: Path): FieldError[] {
  if (!isObj(probe)) return [];
  const errs = validateProbe(probe, gp, p);
  if (num(probe.successThreshold) !== 1) errs.push(invalid(p.child('successThreshold'), num(probe.successThreshold), 'must be 1'));
  return errs;
}

function validateReadinessProbe(probe: unknown, gp: number | undefined, p: Path): FieldError[] {
  if (!isObj(probe)) return [];
  const errs = validateProbe(probe, gp, p);
  if (probe.terminationGracePeriodSeconds !== undefined && probe.terminationGracePeriodSeconds !== null) {
    errs.push(invalid(p.child('terminationGracePeriodSeconds'), probe.terminationGracePeriodSeconds, 'must not be set for readinessProbes'));
  }
  return errs;
}

function validateStartupProbe(probe: unknown, gp: number | undefined, p: Path): FieldError[] {
  if (!isObj(probe)) return [];
  const errs = validateProbe(probe, gp, p);
  if (num(probe.successThreshold) !== 1) errs.push(invalid(p.child('successThreshold'), num(probe.successThreshold), 'must be 1'));
  return errs;
}

function validateLifecycle(lc: Obj, gp: number | undefined, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (isObj(lc.postStart)) errs.push(...validateHandler(lc.postStart, true, false, gp, p.child('postStart')));
  if (isObj(lc.preStop)) errs.push(...validateHandler(lc.preStop, true, false, gp, p.child('preStop')));
  return errs;
}

// ----- security context -----

function validateSeccompProfileField(sp: unknown, p: Path): FieldError[] {
  if (!isObj(sp)) return [];
  const errs: FieldError[] = [];
  const t = str(sp.type);
  if (t === '') errs.push(required(p.child('type'), 'type is required when seccompProfile is set'));
  else if (!['Localhost', 'RuntimeDefault', 'Unconfined'].includes(t)) errs.push(notSupported(p.child('type'), t, ['Localhost', 'RuntimeDefault', 'Unconfined']));
  if (t === 'Localhost') {
    if (sp.localhostProfile === undefined || sp.localhostProfile === null) errs.push(required(p.child('localhostProfile'), 'must be set when seccomp type is Localhost'));
    else errs.push(...validateLocalDescendingPath(str(sp.localhostProfile), p.child('localhostProfile')));
  } else if (sp.localhostProfile !== undefined && sp.localhostProfile !== null) {
    errs.push(invalid(p.child('localhostProfile'), goRepr(JSON.stringify(sp)), 'can only be set when seccomp type is Localhost'));
  }
  return errs;
}

/** upstream ValidateSecurityContext (container) */
function validateSecurityContext(sc: unknown, p: Path): FieldError[] {
  if (!isObj(sc)) return [];
  const errs: FieldError[] = [];
  for (const f of ['runAsUser', 'runAsGroup']) {
    if (typeof sc[f] === 'number') for (const msg of isValidUserOrGroupID(sc[f])) errs.push(invalid(p.child(f), sc[f], msg));
  }
  if (sc.procMount !== undefined && sc.procMount !== null) {
    const pm = str(sc.procMount);
    if (pm !== 'Default' && pm !== 'Unmasked') errs.push(notSupported(p.child('procMount'), pm, ['Default', 'Unmasked']));
    if (pm === 'Unmasked') errs.push(invalid(p.child('procMount'), pm, '`hostUsers` must be false to use `Unmasked`'));
  }
  errs.push(...validateSeccompProfileField(sc.seccompProfile, p.child('seccompProfile')));
  if (sc.allowPrivilegeEscalation === false) {
    if (sc.privileged === true) errs.push(invalid(p, goRepr(JSON.stringify(sc)), 'cannot set `allowPrivilegeEscalation` to false and `privileged` to true'));
    for (const cap of arr(sc.capabilities?.add)) {
      if (cap === 'CAP_SYS_ADMIN') errs.push(invalid(p, goRepr(JSON.stringify(sc)), 'cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN'));
    }
  }
  return errs;
}

/** upstream validatePodSpecSecurityContext */
function validatePodSpecSecurityContext(sc: unknown, spec: Obj, p: Path): FieldError[] {
  if (!isObj(sc)) return [];
  const errs: FieldError[] = [];
  for (const f of ['fsGroup', 'runAsUser', 'runAsGroup']) {
    if (typeof sc[f] === 'number') for (const msg of isValidUserOrGroupID(sc[f])) errs.push(invalid(p.child(f), sc[f], msg));
  }
  arr(sc.supplementalGroups).forEach((g, i) => {
    for (const msg of isValidUserOrGroupID(num(g))) errs.push(invalid(p.child('supplementalGroups').index(i), num(g), msg));
  });
  if (spec.shareProcessNamespace === true && spec.hostPID === true) {
    errs.push(invalid(p.child('shareProcessNamespace'), true, 'ShareProcessNamespace and HostPID cannot both be enabled'));
  }
  const sysctlRe = /^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$/;
  const names = new Set<string>();
  arr(sc.sysctls).forEach((s, i) => {
    const name = str(s?.name);
    const np = p.child('sysctls').index(i).child('name');
    if (name.length === 0) errs.push(required(np, ''));
    else if (name.length > 253 || !sysctlRe.test(name)) {
      errs.push(invalid(np, name, `must have at most 253 characters and match regex ^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$`));
    } else if (names.has(name)) errs.push(duplicate(np, name));
    names.add(name);
  });
  if (sc.fsGroupChangePolicy !== undefined && sc.fsGroupChangePolicy !== null && !['Always', 'OnRootMismatch'].includes(str(sc.fsGroupChangePolicy))) {
    errs.push(notSupported(p.child('fsGroupChangePolicy'), str(sc.fsGroupChangePolicy), ['Always', 'OnRootMismatch']));
  }
  errs.push(...validateSeccompProfileField(sc.seccompProfile, p.child('seccompProfile')));
  return errs;
}

/** upstream validateContainerCommon */
function validateContainerCommon(ctr: Obj, volumes: Map<string, Obj>, p: Path, podRestartPolicy: string): FieldError[] {
  const errs: FieldError[] = [];
  const name = str(ctr.name);
  if (name.length === 0) errs.push(required(p.child('name'), ''));
  else errs.push(...validateDNS1123Label(name, p.child('name')));
  if (str(ctr.image).length === 0) errs.push(required(p.child('image'), ''));
  const tmp = str(ctr.terminationMessagePolicy);
  if (tmp === '') errs.push(required(p.child('terminationMessagePolicy'), ''));
  else if (tmp !== 'File' && tmp !== 'FallbackToLogsOnError') errs.push(notSupported(p.child('terminationMessagePolicy'), tmp, ['File', 'FallbackToLogsOnError']));
  const mounts = new Map<string, string>();
  for (const m of arr(ctr.volumeMounts)) mounts.set(str(m?.name), str(m?.mountPath));
  const devices = new Map<string, string>();
  for (const d of arr(ctr.volumeDevices)) devices.set(str(d?.name), str(d?.devicePath));
  errs.push(...validateContainerPorts(ctr.ports, p.child('ports')));
  errs.push(...validateEnv(ctr.env, p.child('env')));
  errs.push(...validateEnvFrom(ctr.envFrom, p.child('envFrom')));
  errs.push(...validateVolumeMounts(ctr.volumeMounts, devices, volumes, ctr, p.child('volumeMounts')));
  errs.push(...validateVolumeDevices(ctr.volumeDevices, mounts, volumes, p.child('volumeDevices')));
  errs.push(...validatePullPolicy(ctr.imagePullPolicy, p.child('imagePullPolicy')));
  errs.push(...validateContainerResourceRequirements(ctr.resources, p.child('resources')));
  errs.push(...validateResizePolicy(ctr.resizePolicy, p.child('resizePolicy'), podRestartPolicy));
  errs.push(...validateSecurityContext(ctr.securityContext, p.child('securityContext')));
  return errs;
}

/** upstream validateResizePolicy */
function validateResizePolicy(list: unknown, p: Path, podRestartPolicy: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  arr(list).forEach((pol, i) => {
    const rn = str(pol?.resourceName);
    const rp = str(pol?.restartPolicy);
    if (seen.has(rn)) errs.push(duplicate(p.index(i), rn));
    seen.add(rn);
    if (rn === '') errs.push(required(p, ''));
    else if (rn !== 'cpu' && rn !== 'memory') errs.push(notSupported(p, rn, ['cpu', 'memory']));
    if (rp === '') errs.push(required(p, ''));
    else if (rp !== 'NotRequired' && rp !== 'RestartContainer') errs.push(notSupported(p, rp, ['NotRequired', 'RestartContainer']));
    if (podRestartPolicy === 'Never' && rp !== 'NotRequired') errs.push(invalid(p, rp, "must be 'NotRequired' when `restartPolicy` is 'Never'"));
  });
  return errs;
}

/** upstream AccumulateUniqueHostPorts / checkHostPortConflicts */
function checkHostPortConflicts(containers: Obj[], p: Path, startIndex = 0): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  containers.forEach((ctr, ci) => {
    arr(ctr.ports).forEach((port, pi) => {
      const hp = num(port?.hostPort);
      if (hp === 0) return;
      const key = `${str(port?.protocol)}/${str(port?.hostIP)}/${hp}`;
      if (seen.has(key)) errs.push(duplicate(p.index(ci + startIndex).child('ports').index(pi).child('hostPort'), key));
      else seen.add(key);
    });
  });
  return errs;
}

/** upstream validateContainers */
function validateContainers(containers: unknown, volumes: Map<string, Obj>, gp: number | undefined, p: Path, podRestartPolicy: string): FieldError[] {
  const list = arr(containers).map((c) => (isObj(c) ? c : {}));
  if (list.length === 0) return [required(p, '')];
  const errs: FieldError[] = [];
  const allNames = new Set<string>();
  list.forEach((ctr, i) => {
    const cp = p.index(i);
    errs.push(...validateContainerCommon(ctr, volumes, cp, podRestartPolicy));
    const name = str(ctr.name);
    if (allNames.has(name)) errs.push(duplicate(cp.child('name'), name));
    else allNames.add(name);
    if (isObj(ctr.lifecycle)) errs.push(...validateLifecycle(ctr.lifecycle, gp, cp.child('lifecycle')));
    errs.push(...validateLivenessProbe(ctr.livenessProbe, gp, cp.child('livenessProbe')));
    errs.push(...validateReadinessProbe(ctr.readinessProbe, gp, cp.child('readinessProbe')));
    errs.push(...validateStartupProbe(ctr.startupProbe, gp, cp.child('startupProbe')));
    if (ctr.restartPolicy !== undefined && ctr.restartPolicy !== null) errs.push(forbidden(cp.child('restartPolicy'), 'may not be set for non-init containers'));
  });
  errs.push(...checkHostPortConflicts(list, p));
  return errs;
}

/** upstream: validation.go allowedEphemeralContainerFields (the rest "cannot be set for an Ephemeral Container"). */
const ALLOWED_EPHEMERAL_FIELDS = new Set(['name', 'image', 'command', 'args', 'workingDir', 'env', 'envFrom', 'volumeMounts', 'volumeDevices', 'terminationMessagePath', 'terminationMessagePolicy', 'imagePullPolicy', 'securityContext', 'stdin', 'stdinOnce', 'tty', 'targetContainerName']);
/** The EphemeralContainerCommon fields in Go's declaration order (validateFieldAllowList walks them so). */
const EPHEMERAL_FIELD_ORDER = ['name', 'image', 'command', 'args', 'workingDir', 'ports', 'envFrom', 'env', 'resources', 'resizePolicy', 'restartPolicy', 'volumeMounts', 'volumeDevices', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle', 'terminationMessagePath', 'terminationMessagePolicy', 'imagePullPolicy', 'securityContext', 'stdin', 'stdinOnce', 'tty'];

/** Go's zero value test for validateFieldAllowList: nil, "", false, 0, an empty struct, list or map. */
function isZero(v: unknown): boolean {
  if (v === undefined || v === null || v === '' || v === false || v === 0) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (isObj(v)) return Object.values(v).every(isZero);
  return false;
}

/**
 * upstream: pkg/apis/core/validation/validation.go validateEphemeralContainers: each one a valid
 * container (common rules), its name unique among all the pod's containers, its target one of the
 * pod's regular or init containers, no field outside the allow list, no subPath mounts.
 */
function validateEphemeralContainers(ephemeral: unknown, containers: unknown, initContainers: unknown, volumes: Map<string, Obj>, p: Path, podRestartPolicy: string): FieldError[] {
  const list = arr(ephemeral).map((c) => (isObj(c) ? c : {}));
  if (list.length === 0) return [];
  const errs: FieldError[] = [];
  const otherNames = new Set<string>([...arr(containers), ...arr(initContainers)].map((c) => str(c?.name)));
  const allNames = new Set(otherNames);
  list.forEach((ec, i) => {
    const ip = p.index(i);
    errs.push(...validateContainerCommon(ec, volumes, ip, podRestartPolicy));
    const name = str(ec.name);
    if (allNames.has(name)) errs.push(duplicate(ip.child('name'), name));
    else allNames.add(name);
    const target = str(ec.targetContainerName);
    if (target !== '' && !otherNames.has(target)) errs.push(notFound(ip.child('targetContainerName'), target));
    for (const f of EPHEMERAL_FIELD_ORDER) {
      if (!ALLOWED_EPHEMERAL_FIELDS.has(f) && !isZero(ec[f])) errs.push(forbidden(ip.child(f), 'cannot be set for an Ephemeral Container'));
    }
    arr(ec.volumeMounts).forEach((vm, j) => {
      if (str(vm?.subPath) !== '') errs.push(forbidden(ip.child('volumeMounts').index(j).child('subPath'), 'cannot be set for an Ephemeral Container'));
      if (str(vm?.subPathExpr) !== '') errs.push(forbidden(ip.child('volumeMounts').index(j).child('subPathExpr'), 'cannot be set for an Ephemeral Container'));
    });
  });
  return errs;
}

/**
 * An update through the ephemeralcontainers subresource: the new pod valid, a static pod refused,
 * and existing ephemeral containers neither removed nor changed (only additions).
 * upstream: pkg/apis/core/validation/validation.go ValidatePodEphemeralContainersUpdate
 */
export function validatePodEphemeralContainersUpdate(newPod: Obj, oldPod: Obj): FieldError[] {
  const metaPath = path('metadata');
  const errs = validateObjectMetaUpdate(newPod.metadata, oldPod.metadata, metaPath);
  errs.push(...validatePodMetadataAndSpec(newPod, { resourceIsPod: true }));
  if (isObj(oldPod.metadata?.annotations) && MirrorPodAnnotationKey in oldPod.metadata.annotations) return [forbidden(path(''), 'static pods do not support ephemeral containers')];
  const next = new Map(arr(newPod.spec?.ephemeralContainers).map((c) => [str(c?.name), c]));
  const specPath = path('spec', 'ephemeralContainers');
  for (const old of arr(oldPod.spec?.ephemeralContainers)) {
    const name = str(old?.name);
    const now = next.get(name);
    if (now === undefined) errs.push(forbidden(specPath, `existing ephemeral containers ${JSON.stringify(name)} may not be removed\n`));
    else if (!deepEqual(old, now)) errs.push(forbidden(specPath, `existing ephemeral containers ${JSON.stringify(name)} may not be changed\n${specDiff(old, now, '')}`));
  }
  return errs;
}

/** upstream validateInitContainers */
function validateInitContainers(
  containers: unknown,
  regular: unknown,
  volumes: Map<string, Obj>,
  gp: number | undefined,
  p: Path,
  podRestartPolicy: string
): FieldError[] {
  const errs: FieldError[] = [];
  const allNames = new Set<string>(arr(regular).map((c) => str(c?.name)));
  arr(containers).forEach((raw, i) => {
    const ctr: Obj = isObj(raw) ? raw : {};
    const cp = p.index(i);
    errs.push(...validateContainerCommon(ctr, volumes, cp, podRestartPolicy));
    let restartAlways = false;
    if (ctr.restartPolicy !== undefined && ctr.restartPolicy !== null) {
      if (ctr.restartPolicy !== 'Always') errs.push(notSupported(cp.child('restartPolicy'), str(ctr.restartPolicy), ['Always']));
      restartAlways = ctr.restartPolicy === 'Always';
    }
    const name = str(ctr.name);
    if (allNames.has(name)) errs.push(duplicate(cp.child('name'), name));
    else if (name.length > 0) allNames.add(name);
    errs.push(...checkHostPortConflicts([ctr], p, i));
    if (restartAlways) {
      if (isObj(ctr.lifecycle)) errs.push(...validateLifecycle(ctr.lifecycle, gp, cp.child('lifecycle')));
      errs.push(...validateLivenessProbe(ctr.livenessProbe, gp, cp.child('livenessProbe')));
      errs.push(...validateReadinessProbe(ctr.readinessProbe, gp, cp.child('readinessProbe')));
      errs.push(...validateStartupProbe(ctr.startupProbe, gp, cp.child('startupProbe')));
    } else {
      for (const f of ['lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe']) {
        if (ctr[f] !== undefined && ctr[f] !== null) errs.push(forbidden(cp.child(f), 'may not be set for init containers without restartPolicy=Always'));
      }
    }
    if (arr(ctr.resizePolicy).length > 0) errs.push(invalid(cp.child('resizePolicy'), goRepr(JSON.stringify(ctr.resizePolicy)), 'must not be set for init containers'));
  });
  return errs;
}

// ----- scheduling -----

const tolerationOps = ['Equal', 'Exists'];
const taintEffects = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

/** upstream validateTaintEffect */
export function validateTaintEffect(effect: string, allowEmpty: boolean, p: Path): FieldError[] {
  if (!allowEmpty && effect.length === 0) return [required(p, '')];
  if (!taintEffects.includes(effect)) return [notSupported(p, effect, taintEffects)];
  return [];
}

/** upstream ValidateTolerations */
export function validateTolerations(tolerations: unknown, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  arr(tolerations).forEach((raw, i) => {
    const t: Obj = isObj(raw) ? raw : {};
    const idxPath = p.index(i);
    const key = str(t.key);
    const op = str(t.operator);
    const effect = str(t.effect);
    if (key.length > 0) errs.push(...validateLabelName(key, idxPath.child('key')));
    if (key.length === 0 && op !== 'Exists') {
      errs.push(invalid(idxPath.child('operator'), op, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
    }
    if (t.tolerationSeconds !== undefined && t.tolerationSeconds !== null && effect !== 'NoExecute') {
      errs.push(invalid(idxPath.child('effect'), effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    }
    switch (op) {
      case 'Equal':
      case '': {
        const ve = isValidLabelValue(str(t.value));
        if (ve.length !== 0) errs.push(invalid(idxPath.child('operator'), str(t.value), ve.join(';')));
        break;
      }
      case 'Exists':
        if (str(t.value).length > 0) errs.push(invalid(idxPath.child('operator'), str(t.value), "value must be empty when `operator` is 'Exists'"));
        break;
      default:
        errs.push(notSupported(idxPath.child('operator'), op, tolerationOps));
    }
    if (effect.length > 0) errs.push(...validateTaintEffect(effect, true, idxPath.child('effect')));
  });
  return errs;
}

/** upstream ValidateNodeFieldSelectorRequirement */
function validateNodeFieldSelectorRequirement(req: Obj, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (req.operator === 'In' || req.operator === 'NotIn') {
    if (arr(req.values).length !== 1) errs.push(required(p.child('values'), "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
  } else errs.push(invalid(p.child('operator'), str(req.operator), 'not a valid selector operator'));
  if (req.key !== 'metadata.name') errs.push(invalid(p.child('key'), str(req.key), 'not a valid field selector key'));
  else {
    arr(req.values).forEach((v, i) => {
      for (const msg of nameIsDNSSubdomain(str(v), false)) errs.push(invalid(p.child('values').index(i), str(v), msg));
    });
  }
  return errs;
}

/** upstream ValidateNodeSelectorTerm */
function validateNodeSelectorTerm(term: Obj, allowInvalidValue: boolean, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  // upstream ValidateNodeSelectorRequirement: a label selector requirement that also admits Gt/Lt
  arr(term.matchExpressions).forEach((r, j) => errs.push(...validateSelectorRequirement(isObj(r) ? r : {}, allowInvalidValue, true, p.child('matchExpressions').index(j))));
  arr(term.matchFields).forEach((r, j) => errs.push(...validateNodeFieldSelectorRequirement(isObj(r) ? r : {}, p.child('matchFields').index(j))));
  return errs;
}

/** upstream ValidateNodeSelector */
export function validateNodeSelector(ns: Obj, allowInvalidValue: boolean, p: Path): FieldError[] {
  const termPath = p.child('nodeSelectorTerms');
  const terms = arr(ns.nodeSelectorTerms);
  if (terms.length === 0) return [required(termPath, 'must have at least one node selector term')];
  const errs: FieldError[] = [];
  terms.forEach((t, i) => errs.push(...validateNodeSelectorTerm(isObj(t) ? t : {}, allowInvalidValue, termPath.index(i))));
  return errs;
}

function validatePodAffinityTerm(term: Obj, allowInvalid: boolean, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  errs.push(...validateLabelSelector(term.labelSelector, { allowInvalidLabelValueInSelector: allowInvalid }, p.child('labelSelector')));
  errs.push(...validateLabelSelector(term.namespaceSelector, { allowInvalidLabelValueInSelector: allowInvalid }, p.child('namespaceSelector')));
  for (const name of arr(term.namespaces)) {
    for (const msg of nameIsDNSLabel(str(name), false)) errs.push(invalid(p.child('namespace'), str(name), msg));
  }
  for (const key of ['matchLabelKeys', 'mismatchLabelKeys']) {
    const keys = arr(term[key]);
    if (keys.length === 0) continue;
    if (!isObj(term.labelSelector)) errs.push(forbidden(p.child(key), 'must not be specified when labelSelector is not set'));
    else keys.forEach((k, i) => errs.push(...validateLabelName(str(k), p.child(key).index(i))));
  }
  if (str(term.topologyKey).length === 0) errs.push(required(p.child('topologyKey'), 'can not be empty'));
  errs.push(...validateLabelName(str(term.topologyKey), p.child('topologyKey')));
  return errs;
}

function validatePodAffinityBlock(a: Obj, allowInvalid: boolean, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  arr(a.requiredDuringSchedulingIgnoredDuringExecution).forEach((t, i) =>
    errs.push(...validatePodAffinityTerm(isObj(t) ? t : {}, allowInvalid, p.child('requiredDuringSchedulingIgnoredDuringExecution').index(i)))
  );
  arr(a.preferredDuringSchedulingIgnoredDuringExecution).forEach((wt, j) => {
    const wp = p.child('preferredDuringSchedulingIgnoredDuringExecution').index(j);
    const w = num(wt?.weight);
    if (w <= 0 || w > 100) errs.push(invalid(wp.child('weight'), w, 'must be in the range 1-100'));
    errs.push(...validatePodAffinityTerm(isObj(wt?.podAffinityTerm) ? wt.podAffinityTerm : {}, allowInvalid, wp.child('podAffinityTerm')));
  });
  return errs;
}

/** upstream validateAffinity */
function validateAffinity(affinity: unknown, opts: PodValidationOptions, p: Path): FieldError[] {
  if (!isObj(affinity)) return [];
  const errs: FieldError[] = [];
  if (isObj(affinity.nodeAffinity)) {
    const na = affinity.nodeAffinity;
    const np = p.child('nodeAffinity');
    if (isObj(na.requiredDuringSchedulingIgnoredDuringExecution)) {
      errs.push(...validateNodeSelector(na.requiredDuringSchedulingIgnoredDuringExecution, false, np.child('requiredDuringSchedulingIgnoredDuringExecution')));
    }
    arr(na.preferredDuringSchedulingIgnoredDuringExecution).forEach((term, i) => {
      const tp = np.child('preferredDuringSchedulingIgnoredDuringExecution').index(i);
      const w = num(term?.weight);
      if (w <= 0 || w > 100) errs.push(invalid(tp.child('weight'), w, 'must be in the range 1-100'));
      errs.push(...validateNodeSelectorTerm(isObj(term?.preference) ? term.preference : {}, true, tp.child('preference')));
    });
  }
  if (isObj(affinity.podAffinity)) errs.push(...validatePodAffinityBlock(affinity.podAffinity, !!opts.allowInvalidLabelValueInSelector, p.child('podAffinity')));
  if (isObj(affinity.podAntiAffinity)) errs.push(...validatePodAffinityBlock(affinity.podAntiAffinity, !!opts.allowInvalidLabelValueInSelector, p.child('podAntiAffinity')));
  return errs;
}

/** upstream validateTopologySpreadConstraints */
function validateTopologySpreadConstraints(constraints: unknown, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const list = arr(constraints).map((c) => (isObj(c) ? c : {}));
  list.forEach((c, i) => {
    const sp = p.index(i);
    const maxSkew = num(c.maxSkew);
    if (maxSkew <= 0) errs.push(invalid(sp.child('maxSkew'), maxSkew, isNotPositiveErrorMsg));
    if (str(c.topologyKey).length === 0) errs.push(required(sp.child('topologyKey'), 'can not be empty'));
    const wu = str(c.whenUnsatisfiable);
    if (wu !== 'DoNotSchedule' && wu !== 'ScheduleAnyway') errs.push(notSupported(sp.child('whenUnsatisfiable'), wu, ['DoNotSchedule', 'ScheduleAnyway']));
    for (const rest of list.slice(i + 1)) {
      if (rest.topologyKey === c.topologyKey && rest.whenUnsatisfiable === c.whenUnsatisfiable) {
        errs.push(duplicate(sp.child('{topologyKey, whenUnsatisfiable}'), `{${str(c.topologyKey)}, ${wu}}`));
        break;
      }
    }
    if (typeof c.minDomains === 'number') {
      if (c.minDomains <= 0) errs.push(invalid(sp.child('minDomains'), c.minDomains, isNotPositiveErrorMsg));
      if (wu !== 'DoNotSchedule') errs.push(invalid(sp.child('minDomains'), c.minDomains, `can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ${wu}`));
    }
    for (const f of ['nodeAffinityPolicy', 'nodeTaintsPolicy']) {
      if (c[f] !== undefined && c[f] !== null && c[f] !== 'Honor' && c[f] !== 'Ignore') errs.push(notSupported(sp.child(f), str(c[f]), ['Honor', 'Ignore']));
    }
    const mlk = arr(c.matchLabelKeys);
    if (mlk.length > 0) {
      const selKeys = new Set<string>();
      if (isObj(c.labelSelector)) {
        for (const k of Object.keys(isObj(c.labelSelector.matchLabels) ? c.labelSelector.matchLabels : {})) selKeys.add(k);
        for (const e of arr(c.labelSelector.matchExpressions)) selKeys.add(str(e?.key));
      } else errs.push(forbidden(sp.child('matchLabelKeys'), 'must not be specified when labelSelector is not set'));
      mlk.forEach((k, j) => {
        errs.push(...validateLabelName(str(k), sp.child('matchLabelKeys').index(j)));
        if (selKeys.has(str(k))) errs.push(invalid(sp.child('matchLabelKeys').index(j), str(k), 'exists in both matchLabelKeys and labelSelector'));
      });
    }
    errs.push(...validateLabelSelector(c.labelSelector, {}, sp.child('labelSelector')));
  });
  return errs;
}

/** upstream validatePodDNSConfig */
function validatePodDNSConfig(cfg: unknown, dnsPolicy: string, p: Path): FieldError[] {
  if (dnsPolicy === 'None') {
    if (!isObj(cfg)) return [required(p, 'must provide `dnsConfig` when `dnsPolicy` is None')];
    if (arr(cfg.nameservers).length === 0) return [required(p.child('nameservers'), 'must provide at least one DNS nameserver when `dnsPolicy` is None')];
  }
  if (!isObj(cfg)) return [];
  const errs: FieldError[] = [];
  const ns = arr(cfg.nameservers).map(str);
  if (ns.length > 3) errs.push(invalid(p.child('nameservers'), ns, 'must not have more than 3 nameservers'));
  ns.forEach((n, i) => errs.push(...isValidIP(p.child('nameservers').index(i), n)));
  const searches = arr(cfg.searches).map(str);
  if (searches.length > 32) errs.push(invalid(p.child('searches'), searches, 'must not have more than 32 search paths'));
  if (searches.join(' ').length > 2048) errs.push(invalid(p.child('searches'), searches, 'must not have more than 2048 characters (including spaces) in the search list'));
  searches.forEach((s, i) => errs.push(...validateDNS1123Subdomain(s.replace(/\.$/, ''), p.child('searches').index(i))));
  arr(cfg.options).forEach((o, i) => {
    if (str(o?.name).length === 0) errs.push(required(p.child('options').index(i), 'must not be empty'));
  });
  return errs;
}

const restartPolicies = ['Always', 'OnFailure', 'Never'];
const dnsPolicies = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];

/** upstream ValidatePreemptionPolicy */
export function validatePreemptionPolicy(v: unknown, p: Path): FieldError[] {
  const s = str(v);
  if (s === 'PreemptLowerPriority' || s === 'Never') return [];
  if (s === '') return [required(p, '')];
  return [notSupported(p, s, ['PreemptLowerPriority', 'Never'])];
}

/** upstream ValidatePodSpec */
export function validatePodSpec(specIn: unknown, podMeta: Obj | undefined, p: Path, opts: PodValidationOptions): FieldError[] {
  const spec: Obj = isObj(specIn) ? specIn : {};
  const errs: FieldError[] = [];
  if (typeof spec.terminationGracePeriodSeconds !== 'number') errs.push(required(p.child('terminationGracePeriodSeconds'), ''));
  const gp = typeof spec.terminationGracePeriodSeconds === 'number' ? spec.terminationGracePeriodSeconds : undefined;
  const restartPolicy = str(spec.restartPolicy);

  const { vols, errs: vErrs } = validateVolumes(spec.volumes, podMeta, p.child('volumes'), opts);
  errs.push(...vErrs);
  // resourceClaims: only the name rules are ported
  const claimNames = new Set<string>();
  arr(spec.resourceClaims).forEach((c, i) => {
    const np = p.child('resourceClaims').index(i).child('name');
    const name = str(c?.name);
    if (name === '') errs.push(required(np, ''));
    else if (claimNames.has(name)) errs.push(duplicate(np, name));
    else {
      errs.push(...validateDNS1123Label(name, np));
      claimNames.add(name);
    }
  });
  errs.push(...validateContainers(spec.containers, vols, gp, p.child('containers'), restartPolicy));
  errs.push(...validateInitContainers(spec.initContainers, spec.containers, vols, gp, p.child('initContainers'), restartPolicy));
  // ephemeral containers: set only through the ephemeralcontainers subresource (see validatePodCreate)
  errs.push(...validateEphemeralContainers(spec.ephemeralContainers, spec.containers, spec.initContainers, vols, p.child('ephemeralContainers'), restartPolicy));

  if (spec.hostNetwork === true) {
    arr(spec.containers).forEach((c, i) => {
      arr(c?.ports).forEach((port, j) => {
        const hp = num(port?.hostPort);
        const cp = num(port?.containerPort);
        if ((opts.resourceIsPod || hp !== 0) && hp !== cp) {
          errs.push(invalid(p.child('containers').index(i).child('ports').index(j).child('hostPort'), hp, 'must match `containerPort` when `hostNetwork` is true'));
        }
      });
    });
  }
  if (restartPolicy === '') errs.push(required(p.child('restartPolicy'), ''));
  else if (!restartPolicies.includes(restartPolicy)) errs.push(notSupported(p.child('restartPolicy'), restartPolicy, restartPolicies));
  const dnsPolicy = str(spec.dnsPolicy);
  if (dnsPolicy === '') errs.push(required(p.child('dnsPolicy'), ''));
  else if (!dnsPolicies.includes(dnsPolicy)) errs.push(notSupported(p.child('dnsPolicy'), dnsPolicy, dnsPolicies));
  errs.push(...validateLabels(spec.nodeSelector, p.child('nodeSelector')));
  errs.push(...validatePodSpecSecurityContext(spec.securityContext, spec, p.child('securityContext')));
  arr(spec.imagePullSecrets).forEach((s, i) => {
    if (isObj(s) && Object.keys(s).some((k) => k !== 'name')) errs.push(invalid(p.child('imagePullSecrets').index(i), goRepr(`core.LocalObjectReference{Name:${JSON.stringify(str(s.name))}}`), 'only name may be set'));
  });
  errs.push(...validateAffinity(spec.affinity, opts, p.child('affinity')));
  errs.push(...validatePodDNSConfig(spec.dnsConfig, dnsPolicy, p.child('dnsConfig')));
  arr(spec.readinessGates).forEach((g, i) => errs.push(...validateQualifiedName(str(g?.conditionType), p.child('readinessGates').index(i).child('conditionType'))));
  const gates = new Set<string>();
  arr(spec.schedulingGates).forEach((g, i) => {
    const name = str(g?.name);
    errs.push(...validateQualifiedName(name, p.child('schedulingGates').index(i)));
    if (gates.has(name)) errs.push(duplicate(p.child('schedulingGates').index(i), name));
    gates.add(name);
  });
  errs.push(...validateTopologySpreadConstraints(spec.topologySpreadConstraints, p.child('topologySpreadConstraints')));
  const sa = str(spec.serviceAccountName);
  if (sa.length > 0) for (const msg of nameIsDNSSubdomain(sa, false)) errs.push(invalid(p.child('serviceAccountName'), sa, msg));
  const nodeName = str(spec.nodeName);
  if (nodeName.length > 0) for (const msg of nameIsDNSSubdomain(nodeName, false)) errs.push(invalid(p.child('nodeName'), nodeName, msg));
  if (spec.activeDeadlineSeconds !== undefined && spec.activeDeadlineSeconds !== null) {
    const v = num(spec.activeDeadlineSeconds);
    if (v < 1 || v > MAX_INT32) errs.push(invalid(p.child('activeDeadlineSeconds'), v, inclusiveRangeError(1, MAX_INT32)));
  }
  if (str(spec.hostname).length > 0) errs.push(...validateDNS1123Label(str(spec.hostname), p.child('hostname')));
  if (str(spec.subdomain).length > 0) errs.push(...validateDNS1123Label(str(spec.subdomain), p.child('subdomain')));
  if (arr(spec.tolerations).length > 0) errs.push(...validateTolerations(spec.tolerations, p.child('tolerations')));
  arr(spec.hostAliases).forEach((ha, i) => {
    errs.push(...isValidIP(p.child('hostAliases').index(i).child('ip'), str(ha?.ip)));
    arr(ha?.hostnames).forEach((h, j) => errs.push(...validateDNS1123Subdomain(str(h), p.child('hostAliases').index(i).child('hostnames').index(j))));
  });
  const pcn = str(spec.priorityClassName);
  if (pcn.length > 0) for (const msg of nameIsDNSSubdomain(pcn, false)) errs.push(invalid(p.child('priorityClassName'), pcn, msg));
  if (spec.runtimeClassName !== undefined && spec.runtimeClassName !== null) {
    for (const msg of nameIsDNSSubdomain(str(spec.runtimeClassName), false)) errs.push(invalid(p.child('runtimeClassName'), str(spec.runtimeClassName), msg));
  }
  if (spec.preemptionPolicy !== undefined && spec.preemptionPolicy !== null) errs.push(...validatePreemptionPolicy(spec.preemptionPolicy, p.child('preemptionPolicy')));
  if (isObj(spec.overhead)) errs.push(...validateContainerResourceRequirements({ limits: spec.overhead }, p.child('overhead')));
  if (isObj(spec.os)) {
    const os = str(spec.os.name);
    if (os.length === 0) errs.push(required(p.child('os', 'name'), 'cannot be empty'));
    else if (os !== 'linux' && os !== 'windows') errs.push(notSupported(p.child('os'), os, ['linux', 'windows']));
  }
  return errs;
}

// ---------------------------------------------------------------------------------------------
// Pod-specific annotations
// ---------------------------------------------------------------------------------------------

const MirrorPodAnnotationKey = 'kubernetes.io/config.mirror';
const PodDeletionCost = 'controller.kubernetes.io/pod-deletion-cost';
const AppArmorPrefix = 'container.apparmor.security.beta.kubernetes.io/';

function podSpecHasContainer(spec: Obj, name: string): boolean {
  return [...arr(spec.containers), ...arr(spec.initContainers), ...arr(spec.ephemeralContainers)].some((c) => str(c?.name) === name);
}

/** upstream ValidatePodSpecificAnnotations (seccomp annotation values not ported) */
export function validatePodSpecificAnnotations(annotations: unknown, spec: Obj, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const a: Obj = isObj(annotations) ? annotations : {};
  if (MirrorPodAnnotationKey in a && str(spec.nodeName).length === 0) {
    errs.push(invalid(p.key(MirrorPodAnnotationKey), str(a[MirrorPodAnnotationKey]), 'must set spec.nodeName if mirror pod annotation is set'));
  }
  if (PodDeletionCost in a) {
    const v = str(a[PodDeletionCost]);
    const n = Number(v);
    if (!/^[+-]?\d+$/.test(v) || n < -2147483648 || n > MAX_INT32) errs.push(invalid(p.key(PodDeletionCost), v, 'must be a 32bit integer'));
  }
  for (const [k, v] of entries(a)) {
    if (!k.startsWith(AppArmorPrefix)) continue;
    const containerName = k.slice(AppArmorPrefix.length);
    if (!podSpecHasContainer(spec, containerName)) errs.push(invalid(p.key(k), containerName, 'container not found'));
    const prof = str(v);
    if (prof !== '' && prof !== 'runtime/default' && prof !== 'unconfined' && !prof.startsWith('localhost/')) {
      errs.push(invalid(p.key(k), prof, `invalid AppArmor profile name: ${JSON.stringify(prof)}`));
    }
  }
  return errs;
}

// ---------------------------------------------------------------------------------------------
// Pod / PodTemplateSpec
// ---------------------------------------------------------------------------------------------

/** upstream validatePodMetadataAndSpec */
function validatePodMetadataAndSpec(pod: Obj, opts: PodValidationOptions): FieldError[] {
  const metaPath = path('metadata');
  const specPath = path('spec');
  const meta: Obj = isObj(pod.metadata) ? pod.metadata : {};
  const spec: Obj = isObj(pod.spec) ? pod.spec : {};
  const errs = validateObjectMeta(meta, true, nameIsDNSSubdomain, metaPath);
  errs.push(...validatePodSpecificAnnotations(meta.annotations, spec, metaPath.child('annotations')));
  errs.push(...validatePodSpec(spec, meta, specPath, opts));
  if (str(spec.serviceAccountName) === '') {
    arr(spec.volumes).forEach((v, vi) => {
      arr(v?.projected?.sources).forEach((s, si) => {
        if (isObj(s?.serviceAccountToken)) {
          errs.push(forbidden(specPath.child('volumes').index(vi).child('projected', 'sources').index(si).child('serviceAccountToken'), 'must not be specified when serviceAccountName is not set'));
        }
      });
    });
  }
  for (const list of ['containers', 'initContainers']) {
    arr(spec[list]).forEach((c, i) => {
      const image = str(c?.image);
      if (image.length !== image.trim().length) errs.push(invalid(specPath.child(list).index(i).child('image'), image, 'must not have leading or trailing whitespace'));
    });
  }
  return errs;
}

/** upstream ValidatePodCreate */
export function validatePodCreate(pod: Obj): FieldError[] {
  const opts: PodValidationOptions = { resourceIsPod: true };
  const errs = validatePodMetadataAndSpec(pod, opts);
  const spec: Obj = isObj(pod.spec) ? pod.spec : {};
  if (arr(spec.ephemeralContainers).length > 0) errs.push(forbidden(path('spec', 'ephemeralContainers'), 'cannot be set on create'));
  if (str(spec.nodeName) !== '' && arr(spec.schedulingGates).length !== 0) {
    errs.push(forbidden(path('spec', 'nodeName'), 'cannot be set until all schedulingGates have been cleared'));
  }
  return errs;
}

const updatablePodSpecFields = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)'
];

/** A compact stand-in for go-cmp's Diff of the two specs: one `-`/`+` pair per changed JSON path. */
export function specDiff(oldV: unknown, newV: unknown, prefix = 'spec'): string {
  const lines: string[] = [];
  const walk = (a: unknown, b: unknown, at: string): void => {
    if (deepEqual(a, b)) return;
    if (isObj(a) && isObj(b)) {
      for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) walk(a[k], b[k], `${at}.${k}`);
      return;
    }
    if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
      a.forEach((x, i) => walk(x, b[i], `${at}[${i}]`));
      return;
    }
    if (a !== undefined) lines.push(`- \t${at}: ${JSON.stringify(a)}`);
    if (b !== undefined) lines.push(`+ \t${at}: ${JSON.stringify(b)}`);
  };
  walk(oldV, newV, prefix);
  return lines.join('\n');
}

/** upstream ValidatePodUpdate */
export function validatePodUpdate(newPod: Obj, oldPod: Obj): FieldError[] {
  const opts: PodValidationOptions = { resourceIsPod: true };
  const metaPath = path('metadata');
  const errs = validateObjectMetaUpdate(newPod.metadata, oldPod.metadata, metaPath);
  errs.push(...validatePodMetadataAndSpec(newPod, opts));
  const newSpec: Obj = isObj(newPod.spec) ? newPod.spec : {};
  const oldSpec: Obj = isObj(oldPod.spec) ? oldPod.spec : {};
  // ValidatePodSpecificAnnotationUpdates: mirror-pod annotation may not change
  const na: Obj = isObj(newPod.metadata?.annotations) ? newPod.metadata.annotations : {};
  const oa: Obj = isObj(oldPod.metadata?.annotations) ? oldPod.metadata.annotations : {};
  for (const [k, v] of entries(oa)) {
    if (k in na && na[k] === v) continue;
    if (k.startsWith(AppArmorPrefix)) errs.push(forbidden(metaPath.child('annotations').key(k), 'may not remove or update AppArmor annotations'));
    if (k === MirrorPodAnnotationKey) errs.push(forbidden(metaPath.child('annotations').key(k), 'may not remove or update mirror pod annotation'));
  }
  for (const k of Object.keys(na)) {
    if (k in oa) continue;
    if (k.startsWith(AppArmorPrefix)) errs.push(forbidden(metaPath.child('annotations').key(k), 'may not add AppArmor annotations'));
    if (k === MirrorPodAnnotationKey) errs.push(forbidden(metaPath.child('annotations').key(k), 'may not add mirror pod annotation'));
  }
  errs.push(...validatePodSpecificAnnotations(na, newSpec, metaPath.child('annotations')));

  const specPath = path('spec');
  for (const list of ['containers', 'initContainers']) {
    const nc = arr(newSpec[list]);
    const oc = arr(oldSpec[list]);
    if (nc.length !== oc.length) {
      errs.push(forbidden(specPath.child(list), 'pod updates may not add or remove containers'));
      return errs;
    }
    nc.forEach((c, i) => {
      const image = str(c?.image);
      if (image.length === 0) errs.push(required(specPath.child(list).index(i).child('image'), ''));
      if (image.trim().length !== image.length) errs.push(invalid(specPath.child(list).index(i).child('image'), image, 'must not have leading or trailing whitespace'));
    });
  }
  const newADS = newSpec.activeDeadlineSeconds;
  const oldADS = oldSpec.activeDeadlineSeconds;
  if (typeof newADS === 'number') {
    if (newADS < 0 || newADS > MAX_INT32) {
      errs.push(invalid(specPath.child('activeDeadlineSeconds'), newADS, inclusiveRangeError(0, MAX_INT32)));
      return errs;
    }
    if (typeof oldADS === 'number' && oldADS < newADS) {
      errs.push(invalid(specPath.child('activeDeadlineSeconds'), newADS, 'must be less than or equal to previous value'));
      return errs;
    }
  } else if (typeof oldADS === 'number') {
    errs.push(invalid(specPath.child('activeDeadlineSeconds'), null, 'must not update from a positive integer to nil value'));
  }
  // validateOnlyAddedTolerations
  const newTol = arr(newSpec.tolerations);
  const tolFound = (old: unknown): boolean => newTol.some((t) => deepEqual({ ...(isObj(old) ? old : {}), tolerationSeconds: t?.tolerationSeconds }, t));
  if (!arr(oldSpec.tolerations).every(tolFound)) {
    errs.push(forbidden(specPath.child('tolerations'), 'existing toleration can not be modified except its tolerationSeconds'));
  } else {
    errs.push(...validateTolerations(newTol, specPath.child('tolerations')));
  }
  // validateOnlyDeletedSchedulingGates
  const oldGates = new Set(arr(oldSpec.schedulingGates).map((g) => str(g?.name)));
  arr(newSpec.schedulingGates).forEach((g, i) => {
    const name = str(g?.name);
    if (!oldGates.has(name)) errs.push(forbidden(specPath.child('schedulingGates').index(i).child('name'), `only deletion is allowed, but found new scheduling gate '${name}'`));
  });
  if (deepEqual(newSpec, oldSpec)) return errs;

  const munged: Obj = JSON.parse(JSON.stringify(newSpec));
  for (const list of ['containers', 'initContainers']) {
    arr(munged[list]).forEach((c, i) => {
      if (isObj(c)) c.image = oldSpec[list][i]?.image;
    });
  }
  delete munged.activeDeadlineSeconds;
  if (oldADS !== undefined) munged.activeDeadlineSeconds = oldADS;
  munged.schedulingGates = oldSpec.schedulingGates;
  munged.tolerations = oldSpec.tolerations;
  if (typeof oldSpec.terminationGracePeriodSeconds === 'number' && oldSpec.terminationGracePeriodSeconds < 0 && munged.terminationGracePeriodSeconds === 1) {
    munged.terminationGracePeriodSeconds = oldSpec.terminationGracePeriodSeconds;
  }
  if (arr(oldSpec.schedulingGates).length > 0) {
    // gated pods may add node selectors / node affinity
    const oldNS: Obj = isObj(oldSpec.nodeSelector) ? oldSpec.nodeSelector : {};
    const newNS: Obj = isObj(munged.nodeSelector) ? munged.nodeSelector : {};
    if (!deepEqual(munged.nodeSelector, oldSpec.nodeSelector)) {
      if (Object.entries(oldNS).some(([k, v]) => newNS[k] !== v)) {
        errs.push(invalid(specPath.child('nodeSelector'), newNS, 'only additions to spec.nodeSelector are allowed (no mutations or deletions)'));
      }
      munged.nodeSelector = oldSpec.nodeSelector;
    }
  }
  for (const k of Object.keys(munged)) if (munged[k] === undefined) delete munged[k];
  if (!deepEqual(munged, oldSpec)) {
    errs.push(forbidden(specPath, `pod updates may not change fields other than ${updatablePodSpecFields.join(',')}\n${specDiff(oldSpec, munged)}`));
  }
  return errs;
}

/** upstream ValidatePodTemplateSpec */
export function validatePodTemplateSpec(template: Obj, p: Path, opts: PodValidationOptions): FieldError[] {
  const meta: Obj = isObj(template.metadata) ? template.metadata : {};
  const spec: Obj = isObj(template.spec) ? template.spec : {};
  const errs = validateLabels(meta.labels, p.child('labels'));
  errs.push(...validateAnnotations(meta.annotations, p.child('annotations')));
  errs.push(...validatePodSpecificAnnotations(meta.annotations, spec, p.child('annotations')));
  errs.push(...validatePodSpec(spec, undefined, p.child('spec'), { ...opts, resourceIsPod: false }));
  if (arr(spec.ephemeralContainers).length > 0) errs.push(forbidden(p.child('spec', 'ephemeralContainers'), 'ephemeral containers not allowed in pod template'));
  return errs;
}
