/**
 * The servers of the simulated images: their start-up output (what `kubectl logs` shows), ports
 * and HTTP answers. nginx prints its docker-entrypoint.sh lines on stdout and its notices on
 * stderr; redis its banner; agnhost's subcommands behave as upstream's test images.
 * upstream: nginx docker image docker-entrypoint.sh and /docker-entrypoint.d scripts; redis
 * server.c (banner lines); kubernetes test/images/agnhost (liveness/server.go, netexec/netexec.go,
 * serve-hostname/serve_hostname.go, pause/pause.go).
 */

import { SIM_EPOCH_MS } from '../../kernel/clock';
import { flag, ok, status, type DaemonSpec } from './daemon';
import { HTTPD_INDEX, NGINX_WELCOME, NOT_FOUND_NGINX } from './pages';
import { FS_ERROR_TEXT, type HttpResponse, type ProcessContext } from './process';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `2025/01/01 00:00:12`: Go's log package and nginx's error log. */
export function logTime(ms: number): string {
  const d = new Date(SIM_EPOCH_MS + ms);
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** `01 Jan 2025 00:00:12.345`: redis's log time. */
function redisTime(ms: number): string {
  const d = new Date(SIM_EPOCH_MS + ms);
  return `${pad(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
}

/** A regular file's text, or undefined. */
function readFile(ctx: ProcessContext, path: string): string | undefined {
  // One lookup for the usual case (a probe reads index.html every 10 s): read answers the text, or
  // an error code, which a file could also hold: only then does stat tell which it is.
  const r = ctx.fs.read(path);
  if (!(r in FS_ERROR_TEXT)) return r;
  const st = ctx.fs.stat(path);
  return typeof st === 'object' && st.type === 'file' ? r : undefined;
}

function nginxStartup(ctx: ProcessContext): void {
  const e = '/docker-entrypoint.sh';
  // The entrypoint only configures when the command is nginx (docker-entrypoint.sh: "if [ "$1" = "nginx" ...").
  if ((ctx.argv[0] ?? '').endsWith('docker-entrypoint.sh')) {
    ctx.stdout(
      `${e}: /docker-entrypoint.d/ is not empty, will attempt to perform configuration\n` +
        `${e}: Looking for shell scripts in /docker-entrypoint.d/\n` +
        `${e}: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh\n` +
        '10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf\n' +
        '10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf\n' +
        `${e}: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh\n` +
        `${e}: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh\n` +
        `${e}: Launching /docker-entrypoint.d/30-tune-worker-processes.sh\n` +
        `${e}: Configuration complete; ready for start up\n`
    );
  }
  const t = logTime(ctx.now());
  const version = ctx.env.NGINX_VERSION ? [`nginx/${ctx.env.NGINX_VERSION}`] : [];
  for (const line of ['using the "epoll" event method', ...version, 'built by gcc 12.2.0 (Debian 12.2.0-14) ', 'OS: Linux 6.8.0', 'getrlimit(RLIMIT_NOFILE): 1048576:1048576', 'start worker processes', 'start worker process 29'])
    ctx.stderr(`${t} [notice] 1#1: ${line}\n`);
}

/** `01/Jan/2025:00:00:42 +0000`: nginx's $time_local. */
function nginxTime(ms: number): string {
  const d = new Date(SIM_EPOCH_MS + ms);
  return `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}

/** nginx's 200 for a file: the same (frozen) answer while the file's text is the same. */
function okHTML(file: string): HttpResponse {
  if (file !== lastHTML) {
    lastHTML = file;
    lastHTMLResponse = Object.freeze(ok(file, Object.freeze({ 'Content-Type': 'text/html', Server: 'nginx' })));
  }
  return lastHTMLResponse;
}
let lastHTML: string | undefined;
let lastHTMLResponse: HttpResponse;

const NGINX_INDEX_PATH = '/usr/share/nginx/html/index.html';

function nginxHttp(ctx: ProcessContext, _startedAt: number, _port: number, path: string, headers: Record<string, string> = {}, client?: { ip: string }): HttpResponse {
  const q = path.indexOf('?');
  const p = q < 0 ? path : path.slice(0, q);
  // `/` (every httpGet probe's path) reads one constant path: no string made and hashed per request.
  const filePath = p === '/' ? NGINX_INDEX_PATH : `/usr/share/nginx/html${p.endsWith('/') ? p + 'index.html' : p}`;
  const file = readFile(ctx, filePath);
  const res = file !== undefined ? okHTML(file) : status(404, NOT_FOUND_NGINX);
  // A probe (no client) gets the shared answer; a client's connection sees nginx's own headers and is logged.
  if (!client || !('status' in res)) return res;
  // The image's access log is stdout, format `main` (nginx.conf: log_format main '$remote_addr - $remote_user [$time_local] "$request" ...').
  const ua = headers['User-Agent'] ?? headers['user-agent'] ?? '-';
  ctx.stdout(`${client.ip} - - [${nginxTime(ctx.now())}] "GET ${path} HTTP/1.1" ${res.status} ${res.body.length} "-" "${ua}" "-"\n`);
  return { ...res, headers: nginxHeaders(ctx, res, file !== undefined ? filePath : undefined) };
}

/** RFC 7231's IMF-fixdate (`Mon, 07 Dec 2026 02:40:00 GMT`): HTTP's Date and Last-Modified. */
function httpDate(ms: number): string {
  return new Date(SIM_EPOCH_MS + ms).toUTCString();
}

/**
 * The headers nginx sends, in its order: Server (with the version, server_tokens on), Date,
 * Content-Type, Content-Length; for a file also Last-Modified, then Connection, and for a file
 * ETag (`"<mtime hex>-<size hex>"`) and Accept-Ranges.
 * upstream: nginx src/http/ngx_http_header_filter_module.c, ngx_http_core_module.c
 * (ngx_http_set_etag), ngx_http_static_module.c (allow_ranges).
 */
function nginxHeaders(ctx: ProcessContext, res: { status: number; body: string; headers?: Record<string, string> }, filePath: string | undefined): Record<string, string> {
  const length = new TextEncoder().encode(res.body).length;
  const st = filePath ? ctx.fs.stat(filePath) : undefined;
  const mtime = st && typeof st === 'object' ? st.mtime : undefined;
  return {
    Server: ctx.env.NGINX_VERSION ? `nginx/${ctx.env.NGINX_VERSION}` : 'nginx',
    Date: httpDate(ctx.now()),
    'Content-Type': 'text/html',
    'Content-Length': String(length),
    ...(mtime !== undefined ? { 'Last-Modified': httpDate(mtime) } : {}),
    Connection: 'keep-alive',
    ...(mtime !== undefined ? { ETag: `"${Math.floor((SIM_EPOCH_MS + mtime) / 1000).toString(16)}-${length.toString(16)}"`, 'Accept-Ranges': 'bytes' } : {})
  };
}

function redisStartup(ctx: ProcessContext): void {
  const t = redisTime(ctx.now());
  ctx.stdout(
    `1:C ${t} * oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo\n` +
      `1:C ${t} * Redis version=7.4.1, bits=64, commit=00000000, modified=0, pid=1, just started\n` +
      `1:C ${t} # Warning: no config file specified, using the default config. In order to specify a config file use redis-server /path/to/redis.conf\n` +
      `1:M ${t} * monotonic clock: POSIX clock_gettime\n` +
      `1:M ${t} * Running mode=standalone, port=6379.\n` +
      `1:M ${t} * Server initialized\n` +
      `1:M ${t} * Ready to accept connections tcp\n`
  );
}

