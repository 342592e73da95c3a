/**
 * The pod network and cluster DNS as seen from inside one pod (process.ts Network), answered from
 * the cluster's Services, EndpointSlices and Pods (informer caches the kubelet host keeps):
 * - DNS as CoreDNS's kubernetes plugin answers it: `<svc>.<ns>.svc.cluster.local` -> the
 *   ClusterIP, a headless Service -> its ready endpoints' IPs, `<host>.<subdomain>.<ns>.svc...`
 *   -> that pod, `a-b-c-d.<ns>.pod.cluster.local` -> a-b-c-d; names with fewer than 5 dots are
 *   tried through the search list first (ndots:5), as the resolver does.
 * - a connection to a ClusterIP goes to one ready endpoint (kube-proxy: chosen by the pod's seeded
 *   stream), on the EndpointSlice's port for the Service port's name; no ready endpoint: refused
 *   (kube-proxy's REJECT rule).
 * - a connection to a pod IP asks that pod's processes when its runtime is in this host
 *   (`local`); for a pod elsewhere it is an approximation: the target pod's spec says which image
 *   program each container runs, and that program's table (ports, static HTTP answer) answers.
 * Nothing is precomputed: every call scans the caches, so an idle cluster pays nothing.
 * upstream: coredns/coredns plugin/kubernetes (records), pkg/proxy/iptables/proxier.go
 * (endpoint choice, REJECT with no endpoints), glibc/musl resolver ndots semantics.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

import { CLUSTER_DNS_IP, CLUSTER_DOMAIN, searchList } from '../fs/rootfs';
import { MapFS } from '../fs/map-fs';
import { imageBase } from '../fs/rootfs';
import { processArgs } from '../cri/helpers';
import { Registry } from '../images/registry';
import { factoryFor, programFor } from '../programs/programs';
import type { HttpResponse, Network, Process, ProcessContext } from '../programs/process';
import { externalHttp, externalLookup } from './internet';

/** What the network is answered from. */
export interface ClusterState {
  services(): Iterable<any>;
  endpointSlices(): Iterable<any>;
  pods(): Iterable<any>;
  /** The running processes of the pod with this IP when its runtime is in this host, else undefined. */
  local(ip: string): readonly Process[] | undefined;
  now(): number;
}

/** The `kubernetes` Service's ClusterIP (the first address of the service CIDR 10.96.0.0/12). */
export const KUBERNETES_SERVICE_IP = '10.96.0.1';

const IP_RE = /^\d{1,3}(\.\d{1,3}){3}$/;

function isReady(ep: any): boolean {
  return ep?.conditions?.ready !== false;
}

export class PodNetwork implements Network {
  readonly nameserver = CLUSTER_DNS_IP;
  readonly search: readonly string[];

  constructor(
    readonly state: ClusterState,
    readonly namespace: string,
    /** The pod's seeded stream, for kube-proxy's endpoint choice. */
    private readonly random: () => number,
    /** The pod's own IP and hostname (`localhost` and the /etc/hosts name reach the pod itself); clusterDNS false: the node's resolver (dnsPolicy Default), which knows no cluster names. */
    readonly self: { ip: string; hostname: string; clusterDNS?: boolean } = { ip: '', hostname: '' },
    readonly clusterDomain = CLUSTER_DOMAIN
  ) {
    this.search = searchList(namespace, clusterDomain);
  }

  lookup(name: string): { name: string; addresses: string[] } | undefined {
    if (IP_RE.test(name)) return { name, addresses: [name] };
    const bare = name.replace(/\.$/, '');
    // /etc/hosts first, as the resolver's `hosts: files dns` does.
    if (bare === 'localhost') return { name: bare, addresses: ['127.0.0.1'] };
    if (this.self.ip && bare === this.self.hostname) return { name: bare, addresses: [this.self.ip] };
    const dots = bare.split('.').length - 1;
    const candidates = name.endsWith('.') ? [bare] : dots >= 5 ? [bare, ...this.search.map((s) => `${bare}.${s}`)] : [...this.search.map((s) => `${bare}.${s}`), bare];
    for (const fqdn of this.self.clusterDNS === false ? [] : candidates) {
      const addresses = this.#resolve(fqdn.toLowerCase());
      if (addresses && addresses.length > 0) return { name: fqdn, addresses };
    }
    const outside = externalLookup(bare);
    return outside ? { name: bare, addresses: [outside] } : undefined;
  }

