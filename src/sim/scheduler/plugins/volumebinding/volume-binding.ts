/**
 * VolumeBinding: a pod's PersistentVolumeClaims must be satisfiable on the node.
 * PreFilter: no claims -> Skip; a missing or deleting claim, or an unbound claim of an Immediate
 * class, rejects the pod everywhere. Filter: a bound claim's PV must allow the node (its
 * nodeAffinity); an unbound claim of a WaitForFirstConsumer class needs an Available PV that fits
 * (class, access modes, capacity, nodeAffinity; the smallest wins) or a class that provisions
 * dynamically. Reserve assumes the chosen PVs (so the next pod does not take them); PreBind writes
 * the decisions: the PV's claimRef for a static match, the claim's
 * volume.kubernetes.io/selected-node annotation for provisioning (the PV controller and the
 * provisioner finish the binding).
 * PreBind then waits until every claim is Bound (at most VolumeBindingArgs' bindTimeoutSeconds)
 * before the pod is bound. No Score (the VolumeCapacityPriority gate is off in v1.32).
 * upstream: pkg/scheduler/framework/plugins/volumebinding/volume_binding.go, binder.go
 * (FindPodVolumes, findMatchingVolumes, checkVolumeProvisions, AssumePodVolumes, BindPodVolumes),
 * pkg/controller/volume/persistentvolume/util/util.go FindMatchingVolume
 */
import type { Node, PersistentVolume, PersistentVolumeClaim, Pod } from 'kubernetes-types/core/v1';
import type { FilterPlugin, Handle, PreBindPlugin, PreFilterPlugin, ReservePlugin } from '../../framework/interfaces';
import { Code, Status, SuccessStatus, type CycleState, type NodeInfo } from '../../framework/types';
import { parseQuantity } from '../../../api/quantity';
import { matchTerm } from '../nodeaffinity/node-affinity';
import { podClaimNames } from '../helper/pod-volumes';

export const VolumeBindingName = 'VolumeBinding';
export const ErrReasonBindConflict = "node(s) didn't find available persistent volumes to bind";
export const ErrReasonNodeConflict = 'node(s) had volume node affinity conflict';
export const ErrReasonPVNotExist = 'node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)';
export const ErrReasonUnboundImmediatePVC = 'pod has unbound immediate PersistentVolumeClaims';
export const AnnSelectedNode = 'volume.kubernetes.io/selected-node';
// upstream: storagehelpers.NotSupportedProvisioner
const NotSupportedProvisioner = 'kubernetes.io/no-provisioner';

/** Whether a PV's nodeAffinity allows the node (none = anywhere). upstream: volumeutil.CheckNodeAffinity */
export function pvAllowsNode(pv: PersistentVolume, node: Node): boolean {
  const terms = pv.spec?.nodeAffinity?.required?.nodeSelectorTerms;
  if (!terms) return true;
  return terms.some((t) => matchTerm(t, node));
}

const claimKey = (pvc: PersistentVolumeClaim) => `${pvc.metadata?.namespace}/${pvc.metadata?.name}`;

interface PreFilterState {
  bound: PersistentVolumeClaim[];
  /** Unbound claims of WaitForFirstConsumer classes. */
  delayed: PersistentVolumeClaim[];
  /** Per node: the PV chosen for each delayed claim (undefined: to be provisioned). */
  decisions: Map<string, Map<string, string | undefined>>;
}

const PREFILTER_KEY = 'PreFilter' + VolumeBindingName;

