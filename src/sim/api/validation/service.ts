/**
 * Service, Endpoints and EndpointSlice validation.
 *
 * upstream: pkg/apis/core/validation/validation.go (ValidateService, validateServicePort,
 *           ValidateServiceClusterIPsRelatedFields, validateServiceExternalTrafficPolicy,
 *           validateServiceInternalTrafficFieldsValue, ValidateServiceUpdate,
 *           validateUpgradeDowngradeClusterIPs, ValidateEndpoints, validateEndpointSubsets,
 *           ValidateNonSpecialIP)
 *           pkg/apis/discovery/validation/validation.go (ValidateEndpointSlice)
 */
import { duplicate, forbidden, goRepr, invalid, notSupported, path, required, tooMany, type FieldError, type Path } from './field';
import { arr, entries, isObj, num, str, validateLabels, validateObjectMeta, validateObjectMetaUpdate, type Obj } from './meta';
import {
  isFullyQualifiedDomainName,
  isIPv6String,
  isValidCIDR,
  isValidIP,
  isValidIPv4Address,
  isValidIPv6Address,
  isValidPortNum,
  nameIsDNS1035Label,
  nameIsDNSSubdomain,
  parseIPv4,
  parseIPv6
} from './names';
import { validateDNS1123Label, validateDNS1123Subdomain, validatePortNumOrName, validateQualifiedName } from './pod';

const supportedPortProtocols = ['SCTP', 'TCP', 'UDP'];
const supportedSessionAffinityType = ['ClientIP', 'None'];
const supportedServiceType = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const supportedServiceIPFamily = ['IPv4', 'IPv6'];
const supportedServiceIPFamilyPolicy = ['PreferDualStack', 'RequireDualStack', 'SingleStack'];
const MaxClientIPServiceAffinitySeconds = 86400;

function isHeadless(svc: Obj): boolean {
  const ips = arr(svc.spec?.clusterIPs);
  return ips.length === 1 && ips[0] === 'None';
}

/** upstream ValidateNonSpecialIP */
export function validateNonSpecialIP(ip: string, p: Path): FieldError[] {
  const v4 = parseIPv4(ip);
  const v6 = v4 ? undefined : parseIPv6(ip);
  if (!v4 && !v6) return [invalid(p, ip, 'must be a valid IP address')];
  const errs: FieldError[] = [];
  const bytes = v4 ?? (v6 && v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff ? [v6[6] >> 8, v6[6] & 255, v6[7] >> 8, v6[7] & 255] : undefined);
  if (bytes) {
    if (bytes.every((b) => b === 0)) errs.push(invalid(p, ip, `may not be unspecified (${ip})`));
    if (bytes[0] === 127) errs.push(invalid(p, ip, 'may not be in the loopback range (127.0.0.0/8, ::1/128)'));
    if (bytes[0] === 169 && bytes[1] === 254) errs.push(invalid(p, ip, 'may not be in the link-local range (169.254.0.0/16, fe80::/10)'));
    if (bytes[0] === 224 && bytes[1] === 0 && bytes[2] === 0) errs.push(invalid(p, ip, 'may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)'));
  } else if (v6) {
    if (v6.every((g) => g === 0)) errs.push(invalid(p, ip, `may not be unspecified (${ip})`));
    if (v6.slice(0, 7).every((g) => g === 0) && v6[7] === 1) errs.push(invalid(p, ip, 'may not be in the loopback range (127.0.0.0/8, ::1/128)'));
    if ((v6[0] & 0xffc0) === 0xfe80) errs.push(invalid(p, ip, 'may not be in the link-local range (169.254.0.0/16, fe80::/10)'));
    if ((v6[0] & 0xff0f) === 0xff02) errs.push(invalid(p, ip, 'may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)'));
  }
  return errs;
}

function goServicePort(protocol: string, port: number): unknown {
  return goRepr(
    `core.ServicePort{Name:"", Protocol:${JSON.stringify(protocol)}, AppProtocol:(*string)(nil), Port:${port}, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}`
  );
}

