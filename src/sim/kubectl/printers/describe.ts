// `kubectl describe` for the common kinds.
//
// Source: staging/src/k8s.io/kubectl/pkg/describe/describe.go (kubectl v1.32):
// describePod, describeNode, describeReplicaSet, describeDeployment, describeService,
// describeNamespace, DescribePodTemplate, describeContainers, describeVolumes, DescribeEvents,
// printLabelsMultiline, printAnnotationsMultiline, printTolerationsMultilineWithIndent, ...
// The output goes through tabbedString(): Go text/tabwriter(minwidth 0, tabwidth 8, padding 2).
// Version notes (v1.32 vs newer upstream):
//  - projected volumes print ConfigMapName/ConfigMapOptional (PR #129457 changed it in v1.33);
//  - describe service formats EndpointSlices, skipping not-ready endpoints (PR #124598, #126932).

import { formatRFC1123Z, humanDuration, parseTimestamp, translateTimestampSince } from './duration';
import { Quantity, canonicalQuantity, listQuantity, parseQuantity, zeroQuantity } from './quantity';
import { lookupResource } from './table';
import { newDescribeTabWriter, TabWriter } from './tabwriter';
import { goSort } from './gosort';
import { describeRoleBindingImpl, describeRoleImpl } from './describe-rbac';
import { describeLimitRangeImpl, describeResourceQuotaImpl, QUOTA_SCOPE_HELP } from './describe-quota';
import {
  accessModesAsString,
  compareGoStrings,
  controllerOf,
  escapeTerminal,
  findNodeRoles,
  formatLabelSelector,
  formatLabels,
  joinHostPort,
  joinWithMore,
  labelSelectorString,
  persistentVolumeClaimClass,
  podQOSClass,
  podRequestsAndLimits,
  sortedKeys,
  trimSpace,
} from './util';

/* eslint-disable @typescript-eslint/no-explicit-any */

export interface DescribeContext {
  /** virtual now, epoch ms */
  now: number;
  /** events to search (filtered like kubectl's field selector unless filterEvents is false) */
  events?: any[];
  /** set false when `events` is already the exact list for the object */
  filterEvents?: boolean;
  /** --show-events=false */
  showEvents?: boolean;
  /** pods (Node: non-terminated pods table; ReplicaSet/DaemonSet: Pods Status counts) */
  pods?: any[];
  /** Deployment: candidate ReplicaSets for OldReplicaSets/NewReplicaSet */
  replicaSets?: any[];
  /** Service: EndpointSlices (label kubernetes.io/service-name) */
  endpointSlices?: any[];
  /** Node: its Lease in kube-node-lease; undefined prints the NotFound error line */
  lease?: any;
  /** Namespace: resource quotas / limit ranges in it */
  resourceQuotas?: any[];
  limitRanges?: any[];
}

export const LEVEL_0 = 0;
export const LEVEL_1 = 1;
const LEVEL_2 = 2;
const LEVEL_3 = 3;

/** PrefixWriter over the describe tabwriter (describe.go prefixWriter). */
export class PrefixWriter {
  constructor(private readonly out: TabWriter) {}
  write(level: number, text: string): void {
    this.out.write(escapeTerminal('  '.repeat(level) + text));
  }
  writeLine(text: string): void {
    this.out.write(escapeTerminal(text + '\n'));
  }
  flush(): void {
    this.out.flush();
  }
}

export function tabbedString(f: (w: PrefixWriter) => void): string {
  const tw = newDescribeTabWriter();
  f(new PrefixWriter(tw));
  return tw.takeOutput();
}

function printBool(v: unknown): string {
  return v ? 'True' : 'False';
}

function stringOrNone(s: string): string {
  return s.length > 0 ? s : '<none>';
}

/**
 * Go's %q quoting (strconv.Quote) for simple strings. Not the shared goQuote (api/gostrings.ts):
 * this writes controls JSON's way (`\u0007`, not `\a`); kept so describe output stays as it was.
 */
function goQuote(s: string): string {
  return JSON.stringify(s).replace(/\\u007f/g, '\\x7f');
}

/** Go %v of a []string: "[a b c]". */
function fmtStringSlice(a: unknown): string {
  return `[${((a as any[]) ?? []).join(' ')}]`;
}

/** Go %v of a nil pointer field and set pointer values (for *bool etc). */
function fmtPtr(v: unknown): string {
  if (v === undefined || v === null) return '<nil>';
  // a non-nil pointer prints its address in Go; any stable hex-looking value is equivalent
  return '0xc000012345';
}

// ---------------------------------------------------------------------------------------------
// labels / annotations / taints / tolerations

function printLabelsMultilineWithIndent(
  w: PrefixWriter,
  initialIndent: string,
  title: string,
  innerIndent: string,
  labels: Record<string, string> | undefined,
): void {
  w.write(LEVEL_0, `${initialIndent}${title}:${innerIndent}`);
  const keys = sortedKeys(labels);
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  keys.forEach((key, i) => {
    if (i !== 0) {
      w.write(LEVEL_0, initialIndent);
      w.write(LEVEL_0, innerIndent);
    }
    w.write(LEVEL_0, `${key}=${labels![key]}\n`);
  });
}

export function printLabelsMultiline(w: PrefixWriter, title: string, labels: Record<string, string> | undefined): void {
  printLabelsMultilineWithIndent(w, '', title, '\t', labels);
}

const MAX_ANNOTATION_LEN = 140;
const SKIP_ANNOTATIONS = new Set(['kubectl.kubernetes.io/last-applied-configuration']);

function shorten(s: string, maxLength: number): string {
  // Go slices bytes; annotation values are usually ASCII
  if (s.length > maxLength) return s.slice(0, maxLength) + '...';
  return s;
}

export function printAnnotationsMultiline(w: PrefixWriter, title: string, annotations: Record<string, string> | undefined): void {
  w.write(LEVEL_0, `${title}:\t`);
  const keys = sortedKeys(annotations).filter((k) => !SKIP_ANNOTATIONS.has(k));
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  const indent = '\t';
  keys.forEach((key, i) => {
    if (i !== 0) w.write(LEVEL_0, indent);
    const value = annotations![key]!.replace(/\n$/, '');
    if (value.length + key.length + 2 > MAX_ANNOTATION_LEN || value.includes('\n')) {
      w.write(LEVEL_0, `${key}:\n`);
      for (const s of value.split('\n')) {
        w.write(LEVEL_0, `${indent}  ${shorten(s, MAX_ANNOTATION_LEN - 2)}\n`);
      }
    } else {
      w.write(LEVEL_0, `${key}: ${value}\n`);
    }
  });
}

/** Taint.ToString (api/core/v1/taint.go). */
function taintToString(t: any): string {
  if (!t?.effect) {
    if (!t?.value) return `${t?.key ?? ''}`;
    return `${t.key}=${t.value}`;
  }
  if (!t.value) return `${t.key}:${t.effect}`;
  return `${t.key}=${t.value}:${t.effect}`;
}

function printNodeTaintsMultiline(w: PrefixWriter, title: string, taints: any[] | undefined): void {
  w.write(LEVEL_0, `${title}:\t`);
  const list = [...(taints ?? [])];
  if (list.length === 0) {
    w.writeLine('<none>');
    return;
  }
  const key = (t: any) => `${t?.effect ?? ''},${t?.key ?? ''}`;
  list.sort((a, b) => compareGoStrings(key(a), key(b)));
  list.forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, '\t');
    w.write(LEVEL_0, `${taintToString(t)}\n`);
  });
}

function printTolerationsMultiline(w: PrefixWriter, title: string, tolerations: any[] | undefined): void {
  const initialIndent = '';
  const innerIndent = '\t';
  w.write(LEVEL_0, `${initialIndent}${title}:${innerIndent}`);
  const list = [...(tolerations ?? [])];
  if (list.length === 0) {
    w.writeLine('<none>');
    return;
  }
  list.sort((a, b) => compareGoStrings(a?.key ?? '', b?.key ?? ''));
  list.forEach((t, i) => {
    if (i !== 0) {
      w.write(LEVEL_0, initialIndent);
      w.write(LEVEL_0, innerIndent);
    }
    w.write(LEVEL_0, t?.key ?? '');
    if (t?.value) w.write(LEVEL_0, `=${t.value}`);
    if (t?.effect) w.write(LEVEL_0, `:${t.effect}`);
    // tolerations: - operator: "Exists" is a special case which tolerates everything
    if (t?.operator === 'Exists' && !t?.value) {
      if (t?.key || t?.effect) w.write(LEVEL_0, ' op=Exists');
      else w.write(LEVEL_0, 'op=Exists');
    }
    if (t?.tolerationSeconds != null) w.write(LEVEL_0, ` for ${t.tolerationSeconds}s`);
    w.write(LEVEL_0, '\n');
  });
}

// ---------------------------------------------------------------------------------------------
// events

/**
 * Sort key of kubectl v1.32's SortableEvents (staging/src/k8s.io/kubectl/pkg/util/event/
 * sorted_event_list.go): LastTimestamp only; a missing one is Go's zero time (sorts first).
 * (Later kubectl versions sort by series.lastObservedTime / eventTime as well; v1.32 does not,
 * verified against kubectl v1.32.4.)
 */
function eventLastTimestamp(e: any): number {
  return parseTimestamp(e?.lastTimestamp) ?? Number.NEGATIVE_INFINITY;
}

