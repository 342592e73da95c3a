/**
 * Builds a profile's framework from its (defaulted) configuration: instantiates the plugins it
 * names, fills each extension point from its own enabled list, then expands MultiPoint (explicit
 * per-point entries first, then MultiPoint's, then the rest), and takes the Score weights
 * (a Score entry's weight wins over MultiPoint's; 0 means 1). Errors carry upstream's messages.
 * upstream: pkg/scheduler/framework/runtime/framework.go (NewFramework, getExtensionPoints,
 * updatePluginList, expandMultiPointPlugins, getScoreWeights)
 */
import { Framework, type PluginLists } from '../framework/framework';
import { implementsPoint, type Handle, type Plugin } from '../framework/interfaces';
import { InTreeRegistry, type PluginFactory } from './registry';
import type { KubeSchedulerProfile, PluginSet, PluginSetName } from './types';

interface ExtensionPoint {
  set: PluginSetName;
  /** upstream: the Go interface's name, used in error messages. */
  typeName: string;
  list?: keyof PluginLists;
  implements: (p: Plugin) => boolean;
}

// upstream: getExtensionPoints order
const extensionPoints: ExtensionPoint[] = [
  { set: 'preFilter', typeName: 'PreFilterPlugin', list: 'preFilter', implements: implementsPoint.preFilter },
  { set: 'filter', typeName: 'FilterPlugin', list: 'filter', implements: implementsPoint.filter },
  { set: 'postFilter', typeName: 'PostFilterPlugin', list: 'postFilter', implements: implementsPoint.postFilter },
  { set: 'reserve', typeName: 'ReservePlugin', list: 'reserve', implements: implementsPoint.reserve },
  { set: 'preScore', typeName: 'PreScorePlugin', list: 'preScore', implements: implementsPoint.preScore },
  { set: 'score', typeName: 'ScorePlugin', list: 'score', implements: implementsPoint.score },
  { set: 'preBind', typeName: 'PreBindPlugin', list: 'preBind', implements: implementsPoint.preBind },
  { set: 'bind', typeName: 'BindPlugin', list: 'bind', implements: implementsPoint.bind },
  { set: 'postBind', typeName: 'PostBindPlugin', implements: () => false },
  { set: 'permit', typeName: 'PermitPlugin', list: 'permit', implements: implementsPoint.permit },
  { set: 'preEnqueue', typeName: 'PreEnqueuePlugin', list: 'preEnqueue', implements: implementsPoint.preEnqueue },
  { set: 'queueSort', typeName: 'QueueSortPlugin', list: 'queueSort', implements: implementsPoint.queueSort }
];

/** Builds the framework, or throws an Error with upstream's message. */
export function newFrameworkForProfile(profile: KubeSchedulerProfile, handle: Handle, registry: Record<string, PluginFactory> = InTreeRegistry): Framework {
  const plugins = profile.plugins ?? {};
  const needed = new Set<string>();
  for (const set of Object.values(plugins)) for (const p of (set as PluginSet | undefined)?.enabled ?? []) needed.add(p.name);
  const pluginConfig = new Map<string, Record<string, unknown>>();
  for (const pc of profile.pluginConfig ?? []) {
    if (pluginConfig.has(pc.name)) throw new Error(`repeated config for plugin ${pc.name}`);
    pluginConfig.set(pc.name, pc.args ?? {});
  }
  // upstream iterates the registry map (random order); sorted here, so the first error is stable.
  const pluginsMap = new Map<string, Plugin>();
  for (const name of Object.keys(registry).sort()) {
    if (!needed.has(name)) continue;
    try {
      pluginsMap.set(name, registry[name](pluginConfig.get(name) ?? {}, handle));
    } catch (e) {
      throw new Error(`initializing plugin ${JSON.stringify(name)}: ${(e as Error).message}`);
    }
  }
  const lists: Record<string, Plugin[]> = {};
  for (const e of extensionPoints) {
    const out: Plugin[] = [];
    const seen = new Set<string>();
    for (const ep of plugins[e.set]?.enabled ?? []) {
      const pg = pluginsMap.get(ep.name);
      if (!pg) throw new Error(`${e.typeName} ${JSON.stringify(ep.name)} does not exist`);
      if (!e.implements(pg)) throw new Error(`plugin ${JSON.stringify(ep.name)} does not extend ${e.typeName} plugin`);
      if (seen.has(ep.name)) throw new Error(`plugin ${JSON.stringify(ep.name)} already registered as ${JSON.stringify(e.typeName)}`);
      seen.add(ep.name);
      out.push(pg);
    }
    lists[e.set] = out;
  }
  const multiPoint = plugins.multiPoint?.enabled ?? [];
  if (multiPoint.length > 0) {
    for (const e of extensionPoints) {
      const enabled = (plugins[e.set]?.enabled ?? []).map((p) => p.name);
      const disabled = new Set((plugins[e.set]?.disabled ?? []).map((p) => p.name));
      if (disabled.has('*')) continue;
      const mp: string[] = [];
      const overrides = new Set<string>();
      for (const ep of multiPoint) {
        const pg = pluginsMap.get(ep.name);
        if (!pg) throw new Error(`${e.typeName} ${JSON.stringify(ep.name)} does not exist`);
        if (!e.implements(pg) || disabled.has(ep.name)) continue;
        if (enabled.includes(ep.name)) {
          overrides.add(ep.name);
          continue;
        }
        if (mp.includes(ep.name)) throw new Error(`plugin ${JSON.stringify(ep.name)} already registered as ${JSON.stringify(e.typeName)}`);
        mp.push(ep.name);
      }
      // upstream: overrides (in their per-point order), then MultiPoint's, then the other per-point ones.
      const order = [...enabled.filter((n) => overrides.has(n)), ...mp, ...enabled.filter((n) => !overrides.has(n))];
      lists[e.set] = order.map((n) => pluginsMap.get(n)!);
    }
  }
  const name = JSON.stringify(profile.schedulerName ?? '');
  if (lists.queueSort.length !== 1) throw new Error(`only one queue sort plugin required for profile with scheduler name ${name}, but got ${lists.queueSort.length}`);
  if (lists.bind.length === 0) throw new Error(`at least one bind plugin is needed for profile with scheduler name ${name}`);
  const weights: Record<string, number> = {};
  for (const ep of [...(plugins.score?.enabled ?? []), ...multiPoint]) {
    const pg = pluginsMap.get(ep.name);
    if (!pg || !implementsPoint.score(pg) || ep.name in weights) continue;
    // upstream: a weight of zero is not permitted; it means 1.
    weights[ep.name] = ep.weight || 1;
  }
  return new Framework([...pluginsMap.values()], weights, lists as unknown as PluginLists);
}
