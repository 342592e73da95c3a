/**
 * curl as Ubuntu 24.04 ships it (curl 8.5.0), over the simulated network (ProcessContext.net):
 * not a busybox applet but a binary of its own, run only where its file is on the disk
 * (binaries.ts). One URL after another: -s/-S, -i, -I, -v, -o FILE / -O, -f, -L, -H, -X, -d,
 * -A, -w FORMAT, -m and --connect-timeout, -k; combined short flags (`-fsSL`, `-sSo out`).
 *
 * What the simulation changes, and why:
 * - No progress meter: real curl draws one on stderr when stdout is not a terminal
 *   (`curl url | grep x`, `curl -o file url`); here stderr only gets what -v and errors write.
 * - The network is IPv4 and carries GETs: `localhost` is 127.0.0.1 alone (curl 8.5 also tries
 *   ::1 first, which the simulated servers do not listen on), `[::1]` reaches the same loopback,
 *   -I and -X/-d send a GET whose answer is shown as that method's (the servers have no other
 *   method; a request body is not delivered).
 * - No simulated server speaks TLS: `https://` goes to port 443 by default and, once connected,
 *   fails the handshake as curl does against a plain-HTTP port (35, "wrong version number").
 * - A connection to an address nothing answers (Network's "Connection timed out") waits in
 *   virtual time: --connect-timeout / -m seconds, else the kernel's SYN retries (127 s).
 *
 * Options and URL parsing: curl-options.ts.
 *
 * Upstream: curl 8.5.0 src/tool_operate.c ("no URL specified!", "Remote file name has no length!"),
 * src/tool_helpers.c / tool_msgs.c (helpf: "try 'curl --help' or 'curl --manual'"),
 * src/tool_writeout.c (-w variables), lib/connect.c ("Failed to connect to %s port %u after
 * %ld ms: %s"), lib/cf-socket.c ("connect to %s port %u from %s port %d failed: %s"),
 * lib/http.c ("The requested URL returned error: %d"), lib/multi.c ("Connection #%ld to host %s
 * left intact"), lib/strerror.c (curl_easy_strerror texts).
 */

import type { AppletCall } from './applet';
import type { Gen } from '../types';
import { FS_ERROR_TEXT } from '../../process';
import { CURL_VERSION, HELP, parseCurlArgs, parseCurlUrl, redirectTarget, TRY_HELP, urlText, VERSION_TEXT, type Options, type Url } from './curl-options';

/** Linux gives up a connect after 6 SYN retransmissions: 1+2+4+8+16+32+64 s (net.ipv4.tcp_syn_retries). */
const KERNEL_CONNECT_TIMEOUT_MS = 127_000;

/** What one transfer leaves for -w and the exit status. */
interface Transfer {
  code: number;
  error: string;
  url: Url | undefined;
  status: number;
  ip: string;
  headers: [string, string][];
  size: number;
  method: string;
  redirects: number;
  ms: number;
  /** What goes to stdout or the -o file (the body, or -i/-I's head); none after an error. */
  body?: string;
}

const bytes = (s: string) => new TextEncoder().encode(s).length;

