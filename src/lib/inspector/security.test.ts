import { describe, expect, it } from 'vitest';
import { containerSecurityLines, podRisks } from './security';

const pod = (spec: object) => ({ metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'app', image: 'busybox' }], ...spec } });

describe('podRisks: what baseline forbids, one chip each', () => {
  const cases = [
    { name: 'a plain pod', spec: {}, want: [] },
    { name: 'a hostPath volume', spec: { volumes: [{ name: 'root', hostPath: { path: '/' } }] }, want: [{ label: 'hostPath volumes', detail: 'volume "root"', forbiddenBy: 'baseline' }] },
    { name: 'a privileged container', spec: { containers: [{ name: 'app', image: 'busybox', securityContext: { privileged: true } }] }, want: [{ label: 'privileged', detail: 'container "app" must not set securityContext.privileged=true', forbiddenBy: 'baseline' }] }
  ];
  for (const c of cases) it(c.name, () => expect(podRisks(pod(c.spec))).toEqual(c.want));
  it('host namespaces and a privileged container: two chips, the namespaces named', () => {
    const risks = podRisks(pod({ hostNetwork: true, hostPID: true, containers: [{ name: 'app', image: 'busybox', securityContext: { privileged: true } }] }));
    expect(risks.map((r) => r.label)).toEqual(['host namespaces', 'privileged']);
    expect(risks[0].detail).toMatch(/hostNetwork.*hostPID/);
  });
});

describe('containerSecurityLines', () => {
  it("the docs' example", () => {
    const p = pod({ securityContext: { runAsUser: 1000, runAsGroup: 3000, fsGroup: 2000 }, containers: [{ name: 'sec-ctx-demo', securityContext: { allowPrivilegeEscalation: false } }] });
    expect(containerSecurityLines(p)).toEqual(['sec-ctx-demo: uid 1000, gid 3000, groups 2000; no privilege escalation; seccomp Unconfined']);
  });
  it('capabilities, read-only rootfs, RuntimeDefault', () => {
    const p = pod({ containers: [{ name: 'app', securityContext: { readOnlyRootFilesystem: true, capabilities: { add: ['NET_ADMIN'], drop: ['ALL'] }, seccompProfile: { type: 'RuntimeDefault' } } }] });
    expect(containerSecurityLines(p)).toEqual(["app: the image's user; read-only root filesystem; capabilities +NET_ADMIN -ALL; seccomp RuntimeDefault"]);
  });
});