/** upstream validateServicePort */
function validateServicePort(sp: Obj, requireName: boolean, allNames: Set<string>, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const name = str(sp.name);
  if (requireName && name.length === 0) errs.push(required(p.child('name'), ''));
  else if (name.length !== 0) {
    errs.push(...validateDNS1123Label(name, p.child('name')));
    if (allNames.has(name)) errs.push(duplicate(p.child('name'), name));
    else allNames.add(name);
  }
  for (const msg of isValidPortNum(num(sp.port))) errs.push(invalid(p.child('port'), num(sp.port), msg));
  const proto = str(sp.protocol);
  if (proto.length === 0) errs.push(required(p.child('protocol'), ''));
  else if (!supportedPortProtocols.includes(proto)) errs.push(notSupported(p.child('protocol'), proto, supportedPortProtocols));
  errs.push(...validatePortNumOrName(sp.targetPort, p.child('targetPort')));
  if (typeof sp.appProtocol === 'string') errs.push(...validateQualifiedName(sp.appProtocol, p.child('appProtocol')));
  return errs;
}

/** upstream ValidateServiceClusterIPsRelatedFields */
function validateServiceClusterIPsRelatedFields(svc: Obj): FieldError[] {
  const spec: Obj = svc.spec ?? {};
  if (spec.type === 'ExternalName') return [];
  const errs: FieldError[] = [];
  const specPath = path('spec');
  const clusterIPsField = specPath.child('clusterIPs');
  const clusterIP = str(spec.clusterIP);
  const clusterIPs = arr(spec.clusterIPs).map(str);
  let hasInvalidIPs = false;
  if (clusterIP.length !== 0) {
    if (clusterIPs.length === 0) errs.push(required(clusterIPsField, ''));
    else if (clusterIPs[0] !== clusterIP) errs.push(invalid(clusterIPsField, clusterIPs, 'first value must match `clusterIP`'));
  } else if (clusterIPs.length !== 0) {
    errs.push(invalid(clusterIPsField, clusterIPs, 'must be empty when `clusterIP` is not specified'));
  }
  const seen = new Set<string>();
  arr(spec.ipFamilies).forEach((f, i) => {
    const fam = str(f);
    if (!supportedServiceIPFamily.includes(fam)) errs.push(notSupported(specPath.child('ipFamilies').index(i), fam, supportedServiceIPFamily));
    if (seen.has(fam)) errs.push(duplicate(specPath.child('ipFamilies').index(i), fam));
    seen.add(fam);
  });
  if (spec.ipFamilyPolicy !== undefined && spec.ipFamilyPolicy !== null && !supportedServiceIPFamilyPolicy.includes(str(spec.ipFamilyPolicy))) {
    errs.push(notSupported(specPath.child('ipFamilyPolicy'), str(spec.ipFamilyPolicy), supportedServiceIPFamilyPolicy));
  }
  clusterIPs.forEach((ip, i) => {
    if (i === 0 && ip === 'None') {
      if (clusterIPs.length > 1) {
        hasInvalidIPs = true;
        errs.push(invalid(clusterIPsField, clusterIPs, "'None' must be the first and only value"));
      }
      return;
    }
    const e = isValidIP(clusterIPsField.index(i), ip);
    if (e.length) hasInvalidIPs = true;
    errs.push(...e);
  });
  if (clusterIPs.length > 2) errs.push(invalid(clusterIPsField, clusterIPs, 'may only hold up to 2 values'));
  if (hasInvalidIPs) return errs;
  if (clusterIPs.length > 1 && isIPv6String(clusterIPs[0]) === isIPv6String(clusterIPs[1])) {
    errs.push(invalid(clusterIPsField, clusterIPs, 'may specify no more than one IP for each IP family'));
  }
  const families = arr(spec.ipFamilies).map(str);
  if (!isHeadless(svc) && clusterIPs.length > 0 && families.length > 0) {
    clusterIPs.forEach((ip, i) => {
      if (i > families.length - 1) return;
      if (families[i] === 'IPv4' && isIPv6String(ip)) errs.push(invalid(clusterIPsField.index(i), ip, `expected an IPv4 value as indicated by \`ipFamilies[${i}]\``));
      if (families[i] === 'IPv6' && !isIPv6String(ip)) errs.push(invalid(clusterIPsField.index(i), ip, `expected an IPv6 value as indicated by \`ipFamilies[${i}]\``));
    });
  }
  return errs;
}

function externallyAccessible(spec: Obj): boolean {
  return spec.type === 'LoadBalancer' || spec.type === 'NodePort' || (spec.type === 'ClusterIP' && arr(spec.externalIPs).length > 0);
}

