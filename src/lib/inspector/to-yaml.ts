/**
 * The inspector's two views of an object, from the kubectl printers (one way to print):
 * `kubectl get -o yaml` and `kubectl describe`. The printers load on first use, so they stay out
 * of the first paint.
 */
import type { KObject } from '../bridge/deltas';

export async function toYaml(object: KObject): Promise<string> {
  const { toKubectlYaml } = await import('../../sim/kubectl/printers/yaml-json');
  // kubectl hides managedFields by default.
  const { managedFields: _managedFields, ...metadata } = object.metadata ?? {};
  return toKubectlYaml({ ...object, metadata });
}

export async function toDescribe(object: KObject, ctx: { now: number; events: KObject[]; pods: KObject[] }): Promise<string> {
  const { describe } = await import('../../sim/kubectl/printers/describe');
  const uid = object.metadata?.uid;
  // describe's Events section: the events about this object (as `kubectl describe` selects them).
  const events = ctx.events.filter((e) => e.involvedObject?.name === object.metadata?.name && e.involvedObject?.kind === object.kind && (!e.involvedObject?.uid || e.involvedObject.uid === uid || object.kind === 'Node'));
  const pods = object.kind === 'Node' ? ctx.pods.filter((p) => p.spec?.nodeName === object.metadata?.name) : undefined;
  return describe(object.kind, object, { now: ctx.now, events, pods }) ?? `kubectl describe does not know kind ${object.kind} here yet; see the YAML.`;
}
