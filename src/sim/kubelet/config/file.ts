/**
 * The kubelet's file source of static pods. The node's filesystem is a map path -> text (it
 * outlives kubelet restarts and power-offs, as a disk does); the source reads the manifests
 * directly under staticPodPath at start and every fileCheckFrequency, ignores files whose name
 * starts with ".", and turns each valid Pod manifest into a static pod: named
 * `<name>-<nodeName>`, namespace "default" unless set, spec.nodeName set, UID = the config hash,
 * annotations kubernetes.io/config.hash, config.source "file" and config.seen.
 * upstream: pkg/kubelet/config/file.go (extractFromDir, extractFromFile), common.go
 * (applyDefaults, tryDecodeSinglePod), config.go (config.source, config.seen annotations),
 * pkg/kubelet/types/pod_update.go (annotation keys).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import YAML from 'yaml';
import { decodeBlockYAML } from '../../api/block-yaml';
import { applyDefaults } from '../../api/defaults';
import { getPodQOS } from '../../api/qos';
import { timestamp } from '../../kernel/clock';
import { VersionedMap } from '../../node/fs/map-fs';

export const ConfigSourceAnnotationKey = 'kubernetes.io/config.source';
export const ConfigMirrorAnnotationKey = 'kubernetes.io/config.mirror';
export const ConfigFirstSeenAnnotationKey = 'kubernetes.io/config.seen';
export const ConfigHashAnnotationKey = 'kubernetes.io/config.hash';
export const FileSource = 'file';

/** kubeadm's static pod directory (cmd/kubeadm/app/constants: ManifestsSubDirName under /etc/kubernetes). */
export const KUBEADM_MANIFESTS_DIR = '/etc/kubernetes/manifests';

/** A node's filesystem stand-in: absolute path -> file contents. */
export type NodeFiles = Map<string, string>;

/**
 * A node's filesystem map that knows when a directory's entries change: the file source lists
 * its directory every fileCheckFrequency, and a node holds every pod's log files too, so a scan of
 * all paths per check would cost a thousand nodes more than the rest of their kubelets.
 */
export class NodeFileMap extends VersionedMap<string, string> {
  /** Directory -> a counter bumped when a path directly inside it appears or goes. */
  #dirVersions?: Map<string, number>;
  #listings?: Map<string, { version: number; files: { path: string; name: string }[] }>;

  static of(entries: Iterable<readonly [string, string]>): NodeFileMap {
    // Map's constructor calls set() before a subclass's fields exist: add the entries afterwards.
    const m = new NodeFileMap();
    for (const [k, v] of entries) m.set(k, v);
    return m;
  }

  #touch(path: string): void {
    this.#dirVersions ??= new Map();
    const dir = path.slice(0, path.lastIndexOf('/') + 1);
    this.#dirVersions.set(dir, (this.#dirVersions.get(dir) ?? 0) + 1);
  }

  override set(path: string, text: string): this {
    if (!super.has(path)) this.#touch(path);
    return super.set(path, text);
  }

  override delete(path: string): boolean {
    const had = super.delete(path);
    if (had) this.#touch(path);
    return had;
  }

  override clear(): void {
    super.clear();
    this.#dirVersions = undefined;
    this.#listings = undefined;
  }

  /** filesIn for this map, remembered until an entry directly under the directory appears or goes. */
  listing(prefix: string): { path: string; name: string }[] {
    const version = this.#dirVersions?.get(prefix) ?? 0;
    const hit = this.#listings?.get(prefix);
    if (hit && hit.version === version) return hit.files;
    const files = scanDir(this, prefix);
    (this.#listings ??= new Map()).set(prefix, { version, files });
    return files;
  }
}

