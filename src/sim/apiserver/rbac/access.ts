/**
 * Who a console request is from and what it may do: authentication (kubeadm's admin.conf client
 * certificate, or a ServiceAccount bearer token from `kubectl --token`), impersonation
 * (`kubectl --as`, `--as-group`, `--as-uid`), the access-review APIs kubectl's `auth can-i` and
 * `auth whoami` call, and the ClusterRole aggregation controller's reconcile.
 * The simulation's own components (kubelets, scheduler, controllers) are trusted: their bootstrap
 * roles allow what they do, so their requests are not authorized one by one.
 * upstream: staging/src/k8s.io/apiserver/pkg/endpoints/filters/impersonation.go,
 * pkg/serviceaccount/jwt.go + claims.go (token authentication), pkg/registry/authorization
 * (selfsubjectaccessreview, subjectaccessreview, localsubjectaccessreview, selfsubjectrulesreview),
 * pkg/registry/authentication/selfsubjectreview, pkg/controller/clusterroleaggregation.
 */
import { ApiError, badRequest, forbiddenRaw, unauthorized } from '../../api/errors';
import { SERVICE_ACCOUNT_ISSUER, unixSeconds } from '../../api/sa-token';
import { selectorFromLabelSelector } from '../../api/labels';
import { breakdownRule, compactRules, policyRule } from '../../api/rbac-rules';
import type { KObject } from '../store';
import { keyOf } from '../store';
import { ALL_AUTHENTICATED, ALL_UNAUTHENTICATED, forbiddenMessage, serviceAccountGroups, splitServiceAccountUsername, type Attributes, type PolicyRule, type RBACAuthorizer, type RbacStore, type UserInfo } from './authorizer';
import { KUBEADM_CLUSTER_ADMINS_GROUP } from './bootstrap-policy';

/** kubeadm's admin.conf: CN=kubernetes-admin, O=kubeadm:cluster-admins. */
export const KUBERNETES_ADMIN: UserInfo = Object.freeze({ username: 'kubernetes-admin', groups: Object.freeze([KUBEADM_CLUSTER_ADMINS_GROUP, ALL_AUTHENTICATED]) as string[] });

/** A request without credentials. upstream: apiserver/pkg/authentication/request/anonymous */
export const ANONYMOUS: UserInfo = Object.freeze({ username: 'system:anonymous', groups: Object.freeze([ALL_UNAUTHENTICATED]) as string[] });

export interface Impersonation {
  user?: string;
  groups?: string[];
  uid?: string;
}

function decodeSegment(seg: string): unknown {
  const b64 = seg.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))));
}

/**
 * A bearer token as the ServiceAccount token authenticator reads it: issued by this API server,
 * not expired, its ServiceAccount (and bound object) still there with the same UID. Anything
 * else does not authenticate (401). upstream: pkg/serviceaccount/jwt.go, claims.go Validate
 */
export function authenticateToken(token: string, store: RbacStore, now: number): UserInfo {
  let claims: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    const parts = token.split('.');
    if (parts.length !== 3) throw new Error('not a JWT');
    claims = decodeSegment(parts[1]);
  } catch {
    throw unauthorized();
  }
  const k8s = claims?.['kubernetes.io'];
  if (claims?.iss !== SERVICE_ACCOUNT_ISSUER || !k8s?.serviceaccount || typeof claims.exp !== 'number' || claims.exp < unixSeconds(now)) throw unauthorized();
  const sa = store.get('serviceaccounts', keyOf(k8s.namespace, k8s.serviceaccount.name));
  if (!sa || sa.metadata.uid !== k8s.serviceaccount.uid) throw unauthorized();
  if (k8s.pod) {
    const pod = store.get('pods', keyOf(k8s.namespace, k8s.pod.name));
    if (!pod || pod.metadata.uid !== k8s.pod.uid || pod.metadata.deletionTimestamp) throw unauthorized();
  }
  const extra: Record<string, string[]> = { 'authentication.kubernetes.io/credential-id': [`JTI=${claims.jti}`] };
  if (k8s.node) {
    extra['authentication.kubernetes.io/node-name'] = [k8s.node.name];
    if (k8s.node.uid) extra['authentication.kubernetes.io/node-uid'] = [k8s.node.uid];
  }
  if (k8s.pod) {
    extra['authentication.kubernetes.io/pod-name'] = [k8s.pod.name];
    extra['authentication.kubernetes.io/pod-uid'] = [k8s.pod.uid];
  }
  return { username: `system:serviceaccount:${k8s.namespace}:${k8s.serviceaccount.name}`, uid: sa.metadata.uid, groups: [...serviceAccountGroups(k8s.namespace), ALL_AUTHENTICATED], extra };
}

