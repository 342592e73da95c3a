import { describe, expect, it } from 'vitest';
import { IMAGES, IMAGE_CATALOG, LAYERS, PAUSE_IMAGE, simulatedDigest } from '../../../../src/sim/node/images/catalog';
import { ImageStore, PULL_BANDWIDTH_BYTES_PER_S, PULL_REQUEST_LATENCY_MS, Registry, pullDurationMs } from '../../../../src/sim/node/images/registry';
import { parseNormalizedNamed } from '../../../../src/sim/node/images/reference';
import { PROGRAMS } from '../../../../src/sim/node/programs/programs';

const registry = new Registry();

function ref(s: string) {
  const r = parseNormalizedNamed(s);
  if (!r.ok) throw new Error(r.error);
  return r.ref;
}

describe('catalog', () => {
  it('every image runs a known program and has layers', () => {
    for (const e of IMAGE_CATALOG) {
      expect(PROGRAMS[e.program], e.program).toBeDefined();
      expect(e.layers.length).toBeGreaterThan(0);
      for (const l of e.layers) expect(LAYERS[l]).toBeGreaterThan(0);
    }
  });
  it('image IDs and digests are unique 64-hex sha256 strings', () => {
    const ids = new Set(IMAGES.map((i) => i.id));
    expect(ids.size).toBe(IMAGES.length);
    for (const i of IMAGES) expect(i.manifestDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(simulatedDigest('x')).toBe(simulatedDigest('x'));
  });
  it('digests look random: no 8-hex block repeats within one', () => {
    for (const i of IMAGES) {
      const hex = i.id.slice('sha256:'.length);
      const blocks = hex.match(/.{8}/g)!;
      expect(new Set(blocks).size, i.id).toBe(8);
    }
  });
  it('nginx, httpd, redis and postgres share the debian base layer', () => {
    const base = simulatedDigest('layer:debian-bookworm-slim');
    for (const name of ['nginx:1.27', 'httpd', 'redis', 'postgres']) {
      const r = registry.resolve(name);
      expect(r.ok && r.image.layers.some((l) => l.digest === base), name).toBe(true);
    }
  });
  const required = [
    PAUSE_IMAGE, 'busybox:1.27.2', 'busybox:1.28', 'busybox:1.36', 'busybox', 'registry.k8s.io/busybox:1.27.2', 'alpine:3.19', 'alpine:3.20', 'alpine',
    'nginx:1.25', 'nginx:1.27', 'nginx', 'nginx:1.14.2', 'nginx:1.16.1', 'nginx:alpine', 'nginx:1.27-alpine', 'httpd', 'redis', 'postgres', 'registry.k8s.io/e2e-test-images/agnhost:2.40',
    'registry.k8s.io/e2e-test-images/agnhost:2.39', 'registry.k8s.io/goproxy:0.1', 'polinux/stress', 'vish/stress',
    'us-docker.pkg.dev/google-samples/containers/gke/gb-frontend:v5', 'registry.k8s.io/etcd:3.5.16-0', 'registry.k8s.io/kube-apiserver:v1.32.0',
    'registry.k8s.io/kube-controller-manager:v1.32.0', 'registry.k8s.io/kube-scheduler:v1.32.0', 'registry.k8s.io/kube-proxy:v1.32.0',
    'registry.k8s.io/coredns/coredns:v1.11.3'
  ];
  for (const image of required) it(`serves ${image}`, () => expect(registry.resolve(image).ok).toBe(true));
  it('tags of one image resolve to the same image', () => {
    const a = registry.resolve('nginx');
    const b = registry.resolve('nginx:1.27');
    expect(a.ok && b.ok && a.image.id === b.image.id).toBe(true);
  });
});

describe('Registry.resolve errors (containerd wording)', () => {
  const cases: { name: string; ref: string; error: string }[] = [
    {
      name: "the Deployment docs' typo",
      ref: 'nginx:1.161',
      error: 'failed to pull and unpack image "docker.io/library/nginx:1.161": failed to resolve reference "docker.io/library/nginx:1.161": docker.io/library/nginx:1.161: not found'
    },
    {
      name: 'unknown tag',
      ref: 'nginx:nope',
      error: 'failed to pull and unpack image "docker.io/library/nginx:nope": failed to resolve reference "docker.io/library/nginx:nope": docker.io/library/nginx:nope: not found'
    },
    {
      name: 'unknown Docker Hub repository',
      ref: 'nosuchimage',
      error:
        'failed to pull and unpack image "docker.io/library/nosuchimage:latest": failed to resolve reference "docker.io/library/nosuchimage:latest": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed'
    },
    {
      name: 'unknown repository on registry.k8s.io',
      ref: 'registry.k8s.io/nope:1',
      error: 'failed to pull and unpack image "registry.k8s.io/nope:1": failed to resolve reference "registry.k8s.io/nope:1": registry.k8s.io/nope:1: not found'
    },
    {
      name: 'unknown registry host',
      ref: 'myregistry.local:5000/app:1',
      error:
        'failed to pull and unpack image "myregistry.local:5000/app:1": failed to resolve reference "myregistry.local:5000/app:1": failed to do request: Head "https://myregistry.local:5000/v2/app/manifests/1": dial tcp: lookup myregistry.local: no such host'
    },
    {
      name: 'unknown digest',
      ref: `nginx@sha256:${'0'.repeat(64)}`,
      error: `failed to pull and unpack image "docker.io/library/nginx@sha256:${'0'.repeat(64)}": failed to resolve reference "docker.io/library/nginx@sha256:${'0'.repeat(64)}": docker.io/library/nginx@sha256:${'0'.repeat(64)}: not found`
    }
  ];
  for (const c of cases) it(c.name, () => expect(registry.resolve(c.ref)).toEqual({ ok: false, error: c.error }));

  it('resolves by manifest digest', () => {
    const byTag = registry.resolve('nginx:1.25');
    if (!byTag.ok) throw new Error('nginx:1.25');
    const byDigest = registry.resolve(`nginx@${byTag.image.manifestDigest}`);
    expect(byDigest.ok && byDigest.image.id).toBe(byTag.image.id);
  });
});

describe('pull time', () => {
  const cases = [
    { name: 'nothing to fetch', bytes: 0, ms: PULL_REQUEST_LATENCY_MS },
    { name: '40 MB at 40 MB/s', bytes: PULL_BANDWIDTH_BYTES_PER_S, ms: PULL_REQUEST_LATENCY_MS + 1000 },
    { name: 'pause 320 kB', bytes: 320_000, ms: PULL_REQUEST_LATENCY_MS + 8 }
  ];
  for (const c of cases) it(c.name, () => expect(pullDurationMs(c.bytes)).toBe(c.ms));
});

describe('ImageStore', () => {
  function resolved(s: string) {
    const r = registry.resolve(s);
    if (!r.ok) throw new Error(r.error);
    return r.image;
  }

  it('a second image sharing layers needs fewer bytes', () => {
    const store = new ImageStore();
    const nginx = resolved('nginx:1.27');
    const httpd = resolved('httpd');
    const httpdCold = store.missing(httpd).bytes;
    store.add(nginx, ref('nginx:1.27'));
    const httpdWarm = store.missing(httpd);
    expect(httpdWarm.bytes).toBe(httpdCold - LAYERS['debian-bookworm-slim']);
    expect(pullDurationMs(httpdWarm.bytes)).toBeLessThan(pullDurationMs(httpdCold));
    expect(store.missing(nginx)).toEqual({ bytes: 0, layers: 0 });
  });

  it('finds images by tag, familiar name, digest and ID; adds tags to one record', () => {
    const store = new ImageStore();
    const nginx = resolved('nginx');
    store.add(nginx, ref('nginx'));
    store.add(nginx, ref('nginx:1.27'));
    expect(store.list()).toHaveLength(1);
    const s = store.get('nginx:latest')!;
    expect(s.repoTags).toEqual(['docker.io/library/nginx:latest', 'docker.io/library/nginx:1.27']);
    expect(store.get('docker.io/library/nginx:1.27')).toBe(s);
    expect(store.get(nginx.id)).toBe(s);
    expect(store.get(`nginx@${nginx.manifestDigest}`)).toBe(s);
    expect(store.get('nginx:1.25')).toBeUndefined();
    expect(s.size).toBe(nginx.size);
    expect(s.uid).toBe(0);
  });

  it('reports a non-root image user', () => {
    const store = new ImageStore();
    const s = store.add(resolved(PAUSE_IMAGE), ref(PAUSE_IMAGE));
    expect(s.uid).toBe(65535);
  });

  it('removing an image keeps layers other images still use', () => {
    const store = new ImageStore();
    store.add(resolved('nginx:1.27'), ref('nginx:1.27'));
    store.add(resolved('httpd'), ref('httpd'));
    const before = store.diskBytes;
    expect(store.remove('nginx:1.27')).toBe(true);
    expect(store.remove('nginx:1.27')).toBe(false);
    expect(store.diskBytes).toBe(before - LAYERS['nginx-1.27'] - LAYERS['nginx-entrypoint']);
    expect(store.hasLayer(simulatedDigest('layer:debian-bookworm-slim'))).toBe(true);
  });
});
