/**
 * Namespace, Node, ConfigMap, Secret, ServiceAccount, Event, PersistentVolume and
 * PersistentVolumeClaim validation.
 *
 * upstream: pkg/apis/core/validation/validation.go (ValidateNamespace, ValidateNode, ValidateNodeUpdate,
 *           validateNodeTaints, ValidateNodeResources, ValidateConfigMap, ValidateConfigMapUpdate,
 *           ValidateSecret, ValidateSecretUpdate, ValidateServiceAccount, ValidatePersistentVolume,
 *           ValidatePersistentVolumeSpec, ValidatePersistentVolumeUpdate, ValidatePersistentVolumeClaim,
 *           ValidatePersistentVolumeClaimUpdate)
 *           pkg/apis/core/validation/events.go (legacyValidateEvent)
 */
import { duplicate, forbidden, goRepr, invalid, notSupported, path, required, tooLong, type FieldError, type Path } from './field';
import {
  arr,
  deepEqual,
  entries,
  isObj,
  str,
  utf8Len,
  validateImmutableField,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type Obj
} from './meta';
import {
  isConfigMapKey,
  isDNS1123Subdomain,
  isIPv6String,
  isQualifiedName,
  isValidCIDR,
  isValidLabelValue,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  validatePathSegmentName
} from './names';
import {
  specDiff,
  validateAccessModes,
  supportedVolumeModes,
  validateNodeSelector,
  validatePersistentVolumeClaimSpec,
  validatePositiveQuantity,
  validateTaintEffect
} from './pod';
import { isWholeQuantity, quantityOf, QUANTITY_FORMAT_ERROR } from './quantities';

export const MaxSecretSize = 1 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Namespace
// ---------------------------------------------------------------------------------------------

const standardFinalizers = new Set(['kubernetes', 'orphan', 'foregroundDeletion']);

/** upstream ValidateNamespace / ValidateNamespaceUpdate */
export function validateNamespace(ns: Obj, old?: Obj): FieldError[] {
  if (old) return validateObjectMetaUpdate(ns.metadata, old.metadata, path('metadata'));
  const errs = validateObjectMeta(ns.metadata, false, nameIsDNSLabel, path('metadata'));
  for (const f of arr(ns.spec?.finalizers).map(str)) {
    const fp = path('spec', 'finalizers');
    for (const msg of isQualifiedName(f)) errs.push(invalid(fp, f, msg));
    if (f.split('/').length === 1 && !standardFinalizers.has(f)) errs.push(invalid(fp, f, 'name is neither a standard finalizer name nor is it fully qualified'));
  }
  return errs;
}

// ---------------------------------------------------------------------------------------------
// Node
// ---------------------------------------------------------------------------------------------

const integerResources = new Set([
  'pods',
  'services',
  'replicationcontrollers',
  'resourcequotas',
  'secrets',
  'configmaps',
  'persistentvolumeclaims',
  'services.nodeports',
  'services.loadbalancers'
]);

function isIntegerResourceName(name: string): boolean {
  if (integerResources.has(name) || name.startsWith('count/')) return true;
  // extended resources (not native) are integer
  return name.includes('/') && !name.includes('kubernetes.io/') && !name.startsWith('requests.');
}

/** upstream ValidateResourceQuantityValue */
function validateResourceQuantityValue(name: string, raw: unknown, p: Path): FieldError[] {
  const q = quantityOf(raw);
  if (!q) return [invalid(p, raw, QUANTITY_FORMAT_ERROR)];
  const errs: FieldError[] = [];
  if (q.sign() < 0) errs.push(invalid(p, q.toString(), 'must be greater than or equal to 0'));
  if (isIntegerResourceName(name) && !isWholeQuantity(q)) errs.push(invalid(p, goRepr(q.toString()), 'must be an integer'));
  return errs;
}

function goTaint(t: Obj): unknown {
  return goRepr(`core.Taint{Key:${JSON.stringify(str(t.key))}, Value:${JSON.stringify(str(t.value))}, Effect:${JSON.stringify(str(t.effect))}, TimeAdded:(*v1.Time)(nil)}`);
}