export function* curl(call: AppletCall): Gen {
  const { io } = call;
  const args = call.argv.slice(1);
  if (args.length === 0) {
    io.err(TRY_HELP);
    return 2;
  }
  const parsed = parseCurlArgs(args);
  if ('usage' in parsed) {
    io.err(parsed.usage + TRY_HELP);
    return 2;
  }
  const o = parsed;
  const has = (long: string) => o.flags.has(long);
  if (has('--help')) {
    io.out(HELP);
    return 0;
  }
  if (has('--version')) {
    io.out(VERSION_TEXT);
    return 0;
  }
  if (o.urls.length === 0) {
    io.err('curl: no URL specified!\n' + TRY_HELP);
    return 2;
  }
  const silent = has('--silent');
  const verbose = has('--verbose');
  const showError = !silent || has('--show-error');
  const info = (line: string) => verbose && io.err(`* ${line}\n`);
  let status = 0;
  for (let n = 0; n < o.urls.length; n++) {
    const t0 = call.ctx.now();
    const t: Transfer = { code: 0, error: '', url: undefined, status: 0, ip: '', headers: [], size: 0, method: o.method ?? (has('--head') ? 'HEAD' : o.data !== undefined ? 'POST' : 'GET'), redirects: 0, ms: 0 };
    let target = o.urls[n];
    const out = o.outputs[n];
    // -O names the file before the transfer: a URL without a file name fails at once.
    const u = parseCurlUrl(target);
    if (out === '' && !('code' in u) && remoteName(u) === '') {
      if (showError) io.err('curl: Remote file name has no length!\ncurl: (23) Failed writing received data to disk/application\n');
      status = 23;
      continue;
    }
    for (;;) {
      const next = yield* transfer(call, o, target, t, info);
      if (next === undefined) break;
      if (t.redirects >= o.maxRedirs) {
        t.code = 47;
        t.error = `Maximum (${o.maxRedirs}) redirects followed`;
        break;
      }
      t.redirects++;
      info(`Issue another request to this URL: '${next}'`);
      target = next;
    }
    t.ms = call.ctx.now() - t0;
    if (t.body !== undefined) {
      const written = out === undefined ? undefined : writeOutput(call, out === '' ? remoteName(t.url!) : out, t.body);
      if (out === undefined) io.out(t.body);
      else if (written) {
        if (!silent) io.err(written.warning);
        t.code = 23;
        t.error = 'Failure writing output to destination';
      }
    }
    if (t.code !== 0) {
      info(t.error);
      if (t.code !== 1 && t.code !== 3) info('Closing connection');
      if (showError) io.err(`curl: (${t.code}) ${t.error}\n`);
    }
    if (o.writeOut !== undefined) writeOut(call, o.writeOut, t);
    status = t.code;
  }
  return status;
}

/**
 * One request: resolve, connect, ask, read. Sets the transfer's answer (or error code) and the
 * text for stdout in `t.body`; returns the next URL when -L follows a redirect.
 */
