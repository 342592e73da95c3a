/**
 * The scheduling framework's data types: Status, CycleState, Resource, PodInfo, NodeInfo, FitError.
 * upstream: pkg/scheduler/framework/types.go, interface.go (Code, Status), cycle_state.go
 */
import type { Node, Pod, Container } from 'kubernetes-types/core/v1';
import { tryParseQuantity } from '../../api/quantity';
import { podAffinityTerms, type PodAffinityTerms } from './affinity-term';

// upstream: pkg/scheduler/framework/interface.go Code
export enum Code {
  Success = 0,
  Error = 1,
  Unschedulable = 2,
  UnschedulableAndUnresolvable = 3,
  Wait = 4,
  Skip = 5,
  Pending = 6
}

export class Status {
  /** The plugin that returned this status (set by the framework). */
  plugin = '';
  readonly reasons: string[];
  constructor(
    readonly code: Code,
    ...reasons: string[]
  ) {
    this.reasons = reasons;
  }
  isSuccess(): boolean {
    return this.code === Code.Success;
  }
  isSkip(): boolean {
    return this.code === Code.Skip;
  }
  /** Unschedulable or UnschedulableAndUnresolvable. upstream: Status.IsRejected */
  isRejected(): boolean {
    return this.code === Code.Unschedulable || this.code === Code.UnschedulableAndUnresolvable || this.code === Code.Pending;
  }
  message(): string {
    return this.reasons.join(', ');
  }
  withPlugin(plugin: string): Status {
    // The shared success status carries no plugin.
    if (this === SuccessStatus) return this;
    this.plugin = plugin;
    return this;
  }
}

export const success = (): Status => new Status(Code.Success);
/** One shared, immutable Success for the hot loops (no allocation per node and plugin). */
export const SuccessStatus: Status = Object.freeze(new Status(Code.Success)) as Status;

/** Per-cycle scratch space that plugins share between extension points. upstream: CycleState */
export class CycleState {
  readonly #data = new Map<string, unknown>();
  /** Plugins that returned Skip at PreFilter / PreScore are not run at Filter / Score. */
  readonly skipFilterPlugins = new Set<string>();
  readonly skipScorePlugins = new Set<string>();
  /**
   * The pod being scheduled with its requests, ports and affinity terms computed once for the
   * cycle (upstream: the QueuedPodInfo's PodInfo); plugins fall back to computing them.
   */
  podInfo?: PodInfo;
  write(key: string, value: unknown): void {
    this.#data.set(key, value);
  }
  read<T>(key: string): T | undefined {
    return this.#data.get(key) as T | undefined;
  }
}

// upstream: pkg/scheduler/util/pod_resources.go
export const DefaultMilliCPURequest = 100;
export const DefaultMemoryRequest = 200 * 1024 * 1024;

/** Resources in the scheduler's units: milli-CPU, bytes, counts. upstream: framework.Resource */
export interface Resource {
  milliCPU: number;
  memory: number;
  ephemeralStorage: number;
  allowedPodNumber: number;
  scalar: Record<string, number>;
}

export const emptyResource = (): Resource => ({ milliCPU: 0, memory: 0, ephemeralStorage: 0, allowedPodNumber: 0, scalar: {} });

function quantity(raw: unknown, milli: boolean): number {
  const q = tryParseQuantity(String(raw));
  if (!q) return 0;
  return milli ? q.milliValue() : q.value();
}

/** Reads a ResourceList (requests, allocatable). upstream: framework.NewResource / Resource.Add */
export function resourceFromList(list: Record<string, unknown> | undefined): Resource {
  const r = emptyResource();
  addList(r, list);
  return r;
}

function addList(r: Resource, list: Record<string, unknown> | undefined): void {
  for (const [name, raw] of Object.entries(list ?? {})) {
    switch (name) {
      case 'cpu':
        r.milliCPU += quantity(raw, true);
        break;
      case 'memory':
        r.memory += quantity(raw, false);
        break;
      case 'ephemeral-storage':
        r.ephemeralStorage += quantity(raw, false);
        break;
      case 'pods':
        r.allowedPodNumber += quantity(raw, false);
        break;
      default:
        // Extended resources (example.com/foo) and hugepages; upstream: IsScalarResourceName
        if (name.includes('/') || name.startsWith('hugepages-')) r.scalar[name] = (r.scalar[name] ?? 0) + quantity(raw, false);
    }
  }
}

function maxInto(r: Resource, o: Resource): void {
  r.milliCPU = Math.max(r.milliCPU, o.milliCPU);
  r.memory = Math.max(r.memory, o.memory);
  r.ephemeralStorage = Math.max(r.ephemeralStorage, o.ephemeralStorage);
  // (for-in: the same keys in the same order as Object.entries on these plain objects, without building the entries.)
  for (const k in o.scalar) r.scalar[k] = Math.max(r.scalar[k] ?? 0, o.scalar[k]);
}

