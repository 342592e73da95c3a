import { describe, expect, it } from 'vitest';
import { defaultConfiguration, getDefaultPlugins, setDefaults } from '../../../../src/sim/scheduler/config/defaults';
import { configurationYaml, loadConfiguration } from '../../../../src/sim/scheduler/config/load';
import { newFrameworkForProfile } from '../../../../src/sim/scheduler/config/framework-config';
import { defaultPlugins, DefaultSchedulerName } from '../../../../src/sim/scheduler/framework/framework';
import type { Handle } from '../../../../src/sim/scheduler/framework/interfaces';
import { CycleState } from '../../../../src/sim/scheduler/framework/types';
import { node, nodeInfo, pod } from '../helpers';

const handle = (infos = () => [] as ReturnType<typeof nodeInfo>[]): Handle => ({
  nodeInfos: infos,
  nodeInfo: () => undefined,
  bind: () => {},
  runFilterPlugins: () => {
    throw new Error('unused');
  },
  preempt: () => {}
});

const load = (yaml: string) => {
  const r = loadConfiguration(yaml);
  if (!r.ok) throw new Error(r.error);
  return r.config;
};
const header = 'apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n';

// upstream: pkg/scheduler/apis/config/v1/default_plugins.go, defaults.go (fact sheet 4.1)
describe('the default KubeSchedulerConfiguration', () => {
  const cfg = defaultConfiguration();
  it('has one default-scheduler profile with the MultiPoint plugins in upstream order and weights', () => {
    expect(cfg.profiles).toHaveLength(1);
    expect(cfg.profiles![0].schedulerName).toBe('default-scheduler');
    const mp = cfg.profiles![0].plugins!.multiPoint!.enabled!;
    expect(mp.map((p) => (p.weight ? `${p.name}(w${p.weight})` : p.name)).join(', ')).toBe(
      'SchedulingGates, PrioritySort, NodeUnschedulable, NodeName, TaintToleration(w3), NodeAffinity(w2), NodePorts, NodeResourcesFit(w1), VolumeRestrictions, NodeVolumeLimits, VolumeBinding, VolumeZone, PodTopologySpread(w2), InterPodAffinity(w2), DefaultPreemption, NodeResourcesBalancedAllocation(w1), ImageLocality(w1), DefaultBinder'
    );
  });
  it('the scheduler runs exactly those plugins, in that order', () => {
    expect(defaultPlugins(handle(), { schedulerName: DefaultSchedulerName }).map((p) => p.name)).toEqual(getDefaultPlugins().multiPoint!.enabled!.map((p) => p.name));
  });
  it('prints like kube-scheduler --write-config-to: defaulted args sorted by plugin, weight 0 written out', () => {
    const y = configurationYaml(cfg);
    expect(y).toContain('percentageOfNodesToScore: 0\npodInitialBackoffSeconds: 1\npodMaxBackoffSeconds: 10\n');
    expect(y).toContain(`  - args:
      apiVersion: kubescheduler.config.k8s.io/v1
      kind: NodeResourcesFitArgs
      scoringStrategy:
        resources:
        - name: cpu
          weight: 1
        - name: memory
          weight: 1
        type: LeastAllocated
    name: NodeResourcesFit
`);
    expect(y).toContain('      bindTimeoutSeconds: 600\n      kind: VolumeBindingArgs\n');
    expect(y).toContain('      defaultingType: System\n      kind: PodTopologySpreadArgs\n');
    expect(y).toContain('      - name: SchedulingGates\n        weight: 0\n');
    expect(y).toContain('      - name: TaintToleration\n        weight: 3\n');
    expect([...y.matchAll(/^    name: (\w+)$/gm)].map((m) => m[1])).toEqual(['DefaultPreemption', 'InterPodAffinity', 'NodeAffinity', 'NodeResourcesBalancedAllocation', 'NodeResourcesFit', 'PodTopologySpread', 'VolumeBinding']);
    expect(y.endsWith('  schedulerName: default-scheduler\n')).toBe(true);
  });
});

