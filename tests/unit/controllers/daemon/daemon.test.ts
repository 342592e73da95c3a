import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';
import { addOrUpdateDaemonPodTolerations, createPodTemplate, daemonSetHash, getTargetNodeName, nodeShouldRunDaemonPod, replaceDaemonSetPodNodeNameNodeAffinity } from '../../../../src/sim/controllers/daemon/util';
import { historiesToCleanup, maxRevision, maxUnavailableCount, rollingUpdatePodsToDelete, snapshot, splitHistories } from '../../../../src/sim/controllers/daemon/update';
import { podsShouldBeOnNode } from '../../../../src/sim/controllers/daemon/daemon-controller';

const node = (name: string, opts: { labels?: Record<string, string>; taints?: object[] } = {}) => ({ metadata: { name, labels: { 'kubernetes.io/os': 'linux', ...opts.labels } }, spec: { taints: opts.taints ?? [] } });
const ds = (spec: object = {}) => ({ metadata: { name: 'agent', namespace: 'default', uid: 'ds-uid', generation: 3, annotations: { 'deprecated.daemonset.template.generation': '2' } }, spec: { selector: { matchLabels: { app: 'agent' } }, template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'a', image: 'agent' }], ...spec } } } });
const taint = (key: string, effect: string) => ({ key, effect });

describe('NodeShouldRunDaemonPod', () => {
  it.each([
    ['a plain node', node('n'), ds(), true, true],
    ['a node selector that matches', node('n', { labels: { disk: 'ssd' } }), ds({ nodeSelector: { disk: 'ssd' } }), true, true],
    ['a node selector that does not match', node('n'), ds({ nodeSelector: { disk: 'ssd' } }), false, false],
    ['required node affinity that does not match', node('n'), ds({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }] } } } }), false, false],
    ['a template nodeName for another node', node('n'), ds({ nodeName: 'm' }), false, false],
    ['an untolerated NoSchedule taint: no new pod, the old one stays', node('n', { taints: [taint('node-role.kubernetes.io/control-plane', 'NoSchedule')] }), ds(), false, true],
    ['an untolerated NoExecute taint: no pod at all', node('n', { taints: [taint('dedicated', 'NoExecute')] }), ds(), false, false],
    ['a PreferNoSchedule taint does not matter', node('n', { taints: [taint('dedicated', 'PreferNoSchedule')] }), ds(), true, true],
    ['operator Exists tolerates everything', node('n', { taints: [taint('node-role.kubernetes.io/control-plane', 'NoSchedule'), taint('dedicated', 'NoExecute')] }), ds({ tolerations: [{ operator: 'Exists' }] }), true, true],
    ['not-ready NoExecute: tolerated by default', node('n', { taints: [taint('node.kubernetes.io/not-ready', 'NoExecute')] }), ds(), true, true],
    ['unreachable NoExecute: tolerated by default', node('n', { taints: [taint('node.kubernetes.io/unreachable', 'NoExecute')] }), ds(), true, true],
    ['unschedulable (cordoned): tolerated by default', node('n', { taints: [taint('node.kubernetes.io/unschedulable', 'NoSchedule')] }), ds(), true, true],
    ['memory-pressure: tolerated by default', node('n', { taints: [taint('node.kubernetes.io/memory-pressure', 'NoSchedule')] }), ds(), true, true],
    ['network-unavailable: not tolerated on the pod network', node('n', { taints: [taint('node.kubernetes.io/network-unavailable', 'NoSchedule')] }), ds(), false, true],
    ['network-unavailable: tolerated with hostNetwork', node('n', { taints: [taint('node.kubernetes.io/network-unavailable', 'NoSchedule')] }), ds({ hostNetwork: true }), true, true]
  ])('%s', (_name, n, d, shouldRun, shouldContinueRunning) => {
    expect(nodeShouldRunDaemonPod(n, d)).toEqual({ shouldRun, shouldContinueRunning });
  });
});

