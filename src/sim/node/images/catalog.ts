/**
 * The declarative catalog of images the simulated registries serve. Sizes are the compressed
 * (download) sizes of the linux/amd64 images, rounded; layers are shared where the real images
 * share them (nginx, httpd, redis and postgres sit on debian:bookworm-slim; the control-plane
 * images on distroless). Digests are simulated: derived deterministically from the layer or image
 * name, 64 hex digits like real ones, but not the real values.
 *
 * `program` names what the process does (see ../programs/programs.ts). `stopSignal` is the
 * image's STOPSIGNAL, which containerd sends on StopContainer (upstream: containerd
 * internal/cri/server/container_stop.go, falling back to SIGTERM).
 */

/** Deterministic 64-hex "digest" from a label (FNV-1a, widened). Not a real sha256. */
export function simulatedDigest(label: string): string {
  let out = '';
  for (let round = 0; out.length < 64; round++) {
    // The round goes last: xor-ing it into the seed as well would cancel its first character.
    let h = 2166136261;
    const s = `${label}#${round}`;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
    h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
    out += ((h ^ (h >>> 15)) >>> 0).toString(16).padStart(8, '0');
  }
  return 'sha256:' + out.slice(0, 64);
}

const MB = 1_000_000;
const KB = 1_000;

/** Layers by name; an image lists the names of its layers, bottom first. Size in bytes (compressed). */
export const LAYERS = {
  'pause-3.10': 320 * KB,
  'busybox-1.27.2': 715 * KB,
  'busybox-1.28': 728 * KB,
  'busybox-1.36': 2_150 * KB,
  'busybox-1.37': 2_160 * KB,
  'k8s-busybox-1.27.2': 715 * KB,
  'alpine-3.19': 3_420 * KB,
  'alpine-3.20': 3_620 * KB,
  'debian-bookworm-slim': 28_230 * KB,
  'debian-stretch-slim': 22_490 * KB,
  'debian-buster-slim': 27_100 * KB,
  'nginx-1.14.2': 22_200 * KB,
  'nginx-1.16.1': 24_700 * KB,
  'nginx-1.25': 39_400 * KB,
  'nginx-1.27': 43_900 * KB,
  'nginx-1.27-alpine': 16_800 * KB,
  'nginx-entrypoint': 4 * KB,
  'nginx-slim-0.21': 16_300 * KB,
  'nginx-slim-0.24': 17_600 * KB,
  'httpd-2.4': 30_100 * KB,
  'redis-7.4': 17_300 * KB,
  'postgres-17': 126_500 * KB,
  'gosu': 1_100 * KB,
  'agnhost-base': 3_400 * KB,
  'agnhost-2.39': 48_600 * KB,
  'agnhost-2.40': 49_100 * KB,
  'goproxy-0.1': 2_460 * KB,
  'polinux-stress': 4_100 * KB,
  'vish-stress': 2_060 * KB,
  'gb-frontend-base': 44_100 * KB,
  'gb-frontend-v5': 79_300 * KB,
  'distroless-static': 104 * KB,
  'distroless-base': 2_430 * KB,
  'distroless-iptables': 17_900 * KB,
  'etcd-3.5.16': 54_300 * KB,
  'kube-apiserver-v1.32.0': 26_200 * KB,
  'kube-controller-manager-v1.32.0': 24_000 * KB,
  'kube-scheduler-v1.32.0': 18_300 * KB,
  'kube-proxy-v1.32.0': 13_000 * KB,
  'coredns-v1.11.3': 18_500 * KB,
  // perl:5.34.0 (the Job docs' pi example) is buildpack-deps:bullseye + perl: about 336 MB compressed.
  'debian-bullseye': 55_000 * KB,
  'buildpack-deps-bullseye': 245_000 * KB,
  'perl-5.34.0': 36_000 * KB
} as const satisfies Record<string, number>;

export type LayerName = keyof typeof LAYERS;

export interface ImageConfig {
  entrypoint?: string[];
  cmd?: string[];
  /** USER: '' means root, as in the OCI image config. */
  user: string;
  workingDir?: string;
  exposedPorts?: string[];
  stopSignal?: string;
  env?: string[];
}

/** One image as written in the catalog. */
export interface CatalogEntry {
  /** Normalised repository name, e.g. `docker.io/library/nginx`. */
  repository: string;
  /** Tags pointing at this same image (same manifest). */
  tags: string[];
  layers: LayerName[];
  config: ImageConfig;
  /** Key into the program table. */
  program: string;
}

