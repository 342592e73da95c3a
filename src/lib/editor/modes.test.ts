import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { EDIT_HEADER } from './edit';
import { canDryRun, diffScripts, loadScript, modeTitle, saveScript, type EditorMode } from './modes';
import { SNIPPETS, snippetsFor } from './snippets';
import { needsMoreInput } from '../console/heredoc';
import { parseEditCommand, runEditCommand } from './edit-command';

const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', labels: { app: 'p' } }, spec: { containers: [{ name: 'a', image: 'nginx' }] } };
const edit: EditorMode = { kind: 'edit', target: { type: 'pod', name: 'p', namespace: 'default', original: pod } };

describe('editor modes', () => {
  it.each([
    [{ kind: 'manifest' } as EditorMode, 'manifest.yaml', undefined, true],
    [edit, 'kubectl edit pod/p', 'kubectl get pod p -n default -o yaml', true],
    [{ kind: 'kubelet-config', node: 'worker-1' } as EditorMode, 'KubeletConfiguration · worker-1', 'sim kubelet config worker-1', false],
    [{ kind: 'scheduler-config' } as EditorMode, 'KubeSchedulerConfiguration', 'sim scheduler config', false]
  ])('%o: title, load line, dry run', (mode, title, load, dry) => {
    expect(modeTitle(mode)).toBe(title);
    expect(loadScript(mode)).toBe(load);
    expect(canDryRun(mode)).toBe(dry);
  });

  it('applies a manifest as a complete heredoc, with --dry-run=server for a dry run', () => {
    const { script } = saveScript({ kind: 'manifest' }, 'kind: Pod\n---\nkind: Service\n', true) as { script: string };
    expect(script).toBe('kubectl apply --dry-run=server -f - <<EOF\nkind: Pod\n---\nkind: Service\nEOF');
    expect(needsMoreInput(script)).toBe(false);
  });

  it('saves configurations through the sim commands that restart their component', () => {
    expect(saveScript({ kind: 'kubelet-config', node: 'worker-1' }, 'maxPods: 20\n', false)).toEqual({ script: 'sim kubelet config worker-1 -f - <<EOF\nmaxPods: 20\nEOF' });
    expect(saveScript({ kind: 'scheduler-config' }, 'parallelism: 8\n', false)).toEqual({ script: 'sim scheduler config -f - <<EOF\nparallelism: 8\nEOF' });
  });

  it('saves an edit as a patch, or says why not with kubectl edit words', () => {
    const changed = EDIT_HEADER + YAML.stringify({ ...pod, metadata: { ...pod.metadata, labels: { app: 'q' } } });
    expect(saveScript(edit, changed, false)).toEqual({ script: `kubectl patch pod p -n default --type merge -p '{"metadata":{"labels":{"app":"q"}}}'` });
    expect(saveScript(edit, EDIT_HEADER + YAML.stringify(pod), false)).toEqual({ output: 'Edit cancelled, no changes made.\n', exitCode: 0 });
  });

  it('diffs a manifest against each object it names, and an edit against its object', () => {
    const diff = diffScripts({ kind: 'manifest' }, 'kind: Pod\n', [
      { type: 'pod', name: 'p' },
      { type: 'deployment.apps', name: 'web', namespace: 'team' }
    ]);
    expect(diff).toEqual({
      live: ['kubectl get pod p -o yaml', 'kubectl get deployment.apps web -n team -o yaml'],
      dryRun: 'kubectl apply --dry-run=server -o yaml -f - <<EOF\nkind: Pod\nEOF'
    });
    const changed = EDIT_HEADER + YAML.stringify({ ...pod, spec: { ...pod.spec, containers: [{ name: 'a', image: 'nginx:1.27' }] } });
    expect(diffScripts(edit, changed, [])).toEqual({
      live: ['kubectl get pod p -n default -o yaml'],
      dryRun: `kubectl patch pod p -n default --type merge --dry-run=server -p '{"spec":{"containers":[{"name":"a","image":"nginx:1.27"}]}}' -o yaml`
    });
    expect(diffScripts({ kind: 'scheduler-config' }, '', [])).toBeUndefined();
  });
});

describe('snippets', () => {
  it('offers objects at the start of a line and their parts when indented', () => {
    expect(snippetsFor('').map((s) => s.label)).toEqual(['Pod', 'Deployment', 'Service']);
    expect(snippetsFor('De').map((s) => s.label)).toEqual(['Pod', 'Deployment', 'Service']);
    expect(snippetsFor('      li').map((s) => s.label)).toEqual(['livenessProbe', 'readinessProbe', 'resources', 'volume (emptyDir)', 'volumeMounts']);
  });

  it('are valid YAML of the kind they name once their placeholders are filled', () => {
    for (const s of SNIPPETS) {
      const filled = s.body.replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$0/g, '');
      const doc = YAML.parse(filled);
      if (s.at === 'document') expect(doc.kind).toBe(s.label);
      else expect(Object.keys(doc)).toHaveLength(1);
    }
  });
});

describe('kubectl edit in the console', () => {
  it.each([
    ['kubectl edit deploy web', { type: 'deploy', name: 'web', namespace: undefined }],
    ['k edit deployment.apps/web -n team', { type: 'deployment.apps', name: 'web', namespace: 'team' }],
    ['kubectl edit pod p --namespace=kube-system -o yaml', { type: 'pod', name: 'p', namespace: 'kube-system' }],
    ['kubectl edit', { error: 'error: You must provide one or more resources by argument or filename.' }]
  ])('%s', (line, parsed) => expect(parseEditCommand(line)).toEqual(parsed));

  it('opens the object in the editor and says so', () => {
    const opened: EditorMode[] = [];
    const result = runEditCommand('kubectl edit node worker-1', (m) => opened.push(m));
    expect(opened).toEqual([{ kind: 'edit', target: { type: 'node', name: 'worker-1', namespace: undefined, original: {} } }]);
    expect(result.exitCode).toBe(0);
    expect(result.output).toMatch(/^Editing node\/worker-1 in the Editor tab/);
  });
});
