import { describe, expect, it } from 'vitest';
import { expand, expandCommandAndArgs, makeEnvironmentVariables, makeMounts, podDNSConfig, serviceEnv, type ContainerConfigSources } from '../../../src/sim/kubelet/kuberuntime/container-config';

/* eslint-disable @typescript-eslint/no-explicit-any */

const pod = (spec: any = {}, md: any = {}) => ({ metadata: { name: 'app', namespace: 'shop', uid: 'u1', labels: { tier: 'web' }, ...md }, spec: { nodeName: 'worker-1', containers: [], ...spec }, status: { podIP: '10.244.1.4', hostIP: '172.18.0.3' } });
const sources = (extra: Partial<ContainerConfigSources> = {}): ContainerConfigSources => ({
  services: (ns) =>
    ns === 'shop'
      ? [{ metadata: { name: 'redis-primary', namespace: 'shop' }, spec: { clusterIP: '10.96.5.5', ports: [{ name: 'redis', port: 6379, protocol: 'TCP' }] } }, { metadata: { name: 'headless', namespace: 'shop' }, spec: { clusterIP: 'None', ports: [{ port: 80 }] } }]
      : [{ metadata: { name: 'kubernetes', namespace: 'default' }, spec: { clusterIP: '10.96.0.1', ports: [{ name: 'https', port: 443, protocol: 'TCP' }] } }],
  configMap: (ns, name) => (name === 'cfg' ? { data: { mode: 'fast' } } : undefined),
  secret: (ns, name) => (name === 'creds' ? { data: { password: btoa('s3cret') } } : undefined),
  volumeHostPath: (_pod, v) => (v === 'config' ? '/var/lib/kubelet/pods/u1/volumes/kubernetes.io~configmap/config' : undefined),
  ...extra
});
const env = (r: ReturnType<typeof makeEnvironmentVariables>) => (r.ok ? Object.fromEntries(r.envs.map((e) => [e.key, e.value])) : r.message);

describe('$(VAR) expansion (third_party/forked/golang/expansion)', () => {
  const m = (n: string) => ({ A: 'x', B: 'y' })[n];
  it('expands known names, keeps unknown ones, $$ escapes', () => {
    expect(expand('$(A)-$(B)-$(C)', m)).toBe('x-y-$(C)');
    expect(expand('$$(A) $ $1 $(A', m)).toBe('$(A) $ $1 $(A');
  });
});

