/**
 * The component configurations the editor knows besides API objects: the fields kubarium's kubelet
 * (src/sim/kubelet/config/config.ts) and kube-scheduler (src/sim/scheduler/config/types.ts) read,
 * with upstream's descriptions, shortened.
 * upstream: staging/src/k8s.io/kubelet/config/v1beta1/types.go,
 * staging/src/k8s.io/kube-scheduler/config/v1/types.go
 */
export interface ConfigField {
  name: string;
  /** An explain field type: `string`, `integer`, `boolean`, `[]T`, `map[string]T`, `Object`. */
  type: string;
  description: string;
  enum?: string[];
}

const DURATION = 'A duration such as 10s, 1m or 2m0s.';

export const KUBELET_CONFIGURATION_FIELDS: readonly ConfigField[] = [
  { name: 'syncFrequency', type: 'string', description: `syncFrequency is the max period between synchronizing running containers and config. Default: "1m". ${DURATION}` },
  { name: 'fileCheckFrequency', type: 'string', description: `fileCheckFrequency is the duration between checking config files (static pods) for new data. Default: "20s". ${DURATION}` },
  { name: 'nodeStatusUpdateFrequency', type: 'string', description: 'nodeStatusUpdateFrequency is the frequency that kubelet computes node status. If node lease feature is not enabled, it is also the frequency that kubelet posts node status to master. Default: "10s".' },
  { name: 'nodeStatusReportFrequency', type: 'string', description: 'nodeStatusReportFrequency is the frequency that kubelet posts node status to master if node status does not change. Kubelet will ignore this frequency and post node status immediately if any change is detected. Default: "5m".' },
  { name: 'nodeLeaseDurationSeconds', type: 'integer', description: 'nodeLeaseDurationSeconds is the duration the Kubelet will set on its corresponding Lease. The kubelet renews the lease every quarter of it (10 s for the default 40). Default: 40.' },
  { name: 'maxPods', type: 'integer', description: 'maxPods is the maximum number of Pods that can run on this Kubelet (the node\'s pods capacity). Default: 110.' },
  { name: 'cgroupDriver', type: 'string', description: 'cgroupDriver is the driver kubelet uses to manipulate CGroups on the host (cgroupfs or systemd). Default: "cgroupfs" (kubeadm sets systemd).', enum: ['systemd', 'cgroupfs'] },
  { name: 'staticPodPath', type: 'string', description: 'staticPodPath is the path to the directory containing local (static) pods to run.' },
  { name: 'evictionHard', type: 'map[string]string', description: 'evictionHard is a map of signal names to quantities that defines hard eviction thresholds, e.g. {"memory.available": "100Mi", "nodefs.available": "10%"}. Default: memory.available 100Mi, nodefs.available 10%, nodefs.inodesFree 5%, imagefs.available 15%.' },
  { name: 'evictionSoft', type: 'map[string]string', description: 'evictionSoft is a map of signal names to quantities that defines soft eviction thresholds, e.g. {"memory.available": "300Mi"}. Each needs an evictionSoftGracePeriod.' },
  { name: 'evictionSoftGracePeriod', type: 'map[string]string', description: 'evictionSoftGracePeriod is a map of signal names to durations a soft threshold must hold before it triggers eviction, e.g. {"memory.available": "30s"}.' },
  { name: 'evictionPressureTransitionPeriod', type: 'string', description: 'evictionPressureTransitionPeriod is the duration for which the kubelet has to wait before transitioning out of an eviction pressure condition. Default: "5m".' },
  { name: 'evictionMaxPodGracePeriod', type: 'integer', description: 'evictionMaxPodGracePeriod is the maximum allowed grace period (in seconds) to use when terminating pods in response to a soft eviction threshold being met.' },
  { name: 'imageGCHighThresholdPercent', type: 'integer', description: 'imageGCHighThresholdPercent is the percent of disk usage after which image garbage collection is always run. Default: 85.' },
  { name: 'imageGCLowThresholdPercent', type: 'integer', description: 'imageGCLowThresholdPercent is the percent of disk usage before which image garbage collection is never run; the lowest disk usage to garbage collect to. Default: 80.' },
  { name: 'imageMinimumGCAge', type: 'string', description: 'imageMinimumGCAge is the minimum age for an unused image before it is garbage collected. Default: "2m".' },
  { name: 'failSwapOn', type: 'boolean', description: 'failSwapOn tells the Kubelet to fail to start if swap is enabled on the node. Default: true.' },
  { name: 'port', type: 'integer', description: 'port is the port for the Kubelet to serve on (logs, exec, metrics). Default: 10250.' },
  { name: 'readOnlyPort', type: 'integer', description: 'readOnlyPort is the read-only port for the Kubelet to serve on with no authentication/authorization (0 disables it). Default: 0.' },
  { name: 'healthzPort', type: 'integer', description: 'healthzPort is the port of the localhost healthz endpoint (0 disables it). Default: 10248.' },
  { name: 'containerLogMaxSize', type: 'string', description: 'containerLogMaxSize is a quantity defining the maximum size of the container log file before it is rotated, e.g. "10Mi". Default: "10Mi".' },
  { name: 'containerLogMaxFiles', type: 'integer', description: 'containerLogMaxFiles specifies the maximum number of container log files that can be present for a container. Default: 5.' },
  { name: 'serializeImagePulls', type: 'boolean', description: 'serializeImagePulls when enabled, tells the Kubelet to pull images one at a time. Default: true.' },
  { name: 'maxParallelImagePulls', type: 'integer', description: 'maxParallelImagePulls sets the maximum number of image pulls in parallel (only with serializeImagePulls false). Default: unset (no limit).' },
  { name: 'registryPullQPS', type: 'integer', description: 'registryPullQPS is the limit of registry pulls per second (0 means no limit). Default: 5.' },
  { name: 'registryBurst', type: 'integer', description: 'registryBurst is the maximum size of bursty pulls, temporarily allows pulls to burst to this number, while still not exceeding registryPullQPS. Default: 10.' },
  { name: 'eventRecordQPS', type: 'integer', description: 'eventRecordQPS is the maximum event creations per second (0 means no limit). Default: 50.' },
  { name: 'eventBurst', type: 'integer', description: 'eventBurst is the maximum size of a burst of event creations. Default: 100.' }
];

