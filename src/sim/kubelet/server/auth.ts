/**
 * The kubelet server's authentication and authorization filter, from the KubeletConfiguration's
 * `authentication` and `authorization` stanzas. A request is authenticated by its x509 client
 * certificate when `x509.clientCAFile` names the CA that signed it (kubeadm: the cluster CA,
 * /etc/kubernetes/pki/ca.crt, which signs the API server's kubelet client certificate); upstream
 * would then try a bearer token through the webhook (TokenReview), but the API server presents
 * none; a request left unauthenticated is `system:anonymous` when `anonymous.enabled`, else 401. Authorization `AlwaysAllow` lets everything
 * through; `Webhook` asks the API server (SubjectAccessReview) whether the user may `<verb>`
 * `nodes/<subresource>`, and a denial is 403 `Forbidden (user=..., verb=..., resource=nodes,
 * subresource=...)`.
 * upstream: pkg/kubelet/server/auth.go (GetRequestAttributes: subresource by path),
 * pkg/kubelet/server/server.go (InstallAuthFilter), cmd/kubelet/app/auth.go (BuildAuth),
 * pkg/kubelet/apis/config/v1beta1/defaults.go (anonymous false, webhook true, mode Webhook),
 * cmd/kubeadm/app/componentconfigs/kubelet.go (kubeadm's stanza), plugin/pkg/auth/authorizer/rbac
 * with kubeadm's ClusterRoleBinding kubeadm:cluster-admins -> cluster-admin.
 */
import type { KubeletConfiguration } from '../config/config';

/** The cluster CA kubeadm writes (cmd/kubeadm/app/constants: CACertName under /etc/kubernetes/pki). */
export const CLUSTER_CA_FILE = '/etc/kubernetes/pki/ca.crt';

/** A client certificate as the TLS handshake presents it. */
export interface ClientCertificate {
  commonName: string;
  organizations: string[];
  /** The CA file whose key signed it. */
  signedBy: string;
}

/**
 * The certificate the API server presents to kubelets (`--kubelet-client-certificate`):
 * kubeadm's apiserver-kubelet-client.crt, CN kube-apiserver-kubelet-client, O kubeadm:cluster-admins.
 */
export const APISERVER_KUBELET_CLIENT: ClientCertificate = {
  commonName: 'kube-apiserver-kubelet-client',
  organizations: ['kubeadm:cluster-admins'],
  signedBy: CLUSTER_CA_FILE
};

export interface UserInfo {
  name: string;
  groups: string[];
}

/** The KubeletConfiguration stanzas this filter reads, with their effective values. */
export interface KubeletAuthConfig {
  anonymousEnabled: boolean;
  clientCAFile: string;
  authorizationMode: string;
}

/**
 * The effective settings. A configuration without an `authentication` / `authorization` stanza is
 * kubarium's default one, which stands for kubeadm's (x509 with the cluster CA, webhook, no
 * anonymous; mode Webhook); a stanza that is present takes the kubelet's own defaults for what it
 * leaves out (no clientCAFile, webhook enabled, anonymous disabled, mode Webhook).
 */
export function authConfigOf(config: KubeletConfiguration): KubeletAuthConfig {
  /* eslint-disable @typescript-eslint/no-explicit-any */
  const authn = config.authentication as any;
  const authz = config.authorization as any;
  return {
    anonymousEnabled: authn ? authn.anonymous?.enabled === true : false,
    clientCAFile: authn ? String(authn.x509?.clientCAFile ?? '') : CLUSTER_CA_FILE,
    authorizationMode: authz ? String(authz.mode ?? 'Webhook') : 'Webhook'
  };
}

/** upstream: auth.go GetRequestAttributes: the subresource a path maps to. */
export function subresourceOf(path: string): string {
  const isSubpath = (root: string) => path === root || path.startsWith(root + '/');
  if (isSubpath('/stats')) return 'stats';
  if (isSubpath('/metrics')) return 'metrics';
  if (isSubpath('/logs')) return 'log';
  if (isSubpath('/checkpoint')) return 'checkpoint';
  return 'proxy';
}

/** upstream: auth.go: the HTTP method as an API verb (POST is create, GET get...). */
export function verbOf(method: string): string {
  switch (method) {
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return 'delete';
    default:
      return 'get';
  }
}

/**
 * The API server's answer to the kubelet's SubjectAccessReview under kubeadm's RBAC: members of
 * system:masters or kubeadm:cluster-admins are cluster-admin; nobody else may reach nodes/*.
 * (The simulated API server has no authorizer of its own yet.)
 */
export function subjectAccessReview(user: UserInfo): boolean {
  return user.groups.includes('system:masters') || user.groups.includes('kubeadm:cluster-admins');
}

export type FilterResult = { ok: true; user: UserInfo } | { ok: false; status: 401 | 403; body: string };

/** upstream: server.go InstallAuthFilter: authenticate, then authorize, else 401 / 403. */
export function authFilter(config: KubeletConfiguration, method: string, path: string, cert: ClientCertificate | undefined): FilterResult {
  const c = authConfigOf(config);
  let user: UserInfo | undefined;
  if (cert && c.clientCAFile !== '' && cert.signedBy === c.clientCAFile) {
    user = { name: cert.commonName, groups: [...cert.organizations, 'system:authenticated'] };
  } else if (c.anonymousEnabled) {
    // upstream: the anonymous authenticator ends the union chain: no certificate it trusts, no token.
    user = { name: 'system:anonymous', groups: ['system:unauthenticated'] };
  }
  if (!user) return { ok: false, status: 401, body: 'Unauthorized' };
  if (c.authorizationMode === 'AlwaysAllow') return { ok: true, user };
  const verb = verbOf(method);
  const subresource = subresourceOf(path);
  if (subjectAccessReview(user)) return { ok: true, user };
  return { ok: false, status: 403, body: `Forbidden (user=${user.name}, verb=${verb}, resource=nodes, subresource=${subresource})` };
}
