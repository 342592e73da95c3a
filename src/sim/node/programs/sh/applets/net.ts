/**
 * Network applets over the pod network (ProcessContext.net): nslookup (busybox 1.36 output),
 * wget (-q, -O FILE, -O-, --spider, -T, --header; busybox's "Connecting to", "bad address",
 * "can't connect to remote host", "server returned error" wording), nc (-z probes, -l -p PORT
 * listens and blocks, a plain connect), ping (one reply a second, or -c N) and httpd (serves
 * files).
 *
 * Upstream: busybox networking/nslookup.c (FEATURE_NSLOOKUP_BIG: "Server:\t\t%s",
 * "** server can't find %s: %s", add_query_with_search), networking/wget.c (parse_url, open_socket,
 * "server returned error: %s"), networking/nc.c, networking/ping.c (print_stats_and_exit),
 * networking/httpd.c (send_headers_and_exit: the 404 page).
 */

import { parseFlags, type Applet, type AppletCall } from './applet';
import type { Gen } from '../types';
import type { HttpResponse } from '../../process';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The address of a host: an IPv4 literal, or the first A record through the search list. */
function resolve(call: AppletCall, host: string): string | undefined {
  if (IPV4.test(host)) return host;
  if (host === 'localhost') return '127.0.0.1';
  return call.ctx.net.lookup(host)?.addresses[0];
}

const nslookup: Applet = (call) => {
  const { operands } = parseFlags(call.argv.slice(1));
  const name = operands[0];
  if (!name) {
    call.io.err('Usage: nslookup [-type=QUERY_TYPE] [-debug] HOST [DNS_SERVER]\n');
    return 1;
  }
  const net = call.ctx.net;
  const server = operands[1] ?? net.nameserver;
  call.io.out(`Server:\t\t${server}\nAddress:\t${server}:53\n\n`);
  const answer = net.lookup(name);
  if (!answer) {
    // busybox queries A then AAAA; a dotless name under each search domain, any other name as
    // given (add_query_with_search: busybox nslookup ignores ndots).
    const names = name.includes('.') ? [name.replace(/\.$/, '')] : net.search.map((d) => `${name}.${d}`);
    for (let type = 0; type < 2; type++) for (const n of names) call.io.out(`** server can't find ${n}: NXDOMAIN\n\n`);
    return 1;
  }
  call.io.out(answer.addresses.map((a) => `Name:\t${answer.name}\nAddress: ${a}\n`).join('') + '\n');
  return 0;
};

