/**
 * Word splitting of a console line as a POSIX shell does it (the part of `sh` that kubectl
 * users rely on): blanks separate words; '...' keeps everything literally; "..." keeps
 * everything but lets a backslash escape `\ " $ \`` and a newline; an unquoted backslash
 * escapes the next character (and a backslash-newline joins lines); `#` at the start of a
 * word starts a comment. No expansion of variables, globs or `~`.
 * upstream: POSIX.1-2017 XCU 2.2 Quoting, 2.3 Token Recognition.
 *
 * So `-o jsonpath='{.items[*].metadata.name}'` and
 * `-o jsonpath="{range .items[*]}{.metadata.name}{'\n'}{end}"` reach kubectl as the
 * shell would pass them (the `\n` stays two characters; jsonpath reads it as a newline).
 */

export class ShellSyntaxError extends Error {}

export function splitArgs(line: string): string[] {
  const words: string[] = [];
  let word = '';
  // A word exists once any character or quote pair was seen (so '' is an empty argument).
  let inWord = false;
  let i = 0;
  const n = line.length;
  while (i < n) {
    const c = line[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      if (inWord) {
        words.push(word);
        word = '';
        inWord = false;
      }
      i++;
      continue;
    }
    if (c === '#' && !inWord) {
      // A comment runs to the end of the line.
      while (i < n && line[i] !== '\n') i++;
      continue;
    }
    if (c === '\\') {
      if (i + 1 >= n) {
        // A trailing backslash stands for itself.
        word += '\\';
        inWord = true;
        i++;
        continue;
      }
      const next = line[i + 1];
      i += 2;
      if (next === '\n') continue; // line continuation
      word += next;
      inWord = true;
      continue;
    }
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new ShellSyntaxError("unexpected EOF while looking for matching `''");
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
      continue;
    }
    if (c === '"') {
      i++;
      inWord = true;
      let closed = false;
      while (i < n) {
        const d = line[i];
        if (d === '"') {
          closed = true;
          i++;
          break;
        }
        if (d === '\\' && i + 1 < n) {
          const next = line[i + 1];
          if (next === '\\' || next === '"' || next === '$' || next === '`') {
            word += next;
            i += 2;
            continue;
          }
          if (next === '\n') {
            i += 2;
            continue;
          }
        }
        word += d;
        i++;
      }
      if (!closed) throw new ShellSyntaxError('unexpected EOF while looking for matching `"\'');
      continue;
    }
    word += c;
    inWord = true;
    i++;
  }
  if (inWord) words.push(word);
  return words;
}

/**
 * Splits a console line at its unquoted pipes (`|`, not `||`), with the quoting rules of
 * splitArgs: `kubectl get secret s -o jsonpath='{.data.a}' | base64 -d` is two commands, a `|`
 * inside quotes or after a backslash is not a pipe. Returns the line itself when it has none.
 * upstream: POSIX.1-2017 XCU 2.9.2 Pipelines.
 */
export function splitPipeline(line: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let i = 0;
  const n = line.length;
  while (i < n) {
    const c = line[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return [line];
      i = end + 1;
      continue;
    }
    if (c === '"') {
      i++;
      while (i < n && line[i] !== '"') i += line[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) break;
    if (c === '|') {
      if (line[i + 1] === '|') return [line];
      parts.push(line.slice(start, i).trim());
      start = i + 1;
    }
    i++;
  }
  if (parts.length === 0) return [line];
  parts.push(line.slice(start).trim());
  return parts;
}

export interface Redirects {
  /** The command without its redirections. */
  line: string;
  /** `> FILE` / `>> FILE`: stdout into FILE (appended with `>>`). */
  stdout?: { file: string; append: boolean };
  /** `2> FILE` / `2>> FILE` (`/dev/null` discards). */
  stderr?: { file: string; append: boolean };
  /** `2>&1`: stderr goes where stdout goes. */
  stderrToStdout?: boolean;
}

/**
 * The output redirections of a simple command (`kubectl get pod web -o yaml > pod.yaml`,
 * `... 2>/dev/null`, `... >> log 2>&1`), unquoted, with splitArgs' quoting rules; the rest of the
 * line is returned as typed. A `>` with no file after it is a syntax error, as sh says it.
 * upstream: POSIX.1-2017 XCU 2.7 Redirection.
 */
export function splitRedirects(line: string): Redirects {
  const out: Redirects = { line };
  let kept = '';
  let i = 0;
  const n = line.length;
  while (i < n) {
    const c = line[i];
    if (c === '\\') {
      kept += line.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < n && line[j] !== c) j += c === '"' && line[j] === '\\' ? 2 : 1;
      kept += line.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) {
      kept += line.slice(i);
      break;
    }
    const atWordStart = i === 0 || /\s/.test(line[i - 1]);
    const fd2 = c === '2' && line[i + 1] === '>' && atWordStart;
    if (c === '>' || fd2) {
      let j = fd2 ? i + 2 : i + 1;
      const append = line[j] === '>';
      if (append) j++;
      if (fd2 && !append && line.slice(j, j + 2) === '&1') {
        out.stderrToStdout = true;
        i = j + 2;
        continue;
      }
      while (j < n && /\s/.test(line[j])) j++;
      let k = j;
      while (k < n && !/[\s<>|;&]/.test(line[k])) k++;
      const file = line.slice(j, k);
      if (file === '') throw new Error(`syntax error near unexpected token \`${k < n ? line[k] : 'newline'}'`);
      if (fd2) out.stderr = { file, append };
      else out.stdout = { file, append };
      i = k;
      continue;
    }
    kept += c;
    i++;
  }
  if (out.stdout || out.stderr || out.stderrToStdout) out.line = kept.replace(/\s+$/, '');
  return out;
}
