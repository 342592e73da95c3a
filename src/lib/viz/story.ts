/**
 * One pod's whole story, in order, for focus mode: created, scheduled (where, and why), volumes,
 * sandbox and network, image pulls, containers created and started, probes failing and
 * succeeding, exits, restarts after back-off, OOM kills, eviction, deletion; each at its virtual
 * time. Pure. Built from two sources that complete each other:
 * - the trace (`indexStory` keeps the story-worthy events per pod as batches arrive): exact times
 *   and the machinery (RunPodSandbox, cni ADD, NodePublishVolume, process exits);
 * - the pod's Events (the API server keeps them for an hour): what the kubelet and the controllers
 *   told the user (BackOff, Unhealthy, Killing, Evicted, FailedScheduling...), also when the trace
 *   of a busy moment was thinned out before it reached the page.
 *
 * upstream: pkg/kubelet/events/event.go (reasons), pkg/kubelet/kuberuntime/kuberuntime_manager.go
 * (SyncPod's order: sandbox, init containers, containers), pkg/kubelet/prober/worker.go
 */
import { parseTimestamp } from '../../sim/kernel/timestamp';
import { formatClock, type TraceEvent } from '../../sim/kernel/trace';
import type { AttemptRecord } from '../../sim/scheduler/explain';
import type { KObject } from '../bridge/deltas';
import { eventTime } from '../timeline/markers';

export type StoryTone = 'info' | 'ok' | 'warn' | 'error';

export interface StoryEntry {
  /** Virtual ms. */
  t: number;
  /** `00:00:02.504`. */
  time: string;
  /** What kind of step: the strip's icon and the e2e test's handle. */
  step: string;
  title: string;
  detail: string;
  tone: StoryTone;
}

// The per-pod story index lives in story-index.ts: the page loads it with the cluster, the story
// itself only in focus mode.
export { isStoryEvent, indexStory, type StoryIndex } from './story-index';

const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const ms = (v: unknown): string => (typeof v === 'number' ? `${Math.round(v)} ms` : '');
const seconds = (d: number): string => (d >= 10_000 ? `${Math.round(d / 1000)} s` : `${(d / 1000).toFixed(1)} s`);
const join = (...parts: string[]): string => parts.filter(Boolean).join(' · ');

/** Why the scheduler chose the node, from its record of the attempt (when the page has it). */
function schedulingWhy(attempt: AttemptRecord | undefined, node: string): string {
  if (!attempt || attempt.chosen !== node) return '';
  const chosen = attempt.nodes.find((n) => n.node === node);
  const feasible = `${attempt.feasibleNodes} of ${attempt.nodes.length} node${attempt.nodes.length === 1 ? '' : 's'} passed every Filter`;
  return chosen?.total !== undefined && attempt.feasibleNodes > 1 ? `${feasible}; highest score ${chosen.total}` : feasible;
}

interface Step {
  step: string;
  title: string;
  detail?: string;
  tone?: StoryTone;
}

