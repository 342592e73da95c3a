/** The `kubarium` CLI as a user runs it: a script on stdin, kubectl's output on stdout. */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';

function kubarium(args: string[], input: string) {
  const r = spawnSync(process.execPath, ['bin/kubarium.js', ...args], { input, encoding: 'utf8', timeout: 60_000 });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

const MANIFEST = `kubectl apply -f - <<EOF
apiVersion: v1
kind: Namespace
metadata:
  name: shop
---
apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
  labels: {app: web}
spec:
  containers:
  - name: nginx
    image: nginx:1.27
EOF
`;

// Each test spawns the CLI (a Node process that boots a cluster): allow as long as the spawn's own timeout.
describe('npx kubarium', { timeout: 60_000 }, () => {
  it('applies a multi-document manifest, advances time and prints a valid List and a table', () => {
    const r = kubarium([], MANIFEST + 'sim advance 30s\nkubectl get pods -n shop -o json\nkubectl get pods -n shop\nkubectl get nodes\n');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const [applied, rest] = [r.stdout.slice(0, r.stdout.indexOf('{')), r.stdout.slice(r.stdout.indexOf('{'))];
    expect(applied).toBe('namespace/shop created\npod/web created\n');
    const jsonEnd = rest.indexOf('\n}\n') + 3;
    const list = JSON.parse(rest.slice(0, jsonEnd));
    expect(list.kind).toBe('List');
    expect(list.apiVersion).toBe('v1');
    expect(list.items.map((p: any) => p.metadata.name)).toEqual(['web']);
    // kube-scheduler places the pod and the kubelet starts it within the 30 s.
    expect(list.items[0].status.phase).toBe('Running');
    const tables = rest.slice(jsonEnd).split('\n');
    expect(tables[0]).toMatch(/^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/);
    expect(tables[1]).toMatch(/^web\s+1\/1\s+Running\s+0\s+30s$/);
    expect(tables[2]).toMatch(/^NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION$/);
    expect(tables[3]).toMatch(/^control-plane\s+Ready\s+control-plane\s+\d+s\s+v1\.32\.0$/);
    expect(tables[4]).toMatch(/^worker-1\s+Ready\s+<none>\s+\d+s\s+v1\.32\.0$/);
  });

  it('keeps going after an error, or stops at it with --strict', () => {
    const script = 'kubectl get pod nope\nkubectl get ns default -o name\n';
    const loose = kubarium([], script);
    expect(loose.stderr).toBe('Error from server (NotFound): pods "nope" not found\n');
    expect(loose.stdout).toBe('namespace/default\n');
    expect(loose.status).toBe(0);
    const strict = kubarium(['--strict'], script);
    expect(strict.stdout).toBe('');
    expect(strict.status).toBe(1);
  });

  it('boots the number of workers asked for', () => {
    const r = kubarium(['--workers', '3', '--seed', '7'], 'kubectl get nodes -o name\n');
    expect(r.stdout).toBe('node/control-plane\nnode/worker-1\nnode/worker-2\nnode/worker-3\n');
  });
});
