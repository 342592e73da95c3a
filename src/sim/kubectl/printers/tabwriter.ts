// A port of Go's text/tabwriter (the elastic-tabstop algorithm) as used by kubectl.
//
// Source: Go standard library src/text/tabwriter/tabwriter.go (kubectl uses the
// github.com/liggitt/tabwriter fork, which only adds the RememberWidths flag that
// matters across several Flush() calls; kubectl flushes a table once).
//
// kubectl's table printer: staging/src/k8s.io/cli-runtime/pkg/printers/tabwriter.go
//   tabwriter.NewWriter(output, 6 /*minwidth*/, 4 /*tabwidth*/, 3 /*padding*/, ' ', RememberWidths)
// kubectl describe: staging/src/k8s.io/kubectl/pkg/describe/describe.go tabbedString()
//   out.Init(buf, 0 /*minwidth*/, 8 /*tabwidth*/, 2 /*padding*/, ' ', 0)
//
// Semantics kept from Go:
//  - a cell is text terminated by '\t' (or '\v'); the last cell of a line is not part of
//    a column and is never padded, so lines have no trailing padding;
//  - column widths are computed per block of consecutive lines having that column;
//  - width is counted in runes (code points), minimum `minwidth`, plus `padding`;
//  - a line consisting of a single cell (no tab) flushes everything buffered, so alignment
//    restarts after such lines (this is why describe sections align independently);
//  - '\f' also forces a flush.

export const DiscardEmptyColumns = 1 << 3;

interface Cell {
  text: string;
  width: number;
  htab: boolean;
}

function runeCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // count a surrogate pair once
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

export class TabWriter {
  private lines: Cell[][] = [[]];
  private cell = '';
  private widths: number[] = [];
  private out = '';

  constructor(
    private readonly minwidth: number,
    private readonly tabwidth: number,
    private readonly padding: number,
    private readonly padchar: string,
    private readonly flags = 0,
  ) {}

  /** Writes text; cells are delimited by '\t', lines by '\n'. */
  write(text: string): void {
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (ch === '\t' || ch === '\v' || ch === '\n' || ch === '\f') {
        this.cell += text.slice(start, i);
        start = i + 1;
        const ncells = this.terminateCell(ch === '\t');
        if (ch === '\n' || ch === '\f') {
          this.lines.push([]);
          if (ch === '\f' || ncells === 1) {
            // A '\f' always forces a flush. Otherwise, if the previous line has only one
            // cell which does not have an impact on the formatting of the following lines
            // (the last cell per line is ignored by format()), we can flush.
            this.flushInternal();
          }
        }
      }
    }
    this.cell += text.slice(start);
  }

  /** Formats everything buffered so far (Writer.Flush). */
  flush(): void {
    this.flushInternal();
  }

  /** Flushes and returns (and clears) everything formatted so far. */
  takeOutput(): string {
    this.flushInternal();
    const o = this.out;
    this.out = '';
    return o;
  }

  private terminateCell(htab: boolean): number {
    const line = this.lines[this.lines.length - 1]!;
    line.push({ text: this.cell, width: runeCount(this.cell), htab });
    this.cell = '';
    return line.length;
  }

  private flushInternal(): void {
    if (this.cell.length > 0) {
      this.terminateCell(false);
    }
    this.format(0, this.lines.length);
    this.lines = [[]];
    this.cell = '';
    this.widths = [];
  }

  private writePadding(textw: number, cellw: number): void {
    if (this.padchar === '\t') {
      if (this.tabwidth === 0) return;
      cellw = Math.floor((cellw + this.tabwidth - 1) / this.tabwidth) * this.tabwidth;
      const n = cellw - textw;
      this.out += '\t'.repeat(Math.floor((n + this.tabwidth - 1) / this.tabwidth));
      return;
    }
    if (cellw > textw) this.out += this.padchar.repeat(cellw - textw);
  }

  private writeLines(line0: number, line1: number): void {
    for (let i = line0; i < line1; i++) {
      const line = this.lines[i]!;
      for (let j = 0; j < line.length; j++) {
        const c = line[j]!;
        if (c.text.length > 0) this.out += c.text;
        if (j < this.widths.length) this.writePadding(c.width, this.widths[j]!);
      }
      if (i + 1 === this.lines.length) {
        // last buffered line - no newline; write any outstanding buffered data
        this.out += this.cell;
      } else {
        this.out += '\n';
      }
    }
  }

  private format(line0: number, line1: number): void {
    const column = this.widths.length;
    for (let th = line0; th < line1; th++) {
      if (column >= this.lines[th]!.length - 1) continue;
      // cell exists in this column => this line has more cells than the previous line
      this.writeLines(line0, th);
      line0 = th;
      // column block begin
      let width = this.minwidth;
      let discardable = true;
      for (; th < line1; th++) {
        const line = this.lines[th]!;
        if (column >= line.length - 1) break;
        const c = line[column]!;
        const w = c.width + this.padding;
        if (w > width) width = w;
        if (c.width > 0 || c.htab) discardable = false;
      }
      // column block end
      if (discardable && (this.flags & DiscardEmptyColumns) !== 0) width = 0;
      this.widths.push(width);
      this.format(line0, th);
      this.widths.pop();
      line0 = th;
    }
    this.writeLines(line0, line1);
  }
}

/** printers.GetNewTabWriter (cli-runtime): minwidth 6, tabwidth 4, padding 3, ' '. */
export function newKubectlTabWriter(): TabWriter {
  return new TabWriter(6, 4, 3, ' ');
}

/** describe.tabbedString's writer: minwidth 0, tabwidth 8, padding 2, ' '. */
export function newDescribeTabWriter(): TabWriter {
  return new TabWriter(0, 8, 2, ' ');
}

/** Lays out tab-separated text the way `kubectl get` does. */
export function formatKubectlTable(text: string): string {
  const w = newKubectlTabWriter();
  w.write(text);
  return w.takeOutput();
}
