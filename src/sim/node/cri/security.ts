/**
 * What the runtime makes of a container's LinuxContainerSecurityContext (pure): the process's
 * credentials (uid, gid and groups, looked up in the image's /etc/passwd and /etc/group as
 * containerd does), its capability sets (containerd's default set, add/drop, everything when
 * privileged; a non-root process keeps none in its permitted and effective sets, as execve
 * leaves them), no_new_privs and seccomp, and the `/proc/1/status` lines that show them.
 * upstream: containerd pkg/oci/spec_opts.go (WithUser, WithUserID, WithAdditionalGIDs,
 * ensureAdditionalGids, WithSupplementalGroups), pkg/oci/spec.go (defaultUnixCaps),
 * internal/cri/opts/spec_opts_linux.go (WithCapabilities), internal/cri/server/container_create_linux.go
 * (privileged: all capabilities and no seccomp); linux include/uapi/linux/capability.h (the bits),
 * fs/proc/array.c (the status file), kernel/groups.c (setgroups sorts the list).
 */

import type { ProcessCredentials } from '../programs/process';
import { parseGroup, parsePasswd } from '../programs/users';
import type { LinuxContainerSecurityContext } from './types';

export type { ProcessCredentials };

/** Capability names by bit, CAP_CHOWN (0) to CAP_CHECKPOINT_RESTORE (40), as kernel 6.x knows them. */
export const ALL_CAPABILITIES = [
  'CHOWN', 'DAC_OVERRIDE', 'DAC_READ_SEARCH', 'FOWNER', 'FSETID', 'KILL', 'SETGID', 'SETUID', 'SETPCAP', 'LINUX_IMMUTABLE',
  'NET_BIND_SERVICE', 'NET_BROADCAST', 'NET_ADMIN', 'NET_RAW', 'IPC_LOCK', 'IPC_OWNER', 'SYS_MODULE', 'SYS_RAWIO', 'SYS_CHROOT', 'SYS_PTRACE',
  'SYS_PACCT', 'SYS_ADMIN', 'SYS_BOOT', 'SYS_NICE', 'SYS_RESOURCE', 'SYS_TIME', 'SYS_TTY_CONFIG', 'MKNOD', 'LEASE', 'AUDIT_WRITE',
  'AUDIT_CONTROL', 'SETFCAP', 'MAC_OVERRIDE', 'MAC_ADMIN', 'SYSLOG', 'WAKE_ALARM', 'BLOCK_SUSPEND', 'AUDIT_READ', 'PERFMON', 'BPF',
  'CHECKPOINT_RESTORE'
] as const;

/** containerd's default set (upstream: pkg/oci/spec.go defaultUnixCaps): CapEff a80425fb for root. */
export const DEFAULT_CAPABILITIES = ['CHOWN', 'DAC_OVERRIDE', 'FSETID', 'FOWNER', 'MKNOD', 'NET_RAW', 'SETGID', 'SETUID', 'SETFCAP', 'SETPCAP', 'NET_BIND_SERVICE', 'SYS_CHROOT', 'KILL', 'AUDIT_WRITE'];

export interface ProcessSecurity extends ProcessCredentials {
  /** The capability names in the bounding set (without CAP_). */
  bounding: string[];
  /** Permitted = effective: the bounding set for root, none for any other uid. */
  effective: string[];
  noNewPrivs: boolean;
  /** 0 none, 2 a filter (RuntimeDefault, Localhost). */
  seccomp: 0 | 2;
  privileged: boolean;
  readonlyRootfs: boolean;
}

/**
 * The process's uid, gid and groups. `imageUser` is the image config's USER (`name`, `uid` or
 * `uid:gid`), used when the kubelet passes no user at all. Returns an error text (containerd's)
 * for a user name the image's passwd file does not have.
 */
