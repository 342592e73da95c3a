import { describe, expect, it } from 'vitest';
import { humanSize, listCatalog, listNodeImages, truncatedID } from '../../../../src/sim/kubelet/images/list';
import { ImageStore, Registry } from '../../../../src/sim/node/images/registry';
import { parseNormalizedNamed } from '../../../../src/sim/node/images/reference';

describe('sim images', () => {
  it('sizes as go-units HumanSizeWithPrecision(size, 3) and IDs truncated to 13', () => {
    expect(humanSize(320_000)).toBe('320kB');
    expect(humanSize(72_123_456)).toBe('72.1MB');
    expect(humanSize(1_000_000)).toBe('1MB');
    expect(humanSize(999)).toBe('999B');
    expect(truncatedID('sha256:0123456789abcdef0123')).toBe('0123456789abc');
  });

  it('lays a node’s images out as crictl images (tabwriter minwidth 20, padding 3), one row per tag', () => {
    const registry = new Registry();
    const store = new ImageStore();
    for (const ref of ['docker.io/library/nginx:1.27', 'registry.k8s.io/pause:3.10', 'docker.io/library/busybox:1.37', 'docker.io/library/busybox:latest']) {
      const r = registry.resolve(ref);
      if (!r.ok) throw new Error(r.error);
      const named = parseNormalizedNamed(ref);
      if (!named.ok) throw new Error('bad ref');
      store.add(r.image, named.ref);
    }
    const out = listNodeImages({ images: store } as never).split('\n');
    // The widest IMAGE cell (docker.io/library/busybox, 25) plus padding 3; the other columns stay at minwidth 20.
    expect(out[0]).toBe('IMAGE'.padEnd(28) + 'TAG'.padEnd(20) + 'IMAGE ID'.padEnd(20) + 'SIZE');
    const busybox = store.get('docker.io/library/busybox:1.37')!;
    expect(out[1]).toBe('docker.io/library/busybox'.padEnd(28) + '1.37'.padEnd(20) + busybox.id.slice(7, 20).padEnd(20) + humanSize(busybox.size));
    expect(out[2]).toMatch(/^docker\.io\/library\/busybox\s+latest\s+[0-9a-f]{13}\s+2\.\d+MB$/);
    expect(out[3]).toMatch(/^docker\.io\/library\/nginx\s+1\.27\s+/);
    expect(out[4]).toMatch(/^registry\.k8s\.io\/pause\s+3\.10\s+[0-9a-f]{13}\s+320kB$/);
    expect(out).toHaveLength(6);
  });

  it('lists the registries’ catalog with every tag', () => {
    const out = listCatalog().split('\n');
    expect(out[0]).toMatch(/^IMAGE\s+TAGS\s+SIZE$/);
    expect(out.some((l) => /^docker\.io\/library\/busybox\s+latest,1\.37\s+\d/.test(l))).toBe(true);
  });
});
