import { describe, expect, it } from 'vitest';
import { formatScenarioErrors, parseScenario, clusterConfigOf } from '../../../src/sim/cluster/scenario';
import { evaluateCheck, formatVerdict, runCheck } from '../../../src/sim/cluster/scenario-check';
import { bootScenario, consoleShell } from '../../../src/sim/cluster/scenario-run';
import { Console } from '../../../src/sim/cluster/console';

const MINIMAL = `title: A pod
steps:
  - title: apply
    run: |
      kubectl run web --image=nginx:1.27
      sim advance 10s
checks:
  - title: running
    run: kubectl get pod web -o jsonpath={.status.phase}
    equals: Running
`;

/** The errors of a scenario, as the CLI prints them. */
function errorsOf(text: string): string {
  const r = parseScenario(text);
  if (r.ok) throw new Error('expected errors');
  return formatScenarioErrors('s.yaml', r.errors);
}

describe('parseScenario', () => {
  it('reads a minimal scenario with the defaults: seed 1, 2 workers, no hints', () => {
    const r = parseScenario(MINIMAL);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scenario).toEqual({
      title: 'A pod',
      description: '',
      cluster: { seed: 1, workers: 2 },
      steps: [{ title: 'apply', text: '', run: 'kubectl run web --image=nginx:1.27\nsim advance 10s\n', key: false }],
      hints: [],
      checks: [{ title: 'running', run: 'kubectl get pod web -o jsonpath={.status.phase}', equals: 'Running', within: 0, every: 1000 }]
    });
  });

  it('reads a cluster of named nodes with sizes, a kubelet configuration and a scheduler configuration', () => {
    const r = parseScenario(`title: t
cluster:
  seed: 9
  nodes:
    - name: small
      cpu: 2
      memory: 2Gi
      pods: 5
    - name: tuned
      kubelet:
        maxPods: 7
        imageGCHighThresholdPercent: 60
        imageGCLowThresholdPercent: 50
  scheduler:
    apiVersion: kubescheduler.config.k8s.io/v1
    kind: KubeSchedulerConfiguration
    profiles:
      - schedulerName: default-scheduler
      - schedulerName: second
steps:
  - title: look
    run: kubectl get nodes
`);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const c = r.scenario.cluster;
    expect(c.seed).toBe(9);
    expect(c.nodes?.[0]).toMatchObject({ name: 'small', cpu: '2', memory: '2Gi', kubelet: { maxPods: 5 } });
    expect(c.nodes?.[1].kubelet).toMatchObject({ maxPods: 7, imageGCHighThresholdPercent: 60, imageGCLowThresholdPercent: 50, cgroupDriver: 'systemd' });
    expect(c.scheduler).toContain('schedulerName: second');
    expect(clusterConfigOf(c)).toMatchObject({ seed: 9, workers: 2, nodes: c.nodes, schedulerConfig: c.scheduler });
  });

  // Each mistake names the file, the line, the column and the field, in words that say what to do.
  const cases: { name: string; text: string; errors: string }[] = [
    { name: 'YAML that does not parse', text: 'title: [a\nsteps: []\n', errors: 's.yaml:2:1: Flow sequence in block collection must be sufficiently indented and end with a ]\n' },
    { name: 'a misspelt top-level field', text: MINIMAL + 'hint:\n  - x\n', errors: 's.yaml:11:1: hint: unknown field "hint"; expected one of: title, description, cluster, steps, hints, checks\n' },
    { name: 'no title', text: MINIMAL.replace('title: A pod\n', ''), errors: 's.yaml:0:0: title: required field is missing\n' },
    { name: 'no steps', text: 'title: t\n', errors: 's.yaml:0:0: steps: required field is missing\n' },
    { name: 'steps not a list', text: 'title: t\nsteps: hello\n', errors: 's.yaml:2:8: steps: must be a list ("- " items), not text\n' },
    { name: 'an empty step', text: 'title: t\nsteps:\n  - title: nothing\n', errors: 's.yaml:3:5: steps[0]: a step needs text, run or both\n' },
    { name: 'key not a boolean', text: 'title: t\nsteps:\n  - title: a\n    run: sim time\n    key: yes please\n', errors: 's.yaml:5:10: steps[0].key: must be true or false\n' },
    {
      name: 'a console line that is not kubectl or sim, named by its file line',
      text: 'title: t\nsteps:\n  - title: a\n    run: |\n      kubectl get pods\n      kubeclt get nodes\n',
      errors: 's.yaml:6:1: steps[0].run: unknown command "kubeclt": start a line with "kubectl" (or "k") or "sim", or a command of the learner\'s machine (cat, sed, curl ...)\n'
    },
    {
      name: 'an unterminated heredoc',
      text: 'title: t\nsteps:\n  - title: a\n    run: |\n      kubectl apply -f - <<EOF\n      kind: Pod\n',
      errors: "s.yaml:5:1: steps[0].run: here-document at line 1 delimited by end-of-file (wanted `EOF')\n"
    },
    { name: 'a check with no expectation', text: 'title: t\nsteps: []\nchecks:\n  - title: c\n    run: kubectl get pods\n', errors: 's.yaml:4:5: checks[0]: a check needs an expectation: matches, notMatches, contains, equals, exitCode\n' },
    { name: 'a check of two lines', text: 'title: t\nsteps: []\nchecks:\n  - title: c\n    run: |\n      kubectl get pods\n      kubectl get nodes\n    contains: x\n', errors: 's.yaml:5:10: checks[0].run: must be one console line, not 2\n' },
    { name: 'a bad duration', text: 'title: t\nsteps: []\nchecks:\n  - title: c\n    run: kubectl get pods\n    contains: x\n    within: 30 seconds\n', errors: 's.yaml:7:13: checks[0].within: time: unknown unit " seconds" in duration "30 seconds" (use 500ms, 30s, 5m)\n' },
    { name: 'a bad regular expression', text: 'title: t\nsteps: []\nchecks:\n  - title: c\n    run: kubectl get pods\n    matches: "web-("\n', errors: 's.yaml:6:14: checks[0].matches: Invalid regular expression: /web-(/m: Unterminated group\n' },
    { name: 'a negative exit code', text: 'title: t\nsteps: []\nchecks:\n  - title: c\n    run: kubectl get pods\n    exitCode: -1\n', errors: 's.yaml:6:15: checks[0].exitCode: must be a whole number of at least 0\n' },
    { name: 'workers and nodes together', text: 'title: t\ncluster:\n  workers: 3\n  nodes:\n    - name: a\nsteps: []\n', errors: 's.yaml:3:12: cluster.workers: give either workers (default-sized worker-1..N) or nodes, not both\n' },
    { name: 'a node named twice', text: 'title: t\ncluster:\n  nodes:\n    - name: a\n    - name: a\nsteps: []\n', errors: 's.yaml:5:7: cluster.nodes[1].name: node "a" already exists\n' },
    { name: 'a node named control-plane', text: 'title: t\ncluster:\n  nodes:\n    - name: control-plane\nsteps: []\n', errors: 's.yaml:4:7: cluster.nodes[0].name: node "control-plane" already exists\n' },
    {
      name: 'a node name that is not a DNS label',
      text: 'title: t\ncluster:\n  nodes:\n    - name: Worker_1\nsteps: []\n',
      errors: "s.yaml:4:13: cluster.nodes[0].name: a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character\n"
    },
    { name: 'a bad memory quantity', text: 'title: t\ncluster:\n  nodes:\n    - name: a\n      memory: 8GB\nsteps: []\n', errors: "s.yaml:5:15: cluster.nodes[0].memory: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'\n" },
    { name: 'a misspelt node field', text: 'title: t\ncluster:\n  nodes:\n    - name: a\n      cpus: 2\nsteps: []\n', errors: 's.yaml:5:7: cluster.nodes[0].cpus: unknown field "cpus"; expected one of: name, cpu, memory, pods, ephemeralStorage, swap, kubelet\n' },
    { name: 'pods and kubelet.maxPods that disagree', text: 'title: t\ncluster:\n  nodes:\n    - name: a\n      pods: 5\n      kubelet:\n        maxPods: 6\nsteps: []\n', errors: "s.yaml:5:13: cluster.nodes[0].pods: pods (5) is the kubelet's maxPods (6): give one\n" },
    { name: 'a kubelet configuration that does not decode', text: 'title: t\ncluster:\n  nodes:\n    - name: a\n      kubelet:\n        syncFrequency: often\nsteps: []\n', errors: 's.yaml:6:9: cluster.nodes[0].kubelet: failed to decode syncFrequency: time: invalid duration "often"\n' },
    {
      name: 'a scheduler configuration of the wrong kind',
      text: 'title: t\ncluster:\n  scheduler:\n    apiVersion: v1\n    kind: Pod\nsteps: []\n',
      errors: 's.yaml:4:5: cluster.scheduler: no kind "Pod" is registered for version "v1" in scheme "pkg/scheduler/apis/config/scheme/scheme.go:30"\n'
    }
  ];
  for (const c of cases) {
    it(`refuses ${c.name}`, () => {
      const errors = errorsOf(c.text);
      expect(errors).toBe(c.errors);
    });
  }

  it('reports every mistake at once, each with its own line', () => {
    const errors = errorsOf('title: t\nsteps:\n  - title: a\n    run: docker ps\n  - titel: b\n    text: x\nchecks:\n  - run: sim time\n    contains: x\n');
    expect(errors).toBe(
      [
        's.yaml:4:10: steps[0].run: unknown command "docker": start a line with "kubectl" (or "k") or "sim", or a command of the learner\'s machine (cat, sed, curl ...)',
        's.yaml:5:5: steps[1].titel: unknown field "titel"; expected one of: title, text, run, key',
        's.yaml:0:0: steps[1].title: required field is missing',
        's.yaml:0:0: checks[0].title: required field is missing',
        ''
      ].join('\n')
    );
  });
});

