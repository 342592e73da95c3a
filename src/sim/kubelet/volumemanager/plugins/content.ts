/**
 * What a volume plugin's SetUp leaves on the node's disk, at the pod's volume directory
 * `/var/lib/kubelet/pods/<uid>/volumes/kubernetes.io~<plugin>/<name>` (the CRI Mount's
 * hostPath): a configMap or secret's keys as files (secret values base64-decoded; `items` pick
 * and rename keys), the projected service-account volume (`token`, `ca.crt`, `namespace`),
 * downwardAPI items (labels and annotations as `key="value"` lines), an empty directory for
 * emptyDir. hostPath is the node's own path, a CSI volume the driver's data directory.
 * upstream: pkg/volume/configmap/configmap.go (MakePayload), pkg/volume/secret/secret.go,
 * pkg/volume/projected/projected.go (collectData), pkg/volume/downwardapi/downwardapi.go
 * (CollectData), pkg/fieldpath/fieldpath.go (FormatMap, ExtractFieldPathAsString),
 * pkg/volume/emptydir, pkg/volume/hostpath, pkg/kubelet/kubelet_getters.go (getPodVolumeDir),
 * pkg/volume/util/utils.go (GetUniqueVolumeName plugin names "kubernetes.io~configmap" ...),
 * kubernetes-csi/csi-driver-host-path (data directory /csi-data-dir/<volume id>).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { MapFS } from '../../../node/fs/map-fs';
import type { VolumeToMount } from '../cache/desired-state-of-world';
import { mintServiceAccountToken, SERVICE_ACCOUNT_ISSUER } from '../../../api/sa-token';

/** The plugin directory name of each volume kind (`kubernetes.io~<plugin>`). */
const PLUGIN_DIRS: Record<string, string> = {
  emptyDir: 'empty-dir',
  configMap: 'configmap',
  secret: 'secret',
  projected: 'projected',
  downwardAPI: 'downward-api',
  persistentVolumeClaim: 'csi'
};

export const PODS_DIR = '/var/lib/kubelet/pods';

/** Where a volume lives on the node: what the kubelet binds into the container. */
export function volumeHostPath(pod: any, v: Pick<VolumeToMount, 'name' | 'kind' | 'source' | 'pv'>): string | undefined {
  const uid = pod.metadata.uid as string;
  if (v.kind === 'hostPath') return v.source.path;
  if (v.kind === 'persistentVolumeClaim') {
    if (v.pv?.spec?.hostPath?.path) return v.pv.spec.hostPath.path;
    if (v.pv?.spec?.local?.path) return v.pv.spec.local.path;
    if (v.pv?.spec?.csi) return `/csi-data-dir/${v.pv.spec.csi.volumeHandle}`;
    return undefined;
  }
  const plugin = PLUGIN_DIRS[v.kind];
  return plugin ? `${PODS_DIR}/${uid}/volumes/kubernetes.io~${plugin}/${v.name}` : undefined;
}

/** base64 -> text (UTF-8), as the secret volume writes the decoded bytes. */
export function decodeBase64(b64: string): string {
  try {
    const bin = atob(b64);
    const bytes = Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return b64;
  }
}

/** upstream: pkg/fieldpath/fieldpath.go FormatMap: sorted `key="value"` lines, no final newline. */
export function formatMap(m: Record<string, string> | undefined): string {
  return Object.keys(m ?? {})
    .sort()
    .map((k) => `${k}=${JSON.stringify(m![k])}`)
    .join('\n');
}

/** upstream: fieldpath.go ExtractFieldPathAsString (the fields a downwardAPI volume may use). */
export function podFieldValue(pod: any, path: string): string | undefined {
  const md = pod.metadata ?? {};
  const sub = /^metadata\.(labels|annotations)\['(.*)'\]$/.exec(path);
  if (sub) return (sub[1] === 'labels' ? md.labels : md.annotations)?.[sub[2]] ?? '';
  switch (path) {
    case 'metadata.name':
      return md.name;
    case 'metadata.namespace':
      return md.namespace;
    case 'metadata.uid':
      return md.uid;
    case 'metadata.labels':
      return formatMap(md.labels);
    case 'metadata.annotations':
      return formatMap(md.annotations);
    case 'spec.nodeName':
      return pod.spec?.nodeName ?? '';
    case 'spec.serviceAccountName':
      return pod.spec?.serviceAccountName ?? '';
    case 'status.hostIP':
      return pod.status?.hostIP ?? '';
    case 'status.podIP':
      return pod.status?.podIP ?? '';
  }
  return undefined;
}

