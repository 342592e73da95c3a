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

/** The same over a typed array of scores, in place (the framework's path for plugins that need no node names). */
export function defaultNormalizeScoreValues(maxPriority: number, reverse: boolean, scores: Int32Array): Status {
  const n = scores.length;
  let maxCount = 0;
  for (let i = 0; i < n; i++) if (scores[i] > maxCount) maxCount = scores[i];
  if (maxCount === 0) {
    if (reverse) scores.fill(maxPriority);
    return new Status(Code.Success);
  }
  for (let i = 0; i < n; i++) {
    let score = Math.trunc((maxPriority * scores[i]) / maxCount);
    if (reverse) score = maxPriority - score;
    scores[i] = score;
  }
  return new Status(Code.Success);
}
