// `kubectl get` human-readable tables.
//
// Column definitions and cell values: pkg/printers/internalversion/printers.go (AddHandlers and
// the print<Kind> functions). The API server generates rows with GenerateOptions{Wide: true}
// (pkg/printers/storage/storage.go TableConvertor) and kubectl hides priority>0 columns unless
// -o wide. Table layout/decoration: staging/src/k8s.io/cli-runtime/pkg/printers/tableprinter.go
// (printTable, decorateTable, appendLabelCells) and staging/src/k8s.io/kubectl/pkg/cmd/get/get.go
// (group separation and the "No resources found" message).

import { formatRFC3339, humanDuration, parseTimestamp, translateTimestampSince } from './duration';
import { canonicalQuantity, listQuantity, parseQuantity } from './quantity';
import { formatRestarts, summarizePod } from './podstatus';
import { TabWriter, newKubectlTabWriter } from './tabwriter';
import { nodeStatus } from './nodestatus';
import {
  accessModesAsString,
  compareGoStrings,
  controllerOf,
  escapeTerminal,
  findNodeRoles,
  formatLabelSelector,
  formatLabels,
  isDefaultStorageClass,
  joinHostPort,
  joinWithMore,
  labelSelectorString,
  layoutContainerCells,
  persistentVolumeClaimClass,
  persistentVolumeClass,
  sortedKeys,
  trimSpace,
} from './util';

export { nodeStatus };

/* eslint-disable @typescript-eslint/no-explicit-any */

export type Cell = string | number | boolean | null | undefined;

export interface ColumnDefinition {
  name: string;
  /** 0 = always shown, 1 = only with -o wide */
  priority?: number;
  /** "name" marks the column that --show-kind prefixes with kind/ */
  format?: 'name';
}

export interface ResourceDefinition {
  /** plural resource name, e.g. "pods" */
  resource: string;
  singular: string;
  shortNames: string[];
  kind: string;
  group: string;
  namespaced: boolean;
  columns: ColumnDefinition[];
  /** cells for every column (as if GenerateOptions.Wide were true) */
  row(obj: any, now: number): Cell[];
}

export interface TableOptions {
  /** virtual "now" in epoch milliseconds */
  now: number;
  /** -o wide */
  wide?: boolean;
  /** --show-labels */
  showLabels?: boolean;
  /** -A / --all-namespaces: adds NAMESPACE for namespaced resources */
  withNamespace?: boolean;
  /** --no-headers */
  noHeaders?: boolean;
  /** --show-kind (implied when several kinds are printed) */
  showKind?: boolean;
  /** -L/--label-columns */
  labelColumns?: string[];
}

const NAME: ColumnDefinition = { name: 'Name', format: 'name' };
const AGE: ColumnDefinition = { name: 'Age' };
const wide = (name: string): ColumnDefinition => ({ name, priority: 1 });
const col = (name: string): ColumnDefinition => ({ name });

function meta(obj: any): any {
  return obj?.metadata ?? {};
}
/** metadata.name ("" when unset, as Go's zero value) */
function nameOf(obj: any): string {
  return meta(obj).name ?? '';
}
function age(obj: any, now: number): string {
  return translateTimestampSince(meta(obj).creationTimestamp, now);
}
function int(v: unknown): number {
  return typeof v === 'number' ? v : 0;
}

/** intstr.IntOrString.String() */
function intOrString(v: unknown): string {
  if (typeof v === 'number') return String(v);
  return String(v ?? '');
}

// ---------------------------------------------------------------------------------------------
// Pods

function printPod(pod: any, now: number): Cell[] {
  const s = summarizePod(pod);
  const spec = pod?.spec ?? {};
  const status = pod?.status ?? {};
  let nodeName: string = spec.nodeName ?? '';
  let nominatedNodeName: string = status.nominatedNodeName ?? '';
  let podIP = '';
  if ((status.podIPs ?? []).length > 0) podIP = status.podIPs[0]?.ip ?? '';
  if (podIP === '') podIP = '<none>';
  if (nodeName === '') nodeName = '<none>';
  if (nominatedNodeName === '') nominatedNodeName = '<none>';
  let readinessGates = '<none>';
  const gates: any[] = spec.readinessGates ?? [];
  if (gates.length > 0) {
    let trueConditions = 0;
    for (const g of gates) {
      for (const c of status.conditions ?? []) {
        if (c?.type === g?.conditionType) {
          if (c?.status === 'True') trueConditions++;
          break;
        }
      }
    }
    readinessGates = `${trueConditions}/${gates.length}`;
  }
  return [
    nameOf(pod),
    s.ready,
    s.status,
    formatRestarts(s, now),
    age(pod, now),
    podIP,
    nodeName,
    nominatedNodeName,
    readinessGates,
  ];
}

// ---------------------------------------------------------------------------------------------
// Nodes

/** STATUS of `kubectl get nodes` (printNode). */

function nodeAddress(node: any, type: string): string {
  for (const a of node?.status?.addresses ?? []) if (a?.type === type) return a.address;
  return '<none>';
}

function printNode(node: any, now: number): Cell[] {
  let roles = findNodeRoles(node).join(',');
  if (roles.length === 0) roles = '<none>';
  const info = node?.status?.nodeInfo ?? {};
  return [
    nameOf(node),
    nodeStatus(node),
    roles,
    age(node, now),
    info.kubeletVersion ?? '',
    nodeAddress(node, 'InternalIP'),
    nodeAddress(node, 'ExternalIP'),
    info.osImage || '<unknown>',
    info.kernelVersion || '<unknown>',
    info.containerRuntimeVersion || '<unknown>',
  ];
}