/** `http://host[:port]/path` as wget's parse_url reads it; host keeps ":port" for messages. */
function parseUrl(url: string): { hostPort: string; host: string; port: number; path: string } | undefined {
  const m = /^(?:(https?):\/\/)?([^/:?#]+)(?::(\d+))?([^#]*)/.exec(url);
  if (!m) return undefined;
  const port = m[3] ? Number(m[3]) : m[1] === 'https' ? 443 : 80;
  return { hostPort: m[3] ? `${m[2]}:${m[3]}` : m[2], host: m[2], port, path: m[4] || '/' };
}

/** busybox's progress line once the transfer is done ("-   100% |****| 612  0:00:00 ETA"). */
function progressLine(name: string, size: number): string {
  const human = size < 1024 ? String(size) : size < 1024 * 1024 ? `${(size / 1024).toFixed(1)}k` : `${(size / 1048576).toFixed(1)}M`;
  return `${name.slice(0, 20).padEnd(20)}100% |${'*'.repeat(32)}| ${human.padStart(5)}  0:00:00 ETA\n`;
}

const wget: Applet = (call) => {
  const { flags, operands } = parseFlags(call.argv.slice(1), 'OTUYtP');
  const { io } = call;
  const quiet = Boolean(flags.q);
  const spider = Boolean(flags['--spider']);
  let output = typeof flags.O === 'string' ? flags.O : undefined;
  const headers: Record<string, string> = {};
  // Long options with values were taken as operands by parseFlags: pick --header VALUE and --timeout=N out.
  const urls: string[] = [];
  for (let i = 0; i < operands.length; i++) urls.push(operands[i]);
  for (let i = 1; i < call.argv.length; i++) {
    const a = call.argv[i];
    if (a === '--header') {
      const h = call.argv[i + 1] ?? '';
      const c = h.indexOf(':');
      if (c > 0) headers[h.slice(0, c).trim()] = h.slice(c + 1).trim();
      urls.splice(urls.indexOf(h), 1);
    } else if (a.startsWith('--output-document=')) output = a.slice('--output-document='.length);
  }
  if (urls.length === 0) {
    io.err('Usage: wget [-cqS] [--spider] [-O FILE] [-o LOGFILE] [--header STR] [-Y on/off] [-P DIR] [-U AGENT] [-T SEC] URL...\n');
    return 1;
  }
  let status = 0;
  for (const url of urls) {
    const u = parseUrl(url);
    if (!u) {
      io.err(`wget: not an http or ftp url: ${url}\n`);
      return 1;
    }
    const ip = resolve(call, u.host);
    if (!ip) {
      io.err(`wget: bad address '${u.host}'\n`);
      return 1;
    }
    if (!quiet) io.err(`Connecting to ${u.hostPort} (${ip}:${u.port})\n`);
    const res = call.ctx.net.httpGet(ip, u.port, u.path, { Host: u.hostPort, 'User-Agent': 'Wget', ...headers });
    if ('error' in res) {
      io.err(/timed out/i.test(res.error) ? 'wget: download timed out\n' : `wget: can't connect to remote host (${ip}): ${res.error}\n`);
      return 1;
    }
    if (res.status >= 400) {
      io.err(`wget: server returned error: HTTP/1.1 ${res.status} ${res.statusText}\n`);
      return 1;
    }
    if (spider) {
      if (!quiet) io.err('remote file exists\n');
      continue;
    }
    const size = new TextEncoder().encode(res.body).length;
    if (output === '-') {
      if (!quiet) io.err('writing to stdout\n' + progressLine('-', size));
      io.out(res.body);
      if (!quiet) io.err('written to stdout\n');
      continue;
    }
    const file = output ?? (u.path.replace(/[?#].*$/, '').split('/').pop() || 'index.html');
    const path = call.path(file);
    if (output === undefined && typeof call.ctx.fs.stat(path) !== 'string') {
      io.err(`wget: can't open '${file}': File exists\n`);
      status = 1;
      continue;
    }
    const error = call.ctx.fs.write(path, res.body);
    if (error) {
      io.err(`wget: can't open '${file}': No such file or directory\n`);
      return 1;
    }
    if (!quiet) io.err(`saving to '${file}'\n${progressLine(file, size)}'${file}' saved\n`);
  }
  return status;
};

/** A raw HTTP response written by a script ("HTTP/1.1 200 OK\r\nHeader: v\r\n\r\nbody"). */
export function parseHttpReply(raw: string): HttpResponse {
  const m = /^HTTP\/\d(?:\.\d)? (\d{3}) ?([^\r\n]*)\r?\n/.exec(raw);
  if (!m) return { error: 'error getting response' };
  const rest = raw.slice(m[0].length);
  const split = /\r?\n\r?\n/.exec(rest);
  const head = split ? rest.slice(0, split.index) : rest;
  const body = split ? rest.slice(split.index + split[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const c = line.indexOf(':');
    if (c > 0) headers[line.slice(0, c).trim()] = line.slice(c + 1).trim();
  }
  return { status: Number(m[1]), statusText: m[2], body, headers };
}

function* nc(call: AppletCall): Gen {
  const { flags, operands } = parseFlags(call.argv.slice(1), 'pwqse');
  const { io } = call;
  if (flags.l) {
    const port = Number(typeof flags.p === 'string' ? flags.p : operands[0]);
    if (!Number.isInteger(port) || port <= 0) {
      io.err('nc: bad port\n');
      return 1;
    }
    // Listens until the container stops. Piped text is the reply to every client: the
    // `while true; do echo -e "HTTP/1.1 200 OK\n\nhi" | nc -l -p 8080; done` web server answers
    // HTTP GETs with it (each connection is not modelled as ending the nc).
    const reply = call.io.stdin.readAll();
    call.proc.listening.add(port);
    if (reply) call.proc.httpServers.set(port, () => parseHttpReply(reply));
    try {
      for (;;) yield { kind: 'block' };
    } finally {
      call.proc.listening.delete(port);
      call.proc.httpServers.delete(port);
    }
  }
  const [host, portArg] = operands;
  if (!host || !portArg) {
    io.err('Usage: nc [OPTIONS] HOST PORT  - connect\nnc [OPTIONS] -l -p PORT [HOST] [PORT]  - listen\n');
    return 1;
  }
  const ip = resolve(call, host);
  if (!ip) {
    io.err(`nc: bad address '${host}'\n`);
    return 1;
  }
  const port = Number(portArg);
  const state = call.ctx.net.tcpConnect(ip, port);
  if (state !== 'open') {
    const why = state === 'refused' ? 'Connection refused' : 'No route to host';
    if (!flags.z || flags.v) io.err(`nc: ${host} (${ip}:${port}): ${why}\n`);
    return 1;
  }
  if (flags.v) io.err(`${host} (${ip}:${port}) open\n`);
  if (!flags.z) call.io.stdin.readAll();
  return 0;
}

function* ping(call: AppletCall): Gen {
  const { flags, operands } = parseFlags(call.argv.slice(1), 'cWwsiI');
  const host = operands[0];
  if (!host) {
    call.io.err('Usage: ping [OPTIONS] HOST\n');
    return 1;
  }
  const ip = resolve(call, host);
  if (!ip) {
    call.io.err(`ping: bad address '${host}'\n`);
    return 1;
  }
  const count = typeof flags.c === 'string' ? Number(flags.c) : Infinity;
  call.io.out(`PING ${host} (${ip}): 56 data bytes\n`);
  let seq = 0;
  for (; seq < count; seq++) {
    if (seq > 0) {
      const until = call.ctx.now() + 1000;
      while (call.ctx.now() < until) yield { kind: 'sleep', until };
    }
    call.io.out(`64 bytes from ${ip}: seq=${seq} ttl=64 time=0.080 ms\n`);
  }
  call.io.out(`\n--- ${host} ping statistics ---\n${seq} packets transmitted, ${seq} packets received, 0% packet loss\nround-trip min/avg/max = 0.080/0.080/0.080 ms\n`);
  return 0;
}

/**
 * busybox httpd: serves files from -h DIR (default: the working directory) on -p [IP:]PORT
 * (default 80). With -f it stays in the foreground (blocks); without, it daemonizes and the
 * command returns 0 at once (the server lives as long as the container).
 */
function* httpd(call: AppletCall): Gen {
  const { flags } = parseFlags(call.argv.slice(1), 'phcru');
  const port = Number(String(typeof flags.p === 'string' ? flags.p : '80').split(':').pop());
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    call.io.err(`httpd: invalid number '${flags.p}'\n`);
    return 1;
  }
  const home = call.path(typeof flags.h === 'string' ? flags.h : '.');
  call.proc.httpServers.set(port, (path) => httpdGet(call.ctx, home, path));
  if (!flags.f) return 0;
  try {
    for (;;) yield { kind: 'block' };
  } finally {
    call.proc.httpServers.delete(port);
  }
}

/** An HTTP GET answered by a busybox httpd server (index.html for a directory). */
export function httpdGet(ctx: AppletCall['ctx'], home: string, path: string): HttpResponse {
  const clean = '/' + path.replace(/[?#].*$/, '').split('/').filter((p) => p && p !== '..').join('/');
  let file = `${home === '/' ? '' : home}${clean}`;
  const st = ctx.fs.stat(file);
  if (typeof st !== 'string' && st.type === 'dir') file = `${file.replace(/\/$/, '')}/index.html`;
  const body = ctx.fs.read(file);
  if (typeof body === 'string' && !['ENOENT', 'EISDIR', 'ENOTDIR', 'EACCES'].includes(body)) {
    return { status: 200, statusText: 'OK', body, headers: { 'Content-Type': file.endsWith('.html') ? 'text/html' : 'text/plain' } };
  }
  return { status: 404, statusText: 'Not Found', body: '<HTML><HEAD><TITLE>404 Not Found</TITLE></HEAD>\n<BODY><H1>404 Not Found</H1>\nThe requested URL was not found\n</BODY></HTML>\n' };
}

export const NET_APPLETS: Record<string, Applet> = { nslookup, wget, nc, ping, httpd };
