/**
 * `kubectl describe TYPE [NAME_PREFIX | -l label] | TYPE/NAME`: fetches each object and what its
 * describer reads (events, a node's pods and lease, a deployment's replica sets, ...), then
 * prints through printers/describe.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/describe/describe.go (Run,
 * DescribeMatchingResources), staging/src/k8s.io/kubectl/pkg/describe/describe.go (the
 * describers' API reads, searchEvents), client-go events Search/GetFieldSelector.
 */
import type { KObject } from '../apiserver/store';
import type { ResourceInfo } from '../api/resources';
import { AggregateError, entryOf, epochNow, fail, type CommandSpec, type ErrorEntry, type Invocation } from './command';
import { fetchRefs, refsFromFilesOrArgs } from './builder';
import { describe, labelSelectorString, type DescribeContext } from './printers';

async function list(inv: Invocation, req: { resource: string; namespace?: string; labelSelector?: string; fieldSelector?: string }): Promise<KObject[]> {
  const res = await inv.ctx.request({ verb: 'list', ...req });
  return res.ok ? res.object.items : [];
}

/** client-go Events.Search: events whose involvedObject is this object. */
async function eventsFor(inv: Invocation, namespace: string | undefined, fields: [string, string][]): Promise<KObject[]> {
  return list(inv, { resource: 'events', namespace, fieldSelector: fields.map(([k, v]) => `involvedObject.${k}=${v}`).join(',') });
}

/** What the describer of this kind reads besides the object. */
async function describeContext(inv: Invocation, r: ResourceInfo, obj: KObject): Promise<DescribeContext> {
  const md = obj.metadata;
  const ns: string | undefined = md.namespace;
  const ctx: DescribeContext = { now: epochNow(inv.ctx), filterEvents: false, showEvents: inv.flags.bool('show-events') };
  if (!ctx.showEvents) return ctx;
  switch (r.kind) {
    case 'Node': {
      ctx.pods = await list(inv, { resource: 'pods', fieldSelector: `spec.nodeName=${md.name},status.phase!=Succeeded,status.phase!=Failed` });
      // The kubelet records node events with the node's name as UID; describe searches both.
      const byUID = await eventsFor(inv, undefined, [['uid', md.uid], ['name', md.name], ['namespace', ''], ['kind', 'Node']]);
      const byName = await eventsFor(inv, undefined, [['name', md.name], ['namespace', ''], ['kind', 'Node'], ['uid', md.name]]);
      const seen = new Set(byUID.map((e) => e.metadata.uid));
      ctx.events = [...byUID, ...byName.filter((e) => !seen.has(e.metadata.uid))];
      const lease = await inv.ctx.request({ verb: 'get', resource: 'leases', namespace: 'kube-node-lease', name: md.name });
      ctx.lease = lease.ok ? lease.object : undefined;
      return ctx;
    }
    case 'Pod':
      ctx.events = await eventsFor(inv, ns, [['name', md.name], ['namespace', ns ?? ''], ['uid', md.uid]]);
      return ctx;
    case 'Deployment':
      ctx.events = await eventsFor(inv, ns, [['name', md.name], ['namespace', ns ?? ''], ['kind', r.kind], ['uid', md.uid]]);
      ctx.replicaSets = await list(inv, { resource: 'replicasets', namespace: ns, labelSelector: labelSelectorString(obj.spec?.selector) ?? undefined });
      return ctx;
    case 'ReplicaSet':
    case 'DaemonSet':
    case 'StatefulSet':
      ctx.pods = await list(inv, { resource: 'pods', namespace: ns, labelSelector: labelSelectorString(obj.spec?.selector) ?? undefined });
      ctx.events = await eventsFor(inv, ns, [['name', md.name], ['namespace', ns ?? ''], ['kind', r.kind], ['uid', md.uid]]);
      return ctx;
    case 'Service':
      ctx.endpointSlices = await list(inv, { resource: 'endpointslices', namespace: ns, labelSelector: `kubernetes.io/service-name=${md.name}` });
      ctx.events = await eventsFor(inv, ns, [['name', md.name], ['namespace', ns ?? ''], ['kind', r.kind], ['uid', md.uid]]);
      return ctx;
    // upstream: the RBAC describers search no events
    case 'Role':
    case 'ClusterRole':
    case 'RoleBinding':
    case 'ClusterRoleBinding':
    // upstream: LimitRangeDescriber and ResourceQuotaDescriber search no events either
    case 'LimitRange':
    case 'ResourceQuota':
      return ctx;
    case 'Namespace':
      ctx.resourceQuotas = await list(inv, { resource: 'resourcequotas', namespace: md.name });
      ctx.limitRanges = await list(inv, { resource: 'limitranges', namespace: md.name });
      return ctx;
    default:
      ctx.events = await eventsFor(inv, ns, [['name', md.name], ['namespace', ns ?? ''], ['kind', r.kind], ['uid', md.uid]]);
      return ctx;
  }
}