  #resolve(fqdn: string): string[] | undefined {
    const suffix = `.${this.clusterDomain}`;
    if (!fqdn.endsWith(suffix)) return undefined;
    const labels = fqdn.slice(0, -suffix.length).split('.');
    // a-b-c-d.<ns>.pod.cluster.local
    if (labels.length === 3 && labels[2] === 'pod') {
      const ip = labels[0].replace(/-/g, '.');
      return IP_RE.test(ip) ? [ip] : undefined;
    }
    if (labels[labels.length - 1] !== 'svc') return undefined;
    if (labels.length === 3) {
      const [svcName, ns] = labels;
      const svc = this.#service(ns, svcName);
      if (!svc) return undefined;
      const ip = svc.spec?.clusterIP;
      if (ip && ip !== 'None') return [ip];
      // Headless: the ready endpoints' addresses.
      return [...new Set(this.#endpoints(ns, svcName).flatMap((ep) => ep.addresses ?? []))].sort();
    }
    if (labels.length === 4) {
      // <hostname>.<subdomain>.<ns>.svc: a pod of a headless Service by its hostname.
      const [host, sub, ns] = labels;
      for (const slice of this.#slices(ns, sub)) for (const ep of slice.endpoints ?? []) if (ep.hostname === host && isReady(ep)) return [...(ep.addresses ?? [])];
    }
    return undefined;
  }

  #service(ns: string, name: string): any | undefined {
    for (const s of this.state.services()) if (s.metadata?.namespace === ns && s.metadata?.name === name) return s;
    if (ns === 'default' && name === 'kubernetes') return { metadata: { name, namespace: ns }, spec: { clusterIP: KUBERNETES_SERVICE_IP, ports: [{ name: 'https', port: 443, targetPort: 6443 }] } };
    return undefined;
  }

  #slices(ns: string, svcName: string): any[] {
    const out: any[] = [];
    for (const s of this.state.endpointSlices()) if (s.metadata?.namespace === ns && s.metadata?.labels?.['kubernetes.io/service-name'] === svcName) out.push(s);
    return out;
  }

  #endpoints(ns: string, svcName: string): any[] {
    return this.#slices(ns, svcName).flatMap((s) => (s.endpoints ?? []).filter(isReady));
  }

  /** Where a connection to host:port really goes: a pod IP and port, or why not. */
  #route(host: string, port: number): { ip: string; port: number } | { error: string; kind: 'refused' | 'unreachable' | 'dns' } {
    const resolved = this.lookup(host);
    if (!resolved) return { error: `bad address '${host}'`, kind: 'dns' };
    const ip = resolved.addresses[0].startsWith('127.') ? this.self.ip : resolved.addresses[0];
    if (!ip) return { error: 'Connection refused', kind: 'refused' };
    for (const svc of this.state.services()) {
      if (svc.spec?.clusterIP !== ip) continue;
      const sp = (svc.spec.ports ?? []).find((p: any) => p.port === port && (p.protocol ?? 'TCP') === 'TCP');
      if (!sp) return { error: 'Connection refused', kind: 'refused' };
      const targets: { ip: string; port: number }[] = [];
      for (const slice of this.#slices(svc.metadata.namespace, svc.metadata.name)) {
        const p = (slice.ports ?? []).find((x: any) => (x.name ?? '') === (sp.name ?? ''));
        if (!p) continue;
        for (const ep of slice.endpoints ?? []) if (isReady(ep)) for (const a of ep.addresses ?? []) targets.push({ ip: a, port: p.port });
      }
      if (targets.length === 0) return { error: 'Connection refused', kind: 'refused' };
      return targets[Math.floor(this.random() * targets.length) % targets.length];
    }
    if (ip === KUBERNETES_SERVICE_IP) return { error: 'Connection refused', kind: 'refused' };
    return { ip, port };
  }

  /** The processes answering at a pod IP: this host's, or the remote pod's programs' tables. */
  #processesAt(ip: string): readonly Process[] | undefined {
    const local = this.state.local(ip);
    if (local) return local;
    for (const pod of this.state.pods()) if (pod.status?.podIP === ip && pod.status?.phase === 'Running') return remoteProcesses(pod, this.state.now);
    return undefined;
  }

  httpGet(host: string, port: number, path: string, headers: Record<string, string> = {}): HttpResponse {
    const r = this.#route(host, port);
    if ('error' in r) return { error: r.error };
    const outside = externalHttp(r.ip, r.port, path);
    if (outside) return outside;
    const procs = this.#processesAt(r.ip);
    if (!procs) return { error: 'Connection timed out' };
    const p = procs.find((x) => x.listening().includes(r.port));
    if (!p) return { error: 'Connection refused' };
    if (!p.http) return { error: 'error getting response' };
    return p.http(r.port, path || '/', headers, this.self.ip ? { ip: this.self.ip } : undefined);
  }

  tcpConnect(host: string, port: number): 'open' | 'refused' | 'unreachable' {
    const r = this.#route(host, port);
    if ('error' in r) return r.kind === 'refused' ? 'refused' : 'unreachable';
    if (externalHttp(r.ip, r.port, '/')) return r.port === 80 ? 'open' : 'refused';
    const procs = this.#processesAt(r.ip);
    if (!procs) return 'unreachable';
    return procs.some((x) => x.listening().includes(r.port)) ? 'open' : 'refused';
  }
}

const registry = new Registry();

/** A pod on another host: its containers' programs, started in a throwaway context (approximation). */
function remoteProcesses(pod: any, now: () => number): Process[] {
  const out: Process[] = [];
  for (const c of pod.spec?.containers ?? []) {
    const resolved = registry.resolve(c.image ?? '');
    if (!resolved.ok) continue;
    const argv = processArgs({ command: c.command, args: c.args }, resolved.image);
    const program = programFor(resolved.image.program, argv);
    if (program === 'sh') continue;
    const ctx: ProcessContext = {
      argv,
      env: {},
      hostname: pod.spec?.hostname ?? pod.metadata.name,
      cwd: c.workingDir ?? resolved.image.config.workingDir ?? '/',
      fs: new MapFS(new Map(), now, imageBase(resolved.image)),
      net: undefined as unknown as Network,
      now,
      random: () => 0,
      stdout: () => {},
      stderr: () => {}
    };
    const p = factoryFor(program)(ctx);
    p.resume();
    out.push(p);
  }
  return out;
}
