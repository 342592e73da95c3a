/** `npx kubarium run` as a user runs it: a process, its stdout, stderr and exit code. */
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

function kubarium(args: string[], input = '') {
  const r = spawnSync(process.execPath, ['bin/kubarium.js', ...args], { input, encoding: 'utf8', timeout: 60_000 });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

const dir = mkdtempSync(join(tmpdir(), 'kubarium-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

// Each test spawns the CLI (a Node process that boots a cluster): allow as long as the spawn's own timeout.
describe('npx kubarium run', { timeout: 60_000 }, () => {
  it('lists the built-in lessons', () => {
    const r = kubarium(['run', '--list']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^lesson:who-places-a-pod +Who places a pod$/m);
    expect(r.stdout).toMatch(/^lesson:probes +Liveness, readiness and startup probes$/m);
  });

  it('prints each step with its commands and output, then each verdict; exit 0 when all pass', () => {
    const r = kubarium(['run', 'lesson:who-places-a-pod']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Who places a pod\n=+\n/);
    expect(r.stdout).toContain('\nStep 1/4: The scheduler decides\n');
    expect(r.stdout).toContain('$ kubectl apply -f - <<EOF\napiVersion: v1\nkind: Pod\n');
    expect(r.stdout).toContain('EOF\npod/web created\n$ sim advance 10s\n');
    expect(r.stdout).toMatch(/^web +1\/1 +Running +0 +10s +10\.244\.\d+\.\d+ +worker-\d/m);
    expect(r.stdout).toContain('\nChecks\nPASS  web was bound by the default-scheduler\n');
    expect(r.stdout.endsWith('\n4/4 checks passed\n')).toBe(true);
  });

  it('exits 1 when a check fails, saying what it expected and what it saw', () => {
    const file = write(
      'fails.yaml',
      `title: A pod that never runs
steps:
  - title: ask too much
    run: |
      kubectl apply -f - <<EOF
      {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "big"},
       "spec": {"containers": [{"name": "big", "image": "nginx:1.27", "resources": {"requests": {"cpu": "64"}}}]}}
      EOF
      sim advance 5s
checks:
  - title: big runs
    run: kubectl get pod big -o jsonpath={.status.phase}
    equals: Running
    within: 3s
    hint: 64 CPUs is more than any node has.
  - title: big is unschedulable
    run: kubectl get events --field-selector reason=FailedScheduling -o jsonpath={.items[0].message}
    contains: Insufficient cpu
`
    );
    const r = kubarium(['run', file]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('FAIL  big runs (after 3s)\n      expected: "Running"\n      saw:      "Pending"\n      hint:     64 CPUs is more than any node has.\n');
    expect(r.stdout).toContain('PASS  big is unschedulable\n');
    expect(r.stdout.endsWith('\n1/2 checks passed\n')).toBe(true);
  });

  it('refuses an invalid scenario with every error and its line, running nothing (exit 2)', () => {
    const file = write('bad.yaml', 'title: t\nsteps:\n  - title: a\n    run: |\n      kubectl get pods\n      kubctl get nodes\nchecks:\n  - title: c\n    run: sim time\n    within: soon\n');
    const r = kubarium(['run', file]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `${file}:6:1: steps[0].run: unknown command "kubctl": start a line with "kubectl" (or "k") or "sim", or a command of the learner's machine (cat, sed, curl ...)\n` +
        `${file}:10:13: checks[0].within: time: invalid duration "soon" (use 500ms, 30s, 5m)\n` +
        `${file}:8:5: checks[0]: a check needs an expectation: matches, notMatches, contains, equals, exitCode\n`
    );
  });

  it('reads a scenario from standard input, and says which lesson or flag it does not know', () => {
    const r = kubarium(['run', '-'], 'title: stdin\nsteps:\n  - title: time\n    run: sim time\n');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('$ sim time\n00:00:02.500 (2.5s since the cluster booted)\n');
    expect(kubarium(['run', 'lesson:nope']).stderr).toBe('kubarium run: no built-in lesson "nope"; see kubarium run --list\n');
    const flag = kubarium(['run', '--skip-step', 'two', 'lesson:probes']);
    expect(flag.status).toBe(2);
    expect(flag.stderr).toBe('kubarium run: invalid argument "two" for "--skip-step" flag: a step number (1, 2, ...)\n');
  });

  it('keeps the script contract: kubarium SCRIPT still runs a plain script', () => {
    const r = kubarium([], 'kubectl get ns default -o name\n');
    expect(r.stdout).toBe('namespace/default\n');
  });
});
