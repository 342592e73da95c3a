/**
 * Whether a console input is complete or still waiting for lines, as a shell decides it: an open
 * heredoc (`<<EOF` without its closing `EOF` line) or a trailing backslash asks for more.
 */
const HEREDOC = /<<(-?)\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\2/g;

export function needsMoreInput(text: string): boolean {
  return heredocOpen(text) || /(^|[^\\])\\$/.test(text);
}

/** Whether a heredoc opened in `text` still waits for its delimiter line. */
function heredocOpen(text: string): boolean {
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i++];
    const markers = [...line.matchAll(HEREDOC)];
    // Each heredoc opened on this line consumes the following lines up to its delimiter, in order.
    for (const [, dash, , word] of markers) {
      let closed = false;
      while (i < lines.length) {
        const body = lines[i++];
        if ((dash ? body.replace(/^\t+/, '') : body) === word) {
          closed = true;
          break;
        }
      }
      if (!closed) return true;
    }
  }
  return false;
}

/** Whether the line the caret is on belongs to a heredoc's body (Tab indents there, YAML-style). */
export function insideHeredoc(text: string, cursor: number): boolean {
  const lineStart = text.lastIndexOf('\n', cursor - 1) + 1;
  return lineStart > 0 && heredocOpen(text.slice(0, lineStart - 1));
}

/** A heredoc delimiter that does not occur as a line of `body` (EOF unless the body has one). */
export function heredocDelimiter(body: string): string {
  const lines = new Set(body.split('\n'));
  let word = 'EOF';
  for (let n = 1; lines.has(word); n++) word = `EOF${n}`;
  return word;
}

/** `COMMAND <<EOF` with `body` as its stdin, as typed in the console. */
export function heredocScript(command: string, body: string): string {
  const text = body.replace(/\n+$/, '');
  const word = heredocDelimiter(text);
  return `${command} <<${word}\n${text}\n${word}`;
}

/** `kubectl apply -f - <<EOF` around a manifest, as typed in the console (`flags` before `-f`). */
export function applyScript(manifest: string, flags = ''): string {
  return heredocScript(`kubectl apply ${flags ? `${flags} ` : ''}-f -`, manifest);
}