async function describeOne(inv: Invocation, r: ResourceInfo, obj: KObject): Promise<string> {
  const text = describe(r.kind, obj, await describeContext(inv, r, obj));
  if (text === undefined) fail(`describe for ${r.name} is not available in this simulator; try "kubectl get ${r.name} ${obj.metadata.name} -o yaml"`);
  return text;
}

export const describeCommand: CommandSpec = {
  name: 'describe',
  long: 'Show details of a specific resource or group of resources.',
  short: 'Show details of a specific resource or group of resources',
  use: 'describe (-f FILENAME | TYPE [NAME_PREFIX | -l label] | TYPE/NAME)',
  flags: [
    { name: 'all-namespaces', short: 'A', type: 'bool' },
    { name: 'chunk-size', type: 'int', def: 500 },
    { name: 'filename', short: 'f', type: 'stringSlice' },
    { name: 'kustomize', short: 'k', type: 'string' },
    { name: 'recursive', short: 'R', type: 'bool' },
    { name: 'selector', short: 'l', type: 'string' },
    { name: 'show-events', type: 'bool', def: true }
  ],
  async run(inv) {
    const { flags, out } = inv;
    const filenames = flags.list('filename');
    const selector = flags.str('selector');
    const allNamespaces = flags.bool('all-namespaces');
    if (inv.args.length === 0 && filenames.length === 0) {
      fail('You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.');
    }
    const errors: ErrorEntry[] = [];
    const refs = await refsFromFilesOrArgs(inv, filenames, inv.args, errors, (named) => {
      if (named && selector) fail('name cannot be provided when a selector is specified');
    });
    const fetched = await fetchRefs(inv, refs, { labelSelector: selector, allNamespaces });
    // upstream: describe.go DescribeMatchingResources: with two arguments, a NotFound name is
    // taken as a prefix (`describe pods web` also finds web-xyz), each printed with a newline.
    const notFound = fetched.errors.find((e) => 'status' in e && e.status.reason === 'NotFound');
    if (notFound && inv.args.length === 2 && filenames.length === 0) {
      if (inv.args[0].includes('/')) throw new AggregateError([notFound]);
      const r = refs[0].resource;
      const all = await list(inv, { resource: r.name, namespace: r.namespaced ? inv.namespace : undefined });
      const matching = all.filter((o) => o.metadata.name.startsWith(inv.args[1]));
      if (matching.length === 0) throw new AggregateError([notFound]);
      for (const object of matching) out.out((await describeOne(inv, r, object)) + '\n');
      return;
    }
    const items = fetched.items;
    errors.push(...fetched.errors);
    const texts: string[] = [];
    for (const { resource, object } of items) {
      try {
        texts.push(await describeOne(inv, resource, object));
      } catch (e) {
        errors.push(entryOf(e));
      }
    }
    out.out(texts.join('\n\n'));
    if (items.length === 0 && errors.length === 0) {
      out.err(allNamespaces ? 'No resources found\n' : `No resources found in ${inv.namespace} namespace.\n`);
    }
    if (errors.length > 0) throw new AggregateError(errors);
  }
};