/** DescribeEvents (describe.go). */
function describeEvents(events: any[], w: PrefixWriter, now: number): void {
  if (events.length === 0) {
    w.write(LEVEL_0, 'Events:\t<none>\n');
    return;
  }
  w.flush();
  // sort.Sort(event.SortableEvents(el.Items)): Go's unstable pdqsort, reproduced by goSort
  const sorted = goSort([...events], (a, b) => eventLastTimestamp(a) < eventLastTimestamp(b));
  w.write(LEVEL_0, 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n');
  w.write(LEVEL_1, '----\t------\t----\t----\t-------\n');
  for (const e of sorted) {
    let interval: string;
    let firstTimestampSince = translateTimestampSince(e?.eventTime, now);
    if (parseTimestamp(e?.eventTime) === undefined) {
      firstTimestampSince = translateTimestampSince(e?.firstTimestamp, now);
    }
    if (e?.series) {
      interval = `${translateTimestampSince(e.series.lastObservedTime, now)} (x${e.series.count ?? 0} over ${firstTimestampSince})`;
    } else if ((e?.count ?? 0) > 1) {
      interval = `${translateTimestampSince(e.lastTimestamp, now)} (x${e.count} over ${firstTimestampSince})`;
    } else {
      interval = firstTimestampSince;
    }
    let source: string = e?.source?.component ?? '';
    if (source === '') source = e?.reportingComponent ?? e?.reportingController ?? '';
    w.write(LEVEL_1, `${e?.type ?? ''}\t${e?.reason ?? ''}\t${interval}\t${source}\t${trimSpace(e?.message ?? '')}\n`);
  }
}

interface ObjectRef {
  name: string;
  namespace: string;
  kind?: string;
  uids: string[];
}

/** searchEvents' field selector: involvedObject.name/namespace(/kind)(/uid). */
export function eventsForObject(ref: ObjectRef, events: any[]): any[] {
  return events.filter((e) => {
    const io = e?.involvedObject ?? {};
    if ((io.name ?? '') !== ref.name) return false;
    if ((io.namespace ?? '') !== ref.namespace) return false;
    if (ref.kind && io.kind && io.kind !== ref.kind) return false;
    if (ref.uids.length > 0 && io.uid && !ref.uids.includes(io.uid)) return false;
    return true;
  });
}

function objectEvents(obj: any, kind: string | undefined, ctx: DescribeContext, extraUids: string[] = []): any[] | undefined {
  if (ctx.showEvents === false) return undefined;
  const events = ctx.events ?? [];
  if (ctx.filterEvents === false) return events;
  const m = obj?.metadata ?? {};
  const uids = [m.uid, ...extraUids].filter((u): u is string => typeof u === 'string' && u.length > 0);
  return eventsForObject({ name: m.name ?? '', namespace: m.namespace ?? '', kind, uids }, events);
}

// ---------------------------------------------------------------------------------------------
// containers

function describeResources(resources: any, w: PrefixWriter, level: number): void {
  if (!resources) return;
  const limits = resources.limits ?? {};
  const requests = resources.requests ?? {};
  if (Object.keys(limits).length > 0) w.write(level, 'Limits:\n');
  for (const name of sortedKeys(limits)) w.write(level + 1, `${name}:\t${listQuantity(limits, name).toString()}\n`);
  if (Object.keys(requests).length > 0) w.write(level, 'Requests:\n');
  for (const name of sortedKeys(requests)) w.write(level + 1, `${name}:\t${listQuantity(requests, name).toString()}\n`);
}

function intOrStringText(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}

function escapePath(p: string): string {
  let out = '';
  for (const ch of p) {
    if (/[A-Za-z0-9\-_.~$&+,/:;=@]/.test(ch)) {
      out += ch;
    } else {
      for (const b of new TextEncoder().encode(ch)) out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
    }
  }
  return out;
}

/** DescribeProbe (describe.go). */
export function describeProbe(probe: any): string {
  const attrs =
    `delay=${probe?.initialDelaySeconds ?? 0}s timeout=${probe?.timeoutSeconds ?? 0}s ` +
    `period=${probe?.periodSeconds ?? 0}s #success=${probe?.successThreshold ?? 0} #failure=${probe?.failureThreshold ?? 0}`;
  if (probe?.exec) return `exec ${fmtStringSlice(probe.exec.command)} ${attrs}`;
  if (probe?.httpGet) {
    const h = probe.httpGet;
    const scheme = String(h.scheme ?? '').toLowerCase();
    const port = intOrStringText(h.port);
    const hostName: string = h.host ?? '';
    let host = hostName;
    if (port.length > 0) host = hostName.includes(':') ? `[${hostName}]:${port}` : `${hostName}:${port}`;
    let path: string = h.path ?? '';
    if (path !== '' && !path.startsWith('/') && host !== '') path = '/' + path;
    let url = '';
    if (scheme !== '') url += `${scheme}:`;
    if (scheme !== '' || host !== '') url += `//${host}`;
    url += escapePath(path);
    return `http-get ${url} ${attrs}`;
  }
  if (probe?.tcpSocket) return `tcp-socket ${probe.tcpSocket.host ?? ''}:${intOrStringText(probe.tcpSocket.port)} ${attrs}`;
  if (probe?.grpc) return `grpc <pod>:${probe.grpc.port} ${probe.grpc.service ?? ''} ${attrs}`;
  return `unknown ${attrs}`;
}

function describeStatus(stateName: string, state: any, w: PrefixWriter): void {
  if (state?.running) {
    w.write(LEVEL_2, `${stateName}:\tRunning\n`);
    w.write(LEVEL_3, `Started:\t${formatRFC1123Z(state.running.startedAt)}\n`);
  } else if (state?.waiting) {
    w.write(LEVEL_2, `${stateName}:\tWaiting\n`);
    if (state.waiting.reason) w.write(LEVEL_3, `Reason:\t${state.waiting.reason}\n`);
  } else if (state?.terminated) {
    const t = state.terminated;
    w.write(LEVEL_2, `${stateName}:\tTerminated\n`);
    if (t.reason) w.write(LEVEL_3, `Reason:\t${t.reason}\n`);
    if (t.message) w.write(LEVEL_3, `Message:\t${t.message}\n`);
    w.write(LEVEL_3, `Exit Code:\t${t.exitCode ?? 0}\n`);
    if ((t.signal ?? 0) > 0) w.write(LEVEL_3, `Signal:\t${t.signal}\n`);
    w.write(LEVEL_3, `Started:\t${formatRFC1123Z(t.startedAt)}\n`);
    w.write(LEVEL_3, `Finished:\t${formatRFC1123Z(t.finishedAt)}\n`);
  } else {
    w.write(LEVEL_2, `${stateName}:\tWaiting\n`);
  }
}

/** EnvValueRetriever / fieldpath.ExtractFieldPathAsString for the common downward API paths. */
function resolveFieldRef(pod: any, fieldPath: string): string {
  const m = pod?.metadata ?? {};
  const labelMatch = /^metadata\.(labels|annotations)\['(.*)'\]$/.exec(fieldPath);
  if (labelMatch) return (m[labelMatch[1]!] ?? {})[labelMatch[2]!] ?? '';
  switch (fieldPath) {
    case 'metadata.name':
      return m.name ?? '';
    case 'metadata.namespace':
      return m.namespace ?? '';
    case 'metadata.uid':
      return m.uid ?? '';
    case 'metadata.labels':
      return formatLabelsForDownward(m.labels);
    case 'metadata.annotations':
      return formatLabelsForDownward(m.annotations);
    case 'spec.nodeName':
      return pod?.spec?.nodeName ?? '';
    case 'spec.serviceAccountName':
      return pod?.spec?.serviceAccountName ?? '';
    case 'status.hostIP':
      return pod?.status?.hostIP ?? '';
    case 'status.hostIPs':
      return (pod?.status?.hostIPs ?? []).map((i: any) => i?.ip).join(',');
    case 'status.podIP':
      return pod?.status?.podIP ?? '';
    case 'status.podIPs':
      return (pod?.status?.podIPs ?? []).map((i: any) => i?.ip).join(',');
  }
  return '';
}

function formatLabelsForDownward(m: Record<string, string> | undefined): string {
  return sortedKeys(m)
    .map((k) => `${k}=${goQuote(m![k]!)}`)
    .join('\n');
}

function extractContainerResourceValue(fs: any, container: any): string {
  const divisor = parseQuantity(fs?.divisor ?? '1') ?? parseQuantity('1')!;
  const res: string = fs?.resource ?? '';
  const [kind, name] = res.split('.', 2) as [string, string];
  const list = kind === 'limits' ? container?.resources?.limits : container?.resources?.requests;
  const q = listQuantity(list, name ?? '');
  if (name === 'cpu') return String(Math.ceil(q.milliValue() / (divisor.isZero() ? 1 : divisor.milliValue())));
  return String(Math.ceil(q.value() / (divisor.isZero() ? 1 : divisor.value())));
}

function describeContainerEnvVars(container: any, pod: any | undefined, w: PrefixWriter): void {
  const env: any[] = container?.env ?? [];
  w.write(LEVEL_2, `Environment:${env.length === 0 ? '\t<none>' : ''}\n`);
  for (const e of env) {
    if (!e?.valueFrom) {
      String(e?.value ?? '')
        .split('\n')
        .forEach((s, i) => {
          if (i === 0) w.write(LEVEL_3, `${e?.name}:\t${s}\n`);
          else w.write(LEVEL_3, `\t${s}\n`);
        });
      continue;
    }
    const vf = e.valueFrom;
    if (vf.fieldRef) {
      const valueFrom = pod ? resolveFieldRef(pod, vf.fieldRef.fieldPath ?? '') : '';
      w.write(LEVEL_3, `${e.name}:\t${valueFrom} (${vf.fieldRef.apiVersion ?? ''}:${vf.fieldRef.fieldPath ?? ''})\n`);
    } else if (vf.resourceFieldRef) {
      let valueFrom = extractContainerResourceValue(vf.resourceFieldRef, container);
      const resource = vf.resourceFieldRef.resource;
      if (valueFrom === '0' && (resource === 'limits.cpu' || resource === 'limits.memory')) valueFrom = 'node allocatable';
      w.write(LEVEL_3, `${e.name}:\t${valueFrom} (${resource})\n`);
    } else if (vf.secretKeyRef) {
      const optional = vf.secretKeyRef.optional === true;
      w.write(
        LEVEL_3,
        `${e.name}:\t<set to the key '${vf.secretKeyRef.key}' in secret '${vf.secretKeyRef.name}'>\tOptional: ${optional}\n`,
      );
    } else if (vf.configMapKeyRef) {
      const optional = vf.configMapKeyRef.optional === true;
      w.write(
        LEVEL_3,
        `${e.name}:\t<set to the key '${vf.configMapKeyRef.key}' of config map '${vf.configMapKeyRef.name}'>\tOptional: ${optional}\n`,
      );
    }
  }
}

function describeContainerEnvFrom(container: any, w: PrefixWriter): void {
  const envFrom: any[] = container?.envFrom ?? [];
  w.write(LEVEL_2, `Environment Variables from:${envFrom.length === 0 ? '\t<none>' : ''}\n`);
  for (const e of envFrom) {
    let from = '';
    let name = '';
    let optional = false;
    if (e?.configMapRef) {
      from = 'ConfigMap';
      name = e.configMapRef.name ?? '';
      optional = e.configMapRef.optional === true;
    } else if (e?.secretRef) {
      from = 'Secret';
      name = e.secretRef.name ?? '';
      optional = e.secretRef.optional === true;
    }
    if (!e?.prefix) w.write(LEVEL_3, `${name}\t${from}\tOptional: ${optional}\n`);
    else w.write(LEVEL_3, `${name}\t${from} with prefix '${e.prefix}'\tOptional: ${optional}\n`);
  }
}

function describeContainerVolumes(container: any, w: PrefixWriter): void {
  const mounts: any[] = [...(container?.volumeMounts ?? [])];
  const none = mounts.length === 0 ? '\t<none>' : '';
  w.write(LEVEL_2, `Mounts:${none}\n`);
  mounts.sort((a, b) => compareGoStrings(a?.mountPath ?? '', b?.mountPath ?? ''));
  for (const m of mounts) {
    const flags = [m?.readOnly ? 'ro' : 'rw'];
    if (m?.subPath) flags.push(`path=${goQuote(m.subPath)}`);
    w.write(LEVEL_3, `${m?.mountPath} from ${m?.name} (${flags.join(',')})\n`);
  }
  const devices: any[] = [...(container?.volumeDevices ?? [])];
  if (devices.length > 0) {
    w.write(LEVEL_2, `Devices:${none}\n`);
    devices.sort((a, b) => compareGoStrings(a?.devicePath ?? '', b?.devicePath ?? ''));
    for (const d of devices) w.write(LEVEL_3, `${d?.devicePath} from ${d?.name}\n`);
  }
}

function describeContainers(
  label: string,
  containers: any[] | undefined,
  containerStatuses: any[] | undefined,
  pod: any | undefined,
  w: PrefixWriter,
  space: string,
): void {
  const statuses = new Map<string, any>();
  for (const s of containerStatuses ?? []) statuses.set(s?.name, s);
  const list = containers ?? [];
  w.write(LEVEL_0, `${space}${label}:${list.length === 0 ? ' <none>' : ''}\n`);
  for (const container of list) {
    const status = statuses.get(container?.name);
    const ok = status !== undefined;
    // describeContainerBasicInfo
    const nameIndent = space.length > 0 ? ' ' : '';
    w.write(LEVEL_1, `${nameIndent}${container?.name}:\n`);
    if (ok) w.write(LEVEL_2, `Container ID:\t${status.containerID ?? ''}\n`);
    w.write(LEVEL_2, `Image:\t${container?.image ?? ''}\n`);
    if (ok) w.write(LEVEL_2, `Image ID:\t${status.imageID ?? ''}\n`);
    const ports: any[] = container?.ports ?? [];
    const portString = ports.map((p) => `${p?.containerPort ?? 0}/${p?.protocol ?? 'TCP'}`).join(', ');
    if (portString.includes(',')) w.write(LEVEL_2, `Ports:\t${portString}\n`);
    else w.write(LEVEL_2, `Port:\t${stringOrNone(portString)}\n`);
    const hostPortString = ports.map((p) => `${p?.hostPort ?? 0}/${p?.protocol ?? 'TCP'}`).join(', ');
    if (hostPortString.includes(',')) w.write(LEVEL_2, `Host Ports:\t${hostPortString}\n`);
    else w.write(LEVEL_2, `Host Port:\t${stringOrNone(hostPortString)}\n`);
    const seccomp = container?.securityContext?.seccompProfile;
    if (seccomp) {
      w.write(LEVEL_2, `SeccompProfile:\t${seccomp.type ?? ''}\n`);
      if (seccomp.type === 'Localhost') w.write(LEVEL_3, `LocalhostProfile:\t${seccomp.localhostProfile ?? ''}\n`);
    }
    // describeContainerCommand
    if ((container?.command ?? []).length > 0) {
      w.write(LEVEL_2, 'Command:\n');
      for (const c of container.command) for (const s of String(c).split('\n')) w.write(LEVEL_3, `${s}\n`);
    }
    if ((container?.args ?? []).length > 0) {
      w.write(LEVEL_2, 'Args:\n');
      for (const a of container.args) for (const s of String(a).split('\n')) w.write(LEVEL_3, `${s}\n`);
    }
    if (ok) {
      // describeContainerState
      describeStatus('State', status.state, w);
      if (status.lastState?.terminated) describeStatus('Last State', status.lastState, w);
      w.write(LEVEL_2, `Ready:\t${printBool(status.ready)}\n`);
      w.write(LEVEL_2, `Restart Count:\t${status.restartCount ?? 0}\n`);
    }
    describeResources(container?.resources, w, LEVEL_2);
    if (container?.livenessProbe) w.write(LEVEL_2, `Liveness:\t${describeProbe(container.livenessProbe)}\n`);
    if (container?.readinessProbe) w.write(LEVEL_2, `Readiness:\t${describeProbe(container.readinessProbe)}\n`);
    if (container?.startupProbe) w.write(LEVEL_2, `Startup:\t${describeProbe(container.startupProbe)}\n`);
    if ((container?.envFrom ?? []).length > 0) describeContainerEnvFrom(container, w);
    describeContainerEnvVars(container, pod, w);
    describeContainerVolumes(container, w);
  }
}

// ---------------------------------------------------------------------------------------------
// volumes

function describeVolumes(volumes: any[] | undefined, w: PrefixWriter, space: string): void {
  const list = volumes ?? [];
  if (list.length === 0) {
    w.write(LEVEL_0, `${space}Volumes:\t<none>\n`);
    return;
  }
  w.write(LEVEL_0, `${space}Volumes:\n`);
  for (const v of list) {
    const nameIndent = space.length > 0 ? ' ' : '';
    w.write(LEVEL_1, `${nameIndent}${v?.name}:\n`);
    if (v?.hostPath) {
      w.write(
        LEVEL_2,
        `Type:\tHostPath (bare host directory volume)\n    Path:\t${v.hostPath.path ?? ''}\n    HostPathType:\t${v.hostPath.type ?? '<none>'}\n`,
      );
    } else if (v?.emptyDir) {
      const sl = v.emptyDir.sizeLimit != null ? parseQuantity(v.emptyDir.sizeLimit) : undefined;
      const sizeLimit = sl && sl.sign() > 0 ? sl.toString() : '<unset>';
      w.write(
        LEVEL_2,
        `Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t${v.emptyDir.medium ?? ''}\n    SizeLimit:\t${sizeLimit}\n`,
      );
    } else if (v?.secret) {
      w.write(
        LEVEL_2,
        `Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t${v.secret.secretName ?? ''}\n    Optional:\t${v.secret.optional === true}\n`,
      );
    } else if (v?.configMap) {
      w.write(
        LEVEL_2,
        `Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t${v.configMap.name ?? ''}\n    Optional:\t${v.configMap.optional === true}\n`,
      );
    } else if (v?.nfs) {
      w.write(
        LEVEL_2,
        `Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n    Server:\t${v.nfs.server ?? ''}\n    Path:\t${v.nfs.path ?? ''}\n    ReadOnly:\t${v.nfs.readOnly === true}\n`,
      );
    } else if (v?.persistentVolumeClaim) {
      w.write(
        LEVEL_2,
        `Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:\t${v.persistentVolumeClaim.claimName ?? ''}\n    ReadOnly:\t${v.persistentVolumeClaim.readOnly === true}\n`,
      );
    } else if (v?.ephemeral) {
      w.write(
        LEVEL_2,
        'Type:\tEphemeralVolume (an inline specification for a volume that gets created and deleted with the pod)\n',
      );
      const tmpl = v.ephemeral.volumeClaimTemplate;
      if (tmpl) printPersistentVolumeClaimTemplate(w, tmpl);
    } else if (v?.downwardAPI) {
      w.write(LEVEL_2, 'Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n');
      for (const item of v.downwardAPI.items ?? []) {
        if (item?.fieldRef) w.write(LEVEL_3, `${item.fieldRef.fieldPath} -> ${item.path}\n`);
        if (item?.resourceFieldRef) w.write(LEVEL_3, `${item.resourceFieldRef.resource} -> ${item.path}\n`);
      }
    } else if (v?.projected) {
      // v1.32 printProjectedVolumeSource (*bool Optional printed with %v)
      w.write(LEVEL_2, 'Type:\tProjected (a volume that contains injected data from multiple sources)\n');
      for (const source of v.projected.sources ?? []) {
        if (source?.secret) {
          w.write(
            LEVEL_2,
            `SecretName:\t${source.secret.name ?? ''}\n    SecretOptionalName:\t${fmtPtr(source.secret.optional)}\n`,
          );
        } else if (source?.downwardAPI) {
          w.write(LEVEL_2, 'DownwardAPI:\ttrue\n');
        } else if (source?.configMap) {
          w.write(
            LEVEL_2,
            `ConfigMapName:\t${source.configMap.name ?? ''}\n    ConfigMapOptional:\t${fmtPtr(source.configMap.optional)}\n`,
          );
        } else if (source?.serviceAccountToken) {
          w.write(LEVEL_2, `TokenExpirationSeconds:\t${source.serviceAccountToken.expirationSeconds ?? 0}\n`);
        }
      }
    } else if (v?.csi) {
      w.write(
        LEVEL_2,
        `Type:\tCSI (a Container Storage Interface (CSI) volume source)\n    Driver:\t${v.csi.driver ?? ''}\n    FSType:\t${v.csi.fsType ?? ''}\n    ReadOnly:\t${v.csi.readOnly === true}\n`,
      );
      printCSIVolumeAttributes(w, v.csi.volumeAttributes);
    } else if (v?.image) {
      w.write(
        LEVEL_2,
        `Type:\tImage (a container image or OCI artifact)\n    Reference:\t${v.image.reference ?? ''}\n    PullPolicy:\t${v.image.pullPolicy ?? ''}\n`,
      );
    } else {
      w.write(LEVEL_1, '<unknown>\n');
    }
  }
}

function printCSIVolumeAttributes(w: PrefixWriter, attrs: Record<string, string> | undefined): void {
  w.write(LEVEL_2, 'VolumeAttributes:\t');
  const keys = sortedKeys(attrs);
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  keys.forEach((key, i) => {
    if (i !== 0) {
      w.write(LEVEL_2, '');
      w.write(LEVEL_2, '\t');
    }
    const line = `${key}=${attrs![key]}`;
    w.write(LEVEL_2, line.length > MAX_ANNOTATION_LEN ? `${line.slice(0, MAX_ANNOTATION_LEN)}...\n` : `${line}\n`);
  });
}

/** printPersistentVolumeClaim(isFullPVC=false) through a NestedPrefixWriter(LEVEL_2). */
function printPersistentVolumeClaimTemplate(w: PrefixWriter, tmpl: any): void {
  const nested: PrefixWriter = {
    write: (level: number, text: string) => w.write(level + LEVEL_2, text),
    writeLine: (text: string) => w.write(LEVEL_2, text + '\n'),
    flush: () => w.flush(),
  } as PrefixWriter;
  const pvc = { metadata: tmpl?.metadata ?? {}, spec: tmpl?.spec ?? {} };
  nested.write(LEVEL_0, `StorageClass:\t${persistentVolumeClaimClass(pvc)}\n`);
  nested.write(LEVEL_0, `Volume:\t${pvc.spec.volumeName ?? ''}\n`);
  printLabelsMultiline(nested, 'Labels', pvc.metadata.labels);
  printAnnotationsMultiline(nested, 'Annotations', pvc.metadata.annotations);
  nested.write(LEVEL_0, `Capacity:\t\n`);
  nested.write(LEVEL_0, `Access Modes:\t\n`);
  if (pvc.spec.volumeMode) nested.write(LEVEL_0, `VolumeMode:\t${pvc.spec.volumeMode}\n`);
}

function describeTopologySpreadConstraints(tscs: any[] | undefined, w: PrefixWriter, space: string): void {
  const list = [...(tscs ?? [])];
  if (list.length === 0) return;
  list.sort((a, b) => compareGoStrings(a?.topologyKey ?? '', b?.topologyKey ?? ''));
  w.write(LEVEL_0, `${space}Topology Spread Constraints:\t`);
  list.forEach((tsc, i) => {
    if (i !== 0) {
      w.write(LEVEL_0, space);
      w.write(LEVEL_0, '\t');
    }
    w.write(LEVEL_0, `${tsc?.topologyKey ?? ''}:`);
    w.write(LEVEL_0, `${tsc?.whenUnsatisfiable ?? ''}`);
    w.write(LEVEL_0, ` when max skew ${tsc?.maxSkew ?? 0} is exceeded`);
    if (tsc?.labelSelector) w.write(LEVEL_0, ` for selector ${formatLabelSelector(tsc.labelSelector)}`);
    w.write(LEVEL_0, '\n');
  });
}

/** DescribePodTemplate (describe.go). */
function describePodTemplate(template: any, w: PrefixWriter): void {
  w.write(LEVEL_0, 'Pod Template:\n');
  if (!template) {
    w.write(LEVEL_1, '<unset>');
    return;
  }
  const m = template.metadata ?? {};
  const spec = template.spec ?? {};
  printLabelsMultiline(w, '  Labels', m.labels);
  if (Object.keys(m.annotations ?? {}).length > 0) printAnnotationsMultiline(w, '  Annotations', m.annotations);
  if (spec.serviceAccountName) w.write(LEVEL_1, `Service Account:\t${spec.serviceAccountName}\n`);
  if ((spec.initContainers ?? []).length > 0) describeContainers('Init Containers', spec.initContainers, undefined, undefined, w, '  ');
  describeContainers('Containers', spec.containers, undefined, undefined, w, '  ');
  describeVolumes(spec.volumes, w, '  ');
  describeTopologySpreadConstraints(spec.topologySpreadConstraints, w, '  ');
  if (spec.priorityClassName) w.write(LEVEL_1, `Priority Class Name:\t${spec.priorityClassName}\n`);
  printLabelsMultiline(w, '  Node-Selectors', spec.nodeSelector);
  printTolerationsMultiline(w, '  Tolerations', spec.tolerations);
}

// ---------------------------------------------------------------------------------------------
// Pod

function describePodImpl(pod: any, ctx: DescribeContext): string {
  const m = pod?.metadata ?? {};
  const spec = pod?.spec ?? {};
  const status = pod?.status ?? {};
  // kubectl clears ref.Kind for pods and uses the mirror pod annotation as UID when present
  let events: any[] | undefined;
  if (ctx.showEvents !== false) {
    if (ctx.filterEvents === false) {
      events = ctx.events ?? [];
    } else {
      const mirror = m.annotations?.['kubernetes.io/config.mirror'];
      const uid = mirror ?? m.uid;
      events = eventsForObject(
        { name: m.name ?? '', namespace: m.namespace ?? '', uids: uid ? [uid] : [] },
        ctx.events ?? [],
      );
    }
  }
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${m.namespace ?? ''}\n`);
    if (spec.priority != null) w.write(LEVEL_0, `Priority:\t${spec.priority}\n`);
    if (spec.priorityClassName) w.write(LEVEL_0, `Priority Class Name:\t${spec.priorityClassName}\n`);
    if (spec.runtimeClassName) w.write(LEVEL_0, `Runtime Class Name:\t${spec.runtimeClassName}\n`);
    if (spec.serviceAccountName) w.write(LEVEL_0, `Service Account:\t${spec.serviceAccountName}\n`);
    if (!spec.nodeName) w.write(LEVEL_0, 'Node:\t<none>\n');
    else w.write(LEVEL_0, `Node:\t${spec.nodeName}/${status.hostIP ?? ''}\n`);
    if (status.startTime != null) w.write(LEVEL_0, `Start Time:\t${formatRFC1123Z(status.startTime)}\n`);
    printLabelsMultiline(w, 'Labels', m.labels);
    printAnnotationsMultiline(w, 'Annotations', m.annotations);
    if (m.deletionTimestamp != null && status.phase !== 'Failed' && status.phase !== 'Succeeded') {
      w.write(LEVEL_0, `Status:\tTerminating (lasts ${translateTimestampSince(m.deletionTimestamp, ctx.now)})\n`);
      w.write(LEVEL_0, `Termination Grace Period:\t${m.deletionGracePeriodSeconds ?? 0}s\n`);
    } else {
      w.write(LEVEL_0, `Status:\t${status.phase ?? ''}\n`);
    }
    if (status.reason) w.write(LEVEL_0, `Reason:\t${status.reason}\n`);
    if (status.message) w.write(LEVEL_0, `Message:\t${status.message}\n`);
    const seccomp = spec.securityContext?.seccompProfile;
    if (seccomp) {
      w.write(LEVEL_0, `SeccompProfile:\t${seccomp.type ?? ''}\n`);
      if (seccomp.type === 'Localhost') w.write(LEVEL_0, `LocalhostProfile:\t${seccomp.localhostProfile ?? ''}\n`);
    }
    // remove when .IP field is deprecated
    w.write(LEVEL_0, `IP:\t${status.podIP ?? ''}\n`);
    const podIPs: any[] = status.podIPs ?? [];
    if (podIPs.length === 0) {
      w.write(LEVEL_0, 'IPs:\t<none>\n');
    } else {
      w.write(LEVEL_0, 'IPs:\n');
      for (const ip of podIPs) w.write(LEVEL_1, `IP:\t${ip?.ip ?? ''}\n`);
    }
    const ctrl = controllerOf(pod);
    if (ctrl) w.write(LEVEL_0, `Controlled By:\t${ctrl.kind}/${ctrl.name}\n`);
    if (status.nominatedNodeName) w.write(LEVEL_0, `NominatedNodeName:\t${status.nominatedNodeName}\n`);
    if (spec.resources) {
      w.write(LEVEL_0, 'Resources:\n');
      describeResources(spec.resources, w, LEVEL_1);
    }
    if ((spec.initContainers ?? []).length > 0) {
      describeContainers('Init Containers', spec.initContainers, status.initContainerStatuses, pod, w, '');
    }
    describeContainers('Containers', spec.containers, status.containerStatuses, pod, w, '');
    if ((spec.ephemeralContainers ?? []).length > 0) {
      describeContainers('Ephemeral Containers', spec.ephemeralContainers, status.ephemeralContainerStatuses, pod, w, '');
    }
    if ((spec.readinessGates ?? []).length > 0) {
      w.write(LEVEL_0, 'Readiness Gates:\n  Type\tStatus\n');
      for (const g of spec.readinessGates) {
        let st = '<none>';
        for (const c of status.conditions ?? []) {
          if (c?.type === g?.conditionType) {
            st = `${c.status}`;
            break;
          }
        }
        w.write(LEVEL_1, `${g?.conditionType} \t${st} \n`);
      }
    }
    if ((status.conditions ?? []).length > 0) {
      w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\n');
      for (const c of status.conditions) w.write(LEVEL_1, `${c?.type} \t${c?.status} \n`);
    }
    describeVolumes(spec.volumes, w, '');
    w.write(LEVEL_0, `QoS Class:\t${podQOSClass(pod)}\n`);
    printLabelsMultiline(w, 'Node-Selectors', spec.nodeSelector);
    printTolerationsMultiline(w, 'Tolerations', spec.tolerations);
    describeTopologySpreadConstraints(spec.topologySpreadConstraints, w, '');
    if (events) describeEvents(events, w, ctx.now);
  });
}

// ---------------------------------------------------------------------------------------------
// Node

/** Go's int64(float64) on amd64: NaN/Inf/out of range become math.MinInt64. */
function goInt64(f: number): string {
  if (!Number.isFinite(f) || Math.abs(f) >= 9.223372036854776e18) return '-9223372036854775808';
  return String(Math.trunc(f));
}

function describeNodeResource(pods: any[], node: any, w: PrefixWriter, now: number): void {
  w.write(LEVEL_0, `Non-terminated Pods:\t(${pods.length} in total)\n`);
  w.write(LEVEL_1, 'Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n');
  w.write(LEVEL_1, '---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n');
  let allocatable: Record<string, unknown> = node?.status?.capacity ?? {};
  if (Object.keys(node?.status?.allocatable ?? {}).length > 0) allocatable = node.status.allocatable;
  const allocCPU = listQuantity(allocatable, 'cpu').milliValue();
  const allocMem = listQuantity(allocatable, 'memory').value();
  const zero = zeroQuantity();
  for (const pod of pods) {
    const { requests, limits } = podRequestsAndLimits(pod);
    const cpuReq = requests.get('cpu') ?? zero;
    const cpuLimit = limits.get('cpu') ?? zero;
    const memReq = requests.get('memory') ?? zero;
    const memLimit = limits.get('memory') ?? zero;
    w.write(
      LEVEL_1,
      `${pod?.metadata?.namespace ?? ''}\t${pod?.metadata?.name ?? ''}\t\t` +
        `${cpuReq} (${goInt64((cpuReq.milliValue() / allocCPU) * 100)}%)\t` +
        `${cpuLimit} (${goInt64((cpuLimit.milliValue() / allocCPU) * 100)}%)\t` +
        `${memReq} (${goInt64((memReq.value() / allocMem) * 100)}%)\t` +
        `${memLimit} (${goInt64((memLimit.value() / allocMem) * 100)}%)\t` +
        `${translateTimestampSince(pod?.metadata?.creationTimestamp, now)}\n`,
    );
  }
  w.write(LEVEL_0, 'Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n');
  w.write(LEVEL_1, 'Resource\tRequests\tLimits\n');
  w.write(LEVEL_1, '--------\t--------\t------\n');
  // getPodsTotalRequestsAndLimits
  const reqs = new Map<string, Quantity>();
  const lims = new Map<string, Quantity>();
  for (const pod of pods) {
    const { requests, limits } = podRequestsAndLimits(pod);
    for (const [k, v] of requests) reqs.set(k, reqs.has(k) ? reqs.get(k)!.add(v) : v);
    for (const [k, v] of limits) lims.set(k, lims.has(k) ? lims.get(k)!.add(v) : v);
  }
  const pct = (num: number, den: number) => (den !== 0 ? goInt64((num / den) * 100) : '0');
  const cpuReqs = reqs.get('cpu') ?? zero;
  const cpuLimits = lims.get('cpu') ?? zero;
  const memReqs = reqs.get('memory') ?? zero;
  const memLimits = lims.get('memory') ?? zero;
  const esReqs = reqs.get('ephemeral-storage') ?? zero;
  const esLimits = lims.get('ephemeral-storage') ?? zero;
  const allocES = listQuantity(allocatable, 'ephemeral-storage').value();
  w.write(LEVEL_1, `cpu\t${cpuReqs} (${pct(cpuReqs.milliValue(), allocCPU)}%)\t${cpuLimits} (${pct(cpuLimits.milliValue(), allocCPU)}%)\n`);
  w.write(LEVEL_1, `memory\t${memReqs} (${pct(memReqs.value(), allocMem)}%)\t${memLimits} (${pct(memLimits.value(), allocMem)}%)\n`);
  w.write(
    LEVEL_1,
    `ephemeral-storage\t${esReqs} (${pct(esReqs.value(), allocES)}%)\t${esLimits} (${pct(esLimits.value(), allocES)}%)\n`,
  );
  const standard = new Set(['cpu', 'memory', 'ephemeral-storage', 'pods']);
  const hugePages: string[] = [];
  const ext: string[] = [];
  for (const r of Object.keys(allocatable)) {
    if (r.startsWith('hugepages-')) hugePages.push(r);
    else if (!standard.has(r)) ext.push(r);
  }
  hugePages.sort(compareGoStrings);
  ext.sort(compareGoStrings);
  for (const r of hugePages) {
    const rq = reqs.get(r) ?? zero;
    const lq = lims.get(r) ?? zero;
    const a = listQuantity(allocatable, r).value();
    w.write(LEVEL_1, `${r}\t${rq} (${pct(rq.value(), a)}%)\t${lq} (${pct(lq.value(), a)}%)\n`);
  }
  for (const r of ext) {
    w.write(LEVEL_1, `${r}\t${reqs.get(r) ?? zero}\t${lims.get(r) ?? zero}\n`);
  }
}

function describeNodeImpl(node: any, ctx: DescribeContext): string {
  const m = node?.metadata ?? {};
  const spec = node?.spec ?? {};
  const status = node?.status ?? {};
  let events: any[] | undefined;
  if (ctx.showEvents !== false) {
    if (ctx.filterEvents === false) {
      events = ctx.events ?? [];
    } else {
      // kubectl merges the events for UID=node.uid and UID=node.name (kubelet uses the name)
      const all = ctx.events ?? [];
      const byUid = eventsForObject({ name: m.name ?? '', namespace: '', kind: 'Node', uids: m.uid ? [m.uid] : [] }, all);
      const byName = eventsForObject({ name: m.name ?? '', namespace: '', kind: 'Node', uids: [m.name ?? ''] }, all).filter(
        (e) => !byUid.includes(e),
      );
      events = [...byUid, ...byName];
    }
  }
  const pods = (ctx.pods ?? [])
    .filter((p) => p?.spec?.nodeName === m.name && p?.status?.phase !== 'Succeeded' && p?.status?.phase !== 'Failed')
    .sort((a, b) =>
      compareGoStrings(
        `${a?.metadata?.namespace ?? ''}/${a?.metadata?.name ?? ''}`,
        `${b?.metadata?.namespace ?? ''}/${b?.metadata?.name ?? ''}`,
      ),
    );
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`);
    const roles = findNodeRoles(node);
    w.write(LEVEL_0, `Roles:\t${roles.length > 0 ? roles.join(',') : '<none>'}\n`);
    printLabelsMultiline(w, 'Labels', m.labels);
    printAnnotationsMultiline(w, 'Annotations', m.annotations);
    w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(m.creationTimestamp)}\n`);
    printNodeTaintsMultiline(w, 'Taints', spec.taints);
    w.write(LEVEL_0, `Unschedulable:\t${spec.unschedulable === true}\n`);
    if (ctx.lease) {
      const lease = ctx.lease;
      w.write(LEVEL_0, 'Lease:\n');
      w.write(LEVEL_1, `HolderIdentity:\t${lease?.spec?.holderIdentity ?? '<unset>'}\n`);
      w.write(LEVEL_1, `AcquireTime:\t${lease?.spec?.acquireTime != null ? formatRFC1123Z(lease.spec.acquireTime) : '<unset>'}\n`);
      w.write(LEVEL_1, `RenewTime:\t${lease?.spec?.renewTime != null ? formatRFC1123Z(lease.spec.renewTime) : '<unset>'}\n`);
    } else {
      w.write(LEVEL_0, `Lease:\tFailed to get lease: leases.coordination.k8s.io ${goQuote(m.name ?? '')} not found\n`);
    }
    if ((status.conditions ?? []).length > 0) {
      w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n');
      w.write(LEVEL_1, '----\t------\t-----------------\t------------------\t------\t-------\n');
      for (const c of status.conditions) {
        w.write(
          LEVEL_1,
          `${c?.type ?? ''} \t${c?.status ?? ''} \t${formatRFC1123Z(c?.lastHeartbeatTime)} \t${formatRFC1123Z(c?.lastTransitionTime)} \t${c?.reason ?? ''} \t${c?.message ?? ''}\n`,
        );
      }
    }
    w.write(LEVEL_0, 'Addresses:\n');
    for (const a of status.addresses ?? []) w.write(LEVEL_1, `${a?.type}:\t${a?.address}\n`);
    const printResourceList = (list: Record<string, unknown>) => {
      for (const r of sortedKeys(list)) w.write(LEVEL_0, `  ${r}:\t${listQuantity(list, r).toString()}\n`);
    };
    if (Object.keys(status.capacity ?? {}).length > 0) {
      w.write(LEVEL_0, 'Capacity:\n');
      printResourceList(status.capacity);
    }
    if (Object.keys(status.allocatable ?? {}).length > 0) {
      w.write(LEVEL_0, 'Allocatable:\n');
      printResourceList(status.allocatable);
    }
    const info = status.nodeInfo ?? {};
    w.write(LEVEL_0, 'System Info:\n');
    w.write(LEVEL_0, `  Machine ID:\t${info.machineID ?? ''}\n`);
    w.write(LEVEL_0, `  System UUID:\t${info.systemUUID ?? ''}\n`);
    w.write(LEVEL_0, `  Boot ID:\t${info.bootID ?? ''}\n`);
    w.write(LEVEL_0, `  Kernel Version:\t${info.kernelVersion ?? ''}\n`);
    w.write(LEVEL_0, `  OS Image:\t${info.osImage ?? ''}\n`);
    w.write(LEVEL_0, `  Operating System:\t${info.operatingSystem ?? ''}\n`);
    w.write(LEVEL_0, `  Architecture:\t${info.architecture ?? ''}\n`);
    w.write(LEVEL_0, `  Container Runtime Version:\t${info.containerRuntimeVersion ?? ''}\n`);
    w.write(LEVEL_0, `  Kubelet Version:\t${info.kubeletVersion ?? ''}\n`);
    w.write(LEVEL_0, `  Kube-Proxy Version:\t${info.kubeProxyVersion ?? ''}\n`);
    if (spec.podCIDR) w.write(LEVEL_0, `PodCIDR:\t${spec.podCIDR}\n`);
    if ((spec.podCIDRs ?? []).length > 0) w.write(LEVEL_0, `PodCIDRs:\t${spec.podCIDRs.join(',')}\n`);
    if (spec.providerID) w.write(LEVEL_0, `ProviderID:\t${spec.providerID}\n`);
    describeNodeResource(pods, node, w, ctx.now);
    if (events) describeEvents(events, w, ctx.now);
  });
}

// ---------------------------------------------------------------------------------------------
// Controllers

/** labels.Selector.Matches for a metav1.LabelSelector. */
export function labelSelectorMatches(sel: any, labels: Record<string, string> | undefined): boolean {
  if (!sel) return false; // labels.Nothing()
  const l = labels ?? {};
  for (const [k, v] of Object.entries(sel.matchLabels ?? {})) if (l[k] !== v) return false;
  for (const e of sel.matchExpressions ?? []) {
    const has = Object.prototype.hasOwnProperty.call(l, e.key);
    const values: string[] = e.values ?? [];
    switch (e.operator) {
      case 'In':
        if (!has || !values.includes(l[e.key]!)) return false;
        break;
      case 'NotIn':
        if (has && values.includes(l[e.key]!)) return false;
        break;
      case 'Exists':
        if (!has) return false;
        break;
      case 'DoesNotExist':
        if (has) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

/** getPodStatusForController: counts by phase of pods whose controllerRef is the object. */
function podStatusForController(obj: any, selectorMatches: (labels: any) => boolean, pods: any[]): [number, number, number, number] {
  let running = 0;
  let waiting = 0;
  let succeeded = 0;
  let failed = 0;
  const uid = obj?.metadata?.uid;
  for (const pod of pods) {
    if ((pod?.metadata?.namespace ?? '') !== (obj?.metadata?.namespace ?? '')) continue;
    if (!selectorMatches(pod?.metadata?.labels)) continue;
    const ref = controllerOf(pod);
    if (!ref) continue;
    if (uid ? ref.uid !== uid : ref.name !== obj?.metadata?.name) continue;
    switch (pod?.status?.phase) {
      case 'Running':
        running++;
        break;
      case 'Pending':
        waiting++;
        break;
      case 'Succeeded':
        succeeded++;
        break;
      case 'Failed':
        failed++;
        break;
    }
  }
  return [running, waiting, succeeded, failed];
}

function describeReplicaSetImpl(rs: any, ctx: DescribeContext): string {
  const m = rs?.metadata ?? {};
  const [running, waiting, succeeded, failed] = podStatusForController(
    rs,
    (l) => labelSelectorMatches(rs?.spec?.selector, l),
    ctx.pods ?? [],
  );
  const events = objectEvents(rs, 'ReplicaSet', ctx);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${m.namespace ?? ''}\n`);
    w.write(LEVEL_0, `Selector:\t${formatLabelSelector(rs?.spec?.selector)}\n`);
    printLabelsMultiline(w, 'Labels', m.labels);
    printAnnotationsMultiline(w, 'Annotations', m.annotations);
    const ctrl = controllerOf(rs);
    if (ctrl) w.write(LEVEL_0, `Controlled By:\t${ctrl.kind}/${ctrl.name}\n`);
    w.write(LEVEL_0, `Replicas:\t${rs?.status?.replicas ?? 0} current / ${rs?.spec?.replicas ?? 0} desired\n`);
    w.write(LEVEL_0, 'Pods Status:\t');
    w.write(LEVEL_0, `${running} Running / ${waiting} Waiting / ${succeeded} Succeeded / ${failed} Failed\n`);
    describePodTemplate(rs?.spec?.template, w);
    const conds: any[] = rs?.status?.conditions ?? [];
    if (conds.length > 0) {
      w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tReason\n');
      w.write(LEVEL_1, '----\t------\t------\n');
      for (const c of conds) w.write(LEVEL_1, `${c?.type} \t${c?.status}\t${c?.reason ?? ''}\n`);
    }
    if (events) describeEvents(events, w, ctx.now);
  });
}

