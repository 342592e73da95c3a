/**
 * A learner's progress in a lesson, kept in localStorage under `kubarium.lesson.<id>`: the steps
 * run, the hints shown and the last verdict of each check. Storage may be missing or throw (a
 * sandboxed iframe, private mode): then progress lasts as long as the page.
 */
import type { CheckVerdict } from '../../sim/cluster/scenario-check';

export interface LessonProgress {
  /** Indexes of the steps run. */
  ran: number[];
  /** How many hints are shown. */
  hints: number;
  /** The last verdict of each check, in the lesson's order (empty before the first Check). */
  verdicts: CheckVerdict[];
}

export const EMPTY_PROGRESS: LessonProgress = { ran: [], hints: 0, verdicts: [] };

const key = (id: string) => `kubarium.lesson.${id}`;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The saved progress, or none; anything unreadable counts as none. */
export function loadProgress(id: string): LessonProgress {
  try {
    const raw = storage()?.getItem(key(id));
    const p = raw ? (JSON.parse(raw) as Partial<LessonProgress>) : {};
    return {
      ran: Array.isArray(p.ran) ? p.ran.filter((n) => Number.isInteger(n)) : [],
      hints: Number.isInteger(p.hints) ? Number(p.hints) : 0,
      verdicts: Array.isArray(p.verdicts) ? p.verdicts.filter((v) => typeof v?.title === 'string' && typeof v.pass === 'boolean') : []
    };
  } catch {
    return EMPTY_PROGRESS;
  }
}

export function saveProgress(id: string, progress: LessonProgress): void {
  try {
    storage()?.setItem(key(id), JSON.stringify(progress));
  } catch {
    // not saved: it still holds for this visit
  }
}

export function clearProgress(id: string): void {
  try {
    storage()?.removeItem(key(id));
  } catch {
    // nothing saved to clear
  }
}

/** How many of the lesson's checks passed last time they ran. */
export function passedCount(progress: LessonProgress): number {
  return progress.verdicts.filter((v) => v.pass).length;
}
