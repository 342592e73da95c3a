// The `kubectl get pods` READY / STATUS / RESTARTS computation.
// Port of printPod in pkg/printers/internalversion/printers.go (v1.32); see also
// /work/shared/reference/kubernetes-facts.md section 2.6.
// Other code (UI, `kubectl get`, describe) should use these instead of re-deriving a status.

import { parseTimestamp, translateTimestampSince } from './duration';
import { isRestartableInitContainer } from '../../api/pod-util';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** node.NodeUnreachablePodReason (pkg/util/node/node.go). */
export const NODE_UNREACHABLE_POD_REASON = 'NodeLost';

export interface PodRowSummary {
  /** "ready/total" (READY column) */
  ready: string;
  readyContainers: number;
  totalContainers: number;
  /** STATUS column */
  status: string;
  /** total restarts counted by printPod */
  restarts: number;
  /** RFC3339 finishedAt of the most recent termination counted, if any */
  lastRestart: string | undefined;
}

function isPodPhaseTerminal(phase: string | undefined): boolean {
  return phase === 'Failed' || phase === 'Succeeded';
}

function hasPodReadyCondition(conditions: any[] | undefined): boolean {
  for (const c of conditions ?? []) {
    if (c?.type === 'Ready' && c?.status === 'True') return true;
  }
  return false;
}

function isPodInitializedConditionTrue(status: any): boolean {
  for (const c of status?.conditions ?? []) {
    if (c?.type === 'Initialized') return c?.status === 'True';
  }
  return false;
}

function laterTime(cur: string | undefined, candidate: unknown): string | undefined {
  const t = parseTimestamp(candidate);
  if (t === undefined) return cur;
  const c = parseTimestamp(cur);
  if (c === undefined || c < t) return candidate as string;
  return cur;
}

/** Computes READY, STATUS and RESTARTS exactly as printPod does. */
export function summarizePod(pod: any): PodRowSummary {
  const spec = pod?.spec ?? {};
  const status = pod?.status ?? {};
  let restarts = 0;
  let restartableInitContainerRestarts = 0;
  let totalContainers = (spec.containers ?? []).length;
  let readyContainers = 0;
  let lastRestartDate: string | undefined;
  let lastRestartableInitContainerRestartDate: string | undefined;

  const podPhase: string = status.phase ?? '';
  let reason: string = podPhase;
  if (status.reason) reason = status.reason;

  // If the Pod carries {type:PodScheduled, reason:SchedulingGated}, set reason to 'SchedulingGated'.
  for (const c of status.conditions ?? []) {
    if (c?.type === 'PodScheduled' && c?.reason === 'SchedulingGated') reason = 'SchedulingGated';
  }

  const initContainers = new Map<string, any>();
  for (const c of spec.initContainers ?? []) {
    initContainers.set(c?.name, c);
    if (isRestartableInitContainer(c)) totalContainers++;
  }

  let initializing = false;
  const initStatuses: any[] = status.initContainerStatuses ?? [];
  for (let i = 0; i < initStatuses.length; i++) {
    const container = initStatuses[i] ?? {};
    restarts += container.restartCount ?? 0;
    const lastTerm = container.lastState?.terminated;
    if (lastTerm) lastRestartDate = laterTime(lastRestartDate, lastTerm.finishedAt);
    const restartable = isRestartableInitContainer(initContainers.get(container.name));
    if (restartable) {
      restartableInitContainerRestarts += container.restartCount ?? 0;
      if (lastTerm) {
        lastRestartableInitContainerRestartDate = laterTime(
          lastRestartableInitContainerRestartDate,
          lastTerm.finishedAt,
        );
      }
    }
    const term = container.state?.terminated;
    const waiting = container.state?.waiting;
    if (term && (term.exitCode ?? 0) === 0) {
      continue;
    } else if (restartable && container.started === true) {
      if (container.ready) readyContainers++;
      continue;
    } else if (term) {
      // initialization is failed
      if (!term.reason) {
        if (term.signal) {
          reason = `Init:Signal:${term.signal}`;
        } else {
          reason = `Init:ExitCode:${term.exitCode ?? 0}`;
        }
      } else {
        reason = `Init:${term.reason}`;
      }
      initializing = true;
    } else if (waiting && waiting.reason && waiting.reason !== 'PodInitializing') {
      reason = `Init:${waiting.reason}`;
      initializing = true;
    } else {
      reason = `Init:${i}/${(spec.initContainers ?? []).length}`;
      initializing = true;
    }
    break;
  }

  if (!initializing || isPodInitializedConditionTrue(status)) {
    restarts = restartableInitContainerRestarts;
    lastRestartDate = lastRestartableInitContainerRestartDate;
    let hasRunning = false;
    const cstatuses: any[] = status.containerStatuses ?? [];
    for (let i = cstatuses.length - 1; i >= 0; i--) {
      const container = cstatuses[i] ?? {};
      restarts += container.restartCount ?? 0;
      const lastTerm = container.lastState?.terminated;
      if (lastTerm) lastRestartDate = laterTime(lastRestartDate, lastTerm.finishedAt);
      const waiting = container.state?.waiting;
      const term = container.state?.terminated;
      if (waiting && waiting.reason) {
        reason = waiting.reason;
      } else if (term && term.reason) {
        reason = term.reason;
      } else if (term && !term.reason) {
        if (term.signal) {
          reason = `Signal:${term.signal}`;
        } else {
          reason = `ExitCode:${term.exitCode ?? 0}`;
        }
      } else if (container.ready && container.state?.running) {
        hasRunning = true;
        readyContainers++;
      }
    }
    // change pod status back to "Running" if there is at least one container still reporting as "Running" status
    if (reason === 'Completed' && hasRunning) {
      reason = hasPodReadyCondition(status.conditions) ? 'Running' : 'NotReady';
    }
  }

  const deleting = pod?.metadata?.deletionTimestamp != null;
  if (deleting && status.reason === NODE_UNREACHABLE_POD_REASON) {
    reason = 'Unknown';
  } else if (deleting && !isPodPhaseTerminal(podPhase)) {
    reason = 'Terminating';
  }

  return {
    ready: `${readyContainers}/${totalContainers}`,
    readyContainers,
    totalContainers,
    status: reason,
    restarts,
    lastRestart: lastRestartDate,
  };
}

/** The STATUS cell of `kubectl get pods`. */
export function podStatusReason(pod: any): string {
  return summarizePod(pod).status;
}

/** The RESTARTS cell: "3" or "3 (2m ago)". */
export function podRestartsCell(pod: any, now: number): string {
  const s = summarizePod(pod);
  return formatRestarts(s, now);
}

export function formatRestarts(s: PodRowSummary, now: number): string {
  if (s.restarts !== 0 && s.lastRestart !== undefined) {
    return `${s.restarts} (${translateTimestampSince(s.lastRestart, now)} ago)`;
  }
  return String(s.restarts);
}
