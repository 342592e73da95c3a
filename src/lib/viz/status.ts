/**
 * What the map shows for a pod or a node: the STATUS word kubectl prints, and the visual class
 * (colour + glyph) the design brief gives that word.
 *
 * The STATUS word is kubectl's printPod (src/sim/kubectl/printers/podstatus.ts).
 */
import type { KObject } from '../bridge/deltas';
import { podStatusReason } from '../../sim/kubectl/printers/podstatus';
import { nodeStatus } from '../../sim/kubectl/printers/nodestatus';

export type PodTone =
  | 'pending'
  | 'creating'
  | 'running'
  | 'notready'
  | 'error'
  | 'oom'
  | 'evicted'
  | 'succeeded'
  | 'unknown';

export interface PodView {
  /** The STATUS column of `kubectl get pods`. */
  reason: string;
  tone: PodTone;
  /** Short text cue drawn on the pod, so colour is never the only signal. */
  glyph: string;
  terminating: boolean;
  ready: number;
  total: number;
  /** One entry per container: is it ready, its state, its RESTARTS. */
  containers: { name: string; ready: boolean; state: 'running' | 'waiting' | 'terminated' | 'none'; restarts: number }[];
  restarts: number;
  /** Ephemeral containers running now (kubectl debug): not counted in ready/total, as kubectl does not. */
  debugging: string[];
}

/** kubectl's STATUS column for a pod: the printers' own function, so the map and `kubectl get pods` never disagree. */
export { podStatusReason };

const ERROR_REASONS = /^(Init:)?(CrashLoopBackOff|Error|ErrImagePull|ImagePullBackOff|ImageInspectError|ErrImageNeverPull|InvalidImageName|CreateContainerConfigError|CreateContainerError|ContainerStatusUnknown|ExitCode:.*|Signal:.*|Failed|OutOf.*)$/;

/** The full picture of a pod for the map: STATUS word, tone, glyph, containers, restarts. */
export function podView(pod: KObject): PodView {
  const terminating = Boolean(pod.metadata?.deletionTimestamp);
  const statuses: any[] = pod.status?.containerStatuses ?? [];
  const specs: any[] = pod.spec?.containers ?? [];
  const containers = specs.map((spec) => {
    const s = statuses.find((c) => c.name === spec.name);
    const state = s?.state?.running ? 'running' : s?.state?.terminated ? 'terminated' : s?.state?.waiting ? 'waiting' : 'none';
    return { name: spec.name as string, ready: Boolean(s?.ready), state, restarts: s?.restartCount ?? 0 } as PodView['containers'][number];
  });
  const ready = containers.filter((c) => c.ready).length;
  const restarts = statuses.reduce((n, c) => n + (c.restartCount ?? 0), 0);
  // While terminating, keep the colour of the state the pod is leaving (the brief: "fading").
  const reason = podStatusReason(pod);
  const underlying = terminating ? podStatusReason({ ...pod, metadata: { ...pod.metadata, deletionTimestamp: undefined } }) : reason;
  const { tone, glyph } = toneOf(underlying, pod, ready, containers.length);
  const debugging = ((pod.status?.ephemeralContainerStatuses ?? []) as any[]).filter((s) => s.state?.running).map((s) => s.name as string);
  return { reason, tone, glyph, terminating, ready, total: containers.length, containers, restarts, debugging };
}

function toneOf(reason: string, pod: KObject, ready: number, total: number): { tone: PodTone; glyph: string } {
  // kubectl prints the container's termination reason (Completed, Error) over the pod's `Evicted`,
  // as upstream's printPod does; the map keeps the eviction visible.
  if (reason === 'Evicted' || (pod.status?.reason === 'Evicted' && pod.status?.phase === 'Failed')) return { tone: 'evicted', glyph: 'E' };
  if (reason === 'OOMKilled' || reason === 'Init:OOMKilled') return { tone: 'oom', glyph: 'OOM' };
  if (ERROR_REASONS.test(reason)) return { tone: 'error', glyph: '!' };
  if (reason === 'Completed' || reason === 'Succeeded') return { tone: 'succeeded', glyph: '✓' };
  if (reason === 'Unknown') return { tone: 'unknown', glyph: '?' };
  if (reason === 'Running') return ready === total && total > 0 ? { tone: 'running', glyph: '' } : { tone: 'notready', glyph: '' };
  if (reason === 'NotReady') return { tone: 'notready', glyph: '' };
  if (reason === 'Pending' && !pod.spec?.nodeName) return { tone: 'pending', glyph: '' };
  // ContainerCreating, PodInitializing, Init:0/1, Pending on a node: something is being set up.
  return { tone: 'creating', glyph: '…' };
}

export type NodeTone = 'ready' | 'notready' | 'unknown';

export interface NodeView {
  /** The STATUS column of `kubectl get nodes`. */
  status: string;
  tone: NodeTone;
}

/** `kubectl get nodes` STATUS: Ready / NotReady / Unknown, plus `,SchedulingDisabled` if cordoned. */
export function nodeView(node: KObject): NodeView {
  // Once per node object (objects are immutable snapshots): the map asks for every node at each delta.
  let view = nodeViews.get(node);
  if (!view) nodeViews.set(node, (view = computeNodeView(node)));
  return view;
}
const nodeViews = new WeakMap<KObject, NodeView>();

function computeNodeView(node: KObject): NodeView {
  const ready = (node.status?.conditions ?? []).find((c: any) => c.type === 'Ready');
  const tone: NodeTone = ready?.status === 'True' ? 'ready' : ready?.status === 'False' ? 'notready' : 'unknown';
  // The words of `kubectl get nodes` (Ready=Unknown prints NotReady); the tone keeps the difference.
  return { status: nodeStatus(node), tone };
}

/** Names of the containers whose current or last termination was an OOM kill (`kubectl describe`'s Last State: Reason OOMKilled). */
export function oomKilledContainers(pod: KObject): ReadonlySet<string> {
  const names = new Set<string>();
  for (const s of (pod.status?.containerStatuses ?? []) as any[]) {
    if (s.state?.terminated?.reason === 'OOMKilled' || s.lastState?.terminated?.reason === 'OOMKilled') names.add(s.name);
  }
  return names;
}

/** A node card's name for assistive technology, the same drawn, dense or off screen: "node worker-1: Ready, 3 pods". */
export function nodeLabel(name: string, status: string, pods: number): string {
  return `node ${name}: ${status}, ${pods} pod${pods === 1 ? '' : 's'}`;
}