/** One trace event in words, or undefined when it adds nothing on its own. `exits` remembers each container's last exit (for back-off). */
function traceStep(e: TraceEvent, exits: Map<string, number>, attempt: AttemptRecord | undefined): Step | undefined {
  const ok = e.ok !== false;
  const failed = (what: string): Step => ({ step: 'failed', title: `${what} failed`, detail: str(e.error ?? e.message), tone: 'error' });
  switch (e.kind) {
    case 'api.create':
      return { step: 'created', title: 'Created', detail: `by ${str(e.user) || 'a client'} (API server)` };
    case 'api.delete':
      // The second delete is the kubelet's: its containers are gone, the object goes.
      if (str(e.user).startsWith('kubelet')) return { step: 'deleted', title: 'Removed from the API server', detail: `by ${str(e.user)}, once its containers were gone`, tone: 'warn' };
      return { step: 'deleting', title: 'Deletion requested', detail: `by ${str(e.user) || 'a client'}; the kubelet stops it gracefully`, tone: 'warn' };
    case 'scheduler.attempt':
      if (e.result === 'Scheduled') return { step: 'scheduled', title: `Scheduled to ${str(e.node)}`, detail: join(`kube-scheduler, attempt ${str(e.attempt)}`, schedulingWhy(attempt, str(e.node))), tone: 'ok' };
      return { step: 'unschedulable', title: 'Not schedulable yet', detail: str(e.message), tone: 'warn' };
    case 'scheduler.preempt':
      return { step: 'preempted', title: 'Preemption', detail: str(e.message ?? e.victim), tone: 'warn' };
    case 'csi.NodeStageVolume':
    case 'csi.NodePublishVolume':
      return ok ? { step: 'volume', title: `Volume ${e.kind === 'csi.NodeStageVolume' ? 'staged' : 'mounted'} (CSI ${e.kind.slice(4)})`, detail: join(str(e.volumeId ?? e.volume), ms(e.durationMs)) } : failed(e.kind.slice(4));
    case 'csi.NodeUnpublishVolume':
      return { step: 'volume', title: 'Volume unmounted (CSI NodeUnpublishVolume)', detail: str(e.volumeId ?? e.volume) };
    case 'cri.RunPodSandbox':
      return ok ? { step: 'sandbox', title: 'Sandbox running (CRI RunPodSandbox)', detail: join(str(e.ip) && `IP ${str(e.ip)}`, ms(e.durationMs)) } : failed('RunPodSandbox');
    case 'cni.ADD':
      return ok ? { step: 'network', title: `Network attached (CNI ADD, ${str(e.plugin) || 'bridge'})`, detail: str(e.ip) } : failed('CNI ADD');
    case 'cni.DEL':
      return { step: 'network', title: 'Network detached (CNI DEL)', detail: str(e.ip) };
    case 'cri.PullImage':
      if (!ok) return { step: 'pull', title: `Pull of ${str(e.image)} failed`, detail: str(e.error ?? e.message), tone: 'error' };
      return { step: 'pull', title: `Image ${str(e.image)} ${Number(e.layersFetched ?? 1) === 0 ? 'already present (layers cached)' : 'pulled'}`, detail: ms(e.durationMs) };
    case 'cri.CreateContainer': {
      if (!ok) return failed(`CreateContainer ${str(e.container)}`);
      const n = Number(e.attempt ?? 0);
      const exited = exits.get(str(e.container));
      if (n > 0) return { step: 'restart', title: `Restart ${n}: container ${str(e.container)} created again`, detail: exited !== undefined ? `after a back-off of ${seconds(e.t - exited)} since it exited` : '', tone: 'warn' };
      return { step: 'container', title: `Container ${str(e.container)} created (CRI CreateContainer)`, detail: join(str(e.image), ms(e.durationMs)) };
    }
    case 'cri.StartContainer':
      return ok ? undefined : failed('StartContainer'); // process.start says it better
    case 'process.start':
      return { step: 'started', title: `Container ${str(e.container)} started`, detail: str(e.program) && `runs ${str(e.program)}`, tone: 'ok' };
    case 'process.exit': {
      exits.set(str(e.container), e.t);
      const code = Number(e.exitCode ?? 0);
      return { step: 'exited', title: `Container ${str(e.container)} exited with code ${code}`, detail: str(e.reason), tone: code === 0 ? 'info' : 'error' };
    }
    case 'probe.liveness':
    case 'probe.readiness':
    case 'probe.startup': {
      const kind = e.kind.slice(6);
      const Kind = kind[0].toUpperCase() + kind.slice(1);
      if (e.result === 'Success') return { step: 'probe', title: `${Kind} probe succeeded`, detail: `container ${str(e.container)}`, tone: 'ok' };
      return { step: 'probe', title: `${Kind} probe failed ${Math.min(Number(e.run), Number(e.threshold))}/${str(e.threshold)}`, detail: join(`container ${str(e.container)}`, str(e.output)), tone: Number(e.run) >= Number(e.threshold) ? 'error' : 'warn' };
    }
    case 'kernel.oomKill':
      return { step: 'oom', title: `OOM killed: container ${str(e.container)}`, detail: typeof e.limitBytes === 'number' ? `over its memory limit of ${Math.round(e.limitBytes / 1048576)}Mi` : 'over its memory limit', tone: 'error' };
    case 'eviction.evict':
      return { step: 'evicted', title: `Evicted by the kubelet (${str(e.signal)})`, detail: str(e.message), tone: 'error' };
    case 'tainteviction.evict':
      return { step: 'evicted', title: 'Deleted by the taint eviction controller', detail: str(e.message ?? e.taint), tone: 'error' };
    case 'cri.StopContainer':
      return e.phase === 'call' ? { step: 'stopping', title: `Stopping container ${str(e.container) || str(e.containerId).slice(0, 12)}`, detail: e.timeout !== undefined ? `grace ${str(e.timeout)} s` : '', tone: 'warn' } : undefined;
    case 'cri.StopPodSandbox':
      return e.phase === 'call' ? { step: 'stopping', title: 'Stopping the sandbox (CRI StopPodSandbox)', detail: '' } : undefined;
  }
  return undefined;
}

