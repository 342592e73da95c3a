/**
 * What the inspector's describe view says about a pod's security (pure): the risks it takes on the
 * node (host namespaces, hostPath volumes, privileged containers, added capabilities, host ports...)
 * as the Pod Security baseline level's checks name them, since baseline is the level that forbids
 * them; and each container's effective security context in a line (who it runs as, read-only root
 * filesystem, capabilities, seccomp, privilege escalation), merged pod-over-container as the
 * kubelet merges it.
 * upstream: staging/src/k8s.io/pod-security-admission/policy (the baseline checks),
 * pkg/securitycontext/util.go (DetermineEffectiveSecurityContext).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { evaluatePod, LATEST } from '../../sim/apiserver/podsecurity/policy';
import { effectiveSecurityContext } from '../../sim/kubelet/kuberuntime/security-context';

export interface PodRisk {
  /** The check's reason, e.g. `host namespaces`, `hostPath volumes`, `privileged`. */
  label: string;
  /** What exactly, e.g. `hostNetwork=true, hostPID=true`. */
  detail: string;
  /** The Pod Security level that forbids it. */
  forbiddenBy: 'baseline';
}

/** The baseline violations of a pod, one chip each (none for a pod baseline allows). */
export function podRisks(pod: any): PodRisk[] {
  if (!pod?.spec) return [];
  const out: PodRisk[] = [];
  for (const r of evaluatePod({ level: 'baseline', version: LATEST }, pod.metadata ?? {}, pod.spec)) {
    if (!r.allowed) out.push({ label: r.forbiddenReason, detail: r.forbiddenDetail, forbiddenBy: 'baseline' });
  }
  return out;
}

/** One line per container: `app: uid 1000, gid 3000, groups 2000; read-only root filesystem; ...`. */
export function containerSecurityLines(pod: any): string[] {
  const podSc = pod?.spec?.securityContext ?? {};
  const lines: string[] = [];
  const all = [...(pod?.spec?.initContainers ?? []), ...(pod?.spec?.containers ?? [])];
  for (const c of all) {
    const sc = effectiveSecurityContext(pod, c);
    const parts: string[] = [];
    parts.push(sc.runAsUser !== undefined ? `uid ${sc.runAsUser}` : "the image's user");
    if (sc.runAsGroup !== undefined) parts[0] += `, gid ${sc.runAsGroup}`;
    const groups = [...(podSc.fsGroup !== undefined ? [podSc.fsGroup] : []), ...(podSc.supplementalGroups ?? [])];
    if (groups.length) parts[0] += `, groups ${groups.join(',')}`;
    if (sc.runAsNonRoot) parts.push('must not be root');
    if (sc.privileged) parts.push('privileged');
    if (sc.readOnlyRootFilesystem) parts.push('read-only root filesystem');
    if (sc.allowPrivilegeEscalation === false) parts.push('no privilege escalation');
    const add = sc.capabilities?.add ?? [];
    const drop = sc.capabilities?.drop ?? [];
    if (add.length || drop.length) parts.push(`capabilities ${[...add.map((x: string) => `+${x}`), ...drop.map((x: string) => `-${x}`)].join(' ')}`);
    parts.push(`seccomp ${sc.seccompProfile?.type ?? 'Unconfined'}`);
    lines.push(`${c.name}: ${parts.join('; ')}`);
  }
  return lines;
}
