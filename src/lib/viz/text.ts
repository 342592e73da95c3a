/**
 * Fitting names into pods without measuring the DOM: an estimate of how wide a string renders in
 * the UI font, good enough to decide how much of a name to keep. (Measuring every label with
 * getComputedTextLength on each frame would cost layout passes; an estimate costs nothing.)
 */

// Rough advance widths in em for a typical sans-serif UI font.
const NARROW = new Set('ijlI.,:;|!\'`'.split(''));
const SEMI = new Set('frt-()[]{} /'.split(''));
const WIDE = new Set('mwMW@'.split(''));

export function estimateWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) {
    if (NARROW.has(ch)) em += 0.28;
    else if (SEMI.has(ch)) em += 0.4;
    else if (WIDE.has(ch)) em += 0.88;
    else if (ch === '…') em += 0.8;
    else if (ch >= 'A' && ch <= 'Z') em += 0.68;
    else em += 0.58;
  }
  return em * fontSize;
}

/**
 * The name itself if it fits in `maxWidth` px, else the name shortened in the middle
 * (`web-7c9f…x2k9q`): both ends stay, because that is where generated names differ.
 */
export function fitMiddle(name: string, maxWidth: number, fontSize: number): string {
  if (estimateWidth(name, fontSize) <= maxWidth) return name;
  for (let keep = name.length - 1; keep > 1; keep--) {
    const tail = Math.ceil(keep / 2);
    const candidate = name.slice(0, keep - tail) + '…' + name.slice(name.length - tail);
    if (estimateWidth(candidate, fontSize) <= maxWidth) return candidate;
  }
  return '…';
}