// ---------------------------------------------------------------------------------------------
// Services & networking

const LOAD_BALANCER_WIDTH = 16;

function loadBalancerStatusStringer(ingress: any[] | undefined, wideOut: boolean): string {
  const result = new Set<string>();
  for (const i of ingress ?? []) {
    if (i?.ip) result.add(i.ip);
    else if (i?.hostname) result.add(i.hostname);
  }
  let r = [...result].sort(compareGoStrings).join(',');
  if (!wideOut && r.length > LOAD_BALANCER_WIDTH) r = r.slice(0, LOAD_BALANCER_WIDTH - 3) + '...';
  return r;
}

/** getServiceExternalIP (printers.go). */
export function serviceExternalIP(svc: any, wideOut: boolean): string {
  const spec = svc?.spec ?? {};
  const externalIPs: string[] = spec.externalIPs ?? [];
  switch (spec.type ?? 'ClusterIP') {
    case 'ClusterIP':
    case 'NodePort':
      return externalIPs.length > 0 ? externalIPs.join(',') : '<none>';
    case 'LoadBalancer': {
      const lbIps = loadBalancerStatusStringer(svc?.status?.loadBalancer?.ingress, wideOut);
      if (externalIPs.length > 0) {
        const results: string[] = [];
        if (lbIps.length > 0) results.push(...lbIps.split(','));
        results.push(...externalIPs);
        return results.join(',');
      }
      return lbIps.length > 0 ? lbIps : '<pending>';
    }
    case 'ExternalName':
      return spec.externalName ?? '';
  }
  return '<unknown>';
}

/** makePortString (printers.go): "80/TCP", "80:30080/TCP". */
export function makePortString(ports: any[] | undefined): string {
  return (ports ?? [])
    .map((p) => {
      const proto = p?.protocol ?? 'TCP';
      if ((p?.nodePort ?? 0) > 0) return `${p.port}:${p.nodePort}/${proto}`;
      return `${p?.port}/${proto}`;
    })
    .join(',');
}

function printService(svc: any, now: number, wideOut = true): Cell[] {
  const spec = svc?.spec ?? {};
  let internalIP = '<none>';
  if ((spec.clusterIPs ?? []).length > 0) internalIP = spec.clusterIPs[0];
  else if (spec.clusterIP) internalIP = spec.clusterIP; // clusterIPs is defaulted from clusterIP
  let ports = makePortString(spec.ports);
  if (ports.length === 0) ports = '<none>';
  return [
    nameOf(svc),
    spec.type ?? 'ClusterIP',
    internalIP,
    serviceExternalIP(svc, wideOut),
    ports,
    age(svc, now),
    formatLabels(spec.selector),
  ];
}

/** formatEndpoints (printers.go): at most 3 entries then " + N more...". */
export function formatEndpoints(endpoints: any, ports?: Set<string>): string {
  const subsets: any[] = endpoints?.subsets ?? [];
  if (subsets.length === 0) return '<none>';
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const ss of subsets) {
    const addresses: any[] = ss?.addresses ?? [];
    const ssPorts: any[] = ss?.ports ?? [];
    if (ssPorts.length === 0) {
      // It's possible to have headless services with no ports.
      count += addresses.length;
      for (const addr of addresses) {
        if (list.length === max) {
          more = true;
          break;
        }
        list.push(addr?.ip ?? '');
      }
      continue;
    }
    // "Normal" services with ports defined.
    for (const port of ssPorts) {
      if (ports === undefined || ports.has(port?.name ?? '')) {
        count += addresses.length;
        for (const addr of addresses) {
          if (list.length === max) {
            more = true;
            break;
          }
          list.push(joinHostPort(addr?.ip ?? '', port?.port ?? 0));
        }
      }
    }
  }
  return joinWithMore(list, more, count, max);
}

/** upstream: printers.go listWithMoreString */
function listWithMoreString(list: string[], more: boolean, count: number, max: number): string {
  const ret = joinWithMore(list, more, count, max);
  return ret === '' ? '<unset>' : ret;
}

function formatDiscoveryPorts(ports: any[] | undefined): string {
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const port of ports ?? []) {
    if (list.length < max) {
      let portNum = '*';
      if (port?.port != null) portNum = String(port.port);
      else if (port?.name != null) portNum = port.name;
      list.push(portNum);
    } else if (list.length === max) {
      more = true;
    }
    count++;
  }
  return listWithMoreString(list, more, count, max);
}

function formatDiscoveryEndpoints(endpoints: any[] | undefined): string {
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const ep of endpoints ?? []) {
    for (const address of ep?.addresses ?? []) {
      if (list.length < max) list.push(address);
      else if (list.length === max) more = true;
      count++;
    }
  }
  return listWithMoreString(list, more, count, max);
}

function formatHosts(rules: any[] | undefined): string {
  const list: string[] = [];
  const max = 3;
  let more = false;
  for (const rule of rules ?? []) {
    if (list.length === max) more = true;
    if (!more && rule?.host) list.push(rule.host);
  }
  if (list.length === 0) return '*';
  return joinWithMore(list, more, (rules ?? []).length, max);
}

// ---------------------------------------------------------------------------------------------
// Events

function formatEventSource(es: any, reportingController: string, reportingInstance: string): string {
  const component = es?.component || reportingController || '';
  const instance = es?.host || reportingInstance || '';
  if (instance.length === 0) return component;
  return `${component}, ${instance}`;
}

