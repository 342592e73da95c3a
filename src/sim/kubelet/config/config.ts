/**
 * KubeletConfiguration (kubelet.config.k8s.io/v1beta1) with upstream's defaults.
 * upstream: pkg/kubelet/apis/config/v1beta1/defaults.go SetDefaults_KubeletConfiguration
 */

export interface KubeletConfiguration {
  apiVersion: 'kubelet.config.k8s.io/v1beta1';
  kind: 'KubeletConfiguration';
  syncFrequency: string;
  fileCheckFrequency: string;
  nodeStatusUpdateFrequency: string;
  nodeStatusReportFrequency: string;
  nodeLeaseDurationSeconds: number;
  maxPods: number;
  cgroupDriver: 'systemd' | 'cgroupfs';
  staticPodPath?: string;
  evictionHard?: Record<string, string>;
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
    evictionHard: { 'memory.available': '100Mi', 'nodefs.available': '10%', 'nodefs.inodesFree': '5%', 'imagefs.available': '15%' }
  };
}
