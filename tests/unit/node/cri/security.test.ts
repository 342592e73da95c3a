import { describe, expect, it } from 'vitest';
import { capabilityBoundingSet, capabilityMask, processCredentials, processSecurity, procStatus } from '../../../../src/sim/node/cri/security';
import { BUSYBOX_USERS } from '../../../../src/sim/node/fs/rootfs';
import { MapFS } from '../../../../src/sim/node/fs/map-fs';
import { MountedFS } from '../../../../src/sim/node/fs/mounts';
import type { LinuxContainerSecurityContext } from '../../../../src/sim/node/cri/types';
import { runScript } from '../programs/sh/harness';

const PASSWD = BUSYBOX_USERS['/etc/passwd'];
const GROUP = BUSYBOX_USERS['/etc/group'];

describe('processCredentials (containerd: user, gid from passwd, groups sorted)', () => {
  const cases: { name: string; sc?: LinuxContainerSecurityContext; image?: string; want: object }[] = [
    { name: 'root image, no security context', want: { uid: 0, gid: 0, groups: [0, 10] } },
    { name: "the docs' example", sc: { runAsUser: 1000, runAsGroup: 3000, supplementalGroups: [2000] }, want: { uid: 1000, gid: 3000, groups: [2000, 3000] } },
    { name: 'with supplementalGroups too', sc: { runAsUser: 1000, runAsGroup: 3000, supplementalGroups: [2000, 4000] }, want: { uid: 1000, gid: 3000, groups: [2000, 3000, 4000] } },
    { name: 'a passwd user gets its gid', sc: { runAsUser: 33 }, want: { uid: 33, gid: 33, groups: [33] } },
    { name: 'an unknown uid without runAsGroup is gid 0', sc: { runAsUser: 1000 }, want: { uid: 1000, gid: 0, groups: [0] } },
    { name: 'image USER uid:gid', image: '65532:65532', want: { uid: 65532, gid: 65532, groups: [65532] } },
    { name: 'image USER by name', image: 'nobody', want: { uid: 65534, gid: 65534, groups: [65534] } }
  ];
  for (const c of cases) it(c.name, () => expect(processCredentials(c.sc, c.image ?? '', PASSWD, GROUP)).toEqual(c.want));
  it('a user name missing from passwd is containerd’s error', () => {
    expect(processCredentials({ runAsUsername: 'app' }, '', PASSWD, GROUP)).toEqual({ error: 'unable to find user app: no matching entries in passwd file' });
  });
});

describe('capabilities (containerd default set, add/drop, privileged)', () => {
  const cases: { name: string; sc?: LinuxContainerSecurityContext; mask: string }[] = [
    { name: 'default', mask: '00000000a80425fb' },
    { name: 'add NET_ADMIN, drop NET_RAW', sc: { capabilities: { addCapabilities: ['NET_ADMIN'], dropCapabilities: ['NET_RAW'] } }, mask: '00000000a80415fb' },
    { name: 'drop ALL, add NET_BIND_SERVICE', sc: { capabilities: { addCapabilities: ['NET_BIND_SERVICE'], dropCapabilities: ['ALL'] } }, mask: '0000000000000400' },
    { name: 'add ALL, drop CHOWN', sc: { capabilities: { addCapabilities: ['ALL'], dropCapabilities: ['CHOWN'] } }, mask: '000001fffffffffe' },
    { name: 'privileged', sc: { privileged: true, capabilities: { addCapabilities: [], dropCapabilities: ['ALL'] } }, mask: '000001ffffffffff' }
  ];
  for (const c of cases) it(c.name, () => expect(capabilityMask(capabilityBoundingSet(c.sc))).toBe(c.mask));
});

describe('/proc/1/status', () => {
  const lines = (sc: LinuxContainerSecurityContext) => {
    const creds = processCredentials(sc, '', PASSWD, GROUP);
    if ('error' in creds) throw new Error(creds.error);
    return procStatus('sleep', processSecurity(sc, creds)).split('\n');
  };
  it('non-root: no effective capabilities, the bounding set stays; no_new_privs', () => {
    const l = lines({ runAsUser: 1000, runAsGroup: 3000, supplementalGroups: [2000], noNewPrivs: true });
    expect(l).toContain('Uid:\t1000\t1000\t1000\t1000');
    expect(l).toContain('Groups:\t2000 3000 ');
    expect(l).toContain('CapEff:\t0000000000000000');
    expect(l).toContain('CapBnd:\t00000000a80425fb');
    expect(l).toContain('NoNewPrivs:\t1');
    expect(l).toContain('Seccomp:\t0');
  });
  it('RuntimeDefault seccomp is a filter, privileged ignores it', () => {
    expect(lines({ seccomp: { profileType: 'RuntimeDefault' } })).toContain('Seccomp:\t2');
    expect(lines({ privileged: true, seccomp: { profileType: 'RuntimeDefault' } })).toContain('Seccomp:\t0');
  });
});

describe('files under a security context (MountedFS + busybox)', () => {
  const cases: { name: string; script: string; user?: { uid: number; gid: number; groups: number[] }; readonlyRoot?: boolean; out: string; err?: string; code?: number }[] = [
    { name: "id as the docs' user", script: 'id; id -u; id -G', user: { uid: 1000, gid: 3000, groups: [2000, 3000] }, out: 'uid=1000 gid=3000 groups=2000,3000\n1000\n2000 3000\n' },
    { name: 'the fsGroup directory and a file made in it', script: 'ls -l /data; cd /data/demo; echo hello > testfile; ls -l', user: { uid: 1000, gid: 3000, groups: [2000, 3000] }, out: 'total 4\ndrwxrwsrwx    2 root     2000         4096 Jan  1 00:00 demo\ntotal 4\n-rw-r--r--    1 1000     2000            6 Jan  1 00:00 testfile\n' },
    { name: 'a non-root user may not write in root’s directories', script: 'touch /x; echo > /etc/y', user: { uid: 1000, gid: 3000, groups: [3000] }, out: '', err: "touch: /x: Permission denied\nsh: can't create /etc/y: Permission denied\n", code: 2 },
    { name: 'readOnlyRootFilesystem: the rootfs refuses, the volume accepts', script: 'touch /x; echo $?; echo hi > /data/demo/x && cat /data/demo/x', readonlyRoot: true, out: '1\nhi\n', err: 'touch: /x: Read-only file system\n' },
    { name: 'whoami of a uid without a name', script: 'whoami', user: { uid: 1000, gid: 3000, groups: [3000] }, out: '', err: 'whoami: unknown uid 1000\n', code: 1 }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const node = new MapFS(new Map([['/vol/', '']]));
      node.chown('/vol', { uid: 0, gid: 2000, mode: 0o2777 });
      const root = new MapFS(new Map(Object.entries(BUSYBOX_USERS)), () => 0);
      root.mkdir('/tmp');
      const fs = new MountedFS(root, node, [{ containerPath: '/data/demo', hostPath: '/vol' }], { readonlyRoot: c.readonlyRoot, user: c.user });
      const r = runScript(c.script, { containerFS: fs, user: c.user });
      expect(r.out()).toBe(c.out);
      expect(r.err()).toBe(c.err ?? '');
      expect(r.trace.exit?.code).toBe(c.code ?? 0);
    });
  }
});
