/**
 * The resource and fault `sim` verbs, console side: parse the line, find the node (and for a
 * container fault, the pod's node and container through the API), then ask that node's kubelet
 * host (kubelet/cm/node-controls.ts). Bad input changes nothing and gets an `error: ...` line.
 *   sim node cgroups NODE
 *   sim node pressure memory|disk|pids NODE AMOUNT      (0 clears)
 *   sim container crash|hang POD [-c CONTAINER] [-n NAMESPACE]
 *   sim container leak POD [-c CONTAINER] [-n NAMESPACE] RATE   (e.g. 10Mi/s)
 *   sim image break IMAGE
 *   sim kubelet curl NODE PATH [--anonymous] [--port N]
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Cluster } from './cluster';
import type { CommandOutput } from '../kubectl/context';
import { tryParseQuantity } from '../api/quantity';
import { standardErrorMessage } from '../kubectl/command';
import { parseNormalizedNamed, referenceString } from '../node/images/reference';
import { APISERVER_KUBELET_CLIENT } from '../kubelet/server/auth';
import { KUBELET_PORT } from '../kubelet/server/server';

const ok = (stdout: string): CommandOutput => ({ stdout, stderr: '', exitCode: 0 });
const fail = (stderr: string): CommandOutput => ({ stdout: '', stderr, exitCode: 1 });

async function ask(c: Cluster, node: string, args: Record<string, unknown>): Promise<CommandOutput> {
  const r = await c.nodeQuery(node, 'node-os', args);
  return r.ok ? ok(r.output ?? '') : fail(`error: ${r.error}\n`);
}

/** `sim node cgroups NODE` and `sim node pressure KIND NODE AMOUNT`. */
export async function simNodeResources(c: Cluster, args: string[]): Promise<CommandOutput> {
  const [action, ...rest] = args;
  if (action === 'cgroups') {
    if (rest.length !== 1) return fail('error: usage: sim node cgroups NODE\n');
    if (!c.nodes.has(rest[0])) return fail(`error: node "${rest[0]}" not found\n`);
    return ask(c, rest[0], { action: 'cgroups' });
  }
  const usage = 'error: usage: sim node pressure memory|disk|pids NODE AMOUNT (e.g. 7Gi, 90Gi, 30000; 0 clears)\n';
  const [kind, node, amount] = rest;
  if (rest.length !== 3 || !['memory', 'disk', 'pids'].includes(kind)) return fail(usage);
  if (!c.nodes.has(node)) return fail(`error: node "${node}" not found\n`);
  const n = kind === 'pids' ? (/^\d+$/.test(amount) ? Number(amount) : NaN) : Number(tryParseQuantity(amount)?.value() ?? NaN);
  if (!Number.isFinite(n) || n < 0) return fail(`error: invalid amount "${amount}" for ${kind} pressure: ${kind === 'pids' ? 'a number of processes' : 'a quantity such as 7Gi'} is required\n`);
  const r = await ask(c, node, { action: 'pressure', kind, amount: n });
  if (r.exitCode !== 0) return r;
  const what = { memory: 'memory used outside pods', disk: 'disk space filled on nodefs', pids: 'PIDs taken outside pods' }[kind as 'memory'];
  return ok(n === 0 ? `node/${node}: ${kind} pressure cleared\n` : `node/${node}: ${amount} ${what}\n`);
}

/** `sim container crash|hang|leak POD [-c C] [-n NS] [RATE]`. */
export async function simContainer(c: Cluster, args: string[]): Promise<CommandOutput> {
  const [fault, ...rest] = args;
  const usage = 'error: usage: sim container crash|hang POD [-c CONTAINER] [-n NAMESPACE] | sim container leak POD [-c CONTAINER] [-n NAMESPACE] RATE\n';
  if (!['crash', 'hang', 'leak'].includes(fault)) return fail(usage);
  let namespace = 'default';
  let container: string | undefined;
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    const [flag, inline] = a.includes('=') && a.startsWith('-') ? a.split(/=(.*)/s) : [a, undefined];
    if (flag === '-c' || flag === '--container') container = inline ?? rest[++i];
    else if (flag === '-n' || flag === '--namespace') namespace = inline ?? rest[++i] ?? '';
    else if (a.startsWith('-')) return fail(`error: unknown flag: ${flag}\n`);
    else positional.push(a);
  }
  if (positional.length !== (fault === 'leak' ? 2 : 1)) return fail(usage);
  const [podName, rate] = positional;
  let bytesPerSecond = 0;
  if (fault === 'leak') {
    const m = /^(.+)\/(s|m|h)$/.exec(rate);
    const q = m ? tryParseQuantity(m[1]) : undefined;
    if (!m || !q || Number(q.value()) < 0) return fail(`error: invalid rate "${rate}": use a quantity per second, minute or hour, e.g. 10Mi/s\n`);
    bytesPerSecond = Number(q.value()) / { s: 1, m: 60, h: 3600 }[m[2] as 's'];
  }
  const r = await c.request({ verb: 'get', resource: 'pods', namespace, name: podName });
  if (!r.ok) return fail(standardErrorMessage(r.status) + '\n');
  const pod: any = r.object;
  const names: string[] = (pod.spec?.containers ?? []).map((x: any) => x.name);
  const name = container ?? pod.metadata.annotations?.['kubectl.kubernetes.io/default-container'] ?? names[0];
  if (!names.includes(name)) return fail(`error: container ${name} is not valid for pod ${podName}\n`);
  const node = pod.spec?.nodeName;
  if (!node || !c.nodes.has(node)) return fail(`error: pod "${podName}" is not running on a node\n`);
  return ask(c, node, { action: 'container', fault, namespace, pod: podName, container: name, bytesPerSecond, rate });
}

