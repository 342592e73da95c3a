import { describe, expect, it } from 'vitest';
import { MemoryFS, resolvePath } from '../../../../../src/sim/node/programs/sh/memfs';

describe('MemoryFS', () => {
  it('creates, appends, reads and stamps files with the virtual time', () => {
    const clock = { now: 1000 };
    const fs = new MemoryFS(() => clock.now, { '/etc/hostname': 'pod-1\n' });
    expect(fs.read('/etc/hostname')).toBe('pod-1\n');
    expect(fs.write('/tmp/a', 'x')).toBeUndefined();
    clock.now = 5000;
    expect(fs.write('/tmp/a', 'y', true)).toBeUndefined();
    expect(fs.read('/tmp/a')).toBe('xy');
    expect(fs.stat('/tmp/a')).toEqual({ type: 'file', size: 2, mtime: 5000 });
  });

  it('reports errors as the kernel would', () => {
    const fs = new MemoryFS();
    expect(fs.read('/nope')).toBe('ENOENT');
    expect(fs.read('/tmp')).toBe('EISDIR');
    expect(fs.write('/no/dir/f', '')).toBe('ENOENT');
    expect(fs.write('/tmp', '')).toBe('EISDIR');
    expect(fs.mkdir('/tmp')).toBe('EEXIST');
    expect(fs.mkdir('/a/b')).toBe('ENOENT');
    fs.write('/tmp/f', '');
    expect(fs.read('/tmp/f/x')).toBe('ENOTDIR');
    expect(fs.remove('/tmp')).toBe('ENOTEMPTY');
    expect(fs.remove('/nope')).toBe('ENOENT');
    expect(fs.list('/tmp/f')).toBe('ENOTDIR');
  });

  it('makes parents, lists sorted names, removes trees', () => {
    const fs = new MemoryFS();
    expect(fs.mkdir('/data/b/c', true)).toBeUndefined();
    fs.write('/data/a', '1');
    expect(fs.list('/data')).toEqual(['a', 'b']);
    expect(fs.remove('/data', true)).toBeUndefined();
    expect(fs.stat('/data')).toBe('ENOENT');
  });

  it('resolves relative paths, . and ..', () => {
    expect(resolvePath('/app', 'x/../y/./z')).toBe('/app/y/z');
    expect(resolvePath('/app', '/etc/../tmp')).toBe('/tmp');
    expect(resolvePath('/', '..')).toBe('/');
  });
});

describe('MemoryFS.clone', () => {
  it('copies the tree: writes to the copy leave the original alone', () => {
    const fs = new MemoryFS(() => 0, { '/etc/os-release': 'busybox\n' });
    const copy = fs.clone();
    copy.write('/etc/os-release', 'changed\n');
    copy.write('/tmp/new', 'x');
    expect(fs.read('/etc/os-release')).toBe('busybox\n');
    expect(fs.read('/tmp/new')).toBe('ENOENT');
    expect(copy.read('/etc/os-release')).toBe('changed\n');
  });
});