function printEvent(ev: any, now: number): Cell[] {
  let firstTimestamp = translateTimestampSince(ev?.firstTimestamp, now);
  if (parseTimestamp(ev?.firstTimestamp) === undefined) {
    firstTimestamp = translateTimestampSince(ev?.eventTime, now);
  }
  let lastTimestamp = translateTimestampSince(ev?.lastTimestamp, now);
  if (parseTimestamp(ev?.lastTimestamp) === undefined) lastTimestamp = firstTimestamp;
  let count: number = ev?.count ?? 0;
  if (ev?.series) {
    lastTimestamp = translateTimestampSince(ev.series.lastObservedTime, now);
    count = ev.series.count ?? 0;
  } else if (count === 0) {
    // Singleton events don't have a count set in the new API.
    count = 1;
  }
  const io = ev?.involvedObject ?? {};
  const kind = String(io.kind ?? '').toLowerCase();
  const target = io.name ? `${kind}/${io.name}` : kind;
  return [
    lastTimestamp,
    ev?.type ?? '',
    ev?.reason ?? '',
    target,
    io.fieldPath ?? '',
    formatEventSource(ev?.source, ev?.reportingComponent ?? ev?.reportingController ?? '', ev?.reportingInstance ?? ''),
    trimSpace(ev?.message ?? ''),
    firstTimestamp,
    count,
    nameOf(ev),
  ];
}

// ---------------------------------------------------------------------------------------------
// Workloads

function printDeployment(d: any, now: number): Cell[] {
  const [names, images] = layoutContainerCells(d?.spec?.template?.spec?.containers);
  const sel = labelSelectorString(d?.spec?.selector);
  return [
    nameOf(d),
    `${int(d?.status?.readyReplicas)}/${int(d?.spec?.replicas)}`,
    int(d?.status?.updatedReplicas),
    int(d?.status?.availableReplicas),
    age(d, now),
    names,
    images,
    sel === undefined ? '<invalid>' : sel,
  ];
}

function printReplicaSet(rs: any, now: number): Cell[] {
  const [names, images] = layoutContainerCells(rs?.spec?.template?.spec?.containers);
  return [
    nameOf(rs),
    int(rs?.spec?.replicas),
    int(rs?.status?.replicas),
    int(rs?.status?.readyReplicas),
    age(rs, now),
    names,
    images,
    formatLabelSelector(rs?.spec?.selector),
  ];
}

function printReplicationController(rc: any, now: number): Cell[] {
  const [names, images] = layoutContainerCells(rc?.spec?.template?.spec?.containers);
  return [
    nameOf(rc),
    int(rc?.spec?.replicas),
    int(rc?.status?.replicas),
    int(rc?.status?.readyReplicas),
    age(rc, now),
    names,
    images,
    formatLabels(rc?.spec?.selector),
  ];
}

function printDaemonSet(ds: any, now: number): Cell[] {
  const st = ds?.status ?? {};
  const [names, images] = layoutContainerCells(ds?.spec?.template?.spec?.containers);
  return [
    nameOf(ds),
    int(st.desiredNumberScheduled),
    int(st.currentNumberScheduled),
    int(st.numberReady),
    int(st.updatedNumberScheduled),
    int(st.numberAvailable),
    formatLabels(ds?.spec?.template?.spec?.nodeSelector),
    age(ds, now),
    names,
    images,
    formatLabelSelector(ds?.spec?.selector),
  ];
}

function printStatefulSet(ss: any, now: number): Cell[] {
  const [names, images] = layoutContainerCells(ss?.spec?.template?.spec?.containers);
  return [nameOf(ss), `${int(ss?.status?.readyReplicas)}/${int(ss?.spec?.replicas)}`, age(ss, now), names, images];
}

function hasJobCondition(conditions: any[] | undefined, type: string): boolean {
  for (const c of conditions ?? []) {
    if (c?.type === type) return c?.status === 'True';
  }
  return false;
}

function printJob(job: any, now: number): Cell[] {
  const spec = job?.spec ?? {};
  const status = job?.status ?? {};
  let completions: string;
  if (spec.completions != null) {
    completions = `${int(status.succeeded)}/${spec.completions}`;
  } else {
    const parallelism = spec.parallelism ?? 0;
    completions =
      parallelism > 1 ? `${int(status.succeeded)}/1 of ${parallelism}` : `${int(status.succeeded)}/1`;
  }
  let jobDuration = '';
  const start = parseTimestamp(status.startTime);
  const completion = parseTimestamp(status.completionTime);
  if (start !== undefined) {
    jobDuration = humanDuration((completion ?? now) - start);
  }
  let st: string;
  if (hasJobCondition(status.conditions, 'Complete')) st = 'Complete';
  else if (hasJobCondition(status.conditions, 'Failed')) st = 'Failed';
  else if (meta(job).deletionTimestamp != null) st = 'Terminating';
  else if (hasJobCondition(status.conditions, 'Suspended')) st = 'Suspended';
  else if (hasJobCondition(status.conditions, 'FailureTarget')) st = 'FailureTarget';
  else st = 'Running';
  const [names, images] = layoutContainerCells(spec.template?.spec?.containers);
  return [nameOf(job), st, completions, jobDuration, age(job, now), names, images, formatLabelSelector(spec.selector)];
}

function printBoolPtr(v: unknown): string {
  if (v === true) return 'True';
  if (v === false) return 'False';
  return '<unset>';
}