/** `bindTimeoutSeconds`: VolumeBindingArgs (default 600). */
export function newVolumeBinding(handle: Pick<Handle, 'storage' | 'patch' | 'waitForStorage'>, bindTimeoutSeconds = 600) {
  /** PV name -> claim key, for PVs chosen by a pod not bound yet. upstream: the assume cache */
  const assumed = new Map<string, string>();

  /** upstream: FindMatchingVolume: the smallest fitting, Available (or pre-bound) PV of the class. */
  const findMatchingVolume = (pvc: PersistentVolumeClaim, node: Node, taken: Set<string>): PersistentVolume | undefined => {
    const want = pvc.spec?.resources?.requests?.storage;
    const cls = pvc.spec?.storageClassName ?? '';
    const modes = pvc.spec?.accessModes ?? [];
    let best: PersistentVolume | undefined;
    for (const pv of handle.storage?.pvs() ?? []) {
      const name = pv.metadata!.name!;
      if (pv.metadata?.deletionTimestamp || taken.has(name)) continue;
      const ref = pv.spec?.claimRef;
      const held = assumed.get(name);
      if (held && held !== claimKey(pvc)) continue;
      if (ref && !(ref.namespace === pvc.metadata?.namespace && ref.name === pvc.metadata?.name)) continue;
      if (!ref && pv.status?.phase && pv.status.phase !== 'Available') continue;
      if ((pv.spec?.storageClassName ?? '') !== cls) continue;
      if ((pv.spec?.volumeMode ?? 'Filesystem') !== (pvc.spec?.volumeMode ?? 'Filesystem')) continue;
      if (!modes.every((m) => (pv.spec?.accessModes ?? []).includes(m))) continue;
      const cap = pv.spec?.capacity?.storage;
      if (!cap || (want && parseQuantity(String(cap)).cmp(parseQuantity(String(want))) < 0)) continue;
      if (!pvAllowsNode(pv, node)) continue;
      if (ref) return pv;
      if (!best || parseQuantity(String(cap)).cmp(parseQuantity(String(best.spec!.capacity!.storage))) < 0) best = pv;
    }
    return best;
  };

  return {
    name: VolumeBindingName,
    preFilter(state: CycleState, pod: Pod) {
      const names = podClaimNames(pod);
      if (names.length === 0) return { status: new Status(Code.Skip) };
      const ns = pod.metadata?.namespace ?? 'default';
      const s: PreFilterState = { bound: [], delayed: [], decisions: new Map() };
      let immediate = false;
      for (const name of names) {
        const pvc = handle.storage?.pvc(ns, name);
        if (!pvc) return { status: new Status(Code.UnschedulableAndUnresolvable, `persistentvolumeclaim "${name}" not found`) };
        if (pvc.metadata?.deletionTimestamp) return { status: new Status(Code.UnschedulableAndUnresolvable, `persistentvolumeclaim "${name}" is being deleted`) };
        if (pvc.spec?.volumeName) s.bound.push(pvc);
        else if (handle.storage?.storageClass(pvc.spec?.storageClassName ?? '')?.volumeBindingMode === 'WaitForFirstConsumer') s.delayed.push(pvc);
        else immediate = true;
      }
      if (immediate) return { status: new Status(Code.UnschedulableAndUnresolvable, ErrReasonUnboundImmediatePVC) };
      state.write(PREFILTER_KEY, s);
      return { status: SuccessStatus };
    },
    /** This plugin's own loop over the candidate nodes, so the call inside is monomorphic (see FilterPlugin.filterNodes). */
    filterNodes(state: CycleState, pod: Pod, nodes: NodeInfo[], cand: Int32Array, count: number, rejected: (Status | undefined)[]): number {
      let kept = 0;
      for (let c = 0; c < count; c++) {
        const k = cand[c];
        const s = this.filter(state, pod, nodes[k]);
        if (s.code !== Code.Success) rejected[k] = s.withPlugin(this.name);
        else cand[kept++] = k;
      }
      return kept;
    },
    filter(state: CycleState, _pod: Pod, nodeInfo: NodeInfo): Status {
      const s = state.read<PreFilterState>(PREFILTER_KEY);
      const node = nodeInfo.node;
      if (!s || !node) return SuccessStatus;
      const reasons: string[] = [];
      for (const pvc of s.bound) {
        const pv = handle.storage?.pv(pvc.spec!.volumeName!);
        if (!pv) return new Status(Code.UnschedulableAndUnresolvable, ErrReasonPVNotExist);
        if (!pvAllowsNode(pv, node)) {
          reasons.push(ErrReasonNodeConflict);
          break;
        }
      }
      const decisions = new Map<string, string | undefined>();
      const taken = new Set<string>();
      let bindConflict = false;
      for (const pvc of s.delayed) {
        const pv = findMatchingVolume(pvc, node, taken);
        if (pv) {
          taken.add(pv.metadata!.name!);
          decisions.set(claimKey(pvc), pv.metadata!.name!);
          continue;
        }
        // upstream: checkVolumeProvisions: a class that provisions dynamically will do.
        const sc = handle.storage?.storageClass(pvc.spec?.storageClassName ?? '');
        if (!sc || sc.provisioner === NotSupportedProvisioner) bindConflict = true;
        else decisions.set(claimKey(pvc), undefined);
      }
      if (bindConflict) reasons.push(ErrReasonBindConflict);
      if (reasons.length) return new Status(Code.UnschedulableAndUnresolvable, ...reasons);
      s.decisions.set(nodeInfo.name, decisions);
      return SuccessStatus;
    },
    reserve(state: CycleState, _pod: Pod, nodeName: string): Status {
      const s = state.read<PreFilterState>(PREFILTER_KEY);
      for (const [claim, pv] of s?.decisions.get(nodeName) ?? []) if (pv) assumed.set(pv, claim);
      return SuccessStatus;
    },
    unreserve(state: CycleState, _pod: Pod, nodeName: string): void {
      const s = state.read<PreFilterState>(PREFILTER_KEY);
      for (const [, pv] of s?.decisions.get(nodeName) ?? []) if (pv) assumed.delete(pv);
    },
    preBind(state: CycleState, _pod: Pod, nodeName: string, done: (s: Status) => void): void {
      const s = state.read<PreFilterState>(PREFILTER_KEY);
      const decisions = s?.decisions.get(nodeName) ?? new Map<string, string | undefined>();
      for (const [claim, pv] of decisions) {
        const [namespace, name] = claim.split('/');
        if (pv) {
          // upstream: BindPodVolumes: pre-bind the PV to the claim; the PV controller completes it.
          const uid = handle.storage?.pvc(namespace, name)?.metadata?.uid;
          handle.patch?.('persistentvolumes', undefined, pv, { spec: { claimRef: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace, name, ...(uid ? { uid } : {}) } } });
        } else {
          handle.patch?.('persistentvolumeclaims', namespace, name, { metadata: { annotations: { [AnnSelectedNode]: nodeName } } });
        }
      }
      if (decisions.size === 0 || !handle.waitForStorage) return done(SuccessStatus);
      // upstream: BindPodVolumes waits for the PV controller (and the provisioner) to bind the claims.
      const bound = () =>
        [...decisions.keys()].every((claim) => {
          const [namespace, name] = claim.split('/');
          const pvc = handle.storage?.pvc(namespace, name);
          return !!pvc?.spec?.volumeName && pvc.status?.phase === 'Bound';
        });
      handle.waitForStorage(bound, bindTimeoutSeconds * 1000, (ok) => done(ok ? SuccessStatus : new Status(Code.Error, 'binding volumes: context deadline exceeded')));
    }
  } satisfies PreFilterPlugin & FilterPlugin & ReservePlugin & PreBindPlugin;
}
