/**
 * The learner's files: `> FILE` and `>> FILE` after a kubectl or sim line write into the home
 * directory of the learner's machine, host commands (cat, ls, sed -i, a heredoc into cat) read and
 * change them, and `kubectl apply -f FILE` reads them: the `--dry-run=client -o yaml > pod.yaml`,
 * edit, apply workflow of the Kubernetes docs and the exams, in the page as in the CLI.
 */
import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../src/sim/cluster/cluster';
import { Console } from '../../../src/sim/cluster/console';
import { splitRedirects } from '../../../src/sim/kubectl/args';

describe('splitRedirects', () => {
  it.each([
    ['kubectl get pods', { line: 'kubectl get pods' }],
    ['kubectl get pods > out.txt', { line: 'kubectl get pods', stdout: { file: 'out.txt', append: false } }],
    ['kubectl get pods >>log', { line: 'kubectl get pods', stdout: { file: 'log', append: true } }],
    ['kubectl get pod x 2>/dev/null', { line: 'kubectl get pod x', stderr: { file: '/dev/null', append: false } }],
    ['kubectl get pod x > o 2>&1', { line: 'kubectl get pod x', stdout: { file: 'o', append: false }, stderrToStdout: true }],
    ["kubectl get pods -o jsonpath='{.a>b}'", { line: "kubectl get pods -o jsonpath='{.a>b}'" }],
    ['kubectl get pods -l "a>b"', { line: 'kubectl get pods -l "a>b"' }],
    ['kubectl get pods a\\>b', { line: 'kubectl get pods a\\>b' }],
    ['kubectl get pods # > not a redirect', { line: 'kubectl get pods # > not a redirect' }]
  ])('%s', (line, want) => expect(splitRedirects(line)).toEqual(want));

  it('a redirect without a file is a syntax error', () => {
    expect(() => splitRedirects('kubectl get pods >')).toThrow("syntax error near unexpected token `newline'");
  });
});

describe('the learner\'s files', async () => {
  const cluster = new Cluster({ seed: 1, workers: 2 });
  expect(await cluster.waitForNodesReady()).toBe(true);
  const c = new Console(cluster);
  const run = async (script: string) => {
    const r = await c.exec(script);
    return { out: r.output, code: r.exitCode };
  };

  it('generate, edit and apply a manifest: > pod.yaml, sed -i, kubectl apply -f pod.yaml', async () => {
    expect(await run('kubectl run web --image=nginx --dry-run=client -o yaml > pod.yaml')).toEqual({ out: '', code: 0 });
    expect((await run('ls')).out).toBe('pod.yaml\n');
    expect((await run('head -3 pod.yaml')).out).toBe('apiVersion: v1\nkind: Pod\nmetadata:\n');
    await run("sed -i 's/image: nginx/image: nginx:1.27/' pod.yaml");
    expect(await run('kubectl apply -f pod.yaml')).toEqual({ out: 'pod/web created\n', code: 0 });
    expect((await run("kubectl get pod web -o jsonpath='{.spec.containers[0].image}'")).out).toBe('nginx:1.27');
    expect((await run('ls -l ~/pod.yaml')).out).toMatch(/^-rw-r--r-- {4}1 learner  learner  +\d+ Jan  1 00:00 \/home\/learner\/pod\.yaml\n$/);
  });

  it('a heredoc into cat writes a file kubectl reads', async () => {
    await run('cat <<EOF > cm.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-file\ndata:\n  a: "1"\nEOF');
    expect(await run('kubectl apply -f cm.yaml')).toEqual({ out: 'configmap/from-file created\n', code: 0 });
    expect((await run('kubectl diff -f cm.yaml')).code).toBe(0);
  });

  it('>> appends; 2>/dev/null drops the errors; 2>&1 keeps them in the file', async () => {
    await run('kubectl get pod web --no-headers -o custom-columns=N:.metadata.name > names.txt');
    await run('kubectl get cm from-file --no-headers -o custom-columns=N:.metadata.name >> names.txt');
    expect((await run('cat names.txt')).out).toBe('web\nfrom-file\n');
    expect(await run('kubectl get pod nope 2>/dev/null')).toEqual({ out: '', code: 1 });
    expect(await run('kubectl get pod nope > err.txt 2>&1')).toEqual({ out: '', code: 1 });
    expect((await run('cat err.txt')).out).toBe('Error from server (NotFound): pods "nope" not found\n');
  });

  it("errors in a shell's words; a missing file in kubectl's; an unknown command gets the hint", async () => {
    expect(await run('kubectl get pods >')).toEqual({ out: "sh: syntax error near unexpected token `newline'\n", code: 1 });
    expect(await run('kubectl get pods > /nodir/x')).toEqual({ out: "sh: can't create /nodir/x: nonexistent directory\n", code: 1 });
    expect(await run('kubectl apply -f missing.yaml')).toEqual({ out: 'error: the path "missing.yaml" does not exist\n', code: 1 });
    expect((await run('kubeclt get pods')).out).toBe('error: unknown command "kubeclt": start a line with "kubectl" (or "k") or "sim"; try "sim help"\n');
  });

  it('files stay between scripts and leave the cluster alone', async () => {
    const rv = (await run("kubectl get cm from-file -o jsonpath='{.metadata.resourceVersion}'")).out;
    await run('rm cm.yaml; echo note > notes.txt');
    expect((await run('ls')).out).toBe('err.txt\nnames.txt\nnotes.txt\npod.yaml\n');
    expect((await run("kubectl get cm from-file -o jsonpath='{.metadata.resourceVersion}'")).out).toBe(rv);
  });
});
