/**
 * What a StatefulSet's or DaemonSet's ControllerRevision holds: a strategic merge patch that puts
 * the set's pod template back, `{"spec":{"template":{...,"$patch":"replace"}}}`. The controllers
 * write it, kubectl's rollout history reads it and rollout undo sends it as the patch.
 * upstream: pkg/controller/statefulset/stateful_set_utils.go getPatch, pkg/controller/daemon/update.go
 * getPatch, staging/src/k8s.io/kubectl/pkg/polymorphichelpers/rollback.go getDaemonSetPatch /
 * getStatefulSetPatch, history.go applyDaemonSetHistory / applyStatefulSetHistory.
 */
import { canonicalJSON, cloneJSON } from './canonical';

type Obj = Record<string, any>;

/**
 * The set's template as a patch replacing spec.template. Keys are sorted, as Go's json.Marshal of
 * a map writes them, so two patches of the same template are the same bytes.
 */
export function templatePatch(set: Obj): Obj {
  return JSON.parse(canonicalJSON({ spec: { template: { ...cloneJSON(set.spec?.template ?? {}), $patch: 'replace' } } }));
}

/** The pod template a revision holds (the template of the set with the revision applied). */
export function revisionTemplate(revision: Obj): Obj {
  const template: Obj = cloneJSON(revision.data?.spec?.template ?? {});
  delete template.$patch;
  return template;
}

/** upstream: daemonSetMatch / statefulsetMatch (and the daemon controller's Match): the revision holds the set's template. */
export function templateMatches(set: Obj, revision: Obj): boolean {
  return canonicalJSON(templatePatch(set)) === canonicalJSON(revision.data ?? null);
}