/** upstream: describe.go describeJob. */
function describeJobImpl(job: any, ctx: DescribeContext): string {
  const m = job?.metadata ?? {};
  const spec = job?.spec ?? {};
  const st = job?.status ?? {};
  const events = objectEvents(job, 'Job', ctx);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${m.namespace ?? ''}\n`);
    const sel = labelSelectorString(spec.selector);
    w.write(LEVEL_0, sel === undefined ? 'Selector:\tFailed to get selector\n' : `Selector:\t${sel}\n`);
    printLabelsMultiline(w, 'Labels', m.labels);
    printAnnotationsMultiline(w, 'Annotations', m.annotations);
    const ctrl = controllerOf(job);
    if (ctrl) w.write(LEVEL_0, `Controlled By:\t${ctrl.kind}/${ctrl.name}\n`);
    if (spec.parallelism != null) w.write(LEVEL_0, `Parallelism:\t${spec.parallelism}\n`);
    w.write(LEVEL_0, spec.completions != null ? `Completions:\t${spec.completions}\n` : 'Completions:\t<unset>\n');
    if (spec.completionMode != null) w.write(LEVEL_0, `Completion Mode:\t${spec.completionMode}\n`);
    if (spec.suspend != null) w.write(LEVEL_0, `Suspend:\t${spec.suspend}\n`);
    if (spec.backoffLimit != null) w.write(LEVEL_0, `Backoff Limit:\t${spec.backoffLimit}\n`);
    if (spec.ttlSecondsAfterFinished != null) w.write(LEVEL_0, `TTL Seconds After Finished:\t${spec.ttlSecondsAfterFinished}\n`);
    if (st.startTime != null) w.write(LEVEL_0, `Start Time:\t${formatRFC1123Z(st.startTime)}\n`);
    if (st.completionTime != null) w.write(LEVEL_0, `Completed At:\t${formatRFC1123Z(st.completionTime)}\n`);
    const start = parseTimestamp(st.startTime);
    const end = parseTimestamp(st.completionTime);
    if (start !== undefined && end !== undefined) w.write(LEVEL_0, `Duration:\t${humanDuration(end - start)}\n`);
    if (spec.activeDeadlineSeconds != null) w.write(LEVEL_0, `Active Deadline Seconds:\t${spec.activeDeadlineSeconds}s\n`);
    const counts = `${st.active ?? 0} Active${st.ready == null ? '' : ` (${st.ready} Ready)`} / ${st.succeeded ?? 0} Succeeded / ${st.failed ?? 0} Failed`;
    w.write(LEVEL_0, `Pods Statuses:\t${counts}\n`);
    if (spec.completionMode === 'Indexed') w.write(LEVEL_0, `Completed Indexes:\t${st.completedIndexes || '<none>'}\n`);
    describePodTemplate(spec.template, w);
    if (events) describeEvents(events, w, ctx.now);
  });
}

/** upstream: describe.go describeCronJob, describeJobTemplate, printActiveJobs. */
function describeCronJobImpl(cj: any, ctx: DescribeContext): string {
  const m = cj?.metadata ?? {};
  const spec = cj?.spec ?? {};
  const events = objectEvents(cj, 'CronJob', ctx);
  const orUnset = (v: unknown, suffix = '') => (v != null ? `${v}${suffix}` : '<unset>');
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${m.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', m.labels);
    printAnnotationsMultiline(w, 'Annotations', m.annotations);
    w.write(LEVEL_0, `Schedule:\t${spec.schedule ?? ''}\n`);
    w.write(LEVEL_0, `Concurrency Policy:\t${spec.concurrencyPolicy ?? ''}\n`);
    w.write(LEVEL_0, `Suspend:\t${spec.suspend === true ? 'True' : spec.suspend === false ? 'False' : '<unset>'}\n`);
    w.write(LEVEL_0, `Successful Job History Limit:\t${orUnset(spec.successfulJobsHistoryLimit)}\n`);
    w.write(LEVEL_0, `Failed Job History Limit:\t${orUnset(spec.failedJobsHistoryLimit)}\n`);
    w.write(LEVEL_0, `Starting Deadline Seconds:\t${orUnset(spec.startingDeadlineSeconds, 's')}\n`);
    const jt = spec.jobTemplate?.spec ?? {};
    if (jt.selector != null) w.write(LEVEL_0, `Selector:\t${labelSelectorString(jt.selector) ?? ''}\n`);
    else w.write(LEVEL_0, 'Selector:\t<unset>\n');
    w.write(LEVEL_0, `Parallelism:\t${orUnset(jt.parallelism)}\n`);
    w.write(LEVEL_0, `Completions:\t${orUnset(jt.completions)}\n`);
    if (jt.activeDeadlineSeconds != null) w.write(LEVEL_0, `Active Deadline Seconds:\t${jt.activeDeadlineSeconds}s\n`);
    describePodTemplate(jt.template, w);
    const last = cj?.status?.lastScheduleTime;
    w.write(LEVEL_0, `Last Schedule Time:\t${last != null ? formatRFC1123Z(last) : '<unset>'}\n`);
    const active: any[] = cj?.status?.active ?? [];
    w.write(LEVEL_0, 'Active Jobs:\t');
    w.writeLine(active.length === 0 ? '<none>' : active.map((j) => j?.name).join(', '));
    if (events) describeEvents(events, w, ctx.now);
  });
}

function stripHashLabel(template: any): string {
  const t = JSON.parse(JSON.stringify(template ?? {}));
  if (t?.metadata?.labels) {
    delete t.metadata.labels['pod-template-hash'];
    if (Object.keys(t.metadata.labels).length === 0) delete t.metadata.labels;
  }
  return canonicalJSON(t);
}

function canonicalJSON(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJSON).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJSON((v as any)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

function describeDeploymentImpl(d: any, ctx: DescribeContext): string {
  const m = d?.metadata ?? {};
  const spec = d?.spec ?? {};
  const status = d?.status ?? {};
  const selector = labelSelectorString(spec.selector) ?? '';
  // deploymentutil.GetAllReplicaSetsInChunks: owned RSes; new = template match (oldest first)
  const owned = (ctx.replicaSets ?? [])
    .filter((rs) => {
      if ((rs?.metadata?.namespace ?? '') !== (m.namespace ?? '')) return false;
      const ref = controllerOf(rs);
      if (!ref) return false;
      return m.uid ? ref.uid === m.uid : ref.kind === 'Deployment' && ref.name === m.name;
    })
    .sort(
      (a, b) =>
        (parseTimestamp(a?.metadata?.creationTimestamp) ?? 0) - (parseTimestamp(b?.metadata?.creationTimestamp) ?? 0) ||
        compareGoStrings(a?.metadata?.name ?? '', b?.metadata?.name ?? ''),
    );
  const want = stripHashLabel(spec.template);
  const newRS = owned.find((rs) => stripHashLabel(rs?.spec?.template) === want);
  const oldRSs = owned.filter((rs) => rs !== newRS);
  const events = objectEvents(d, 'Deployment', ctx);
  const rsList = (list: any[]) => {
    const s = list.map((rs) => `${rs?.metadata?.name} (${rs?.status?.replicas ?? 0}/${rs?.spec?.replicas ?? 0} replicas created)`).join(', ');
    return s === '' ? '<none>' : s;
  };
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${m.namespace ?? ''}\n`);
    w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(m.creationTimestamp)}\n`);
    printLabelsMultiline(w, 'Labels', m.labels);
    printAnnotationsMultiline(w, 'Annotations', m.annotations);
    w.write(LEVEL_0, `Selector:\t${selector}\n`);
    w.write(
      LEVEL_0,
      `Replicas:\t${spec.replicas ?? 0} desired | ${status.updatedReplicas ?? 0} updated | ${status.replicas ?? 0} total | ${status.availableReplicas ?? 0} available | ${status.unavailableReplicas ?? 0} unavailable\n`,
    );
    w.write(LEVEL_0, `StrategyType:\t${spec.strategy?.type ?? ''}\n`);
    w.write(LEVEL_0, `MinReadySeconds:\t${spec.minReadySeconds ?? 0}\n`);
    const ru = spec.strategy?.rollingUpdate;
    if (ru) {
      w.write(
        LEVEL_0,
        `RollingUpdateStrategy:\t${ru.maxUnavailable != null ? String(ru.maxUnavailable) : '%!s(<nil>)'} max unavailable, ${ru.maxSurge != null ? String(ru.maxSurge) : '%!s(<nil>)'} max surge\n`,
      );
    }
    describePodTemplate(spec.template, w);
    const conds: any[] = status.conditions ?? [];
    if (conds.length > 0) {
      w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tReason\n');
      w.write(LEVEL_1, '----\t------\t------\n');
      for (const c of conds) w.write(LEVEL_1, `${c?.type} \t${c?.status}\t${c?.reason ?? ''}\n`);
    }
    if (oldRSs.length > 0 || newRS) {
      w.write(LEVEL_0, `OldReplicaSets:\t${rsList(oldRSs)}\n`);
      w.write(LEVEL_0, `NewReplicaSet:\t${rsList(newRS ? [newRS] : [])}\n`);
    }
    if (events) describeEvents(events, w, ctx.now);
  });
}

function describeDaemonSetImpl(ds: any, ctx: DescribeContext): string {
  const m = ds?.metadata ?? {};
  const st = ds?.status ?? {};
  const [running, waiting, succeeded, failed] = podStatusForController(
    ds,
    (l) => labelSelectorMatches(ds?.spec?.selector, l),
    ctx.pods ?? [],
  );
  const events = objectEvents(ds, 'DaemonSet', ctx);
  return tabbedString((w) => {
    // v1.32 describeDaemonSet prints no Namespace line
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`);
    w.write(LEVEL_0, `Selector:\t${labelSelectorString(ds?.spec?.selector) ?? ''}\n`);
    w.write(LEVEL_0, `Node-Selector:\t${formatLabels(ds?.spec?.template?.spec?.nodeSelector)}\n`);
    printLabelsMultiline(w, 'Labels', m.labels);
    printAnnotationsMultiline(w, 'Annotations', m.annotations);
    w.write(LEVEL_0, `Desired Number of Nodes Scheduled: ${st.desiredNumberScheduled ?? 0}\n`);
    w.write(LEVEL_0, `Current Number of Nodes Scheduled: ${st.currentNumberScheduled ?? 0}\n`);
    w.write(LEVEL_0, `Number of Nodes Scheduled with Up-to-date Pods: ${st.updatedNumberScheduled ?? 0}\n`);
    w.write(LEVEL_0, `Number of Nodes Scheduled with Available Pods: ${st.numberAvailable ?? 0}\n`);
    w.write(LEVEL_0, `Number of Nodes Misscheduled: ${st.numberMisscheduled ?? 0}\n`);
    w.write(LEVEL_0, `Pods Status:\t${running} Running / ${waiting} Waiting / ${succeeded} Succeeded / ${failed} Failed\n`);
    describePodTemplate(ds?.spec?.template, w);
    if (events) describeEvents(events, w, ctx.now);
  });
}

