/**
 * The image's user and group databases (/etc/passwd, /etc/group), read by the runtime to resolve
 * a container's user and by busybox applets (id, whoami, ps, ls -l) to print names: an id the
 * files do not name prints as a number, as in the docs' `uid=1000 gid=3000 groups=2000,3000`.
 * upstream: busybox libbb/bb_pwd.c (uid2uname_utoa), coreutils/id.c; the passwd(5)/group(5) formats.
 */

import type { ContainerFS } from './process';

export interface PasswdEntry {
  name: string;
  uid: number;
  gid: number;
}

export interface GroupEntry {
  name: string;
  gid: number;
  members: string[];
}

export function parsePasswd(text: string | undefined): PasswdEntry[] {
  const out: PasswdEntry[] = [];
  for (const line of (text ?? '').split('\n')) {
    const f = line.split(':');
    if (f.length >= 4 && /^\d+$/.test(f[2]) && /^\d+$/.test(f[3])) out.push({ name: f[0], uid: Number(f[2]), gid: Number(f[3]) });
  }
  return out;
}

export function parseGroup(text: string | undefined): GroupEntry[] {
  const out: GroupEntry[] = [];
  for (const line of (text ?? '').split('\n')) {
    const f = line.split(':');
    if (f.length >= 3 && /^\d+$/.test(f[2])) out.push({ name: f[0], gid: Number(f[2]), members: (f[3] ?? '').split(',').filter(Boolean) });
  }
  return out;
}

const textOf = (fs: ContainerFS, path: string): string | undefined => {
  const t = fs.read(path);
  return t === 'ENOENT' || t === 'EISDIR' || t === 'ENOTDIR' || t === 'EACCES' || t === 'EEXIST' || t === 'EROFS' || t === 'ENOTEMPTY' ? undefined : t;
};

/** The user's name in the container's /etc/passwd, or undefined. */
export function userName(fs: ContainerFS, uid: number): string | undefined {
  return parsePasswd(textOf(fs, '/etc/passwd')).find((u) => u.uid === uid)?.name;
}

/** The group's name in the container's /etc/group, or undefined. */
export function groupName(fs: ContainerFS, gid: number): string | undefined {
  return parseGroup(textOf(fs, '/etc/group')).find((g) => g.gid === gid)?.name;
}
