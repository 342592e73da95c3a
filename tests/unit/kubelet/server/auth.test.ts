import { describe, expect, it } from 'vitest';
import { APISERVER_KUBELET_CLIENT, authFilter, subresourceOf } from '../../../../src/sim/kubelet/server/auth';
import { defaultKubeletConfiguration, type KubeletConfiguration } from '../../../../src/sim/kubelet/config/config';

const withAuth = (extra: Record<string, unknown>): KubeletConfiguration => ({ ...defaultKubeletConfiguration(), ...extra });

describe('the kubelet server auth filter', () => {
  const cases: { name: string; config: KubeletConfiguration; path: string; method?: string; want: unknown }[] = [
    { name: "kubeadm's settings: the API server's client certificate is cluster-admin", config: defaultKubeletConfiguration(), path: '/containerLogs/default/web/web', want: { ok: true } },
    {
      name: 'no client CA, anonymous on: the API server is system:anonymous and the webhook denies it',
      config: withAuth({ authentication: { anonymous: { enabled: true } }, authorization: { mode: 'Webhook' } }),
      path: '/containerLogs/default/web/web',
      want: { ok: false, status: 403, body: 'Forbidden (user=system:anonymous, verb=get, resource=nodes, subresource=proxy)' }
    },
    { name: 'no client CA, anonymous off: 401', config: withAuth({ authentication: { x509: {} } }), path: '/metrics', want: { ok: false, status: 401, body: 'Unauthorized' } },
    { name: 'AlwaysAllow lets anonymous through', config: withAuth({ authentication: { anonymous: { enabled: true } }, authorization: { mode: 'AlwaysAllow' } }), path: '/metrics', want: { ok: true } },
    {
      name: 'a client CA that did not sign the certificate: exec is create on nodes/proxy',
      config: withAuth({ authentication: { x509: { clientCAFile: '/etc/kubernetes/pki/other-ca.crt' }, anonymous: { enabled: true } } }),
      path: '/exec/default/web/web',
      method: 'POST',
      want: { ok: false, status: 403, body: 'Forbidden (user=system:anonymous, verb=create, resource=nodes, subresource=proxy)' }
    }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = authFilter(c.config, c.method ?? 'GET', c.path, APISERVER_KUBELET_CLIENT);
      expect(r.ok ? { ok: true } : r).toEqual(c.want);
    });
  }

  it('maps paths to subresources as upstream does', () => {
    expect(['/stats/summary', '/metrics', '/metrics/cadvisor', '/logs/', '/pods', '/healthz', '/containerLogs/a/b/c'].map(subresourceOf)).toEqual(['stats', 'metrics', 'metrics', 'log', 'proxy', 'proxy', 'proxy']);
  });
});
