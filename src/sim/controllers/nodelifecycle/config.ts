/**
 * The node lifecycle controller's flags and their defaults, in a module of their own so the page's
 * node-failure countdowns read them without the controller's decisions.
 * upstream: pkg/controller/nodelifecycle/config/v1alpha1/defaults.go, cmd/kube-controller-manager/app/options/nodelifecyclecontroller.go
 */

export interface NodeLifecycleConfig {
  /** --node-monitor-period */
  nodeMonitorPeriodMs: number;
  /**
   * --node-monitor-grace-period: 50 s since v1.32 (kubernetes/kubernetes#126287 raised it from
   * 40 s; it must exceed HTTP2 ping + read-idle timeouts, 30 s + 15 s).
   */
  nodeMonitorGracePeriodMs: number;
  /** --node-startup-grace-period */
  nodeStartupGracePeriodMs: number;
  /** --node-eviction-rate: NoExecute taints are added to at most this many nodes per second, per zone. */
  nodeEvictionRate: number;
  /** --secondary-node-eviction-rate: the rate in a partially disrupted zone of a large cluster. */
  secondaryNodeEvictionRate: number;
  /** --large-cluster-size-threshold: smaller clusters stop evicting in a partially disrupted zone. */
  largeClusterSizeThreshold: number;
  /** --unhealthy-zone-threshold: the share of not-Ready nodes (at least 3) that makes a zone partially disrupted. */
  unhealthyZoneThreshold: number;
}

export const DEFAULT_NODE_LIFECYCLE: NodeLifecycleConfig = {
  nodeMonitorPeriodMs: 5_000,
  nodeMonitorGracePeriodMs: 50_000,
  nodeStartupGracePeriodMs: 60_000,
  nodeEvictionRate: 0.1,
  secondaryNodeEvictionRate: 0.01,
  largeClusterSizeThreshold: 50,
  unhealthyZoneThreshold: 0.55
};
