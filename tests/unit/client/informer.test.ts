import { describe, expect, it } from 'vitest';
import { ApiServer } from '../../../src/sim/apiserver/apiserver';
import { Rand } from '../../../src/sim/kernel/rand';
import { Client } from '../../../src/sim/client/client';
import { SharedInformer } from '../../../src/sim/client/informer';
import type { Transport } from '../../../src/sim/client/transport';
import type { KObject } from '../../../src/sim/apiserver/store';

/** The API server answered in-process (immediately): enough to drive one informer. */
function setup() {
  const server = new ApiServer({ rand: new Rand(1), now: () => 0, trace: () => {} });
  server.bootstrap();
  const transport: Transport = {
    request: (req, done) => done(server.handle(req)),
    watch: (req, onEvent) => {
      const w = server.watch(req, onEvent);
      return { stop: () => w.ok && server.stopWatch(w.id) };
    }
  };
  const client = new Client(transport, 'test');
  const create = (namespace: string, name: string) => {
    const r = server.handle({ verb: 'create', resource: 'configmaps', namespace, body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } }, user: 'test' });
    if (!r.ok) throw new Error(r.status.message);
  };
  const remove = (namespace: string, name: string) => server.handle({ verb: 'delete', resource: 'configmaps', namespace, name, user: 'test' });
  for (const ns of ['a', 'b']) server.handle({ verb: 'create', resource: 'namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } }, user: 'test' });
  return { server, client, create, remove };
}

const names = (objs: KObject[]) => objs.map((o) => o.metadata.name);

describe('SharedInformer.listNamespace (the namespace index)', () => {
  it('gives one namespace\'s objects in the order list() gives them, through list, watch adds and deletes', () => {
    const { client, create, remove } = setup();
    create('a', 'one');
    create('b', 'two');
    const inf = new SharedInformer(client, 'configmaps');
    inf.run();
    create('a', 'three');
    create('b', 'four');
    create('a', 'five');
    remove('a', 'three');
    const inA = inf.list().filter((o) => o.metadata.namespace === 'a');
    expect(names(inf.listNamespace('a'))).toEqual(names(inA));
    expect(names(inf.listNamespace('a'))).toEqual(['one', 'five']);
    expect(names(inf.listNamespace('b'))).toEqual(['two', 'four']);
    expect(inf.listNamespace('nowhere')).toEqual([]);
  });
});

describe('SharedInformer.setTransform', () => {
  it('caches and hands out what the transform keeps, from the list and from the watch', () => {
    const { client, create } = setup();
    create('a', 'one');
    const inf = new SharedInformer(client, 'configmaps');
    inf.setTransform((o) => ({ metadata: { name: o.metadata.name, namespace: o.metadata.namespace, resourceVersion: o.metadata.resourceVersion }, slim: true }));
    const added: KObject[] = [];
    inf.addEventHandler({ add: (o) => added.push(o) });
    inf.run();
    create('a', 'two');
    expect(names(inf.list())).toEqual(['one', 'two']);
    for (const o of [...inf.list(), ...added]) {
      expect(o.slim).toBe(true);
      expect(Object.keys(o.metadata).sort()).toEqual(['name', 'namespace', 'resourceVersion']);
    }
    expect(added.length).toBe(2);
  });
});
