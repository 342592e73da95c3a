import { describe, expect, it } from 'vitest';
import { firstMutatingCommand } from '../../../src/sim/cluster/read-only';

describe('firstMutatingCommand (the past is read-only)', () => {
  const cases: { script: string; want: string | undefined }[] = [
    { script: 'kubectl get pods -o wide', want: undefined },
    { script: 'k describe deploy web\nkubectl logs web-1 -c nginx', want: undefined },
    { script: 'kubectl get -f pod.yaml', want: undefined },
    { script: 'sim trace --kind eviction\nsim time\nsim explain pod web-1\nsim kubelet logs worker-1\nsim node cgroups worker-1', want: undefined },
    { script: "sim metrics query 'sum(kubelet_running_pods)' --at 1m\nsim metrics status", want: undefined },
    { script: '# a comment\n\nkubectl get nodes', want: undefined },
    { script: 'kubectl get pods -w', want: 'kubectl get' },
    { script: 'kubectl get pods --watch=true', want: 'kubectl get' },
    { script: 'kubectl logs -f web-1', want: 'kubectl logs' },
    { script: 'kubectl get pods\nkubectl scale deploy web --replicas=3', want: 'kubectl scale' },
    { script: 'kubectl apply -f - <<EOF\napiVersion: v1\nkind: Pod\nEOF', want: 'kubectl apply' },
    { script: 'sim advance 5m', want: 'sim advance' },
    { script: 'sim node poweroff worker-2', want: 'sim node poweroff' },
    { script: 'sim kubelet stop worker-1', want: 'sim kubelet stop' },
    { script: 'kubectl', want: 'kubectl' },
    { script: "kubectl get secret db -o jsonpath='{.data.a}' | base64 -d | wc -c", want: undefined },
    { script: 'kubectl get pod web -o yaml | kubectl delete -f -', want: 'kubectl delete' },
    { script: 'kubectl config get-contexts\nkubectl config view --minify\nkubectl config current-context', want: undefined },
    { script: 'kubectl config set-context --current --namespace=dev', want: 'kubectl config' },
    { script: 'kubectl events --for pod/web --types=Warning', want: undefined },
    { script: 'kubectl events -w', want: 'kubectl events' }
  ];
  for (const c of cases) {
    it(JSON.stringify(c.script), () => expect(firstMutatingCommand(c.script)).toBe(c.want));
  }
});
