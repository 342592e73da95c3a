/**
 * KubeletConfiguration (kubelet.config.k8s.io/v1beta1) with upstream's defaults.
 * upstream: pkg/kubelet/apis/config/v1beta1/defaults.go SetDefaults_KubeletConfiguration
 */

export interface KubeletConfiguration {
  apiVersion: 'kubelet.config.k8s.io/v1beta1';
  kind: 'KubeletConfiguration';
  /** upstream: LoggingConfiguration; `verbosity` is klog's --v (0 unless set). */
  logging?: { verbosity?: number };
  syncFrequency: string;
  fileCheckFrequency: string;
  nodeStatusUpdateFrequency: string;
  nodeStatusReportFrequency: string;
  nodeLeaseDurationSeconds: number;
  maxPods: number;
  cgroupDriver: 'systemd' | 'cgroupfs';
  staticPodPath?: string;
  evictionHard?: Record<string, string>;
  evictionSoft?: Record<string, string>;
  imageGCHighThresholdPercent: number;
  imageGCLowThresholdPercent: number;
  imageMinimumGCAge: string;
  /** The kubelet refuses to start on a node with swap on (cmd/kubelet/app/options: --fail-swap-on). */
  failSwapOn: boolean;
  port: number;
  readOnlyPort: number;
  healthzPort: number;
  containerLogMaxSize: string;
  containerLogMaxFiles: number;
  /** One image pull at a time (the default); false allows maxParallelImagePulls (unset: unlimited). */
  serializeImagePulls: boolean;
  maxParallelImagePulls?: number;
  registryPullQPS: number;
  registryBurst: number;
  eventRecordQPS: number;
  eventBurst: number;
  [field: string]: unknown;
}

export function defaultKubeletConfiguration(): KubeletConfiguration {
  return {
    apiVersion: 'kubelet.config.k8s.io/v1beta1',
    kind: 'KubeletConfiguration',
    syncFrequency: '1m',
    fileCheckFrequency: '20s',
    nodeStatusUpdateFrequency: '10s',
    nodeStatusReportFrequency: '5m',
    nodeLeaseDurationSeconds: 40,
    maxPods: 110,
    // kubeadm sets the systemd driver; the kubelet's own default is cgroupfs.
    cgroupDriver: 'systemd',
    staticPodPath: '/etc/kubernetes/manifests',
    evictionHard: { 'memory.available': '100Mi', 'nodefs.available': '10%', 'nodefs.inodesFree': '5%', 'imagefs.available': '15%' },
    imageGCHighThresholdPercent: 85,
    imageGCLowThresholdPercent: 80,
    imageMinimumGCAge: '2m0s',
    failSwapOn: true,
    port: 10250,
    readOnlyPort: 0,
    healthzPort: 10248,
    containerLogMaxSize: '10Mi',
    containerLogMaxFiles: 5,
    serializeImagePulls: true,
    registryPullQPS: 5,
    registryBurst: 10,
    eventRecordQPS: 50,
    eventBurst: 100
  };
}
