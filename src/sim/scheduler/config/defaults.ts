/**
 * The defaults kube-scheduler applies to a KubeSchedulerConfiguration: the default plugins
 * (MultiPoint, with weights), merged with a profile's own enabled/disabled lists; the default args
 * of every plugin that takes args; and the top-level defaults.
 * upstream: pkg/scheduler/apis/config/v1/default_plugins.go (getDefaultPlugins, mergePlugins,
 * mergePluginSet), pkg/scheduler/apis/config/v1/defaults.go
 */
import type { KubeSchedulerConfiguration, KubeSchedulerProfile, PluginRef, PluginSet, Plugins } from './types';
import { PluginSetNames, SchedulerConfigGroupVersion, SchedulerConfigKind } from './types';

export const DefaultSchedulerName = 'default-scheduler';

/** upstream: getDefaultPlugins (DynamicResources is behind a gate that is off in v1.32). */
export function getDefaultPlugins(): Plugins {
  const p = (name: string, weight?: number): PluginRef => (weight === undefined ? { name } : { name, weight });
  return {
    multiPoint: {
      enabled: [
        p('SchedulingGates'),
        p('PrioritySort'),
        p('NodeUnschedulable'),
        p('NodeName'),
        p('TaintToleration', 3),
        p('NodeAffinity', 2),
        p('NodePorts'),
        p('NodeResourcesFit', 1),
        p('VolumeRestrictions'),
        p('NodeVolumeLimits'),
        p('VolumeBinding'),
        p('VolumeZone'),
        p('PodTopologySpread', 2),
        p('InterPodAffinity', 2),
        p('DefaultPreemption'),
        p('NodeResourcesBalancedAllocation', 1),
        p('ImageLocality', 1),
        p('DefaultBinder')
      ]
    }
  };
}

/** upstream: mergePluginSet: defaults minus disabled ("*" = all), re-configured in place, custom ones appended. */
function mergePluginSet(defaults: PluginSet, custom: PluginSet | undefined): PluginSet {
  if (!custom) return defaults;
  const disabled: PluginRef[] = [...(custom.disabled ?? []), ...(defaults.disabled ?? [])].map((d) => ({ name: d.name }));
  const disabledNames = new Set(disabled.map((d) => d.name));
  const customIndex = new Map<string, number>();
  (custom.enabled ?? []).forEach((pl, i) => customIndex.set(pl.name, i));
  const replaced = new Set<number>();
  const enabled: PluginRef[] = [];
  if (!disabledNames.has('*')) {
    for (const d of defaults.enabled ?? []) {
      if (disabledNames.has(d.name)) continue;
      const i = customIndex.get(d.name);
      if (i !== undefined) {
        enabled.push(custom.enabled![i]);
        replaced.add(i);
      } else enabled.push(d);
    }
  }
  (custom.enabled ?? []).forEach((pl, i) => {
    if (!replaced.has(i)) enabled.push(pl);
  });
  return { ...(enabled.length ? { enabled } : {}), ...(disabled.length ? { disabled } : {}) };
}

export function mergePlugins(defaults: Plugins, custom: Plugins | undefined): Plugins {
  if (!custom) return defaults;
  const out: Plugins = {};
  for (const name of PluginSetNames) {
    const merged = mergePluginSet(defaults[name] ?? {}, custom[name]);
    out[name] = merged;
  }
  return out;
}

const defaultResourceSpec = () => [
  { name: 'cpu', weight: 1 },
  { name: 'memory', weight: 1 }
];

