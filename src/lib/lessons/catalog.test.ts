import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { bootOptionsOf, lessonById, LESSONS } from './catalog';
import { sortLessonFiles, lessonIdOf } from './files';

describe('the page catalog of lessons', () => {
  it('holds every lesson file of the folder, parsed, numbered in file order (what the CLI lists)', () => {
    const files = sortLessonFiles(readdirSync(__dirname));
    expect(LESSONS.map((l) => l.id)).toEqual(files.map((f) => lessonIdOf(f)));
    expect(LESSONS.map((l) => l.number)).toEqual(files.map((_, i) => i + 1));
    expect(LESSONS).toHaveLength(13);
  });

  it("boots a lesson's own cluster", () => {
    expect(bootOptionsOf(lessonById('node-dies')!)).toEqual({ seed: 7, workers: 2 });
    expect(bootOptionsOf(lessonById('kubelet-config-gone-wrong')!)).toEqual({ seed: 9, workers: 3 });
    expect(lessonById('nope')).toBeUndefined();
  });

  it('names files NN-ID.yaml', () => {
    expect(lessonIdOf('src/lib/lessons/03-probes.yaml')).toBe('probes');
    expect(lessonIdOf('probes.yaml')).toBeUndefined();
    expect(sortLessonFiles(['10-b.yaml', '2-a.yaml', 'README.md', 'x.ts'])).toEqual(['2-a.yaml', '10-b.yaml']);
  });
});