describe('daemon pod template', () => {
  it('adds the default tolerations after the pod own, without duplicates', () => {
    const spec: any = { hostNetwork: true, tolerations: [{ operator: 'Exists' }, { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' }] };
    addOrUpdateDaemonPodTolerations(spec);
    expect(spec.tolerations).toEqual([
      { operator: 'Exists' },
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
      { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/network-unavailable', operator: 'Exists', effect: 'NoSchedule' }
    ]);
  });
  it('labels the template with the revision hash and the template generation (the annotation, not metadata.generation)', () => {
    const t = createPodTemplate(ds(), 'abc123');
    expect(t.metadata.labels).toEqual({ app: 'agent', 'pod-template-generation': '2', 'controller-revision-hash': 'abc123' });
  });
  it('targets one node through required node affinity on metadata.name', () => {
    const affinity = replaceDaemonSetPodNodeNameNodeAffinity({ nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'a', operator: 'Exists' }] }] } } }, 'worker-1');
    expect(affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution).toEqual({ nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['worker-1'] }] }] });
    expect(getTargetNodeName({ spec: { affinity } })).toBe('worker-1');
    expect(getTargetNodeName({ spec: { nodeName: 'worker-2', affinity } })).toBe('worker-2');
    expect(getTargetNodeName({ spec: {} })).toBeUndefined();
  });
});

describe('podsShouldBeOnNode', () => {
  const p = (name: string, created: string, phase = 'Running', deleting = false) => ({ metadata: { name, creationTimestamp: created, ...(deleting ? { deletionTimestamp: created } : {}) }, spec: { nodeName: 'n' }, status: { phase } });
  it.each([
    ['no pod on an eligible node: create', node('n'), [], true, []],
    ['one pod: nothing to do', node('n'), [p('a', '2025-01-01T00:00:01Z')], false, []],
    ['two pods: the newer goes', node('n'), [p('b', '2025-01-01T00:00:05Z'), p('a', '2025-01-01T00:00:01Z')], false, ['b']],
    ['a failed pod goes (the next sync creates one)', node('n'), [p('a', '2025-01-01T00:00:01Z', 'Failed')], false, ['a']],
    ['only a terminating pod: wait for it', node('n'), [p('a', '2025-01-01T00:00:01Z', 'Running', true)], false, []],
    ['a node that no longer qualifies: delete', node('n', { taints: [taint('dedicated', 'NoExecute')] }), [p('a', '2025-01-01T00:00:01Z')], false, ['a']]
  ])('%s', (_n, nd, pods, create, deletes) => {
    const r = podsShouldBeOnNode(nd, pods, ds());
    expect(r.create).toBe(create);
    expect(r.deletePods.map((x) => x.metadata.name)).toEqual(deletes);
  });
});

describe('rollingUpdate (maxSurge 0)', () => {
  const d = ds();
  const pod = (name: string, hash: string, ready: boolean, deleting = false) => ({
    metadata: { name, labels: { 'controller-revision-hash': hash }, ...(deleting ? { deletionTimestamp: '2025-01-01T00:00:00Z' } : {}) },
    status: { conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] }
  });
  it.each([
    ['all old and available: one at a time', { a: [pod('a', 'old', true)], b: [pod('b', 'old', true)], c: [pod('c', 'old', true)] }, 1, ['a']],
    ['maxUnavailable 2', { a: [pod('a', 'old', true)], b: [pod('b', 'old', true)], c: [pod('c', 'old', true)] }, 2, ['a', 'b']],
    ['a new pod not yet available blocks the next', { a: [pod('a2', 'new', false)], b: [pod('b', 'old', true)] }, 1, []],
    ['a new pod available: the next old one goes', { a: [pod('a2', 'new', true)], b: [pod('b', 'old', true)] }, 1, ['b']],
    ['an old pod that is not available goes anyway', { a: [pod('a2', 'new', false)], b: [pod('b', 'old', false)] }, 1, ['b']],
    ['a node whose old pod is terminating counts as unavailable', { a: [pod('a', 'old', true, true)], b: [pod('b', 'old', true)] }, 1, []],
    ['all up to date: nothing', { a: [pod('a', 'new', true)] }, 1, []]
  ])('%s', (_n, byNode, maxUnavailable, want) => {
    expect(rollingUpdatePodsToDelete(d, new Map(Object.entries(byNode)), 'new', maxUnavailable, 0)).toEqual(want);
  });
  it.each([
    [undefined, 10, 1],
    [3, 10, 3],
    ['25%', 10, 3],
    ['10%', 3, 1]
  ])('maxUnavailable %s of %i nodes is %i', (v, desired, want) => {
    expect(maxUnavailableCount({ spec: { updateStrategy: { rollingUpdate: { maxUnavailable: v } } } }, desired)).toBe(want);
  });
});

