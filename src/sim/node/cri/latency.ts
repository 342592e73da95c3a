/**
 * How long each CRI call takes on the simulated containerd, in virtual ms: [min, max], drawn
 * uniformly from the runtime's seeded Rand on every call. PullImage is not here: its time comes
 * from the registry model (images/registry.ts pullDurationMs). StopContainer's range is the RPC
 * overhead; the process's own reaction to its stop signal comes on top.
 * Rough shapes of a kind node: RunPodSandbox is the slow one (netns, CNI, pause container).
 */

export type CriMethod =
  | 'Version'
  | 'Status'
  | 'RunPodSandbox'
  | 'StopPodSandbox'
  | 'RemovePodSandbox'
  | 'PodSandboxStatus'
  | 'ListPodSandbox'
  | 'CreateContainer'
  | 'StartContainer'
  | 'StopContainer'
  | 'RemoveContainer'
  | 'ContainerStatus'
  | 'ListContainers'
  | 'ExecSync'
  | 'PortForward'
  | 'PullImage'
  | 'ImageStatus'
  | 'ListImages'
  | 'RemoveImage';

export type LatencyTable = Record<Exclude<CriMethod, 'PullImage'>, readonly [number, number]>;

export const CRI_LATENCY_MS: LatencyTable = {
  Version: [1, 1],
  Status: [1, 2],
  RunPodSandbox: [250, 600],
  StopPodSandbox: [50, 150],
  RemovePodSandbox: [20, 60],
  PodSandboxStatus: [1, 3],
  ListPodSandbox: [1, 3],
  CreateContainer: [40, 60],
  StartContainer: [60, 100],
  StopContainer: [5, 15],
  RemoveContainer: [10, 30],
  ContainerStatus: [1, 3],
  ListContainers: [1, 3],
  ExecSync: [1, 1],
  PortForward: [1, 2],
  ImageStatus: [1, 3],
  ListImages: [1, 5],
  RemoveImage: [20, 80]
};

/** Within RunPodSandbox, when CNI ADD runs: after the netns exists, before the pause container starts. */
export const CNI_ADD_AT_FRACTION = 0.4;
