/**
 * Pure helpers of the DaemonSet controller: the pod a DaemonSet runs on a node, whether a node
 * should run it, which node a daemon pod targets, and which of a node's pods is up to date.
 * upstream: pkg/controller/daemon/util/daemonset_util.go (CreatePodTemplate,
 * AddOrUpdateDaemonPodTolerations, ReplaceDaemonSetPodNodeNameNodeAffinity, GetTargetNodeName,
 * IsPodUpdated), pkg/controller/daemon/daemon_controller.go (NewPod, predicates,
 * NodeShouldRunDaemonPod, podByCreationTimestampAndPhase).
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import type { KObject } from '../../apiserver/store';
import { parseTimestamp } from '../../kernel/clock';
import { requiredNodeAffinityMatches } from '../../scheduler/plugins/nodeaffinity/node-affinity';
import { toleratesTaint } from '../tainteviction/tolerations';
import { computeHash } from '../deployment/util';
import { cloneJSON } from '../../api/canonical';

/** upstream: apps.DefaultDaemonSetUniqueLabelKey (ControllerRevisionHashLabelKey). */
export const CONTROLLER_REVISION_HASH = 'controller-revision-hash';
/** upstream: extensions.DaemonSetTemplateGenerationKey. */
export const POD_TEMPLATE_GENERATION = 'pod-template-generation';

/**
 * upstream: AddOrUpdateDaemonPodTolerations: daemon pods survive node problems and run on
 * cordoned nodes; network-unavailable only matters to pods on the pod network.
 */
export function defaultDaemonPodTolerations(hostNetwork: boolean): KObject[] {
  const t = (key: string, effect: string) => ({ key: `node.kubernetes.io/${key}`, operator: 'Exists', effect });
  const out = [
    t('not-ready', 'NoExecute'),
    t('unreachable', 'NoExecute'),
    t('disk-pressure', 'NoSchedule'),
    t('memory-pressure', 'NoSchedule'),
    t('pid-pressure', 'NoSchedule'),
    t('unschedulable', 'NoSchedule')
  ];
  if (hostNetwork) out.push(t('network-unavailable', 'NoSchedule'));
  return out;
}

/** upstream: v1helper.AddOrUpdateTolerationInPodSpec: replaces the toleration that matches (key, operator, value, effect) or appends. */
export function addOrUpdateToleration(tolerations: KObject[], toleration: KObject): KObject[] {
  const same = (a: KObject, b: KObject) => (a.key ?? '') === (b.key ?? '') && (a.operator ?? 'Equal') === (b.operator ?? 'Equal') && (a.value ?? '') === (b.value ?? '') && (a.effect ?? '') === (b.effect ?? '');
  const i = tolerations.findIndex((t) => same(t, toleration));
  if (i < 0) return [...tolerations, toleration];
  const out = [...tolerations];
  out[i] = toleration;
  return out;
}

export function addOrUpdateDaemonPodTolerations(spec: KObject): void {
  let tolerations: KObject[] = spec.tolerations ?? [];
  for (const t of defaultDaemonPodTolerations(spec.hostNetwork === true)) tolerations = addOrUpdateToleration(tolerations, t);
  spec.tolerations = tolerations;
}

/**
 * upstream: ReplaceDaemonSetPodNodeNameNodeAffinity: the required node affinity becomes the single
 * term `metadata.name In [node]` (the controller has already checked the template's own terms).
 */
export function replaceDaemonSetPodNodeNameNodeAffinity(affinity: KObject | undefined, nodeName: string): KObject {
  const term = { matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeName] }] };
  const out: KObject = cloneJSON(affinity ?? {});
  out.nodeAffinity ??= {};
  out.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = { nodeSelectorTerms: [term] };
  return out;
}

/** upstream: GetTargetNodeName: spec.nodeName, or the node a daemon pod's affinity names. */
export function getTargetNodeName(pod: KObject): string | undefined {
  if (pod.spec?.nodeName) return pod.spec.nodeName;
  const terms: KObject[] = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  for (const term of terms) {
    for (const f of term.matchFields ?? []) if (f.key === 'metadata.name' && f.operator === 'In' && f.values?.length === 1) return f.values[0];
  }
  return undefined;
}

/**
 * The hash snapshot names a new ControllerRevision with (upstream: controller.ComputeHash of the
 * template and status.collisionCount); pods carry their revision's hash label.
 */
export function daemonSetHash(ds: KObject): string {
  return computeHash(ds.spec?.template ?? {}, ds.status?.collisionCount);
}

