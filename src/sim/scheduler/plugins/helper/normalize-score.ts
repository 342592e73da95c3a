/**
 * upstream: pkg/scheduler/framework/plugins/helper/normalize_score.go DefaultNormalizeScore
 * Scales scores so the highest becomes maxPriority (integer division); `reverse` flips them.
 */
import { Code, Status, type NodeScore } from '../../framework/types';

export function defaultNormalizeScore(maxPriority: number, reverse: boolean, scores: NodeScore[]): Status {
  let maxCount = 0;
  for (const s of scores) if (s.score > maxCount) maxCount = s.score;
  if (maxCount === 0) {
    if (reverse) for (const s of scores) s.score = maxPriority;
    return new Status(Code.Success);
  }
  for (const s of scores) {
    let score = Math.trunc((maxPriority * s.score) / maxCount);
    if (reverse) score = maxPriority - score;
    s.score = score;
  }
  return new Status(Code.Success);
}
