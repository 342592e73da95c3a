/**
 * Service-account tokens: JWT-shaped strings with upstream's claims, signed by nothing (the
 * simulation has no keys). The kubelet's projected volumes and the TokenRequest API
 * (`kubectl create token`) both mint them here.
 * upstream: pkg/serviceaccount/claims.go (Claims: iss, sub, aud, exp, iat, nbf, jti and the
 * kubernetes.io private claims: namespace, serviceaccount, pod/secret/node, warnafter).
 */
import { SIM_EPOCH_MS } from '../kernel/clock';
import { encodeBase64Url } from './base64';

/** The API server's issuer and default audience (kubeadm's --service-account-issuer). */
export const SERVICE_ACCOUNT_ISSUER = 'https://kubernetes.default.svc.cluster.local';

export interface TokenClaims {
  namespace: string;
  serviceAccount: { name: string; uid: string };
  audiences: readonly string[];
  /** Virtual ms the token is issued at, and its lifetime. */
  now: number;
  expirationSeconds: number;
  /** A unique id (the pod's uid for a projected token). */
  jti: string;
  pod?: { name: string; uid: string };
  secret?: { name: string; uid: string };
  node?: { name: string; uid?: string };
  /** Projected tokens of a pod carry warnafter (the kubelet refreshes them before). */
  warnAfterSeconds?: number;
}

/** Unix seconds of a virtual time. */
export function unixSeconds(virtualMs: number): number {
  return Math.floor((SIM_EPOCH_MS + virtualMs) / 1000);
}

export function mintServiceAccountToken(c: TokenClaims): string {
  const iat = unixSeconds(c.now);
  const header = { alg: 'RS256', kid: 'kubarium-simulated-signing-key' };
  const k8s: Record<string, unknown> = { namespace: c.namespace };
  if (c.node) k8s.node = c.node;
  if (c.pod) k8s.pod = c.pod;
  if (c.secret) k8s.secret = c.secret;
  k8s.serviceaccount = c.serviceAccount;
  if (c.warnAfterSeconds !== undefined) k8s.warnafter = iat + c.warnAfterSeconds;
  const payload = {
    aud: [...c.audiences],
    exp: iat + c.expirationSeconds,
    iat,
    iss: SERVICE_ACCOUNT_ISSUER,
    jti: c.jti,
    'kubernetes.io': k8s,
    nbf: iat,
    sub: `system:serviceaccount:${c.namespace}:${c.serviceAccount.name}`
  };
  return `${encodeBase64Url(JSON.stringify(header))}.${encodeBase64Url(JSON.stringify(payload))}.${encodeBase64Url(`simulated-signature:${c.jti}:${iat}`)}`;
}
