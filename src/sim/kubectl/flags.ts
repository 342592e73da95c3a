/**
 * Command-line flags as kubectl parses them (spf13/pflag under spf13/cobra): `--name=value`,
 * `--name value`, `-n value`, `-nvalue`, `-n=value`, grouped boolean shorthands (`-Aw`),
 * `--` ending the flags, flags interspersed with arguments, and pflag's error wording.
 * upstream: github.com/spf13/pflag flag.go (parseLongArg, parseShortArg), bool.go, int.go,
 * string_slice.go, string_array.go, duration.go.
 */
import { parseDuration } from '../kernel/clock';

export type FlagType = 'bool' | 'string' | 'int' | 'duration' | 'stringArray' | 'stringSlice';

export interface FlagDef {
  name: string;
  short?: string;
  type: FlagType;
  /** Default value (pflag's DefValue). */
  def?: boolean | string | number | string[];
  /** Value when the flag is given without one (`--dry-run` = "unchanged"); bools: "true". */
  noOpt?: string;
}

export type FlagValue = boolean | string | number | string[];

export class FlagError extends Error {}

export interface ParsedFlags {
  values: Map<string, FlagValue>;
  /** Flags set on the command line. */
  changed: Set<string>;
  /** Positional arguments, in order. */
  args: string[];
  /** Index into args where `--` was (cobra's ArgsLenAtDash), or -1. */
  dashAt: number;
}

function defaultOf(f: FlagDef): FlagValue {
  if (f.def !== undefined) return Array.isArray(f.def) ? [...f.def] : f.def;
  switch (f.type) {
    case 'bool':
      return false;
    case 'int':
    case 'duration':
      return 0;
    case 'stringArray':
    case 'stringSlice':
      return [];
    default:
      return '';
  }
}

/** `"-w, --watch"` or `"--replicas"`: how pflag names a flag in an invalid-argument error. */
function flagLabel(f: FlagDef): string {
  return f.short ? `-${f.short}, --${f.name}` : `--${f.name}`;
}

// upstream: strconv.ParseBool
function parseBool(s: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(s)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(s)) return false;
  return undefined;
}

// upstream: strconv.ParseInt(s, 0, 64): decimal, 0x.., 0o.., 0b.., leading 0 = octal, underscores.
function parseInt0(s: string): number | undefined {
  const m = /^([+-]?)(0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|0[0-7_]*|[1-9][0-9_]*)$/.exec(s);
  if (!m) return undefined;
  const body = m[2].replace(/_/g, '');
  let v: number;
  if (/^0[xX]/.test(body)) v = parseInt(body.slice(2), 16);
  else if (/^0[oO]/.test(body)) v = parseInt(body.slice(2), 8);
  else if (/^0[bB]/.test(body)) v = parseInt(body.slice(2), 2);
  else if (body.length > 1 && body.startsWith('0')) v = parseInt(body.slice(1), 8);
  else v = parseInt(body, 10);
  return m[1] === '-' ? -v : v;
}