const check = (over: object) => ({ title: 'c', run: 'sim time', within: 0, every: 1000, ...over });

describe('evaluateCheck', () => {
  const cases = [
    { name: 'equals ignores the surrounding whitespace', check: check({ equals: 'Running' }), out: 'Running\n', pass: true, expected: '"Running"', seen: '"Running"' },
    { name: 'equals quotes a wrong one-line value', check: check({ equals: 'Running' }), out: 'Pending', pass: false, expected: '"Running"', seen: '"Pending"' },
    { name: 'equals of an empty value', check: check({ equals: '' }), out: '', pass: true, expected: '""', seen: '""' },
    { name: 'matches a multiline regular expression', check: check({ matches: '^web\\s+1/1\\s+Running' }), out: 'NAME READY\nweb   1/1   Running   0\n', pass: true, expected: 'output matching /^web\\s+1/1\\s+Running/', seen: 'NAME READY\nweb   1/1   Running   0' },
    { name: 'notMatches fails when the text is there', check: check({ notMatches: 'Evicted' }), out: 'web Evicted', pass: false, expected: 'output not matching /Evicted/', seen: 'web Evicted' },
    { name: 'contains', check: check({ contains: 'OOMKilled' }), out: 'Reason: Error', pass: false, expected: 'output containing "OOMKilled"', seen: 'Reason: Error' },
    { name: 'exitCode with the output seen', check: check({ exitCode: 1 }), out: 'ok\n', code: 0, pass: false, expected: 'exit code 1', seen: 'exit code 0: ok' },
    { name: 'several expectations: the first that fails is reported', check: check({ contains: 'a', equals: 'b' }), out: 'a', pass: false, expected: '"b"', seen: '"a"' },
    { name: 'no output at all', check: check({ contains: 'x' }), out: '', pass: false, expected: 'output containing "x"', seen: '(no output)' }
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(evaluateCheck(c.check, { output: c.out, exitCode: c.code ?? 0 })).toEqual({ pass: c.pass, expected: c.expected, seen: c.seen });
    });
  }

  it('clips a long output to 12 lines', () => {
    const out = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    expect(evaluateCheck(check({ contains: 'nope' }), { output: out, exitCode: 0 }).seen.split('\n').slice(-2)).toEqual(['line 11', '... (8 more lines)']);
  });
});

