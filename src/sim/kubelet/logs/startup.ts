/**
 * The kubelet's start-up as cmd/kubelet/app/server.go runs it, reduced to what kubarium models:
 * the configuration is validated first (NewKubeletCommand RunE), then run() logs the version,
 * asks the runtime for its cgroup driver, builds the container manager (which refuses swap unless
 * failSwapOn is false) and NewMainKubelet (eviction thresholds, the container log manager). The
 * first error ends the process: component-base's cli.Run logs `"command failed" err="..."` and
 * exits 1.
 * upstream: cmd/kubelet/app/server.go (NewKubeletCommand, Run, run, getCgroupDriverFromCRI),
 * pkg/kubelet/cm/container_manager_linux.go validateSwapConfiguration,
 * staging/src/k8s.io/component-base/cli/run.go
 */
import { cpuManagerFailure } from '../cm/cpumanager/cpu-manager';
import { parseQuantity } from '../../api/quantity';
import type { KubeletConfiguration } from '../config/config';
import { runtimeConfigFailure, validationFailure } from '../config/validation';
import type { Severity } from './journal';
import type { NodeFiles } from '../config/file';

/** kubeadm's kubelet drop-in: `--kubeconfig` and `--bootstrap-kubeconfig`. */
export const KUBELET_KUBECONFIG = '/etc/kubernetes/kubelet.conf';
export const BOOTSTRAP_KUBECONFIG = '/etc/kubernetes/bootstrap-kubelet.conf';

/**
 * The kubeconfig `kubeadm join` leaves on a node: the API server and the kubelet's rotating
 * client certificate. upstream: cmd/kubeadm/app/phases/kubelet (kubelet.conf after TLS bootstrap).
 */
export function kubeletKubeconfig(server: string): string {
  return `apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCg==
    server: ${server}
  name: kubernetes
contexts:
- context:
    cluster: kubernetes
    user: default-auth
  name: default-context
current-context: default-context
kind: Config
preferences: {}
users:
- name: default-auth
  user:
    client-certificate: /var/lib/kubelet/pki/kubelet-client-current.pem
    client-key: /var/lib/kubelet/pki/kubelet-client-current.pem
`;
}

/**
 * The kubelet's client config (server.go buildKubeletClientConfig, bootstrap.LoadClientCert): a
 * kubeconfig that is there and names a server is used; otherwise the bootstrap kubeconfig, and
 * without that the process exits. Returns the error, or undefined.
 */
export function kubeconfigFailure(files: NodeFiles | undefined): string | undefined {
  if (!files) return undefined;
  const conf = files.get(KUBELET_KUBECONFIG);
  if (conf !== undefined && /^\s*server:\s*\S+/m.test(conf)) return undefined;
  if (files.has(BOOTSTRAP_KUBECONFIG)) return undefined;
  if (conf !== undefined) return `failed to run Kubelet: invalid kubeconfig: invalid configuration: no server found for cluster "kubernetes"`;
  return `failed to run Kubelet: unable to load bootstrap kubeconfig: stat ${BOOTSTRAP_KUBECONFIG}: no such file or directory`;
}

export interface StartupLine {
  severity: Severity;
  source: string;
  msg: string;
  kv?: Record<string, unknown>;
}

export interface StartupPlan {
  /** What the process logs before it runs (or fails). */
  lines: StartupLine[];
  /** The error it exits with, if any. */
  failure?: string;
}

/** The source file:line klog prints for each call site (v1.32 line numbers are indicative). */
export const SOURCES = {
  commandFailed: 'run.go:72',
  version: 'server.go:486',
  golang: 'server.go:488',
  cgroupFallback: 'server.go:1389',
  staticPodPath: 'kubelet.go:303',
  apiSync: 'kubelet.go:408',
  runtimeInitialized: 'kuberuntime_manager.go:262',
  started: 'server.go:1264',
  syncLoop: 'kubelet.go:2340',
  attemptRegister: 'kubelet_node_status.go:75',
  registered: 'kubelet_node_status.go:78',
  previouslyRegistered: 'kubelet_node_status.go:125'
} as const;

/** /proc/swaps of a node with a swap file of `size`, as the kubelet reads it (header, then one line per swap area). */
export function procSwaps(size: string): string[] {
  const kib = Number(parseQuantity(size).value()) / 1024;
  // The kernel does not count the swap header page.
  return ['Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority', `/swap.img                               file\t\t${Math.max(0, kib - 4)}\t\t0\t\t-2`];
}

/** What happens when the kubelet process starts with `config` on a node with `swap` (a size, or none). */
export function planStartup(config: KubeletConfiguration, swap: string | undefined, runtimeVersion: string, files?: NodeFiles): StartupPlan {
  const invalid = validationFailure(config);
  if (invalid) return { lines: [], failure: invalid };
  const lines: StartupLine[] = [
    { severity: 'I', source: SOURCES.version, msg: 'Kubelet version', kv: { kubeletVersion: 'v1.32.0' } },
    { severity: 'I', source: SOURCES.golang, msg: 'Golang settings', kv: { GOGC: '', GOMAXPROCS: '', GOTRACEBACK: '' } }
  ];
  // The client to the API server is built before the container manager (server.go run()).
  const noClient = kubeconfigFailure(files);
  if (noClient) return { lines, failure: noClient };
  lines.push(
    // KubeletCgroupDriverFromCRI is beta and on in v1.31+; containerd 1.7 has no RuntimeConfig RPC (added in 2.0).
    {
      severity: 'I',
      source: SOURCES.cgroupFallback,
      msg: 'CRI implementation should be updated to support RuntimeConfig when KubeletCgroupDriverFromCRI feature gate has been enabled. Falling back to using cgroupDriver from kubelet config.'
    }
  );
  // upstream: container_manager_linux.go validateSwapConfiguration (failSwapOn and a non-empty /proc/swaps).
  if (swap && parseQuantity(swap).sign() > 0 && config.failSwapOn !== false) {
    return {
      lines,
      failure: `failed to run Kubelet: running with swap on is not supported, please disable swap! or set --fail-swap-on flag to false. /proc/swaps contained: [${procSwaps(swap).join(' ')}]`
    };
  }
  // upstream: container_manager_linux.go NewContainerManager -> cpumanager.NewManager (after the swap check).
  const cpuManager = cpuManagerFailure(config);
  if (cpuManager) return { lines, failure: `failed to run Kubelet: ${cpuManager}` };
  const late = runtimeConfigFailure(config);
  if (late) return { lines, failure: `failed to run Kubelet: ${late}` };
  if (config.staticPodPath) lines.push({ severity: 'I', source: SOURCES.staticPodPath, msg: 'Adding static pod path', kv: { path: config.staticPodPath } });
  lines.push(
    { severity: 'I', source: SOURCES.apiSync, msg: 'Attempting to sync node with API server' },
    { severity: 'I', source: SOURCES.runtimeInitialized, msg: 'Container runtime initialized', kv: { containerRuntime: 'containerd', version: runtimeVersion, apiVersion: 'v1' } },
    { severity: 'I', source: SOURCES.started, msg: 'Started kubelet' },
    { severity: 'I', source: SOURCES.syncLoop, msg: 'Starting kubelet main sync loop' }
  );
  return { lines };
}
