/**
 * The httpGet probe: a GET from the node with kube-probe's headers; 200..399 is success, a
 * redirect to another host is not followed (success with a warning), anything else a failure
 * whose output never contains the body. Client errors (refused, timeout) are failures worded as
 * Go's http.Client words them.
 * upstream: pkg/probe/http/http.go (DoHTTPProbe, redirectChecker), pkg/probe/http/request.go
 * (NewRequestForHTTPGetAction: User-Agent kube-probe/<major.minor>, Accept "*\/*"), pkg/kubelet/prober/prober.go formatURL
 */
import type { HttpResponse } from '../../../node/programs/process';
import type { ListenerMemo } from '../../../node/cri/runtime';
import { dial, joinHostPort, rememberAnswer, type AnswerMemo, type ProbeDone, type ProbeNetwork, type ProbeOutcome } from './probe';

/** upstream: request.go userAgent: "kube-probe/" + major.minor of the kubelet's version. */
export const PROBE_USER_AGENT = 'kube-probe/1.32';
/** upstream: http.go maxRespBodyLength (10 KiB). */
const MAX_BODY = 10 * 1024;
/** Go's http.Client default CheckRedirect limit. */
const MAX_REDIRECTS = 10;

export interface HTTPProbeRequest {
  scheme: 'http' | 'https';
  host: string;
  port: number;
  path: string;
  headers: readonly { name: string; value: string }[];
}

/** upstream: request.go: the spec's headers, then User-Agent and Accept unless the spec set them. */
export function probeHeaders(spec: readonly { name: string; value: string }[]): Readonly<Record<string, string>> {
  // A pod's probe spec is a frozen API object: its headers are worked out once.
  const frozen = Object.isFrozen(spec);
  const hit = frozen ? headersOf.get(spec) : undefined;
  if (hit) return hit;
  const out = buildHeaders(spec);
  if (frozen) headersOf.set(spec, Object.freeze(out));
  return out;
}

const headersOf = new WeakMap<object, Readonly<Record<string, string>>>();

function buildHeaders(spec: readonly { name: string; value: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of spec) {
    // http.Header canonicalises keys; the first value is what a server reads.
    const key = h.name.toLowerCase().replace(/(^|-)[a-z]/g, (s) => s.toUpperCase());
    if (!(key in out)) out[key] = h.value;
  }
  out['User-Agent'] ??= PROBE_USER_AGENT;
  out['Accept'] ??= '*/*';
  return out;
}

/** upstream: prober.go formatURL. */
export function formatURL(scheme: string, host: string, port: number, path: string): string {
  const p = path === '' || path.startsWith('/') ? path : `/${path}`;
  return `${scheme}://${joinHostPort(host, port)}${p}`;
}

/** `answer`: where a success is remembered (the caller answers from it first while it holds: Prober's memoAnswer). */
export function doHTTPProbe(net: ProbeNetwork, req: HTTPProbeRequest, timeoutSeconds: number, done: ProbeDone, memo?: ListenerMemo, answer?: AnswerMemo): void {
  const headers = probeHeaders(req.headers);
  // The URL is only written in failures and followed redirects: made when first needed (no
  // string or closure per probe that succeeds).
  let url: string | undefined;
  let { host, port, path } = req;
  for (let redirects = 0; ; redirects++) {
    // A followed redirect dials elsewhere: the memo is for the probe's own address.
    const d = dial(net, host, port, redirects === 0 ? memo : undefined);
    if (d.kind === 'refused') return done({ result: 'failure', output: `Get ${JSON.stringify((url ??= urlOf(req)))}: dial tcp ${joinHostPort(host, port)}: connect: connection refused` });
    if (d.kind === 'timeout') {
      const quoted = JSON.stringify((url ??= urlOf(req)));
      return net.after(timeoutSeconds * 1000, () => done({ result: 'failure', output: `Get ${quoted}: context deadline exceeded (Client.Timeout exceeded while awaiting connection)` }));
    }
    // A listening program with no HTTP model (etcd, kube-apiserver, CoreDNS...) is a server whose health endpoints answer ok.
    const res: HttpResponse = d.process.http ? d.process.http(port, path || '/', headers) : { status: 200, statusText: 'OK', body: 'ok' };
    if ('error' in res) {
      if (res.error === 'EOF') return done({ result: 'failure', output: `Get ${JSON.stringify((url ??= urlOf(req)))}: EOF` });
      return done({ result: 'failure', output: `Get ${JSON.stringify((url ??= urlOf(req)))}: dial tcp ${joinHostPort(host, port)}: connect: connection refused` });
    }
    const body = res.body.slice(0, MAX_BODY);
    const location = res.headers?.Location ?? res.headers?.location;
    if (res.status >= 300 && res.status < 400 && location && redirects < MAX_REDIRECTS) {
      // upstream: redirectChecker(followNonLocalRedirects=false): only a redirect to the same host is followed.
      const next = resolveLocation((url ??= urlOf(req)), location);
      if (next && next.host === host) {
        ({ port, path } = next);
        url = next.url;
        continue;
      }
    }
    if (res.status >= 200 && res.status < 400) {
      if (res.status >= 300) return done({ result: 'warning', output: `Probe terminated redirects, Response body: ${body}` });
      const outcome: ProbeOutcome = { result: 'success', output: body };
      if (redirects === 0) rememberAnswer(net, host, memo, d.process, outcome, answer);
      return done(outcome);
    }
    // upstream: "this user-facing failure message must not contain the response body" (issue 99425).
    return done({ result: 'failure', output: `HTTP probe failed with statuscode: ${res.status}` });
  }
}

const urlOf = (req: HTTPProbeRequest): string => formatURL(req.scheme, req.host, req.port, req.path);

/** A Location header against the request URL: host, port, path (undefined: not http). */
function resolveLocation(base: string, location: string): { url: string; host: string; port: number; path: string } | undefined {
  let u: URL;
  try {
    u = new URL(location, base);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
  const port = u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80;
  return { url: u.toString(), host: u.hostname, port, path: u.pathname + u.search };
}
