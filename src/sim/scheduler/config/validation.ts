/**
 * Validation of a (defaulted) KubeSchedulerConfiguration and of the plugin args kubarium uses.
 * upstream: pkg/scheduler/apis/config/validation/validation.go (ValidateKubeSchedulerConfiguration,
 * validateKubeSchedulerProfile, validatePluginConfig, validateCommonQueueSort),
 * validation_pluginargs.go
 */
import { duplicate, goRepr, invalid, notSupported, path as newPath, required, forbidden, Path, type FieldError } from '../../api/validation/field';
import type { KubeSchedulerConfiguration, KubeSchedulerProfile, PluginSet, ResourceSpec, ScoringStrategyArgs, UtilizationShapePoint } from './types';

// upstream: config.MaxCustomPriorityScore
const MaxCustomPriorityScore = 10;
export const SupportedScoringStrategyTypes = ['LeastAllocated', 'MostAllocated', 'RequestedToCapacityRatio'];

function validatePercentageOfNodesToScore(p: Path, v: number | undefined): FieldError[] {
  return v !== undefined && (v < 0 || v > 100) ? [invalid(p, v, 'not in valid range [0-100]')] : [];
}

/** upstream: validateFunctionShape */
export function validateFunctionShape(shape: UtilizationShapePoint[] | undefined, p: Path): FieldError[] {
  if (!shape?.length) return [required(p, 'at least one point must be specified')];
  const errs: FieldError[] = [];
  for (let i = 1; i < shape.length; i++) {
    if (shape[i - 1].utilization >= shape[i].utilization) {
      errs.push(invalid(p.index(i).child('utilization'), shape[i].utilization, 'values must be sorted in increasing order'));
      break;
    }
  }
  shape.forEach((pt, i) => {
    if (pt.utilization < 0 || pt.utilization > 100) errs.push(invalid(p.index(i).child('utilization'), pt.utilization, 'not in valid range [0, 100]'));
    if (pt.score < 0 || pt.score > MaxCustomPriorityScore) errs.push(invalid(p.index(i).child('score'), pt.score, `not in valid range [0, ${MaxCustomPriorityScore}]`));
  });
  return errs;
}

/** upstream: validateResources */
function validateResources(resources: ResourceSpec[] | undefined, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  (resources ?? []).forEach((r, i) => {
    const w = r.weight ?? 0;
    if (w <= 0 || w > 100) errs.push(invalid(p.index(i).child('weight'), w, `resource weight of ${r.name} not in valid range (0, 100]`));
  });
  return errs;
}

/**
 * upstream: ValidateNodeResourcesFitArgs. The Fit plugin's factory calls it with a nil path
 * (validatePluginConfig's table lists it under "NodeResourcesFitArgs", so it never matches there).
 */
export function validateNodeResourcesFitArgs(p: Path | undefined, args: { scoringStrategy?: ScoringStrategyArgs }): FieldError[] {
  const child = (name: string) => (p ? p.child(name) : newPath(name));
  const strategyPath = child('scoringStrategy');
  const s = args.scoringStrategy;
  if (!s) return [required(strategyPath, 'ScoringStrategy field is required')];
  const errs: FieldError[] = [];
  if (!SupportedScoringStrategyTypes.includes(s.type ?? '')) errs.push(notSupported(strategyPath.child('type'), s.type ?? '', SupportedScoringStrategyTypes));
  errs.push(...validateResources(s.resources, strategyPath.child('resources')));
  if (s.type === 'RequestedToCapacityRatio') {
    if (!s.requestedToCapacityRatio) errs.push(required(strategyPath.child('requestedToCapacityRatio'), 'must be specified when type is RequestedToCapacityRatio'));
    else errs.push(...validateFunctionShape(s.requestedToCapacityRatio.shape, strategyPath.child('requestedToCapacityRatio').child('shape')));
  } else if (s.requestedToCapacityRatio) {
    errs.push(forbidden(strategyPath.child('requestedToCapacityRatio'), 'must be nil when type is not RequestedToCapacityRatio'));
  }
  return errs;
}

type ArgsValidator = (p: Path, args: Record<string, unknown>) => FieldError[];