/** agnhost's subcommand: the first argument that is not a flag (the image's CMD is `pause`). */
export function agnhostCommand(argv: readonly string[]): string {
  return argv.slice(1).find((a) => !a.startsWith('-')) ?? '';
}

function agnhostPorts(argv: readonly string[]): number[] {
  switch (agnhostCommand(argv)) {
    case 'liveness':
      return [8080];
    case 'netexec':
      return [Number(flag(argv, 'http-port') ?? 8080)];
    case 'serve-hostname':
      return [Number(flag(argv, 'port') ?? 9376)];
    default:
      return [];
  }
}

function agnhostStartup(ctx: ProcessContext): void {
  const t = logTime(ctx.now());
  switch (agnhostCommand(ctx.argv)) {
    case 'netexec':
      ctx.stderr(`${t} Started HTTP server on port ${agnhostPorts(ctx.argv)[0]}\n${t} Started UDP server on port  ${flag(ctx.argv, 'udp-port') ?? 8081}\n`);
      return;
    case 'serve-hostname':
      ctx.stderr(`${t} Serving on port ${agnhostPorts(ctx.argv)[0]}.\n`);
      return;
    case 'pause':
      ctx.stdout('Paused\n');
  }
}

function agnhostHttp(ctx: ProcessContext, startedAt: number, _port: number, path: string): HttpResponse {
  const [p, query = ''] = path.split('?');
  switch (agnhostCommand(ctx.argv)) {
    // liveness/server.go: 200 "ok" for the first 10 s, then 500 "error: <seconds>".
    case 'liveness': {
      if (p !== '/healthz') return status(404, '404 page not found\n');
      const seconds = (ctx.now() - startedAt) / 1000;
      return seconds > 10 ? status(500, `error: ${seconds}`) : ok('ok');
    }
    case 'serve-hostname':
      return ok(ctx.hostname);
    case 'netexec': {
      const params = new URLSearchParams(query);
      if (p === '/hostname') return ok(ctx.hostname);
      if (p === '/echo') return ok(params.get('msg') ?? '');
      if (p === '/healthz' || p === '/healthz/') return ok('');
      if (p === '/' || p === '') return ok(`NOW: ${new Date(SIM_EPOCH_MS + ctx.now()).toISOString()}`);
      return status(404, '404 page not found\n');
    }
    default:
      return status(404, '404 page not found\n');
  }
}

