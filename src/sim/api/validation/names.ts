/**
 * String-format checks, ported from k8s.io/apimachinery/pkg/util/validation.
 *
 * upstream: staging/src/k8s.io/apimachinery/pkg/util/validation/validation.go
 *           staging/src/k8s.io/apimachinery/pkg/util/validation/ip.go
 *           staging/src/k8s.io/apimachinery/pkg/api/validation/generic.go
 * Qualified names and label values come from ../labels (validateLabelKey / validateLabelValue),
 * which port IsQualifiedName / IsValidLabelValue.
 */
import { validateLabelKey, validateLabelValue } from '../labels';
import { invalid, required, type FieldError, type Path } from './field';

/** upstream MaxLenError */
export function maxLenError(length: number): string {
  return `must be no more than ${length} characters`;
}

/** upstream RegexError (note the double space before " or " when there are several examples). */
export function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return msg + " (regex used for validation is '" + fmt + "')";
  let out = msg + ' (e.g. ';
  examples.forEach((ex, i) => {
    if (i > 0) out += ' or ';
    out += "'" + ex + "', ";
  });
  out += "regex used for validation is '" + fmt + "')";
  return out;
}

/** upstream EmptyError */
export function emptyError(): string {
  return 'must be non-empty';
}

/** upstream InclusiveRangeError */
export function inclusiveRangeError(lo: number, hi: number): string {
  return `must be between ${lo} and ${hi}, inclusive`;
}

/** upstream IsQualifiedName (delegates to labels.ts). */
export function isQualifiedName(value: string): string[] {
  return validateLabelKey(value);
}

/** upstream IsValidLabelValue (delegates to labels.ts). */
export function isValidLabelValue(value: string): string[] {
  return validateLabelValue(value);
}

const dns1123LabelFmt = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const dns1123LabelErrMsg =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
export const DNS1123LabelMaxLength = 63;
const dns1123LabelRegexp = new RegExp('^' + dns1123LabelFmt + '$');

const dns1123SubdomainFmt = dns1123LabelFmt + '(\\.' + dns1123LabelFmt + ')*';
const dns1123SubdomainErrorMsg =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
export const DNS1123SubdomainMaxLength = 253;
const dns1123SubdomainRegexp = new RegExp('^' + dns1123SubdomainFmt + '$');

/** upstream IsDNS1123Label */
export function isDNS1123Label(value: string): string[] {
  const errs: string[] = [];
  if (value.length > DNS1123LabelMaxLength) errs.push(maxLenError(DNS1123LabelMaxLength));
  if (!dns1123LabelRegexp.test(value)) {
    if (dns1123SubdomainRegexp.test(value)) errs.push('must not contain dots');
    else errs.push(regexError(dns1123LabelErrMsg, dns1123LabelFmt, 'my-name', '123-abc'));
  }
  return errs;
}

/** upstream IsDNS1123Subdomain */
export function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (value.length > DNS1123SubdomainMaxLength) errs.push(maxLenError(DNS1123SubdomainMaxLength));
  if (!dns1123SubdomainRegexp.test(value)) errs.push(regexError(dns1123SubdomainErrorMsg, dns1123SubdomainFmt, 'example.com'));
  return errs;
}

const dns1035LabelFmt = '[a-z]([-a-z0-9]*[a-z0-9])?';
const dns1035LabelErrMsg =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const dns1035LabelRegexp = new RegExp('^' + dns1035LabelFmt + '$');

/** upstream IsDNS1035Label */
export function isDNS1035Label(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 63) errs.push(maxLenError(63));
  if (!dns1035LabelRegexp.test(value)) errs.push(regexError(dns1035LabelErrMsg, dns1035LabelFmt, 'my-name', 'abc-123'));
  return errs;
}

/** upstream IsValidPortNum */
export function isValidPortNum(port: number): string[] {
  if (Number.isInteger(port) && port >= 1 && port <= 65535) return [];
  return [inclusiveRangeError(1, 65535)];
}

/** upstream IsInRange */
export function isInRange(value: number, min: number, max: number): string[] {
  return value >= min && value <= max ? [] : [inclusiveRangeError(min, max)];
}

/** upstream IsValidGroupID / IsValidUserID */
export function isValidUserOrGroupID(id: number): string[] {
  return id >= 0 && id <= 0xffffffff ? [] : [inclusiveRangeError(0, 0xffffffff)];
}

