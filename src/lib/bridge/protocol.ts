/**
 * The one message vocabulary between the page and the cluster worker, declared once.
 *
 * Control calls go through Comlink (`PlaygroundApi`); state flows the other way as batched deltas
 * on a MessagePort (`PageMessage`), at most one message per animation frame, never snapshots.
 */
import type { TraceEvent } from '../../sim/kernel/trace';
import type { AttemptRecord } from '../../sim/scheduler/explain';
import type { WorkerNodeConfig } from '../../sim/cluster/config';
import type { InputEntry } from '../../sim/cluster/input-log';

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface ObjectChange {
  type: WatchEventType;
  /** Plural resource name: `pods`, `nodes`, `events`, `deployments`, ... */
  resource: string;
  /** `namespace/name`, or `name` for cluster-scoped objects. */
  key: string;
  /** The object as stored by the API server (for DELETED: its last state). */
  object: Record<string, any>;
  /** A pod whose spec did not change: `object` comes without it, the page keeps the one it has. */
  sameSpec?: true;
}

export interface ClockStatus {
  /** Virtual time in ms since the cluster booted. */
  t: number;
  running: boolean;
  /** Virtual seconds per wall second (0.25 .. 100). */
  speed: number;
  /** How far the live cluster has run (the timeline's extent); `t` when live. */
  end?: number;
  /** True while the page is shown an earlier moment (time travel): `t` is that moment, read-only. */
  viewing?: boolean;
}

/**
 * A node's memory and root filesystem (nodefs) in use, as the kubelet's eviction manager observes
 * them (working set of every container plus the system's, and the disk the OS, images and
 * `sim node pressure disk` fill), at virtual time `t`.
 */
export interface NodeUsageSample {
  t: number;
  memory: { capacityBytes: number; workingSetBytes: number; availableBytes: number };
  fs: { capacityBytes: number; usedBytes: number; availableBytes: number };
}

/** node name -> its new usage sample, or null when its kubelet stopped answering (no figure). */
export type NodeUsageChanges = Record<string, NodeUsageSample | null>;

export type PageMessage =
  /** `usage`: only the nodes whose figures moved by more than 1 % since the last one sent. */
  | { type: 'delta'; clock: ClockStatus; changes: ObjectChange[]; trace: TraceEvent[]; usage?: NodeUsageChanges }
  /**
   * Everything the page shows, replaced: the cluster (a boot, a moment of the past, a fork) and
   * `plannedNodes`, the nodes it booted with, control plane first: the map keeps a slot for each.
   */
  | { type: 'reset'; clock: ClockStatus; changes: ObjectChange[]; usage?: NodeUsageChanges; plannedNodes: string[] }
  /** Output a command prints after its exec() returned (`kubectl get -w` streaming rows). */
  | { type: 'output'; text: string };

export interface ExecResult {
  /** What the console prints (stdout and stderr interleaved as kubectl would show them). */
  output: string;
  /** 0 on success; 1 when any command in the script failed. */
  exitCode: number;
  /** While `kubectl exec -it POD -- sh` lasts, the container shell's prompt (`/ # `); the console's `$` otherwise. */
  prompt?: string;
}

export interface BootOptions {
  seed?: number;
  /** Number of worker nodes (default 2). */
  workers?: number;
  /** Named workers with their sizes and KubeletConfiguration, instead of `workers` (a scenario's cluster: clusterConfigOf). */
  nodes?: WorkerNodeConfig[];
  /** A KubeSchedulerConfiguration (YAML) the kube-scheduler starts with. */
  schedulerConfig?: string;
  /**
   * A saved playground (a share link, a file, the autosave): after the boot, these inputs are
   * replayed and time runs on to `t`, so the cluster is the one that was saved, at that moment.
   */
  restore?: LiveInputs;
}

/** Every input of the live cluster since its boot, and how far it has run. */
export interface LiveInputs {
  log: InputEntry[];
  t: number;
}

/** A range query over the shown cluster's metrics store: virtual ms, `end` inclusive. */
export interface MetricsQuery {
  expr: string;
  start: number;
  end: number;
  step: number;
}

export interface MetricsSeries {
  labels: Record<string, string>;
  /** [virtual ms, value] at each step where the series had a value. */
  points: [number, number][];
}

/** A query's series over the range and its instant vector at `end` (the query box's table); or the parse or evaluation error. */
export type MetricsResult = { ok: true; series: MetricsSeries[]; instant: { labels: Record<string, string>; value: number }[] } | { ok: false; error: string };

/** Exposed by workers/cluster.worker.ts through Comlink. */
export interface PlaygroundApi {
  /** Boots the default cluster and runs it until every node is Ready. */
  boot(options: BootOptions): Promise<ClockStatus>;
  /** The live cluster's inputs so far (what a share link or the autosave keeps). */
  inputs(): Promise<LiveInputs>;
  /** Sends every state change (first a `reset` with the full current state) to this port. */
  connect(port: MessagePort): void;
  /** Runs console lines (`kubectl ...`, `k ...`, `sim ...`; heredocs allowed), as the CLI does. */
  exec(script: string): Promise<ExecResult>;
  play(): void;
  pause(): void;
  setSpeed(speed: number): void;
  /** Ctrl-C: stops streaming commands (`kubectl get -w`). */
  interrupt(): void;
  /** Runs the next pending event and pauses. */
  step(): Promise<ClockStatus>;
  /** Runs the cluster for this many virtual ms as fast as possible. */
  advance(ms: number): Promise<ClockStatus>;
  /**
   * The kube-scheduler's record of its last attempt at a pod (`sim explain pod`): node by node,
   * the Filter verdict and the Score plugins' scores. undefined when it never tried that pod.
   */
  explain(namespace: string, name: string): Promise<AttemptRecord | undefined>;
  /**
   * Time travel: shows the cluster as it was at virtual time `t` (replayed from the seed and the
   * inputs up to `t`; a `reset` follows), read-only, with the live clock paused.
   */
  viewAt(t: number): Promise<ClockStatus>;
  /** Gets the next `viewAt` ready (boots a spare cluster in advance): the page asks when the timeline is about to be used. */
  prepareTimeline(): Promise<void>;
  /**
   * Range queries (PromQL, src/sim/monitoring) over the metrics store of the cluster shown (the
   * live one, or the past one being viewed: its data ends at that moment). One call per refresh of
   * the Metrics tab, never a stream.
   */
  queryMetrics(queries: MetricsQuery[]): Promise<MetricsResult[]>;
  /** The metric names the shown cluster's store holds (the query box's suggestions). */
  metricNames(): Promise<string[]>;
  /** The kubelet's journal on a node of the cluster shown (`sim kubelet logs NODE --tail N`). */
  kubeletLogs(node: string, tail?: number): Promise<{ ok: boolean; output?: string; error?: string }>;
  /** Drops the moment viewed and shows the live cluster again. */
  returnToLive(): Promise<ClockStatus>;
  /** Resume from the moment viewed: it becomes the live cluster (a fork); what came after it is gone. */
  resume(): Promise<ClockStatus>;
}