/**
 * The end of `kubectl run -it`'s attach (`exit N` typed): the container's stdin closes and its
 * shell exits with N. A pod already gone or not running is not an error here (kubectl's attach
 * just ends).
 */
export async function closeAttachedStdin(c: Cluster, namespace: string, pod: string, container: string, code: number): Promise<void> {
  const r = await c.request({ verb: 'get', resource: 'pods', namespace, name: pod });
  const node = r.ok ? (r.object as any).spec?.nodeName : undefined;
  if (!node || !c.nodes.has(node)) return;
  await c.nodeQuery(node, 'node-os', { action: 'container', fault: 'stdin-eof', namespace, pod, container, code });
}

/** `sim image break IMAGE`. */
export function simImage(c: Cluster, args: string[]): CommandOutput {
  const [action, image, ...extra] = args;
  if (action !== 'break' || !image || extra.length > 0) return fail('error: usage: sim image break IMAGE\n');
  const parsed = parseNormalizedNamed(image);
  if (!parsed.ok) return fail(`error: invalid image reference "${image}": ${parsed.error}\n`);
  c.breakImage(image);
  return ok(`image ${referenceString(parsed.ref)}: pulls fail from now on\n`);
}

/** HTTP reason phrases of the codes the kubelet answers. */
const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 500: 'Internal Server Error' };

/**
 * `sim kubelet curl NODE PATH [--anonymous] [--port N]`: one GET to the node's kubelet, with the
 * API server's kubelet client certificate (as `kubectl logs` / `exec` / the node proxy reach it)
 * or, with --anonymous, none (curl -k from a pod or the node). `--port 10255` is the read-only
 * port (plain HTTP, no authentication), open only when the KubeletConfiguration sets readOnlyPort.
 * Printed as curl prints: the body; an error answer (4xx/5xx) first gets its status line
 * (`HTTP/1.1 401 Unauthorized`, as `curl -i` would show it); a failed connection is curl's exit 7.
 * upstream: pkg/kubelet/server/server.go (InstallAuthFilter, ListenAndServeKubeletReadOnlyServer).
 */
export async function simKubeletCurl(c: Cluster, node: string, args: string[]): Promise<CommandOutput> {
  const usage = 'error: usage: sim kubelet curl NODE PATH [--anonymous] [--port N]\n';
  let path: string | undefined;
  let anonymous = false;
  let port = KUBELET_PORT;
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].includes('=') && args[i].startsWith('--') ? args[i].split(/=(.*)/s) : [args[i], undefined];
    if (flag === '--anonymous') anonymous = true;
    else if (flag === '--port') {
      const v = inline ?? args[++i];
      if (!v || !/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 65535) return fail(`error: invalid port "${v ?? ''}": a number between 1 and 65535 is required\n`);
      port = Number(v);
    } else if (flag.startsWith('-')) return fail(`error: unknown flag: ${flag}\n`);
    else if (path === undefined) path = flag;
    else return fail(usage);
  }
  if (!path) return fail(usage);
  if (!path.startsWith('/')) path = '/' + path;
  const readOnly = port !== KUBELET_PORT;
  const r = await c.kubeletRequest(node, { method: 'GET', path, port, ...(anonymous || readOnly ? {} : { clientCertificate: APISERVER_KUBELET_CLIENT }) });
  if (!r.ok) return { stdout: '', stderr: `curl: (7) ${r.error}\n`, exitCode: 7 };
  const body = r.res.body.endsWith('\n') || r.res.body === '' ? r.res.body : r.res.body + '\n';
  if (r.res.status >= 400) return ok(`HTTP/1.1 ${r.res.status} ${STATUS_TEXT[r.res.status] ?? ''}\n${body}`);
  return ok(body);
}