/** Authorizes or throws the 403 the API server writes. */
export function authorizeOrThrow(authz: RBACAuthorizer, a: Attributes): void {
  const d = authz.authorize(a);
  if (d.allowed) return;
  throw forbiddenRaw(forbiddenMessage(a, d.reason), { name: a.name || undefined, group: a.apiGroup ?? '', kind: a.resource || undefined });
}

/** upstream: filters.WithImpersonation: each thing to act as is authorized (verb impersonate), then the request is the new user's. */
export function impersonate(authz: RBACAuthorizer, requestor: UserInfo, imp: Impersonation): UserInfo {
  const groupsSpecified = (imp.groups ?? []).length > 0;
  if (!imp.user) throw new ApiError(badRequest(`requested ${JSON.stringify(imp)} without impersonating a user`).status);
  let username = '';
  let groups: string[] = [];
  const check = (resource: string, name: string, namespace?: string) => authorizeOrThrow(authz, { user: requestor, verb: 'impersonate', resourceRequest: true, apiGroup: resource === 'uids' ? 'authentication.k8s.io' : '', resource, name, namespace });
  const sa = splitServiceAccountUsername(imp.user);
  if (sa) {
    check('serviceaccounts', sa.name, sa.namespace);
    username = imp.user;
    if (!groupsSpecified) groups = serviceAccountGroups(sa.namespace);
  } else {
    check('users', imp.user);
    username = imp.user;
  }
  for (const g of imp.groups ?? []) {
    check('groups', g);
    groups.push(g);
  }
  if (imp.uid) check('uids', imp.uid);
  // A non-anonymous user is in system:authenticated unless the groups given say otherwise.
  if (username !== 'system:anonymous' && !groups.includes(ALL_AUTHENTICATED) && !groups.includes(ALL_UNAUTHENTICATED)) groups.push(ALL_AUTHENTICATED);
  return { username, groups, ...(imp.uid ? { uid: imp.uid } : {}) };
}

/** The attributes of a SubjectAccessReview's spec. upstream: authorizationutil.ResourceAttributesFrom / NonResourceAttributesFrom */
function attributesOfSpec(spec: KObject, user: UserInfo): Attributes {
  const ra = spec?.resourceAttributes;
  const nra = spec?.nonResourceAttributes;
  if (ra) return { user, verb: ra.verb ?? '', resourceRequest: true, namespace: ra.namespace ?? '', apiGroup: ra.group ?? '', resource: ra.resource ?? '', subresource: ra.subresource ?? '', name: ra.name ?? '' };
  if (nra) return { user, verb: nra.verb ?? '', resourceRequest: false, path: nra.path ?? '' };
  throw new ApiError({
    kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code: 422, reason: 'Invalid',
    message: 'SelfSubjectAccessReview.authorization.k8s.io "" is invalid: spec.resourceAttributes: Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified',
    details: { group: 'authorization.k8s.io', kind: 'SelfSubjectAccessReview', causes: [{ reason: 'FieldValueInvalid', message: 'Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified', field: 'spec.resourceAttributes' }] }
  });
}

function reviewStatus(authz: RBACAuthorizer, a: Attributes): KObject {
  const d = authz.authorize(a);
  return { allowed: d.allowed, ...(d.reason ? { reason: d.reason } : {}) };
}