function printCronJob(cj: any, now: number): Cell[] {
  const spec = cj?.spec ?? {};
  let lastScheduleTime = '<none>';
  if (cj?.status?.lastScheduleTime != null) lastScheduleTime = translateTimestampSince(cj.status.lastScheduleTime, now);
  const [names, images] = layoutContainerCells(spec.jobTemplate?.spec?.template?.spec?.containers);
  return [
    nameOf(cj),
    spec.schedule ?? '',
    spec.timeZone ?? '<none>',
    printBoolPtr(spec.suspend),
    (cj?.status?.active ?? []).length,
    lastScheduleTime,
    age(cj, now),
    names,
    images,
    formatLabelSelector(spec.jobTemplate?.spec?.selector),
  ];
}

// ---------------------------------------------------------------------------------------------
// HPA (formatHPAMetrics)

function q(v: unknown): string {
  return canonicalQuantity(v ?? '0');
}

function formatHPAMetrics(specs: any[] | undefined, statuses: any[] | undefined): string {
  const sp = specs ?? [];
  const st = statuses ?? [];
  if (sp.length === 0) return '<none>';
  let list: string[] = [];
  const max = 2;
  let more = false;
  let count = 0;
  sp.forEach((spec, i) => {
    const s = st[i];
    switch (spec?.type) {
      case 'External': {
        const t = spec.external?.target ?? {};
        if (t.averageValue != null) {
          let current = '<unknown>';
          if (s?.external?.current?.averageValue != null) current = q(s.external.current.averageValue);
          list.push(`${current}/${q(t.averageValue)} (avg)`);
        } else {
          let current = '<unknown>';
          if (s?.external) current = q(s.external.current?.value);
          list.push(`${current}/${q(t.value)}`);
        }
        break;
      }
      case 'Pods': {
        let current = '<unknown>';
        if (s?.pods) current = q(s.pods.current?.averageValue);
        list.push(`${current}/${q(spec.pods?.target?.averageValue)}`);
        break;
      }
      case 'Object': {
        const t = spec.object?.target ?? {};
        if (t.averageValue != null) {
          let current = '<unknown>';
          if (s?.object?.current?.averageValue != null) current = q(s.object.current.averageValue);
          list.push(`${current}/${q(t.averageValue)} (avg)`);
        } else {
          let current = '<unknown>';
          if (s?.object) current = q(s.object.current?.value);
          list.push(`${current}/${q(t.value)}`);
        }
        break;
      }
      case 'Resource':
      case 'ContainerResource': {
        const key = spec.type === 'Resource' ? 'resource' : 'containerResource';
        const r = spec[key] ?? {};
        const t = r.target ?? {};
        if (t.averageValue != null) {
          let current = '<unknown>';
          if (s?.[key]) current = q(s[key].current?.averageValue);
          list.push(`${r.name}: ${current}/${q(t.averageValue)}`);
        } else {
          let current = '<unknown>';
          if (s?.[key]?.current?.averageUtilization != null) current = `${s[key].current.averageUtilization}%`;
          let target = '<auto>';
          if (t.averageUtilization != null) target = `${t.averageUtilization}%`;
          list.push(`${r.name}: ${current}/${target}`);
        }
        break;
      }
      default:
        list.push('<unknown type>');
    }
    count++;
  });
  if (count > max) {
    list = list.slice(0, max);
    more = true;
  }
  const ret = list.join(', ');
  if (more) return `${ret} + ${count - max} more...`;
  return ret;
}

// ---------------------------------------------------------------------------------------------
// RBAC

function subjectsStrings(subjects: any[] | undefined): [string[], string[], string[]] {
  const users: string[] = [];
  const groups: string[] = [];
  const sas: string[] = [];
  for (const s of subjects ?? []) {
    switch (s?.kind) {
      case 'ServiceAccount':
        sas.push(`${s.namespace ?? ''}/${s.name}`);
        break;
      case 'User':
        users.push(s.name);
        break;
      case 'Group':
        groups.push(s.name);
        break;
    }
  }
  return [users, groups, sas];
}

function printRoleBinding(rb: any, now: number): Cell[] {
  const [users, groups, sas] = subjectsStrings(rb?.subjects);
  return [
    nameOf(rb),
    `${rb?.roleRef?.kind ?? ''}/${rb?.roleRef?.name ?? ''}`,
    age(rb, now),
    users.join(', '),
    groups.join(', '),
    sas.join(', '),
  ];
}

// ---------------------------------------------------------------------------------------------
// Resource quota

/** SortableResourceNames order is plain string order. */
function printResourceQuota(rq: any, now: number): Cell[] {
  const hard: Record<string, unknown> = rq?.status?.hard ?? {};
  const used: Record<string, unknown> = rq?.status?.used ?? {};
  const requests: string[] = [];
  const limits: string[] = [];
  for (const r of sortedKeys(hard)) {
    const pieces = r.split('.');
    const text = `${r}: ${listQuantity(used, r).toString()}/${listQuantity(hard, r).toString()}`;
    if (pieces.length > 1 && pieces[0] === 'limits') limits.push(text);
    else requests.push(text);
  }
  return [nameOf(rq), requests.join(', '), limits.join(', '), age(rq, now)];
}

// ---------------------------------------------------------------------------------------------
// Registry

function def(
  resource: string,
  singular: string,
  shortNames: string[],
  kind: string,
  group: string,
  namespaced: boolean,
  columns: ColumnDefinition[],
  row: (obj: any, now: number) => Cell[],
): ResourceDefinition {
  return { resource, singular, shortNames, kind, group, namespaced, columns, row };
}

const CONTAINERS_IMAGES_SELECTOR = [wide('Containers'), wide('Images'), wide('Selector')];

