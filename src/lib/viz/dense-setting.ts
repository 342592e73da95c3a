/**
 * When the map draws pods as dots (dense.ts): the setting (`?dense=1|0`, the filter bar's "Pods
 * as") and the pod count past which `auto` switches. A module of its own: the map and its filter
 * bar read it on every page, the canvas's drawing loads the first time the map turns dense.
 */

/** Pods on the map above which `auto` switches to dots. */
export const DENSE_THRESHOLD = 300;

export type DenseSetting = 'auto' | 'on' | 'off';

export function isDense(setting: DenseSetting, podCount: number): boolean {
  return setting === 'on' || (setting === 'auto' && podCount > DENSE_THRESHOLD);
}
