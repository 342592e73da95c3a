/**
 * A stream of JSON values decoded as Go's json.Decoder does, with Go's syntax-error wording and
 * byte offsets (kubectl: `json: offset 36: invalid character '}' looking for beginning of
 * object key string`).
 * upstream: go/src/encoding/json/scanner.go (error texts),
 * staging/src/k8s.io/apimachinery/pkg/util/yaml/decoder.go (JSONSyntaxError).
 */

export class GoJSONError extends Error {}

/** Go's quoteChar: `'x'`, `'\''`, `'\n'`. */
function quoteChar(c: string): string {
  if (c === "'") return "'\\''";
  if (c === '"') return `'"'`;
  const j = JSON.stringify(c);
  return `'${j.slice(1, -1)}'`;
}

/**
 * Decodes every JSON value of a stream (as successive json.Decoder.Decode calls do).
 * Throws GoJSONError with kubectl's text: `json: offset N: invalid character ...` or
 * `unexpected EOF`.
 */
export function decodeJSONStream(text: string): unknown[] {
  const bytes = new TextEncoder().encode(text);
  // Work on code points but report byte offsets.
  const chars = [...text];
  const byteAt: number[] = [];
  let b = 0;
  for (const c of chars) {
    byteAt.push(b);
    b += new TextEncoder().encode(c).length;
  }
  byteAt.push(bytes.length);
  let i = 0;
  const fail = (what: string): never => {
    if (i >= chars.length) throw new GoJSONError('unexpected EOF');
    throw new GoJSONError(`json: offset ${byteAt[i] + 1}: invalid character ${quoteChar(chars[i])} ${what}`);
  };
  const ws = () => {
    while (i < chars.length && ' \t\n\r'.includes(chars[i])) i++;
  };
  const literal = (word: string, value: unknown): unknown => {
    for (let k = 0; k < word.length; k++, i++) {
      if (i >= chars.length) throw new GoJSONError('unexpected EOF');
      if (chars[i] !== word[k]) fail(`in literal ${word} (expecting ${quoteChar(word[k])})`);
    }
    return value;
  };
  const str = (): string => {
    const start = i;
    i++; // opening quote
    while (i < chars.length) {
      const c = chars[i];
      if (c === '"') {
        i++;
        return JSON.parse(chars.slice(start, i).join('')) as string;
      }
      if (c === '\\') {
        i++;
        if (i >= chars.length) break;
        const e = chars[i];
        if (e === 'u') {
          for (let k = 1; k <= 4; k++) {
            if (i + k >= chars.length) throw new GoJSONError('unexpected EOF');
            if (!/[0-9a-fA-F]/.test(chars[i + k])) {
              i += k;
              fail('in \\u hexadecimal character escape');
            }
          }
          i += 5;
          continue;
        }
        if (!'"\\/bfnrt'.includes(e)) fail('in string escape code');
        i++;
        continue;
      }
      if (c.charCodeAt(0) < 0x20) fail('in string literal');
      i++;
    }
    throw new GoJSONError('unexpected EOF');
  };
  const num = (): number => {
    const start = i;
    if (chars[i] === '-') i++;
    if (i >= chars.length) throw new GoJSONError('unexpected EOF');
    if (chars[i] === '0') i++;
    else if (/[1-9]/.test(chars[i])) while (i < chars.length && /[0-9]/.test(chars[i])) i++;
    else fail('in numeric literal');
    if (chars[i] === '.') {
      i++;
      if (i >= chars.length) throw new GoJSONError('unexpected EOF');
      if (!/[0-9]/.test(chars[i])) fail('after decimal point in numeric literal');
      while (i < chars.length && /[0-9]/.test(chars[i])) i++;
    }
    if (chars[i] === 'e' || chars[i] === 'E') {
      i++;
      if (chars[i] === '+' || chars[i] === '-') i++;
      if (i >= chars.length) throw new GoJSONError('unexpected EOF');
      if (!/[0-9]/.test(chars[i])) fail('in exponent of numeric literal');
      while (i < chars.length && /[0-9]/.test(chars[i])) i++;
    }
    return Number(chars.slice(start, i).join(''));
  };
  const value = (): unknown => {
    ws();
    if (i >= chars.length) throw new GoJSONError('unexpected EOF');
    const c = chars[i];
    if (c === '{') {
      i++;
      const o: Record<string, unknown> = {};
      ws();
      if (chars[i] === '}') {
        i++;
        return o;
      }
      for (;;) {
        ws();
        if (i >= chars.length) throw new GoJSONError('unexpected EOF');
        if (chars[i] !== '"') fail('looking for beginning of object key string');
        const k = str();
        ws();
        if (i >= chars.length) throw new GoJSONError('unexpected EOF');
        if (chars[i] !== ':') fail('after object key');
        i++;
        o[k] = value();
        ws();
        if (i >= chars.length) throw new GoJSONError('unexpected EOF');
        if (chars[i] === ',') {
          i++;
          continue;
        }
        if (chars[i] === '}') {
          i++;
          return o;
        }
        fail('after object key:value pair');
      }
    }
    if (c === '[') {
      i++;
      const a: unknown[] = [];
      ws();
      if (chars[i] === ']') {
        i++;
        return a;
      }
      for (;;) {
        a.push(value());
        ws();
        if (i >= chars.length) throw new GoJSONError('unexpected EOF');
        if (chars[i] === ',') {
          i++;
          continue;
        }
        if (chars[i] === ']') {
          i++;
          return a;
        }
        fail('after array element');
      }
    }
    if (c === '"') return str();
    if (c === 't') return literal('true', true);
    if (c === 'f') return literal('false', false);
    if (c === 'n') return literal('null', null);
    if (c === '-' || /[0-9]/.test(c)) return num();
    return fail('looking for beginning of value');
  };
  const out: unknown[] = [];
  for (;;) {
    ws();
    if (i >= chars.length) return out;
    out.push(value());
  }
}