export const RESOURCE_DEFINITIONS: ResourceDefinition[] = [
  def(
    'pods',
    'pod',
    ['po'],
    'Pod',
    '',
    true,
    [NAME, col('Ready'), col('Status'), col('Restarts'), AGE, wide('IP'), wide('Node'), wide('Nominated Node'), wide('Readiness Gates')],
    printPod,
  ),
  def(
    'nodes',
    'node',
    ['no'],
    'Node',
    '',
    false,
    [
      NAME,
      col('Status'),
      col('Roles'),
      AGE,
      col('Version'),
      wide('Internal-IP'),
      wide('External-IP'),
      wide('OS-Image'),
      wide('Kernel-Version'),
      wide('Container-Runtime'),
    ],
    printNode,
  ),
  def('namespaces', 'namespace', ['ns'], 'Namespace', '', false, [NAME, col('Status'), AGE], (o, now) => [
    nameOf(o),
    o?.status?.phase ?? '',
    age(o, now),
  ]),
  def(
    'deployments',
    'deployment',
    ['deploy'],
    'Deployment',
    'apps',
    true,
    [NAME, col('Ready'), col('Up-to-date'), col('Available'), AGE, ...CONTAINERS_IMAGES_SELECTOR],
    printDeployment,
  ),
  def(
    'replicasets',
    'replicaset',
    ['rs'],
    'ReplicaSet',
    'apps',
    true,
    [NAME, col('Desired'), col('Current'), col('Ready'), AGE, ...CONTAINERS_IMAGES_SELECTOR],
    printReplicaSet,
  ),
  def(
    'replicationcontrollers',
    'replicationcontroller',
    ['rc'],
    'ReplicationController',
    '',
    true,
    [NAME, col('Desired'), col('Current'), col('Ready'), AGE, ...CONTAINERS_IMAGES_SELECTOR],
    printReplicationController,
  ),
  def(
    'daemonsets',
    'daemonset',
    ['ds'],
    'DaemonSet',
    'apps',
    true,
    [
      NAME,
      col('Desired'),
      col('Current'),
      col('Ready'),
      col('Up-to-date'),
      col('Available'),
      col('Node Selector'),
      AGE,
      ...CONTAINERS_IMAGES_SELECTOR,
    ],
    printDaemonSet,
  ),
  def(
    'statefulsets',
    'statefulset',
    ['sts'],
    'StatefulSet',
    'apps',
    true,
    [NAME, col('Ready'), AGE, wide('Containers'), wide('Images')],
    printStatefulSet,
  ),
  def(
    'jobs',
    'job',
    [],
    'Job',
    'batch',
    true,
    [NAME, col('Status'), col('Completions'), col('Duration'), AGE, ...CONTAINERS_IMAGES_SELECTOR],
    printJob,
  ),
  def(
    'cronjobs',
    'cronjob',
    ['cj'],
    'CronJob',
    'batch',
    true,
    [
      NAME,
      col('Schedule'),
      col('Timezone'),
      col('Suspend'),
      col('Active'),
      col('Last Schedule'),
      AGE,
      ...CONTAINERS_IMAGES_SELECTOR,
    ],
    printCronJob,
  ),
  def(
    'services',
    'service',
    ['svc'],
    'Service',
    '',
    true,
    [NAME, col('Type'), col('Cluster-IP'), col('External-IP'), col('Port(s)'), AGE, wide('Selector')],
    (o, now) => printService(o, now, true),
  ),
  def('endpoints', 'endpoints', ['ep'], 'Endpoints', '', true, [NAME, col('Endpoints'), AGE], (o, now) => [
    nameOf(o),
    formatEndpoints(o),
    age(o, now),
  ]),
  def(
    'endpointslices',
    'endpointslice',
    [],
    'EndpointSlice',
    'discovery.k8s.io',
    true,
    [NAME, col('AddressType'), col('Ports'), col('Endpoints'), AGE],
    (o, now) => [nameOf(o), o?.addressType ?? '', formatDiscoveryPorts(o?.ports), formatDiscoveryEndpoints(o?.endpoints), age(o, now)],
  ),
  def(
    'ingresses',
    'ingress',
    ['ing'],
    'Ingress',
    'networking.k8s.io',
    true,
    [NAME, col('Class'), col('Hosts'), col('Address'), col('Ports'), AGE],
    (o, now) => [
      nameOf(o),
      o?.spec?.ingressClassName ?? '<none>',
      formatHosts(o?.spec?.rules),
      loadBalancerStatusStringer(o?.status?.loadBalancer?.ingress, true),
      (o?.spec?.tls ?? []).length !== 0 ? '80, 443' : '80',
      age(o, now),
    ],
  ),
  def(
    'ingressclasses',
    'ingressclass',
    [],
    'IngressClass',
    'networking.k8s.io',
    false,
    [NAME, col('Controller'), col('Parameters'), AGE],
    (o, now) => {
      let parameters = '<none>';
      const p = o?.spec?.parameters;
      if (p) {
        parameters = p.kind ?? '';
        if (p.apiGroup != null) parameters = `${parameters}.${p.apiGroup}`;
        parameters = `${parameters}/${p.name ?? ''}`;
      }
      return [nameOf(o), o?.spec?.controller ?? '', parameters, age(o, now)];
    },
  ),
  def(
    'networkpolicies',
    'networkpolicy',
    ['netpol'],
    'NetworkPolicy',
    'networking.k8s.io',
    true,
    [NAME, col('Pod-Selector'), AGE],
    (o, now) => [nameOf(o), formatLabelSelector(o?.spec?.podSelector ?? {}), age(o, now)],
  ),
  def(
    'events',
    'event',
    ['ev'],
    'Event',
    '',
    true,
    [
      col('Last Seen'),
      col('Type'),
      col('Reason'),
      col('Object'),
      wide('Subobject'),
      wide('Source'),
      col('Message'),
      wide('First Seen'),
      wide('Count'),
      { name: 'Name', priority: 1, format: 'name' },
    ],
    printEvent,
  ),
  def(
    'leases',
    'lease',
    [],
    'Lease',
    'coordination.k8s.io',
    true,
    [NAME, col('Holder'), AGE],
    (o, now) => [nameOf(o), o?.spec?.holderIdentity ?? '', age(o, now)],
  ),
  def('configmaps', 'configmap', ['cm'], 'ConfigMap', '', true, [NAME, col('Data'), AGE], (o, now) => [
    nameOf(o),
    Object.keys(o?.data ?? {}).length + Object.keys(o?.binaryData ?? {}).length,
    age(o, now),
  ]),
  def('secrets', 'secret', [], 'Secret', '', true, [NAME, col('Type'), col('Data'), AGE], (o, now) => [
    nameOf(o),
    o?.type ?? '',
    Object.keys(o?.data ?? {}).length,
    age(o, now),
  ]),
  def('serviceaccounts', 'serviceaccount', ['sa'], 'ServiceAccount', '', true, [NAME, col('Secrets'), AGE], (o, now) => [
    nameOf(o),
    (o?.secrets ?? []).length,
    age(o, now),
  ]),
  def(
    'persistentvolumes',
    'persistentvolume',
    ['pv'],
    'PersistentVolume',
    '',
    false,
    [
      NAME,
      col('Capacity'),
      col('Access Modes'),
      col('Reclaim Policy'),
      col('Status'),
      col('Claim'),
      col('StorageClass'),
      col('VolumeAttributesClass'),
      col('Reason'),
      AGE,
      wide('VolumeMode'),
    ],
    (pv, now) => {
      let claimRefUID = '';
      if (pv?.spec?.claimRef) claimRefUID = `${pv.spec.claimRef.namespace ?? ''}/${pv.spec.claimRef.name ?? ''}`;
      let phase = pv?.status?.phase ?? '';
      if (meta(pv).deletionTimestamp != null) phase = 'Terminating';
      return [
        nameOf(pv),
        listQuantity(pv?.spec?.capacity, 'storage').toString(),
        accessModesAsString(pv?.spec?.accessModes),
        pv?.spec?.persistentVolumeReclaimPolicy ?? '',
        phase,
        claimRefUID,
        persistentVolumeClass(pv),
        pv?.spec?.volumeAttributesClassName ?? '<unset>',
        pv?.status?.reason ?? '',
        age(pv, now),
        pv?.spec?.volumeMode ?? '<unset>',
      ];
    },
  ),
  def(
    'persistentvolumeclaims',
    'persistentvolumeclaim',
    ['pvc'],
    'PersistentVolumeClaim',
    '',
    true,
    [
      NAME,
      col('Status'),
      col('Volume'),
      col('Capacity'),
      col('Access Modes'),
      col('StorageClass'),
      col('VolumeAttributesClass'),
      AGE,
      wide('VolumeMode'),
    ],
    (pvc, now) => {
      let phase = pvc?.status?.phase ?? '';
      if (meta(pvc).deletionTimestamp != null) phase = 'Terminating';
      let capacity = '';
      let accessModes = '';
      if (pvc?.spec?.volumeName) {
        accessModes = accessModesAsString(pvc?.status?.accessModes);
        capacity = listQuantity(pvc?.status?.capacity, 'storage').toString();
      }
      return [
        nameOf(pvc),
        phase,
        pvc?.spec?.volumeName ?? '',
        capacity,
        accessModes,
        persistentVolumeClaimClass(pvc),
        pvc?.spec?.volumeAttributesClassName ?? '<unset>',
        age(pvc, now),
        pvc?.spec?.volumeMode ?? '<unset>',
      ];
    },
  ),
  def(
    'storageclasses',
    'storageclass',
    ['sc'],
    'StorageClass',
    'storage.k8s.io',
    false,
    [NAME, col('Provisioner'), col('ReclaimPolicy'), col('VolumeBindingMode'), col('AllowVolumeExpansion'), AGE],
    (sc, now) => [
      isDefaultStorageClass(sc) ? `${nameOf(sc)} (default)` : nameOf(sc),
      sc?.provisioner ?? '',
      sc?.reclaimPolicy ?? 'Delete',
      sc?.volumeBindingMode ?? 'Immediate',
      sc?.allowVolumeExpansion ?? false,
      age(sc, now),
    ],
  ),
  def(
    'priorityclasses',
    'priorityclass',
    ['pc'],
    'PriorityClass',
    'scheduling.k8s.io',
    false,
    [NAME, col('Value'), col('Global-Default'), AGE, wide('PreemptionPolicy')],
    (pc, now) => [nameOf(pc), int(pc?.value), pc?.globalDefault ?? false, age(pc, now), pc?.preemptionPolicy ?? ''],
  ),
  def(
    'runtimeclasses',
    'runtimeclass',
    [],
    'RuntimeClass',
    'node.k8s.io',
    false,
    [NAME, col('Handler'), AGE],
    (o, now) => [nameOf(o), o?.handler ?? '', age(o, now)],
  ),
  def(
    'poddisruptionbudgets',
    'poddisruptionbudget',
    ['pdb'],
    'PodDisruptionBudget',
    'policy',
    true,
    [NAME, col('Min Available'), col('Max Unavailable'), col('Allowed Disruptions'), AGE],
    (o, now) => [
      nameOf(o),
      o?.spec?.minAvailable != null ? intOrString(o.spec.minAvailable) : 'N/A',
      o?.spec?.maxUnavailable != null ? intOrString(o.spec.maxUnavailable) : 'N/A',
      int(o?.status?.disruptionsAllowed),
      age(o, now),
    ],
  ),
  def(
    'horizontalpodautoscalers',
    'horizontalpodautoscaler',
    ['hpa'],
    'HorizontalPodAutoscaler',
    'autoscaling',
    true,
    [NAME, col('Reference'), col('Targets'), col('MinPods'), col('MaxPods'), col('Replicas'), AGE],
    (o, now) => [
      nameOf(o),
      `${o?.spec?.scaleTargetRef?.kind ?? ''}/${o?.spec?.scaleTargetRef?.name ?? ''}`,
      formatHPAMetrics(o?.spec?.metrics, o?.status?.currentMetrics),
      o?.spec?.minReplicas != null ? String(o.spec.minReplicas) : '<unset>',
      int(o?.spec?.maxReplicas),
      int(o?.status?.currentReplicas),
      age(o, now),
    ],
  ),
  def(
    'rolebindings',
    'rolebinding',
    [],
    'RoleBinding',
    'rbac.authorization.k8s.io',
    true,
    [NAME, col('Role'), AGE, wide('Users'), wide('Groups'), wide('ServiceAccounts')],
    printRoleBinding,
  ),
  def(
    'clusterrolebindings',
    'clusterrolebinding',
    [],
    'ClusterRoleBinding',
    'rbac.authorization.k8s.io',
    false,
    [NAME, col('Role'), AGE, wide('Users'), wide('Groups'), wide('ServiceAccounts')],
    printRoleBinding,
  ),
  def(
    'resourcequotas',
    'resourcequota',
    ['quota'],
    'ResourceQuota',
    '',
    true,
    [NAME, col('Request'), col('Limit'), AGE],
    printResourceQuota,
  ),
  def(
    'controllerrevisions',
    'controllerrevision',
    [],
    'ControllerRevision',
    'apps',
    true,
    [NAME, col('Controller'), col('Revision'), AGE],
    (o, now) => {
      const ref = controllerOf(o);
      let controllerName = '<none>';
      if (ref) {
        const group = String(ref.apiVersion ?? '').includes('/') ? String(ref.apiVersion).split('/')[0] : '';
        controllerName = `${String(ref.kind ?? '').toLowerCase()}${group ? '.' + group : ''}/${ref.name}`;
      }
      return [nameOf(o), controllerName, int(o?.revision), age(o, now)];
    },
  ),
  def(
    'mutatingwebhookconfigurations',
    'mutatingwebhookconfiguration',
    [],
    'MutatingWebhookConfiguration',
    'admissionregistration.k8s.io',
    false,
    [NAME, col('Webhooks'), AGE],
    (o, now) => [nameOf(o), (o?.webhooks ?? []).length, age(o, now)],
  ),
  def(
    'validatingwebhookconfigurations',
    'validatingwebhookconfiguration',
    [],
    'ValidatingWebhookConfiguration',
    'admissionregistration.k8s.io',
    false,
    [NAME, col('Webhooks'), AGE],
    (o, now) => [nameOf(o), (o?.webhooks ?? []).length, age(o, now)],
  ),
  def('csinodes', 'csinode', [], 'CSINode', 'storage.k8s.io', false, [NAME, col('Drivers'), AGE], (o, now) => [
    nameOf(o),
    (o?.spec?.drivers ?? []).length,
    age(o, now),
  ]),
];

