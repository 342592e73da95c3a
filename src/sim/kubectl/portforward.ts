/**
 * `kubectl port-forward TYPE/NAME [LOCAL_PORT:]REMOTE_PORT...`: listens on the learner's machine
 * (the console's host) and carries each connection there to a port inside the pod, through the API
 * server (pods/portforward) and the pod's kubelet (CRI PortForward into the pod's network
 * namespace). A Service, Deployment, ReplicaSet, StatefulSet, DaemonSet or Job picks one of its
 * pods; a Service's port is translated to the pod's targetPort. The command prints its listeners and
 * keeps forwarding until Ctrl-C, or until a connection fails ("lost connection to pod"): the
 * session stays pinned to the pod it picked, as upstream's does.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/portforward/portforward.go (Complete,
 * translateServicePortToTargetPort, convertPodNamedPortToNumber, RunPortForwardContext),
 * staging/src/k8s.io/client-go/tools/portforward/portforward.go (parsePorts, parseAddresses,
 * getListener, forward), staging/src/k8s.io/kubectl/pkg/util/service_port.go,
 * staging/src/k8s.io/kubectl/pkg/polymorphichelpers/attachablepodforobject.go.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { fail, failStatus, KubectlError, usageError, type CommandSpec } from './command';
import { parseResourceArgs } from './builder';
import { connect, dialOf, goTypeName, podForArg } from './logs';
import { podPortForwardUpgrade } from '../kubelet/server/proxy';

/** A local listener on the learner's machine: `address` one of parseAddresses' (127.0.0.1, ::1, 0.0.0.0 ...). */
export interface ForwardedPort {
  local: number;
  remote: number;
}

/** What the console answers for one port: each address's listener, bound (`local` resolved for 0) or refused. */
export interface PortBinding {
  port: ForwardedPort;
  listeners: { address: string; local?: number; error?: string }[];
}

/** The forward kubectl asks the console's machine to open. */
export interface PortForwardSpec {
  pod: { namespace: string; name: string; node: string };
  /** The sandbox the kubelet's upgrade found (error texts name it). */
  podSandboxId: string;
  addresses: string[];
  ports: ForwardedPort[];
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-fA-F:.]+$/;

/** upstream: portforward.go parseAddresses: localhost is 127.0.0.1 and ::1; sorted by address. */
export function parseAddresses(list: readonly string[]): string[] {
  const out = new Set<string>();
  for (const a of list) {
    if (a === 'localhost') {
      out.add('127.0.0.1');
      out.add('::1');
    } else if (IPV4.test(a) || (a.includes(':') && IPV6.test(a))) out.add(a);
    else fail(`${a} is not a valid IP`);
  }
  return [...out].sort();
}

/** Go's net.JoinHostPort. */
export function joinHostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** upstream: portforward.go splitPort: `8080:80` -> [8080, 80], `80` -> [80, 80]. */
function splitPort(port: string): [string, string] {
  const parts = port.split(':');
  return parts.length === 2 ? [parts[0], parts[1]] : [parts[0], parts[0]];
}

const isNumber = (s: string) => /^[+-]?\d+$/.test(s);

/** upstream: util.LookupContainerPortNumberByName. */
function containerPortByName(pod: any, name: string): number {
  for (const c of pod.spec?.containers ?? []) for (const p of c.ports ?? []) if (p.name === name) return p.containerPort;
  return fail(`Pod '${pod.metadata.name}' does not have a named port '${name}'`);
}

/** upstream: portforward.go translateServicePortToTargetPort (util.LookupServicePortNumberByName, LookupContainerPortNumberByServicePort). */
export function translateServicePorts(ports: readonly string[], svc: any, pod: any): string[] {
  return ports.map((spec) => {
    let [local, remote] = splitPort(spec);
    let portnum: number;
    if (isNumber(remote)) portnum = Number(remote);
    else {
      const named = (svc.spec?.ports ?? []).find((p: any) => p.name === remote);
      if (!named) fail(`Service '${svc.metadata.name}' does not have a named port '${remote}'`);
      portnum = named.port;
      if (local === remote) local = String(portnum);
    }
    const sp = (svc.spec?.ports ?? []).find((p: any) => p.port === portnum);
    if (!sp) fail(`Service ${svc.metadata.name} does not have a service port ${portnum}`);
    const target = sp.targetPort;
    const containerPort = target === undefined || target === 0 ? sp.port : typeof target === 'number' ? target : isNumber(String(target)) ? Number(target) : containerPortByName(pod, String(target));
    remote = String(containerPort);
    return local !== remote ? `${local}:${remote}` : remote;
  });
}

/** upstream: portforward.go convertPodNamedPortToNumber. */
export function convertPodNamedPorts(ports: readonly string[], pod: any): string[] {
  return ports.map((spec) => {
    const [local, remote] = splitPort(spec);
    if (remote === '') fail('remote port cannot be empty');
    const number = isNumber(remote) ? remote : String(containerPortByName(pod, remote));
    return local !== remote ? `${local}:${number}` : number;
  });
}