describe('makeEnvironmentVariables', () => {
  it('service links for the namespace, and the kubernetes Service always', () => {
    const e = env(makeEnvironmentVariables(pod(), { name: 'c' }, sources())) as Record<string, string>;
    expect(e.REDIS_PRIMARY_SERVICE_HOST).toBe('10.96.5.5');
    expect(e.REDIS_PRIMARY_SERVICE_PORT).toBe('6379');
    expect(e.REDIS_PRIMARY_SERVICE_PORT_REDIS).toBe('6379');
    expect(e.REDIS_PRIMARY_PORT).toBe('tcp://10.96.5.5:6379');
    expect(e.REDIS_PRIMARY_PORT_6379_TCP_ADDR).toBe('10.96.5.5');
    expect(e.KUBERNETES_SERVICE_HOST).toBe('10.96.0.1');
    expect(e.KUBERNETES_SERVICE_PORT).toBe('443');
    expect(e.KUBERNETES_PORT).toBe('tcp://10.96.0.1:443');
    expect(Object.keys(e).some((k) => k.startsWith('HEADLESS'))).toBe(false);
  });
  it('enableServiceLinks: false keeps only the kubernetes Service', () => {
    const e = env(makeEnvironmentVariables(pod({ enableServiceLinks: false }), { name: 'c' }, sources())) as Record<string, string>;
    expect(e.REDIS_PRIMARY_SERVICE_HOST).toBeUndefined();
    expect(e.KUBERNETES_SERVICE_HOST).toBe('10.96.0.1');
  });
  it('valueFrom fieldRef, configMapKeyRef, secretKeyRef (decoded), resourceFieldRef; $(VAR) sees earlier vars and services', () => {
    const c = {
      name: 'c',
      resources: { limits: { memory: '64Mi', cpu: '500m' } },
      env: [
        { name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
        { name: 'IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } },
        { name: 'MODE', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'mode' } } },
        { name: 'PASS', valueFrom: { secretKeyRef: { name: 'creds', key: 'password' } } },
        { name: 'MEM_MI', valueFrom: { resourceFieldRef: { resource: 'limits.memory', divisor: '1Mi' } } },
        { name: 'CPU_M', valueFrom: { resourceFieldRef: { resource: 'limits.cpu', divisor: '1m' } } },
        { name: 'URL', value: 'redis://$(REDIS_PRIMARY_SERVICE_HOST):6379/$(POD)' }
      ]
    };
    const e = env(makeEnvironmentVariables(pod(), c, sources())) as Record<string, string>;
    expect([e.POD, e.IP, e.MODE, e.PASS, e.MEM_MI, e.CPU_M, e.URL]).toEqual(['app', '10.244.1.4', 'fast', 's3cret', '64', '500', 'redis://10.96.5.5:6379/app']);
  });
  it('a missing ConfigMap or key is a CreateContainerConfigError message; optional ones are skipped', () => {
    expect(env(makeEnvironmentVariables(pod(), { name: 'c', env: [{ name: 'X', valueFrom: { configMapKeyRef: { name: 'nope', key: 'k' } } }] }, sources()))).toBe('configmap "nope" not found');
    expect(env(makeEnvironmentVariables(pod(), { name: 'c', env: [{ name: 'X', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'k' } } }] }, sources()))).toBe("couldn't find key k in ConfigMap shop/cfg");
    const ok = env(makeEnvironmentVariables(pod(), { name: 'c', env: [{ name: 'X', valueFrom: { secretKeyRef: { name: 'nope', key: 'k', optional: true } } }] }, sources())) as Record<string, string>;
    expect(ok.X).toBeUndefined();
  });
  it('envFrom with a prefix', () => {
    const e = env(makeEnvironmentVariables(pod(), { name: 'c', envFrom: [{ prefix: 'CFG_', configMapRef: { name: 'cfg' } }] }, sources())) as Record<string, string>;
    expect(e.CFG_mode).toBe('fast');
  });
});

describe('command, mounts, DNS', () => {
  it('command and args are expanded with the final env', () => {
    expect(expandCommandAndArgs({ command: ['sh', '-c'], args: ['echo $(MSG) $(NOPE)'] }, [{ key: 'MSG', value: 'hi' }])).toEqual({ command: ['sh', '-c'], args: ['echo hi $(NOPE)'] });
  });
  it('volumeMounts become CRI mounts of the volume host paths', () => {
    const c = { volumeMounts: [{ name: 'config', mountPath: '/etc/config', readOnly: true }, { name: 'unmounted', mountPath: '/x' }] };
    expect(makeMounts(pod(), c, sources())).toEqual([{ containerPath: '/etc/config', hostPath: '/var/lib/kubelet/pods/u1/volumes/kubernetes.io~configmap/config', readonly: true }]);
  });
  it('ClusterFirst: cluster DNS, the namespace search list, ndots:5; Default: the node resolver', () => {
    expect(podDNSConfig(pod())).toEqual({ servers: ['10.96.0.10'], searches: ['shop.svc.cluster.local', 'svc.cluster.local', 'cluster.local'], options: ['ndots:5'] });
    expect(podDNSConfig(pod({ dnsPolicy: 'Default' }))).toEqual({ servers: ['172.18.0.1'], searches: [], options: ['ndots:0'] });
  });
  it('serviceEnv skips Services without a ClusterIP', () => {
    expect(serviceEnv([{ metadata: { name: 'x' }, spec: { clusterIP: 'None' } }])).toEqual([]);
  });
});