describe('runCheck', () => {
  /** A shell whose output turns to Running once 3 s of virtual time have passed. */
  function fakeShell() {
    let t = 0;
    const calls: string[] = [];
    return {
      calls,
      shell: {
        exec: async (line: string) => {
          calls.push(`${t} ${line}`);
          return { output: t >= 3000 ? 'Running' : 'Pending', exitCode: 0 };
        },
        advance: async (ms: number) => {
          t += ms;
        }
      }
    };
  }

  it('looks again every period until the check holds, and says how long it waited', async () => {
    const { calls, shell } = fakeShell();
    const v = await runCheck(check({ equals: 'Running', within: 10_000, every: 1000 }), shell);
    expect(v).toMatchObject({ pass: true, waited: 3000 });
    expect(calls).toEqual(['0 sim time', '1000 sim time', '2000 sim time', '3000 sim time']);
    expect(formatVerdict(v)).toBe('PASS  c (after 3s)\n');
  });

  it('gives up at within, the last wait cut to fit, and prints what it expected and saw', async () => {
    const { calls, shell } = fakeShell();
    const v = await runCheck(check({ equals: 'Running', within: 2500, every: 1000, hint: 'wait longer' }), shell);
    expect(v).toMatchObject({ pass: false, waited: 2500 });
    expect(calls).toEqual(['0 sim time', '1000 sim time', '2000 sim time', '2500 sim time']);
    expect(formatVerdict(v)).toBe('FAIL  c (after 2.5s)\n      expected: "Running"\n      saw:      "Pending"\n      hint:     wait longer\n');
  });

  it('checks once without within', async () => {
    const { calls, shell } = fakeShell();
    expect((await runCheck(check({ equals: 'Running' }), shell)).pass).toBe(false);
    expect(calls).toHaveLength(1);
  });
});

