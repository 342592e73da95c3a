/**
 * The busybox applets the simulated images provide, by name: what `sh` runs for a command that
 * is not a function or builtin, and what runs when a container's argv names one directly
 * (`sleep 3600`, `cat /tmp/healthy`).
 *
 * Upstream: busybox include/applets.src.h (the applet table).
 */

import { FILE_APPLETS } from './files';
import { FILTER_APPLETS } from './filters';
import { NET_APPLETS } from './net';
import { APPLET_NAMES, SYSTEM_APPLETS } from './system';
import { tar } from './tar';
import { test } from './test';
import { TEXT_APPLETS } from './text';
import type { Applet } from './applet';

export type { Applet, AppletCall } from './applet';

export const APPLETS: Record<string, Applet> = {
  ...TEXT_APPLETS,
  ...FILE_APPLETS,
  ...FILTER_APPLETS,
  ...SYSTEM_APPLETS,
  ...NET_APPLETS,
  tar,
  test,
  '[': test,
  true: () => 0,
  false: () => 1,
  // Permissions, links and sync are not modelled: they succeed and change nothing.
  chmod: () => 0,
  chown: () => 0,
  ln: () => 0,
  sync: () => 0
};

for (const name of Object.keys(APPLETS)) APPLET_NAMES.add(name);
