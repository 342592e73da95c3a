/**
 * What each pod shape on the SVG map reads that moves with the clock, the trace, the filter or the
 * selection, kept in one small reactive cell per pod and written only when its value changed.
 *
 * Svelte pushes a change of a signal to everything that reads it, through every derived in
 * between. A thousand pod shapes that each read the map's `now` (every frame), the clock's speed
 * (every delta) or the map of all pods' probe marks were a thousand shapes to revisit per frame:
 * the map ran at 7 fps at 1,000 pods. Through its cell a shape is revisited only when its own
 * value moved (a probe pulse, an image pull, a fade). Dense mode draws dots and needs no cells.
 */
import type { PodPlacement } from './layout';
import { podMarksAnimating, type ContainerMarks, type PodMarks } from './probes';
import { pullProgress, type PullState } from './rail';

/** What the map knows that the cells are made from (ClusterMap's props and deriveds). */
export interface PodCellInputs {
  /** Virtual time (per frame) and clock speed. */
  now: number;
  speed: number;
  podMarks: PodMarks;
  pulls: ReadonlyMap<string, PullState>;
  /** Nodes that stopped reporting: their pods are drawn dimmed. */
  downNodes: ReadonlySet<string>;
  /** Pods outside the filter, or not the one in focus. */
  fadedPods: ReadonlySet<string>;
  /** `pods:<ns/name>` when a pod is selected. */
  selectedKey: string | undefined;
}

/** One pod's values (PodShape's props besides its placement). */
export interface PodCellValues {
  marks: ReadonlyMap<string, ContainerMarks> | undefined;
  /** `now` while a probe pulse or an OOM flash is on screen, else 0 (a still pod). */
  now: number;
  speed: number;
  /** Image pull progress 0..1 while the kubelet pulls (and briefly after), on a bound pod. */
  pull: number | undefined;
  selected: boolean;
  dimmed: boolean;
  faded: boolean;
}

/** How long (virtual ms per unit of speed) a finished pull's full bar stays: 600 wall ms. */
const PULL_LINGER_WALL_MS = 600;

/** The values of one pod's cell (pure). */
export function podCellValues(p: PodPlacement, inputs: PodCellInputs): PodCellValues {
  const { now, speed } = inputs;
  const marks = inputs.podMarks.get(p.key);
  const nodeName = p.pod.spec?.nodeName as string | undefined;
  const pull = inputs.pulls.get(p.key);
  return {
    marks,
    now: podMarksAnimating(marks, now, speed) ? now : 0,
    speed,
    pull: nodeName && pull ? pullProgress(pull, now, PULL_LINGER_WALL_MS * speed) : undefined,
    selected: inputs.selectedKey === `pods:${p.key}`,
    dimmed: nodeName !== undefined && inputs.downNodes.has(nodeName),
    faded: inputs.fadedPods.has(p.key)
  };
}

/** One pod's cell: each field a signal of its own, so a shape reads only what it draws. */
export class PodCell implements PodCellValues {
  marks = $state.raw<ReadonlyMap<string, ContainerMarks> | undefined>();
  now = $state(0);
  speed = $state(1);
  pull = $state<number | undefined>();
  selected = $state(false);
  dimmed = $state(false);
  faded = $state(false);
  /** The sync that last saw this pod on the map. */
  seen = 0;
}

export class PodCells {
  readonly #cells = new Map<string, PodCell>();
  #sync = 0;

  /** The cell of a pod (made on first use; its values come with the next sync). */
  get(key: string): PodCell {
    let cell = this.#cells.get(key);
    if (!cell) this.#cells.set(key, (cell = new PodCell()));
    return cell;
  }

  get size(): number {
    return this.#cells.size;
  }

  /**
   * Brings every placed pod's cell up to date, setting only the fields whose value changed (an
   * unchanged pod notifies nobody), and forgets the cells of pods no longer placed. Returns the
   * keys of the pods whose cell changed: the shapes this frame redraws.
   */
  sync(placements: readonly PodPlacement[], inputs: PodCellInputs): string[] {
    const sync = ++this.#sync;
    const woken: string[] = [];
    for (const p of placements) {
      const cell = this.get(p.key);
      cell.seen = sync;
      if (assign(cell, podCellValues(p, inputs))) woken.push(p.key);
    }
    if (this.#cells.size !== placements.length) for (const [key, cell] of this.#cells) if (cell.seen !== sync) this.#cells.delete(key);
    return woken;
  }
}

/** Sets the fields of `cell` that differ from `v`; true when any did. */
function assign(cell: PodCell, v: PodCellValues): boolean {
  let changed = false;
  if (cell.marks !== v.marks) {
    cell.marks = v.marks;
    changed = true;
  }
  if (cell.now !== v.now) {
    cell.now = v.now;
    changed = true;
  }
  if (cell.speed !== v.speed) {
    cell.speed = v.speed;
    changed = true;
  }
  if (cell.pull !== v.pull) {
    cell.pull = v.pull;
    changed = true;
  }
  if (cell.selected !== v.selected) {
    cell.selected = v.selected;
    changed = true;
  }
  if (cell.dimmed !== v.dimmed) {
    cell.dimmed = v.dimmed;
    changed = true;
  }
  if (cell.faded !== v.faded) {
    cell.faded = v.faded;
    changed = true;
  }
  return changed;
}