/** Routine Normal reasons the trace already tells, minute by minute (kept when the trace has nothing). */
const TOLD_BY_TRACE = new Set(['Scheduled', 'Pulling', 'Pulled', 'Created', 'Started', 'SandboxChanged']);

function eventStep(event: KObject): Step {
  const reason = str(event.reason);
  const count = Number(event.count ?? event.series?.count ?? 1);
  const message = str(event.message ?? event.note);
  const first = parseTimestamp(event.firstTimestamp ?? event.eventTime);
  const times = count > 1 ? `${count} times${first !== undefined ? ` since ${formatClock(first).slice(0, 8)}` : ''}` : '';
  const warning = event.type === 'Warning';
  // upstream: kuberuntime's BackOff event is what `kubectl get pods` shows as CrashLoopBackOff.
  const title = reason === 'BackOff' && /restarting failed container/.test(message) ? 'CrashLoopBackOff (event BackOff)' : `Event ${reason}`;
  return { step: reason === 'BackOff' ? 'backoff' : 'event', title, detail: join(message, times), tone: reason === 'Evicted' || reason === 'OOMKilling' ? 'error' : warning ? 'warn' : 'info' };
}

export interface StoryInput {
  /** `namespace/name`. */
  key: string;
  /** The live pod (its creation time when the trace has none). */
  pod?: KObject | undefined;
  /** The pod's story events from `indexStory`, in order. */
  trace?: readonly TraceEvent[] | undefined;
  /** Every Event (those about this pod are picked out). */
  events: Iterable<KObject>;
  /** The scheduler's record of its last attempt at the pod: why it chose the node. */
  attempt?: AttemptRecord | undefined;
}

/** The pod's story, oldest first (ties: trace order, then events). */
export function podStory({ key, pod, trace = [], events, attempt }: StoryInput): StoryEntry[] {
  const [namespace, name] = key.split('/');
  const entries: (StoryEntry & { order: number })[] = [];
  const push = (t: number, s: Step, order: number) =>
    entries.push({ t, time: formatClock(Math.max(0, t)), step: s.step, title: s.title, detail: s.detail ?? '', tone: s.tone ?? 'info', order });

  const exits = new Map<string, number>();
  for (const e of trace) {
    const s = traceStep(e, exits, attempt);
    if (s) push(e.t, s, e.seq);
  }
  if (!entries.some((e) => e.step === 'created')) {
    const created = parseTimestamp(pod?.metadata?.creationTimestamp);
    if (created !== undefined) push(created, { step: 'created', title: 'Created', detail: 'creationTimestamp (API server)' }, -1);
  }
  const traced = trace.length > 0;
  const uid = pod?.metadata?.uid;
  for (const event of events) {
    const io = event.involvedObject ?? event.regarding ?? {};
    if (io.kind !== 'Pod' || io.name !== name || (io.namespace ?? 'default') !== namespace) continue;
    // A pod of the same name from before (a StatefulSet's, or one deleted and applied again).
    if (uid && io.uid && io.uid !== uid) continue;
    if (traced && TOLD_BY_TRACE.has(str(event.reason))) continue;
    const t = eventTime(event);
    if (t !== undefined) push(t, eventStep(event), Number.MAX_SAFE_INTEGER);
  }
  entries.sort((a, b) => a.t - b.t || a.order - b.order);
  return entries.map(({ order: _, ...e }) => e);
}

/** The pod's owners as the garbage collector sees them: `Deployment web` > `ReplicaSet web-7c9f` (nearest last). */
export function ownerChain(pod: KObject | undefined, resources: ReadonlyMap<string, ReadonlyMap<string, KObject>>): { kind: string; name: string }[] {
  const chain: { kind: string; name: string }[] = [];
  const namespace = pod?.metadata?.namespace ?? 'default';
  let current = pod;
  for (let depth = 0; current && depth < 5; depth++) {
    const ref = (current.metadata?.ownerReferences as KObject[] | undefined)?.find((r) => r.controller) ?? current.metadata?.ownerReferences?.[0];
    if (!ref) break;
    chain.unshift({ kind: str(ref.kind), name: str(ref.name) });
    const resource = `${str(ref.kind).toLowerCase()}s`;
    current = resources.get(resource)?.get(`${namespace}/${str(ref.name)}`);
  }
  return chain;
}
