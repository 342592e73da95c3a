/**
 * Claiming pods: a controller owns the pods its ownerReference (controller: true) points to. It
 * adopts orphans its selector matches and releases owned pods whose labels no longer match.
 * upstream: pkg/controller/controller_ref_manager.go (BaseControllerRefManager.ClaimObject,
 * PodControllerRefManager.ClaimPods / AdoptPod / ReleasePod, RecheckDeletionTimestamp)
 */
import type { KObject } from '../../apiserver/store';
import type { Status } from '../../api/errors';
import type { Selector } from '../../api/labels';

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** upstream: metav1.GetControllerOf. */
export function getControllerOf(obj: KObject): OwnerReference | undefined {
  const refs = obj.metadata.ownerReferences as OwnerReference[] | undefined;
  if (!refs) return undefined;
  for (let i = 0; i < refs.length; i++) if (refs[i].controller === true) return refs[i];
  return undefined;
}

/** upstream: metav1.NewControllerRef. */
export function newControllerRef(owner: KObject, apiVersion: string, kind: string): OwnerReference {
  return { apiVersion, kind, name: owner.metadata.name, uid: owner.metadata.uid, controller: true, blockOwnerDeletion: true };
}

/** What claiming one pod needs to do, decided without side effects (upstream ClaimObject's branches). */
export type ClaimDecision = 'claimed' | 'ignore' | 'adopt' | 'release';

/** upstream: BaseControllerRefManager.ClaimObject, as a pure decision. */
export function claimDecision(controller: KObject, selector: Selector, pod: KObject): ClaimDecision {
  const ref = getControllerOf(pod);
  const match = selector.matches(pod.metadata.labels);
  if (ref) {
    // Owned by someone else.
    if (ref.uid !== controller.metadata.uid) return 'ignore';
    if (match) return 'claimed';
    // Ours but no longer selected: release it, unless we are being deleted.
    return controller.metadata.deletionTimestamp ? 'ignore' : 'release';
  }
  // An orphan: adopt it if it matches, unless either side is being deleted.
  if (controller.metadata.deletionTimestamp || !match) return 'ignore';
  if (pod.metadata.deletionTimestamp) return 'ignore';
  if (controller.metadata.namespace && controller.metadata.namespace !== pod.metadata.namespace) return 'ignore';
  return 'adopt';
}

export interface PodControl {
  /** Patches a pod (strategic merge). */
  patchPod(namespace: string, name: string, patch: KObject, cb: (err: Status | undefined) => void): void;
}

/**
 * upstream: PodControllerRefManager.ClaimPods: the pods this controller owns after adopting and
 * releasing, one pod at a time. Adoption first checks once, with a fresh read, that the controller
 * is not being deleted (`canAdopt`; upstream RecheckDeletionTimestamp). Errors other than
 * NotFound are collected; the pods claimed so far are still returned.
 */
export function claimPods(
  controller: KObject,
  controllerRef: OwnerReference,
  selector: Selector,
  pods: readonly KObject[],
  podControl: PodControl,
  canAdopt: (cb: (err: string | undefined) => void) => void,
  done: (claimed: KObject[], errors: string[]) => void
): void {
  const claimed: KObject[] = [];
  const errors: string[] = [];
  let adoptionChecked: string | undefined | null = null;
  const checkAdopt = (cb: (err: string | undefined) => void): void => {
    if (adoptionChecked !== null) return cb(adoptionChecked);
    canAdopt((err) => cb((adoptionChecked = err)));
  };
  // A loop, not a recursion per pod: claiming thousands of already-owned pods must not grow the
  // stack. Only a patch or the adoption check (asynchronous) leaves the loop; its callback resumes it.
  const next = (from: number): void => {
    for (let i = from; i < pods.length; i++) {
      const pod = pods[i];
      const md = pod.metadata;
      const result = (ok: boolean) => (err: Status | undefined) => {
        if (!err && ok) claimed.push(pod);
        // A pod that is gone is neither claimed nor an error.
        else if (err && err.code !== 404) errors.push(err.message);
        next(i + 1);
      };
      switch (claimDecision(controller, selector, pod)) {
        case 'claimed':
          claimed.push(pod);
          continue;
        case 'ignore':
          continue;
        case 'release':
          // upstream: ReleasePod: {"metadata":{"ownerReferences":[{"$patch":"delete","uid":...}],"uid":...}}
          return podControl.patchPod(md.namespace, md.name, { metadata: { ownerReferences: [{ $patch: 'delete', uid: controller.metadata.uid }], uid: md.uid } }, result(false));
        case 'adopt':
          return checkAdopt((err) => {
            if (err) {
              errors.push(`can't adopt Pod ${md.namespace}/${md.name} (${md.uid}): ${err}`);
              return next(i + 1);
            }
            // upstream: AdoptPod: {"metadata":{"ownerReferences":[<controllerRef>],"uid":...}}
            podControl.patchPod(md.namespace, md.name, { metadata: { ownerReferences: [controllerRef], uid: md.uid } }, result(true));
          });
      }
    }
    done(claimed, errors);
  };
  next(0);
}
