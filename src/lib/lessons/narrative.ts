/**
 * A lesson's narrative is markdown-ish text: blank lines separate paragraphs, lines starting with
 * "- " are list items (indented lines continue them), `code` and **bold** mark spans. This turns
 * it into blocks of spans that the player renders as text nodes: nothing here is ever HTML.
 */
export type Span = { kind: 'text' | 'code' | 'strong'; text: string };
export type Block = { kind: 'paragraph'; spans: Span[] } | { kind: 'list'; items: Span[][] };

/** `a `b` **c**` -> text, code, text, strong. An unclosed marker is plain text. */
export function spans(text: string): Span[] {
  const out: Span[] = [];
  const re = /`([^`]+)`|\*\*([^*]+)\*\*/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push({ kind: 'text', text: text.slice(last, m.index) });
    out.push(m[1] !== undefined ? { kind: 'code', text: m[1] } : { kind: 'strong', text: m[2] });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

export function narrative(text: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.replace(/\r\n/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    if (!/^\s*- /.test(lines[0])) {
      blocks.push({ kind: 'paragraph', spans: spans(lines.map((l) => l.trim()).join(' ')) });
      continue;
    }
    const items: string[] = [];
    for (const l of lines) {
      if (/^\s*- /.test(l)) items.push(l.replace(/^\s*- /, '').trim());
      else items[items.length - 1] += ' ' + l.trim();
    }
    blocks.push({ kind: 'list', items: items.map(spans) });
  }
  return blocks;
}