/** upstream: describe.go StatefulSetDescriber.Describe. */
function describeStatefulSetImpl(ps: any, ctx: DescribeContext): string {
  const m = ps?.metadata ?? {};
  const spec = ps?.spec ?? {};
  const [running, waiting, succeeded, failed] = podStatusForController(ps, (l) => labelSelectorMatches(spec.selector, l), ctx.pods ?? []);
  const events = objectEvents(ps, 'StatefulSet', ctx);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${m.namespace ?? ''}\n`);
    w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(m.creationTimestamp)}\n`);
    w.write(LEVEL_0, `Selector:\t${formatLabelSelector(spec.selector)}\n`);
    printLabelsMultiline(w, 'Labels', m.labels);
    printAnnotationsMultiline(w, 'Annotations', m.annotations);
    w.write(LEVEL_0, `Replicas:\t${spec.replicas ?? 1} desired | ${ps?.status?.replicas ?? 0} total\n`);
    w.write(LEVEL_0, `Update Strategy:\t${spec.updateStrategy?.type ?? ''}\n`);
    const ru = spec.updateStrategy?.rollingUpdate;
    if (ru && ru.partition != null) {
      w.write(LEVEL_1, `Partition:\t${ru.partition}\n`);
      if (ru.maxUnavailable != null) w.write(LEVEL_1, `MaxUnavailable:\t${String(ru.maxUnavailable)}\n`);
    }
    w.write(LEVEL_0, `Pods Status:\t${running} Running / ${waiting} Waiting / ${succeeded} Succeeded / ${failed} Failed\n`);
    describePodTemplate(spec.template, w);
    // upstream: describeVolumeClaimTemplates
    const templates: any[] = spec.volumeClaimTemplates ?? [];
    if (templates.length === 0) w.write(LEVEL_0, 'Volume Claims:\t<none>\n');
    else {
      w.write(LEVEL_0, 'Volume Claims:\n');
      for (const pvc of templates) {
        w.write(LEVEL_1, `Name:\t${pvc?.metadata?.name ?? ''}\n`);
        const sc = pvc?.spec?.storageClassName ?? pvc?.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? '';
        w.write(LEVEL_1, `StorageClass:\t${sc}\n`);
        printLabelsMultilineWithIndent(w, '  ', 'Labels', '\t', pvc?.metadata?.labels);
        printLabelsMultilineWithIndent(w, '  ', 'Annotations', '\t', pvc?.metadata?.annotations);
        w.write(LEVEL_1, `Capacity:\t${pvc?.spec?.resources?.requests?.storage ?? '<default>'}\n`);
        w.write(LEVEL_1, `Access Modes:\t[${(pvc?.spec?.accessModes ?? []).join(' ')}]\n`);
      }
    }
    if (events) describeEvents(events, w, ctx.now);
  });
}

