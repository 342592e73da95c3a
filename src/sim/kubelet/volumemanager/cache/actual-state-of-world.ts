/**
 * What is mounted on this node: each pod's mounted volumes, and the CSI volumes staged on the
 * node (a device mount shared by every pod using the volume).
 * upstream: pkg/kubelet/volumemanager/cache/actual_state_of_world.go
 */

export interface MountedVolume {
  name: string;
  /** A CSI volume: what NodePublishVolume was given. */
  csi?: {
    driver: string;
    volumeId: string;
    stagingTargetPath: string;
    targetPath: string;
  };
}

export class ActualStateOfWorld {
  /** pod UID -> volume name -> mounted volume */
  readonly mounted = new Map<string, Map<string, MountedVolume>>();
  /** CSI volume id -> staging path (NodeStageVolume done). */
  readonly staged = new Map<string, string>();

  isMounted(uid: string, volume: string): boolean {
    return this.mounted.get(uid)?.has(volume) ?? false;
  }

  markMounted(uid: string, v: MountedVolume): void {
    let m = this.mounted.get(uid);
    if (!m) this.mounted.set(uid, (m = new Map()));
    m.set(v.name, v);
  }

  markUnmounted(uid: string, volume: string): void {
    const m = this.mounted.get(uid);
    if (!m) return;
    m.delete(volume);
    if (m.size === 0) this.mounted.delete(uid);
  }

  volumesOf(uid: string): MountedVolume[] {
    return [...(this.mounted.get(uid)?.values() ?? [])];
  }

  /** Is the CSI volume published for any pod on the node? */
  inUse(volumeId: string): boolean {
    for (const m of this.mounted.values()) for (const v of m.values()) if (v.csi?.volumeId === volumeId) return true;
    return false;
  }
}