/** upstream validateNodeTaints */
function validateNodeTaints(taints: unknown, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const unique = new Map<string, Set<string>>();
  arr(taints).forEach((raw, i) => {
    const t: Obj = isObj(raw) ? raw : {};
    const idxPath = p.index(i);
    const key = str(t.key);
    const effect = str(t.effect);
    for (const msg of isQualifiedName(key)) errs.push(invalid(idxPath.child('key'), key, msg));
    const ve = isValidLabelValue(str(t.value));
    if (ve.length !== 0) errs.push(invalid(idxPath.child('value'), str(t.value), ve.join(';')));
    errs.push(...validateTaintEffect(effect, false, idxPath.child('effect')));
    const set = unique.get(effect);
    if (set && set.has(key)) {
      errs.push({ ...duplicate(idxPath, goTaint(t)), detail: 'taints must be unique by key and effect pair' });
      return;
    }
    if (!set) unique.set(effect, new Set([key]));
    else set.add(key);
  });
  return errs;
}

/** upstream ValidateNodeResources (paths use Child, not Key: `status.capacity.cpu`). */
function validateNodeResources(node: Obj): FieldError[] {
  const errs: FieldError[] = [];
  for (const [k, v] of entries(node.status?.capacity)) errs.push(...validateResourceQuantityValue(k, v, path('status', 'capacity', k)));
  for (const [k, v] of entries(node.status?.allocatable)) errs.push(...validateResourceQuantityValue(k, v, path('status', 'allocatable', k)));
  return errs;
}

/** upstream ValidateNode / ValidateNodeUpdate */
export function validateNode(node: Obj, old?: Obj): FieldError[] {
  const metaPath = path('metadata');
  const spec: Obj = isObj(node.spec) ? node.spec : {};
  if (old) {
    const oldSpec: Obj = isObj(old.spec) ? old.spec : {};
    const errs = validateObjectMetaUpdate(node.metadata, old.metadata, metaPath);
    errs.push(...validateNodeResources(node));
    const seen: Obj[] = [];
    arr(node.status?.addresses).forEach((a, i) => {
      if (seen.some((s) => deepEqual(s, a))) {
        errs.push(duplicate(path('status', 'addresses').index(i), goRepr(`core.NodeAddress{Type:${JSON.stringify(str(a?.type))}, Address:${JSON.stringify(str(a?.address))}}`)));
      }
      seen.push(a);
    });
    const oldCIDRs = arr(oldSpec.podCIDRs);
    const newCIDRs = arr(spec.podCIDRs);
    if (oldCIDRs.length > 0) {
      const msg = 'node updates may not change podCIDR except from "" to valid';
      if (oldCIDRs.length !== newCIDRs.length) errs.push(forbidden(path('spec', 'podCIDRs'), msg));
      else oldCIDRs.forEach((c, i) => c !== newCIDRs[i] && errs.push(forbidden(path('spec', 'podCIDRs'), msg)));
    }
    if (str(oldSpec.providerID).length > 0 && oldSpec.providerID !== spec.providerID) {
      errs.push(forbidden(path('spec', 'providerID'), 'node updates may not change providerID except from "" to valid'));
    }
    if (arr(spec.taints).length > 0) errs.push(...validateNodeTaints(spec.taints, metaPath.child('taints')));
    if (str(spec.externalID) !== str(oldSpec.externalID)) errs.push(forbidden(path('spec', 'externalID'), 'may not be updated'));
    return errs;
  }
  const errs = validateObjectMeta(node.metadata, false, nameIsDNSSubdomain, metaPath);
  if (arr(spec.taints).length > 0) errs.push(...validateNodeTaints(spec.taints, metaPath.child('taints')));
  errs.push(...validateNodeResources(node));
  const cidrs = arr(spec.podCIDRs).map(str);
  if (cidrs.length > 0) {
    const fp = path('spec', 'podCIDRs');
    cidrs.forEach((c, i) => errs.push(...isValidCIDR(fp.index(i), c)));
    if (cidrs.length > 1) {
      const dual = cidrs.length === 2 && isIPv6String(cidrs[0].split('/')[0]) !== isIPv6String(cidrs[1].split('/')[0]);
      if (!dual) errs.push(invalid(fp, cidrs, 'may specify no more than one CIDR for each IP family'));
      const seen = new Set<string>();
      cidrs.forEach((c, i) => {
        if (seen.has(c)) errs.push(duplicate(fp.index(i), c));
        seen.add(c);
      });
    }
  }
  return errs;
}

