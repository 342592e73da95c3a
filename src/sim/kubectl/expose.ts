/**
 * `kubectl expose (-f FILENAME | TYPE NAME) [--port=port] [--protocol=TCP|UDP|SCTP]
 * [--target-port=number-or-name] [--name=name] [--type=type] ...`: a Service for a pod, service,
 * deployment or replica set, its selector, ports and protocols taken from the object unless given.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/expose/expose.go (RunExpose, createService),
 * staging/src/k8s.io/kubectl/pkg/polymorphichelpers (canbeexposed.go, mapbasedselectorforobject.go,
 * portsforobject.go, protocolsforobject.go, helpers.go MakeLabels).
 */
import type { KObject } from '../apiserver/store';
import { resourceByName } from '../api/resources';
import { AggregateError, DRY_RUN_FLAG, FILENAME_FLAGS, OUTPUT_FLAGS, dryRunStrategy, entryOf, fail, usageError, type CommandSpec, type ErrorEntry } from './command';
import { fetchRefs, MISSING_RESOURCE_ERROR, refsFromFilesOrArgs } from './builder';
import { checkOutputFormat, MUTATION_FORMATS, operationLine, printObjects } from './output';

/* eslint-disable @typescript-eslint/no-explicit-any */

const EXPOSABLE = new Set(['pods', 'services', 'replicationcontrollers', 'deployments', 'replicasets']);

/** upstream: MakeLabels: `k=v` pairs, sorted by key, joined by commas. */
function makeLabels(labels: Record<string, string>): string {
  return Object.keys(labels)
    .sort()
    .map((k) => `${k}=${labels[k]}`)
    .join(',');
}

/** upstream: parseLabels. */
function parseLabels(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of s.split(',')) {
    const kv = pair.split('=');
    if (kv.length !== 2) fail(`invalid label spec: ${pair}`);
    out[kv[0]] = kv[1];
  }
  return out;
}

function podSpecOf(r: string, o: KObject): any | undefined {
  return r === 'pods' ? o.spec : o.spec?.template?.spec;
}

/** upstream: MapBasedSelectorForObject. */
function selectorFor(r: string, o: KObject): string {
  if (r === 'pods') {
    const labels = o.metadata?.labels ?? {};
    if (Object.keys(labels).length === 0) throw new Error('the pod has no labels and cannot be exposed');
    return makeLabels(labels);
  }
  if (r === 'services') {
    const sel = o.spec?.selector ?? {};
    if (Object.keys(sel).length === 0) throw new Error('the service has no pod selector set');
    return makeLabels(sel);
  }
  if (r === 'replicationcontrollers') return makeLabels(o.spec?.selector ?? {});
  const sel = o.spec?.selector ?? {};
  if ((sel.matchExpressions ?? []).length > 0) throw new Error(`couldn't convert expressions - "${JSON.stringify(sel.matchExpressions)}" to map-based selector format`);
  return makeLabels(sel.matchLabels ?? {});
}

/** upstream: PortsForObject and ProtocolsForObject: container ports (or a Service's ports) and their protocols. */
function portsFor(r: string, o: KObject): { ports: string[]; protocols: Map<string, string[]> } {
  const ports: string[] = [];
  const protocols = new Map<string, string[]>();
  const add = (port: number, protocol: string | undefined) => {
    const p = String(port);
    if (!ports.includes(p)) ports.push(p);
    const list = protocols.get(p) ?? [];
    const proto = protocol ?? 'TCP';
    if (!list.includes(proto)) list.push(proto);
    protocols.set(p, list);
  };
  if (r === 'services') for (const p of o.spec?.ports ?? []) add(p.port, p.protocol);
  else for (const c of podSpecOf(r, o)?.containers ?? []) for (const p of c.ports ?? []) add(p.containerPort, p.protocol);
  return { ports, protocols };
}

