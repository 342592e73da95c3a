/**
 * What the editor holds and what its buttons send, as console lines (the same lines a user could
 * type, so the console records them):
 *   manifest         Apply = `kubectl apply -f - <<EOF`, Dry run adds `--dry-run=server`
 *   edit             `kubectl edit` of a live object: a merge patch of the changes (edit.ts)
 *   kubelet-config   a node's KubeletConfiguration: `sim kubelet config NODE -f -` (restarts it)
 *   scheduler-config `sim scheduler config -f -` (restarts kube-scheduler)
 */
import { heredocScript } from '../console/heredoc';
import { planEdit, type EditTarget } from './edit';

export type EditorMode =
  | { kind: 'manifest' }
  | { kind: 'edit'; target: EditTarget }
  | { kind: 'kubelet-config'; node: string }
  | { kind: 'scheduler-config' };

/** The toolbar's name for what is open. */
export function modeTitle(mode: EditorMode): string {
  switch (mode.kind) {
    case 'manifest':
      return 'manifest.yaml';
    case 'edit':
      return `kubectl edit ${mode.target.type}/${mode.target.name}`;
    case 'kubelet-config':
      return `KubeletConfiguration · ${mode.node}`;
    case 'scheduler-config':
      return 'KubeSchedulerConfiguration';
  }
}

/** The console line that prints what a mode opens (undefined: the manifest keeps its own text). */
export function loadScript(mode: EditorMode): string | undefined {
  switch (mode.kind) {
    case 'manifest':
      return undefined;
    case 'edit': {
      const ns = mode.target.namespace ? ` -n ${mode.target.namespace}` : '';
      return `kubectl get ${mode.target.type} ${mode.target.name}${ns} -o yaml`;
    }
    case 'kubelet-config':
      return `sim kubelet config ${mode.node}`;
    case 'scheduler-config':
      return 'sim scheduler config';
  }
}

/** Configurations have no server-side dry run: only objects go through the API server. */
export const canDryRun = (mode: EditorMode) => mode.kind === 'manifest' || mode.kind === 'edit';

export type SavePlan = { script: string } | { output: string; exitCode: number };

/** What Apply (or Save) sends for this text; a plan without a script ends there, with kubectl's words. */
export function saveScript(mode: EditorMode, text: string, dryRun: boolean): SavePlan {
  switch (mode.kind) {
    case 'manifest':
      return { script: heredocScript(`kubectl apply${dryRun ? ' --dry-run=server' : ''} -f -`, text) };
    case 'edit': {
      const plan = planEdit(mode.target, text, dryRun);
      if (plan.kind === 'patch') return { script: plan.script };
      return { output: plan.message + '\n', exitCode: plan.kind === 'error' ? 1 : 0 };
    }
    case 'kubelet-config':
      return { script: heredocScript(`sim kubelet config ${mode.node} -f -`, text) };
    case 'scheduler-config':
      return { script: heredocScript('sim scheduler config -f -', text) };
  }
}

/** The object being diffed: `-o yaml` of the live ones and of a server dry run, as console lines. */
export function diffScripts(mode: EditorMode, text: string, docs: { type: string; name: string; namespace?: string }[]): { live: string[]; dryRun: string } | undefined {
  if (mode.kind === 'manifest') {
    return {
      live: docs.map((d) => `kubectl get ${d.type} ${d.name}${d.namespace ? ` -n ${d.namespace}` : ''} -o yaml`),
      dryRun: heredocScript('kubectl apply --dry-run=server -o yaml -f -', text)
    };
  }
  if (mode.kind === 'edit') {
    const plan = planEdit(mode.target, text, true);
    const live = loadScript(mode)!;
    return { live: [live], dryRun: plan.kind === 'patch' ? `${plan.script} -o yaml` : live };
  }
  return undefined;
}
