/**
 * The inspector's sequence diagram for one pod, built from the trace: who called whom, in order,
 * at which virtual time. Pure: `indexByPod` folds trace batches into a per-pod index (so the tab
 * never rescans the whole trace), `sequenceRows` lays one pod's events out in lanes and rows.
 */
import { formatClock, type TraceEvent } from '../../sim/kernel/trace';
import { CHATTY_CRI, isSequenceEvent, podKeyOf } from './pod-trace';

// The per-pod trace index (and what counts as a pod's event) lives in pod-trace.ts: the page loads it
// with the cluster, this diagram only when the inspector opens.
export { CHATTY_CRI, podKeyOf, isSequenceEvent, indexByPod, type PodTraceIndex } from './pod-trace';

export type LaneId = 'api' | 'scheduler' | 'kubelet' | 'cri' | 'cni' | 'csi' | `c:${string}`;

export interface Lane {
  id: LaneId;
  label: string;
  hint: string;
}

export interface SequenceRow {
  seq: number;
  t: number;
  /** `00:00:02.350`. */
  time: string;
  kind: string;
  /** `call` and `return` are arrows between two lanes; `note` sits on one lane (from === to). */
  phase: 'call' | 'return' | 'note';
  from: LaneId;
  to: LaneId;
  /** The method or action: `RunPodSandbox`, `ADD`, `bind`, `syncPod`... */
  label: string;
  /** Secondary text: `550 ms`, `nginx:latest`, `10.244.1.2/24`, an error. */
  detail: string;
  failed: boolean;
}

export interface SequenceLayout {
  lanes: Lane[];
  rows: SequenceRow[];
}

const BASE_LANES: Lane[] = [
  { id: 'api', label: 'API', hint: 'kube-apiserver: stores the pod; everyone else watches it' },
  { id: 'scheduler', label: 'sched', hint: 'kube-scheduler: picks a node and binds the pod to it' },
  { id: 'kubelet', label: 'kubelet', hint: "kubelet: the node agent that runs the pod" },
  { id: 'cri', label: 'CRI', hint: 'containerd, the container runtime, driven by the kubelet through CRI' },
  { id: 'cni', label: 'CNI', hint: "CNI: the network plugin that gives the pod's sandbox its IP" }
];

function userLane(user: unknown): LaneId | undefined {
  if (typeof user !== 'string') return undefined;
  if (user.startsWith('kubelet')) return 'kubelet';
  if (user === 'kube-scheduler') return 'scheduler';
  return undefined;
}

function duration(e: TraceEvent): string {
  return typeof e.durationMs === 'number' ? `${Math.round(e.durationMs)} ms` : '';
}

function megabytes(bytes: unknown): string {
  return typeof bytes === 'number' ? `${(bytes / 1e6).toFixed(bytes >= 1e7 ? 0 : 1)} MB` : '';
}

function errorText(e: TraceEvent): string {
  for (const field of ['error', 'reason', 'message']) if (typeof e[field] === 'string') return e[field] as string;
  return 'failed';
}

function join(...parts: unknown[]): string {
  return parts.filter((p) => typeof p === 'string' && p !== '').join(' · ');
}

