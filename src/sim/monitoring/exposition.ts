/**
 * Reads the Prometheus text exposition format (0.0.4) as a scraper does: `# HELP` / `# TYPE`
 * lines, then one sample a line, `name{label="value",...} value [timestamp_ms]`. Label values
 * may hold `\\`, `\"` and `\n` escapes; values are Go floats (`+Inf`, `-Inf`, `NaN`, `1e-05`).
 * upstream: github.com/prometheus/common/expfmt/text_parse.go (TextParser), the format is
 * https://prometheus.io/docs/instrumenting/exposition_formats/.
 */

export interface ExpositionSample {
  name: string;
  labels: Record<string, string>;
  value: number;
  /** The sample's own timestamp (ms since the Unix epoch) when the target stamped it (cAdvisor does). */
  timestampMs?: number;
}

export interface ExpositionFamily {
  type?: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help?: string;
}

export interface ParsedExposition {
  samples: ExpositionSample[];
  /** By family name (`kubelet_pleg_relist_duration_seconds`, not its `_bucket` series). */
  families: Map<string, ExpositionFamily>;
}

const NAME_RE = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;

export function parseGoFloat(s: string): number {
  switch (s) {
    case '+Inf':
    case 'Inf':
      return Infinity;
    case '-Inf':
      return -Infinity;
    case 'NaN':
      return NaN;
  }
  const v = Number(s);
  if (s === '' || Number.isNaN(v)) throw new Error(`invalid float "${s}"`);
  return v;
}

/** Parses a whole scrape; a malformed line throws with its line number (a failed scrape, as Prometheus records it). */
export function parseExposition(text: string): ParsedExposition {
  const samples: ExpositionSample[] = [];
  const families = new Map<string, ExpositionFamily>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === '' || /^\s*$/.test(line)) continue;
    try {
      if (line.startsWith('#')) {
        const m = /^#\s+(HELP|TYPE)\s+(\S+)\s?(.*)$/.exec(line);
        if (!m) continue; // an ordinary comment
        const fam = families.get(m[2]) ?? {};
        if (m[1] === 'TYPE') fam.type = m[3].trim() as ExpositionFamily['type'];
        else fam.help = m[3];
        families.set(m[2], fam);
        continue;
      }
      samples.push(parseSampleLine(line));
    } catch (e) {
      throw new Error(`text format parsing error in line ${i + 1}: ${(e as Error).message}`);
    }
  }
  return { samples, families };
}

function parseSampleLine(line: string): ExpositionSample {
  const m = NAME_RE.exec(line);
  if (!m) throw new Error(`invalid metric name in "${line}"`);
  const name = m[0];
  let pos = name.length;
  const labels: Record<string, string> = {};
  if (line[pos] === '{') {
    pos++;
    for (;;) {
      while (line[pos] === ' ' || line[pos] === ',') pos++;
      if (line[pos] === '}') {
        pos++;
        break;
      }
      const ln = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(line.slice(pos));
      if (!ln) throw new Error(`invalid label name at column ${pos + 1}`);
      pos += ln[0].length;
      if (line[pos] !== '=' || line[pos + 1] !== '"') throw new Error(`expected '="' after label ${ln[0]}`);
      pos += 2;
      let value = '';
      for (;;) {
        const ch = line[pos];
        if (ch === undefined) throw new Error(`unterminated label value for ${ln[0]}`);
        pos++;
        if (ch === '"') break;
        if (ch === '\\') {
          const esc = line[pos++];
          value += esc === 'n' ? '\n' : esc;
        } else value += ch;
      }
      labels[ln[0]] = value;
    }
  }
  const rest = line.slice(pos).trim().split(/\s+/);
  if (rest.length < 1 || rest[0] === '') throw new Error(`missing value for ${name}`);
  const sample: ExpositionSample = { name, labels, value: parseGoFloat(rest[0]) };
  if (rest.length > 1) {
    const ts = Number(rest[1]);
    if (!Number.isInteger(ts)) throw new Error(`invalid timestamp "${rest[1]}"`);
    sample.timestampMs = ts;
  }
  return sample;
}
