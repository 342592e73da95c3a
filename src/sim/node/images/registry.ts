/**
 * The simulated registries (one object answering for every host in KNOWN_REGISTRIES) and the
 * per-node image store: containerd's content store of layers plus its image table.
 *
 * Pull time is a pure function of what the node lacks: a fixed request latency (manifest and
 * config round trips) plus the bytes of the layers not yet cached over a constant bandwidth. So a
 * second image that shares base layers with one already pulled is faster, as on a real node.
 * Error messages are containerd's (upstream: containerd internal/cri/server/images/image_pull.go
 * "failed to pull and unpack image %q: %w", core/remotes/docker/resolver.go "failed to resolve
 * reference %q: %w", "%v: not found").
 */

import { IMAGES, KNOWN_REGISTRIES, type Image } from './catalog';
import { parseNormalizedNamed, referenceString, type ImageReference } from './reference';

/** Download bandwidth from any registry: 40 MB/s. */
export const PULL_BANDWIDTH_BYTES_PER_S = 40_000_000;
/** Fixed cost of a pull: resolving the manifest and fetching the config (two round trips). */
export const PULL_REQUEST_LATENCY_MS = 200;

/** Milliseconds to pull when `bytesToFetch` bytes of layers are missing on the node. */
export function pullDurationMs(bytesToFetch: number): number {
  return PULL_REQUEST_LATENCY_MS + Math.round((bytesToFetch * 1000) / PULL_BANDWIDTH_BYTES_PER_S);
}

export type ResolveResult =
  | { ok: true; image: Image; ref: ImageReference; canonical: string }
  | { ok: false; error: string };

export class Registry {
  readonly #byTag = new Map<string, Image>();
  readonly #byDigest = new Map<string, Image>();
  readonly #repositories = new Set<string>();
  /** Images whose pulls fail from now on (`sim image break IMAGE`), by canonical reference. */
  readonly #broken = new Set<string>();

  constructor(images: readonly Image[] = IMAGES) {
    for (const img of images) {
      this.#repositories.add(img.repository);
      for (const tag of img.tags) this.#byTag.set(`${img.repository}:${tag}`, img);
      this.#byDigest.set(`${img.repository}@${img.manifestDigest}`, img);
    }
  }

  /** `sim image break IMAGE`: the registry answers 503 for this reference from now on. Returns the canonical reference, or undefined if it does not parse. */
  break(reference: string): string | undefined {
    const parsed = parseNormalizedNamed(reference);
    if (!parsed.ok) return undefined;
    const canonical = referenceString(parsed.ref);
    this.#broken.add(canonical);
    return canonical;
  }

  /** Resolves a reference to an image, or the error containerd's PullImage returns. */
  resolve(reference: string): ResolveResult {
    const parsed = parseNormalizedNamed(reference);
    if (!parsed.ok) return { ok: false, error: `failed to pull and unpack image ${JSON.stringify(reference)}: ${parsed.error}` };
    const ref = parsed.ref;
    const canonical = referenceString(ref);
    const fail = (why: string) => ({ ok: false as const, error: `failed to pull and unpack image ${JSON.stringify(canonical)}: failed to resolve reference ${JSON.stringify(canonical)}: ${why}` });
    if (!KNOWN_REGISTRIES.includes(ref.domain)) {
      const host = ref.domain.replace(/:\d+$/, '');
      const object = ref.digest ?? ref.tag ?? 'latest';
      return fail(`failed to do request: Head "https://${ref.domain}/v2/${ref.path}/manifests/${object}": dial tcp: lookup ${host}: no such host`);
    }
    if (!this.#repositories.has(ref.name) && ref.domain === 'docker.io') {
      // Docker Hub answers 401 for repositories that do not exist, not 404.
      return fail('pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed');
    }
    if (this.#broken.has(canonical)) {
      // containerd's resolver on a 5xx answer (Docker Hub's API host is registry-1.docker.io).
      const host = ref.domain === 'docker.io' ? 'registry-1.docker.io' : ref.domain;
      return fail(`unexpected status from HEAD request to https://${host}/v2/${ref.path}/manifests/${ref.digest ?? ref.tag ?? 'latest'}: 503 Service Unavailable`);
    }
    const image = ref.digest ? this.#byDigest.get(`${ref.name}@${ref.digest}`) : this.#byTag.get(`${ref.name}:${ref.tag ?? 'latest'}`);
    if (!image) return fail(`${canonical}: not found`);
    return { ok: true, image, ref, canonical };
  }
}