/** The plugins whose args have a type (upstream: the scheme's <Name>Args kinds), with their defaulting. */
export const PluginArgsDefaults: Record<string, (args: Record<string, unknown>) => Record<string, unknown>> = {
  DefaultPreemption: (a) => ({ minCandidateNodesPercentage: 10, minCandidateNodesAbsolute: 100, ...a }),
  InterPodAffinity: (a) => ({ hardPodAffinityWeight: 1, ignorePreferredTermsOfExistingPods: false, ...a }),
  NodeAffinity: (a) => ({ ...a }),
  NodeResourcesBalancedAllocation: (a) => {
    const resources = a.resources as { name: string; weight?: number }[] | undefined;
    return { ...a, resources: resources?.length ? resources.map((r) => ({ ...r, weight: r.weight || 1 })) : defaultResourceSpec() };
  },
  NodeResourcesFit: (a) => {
    const s = (a.scoringStrategy as Record<string, unknown> | undefined) ?? { type: 'LeastAllocated', resources: defaultResourceSpec() };
    const resources = s.resources as { name: string; weight?: number }[] | undefined;
    return { ...a, scoringStrategy: { ...s, resources: resources?.length ? resources.map((r) => ({ ...r, weight: r.weight || 1 })) : defaultResourceSpec() } };
  },
  PodTopologySpread: (a) => ({ ...a, defaultingType: a.defaultingType || 'System' }),
  VolumeBinding: (a) => ({ bindTimeoutSeconds: 600, ...a })
};

/** Every plugin name enabled at some point, sorted. upstream: defaults.go pluginsNames */
function pluginsNames(p: Plugins): string[] {
  const n = new Set<string>();
  for (const name of PluginSetNames) for (const pl of p[name]?.enabled ?? []) n.add(pl.name);
  return [...n].sort();
}

/** upstream: setDefaults_KubeSchedulerProfile */
function defaultProfile(prof: KubeSchedulerProfile): KubeSchedulerProfile {
  const plugins = mergePlugins(getDefaultPlugins(), prof.plugins);
  const pluginConfig = (prof.pluginConfig ?? []).map((pc) => {
    const d = PluginArgsDefaults[pc.name];
    const args = pc.args ?? {};
    return { name: pc.name, args: d ? { ...d(args), apiVersion: SchedulerConfigGroupVersion, kind: `${pc.name}Args` } : args };
  });
  const have = new Set(pluginConfig.map((pc) => pc.name));
  for (const name of pluginsNames(plugins)) {
    const d = PluginArgsDefaults[name];
    if (have.has(name) || !d) continue;
    pluginConfig.push({ name, args: { apiVersion: SchedulerConfigGroupVersion, kind: `${name}Args`, ...d({}) } });
  }
  return { ...prof, plugins, pluginConfig };
}

/** upstream: SetDefaults_KubeSchedulerConfiguration */
export function setDefaults(cfg: Partial<KubeSchedulerConfiguration>): KubeSchedulerConfiguration {
  let profiles = cfg.profiles?.length ? cfg.profiles : [{}];
  // upstream: a default scheduler name only when there is a single profile.
  if (profiles.length === 1 && profiles[0].schedulerName === undefined) profiles = [{ ...profiles[0], schedulerName: DefaultSchedulerName }];
  const leaderElection = {
    leaderElect: true,
    leaseDuration: '15s',
    renewDeadline: '10s',
    resourceLock: 'leases',
    resourceName: 'kube-scheduler',
    resourceNamespace: 'kube-system',
    retryPeriod: '2s',
    ...cfg.leaderElection
  };
  const clientConnection = { acceptContentTypes: '', burst: 100, contentType: 'application/vnd.kubernetes.protobuf', kubeconfig: '', qps: 50, ...cfg.clientConnection };
  const enableProfiling = cfg.enableProfiling ?? true;
  return {
    ...cfg,
    apiVersion: SchedulerConfigGroupVersion,
    kind: SchedulerConfigKind,
    parallelism: cfg.parallelism ?? 16,
    leaderElection,
    clientConnection,
    enableProfiling,
    ...(enableProfiling ? { enableContentionProfiling: cfg.enableContentionProfiling ?? true } : {}),
    percentageOfNodesToScore: cfg.percentageOfNodesToScore ?? 0,
    podInitialBackoffSeconds: cfg.podInitialBackoffSeconds ?? 1,
    podMaxBackoffSeconds: cfg.podMaxBackoffSeconds ?? 10,
    profiles: profiles.map(defaultProfile)
  };
}

/** The configuration kube-scheduler runs with when given none. */
export const defaultConfiguration = (): KubeSchedulerConfiguration => setDefaults({});