/** upstream ValidateService */
export function validateServiceCreate(svc: Obj): FieldError[] {
  const metaPath = path('metadata');
  const errs = validateObjectMeta(svc.metadata, true, nameIsDNS1035Label, metaPath);
  const annotations: Obj = isObj(svc.metadata?.annotations) ? svc.metadata.annotations : {};
  const hintsKey = 'service.kubernetes.io/topology-aware-hints';
  const modeKey = 'service.kubernetes.io/topology-mode';
  if (modeKey in annotations && hintsKey in annotations && annotations[modeKey] !== annotations[hintsKey]) {
    errs.push(invalid(metaPath.child('annotations').key(modeKey), str(annotations[modeKey]), `must match annotations[${hintsKey}] when both are specified`));
  }
  const spec: Obj = isObj(svc.spec) ? svc.spec : {};
  const specPath = path('spec');
  const ports = arr(spec.ports).map((x) => (isObj(x) ? x : {}));
  if (ports.length === 0 && !isHeadless(svc) && spec.type !== 'ExternalName') errs.push(required(specPath.child('ports'), ''));
  switch (spec.type) {
    case 'LoadBalancer':
      if (isHeadless(svc)) errs.push(invalid(specPath.child('clusterIPs').index(0), 'None', "may not be set to 'None' for LoadBalancer services"));
      break;
    case 'NodePort':
      if (isHeadless(svc)) errs.push(invalid(specPath.child('clusterIPs').index(0), 'None', "may not be set to 'None' for NodePort services"));
      break;
    case 'ExternalName': {
      if (arr(spec.clusterIPs).length > 0) errs.push(forbidden(specPath.child('clusterIPs'), 'may not be set for ExternalName services'));
      if (arr(spec.ipFamilies).length > 0) errs.push(forbidden(specPath.child('ipFamilies'), 'may not be set for ExternalName services'));
      if (spec.ipFamilyPolicy !== undefined && spec.ipFamilyPolicy !== null) errs.push(forbidden(specPath.child('ipFamilyPolicy'), 'may not be set for ExternalName services'));
      const cname = str(spec.externalName).replace(/\.$/, '');
      if (cname.length > 0) errs.push(...validateDNS1123Subdomain(cname, specPath.child('externalName')));
      else errs.push(required(specPath.child('externalName'), ''));
      break;
    }
  }
  const allNames = new Set<string>();
  ports.forEach((sp, i) => errs.push(...validateServicePort(sp, ports.length > 1, allNames, specPath.child('ports').index(i))));
  if (spec.selector !== undefined && spec.selector !== null) errs.push(...validateLabels(spec.selector, specPath.child('selector')));
  const sa = str(spec.sessionAffinity);
  if (sa.length === 0) errs.push(required(specPath.child('sessionAffinity'), ''));
  else if (!supportedSessionAffinityType.includes(sa)) errs.push(notSupported(specPath.child('sessionAffinity'), sa, supportedSessionAffinityType));
  if (sa === 'ClientIP') {
    const cfgPath = specPath.child('sessionAffinityConfig');
    const cfg = spec.sessionAffinityConfig;
    if (!isObj(cfg)) errs.push(required(cfgPath, 'when session affinity type is ClientIP'));
    else if (!isObj(cfg.clientIP)) errs.push(required(cfgPath.child('clientIP'), 'when session affinity type is ClientIP'));
    else if (typeof cfg.clientIP.timeoutSeconds !== 'number') errs.push(required(cfgPath.child('clientIP', 'timeoutSeconds'), 'when session affinity type is ClientIP'));
    else {
      const t = cfg.clientIP.timeoutSeconds;
      if (t <= 0 || t > MaxClientIPServiceAffinitySeconds) {
        errs.push(invalid(cfgPath.child('clientIP', 'timeoutSeconds'), t, `must be greater than 0 and less than ${MaxClientIPServiceAffinitySeconds}`));
      }
    }
  } else if (sa === 'None' && spec.sessionAffinityConfig !== undefined && spec.sessionAffinityConfig !== null) {
    errs.push(forbidden(specPath.child('sessionAffinityConfig'), 'must not be set when session affinity is None'));
  }
  errs.push(...validateServiceClusterIPsRelatedFields(svc));
  arr(spec.externalIPs).forEach((ip, i) => {
    const ipErrs = isValidIP(specPath.child('externalIPs').index(i), str(ip));
    if (ipErrs.length) errs.push(...ipErrs);
    else errs.push(...validateNonSpecialIP(str(ip), specPath.child('externalIPs').index(i)));
  });
  const type = str(spec.type);
  if (type.length === 0) errs.push(required(specPath.child('type'), ''));
  else if (!supportedServiceType.includes(type)) errs.push(notSupported(specPath.child('type'), type, supportedServiceType));
  if (type === 'ClusterIP') {
    ports.forEach((sp, i) => {
      if (num(sp.nodePort) !== 0) errs.push(forbidden(specPath.child('ports').index(i).child('nodePort'), "may not be used when `type` is 'ClusterIP'"));
    });
  }
  const nodePorts = new Set<string>();
  ports.forEach((sp, i) => {
    if (num(sp.nodePort) === 0) return;
    const key = `${str(sp.protocol)}/${num(sp.nodePort)}`;
    if (nodePorts.has(key)) errs.push(duplicate(specPath.child('ports').index(i).child('nodePort'), num(sp.nodePort)));
    nodePorts.add(key);
  });
  const seenPorts = new Set<string>();
  ports.forEach((sp, i) => {
    const key = `${str(sp.protocol)}/${num(sp.port)}`;
    if (seenPorts.has(key)) errs.push(duplicate(specPath.child('ports').index(i), goServicePort(str(sp.protocol), num(sp.port))));
    seenPorts.add(key);
  });
  const ranges = arr(spec.loadBalancerSourceRanges);
  if (ranges.length > 0) {
    const fp = specPath.child('LoadBalancerSourceRanges');
    if (type !== 'LoadBalancer') errs.push(forbidden(fp, "may only be used when `type` is 'LoadBalancer'"));
    ranges.forEach((r, i) => errs.push(...isValidCIDR(fp.index(i), str(r).trim())));
  }
  if (spec.allocateLoadBalancerNodePorts !== undefined && spec.allocateLoadBalancerNodePorts !== null && type !== 'LoadBalancer') {
    errs.push(forbidden(specPath.child('allocateLoadBalancerNodePorts'), "may only be used when `type` is 'LoadBalancer'"));
  }
  if (type === 'LoadBalancer' && (spec.allocateLoadBalancerNodePorts === undefined || spec.allocateLoadBalancerNodePorts === null)) {
    errs.push(required(path('allocateLoadBalancerNodePorts'), ''));
  }
  if (type === 'LoadBalancer') {
    if (typeof spec.loadBalancerClass === 'string') errs.push(...validateQualifiedName(spec.loadBalancerClass, specPath.child('loadBalancerClass')));
  } else if (spec.loadBalancerClass !== undefined && spec.loadBalancerClass !== null) {
    errs.push(forbidden(specPath.child('loadBalancerClass'), "may only be used when `type` is 'LoadBalancer'"));
  }
  // validateServiceExternalTrafficPolicy
  const etp = str(spec.externalTrafficPolicy);
  if (!externallyAccessible(spec)) {
    if (etp !== '') errs.push(invalid(specPath.child('externalTrafficPolicy'), etp, 'may only be set for externally-accessible services'));
  } else if (etp === '') errs.push(required(specPath.child('externalTrafficPolicy'), ''));
  else if (etp !== 'Cluster' && etp !== 'Local') errs.push(notSupported(specPath.child('externalTrafficPolicy'), etp, ['Cluster', 'Local']));
  const needsHC = type === 'LoadBalancer' && etp === 'Local';
  const hc = num(spec.healthCheckNodePort);
  if (!needsHC) {
    if (hc !== 0) errs.push(invalid(specPath.child('healthCheckNodePort'), hc, "may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'"));
  }
  // (healthCheckNodePort is allocated by the registry; not required here)
  // validateServiceInternalTrafficFieldsValue
  if (spec.internalTrafficPolicy === undefined || spec.internalTrafficPolicy === null) {
    if (type === 'NodePort' || type === 'LoadBalancer' || type === 'ClusterIP') errs.push(required(specPath.child('internalTrafficPolicy'), ''));
  } else if (!['Cluster', 'Local'].includes(str(spec.internalTrafficPolicy))) {
    errs.push(notSupported(specPath.child('internalTrafficPolicy'), str(spec.internalTrafficPolicy), ['Cluster', 'Local']));
  }
  if (spec.trafficDistribution !== undefined && spec.trafficDistribution !== null && spec.trafficDistribution !== 'PreferClose') {
    errs.push(notSupported(specPath.child('trafficDistribution'), str(spec.trafficDistribution), ['PreferClose']));
  }
  return errs;
}

