/**
 * Colour for kubectl output, as kubecolor-style plugins give it: the header row of a table stands
 * apart, STATUS words are coloured by meaning (Running green, Pending yellow, CrashLoopBackOff
 * red), READY counts short of their total and non-zero RESTARTS are yellow, Warning events are
 * yellow, `error:` lines red. Pure: it splits text into spans with a tone; the view renders each
 * span as text (never as HTML), so the words themselves stay the cue and colour only adds to them.
 */

export type Tone = 'header' | 'ok' | 'warn' | 'bad' | 'done' | 'muted';

export interface Span {
  text: string;
  tone?: Tone;
}

/** One line of output: its spans, in order (joined they give the line back). */
export type Line = Span[];

/** What a STATUS word (or a part of `Ready,SchedulingDisabled`, `Init:0/1`) means. */
const STATUS_TONES: Readonly<Record<string, Tone>> = {
  Running: 'ok',
  Ready: 'ok',
  Active: 'ok',
  Bound: 'ok',
  Available: 'ok',
  Completed: 'done',
  Succeeded: 'done',
  Pending: 'warn',
  ContainerCreating: 'warn',
  PodInitializing: 'warn',
  Terminating: 'warn',
  SchedulingDisabled: 'warn',
  Released: 'warn',
  Unknown: 'warn',
  Warning: 'warn',
  NotReady: 'bad',
  CrashLoopBackOff: 'bad',
  Error: 'bad',
  OOMKilled: 'bad',
  Evicted: 'bad',
  ErrImagePull: 'bad',
  ImagePullBackOff: 'bad',
  ErrImageNeverPull: 'bad',
  InvalidImageName: 'bad',
  CreateContainerConfigError: 'bad',
  CreateContainerError: 'bad',
  RunContainerError: 'bad',
  StartError: 'bad',
  ContainerStatusUnknown: 'bad',
  Failed: 'bad',
  Lost: 'bad',
  NodeLost: 'bad',
  UnexpectedAdmissionError: 'bad',
  OutOfmemory: 'bad',
  OutOfcpu: 'bad'
};
const RANK: Record<Tone, number> = { muted: 0, header: 0, done: 1, ok: 2, warn: 3, bad: 4 };

/** The tone of a status cell; composite cells (`Ready,SchedulingDisabled`, `Init:Error`) take their worst part. */
export function statusTone(cell: string): Tone | undefined {
  let worst: Tone | undefined;
  for (const part of cell.split(',')) {
    const word = part.trim();
    let tone = STATUS_TONES[word];
    if (!tone && word.startsWith('Init:')) tone = STATUS_TONES[word.slice(5)] ?? 'warn';
    if (!tone && word.startsWith('Signal:')) tone = 'bad';
    if (!tone && word.startsWith('ExitCode:')) tone = 'bad';
    if (tone && (!worst || RANK[tone] > RANK[worst])) worst = tone;
  }
  return worst;
}

/** Columns whose cells are status words. */
const STATUS_COLUMNS = new Set(['STATUS', 'TYPE', 'PHASE']);

interface Column {
  name: string;
  start: number;
}

/**
 * A kubectl table header: upper-case column names (`CPU(cores)` too) two or more spaces apart,
 * at least two of them, starting at the left edge.
 */
export function tableHeader(line: string): Column[] | undefined {
  if (!/^[A-Z]/.test(line)) return undefined;
  const columns: Column[] = [];
  const re = /\S+(?: \S+)*/g;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    if (!/^[A-Z][A-Z0-9 _./%-]*(\([a-z%]+\))?$/.test(m[0])) return undefined;
    columns.push({ name: m[0], start: m.index });
  }
  return columns.length >= 2 ? columns : undefined;
}

/** Cuts a table row into its cells: by the header's column starts, or by runs of 2+ spaces when a wider cell shifted them. */
function cells(row: string, columns: readonly Column[]): { text: string; start: number }[] {
  const split: { text: string; start: number }[] = [];
  const re = /\S+(?: \S+)*/g;
  for (let m = re.exec(row); m; m = re.exec(row)) split.push({ text: m[0], start: m.index });
  if (split.length === columns.length) return split;
  // Empty cells (or a cell with two spaces inside) leave fewer runs: fall back to the header's offsets.
  return columns.map((c, i) => {
    const end = i + 1 < columns.length ? columns[i + 1].start : row.length;
    const raw = row.slice(c.start, end);
    const lead = raw.length - raw.trimStart().length;
    return { text: raw.trim(), start: c.start + lead };
  });
}

