/**
 * What `kubectl describe` reads besides the object, taken from the page's mirror instead of the API
 * server: the events about it, a node's pods, a ReplicaSet's (DaemonSet's, StatefulSet's) pods by
 * its selector, a Deployment's ReplicaSets by its selector, a Service's EndpointSlices. Pure; the
 * inspector loads it with the printers.
 * upstream: staging/src/k8s.io/kubectl/pkg/describe/describe.go (each describer's reads), as
 * src/sim/kubectl/describe.ts asks them of the API server.
 */
import type { KObject } from '../bridge/deltas';
import { selectorFromLabelSelector, type Selector } from '../../sim/api/labels';
import type { DescribeContext } from '../../sim/kubectl/printers/describe';
import { LABEL_SERVICE_NAME } from '../viz/services';

type Resources = ReadonlyMap<string, ReadonlyMap<string, KObject>>;

function selectorOf(object: KObject): Selector | undefined {
  try {
    return selectorFromLabelSelector(object.spec?.selector);
  } catch {
    return undefined;
  }
}

/** The objects of `resource` in the object's namespace that its selector matches. */
function selected(object: KObject, resources: Resources, resource: string): KObject[] {
  const selector = selectorOf(object);
  if (!selector) return [];
  const namespace = object.metadata?.namespace;
  return [...(resources.get(resource)?.values() ?? [])].filter((o) => o.metadata?.namespace === namespace && selector.matches(o.metadata?.labels ?? {}));
}

export function describeContextOf(object: KObject, ctx: { now: number; events: Iterable<KObject>; resources: Resources }): DescribeContext {
  const { name, namespace, uid } = object.metadata ?? {};
  // describe's Events section: the events about this object (as `kubectl describe` selects them);
  // the kubelet records a node's events with its name as UID.
  const events = [...ctx.events].filter((e) => e.involvedObject?.name === name && e.involvedObject?.kind === object.kind && (!e.involvedObject?.uid || e.involvedObject.uid === uid || object.kind === 'Node'));
  const out: DescribeContext = { now: ctx.now, events };
  switch (object.kind) {
    case 'Node':
      out.pods = [...(ctx.resources.get('pods')?.values() ?? [])].filter((p) => p.spec?.nodeName === name);
      break;
    case 'Deployment':
      out.replicaSets = selected(object, ctx.resources, 'replicasets');
      break;
    case 'ReplicaSet':
    case 'DaemonSet':
    case 'StatefulSet':
      out.pods = selected(object, ctx.resources, 'pods');
      break;
    case 'Service':
      out.endpointSlices = [...(ctx.resources.get('endpointslices')?.values() ?? [])].filter((s) => s.metadata?.namespace === namespace && s.metadata?.labels?.[LABEL_SERVICE_NAME] === name);
      break;
  }
  return out;
}