// ---------------------------------------------------------------------------------------------
// Service

/** formatEndpointSlices (describe.go, v1.32: not-ready endpoints are skipped). */
export function formatEndpointSlices(slices: any[], ports?: Set<string>): string {
  if (slices.length === 0) return '<none>';
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const slice of slices) {
    const slicePorts: any[] = slice?.ports ?? [];
    const endpoints: any[] = slice?.endpoints ?? [];
    if (slicePorts.length === 0) {
      // It's possible to have headless services with no ports.
      for (const ep of endpoints) {
        if (list.length === max) more = true;
        const isReady = ep?.conditions?.ready == null || ep.conditions.ready === true;
        if (!isReady) continue;
        if (!more) list.push(ep?.addresses?.[0] ?? '');
        count++;
      }
    } else {
      // "Normal" services with ports defined.
      for (const port of slicePorts) {
        if (ports === undefined || ports.has(port?.name ?? '')) {
          for (const ep of endpoints) {
            if (list.length === max) more = true;
            const addr: string = ep?.addresses?.[0] ?? '';
            const isReady = ep?.conditions?.ready == null || ep.conditions.ready === true;
            if (!isReady) continue;
            if (!more) list.push(joinHostPort(addr, port?.port ?? 0));
            count++;
          }
        }
      }
    }
  }
  return joinWithMore(list, more, count, max);
}