/** The health endpoints of the control-plane binaries (k8s.io/apiserver healthz: "ok"), etcd's /livez /readyz, CoreDNS's health (/health) and ready (/ready) plugins ("OK"). */
export function healthz(ok = 'ok'): DaemonSpec['http'] {
  return (_ctx, _startedAt, _port, path) => (/^\/(livez|readyz|healthz|health|ready)(\/|\?|$)/.test(path) ? { status: 200, statusText: 'OK', body: ok } : status(404, '404 page not found\n'));
}

type Servers = Record<'nginx' | 'httpd' | 'redis' | 'postgres' | 'agnhost' | 'coredns', Pick<DaemonSpec, 'ports' | 'startup' | 'http' | 'httpFromFiles'>>;

export const SERVERS: Servers = {
  nginx: { ports: () => [80], startup: nginxStartup, http: nginxHttp, httpFromFiles: true },
  httpd: {
    ports: () => [80],
    startup: (ctx) => {
      ctx.stderr("AH00558: httpd: Could not reliably determine the server's fully qualified domain name, using " + `${ctx.hostname}. Set the 'ServerName' directive globally to suppress this message\n`);
    },
    http: (ctx, _s, _port, path) => {
      const p = path.split('?')[0];
      const dir = ctx.cwd === '/var/www/html' ? '/var/www/html' : '/usr/local/apache2/htdocs';
      const file = readFile(ctx, dir + (p.endsWith('/') ? p + 'index.html' : p));
      if (file !== undefined) return ok(file);
      if (p === '/') return ok(HTTPD_INDEX);
      return status(404, '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head>\n<title>404 Not Found</title>\n</head><body>\n<h1>Not Found</h1>\n<p>The requested URL was not found on this server.</p>\n</body></html>\n');
    },
    httpFromFiles: true
  },
  redis: { ports: () => [6379], startup: redisStartup },
  postgres: { ports: () => [5432] },
  agnhost: { ports: agnhostPorts, startup: agnhostStartup, http: agnhostHttp },
  // coredns/coredns coremain/run.go showVersion, plugin/reload (the SHA512 of the Corefile: simulated).
  coredns: {
    startup: (ctx) =>
      ctx.stdout(`.:53\n[INFO] plugin/reload: Running configuration SHA512 = ${'591cf328cccc12bc490481273e738df5'.repeat(4)}\nCoreDNS-1.11.3\nlinux/amd64, go1.21.11, a6338e9\n`)
  }
};

export { NGINX_WELCOME };
