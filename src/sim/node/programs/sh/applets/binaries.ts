/**
 * Programs that are not busybox applets but binaries of their own (curl): an image has one only
 * when its rootfs has the file (rootfs.ts gives it to the layers that install it; the learner's
 * machine has it in host-shell.ts), and the shell runs it as ash does a command, by finding the
 * file through PATH. A binary's file holds an ELF magic and the program's name, so a copy
 * (`cp /usr/bin/curl /tmp/c`) runs the same program and a removed file (`rm /usr/bin/curl`) is
 * "not found", while busybox's own applets stay in the global table (applets/index.ts).
 *
 * Upstream: busybox shell/ash.c (find_command: PATH search for a command that is not a builtin
 * or applet); the images' Dockerfiles for who ships which binary (see rootfs.ts).
 */

import type { Applet } from './applet';
import { curl } from './curl';

export interface Binary {
  /** Where the packages install it. */
  path: string;
  applet: Applet;
}

export const BINARIES: Readonly<Record<string, Binary>> = {
  curl: { path: '/usr/bin/curl', applet: curl }
};

const MAGIC = '\u007fELF ';

/** The text of a binary's file: what `cat /usr/bin/curl` shows instead of machine code. */
export function binaryFile(name: keyof typeof BINARIES): string {
  return `${MAGIC}${name}\n`;
}

/** The program a file's text is the binary of, or undefined (a script, data, an fs error). */
export function binaryIn(text: string): Applet | undefined {
  if (!text.startsWith(MAGIC)) return undefined;
  return BINARIES[text.slice(MAGIC.length).trimEnd()]?.applet;
}

/** The files that install binaries, for an image's rootfs or a host's disk. */
export function binaryFiles(...names: (keyof typeof BINARIES)[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [BINARIES[n].path, binaryFile(n)]));
}