function describeServiceImpl(svc: any, ctx: DescribeContext): string {
  const m = svc?.metadata ?? {};
  const spec = svc?.spec ?? {};
  const slices = (ctx.endpointSlices ?? []).filter(
    (s) =>
      (s?.metadata?.namespace ?? '') === (m.namespace ?? '') &&
      s?.metadata?.labels?.['kubernetes.io/service-name'] === m.name,
  );
  const events = objectEvents(svc, 'Service', ctx);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${m.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', m.labels);
    printAnnotationsMultiline(w, 'Annotations', m.annotations);
    w.write(LEVEL_0, `Selector:\t${formatLabels(spec.selector)}\n`);
    w.write(LEVEL_0, `Type:\t${spec.type ?? ''}\n`);
    if (spec.ipFamilyPolicy != null) w.write(LEVEL_0, `IP Family Policy:\t${spec.ipFamilyPolicy}\n`);
    const families: string[] = spec.ipFamilies ?? [];
    w.write(LEVEL_0, `IP Families:\t${families.length > 0 ? families.join(',') : '<none>'}\n`);
    w.write(LEVEL_0, `IP:\t${spec.clusterIP ?? ''}\n`);
    const clusterIPs: string[] = spec.clusterIPs ?? [];
    w.write(LEVEL_0, `IPs:\t${clusterIPs.length > 0 ? clusterIPs.join(',') : '<none>'}\n`);
    if ((spec.externalIPs ?? []).length > 0) w.write(LEVEL_0, `External IPs:\t${spec.externalIPs.join(',')}\n`);
    if (spec.loadBalancerIP) w.write(LEVEL_0, `Desired LoadBalancer IP:\t${spec.loadBalancerIP}\n`);
    if (spec.externalName) w.write(LEVEL_0, `External Name:\t${spec.externalName}\n`);
    const ingress: any[] = svc?.status?.loadBalancer?.ingress ?? [];
    if (ingress.length > 0) {
      const list = ingress
        .map((i) => (i?.ip ? (i.ipMode != null ? `${i.ip} (${i.ipMode})` : i.ip) : i?.hostname ?? ''))
        .join(', ');
      w.write(LEVEL_0, `LoadBalancer Ingress:\t${list}\n`);
    }
    for (const sp of spec.ports ?? []) {
      const name = sp?.name ? sp.name : '<unset>';
      const proto = sp?.protocol ?? 'TCP';
      w.write(LEVEL_0, `Port:\t${name}\t${sp?.port}/${proto}\n`);
      const tp = sp?.targetPort ?? sp?.port;
      w.write(LEVEL_0, `TargetPort:\t${tp}/${proto}\n`);
      if ((sp?.nodePort ?? 0) !== 0) w.write(LEVEL_0, `NodePort:\t${name}\t${sp.nodePort}/${proto}\n`);
      w.write(LEVEL_0, `Endpoints:\t${formatEndpointSlices(slices, new Set([sp?.name ?? '']))}\n`);
    }
    w.write(LEVEL_0, `Session Affinity:\t${spec.sessionAffinity ?? ''}\n`);
    if (spec.externalTrafficPolicy) w.write(LEVEL_0, `External Traffic Policy:\t${spec.externalTrafficPolicy}\n`);
    if (spec.internalTrafficPolicy != null) w.write(LEVEL_0, `Internal Traffic Policy:\t${spec.internalTrafficPolicy}\n`);
    if ((spec.healthCheckNodePort ?? 0) !== 0) w.write(LEVEL_0, `HealthCheck NodePort:\t${spec.healthCheckNodePort}\n`);
    if ((spec.loadBalancerSourceRanges ?? []).length > 0) {
      w.write(LEVEL_0, `LoadBalancer Source Ranges:\t${spec.loadBalancerSourceRanges.join(',')}\n`);
    }
    if (events) describeEvents(events, w, ctx.now);
  });
}