describe('DaemonSet controller', () => {
  it('two revisions of the same template (a race): the newest stays, the pods take its hash, the other goes', async () => {
    const cluster = new Cluster({ seed: 12, workers: 2 });
    await cluster.waitForNodesReady();
    await cluster.advance(20_000);
    const console = new Console(cluster);
    const [original] = JSON.parse((await console.exec('kubectl get controllerrevisions -n kube-system -o json')).output).items;
    expect(original.revision).toBe(1);
    const copy = { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name: 'kube-proxy-copy', namespace: 'kube-system', labels: { ...original.metadata.labels, 'controller-revision-hash': 'copy' }, ownerReferences: original.metadata.ownerReferences }, data: original.data, revision: 2 };
    expect((await cluster.request({ verb: 'create', resource: 'controllerrevisions', namespace: 'kube-system', body: copy })).ok).toBe(true);
    // A change the DaemonSet controller notices (a node's labels) makes it sync.
    await console.exec('kubectl label node worker-1 sync=now');
    await cluster.advance(5_000);
    expect((await console.exec(`kubectl get controllerrevisions -n kube-system -o jsonpath='{.items[*].metadata.name}'`)).output).toBe('kube-proxy-copy');
    expect((await console.exec(`kubectl get pods -n kube-system -l k8s-app=kube-proxy -o jsonpath='{.items[*].metadata.labels.controller-revision-hash}'`)).output).toBe('copy copy copy');
    // The pods count as up to date: nothing was replaced.
    expect((await console.exec('kubectl get events -n kube-system --field-selector reason=SuccessfulDelete -o name')).output).toBe('');
    // A deleted revision syncs its DaemonSet (deleteHistory), which snapshots its template again.
    await console.exec('kubectl delete controllerrevision kube-proxy-copy -n kube-system');
    await cluster.advance(1_000);
    expect((await console.exec(`kubectl get controllerrevisions -n kube-system -o jsonpath='{.items[*].metadata.name}={.items[*].revision}'`)).output).toBe(`${original.metadata.name}=1`);
  }, 60_000);

  it('runs kube-proxy on every node, the control plane included, and on a node added later', async () => {
    const cluster = new Cluster({ seed: 11, workers: 2 });
    await cluster.waitForNodesReady();
    await cluster.advance(20_000);
    const console = new Console(cluster);
    expect((await console.exec('kubectl get ds -n kube-system')).output).toMatch(
      /^NAME\s+DESIRED\s+CURRENT\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+NODE SELECTOR\s+AGE\nkube-proxy\s+3\s+3\s+3\s+3\s+3\s+kubernetes\.io\/os=linux\s+\d+s\n$/
    );
    const nodes = (await console.exec('kubectl get pods -n kube-system -l k8s-app=kube-proxy -o jsonpath={.items[*].spec.nodeName}')).output.split(' ').sort();
    expect(nodes).toEqual(['control-plane', 'worker-1', 'worker-2']);
    const pod = JSON.parse((await console.exec('kubectl get pods -n kube-system -l k8s-app=kube-proxy -o json')).output).items[0];
    expect(pod.metadata.generateName).toBe('kube-proxy-');
    expect(pod.metadata.ownerReferences[0]).toMatchObject({ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'kube-proxy', controller: true });
    expect(pod.metadata.labels['controller-revision-hash']).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]+$/);
    expect(pod.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0]).toEqual({ key: 'metadata.name', operator: 'In', values: [pod.spec.nodeName] });
    expect(pod.spec.priorityClassName).toBe('system-node-critical');
    expect(pod.spec.priority).toBe(2000001000);
    expect(pod.spec.tolerations).toContainEqual({ key: 'node.kubernetes.io/network-unavailable', operator: 'Exists', effect: 'NoSchedule' });
    expect((await console.exec('kubectl get events -n kube-system --field-selector reason=SuccessfulCreate -o name')).output.trim().split('\n')).toHaveLength(3);

    await console.exec('sim node add worker-3');
    await cluster.advance(30_000);
    expect((await console.exec('kubectl get ds kube-proxy -n kube-system --no-headers')).output).toMatch(/^kube-proxy\s+4\s+4\s+4\s+4\s+4\s/);
    expect((await console.exec('kubectl get pods -n kube-system -l k8s-app=kube-proxy -o wide')).output).toMatch(/kube-proxy-\S+\s+1\/1\s+Running.*worker-3/);
  }, 60_000);

  it('skips tainted nodes without tolerations and rolls an image update node by node', async () => {
    const cluster = new Cluster({ seed: 12, workers: 3 });
    await cluster.waitForNodesReady();
    const console = new Console(cluster);
    const manifest = (image: string) => `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
      - name: agent
        image: ${image}
EOF
`;
    await console.exec(manifest('nginx:1.25'));
    await cluster.advance(30_000);
    // The control-plane node's NoSchedule taint is not tolerated.
    expect((await console.exec('kubectl get ds agent --no-headers')).output).toMatch(/^agent\s+3\s+3\s+3\s+3\s+3\s+<none>/);
    const oldHash = (await console.exec('kubectl get pods -l app=agent -o jsonpath={.items[0].metadata.labels.controller-revision-hash}')).output;

    await console.exec(manifest('nginx:1.27'));
    // One node at a time: at no point are two nodes without an available pod.
    let maxUnavailable = 0;
    for (let i = 0; i < 60; i++) {
      await cluster.advance(1_000);
      const status = JSON.parse((await console.exec('kubectl get ds agent -o json')).output).status;
      maxUnavailable = Math.max(maxUnavailable, status.numberUnavailable ?? 0);
    }
    expect(maxUnavailable).toBe(1);
    expect((await console.exec('kubectl get ds agent --no-headers')).output).toMatch(/^agent\s+3\s+3\s+3\s+3\s+3\s/);
    const images = (await console.exec('kubectl get pods -l app=agent -o jsonpath={.items[*].spec.containers[0].image}')).output.split(' ');
    expect(images).toEqual(['nginx:1.27', 'nginx:1.27', 'nginx:1.27']);
    const hashes = new Set((await console.exec('kubectl get pods -l app=agent -o jsonpath={.items[*].metadata.labels.controller-revision-hash}')).output.split(' '));
    expect(hashes.size).toBe(1);
    expect(hashes.has(oldHash)).toBe(false);
    const deleted = (await console.exec('kubectl get events --field-selector reason=SuccessfulDelete -o jsonpath={.items[*].message}')).output;
    expect(deleted.match(/Deleted pod: agent-\w{5}/g)).toHaveLength(3);
  }, 60_000);
});

