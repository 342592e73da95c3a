import { describe, expect, it } from 'vitest';
import { MapFS, nodeFS } from '../../../../src/sim/node/fs/map-fs';
import { MountedFS } from '../../../../src/sim/node/fs/mounts';
import { containerRootfs, imageBase } from '../../../../src/sim/node/fs/rootfs';
import { IMAGES } from '../../../../src/sim/node/images/catalog';
import { Registry } from '../../../../src/sim/node/images/registry';

const nginx = IMAGES.find((i) => i.program === 'nginx')!;

describe('MapFS (the node filesystem shape)', () => {
  it('directories are implied by the files below them and made by mkdir', () => {
    const fs = new MapFS(new Map([['/etc/kubernetes/manifests/etcd.yaml', 'x']]));
    expect(fs.list('/etc/kubernetes')).toEqual(['manifests']);
    expect(fs.mkdir('/var/lib/a/b')).toBe('ENOENT');
    expect(fs.mkdir('/var/lib/a/b', true)).toBeUndefined();
    expect(fs.stat('/var/lib/a')).toMatchObject({ type: 'dir' });
    expect(fs.mkdir('/var/lib/a/b')).toBe('EEXIST');
  });

  it('write needs the parent directory; a file in the way is ENOTDIR', () => {
    const fs = new MapFS(new Map([['/tmp/', '']]));
    expect(fs.write('/nope/x', 'a')).toBe('ENOENT');
    expect(fs.write('/tmp/f', 'a')).toBeUndefined();
    expect(fs.write('/tmp/f', 'b', true)).toBeUndefined();
    expect(fs.read('/tmp/f')).toBe('ab');
    expect(fs.write('/tmp/f/x', 'a')).toBe('ENOTDIR');
    expect(fs.read('/tmp')).toBe('EISDIR');
  });

  it('remove: a directory needs recursive', () => {
    const fs = new MapFS(new Map([['/d/a', '1'], ['/d/e/b', '2']]));
    expect(fs.remove('/d')).toBe('EISDIR');
    expect(fs.remove('/d', true)).toBeUndefined();
    expect(fs.stat('/d')).toBe('ENOENT');
    expect(fs.remove('/d')).toBe('ENOENT');
  });

  it('stat carries the virtual time of the last write', () => {
    let now = 5;
    const fs = new MapFS(new Map([['/tmp/', '']]), () => now);
    fs.write('/tmp/f', 'abc');
    now = 9;
    expect(fs.stat('/tmp/f')).toEqual({ type: 'file', size: 3, mtime: 5 });
  });

  it('copy-on-write over a shared base: writes and removals stay in the upper layer', () => {
    const base = new Map([['/etc/os-release', 'debian'], ['/srv/a', '1'], ['/srv/b', '2']]);
    const one = new MapFS(new Map(), () => 0, base);
    const two = new MapFS(new Map(), () => 0, base);
    one.write('/etc/os-release', 'changed');
    one.remove('/srv', true);
    expect(one.read('/etc/os-release')).toBe('changed');
    expect(one.stat('/srv')).toBe('ENOENT');
    expect(two.read('/etc/os-release')).toBe('debian');
    expect(two.list('/srv')).toEqual(['a', 'b']);
    expect(base.size).toBe(3);
    one.mkdir('/srv');
    expect(one.list('/srv')).toEqual([]);
  });

  it('one node filesystem object per map', () => {
    const files = new Map<string, string>();
    expect(nodeFS(files)).toBe(nodeFS(files));
  });
});

describe('rootfs', () => {
  it('the image base is built once and shared', () => {
    expect(imageBase(nginx)).toBe(imageBase(nginx));
    const fs = containerRootfs(nginx, { hostname: 'web', ip: '10.244.1.7', namespace: 'shop' }, () => 0);
    expect(fs.read('/etc/resolv.conf')).toBe('search shop.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n');
    expect(fs.read('/etc/hosts')).toMatch(/\n10\.244\.1\.7\tweb\n$/);
    expect(fs.own.size).toBe(3);
  });

  it("/etc/os-release follows the image's base layer; busybox has none", () => {
    const registry = new Registry();
    const read = (ref: string) => {
      const r = registry.resolve(ref);
      if (!r.ok) throw new Error(ref);
      return containerRootfs(r.image, { hostname: 'x', ip: '', namespace: 'default' }, () => 0).read('/etc/os-release');
    };
    expect(read('nginx')).toMatch(/^PRETTY_NAME="Debian GNU\/Linux 12 \(bookworm\)"\n[\s\S]*\nID=debian\n/);
    expect(read('nginx:1.16.1')).toMatch(/^PRETTY_NAME="Debian GNU\/Linux 10 \(buster\)"/);
    expect(read('nginx:alpine')).toMatch(/^NAME="Alpine Linux"\nID=alpine\nVERSION_ID=3\.20\.3\nPRETTY_NAME="Alpine Linux v3\.20"\n/);
    expect(read('busybox')).toBe('ENOENT');
  });

  it('spec.subdomain puts the FQDN in /etc/hosts', () => {
    const fs = containerRootfs(nginx, { hostname: 'web-0', ip: '10.244.1.7', namespace: 'shop', subdomain: 'web' }, () => 0);
    expect(fs.read('/etc/hosts')).toMatch(/\n10\.244\.1\.7\tweb-0\.web\.shop\.svc\.cluster\.local\tweb-0\n$/);
  });
});

describe('MountedFS', () => {
  const setup = () => {
    const node = new MapFS(new Map([['/vol/cm/key', 'value'], ['/vol/data/', '']]));
    const root = new MapFS(new Map([['/etc/', ''], ['/tmp/', '']]));
    const fs = new MountedFS(root, node, [
      { containerPath: '/etc/config', hostPath: '/vol/cm', readonly: true },
      { containerPath: '/data', hostPath: '/vol/data' }
    ]);
    return { node, root, fs };
  };
  it('reads through a mount, and a listing shows mount points', () => {
    const { fs } = setup();
    expect(fs.read('/etc/config/key')).toBe('value');
    expect(fs.list('/etc')).toEqual(['config']);
    expect(fs.list('/')).toEqual(['data', 'etc', 'tmp']);
  });
  it('writes land in the node filesystem; readonly mounts answer EROFS', () => {
    const { fs, node, root } = setup();
    expect(fs.write('/data/out', 'x')).toBeUndefined();
    expect(node.read('/vol/data/out')).toBe('x');
    expect(fs.write('/etc/config/key', 'y')).toBe('EROFS');
    expect(fs.remove('/etc/config/key')).toBe('EROFS');
    expect(fs.write('/tmp/here', 'z')).toBeUndefined();
    expect(root.read('/tmp/here')).toBe('z');
  });
});
