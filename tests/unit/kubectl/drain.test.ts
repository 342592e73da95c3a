// `kubectl drain` against an API server with no controllers: which pods it refuses, skips, warns
// about and evicts, its retries on 429, its timeout, and its flags.
// upstream: staging/src/k8s.io/kubectl/pkg/cmd/drain/drain_test.go, pkg/drain/filters.go
import { describe, expect, it } from 'vitest';
import { bench, type Bench } from './harness';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Obj = Record<string, any>;

const owner = (kind: string, name: string) => [{ apiVersion: 'apps/v1', kind, name, uid: `uid-${name}`, controller: true }];

function pod(b: Bench, name: string, extra: { namespace?: string; meta?: Obj; spec?: Obj; ready?: boolean } = {}): void {
  const namespace = extra.namespace ?? 'default';
  b.create('pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name, ...extra.meta }, spec: { nodeName: 'worker-1', containers: [{ name: 'c', image: 'nginx' }], ...extra.spec } }, namespace);
  if (extra.ready) {
    const p = structuredClone(b.get('pods', name, namespace)!);
    p.status = { ...p.status, phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] };
    b.api.handle({ verb: 'update', resource: 'pods', subresource: 'status', namespace, name, body: p, user: 'kubelet' });
  }
}

/** worker-1 with a DaemonSet pod, a mirror pod, a bare pod, a pod with an emptyDir and two ReplicaSet pods. */
function node(): Bench {
  const b = bench();
  b.create('nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'worker-1' } });
  b.create('daemonsets', { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'kube-proxy' }, spec: { selector: { matchLabels: { k: 'p' } }, template: { metadata: { labels: { k: 'p' } }, spec: { containers: [{ name: 'c', image: 'kube-proxy' }] } } } }, 'kube-system');
  pod(b, 'kube-proxy-x7k2p', { namespace: 'kube-system', meta: { ownerReferences: owner('DaemonSet', 'kube-proxy') } });
  pod(b, 'etcd-worker-1', { meta: { annotations: { 'kubernetes.io/config.mirror': 'abc' } } });
  pod(b, 'solo');
  pod(b, 'cache-1', { meta: { ownerReferences: owner('ReplicaSet', 'cache') }, spec: { volumes: [{ name: 'tmp', emptyDir: {} }] } });
  pod(b, 'web-1', { meta: { labels: { app: 'web' }, ownerReferences: owner('ReplicaSet', 'web') } });
  pod(b, 'web-2', { meta: { labels: { app: 'web' }, ownerReferences: owner('ReplicaSet', 'web') } });
  return b;
}

const LOCAL = 'cannot delete Pods with local storage (use --delete-emptydir-data to override): default/cache-1';
const BARE = 'cannot delete Pods that declare no controller (use --force to override): default/solo';
const DS = 'cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/kube-proxy-x7k2p';

