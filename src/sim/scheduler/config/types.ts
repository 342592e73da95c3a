/**
 * KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1), the parts kubarium's scheduler
 * reads and prints. Field names and JSON shapes as upstream's v1 types.
 * upstream: staging/src/k8s.io/kube-scheduler/config/v1/types.go, types_pluginargs.go
 */
export const SchedulerConfigGroupVersion = 'kubescheduler.config.k8s.io/v1';
export const SchedulerConfigKind = 'KubeSchedulerConfiguration';

export interface PluginRef {
  name: string;
  weight?: number;
}

export interface PluginSet {
  enabled?: PluginRef[];
  disabled?: PluginRef[];
}

/** The extension points a profile configures, in upstream's Plugins field order. */
export const PluginSetNames = ['preEnqueue', 'queueSort', 'preFilter', 'filter', 'postFilter', 'preScore', 'score', 'reserve', 'permit', 'preBind', 'bind', 'postBind', 'multiPoint'] as const;
export type PluginSetName = (typeof PluginSetNames)[number];
export type Plugins = Partial<Record<PluginSetName, PluginSet>>;

export interface PluginConfig {
  name: string;
  args?: Record<string, unknown>;
}

export interface KubeSchedulerProfile {
  schedulerName?: string;
  percentageOfNodesToScore?: number;
  plugins?: Plugins;
  pluginConfig?: PluginConfig[];
}

export interface KubeSchedulerConfiguration {
  apiVersion: string;
  kind: string;
  parallelism?: number;
  leaderElection?: Record<string, unknown>;
  clientConnection?: Record<string, unknown>;
  enableProfiling?: boolean;
  enableContentionProfiling?: boolean;
  percentageOfNodesToScore?: number;
  podInitialBackoffSeconds?: number;
  podMaxBackoffSeconds?: number;
  profiles?: KubeSchedulerProfile[];
  [field: string]: unknown;
}

export interface ResourceSpec {
  name: string;
  weight?: number;
}

export interface UtilizationShapePoint {
  utilization: number;
  score: number;
}

/** upstream: v1.ScoringStrategy */
export interface ScoringStrategyArgs {
  type?: string;
  resources?: ResourceSpec[];
  requestedToCapacityRatio?: { shape?: UtilizationShapePoint[] };
}
