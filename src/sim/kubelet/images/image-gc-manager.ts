/**
 * Image garbage collection, every ImageGCPeriod (5 min): when the image filesystem's usage reaches
 * imageGCHighThresholdPercent (85), unused images are removed, least recently used first and none
 * younger than imageMinimumGCAge (2m) or pinned (the pause image), until usage is back at
 * imageGCLowThresholdPercent (80). If not enough can be freed: a Warning FreeDiskSpaceFailed on
 * the Node, and from the second failure in a row ImageGCFailed. The image filesystem is the
 * node's root disk (kubeadm's layout, 100Gi by default) as the node's OS accounts it: the system,
 * the images (their catalog sizes) and whatever `sim node pressure disk` wrote. Deciding is pure (imagesToFree); the manager peeks at the runtime and calls
 * RemoveImage only when something is due (traced as `gc.image`).
 * upstream: pkg/kubelet/images/image_gc_manager.go (GarbageCollect, detectImages, freeSpace,
 * freeOldImages), pkg/kubelet/kubelet.go StartGarbageCollection (ImageGCPeriod, ImageGCFailed)
 */
import type { SimClock, TimerId } from '../../kernel/clock';
import type { ContainerRuntime } from '../../node/cri/runtime';

/** upstream: kubelet.go ImageGCPeriod */
export const IMAGE_GC_PERIOD_MS = 5 * 60_000;

export interface ImageGCPolicy {
  highThresholdPercent: number;
  lowThresholdPercent: number;
  minAgeMs: number;
}

export interface ImageRecord {
  id: string;
  size: number;
  pinned: boolean;
  firstDetected: number;
  /** When a container last used it (-Infinity: never seen in use). */
  lastUsed: number;
}

/** upstream: GarbageCollect: usagePercent = 100 - available*100/capacity (integer division). */
export function usagePercent(capacity: number, available: number): number {
  return 100 - Math.floor((available * 100) / capacity);
}

/** upstream: GarbageCollect: amountToFree = capacity*(100-low)/100 - available */
export function amountToFree(capacity: number, available: number, lowThresholdPercent: number): number {
  return Math.floor((capacity * (100 - lowThresholdPercent)) / 100) - available;
}

/**
 * The images to remove to free `bytes`, oldest last use first. upstream: freeSpace (sorted by
 * lastUsed, then firstDetected; skips in-use, pinned and too young images).
 */
export function imagesToFree(records: ImageRecord[], inUse: Set<string>, bytes: number, now: number, minAgeMs: number): { remove: ImageRecord[]; freed: number } {
  const candidates = records
    .filter((r) => !inUse.has(r.id) && !r.pinned && now - r.firstDetected >= minAgeMs)
    .sort((a, b) => a.lastUsed - b.lastUsed || a.firstDetected - b.firstDetected || (a.id < b.id ? -1 : 1));
  const remove: ImageRecord[] = [];
  let freed = 0;
  for (const r of candidates) {
    if (freed >= bytes) break;
    remove.push(r);
    freed += r.size;
  }
  return { remove, freed };
}

export interface ImageGCDeps {
  clock: SimClock;
  runtime: ContainerRuntime;
  /** The image filesystem's capacity in bytes (the node's disk), when no imageFs stats are given. */
  capacity: number;
  /** The image filesystem's stats (the node's root disk: the system, the images, anything else written). upstream: statsProvider.ImageFsStats */
  imageFs?: () => { capacityBytes: number; availableBytes: number };
  policy: ImageGCPolicy;
  /** A Warning event on the Node. */
  nodeEvent: (reason: string, message: string) => void;
  log: (severity: 'I' | 'E', source: string, msg: string, kv?: Record<string, unknown>) => void;
  trace: (extra: Record<string, unknown>) => void;
}

export class ImageGCManager {
  readonly records = new Map<string, ImageRecord>();
  #timer?: TimerId;
  #prevFailed = false;

  constructor(readonly deps: ImageGCDeps) {}

  /** upstream: realImageGCManager.Start: the images are detected at once (their age counts from here), then GC every period. */
  start(): void {
    this.detectImages(this.deps.clock.now());
    const loop = () => {
      this.garbageCollect();
      this.#timer = this.deps.clock.after(IMAGE_GC_PERIOD_MS, loop);
    };
    this.#timer = this.deps.clock.after(IMAGE_GC_PERIOD_MS, loop);
  }

