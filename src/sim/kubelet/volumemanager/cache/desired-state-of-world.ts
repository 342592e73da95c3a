/**
 * The volumes the pods on this node should have mounted: pod UID -> its volumes, each with the
 * spec the reconciler mounts (for a PVC, the bound PersistentVolume), plus the errors met while
 * processing the pod's volumes (a PVC missing or not bound), popped by WaitForAttachAndMount.
 * upstream: pkg/kubelet/volumemanager/cache/desired_state_of_world.go
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

export type VolumeKind = 'emptyDir' | 'hostPath' | 'configMap' | 'secret' | 'projected' | 'downwardAPI' | 'persistentVolumeClaim' | 'other';

export interface VolumeToMount {
  /** The pod's name for the volume (OuterVolumeSpecName). */
  name: string;
  kind: VolumeKind;
  /** The pod's volume source (`spec.volumes[].<kind>`). */
  source: any;
  /** For a PVC: the PersistentVolume it is bound to. */
  pv?: any;
}

export interface PodToMount {
  pod: any;
  volumes: Map<string, VolumeToMount>;
  /** Volumes that could not be processed (not added), with why. */
  failed: Map<string, string>;
  errors: string[];
}

export function volumeKind(v: any): VolumeKind {
  for (const k of ['emptyDir', 'hostPath', 'configMap', 'secret', 'projected', 'downwardAPI', 'persistentVolumeClaim'] as const) if (v[k]) return k;
  return 'other';
}

export class DesiredStateOfWorld {
  readonly pods = new Map<string, PodToMount>();

  addPod(pod: any): PodToMount {
    const uid = pod.metadata.uid as string;
    let p = this.pods.get(uid);
    if (!p) {
      p = { pod, volumes: new Map(), failed: new Map(), errors: [] };
      this.pods.set(uid, p);
    }
    p.pod = pod;
    return p;
  }

  addVolume(uid: string, v: VolumeToMount): void {
    const p = this.pods.get(uid);
    if (!p) return;
    p.volumes.set(v.name, v);
    p.failed.delete(v.name);
  }

  addError(uid: string, volume: string, error: string): void {
    const p = this.pods.get(uid);
    if (!p) return;
    p.failed.set(volume, error);
    p.errors.push(error);
  }

  popPodErrors(uid: string): string[] {
    const p = this.pods.get(uid);
    if (!p) return [];
    const errs = p.errors;
    p.errors = [];
    return errs;
  }

  deletePod(uid: string): void {
    this.pods.delete(uid);
  }
}
