import { describe, expect, it } from 'vitest';
import { effectiveSecurityContext, linuxContainerSecurityContext, verifyRunAsNonRoot } from '../../../../src/sim/kubelet/kuberuntime/security-context';

const pod = (podSc: object | undefined, containerSc: object | undefined) => ({
  metadata: { name: 'web', namespace: 'default', uid: 'u-1' },
  spec: { securityContext: podSc, containers: [{ name: 'app', image: 'nginx', securityContext: containerSc }] }
});

describe('effectiveSecurityContext: the container overrides the pod', () => {
  const cases = [
    { name: 'pod only', podSc: { runAsUser: 1000, runAsGroup: 3000 }, sc: undefined, want: { runAsUser: 1000, runAsGroup: 3000 } },
    { name: 'container wins', podSc: { runAsUser: 1000, runAsNonRoot: true }, sc: { runAsUser: 2000 }, want: { runAsUser: 2000, runAsNonRoot: true } },
    { name: 'fsGroup is not a container field', podSc: { fsGroup: 2000 }, sc: { privileged: true }, want: { privileged: true } }
  ];
  for (const c of cases) it(c.name, () => {
    const p = pod(c.podSc, c.sc);
    expect(effectiveSecurityContext(p, p.spec.containers[0])).toEqual(c.want);
  });
});

describe('verifyRunAsNonRoot (upstream wording)', () => {
  const where = '(pod: "web_default(u-1)", container: app)';
  const cases = [
    { name: 'not asked', podSc: undefined, sc: undefined, uid: 0, user: '', want: undefined },
    { name: 'root image', podSc: { runAsNonRoot: true }, sc: undefined, uid: 0, user: '', want: `container has runAsNonRoot and image will run as root ${where}` },
    { name: 'root image, container-level flag', podSc: undefined, sc: { runAsNonRoot: true }, uid: 0, user: '', want: `container has runAsNonRoot and image will run as root ${where}` },
    { name: 'non-root image', podSc: { runAsNonRoot: true }, sc: undefined, uid: 65532, user: '', want: undefined },
    { name: 'runAsUser set to non-root', podSc: { runAsNonRoot: true, runAsUser: 1000 }, sc: undefined, uid: 0, user: '', want: undefined },
    { name: 'runAsUser 0', podSc: { runAsNonRoot: true }, sc: { runAsUser: 0 }, uid: 0, user: '', want: `container's runAsUser breaks non-root policy ${where}` },
    { name: 'non-numeric image user', podSc: { runAsNonRoot: true }, sc: undefined, uid: undefined, user: 'nginx', want: `container has runAsNonRoot and image has non-numeric user (nginx), cannot verify user is non-root ${where}` },
    { name: 'runAsNonRoot false', podSc: { runAsNonRoot: true }, sc: { runAsNonRoot: false }, uid: 0, user: '', want: undefined }
  ];
  for (const c of cases) it(c.name, () => {
    const p = pod(c.podSc, c.sc);
    expect(verifyRunAsNonRoot(p, p.spec.containers[0], c.uid, c.user)).toBe(c.want);
  });
});

describe('linuxContainerSecurityContext (CRI)', () => {
  it("the docs' example: runAsUser/runAsGroup, fsGroup as a supplemental group, no_new_privs", () => {
    const p = pod({ runAsUser: 1000, runAsGroup: 3000, fsGroup: 2000, supplementalGroups: [4000] }, { allowPrivilegeEscalation: false });
    expect(linuxContainerSecurityContext(p, p.spec.containers[0], 0, '')).toEqual({
      privileged: false,
      readonlyRootfs: false,
      capabilities: { addCapabilities: [], dropCapabilities: [] },
      supplementalGroups: [2000, 4000],
      noNewPrivs: true,
      seccomp: { profileType: 'Unconfined' },
      runAsUser: 1000,
      runAsGroup: 3000
    });
  });
  it("no runAsUser: the image's user goes to the runtime; seccompDefault makes RuntimeDefault", () => {
    const p = pod(undefined, { readOnlyRootFilesystem: true, capabilities: { add: ['NET_ADMIN'], drop: ['ALL'] } });
    const sc = linuxContainerSecurityContext(p, p.spec.containers[0], 65532, '', true);
    expect(sc).toMatchObject({ runAsUser: 65532, runAsUsername: '', readonlyRootfs: true, noNewPrivs: false, seccomp: { profileType: 'RuntimeDefault' }, capabilities: { addCapabilities: ['NET_ADMIN'], dropCapabilities: ['ALL'] } });
    expect(sc.runAsGroup).toBeUndefined();
  });
  it('Localhost seccomp profiles live under the kubelet root', () => {
    const p = pod({ seccompProfile: { type: 'Localhost', localhostProfile: 'profiles/audit.json' } }, undefined);
    expect(linuxContainerSecurityContext(p, p.spec.containers[0], 0, '').seccomp).toEqual({ profileType: 'Localhost', localhostRef: '/var/lib/kubelet/seccomp/profiles/audit.json' });
  });
});
