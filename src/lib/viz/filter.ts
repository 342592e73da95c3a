/**
 * The map's filters: by namespace, by label selector (kubectl's `-l` syntax, parsed by the API's
 * own selector parser, so `app in (web,api),tier!=db` means here what it means to kubectl), by
 * node. Pure. Pods that do not match fade; they stay where they are, so the layout never jumps.
 * The filter lives in the URL query (`?ns=...&l=...&node=...`), so a link shows the same view.
 *
 * upstream: staging/src/k8s.io/apimachinery/pkg/labels/selector.go (Parse)
 */
import { LabelSelectorError, parseSelector, type Selector } from '../../sim/api/labels';
import type { KObject } from '../bridge/deltas';

export interface MapFilter {
  /** A namespace (`kubectl -n`), or '' for every namespace. */
  namespace: string;
  /** A label selector as `kubectl get -l` takes it, or ''. */
  labels: string;
  /** A node name, or ''. */
  node: string;
}

export const NO_FILTER: MapFilter = Object.freeze({ namespace: '', labels: '', node: '' });

/** The URL query parameters that carry each part. */
const PARAMS = { namespace: 'ns', labels: 'l', node: 'node' } as const satisfies Record<keyof MapFilter, string>;

export function filterFromQuery(params: URLSearchParams): MapFilter {
  return {
    namespace: (params.get(PARAMS.namespace) ?? '').trim(),
    labels: (params.get(PARAMS.labels) ?? '').trim(),
    node: (params.get(PARAMS.node) ?? '').trim()
  };
}

/** Writes the filter into `params` (empty parts are removed, so an unfiltered link stays clean). */
export function filterToQuery(filter: MapFilter, params: URLSearchParams): URLSearchParams {
  for (const part of Object.keys(PARAMS) as (keyof MapFilter)[]) {
    const value = filter[part].trim();
    if (value) params.set(PARAMS[part], value);
    else params.delete(PARAMS[part]);
  }
  return params;
}

export function isFiltering(filter: MapFilter): boolean {
  return filter.namespace !== '' || filter.labels !== '' || filter.node !== '';
}

export interface CompiledFilter {
  active: boolean;
  /** The selector's error in upstream's words (the filter then matches by namespace and node only). */
  error?: string;
  /** Whether a pod is shown in full (true) or faded. */
  matches(pod: KObject): boolean;
  /** Whether a node card is shown in full: with a node filter, only that node's. */
  matchesNode(name: string): boolean;
}

/**
 * Compiles the filter once; `matches` is then called per pod per change. A selector upstream
 * rejects does not throw: the error is kept for the filter bar and the labels part is ignored.
 */
export function compileFilter(filter: MapFilter): CompiledFilter {
  let selector: Selector | undefined;
  let error: string | undefined;
  if (filter.labels) {
    try {
      selector = parseSelector(filter.labels);
    } catch (e) {
      if (!(e instanceof LabelSelectorError)) throw e;
      // The parser's own words (`unable to parse requirement: found '', expected: ',' or ')'`).
      error = e.message;
    }
  }
  const { namespace, node } = filter;
  return {
    active: isFiltering(filter),
    ...(error ? { error } : {}),
    matches(pod) {
      if (namespace && (pod.metadata?.namespace ?? 'default') !== namespace) return false;
      if (node && pod.spec?.nodeName !== node) return false;
      return selector ? selector.matches(pod.metadata?.labels) : true;
    },
    matchesNode(name) {
      return !node || name === node;
    }
  };
}

/** How many of `pods` a filter shows: the bar's `12 of 40 pods`. */
export function countMatching(pods: Iterable<KObject>, filter: CompiledFilter): { shown: number; total: number } {
  let shown = 0;
  let total = 0;
  for (const pod of pods) {
    total++;
    if (filter.matches(pod)) shown++;
  }
  return { shown, total };
}
