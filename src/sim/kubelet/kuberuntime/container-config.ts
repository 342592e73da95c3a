/**
 * The parts of a CRI ContainerConfig the kubelet computes from the pod: the environment (service
 * links, envFrom, env with `$(VAR)` expansion and valueFrom), the command and args expanded with
 * it, and the mounts (each volumeMount bound to its volume's node path, plus the container's
 * termination log); and the sandbox's DNS config (ClusterFirst: the cluster DNS Service and the
 * namespace's search list, ndots:5).
 * upstream: pkg/kubelet/kubelet_pods.go (makeEnvironmentVariables, getServiceEnvVarMap,
 * makeMounts), pkg/kubelet/envvars/envvars.go (FromServices, makeLinkVariables),
 * pkg/kubelet/container/helpers.go (ExpandContainerCommandAndArgs),
 * third_party/forked/golang/expansion/expand.go (Expand, MappingFuncFor),
 * pkg/kubelet/network/dns/dns.go (GetPodDNS, ClusterFirst), pkg/api/v1/resource/helpers.go
 * (ExtractContainerResourceValue).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { tryParseQuantity } from '../../api/quantity';
import type { DNSConfig, KeyValue, Mount } from '../../node/cri/types';
import { CLUSTER_DNS_IP, CLUSTER_DOMAIN, NODE_DNS_CONFIG, searchList } from '../../node/fs/rootfs';
import { podFieldValue } from '../volumemanager/plugins/content';

export interface ContainerConfigSources {
  /** Services of a namespace (service links), from the kubelet's Service informer. */
  services(namespace: string): any[];
  configMap(namespace: string, name: string): any | undefined;
  secret(namespace: string, name: string): any | undefined;
  /** The node path of a mounted volume of the pod. */
  volumeHostPath(pod: any, volume: string): string | undefined;
  /** The node's allocatable resources (the value of resourceFieldRef limits a container does not set). */
  allocatable?(): Record<string, string>;
}

/** `$(VAR)` expansion. upstream: third_party/forked/golang/expansion/expand.go Expand. */
export function expand(input: string, mapping: (name: string) => string | undefined): string {
  let out = '';
  for (let i = 0; i < input.length; i++) {
    if (input[i] !== '$' || i + 1 >= input.length) {
      out += input[i];
      continue;
    }
    const next = input[i + 1];
    if (next === '$') {
      out += '$';
      i++;
    } else if (next === '(') {
      const close = input.indexOf(')', i + 2);
      if (close === -1) {
        out += input.slice(i);
        break;
      }
      const name = input.slice(i + 2, close);
      out += mapping(name) ?? `$(${name})`;
      i = close;
    } else {
      out += '$' + next;
      i++;
    }
  }
  return out;
}

const envName = (s: string) => s.toUpperCase().replace(/-/g, '_');

/** upstream: envvars.go FromServices: `<NAME>_SERVICE_HOST`, `_SERVICE_PORT[_<PORT>]`, and the docker-link variables. */
export function serviceEnv(services: any[]): [string, string][] {
  const out: [string, string][] = [];
  const sorted = [...services].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
  for (const svc of sorted) {
    const ip = svc.spec?.clusterIP;
    if (!ip || ip === 'None') continue;
    const name = envName(svc.metadata.name);
    const ports: any[] = svc.spec.ports ?? [];
    out.push([`${name}_SERVICE_HOST`, ip]);
    if (ports.length > 0) out.push([`${name}_SERVICE_PORT`, String(ports[0].port)]);
    for (const p of ports) if (p.name) out.push([`${name}_SERVICE_PORT_${envName(p.name)}`, String(p.port)]);
    ports.forEach((p, i) => {
      const proto = (p.protocol ?? 'TCP') as string;
      const url = `${proto.toLowerCase()}://${ip}:${p.port}`;
      if (i === 0) out.push([`${name}_PORT`, url]);
      const prefix = `${name}_PORT_${p.port}_${proto.toUpperCase()}`;
      out.push([prefix, url], [`${prefix}_PROTO`, proto.toLowerCase()], [`${prefix}_PORT`, String(p.port)], [`${prefix}_ADDR`, ip]);
    });
  }
  return out;
}

/** upstream: kubelet_pods.go getServiceEnvVarMap: the namespace's Services when enableServiceLinks, and always `kubernetes` from default. */
function serviceEnvMap(pod: any, sources: ContainerConfigSources): Map<string, string> {
  const ns = pod.metadata.namespace ?? 'default';
  const enable = pod.spec?.enableServiceLinks !== false;
  const picked: any[] = [];
  for (const s of enable ? sources.services(ns) : []) if (!(ns === 'default' && s.metadata.name === 'kubernetes')) picked.push(s);
  const master = sources.services('default').find((s) => s.metadata.name === 'kubernetes') ?? { metadata: { name: 'kubernetes' }, spec: { clusterIP: '10.96.0.1', ports: [{ name: 'https', port: 443, protocol: 'TCP' }] } };
  return new Map([...serviceEnv(picked), ...serviceEnv([master])]);
}

/** upstream: resource/helpers.go ExtractContainerResourceValue (rounded up to the divisor). */
function resourceValue(c: any, ref: any, sources: ContainerConfigSources): string {
  const [kind, name] = String(ref.resource).split('.') as ['limits' | 'requests', string];
  const raw = c.resources?.[kind]?.[name] ?? c.resources?.limits?.[name] ?? (kind === 'limits' || !c.resources?.requests?.[name] ? sources.allocatable?.()[name] : undefined);
  const q = tryParseQuantity(String(raw ?? '0'));
  const divisor = tryParseQuantity(String(ref.divisor ?? '1'));
  if (!q || !divisor || divisor.isZero()) return '0';
  if (name === 'cpu') return String(Math.ceil(q.milliValue() / divisor.milliValue()));
  return String(Math.ceil(q.value() / divisor.value()));
}