function addInto(r: Resource, o: Resource, sign = 1): void {
  r.milliCPU += sign * o.milliCPU;
  r.memory += sign * o.memory;
  r.ephemeralStorage += sign * o.ephemeralStorage;
  for (const k in o.scalar) r.scalar[k] = (r.scalar[k] ?? 0) + sign * o.scalar[k];
}

/**
 * The pod's effective request: max(sum of app containers + sidecars, each init container + the
 * sidecars started before it), plus overhead; with `nonZero`, cpu/memory left unset count as
 * 100m / 200Mi per container. upstream: staging/src/k8s.io/component-helpers/resource/helpers.go PodRequests
 */
export function podRequests(pod: Pod, nonZero = false): Resource {
  return aggregatePodRequests(pod, (c) => containerRequest(c, nonZero));
}

function containerRequest(c: Container, nonZero: boolean): Resource {
  const r = resourceFromList(c.resources?.requests as Record<string, unknown> | undefined);
  return nonZero ? withNonZeroDefaults(c, r) : r;
}

/** cpu/memory left unset count as 100m / 200Mi (in place). upstream: resource helpers' NonMissingContainerRequests */
function withNonZeroDefaults(c: Container, r: Resource): Resource {
  const req = (c.resources?.requests ?? {}) as Record<string, unknown>;
  if (!('cpu' in req)) r.milliCPU = DefaultMilliCPURequest;
  if (!('memory' in req)) r.memory = DefaultMemoryRequest;
  return r;
}

function aggregatePodRequests(pod: Pod, containerRequest: (c: Container) => Resource): Resource {
  const reqs = emptyResource();
  for (const c of pod.spec?.containers ?? []) addInto(reqs, containerRequest(c));
  const restartable = emptyResource();
  const initMax = emptyResource();
  for (const c of pod.spec?.initContainers ?? []) {
    const r = containerRequest(c);
    if (c.restartPolicy === 'Always') {
      // Sidecars run alongside the app containers.
      addInto(reqs, r);
      addInto(restartable, r);
      maxInto(initMax, restartable);
    } else {
      const tmp = emptyResource();
      addInto(tmp, r);
      addInto(tmp, restartable);
      maxInto(initMax, tmp);
    }
  }
  maxInto(reqs, initMax);
  addInto(reqs, resourceFromList(pod.spec?.overhead as Record<string, unknown> | undefined));
  return reqs;
}

/** podRequests(pod) and podRequests(pod, true) with each container's requests parsed once. */
function podRequestsAndNonZero(pod: Pod): { requests: Resource; nonZeroRequests: Resource } {
  // aggregatePodRequests visits the containers in the same order both times.
  const parsed: Resource[] = [];
  const requests = aggregatePodRequests(pod, (c) => {
    const r = resourceFromList(c.resources?.requests as Record<string, unknown> | undefined);
    parsed.push(r);
    return r;
  });
  let i = 0;
  // A copy of each parsed request (aggregatePodRequests never modifies the ones it is given).
  const nonZeroRequests = aggregatePodRequests(pod, (c) => {
    const r = parsed[i++];
    return withNonZeroDefaults(c, { milliCPU: r.milliCPU, memory: r.memory, ephemeralStorage: r.ephemeralStorage, allowedPodNumber: r.allowedPodNumber, scalar: { ...r.scalar } });
  });
  return { requests, nonZeroRequests };
}

export interface HostPort {
  ip: string;
  protocol: string;
  port: number;
}

/** Host ports the pod asks for. upstream: plugins/nodeports getContainerPorts */
export function podHostPorts(pod: Pod): HostPort[] {
  const out: HostPort[] = [];
  for (const c of [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])]) {
    for (const p of c.ports ?? []) {
      if (!p.hostPort || p.hostPort <= 0) continue;
      out.push({ ip: p.hostIP || '0.0.0.0', protocol: p.protocol || 'TCP', port: p.hostPort });
    }
  }
  return out;
}

/** A pod with what the plugins need from it computed once. upstream: framework.PodInfo */
export interface PodInfo extends PodAffinityTerms {
  pod: Pod;
  requests: Resource;
  nonZeroRequests: Resource;
  hostPorts: HostPort[];
}

export function newPodInfo(pod: Pod): PodInfo {
  return { pod, ...podRequestsAndNonZero(pod), hostPorts: podHostPorts(pod), ...podAffinityTerms(pod) };
}

/** upstream: NodeInfo.AddPodInfo: podsWithAffinity / podsWithRequiredAntiAffinity membership */
const hasAffinity = (pi: PodInfo) => !!(pi.pod.spec?.affinity?.podAffinity || pi.pod.spec?.affinity?.podAntiAffinity);
const hasRequiredAntiAffinity = (pi: PodInfo) => pi.requiredAntiAffinityTerms.length > 0;

function removeFrom(list: PodInfo[], pi: PodInfo): void {
  const i = list.indexOf(pi);
  if (i >= 0) list.splice(i, 1);
}

export const podKey = (pod: Pod): string => `${pod.metadata?.namespace ?? 'default'}/${pod.metadata?.name}`;