/** An image present on the node: CRI's Image message (upstream: api.proto message Image). */
export interface StoredImage {
  id: string;
  repoTags: string[];
  repoDigests: string[];
  /** Bytes (compressed size, as containerd reports). */
  size: number;
  /** The user the image runs as, when it is a name or uid. */
  username: string;
  uid?: number;
  pinned: boolean;
  image: Image;
}

/** Per-node image store: images by ID and the layer cache (content store) they share. */
export class ImageStore {
  readonly #images = new Map<string, StoredImage>();
  /** get()'s answers by reference (every exec asks for its container's image): forgotten at each add or remove. */
  readonly #found = new Map<string, StoredImage | undefined>();
  /** Cached layer digest -> size. */
  readonly #layers = new Map<string, number>();

  /** Bytes and layers a pull of `image` would fetch now. */
  missing(image: Image): { bytes: number; layers: number } {
    let bytes = 0;
    let layers = 0;
    for (const l of image.layers) {
      if (!this.#layers.has(l.digest)) {
        bytes += l.size;
        layers++;
      }
    }
    return { bytes, layers };
  }

  /** Records a completed pull: caches the layers and adds the tag (or digest) reference. */
  add(image: Image, ref: ImageReference, pinned = false): StoredImage {
    this.#found.clear();
    for (const l of image.layers) this.#layers.set(l.digest, l.size);
    let stored = this.#images.get(image.id);
    if (!stored) {
      const [user] = image.config.user.split(':');
      const uid = user === '' ? 0 : /^\d+$/.test(user) ? Number(user) : undefined;
      stored = { id: image.id, repoTags: [], repoDigests: [], size: image.size, username: uid === undefined ? user : '', uid, pinned, image };
      this.#images.set(image.id, stored);
    }
    // A tag moves to the newly pulled image (containerd updates the image record for the name).
    if (!ref.digest) {
      const tag = `${ref.name}:${ref.tag ?? 'latest'}`;
      for (const other of this.#images.values()) if (other !== stored) other.repoTags = other.repoTags.filter((t) => t !== tag);
      if (!stored.repoTags.includes(tag)) stored.repoTags.push(tag);
    }
    const digestRef = `${image.repository}@${image.manifestDigest}`;
    if (!stored.repoDigests.includes(digestRef)) stored.repoDigests.push(digestRef);
    stored.pinned ||= pinned;
    return stored;
  }

  /** Looks an image up by tag reference, digest reference or image ID (`sha256:...`), as containerd's ImageStatus does. */
  get(reference: string): StoredImage | undefined {
    if (this.#found.has(reference)) return this.#found.get(reference);
    const found = this.#lookup(reference);
    this.#found.set(reference, found);
    return found;
  }

  #lookup(reference: string): StoredImage | undefined {
    const byId = this.#images.get(reference) ?? this.#images.get('sha256:' + reference);
    if (byId) return byId;
    const parsed = parseNormalizedNamed(reference);
    if (!parsed.ok) return undefined;
    const canonical = referenceString(parsed.ref);
    for (const img of this.#images.values()) {
      if (img.repoTags.includes(canonical) || img.repoDigests.includes(canonical)) return img;
    }
    return undefined;
  }

  list(): StoredImage[] {
    return [...this.#images.values()];
  }

  /** Removes the image (every tag of it) and garbage-collects layers no other image uses. True if it existed. */
  remove(reference: string): boolean {
    const img = this.get(reference);
    if (!img) return false;
    this.#images.delete(img.id);
    this.#found.clear();
    const used = new Set<string>();
    for (const other of this.#images.values()) for (const l of other.image.layers) used.add(l.digest);
    for (const l of img.image.layers) if (!used.has(l.digest)) this.#layers.delete(l.digest);
    return true;
  }

  hasLayer(digest: string): boolean {
    return this.#layers.has(digest);
  }

  /** Total bytes of cached layers (the image filesystem usage, for nodestatus and image GC later). */
  get diskBytes(): number {
    let n = 0;
    for (const s of this.#layers.values()) n += s;
    return n;
  }
}
