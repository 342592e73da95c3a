/**
 * The page's side of a saved playground: the state of the cluster shown now (for a link, a file,
 * the autosave), and the boot a saved state asks for.
 */
import type { BootSpec, Cluster } from '../bridge/cluster.svelte';
import { STATE_VERSION, type PlaygroundState } from './state';

/** The live cluster's state now: its boot options, every input so far, its virtual time. */
export async function currentState(cluster: Cluster, lesson?: string): Promise<PlaygroundState> {
  const { log, t } = await cluster.inputs();
  const { seed = 1, workers = 2, nodes, schedulerConfig } = cluster.bootSpec;
  return {
    version: STATE_VERSION,
    seed,
    workers,
    ...(nodes ? { nodes } : {}),
    ...(schedulerConfig !== undefined ? { schedulerConfig } : {}),
    ...(lesson ? { lesson } : {}),
    log,
    t
  };
}

/** The boot that rebuilds a saved state (then replays its inputs up to its time). */
export function bootSpecOf(state: PlaygroundState): BootSpec {
  return {
    seed: state.seed,
    workers: state.workers,
    ...(state.nodes ? { nodes: state.nodes } : {}),
    ...(state.schedulerConfig !== undefined ? { schedulerConfig: state.schedulerConfig } : {}),
    restore: { log: state.log, t: state.t }
  };
}

/** Offers `text` as a file download (an object URL on a temporary link). */
export function downloadText(name: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
