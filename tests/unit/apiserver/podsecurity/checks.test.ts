/**
 * Each Pod Security check against hand-written pods, with upstream's forbidden reasons and details
 * (staging/src/k8s.io/pod-security-admission/policy/check_*.go and their _test.go cases), and the
 * evaluator's choice of checks per level and version.
 */
import { describe, expect, it } from 'vitest';
import { aggregate, evaluatePod, forbiddenDetail, forbiddenReason, parseVersion, policyToEvaluate, type LevelVersion } from '../../../../src/sim/apiserver/podsecurity/policy';

/* eslint-disable @typescript-eslint/no-explicit-any */
const latest = (level: LevelVersion['level']): LevelVersion => ({ level, version: { latest: true } });
const detail = (lv: LevelVersion, spec: any, meta: any = {}) => forbiddenDetail(aggregate(evaluatePod(lv, meta, spec)));
const c = (name: string, securityContext?: any, extra: any = {}) => ({ name, image: 'busybox', ...(securityContext ? { securityContext } : {}), ...extra });
/** A container that passes every restricted check. */
const good = (name: string, extra: any = {}) => c(name, { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] }, runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' }, ...extra });

describe('baseline checks', () => {
  const cases: { name: string; spec: any; meta?: any; want: string }[] = [
    { name: 'nothing set', spec: { containers: [c('a')] }, want: '' },
    { name: 'privileged', spec: { initContainers: [c('i', { privileged: true })], containers: [c('a', { privileged: true }), c('b', { privileged: false })] }, want: 'privileged (containers "i", "a" must not set securityContext.privileged=true)' },
    { name: 'host namespaces, in network, PID, IPC order with their values', spec: { hostPID: true, hostNetwork: true, hostIPC: true, containers: [c('a')] }, want: 'host namespaces (hostNetwork=true, hostPID=true, hostIPC=true)' },
    { name: 'hostPath volumes', spec: { volumes: [{ name: 'h', hostPath: { path: '/' } }, { name: 'e', emptyDir: {} }], containers: [c('a')] }, want: 'hostPath volumes (volume "h")' },
    {
      name: 'host ports: sorted as strings',
      spec: { containers: [c('a', undefined, { ports: [{ containerPort: 80, hostPort: 8080 }, { containerPort: 81, hostPort: 10000 }] }), c('b', undefined, { ports: [{ containerPort: 80 }] })] },
      want: 'hostPort (container "a" uses hostPorts 10000, 8080)'
    },
    { name: 'non-default capabilities', spec: { containers: [c('a', { capabilities: { add: ['SYS_ADMIN', 'NET_RAW', 'CHOWN'] } })] }, want: 'non-default capabilities (container "a" must not include "NET_RAW", "SYS_ADMIN" in securityContext.capabilities.add)' },
    { name: 'procMount', spec: { containers: [c('a', { procMount: 'Unmasked' })] }, want: 'procMount (container "a" must not set securityContext.procMount to "Unmasked")' },
    { name: 'seccomp Unconfined', spec: { securityContext: { seccompProfile: { type: 'Unconfined' } }, containers: [c('a', { seccompProfile: { type: 'Unconfined' } })] }, want: 'seccompProfile (pod and container "a" must not set securityContext.seccompProfile.type to "Unconfined")' },
    { name: 'sysctls', spec: { securityContext: { sysctls: [{ name: 'kernel.msgmax', value: '1' }, { name: 'net.ipv4.tcp_rmem', value: '4096 87380 16777216' }] }, containers: [c('a')] }, want: 'forbidden sysctls (kernel.msgmax)' },
    { name: 'seLinux type and user', spec: { containers: [c('a', { seLinuxOptions: { type: 'spc_t', user: 'root' } })] }, want: 'seLinuxOptions (container "a" set forbidden securityContext.seLinuxOptions: type "spc_t"; user may not be set)' },
    { name: 'AppArmor Unconfined', spec: { containers: [c('a', { appArmorProfile: { type: 'Unconfined' } })] }, want: 'forbidden AppArmor profile (container "a" must not set AppArmor profile type to "Unconfined")' },
    { name: 'hostProcess', spec: { securityContext: { windowsOptions: { hostProcess: true } }, containers: [c('a')] }, want: 'hostProcess (pod must not set securityContext.windowsOptions.hostProcess=true)' }
  ];
  for (const t of cases) it(t.name, () => expect(detail(latest('baseline'), t.spec, t.meta)).toBe(t.want));

  it('privileged level checks nothing', () => {
    expect(evaluatePod(latest('privileged'), {}, { hostPID: true, containers: [c('a', { privileged: true })] })).toEqual([]);
  });
});