/** Row content for one event, or undefined when the event does not belong on the diagram. */
function rowOf(e: TraceEvent): Omit<SequenceRow, 'seq' | 't' | 'time' | 'kind'> | undefined {
  const k = e.kind;
  const dot = k.indexOf('.');
  const prefix = k.slice(0, dot);
  const name = k.slice(dot + 1);
  const failed = e.ok === false;
  switch (prefix) {
    case 'cri': {
      if (CHATTY_CRI.has(name)) return undefined;
      if (e.phase === 'return') {
        return { phase: 'return', from: 'cri', to: 'kubelet', label: name, detail: failed ? join(duration(e), errorText(e)) : duration(e), failed };
      }
      const arg = name === 'PullImage' ? e.image : name === 'CreateContainer' ? e.container : '';
      return { phase: 'call', from: 'kubelet', to: 'cri', label: name, detail: join(arg), failed: false };
    }
    case 'cni':
    case 'csi': {
      // containerd calls the CNI plugin while it sets up the sandbox.
      const to: LaneId = prefix === 'cni' ? 'cni' : 'csi';
      const from: LaneId = prefix === 'cni' ? 'cri' : 'kubelet';
      if (e.phase === 'return') return { phase: 'return', from: to, to: from, label: name, detail: failed ? join(duration(e), errorText(e)) : duration(e), failed };
      return { phase: 'call', from, to, label: name, detail: failed ? errorText(e) : join(e.ip), failed };
    }
    case 'process': {
      const lane: LaneId = `c:${typeof e.container === 'string' ? e.container : '?'}`;
      if (name === 'start') return { phase: 'call', from: 'cri', to: lane, label: 'start', detail: join(e.program), failed: false };
      if (name === 'signal') return { phase: 'call', from: 'cri', to: lane, label: String(e.signal ?? 'signal'), detail: join(e.reaction), failed: false };
      if (name === 'exit') {
        const code = typeof e.exitCode === 'number' ? e.exitCode : undefined;
        return { phase: 'return', from: lane, to: 'cri', label: `exit ${code ?? ''}`.trim(), detail: join(e.reason), failed: code !== undefined && code !== 0 };
      }
      return { phase: 'note', from: lane, to: lane, label: name, detail: '', failed: false };
    }
    case 'scheduler': {
      if (name === 'bind') return { phase: 'call', from: 'scheduler', to: 'api', label: 'bind', detail: join(e.node), failed };
      const scheduled = e.result === undefined || e.result === 'Scheduled';
      return { phase: 'note', from: 'scheduler', to: 'scheduler', label: name, detail: scheduled ? join(e.node) : join(e.result, e.message), failed: !scheduled };
    }
    case 'api': {
      const code = typeof e.code === 'number' ? e.code : undefined;
      const bad = code !== undefined && code >= 400;
      const who = userLane(e.user);
      const label = `${name} ${e.resource === 'pods' ? 'pod' : String(e.resource)}`;
      const detail = join(who ? '' : e.user, code !== undefined ? String(code) : '');
      if (who) return { phase: 'call', from: who, to: 'api', label, detail, failed: bad };
      return { phase: 'note', from: 'api', to: 'api', label, detail, failed: bad };
    }
    case 'image':
      return { phase: 'note', from: 'cri', to: 'cri', label: 'fetch', detail: join(String(e.image ?? '').replace(/^docker\.io\/library\//, ''), megabytes(e.bytes)), failed };
    case 'kubelet':
      return { phase: 'note', from: 'kubelet', to: 'kubelet', label: name, detail: name === 'syncPod' && e.updateType !== 'sync' ? join(e.updateType) : '', failed };
    case 'status':
      return { phase: 'call', from: 'kubelet', to: 'api', label: 'status', detail: join(e.phase), failed };
    default:
      return undefined;
  }
}

/**
 * Lays out the sequence diagram of `pod` (`namespace/name`) from trace events (any order; events
 * about other pods are skipped). Lanes: API server, scheduler, kubelet, containerd (CRI), CNI,
 * then one per container in order of appearance. A run of periodic syncPod notes shows once.
 */
export function sequenceRows(events: readonly TraceEvent[], pod: string): SequenceLayout {
  const mine = events.filter((e) => podKeyOf(e) === pod && isSequenceEvent(e));
  mine.sort((a, b) => a.seq - b.seq);
  const lanes = [...BASE_LANES];
  const containers = new Set<string>();
  const rows: SequenceRow[] = [];
  for (const e of mine) {
    const row = rowOf(e);
    if (!row) continue;
    const prev = rows.at(-1);
    if (row.label === 'syncPod' && row.detail === '' && prev?.label === 'syncPod') continue;
    for (const lane of [row.from, row.to]) {
      if (!lane.startsWith('c:') || containers.has(lane)) continue;
      containers.add(lane);
      lanes.push({ id: lane, label: lane.slice(2), hint: `container ${lane.slice(2)}: its process` });
    }
    if (row.from === 'csi' || row.to === 'csi') {
      if (!lanes.some((l) => l.id === 'csi')) lanes.splice(5, 0, { id: 'csi', label: 'CSI', hint: 'CSI: the storage plugin that mounts volumes' });
    }
    rows.push({ seq: e.seq, t: e.t, time: formatClock(e.t), kind: e.kind, ...row });
  }
  return { lanes, rows };
}