// ---------------------------------------------------------------------------------------------
// ConfigMap
// ---------------------------------------------------------------------------------------------

/** Byte length of a base64 ([]byte in JSON) value. */
function base64Len(v: unknown): number {
  const s = str(v).replace(/\s/g, '');
  const pad = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((s.length * 3) / 4) - pad);
}

/** upstream ValidateConfigMap */
function validateConfigMapContent(cm: Obj): FieldError[] {
  const errs: FieldError[] = [];
  let total = 0;
  const binary: Obj = isObj(cm.binaryData) ? cm.binaryData : {};
  for (const [key, value] of entries(cm.data)) {
    for (const msg of isConfigMapKey(key)) errs.push(invalid(path('data').key(key), key, msg));
    if (key in binary) errs.push(invalid(path('data').key(key), key, 'duplicate of key present in binaryData'));
    total += utf8Len(str(value));
  }
  for (const [key, value] of entries(cm.binaryData)) {
    for (const msg of isConfigMapKey(key)) errs.push(invalid(path('binaryData').key(key), key, msg));
    total += base64Len(value);
  }
  if (total > MaxSecretSize) errs.push(tooLong(path(''), '', MaxSecretSize));
  return errs;
}

/** upstream ValidateConfigMap / ValidateConfigMapUpdate */
export function validateConfigMap(cm: Obj, old?: Obj): FieldError[] {
  if (old) {
    const errs = validateObjectMetaUpdate(cm.metadata, old.metadata, path('metadata'));
    if (old.immutable === true) {
      if (cm.immutable !== true) errs.push(forbidden(path('immutable'), 'field is immutable when `immutable` is set'));
      if (!deepEqual(cm.data, old.data)) errs.push(forbidden(path('data'), 'field is immutable when `immutable` is set'));
      if (!deepEqual(cm.binaryData, old.binaryData)) errs.push(forbidden(path('binaryData'), 'field is immutable when `immutable` is set'));
    }
    errs.push(...validateObjectMeta(cm.metadata, true, nameIsDNSSubdomain, path('metadata')));
    errs.push(...validateConfigMapContent(cm));
    return errs;
  }
  const errs = validateObjectMeta(cm.metadata, true, nameIsDNSSubdomain, path('metadata'));
  errs.push(...validateConfigMapContent(cm));
  return errs;
}

// ---------------------------------------------------------------------------------------------
// Secret
// ---------------------------------------------------------------------------------------------

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 -> latin-1 text (undefined when malformed). */
function base64Decode(s: string): string | undefined {
  const clean = s.replace(/\s/g, '').replace(/=+$/, '');
  let bits = 0;
  let acc = 0;
  let out = '';
  for (const ch of clean) {
    const v = B64.indexOf(ch);
    if (v < 0) return undefined;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((acc >> bits) & 0xff);
    }
  }
  return out;
}

/** Secret data as the internal object sees it: stringData merged over data (v1 conversion). */
function secretDataSizes(secret: Obj): Map<string, { size: number; text?: string }> {
  const out = new Map<string, { size: number; text?: string }>();
  for (const [k, v] of entries(secret.data)) {
    out.set(k, { size: base64Len(v), text: base64Decode(str(v)) });
  }
  for (const [k, v] of entries(secret.stringData)) out.set(k, { size: utf8Len(str(v)), text: str(v) });
  return out;
}

