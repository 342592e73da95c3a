import { describe, expect, it } from 'vitest';
import { familiarName, normalizeImage, parseNormalizedNamed, referenceString } from '../../../../src/sim/node/images/reference';

const D = 'sha256:' + 'a'.repeat(64);

describe('parseNormalizedNamed', () => {
  const cases: { name: string; in: string; out?: string; domain?: string; path?: string; error?: string }[] = [
    { name: 'official image', in: 'nginx', out: 'docker.io/library/nginx:latest', domain: 'docker.io', path: 'library/nginx' },
    { name: 'official image with tag', in: 'nginx:1.27', out: 'docker.io/library/nginx:1.27' },
    { name: 'user repository', in: 'polinux/stress', out: 'docker.io/polinux/stress:latest', path: 'polinux/stress' },
    { name: 'legacy index.docker.io', in: 'index.docker.io/library/busybox:1.36', out: 'docker.io/library/busybox:1.36' },
    { name: 'explicit docker.io without library', in: 'docker.io/busybox', out: 'docker.io/library/busybox:latest' },
    { name: 'registry host', in: 'registry.k8s.io/pause:3.10', out: 'registry.k8s.io/pause:3.10', domain: 'registry.k8s.io', path: 'pause' },
    { name: 'nested path', in: 'registry.k8s.io/e2e-test-images/agnhost:2.40', out: 'registry.k8s.io/e2e-test-images/agnhost:2.40' },
    { name: 'host with port', in: 'localhost:5000/app:v1', out: 'localhost:5000/app:v1', domain: 'localhost:5000', path: 'app' },
    { name: 'localhost is a domain', in: 'localhost/app', out: 'localhost/app:latest', domain: 'localhost' },
    { name: 'digest drops nothing but shows digest', in: `nginx@${D}`, out: `docker.io/library/nginx@${D}` },
    { name: 'tag and digest: digest wins', in: `nginx:1.27@${D}`, out: `docker.io/library/nginx@${D}` },
    { name: 'uppercase repository', in: 'Nginx', error: 'invalid reference format: repository name (library/Nginx) must be lowercase' },
    { name: 'uppercase in path with host', in: 'registry.k8s.io/Pause:3.10', error: 'invalid reference format: repository name (Pause) must be lowercase' },
    { name: 'bad tag', in: 'nginx:-bad', error: 'invalid reference format' },
    { name: 'spaces', in: 'nginx latest', error: 'invalid reference format' },
    { name: 'trailing colon', in: 'nginx:', error: 'invalid reference format' },
    { name: 'empty', in: '', error: 'invalid reference format' },
    { name: 'bare 64-hex identifier', in: 'a'.repeat(64), error: `invalid repository name (${'a'.repeat(64)}), cannot specify 64-byte hexadecimal strings` },
    { name: 'short digest', in: 'nginx@sha256:abc', error: 'invalid reference format' },
    { name: 'digest of wrong length', in: `nginx@sha256:${'a'.repeat(40)}`, error: 'invalid checksum digest length' },
    { name: 'unsupported digest algorithm', in: `nginx@md5:${'a'.repeat(32)}`, error: 'unsupported digest algorithm' },
    { name: 'name too long', in: 'a'.repeat(250), error: 'repository name must not be more than 255 characters' }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = parseNormalizedNamed(c.in);
      if (c.error) {
        expect(r).toEqual({ ok: false, error: c.error });
        return;
      }
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(referenceString(r.ref)).toBe(c.out);
      if (c.domain) expect(r.ref.domain).toBe(c.domain);
      if (c.path) expect(r.ref.path).toBe(c.path);
    });
  }
});

describe('normalizeImage (the kubelet side)', () => {
  it('applies the default tag keeping the spelling', () => {
    const r = normalizeImage('nginx');
    expect(r.ok && r.image).toBe('nginx:latest');
    const t = normalizeImage('nginx:1.27');
    expect(t.ok && t.image).toBe('nginx:1.27');
  });
  it('gives InvalidImageName with the kubelet message', () => {
    expect(normalizeImage('Nginx')).toEqual({
      ok: false,
      reason: 'InvalidImageName',
      message: 'Failed to apply default image tag "Nginx": couldn\'t parse image name "Nginx": invalid reference format: repository name (library/Nginx) must be lowercase'
    });
  });
});

describe('familiarName', () => {
  const cases = [
    ['docker.io/library/nginx', 'nginx'],
    ['docker.io/polinux/stress', 'polinux/stress'],
    ['registry.k8s.io/pause', 'registry.k8s.io/pause']
  ];
  for (const [full, short] of cases) it(full, () => expect(familiarName(full)).toBe(short));
});
