/**
 * `kubarium run FILE | lesson:ID | - [--skip-key-steps]` and `kubarium run --list`: boots the
 * scenario's cluster, prints each step (its narrative, each command and its output), then each
 * check's verdict; exit code 1 when a check fails, 2 when the file is not a valid scenario.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Console } from '../src/sim/cluster/console';
import { parseScript } from '../src/sim/cluster/script';
import { formatScenarioErrors, parseScenario, type Scenario } from '../src/sim/cluster/scenario';
import { bootScenario, consoleShell } from '../src/sim/cluster/scenario-run';
import { formatVerdict, runCheck } from '../src/sim/cluster/scenario-check';
import { lessonIdOf, sortLessonFiles } from '../src/lib/lessons/files';

export const RUN_USAGE = `Usage: kubarium run FILE | lesson:ID | - [--skip-key-steps] [--skip-step N]...
       kubarium run --list

Runs a scenario (a lesson): boots its cluster, runs its steps and prints each command's output,
then runs its checks and prints PASS or FAIL for each (exit code 1 when one fails).
  --list             list the built-in lessons (run one with lesson:ID)
  --skip-key-steps   leave out the steps marked key: the checks should then fail
  --skip-step N      leave out step N (1-based; may be repeated)
`;

export const LESSONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'lib', 'lessons');

export interface Output {
  out(text: string): void;
  err(text: string): void;
}

/** The built-in lessons: id, file, title (in their order). */
export async function builtInLessons(): Promise<{ id: string; file: string; text: string }[]> {
  const files = sortLessonFiles(await readdir(LESSONS_DIR));
  return Promise.all(files.map(async (f) => ({ id: lessonIdOf(f)!, file: join(LESSONS_DIR, f), text: await readFile(join(LESSONS_DIR, f), 'utf8') })));
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A heredoc command printed back as it was typed. */
function echo(line: string, stdin: string | undefined): string {
  return stdin === undefined ? `$ ${line}\n` : `$ ${line} <<EOF\n${stdin}EOF\n`;
}

/** Runs a parsed scenario, printing as it goes; resolves to the number of failed checks. */
export async function playScenario(scenario: Scenario, io: Output, opts: { skipKeySteps?: boolean; skipSteps?: number[]; baseDir?: string } = {}): Promise<number> {
  io.out(`${scenario.title}\n${'='.repeat(scenario.title.length)}\n`);
  if (scenario.description) io.out(`${scenario.description.trimEnd()}\n`);
  const { cluster, ready } = await bootScenario(scenario);
  if (!ready) io.err('kubarium: not every node became Ready within 60s\n');
  const baseDir = opts.baseDir ?? process.cwd();
  const console = new Console(cluster, { readFile: (p) => readFile(resolve(baseDir, p), 'utf8') });
  for (const [i, step] of scenario.steps.entries()) {
    const skipped = (opts.skipKeySteps && step.key) || opts.skipSteps?.includes(i + 1);
    io.out(`\nStep ${i + 1}/${scenario.steps.length}: ${step.title}${skipped ? ' (skipped)' : ''}\n`);
    if (step.text) io.out(`\n${step.text.trimEnd()}\n`);
    if (skipped || !step.run) continue;
    io.out('\n');
    for (const cmd of parseScript(step.run)) {
      io.out(echo(cmd.line, cmd.stdin));
      const r = await console.run(cmd);
      io.out(r.stdout);
      if (r.stderr) io.out(r.stderr);
    }
  }
  if (scenario.checks.length === 0) return 0;
  io.out('\nChecks\n');
  let failed = 0;
  const shell = consoleShell(console);
  for (const check of scenario.checks) {
    const v = await runCheck(check, shell);
    if (!v.pass) failed++;
    io.out(formatVerdict(v));
  }
  io.out(`\n${scenario.checks.length - failed}/${scenario.checks.length} checks passed\n`);
  return failed;
}

export async function runCommand(argv: string[], io: Output): Promise<number> {
  let source: string | undefined;
  let skipKeySteps = false;
  let list = false;
  const skipSteps: number[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--list') list = true;
    else if (a === '--skip-key-steps') skipKeySteps = true;
    else if (a === '--skip-step' || a.startsWith('--skip-step=')) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (!/^[1-9]\d*$/.test(v ?? '')) {
        io.err(`kubarium run: invalid argument "${v ?? ''}" for "--skip-step" flag: a step number (1, 2, ...)\n`);
        return 2;
      }
      skipSteps.push(Number(v));
    }
    else if (a === '-h' || a === '--help') {
      io.out(RUN_USAGE);
      return 0;
    } else if (a.startsWith('--')) {
      io.err(`kubarium run: unknown flag ${a}\n${RUN_USAGE}`);
      return 2;
    } else if (source !== undefined) {
      io.err(`kubarium run: one scenario at a time (got ${source} and ${a})\n`);
      return 2;
    } else source = a;
  }
  const lessons = await builtInLessons();
  if (list) {
    const width = Math.max(...lessons.map((l) => l.id.length));
    for (const l of lessons) {
      const parsed = parseScenario(l.text);
      io.out(`lesson:${l.id.padEnd(width)}  ${parsed.ok ? parsed.scenario.title : '(invalid: run it to see why)'}\n`);
    }
    return 0;
  }
  if (source === undefined) {
    io.err(`kubarium run: which scenario? Give a FILE, lesson:ID or - (standard input)\n${RUN_USAGE}`);
    return 2;
  }
  let text: string;
  let name = source;
  let baseDir = process.cwd();
  if (source.startsWith('lesson:')) {
    const lesson = lessons.find((l) => l.id === source!.slice('lesson:'.length));
    if (!lesson) {
      io.err(`kubarium run: no built-in lesson "${source.slice('lesson:'.length)}"; see kubarium run --list\n`);
      return 2;
    }
    text = lesson.text;
    name = lesson.file;
  } else if (source === '-') {
    text = await readStdin();
    name = '<stdin>';
  } else {
    try {
      text = await readFile(source, 'utf8');
    } catch {
      io.err(`kubarium run: cannot read ${source}\n`);
      return 2;
    }
    baseDir = dirname(resolve(source));
  }
  const parsed = parseScenario(text);
  if (!parsed.ok) {
    io.err(formatScenarioErrors(name, parsed.errors));
    return 2;
  }
  const tooFar = skipSteps.find((n) => n > parsed.scenario.steps.length);
  if (tooFar !== undefined) {
    io.err(`kubarium run: --skip-step ${tooFar}: the scenario has ${parsed.scenario.steps.length} steps\n`);
    return 2;
  }
  const failed = await playScenario(parsed.scenario, io, { skipKeySteps, skipSteps, baseDir });
  return failed > 0 ? 1 : 0;
}