/** upstream ValidateServiceUpdate */
export function validateServiceUpdate(svc: Obj, old: Obj): FieldError[] {
  const errs = validateObjectMetaUpdate(svc.metadata, old.metadata, path('metadata'));
  const spec: Obj = svc.spec ?? {};
  const oldSpec: Obj = old.spec ?? {};
  if (spec.type !== 'ExternalName' && oldSpec.type !== 'ExternalName' && !(isHeadless(old) && isHeadless(svc))) {
    const n = arr(spec.clusterIPs).map(str);
    const o = arr(oldSpec.clusterIPs).map(str);
    const cp = path('spec', 'clusterIPs');
    if (o.length === n.length) {
      o.forEach((ip, i) => {
        if (ip !== n[i]) errs.push(invalid(cp.index(i), n, 'may not change once set'));
      });
    } else if (o.length > n.length) {
      if (n.length === 0) errs.push(invalid(cp.index(0), n, 'primary clusterIP can not be unset'));
      if (o.length > 0 && n.length > 0 && n[0] !== o[0]) errs.push(invalid(cp.index(0), n, 'may not change once set'));
      if (n.length === 1 && spec.ipFamilyPolicy !== 'SingleStack') {
        errs.push(invalid(path('spec', 'ipFamilyPolicy'), spec.ipFamilyPolicy ?? null, "must be set to 'SingleStack' when releasing the secondary clusterIP"));
      }
    } else if (o.length > 0 && n[0] !== o[0]) {
      errs.push(invalid(cp.index(0), n, 'may not change once set'));
    }
  }
  if (oldSpec.type === 'LoadBalancer' && spec.type === 'LoadBalancer' && (oldSpec.loadBalancerClass ?? null) !== (spec.loadBalancerClass ?? null)) {
    errs.push(invalid(path('spec', 'loadBalancerClass'), spec.loadBalancerClass ?? null, 'may not change once set'));
  }
  errs.push(...validateServiceCreate(svc));
  return errs;
}

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

