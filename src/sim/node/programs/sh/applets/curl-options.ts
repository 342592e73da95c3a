/**
 * curl's command line as curl 8.5.0 reads it: the options the simulated curl knows (long and
 * short, combined short flags with a value at the end: `-sSo out`), its URL parser's accepted
 * forms and error texts, and the --help / --version texts. The transfer is curl.ts.
 *
 * Upstream: curl 8.5.0 src/tool_getparam.c (aliases table, "option %s: is unknown", "requires
 * parameter", "expected a proper numerical parameter"), lib/urlapi.c and lib/strerror.c
 * (curl_url_strerror: "Malformed input to a URL function", "Port number was not a decimal
 * number between 0 and 65535", "No host part in the URL", "Bad hostname", "Bad IPv6 address"),
 * lib/url.c ("URL rejected: %s", "Protocol \"%s\" not supported"), src/tool_help.c.
 */

export const CURL_VERSION = '8.5.0';

export const TRY_HELP = "curl: try 'curl --help' or 'curl --manual' for more information\n";

/** Long option -> [short letter, takes a value]. */
const OPTIONS: Record<string, [string, boolean]> = {
  '--silent': ['s', false],
  '--show-error': ['S', false],
  '--include': ['i', false],
  '--head': ['I', false],
  '--verbose': ['v', false],
  '--fail': ['f', false],
  '--fail-with-body': ['', false],
  '--location': ['L', false],
  '--insecure': ['k', false],
  '--remote-name': ['O', false],
  '--ipv4': ['4', false],
  '--http1.1': ['', false],
  '--compressed': ['', false],
  '--no-progress-meter': ['', false],
  '--help': ['h', false],
  '--version': ['V', false],
  '--output': ['o', true],
  '--header': ['H', true],
  '--request': ['X', true],
  '--data': ['d', true],
  '--data-raw': ['', true],
  '--user-agent': ['A', true],
  '--write-out': ['w', true],
  '--max-time': ['m', true],
  '--connect-timeout': ['', true],
  '--max-redirs': ['', true],
  '--url': ['', true]
};
const SHORT = new Map(Object.entries(OPTIONS).filter(([, [s]]) => s).map(([long, [s, v]]) => [s, [long, v] as const]));

export interface Options {
  flags: Set<string>;
  headers: string[];
  outputs: string[];
  urls: string[];
  method?: string;
  data?: string;
  userAgent?: string;
  writeOut?: string;
  maxTimeMs?: number;
  connectTimeoutMs?: number;
  maxRedirs: number;
}

/** Parses argv as tool_getparam.c does; a usage error is returned as its message. */
export function parseCurlArgs(args: readonly string[]): Options | { usage: string } {
  const o: Options = { flags: new Set(), headers: [], outputs: [], urls: [], maxRedirs: 50 };
  const set = (long: string, value: string | undefined, arg: string): string | undefined => {
    switch (long) {
      case '--output':
        o.outputs.push(value!);
        break;
      case '--remote-name':
        o.outputs.push('');
        break;
      case '--header':
        o.headers.push(value!);
        break;
      case '--request':
        o.method = value;
        break;
      case '--data':
      case '--data-raw':
        o.data = o.data === undefined ? value : `${o.data}&${value}`;
        break;
      case '--user-agent':
        o.userAgent = value;
        break;
      case '--write-out':
        o.writeOut = value;
        break;
      case '--url':
        o.urls.push(value!);
        break;
      case '--max-time':
      case '--connect-timeout':
      case '--max-redirs': {
        const n = Number(value);
        if (value === '' || !Number.isFinite(n) || n < 0) return `curl: option ${arg}: expected a proper numerical parameter\n`;
        if (long === '--max-redirs') o.maxRedirs = n;
        else if (long === '--max-time') o.maxTimeMs = n * 1000;
        else o.connectTimeoutMs = n * 1000;
        break;
      }
      default:
        o.flags.add(long);
    }
    return undefined;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith('--')) {
      const opt = OPTIONS[a];
      if (!opt) return { usage: `curl: option ${a}: is unknown\n` };
      if (opt[1] && i + 1 >= args.length) return { usage: `curl: option ${a}: requires parameter\n` };
      const err = set(a, opt[1] ? args[++i] : undefined, a);
      if (err) return { usage: err };
    } else if (a.startsWith('-') && a.length > 1) {
      for (let j = 1; j < a.length; j++) {
        const opt = SHORT.get(a[j]);
        if (!opt) return { usage: `curl: option ${a}: is unknown\n` };
        const [long, takesValue] = opt;
        if (!takesValue) {
          set(long, undefined, a);
          continue;
        }
        // `-o out`, `-oout`, `-sSo out`: the rest of the word, else the next argument.
        let value = a.slice(j + 1);
        if (value === '') {
          if (i + 1 >= args.length) return { usage: `curl: option ${a}: requires parameter\n` };
          value = args[++i];
        }
        const err = set(long, value, a);
        if (err) return { usage: err };
        break;
      }
    } else o.urls.push(a);
  }
  return o;
}