describe('a scenario cluster', () => {
  it('boots named nodes with their sizes and kubelet maxPods, and the scheduler with its configuration', async () => {
    const r = parseScenario(`title: t
cluster:
  seed: 2
  nodes:
    - name: small
      cpu: 2
      memory: 2Gi
      pods: 5
    - name: big
      cpu: 16
      memory: 64Gi
  scheduler:
    apiVersion: kubescheduler.config.k8s.io/v1
    kind: KubeSchedulerConfiguration
    profiles:
      - schedulerName: default-scheduler
      - schedulerName: second
steps:
  - title: look
    run: kubectl get nodes
`);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const { cluster, ready } = await bootScenario(r.scenario);
    expect(ready).toBe(true);
    const shell = consoleShell(new Console(cluster));
    const capacity = await shell.exec("kubectl get nodes -o custom-columns=NAME:.metadata.name,CPU:.status.capacity.cpu,MEMORY:.status.capacity.memory,PODS:.status.capacity.pods");
    expect(capacity.output).toBe('NAME            CPU   MEMORY   PODS\nbig             16    64Gi     110\ncontrol-plane   4     8Gi      110\nsmall           2     2Gi      5\n');
    expect((await shell.exec('sim kubelet config small')).output).toMatch(/^maxPods: 5$/m);
    expect((await shell.exec('sim scheduler config')).output).toMatch(/schedulerName: second/);
  });
});
