/**
 * Splits console input into commands: one per line, `\` continuations joined, blank lines and
 * `# comments` skipped, and heredocs (`kubectl apply -f - <<EOF` ... `EOF`, also `<<'EOF'`,
 * `<<-EOF` and `cat <<EOF | kubectl apply -f -`) turned into the command's standard input.
 */

export interface ScriptCommand {
  /** The command line without the heredoc operator. */
  line: string;
  stdin?: string;
  /** 1-based line number where the command starts. */
  lineNo: number;
}

const HEREDOC = /<<(-?)\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\2/;

export function parseScript(text: string): ScriptCommand[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const out: ScriptCommand[] = [];
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    let line = lines[i];
    while (line.endsWith('\\') && i + 1 < lines.length) line = line.slice(0, -1) + lines[++i];
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const m = HEREDOC.exec(trimmed);
    if (!m) {
      out.push({ line: trimmed, lineNo });
      continue;
    }
    const [op, dash, , delimiter] = m;
    const body: string[] = [];
    let closed = false;
    while (++i < lines.length) {
      const l = dash ? lines[i].replace(/^\t+/, '') : lines[i];
      if (l.trim() === delimiter && (dash || l.trimEnd() === delimiter)) {
        closed = true;
        break;
      }
      body.push(l);
    }
    if (!closed) {
      out.push({ line: trimmed, lineNo, stdin: undefined });
      out[out.length - 1].line = `__unterminated_heredoc__ ${delimiter}`;
      break;
    }
    let cmd = (trimmed.slice(0, m.index) + trimmed.slice(m.index + op.length)).trim();
    // `cat <<EOF | kubectl apply -f -`: the heredoc feeds the piped command.
    const pipe = /^cat\s*\|\s*(.*)$/.exec(cmd);
    if (pipe) cmd = pipe[1];
    out.push({ line: cmd, stdin: body.join('\n') + '\n', lineNo });
  }
  return out;
}