/**
 * Resources without a printer in printers.go use the API server's default table convertor
 * (staging/src/k8s.io/apiserver/pkg/registry/rest/table.go): NAME and CREATED AT (RFC3339).
 */
const DEFAULT_COLUMNS: ColumnDefinition[] = [NAME, col('Created At')];
function defaultRow(obj: any): Cell[] {
  const t = parseTimestamp(meta(obj).creationTimestamp);
  return [nameOf(obj), t === undefined ? '0001-01-01T00:00:00Z' : formatRFC3339(t)];
}

/** Known cluster-scoped kinds without a printer (for namespace-column decisions). */
const CLUSTER_SCOPED_DEFAULTS: Record<string, [string, string]> = {
  clusterroles: ['ClusterRole', 'rbac.authorization.k8s.io'],
  customresourcedefinitions: ['CustomResourceDefinition', 'apiextensions.k8s.io'],
  apiservices: ['APIService', 'apiregistration.k8s.io'],
};
const NAMESPACED_DEFAULTS: Record<string, [string, string]> = {
  roles: ['Role', 'rbac.authorization.k8s.io'],
  limitranges: ['LimitRange', ''],
  podtemplates: ['PodTemplate', ''],
};

/** Finds the definition for a plural, singular or short resource name, or a Kind. */
export function lookupResource(resource: string): ResourceDefinition {
  const r = resource.toLowerCase();
  const base = r.split('.')[0]!;
  for (const d of RESOURCE_DEFINITIONS) {
    if (
      d.resource === base ||
      d.singular === base ||
      d.shortNames.includes(base) ||
      d.kind.toLowerCase() === base
    ) {
      return d;
    }
  }
  const plural = base.endsWith('s') ? base : `${base}s`;
  const known = CLUSTER_SCOPED_DEFAULTS[plural] ?? NAMESPACED_DEFAULTS[plural];
  const namespaced = CLUSTER_SCOPED_DEFAULTS[plural] === undefined;
  return {
    resource: plural,
    singular: base,
    shortNames: [],
    kind: known?.[0] ?? base,
    group: known?.[1] ?? '',
    namespaced,
    columns: DEFAULT_COLUMNS,
    row: defaultRow,
  };
}

