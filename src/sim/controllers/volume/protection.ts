/**
 * The storage-object-in-use protection controllers: a PersistentVolumeClaim being deleted keeps
 * its `kubernetes.io/pvc-protection` finalizer (and stays Terminating) while a pod that is not
 * yet Succeeded or Failed uses it; a PersistentVolume keeps `kubernetes.io/pv-protection` while it
 * is Bound. When nothing uses them any more the finalizer goes and the deletion completes.
 * upstream: pkg/controller/volume/pvcprotection/pvc_protection_controller.go (processPVC,
 * isBeingUsed, podUsesPVC), pkg/controller/volume/pvprotection/pv_protection_controller.go
 * (processPV, isBeingUsed: Status.Phase == Bound).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Client } from '../../client/client';
import type { SharedInformer, SharedInformerFactory } from '../../client/informer';
import { coalesced, type SimClock } from '../../kernel/clock';
import { PVCProtectionFinalizer, PVProtectionFinalizer } from '../../api/defaults/admission';

export const PVC_PROTECTION_CONTROLLER = 'pvc-protection-controller';
export const PV_PROTECTION_CONTROLLER = 'pv-protection-controller';

/** upstream: podUsesPVC: a volume naming the claim (ephemeral volumes name `<pod>-<volume>`). */
export function podUsesPVC(pod: any, claimName: string): boolean {
  for (const v of pod.spec?.volumes ?? []) {
    if (v.persistentVolumeClaim?.claimName === claimName) return true;
    if (v.ephemeral && `${pod.metadata.name}-${v.name}` === claimName) return true;
  }
  return false;
}

/** A pod that has finished (Succeeded/Failed) no longer holds its claims. upstream: isBeingUsed skips terminated pods. */
function podHoldsVolumes(pod: any): boolean {
  return pod.status?.phase !== 'Succeeded' && pod.status?.phase !== 'Failed';
}

export class StorageProtectionController {
  readonly #pvcs: SharedInformer;
  readonly #pvs: SharedInformer;
  readonly #pods: SharedInformer;
  /** Objects whose finalizer removal is in flight. */
  readonly #busy = new Set<string>();
  /** One sync pass at the current instant, however many events ask for it. */
  readonly #schedule: () => void;

  constructor(
    readonly pvcClient: Client,
    readonly pvClient: Client,
    factory: SharedInformerFactory,
    readonly clock: SimClock
  ) {
    this.#schedule = coalesced(clock, () => this.sync());
    this.#pvcs = factory.informer('persistentvolumeclaims');
    this.#pvs = factory.informer('persistentvolumes');
    this.#pods = factory.informer('pods');
    const handler = { add: () => this.#schedule(), update: () => this.#schedule(), delete: () => this.#schedule() };
    for (const inf of [this.#pvcs, this.#pvs, this.#pods]) inf.addEventHandler(handler);
  }

  sync(): void {
    for (const pvc of this.#pvcs.list()) {
      if (!pvc.metadata.deletionTimestamp || !(pvc.metadata.finalizers ?? []).includes(PVCProtectionFinalizer)) continue;
      const inUse = this.#pods.list().some((p) => p.metadata.namespace === pvc.metadata.namespace && podHoldsVolumes(p) && podUsesPVC(p, pvc.metadata.name));
      if (!inUse) this.#removeFinalizer(this.pvcClient, 'persistentvolumeclaims', pvc, PVCProtectionFinalizer);
    }
    for (const pv of this.#pvs.list()) {
      if (!pv.metadata.deletionTimestamp || !(pv.metadata.finalizers ?? []).includes(PVProtectionFinalizer)) continue;
      if (pv.status?.phase !== 'Bound') this.#removeFinalizer(this.pvClient, 'persistentvolumes', pv, PVProtectionFinalizer);
    }
  }

  #removeFinalizer(client: Client, resource: string, obj: any, finalizer: string): void {
    const key = `${resource}/${obj.metadata.namespace ?? ''}/${obj.metadata.name}`;
    if (this.#busy.has(key)) return;
    this.#busy.add(key);
    const finalizers = (obj.metadata.finalizers as string[]).filter((f) => f !== finalizer);
    client.update(resource, { ...obj, metadata: { ...obj.metadata, finalizers } }, (err) => {
      this.#busy.delete(key);
      if (err) this.clock.after(100, () => this.#schedule());
    });
  }
}