function validJSON(s: string | undefined): string | undefined {
  if (s === undefined) return undefined;
  try {
    const v = JSON.parse(s);
    if (!isObj(v)) return 'json: cannot unmarshal into Go value of type map[string]interface {}';
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** upstream ValidateSecret */
function validateSecretContent(secret: Obj): FieldError[] {
  const errs = validateObjectMeta(secret.metadata, true, nameIsDNSSubdomain, path('metadata'));
  const dataPath = path('data');
  const data = secretDataSizes(secret);
  let total = 0;
  for (const [key, v] of data) {
    for (const msg of isConfigMapKey(key)) errs.push(invalid(dataPath.key(key), key, msg));
    total += v.size;
  }
  if (total > MaxSecretSize) errs.push(tooLong(dataPath, '', MaxSecretSize));
  const annotations: Obj = isObj(secret.metadata?.annotations) ? secret.metadata.annotations : {};
  switch (str(secret.type)) {
    case 'kubernetes.io/service-account-token':
      if (str(annotations['kubernetes.io/service-account.name']).length === 0) {
        errs.push(required(path('metadata', 'annotations').key('kubernetes.io/service-account.name'), ''));
      }
      break;
    case 'Opaque':
    case '':
      break;
    case 'kubernetes.io/dockercfg':
    case 'kubernetes.io/dockerconfigjson': {
      const key = secret.type === 'kubernetes.io/dockercfg' ? '.dockercfg' : '.dockerconfigjson';
      const d = data.get(key);
      if (!d) {
        errs.push(required(dataPath.key(key), ''));
        break;
      }
      const bad = validJSON(d.text);
      if (bad !== undefined) errs.push(invalid(dataPath.key(key), '<secret contents redacted>', bad));
      break;
    }
    case 'kubernetes.io/basic-auth':
      if (!data.has('username') && !data.has('password')) {
        errs.push(required(dataPath.key('username'), ''));
        errs.push(required(dataPath.key('password'), ''));
      }
      break;
    case 'kubernetes.io/ssh-auth':
      if ((data.get('ssh-privatekey')?.size ?? 0) === 0) errs.push(required(dataPath.key('ssh-privatekey'), ''));
      break;
    case 'kubernetes.io/tls':
      if (!data.has('tls.crt')) errs.push(required(dataPath.key('tls.crt'), ''));
      if (!data.has('tls.key')) errs.push(required(dataPath.key('tls.key'), ''));
      break;
  }
  return errs;
}

/** upstream ValidateSecret / ValidateSecretUpdate */
export function validateSecret(secret: Obj, old?: Obj): FieldError[] {
  if (!old) return validateSecretContent(secret);
  const errs = validateObjectMetaUpdate(secret.metadata, old.metadata, path('metadata'));
  errs.push(...validateImmutableField(str(secret.type), str(old.type), path('type')));
  if (old.immutable === true) {
    if (secret.immutable !== true) errs.push(forbidden(path('immutable'), 'field is immutable when `immutable` is set'));
    if (!deepEqual(secret.data, old.data) || (isObj(secret.stringData) && Object.keys(secret.stringData).length > 0)) {
      errs.push(forbidden(path('data'), 'field is immutable when `immutable` is set'));
    }
  }
  errs.push(...validateSecretContent(secret));
  return errs;
}

// ---------------------------------------------------------------------------------------------
// ServiceAccount
// ---------------------------------------------------------------------------------------------

/** upstream ValidateServiceAccount / ValidateServiceAccountUpdate */
export function validateServiceAccount(sa: Obj, old?: Obj): FieldError[] {
  const errs: FieldError[] = [];
  if (old) errs.push(...validateObjectMetaUpdate(sa.metadata, old.metadata, path('metadata')));
  errs.push(...validateObjectMeta(sa.metadata, true, nameIsDNSSubdomain, path('metadata')));
  return errs;
}

// ---------------------------------------------------------------------------------------------
// Event (core/v1)
// ---------------------------------------------------------------------------------------------

/**
 * upstream legacyValidateEvent (requestVersion v1) followed by the generic registry's
 * ValidateObjectMetaAccessor with ValidatePathSegmentName (rest.BeforeCreate).
 */
export function validateEvent(ev: Obj, old?: Obj): FieldError[] {
  const errs: FieldError[] = [];
  const ns = str(ev.metadata?.namespace);
  const involvedNs = str(ev.involvedObject?.namespace);
  const eventTime = ev.eventTime;
  if (eventTime === undefined || eventTime === null || eventTime === '') {
    if (involvedNs.length === 0) {
      if (ns !== '' && ns !== 'default') errs.push(invalid(path('involvedObject', 'namespace'), involvedNs, 'does not match event.namespace'));
    } else if (ns !== involvedNs) errs.push(invalid(path('involvedObject', 'namespace'), involvedNs, 'does not match event.namespace'));
  } else {
    if (involvedNs.length === 0 && ns !== 'default' && ns !== 'kube-system') {
      errs.push(invalid(path('involvedObject', 'namespace'), involvedNs, 'does not match event.namespace'));
    }
    const rc = str(ev.reportingComponent);
    if (rc.length === 0) errs.push(required(path('reportingComponent'), ''));
    for (const msg of isQualifiedName(rc)) errs.push(invalid(path('reportingComponent'), rc, msg));
    const ri = str(ev.reportingInstance);
    if (ri.length === 0) errs.push(required(path('reportingInstance'), ''));
    if (ri.length > 128) errs.push(invalid(path('reportingInstance'), '', 'can have at most 128 characters'));
    const action = str(ev.action);
    if (action.length === 0) errs.push(required(path('action'), ''));
    if (action.length > 128) errs.push(invalid(path('action'), '', 'can have at most 128 characters'));
    const reason = str(ev.reason);
    if (reason.length === 0) errs.push(required(path('reason'), ''));
    if (reason.length > 128) errs.push(invalid(path('reason'), '', 'can have at most 128 characters'));
    if (str(ev.message).length > 1024) errs.push(invalid(path('message'), '', 'can have at most 1024 characters'));
  }
  for (const msg of isDNS1123Subdomain(ns)) errs.push(invalid(path('namespace'), ns, msg));
  if (errs.length > 0) return errs;
  if (old) return validateObjectMetaUpdate(ev.metadata, old.metadata, path('metadata'), { kubeFinalizers: false });
  return validateObjectMeta(ev.metadata, true, validatePathSegmentName, path('metadata'), { kubeFinalizers: false });
}

// ---------------------------------------------------------------------------------------------
// PersistentVolume
// ---------------------------------------------------------------------------------------------

const supportedReclaimPolicy = ['Delete', 'Recycle', 'Retain'];

/** PV sources in upstream ValidatePersistentVolumeSpec order: [json key, nested path, required fields]. */
const PV_SOURCES: [string, string, string[]][] = [
  ['hostPath', 'hostPath', ['path']],
  ['gcePersistentDisk', 'persistentDisk', ['pdName']],
  ['awsElasticBlockStore', 'awsElasticBlockStore', ['volumeID']],
  ['glusterfs', 'glusterfs', ['endpoints', 'path']],
  ['flocker', 'flocker', []],
  ['nfs', 'nfs', ['server', 'path']],
  ['rbd', 'rbd', ['monitors', 'image']],
  ['quobyte', 'quobyte', ['registry', 'volume']],
  ['cephfs', 'cephfs', ['monitors']],
  ['iscsi', 'iscsi', ['targetPortal', 'iqn']],
  ['cinder', 'cinder', ['volumeID']],
  ['fc', 'fc', []],
  ['flexVolume', 'flexVolume', ['driver']],
  ['azureFile', 'azureFile', ['secretName', 'shareName']],
  ['vsphereVolume', 'vsphereVolume', ['volumePath']],
  ['photonPersistentDisk', 'photonPersistentDisk', ['pdID']],
  ['portworxVolume', 'portworxVolume', ['volumeID']],
  ['azureDisk', 'azureDisk', ['diskName', 'diskURI']],
  ['scaleIO', 'scaleIO', ['gateway', 'system', 'volumeName']],
  ['local', 'local', ['path']],
  ['storageos', 'storageos', ['volumeName']],
  ['csi', 'csi', ['driver', 'volumeHandle']]
];

const PV_SOURCE_KEYS = PV_SOURCES.map(([k]) => k);

function goResourceList(m: unknown): unknown {
  if (!isObj(m)) return goRepr('core.ResourceList(nil)');
  const keys = Object.keys(m);
  return goRepr(`core.ResourceList{${keys.map((k) => `${JSON.stringify(k)}:resource.Quantity{...}`).join(', ')}}`);
}

/** upstream ValidatePersistentVolumeSpec (non-inline) */
function validatePersistentVolumeSpec(specIn: unknown, p: Path): FieldError[] {
  const spec: Obj = isObj(specIn) ? specIn : {};
  const errs: FieldError[] = [];
  const modes = arr(spec.accessModes).map(str);
  if (modes.length === 0) errs.push(required(p.child('accessModes'), ''));
  errs.push(...validateAccessModes(modes, p.child('accessModes')));
  const capacity: Obj = isObj(spec.capacity) ? spec.capacity : {};
  const capKeys = Object.keys(capacity);
  if (capKeys.length === 0) errs.push(required(p.child('capacity'), ''));
  if (!('storage' in capacity) || capKeys.length > 1) errs.push(notSupported(p.child('capacity'), goResourceList(spec.capacity), ['storage']));
  for (const [r, q] of Object.entries(capacity)) {
    const qp = p.child('capacity').key(r);
    const qq = quantityOf(q);
    if (!qq) {
      errs.push(invalid(qp, q, QUANTITY_FORMAT_ERROR));
      continue;
    }
    if (qq.sign() < 0) errs.push(invalid(qp, goRepr(qq.toString()), 'must be a valid resource quantity'));
    errs.push(...validatePositiveQuantity(q, qp));
  }
  const rp = str(spec.persistentVolumeReclaimPolicy);
  if (rp.length > 0 && !supportedReclaimPolicy.includes(rp)) errs.push(notSupported(p.child('persistentVolumeReclaimPolicy'), rp, supportedReclaimPolicy));
  let nodeAffinitySpecified = false;
  if (isObj(spec.nodeAffinity)) {
    nodeAffinitySpecified = true;
    if (isObj(spec.nodeAffinity.required)) errs.push(...validateNodeSelector(spec.nodeAffinity.required, false, p.child('nodeAffinity', 'required')));
    else errs.push(required(p.child('nodeAffinity', 'required'), 'must specify required node constraints'));
  }
  let numVolumes = 0;
  for (const [key, nested, fields] of PV_SOURCES) {
    const src = spec[key];
    if (!isObj(src)) continue;
    if (numVolumes > 0 && key !== 'flexVolume') {
      errs.push(forbidden(p.child(key), 'may not specify more than 1 volume type'));
      continue;
    }
    numVolumes++;
    for (const f of fields) {
      const v = src[f];
      if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) errs.push(required(p.child(nested, f), ''));
    }
    if (key === 'nfs' && !str(src.path).startsWith('/')) errs.push(invalid(p.child('nfs', 'path'), str(src.path), 'must be an absolute path'));
    if (key === 'local' && !nodeAffinitySpecified) errs.push(required(p.child('nodeAffinity'), 'Local volume requires node affinity'));
  }
  if (numVolumes === 0) errs.push(required(p, 'must specify a volume type'));
  if (isObj(spec.hostPath) && str(spec.hostPath.path).replace(/\/+$/, '') === '' && str(spec.hostPath.path).startsWith('/') && rp === 'Recycle') {
    errs.push(forbidden(p.child('persistentVolumeReclaimPolicy'), "may not be 'recycle' for a hostPath mount of '/'"));
  }
  const sc = str(spec.storageClassName);
  if (sc.length > 0) for (const msg of nameIsDNSSubdomain(sc, false)) errs.push(invalid(p.child('storageClassName'), sc, msg));
  if (spec.volumeMode !== undefined && spec.volumeMode !== null && !supportedVolumeModes.includes(str(spec.volumeMode))) {
    errs.push(notSupported(p.child('volumeMode'), str(spec.volumeMode), supportedVolumeModes));
  }
  return errs;
}

/** upstream ValidatePersistentVolume / ValidatePersistentVolumeUpdate */
export function validatePersistentVolume(pv: Obj, old?: Obj): FieldError[] {
  const errs = validateObjectMeta(pv.metadata, false, nameIsDNSSubdomain, path('metadata'));
  errs.push(...validatePersistentVolumeSpec(pv.spec, path('spec')));
  if (!old) return errs;
  const pick = (s: Obj | undefined): Obj => {
    const o: Obj = {};
    for (const k of PV_SOURCE_KEYS) if (s && s[k] !== undefined) o[k] = s[k];
    return o;
  };
  const newSrc = pick(pv.spec);
  const oldSrc = pick(old.spec);
  if (isObj(oldSrc.csi) && isObj(newSrc.csi) && oldSrc.csi.controllerExpandSecretRef === undefined) {
    newSrc.csi = { ...newSrc.csi };
    delete newSrc.csi.controllerExpandSecretRef;
  }
  if (!deepEqual(newSrc, oldSrc)) {
    errs.push(forbidden(path('spec', 'persistentvolumesource'), `spec.persistentvolumesource is immutable after creation\n${specDiff(oldSrc, newSrc, 'spec')}`));
  }
  errs.push(...validateImmutableField(pv.spec?.volumeMode, old.spec?.volumeMode, path('volumeMode')));
  if (isObj(old.spec?.nodeAffinity) && !deepEqual(pv.spec?.nodeAffinity, old.spec?.nodeAffinity)) {
    errs.push(invalid(path('nodeAffinity'), goRepr(JSON.stringify(pv.spec?.nodeAffinity ?? null)), 'field is immutable, except for updating from beta label to GA'));
  }
  return [...validateObjectMetaUpdate(pv.metadata, old.metadata, path('metadata')), ...errs];
}

// ---------------------------------------------------------------------------------------------
// PersistentVolumeClaim
// ---------------------------------------------------------------------------------------------

/** upstream ValidatePersistentVolumeClaim / ValidatePersistentVolumeClaimUpdate */
export function validatePersistentVolumeClaim(pvc: Obj, old?: Obj): FieldError[] {
  const base = validateObjectMeta(pvc.metadata, true, nameIsDNSSubdomain, path('metadata'));
  base.push(...validatePersistentVolumeClaimSpec(isObj(pvc.spec) ? pvc.spec : {}, path('spec')));
  if (!old) return base;
  const errs = validateObjectMetaUpdate(pvc.metadata, old.metadata, path('metadata'));
  errs.push(...base);
  const newSpec: Obj = JSON.parse(JSON.stringify(isObj(pvc.spec) ? pvc.spec : {}));
  const oldSpec: Obj = JSON.parse(JSON.stringify(isObj(old.spec) ? old.spec : {}));
  if (str(oldSpec.volumeName).length === 0) {
    if (newSpec.volumeName === undefined) delete oldSpec.volumeName;
    else oldSpec.volumeName = newSpec.volumeName;
  }
  // storageClassName may be set once when it was nil (validateStorageClassUpgradeFromNil)
  if ((oldSpec.storageClassName === undefined || oldSpec.storageClassName === null) && newSpec.storageClassName !== undefined) {
    const ann = old.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'];
    if (ann === undefined || ann === newSpec.storageClassName) oldSpec.storageClassName = newSpec.storageClassName;
  }
  if (pvc.status?.phase === 'Bound' && isObj(newSpec.resources?.requests)) {
    newSpec.resources.requests.storage = oldSpec.resources?.requests?.storage;
  }
  if (!deepEqual(newSpec, oldSpec)) {
    errs.push(
      forbidden(path('spec'), `spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims\n${specDiff(oldSpec, newSpec, 'spec')}`)
    );
  }
  const oldSize = quantityOf(old.spec?.resources?.requests?.storage);
  const newSize = quantityOf(pvc.spec?.resources?.requests?.storage);
  if (oldSize && newSize && newSize.cmp(oldSize) < 0) {
    // RecoverVolumeExpansionFailure (beta, on in v1.32): may shrink down to (not below) status.capacity
    const statusSize = quantityOf(old.status?.capacity?.storage);
    if (statusSize ? newSize.cmp(statusSize) <= 0 : newSize.sign() <= 0) {
      errs.push(forbidden(path('spec', 'resources', 'requests', 'storage'), 'field can not be less than status.capacity'));
    }
  }
  errs.push(...validateImmutableField(pvc.spec?.volumeMode, old.spec?.volumeMode, path('volumeMode')));
  return errs;
}