/** GroupKind.String() lowercased, as --show-kind and -o name print it: "deployment.apps". */
export function groupKindLabel(d: Pick<ResourceDefinition, 'kind' | 'group'>): string {
  return (d.group ? `${d.kind}.${d.group}` : d.kind).toLowerCase();
}

/** Raw rows (all columns, wide) for a resource; exposed for tests and other printers. */
export function tableRows(resource: string, objects: any[], now: number): Cell[][] {
  const d = lookupResource(resource);
  return objects.map((o) => d.row(o, now));
}

// ---------------------------------------------------------------------------------------------
// Layout

function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') {
    // Truncate at the first newline, carriage return or formfeed (treated as a newline by tabwriter).
    const idx = cell.search(/[\f\n\r]/);
    if (idx >= 0) return escapeTerminal(cell.slice(0, idx)) + '...';
    return escapeTerminal(cell);
  }
  return escapeTerminal(String(cell));
}

/** Writes one resource table into a tab writer (HumanReadablePrinter.PrintObj + decorateTable). */
function writeTable(out: { write(s: string): void }, d: ResourceDefinition, objects: any[], opts: TableOptions): void {
  // avoid printing headers if we have no rows to display
  if (objects.length === 0) return;
  const withNamespace = !!opts.withNamespace && d.namespaced;
  const visible: number[] = [];
  d.columns.forEach((c, i) => {
    if (opts.wide || !c.priority) visible.push(i);
  });
  const labelColumns = opts.labelColumns ?? [];
  let nameColumn = -1;
  if (opts.showKind) nameColumn = d.columns.findIndex((c) => c.format === 'name');
  const kindPrefix = groupKindLabel(d);

  if (!opts.noHeaders) {
    const headers: string[] = [];
    if (withNamespace) headers.push('NAMESPACE');
    for (const i of visible) headers.push(d.columns[i]!.name.toUpperCase());
    for (const l of labelColumns) {
      const p = l.split('/');
      headers.push(p[p.length - 1]!.toUpperCase());
    }
    if (opts.showLabels) headers.push('LABELS');
    out.write(headers.join('\t') + '\n');
  }
  for (const obj of objects) {
    const cells = d.row(obj, opts.now);
    if (nameColumn >= 0) cells[nameColumn] = `${kindPrefix}/${cells[nameColumn] ?? ''}`;
    const texts: string[] = [];
    if (withNamespace) texts.push(cellText(meta(obj).namespace ?? ''));
    for (const i of visible) texts.push(cellText(cells[i]));
    const labels: Record<string, string> = meta(obj).labels ?? {};
    for (const l of labelColumns) texts.push(labels[l] ?? '');
    if (opts.showLabels) texts.push(formatLabels(labels));
    out.write(texts.join('\t') + '\n');
  }
}