export type EnvResult = { ok: true; envs: KeyValue[] } | { ok: false; message: string };

/** upstream: kubelet_pods.go makeEnvironmentVariables. Errors read as CreateContainerConfigError's message. */
export function makeEnvironmentVariables(pod: any, c: any, sources: ContainerConfigSources): EnvResult {
  const ns = pod.metadata.namespace ?? 'default';
  const svcEnv = serviceEnvMap(pod, sources);
  const tmp = new Map<string, string>();
  const mapping = (name: string) => tmp.get(name) ?? svcEnv.get(name);
  for (const from of c.envFrom ?? []) {
    const ref = from.configMapRef ?? from.secretRef;
    const isSecret = !!from.secretRef;
    const obj = isSecret ? sources.secret(ns, ref.name) : sources.configMap(ns, ref.name);
    if (!obj) {
      if (ref.optional) continue;
      return { ok: false, message: `${isSecret ? 'secret' : 'configmap'} "${ref.name}" not found` };
    }
    for (const [k, v] of Object.entries<string>(obj.data ?? {})) tmp.set((from.prefix ?? '') + k, isSecret ? atobSafe(v) : v);
  }
  for (const e of c.env ?? []) {
    let value: string | undefined = e.value ?? '';
    if (e.value) value = expand(e.value, mapping);
    else if (e.valueFrom) {
      const vf = e.valueFrom;
      if (vf.fieldRef) value = podFieldValue(pod, vf.fieldRef.fieldPath) ?? '';
      else if (vf.resourceFieldRef) value = resourceValue(c, vf.resourceFieldRef, sources);
      else if (vf.configMapKeyRef || vf.secretKeyRef) {
        const ref = vf.configMapKeyRef ?? vf.secretKeyRef;
        const isSecret = !!vf.secretKeyRef;
        const obj = isSecret ? sources.secret(ns, ref.name) : sources.configMap(ns, ref.name);
        if (!obj) {
          if (ref.optional) continue;
          return { ok: false, message: `${isSecret ? 'secret' : 'configmap'} "${ref.name}" not found` };
        }
        const raw = obj.data?.[ref.key];
        if (raw === undefined) {
          if (ref.optional) continue;
          return { ok: false, message: `couldn't find key ${ref.key} in ${isSecret ? 'Secret' : 'ConfigMap'} ${ns}/${ref.name}` };
        }
        value = isSecret ? atobSafe(raw) : raw;
      }
    }
    tmp.set(e.name, value ?? '');
  }
  const envs: KeyValue[] = [...tmp].map(([key, value]) => ({ key, value }));
  for (const [key, value] of svcEnv) if (!tmp.has(key)) envs.push({ key, value });
  return { ok: true, envs };
}

function atobSafe(b64: string): string {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0)));
  } catch {
    return b64;
  }
}

/** upstream: container/helpers.go ExpandContainerCommandAndArgs. */
export function expandCommandAndArgs(c: any, envs: KeyValue[]): { command?: string[]; args?: string[] } {
  const m = new Map(envs.map((e) => [e.key, e.value]));
  const f = (s: string) => expand(s, (n) => m.get(n));
  return { ...(c.command ? { command: c.command.map(f) } : {}), ...(c.args ? { args: c.args.map(f) } : {}) };
}

/** upstream: kubelet_pods.go makeMounts: every volumeMount whose volume is mounted (subPath: the path below it). */
export function makeMounts(pod: any, c: any, sources: ContainerConfigSources): Mount[] {
  const out: Mount[] = [];
  for (const vm of c.volumeMounts ?? []) {
    const host = sources.volumeHostPath(pod, vm.name);
    if (!host) continue;
    out.push({ containerPath: vm.mountPath, hostPath: vm.subPath ? `${host}/${vm.subPath}` : host, readonly: !!vm.readOnly });
  }
  return out;
}

/** upstream: network/dns/dns.go GetPodDNS for dnsPolicy ClusterFirst (the default), and None / Default. */
export function podDNSConfig(pod: any, clusterDNS = CLUSTER_DNS_IP, clusterDomain = CLUSTER_DOMAIN): DNSConfig | undefined {
  const policy = pod.spec?.dnsPolicy ?? 'ClusterFirst';
  const custom = pod.spec?.dnsConfig ?? {};
  const extra = { servers: custom.nameservers ?? [], searches: custom.searches ?? [], options: (custom.options ?? []).map((o: any) => (o.value !== undefined ? `${o.name}:${o.value}` : o.name)) };
  if (policy === 'None') return extra;
  if (policy === 'Default' || (policy === 'ClusterFirst' && pod.spec?.hostNetwork)) return { ...NODE_DNS_CONFIG, servers: [...NODE_DNS_CONFIG.servers, ...extra.servers], searches: [...extra.searches], options: [...NODE_DNS_CONFIG.options, ...extra.options] };
  return { servers: [clusterDNS, ...extra.servers], searches: [...searchList(pod.metadata.namespace ?? 'default', clusterDomain), ...extra.searches], options: ['ndots:5', ...extra.options.filter((o: string) => !o.startsWith('ndots'))] };
}
