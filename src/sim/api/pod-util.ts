/**
 * Small pod helpers shared by the kubelet, the printers and the page (a module of its own, so the
 * page's map does not load the table printers for them).
 * upstream: pkg/api/v1/pod/util.go
 */

/* eslint-disable @typescript-eslint/no-explicit-any */

/** IsRestartableInitContainer: an init container with restartPolicy Always (a sidecar). */
export function isRestartableInitContainer(c: any): boolean {
  return c?.restartPolicy === 'Always';
}
