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

/** `kubectl describe` of the object; what it reads besides (events, pods, ReplicaSets, EndpointSlices) comes from the page's mirror. */
export async function toDescribe(object: KObject, ctx: { now: number; events: Iterable<KObject>; resources: ReadonlyMap<string, ReadonlyMap<string, KObject>> }): Promise<string> {
  const [{ describe }, { describeContextOf }] = await Promise.all([import('../../sim/kubectl/printers/describe'), import('./describe-context')]);
  return describe(object.kind, object, describeContextOf(object, ctx)) ?? `kubectl describe does not know kind ${object.kind} here yet; see the YAML.`;
}