const argsValidators: Record<string, ArgsValidator> = {
  DefaultPreemption: (p, a) => {
    const pct = Number(a.minCandidateNodesPercentage ?? 0);
    const abs = Number(a.minCandidateNodesAbsolute ?? 0);
    const errs: FieldError[] = [];
    if (pct < 0 || pct > 100) errs.push(invalid(p.child('minCandidateNodesPercentage'), pct, 'not in valid range [0, 100]'));
    if (abs < 0) errs.push(invalid(p.child('minCandidateNodesAbsolute'), abs, 'not in valid range [0, inf)'));
    if (pct === 0 && abs === 0) {
      errs.push(invalid(p.child('minCandidateNodesPercentage'), pct, 'cannot be zero at the same time as minCandidateNodesAbsolute'));
      errs.push(invalid(p.child('minCandidateNodesAbsolute'), abs, 'cannot be zero at the same time as minCandidateNodesPercentage'));
    }
    return errs;
  },
  InterPodAffinity: (p, a) => {
    const w = Number(a.hardPodAffinityWeight ?? 0);
    return w < 0 || w > 100 ? [invalid(p.child('hardPodAffinityWeight'), w, 'not in valid range [0, 100]')] : [];
  },
  NodeResourcesBalancedAllocation: (p, a) => {
    const errs: FieldError[] = [];
    const seen = new Set<string>();
    ((a.resources as ResourceSpec[] | undefined) ?? []).forEach((r, i) => {
      if (seen.has(r.name)) errs.push(duplicate(p.child('resources').index(i).child('name'), r.name));
      else seen.add(r.name);
      if (r.weight !== 1) errs.push(invalid(p.child('resources').index(i).child('weight'), r.weight ?? 0, 'must be 1'));
    });
    return errs;
  },
  PodTopologySpread: (p, a) => {
    const t = String(a.defaultingType ?? '');
    if (t !== 'System' && t !== 'List') return [notSupported(p.child('defaultingType'), t, ['System', 'List'])];
    if (t === 'System' && Array.isArray(a.defaultConstraints) && a.defaultConstraints.length > 0) return [invalid(p.child('defaultingType'), t, 'when .defaultConstraints are not empty')];
    return [];
  },
  VolumeBinding: (p, a) => {
    const errs: FieldError[] = [];
    const t = Number(a.bindTimeoutSeconds ?? 0);
    if (t < 0) errs.push(invalid(p.child('bindTimeoutSeconds'), t, 'invalid BindTimeoutSeconds, should not be a negative value'));
    // upstream: the StorageCapacityScoring gate is off in v1.32.
    if (a.shape !== undefined) errs.push(invalid(p.child('shape'), a.shape, 'unexpected field `shape`, remove it or turn on the feature gate StorageCapacityScoring'));
    return errs;
  }
};

function validateProfile(p: Path, prof: KubeSchedulerProfile): FieldError[] {
  const errs: FieldError[] = [];
  if (!prof.schedulerName) errs.push(required(p.child('schedulerName')));
  errs.push(...validatePercentageOfNodesToScore(p.child('percentageOfNodesToScore'), prof.percentageOfNodesToScore));
  const seen = new Set<string>();
  (prof.pluginConfig ?? []).forEach((pc, i) => {
    const pcPath = p.child('pluginConfig').index(i);
    if (seen.has(pc.name)) errs.push(duplicate(pcPath, pc.name));
    else seen.add(pc.name);
    errs.push(...(argsValidators[pc.name]?.(pcPath.child('args'), pc.args ?? {}) ?? []));
  });
  return errs;
}

/** Go's %#v of the internal config.PluginSet (how the queueSort mismatch prints its value). */
function pluginSetRepr(set: PluginSet): string {
  const list = (ps: PluginSet['enabled']) =>
    ps?.length ? `[]config.Plugin{${ps.map((p) => `config.Plugin{Name:${JSON.stringify(p.name)}, Weight:${p.weight ?? 0}}`).join(', ')}}` : '[]config.Plugin(nil)';
  return `config.PluginSet{Enabled:${list(set.enabled)}, Disabled:${list(set.disabled)}}`;
}

/** upstream: ValidateKubeSchedulerConfiguration (the parts kubarium configures). Empty = valid. */
export function validateConfiguration(cc: KubeSchedulerConfiguration): FieldError[] {
  const errs: FieldError[] = [];
  if ((cc.parallelism ?? 0) <= 0) errs.push(invalid(newPath('parallelism'), cc.parallelism ?? 0, 'should be an integer value greater than zero'));
  const profilesPath = newPath('profiles');
  const profiles = cc.profiles ?? [];
  if (profiles.length === 0) errs.push(required(profilesPath));
  const existing = new Map<string, number>();
  profiles.forEach((prof, i) => {
    const p = profilesPath.index(i);
    errs.push(...validateProfile(p, prof));
    const name = prof.schedulerName ?? '';
    const idx = existing.get(name);
    // upstream: field.Duplicate(path, otherPath): the value is the other profile's path.
    if (idx !== undefined) errs.push(duplicate(p.child('schedulerName'), goRepr(profilesPath.index(idx).child('schedulerName').toString())));
    existing.set(name, i);
  });
  // upstream: validateCommonQueueSort
  const canon = JSON.stringify(profiles[0]?.plugins?.queueSort ?? {});
  for (let i = 1; i < profiles.length; i++) {
    const curr = profiles[i].plugins?.queueSort ?? {};
    if (JSON.stringify(curr) !== canon) errs.push(invalid(profilesPath.index(i).child('plugins', 'queueSort'), goRepr(pluginSetRepr(curr)), 'must be the same for all profiles'));
  }
  errs.push(...validatePercentageOfNodesToScore(newPath('percentageOfNodesToScore'), cc.percentageOfNodesToScore));
  const initial = cc.podInitialBackoffSeconds ?? 0;
  if (initial <= 0) errs.push(invalid(newPath('podInitialBackoffSeconds'), initial, 'must be greater than 0'));
  if ((cc.podMaxBackoffSeconds ?? 0) < initial) errs.push(invalid(newPath('podMaxBackoffSeconds'), cc.podMaxBackoffSeconds ?? 0, 'must be greater than or equal to PodInitialBackoffSeconds'));
  return errs;
}