/** pflag's stringSlice: a CSV record (quotes allowed). */
function splitCSV(s: string): string[] {
  if (s === '') return [];
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"' && cur === '') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

function setValue(parsed: ParsedFlags, f: FlagDef, raw: string): void {
  const invalid = (why: string) => new FlagError(`invalid argument "${raw}" for "${flagLabel(f)}" flag: ${why}`);
  switch (f.type) {
    case 'bool': {
      const b = parseBool(raw);
      if (b === undefined) throw invalid(`strconv.ParseBool: parsing "${raw}": invalid syntax`);
      parsed.values.set(f.name, b);
      break;
    }
    case 'int': {
      const v = parseInt0(raw);
      if (v === undefined) throw invalid(`strconv.ParseInt: parsing "${raw}": invalid syntax`);
      parsed.values.set(f.name, v);
      break;
    }
    case 'duration': {
      try {
        parsed.values.set(f.name, parseDuration(raw));
      } catch {
        throw invalid(`time: invalid duration "${raw}"`);
      }
      break;
    }
    case 'stringArray': {
      const prev = parsed.changed.has(f.name) ? (parsed.values.get(f.name) as string[]) : [];
      parsed.values.set(f.name, [...prev, raw]);
      break;
    }
    case 'stringSlice': {
      const prev = parsed.changed.has(f.name) ? (parsed.values.get(f.name) as string[]) : [];
      parsed.values.set(f.name, [...prev, ...splitCSV(raw)]);
      break;
    }
    default:
      parsed.values.set(f.name, raw);
  }
  parsed.changed.add(f.name);
}

function noOptOf(f: FlagDef): string | undefined {
  return f.noOpt ?? (f.type === 'bool' ? 'true' : undefined);
}

/** Parses argv (after the command path) against the flags a command accepts. */
export function parseFlags(argv: string[], defs: readonly FlagDef[]): ParsedFlags {
  const byName = new Map<string, FlagDef>();
  const byShort = new Map<string, FlagDef>();
  for (const f of defs) {
    byName.set(f.name, f);
    if (f.short) byShort.set(f.short, f);
  }
  const parsed: ParsedFlags = { values: new Map(), changed: new Set(), args: [], dashAt: -1 };
  for (const f of defs) parsed.values.set(f.name, defaultOf(f));

  let i = 0;
  while (i < argv.length) {
    const a = argv[i++];
    if (a.length < 2 || a[0] !== '-') {
      parsed.args.push(a);
      continue;
    }
    if (a === '--') {
      parsed.dashAt = parsed.args.length;
      parsed.args.push(...argv.slice(i));
      break;
    }
    if (a.startsWith('--')) {
      // upstream: pflag parseLongArg
      const body = a.slice(2);
      if (body.length === 0 || body[0] === '-' || body[0] === '=') throw new FlagError(`bad flag syntax: ${a}`);
      const eq = body.indexOf('=');
      // cobra normalises `_` to `-` in flag names (cliflag.WordSepNormalizeFunc).
      const name = eq >= 0 ? body.slice(0, eq) : body;
      const f = byName.get(name.replace(/_/g, '-'));
      if (!f) {
        if (name === 'help') throw new HelpRequested();
        throw new FlagError(`unknown flag: --${name}`);
      }
      if (eq >= 0) setValue(parsed, f, body.slice(eq + 1));
      else if (noOptOf(f) !== undefined) setValue(parsed, f, noOptOf(f)!);
      else if (i < argv.length) setValue(parsed, f, argv[i++]);
      else throw new FlagError(`flag needs an argument: --${name}`);
      continue;
    }
    // upstream: pflag parseShortArg / parseSingleShortArg
    let shorthands = a.slice(1);
    while (shorthands.length > 0) {
      const c = shorthands[0];
      const f = byShort.get(c);
      if (!f) {
        if (c === 'h') throw new HelpRequested();
        throw new FlagError(`unknown shorthand flag: '${c}' in -${shorthands}`);
      }
      const rest = shorthands.slice(1);
      const noOpt = noOptOf(f);
      if (rest.length > 1 && rest[0] === '=') {
        setValue(parsed, f, rest.slice(1));
        shorthands = '';
      } else if (noOpt !== undefined) {
        setValue(parsed, f, noOpt);
        shorthands = rest;
      } else if (rest.length > 0) {
        setValue(parsed, f, rest);
        shorthands = '';
      } else if (i < argv.length) {
        setValue(parsed, f, argv[i++]);
        shorthands = '';
      } else {
        throw new FlagError(`flag needs an argument: '${c}' in -${c}`);
      }
    }
  }
  return parsed;
}

/** `-h` / `--help` seen: the command prints its help instead of running. */
export class HelpRequested extends Error {}

/** Typed accessors over parsed flags. */
export class Flags {
  constructor(readonly parsed: ParsedFlags) {}
  str(name: string): string {
    return this.parsed.values.get(name) as string;
  }
  bool(name: string): boolean {
    return this.parsed.values.get(name) as boolean;
  }
  int(name: string): number {
    return this.parsed.values.get(name) as number;
  }
  list(name: string): string[] {
    return this.parsed.values.get(name) as string[];
  }
  changed(name: string): boolean {
    return this.parsed.changed.has(name);
  }
  get args(): string[] {
    return this.parsed.args;
  }
}
