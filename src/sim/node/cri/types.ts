/**
 * CRI message shapes, trimmed to what the simulation uses, with upstream's field names.
 * Times are virtual milliseconds (CRI carries Unix nanoseconds; the kubelet converts with
 * kernel/clock.ts timestamp()).
 * upstream: staging/src/k8s.io/cri-api/pkg/apis/runtime/v1/api.proto
 */

export type PodSandboxState = 'SANDBOX_READY' | 'SANDBOX_NOTREADY';
export type ContainerState = 'CONTAINER_CREATED' | 'CONTAINER_RUNNING' | 'CONTAINER_EXITED' | 'CONTAINER_UNKNOWN';

export interface PodSandboxMetadata {
  name: string;
  uid: string;
  namespace: string;
  attempt: number;
}

export interface PodSandboxConfig {
  metadata: PodSandboxMetadata;
  hostname?: string;
  logDirectory?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  /** linux.security_context.namespace_options.network == NODE (hostNetwork: true): no CNI. */
  hostNetwork?: boolean;
  /** linux.cgroup_parent: the pod's cgroup as the kubelet names it (its cgroupDriver's spelling). */
  cgroupParent?: string;
  /** DNSConfig: what the runtime writes to the sandbox's resolv.conf. */
  dnsConfig?: DNSConfig;
  /** Not CRI: spec.subdomain, for the FQDN line of the kubelet-managed /etc/hosts. */
  subdomain?: string;
}

export interface DNSConfig {
  servers: string[];
  searches: string[];
  options: string[];
}

/** A bind mount of a node path into the container. upstream: api.proto message Mount. */
export interface Mount {
  containerPath: string;
  hostPath: string;
  readonly?: boolean;
}

export interface PodSandboxNetworkStatus {
  ip: string;
  additionalIps: { ip: string }[];
}

export interface PodSandbox {
  id: string;
  metadata: PodSandboxMetadata;
  state: PodSandboxState;
  createdAt: number;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

export interface PodSandboxStatus extends PodSandbox {
  /** Empty for hostNetwork sandboxes (the kubelet then uses the node IP). */
  network: PodSandboxNetworkStatus;
  /** The network namespace path, `/var/run/netns/cni-...`, or `` for the host's. */
  netns: string;
}

export interface ContainerMetadata {
  name: string;
  attempt: number;
}

export interface KeyValue {
  key: string;
  value: string;
}

export interface ContainerConfig {
  metadata: ContainerMetadata;
  /** ImageSpec.image: what the kubelet passes, usually the imageRef PullImage returned or the spec's image. */
  image: string;
  command?: string[];
  args?: string[];
  workingDir?: string;
  envs?: KeyValue[];
  mounts?: Mount[];
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  logPath?: string;
  /** The container's stdin is kept open (`kubectl run -i`), closed after the first attach ends (stdin_once), a TTY. */
  stdin?: boolean;
  stdinOnce?: boolean;
  tty?: boolean;
  /** linux.security_context: who the process runs as and what it may do. */
  linux?: { securityContext?: LinuxContainerSecurityContext };
}

/** upstream: api.proto message SecurityProfile (seccomp). */
export interface SecurityProfile {
  profileType: 'RuntimeDefault' | 'Unconfined' | 'Localhost';
  localhostRef?: string;
}

/** upstream: api.proto message LinuxContainerSecurityContext (int64 wrappers flattened to numbers). */
export interface LinuxContainerSecurityContext {
  capabilities?: { addCapabilities: string[]; dropCapabilities: string[] };
  privileged?: boolean;
  runAsUser?: number;
  runAsGroup?: number;
  /** The image's user when it is a name (the runtime resolves it in the image's /etc/passwd). */
  runAsUsername?: string;
  readonlyRootfs?: boolean;
  supplementalGroups?: number[];
  noNewPrivs?: boolean;
  seccomp?: SecurityProfile;
}

export interface Container {
  id: string;
  podSandboxId: string;
  metadata: ContainerMetadata;
  image: string;
  imageRef: string;
  state: ContainerState;
  createdAt: number;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

export interface ContainerStatus extends Omit<Container, 'podSandboxId'> {
  /** 0 when not started. */
  startedAt: number;
  /** 0 when not finished. */
  finishedAt: number;
  exitCode: number;
  /** Completed, Error or OOMKilled once exited (upstream: containerd container_status.go). */
  reason: string;
  message: string;
  logPath: string;
}

export interface Image {
  id: string;
  repoTags: string[];
  repoDigests: string[];
  size: number;
  uid?: number;
  username: string;
  pinned: boolean;
}

export interface PodSandboxFilter {
  id?: string;
  state?: PodSandboxState;
  labelSelector?: Record<string, string>;
}

export interface ContainerFilter {
  id?: string;
  podSandboxId?: string;
  state?: ContainerState;
  labelSelector?: Record<string, string>;
}

/** gRPC status codes the runtime answers with. */
export type CriErrorCode = 'NotFound' | 'InvalidArgument' | 'FailedPrecondition' | 'AlreadyExists' | 'Unimplemented' | 'DeadlineExceeded' | 'Unknown';

export class CriError extends Error {
  constructor(
    readonly code: CriErrorCode,
    message: string
  ) {
    super(message);
    this.name = 'CriError';
  }
}

/** A CRI method the simulation does not implement yet: the kubelet can surface it as-is. */
export class NotImplementedError extends CriError {
  constructor(readonly method: string) {
    super('Unimplemented', `${method} is not implemented yet in kubarium's container runtime`);
    this.name = 'NotImplementedError';
  }
}

export type CriResult<T> = { ok: true; value: T } | { ok: false; error: CriError };
export type CriCallback<T> = (result: CriResult<T>) => void;

/** What a PLEG relist (or evented PLEG) learns when a container's process ends. */
export interface ContainerExitEvent {
  containerId: string;
  podSandboxId: string;
  /** `namespace/name` */
  pod: string;
  name: string;
  exitCode: number;
  reason: string;
  finishedAt: number;
  /** The signal that ended it, if it died of one. */
  signal?: string;
}