/** Answers a create of one of the review resources (nothing is stored). */
export function review(resource: string, body: KObject, user: UserInfo, authz: RBACAuthorizer, namespace: string | undefined): KObject {
  const spec = body?.spec ?? {};
  const meta = { creationTimestamp: null, ...(namespace ? { namespace } : {}) };
  switch (resource) {
    case 'selfsubjectaccessreviews':
      return { kind: 'SelfSubjectAccessReview', apiVersion: 'authorization.k8s.io/v1', metadata: meta, spec, status: reviewStatus(authz, attributesOfSpec(spec, user)) };
    case 'subjectaccessreviews':
    case 'localsubjectaccessreviews': {
      const subject: UserInfo = { username: spec.user ?? '', groups: spec.groups ?? [], ...(spec.uid ? { uid: spec.uid } : {}), ...(spec.extra ? { extra: spec.extra } : {}) };
      const a = attributesOfSpec(spec, subject);
      if (resource === 'localsubjectaccessreviews') {
        // upstream: localsubjectaccessreview/rest.go: the namespace must match the request's.
        if (!a.resourceRequest || a.namespace !== namespace) throw badRequest(`spec.resourceAttributes.namespace must match namespace: ${namespace}`);
      }
      return { kind: resource === 'subjectaccessreviews' ? 'SubjectAccessReview' : 'LocalSubjectAccessReview', apiVersion: 'authorization.k8s.io/v1', metadata: meta, spec, status: reviewStatus(authz, a) };
    }
    case 'selfsubjectrulesreviews': {
      const { rules, errors } = authz.rulesFor(user, spec.namespace ?? '');
      const resourceRules: KObject[] = [];
      const nonResourceRules: KObject[] = [];
      for (const r of rules) {
        if ((r.resources ?? []).length > 0) resourceRules.push({ verbs: r.verbs, apiGroups: r.apiGroups ?? [], resources: r.resources, ...(r.resourceNames?.length ? { resourceNames: r.resourceNames } : {}) });
        if ((r.nonResourceURLs ?? []).length > 0) nonResourceRules.push({ verbs: r.verbs, nonResourceURLs: r.nonResourceURLs });
      }
      return {
        kind: 'SelfSubjectRulesReview', apiVersion: 'authorization.k8s.io/v1', metadata: meta, spec,
        status: { resourceRules, nonResourceRules, incomplete: errors.length > 0, ...(errors.length ? { evaluationError: errors.length === 1 ? errors[0] : `[${errors.join(', ')}]` } : {}) }
      };
    }
    case 'selfsubjectreviews':
      return {
        kind: 'SelfSubjectReview', apiVersion: 'authentication.k8s.io/v1', metadata: meta,
        status: { userInfo: { username: user.username, ...(user.uid ? { uid: user.uid } : {}), groups: user.groups, ...(user.extra ? { extra: user.extra } : {}) } }
      };
  }
  throw badRequest(`unknown review ${resource}`);
}

export const REVIEW_RESOURCES: ReadonlySet<string> = new Set(['selfsubjectaccessreviews', 'subjectaccessreviews', 'localsubjectaccessreviews', 'selfsubjectrulesreviews', 'selfsubjectreviews']);

/** A rule's identity for the controller's "ruleExists" (semantic deep equality), kept per (frozen) stored rule. */
const ruleKeys = new WeakMap<object, string>();
function ruleKey(r: PolicyRule): string {
  let k = ruleKeys.get(r);
  if (k === undefined) {
    k = JSON.stringify([r.verbs, r.apiGroups ?? [], r.resources ?? [], r.resourceNames ?? [], r.nonResourceURLs ?? []]);
    ruleKeys.set(r, k);
  }
  return k;
}

/**
 * The ClusterRole aggregation controller's sync of every aggregated role: the rules of the
 * ClusterRoles its selectors match (by name, itself left out, duplicates dropped). Returns the
 * roles whose rules change, with their new rules; aggregatedRules repeats it until none changes
 * (an aggregated role can be aggregated into another: view -> edit -> admin).
 * upstream: pkg/controller/clusterroleaggregation/clusterroleaggregation_controller.go syncClusterRole
 */
function aggregationUpdates(roles: readonly KObject[]): { name: string; rules: PolicyRule[] }[] {
  const out: { name: string; rules: PolicyRule[] }[] = [];
  const byName = [...roles].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
  for (const role of roles) {
    const selectors: KObject[] = role.aggregationRule?.clusterRoleSelectors ?? [];
    if (!role.aggregationRule) continue;
    const rules: PolicyRule[] = [];
    const seen = new Set<string>();
    for (const sel of selectors) {
      const selector = selectorFromLabelSelector(sel);
      for (const other of byName) {
        if (other.metadata.name === role.metadata.name || !selector.matches(other.metadata.labels ?? {})) continue;
        for (const r of other.rules ?? []) {
          const k = ruleKey(r);
          if (seen.has(k)) continue;
          seen.add(k);
          rules.push(r);
        }
      }
    }
    const current: PolicyRule[] = role.rules ?? [];
    if (current.length !== rules.length || current.some((r, i) => ruleKey(r) !== ruleKey(rules[i]))) out.push({ name: role.metadata.name, rules });
  }
  return out;
}

/**
 * The aggregated roles whose rules the controller's syncs change, with their final rules: syncs
 * repeated over a working copy until none changes (view feeds edit, which feeds admin), in the
 * order each role first changed.
 */
