/**
 * The container's security settings as the kubelet hands them to the runtime: the pod's
 * securityContext merged with the container's (the container's fields win), turned into the CRI
 * LinuxContainerSecurityContext (the image's user when no runAsUser is set; fsGroup, then
 * supplementalGroups as supplemental groups; no_new_privs from allowPrivilegeEscalation false;
 * the seccomp profile, Unconfined unless asked for since the kubelet's seccompDefault is off),
 * and the runAsNonRoot check done before the container is created.
 * upstream: pkg/securitycontext/util.go (DetermineEffectiveSecurityContext, AddNoNewPrivileges),
 * pkg/kubelet/kuberuntime/security_context.go (determineEffectiveSecurityContext),
 * pkg/kubelet/kuberuntime/security_context_others.go (verifyRunAsNonRoot),
 * pkg/kubelet/kuberuntime/helpers.go (getSeccompProfile), pkg/kubelet/util/format/pod.go (Pod).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { LinuxContainerSecurityContext, SecurityProfile } from '../../node/cri/types';
import { formatPod } from '../container/runtime';

/** The pod-level fields a container inherits, overridden by the container's own. */
const INHERITED = ['runAsUser', 'runAsGroup', 'runAsNonRoot', 'seLinuxOptions', 'seccompProfile', 'appArmorProfile', 'windowsOptions'] as const;

/** upstream: securitycontext/util.go DetermineEffectiveSecurityContext. */
export function effectiveSecurityContext(pod: any, c: any): Record<string, any> {
  const podSc = pod.spec?.securityContext ?? {};
  const out: Record<string, any> = {};
  for (const k of INHERITED) if (podSc[k] !== undefined) out[k] = podSc[k];
  for (const [k, v] of Object.entries(c.securityContext ?? {})) if (v !== undefined && v !== null) out[k] = v;
  return out;
}

/**
 * upstream: security_context_others.go verifyRunAsNonRoot. `uid` is the image's numeric user (0
 * when the image sets none), `username` its user when not numeric. Returns the error's text.
 */
export function verifyRunAsNonRoot(pod: any, c: any, uid: number | undefined, username: string): string | undefined {
  const sc = effectiveSecurityContext(pod, c);
  if (sc.runAsNonRoot !== true) return undefined;
  const where = `(pod: ${JSON.stringify(formatPod(pod))}, container: ${c.name})`;
  if (sc.runAsUser !== undefined) return sc.runAsUser === 0 ? `container's runAsUser breaks non-root policy ${where}` : undefined;
  if (uid === 0) return `container has runAsNonRoot and image will run as root ${where}`;
  if (uid === undefined && username) return `container has runAsNonRoot and image has non-numeric user (${username}), cannot verify user is non-root ${where}`;
  return undefined;
}

/** upstream: kuberuntime/helpers.go fieldProfile: the API's SeccompProfile as CRI's SecurityProfile. */
function seccompProfile(sc: Record<string, any>, seccompDefault: boolean): SecurityProfile {
  const p = sc.seccompProfile;
  if (p?.type === 'RuntimeDefault') return { profileType: 'RuntimeDefault' };
  if (p?.type === 'Localhost') return { profileType: 'Localhost', localhostRef: `/var/lib/kubelet/seccomp/${p.localhostProfile ?? ''}` };
  if (p?.type === 'Unconfined') return { profileType: 'Unconfined' };
  return { profileType: seccompDefault ? 'RuntimeDefault' : 'Unconfined' };
}

/**
 * upstream: kuberuntime/security_context.go determineEffectiveSecurityContext. `uid` / `username`:
 * the image's user, as getImageUser reads it from ImageStatus.
 */
export function linuxContainerSecurityContext(pod: any, c: any, uid: number | undefined, username: string, seccompDefault = false): LinuxContainerSecurityContext {
  const sc = effectiveSecurityContext(pod, c);
  const podSc = pod.spec?.securityContext ?? {};
  const out: LinuxContainerSecurityContext = {
    privileged: sc.privileged === true,
    readonlyRootfs: sc.readOnlyRootFilesystem === true,
    capabilities: { addCapabilities: [...(sc.capabilities?.add ?? [])], dropCapabilities: [...(sc.capabilities?.drop ?? [])] },
    supplementalGroups: [...(podSc.fsGroup !== undefined ? [podSc.fsGroup] : []), ...(podSc.supplementalGroups ?? [])],
    // upstream: securitycontext/util.go AddNoNewPrivileges: only an explicit false sets no_new_privs.
    noNewPrivs: sc.allowPrivilegeEscalation === false,
    seccomp: seccompProfile(sc, seccompDefault)
  };
  if (sc.runAsUser !== undefined) out.runAsUser = sc.runAsUser;
  else {
    if (uid !== undefined) out.runAsUser = uid;
    out.runAsUsername = username;
  }
  if (sc.runAsGroup !== undefined) out.runAsGroup = sc.runAsGroup;
  return out;
}
