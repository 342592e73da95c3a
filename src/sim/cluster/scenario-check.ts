/**
 * A scenario's checks (scenario.ts): a verdict is a pure function of one run of the check's
 * command; `runCheck` looks again, letting virtual time run, until it holds or `within` has
 * passed. No cluster here: the CLI and the tests give it the Console (scenario-run.ts), the
 * page's lesson player the worker's exec and advance.
 */
import { formatDuration } from '../kernel/clock';
import type { ScenarioCheck } from './scenario';

/** What a check needs of a cluster: run console lines, let virtual time pass. */
export interface ScenarioShell {
  /** Runs console lines; `output` is stdout and stderr as the console shows them. */
  exec(script: string): Promise<{ output: string; exitCode: number }>;
  advance(ms: number): Promise<void>;
}

export interface CheckVerdict {
  title: string;
  pass: boolean;
  /** What the check wanted, in words: `"worker-1"`, `output matching /Running/`. */
  expected: string;
  /** What the command printed (trimmed; the exit code when it was expected). */
  seen: string;
  /** Virtual ms spent waiting for it to hold. */
  waited: number;
  hint?: string;
}

const MAX_SEEN_LINES = 12;

function clip(output: string): string {
  const lines = output.replace(/\s+$/, '').split('\n');
  return lines.length <= MAX_SEEN_LINES ? lines.join('\n') : [...lines.slice(0, MAX_SEEN_LINES), `... (${lines.length - MAX_SEEN_LINES} more lines)`].join('\n');
}

/** Whether one run of the check's command satisfies it, and the words for expected and seen. */
export function evaluateCheck(check: ScenarioCheck, result: { output: string; exitCode: number }): { pass: boolean; expected: string; seen: string } {
  const out = result.output;
  const failures: { expected: string; seen: string }[] = [];
  const wanted: string[] = [];
  const seenOutput = clip(out) || '(no output)';
  // A one-line value is quoted (so "" and trailing spaces show); anything longer is shown as printed.
  const seenValue = out.trim().includes('\n') ? seenOutput : JSON.stringify(out.trim());
  if (check.equals !== undefined) {
    wanted.push(JSON.stringify(check.equals));
    if (out.trim() !== check.equals.trim()) failures.push({ expected: JSON.stringify(check.equals), seen: seenValue });
  }
  if (check.matches !== undefined) {
    const e = `output matching /${check.matches}/`;
    wanted.push(e);
    if (!new RegExp(check.matches, 'm').test(out)) failures.push({ expected: e, seen: seenOutput });
  }
  if (check.notMatches !== undefined) {
    const e = `output not matching /${check.notMatches}/`;
    wanted.push(e);
    if (new RegExp(check.notMatches, 'm').test(out)) failures.push({ expected: e, seen: seenOutput });
  }
  if (check.contains !== undefined) {
    const e = `output containing ${JSON.stringify(check.contains)}`;
    wanted.push(e);
    if (!out.includes(check.contains)) failures.push({ expected: e, seen: seenOutput });
  }
  if (check.exitCode !== undefined) {
    const e = `exit code ${check.exitCode}`;
    wanted.push(e);
    if (result.exitCode !== check.exitCode) failures.push({ expected: e, seen: `exit code ${result.exitCode}: ${seenOutput}` });
  }
  if (failures.length > 0) return { pass: false, ...failures[0] };
  return { pass: true, expected: wanted.join(' and '), seen: check.equals !== undefined ? seenValue : seenOutput };
}

/** Runs the check's command until it holds or `within` has passed in virtual time. */
export async function runCheck(check: ScenarioCheck, shell: ScenarioShell): Promise<CheckVerdict> {
  let waited = 0;
  for (;;) {
    const verdict = evaluateCheck(check, await shell.exec(check.run));
    if (verdict.pass || waited >= check.within) return { title: check.title, ...verdict, waited, ...(check.hint !== undefined ? { hint: check.hint } : {}) };
    const step = Math.min(check.every, check.within - waited);
    await shell.advance(step);
    waited += step;
  }
}

/** A verdict as the CLI prints it: `PASS title`, or `FAIL title` with what was expected and seen. */
export function formatVerdict(v: CheckVerdict): string {
  const waited = v.waited > 0 ? ` (after ${formatDuration(v.waited)})` : '';
  if (v.pass) return `PASS  ${v.title}${waited}\n`;
  const indent = (s: string) => s.split('\n').map((l, i) => (i === 0 ? l : `                ${l}`)).join('\n');
  return [`FAIL  ${v.title}${waited}`, `      expected: ${v.expected}`, `      saw:      ${indent(v.seen)}`, ...(v.hint ? [`      hint:     ${v.hint}`] : [])].join('\n') + '\n';
}