describe('kubectl drain', () => {
  it('cordons, then refuses DaemonSet, emptyDir and bare pods without the flags that allow them, deleting nothing', async () => {
    const b = node();
    const out = await b.run('kubectl drain worker-1');
    expect(out.stdout).toBe('node/worker-1 cordoned\n');
    expect(out.stderr).toBe(
      `error: unable to drain node "worker-1" due to error: [${LOCAL}, ${BARE}, ${DS}], continuing command...\n` +
        'There are pending nodes to be drained:\n worker-1\n' +
        `${LOCAL}\n${BARE}\n${DS}\n`
    );
    expect(out.exitCode).toBe(1);
    expect(b.get('nodes', 'worker-1')!.spec.unschedulable).toBe(true);
    expect(b.get('pods', 'web-1', 'default')!.metadata.deletionTimestamp).toBeUndefined();
  });

  it('with the flags, warns, evicts every other pod at once, skips the mirror pod and waits until they are gone', async () => {
    const b = node();
    const out = await b.run('kubectl drain worker-1 --ignore-daemonsets --delete-emptydir-data --force --grace-period=5');
    expect(out.stdout).toBe(
      [
        'node/worker-1 cordoned',
        'Warning: deleting Pods that declare no controller: default/solo; ignoring DaemonSet-managed Pods: kube-system/kube-proxy-x7k2p',
        'evicting pod default/cache-1',
        'evicting pod default/solo',
        'evicting pod default/web-1',
        'evicting pod default/web-2',
        'pod/cache-1 evicted',
        'pod/solo evicted',
        'pod/web-1 evicted',
        'pod/web-2 evicted',
        'node/worker-1 drained',
        ''
      ].join('\n')
    );
    expect(out.stderr).toBe('');
    // The pods got --grace-period=5; drain polled every second until they were gone.
    expect(b.now()).toBe(5000);
    expect(b.get('pods', 'etcd-worker-1', 'default')).toBeDefined();
    expect(b.get('pods', 'kube-proxy-x7k2p', 'kube-system')).toBeDefined();
  });

  it('--dry-run=client lists what it would evict and changes nothing', async () => {
    const b = node();
    const out = await b.run('kubectl drain worker-1 --ignore-daemonsets --force --delete-emptydir-data --dry-run=client');
    expect(out.stdout).toBe(
      'node/worker-1 cordoned (dry run)\n' +
        'Warning: deleting Pods that declare no controller: default/solo; ignoring DaemonSet-managed Pods: kube-system/kube-proxy-x7k2p\n' +
        'evicting pod default/cache-1 (dry run)\nevicting pod default/solo (dry run)\nevicting pod default/web-1 (dry run)\nevicting pod default/web-2 (dry run)\n' +
        'node/worker-1 drained (dry run)\n'
    );
    expect(b.get('nodes', 'worker-1')!.spec?.unschedulable).toBeUndefined();
    expect(b.get('pods', 'web-1', 'default')!.metadata.deletionTimestamp).toBeUndefined();
  });

  it('--dry-run=server sends the evictions as dry runs and does not wait', async () => {
    const b = node();
    const out = await b.run('kubectl drain worker-1 --pod-selector=app=web --dry-run=server');
    expect(out.stdout).toBe('node/worker-1 cordoned (server dry run)\nevicting pod default/web-1 (server dry run)\nevicting pod default/web-2 (server dry run)\nnode/worker-1 drained (server dry run)\n');
    expect(b.get('pods', 'web-1', 'default')!.metadata.deletionTimestamp).toBeUndefined();
    expect(b.now()).toBe(0);
  });

  it('--disable-eviction deletes (bypassing budgets) and prints "deleted"', async () => {
    const b = node();
    blockingBudget(b);
    const out = await b.run('kubectl drain worker-1 --pod-selector=app=web --disable-eviction --grace-period=2');
    expect(out.stdout).toBe('node/worker-1 cordoned\npod/web-1 deleted\npod/web-2 deleted\nnode/worker-1 drained\n');
    expect(b.now()).toBe(2000);
  });

  it('retries a 429 every 5 s and gives up at --timeout with kubectl\'s messages', async () => {
    const b = node();
    blockingBudget(b);
    const out = await b.run('kubectl drain worker-1 --pod-selector=app=web --timeout=12s');
    const refused = (p: string) => [`evicting pod default/${p}`, `error when evicting pods/"${p}" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`];
    expect(out.stdout.split('\n')).toEqual([
      'node/worker-1 cordoned',
      ...refused('web-1'), ...refused('web-2'), // 0 s
      ...refused('web-1'), ...refused('web-2'), // 5 s
      ...refused('web-1'), ...refused('web-2'), // 10 s
      'evicting pod default/web-1', 'evicting pod default/web-2', // 15 s: past the 12 s timeout
      ''
    ]);
    const e = (p: string) => `error when evicting pods/"${p}" -n "default": global timeout reached: 12s`;
    expect(out.stderr).toBe(
      `There are pending pods in node "worker-1" when an error occurred: [${e('web-1')}, ${e('web-2')}]\npod/web-1\npod/web-2\n` +
        `error: unable to drain node "worker-1" due to error: [${e('web-1')}, ${e('web-2')}], continuing command...\n` +
        'There are pending nodes to be drained:\n worker-1\n' +
        `${e('web-1')}\n${e('web-2')}\n`
    );
    expect(b.now()).toBe(15_000);
    expect(b.get('pods', 'web-1', 'default')!.metadata.deletionTimestamp).toBeUndefined();
  });

  it('drains every node a --selector picks and lists those it could not drain', async () => {
    const b = bench();
    for (const n of ['worker-1', 'worker-2']) {
      b.create('nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: n, labels: { pool: 'a' } } });
      b.create('pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name: `solo-${n}` }, spec: { nodeName: n, containers: [{ name: 'c', image: 'nginx' }] } }, 'default');
    }
    const out = await b.run('kubectl drain -l pool=a');
    expect(out.stdout).toBe('node/worker-1 cordoned\nnode/worker-2 cordoned\n');
    const bare = (n: string) => `cannot delete Pods that declare no controller (use --force to override): default/solo-${n}`;
    expect(out.stderr).toBe(
      `error: unable to drain node "worker-1" due to error: ${bare('worker-1')}, continuing command...\n` +
        `error: unable to drain node "worker-2" due to error: ${bare('worker-2')}, continuing command...\n` +
        'There are pending nodes to be drained:\n worker-1\n worker-2\n' +
        `${bare('worker-1')}\n${bare('worker-2')}\n`
    );
  });

  it.each([
    ['kubectl drain', "error: USAGE: drain NODE [flags]\nSee 'kubectl drain -h' for help and examples\n"],
    ['kubectl drain worker-1 -l a=b', "error: cannot specify both a node name and a --selector option\nSee 'kubectl drain -h' for help and examples\n"],
    ['kubectl drain worker-1 --pod-selector=a,,b', 'error: --pod-selector=<pod_selector> must be a valid label selector\n'],
    ['kubectl drain nope', 'Error from server (NotFound): nodes "nope" not found\n'],
    ['kubectl drain worker-1 --dry-run=maybe', 'error: Invalid dry-run value (maybe). Must be "none", "server", or "client".\n']
  ])('%s fails and changes nothing', async (line, stderr) => {
    const b = node();
    const out = await b.run(line);
    expect(out.stderr).toBe(stderr);
    expect(out.exitCode).toBe(1);
    expect(b.get('nodes', 'worker-1')!.spec?.unschedulable).toBeUndefined();
  });
});

/** A budget over the (Ready) web pods that allows no disruption, as its controller would have written it. */
function blockingBudget(b: Bench): void {
  for (const name of ['web-1', 'web-2']) {
    const p = structuredClone(b.get('pods', name, 'default')!);
    p.status = { ...p.status, phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] };
    b.api.handle({ verb: 'update', resource: 'pods', subresource: 'status', namespace: 'default', name, body: p, user: 'kubelet' });
  }
  const pdb = b.create('poddisruptionbudgets', { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'web' }, spec: { minAvailable: 2, selector: { matchLabels: { app: 'web' } } } }, 'default');
  const next = structuredClone(pdb);
  next.status = { observedGeneration: 1, currentHealthy: 2, desiredHealthy: 2, expectedPods: 2, disruptionsAllowed: 0 };
  b.api.handle({ verb: 'update', resource: 'poddisruptionbudgets', subresource: 'status', namespace: 'default', name: 'web', body: next, user: 'disruption-controller' });
}
