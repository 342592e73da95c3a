/**
 * A pinned watch: `kubectl get pods -w` kept as a live table next to the map. This part decides
 * whether a console line can be pinned and what it asks for; `pin-table.ts` (loaded with the
 * panel) prints the table from the page's mirrored objects with kubectl's own printers.
 */
import { resolveResource } from '../../sim/api/resources';
import { readKubectl, words } from './complete';

/** Resources the page mirrors (bridge/playground-service.ts MIRRORED; a test keeps them equal). */
export const PINNABLE: readonly string[] = ['namespaces', 'nodes', 'pods', 'events', 'deployments', 'replicasets', 'daemonsets', 'statefulsets', 'jobs', 'cronjobs', 'services', 'endpoints', 'endpointslices', 'configmaps', 'secrets', 'persistentvolumes', 'persistentvolumeclaims', 'storageclasses', 'priorityclasses'];

export interface PinSpec {
  /** The line as typed, the panel's title. */
  command: string;
  /** Plural resource name (`pods`). */
  resource: string;
  namespaced: boolean;
  /** undefined: all namespaces (-A), or a cluster-scoped resource. */
  namespace?: string;
  /** Only these objects (`kubectl get pods web-1 web-2`); empty: all. */
  names: string[];
  /** -l / --selector */
  selector?: string;
  wide: boolean;
  showLabels: boolean;
}

/** Flags a pin honours; any other one (`-o yaml`, `--sort-by`, `--field-selector`) makes the line unpinnable. */
const HONOURED = new Set(['namespace', 'all-namespaces', 'watch', 'watch-only', 'selector', 'output', 'show-labels', 'output-watch-events']);

/** The pin for a `kubectl get` line of one mirrored resource type, human-readable output; else undefined. */
export function parsePin(command: string): PinSpec | undefined {
  if (command.includes('\n')) return undefined;
  const all = words(command.trim()).map((w) => w.text);
  if (all[0] !== 'kubectl' && all[0] !== 'k') return undefined;
  const line = readKubectl(all.slice(1));
  if (line.path.length !== 1 || line.path[0].name !== 'get' || line.afterDash || line.pendingFlag) return undefined;
  for (const flag of line.flags.keys()) if (!HONOURED.has(flag)) return undefined;
  const output = line.flags.get('output') ?? '';
  if (output !== '' && output !== 'wide') return undefined;
  const [typed, ...names] = line.positionals;
  if (!typed || typed.includes('/') || typed.includes(',')) return undefined;
  const r = resolveResource(typed);
  if (!r || !PINNABLE.includes(r.name)) return undefined;
  const selector = line.flags.get('selector');
  if (selector !== undefined && names.length > 0) return undefined;
  return {
    command: command.trim(),
    resource: r.name,
    namespaced: r.namespaced,
    namespace: r.namespaced && !line.allNamespaces ? line.namespace : undefined,
    names,
    selector: selector === '' ? undefined : selector,
    wide: output === 'wide',
    showLabels: line.flags.get('show-labels') === 'true'
  };
}
