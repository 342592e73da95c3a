/**
 * The in-tree plugin registry: plugin name -> factory(args, handle). A factory throws an Error
 * with upstream's message when its args are invalid.
 * upstream: pkg/scheduler/framework/plugins/registry.go NewInTreeRegistry
 */
import type { Handle, Plugin } from '../framework/interfaces';
import { aggregateString } from '../../api/validation/field';
import { newSchedulingGates } from '../plugins/schedulinggates/scheduling-gates';
import { newPrioritySort } from '../plugins/queuesort/priority-sort';
import { newNodeUnschedulable } from '../plugins/nodeunschedulable/node-unschedulable';
import { newNodeName } from '../plugins/nodename/node-name';
import { newTaintToleration } from '../plugins/tainttoleration/taint-toleration';
import { newNodeAffinity } from '../plugins/nodeaffinity/node-affinity';
import { newNodePorts } from '../plugins/nodeports/node-ports';
import { newNodeResourcesFit, type ScoringStrategy } from '../plugins/noderesources/fit';
import { newBalancedAllocation } from '../plugins/noderesources/balanced-allocation';
import { newImageLocality } from '../plugins/imagelocality/image-locality';
import { newDefaultBinder } from '../plugins/defaultbinder/default-binder';
import { newPodTopologySpread } from '../plugins/podtopologyspread/pod-topology-spread';
import { newInterPodAffinity } from '../plugins/interpodaffinity/inter-pod-affinity';
import { newDefaultPreemption } from '../plugins/defaultpreemption/default-preemption';
import { newVolumeBinding } from '../plugins/volumebinding/volume-binding';
import { newVolumeRestrictions } from '../plugins/volumerestrictions/volume-restrictions';
import { newNodeVolumeLimits } from '../plugins/nodevolumelimits/csi';
import { newVolumeZone } from '../plugins/volumezone/volume-zone';
import type { ResourceSpec as ScorerResource } from '../plugins/noderesources/resource-allocation';
import type { ResourceSpec, ScoringStrategyArgs } from './types';
import { validateNodeResourcesFitArgs } from './validation';

export type PluginFactory = (args: Record<string, unknown>, handle: Handle) => Plugin;

const resourcesOf = (rs: ResourceSpec[] | undefined): ScorerResource[] | undefined => rs?.map((r) => ({ name: r.name, weight: r.weight ?? 1 }));

/** NodeResourcesFitArgs.scoringStrategy as the plugin takes it. upstream: fit.go NewFit (validates its args) */
export function scoringStrategyFromArgs(args: { scoringStrategy?: ScoringStrategyArgs }): ScoringStrategy {
  const errs = validateNodeResourcesFitArgs(undefined, args);
  if (errs.length) throw new Error(aggregateString(errs));
  const s = args.scoringStrategy!;
  const resources = resourcesOf(s.resources);
  if (s.type === 'RequestedToCapacityRatio') return { type: 'RequestedToCapacityRatio', resources, shape: s.requestedToCapacityRatio!.shape! };
  return { type: s.type as 'LeastAllocated' | 'MostAllocated', resources };
}

export const InTreeRegistry: Record<string, PluginFactory> = {
  SchedulingGates: () => newSchedulingGates(),
  PrioritySort: () => newPrioritySort(),
  NodeUnschedulable: () => newNodeUnschedulable(),
  NodeName: () => newNodeName(),
  TaintToleration: () => newTaintToleration(),
  NodeAffinity: () => newNodeAffinity(),
  NodePorts: () => newNodePorts(),
  NodeResourcesFit: (args) => newNodeResourcesFit(scoringStrategyFromArgs(args)),
  VolumeRestrictions: (_args, h) => newVolumeRestrictions(h),
  NodeVolumeLimits: (_args, h) => newNodeVolumeLimits(h),
  VolumeBinding: (args, h) => newVolumeBinding(h, Number(args.bindTimeoutSeconds ?? 600)),
  VolumeZone: (_args, h) => newVolumeZone(h),
  PodTopologySpread: (_args, h) => newPodTopologySpread(h),
  InterPodAffinity: (args, h) => newInterPodAffinity(h, Number(args.hardPodAffinityWeight ?? 1)),
  DefaultPreemption: (_args, h) => newDefaultPreemption(h),
  NodeResourcesBalancedAllocation: (args) => newBalancedAllocation(resourcesOf(args.resources as ResourceSpec[] | undefined)),
  ImageLocality: (_args, h) => newImageLocality(h),
  DefaultBinder: (_args, h) => newDefaultBinder(h)
};
