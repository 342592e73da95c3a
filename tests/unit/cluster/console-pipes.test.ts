/**
 * Console pipes: what follows an unquoted `|` reads the output before it, as in a terminal.
 * kubectl and sim stages run against the cluster; the others on the learner's machine (busybox).
 */
import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../src/sim/cluster/cluster';
import { Console } from '../../../src/sim/cluster/console';
import { splitPipeline } from '../../../src/sim/kubectl/args';

describe('splitPipeline', () => {
  it.each([
    ['kubectl get pods', ['kubectl get pods']],
    ['kubectl get pods | grep web | wc -l', ['kubectl get pods', 'grep web', 'wc -l']],
    ["kubectl get pods -o jsonpath='{.a|b}' | tr a b", ["kubectl get pods -o jsonpath='{.a|b}'", 'tr a b']],
    ['kubectl get pods -l "a|b"', ['kubectl get pods -l "a|b"']],
    ['kubectl get pods a\\|b', ['kubectl get pods a\\|b']],
    ['kubectl get pods || echo no', ['kubectl get pods || echo no']],
    ['kubectl get pods # | not a pipe', ['kubectl get pods # | not a pipe']],
    ['kubectl get pods |', ['kubectl get pods', '']]
  ])('%s', (line, want) => expect(splitPipeline(line)).toEqual(want));
});

describe('console pipes', async () => {
  const cluster = new Cluster({ seed: 1, workers: 2 });
  expect(await cluster.waitForNodesReady()).toBe(true);
  const c = new Console(cluster);
  await c.exec('kubectl create secret generic db --from-literal=password=s3cr3t');

  it("decodes a Secret's value with base64 -d", async () => {
    const r = await c.exec("kubectl get secret db -o jsonpath='{.data.password}' | base64 -d");
    expect(r).toMatchObject({ output: 's3cr3t', exitCode: 0 });
  });

  it('counts lines through grep and wc', async () => {
    expect((await c.exec('kubectl get pods -A --no-headers | grep -c kube-proxy')).output).toBe('3\n');
    expect((await c.exec('kubectl get nodes -o name | sed s,node/,, | sort -r | head -2')).output).toBe('worker-2\nworker-1\n');
  });

  it('feeds one kubectl into another: a dry-run manifest applied', async () => {
    const r = await c.exec('kubectl create deployment piped --image=nginx --dry-run=client -o yaml | kubectl apply -f -');
    expect(r).toMatchObject({ output: 'deployment.apps/piped created\n', exitCode: 0 });
    expect((await c.exec('kubectl get deployment piped -o jsonpath={.spec.template.spec.containers[0].image}')).output).toBe('nginx');
  });

  it("shows an earlier stage's error and ends with the last stage's status", async () => {
    const r = await c.exec('kubectl get pod nope | grep web');
    expect(r.output).toBe('Error from server (NotFound): pods "nope" not found\n');
    expect(r.exitCode).toBe(1);
    const missing = await c.exec('kubectl get pods | jq .');
    expect(missing.output).toBe('sh: jq: not found\n');
    expect(missing.results[0].output.exitCode).toBe(127);
  });

  it('refuses a pipe that leads nowhere, and leaves the cluster as it was', async () => {
    const before = (await c.exec('kubectl get pods -A --no-headers | wc -l')).output;
    expect((await c.exec('kubectl delete pod --all -A |')).output).toBe("error: syntax error near unexpected token `|'\n");
    expect((await c.exec('kubectl get pods -A --no-headers | wc -l')).output).toBe(before);
  });

  it('a host filter does not move the virtual clock', async () => {
    const t = cluster.now;
    expect((await c.exec('kubectl get nodes -o name | sleep 30')).output).toBe('');
    expect(cluster.now).toBe(t);
  });
});
