/** The results manager reports only changes (upstream results_manager.go Set). */
import { describe, expect, it } from 'vitest';
import { ResultsManager } from '../../../../src/sim/kubelet/prober/results/results-manager';

describe('ResultsManager', () => {
  it('caches per container ID and reports a result only when it changes', () => {
    const m = new ResultsManager();
    const seen: string[] = [];
    m.onUpdate((u) => seen.push(`${u.containerID}=${u.result}`));
    for (const r of ['Failure', 'Failure', 'Success', 'Success', 'Failure'] as const) m.set('containerd://a', r, {});
    m.set('containerd://b', 'Success', {});
    expect(seen).toEqual(['containerd://a=Failure', 'containerd://a=Success', 'containerd://a=Failure', 'containerd://b=Success']);
    expect(m.get('containerd://a')).toBe('Failure');
    m.remove('containerd://a');
    expect(m.get('containerd://a')).toBeUndefined();
  });
});
