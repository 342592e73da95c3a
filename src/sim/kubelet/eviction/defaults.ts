/**
 * The kubelet's default hard eviction thresholds, in a module of their own so the page's usage
 * gauges can draw them without the eviction helpers.
 * upstream: pkg/kubelet/eviction/defaults_linux.go DefaultEvictionHard
 */

/** Applied only when the user set no evictionHard. */
export const DefaultEvictionHard: Record<string, string> = { 'memory.available': '100Mi', 'nodefs.available': '10%', 'nodefs.inodesFree': '5%', 'imagefs.available': '15%' };
