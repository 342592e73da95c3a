/**
 * The Pod Security Standards' checks, one function per check and policy version, as data: a table
 * of { id, level, versions } (a restricted revision may override a baseline check it supersedes,
 * so a hostPath volume is reported once). Each check returns allowed, or a ForbiddenReason ("privileged") and a
 * ForbiddenDetail (`container "c" must not set securityContext.privileged=true`) in upstream's words.
 * upstream: staging/src/k8s.io/pod-security-admission/policy (check_*.go, helpers.go joinQuote /
 * pluralize, visitor.go visitContainers, checks.go Check / VersionedCheck / CheckResult).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

export type Level = 'privileged' | 'baseline' | 'restricted';

export type CheckResult = { allowed: true } | { allowed: false; forbiddenReason: string; forbiddenDetail: string };

export type CheckPodFn = (meta: any, spec: any) => CheckResult;

export interface Check {
  id: string;
  level: 'baseline' | 'restricted';
  /** Minimum policy minor version (1.x) of each revision, increasing; `overrides`: the baseline checks a restricted revision supersedes. */
  versions: { minor: number; check: CheckPodFn; overrides?: string[] }[];
}

const ALLOWED: CheckResult = { allowed: true };
const forbid = (forbiddenReason: string, forbiddenDetail: string): CheckResult => ({ allowed: false, forbiddenReason, forbiddenDetail });

/** upstream: helpers.go joinQuote */
export function joinQuote(items: readonly string[]): string {
  return items.length === 0 ? '' : `"${items.join('", "')}"`;
}

/** upstream: helpers.go pluralize */
export function pluralize(singular: string, plural: string, count: number): string {
  return count === 1 ? singular : plural;
}

/** A sorted, de-duplicated list (sets.NewString(...).List()). */
const sortedSet = (items: Iterable<string>): string[] => [...new Set(items)].sort();

/** Go's %q of a string slice: `["a" "b"]`. */
const quoteSlice = (items: readonly string[]): string => `[${items.map((s) => JSON.stringify(s)).join(' ')}]`;

/** upstream: visitor.go visitContainers: init containers, containers, ephemeral containers. */
function containers(spec: any): any[] {
  return [...(spec?.initContainers ?? []), ...(spec?.containers ?? []), ...(spec?.ephemeralContainers ?? [])];
}

const containerList = (names: string[]) => `${pluralize('container', 'containers', names.length)} ${joinQuote(names)}`;

/** upstream: check_allowPrivilegeEscalation.go allowPrivilegeEscalation_1_8 */
function allowPrivilegeEscalation(_meta: any, spec: any): CheckResult {
  const bad = containers(spec).filter((c) => c.securityContext?.allowPrivilegeEscalation !== false).map((c) => c.name);
  return bad.length ? forbid('allowPrivilegeEscalation != false', `${containerList(bad)} must set securityContext.allowPrivilegeEscalation=false`) : ALLOWED;
}

/** upstream: check_appArmorProfile.go appArmorProfile_1_0 (fields since v1.30, and the beta annotations). */
function appArmorProfile(meta: any, spec: any): CheckResult {
  const allowedType = (t: unknown) => t === 'RuntimeDefault' || t === 'Localhost';
  const badSetters: string[] = [];
  const badValues = new Set<string>();
  const podProfile = spec?.securityContext?.appArmorProfile;
  if (podProfile && !allowedType(podProfile.type)) {
    badSetters.push('pod');
    badValues.add(String(podProfile.type ?? ''));
  }
  const bad: string[] = [];
  for (const c of containers(spec)) {
    const p = c.securityContext?.appArmorProfile;
    if (p && !allowedType(p.type)) {
      bad.push(c.name);
      badValues.add(String(p.type ?? ''));
    }
  }
  if (bad.length) badSetters.push(containerList(bad));
  const annotations: string[] = [];
  for (const [k, v] of Object.entries<string>(meta?.annotations ?? {})) {
    if (k.startsWith('container.apparmor.security.beta.kubernetes.io/') && !(v === '' || v === 'runtime/default' || v.startsWith('localhost/'))) annotations.push(`${k}=${JSON.stringify(v)}`);
  }
  const values = sortedSet(badValues);
  if (annotations.length) {
    values.push(...annotations.sort());
    badSetters.push(pluralize('annotation', 'annotations', annotations.length));
  }
  if (!badSetters.length) return ALLOWED;
  return forbid(pluralize('forbidden AppArmor profile', 'forbidden AppArmor profiles', values.length), `${badSetters.join(' and ')} must not set AppArmor profile type to ${joinQuote(values)}`);
}

