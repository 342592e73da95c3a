/**
 * Adds a pod's volumes to the desired state of world. Every volume but a PVC is taken as it is;
 * a PVC is looked up and must be Bound to a PersistentVolume (then the PV is the volume to mount),
 * else the pod gets an error and the volume is left out ("failed to process volumes").
 * upstream: pkg/kubelet/volumemanager/populator/desired_state_of_world_populator.go
 * (processPodVolumes, createVolumeSpec, getPVCExtractPV, getPVSpec)
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Client } from '../../../client/client';
import { volumeKind, type DesiredStateOfWorld } from '../cache/desired-state-of-world';

export class DesiredStateOfWorldPopulator {
  constructor(
    readonly dsw: DesiredStateOfWorld,
    readonly client: Client
  ) {}

  /** Processes the pod's volumes; `done` runs once all are added or failed (at once when no PVC needs a lookup). */
  processPodVolumes(pod: any, done: () => void): void {
    const uid = pod.metadata.uid as string;
    const entry = this.dsw.addPod(pod);
    let pending = 1;
    const finish = () => {
      if (--pending === 0) done();
    };
    for (const v of pod.spec?.volumes ?? []) {
      if (entry.volumes.has(v.name)) continue;
      const kind = volumeKind(v);
      if (kind !== 'persistentVolumeClaim') {
        this.dsw.addVolume(uid, { name: v.name, kind, source: v[kind] ?? v });
        continue;
      }
      pending++;
      this.#pvcToPV(pod.metadata.namespace, v.persistentVolumeClaim.claimName, (err, pv) => {
        if (err) this.dsw.addError(uid, v.name, err);
        else
          this.dsw.addVolume(uid, {
            name: v.name,
            kind,
            source: v.persistentVolumeClaim,
            pv
          });
        finish();
      });
    }
    finish();
  }

  /** upstream: getPVCExtractPV + getPVSpec. */
  #pvcToPV(namespace: string, claim: string, cb: (err: string | undefined, pv?: any) => void): void {
    const prefix = `error processing PVC ${namespace}/${claim}`;
    this.client.get('persistentvolumeclaims', namespace, claim, (err, pvc) => {
      if (err || !pvc) return cb(`${prefix}: failed to fetch PVC from API server: ${err?.message ?? 'not found'}`);
      if (pvc.metadata.deletionTimestamp) return cb(`${prefix}: can't start pod because PVC ${namespace}/${claim} is being deleted`);
      const volumeName = pvc.spec?.volumeName ?? '';
      const phase = pvc.status?.phase ?? '';
      if (phase !== 'Bound' || !volumeName) return cb(`${prefix}: PVC ${namespace}/${claim} has non-bound phase ("${phase}") or empty pvc.Spec.VolumeName ("${volumeName}")`);
      this.client.get('persistentvolumes', undefined, volumeName, (pvErr, pv) => {
        if (pvErr || !pv) return cb(`${prefix}: failed to fetch PV ${volumeName} from API server: ${pvErr?.message ?? 'not found'}`);
        const ref = pv.spec?.claimRef;
        if (!ref || ref.namespace !== namespace || ref.name !== claim || (ref.uid && ref.uid !== pvc.metadata.uid)) {
          return cb(`${prefix}: found PV object ${volumeName} but it has a ClaimRef that is not bound to this PVC`);
        }
        cb(undefined, pv);
      });
    });
  }
}