export function aggregatedRules(roles: readonly KObject[]): { name: string; rules: PolicyRule[] }[] {
  const current = roles.map((r) => ({ ...r }));
  const changed = new Map<string, PolicyRule[]>();
  for (let round = 0; round < 10; round++) {
    const updates = aggregationUpdates(current);
    if (updates.length === 0) break;
    for (const u of updates) {
      current.find((o) => o.metadata.name === u.name)!.rules = u.rules;
      changed.set(u.name, u.rules);
    }
  }
  return [...changed].map(([name, rules]) => ({ name, rules }));
}

// ---- escalation prevention (pkg/registry/rbac/validation/rule.go, policybased storages; its
// BreakdownRule and CompactRules are kubectl's too: src/sim/api/rbac-rules.ts) ----

const has = (set: readonly string[] | undefined, v: string) => (set ?? []).includes(v);
const hasAll = (set: readonly string[] | undefined, vs: readonly string[] | undefined) => (vs ?? []).every((v) => has(set, v));

function resourceCoversAll(set: readonly string[] | undefined, covers: readonly string[] | undefined): boolean {
  if (has(set, '*') || hasAll(set, covers)) return true;
  for (const path of covers ?? []) {
    if (has(set, path)) continue;
    const slash = path.indexOf('/');
    if (slash < 0) return false;
    if (!has(set, `*/${path.slice(slash + 1)}`)) return false;
  }
  return true;
}

function nonResourceURLCovers(owner: string, sub: string): boolean {
  return owner === sub || (owner.endsWith('*') && sub.startsWith(owner.replace(/\*+$/, '')));
}

/** upstream: validation.ruleCovers */
function ruleCovers(owner: PolicyRule, sub: PolicyRule): boolean {
  const verbs = has(owner.verbs, '*') || hasAll(owner.verbs, sub.verbs);
  const groups = has(owner.apiGroups, '*') || hasAll(owner.apiGroups, sub.apiGroups);
  const resources = resourceCoversAll(owner.resources, sub.resources);
  const urls = (sub.nonResourceURLs ?? []).every((p) => (owner.nonResourceURLs ?? []).some((o) => nonResourceURLCovers(o, p)));
  const names = (sub.resourceNames ?? []).length === 0 ? (owner.resourceNames ?? []).length === 0 : (owner.resourceNames ?? []).length === 0 || hasAll(owner.resourceNames, sub.resourceNames);
  return verbs && groups && resources && urls && names;
}

/** Go's %q of a []string: `["a" "b"]`. */
const goQuotedList = (l: readonly string[]) => `[${l.map((s) => JSON.stringify(s)).join(' ')}]`;

/** upstream: rbacv1helpers.CompactString */
function compactString(r: PolicyRule): string {
  const parts: string[] = [];
  if ((r.apiGroups ?? []).length > 0) parts.push(`APIGroups:${goQuotedList(r.apiGroups!)}`);
  if ((r.resources ?? []).length > 0) parts.push(`Resources:${goQuotedList(r.resources!)}`);
  if ((r.nonResourceURLs ?? []).length > 0) parts.push(`NonResourceURLs:${goQuotedList(r.nonResourceURLs!)}`);
  if ((r.resourceNames ?? []).length > 0) parts.push(`ResourceNames:${goQuotedList(r.resourceNames!)}`);
  if (r.verbs.length > 0) parts.push(`Verbs:${goQuotedList(r.verbs)}`);
  return `{${parts.join(', ')}}`;
}

/**
 * What the user may not grant: undefined when their own rules in `namespace` cover every rule
 * (broken down), else upstream's message listing the missing rights.
 * upstream: pkg/registry/rbac/validation/rule.go ConfirmNoEscalation, Covers
 */
export function escalationError(authz: RBACAuthorizer, user: UserInfo, namespace: string, rules: readonly PolicyRule[]): string | undefined {
  const { rules: owner, errors } = authz.rulesFor(user, namespace);
  const missing = rules.map(policyRule).flatMap(breakdownRule).filter((sub) => !owner.some((o) => ruleCovers(o, sub)));
  if (missing.length === 0) return undefined;
  const described = [...new Set(compactRules(missing).map(compactString))].sort();
  let msg = `user ${JSON.stringify(user.username)} (groups=${goQuotedList(user.groups)}) is attempting to grant RBAC permissions not currently held:\n${described.join('\n')}`;
  if (errors.length > 0) msg += `; resolution errors: [${errors.join(' ')}]`;
  return msg;
}

/** Everything (cluster-admin's rules): what an aggregationRule can gather. upstream: clusterrole/policybased fullAuthority */
export const FULL_AUTHORITY: readonly PolicyRule[] = [
  { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
  { verbs: ['*'], nonResourceURLs: ['*'] }
];