/** Go's strconv.ParseUint(s, 10, 16) error text, or the value. */
function parseUint16(s: string): number | string {
  if (!/^\d+$/.test(s)) return `strconv.ParseUint: parsing ${JSON.stringify(s)}: invalid syntax`;
  const n = Number(s);
  return n > 65535 ? `strconv.ParseUint: parsing ${JSON.stringify(s)}: value out of range` : n;
}

/** upstream: client-go portforward.go parsePorts (`:5000` and `0:5000` pick a free local port). */
export function parsePorts(ports: readonly string[]): ForwardedPort[] {
  return ports.map((spec) => {
    const parts = spec.split(':');
    if (parts.length > 2) fail(`invalid port format '${spec}'`);
    const localString = parts.length === 1 ? parts[0] : parts[0] === '' ? '0' : parts[0];
    const remoteString = parts.length === 1 ? parts[0] : parts[1];
    const local = parseUint16(localString);
    if (typeof local === 'string') fail(`error parsing local port '${localString}': ${local}`);
    const remote = parseUint16(remoteString);
    if (typeof remote === 'string') fail(`error parsing remote port '${remoteString}': ${remote}`);
    if (remote === 0) fail('remote port must be > 0');
    return { local, remote };
  });
}

/** Kinds a pod can be picked from (upstream: attachablePodForObject). */
const POD_OWNERS = new Set(['Pod', 'Service', 'Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'ReplicationController']);

export const portForwardCommand: CommandSpec = {
  name: 'port-forward',
  long: 'Forward one or more local ports to a pod.',
  short: 'Forward one or more local ports to a pod',
  use: 'port-forward TYPE/NAME [options] [LOCAL_PORT:]REMOTE_PORT [...[LOCAL_PORT_N:]REMOTE_PORT_N]',
  flags: [
    { name: 'address', type: 'stringSlice', def: ['localhost'] },
    { name: 'pod-running-timeout', type: 'duration', def: 60_000 }
  ],
  async run(inv) {
    const { flags, out } = inv;
    // upstream: portforward.go Complete
    if (inv.args.length < 2) usageError(inv.path, 'TYPE/NAME and list of ports are required for port-forward');
    const [arg, ...portArgs] = inv.args;
    const [ref] = parseResourceArgs([arg.includes('/') ? arg : `pods/${arg}`]);
    const got = await inv.ctx.request({ verb: 'get', resource: ref.resource.name, namespace: inv.namespace, name: ref.name });
    if (!got.ok) return failStatus(got.status);
    const obj = got.object;
    if (!POD_OWNERS.has(obj.kind)) fail(`cannot attach to ${goTypeName(obj)}: not implemented`);
    if (obj.kind === 'Service' && Object.keys(obj.spec?.selector ?? {}).length === 0) fail(`invalid service '${obj.metadata.name}': Service is defined without a selector`);
    const pod = await podForArg(inv, arg, flags.int('pod-running-timeout'), false);
    const ports = parsePorts(obj.kind === 'Service' ? translateServicePorts(portArgs, obj, pod) : convertPodNamedPorts(portArgs, pod));
    const addresses = parseAddresses(flags.list('address'));
    // upstream: RunPortForwardContext
    const current = await inv.ctx.request({ verb: 'get', resource: 'pods', namespace: pod.metadata.namespace, name: pod.metadata.name });
    if (!current.ok) return failStatus(current.status);
    const phase = current.object.status?.phase;
    if (phase !== 'Running') fail(`unable to forward port because pod is not running. Current status=${phase ?? ''}`);
    const forward = inv.ctx.portForward;
    if (!forward) fail('port-forward needs a machine to listen on: run it in the console');
    await connect(inv, 'create', 'pods', pod.metadata.namespace, pod.metadata.name, 'portforward');
    const target = { namespace: pod.metadata.namespace, name: pod.metadata.name, node: current.object.spec?.nodeName ?? '' };
    const upgraded = await podPortForwardUpgrade(dialOf(inv), target);
    if (!upgraded.ok) throw new KubectlError(`error: ${upgraded.error}`);
    // upstream: client-go portforward.go forward, listenOnPort, getListener.
    let listening = false;
    const opened = forward.open({ pod: target, podSandboxId: upgraded.value.podSandboxId, addresses, ports });
    for (const binding of opened.bindings) {
      const errors = binding.listeners.filter((l) => l.error !== undefined);
      for (const l of binding.listeners) if (l.local !== undefined) out.out(`Forwarding from ${joinHostPort(l.address, l.local)} -> ${binding.port.remote}\n`);
      // Every address of `localhost` must fail for the port to fail (failure mode "all"); any other address failing fails it.
      const failed = binding.listeners.every((l) => l.error !== undefined) || errors.some((l) => l.address !== '127.0.0.1' && l.address !== '::1');
      if (failed) out.err(`Unable to listen on port ${binding.port.local}: Listeners failed to create with the following errors: [${errors.map((l) => l.error).join(' ')}]\n`);
      else listening = true;
    }
    if (!listening) {
      opened.close();
      fail(`unable to listen on any of the requested ports: [${ports.map((p) => `{${p.local} ${p.remote}}`).join(' ')}]`);
    }
  }
};