function* transfer(call: AppletCall, o: Options, raw: string, t: Transfer, info: (line: string) => void): Gen<string | undefined> {
  const { io } = call;
  const has = (long: string) => o.flags.has(long);
  const u = parseCurlUrl(raw);
  if ('code' in u) {
    t.code = u.code;
    t.error = u.error;
    return undefined;
  }
  t.url = u;
  const fail = (code: number, error: string) => {
    t.code = code;
    t.error = error;
    return undefined;
  };
  const ip = u.host === 'localhost' ? '127.0.0.1' : u.host === '::1' || /^\d{1,3}(\.\d{1,3}){3}$/.test(u.host) ? u.host : u.host.includes(':') ? u.host : call.ctx.net.lookup(u.host)?.addresses[0];
  if (!ip) return fail(6, `Could not resolve host: ${u.host}`);
  t.ip = ip;
  const shown = ip.includes(':') ? `[${ip}]:${u.port}` : `${ip}:${u.port}`;
  info(`  Trying ${shown}...`);
  const localPort = 32768 + Math.floor(call.ctx.random() * 28232);
  const refused = (why: string) => {
    info(`connect to ${ip} port ${u.port} from ${ip === '::1' || ip.startsWith('127.') ? ip : ip.includes(':') ? '::' : '0.0.0.0'} port ${localPort} failed: ${why}`);
    return fail(7, `Failed to connect to ${u.host} port ${u.port} after 0 ms: Couldn't connect to server`);
  };
  // The network answers IPv4 only; ::1 is the same loopback as 127.0.0.1, other IPv6 goes nowhere.
  if (ip.includes(':') && ip !== '::1') return refused('Network is unreachable');
  const host = u.host.includes(':') ? `[${u.host}]` : u.host;
  const request: [string, string][] = [
    ['Host', u.explicitPort ? `${host}:${u.port}` : host],
    ['User-Agent', o.userAgent ?? `curl/${CURL_VERSION}`],
    ['Accept', '*/*']
  ];
  for (const h of o.headers) {
    const c = h.indexOf(':');
    if (c <= 0) continue;
    const name = h.slice(0, c).trim();
    const value = h.slice(c + 1).trim();
    const i = request.findIndex(([k]) => k.toLowerCase() === name.toLowerCase());
    // `-H 'Accept:'` removes a header curl would send; `-H 'Host: x'` replaces it.
    if (value === '') {
      if (i >= 0) request.splice(i, 1);
    } else if (i >= 0) request[i] = [name, value];
    else request.push([name, value]);
  }
  if (o.data !== undefined) request.push(['Content-Length', String(bytes(o.data))], ['Content-Type', 'application/x-www-form-urlencoded']);
  const res = call.ctx.net.httpGet(ip === '::1' ? '127.0.0.1' : ip, u.port, u.path, Object.fromEntries(request));
  if ('error' in res) {
    if (/timed out/i.test(res.error)) {
      const limit = Math.min(o.connectTimeoutMs ?? Infinity, o.maxTimeMs ?? Infinity);
      const wait = limit === Infinity ? KERNEL_CONNECT_TIMEOUT_MS : limit;
      const until = call.ctx.now() + wait;
      while (call.ctx.now() < until) yield { kind: 'sleep', until };
      if (limit !== Infinity) return fail(28, `Failed to connect to ${u.host} port ${u.port} after ${wait} ms: Timeout was reached`);
      info(`connect to ${ip} port ${u.port} from 0.0.0.0 port ${localPort} failed: Connection timed out`);
      return fail(28, `Failed to connect to ${u.host} port ${u.port} after ${wait} ms: Couldn't connect to server`);
    }
    if (/refused|unreachable|no route|bad address/i.test(res.error)) return refused(/unreachable/i.test(res.error) ? 'Network is unreachable' : /no route/i.test(res.error) ? 'No route to host' : 'Connection refused');
  }
  info(`Connected to ${u.host} (${ip}) port ${u.port}`);
  if (u.scheme === 'https') {
    for (const line of ['ALPN: curl offers h2,http/1.1', 'TLSv1.3 (OUT), TLS handshake, Client hello (1):', ' CAfile: /etc/ssl/certs/ca-certificates.crt', ' CApath: /etc/ssl/certs']) info(line);
    return fail(35, 'OpenSSL/3.0.13: error:0A00010B:SSL routines::wrong version number');
  }
  if (o.flags.has('--verbose')) io.err(`> ${t.method} ${u.path} HTTP/1.1\r\n${request.map(([k, v]) => `> ${k}: ${v}\r\n`).join('')}> \r\n`);
  // Connected, then nothing: the process listens but does not speak HTTP (a Network "error getting response").
  if ('error' in res) return fail(52, 'Empty reply from server');
  const body = t.method === 'HEAD' ? '' : res.body;
  const headers: [string, string][] = Object.entries(res.headers ?? {});
  // The simulated servers hand over a whole body; on the wire HTTP/1.1 frames it with a length.
  if (!headers.some(([k]) => k.toLowerCase() === 'content-length')) headers.push(['Content-Length', String(bytes(res.body))]);
  t.status = res.status;
  t.headers = headers;
  const head = `HTTP/1.1 ${res.status} ${res.statusText}\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;
  if (o.flags.has('--verbose')) io.err(head.replace(/^(.*)\r\n/gm, '< $1\r\n'));
  const location = headers.find(([k]) => k.toLowerCase() === 'location')?.[1];
  if (has('--location') && res.status >= 300 && res.status < 400 && location) return redirectTarget(u, location);
  if (res.status >= 400 && (has('--fail') || has('--fail-with-body'))) {
    if (has('--fail-with-body')) {
      t.body = body;
      t.size = bytes(body);
    }
    return fail(22, `The requested URL returned error: ${res.status}`);
  }
  if (body && io.piped && o.flags.has('--verbose')) io.err(`{ [${bytes(body)} bytes data]\n`);
  t.size = bytes(body);
  t.body = has('--head') ? head : has('--include') ? head + body : body;
  info(`Connection #0 to host ${u.host} left intact`);
  return undefined;
}

/** The file name -O saves to: the URL path's last part ('' for `/`). */
function remoteName(u: Url): string {
  return u.path.replace(/[?#].*$/, '').split('/').pop() ?? '';
}

/** -o FILE (`-` is stdout): curl's warning when the file cannot be written, else undefined. */
function writeOutput(call: AppletCall, file: string, text: string): { warning: string } | undefined {
  if (file === '-') {
    call.io.out(text);
    return undefined;
  }
  const path = call.path(file);
  if (path === '/dev/null') return undefined;
  const err = call.ctx.fs.write(path, text);
  return err ? { warning: `Warning: Failed to open the file ${file}: ${FS_ERROR_TEXT[err]}\n` } : undefined;
}

/** -w FORMAT after each transfer: %{variable}, %header{name}, \n \r \t; to stdout (or %{stderr}). */
function writeOut(call: AppletCall, format: string, t: Transfer): void {
  let to = call.io.out;
  let text = '';
  const header = (name: string) => t.headers.find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1] ?? '';
  const seconds = (t.ms / 1000).toFixed(6);
  const vars: Record<string, () => string> = {
    http_code: () => String(t.status).padStart(3, '0'),
    response_code: () => String(t.status).padStart(3, '0'),
    http_version: () => (t.status ? '1.1' : '0'),
    url_effective: () => (t.url ? urlText(t.url) : ''),
    url: () => (t.url ? urlText(t.url) : ''),
    method: () => t.method,
    scheme: () => t.url?.scheme ?? '',
    content_type: () => header('Content-Type'),
    size_download: () => String(t.size),
    size_header: () => String(t.status ? bytes(`HTTP/1.1 ${t.status} x\r\n`) + t.headers.reduce((s, [k, v]) => s + bytes(`${k}: ${v}\r\n`), 2) : 0),
    remote_ip: () => t.ip,
    remote_port: () => (t.ip && t.code !== 6 ? String(t.url?.port ?? '') : ''),
    num_redirects: () => String(t.redirects),
    redirect_url: () => (t.url && t.status >= 300 && t.status < 400 && header('Location') ? redirectTarget(t.url, header('Location')) : ''),
    exitcode: () => String(t.code),
    errormsg: () => t.error,
    time_total: () => seconds,
    time_connect: () => seconds,
    time_namelookup: () => seconds,
    time_starttransfer: () => seconds
  };
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (c === '\\' && i + 1 < format.length) {
      const e = { n: '\n', r: '\r', t: '\t', '\\': '\\' }[format[i + 1]];
      if (e !== undefined) {
        text += e;
        i++;
        continue;
      }
    }
    if (c === '%' && format[i + 1] === '%') {
      text += '%';
      i++;
      continue;
    }
    const v = c === '%' ? /^%(\{([a-z_]+)\}|header\{([^}]*)\})/.exec(format.slice(i)) : null;
    if (!v) {
      text += c;
      continue;
    }
    i += v[0].length - 1;
    if (v[3] !== undefined) text += header(v[3]);
    else if (v[2] === 'stdout' || v[2] === 'stderr') {
      to(text);
      text = '';
      to = v[2] === 'stdout' ? call.io.out : call.io.err;
    } else if (vars[v[2]]) text += vars[v[2]]();
    else call.io.err(`curl: unknown --write-out variable: '${v[2]}'\n`);
  }
  to(text);
}