describe('loading a configuration', () => {
  it('merges a profile with the defaults: disabled plugins leave, an enabled one keeps its place with its weight', () => {
    const cfg = load(header + 'profiles:\n- schedulerName: packer\n  plugins:\n    score:\n      disabled:\n      - name: NodeResourcesBalancedAllocation\n      enabled:\n      - name: NodeResourcesFit\n        weight: 5\n  pluginConfig:\n  - name: NodeResourcesFit\n    args:\n      scoringStrategy:\n        type: MostAllocated\n');
    const fw = newFrameworkForProfile(cfg.profiles![0], handle());
    expect(fw.score.map((p) => p.name)).toEqual(['NodeResourcesFit', 'TaintToleration', 'NodeAffinity', 'PodTopologySpread', 'InterPodAffinity', 'ImageLocality']);
    expect(fw.weights.NodeResourcesFit).toBe(5);
    expect(fw.weights.TaintToleration).toBe(3);
    // MostAllocated: the fuller node scores higher. (4 cpu node with 2 cpu used vs an empty one.)
    const busy = nodeInfo(node('busy', 4000, 8 << 30), pod('x', [[2000, 1 << 30]]));
    const idle = nodeInfo(node('idle', 4000, 8 << 30));
    const fit = fw.score.find((p) => p.name === 'NodeResourcesFit')!;
    const p = pod('p', [[1000, 1 << 30]]);
    expect(fit.score(new CycleState(), p, busy).score).toBeGreaterThan(fit.score(new CycleState(), p, idle).score);
  });

  it('several profiles must have different names and the same queue sort', () => {
    const r = loadConfiguration(header + 'profiles:\n- schedulerName: a\n- schedulerName: a\n  plugins:\n    queueSort:\n      disabled:\n      - name: "*"\n');
    expect(r).toEqual({ ok: false, error: '[profiles[1].schedulerName: Duplicate value: profiles[0].schedulerName, profiles[1].plugins.queueSort: Invalid value: config.PluginSet{Enabled:[]config.Plugin(nil), Disabled:[]config.Plugin{config.Plugin{Name:"*", Weight:0}}}: must be the same for all profiles]' });
  });

  it('rejects out-of-range top-level values with upstream messages', () => {
    expect(loadConfiguration(header + 'percentageOfNodesToScore: 120\npodInitialBackoffSeconds: 5\npodMaxBackoffSeconds: 2\n')).toEqual({
      ok: false,
      error: '[percentageOfNodesToScore: Invalid value: 120: not in valid range [0-100], podMaxBackoffSeconds: Invalid value: 2: must be greater than or equal to PodInitialBackoffSeconds]'
    });
    expect(loadConfiguration('apiVersion: v1\nkind: Pod\n')).toMatchObject({ ok: false, error: expect.stringContaining('no kind "Pod" is registered for version "v1"') });
  });

  it('rejects bad plugin args with upstream messages', () => {
    const bad = loadConfiguration(header + 'profiles:\n- pluginConfig:\n  - name: InterPodAffinity\n    args:\n      hardPodAffinityWeight: 101\n  - name: NodeResourcesBalancedAllocation\n    args:\n      resources:\n      - name: cpu\n        weight: 2\n');
    expect(bad).toEqual({
      ok: false,
      error: '[profiles[0].pluginConfig[0].args.hardPodAffinityWeight: Invalid value: 101: not in valid range [0, 100], profiles[0].pluginConfig[1].args.resources[0].weight: Invalid value: 2: must be 1]'
    });
  });

  it('fails to build a profile naming an unknown plugin, or Fit args of an unknown strategy', () => {
    const unknown = load(header + 'profiles:\n- plugins:\n    multiPoint:\n      enabled:\n      - name: Foo\n');
    expect(() => newFrameworkForProfile(unknown.profiles![0], handle())).toThrow('PreFilterPlugin "Foo" does not exist');
    const atFilter = load(header + 'profiles:\n- plugins:\n    filter:\n      enabled:\n      - name: Foo\n');
    expect(() => newFrameworkForProfile(atFilter.profiles![0], handle())).toThrow('FilterPlugin "Foo" does not exist');
    // Removed in v1.32 (kubernetes/kubernetes#124003): the in-tree volume limit plugins are unknown.
    const ebs = load(header + 'profiles:\n- plugins:\n    filter:\n      enabled:\n      - name: EBSLimits\n');
    expect(() => newFrameworkForProfile(ebs.profiles![0], handle())).toThrow('FilterPlugin "EBSLimits" does not exist');
    const fit = load(header + 'profiles:\n- pluginConfig:\n  - name: NodeResourcesFit\n    args:\n      scoringStrategy:\n        type: Foo\n        resources:\n        - name: cpu\n          weight: 0\n');
    // weight 0 is defaulted to 1; the type is not.
    expect(() => newFrameworkForProfile(fit.profiles![0], handle())).toThrow('initializing plugin "NodeResourcesFit": scoringStrategy.type: Unsupported value: "Foo": supported values: "LeastAllocated", "MostAllocated", "RequestedToCapacityRatio"');
    const rtcr = load(header + 'profiles:\n- pluginConfig:\n  - name: NodeResourcesFit\n    args:\n      scoringStrategy:\n        type: RequestedToCapacityRatio\n        requestedToCapacityRatio:\n          shape:\n          - {utilization: 50, score: 5}\n          - {utilization: 10, score: 11}\n');
    expect(() => newFrameworkForProfile(rtcr.profiles![0], handle())).toThrow(
      'initializing plugin "NodeResourcesFit": [scoringStrategy.requestedToCapacityRatio.shape[1].utilization: Invalid value: 10: values must be sorted in increasing order, scoringStrategy.requestedToCapacityRatio.shape[1].score: Invalid value: 11: not in valid range [0, 10]]'
    );
  });

  it('disabling every score plugin leaves nothing to score; "*" keeps MultiPoint out of that point only', () => {
    const cfg = setDefaults({ profiles: [{ schedulerName: 's', plugins: { score: { disabled: [{ name: '*' }] } } }] });
    const fw = newFrameworkForProfile(cfg.profiles![0], handle());
    expect(fw.score).toEqual([]);
    expect(fw.filter.map((p) => p.name)).toContain('NodeResourcesFit');
  });
});