/**
 * A node with the aggregates the filters and scores need, kept up to date incrementally as pods
 * are added and removed (never recomputed by scanning). upstream: framework.NodeInfo
 */
export class NodeInfo {
  node: Node | undefined;
  readonly pods = new Map<string, PodInfo>();
  requested = emptyResource();
  nonZeroRequested = emptyResource();
  allocatable = emptyResource();
  /** `ip/protocol/port` of every host port in use. upstream: HostPortInfo */
  readonly usedPorts = new Map<string, number>();
  /** Image name -> size in bytes, from node.status.images. */
  imageSizes = new Map<string, number>();
  /** Pods with pod affinity or anti-affinity (InterPodAffinity scans only these). upstream: PodsWithAffinity */
  readonly podsWithAffinity: PodInfo[] = [];
  /** upstream: PodsWithRequiredAntiAffinity */
  readonly podsWithRequiredAntiAffinity: PodInfo[] = [];
  generation = 0;

  constructor(node?: Node) {
    if (node) this.setNode(node);
  }

  #name = '';

  get name(): string {
    return this.node ? this.#name : '';
  }

  setNode(node: Node): void {
    this.node = node;
    this.#name = node.metadata?.name ?? '';
    this.allocatable = resourceFromList(node.status?.allocatable as Record<string, unknown> | undefined);
    this.imageSizes = new Map();
    for (const img of node.status?.images ?? []) for (const n of img.names ?? []) this.imageSizes.set(n, img.sizeBytes ?? 0);
    this.generation++;
  }

  addPod(pi: PodInfo): void {
    const key = podKey(pi.pod);
    if (this.pods.has(key)) this.removePod(key);
    this.pods.set(key, pi);
    addInto(this.requested, pi.requests);
    addInto(this.nonZeroRequested, pi.nonZeroRequests);
    for (const p of pi.hostPorts) {
      const k = `${p.ip}/${p.protocol}/${p.port}`;
      this.usedPorts.set(k, (this.usedPorts.get(k) ?? 0) + 1);
    }
    if (hasAffinity(pi)) this.podsWithAffinity.push(pi);
    if (hasRequiredAntiAffinity(pi)) this.podsWithRequiredAntiAffinity.push(pi);
    this.generation++;
  }

  removePod(key: string): boolean {
    const pi = this.pods.get(key);
    if (!pi) return false;
    this.pods.delete(key);
    addInto(this.requested, pi.requests, -1);
    addInto(this.nonZeroRequested, pi.nonZeroRequests, -1);
    for (const p of pi.hostPorts) {
      const k = `${p.ip}/${p.protocol}/${p.port}`;
      const n = (this.usedPorts.get(k) ?? 0) - 1;
      if (n <= 0) this.usedPorts.delete(k);
      else this.usedPorts.set(k, n);
    }
    if (hasAffinity(pi)) removeFrom(this.podsWithAffinity, pi);
    if (hasRequiredAntiAffinity(pi)) removeFrom(this.podsWithRequiredAntiAffinity, pi);
    this.generation++;
    return true;
  }

  /** A copy for "what if" evaluation (preemption's dry run). */
  clone(): NodeInfo {
    const c = new NodeInfo();
    c.node = this.node;
    c.#name = this.#name;
    c.allocatable = this.allocatable;
    c.imageSizes = this.imageSizes;
    for (const pi of this.pods.values()) c.addPod(pi);
    return c;
  }
}

/** What went wrong on each node, for the FitError. upstream: framework.Diagnosis */
export interface Diagnosis {
  /** Node name -> the first rejecting status. */
  nodeToStatus: Map<string, Status>;
  preFilterMsg: string;
  postFilterMsg: string;
}

// upstream: pkg/scheduler/framework/types.go
export const NoNodeAvailableMsg = (n: number) => `0/${n} nodes are available`;

/**
 * The FailedScheduling message. upstream: pkg/scheduler/framework/types.go FitError.Error
 * Reasons are counted over nodes, formatted "<count> <reason>" and sorted as strings (Go's
 * sort.Strings: byte order); each part is followed by "." (SeparatorFormat " %v.").
 */
export function fitErrorMessage(numAllNodes: number, d: Diagnosis): string {
  let msg = NoNodeAvailableMsg(numAllNodes) + ':';
  if (d.preFilterMsg) msg += ` ${d.preFilterMsg}.`;
  else {
    // A PreFilter rejection gives every node the same status: print it once, not per node.
    const histogram = histogramOf(d.nodeToStatus);
    if (histogram) msg += ` ${histogram}.`;
  }
  if (d.postFilterMsg) msg += ` ${d.postFilterMsg}.`;
  return msg;
}

export function histogramOf(nodeToStatus: Map<string, Status>): string {
  const counts = new Map<string, number>();
  for (const s of nodeToStatus.values()) for (const r of s.reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  const parts = [...counts].map(([r, n]) => `${n} ${r}`);
  parts.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return parts.join(', ');
}

export const MaxNodeScore = 100;
export const MinNodeScore = 0;

export interface NodeScore {
  name: string;
  score: number;
}
