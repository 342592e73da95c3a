/**
 * A pinned watch's table, printed from the page's mirrored objects by kubectl's own table printer
 * (so it reads exactly like `kubectl get`), in the API server's list order. Loaded with the
 * panel: the printers stay out of the page's first load.
 */
import { tryParseSelector } from '../../sim/api/labels';
import { SIM_EPOCH_MS } from '../../sim/kernel/clock';
import { printNoResources, printTable } from '../../sim/kubectl/printers/table';
import type { KObject, Resources } from '../bridge/deltas';
import type { PinSpec } from './pin';

/** The objects the pinned command lists now, in key order (as etcd lists them). */
export function pinnedObjects(spec: PinSpec, resources: Resources): KObject[] {
  const objects = resources.get(spec.resource);
  if (!objects) return [];
  const selector = spec.selector !== undefined ? tryParseSelector(spec.selector) : undefined;
  const out: KObject[] = [];
  for (const key of [...objects.keys()].sort()) {
    const o = objects.get(key)!;
    if (spec.namespace !== undefined && o.metadata?.namespace !== spec.namespace) continue;
    if (spec.names.length > 0 && !spec.names.includes(o.metadata?.name)) continue;
    if (selector && !selector.matches(o.metadata?.labels)) continue;
    out.push(o);
  }
  return out;
}

/** The table `kubectl get` (without -w) would print at virtual time `now` (ms since boot). */
export function pinnedTable(spec: PinSpec, resources: Resources, now: number): string {
  if (spec.selector !== undefined && !tryParseSelector(spec.selector)) return `error: unable to parse requirement: ${spec.selector}\n`;
  const objects = pinnedObjects(spec, resources);
  if (objects.length === 0) return printNoResources(spec.namespaced ? spec.namespace : undefined);
  return printTable(spec.resource, objects, {
    now: SIM_EPOCH_MS + now,
    wide: spec.wide,
    showLabels: spec.showLabels,
    withNamespace: spec.namespaced && spec.namespace === undefined
  });
}