// ---------------------------------------------------------------------------------------------
// Namespace, ConfigMap, Secret, ServiceAccount, PVC

function describeNamespaceImpl(ns: any, ctx: DescribeContext): string {
  const m = ns?.metadata ?? {};
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', m.labels);
    printAnnotationsMultiline(w, 'Annotations', m.annotations);
    w.write(LEVEL_0, `Status:\t${ns?.status?.phase ?? ''}\n`);
    const conds: any[] = ns?.status?.conditions ?? [];
    if (conds.length > 0) {
      w.write(LEVEL_0, 'Conditions:\n');
      w.write(LEVEL_1, 'Type\tStatus\tLastTransitionTime\tReason\tMessage\n');
      w.write(LEVEL_1, '----\t------\t------------------\t------\t-------\n');
      for (const c of conds) {
        w.write(LEVEL_1, `${c?.type}\t${c?.status}\t${formatRFC1123Z(c?.lastTransitionTime)}\t${c?.reason ?? ''}\t${c?.message ?? ''}\n`);
      }
    }
    const quotas = [...(ctx.resourceQuotas ?? [])].sort((a, b) => compareGoStrings(a?.metadata?.name ?? '', b?.metadata?.name ?? ''));
    w.write(LEVEL_0, '\n');
    if (quotas.length === 0) {
      w.write(LEVEL_0, 'No resource quota.\n');
    } else {
      w.write(LEVEL_0, 'Resource Quotas\n');
      for (const q of quotas) {
        w.write(LEVEL_1, `Name:\t${q?.metadata?.name ?? ''}\n`);
        const scopes: string[] = [...(q?.spec?.scopes ?? [])].sort();
        if (scopes.length > 0) {
          w.write(LEVEL_1, `Scopes:\t${scopes.join(', ')}\n`);
          for (const s of scopes) if (QUOTA_SCOPE_HELP[s]) w.write(LEVEL_1, `* ${QUOTA_SCOPE_HELP[s]}\n`);
        }
        w.write(LEVEL_1, 'Resource\tUsed\tHard\n');
        w.write(LEVEL_1, '--------\t---\t---\n');
        for (const r of sortedKeys(q?.status?.hard)) {
          w.write(LEVEL_1, `${r}\t${listQuantity(q?.status?.used, r)}\t${listQuantity(q?.status?.hard, r)}\n`);
        }
      }
    }
    w.write(LEVEL_0, '\n');
    if ((ctx.limitRanges ?? []).length === 0) {
      w.write(LEVEL_0, 'No LimitRange resource.\n');
    } else {
      w.write(LEVEL_0, 'Resource Limits\n Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n');
      w.write(LEVEL_0, ' ----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n');
      for (const lr of ctx.limitRanges ?? []) {
        for (const item of lr?.spec?.limits ?? []) {
          const names = new Set<string>();
          for (const k of ['max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio']) {
            for (const r of Object.keys(item?.[k] ?? {})) names.add(r);
          }
          for (const r of [...names].sort(compareGoStrings)) {
            const val = (k: string) => (item?.[k]?.[r] != null ? listQuantity(item[k], r).toString() : '-');
            w.write(
              LEVEL_0,
              ` ${item?.type ?? ''}\t${r}\t${val('min')}\t${val('max')}\t${val('defaultRequest')}\t${val('default')}\t${val('maxLimitRequestRatio')}\n`,
            );
          }
        }
      }
    }
  });
}

function describeConfigMapImpl(cm: any, ctx: DescribeContext): string {
  const m = cm?.metadata ?? {};
  const events = objectEvents(cm, 'ConfigMap', ctx);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${m.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', m.labels);
    printAnnotationsMultiline(w, 'Annotations', m.annotations);
    w.write(LEVEL_0, '\nData\n====\n');
    // Go ranges over the map in random order; we use sorted keys
    for (const k of sortedKeys(cm?.data)) {
      w.write(LEVEL_0, `${k}:\n----\n`);
      w.write(LEVEL_0, `${cm.data[k]}\n`);
      w.write(LEVEL_0, '\n');
    }
    w.write(LEVEL_0, '\nBinaryData\n====\n');
    for (const k of sortedKeys(cm?.binaryData)) {
      w.write(LEVEL_0, `${k}: ${base64Length(String(cm.binaryData[k] ?? ''))} bytes\n`);
    }
    w.write(LEVEL_0, '\n');
    if (events) describeEvents(events, w, ctx.now);
  });
}

function base64Length(b64: string): number {
  const s = b64.replace(/\s/g, '');
  const pad = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  return Math.floor((s.length * 3) / 4) - pad;
}

function describeSecretImpl(secret: any): string {
  const m = secret?.metadata ?? {};
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${m.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', m.labels);
    printAnnotationsMultiline(w, 'Annotations', m.annotations);
    w.write(LEVEL_0, `\nType:\t${secret?.type ?? ''}\n`);
    w.write(LEVEL_0, '\nData\n====\n');
    for (const k of sortedKeys(secret?.data)) {
      const raw = String(secret.data[k] ?? '');
      if (k === 'token' && secret?.type === 'kubernetes.io/service-account-token') {
        w.write(LEVEL_0, `${k}:\t${new TextDecoder().decode(Uint8Array.from(atob(raw), (c) => c.charCodeAt(0)))}\n`);
      } else {
        w.write(LEVEL_0, `${k}:\t${base64Length(raw)} bytes\n`);
      }
    }
  });
}

function describeServiceAccountImpl(sa: any, ctx: DescribeContext): string {
  const m = sa?.metadata ?? {};
  const events = objectEvents(sa, 'ServiceAccount', ctx);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${m.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', m.labels);
    printAnnotationsMultiline(w, 'Annotations', m.annotations);
    const types: [string, string[]][] = [
      ['Image pull secrets:', (sa?.imagePullSecrets ?? []).map((s: any) => s?.name)],
      ['Mountable secrets: ', (sa?.secrets ?? []).map((s: any) => s?.name)],
      ['Tokens:            ', []],
    ];
    types.sort((a, b) => compareGoStrings(a[0], b[0]));
    for (const [header, names] of types) {
      if (names.length === 0) {
        w.write(LEVEL_0, `${header}\t<none>\n`);
      } else {
        let prefix = header;
        for (const name of names) {
          w.write(LEVEL_0, `${prefix}\t${name}\n`);
          prefix = '                   ';
        }
      }
    }
    if (events) describeEvents(events, w, ctx.now);
  });
}

/**
 * upstream: staging/src/k8s.io/kubectl/pkg/describe/describe.go describeHorizontalPodAutoscalerV2,
 * printDirectionBehavior (Resource and ContainerResource metrics in full; the others as their targets).
 */
