import { describe, expect, it } from 'vitest';
import type { KObject, Resources } from '../bridge/deltas';
import { complete } from './complete';

const pod = (namespace: string, name: string, labels: Record<string, string> = {}, containers = ['app']): KObject => ({
  metadata: { namespace, name, labels },
  spec: { containers: containers.map((c) => ({ name: c })) }
});
const byKey = (objects: KObject[]) => new Map(objects.map((o) => [o.metadata.namespace ? `${o.metadata.namespace}/${o.metadata.name}` : o.metadata.name, o]));

const RESOURCES: Resources = new Map([
  ['pods', byKey([pod('default', 'web-7c9f-x2k9q', { app: 'web' }, ['nginx', 'sidecar']), pod('default', 'web-7c9f-zz81m', { app: 'web' }), pod('default', 'db-0'), pod('kube-system', 'etcd-control-plane', { component: 'etcd' })])],
  ['deployments', byKey([{ metadata: { namespace: 'default', name: 'web' } }])],
  ['nodes', byKey([{ metadata: { name: 'control-plane' } }, { metadata: { name: 'worker-1' } }, { metadata: { name: 'worker-2' } }])],
  ['namespaces', byKey([{ metadata: { name: 'default' } }, { metadata: { name: 'kube-system' } }, { metadata: { name: 'kube-public' } }])]
]);

/** Tab at the end of `line`: the new line (a `|` marks the caret when it is not at the end) and the candidates. */
function tab(line: string) {
  const caret = line.indexOf('|');
  const text = caret >= 0 ? line.slice(0, caret) + line.slice(caret + 1) : line;
  const c = complete(text, caret >= 0 ? caret : text.length, RESOURCES);
  return { line: c.cursor === c.text.length ? c.text : c.text.slice(0, c.cursor) + '|' + c.text.slice(c.cursor), candidates: c.candidates, progressed: c.progressed };
}

