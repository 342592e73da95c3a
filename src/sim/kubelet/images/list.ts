/**
 * `sim images [NODE]`: `crictl images` on a node (IMAGE, TAG, IMAGE ID, SIZE), or without a node
 * the catalog of the simulated registries. crictl lays its table out with tabwriter(minwidth 20,
 * tabwidth 1, padding 3), one row per repo tag, the image ID truncated to 13 hex digits and the
 * size as go-units HumanSizeWithPrecision(size, 3) (decimal: kB, MB, GB).
 * upstream: kubernetes-sigs/cri-tools cmd/crictl/image.go (listImageCommand, normalizeRepoTagPair,
 * getTruncatedID, imageByRef), github.com/docker/go-units size.go HumanSizeWithPrecision
 */
import type { ContainerRuntime } from '../../node/cri/runtime';
import type { StoredImage } from '../../node/images/registry';
import { IMAGES } from '../../node/images/catalog';
import { TabWriter } from '../../kubectl/printers/tabwriter';

const DECIMAL_UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];

/** upstream: go-units HumanSizeWithPrecision: `%.*g` of the size in powers of 1000. */
export function humanSize(bytes: number, precision = 3): string {
  let size = bytes;
  let i = 0;
  while (size >= 1000 && i < DECIMAL_UNITS.length - 1) {
    size /= 1000;
    i++;
  }
  return `${Number(size.toPrecision(precision))}${DECIMAL_UNITS[i]}`;
}

/** upstream: crictl getTruncatedID: the ID without `sha256:`, 13 characters. */
export function truncatedID(id: string): string {
  return id.replace(/^sha256:/, '').slice(0, 13);
}

/** `repo:tag` -> [repo, tag]; an image without tags shows its name from a repo digest and `<none>`. upstream: normalizeRepoTagPair */
function repoTagPairs(img: Pick<StoredImage, 'repoTags' | 'repoDigests'>): [string, string][] {
  if (img.repoTags.length === 0) return [[img.repoDigests[0]?.split('@')[0] ?? '<none>', '<none>']];
  return img.repoTags.map((t) => {
    const i = t.lastIndexOf(':');
    return [t.slice(0, i), t.slice(i + 1)];
  });
}

function crictlTable(rows: string[][]): string {
  const w = new TabWriter(20, 1, 3, ' ');
  w.write(rows.map((r) => r.join('\t') + '\n').join(''));
  return w.takeOutput();
}

/** `crictl images` on the node: every image in its store, sorted by reference as crictl does. */
export function listNodeImages(runtime: ContainerRuntime): string {
  const ref = (i: StoredImage) => i.repoTags[0] ?? i.repoDigests[0] ?? '';
  const images = [...runtime.images.list()].sort((a, b) => (ref(a) < ref(b) ? -1 : ref(a) > ref(b) ? 1 : 0));
  const rows = [['IMAGE', 'TAG', 'IMAGE ID', 'SIZE']];
  for (const img of images) for (const [repo, tag] of repoTagPairs(img)) rows.push([repo, tag, truncatedID(img.id), humanSize(img.size)]);
  return crictlTable(rows);
}

/** The registries' catalog: each image with all its tags and its (compressed) size. */
export function listCatalog(): string {
  const rows = [['IMAGE', 'TAGS', 'SIZE']];
  for (const img of IMAGES) rows.push([img.repository, img.tags.join(','), humanSize(img.size)]);
  return crictlTable(rows);
}
