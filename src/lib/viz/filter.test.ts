import { describe, expect, it } from 'vitest';
import * as parser from '../../sim/api/labels';
import { compileFilter, countMatching, filterFromQuery, loadSelectorParser, filterToQuery, isFiltering, NO_FILTER, PodNamespaces, type MapFilter } from './filter';
import { applyChanges, type KObject, type Resources } from '../bridge/deltas';
import type { ObjectChange } from '../bridge/protocol';

const pod = (namespace: string, name: string, labels: Record<string, string>, nodeName?: string): KObject => ({
  metadata: { namespace, name, labels },
  spec: nodeName ? { nodeName } : {}
});

const PODS = [
  pod('default', 'web-1', { app: 'web', tier: 'front' }, 'worker-1'),
  pod('default', 'web-2', { app: 'web', tier: 'front' }, 'worker-2'),
  pod('default', 'api-1', { app: 'api', tier: 'back' }, 'worker-1'),
  pod('shop', 'db-0', { app: 'db', tier: 'back', version: '3' }, 'worker-2'),
  pod('shop', 'queue-0', {}, undefined),
  pod('kube-system', 'etcd-control-plane', { component: 'etcd', tier: 'control-plane' }, 'control-plane')
];

const shown = (f: Partial<MapFilter>) =>
  PODS.filter((p) => compileFilter({ ...NO_FILTER, ...f }, parser).matches(p)).map((p) => p.metadata.name);

describe('compileFilter', () => {
  it.each([
    ['no filter: every pod', {}, ['web-1', 'web-2', 'api-1', 'db-0', 'queue-0', 'etcd-control-plane']],
    ['namespace', { namespace: 'shop' }, ['db-0', 'queue-0']],
    ['equality selector', { labels: 'app=web' }, ['web-1', 'web-2']],
    ['== and != together', { labels: 'tier==back,app!=db' }, ['api-1']],
    ['set-based', { labels: 'app in (web,db)' }, ['web-1', 'web-2', 'db-0']],
    ['notin also selects pods without the label', { labels: 'app notin (web,api)' }, ['db-0', 'queue-0', 'etcd-control-plane']],
    ['exists', { labels: 'version' }, ['db-0']],
    ['does not exist', { labels: '!app' }, ['queue-0', 'etcd-control-plane']],
    ['greater than', { labels: 'version>2' }, ['db-0']],
    ['node', { node: 'worker-1' }, ['web-1', 'api-1']],
    ['an unscheduled pod matches no node filter', { node: 'worker-2', namespace: 'shop' }, ['db-0']],
    ['all three', { namespace: 'default', labels: 'tier=front', node: 'worker-2' }, ['web-2']]
  ] as const)('%s', (_, f, want) => {
    expect(shown(f)).toEqual(want);
  });

  it.each([
    ['an unclosed set', 'app in (web', "unable to parse requirement: found '', expected: ',' or ')'"],
    ['an operator without a key', '=web', "found '=', expected: !, identifier, or 'end of string'"]
  ])('a selector upstream rejects (%s) gives its error and filters by the rest only', (_, labels, message) => {
    const f = compileFilter({ ...NO_FILTER, namespace: 'shop', labels }, parser);
    expect(f.error).toBe(message);
    expect(PODS.filter((p) => f.matches(p)).map((p) => p.metadata.name)).toEqual(['db-0', 'queue-0']);
  });

  it('fades the other node cards only with a node filter', () => {
    expect(compileFilter({ ...NO_FILTER, node: 'worker-1' }, parser).matchesNode('worker-2')).toBe(false);
    expect(compileFilter({ ...NO_FILTER, node: 'worker-1' }, parser).matchesNode('worker-1')).toBe(true);
    expect(compileFilter({ ...NO_FILTER, namespace: 'shop' }, parser).matchesNode('worker-2')).toBe(true);
  });

  it('a selector whose parser has not loaded yet is pending: it filters by namespace and node only until then', () => {
    const f = compileFilter({ ...NO_FILTER, namespace: 'shop', labels: 'app=db' }, undefined);
    expect(f).toMatchObject({ active: true, pending: true });
    expect(f.error).toBeUndefined();
    expect(PODS.filter((p) => f.matches(p)).map((p) => p.metadata.name)).toEqual(['db-0', 'queue-0']);
    expect(compileFilter({ ...NO_FILTER, namespace: 'shop' }, undefined).pending).toBeUndefined();
  });

  it('loads the parser once, as the API module', async () => {
    const loading = loadSelectorParser();
    expect(loadSelectorParser()).toBe(loading);
    expect((await loading).parseSelector).toBe(parser.parseSelector);
  });

  it('counts what it shows', () => {
    expect(countMatching(PODS, compileFilter({ ...NO_FILTER, labels: 'tier=back' }, parser))).toEqual({ shown: 2, total: 6 });
  });
});

describe('the filter in the URL', () => {
  it('reads ?ns=...&l=...&node=... and writes it back, leaving other parameters alone', () => {
    const params = new URLSearchParams('seed=4&ns=shop&l=app%20in%20(web%2Cdb)&node=worker-2');
    const f = filterFromQuery(params);
    expect(f).toEqual({ namespace: 'shop', labels: 'app in (web,db)', node: 'worker-2' });
    expect(isFiltering(f)).toBe(true);
    const out = filterToQuery({ ...f, node: '' }, new URLSearchParams('seed=4&node=worker-2'));
    expect(out.toString()).toBe('seed=4&ns=shop&l=app+in+%28web%2Cdb%29');
  });

  it('an unfiltered view leaves no parameters', () => {
    expect(isFiltering(filterFromQuery(new URLSearchParams('seed=1')))).toBe(false);
    expect(filterToQuery(NO_FILTER, new URLSearchParams('ns=a&l=b&node=c')).toString()).toBe('');
  });
});

describe('PodNamespaces', () => {
  const p = (ns: string, name: string) => ({ metadata: { namespace: ns, name } });
  const put = (o: KObject): ObjectChange => ({ type: 'MODIFIED', resource: 'pods', key: `${o.metadata.namespace}/${o.metadata.name}`, object: o });
  const del = (o: KObject): ObjectChange => ({ ...put(o), type: 'DELETED' });

  it('lists the namespaces pods are in, sorted, following each batch; the same list while the set stays', () => {
    let r: Resources = applyChanges(new Map(), [put(p('web', 'a')), put(p('default', 'b')), put(p('web', 'c'))]);
    const ns = new PodNamespaces();
    const first = ns.update(r.get('pods')!);
    expect(first).toEqual(['default', 'web']);
    r = applyChanges(r, [put(p('web', 'd')), del(p('web', 'a'))]);
    expect(ns.update(r.get('pods')!)).toBe(first);
    r = applyChanges(r, [put(p('batch', 'e')), del(p('default', 'b'))]);
    expect(ns.update(r.get('pods')!)).toEqual(['batch', 'web']);
    r = applyChanges(r, [del(p('web', 'c')), del(p('web', 'd'))]);
    expect(ns.update(r.get('pods')!)).toEqual(['batch']);
    // A plain map (no journal) is read whole.
    expect(new PodNamespaces().update(new Map([['kube-system/x', p('kube-system', 'x')]]))).toEqual(['kube-system']);
  });
});
