/**
 * The kubelet's heartbeat as the map reads it: the Lease renewal interval, and how late a renewal
 * is before the heartbeat counts as stopped. A module of its own: the map checks every frame
 * whether a node needs a countdown, the countdown itself (node-failure.ts) loads when one does.
 */

/** The kubelet renews its Lease every 10 s (a quarter of leaseDurationSeconds 40). upstream: pkg/kubelet/kubelet.go */
export const LEASE_RENEW_MS = 10_000;
/** A renewal this late means the heartbeat stopped (one interval plus slack for jitter). */
export const STALE_AFTER_MS = LEASE_RENEW_MS + 2_500;
