/**
 * The built-in lessons as the page sees them: the YAML files of this folder, parsed. Imported
 * lazily (the lesson picker, `?lesson=ID`), so neither the texts nor the YAML parser are on the
 * first load.
 */
import { clusterConfigOf, parseScenario, type Scenario } from '../../sim/cluster/scenario';
import type { ClusterOptions } from '../bridge/cluster.svelte';
import { lessonIdOf, sortLessonFiles } from './files';

export interface Lesson {
  id: string;
  /** 1-based position in the list. */
  number: number;
  scenario: Scenario;
}

const files = import.meta.glob('./*.yaml', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export const LESSONS: readonly Lesson[] = sortLessonFiles(Object.keys(files)).flatMap((file, i) => {
  const parsed = parseScenario(files[file]);
  // tests/scenario/lessons.test.ts keeps every built-in lesson valid; a broken one is left out, not fatal.
  if (!parsed.ok) return [];
  return [{ id: lessonIdOf(file)!, number: i + 1, scenario: parsed.scenario }];
});

export function lessonById(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}

/** How the page boots a lesson's cluster (the same config the CLI and the tests boot). */
export function bootOptionsOf(lesson: Lesson): Pick<ClusterOptions, 'seed' | 'workers' | 'nodes' | 'schedulerConfig'> {
  return clusterConfigOf(lesson.scenario.cluster);
}
