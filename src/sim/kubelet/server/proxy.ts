/**
 * The API server's side of a request to a kubelet: it dials the node's kubelet with its kubelet
 * client certificate and turns the answer into what the client sees. Three paths, three ways of
 * reporting a failure, as upstream has them:
 * - pod logs (`pods/log`): a dial error is `Get "https://IP:10250/containerLogs/...": dial tcp ...`
 *   (500, no reason); a kubelet 400 is BadRequest with the kubelet's text; other codes go through
 *   NewGenericServerResponse with ` ( pods/log NAME)` appended;
 * - exec (`pods/exec`): a dial error is `error dialing backend: ...`; a kubelet refusal fails the
 *   stream upgrade: `unable to upgrade connection: <kubelet's text>`;
 * - the node proxy (`/api/v1/nodes/NODE/proxy/PATH`): a dial error is ServiceUnavailable `error
 *   trying to reach service: ...`; any answer of the kubelet is passed through, which kubectl
 *   reads as NewGenericServerResponse does.
 * upstream: pkg/registry/core/pod/rest/log.go (LogREST), staging/src/k8s.io/apiserver/pkg/registry/
 * generic/rest/response_checker.go (GenericHttpResponseChecker), pkg/registry/core/node/rest/
 * proxy.go, staging/src/k8s.io/apimachinery/pkg/util/proxy/{transport.go,upgradeaware.go},
 * staging/src/k8s.io/apimachinery/pkg/api/errors/errors.go (NewGenericServerResponse),
 * staging/src/k8s.io/kubectl/pkg/cmd/util/helpers.go (StandardErrorMessage).
 */
import { APISERVER_KUBELET_CLIENT } from './auth';
import { KUBELET_PORT, type ExecResult, type KubeletDialResult, type KubeletRequest, type KubeletResponse, type PortForwardResult } from './server';

export type Dial = (node: string, req: KubeletRequest) => Promise<KubeletDialResult>;

/** An answer for kubectl: the body, or the error text kubectl prints. */
export type ProxyOutcome<T = string> = { ok: true; value: T } | { ok: false; error: string };

/** How kubectl prints an API error: `Error from server (Reason): message`; no reason, no parentheses; 401 its own way. */
export function serverErrorText(reason: string, message: string): string {
  if (reason === 'Unauthorized') return `error: You must be logged in to the server (${message})`;
  return reason ? `Error from server (${reason}): ${message}` : `Error from server: ${message}`;
}

/**
 * upstream: errors.go NewGenericServerResponse for a non-2xx answer that is not a Status object,
 * with the resource suffix ` (verb resource name)` when a resource is given.
 */
export function genericServerResponse(code: number, serverMessage: string, resource?: { resource: string; name: string }): string {
  let reason = '';
  let message = `the server responded with the status code ${code} but did not return more information`;
  switch (code) {
    case 400:
      reason = 'BadRequest';
      message = 'the server rejected our request for an unknown reason';
      break;
    case 401:
      reason = 'Unauthorized';
      message = 'the server has asked for the client to provide credentials';
      break;
    case 403:
      reason = 'Forbidden';
      message = serverMessage;
      break;
    case 404:
      reason = 'NotFound';
      message = 'the server could not find the requested resource';
      break;
    default:
      if (code >= 500) {
        reason = 'InternalError';
        message = `an error on the server (${JSON.stringify(serverMessage)}) has prevented the request from succeeding`;
      }
  }
  if (resource) message = `${message} ( ${resource.resource} ${resource.name})`;
  return serverErrorText(reason, message);
}

const request = (method: KubeletRequest['method'], path: string): KubeletRequest => ({ method, path, clientCertificate: APISERVER_KUBELET_CLIENT });

