/**
 * The map's filters: by namespace, by label selector (kubectl's `-l` syntax, parsed by the API's
 * own selector parser, so `app in (web,api),tier!=db` means here what it means to kubectl), by
 * node. Pure. Pods that do not match fade; they stay where they are, so the layout never jumps.
 * The filter lives in the URL query (`?ns=...&l=...&node=...`), so a link shows the same view.
 *
 * upstream: staging/src/k8s.io/apimachinery/pkg/labels/selector.go (Parse)
 */
import type { Selector } from '../../sim/api/labels';
import { changedKeys, type KObject } from '../bridge/deltas';

/** The API's label-selector parser (labels.ts, some 4 kB gzip of the map's first load). */
export type SelectorParser = Pick<typeof import('../../sim/api/labels'), 'parseSelector' | 'LabelSelectorError'>;

let selectorParser: Promise<SelectorParser> | undefined;
/**
 * Loads the selector parser: it is not part of the map's first load, which has no selector to
 * parse. The map asks for it when a filter has labels (typed, or from the URL); the bar as soon as
 * its Labels field has the focus, so a typed selector finds it loaded.
 */
export function loadSelectorParser(): Promise<SelectorParser> {
  return (selectorParser ??= import('../../sim/api/labels'));
}

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
  /** A selector waits for its parser (loadSelectorParser): meanwhile it filters by namespace and node only. */
  pending?: boolean;
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
 * Without `parser` (not loaded yet) a selector is `pending` and ignored the same way.
 */
export function compileFilter(filter: MapFilter, parser: SelectorParser | undefined): CompiledFilter {
  let selector: Selector | undefined;
  let error: string | undefined;
  if (filter.labels && parser) {
    try {
      selector = parser.parseSelector(filter.labels);
    } catch (e) {
      if (!(e instanceof parser.LabelSelectorError)) throw e;
      // The parser's own words (`unable to parse requirement: found '', expected: ',' or ')'`).
      error = e.message;
    }
  }
  const { namespace, node } = filter;
  return {
    active: isFiltering(filter),
    ...(filter.labels && !parser ? { pending: true } : {}),
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

/**
 * The namespaces the pods are in (the filter bar's choices), sorted, kept up to date from the
 * store's changes (deltas.ts changedKeys): a batch costs its changed pods, not a scan of all of
 * them, and the same array comes back while the set stays the same.
 */
export class PodNamespaces {
  #seen: ReadonlyMap<string, KObject> | undefined;
  /** pod key -> its namespace. */
  readonly #of = new Map<string, string>();
  /** namespace -> how many pods are in it. */
  readonly #count = new Map<string, number>();
  #list: readonly string[] = [];

  update(pods: ReadonlyMap<string, KObject>): readonly string[] {
    const changed = changedKeys(this.#seen, pods);
    this.#seen = pods;
    if (changed?.size === 0) return this.#list;
    if (changed === undefined) {
      this.#of.clear();
      this.#count.clear();
    }
    const before = this.#count.size;
    let moved = changed === undefined;
    for (const key of changed ?? pods.keys()) {
      const was = this.#of.get(key);
      const pod = pods.get(key);
      const now = pod ? ((pod.metadata?.namespace as string | undefined) ?? 'default') : undefined;
      if (was === now) continue;
      if (was !== undefined) {
        const n = this.#count.get(was)! - 1;
        if (n === 0) {
          this.#count.delete(was);
          moved = true;
        } else this.#count.set(was, n);
        this.#of.delete(key);
      }
      if (now !== undefined) {
        const n = this.#count.get(now) ?? 0;
        if (n === 0) moved = true;
        this.#count.set(now, n + 1);
        this.#of.set(key, now);
      }
    }
    if (moved || before !== this.#count.size) this.#list = [...this.#count.keys()].sort();
    return this.#list;
  }
}