export interface Url {
  scheme: 'http' | 'https';
  /** The host as written, without brackets (`localhost`, `10.96.0.1`, `::1`). */
  host: string;
  port: number;
  /** Whether the URL named the port (the Host header carries it then). */
  explicitPort: boolean;
  /** Path and query, `/` at least. */
  path: string;
}

/** A URL as curl's URL parser reads it (a missing scheme is http), or curl's error. */
export function parseCurlUrl(raw: string): Url | { code: number; error: string } {
  if (/[\s\x00-\x1f\x7f]/.test(raw)) return { code: 3, error: 'URL rejected: Malformed input to a URL function' };
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\//.exec(raw);
  const scheme = (m ? m[1] : 'http').toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return { code: 1, error: `Protocol "${m![1]}" not supported` };
  const rest = m ? raw.slice(m[0].length) : raw;
  const end = rest.search(/[/?#]/);
  let authority = end < 0 ? rest : rest.slice(0, end);
  const path = ((end < 0 ? '' : rest.slice(end)).replace(/#.*$/, '') || '/').replace(/^\?/, '/?');
  authority = authority.slice(authority.lastIndexOf('@') + 1);
  const hp = /^(\[[^\]]*\]|[^:]*)(?::(.*))?$/.exec(authority)!;
  let host = hp[1];
  if (host.startsWith('[')) {
    host = host.slice(1, -1);
    if (!/^[0-9a-fA-F:.]+$/.test(host) || !host.includes(':')) return { code: 3, error: 'URL rejected: Bad IPv6 address' };
  } else if (host === '') return { code: 3, error: 'URL rejected: No host part in the URL' };
  else if (!/^[a-zA-Z0-9._-]+$/.test(host)) return { code: 3, error: 'URL rejected: Bad hostname' };
  const portText = hp[2];
  const defaultPort = scheme === 'https' ? 443 : 80;
  if (portText !== undefined && portText !== '' && (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535)) {
    return { code: 3, error: 'URL rejected: Port number was not a decimal number between 0 and 65535' };
  }
  const port = portText ? Number(portText) : defaultPort;
  return { scheme, host: host.toLowerCase(), port, explicitPort: port !== defaultPort, path };
}

/** The URL as curl normalises it (%{url_effective}): scheme, host, port when not the default, path. */
export function urlText(u: Url): string {
  const host = u.host.includes(':') ? `[${u.host}]` : u.host;
  return `${u.scheme}://${host}${u.explicitPort ? `:${u.port}` : ''}${u.path}`;
}

/** A Location header's target against the URL it came from. */
export function redirectTarget(from: Url, location: string): string {
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(location)) return location;
  const base = urlText({ ...from, path: '/' }).slice(0, -1);
  if (location.startsWith('/')) return base + location;
  return base + from.path.replace(/[?#].*$/, '').replace(/[^/]*$/, '') + location;
}

export const HELP = `Usage: curl [options...] <url>
 -d, --data <data>           HTTP POST data
 -f, --fail                  Fail fast with no output on HTTP errors
 -h, --help <category>       Get help for commands
 -i, --include               Include protocol response headers in the output
 -o, --output <file>         Write to file instead of stdout
 -O, --remote-name           Write output to a file named as the remote file
 -s, --silent                Silent mode
 -T, --upload-file <file>    Transfer local FILE to destination
 -u, --user <user:password>  Server user and password
 -A, --user-agent <name>     Send User-Agent <name> to server
 -v, --verbose               Make the operation more talkative
 -V, --version               Show version number and quit

This is not the full help, this menu is stripped into categories.
Use "--help category" to get an overview of all categories.
For all options use the manual or "--help all".
`;

export const VERSION_TEXT = `curl ${CURL_VERSION} (x86_64-pc-linux-gnu) libcurl/${CURL_VERSION} OpenSSL/3.0.13 zlib/1.3 brotli/1.1.0 zstd/1.5.5 libidn2/2.3.7 libpsl/0.21.2 (+libidn2/2.3.7) libssh/0.10.6/openssl/zlib nghttp2/1.59.0 librtmp/2.3 OpenLDAP/2.6.7
Release-Date: 2023-12-06
Protocols: dict file ftp ftps gopher gophers http https imap imaps ldap ldaps mqtt pop3 pop3s rtmp rtsp scp sftp smb smbs smtp smtps telnet tftp
Features: alt-svc AsynchDNS brotli GSS-API HSTS HTTP2 HTTPS-proxy IDN IPv6 Kerberos Largefile libz NTLM PSL SPNEGO SSL threadsafe TLS-SRP UnixSockets zstd
`;