describe('complete', () => {
  const cases: [name: string, line: string, want: string, candidates?: string[]][] = [
    ['the first word', 'kub', 'kubectl '],
    ['a kubectl verb', 'kubectl desc', 'kubectl describe '],
    ['the alias k works like kubectl', 'k get no', 'k get nodes '],
    ['a short name resolves to its resource', 'kubectl get po', 'kubectl get pods '],
    ['deploy -> deployments', 'kubectl get deploy', 'kubectl get deployments '],
    ['a singular resolves', 'kubectl describe pod', 'kubectl describe pods '],
    ['an unambiguous prefix', 'kubectl get dep', 'kubectl get deployments '],
    ['several types: the common prefix', 'kubectl get persistentv', 'kubectl get persistentvolume', ['persistentvolumeclaims', 'persistentvolumes']],
    ['a pod name in default', 'kubectl describe pods d', 'kubectl describe pods db-0 '],
    ['pod names share a prefix', 'kubectl get pods w', 'kubectl get pods web-7c9f-', ['web-7c9f-x2k9q', 'web-7c9f-zz81m']],
    ['names come from -n', 'kubectl -n kube-system get pods e', 'kubectl -n kube-system get pods etcd-control-plane '],
    ['-n after the type', 'kubectl get pods -n kube-system e', 'kubectl get pods -n kube-system etcd-control-plane '],
    ['--namespace=', 'kubectl get pods --namespace=kube-system e', 'kubectl get pods --namespace=kube-system etcd-control-plane '],
    ['names from all namespaces with -A', 'kubectl get pods -A e', 'kubectl get pods -A etcd-control-plane '],
    ['grouped switches -Aw', 'kubectl get pods -Aw e', 'kubectl get pods -Aw etcd-control-plane '],
    ['not from another namespace', 'kubectl get pods e', 'kubectl get pods e', []],
    ['names already given are not offered again', 'kubectl delete pods web-7c9f-x2k9q w', 'kubectl delete pods web-7c9f-x2k9q web-7c9f-zz81m '],
    ['TYPE/NAME', 'kubectl describe deploy/w', 'kubectl describe deploy/web '],
    ['cluster-scoped names', 'kubectl get nodes worker-2', 'kubectl get nodes worker-2 '],
    ['namespace values', 'kubectl get pods -n kube-s', 'kubectl get pods -n kube-system '],
    ['-o values', 'kubectl get pods -o w', 'kubectl get pods -o wide '],
    ['-o= values', 'kubectl get pods -o=y', 'kubectl get pods -o=yaml '],
    ['a flag', 'kubectl get pods --all-n', 'kubectl get pods --all-namespaces '],
    ['--watch', 'kubectl get pods --wa', 'kubectl get pods --watch'],
    ['label selector values', 'kubectl get pods -l a', 'kubectl get pods -l app=web '],
    ['logs: a pod, then a container', 'kubectl logs web-7c9f-x2k9q s', 'kubectl logs web-7c9f-x2k9q sidecar '],
    ['logs -c', 'kubectl logs web-7c9f-x2k9q -c n', 'kubectl logs web-7c9f-x2k9q -c nginx '],
    ['exec: a pod', 'kubectl exec db', 'kubectl exec db-0 '],
    ['nothing after exec --', 'kubectl exec db-0 -- l', 'kubectl exec db-0 -- l', []],
    ['cordon: a node', 'kubectl cordon worker-1', 'kubectl cordon worker-1 '],
    ['scale offers scalable types only', 'kubectl scale d', 'kubectl scale deployments '],
    ['autoscale offers scalable types only', 'kubectl autoscale st', 'kubectl autoscale statefulsets '],
    ['the HPA type', 'kubectl get ho', 'kubectl get horizontalpodautoscalers '],
    ['rollout subcommands', 'kubectl rollout st', 'kubectl rollout status '],
    ['rollout status types', 'kubectl rollout status deploy', 'kubectl rollout status deployments '],
    ['rollout undo offers stateful sets', 'kubectl rollout undo st', 'kubectl rollout undo statefulsets '],
    ['rollout history offers stateful sets', 'kubectl rollout history stat', 'kubectl rollout history statefulsets '],
    ['top subcommands, then names', 'kubectl top node c', 'kubectl top node control-plane '],
    ['create subcommands', 'kubectl create depl', 'kubectl create deployment '],
    ['verbs kubectl here lacks are not offered', 'kubectl ed', 'kubectl ed', []],
    ['sim subcommands', 'sim no', 'sim node '],
    ['sim node actions', 'sim node powerof', 'sim node poweroff '],
    ['node names after sim node poweroff', 'sim node poweroff worker-', 'sim node poweroff worker-', ['worker-1', 'worker-2']],
    ['sim kubelet restart NODE', 'sim kubelet restart c', 'sim kubelet restart control-plane '],
    ['sim node pressure KIND NODE', 'sim node pressure memory worker-2', 'sim node pressure memory worker-2 '],
    ['pods after sim container crash', 'sim container crash db', 'sim container crash db-0 '],
    ['sim explain pod NAME', 'sim explain pod web-7c9f-z', 'sim explain pod web-7c9f-zz81m '],
    ['sim trace --node', 'sim trace --node worker-1', 'sim trace --node worker-1 '],
    ['the caret mid-line: the word before it, then past the space', 'kubectl get po| -w', 'kubectl get pods |-w'],
    ['the last line of a multi-line input', 'sim time\nkubectl get no', 'sim time\nkubectl get nodes ']
  ];
  for (const [name, line, want, candidates] of cases) {
    it(name, () => {
      const got = tab(line);
      expect(got.line).toBe(want);
      if (candidates) expect(got.candidates).toEqual(candidates);
    });
  }

  it('lists the candidates when Tab cannot add anything', () => {
    const got = tab('kubectl get p');
    expect(got.progressed).toBe(false);
    expect(got.candidates).toEqual(['persistentvolumeclaims', 'persistentvolumes', 'poddisruptionbudgets', 'pods', 'priorityclasses']);
  });

  it('says where the word it completes starts', () => {
    const c = complete('sim time\nkubectl get pods w', 27, RESOURCES);
    expect(c.from).toBe(26);
    expect(c.text.slice(c.from, c.cursor)).toBe('web-7c9f-');
  });

  it('lists every verb after kubectl', () => {
    const got = tab('kubectl ');
    expect(got.progressed).toBe(false);
    expect(got.candidates).toContain('get');
    expect(got.candidates).toContain('scale');
    expect(got.candidates).toContain('drain');
    expect(got.candidates).not.toContain('edit');
  });
});