/** Query parameters of a pod log request, in url.Values.Encode order (sorted by key). */
export function logQuery(params: Record<string, string | undefined>): string {
  const keys = Object.keys(params).filter((k) => params[k] !== undefined).sort();
  return keys.map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(params[k]!)}`).join('&');
}

export interface LogTarget {
  namespace: string;
  name: string;
  node: string;
  hostIP: string;
}

/** upstream: LogLocation: the kubelet request for a container's logs. */
export function podLogsRequest(pod: LogTarget, container: string, query: string): KubeletRequest {
  return request('GET', `/containerLogs/${pod.namespace}/${pod.name}/${container}${query ? `?${query}` : ''}`);
}

/** upstream: LogREST.Get -> LogLocation -> the kubelet's /containerLogs, checked by GenericHttpResponseChecker. */
export async function podLogs(dial: Dial, pod: LogTarget, container: string, query: string): Promise<ProxyOutcome> {
  const req = podLogsRequest(pod, container, query);
  return podLogsResult(pod, req, await dial(pod.node, req));
}

/** What the API server makes of the kubelet's answer to a log request. */
export function podLogsResult(pod: LogTarget, req: KubeletRequest, r: KubeletDialResult): ProxyOutcome {
  if (!r.ok) return { ok: false, error: serverErrorText('', `Get "https://${pod.hostIP}:${KUBELET_PORT}${req.path}": ${r.error}`) };
  const res: KubeletResponse = r.res;
  if (res.status >= 200 && res.status <= 206) return { ok: true, value: res.body };
  if (res.status === 400) return { ok: false, error: serverErrorText('BadRequest', res.body) };
  if (res.status === 500) return { ok: false, error: serverErrorText('InternalError', `Internal error occurred: ${res.body}`) };
  return { ok: false, error: genericServerResponse(res.status, res.body, { resource: 'pods/log', name: pod.name }) };
}

/** upstream: ExecREST.Connect -> the kubelet's /exec through the upgrade-aware proxy. */
export async function podExec(dial: Dial, pod: { namespace: string; name: string; node: string }, container: string, command: string[], stdin?: string): Promise<ProxyOutcome<ExecResult>> {
  // upstream: streamParams (stdin with -i: what kubectl read from its own stdin; no tty: the console has no terminal).
  const params = [...(stdin !== undefined ? ['stdin=1'] : []), 'stdout=1', 'stderr=1', ...command.map((c) => `command=${encodeURIComponent(c)}`)].join('&');
  const r = await dial(pod.node, { ...request('POST', `/exec/${pod.namespace}/${pod.name}/${container}?${params}`), ...(stdin !== undefined ? { body: stdin } : {}) });
  if (!r.ok) return { ok: false, error: serverErrorText('', `error dialing backend: ${r.error}`) };
  if (r.res.status !== 200) return { ok: false, error: `error: unable to upgrade connection: ${r.res.body.trimEnd()}` };
  return { ok: true, value: JSON.parse(r.res.body) as ExecResult };
}

/**
 * upstream: PortForwardREST.Connect -> the kubelet's /portForward through the upgrade-aware proxy;
 * kubectl's ForwardPorts reports a failed upgrade as `error upgrading connection: ...`.
 */
export async function podPortForwardUpgrade(dial: Dial, pod: { namespace: string; name: string; node: string }): Promise<ProxyOutcome<{ podSandboxId: string }>> {
  const r = await dial(pod.node, request('POST', `/portForward/${pod.namespace}/${pod.name}`));
  if (!r.ok) return { ok: false, error: `error upgrading connection: error dialing backend: ${r.error}` };
  if (r.res.status !== 200) return { ok: false, error: `error upgrading connection: unable to upgrade connection: ${r.res.body.trimEnd()}` };
  return { ok: true, value: JSON.parse(r.res.body) as { podSandboxId: string } };
}

/** One connection over a port-forward stream: the pod's answer, or the stream's error (`{error}`), or why the kubelet could not be reached. */
export async function podPortForwardConnection(dial: Dial, pod: { namespace: string; name: string; node: string }, port: number, req: { path: string; headers: Record<string, string> }): Promise<ProxyOutcome<PortForwardResult>> {
  const r = await dial(pod.node, { ...request('POST', `/portForward/${pod.namespace}/${pod.name}?port=${port}`), body: JSON.stringify(req) });
  if (!r.ok) return { ok: false, error: r.error };
  if (r.res.status !== 200) return { ok: false, error: r.res.body.trimEnd() };
  return { ok: true, value: JSON.parse(r.res.body) as PortForwardResult };
}

/** `/api/v1/nodes/NODE[:PORT]/proxy[/PATH]`: the node and the kubelet path, or undefined for another path. */
export function parseNodeProxyPath(raw: string): { node: string; path: string } | undefined {
  const [path, query] = raw.split(/\?(.*)/s);
  const m = /^\/api\/v1\/nodes\/([^/:]+)(?::(?:https:)?(\d+))?\/proxy(\/.*)?$/.exec(path);
  if (!m) return undefined;
  return { node: m[1], path: (m[3] ?? '/') + (query ? `?${query}` : '') };
}

/** upstream: node/rest/proxy.go: the kubelet's answer passed through; a dial error as ServiceUnavailable. */
export async function nodeProxy(dial: Dial, node: string, path: string): Promise<ProxyOutcome> {
  const r = await dial(node, request('GET', path));
  if (!r.ok) return { ok: false, error: serverErrorText('ServiceUnavailable', `error trying to reach service: ${r.error}`) };
  if (r.res.status >= 200 && r.res.status <= 206) return { ok: true, value: r.res.body };
  return { ok: false, error: genericServerResponse(r.res.status, r.res.body.trimEnd()) };
}