/** upstream IsValidPortName */
export function isValidPortName(port: string): string[] {
  const errs: string[] = [];
  if (port.length > 15) errs.push(maxLenError(15));
  if (!/^[-a-z0-9]+$/.test(port)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(port)) errs.push('must contain at least one letter (a-z)');
  if (port.includes('--')) errs.push('must not contain consecutive hyphens');
  if (port.length > 0 && (port[0] === '-' || port[port.length - 1] === '-')) errs.push('must not begin or end with a hyphen');
  return errs;
}

const percentFmt = '[0-9]+%';
/** upstream IsValidPercent */
export function isValidPercent(percent: string): string[] {
  if (!/^[0-9]+%$/.test(percent)) {
    return [regexError("a valid percent string must be a numeric string followed by an ending '%'", percentFmt, '1%', '93%')];
  }
  return [];
}

const httpHeaderNameFmt = '[-A-Za-z0-9]+';
/** upstream IsHTTPHeaderName */
export function isHTTPHeaderName(value: string): string[] {
  if (!/^[-A-Za-z0-9]+$/.test(value)) {
    return [regexError("a valid HTTP header must consist of alphanumeric characters or '-'", httpHeaderNameFmt, 'X-Header-Name')];
  }
  return [];
}

function hasChDirPrefix(value: string): string[] {
  if (value === '.') return ["must not be '.'"];
  if (value === '..') return ["must not be '..'"];
  if (value.startsWith('..')) return ["must not start with '..'"];
  return [];
}

const envVarNameFmt = '[-._a-zA-Z][-._a-zA-Z0-9]*';
/** upstream IsEnvVarName (strict; used when RelaxedEnvironmentVariableValidation is off). */
export function isEnvVarName(value: string): string[] {
  const errs: string[] = [];
  if (!/^[-._a-zA-Z][-._a-zA-Z0-9]*$/.test(value)) {
    errs.push(
      regexError(
        "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit",
        envVarNameFmt,
        'my.env-name',
        'MY_ENV.NAME',
        'MyEnvName1'
      )
    );
  }
  errs.push(...hasChDirPrefix(value));
  return errs;
}

/** upstream IsRelaxedEnvVarName (RelaxedEnvironmentVariableValidation is beta and on in v1.32). */
export function isRelaxedEnvVarName(value: string): string[] {
  const errs: string[] = [];
  if (value.length === 0) errs.push('environment variable name ' + emptyError());
  for (const ch of value) {
    const c = ch.codePointAt(0) ?? 0;
    if (c > 0x7f || c < 0x20 || c === 0x7f || ch === '=') {
      errs.push("a valid environment variable name must consist only of printable ASCII characters other than '='");
      break;
    }
  }
  return errs;
}

const configMapKeyFmt = '[-._a-zA-Z0-9]+';
/** upstream IsConfigMapKey */
export function isConfigMapKey(value: string): string[] {
  const errs: string[] = [];
  if (value.length > DNS1123SubdomainMaxLength) errs.push(maxLenError(DNS1123SubdomainMaxLength));
  if (!/^[-._a-zA-Z0-9]+$/.test(value)) {
    errs.push(regexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", configMapKeyFmt, 'key.name', 'KEY_NAME', 'key-name'));
  }
  errs.push(...hasChDirPrefix(value));
  return errs;
}

// ---------------------------------------------------------------------------------------------
// IP addresses (netutils.ParseIPSloppy accepts leading zeros in IPv4 octets)
// ---------------------------------------------------------------------------------------------

export function parseIPv4(s: string): number[] | undefined {
  const parts = s.split('.');
  if (parts.length !== 4) return undefined;
  const out: number[] = [];
  for (const p of parts) {
    if (!/^[0-9]{1,3}$/.test(p)) return undefined;
    const n = Number(p);
    if (n > 255) return undefined;
    out.push(n);
  }
  return out;
}

/** Parses an IPv6 address (optionally with an embedded IPv4 tail) into 8 16-bit groups. */
export function parseIPv6(s: string): number[] | undefined {
  if (!s.includes(':')) return undefined;
  let tail: number[] = [];
  let str = s;
  const lastColon = s.lastIndexOf(':');
  const last = s.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = parseIPv4(last);
    if (!v4) return undefined;
    tail = [(v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]];
    str = s.slice(0, lastColon + 1);
    if (!str.endsWith('::')) str = str.slice(0, -1);
  }
  const dbl = str.split('::');
  if (dbl.length > 2) return undefined;
  const parseGroups = (g: string): number[] | undefined => {
    if (g === '') return [];
    const out: number[] = [];
    for (const h of g.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(h)) return undefined;
      out.push(parseInt(h, 16));
    }
    return out;
  };
  const need = 8 - tail.length;
  if (dbl.length === 2) {
    const a = parseGroups(dbl[0]);
    const b = parseGroups(dbl[1]);
    if (!a || !b) return undefined;
    const fill = need - a.length - b.length;
    if (fill < 1) return undefined;
    return [...a, ...new Array<number>(fill).fill(0), ...b, ...tail];
  }
  const g = parseGroups(str);
  if (!g || g.length !== need) return undefined;
  return [...g, ...tail];
}

