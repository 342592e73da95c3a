import { describe, expect, it } from 'vitest';
import { MessageChannel } from 'node:worker_threads';
import { Cluster, inProcessHosts } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';
import { PortHostLink, serveHost } from '../../../../src/sim/cluster/port-link';
import { boot, podYAML } from './harness';

describe('the kubelet server through the node proxy (kubectl get --raw /api/v1/nodes/NODE/proxy/...)', () => {
  it('answers /healthz, /pods, /metrics and /stats/summary with what the node runs', async () => {
    const b = await boot();
    expect((await b.run('kubectl apply -f -', podYAML('web', [{ name: 'web', requests: { cpu: '200m', memory: '128Mi' } }]))).exitCode).toBe(0);
    await b.cluster.advance(20_000);
    const node = (await b.pod('web')).spec.nodeName as string;

    expect((await b.run(`kubectl get --raw /api/v1/nodes/${node}/proxy/healthz`)).stdout).toBe('ok');
    expect((await b.run(`sim trace --kind kubelet.serve --node ${node}`)).stdout).toMatch(/kubelet\.serve - method=GET path=\/healthz code=200 user=kube-apiserver-kubelet-client\n$/);

    const pods = JSON.parse((await b.run(`kubectl get --raw /api/v1/nodes/${node}/proxy/pods`)).stdout);
    expect(pods.kind).toBe('PodList');
    const web = pods.items.find((p: { metadata: { name: string } }) => p.metadata.name === 'web');
    expect(web.status.phase).toBe('Running');

    const metrics = (await b.run(`kubectl get --raw /api/v1/nodes/${node}/proxy/metrics`)).stdout;
    const running = pods.items.filter((p: { status: { phase: string } }) => p.status.phase === 'Running').length;
    expect(metrics).toContain(`# HELP kubelet_running_pods [ALPHA] Number of pods that have a running pod sandbox\n# TYPE kubelet_running_pods gauge\nkubelet_running_pods ${running}\n`);
    expect(metrics).toContain(`kubelet_node_name{node="${node}"} 1\n`);
    expect(metrics).toMatch(/kubelet_runtime_operations_total\{operation_type="run_podsandbox"\} [1-9]/);
    expect(metrics).toMatch(/kubelet_pod_start_duration_seconds_count [1-9]/);
    // 20 s of relists since the kubelet came up (it booted before the pod).
    expect(Number(/kubelet_pleg_relist_duration_seconds_count (\d+)/.exec(metrics)![1])).toBeGreaterThanOrEqual(20);

    const summary = JSON.parse((await b.run(`kubectl get --raw /api/v1/nodes/${node}/proxy/stats/summary`)).stdout);
    expect(summary.node.nodeName).toBe(node);
    const stats = summary.pods.find((p: { podRef: { name: string } }) => p.podRef.name === 'web');
    const cpu = stats.containers[0].cpu.usageNanoCores;
    expect(cpu).toBeGreaterThanOrEqual(0.2 * 200e6);
    expect(cpu).toBeLessThan(0.8 * 200e6);
    expect(summary.node.memory.usageBytes).toBeGreaterThan(stats.memory.usageBytes);
    expect(summary.node.memory.availableBytes + summary.node.memory.workingSetBytes).toBe(8 * 1024 ** 3);
  });

  it('fails as the API server does: unknown node, unknown path, kubelet stopped, node powered off', async () => {
    const b = await boot();
    expect((await b.run('kubectl get --raw /api/v1/nodes/nope/proxy/metrics')).stderr).toBe('Error from server (NotFound): nodes "nope" not found\n');
    expect((await b.run('kubectl get --raw /api/v1/nodes/worker-1/proxy/nothing')).stderr).toBe('Error from server (NotFound): the server could not find the requested resource\n');
    const ip = (await b.cluster.request({ verb: 'get', resource: 'nodes', name: 'worker-1' })) as { ok: true; object: { status: { addresses: { type: string; address: string }[] } } };
    const addr = ip.object.status.addresses.find((a) => a.type === 'InternalIP')!.address;
    await b.run('sim kubelet stop worker-1');
    await b.cluster.advance(1000);
    const stopped = await b.run('kubectl get --raw /api/v1/nodes/worker-1/proxy/healthz');
    expect(stopped.stderr).toBe(`Error from server (ServiceUnavailable): error trying to reach service: dial tcp ${addr}:10250: connect: connection refused\n`);
    expect(stopped.exitCode).toBe(1);
    await b.run('sim kubelet start worker-1');
    await b.cluster.advance(1000);
    expect((await b.run('kubectl get --raw /api/v1/nodes/worker-1/proxy/healthz')).stdout).toBe('ok');
    await b.run('sim node poweroff worker-1');
    await b.cluster.advance(1000);
    expect((await b.run('kubectl get --raw /api/v1/nodes/worker-1/proxy/healthz')).stderr).toContain(`dial tcp ${addr}:10250: connect: no route to host`);
  });

  it('checks its KubeletConfiguration: anonymous without a client CA is denied by the webhook; nothing trusted and no anonymous is 401', async () => {
    const b = await boot();
    const config = (authn: string) => `apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nauthentication:\n${authn}`;
    await b.run('sim kubelet config worker-1 -f -', config('  anonymous:\n    enabled: true\n'));
    await b.cluster.advance(3000);
    expect((await b.run('kubectl get --raw /api/v1/nodes/worker-1/proxy/metrics')).stderr).toBe(
      'Error from server (Forbidden): Forbidden (user=system:anonymous, verb=get, resource=nodes, subresource=metrics)\n'
    );
    await b.run('sim kubelet config worker-1 -f -', config('  anonymous:\n    enabled: false\n'));
    await b.cluster.advance(3000);
    expect((await b.run('kubectl get --raw /api/v1/nodes/worker-1/proxy/stats/summary')).stderr).toBe('error: You must be logged in to the server (the server has asked for the client to provide credentials)\n');
    await b.run('sim kubelet config worker-1 -f -', config('  x509:\n    clientCAFile: /etc/kubernetes/pki/ca.crt\n'));
    await b.cluster.advance(3000);
    expect((await b.run('kubectl get --raw /api/v1/nodes/worker-1/proxy/healthz')).stdout).toBe('ok');
  });

  it('rejects bad --raw use with kubectl wording', async () => {
    const b = await boot();
    expect((await b.run('kubectl get pods --raw /x')).stderr).toBe('error: arguments may not be passed when --raw is specified\n');
    expect((await b.run('kubectl get --raw /x -o yaml')).stderr).toBe('error: --raw and --output are mutually exclusive\n');
    expect((await b.run('kubectl get --raw x')).stderr).toBe('error: --raw must be a valid URL path: parse "x": invalid URI for request\n');
  });
});

