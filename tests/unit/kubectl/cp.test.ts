import { describe, expect, it } from 'vitest';
import { consoleSession } from './console-session';
import { readTar, writeTar } from '../../../src/sim/node/programs/sh/applets/tar';
import { extractFileSpec } from '../../../src/sim/kubectl/cp';

describe('tar archives (ustar)', () => {
  it('round-trips files and directories, UTF-8 text included, in 512-byte blocks with a valid checksum', () => {
    const archive = writeTar([
      { name: 'etc/', type: 'dir', text: '', mode: 0o755, mtime: 0 },
      { name: 'etc/motd', type: 'file', text: 'héllo ☸\n', mode: 0o644, mtime: 5000 }
    ]);
    expect(archive.length % 512).toBe(0);
    // header, header, one data block, two zero blocks
    expect(archive.length).toBe(5 * 512);
    const second = archive.slice(512, 1024);
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : second.charCodeAt(i);
    expect(parseInt(second.slice(148, 154), 8)).toBe(sum);
    expect(second.slice(257, 263)).toBe('ustar\0');
    expect(readTar(archive)).toEqual([
      { name: 'etc/', type: 'dir', text: '', mode: 0o755, mtime: 0 },
      { name: 'etc/motd', type: 'file', text: 'héllo ☸\n', mode: 0o644, mtime: 5000 }
    ]);
    expect(readTar('')).toEqual({ error: 'short read' });
  });

  it('reads kubectl cp file specs as upstream’s extractFileSpec', () => {
    expect(extractFileSpec('web:/etc/hosts')).toEqual({ pod: 'web', file: '/etc/hosts' });
    expect(extractFileSpec('team/web:/etc/hosts')).toEqual({ namespace: 'team', pod: 'web', file: '/etc/hosts' });
    expect(extractFileSpec('./local.txt')).toEqual({ file: './local.txt' });
  });
});

describe('kubectl cp', () => {
  it('copies a file and a directory out of a pod (tar cf - in the container) onto the learner’s machine', async () => {
    const { run, cluster } = await consoleSession();
    await run('kubectl run web --image=nginx:1.27');
    await cluster.advance(20_000);
    expect(await run('kubectl cp web:/etc/nginx/conf.d/default.conf default.conf')).toEqual({ out: "tar: removing leading '/' from member names\n", code: 0 });
    expect((await run('head -2 default.conf')).out).toBe('server {\n    listen       80;\n');
    await run('kubectl cp default/web:/etc/nginx nginx-conf');
    expect((await run('ls nginx-conf/conf.d')).out).toBe('default.conf\n');
    const missing = await run('kubectl cp web:/etc/nope x');
    // busybox warns of the leading '/' for a member it writes: none here.
    expect(missing).toEqual({ out: 'tar: /etc/nope: No such file or directory\ntar: error exit delayed from previous errors\ncommand terminated with exit code 1\n', code: 1 });
  });

  it('copies into a pod: into an existing directory under the file’s name, or to a new name (tar -xmf - -C DIR)', async () => {
    const { run, cluster } = await consoleSession();
    await run('kubectl run bb --image=busybox -- sleep 3600');
    await cluster.advance(20_000);
    await run('echo hello > hello.txt');
    expect(await run('kubectl cp hello.txt bb:/tmp')).toEqual({ out: '', code: 0 });
    // `test -d /tmp` found a directory, then tar extracted there: two ExecSync calls in the container.
    expect((await run('sim trace --kind cri.ExecSync')).out.match(/phase=call .* cmd=\S+/g)?.map((l) => l.replace(/.* cmd=/, ''))).toEqual(['["test","-d","/tmp"]', '["tar","-xmf","-","-C","/tmp"]']);
    expect((await run('kubectl exec bb -- cat /tmp/hello.txt')).out).toBe('hello\n');
    await run('kubectl cp hello.txt bb:/tmp/renamed.txt');
    expect((await run('kubectl exec bb -- ls /tmp')).out).toBe('hello.txt\nrenamed.txt\n');
  });

  it('refuses what kubectl refuses, with its words', async () => {
    const { run } = await consoleSession();
    expect((await run('kubectl cp a')).out).toBe('error: source and destination are required\n');
    expect((await run('kubectl cp :x y')).out).toBe('error: filespec must match the canonical format: [[namespace/]pod:]file/path\n');
    expect((await run('kubectl cp a:/x b:/y')).out).toBe('error: one of src or dest must be a local file specification\n');
    expect((await run('kubectl cp a b')).out).toBe('error: one of src or dest must be a remote file specification\n');
    expect((await run('kubectl cp nope.txt web:/tmp')).out).toBe("error: nope.txt doesn't exist in local filesystem\n");
  });
});