/**
 * `kubectl get <resource>` output for one resource type. Returns "" when there are no objects
 * (kubectl then prints printNoResources() to stderr).
 */
export function printTable(resource: string, objects: any[], opts: TableOptions): string {
  const w = newKubectlTabWriter();
  writeTable(w, lookupResource(resource), objects, opts);
  return w.takeOutput();
}

export interface ResourceGroup {
  resource: string;
  objects: any[];
}

/**
 * Several resource types in one command (`kubectl get all`, `kubectl get pods,svc`): each type
 * gets its own table (names prefixed with kind/), separated by a blank line; types with no
 * objects print nothing. Source: get.go (printWithKind := multipleGVKsRequested, the
 * separatorWriterWrapper and w.Flush()/SetRememberedWidths(nil) between mappings).
 */
export function printTables(groups: ResourceGroup[], opts: TableOptions): string {
  const showKind = opts.showKind ?? groups.length > 1;
  const w: TabWriter = newKubectlTabWriter();
  let output = '';
  let lastGroup = false;
  for (const g of groups) {
    output += w.takeOutput();
    const separatorReady = lastGroup && !opts.noHeaders && output.length > 0;
    const sink = { text: '', write(s: string) { this.text += s; } };
    writeTable(sink, lookupResource(g.resource), g.objects, { ...opts, showKind });
    if (sink.text.length > 0) {
      if (separatorReady) output += '\n';
      w.write(sink.text);
    }
    lastGroup = true;
  }
  output += w.takeOutput();
  return output;
}

/**
 * The resources `kubectl get all` lists, in discovery order (the "all" category):
 * core first, then apps, autoscaling and batch.
 */
export const ALL_CATEGORY_RESOURCES = [
  'pods',
  'replicationcontrollers',
  'services',
  'daemonsets',
  'deployments',
  'replicasets',
  'statefulsets',
  'horizontalpodautoscalers',
  'cronjobs',
  'jobs',
];

/**
 * The stderr message when nothing was printed (get.go):
 * "No resources found in <ns> namespace." for namespaced requests, else "No resources found".
 */
export function printNoResources(namespace?: string): string {
  if (namespace) return `No resources found in ${namespace} namespace.\n`;
  return 'No resources found\n';
}

/** Column headers (uppercased, filtered for -o wide) — handy for UIs. */
export function tableHeaders(resource: string, opts: Pick<TableOptions, 'wide' | 'withNamespace'> = {}): string[] {
  const d = lookupResource(resource);
  const h = d.columns.filter((c) => opts.wide || !c.priority).map((c) => c.name.toUpperCase());
  return opts.withNamespace && d.namespaced ? ['NAMESPACE', ...h] : h;
}

export { parseQuantity };
