/**
 * For a Score plugin whose score cannot fail: it implements `scoreValue` (a number, no result
 * object: the framework's hot loop calls it) and gets the interface's `score` from it.
 * (No upstream counterpart: Go returns (int64, *Status) without allocating.)
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { SuccessStatus, type CycleState, type NodeInfo, type Status } from '../../framework/types';

type ScoreValue = (state: CycleState, pod: Pod, nodeInfo: NodeInfo) => number;

export function withScore<T extends { scoreValue: ScoreValue }>(plugin: T): T & { score(state: CycleState, pod: Pod, nodeInfo: NodeInfo): { score: number; status: Status } } {
  return Object.assign(plugin, {
    score: (state: CycleState, pod: Pod, nodeInfo: NodeInfo) => ({ score: plugin.scoreValue(state, pod, nodeInfo), status: SuccessStatus })
  });
}