function describeHorizontalPodAutoscalerImpl(hpa: any, ctx: DescribeContext): string {
  const m = hpa?.metadata ?? {};
  const spec = hpa?.spec ?? {};
  const status = hpa?.status ?? {};
  const events = objectEvents(hpa, 'HorizontalPodAutoscaler', ctx);
  const q = (v: unknown) => canonicalQuantity(v ?? '0');
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${m.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', m.labels);
    printAnnotationsMultiline(w, 'Annotations', m.annotations);
    w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(m.creationTimestamp)}\n`);
    w.write(LEVEL_0, `Reference:\t${spec.scaleTargetRef?.kind ?? ''}/${spec.scaleTargetRef?.name ?? ''}\n`);
    w.write(LEVEL_0, 'Metrics:\t( current / target )\n');
    (spec.metrics ?? []).forEach((metric: any, i: number) => {
      const st = (status.currentMetrics ?? [])[i];
      const key = metric?.type === 'ContainerResource' ? 'containerResource' : 'resource';
      if (metric?.type === 'Resource' || metric?.type === 'ContainerResource') {
        const r = metric[key] ?? {};
        const cur = st?.[key]?.current;
        const what = metric.type === 'Resource' ? `resource ${r.name} on pods` : `resource ${r.name} of container "${r.container}" on pods`;
        if (r.target?.averageValue != null) {
          w.write(LEVEL_1, `${what}:\t${st?.[key] ? q(cur?.averageValue) : '<unknown>'} / ${q(r.target.averageValue)}\n`);
        } else {
          const current = cur?.averageUtilization != null ? `${cur.averageUtilization}% (${q(cur.averageValue)})` : '<unknown>';
          const target = r.target?.averageUtilization != null ? `${r.target.averageUtilization}%` : '<auto>';
          w.write(LEVEL_1, `${what}  (as a percentage of request):\t${current} / ${target}\n`);
        }
      } else if (metric?.type === 'Pods') {
        w.write(LEVEL_1, `"${metric.pods?.metric?.name ?? ''}" on pods:\t${st?.pods ? q(st.pods.current?.averageValue) : '<unknown>'} / ${q(metric.pods?.target?.averageValue)}\n`);
      } else {
        w.write(LEVEL_1, `<unknown metric type "${metric?.type ?? ''}">\n`);
      }
    });
    w.write(LEVEL_0, `Min replicas:\t${spec.minReplicas != null ? spec.minReplicas : '<unset>'}\n`);
    w.write(LEVEL_0, `Max replicas:\t${spec.maxReplicas ?? 0}\n`);
    if (spec.behavior) {
      w.write(LEVEL_0, 'Behavior:\n');
      for (const [direction, rules] of [['Scale Up', spec.behavior.scaleUp], ['Scale Down', spec.behavior.scaleDown]] as const) {
        if (!rules) continue;
        w.write(LEVEL_1, `${direction}:\n`);
        if (rules.stabilizationWindowSeconds != null) w.write(LEVEL_2, `Stabilization Window: ${rules.stabilizationWindowSeconds} seconds\n`);
        if ((rules.policies ?? []).length > 0) {
          w.write(LEVEL_2, `Select Policy: ${rules.selectPolicy ?? 'Max'}\n`);
          w.write(LEVEL_2, 'Policies:\n');
          for (const p of rules.policies) w.write(LEVEL_3, `- Type: ${p.type}\tValue: ${p.value}\tPeriod: ${p.periodSeconds} seconds\n`);
        }
      }
    }
    w.write(LEVEL_0, `${spec.scaleTargetRef?.kind ?? ''} pods:\t${status.currentReplicas ?? 0} current / ${status.desiredReplicas ?? 0} desired\n`);
    if ((status.conditions ?? []).length > 0) {
      w.write(LEVEL_0, 'Conditions:\n');
      w.write(LEVEL_1, 'Type\tStatus\tReason\tMessage\n');
      w.write(LEVEL_1, '----\t------\t------\t-------\n');
      for (const c of status.conditions) w.write(LEVEL_1, `${c.type}\t${c.status}\t${c.reason ?? ''}\t${c.message ?? ''}\n`);
    }
    if (events) describeEvents(events, w, ctx.now);
  });
}

/** upstream: pkg/describe/describe.go describePodDisruptionBudgetV1. */
function describePodDisruptionBudgetImpl(pdb: any, ctx: DescribeContext): string {
  const m = pdb?.metadata ?? {};
  const spec = pdb?.spec ?? {};
  const status = pdb?.status ?? {};
  const events = objectEvents(pdb, 'PodDisruptionBudget', ctx);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${m.namespace ?? ''}\n`);
    if (spec.minAvailable != null) w.write(LEVEL_0, `Min available:\t${intOrStringText(spec.minAvailable)}\n`);
    else if (spec.maxUnavailable != null) w.write(LEVEL_0, `Max unavailable:\t${intOrStringText(spec.maxUnavailable)}\n`);
    w.write(LEVEL_0, spec.selector ? `Selector:\t${formatLabelSelector(spec.selector)}\n` : 'Selector:\t<unset>\n');
    w.write(LEVEL_0, 'Status:\n');
    w.write(LEVEL_2, `Allowed disruptions:\t${status.disruptionsAllowed ?? 0}\n`);
    w.write(LEVEL_2, `Current:\t${status.currentHealthy ?? 0}\n`);
    w.write(LEVEL_2, `Desired:\t${status.desiredHealthy ?? 0}\n`);
    w.write(LEVEL_2, `Total:\t${status.expectedPods ?? 0}\n`);
    if (events) describeEvents(events, w, ctx.now);
  });
}

function describePersistentVolumeClaimImpl(pvc: any, ctx: DescribeContext): string {
  const m = pvc?.metadata ?? {};
  const events = objectEvents(pvc, 'PersistentVolumeClaim', ctx);
  const usedBy = (ctx.pods ?? [])
    .filter(
      (p) =>
        (p?.metadata?.namespace ?? '') === (m.namespace ?? '') &&
        (p?.spec?.volumes ?? []).some((v: any) => v?.persistentVolumeClaim?.claimName === m.name),
    )
    .map((p) => p?.metadata?.name ?? '')
    .sort(compareGoStrings);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${m.namespace ?? ''}\n`);
    w.write(LEVEL_0, `StorageClass:\t${persistentVolumeClaimClass(pvc)}\n`);
    if (m.deletionTimestamp != null) {
      w.write(LEVEL_0, `Status:\tTerminating (lasts ${translateTimestampSince(m.deletionTimestamp, ctx.now)})\n`);
    } else {
      w.write(LEVEL_0, `Status:\t${pvc?.status?.phase ?? ''}\n`);
    }
    w.write(LEVEL_0, `Volume:\t${pvc?.spec?.volumeName ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', m.labels);
    printAnnotationsMultiline(w, 'Annotations', m.annotations);
    w.write(LEVEL_0, `Finalizers:\t${fmtStringSlice(m.finalizers)}\n`);
    let capacity = '';
    let accessModes = '';
    if (pvc?.spec?.volumeName) {
      accessModes = accessModesAsString(pvc?.status?.accessModes);
      capacity = listQuantity(pvc?.status?.capacity, 'storage').toString();
    }
    w.write(LEVEL_0, `Capacity:\t${capacity}\n`);
    w.write(LEVEL_0, `Access Modes:\t${accessModes}\n`);
    if (pvc?.spec?.volumeMode) w.write(LEVEL_0, `VolumeMode:\t${pvc.spec.volumeMode}\n`);
    w.write(LEVEL_0, 'Used By:\t');
    if (usedBy.length === 0) {
      w.writeLine('<none>');
    } else {
      usedBy.forEach((name, i) => {
        if (i !== 0) w.write(LEVEL_0, '\t');
        w.write(LEVEL_0, `${name}\n`);
      });
    }
    if (events) describeEvents(events, w, ctx.now);
  });
}

// ---------------------------------------------------------------------------------------------
// generic (kinds without a describer of their own: ControllerRevision)

const COMMON_ACRONYMS = ['API', 'URL', 'UID', 'OSB', 'GUID'];

/** upstream: describe.go smartLabelFor: `creationTimestamp` -> `Creation Timestamp`, `uid` -> `UID`. */
function smartLabelFor(field: string): string {
  if (/[^A-Za-z-]/.test(field)) return field;
  // fatih/camelcase Split: runs of lower case, of upper case (the last capital of a run starts the next word), of other characters.
  const parts = field.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[^A-Za-z]+/g) ?? [];
  return parts
    .filter((part) => part !== '_')
    .map((part) => (COMMON_ACRONYMS.includes(part.toUpperCase()) ? part.toUpperCase() : part.charAt(0).toUpperCase() + part.slice(1)))
    .join(' ');
}

/** Go's %v of a JSON scalar. */
function goValue(v: unknown): string {
  return v === null || v === undefined ? '<nil>' : String(v);
}

/** upstream: describe.go printUnstructuredContent: fields in sorted order, maps and lists indented. */
function printUnstructuredContent(w: PrefixWriter, level: number, content: Record<string, any>, skipPrefix: string, skip: readonly string[]): void {
  for (const field of Object.keys(content).sort()) {
    const value = content[field];
    const skipExpr = `${skipPrefix}.${field}`;
    if (skip.includes(skipExpr)) continue;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      printUnstructuredContent(w, level + 1, value, skipExpr, skip);
    } else if (Array.isArray(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      for (const child of value) {
        if (child && typeof child === 'object' && !Array.isArray(child)) printUnstructuredContent(w, level + 1, child, skipExpr, skip);
        else w.write(level + 1, `${goValue(child)}\n`);
      }
    } else {
      w.write(level, `${smartLabelFor(field)}:\t${goValue(value)}\n`);
    }
  }
}

/** upstream: describe.go genericDescriber.Describe: the object's fields as they are, then its events. */
function describeGenericImpl(obj: any, kind: string, ctx: DescribeContext): string {
  const m = obj?.metadata ?? {};
  const events = objectEvents(obj, kind, ctx);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${m.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', m.labels);
    printAnnotationsMultiline(w, 'Annotations', m.annotations);
    printUnstructuredContent(w, LEVEL_0, obj ?? {}, '', ['.metadata.managedFields', '.metadata.name', '.metadata.namespace', '.metadata.labels', '.metadata.annotations']);
    if (events) describeEvents(events, w, ctx.now);
  });
}

// ---------------------------------------------------------------------------------------------
// entry point

/**
 * `kubectl describe <kind> <name>` output (stdout, ends with a newline).
 * Supported kinds: Pod, Node, ReplicaSet, Deployment, DaemonSet, Service, Namespace, ConfigMap,
 * Secret, ServiceAccount, PersistentVolumeClaim, Job, CronJob, PodDisruptionBudget,
 * HorizontalPodAutoscaler, ControllerRevision, Role, ClusterRole, RoleBinding, ClusterRoleBinding
 * (describe-rbac.ts). Returns undefined for other kinds.
 */
export function describe(kind: string, obj: any, ctx: DescribeContext): string | undefined {
  // accept kinds, plural/singular resource names and short names ("po", "svc", "deploy", ...)
  switch (lookupResource(kind).kind.toLowerCase()) {
    case 'pod':
    case 'pods':
      return describePodImpl(obj, ctx);
    case 'node':
    case 'nodes':
      return describeNodeImpl(obj, ctx);
    case 'replicaset':
    case 'replicasets':
      return describeReplicaSetImpl(obj, ctx);
    case 'deployment':
    case 'deployments':
      return describeDeploymentImpl(obj, ctx);
    case 'daemonset':
    case 'daemonsets':
      return describeDaemonSetImpl(obj, ctx);
    case 'statefulset':
    case 'statefulsets':
      return describeStatefulSetImpl(obj, ctx);
    case 'service':
    case 'services':
      return describeServiceImpl(obj, ctx);
    case 'namespace':
    case 'namespaces':
      return describeNamespaceImpl(obj, ctx);
    case 'configmap':
    case 'configmaps':
      return describeConfigMapImpl(obj, ctx);
    case 'secret':
    case 'secrets':
      return describeSecretImpl(obj);
    case 'serviceaccount':
    case 'serviceaccounts':
      return describeServiceAccountImpl(obj, ctx);
    case 'persistentvolumeclaim':
    case 'persistentvolumeclaims':
      return describePersistentVolumeClaimImpl(obj, ctx);
    case 'job':
      return describeJobImpl(obj, ctx);
    case 'cronjob':
      return describeCronJobImpl(obj, ctx);
    case 'poddisruptionbudget':
      return describePodDisruptionBudgetImpl(obj, ctx);
    case 'horizontalpodautoscaler':
      return describeHorizontalPodAutoscalerImpl(obj, ctx);
    case 'controllerrevision':
      return describeGenericImpl(obj, 'ControllerRevision', ctx);
    case 'role':
    case 'clusterrole':
      return describeRoleImpl(obj);
    case 'rolebinding':
    case 'clusterrolebinding':
      return describeRoleBindingImpl(obj);
    case 'limitrange':
      return describeLimitRangeImpl(obj);
    case 'resourcequota':
      return describeResourceQuotaImpl(obj);
  }
  return undefined;
}

/** The QoS class shown by describe (re-exported for other code). */
export { podQOSClass };

/** `kubectl rollout history --revision=N`: the pod template as describe prints it (history.go printTemplate). */
export function describePodTemplateText(template: any): string {
  return tabbedString((w) => describePodTemplate(template, w));
}