/** upstream ValidateEndpoints */
export function validateEndpoints(ep: Obj, old?: Obj): FieldError[] {
  const errs: FieldError[] = [];
  if (old) errs.push(...validateObjectMetaUpdate(ep.metadata, old.metadata, path('metadata')));
  errs.push(...validateObjectMeta(ep.metadata, true, nameIsDNSSubdomain, path('metadata')));
  arr(ep.subsets).forEach((ssRaw, i) => {
    const ss: Obj = isObj(ssRaw) ? ssRaw : {};
    const idxPath = path('subsets').index(i);
    if (arr(ss.addresses).length === 0 && arr(ss.notReadyAddresses).length === 0) errs.push(required(idxPath, 'must specify `addresses` or `notReadyAddresses`'));
    for (const list of ['addresses', 'notReadyAddresses']) {
      arr(ss[list]).forEach((a, j) => {
        const ap = idxPath.child(list).index(j);
        const ip = str(a?.ip);
        errs.push(...isValidIP(ap.child('ip'), ip));
        if (str(a?.hostname).length > 0) errs.push(...validateDNS1123Label(str(a.hostname), ap.child('hostname')));
        if (typeof a?.nodeName === 'string') for (const msg of nameIsDNSSubdomain(a.nodeName, false)) errs.push(invalid(ap.child('nodeName'), a.nodeName, msg));
        errs.push(...validateNonSpecialIP(ip, ap.child('ip')));
      });
    }
    const ports = arr(ss.ports);
    ports.forEach((pt, j) => {
      const pp = idxPath.child('ports').index(j);
      const name = str(pt?.name);
      if (ports.length > 1 && name.length === 0) errs.push(required(pp.child('name'), ''));
      else if (name.length !== 0) errs.push(...validateDNS1123Label(name, pp.child('name')));
      for (const msg of isValidPortNum(num(pt?.port))) errs.push(invalid(pp.child('port'), num(pt?.port), msg));
      const proto = str(pt?.protocol);
      if (proto.length === 0) errs.push(required(pp.child('protocol'), ''));
      else if (!supportedPortProtocols.includes(proto)) errs.push(notSupported(pp.child('protocol'), proto, supportedPortProtocols));
      if (typeof pt?.appProtocol === 'string') errs.push(...validateQualifiedName(pt.appProtocol, pp.child('appProtocol')));
    });
  });
  return errs;
}