function cellTone(column: string, text: string, row: ReadonlyMap<string, string>): Tone | undefined {
  if (STATUS_COLUMNS.has(column)) return statusTone(text);
  if (column === 'READY') {
    const m = /^(\d+)\/(\d+)$/.exec(text);
    if (m) return m[1] === m[2] ? undefined : 'warn';
  }
  if (column === 'RESTARTS' && /^[1-9]/.test(text)) return 'warn';
  if (column === 'REASON' && row.get('TYPE') === 'Warning') return 'warn';
  if (text === '<none>' || text === '<unknown>' || text === '<pending>') return 'muted';
  return undefined;
}

function toneRow(row: string, columns: readonly Column[]): Line {
  const found = cells(row, columns);
  const byName = new Map(found.map((c, i) => [columns[i]?.name ?? '', c.text]));
  const spans: Line = [];
  let at = 0;
  found.forEach((cell, i) => {
    const tone = cell.text === '' ? undefined : cellTone(columns[i]?.name ?? '', cell.text, byName);
    if (!tone) return;
    if (cell.start > at) spans.push({ text: row.slice(at, cell.start) });
    spans.push({ text: cell.text, tone });
    at = cell.start + cell.text.length;
  });
  if (at < row.length || spans.length === 0) spans.push({ text: row.slice(at) });
  return spans;
}

/** Lines of errors and warnings, as kubectl's CheckErr and the API server's warnings print them. */
function messageTone(line: string): Tone | undefined {
  if (/^(error:|Error from server|Error:|The \S+ "[^"]*" is invalid)/.test(line)) return 'bad';
  if (/^(Warning:|warning:|W\d{4} )/.test(line)) return 'warn';
  return undefined;
}

/**
 * Splits output into toned lines. `header` is the header row of a table printed earlier, for
 * rows streamed later without it (`kubectl get pods -w`).
 */
export function colorize(text: string, header?: string): Line[] {
  let columns = header !== undefined ? tableHeader(header) : undefined;
  return text.split('\n').map((line) => {
    const message = messageTone(line);
    if (message) return [{ text: line, tone: message }];
    if (line.trim() === '') {
      columns = undefined; // a blank line ends a table (`kubectl get all` prints several)
      return [{ text: line }];
    }
    const head = tableHeader(line);
    if (head && (!columns || head.length >= columns.length - 1)) {
      columns = head;
      return [{ text: line, tone: 'header' }];
    }
    return columns ? toneRow(line, columns) : [{ text: line }];
  });
}

/** The header row of a table in `text` (its first line when that is one), for rows streamed after it. */
export function headerOf(text: string): string | undefined {
  const end = text.indexOf('\n');
  const first = end >= 0 ? text.slice(0, end) : text;
  return tableHeader(first) ? first : undefined;
}

/**
 * The lines as one run of spans, the newlines inside them, untoned text merged: a long plain
 * output (`sim trace`) stays a single text node instead of one per line.
 */
export function flatten(lines: readonly Line[]): Span[] {
  const out: Span[] = [];
  const push = (text: string, tone?: Tone) => {
    if (text === '') return;
    const last = out[out.length - 1];
    if (!tone && last && !last.tone) last.text += text;
    else out.push(tone ? { text, tone } : { text });
  };
  lines.forEach((line, i) => {
    if (i > 0) push('\n');
    for (const span of line) push(span.text, span.tone);
  });
  return out;
}

/**
 * The last `max` lines of `text` and how many came before them: a long stream (`get -w` left
 * running at 100x) is drawn and coloured from its tail only, as a terminal's scrollback keeps.
 */
export function lastLines(text: string, max: number): { text: string; dropped: number } {
  let at = text.endsWith('\n') ? text.length - 1 : text.length;
  for (let n = 0; n < max; n++) {
    at = text.lastIndexOf('\n', at - 1);
    if (at < 0) return { text, dropped: 0 };
  }
  let dropped = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i <= at; i = text.indexOf('\n', i + 1)) dropped++;
  return { text: text.slice(at + 1), dropped };
}