describe('the kubelet server in worker mode', () => {
  it('answers logs, exec, port-forward and the node proxy across MessagePorts, with the trace of in-process mode', async () => {
    const run = async (worker: boolean) => {
      const cluster = new Cluster({ seed: 3, workers: 2 }, (kind, name, seed) => {
        if (!worker) return inProcessHosts(kind, name, seed);
        const { port1, port2 } = new MessageChannel();
        serveHost(inProcessHosts(kind, name, seed), port2);
        return new PortHostLink(name, port1);
      });
      expect(await cluster.waitForNodesReady()).toBe(true);
      const out = await new Console(cluster).exec(
        ['kubectl run web --image=nginx', 'sim advance 20s', 'kubectl logs web --tail=1', 'kubectl exec web -- cat /etc/hostname', 'kubectl get --raw /api/v1/nodes/worker-1/proxy/healthz', 'kubectl port-forward web 8080:80', 'wget -qO- localhost:8080 | grep title'].join('\n')
      );
      return { output: out.output, trace: JSON.stringify(cluster.conductor.trace.list()) };
    };
    const inProcess = await run(false);
    const workers = await run(true);
    expect(inProcess.output).toContain('web\nok');
    expect(inProcess.output).toContain('Handling connection for 8080\n<title>Welcome to nginx!</title>\n');
    expect(workers.output).toBe(inProcess.output);
    expect(workers.trace).toBe(inProcess.trace);
  });
});