// ---------------------------------------------------------------------------------------------
// EndpointSlice  (pkg/apis/discovery/validation/validation.go)
// ---------------------------------------------------------------------------------------------

const supportedAddressTypes = ['FQDN', 'IPv4', 'IPv6'];

/** upstream ValidateEndpointSlice / ValidateEndpointSliceUpdate */
export function validateEndpointSlice(es: Obj, old?: Obj): FieldError[] {
  const errs: FieldError[] = [];
  if (old) errs.push(...validateObjectMetaUpdate(es.metadata, old.metadata, path('metadata')));
  else errs.push(...validateObjectMeta(es.metadata, true, nameIsDNSSubdomain, path('metadata')));
  const addrType = str(es.addressType);
  if (addrType === '') errs.push(required(path('addressType'), ''));
  else if (!supportedAddressTypes.includes(addrType)) errs.push(notSupported(path('addressType'), addrType, supportedAddressTypes));
  const endpoints = arr(es.endpoints);
  const epPath = path('endpoints');
  if (endpoints.length > 1000) errs.push(tooMany(epPath, endpoints.length, 1000));
  else {
    endpoints.forEach((e, i) => {
      const idxPath = epPath.index(i);
      const addrPath = idxPath.child('addresses');
      const addrs = arr(e?.addresses);
      if (addrs.length === 0) errs.push(required(addrPath, 'must contain at least 1 address'));
      else if (addrs.length > 100) errs.push(tooMany(addrPath, addrs.length, 100));
      addrs.forEach((a, j) => {
        const ap = addrPath.index(j);
        const s = str(a);
        if (addrType === 'IPv4') {
          const e4 = isValidIPv4Address(ap, s);
          errs.push(...(e4.length ? e4 : validateNonSpecialIP(s, ap)));
        } else if (addrType === 'IPv6') {
          const e6 = isValidIPv6Address(ap, s);
          errs.push(...(e6.length ? e6 : validateNonSpecialIP(s, ap)));
        } else if (addrType === 'FQDN') errs.push(...isFullyQualifiedDomainName(ap, s));
      });
      if (typeof e?.nodeName === 'string') for (const msg of nameIsDNSSubdomain(e.nodeName, false)) errs.push(invalid(idxPath.child('nodeName'), e.nodeName, msg));
      const topo = entries(e?.deprecatedTopology);
      if (topo.length > 16) errs.push(tooMany(idxPath.child('deprecatedTopology'), topo.length, 16));
      errs.push(...validateLabels(e?.deprecatedTopology, idxPath.child('deprecatedTopology')));
      if (typeof e?.hostname === 'string') errs.push(...validateDNS1123Label(e.hostname, idxPath.child('hostname')));
    });
  }
  const ports = arr(es.ports);
  const portsPath = path('ports');
  if (ports.length > 20000) errs.push(tooMany(portsPath, ports.length, 20000));
  else {
    const names = new Set<string>();
    ports.forEach((pt, i) => {
      const idxPath = portsPath.index(i);
      const name = str(pt?.name);
      if (name.length > 0) errs.push(...validateDNS1123Label(name, idxPath.child('name')));
      if (names.has(name)) errs.push(duplicate(idxPath.child('name'), name));
      else names.add(name);
      if (pt?.protocol === undefined || pt?.protocol === null) errs.push(required(idxPath.child('protocol'), ''));
      else if (!supportedPortProtocols.includes(str(pt.protocol))) errs.push(notSupported(idxPath.child('protocol'), str(pt.protocol), supportedPortProtocols));
      if (typeof pt?.appProtocol === 'string') errs.push(...validateQualifiedName(pt.appProtocol, idxPath.child('appProtocol')));
    });
  }
  if (old && old.addressType !== es.addressType) errs.push(invalid(path('addressType'), addrType, 'field is immutable'));
  return errs;
}