export const exposeCommand: CommandSpec = {
  name: 'expose',
  long: 'Expose a resource as a new Kubernetes service.',
  short: 'Take a replication controller, service, deployment or pod and expose it as a new Kubernetes service',
  use: 'expose (-f FILENAME | TYPE NAME) [--port=port] [--protocol=TCP|UDP|SCTP] [--target-port=number-or-name] [--name=name] [--external-ip=external-ip-of-service] [--type=type]',
  flags: [
    ...FILENAME_FLAGS,
    ...OUTPUT_FLAGS,
    DRY_RUN_FLAG,
    { name: 'port', type: 'string' },
    { name: 'protocol', type: 'string' },
    { name: 'target-port', type: 'string' },
    { name: 'container-port', type: 'string' },
    { name: 'name', type: 'string' },
    { name: 'type', type: 'string' },
    { name: 'selector', type: 'string' },
    { name: 'labels', short: 'l', type: 'string' },
    { name: 'external-ip', type: 'string' },
    { name: 'cluster-ip', type: 'string' },
    { name: 'load-balancer-ip', type: 'string' },
    { name: 'session-affinity', type: 'string' },
    { name: 'override-type', type: 'string', def: 'merge' },
    { name: 'save-config', type: 'bool' },
    { name: 'field-manager', type: 'string', def: 'kubectl-expose' }
  ],
  async run(inv) {
    const { flags, out, ctx } = inv;
    const strategy = dryRunStrategy(flags);
    const format = flags.str('output');
    checkOutputFormat(format, MUTATION_FORMATS);
    const filenames = flags.list('filename');
    if (filenames.length === 0 && inv.args.length === 0) usageError(inv.path, MISSING_RESOURCE_ERROR.replace(/^error: /, ''));
    // upstream: ExposeServiceOptions.Validate
    const type = flags.str('type');
    if (type && !['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'].includes(type)) fail(`invalid service type: ${type}`);
    const sessionAffinity = flags.str('session-affinity');
    if (sessionAffinity && !['None', 'ClientIP'].includes(sessionAffinity)) fail(`unknown session affinity: ${sessionAffinity}`);
    const errors: ErrorEntry[] = [];
    const refs = await refsFromFilesOrArgs(inv, filenames, inv.args, errors, () => {});
    const fetched = await fetchRefs(inv, refs, {});
    errors.push(...fetched.errors);
    for (const { resource: r, object } of fetched.items) {
      try {
        if (!EXPOSABLE.has(r.name)) fail(`cannot expose a ${r.kind}${r.group ? '.' + r.group : ''}`);
        let selector = flags.str('selector');
        if (!selector) {
          try {
            selector = selectorFor(r.name, object);
          } catch (e) {
            usageError(inv.path, `couldn't retrieve selectors via --selector flag or introspection: ${(e as Error).message}`);
          }
        }
        const clusterIP = flags.str('cluster-ip');
        const { ports: objectPorts, protocols } = portsFor(r.name, object);
        let ports = flags.str('port') ? [flags.str('port')] : objectPorts;
        if (ports.length === 0 && clusterIP !== 'None') usageError(inv.path, "couldn't find port via --port flag or introspection");
        if (ports.length === 0) ports = [];
        const labels = flags.str('labels') || makeLabels(object.metadata?.labels ?? {});
        const name = flags.str('name') || String(object.metadata.name).slice(0, 63);
        const protocol = flags.str('protocol');
        const servicePorts: KObject[] = [];
        ports.forEach((p, i) => {
          const port = Number(p);
          if (!/^\d+$/.test(p)) fail(`strconv.Atoi: parsing ${JSON.stringify(p)}: invalid syntax`);
          const named = ports.length > 1 ? { name: `port-${i + 1}` } : {};
          const found = protocols.get(p);
          if (!protocol && found && found.length > 1) {
            for (const proto of found) servicePorts.push({ name: `port-${i + 1}-${proto.toLowerCase()}`, port, protocol: proto });
            return;
          }
          servicePorts.push({ ...named, port, protocol: protocol || (found?.length === 1 ? found[0] : 'TCP') });
        });
        const target = flags.str('target-port') || flags.str('container-port');
        for (const sp of servicePorts) sp.targetPort = target ? (/^\d+$/.test(target) ? Number(target) : target) : sp.port;
        const spec: KObject = { ports: servicePorts, selector: parseLabels(selector) };
        if (flags.str('external-ip')) spec.externalIPs = [flags.str('external-ip')];
        if (type) spec.type = type;
        if (type === 'LoadBalancer' && flags.str('load-balancer-ip')) spec.loadBalancerIP = flags.str('load-balancer-ip');
        if (sessionAffinity) spec.sessionAffinity = sessionAffinity;
        if (clusterIP) spec.clusterIP = clusterIP;
        const service: KObject = {
          apiVersion: 'v1',
          kind: 'Service',
          metadata: { creationTimestamp: null, ...(labels ? { labels: parseLabels(labels) } : {}), name, ...(strategy === 'client' && inv.explicitNamespace ? { namespace: inv.namespace } : {}) },
          spec,
          status: { loadBalancer: {} }
        };
        const svc = resourceByName('services');
        if (strategy === 'client') {
          out.out(!format || format === 'name' ? operationLine(svc, name, 'exposed', strategy, format) : printObjects(inv, [service], true));
          continue;
        }
        const res = await ctx.request({ verb: 'create', resource: 'services', namespace: object.metadata.namespace ?? inv.namespace, body: service, dryRun: strategy === 'server' || undefined });
        if (!res.ok) {
          errors.push({ status: res.status });
          continue;
        }
        out.out(!format || format === 'name' ? operationLine(svc, name, 'exposed', strategy, format) : printObjects(inv, [res.object], true));
      } catch (e) {
        errors.push(entryOf(e));
      }
    }
    if (errors.length > 0) throw new AggregateError(errors);
  }
};