/** The service-account token the projected volume holds: a JWT-shaped string (not signed by anything). */
export function serviceAccountToken(pod: any, source: any, now: number): string {
  return mintServiceAccountToken({
    namespace: pod.metadata.namespace,
    node: { name: pod.spec?.nodeName ?? '' },
    pod: { name: pod.metadata.name, uid: pod.metadata.uid },
    serviceAccount: { name: pod.spec?.serviceAccountName ?? 'default', uid: '' },
    audiences: [source?.audience ?? SERVICE_ACCOUNT_ISSUER],
    now,
    expirationSeconds: source?.expirationSeconds ?? 3607,
    jti: pod.metadata.uid,
    warnAfterSeconds: 3600
  });
}

/** Key -> text of a ConfigMap or Secret, with `items` applied (path -> text). */
function keyFiles(obj: any, items: any[] | undefined, secret: boolean): Record<string, string> {
  const data: Record<string, string> = {};
  for (const [k, v] of Object.entries<string>(obj?.data ?? {})) data[k] = secret ? decodeBase64(v) : v;
  if (!secret) for (const [k, v] of Object.entries<string>(obj?.binaryData ?? {})) data[k] = decodeBase64(v);
  if (secret) for (const [k, v] of Object.entries<string>(obj?.stringData ?? {})) data[k] = v;
  if (!items || items.length === 0) return data;
  const out: Record<string, string> = {};
  for (const it of items) if (it.key in data) out[it.path] = data[it.key];
  return out;
}

function downwardFiles(pod: any, items: any[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const it of items ?? []) {
    if (it.fieldRef) out[it.path] = podFieldValue(pod, it.fieldRef.fieldPath) ?? '';
  }
  return out;
}

/**
 * Writes the volume's files under its host path (replacing what an earlier SetUp wrote). `obj` is
 * the ConfigMap or Secret for those kinds; `lookup` reads the objects a projected volume names.
 */
export function writeVolume(fs: MapFS, pod: any, v: VolumeToMount, now: number, obj?: any, lookup?: (kind: 'configMap' | 'secret', name: string) => any): void {
  const dir = volumeHostPath(pod, v);
  if (!dir) return;
  let files: Record<string, string> = {};
  switch (v.kind) {
    case 'hostPath': {
      // type DirectoryOrCreate / FileOrCreate make the path; others expect it there (the simulation makes it).
      if (v.source.type === 'FileOrCreate' || v.source.type === 'File') {
        if (fs.stat(dir) === 'ENOENT') (fs.mkdir(dir.slice(0, dir.lastIndexOf('/')) || '/', true), fs.write(dir, ''));
      } else fs.mkdir(dir, true);
      return;
    }
    case 'persistentVolumeClaim':
      fs.mkdir(dir, true);
      return;
    case 'emptyDir': {
      // upstream: pkg/volume/emptydir/empty_dir.go setupDir (mode 0777, whatever the umask), then
      // pkg/volume/volume_linux.go SetVolumeOwnership: group fsGroup, setgid, so new files are the group's.
      fs.mkdir(dir, true);
      const fsGroup = pod.spec?.securityContext?.fsGroup;
      fs.chown(dir, { uid: 0, gid: typeof fsGroup === 'number' ? fsGroup : 0, mode: typeof fsGroup === 'number' ? 0o2777 : 0o777 });
      return;
    }
    case 'configMap':
    case 'secret':
      files = keyFiles(obj, v.source.items, v.kind === 'secret');
      break;
    case 'downwardAPI':
      files = downwardFiles(pod, v.source.items);
      break;
    case 'projected':
      for (const src of v.source.sources ?? []) {
        if (src.serviceAccountToken) files[src.serviceAccountToken.path ?? 'token'] = serviceAccountToken(pod, src.serviceAccountToken, now);
        if (src.configMap) Object.assign(files, keyFiles(lookup?.('configMap', src.configMap.name), src.configMap.items, false));
        if (src.secret) Object.assign(files, keyFiles(lookup?.('secret', src.secret.name), src.secret.items, true));
        if (src.downwardAPI) Object.assign(files, downwardFiles(pod, src.downwardAPI.items));
      }
      break;
    default:
      return;
  }
  fs.remove(dir, true);
  fs.mkdir(dir, true);
  for (const [path, text] of Object.entries(files)) {
    const full = `${dir}/${path}`;
    fs.mkdir(full.slice(0, full.lastIndexOf('/')), true);
    fs.write(full, text);
  }
}

/** TearDown: the pod's own volume directories go (hostPath and CSI data stay on the node). */
export function removePodVolumes(fs: MapFS, uid: string): void {
  fs.remove(`${PODS_DIR}/${uid}`, true);
}