  stop(): void {
    this.deps.clock.cancel(this.#timer);
    this.#timer = undefined;
  }

  /** upstream: detectImages: new images get firstDetected now; images some container uses get lastUsed now. */
  detectImages(now: number): Set<string> {
    const { runtime } = this.deps;
    // A container names its image by ID or repo digest: resolve both to the image ID.
    const inUse = new Set<string>();
    for (const c of runtime.inventory().containers) {
      for (const ref of [c.image, c.imageRef]) {
        const id = runtime.images.get(ref)?.id;
        if (id) inUse.add(id);
      }
    }
    const present = new Set<string>();
    for (const img of runtime.images.list()) {
      present.add(img.id);
      let r = this.records.get(img.id);
      if (!r) {
        r = { id: img.id, size: img.size, pinned: img.pinned || img.repoTags.includes(runtime.pauseImage), firstDetected: now, lastUsed: -Infinity };
        this.records.set(img.id, r);
      }
      if (inUse.has(img.id)) r.lastUsed = now;
    }
    for (const id of [...this.records.keys()]) if (!present.has(id)) this.records.delete(id);
    return inUse;
  }

  /**
   * Removes every unused image old enough (imageMinimumGCAge), whatever the disk usage; `done`
   * once the runtime has removed them, with the bytes freed. The eviction manager calls it to
   * reclaim disk before evicting a pod. upstream: image_gc_manager.go DeleteUnusedImages
   * (freeSpace with math.MaxInt64 bytes to free)
   */
  deleteUnusedImages(done: (freed: { images: number; bytes: number }) => void): void {
    const { clock, runtime, policy } = this.deps;
    const now = clock.now();
    this.deps.log('I', 'image_gc_manager.go:321', 'Attempting to delete unused images');
    const inUse = this.detectImages(now);
    const { remove, freed } = imagesToFree([...this.records.values()], inUse, Infinity, now, policy.minAgeMs);
    if (remove.length === 0) return done({ images: 0, bytes: 0 });
    let left = remove.length;
    for (const r of remove) {
      this.deps.log('I', 'image_gc_manager.go:487', 'Removing image to free bytes', { imageID: r.id, size: r.size, runtimeHandler: '' });
      this.records.delete(r.id);
      runtime.RemoveImage(r.id, () => (--left === 0 ? done({ images: remove.length, bytes: freed }) : undefined));
    }
  }

  /** One pass. upstream: realImageGCManager.GarbageCollect + kubelet.go's ImageGCFailed handling */
  garbageCollect(): void {
    const { clock, runtime, capacity, policy } = this.deps;
    const now = clock.now();
    const inUse = this.detectImages(now);
    const fs = this.deps.imageFs?.() ?? { capacityBytes: capacity, availableBytes: Math.max(0, capacity - [...this.records.values()].reduce((s, r) => s + r.size, 0)) };
    const available = fs.availableBytes;
    const usage = usagePercent(fs.capacityBytes, available);
    if (usage < policy.highThresholdPercent) {
      this.#prevFailed = false;
      return;
    }
    const toFree = amountToFree(fs.capacityBytes, available, policy.lowThresholdPercent);
    this.deps.log('I', 'image_gc_manager.go:383', 'Disk usage on image filesystem is over the high threshold, trying to free bytes down to the low threshold', { usage, highThreshold: policy.highThresholdPercent, amountToFree: toFree, lowThreshold: policy.lowThresholdPercent });
    const { remove, freed } = imagesToFree([...this.records.values()], inUse, toFree, now, policy.minAgeMs);
    for (const r of remove) {
      this.deps.log('I', 'image_gc_manager.go:487', 'Removing image to free bytes', { imageID: r.id, size: r.size, runtimeHandler: '' });
      this.records.delete(r.id);
      runtime.RemoveImage(r.id, () => {});
    }
    this.deps.trace({ usagePercent: usage, amountToFree: toFree, freed, removed: remove.length });
    if (freed >= toFree) {
      this.#prevFailed = false;
      return;
    }
    const err = `Failed to garbage collect required amount of images. Attempted to free ${toFree} bytes, but only found ${freed} bytes eligible to free.`;
    this.deps.nodeEvent('FreeDiskSpaceFailed', err);
    if (this.#prevFailed) {
      this.deps.log('E', 'kubelet.go:1541', 'Image garbage collection failed multiple times in a row', { err });
      this.deps.nodeEvent('ImageGCFailed', err);
    } else this.deps.log('E', 'kubelet.go:1545', 'Image garbage collection failed once. Stats initialization may not have completed yet', { err });
    this.#prevFailed = true;
  }
}
