/**
 * The EndpointSlice tracker: remembers the version of every slice the controller wrote (and the
 * slices it deleted), so that a sync on an informer cache that has not yet caught up with those
 * writes is refused (and retried) instead of creating duplicate slices.
 * upstream: staging/src/k8s.io/endpointslice/endpointslice_tracker.go (StaleSlices, ShouldSync,
 * ExpectDeletion). Upstream compares metadata.generation; here slices carry no generation, so the
 * resourceVersion (a number in this API server) is compared instead.
 */
import type { KObject } from '../../apiserver/store';

const DELETION_EXPECTED = -1;

export class EndpointSliceTracker {
  /** service key -> slice uid -> resourceVersion written (or DELETION_EXPECTED) */
  #services = new Map<string, Map<string, number>>();

  #slices(serviceKey: string): Map<string, number> {
    let m = this.#services.get(serviceKey);
    if (!m) this.#services.set(serviceKey, (m = new Map()));
    return m;
  }

  update(serviceKey: string, slice: KObject): void {
    this.#slices(serviceKey).set(slice.metadata.uid, Number(slice.metadata.resourceVersion));
  }

  expectDeletion(serviceKey: string, slice: KObject): void {
    this.#slices(serviceKey).set(slice.metadata.uid, DELETION_EXPECTED);
  }

  /** The slice is gone (observed by the informer, or the delete answered 404). */
  handleDeletion(serviceKey: string, slice: KObject): void {
    this.#services.get(serviceKey)?.delete(slice.metadata.uid);
  }

  deleteService(serviceKey: string): void {
    this.#services.delete(serviceKey);
  }

  /** upstream: ShouldSync: a change the controller did not make itself (or a newer one). */
  shouldSync(serviceKey: string, slice: KObject): boolean {
    const rv = this.#services.get(serviceKey)?.get(slice.metadata.uid);
    return rv === undefined || rv === DELETION_EXPECTED || Number(slice.metadata.resourceVersion) > rv;
  }

  /** upstream: StaleSlices: the cache lacks a slice written, holds an older version, or still holds one deleted. */
  staleSlices(serviceKey: string, cached: readonly KObject[]): boolean {
    const tracked = this.#services.get(serviceKey);
    if (!tracked) return false;
    const byUid = new Map(cached.map((s) => [s.metadata.uid as string, s]));
    for (const [uid, rv] of tracked) {
      const s = byUid.get(uid);
      if (rv === DELETION_EXPECTED) {
        if (s) return true;
      } else if (!s || Number(s.metadata.resourceVersion) < rv) return true;
    }
    return false;
  }
}