const PATH = 'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const busybox = (tags: string[], layer: LayerName, repository = 'docker.io/library/busybox'): CatalogEntry => ({
  repository, tags, layers: [layer], config: { cmd: ['sh'], user: '', env: [PATH] }, program: 'sh'
});
const alpine = (tags: string[], layer: LayerName): CatalogEntry => ({
  repository: 'docker.io/library/alpine', tags, layers: [layer], config: { cmd: ['/bin/sh'], user: '', env: [PATH] }, program: 'sh'
});
const nginx = (tags: string[], base: LayerName, layer: LayerName): CatalogEntry => ({
  repository: 'docker.io/library/nginx',
  tags,
  layers: [base, layer, 'nginx-entrypoint'],
  config: { entrypoint: ['/docker-entrypoint.sh'], cmd: ['nginx', '-g', 'daemon off;'], user: '', exposedPorts: ['80/tcp'], stopSignal: 'SIGQUIT', env: [PATH] },
  program: 'nginx'
});
const controlPlane = (component: string, layer: LayerName, base: LayerName[] = ['distroless-static', 'distroless-base']): CatalogEntry => ({
  repository: `registry.k8s.io/${component}`,
  tags: ['v1.32.0'],
  layers: [...base, layer],
  config: { entrypoint: [`/usr/local/bin/${component}`], user: '' },
  program: component
});

export const IMAGE_CATALOG: readonly CatalogEntry[] = [
  { repository: 'registry.k8s.io/pause', tags: ['3.10'], layers: ['pause-3.10'], config: { entrypoint: ['/pause'], user: '65535:65535' }, program: 'pause' },
  busybox(['1.27.2'], 'busybox-1.27.2'),
  busybox(['1.28'], 'busybox-1.28'),
  busybox(['1.36'], 'busybox-1.36'),
  busybox(['latest', '1.37'], 'busybox-1.37'),
  busybox(['1.27.2'], 'k8s-busybox-1.27.2', 'registry.k8s.io/busybox'),
  alpine(['3.19'], 'alpine-3.19'),
  alpine(['3.20', 'latest'], 'alpine-3.20'),
  nginx(['1.14.2'], 'debian-stretch-slim', 'nginx-1.14.2'),
  nginx(['1.25'], 'debian-bookworm-slim', 'nginx-1.25'),
  // The Deployment docs roll nginx-deployment from 1.14.2 to 1.16.1 (and then, by a typo, to 1.161, which does not exist).
  nginx(['1.16.1'], 'debian-buster-slim', 'nginx-1.16.1'),
  nginx(['1.27', 'latest'], 'debian-bookworm-slim', 'nginx-1.27'),
  // Alpine's nginx: the same server on musl and busybox (its sh is the one the shell simulates).
  nginx(['1.27-alpine', 'alpine'], 'alpine-3.20', 'nginx-1.27-alpine'),
  // The StatefulSet Basics tutorial's web server (registry.k8s.io/nginx-slim), updated there from 0.21 to 0.24.
  { ...nginx(['0.21'], 'debian-bookworm-slim', 'nginx-slim-0.21'), repository: 'registry.k8s.io/nginx-slim' },
  { ...nginx(['0.24'], 'debian-bookworm-slim', 'nginx-slim-0.24'), repository: 'registry.k8s.io/nginx-slim' },
  {
    repository: 'docker.io/library/perl', tags: ['5.34.0', '5.34'], layers: ['debian-bullseye', 'buildpack-deps-bullseye', 'perl-5.34.0'],
    config: { cmd: ['perl5.34.0', '-de0'], user: '', env: [PATH] }, program: 'perl'
  },
  {
    repository: 'docker.io/library/httpd', tags: ['2.4', 'latest'], layers: ['debian-bookworm-slim', 'httpd-2.4'],
    config: { cmd: ['httpd-foreground'], user: '', workingDir: '/usr/local/apache2', exposedPorts: ['80/tcp'], stopSignal: 'SIGWINCH' }, program: 'httpd'
  },
  {
    repository: 'docker.io/library/redis', tags: ['7.4', '7', 'latest'], layers: ['debian-bookworm-slim', 'gosu', 'redis-7.4'],
    config: { entrypoint: ['docker-entrypoint.sh'], cmd: ['redis-server'], user: '', workingDir: '/data', exposedPorts: ['6379/tcp'] }, program: 'redis'
  },
  {
    repository: 'docker.io/library/postgres', tags: ['17', 'latest'], layers: ['debian-bookworm-slim', 'gosu', 'postgres-17'],
    config: { entrypoint: ['docker-entrypoint.sh'], cmd: ['postgres'], user: '', exposedPorts: ['5432/tcp'], stopSignal: 'SIGINT' }, program: 'postgres'
  },
  {
    repository: 'registry.k8s.io/e2e-test-images/agnhost', tags: ['2.39'], layers: ['agnhost-base', 'agnhost-2.39'],
    config: { entrypoint: ['/agnhost'], cmd: ['pause'], user: '', exposedPorts: ['80/tcp', '8080/tcp', '8081/tcp', '5000/tcp'] }, program: 'agnhost'
  },
  {
    repository: 'registry.k8s.io/e2e-test-images/agnhost', tags: ['2.40'], layers: ['agnhost-base', 'agnhost-2.40'],
    config: { entrypoint: ['/agnhost'], cmd: ['pause'], user: '', exposedPorts: ['80/tcp', '8080/tcp', '8081/tcp', '5000/tcp'] }, program: 'agnhost'
  },
  { repository: 'registry.k8s.io/goproxy', tags: ['0.1'], layers: ['goproxy-0.1'], config: { cmd: ['/goproxy'], user: '', exposedPorts: ['8080/tcp'] }, program: 'goproxy' },
  {
    repository: 'docker.io/polinux/stress', tags: ['latest'], layers: ['alpine-3.19', 'polinux-stress'],
    config: { cmd: ['stress', '--help'], user: '' }, program: 'stress'
  },
  { repository: 'docker.io/vish/stress', tags: ['latest'], layers: ['vish-stress'], config: { entrypoint: ['/stress', '-logtostderr'], user: '' }, program: 'stress' },
  {
    repository: 'us-docker.pkg.dev/google-samples/containers/gke/gb-frontend', tags: ['v5'], layers: ['debian-bookworm-slim', 'gb-frontend-base', 'gb-frontend-v5'],
    config: { cmd: ['apache2-foreground'], user: '', workingDir: '/var/www/html', exposedPorts: ['80/tcp'], stopSignal: 'SIGWINCH' }, program: 'httpd'
  },
  {
    repository: 'registry.k8s.io/etcd', tags: ['3.5.16-0'], layers: ['distroless-static', 'distroless-base', 'etcd-3.5.16'],
    config: { cmd: ['/usr/local/bin/etcd'], user: '', exposedPorts: ['2379/tcp', '2380/tcp'] }, program: 'etcd'
  },
  controlPlane('kube-apiserver', 'kube-apiserver-v1.32.0'),
  controlPlane('kube-controller-manager', 'kube-controller-manager-v1.32.0'),
  controlPlane('kube-scheduler', 'kube-scheduler-v1.32.0'),
  controlPlane('kube-proxy', 'kube-proxy-v1.32.0', ['distroless-iptables']),
  {
    repository: 'registry.k8s.io/coredns/coredns', tags: ['v1.11.3'], layers: ['distroless-static', 'coredns-v1.11.3'],
    config: { entrypoint: ['/coredns'], user: '65532:65532', exposedPorts: ['53/tcp', '53/udp'] }, program: 'coredns'
  }
];