export function processCredentials(sc: LinuxContainerSecurityContext | undefined, imageUser: string, passwd: string | undefined, group: string | undefined): ProcessCredentials | { error: string } {
  const users = parsePasswd(passwd);
  let uid = 0;
  let gid: number | undefined;
  let name: string | undefined;
  const userPart = sc?.runAsUser !== undefined ? String(sc.runAsUser) : sc?.runAsUsername || imageUser;
  const [user, groupPart] = userPart.split(':');
  if (user === '' || /^\d+$/.test(user)) {
    uid = user === '' ? 0 : Number(user);
    const entry = users.find((u) => u.uid === uid);
    gid = entry?.gid ?? 0;
    name = entry?.name;
  } else {
    const entry = users.find((u) => u.name === user);
    if (!entry) return { error: `unable to find user ${user}: no matching entries in passwd file` };
    ({ uid, gid, name } = entry);
  }
  if (groupPart !== undefined && /^\d+$/.test(groupPart) && sc?.runAsUser === undefined) gid = Number(groupPart);
  if (sc?.runAsGroup !== undefined) gid = sc.runAsGroup;
  const groups = new Set<number>([gid ?? 0]);
  if (name) for (const g of parseGroup(group)) if (g.gid !== gid && g.members.includes(name)) groups.add(g.gid);
  for (const g of sc?.supplementalGroups ?? []) groups.add(g);
  return { uid, gid: gid ?? 0, groups: [...groups].sort((a, b) => a - b) };
}

/** upstream: containerd WithCapabilities (ALL first, then single names), privileged: every capability. */
export function capabilityBoundingSet(sc: LinuxContainerSecurityContext | undefined): string[] {
  if (sc?.privileged) return [...ALL_CAPABILITIES];
  const up = (c: string) => c.toUpperCase().replace(/^CAP_/, '');
  const add = (sc?.capabilities?.addCapabilities ?? []).map(up);
  const drop = (sc?.capabilities?.dropCapabilities ?? []).map(up);
  let caps = new Set<string>(DEFAULT_CAPABILITIES);
  if (add.includes('ALL')) caps = new Set(ALL_CAPABILITIES);
  if (drop.includes('ALL')) caps = new Set();
  for (const c of add) if (c !== 'ALL' && (ALL_CAPABILITIES as readonly string[]).includes(c)) caps.add(c);
  for (const c of drop) caps.delete(c);
  return ALL_CAPABILITIES.filter((c) => caps.has(c));
}

export function processSecurity(sc: LinuxContainerSecurityContext | undefined, creds: ProcessCredentials): ProcessSecurity {
  const bounding = capabilityBoundingSet(sc);
  const privileged = sc?.privileged === true;
  const profile = sc?.seccomp?.profileType;
  return {
    ...creds,
    bounding,
    effective: creds.uid === 0 ? bounding : [],
    noNewPrivs: sc?.noNewPrivs === true,
    seccomp: !privileged && (profile === 'RuntimeDefault' || profile === 'Localhost') ? 2 : 0,
    privileged,
    readonlyRootfs: sc?.readonlyRootfs === true
  };
}

/** A capability set as /proc prints it: 16 hex digits. */
export function capabilityMask(caps: readonly string[]): string {
  let mask = 0n;
  for (const c of caps) {
    const bit = (ALL_CAPABILITIES as readonly string[]).indexOf(c);
    if (bit >= 0) mask |= 1n << BigInt(bit);
  }
  return mask.toString(16).padStart(16, '0');
}

/** `/proc/1/status` (fs/proc/array.c), the lines about identity and privileges. */
export function procStatus(name: string, s: ProcessSecurity): string {
  const ids = (n: number) => `${n}\t${n}\t${n}\t${n}`;
  const none = capabilityMask([]);
  return [
    `Name:\t${name.slice(0, 15)}`,
    'Umask:\t0022',
    'State:\tS (sleeping)',
    'Tgid:\t1',
    'Ngid:\t0',
    'Pid:\t1',
    'PPid:\t0',
    'TracerPid:\t0',
    `Uid:\t${ids(s.uid)}`,
    `Gid:\t${ids(s.gid)}`,
    'FDSize:\t64',
    `Groups:\t${s.groups.map((g) => `${g} `).join('')}`,
    'NStgid:\t1',
    'NSpid:\t1',
    'NSpgid:\t1',
    'NSsid:\t1',
    `CapInh:\t${none}`,
    `CapPrm:\t${capabilityMask(s.effective)}`,
    `CapEff:\t${capabilityMask(s.effective)}`,
    `CapBnd:\t${capabilityMask(s.bounding)}`,
    `CapAmb:\t${none}`,
    `NoNewPrivs:\t${s.noNewPrivs ? 1 : 0}`,
    `Seccomp:\t${s.seccomp}`,
    `Seccomp_filters:\t${s.seccomp ? 1 : 0}`,
    ''
  ].join('\n');
}
