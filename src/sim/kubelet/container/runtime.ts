/**
 * What the kubelet knows of one pod in the runtime (kubecontainer.PodStatus): its sandboxes and
 * its containers as the CRI last reported them, newest first per container name.
 * upstream: pkg/kubelet/container/runtime.go (PodStatus, Status), sync_result.go (error reasons)
 */
import type { ContainerStatus, PodSandboxStatus } from '../../node/cri/types';

export interface RuntimePodStatus {
  uid: string;
  name: string;
  namespace: string;
  /** Newest first. */
  sandboxes: PodSandboxStatus[];
  /** Newest first (createdAt, then attempt). */
  containers: ContainerStatus[];
}

/** Why the last sync could not start a container: the waiting reason and message it shows. upstream: pkg/kubelet/reason_cache.go */
export interface SyncFailure {
  reason: string;
  message: string;
}

/** upstream: pkg/kubelet/images/types.go and pkg/kubelet/container/sync_result.go */
export const ErrImagePull = 'ErrImagePull';
export const ErrImagePullBackOff = 'ImagePullBackOff';
export const ErrImageNeverPull = 'ErrImageNeverPull';
export const ErrInvalidImageName = 'InvalidImageName';
export const ErrCrashLoopBackOff = 'CrashLoopBackOff';
export const ErrCreateContainer = 'CreateContainerError';
export const ErrRunContainer = 'RunContainerError';

/** CRI labels the kubelet puts on sandboxes and containers. upstream: pkg/kubelet/types/labels.go */
export const POD_UID_LABEL = 'io.kubernetes.pod.uid';
export const POD_NAME_LABEL = 'io.kubernetes.pod.name';
export const POD_NAMESPACE_LABEL = 'io.kubernetes.pod.namespace';
export const CONTAINER_NAME_LABEL = 'io.kubernetes.container.name';

/** The statuses of containers named `name`, newest first. */
export function containerStatusesByName(status: RuntimePodStatus, name: string): ContainerStatus[] {
  return status.containers.filter((c) => c.metadata.name === name);
}

export function sortNewestFirst(cs: ContainerStatus[]): ContainerStatus[] {
  return [...cs].sort((a, b) => b.createdAt - a.createdAt || b.metadata.attempt - a.metadata.attempt);
}

/** format.Pod: `name_namespace(uid)`. upstream: pkg/kubelet/util/format/pod.go */
export function formatPod(pod: { metadata: { name: string; namespace?: string; uid?: string } }): string {
  return `${pod.metadata.name}_${pod.metadata.namespace ?? 'default'}(${pod.metadata.uid ?? ''})`;
}

/** Whether a container that exited with `exitCode` is restarted. upstream: pkg/kubelet/container/helpers.go ShouldContainerBeRestarted */
export function shouldRestart(restartPolicy: string | undefined, exitCode: number): boolean {
  if (restartPolicy === 'Never') return false;
  if (restartPolicy === 'OnFailure') return exitCode !== 0;
  return true;
}

/** How a CRI error reads on the kubelet's side of the gRPC connection: `rpc error: code = X desc = ...`. */
export function grpcErrorMessage(err: { code: string; message: string }): string {
  return `rpc error: code = ${err.code} desc = ${err.message}`;
}