function scanDir(files: ReadonlyMap<string, string>, prefix: string): { path: string; name: string }[] {
  const out: { path: string; name: string }[] = [];
  for (const path of files.keys()) {
    if (!path.startsWith(prefix)) continue;
    const name = path.slice(prefix.length);
    if (name.length === 0 || name.includes('/')) continue;
    out.push({ path, name });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The files directly inside `dir` (no subdirectories), sorted by name, as upstream's os.ReadDir does. Do not modify the answer. */
export function filesIn(files: NodeFiles, dir: string): readonly { path: string; name: string }[] {
  const prefix = dir.endsWith('/') ? dir : dir + '/';
  return files instanceof NodeFileMap ? files.listing(prefix) : scanDir(files, prefix);
}

/** A path for FILE in the node's static pod directory (an absolute FILE stays as it is). */
export function manifestPath(dir: string, file: string): string {
  if (file.startsWith('/')) return file;
  return `${dir.replace(/\/+$/, '')}/${file}`;
}

/** A deterministic 128-bit hash as 32 hex digits (upstream: md5 of the object + host + file). */
export function configHash(text: string): string {
  // Four FNV-1a 32-bit lanes with different offsets: enough to tell manifests apart.
  const lanes = [0x811c9dc5, 0x01000193 ^ 0x9e3779b9, 0x85ebca6b, 0xc2b2ae35];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    for (let l = 0; l < 4; l++) {
      lanes[l] ^= c + l;
      lanes[l] = Math.imul(lanes[l], 0x01000193) >>> 0;
    }
  }
  // Mix the lanes into each other so a change anywhere reaches all 32 digits.
  for (let l = 0; l < 4; l++) lanes[l] = Math.imul(lanes[l] ^ (lanes[(l + 1) % 4] >>> 15), 0x2c1b3c6d) >>> 0;
  return lanes.map((x) => x.toString(16).padStart(8, '0')).join('');
}

export type ManifestResult = { ok: true; pod: any } | { ok: false; error: string };

/**
 * One manifest file -> a static pod (pure). upstream: file.go extractFromFile ->
 * common.go tryDecodeSinglePod (decode, applyDefaults, validate the name) ; config.go adds the
 * source and first-seen annotations.
 */
export function staticPodFromManifest(text: string, path: string, nodeName: string, now: number): ManifestResult {
  // kubeadm's manifests are plain block YAML: decoded without the YAML library (block-yaml.ts) while the cluster boots.
  let obj: any = decodeBlockYAML(text);
  if (obj === undefined) {
    try {
      const docs = YAML.parseAllDocuments(text);
      const real = docs.filter((d) => d.contents !== null);
      if (real.length !== 1) return { ok: false, error: real.length === 0 ? 'the file is empty' : 'a manifest file holds one Pod' };
      if (real[0].errors.length > 0) return { ok: false, error: real[0].errors[0].message };
      obj = real[0].toJS();
    } catch (e) {
      return { ok: false, error: (e as Error).message };
    }
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return { ok: false, error: 'the manifest is not an object' };
  if (obj.kind !== 'Pod') return { ok: false, error: `invalid pod: kind "${obj.kind ?? ''}" is not Pod` };
  if (obj.apiVersion !== undefined && obj.apiVersion !== 'v1') return { ok: false, error: `invalid pod: apiVersion "${obj.apiVersion}" is not v1` };
  const md = (obj.metadata ??= {});
  if (typeof md.name !== 'string' || md.name.length === 0) return { ok: false, error: 'invalid pod: metadata.name: Required value' };
  if (!Array.isArray(obj.spec?.containers) || obj.spec.containers.length === 0) return { ok: false, error: 'invalid pod: spec.containers: Required value' };
  // upstream common.go applyDefaults: UID = hash of the object and its source (host and file).
  const hash = configHash(`${JSON.stringify(obj)}\nhost:${nodeName}\nfile:${path}`);
  delete obj.status;
  for (const f of ['resourceVersion', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'generation']) delete md[f];
  md.uid = hash;
  md.name = `${md.name}-${nodeName}`;
  md.namespace = md.namespace || 'default';
  obj.spec.nodeName = nodeName;
  applyDefaults('Pod', obj);
  md.annotations = { ...(md.annotations ?? {}), [ConfigHashAnnotationKey]: hash, [ConfigSourceAnnotationKey]: FileSource, [ConfigFirstSeenAnnotationKey]: rfc3339Nano(now) };
  obj.apiVersion = 'v1';
  obj.kind = 'Pod';
  // The kubelet's own status of the pod starts Pending; the QoS class comes from the spec.
  obj.status = { phase: 'Pending', qosClass: getPodQOS(obj) };
  return { ok: true, pod: obj };
}

/** Go's time.RFC3339Nano (trailing zeros of the fraction dropped), as config.go writes config.seen. */
export function rfc3339Nano(ms: number): string {
  const whole = Math.floor(ms / 1000) * 1000;
  const frac = String(Math.round(ms - whole)).padStart(3, '0').replace(/0+$/, '');
  return timestamp(whole).replace(/Z$/, frac ? `.${frac}Z` : 'Z');
}

export function isStaticPod(pod: any): boolean {
  const source = pod?.metadata?.annotations?.[ConfigSourceAnnotationKey];
  return source !== undefined && source !== 'api';
}

export function isMirrorPod(pod: any): boolean {
  return pod?.metadata?.annotations?.[ConfigMirrorAnnotationKey] !== undefined;
}

export interface FileSourceDeps {
  files: NodeFiles;
  dir: string;
  nodeName: string;
  periodMs: number;
  now: () => number;
  after: (ms: number, fn: () => void) => unknown;
  cancel: (timer: unknown) => void;
  /** The whole set of static pods, after every scan (upstream: a SET update from the file source). */
  onPods: (pods: any[]) => void;
  onError: (path: string, error: string) => void;
}

/** The periodic scan of the static pod directory. upstream: file.go sourceFile.run / listConfig. */
export class FileSourceWatcher {
  #timer: unknown;
  #stopped = false;
  /** path -> the text last read and the pod made from it (config.seen stays that of the first sighting). */
  #seen = new Map<string, { text: string; pod?: any }>();

  constructor(readonly deps: FileSourceDeps) {}

  start(): void {
    this.scan();
    const loop = () => {
      if (this.#stopped) return;
      this.scan();
      this.#timer = this.deps.after(this.deps.periodMs, loop);
    };
    this.#timer = this.deps.after(this.deps.periodMs, loop);
  }

  stop(): void {
    this.#stopped = true;
    this.deps.cancel(this.#timer);
  }

  /** upstream: file.go extractFromDir: every regular file not starting with "." */
  scan(): void {
    if (this.#stopped) return;
    const { files, dir, nodeName } = this.deps;
    const pods: any[] = [];
    const next = new Map<string, { text: string; pod?: any }>();
    for (const { path, name } of filesIn(files, dir)) {
      if (name.startsWith('.')) continue;
      const text = files.get(path)!;
      const prev = this.#seen.get(path);
      if (prev && prev.text === text) {
        next.set(path, prev);
        if (prev.pod) pods.push(prev.pod);
        continue;
      }
      const r = staticPodFromManifest(text, path, nodeName, this.deps.now());
      if (r.ok) {
        next.set(path, { text, pod: r.pod });
        pods.push(r.pod);
      } else {
        next.set(path, { text });
        this.deps.onError(path, r.error);
      }
    }
    this.#seen = next;
    this.deps.onPods(pods);
  }
}