export const SCHEDULER_CONFIGURATION_FIELDS: readonly ConfigField[] = [
  { name: 'parallelism', type: 'integer', description: 'Parallelism defines the amount of parallelism in algorithms for scheduling a Pods. Must be greater than 0. Defaults to 16.' },
  { name: 'leaderElection', type: 'Object', description: 'LeaderElection defines the configuration of leader election client.' },
  { name: 'clientConnection', type: 'Object', description: 'ClientConnection specifies the kubeconfig file and client connection settings for the proxy server to use when communicating with the apiserver.' },
  { name: 'enableProfiling', type: 'boolean', description: 'enableProfiling enables profiling via web interface host:port/debug/pprof/.' },
  { name: 'enableContentionProfiling', type: 'boolean', description: 'enableContentionProfiling enables block profiling, if enableProfiling is true.' },
  { name: 'percentageOfNodesToScore', type: 'integer', description: 'PercentageOfNodesToScore is the percentage of all nodes that once found feasible for running a pod, the scheduler stops its search for more feasible nodes in the cluster. 0 means the default: 50% minus 1% per 125 nodes, at least 5%, at least 100 nodes.' },
  { name: 'podInitialBackoffSeconds', type: 'integer', description: 'PodInitialBackoffSeconds is the initial backoff for unschedulable pods. Defaults to 1.' },
  { name: 'podMaxBackoffSeconds', type: 'integer', description: 'PodMaxBackoffSeconds is the max backoff for unschedulable pods. Defaults to 10.' },
  { name: 'profiles', type: '[]Object', description: 'Profiles are scheduling profiles that kube-scheduler supports (schedulerName, percentageOfNodesToScore, plugins with enabled/disabled per extension point, pluginConfig with each plugin\'s args).' }
];