const CAPABILITIES_ALLOWED_1_0 = new Set(['AUDIT_WRITE', 'CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'FSETID', 'KILL', 'MKNOD', 'NET_BIND_SERVICE', 'SETFCAP', 'SETGID', 'SETPCAP', 'SETUID', 'SYS_CHROOT']);

/** upstream: check_capabilities_baseline.go capabilitiesBaseline_1_0 */
function capabilitiesBaseline(_meta: any, spec: any): CheckResult {
  const bad: string[] = [];
  const caps = new Set<string>();
  for (const c of containers(spec)) {
    const added: string[] = (c.securityContext?.capabilities?.add ?? []).filter((x: string) => !CAPABILITIES_ALLOWED_1_0.has(x));
    if (added.length) bad.push(c.name);
    for (const x of added) caps.add(x);
  }
  return bad.length ? forbid('non-default capabilities', `${containerList(bad)} must not include ${joinQuote(sortedSet(caps))} in securityContext.capabilities.add`) : ALLOWED;
}

/** upstream: check_capabilities_restricted.go capabilitiesRestricted_1_22 */
function capabilitiesRestricted(_meta: any, spec: any): CheckResult {
  const missingDropAll: string[] = [];
  const addingForbidden: string[] = [];
  const forbidden = new Set<string>();
  for (const c of containers(spec)) {
    const caps = c.securityContext?.capabilities;
    if (!caps) {
      missingDropAll.push(c.name);
      continue;
    }
    if (!(caps.drop ?? []).includes('ALL')) missingDropAll.push(c.name);
    const added: string[] = (caps.add ?? []).filter((x: string) => x !== 'NET_BIND_SERVICE');
    if (added.length) addingForbidden.push(c.name);
    for (const x of added) forbidden.add(x);
  }
  const details: string[] = [];
  if (missingDropAll.length) details.push(`${containerList(missingDropAll)} must set securityContext.capabilities.drop=["ALL"]`);
  if (addingForbidden.length) details.push(`${containerList(addingForbidden)} must not include ${joinQuote(sortedSet(forbidden))} in securityContext.capabilities.add`);
  return details.length ? forbid('unrestricted capabilities', details.join('; ')) : ALLOWED;
}

/** upstream: check_hostNamespaces.go hostNamespaces_1_0 */
function hostNamespaces(_meta: any, spec: any): CheckResult {
  // In this order, with their values: `hostNetwork=true, hostPID=true`.
  const used = [spec?.hostNetwork ? 'hostNetwork=true' : '', spec?.hostPID ? 'hostPID=true' : '', spec?.hostIPC ? 'hostIPC=true' : ''].filter(Boolean);
  return used.length ? forbid('host namespaces', used.join(', ')) : ALLOWED;
}

/** upstream: check_hostPathVolumes.go hostPathVolumes_1_0 */
function hostPathVolumes(_meta: any, spec: any): CheckResult {
  const names: string[] = (spec?.volumes ?? []).filter((v: any) => v.hostPath).map((v: any) => v.name);
  return names.length ? forbid('hostPath volumes', `${pluralize('volume', 'volumes', names.length)} ${joinQuote(names)}`) : ALLOWED;
}

/** upstream: check_hostPorts.go hostPorts_1_0 (the ports sorted as strings, as sets.String.List does). */
function hostPorts(_meta: any, spec: any): CheckResult {
  const bad: string[] = [];
  const ports = new Set<string>();
  for (const c of containers(spec)) {
    const used = (c.ports ?? []).filter((p: any) => p.hostPort && p.hostPort !== 0);
    if (used.length) bad.push(c.name);
    for (const p of used) ports.add(String(p.hostPort));
  }
  if (!bad.length) return ALLOWED;
  const list = sortedSet(ports);
  return forbid('hostPort', `${containerList(bad)} ${pluralize('uses', 'use', bad.length)} ${pluralize('hostPort', 'hostPorts', list.length)} ${list.join(', ')}`);
}

/** upstream: check_privileged.go privileged_1_0 */
function privileged(_meta: any, spec: any): CheckResult {
  const bad = containers(spec).filter((c) => c.securityContext?.privileged === true).map((c) => c.name);
  return bad.length ? forbid('privileged', `${containerList(bad)} must not set securityContext.privileged=true`) : ALLOWED;
}

/** upstream: check_procMount.go procMount_1_0 */
function procMount(_meta: any, spec: any): CheckResult {
  const bad: string[] = [];
  const types = new Set<string>();
  for (const c of containers(spec)) {
    const pm = c.securityContext?.procMount;
    if (pm !== undefined && pm !== null && pm !== 'Default') {
      bad.push(c.name);
      types.add(String(pm));
    }
  }
  return bad.length ? forbid('procMount', `${containerList(bad)} must not set securityContext.procMount to ${joinQuote(sortedSet(types))}`) : ALLOWED;
}

const ALLOWED_VOLUME_SOURCES = ['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'persistentVolumeClaim', 'projected', 'secret'];

/** upstream: check_restrictedVolumes.go restrictedVolumes_1_0 */
function restrictedVolumes(_meta: any, spec: any): CheckResult {
  const names = sortedSet((spec?.volumes ?? []).filter((v: any) => !ALLOWED_VOLUME_SOURCES.some((k) => v[k] !== undefined && v[k] !== null)).map((v: any) => String(v.name)));
  return names.length ? forbid('restricted volume types', `volumes ${quoteSlice(names)} have restricted types`) : ALLOWED;
}

/** The "pod and container ..." setters shared by runAsNonRoot, runAsUser and the seccomp checks. */
function setters(podBad: boolean, badContainers: string[]): string[] {
  const out = podBad ? ['pod'] : [];
  if (badContainers.length) out.push(containerList(badContainers));
  return out;
}

/** upstream: check_runAsNonRoot.go runAsNonRoot_1_0 */
function runAsNonRoot(_meta: any, spec: any): CheckResult {
  const podValue = spec?.securityContext?.runAsNonRoot;
  const podBad = podValue === false;
  const podTrue = podValue === true;
  const explicit: string[] = [];
  const implicit: string[] = [];
  for (const c of containers(spec)) {
    const v = c.securityContext?.runAsNonRoot;
    if (v !== undefined && v !== null) {
      if (!v) explicit.push(c.name);
    } else if (!podTrue) implicit.push(c.name);
  }
  const bad = setters(podBad, explicit);
  if (bad.length) return forbid('runAsNonRoot != true', `${bad.join(' and ')} must not set securityContext.runAsNonRoot=false`);
  if (implicit.length) return forbid('runAsNonRoot != true', `pod or ${containerList(implicit)} must set securityContext.runAsNonRoot=true`);
  return ALLOWED;
}

/** upstream: check_runAsUser.go runAsUser_1_23 */
function runAsUser(_meta: any, spec: any): CheckResult {
  const bad = setters(spec?.securityContext?.runAsUser === 0, containers(spec).filter((c) => c.securityContext?.runAsUser === 0).map((c) => c.name));
  return bad.length ? forbid('runAsUser=0', `${bad.join(' and ')} must not set runAsUser=0`) : ALLOWED;
}

/** upstream: check_seLinuxOptions.go seLinuxOptions_1_0 (v1.31 also allows container_engine_t). */
function seLinuxOptions(allowedTypes: Set<string>): CheckPodFn {
  return (_meta, spec) => {
    const badTypes = new Set<string>();
    let setUser = false;
    let setRole = false;
    const valid = (o: any) => {
      let ok = true;
      if (!allowedTypes.has(o.type ?? '')) {
        ok = false;
        badTypes.add(o.type ?? '');
      }
      if (o.user) ((ok = false), (setUser = true));
      if (o.role) ((ok = false), (setRole = true));
      return ok;
    };
    const podOpts = spec?.securityContext?.seLinuxOptions;
    const podBad = podOpts ? !valid(podOpts) : false;
    const bad = containers(spec).filter((c) => c.securityContext?.seLinuxOptions && !valid(c.securityContext.seLinuxOptions)).map((c) => c.name);
    const who = setters(podBad, bad);
    if (!who.length) return ALLOWED;
    const data: string[] = [];
    // upstream only lists user / role alongside a bad type (the `if len(badTypes) > 0` block).
    if (badTypes.size) {
      const types = sortedSet(badTypes);
      data.push(`${pluralize('type', 'types', types.length)} ${joinQuote(types)}`);
      if (setUser) data.push('user may not be set');
      if (setRole) data.push('role may not be set');
    }
    return forbid('seLinuxOptions', `${who.join(' and ')} set forbidden securityContext.seLinuxOptions: ${data.join('; ')}`);
  };
}

const validSeccomp = (t: unknown) => t === 'Localhost' || t === 'RuntimeDefault';

/** upstream: check_seccompProfile_baseline.go seccompProfileBaseline_1_0 (the alpha annotations). */
function seccompProfileBaselineAnnotations(meta: any, spec: any): CheckResult {
  const ok = (v: string) => v === 'runtime/default' || v === 'docker/default' || v.startsWith('localhost/');
  const bad = new Set<string>();
  const annotations = meta?.annotations ?? {};
  const podKey = 'seccomp.security.alpha.kubernetes.io/pod';
  if (annotations[podKey] !== undefined && !ok(annotations[podKey])) bad.add(`${podKey}=${JSON.stringify(annotations[podKey])}`);
  for (const c of containers(spec)) {
    const key = `container.seccomp.security.alpha.kubernetes.io/${c.name}`;
    if (annotations[key] !== undefined && !ok(annotations[key])) bad.add(`${key}=${JSON.stringify(annotations[key])}`);
  }
  const list = sortedSet(bad);
  return list.length ? forbid('seccompProfile', `forbidden ${pluralize('annotation', 'annotations', list.length)} ${list.join(', ')}`) : ALLOWED;
}

/** upstream: check_seccompProfile_baseline.go seccompProfileBaseline_1_19 */
function seccompProfileBaseline(_meta: any, spec: any): CheckResult {
  const values = new Set<string>();
  const podProfile = spec?.securityContext?.seccompProfile;
  const podBad = !!podProfile && !validSeccomp(podProfile.type);
  if (podBad) values.add(String(podProfile.type ?? ''));
  const bad: string[] = [];
  for (const c of containers(spec)) {
    const p = c.securityContext?.seccompProfile;
    if (p && !validSeccomp(p.type)) {
      bad.push(c.name);
      values.add(String(p.type ?? ''));
    }
  }
  const who = setters(podBad, bad);
  return who.length ? forbid('seccompProfile', `${who.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(values))}`) : ALLOWED;
}

/** upstream: check_seccompProfile_restricted.go seccompProfileRestricted_1_19 */
function seccompProfileRestricted(_meta: any, spec: any): CheckResult {
  const values = new Set<string>();
  const podProfile = spec?.securityContext?.seccompProfile;
  const podBad = !!podProfile && !validSeccomp(podProfile.type);
  const podSet = !!podProfile && !podBad;
  if (podBad) values.add(String(podProfile.type ?? ''));
  const explicit: string[] = [];
  const implicit: string[] = [];
  for (const c of containers(spec)) {
    const p = c.securityContext?.seccompProfile;
    if (p) {
      if (!validSeccomp(p.type)) {
        explicit.push(c.name);
        values.add(String(p.type ?? ''));
      }
    } else if (!podSet) implicit.push(c.name);
  }
  const who = setters(podBad, explicit);
  if (who.length) return forbid('seccompProfile', `${who.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(values))}`);
  if (implicit.length) return forbid('seccompProfile', `pod or ${containerList(implicit)} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"`);
  return ALLOWED;
}

const SYSCTLS_1_0 = ['kernel.shm_rmid_forced', 'net.ipv4.ip_local_port_range', 'net.ipv4.tcp_syncookies', 'net.ipv4.ping_group_range', 'net.ipv4.ip_unprivileged_port_start'];
const SYSCTLS_1_27 = [...SYSCTLS_1_0, 'net.ipv4.ip_local_reserved_ports'];
const SYSCTLS_1_29 = [...SYSCTLS_1_27, 'net.ipv4.tcp_keepalive_time', 'net.ipv4.tcp_fin_timeout', 'net.ipv4.tcp_keepalive_intvl', 'net.ipv4.tcp_keepalive_probes'];
const SYSCTLS_1_32 = [...SYSCTLS_1_29, 'net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem'];

/** upstream: check_sysctls.go sysctlsV1Dot0 .. sysctlsV1Dot32 (the safe set grows by version). */
function sysctls(allowed: readonly string[]): CheckPodFn {
  const set = new Set(allowed);
  return (_meta, spec) => {
    const bad: string[] = (spec?.securityContext?.sysctls ?? []).filter((s: any) => !set.has(s.name)).map((s: any) => s.name);
    return bad.length ? forbid('forbidden sysctls', bad.join(', ')) : ALLOWED;
  };
}

/** upstream: check_windowsHostProcess.go windowsHostProcess_1_0 */
function windowsHostProcess(_meta: any, spec: any): CheckResult {
  const bad = containers(spec).filter((c) => c.securityContext?.windowsOptions?.hostProcess === true).map((c) => c.name);
  const who = setters(spec?.securityContext?.windowsOptions?.hostProcess === true, bad);
  return who.length ? forbid('hostProcess', `${who.join(' and ')} must not set securityContext.windowsOptions.hostProcess=true`) : ALLOWED;
}

const SELINUX_TYPES_1_0 = new Set(['', 'container_t', 'container_init_t', 'container_kvm_t']);

/** Every check of v1.32's DefaultChecks() (the evaluator orders them: baseline IDs sorted, then restricted IDs sorted). */
export const CHECKS: readonly Check[] = [
  { id: 'allowPrivilegeEscalation', level: 'restricted', versions: [{ minor: 8, check: allowPrivilegeEscalation }] },
  { id: 'appArmorProfile', level: 'baseline', versions: [{ minor: 0, check: appArmorProfile }] },
  { id: 'capabilities_baseline', level: 'baseline', versions: [{ minor: 0, check: capabilitiesBaseline }] },
  { id: 'capabilities_restricted', level: 'restricted', versions: [{ minor: 22, check: capabilitiesRestricted, overrides: ['capabilities_baseline'] }] },
  { id: 'hostNamespaces', level: 'baseline', versions: [{ minor: 0, check: hostNamespaces }] },
  { id: 'hostPathVolumes', level: 'baseline', versions: [{ minor: 0, check: hostPathVolumes }] },
  { id: 'hostPorts', level: 'baseline', versions: [{ minor: 0, check: hostPorts }] },
  { id: 'privileged', level: 'baseline', versions: [{ minor: 0, check: privileged }] },
  { id: 'procMount', level: 'baseline', versions: [{ minor: 0, check: procMount }] },
  { id: 'restrictedVolumes', level: 'restricted', versions: [{ minor: 0, check: restrictedVolumes, overrides: ['hostPathVolumes'] }] },
  { id: 'runAsNonRoot', level: 'restricted', versions: [{ minor: 0, check: runAsNonRoot }] },
  { id: 'runAsUser', level: 'restricted', versions: [{ minor: 23, check: runAsUser }] },
  {
    id: 'seLinuxOptions',
    level: 'baseline',
    versions: [
      { minor: 0, check: seLinuxOptions(SELINUX_TYPES_1_0) },
      { minor: 31, check: seLinuxOptions(new Set([...SELINUX_TYPES_1_0, 'container_engine_t'])) }
    ]
  },
  {
    id: 'seccompProfile_baseline',
    level: 'baseline',
    versions: [
      { minor: 0, check: seccompProfileBaselineAnnotations },
      { minor: 19, check: seccompProfileBaseline }
    ]
  },
  { id: 'seccompProfile_restricted', level: 'restricted', versions: [{ minor: 19, check: seccompProfileRestricted, overrides: ['seccompProfile_baseline'] }] },
  {
    id: 'sysctls',
    level: 'baseline',
    versions: [
      { minor: 0, check: sysctls(SYSCTLS_1_0) },
      { minor: 27, check: sysctls(SYSCTLS_1_27) },
      { minor: 29, check: sysctls(SYSCTLS_1_29) },
      { minor: 32, check: sysctls(SYSCTLS_1_32) }
    ]
  },
  { id: 'windowsHostProcess', level: 'baseline', versions: [{ minor: 0, check: windowsHostProcess }] }
];
