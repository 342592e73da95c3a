/**
 * How containerd places a sandbox in a cgroup, and why a kubelet whose cgroupDriver differs from
 * the runtime's breaks every pod. With `SystemdCgroup = true` (kubeadm's setup) runc expects a
 * `slice:prefix:name` cgroups path; containerd builds one only from a `.slice` parent, so a
 * cgroupfs-style parent from a kubelet with `cgroupDriver: cgroupfs` makes runc fail the task.
 * containerd 1.7 has no CRI RuntimeConfig RPC (added in 2.0), so a v1.32 kubelet cannot learn the
 * runtime's driver (KubeletCgroupDriverFromCRI) and falls back to its own configuration.
 * upstream: containerd internal/cri/server/helpers_linux.go getCgroupsPath,
 * opencontainers/runc libcontainer/cgroups/systemd ExpandSlice / specconv (the error text),
 * containerd runtime/v2/shim "failed to create shim task".
 */

/** upstream: containerd getCgroupsPath */
export function cgroupsPath(cgroupsParent: string, id: string, systemdCgroup: boolean): string {
  if (systemdCgroup && cgroupsParent.endsWith('.slice')) return `${cgroupsParent.split('/').pop()}:cri-containerd:${id}`;
  return `${cgroupsParent.replace(/\/$/, '')}/${id}`;
}

/** The error RunPodSandbox returns when runc cannot use the path, or undefined. */
export function sandboxCgroupError(cgroupsParent: string | undefined, id: string, systemdCgroup: boolean): string | undefined {
  if (cgroupsParent === undefined || !systemdCgroup) return undefined;
  const path = cgroupsPath(cgroupsParent, id, systemdCgroup);
  if (path.split(':').length === 3) return undefined;
  return `failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: expected cgroupsPath to be of format "slice:prefix:name" for systemd cgroups, got "${path}" instead: unknown`;
}