export function isIPv4String(s: string): boolean {
  return parseIPv4(s) !== undefined;
}

export function isIPv6String(s: string): boolean {
  return parseIPv6(s) !== undefined;
}

export function isIP(s: string): boolean {
  return isIPv4String(s) || isIPv6String(s);
}

/** upstream IsValidIP */
export function isValidIP(p: Path, value: string): FieldError[] {
  if (!isIP(value)) return [invalid(p, value, 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)')];
  return [];
}

/** upstream IsValidIPv4Address */
export function isValidIPv4Address(p: Path, value: string): FieldError[] {
  return isIPv4String(value) ? [] : [invalid(p, value, 'must be a valid IPv4 address')];
}

/** upstream IsValidIPv6Address */
export function isValidIPv6Address(p: Path, value: string): FieldError[] {
  return isIPv6String(value) ? [] : [invalid(p, value, 'must be a valid IPv6 address')];
}

/** upstream IsValidCIDR */
export function isValidCIDR(p: Path, value: string): FieldError[] {
  const bad = [invalid(p, value, 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)')];
  const slash = value.indexOf('/');
  if (slash < 0) return bad;
  const ip = value.slice(0, slash);
  const bits = value.slice(slash + 1);
  if (!/^[0-9]+$/.test(bits)) return bad;
  const n = Number(bits);
  if (isIPv4String(ip)) return n <= 32 ? [] : bad;
  if (isIPv6String(ip)) return n <= 128 ? [] : bad;
  return bad;
}

/** upstream IsFullyQualifiedDomainName */
export function isFullyQualifiedDomainName(p: Path, name: string): FieldError[] {
  if (name.length === 0) return [required(p, '')];
  const n = name.endsWith('.') ? name.slice(0, -1) : name;
  const errs = isDNS1123Subdomain(n);
  if (errs.length > 0) return [invalid(p, n, errs.join(','))];
  if (n.split('.').length < 2) return [invalid(p, n, 'should be a domain with at least two segments separated by dots')];
  for (const label of n.split('.')) {
    const le = isDNS1123Label(label);
    if (le.length > 0) return [invalid(p, label, le.join(','))];
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Name functions  (upstream: apimachinery/pkg/api/validation/generic.go)
// ---------------------------------------------------------------------------------------------

export type NameFn = (name: string, prefix: boolean) => string[];

/** upstream maskTrailingDash (historically drops two characters). */
function maskTrailingDash(name: string): string {
  if (name.endsWith('-')) return name.slice(0, Math.max(0, name.length - 2)) + 'a';
  return name;
}

export const nameIsDNSSubdomain: NameFn = (name, prefix) => isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name);
export const nameIsDNSLabel: NameFn = (name, prefix) => isDNS1123Label(prefix ? maskTrailingDash(name) : name);
export const nameIsDNS1035Label: NameFn = (name, prefix) => isDNS1035Label(prefix ? maskTrailingDash(name) : name);

/** upstream ValidatePathSegmentName (generic registry name check, used for Events). */
export const validatePathSegmentName: NameFn = (name, prefix) => {
  const errs: string[] = [];
  if (!prefix) {
    for (const illegal of ['.', '..']) if (name === illegal) errs.push(`may not be '${illegal}'`);
  }
  for (const illegal of ['/', '%']) if (name.includes(illegal)) errs.push(`may not contain '${illegal}'`);
  return errs;
};