describe('DaemonSet history (constructHistory, snapshot, cleanupHistory)', () => {
  const withImage = (image: string, extra: object = {}): any => {
    const d: any = ds();
    d.spec.template.spec.containers[0].image = image;
    Object.assign(d.spec, extra);
    return d;
  };
  const hist = (image: string, revision: number) => snapshot(withImage(image), revision);
  it('snapshot: NAME-<template hash>, the hash label pods carry, the DaemonSet annotations, owned by it', () => {
    const cr = snapshot(ds(), 1);
    const hash = daemonSetHash(ds());
    expect(cr.metadata).toEqual({
      name: `agent-${hash}`,
      namespace: 'default',
      labels: { app: 'agent', 'controller-revision-hash': hash },
      annotations: { 'deprecated.daemonset.template.generation': '2' },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: 'ds-uid', controller: true, blockOwnerDeletion: true }]
    });
    expect(cr.data.spec.template.$patch).toBe('replace');
    expect(cr.revision).toBe(1);
  });
  it('splits the revisions into the one holding the template and the old ones', () => {
    const { current, old } = splitHistories(withImage('agent:2'), [hist('agent:1', 1), hist('agent:2', 2), hist('agent:3', 3)]);
    expect(current.map((h) => h.revision)).toEqual([2]);
    expect(old.map((h) => h.revision)).toEqual([1, 3]);
    expect(maxRevision(old)).toBe(3);
  });
  it('cleans up the lowest old revisions beyond revisionHistoryLimit, not those a pod still runs', () => {
    const old = [hist('agent:3', 3), hist('agent:1', 1), hist('agent:2', 2)];
    const podOf = (h: any) => ({ metadata: { name: 'p', labels: { 'controller-revision-hash': h.metadata.labels['controller-revision-hash'] } } });
    expect(historiesToCleanup(withImage('agent:4', { revisionHistoryLimit: 1 }), old, []).map((h) => h.revision)).toEqual([1, 2]);
    expect(historiesToCleanup(withImage('agent:4', { revisionHistoryLimit: 1 }), old, [podOf(old[1])]).map((h) => h.revision)).toEqual([2, 3]);
    expect(historiesToCleanup(withImage('agent:4', { revisionHistoryLimit: 10 }), old, [])).toEqual([]);
  });
});