/** upstream: apps.DeprecatedTemplateGeneration. */
export const DEPRECATED_TEMPLATE_GENERATION = 'deprecated.daemonset.template.generation';

/** upstream: util.GetTemplateGeneration: the API server's count of template changes, undefined without the annotation. */
export function templateGeneration(ds: KObject): number | undefined {
  const v = ds.metadata?.annotations?.[DEPRECATED_TEMPLATE_GENERATION];
  if (v === undefined) return undefined;
  const n = Number(v);
  return Number.isInteger(n) ? n : undefined;
}

/** upstream: CreatePodTemplate: the template with the daemon tolerations and the revision labels. */
export function createPodTemplate(ds: KObject, hash: string): KObject {
  const template: KObject = cloneJSON(ds.spec?.template ?? {});
  template.metadata ??= {};
  template.spec ??= {};
  addOrUpdateDaemonPodTolerations(template.spec);
  const generation = templateGeneration(ds);
  template.metadata.labels = { ...(template.metadata.labels ?? {}), ...(generation !== undefined ? { [POD_TEMPLATE_GENERATION]: String(generation) } : {}), [CONTROLLER_REVISION_HASH]: hash };
  return template;
}

/** upstream: IsPodUpdated: the pod carries the current hash (or the current template generation). */
export function isPodUpdated(pod: KObject, hash: string, generation: number | undefined): boolean {
  const labels = pod.metadata.labels ?? {};
  return (generation !== undefined && labels[POD_TEMPLATE_GENERATION] === String(generation)) || (hash !== '' && labels[CONTROLLER_REVISION_HASH] === hash);
}

export interface NodeDecision {
  /** A daemon pod should be created here if there is none. */
  shouldRun: boolean;
  /** An existing daemon pod may stay (only NoExecute taints it does not tolerate evict it). */
  shouldContinueRunning: boolean;
}

function untolerated(taints: KObject[], tolerations: KObject[], effects: string[]): boolean {
  return taints.some((taint) => effects.includes(taint.effect) && !tolerations.some((tol) => toleratesTaint(tol, taint)));
}

/**
 * The DaemonSet's pod spec as NodeShouldRunDaemonPod's NewPod makes it, minus the node name: the
 * template plus the daemon tolerations. Made once per DaemonSet object (objects from the API server
 * never change), not once per node: a sync asks this for every node of the cluster.
 */
const daemonPodSpecs = new WeakMap<KObject, KObject>();
function daemonPodSpec(ds: KObject): KObject {
  let spec = daemonPodSpecs.get(ds);
  if (!spec) {
    spec = cloneJSON(ds.spec?.template?.spec ?? {}) as KObject;
    addOrUpdateDaemonPodTolerations(spec);
    daemonPodSpecs.set(ds, spec);
  }
  return spec;
}

/** upstream: NodeShouldRunDaemonPod (NewPod + predicates: node name, node affinity/selector, taints). */
export function nodeShouldRunDaemonPod(node: KObject, ds: KObject): NodeDecision {
  const template = daemonPodSpec(ds);
  const templateNodeName: string | undefined = template.nodeName;
  if (templateNodeName && templateNodeName !== node.metadata.name) return { shouldRun: false, shouldContinueRunning: false };
  const spec: KObject = { ...template, nodeName: node.metadata.name };
  if (!requiredNodeAffinityMatches({ spec } as Pod, node as Node)) return { shouldRun: false, shouldContinueRunning: false };
  const taints: KObject[] = node.spec?.taints ?? [];
  if (untolerated(taints, spec.tolerations, ['NoSchedule', 'NoExecute'])) {
    return { shouldRun: false, shouldContinueRunning: !untolerated(taints, spec.tolerations, ['NoExecute']) };
  }
  return { shouldRun: true, shouldContinueRunning: true };
}

/** upstream: podByCreationTimestampAndPhase: scheduled (bound) pods first, then oldest first, then by name. */
export function sortPodsByCreationTimestampAndPhase(pods: KObject[]): KObject[] {
  return pods.sort((a, b) => {
    const ra = !!a.spec?.nodeName;
    const rb = !!b.spec?.nodeName;
    if (ra !== rb) return ra ? -1 : 1;
    const ta = parseTimestamp(a.metadata.creationTimestamp) ?? 0;
    const tb = parseTimestamp(b.metadata.creationTimestamp) ?? 0;
    if (ta !== tb) return ta - tb;
    return a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0;
  });
}