/** Registry hosts that answer (others fail DNS, as an unknown host would). */
export const KNOWN_REGISTRIES: readonly string[] = ['docker.io', 'registry.k8s.io', 'us-docker.pkg.dev', 'gcr.io', 'quay.io', 'ghcr.io'];

/** The sandbox ("pause") image containerd uses (upstream: containerd config sandbox_image, kubeadm v1.32 default). */
export const PAUSE_IMAGE = 'registry.k8s.io/pause:3.10';

/** A catalog entry with its derived identity: what the registry serves and the node stores. */
export interface Image {
  /** The config digest: containerd's image ID (`sha256:...`). */
  id: string;
  repository: string;
  tags: readonly string[];
  /** Manifest digest, for `repo@sha256:...` references and repoDigests. */
  manifestDigest: string;
  layers: readonly { name: LayerName; digest: string; size: number }[];
  /** Sum of the compressed layer sizes: what containerd reports as the image size. */
  size: number;
  config: ImageConfig;
  program: string;
}

export function buildImage(e: CatalogEntry): Image {
  const key = `${e.repository}:${e.tags[0]}`;
  const layers = e.layers.map((name) => ({ name, digest: simulatedDigest(`layer:${name}`), size: LAYERS[name] }));
  return {
    id: simulatedDigest(`config:${key}`),
    repository: e.repository,
    tags: e.tags,
    manifestDigest: simulatedDigest(`manifest:${key}`),
    layers,
    size: layers.reduce((s, l) => s + l.size, 0),
    config: e.config,
    program: e.program
  };
}

export const IMAGES: readonly Image[] = IMAGE_CATALOG.map(buildImage);
