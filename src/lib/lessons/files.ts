/**
 * The built-in lessons are the YAML files of this folder, `NN-ID.yaml`: NN orders them, ID names
 * them (`kubarium run lesson:ID`, the page's lesson selector). Pure, shared by the CLI and the page.
 */
const FILE = /^(\d+)-([a-z0-9][-a-z0-9]*)\.yaml$/;

/** `03-probes.yaml` -> `probes`; undefined for a file that is not a lesson. */
export function lessonIdOf(file: string): string | undefined {
  return FILE.exec(file.split('/').pop() ?? '')?.[2];
}

/** Lesson files in their order (by NN). */
export function sortLessonFiles(files: string[]): string[] {
  return files.filter((f) => lessonIdOf(f) !== undefined).sort((a, b) => Number(FILE.exec(a.split('/').pop()!)![1]) - Number(FILE.exec(b.split('/').pop()!)![1]));
}