describe('restricted checks', () => {
  it('a bare busybox container: the four restricted violations, in upstream order', () => {
    expect(detail(latest('restricted'), { containers: [c('c')] })).toBe(
      'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), ' +
        'unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), ' +
        'runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), ' +
        'seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")'
    );
  });

  it('a compliant container passes; pod-level runAsNonRoot and seccomp cover its containers', () => {
    expect(detail(latest('restricted'), { containers: [good('a')] })).toBe('');
    const podLevel = { securityContext: { runAsNonRoot: true, seccompProfile: { type: 'Localhost', localhostProfile: 'p.json' } }, containers: [c('a', { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'], add: ['NET_BIND_SERVICE'] } })] };
    expect(detail(latest('restricted'), podLevel)).toBe('');
  });

  it('restricted overrides the baseline checks it supersedes (one message for a hostPath volume, not two); baseline IDs sorted', () => {
    const spec = { volumes: [{ name: 'host', hostPath: { path: '/var' } }, { name: 'nfs', nfs: { server: 'x', path: '/' } }, { name: 'cfg', configMap: { name: 'c' } }], containers: [good('a', { capabilities: { drop: ['ALL'], add: ['SYS_TIME'] } })] };
    expect(detail(latest('restricted'), spec)).toBe('unrestricted capabilities (container "a" must not include "SYS_TIME" in securityContext.capabilities.add), restricted volume types (volumes ["host" "nfs"] have restricted types)');
    expect(detail(latest('baseline'), spec)).toBe('non-default capabilities (container "a" must not include "SYS_TIME" in securityContext.capabilities.add), hostPath volumes (volume "host")');
  });

  it('runAsNonRoot=false and runAsUser=0, pod and container', () => {
    const spec = { securityContext: { runAsNonRoot: false, runAsUser: 0, seccompProfile: { type: 'RuntimeDefault' } }, containers: [good('a', { runAsNonRoot: false, runAsUser: 0 })] };
    expect(detail(latest('restricted'), spec)).toBe('runAsNonRoot != true (pod and container "a" must not set securityContext.runAsNonRoot=false), runAsUser=0 (pod and container "a" must not set runAsUser=0)');
  });

  it('the reasons alone, as the namespace warning lists them', () => {
    expect(forbiddenReason(aggregate(evaluatePod(latest('restricted'), {}, { hostNetwork: true, containers: [c('c', { privileged: true })] })))).toBe(
      'host namespaces, privileged, allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile'
    );
  });
});

describe('versions', () => {
  it('restricted:v1.21 has no capabilities or runAsUser check yet; v1.23 has both', () => {
    const spec = { securityContext: { seccompProfile: { type: 'RuntimeDefault' } }, containers: [c('a', { allowPrivilegeEscalation: false, runAsNonRoot: true, runAsUser: 0 })] };
    const at = (v: string) => detail({ level: 'restricted', version: parseVersion(v).version }, spec);
    expect(at('v1.21')).toBe('');
    expect(at('v1.23')).toBe('unrestricted capabilities (container "a" must set securityContext.capabilities.drop=["ALL"]), runAsUser=0 (container "a" must not set runAsUser=0)');
  });

  it('the safe sysctls grow: tcp_keepalive_time from v1.29, tcp_rmem from v1.32 (latest and later versions)', () => {
    const spec = { securityContext: { sysctls: [{ name: 'net.ipv4.tcp_keepalive_time', value: '1' }, { name: 'net.ipv4.tcp_rmem', value: '1' }] }, containers: [c('a')] };
    const at = (v: string) => detail({ level: 'baseline', version: parseVersion(v).version }, spec);
    expect(at('v1.28')).toBe('forbidden sysctls (net.ipv4.tcp_keepalive_time, net.ipv4.tcp_rmem)');
    expect(at('v1.31')).toBe('forbidden sysctls (net.ipv4.tcp_rmem)');
    expect(at('v1.32')).toBe('');
    expect(at('v1.40')).toBe('');
    expect(at('latest')).toBe('');
  });

  it('before v1.19 seccomp is read from the alpha annotations', () => {
    const meta = { annotations: { 'seccomp.security.alpha.kubernetes.io/pod': 'unconfined' } };
    expect(detail({ level: 'baseline', version: parseVersion('v1.18').version }, { containers: [c('a')] }, meta)).toBe('seccompProfile (forbidden annotation seccomp.security.alpha.kubernetes.io/pod="unconfined")');
  });
});

describe('namespace labels', () => {
  it('levels and versions per mode, the defaults privileged:latest', () => {
    const { policy, errors } = policyToEvaluate({ 'pod-security.kubernetes.io/enforce': 'baseline', 'pod-security.kubernetes.io/warn': 'restricted', 'pod-security.kubernetes.io/warn-version': 'v1.30' });
    expect(errors).toEqual([]);
    expect(policy.enforce).toEqual({ level: 'baseline', version: { latest: true } });
    expect(policy.warn).toEqual({ level: 'restricted', version: { latest: false, minor: 30 } });
    expect(policy.audit).toEqual({ level: 'privileged', version: { latest: true } });
  });

  it('a bad enforce level enforces restricted, a bad warn level fails open; both are errors', () => {
    const { policy, errors } = policyToEvaluate({ 'pod-security.kubernetes.io/enforce': 'strict', 'pod-security.kubernetes.io/warn': 'loud', 'pod-security.kubernetes.io/audit-version': '1.30' });
    expect(policy.enforce.level).toBe('restricted');
    expect(policy.warn.level).toBe('privileged');
    expect(errors.map((e) => [e.field, e.detail])).toEqual([
      ['metadata.labels[pod-security.kubernetes.io/enforce]', 'must be one of privileged, baseline, restricted'],
      ['metadata.labels[pod-security.kubernetes.io/audit-version]', 'must be "latest" or "v1.x"'],
      ['metadata.labels[pod-security.kubernetes.io/warn]', 'must be one of privileged, baseline, restricted']
    ]);
  });
});
