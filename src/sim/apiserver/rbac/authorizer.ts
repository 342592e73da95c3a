/**
 * Authorization as kubeadm's API server runs it (--authorization-mode=Node,RBAC): members of
 * system:masters may do anything (the privileged-groups authorizer in front of the chain), then
 * RBAC: the ClusterRoleBindings and, for a namespaced request, the namespace's RoleBindings whose
 * subjects name the user, walked rule by rule until one allows the request. A binding to a role
 * that does not exist adds "RBAC: role.rbac.authorization.k8s.io "x" not found" to a denial's reason.
 * The Node authorizer (for system:nodes) is not modelled: kubelets here are trusted components.
 * upstream: plugin/pkg/auth/authorizer/rbac/rbac.go (Authorize, RulesFor, appliesTo),
 * pkg/apis/rbac/v1/evaluation_helpers.go (VerbMatches, APIGroupMatches, ResourceMatches,
 * ResourceNameMatches, NonResourceURLMatches), pkg/registry/rbac/validation/rule.go
 * (VisitRulesFor, describers), staging/src/k8s.io/apiserver/pkg/authorization/authorizerfactory
 * (NewPrivilegedGroups), staging/src/k8s.io/apiserver/pkg/endpoints/handlers/responsewriters/errors.go
 * (forbiddenMessage).
 */
import type { KObject } from '../store';
import { keyOf } from '../store';

/** Who a request is from, after authentication (and impersonation). upstream: user.Info */
export interface UserInfo {
  username: string;
  uid?: string;
  groups: string[];
  extra?: Record<string, string[]>;
}

/** upstream: authorizer.AttributesRecord */
export interface Attributes {
  user: UserInfo;
  verb: string;
  resourceRequest: boolean;
  namespace?: string;
  apiGroup?: string;
  resource?: string;
  subresource?: string;
  name?: string;
  /** A non-resource request's path (`/healthz`). */
  path?: string;
}

export interface Decision {
  allowed: boolean;
  reason: string;
}

export interface PolicyRule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

/** upstream: user.SystemPrivilegedGroup */
export const SYSTEM_MASTERS = 'system:masters';
export const ALL_AUTHENTICATED = 'system:authenticated';
export const ALL_UNAUTHENTICATED = 'system:unauthenticated';
const SA_PREFIX = 'system:serviceaccount:';

/** upstream: serviceaccount.SplitUsername ("system:serviceaccount:NS:NAME"). */
export function splitServiceAccountUsername(username: string): { namespace: string; name: string } | undefined {
  if (!username.startsWith(SA_PREFIX)) return undefined;
  const parts = username.slice(SA_PREFIX.length).split(':');
  if (parts.length !== 2 || parts[0] === '' || parts[1] === '') return undefined;
  return { namespace: parts[0], name: parts[1] };
}

/** upstream: serviceaccount.MakeGroupNames */
export function serviceAccountGroups(namespace: string): string[] {
  return ['system:serviceaccounts', `system:serviceaccounts:${namespace}`];
}

// ---- evaluation_helpers.go ----

function verbMatches(rule: PolicyRule, verb: string): boolean {
  return rule.verbs.some((v) => v === '*' || v === verb);
}

function apiGroupMatches(rule: PolicyRule, group: string): boolean {
  return (rule.apiGroups ?? []).some((g) => g === '*' || g === group);
}

function resourceMatches(rule: PolicyRule, combined: string, subresource: string): boolean {
  for (const r of rule.resources ?? []) {
    if (r === '*' || r === combined) return true;
    if (subresource === '') continue;
    // `*/scale` matches the scale subresource of any resource.
    if (r.length === subresource.length + 2 && r.startsWith('*/') && r.endsWith(subresource)) return true;
  }
  return false;
}

function resourceNameMatches(rule: PolicyRule, name: string): boolean {
  const names = rule.resourceNames ?? [];
  return names.length === 0 || names.includes(name);
}

function nonResourceURLMatches(rule: PolicyRule, path: string): boolean {
  for (const u of rule.nonResourceURLs ?? []) {
    if (u === '*' || u === path) return true;
    if (u.endsWith('*') && path.startsWith(u.slice(0, -1))) return true;
  }
  return false;
}

/** upstream: rbac.RuleAllows */
export function ruleAllows(a: Attributes, rule: PolicyRule): boolean {
  if (a.resourceRequest) {
    const sub = a.subresource ?? '';
    const combined = sub ? `${a.resource ?? ''}/${sub}` : (a.resource ?? '');
    return verbMatches(rule, a.verb) && apiGroupMatches(rule, a.apiGroup ?? '') && resourceMatches(rule, combined, sub) && resourceNameMatches(rule, a.name ?? '');
  }
  return verbMatches(rule, a.verb) && nonResourceURLMatches(rule, a.path ?? '');
}

// ---- rbac.go appliesTo ----

/** Which of the binding's subjects is the user (the first), if any. `namespace` is a RoleBinding's: its ServiceAccount subjects default to it. */
function appliesTo(user: UserInfo, subjects: readonly KObject[] | undefined, namespace: string): KObject | undefined {
  for (const s of subjects ?? []) {
    switch (s.kind) {
      case 'User':
        if (user.username === s.name) return s;
        break;
      case 'Group':
        if (user.groups.includes(s.name)) return s;
        break;
      case 'ServiceAccount': {
        const ns = s.namespace || namespace;
        if (ns && user.username === `${SA_PREFIX}${ns}:${s.name}`) return s;
        break;
      }
    }
  }
  return undefined;
}

/** upstream: rule.go describeSubject */
function describeSubject(s: KObject, bindingNamespace: string): string {
  if (s.kind === 'ServiceAccount') return `${s.kind} "${(s.namespace || bindingNamespace) + '/' + s.name}"`;
  return `${s.kind} "${s.name}"`;
}

export interface RbacStore {
  get(resource: string, key: string): KObject | undefined;
  list(resource: string, namespace?: string): KObject[];
}

/** A rule with the binding that granted it (rule.go's visitor arguments). */
type Visit = (source: () => string, rule: PolicyRule | undefined, error: string | undefined) => boolean;

export class RBACAuthorizer {
  constructor(private readonly store: RbacStore) {}

  /** upstream: rule.go VisitRulesFor: cluster role bindings, then the namespace's role bindings; stops when visit answers false. */
  #visitRulesFor(user: UserInfo, namespace: string, visit: Visit): void {
    if (!this.#visitBindings('ClusterRoleBinding', this.store.list('clusterrolebindings'), '', user, visit)) return;
    if (namespace !== '') this.#visitBindings('RoleBinding', this.store.list('rolebindings', namespace), namespace, user, visit);
  }

  /** The rules of the bindings (of `namespace`, '' for cluster role bindings) naming the user; false once visit stopped. */
  #visitBindings(kind: string, bindings: readonly KObject[], namespace: string, user: UserInfo, visit: Visit): boolean {
    for (const b of bindings) {
      const subject = appliesTo(user, b.subjects, namespace);
      if (!subject) continue;
      const { rules, error } = this.roleReferenceRules(b.roleRef, namespace);
      const name = namespace ? `${b.metadata.name}/${namespace}` : b.metadata.name;
      const source = () => `${kind} "${name}" of ${b.roleRef.kind} "${b.roleRef.name}" to ${describeSubject(subject, namespace)}`;
      if (error !== undefined && !visit(source, undefined, error)) return false;
      for (const r of rules) if (!visit(source, r, undefined)) return false;
    }
    return true;
  }

  /** The rules a binding's roleRef names, or why there are none. upstream: rule.go GetRoleReferenceRules */
  roleReferenceRules(ref: KObject, namespace: string): { rules: PolicyRule[]; error?: string } {
    if (ref?.kind === 'ClusterRole') {
      const role = this.store.get('clusterroles', ref.name);
      return role ? { rules: role.rules ?? [] } : { rules: [], error: `clusterrole.rbac.authorization.k8s.io "${ref.name}" not found` };
    }
    if (ref?.kind === 'Role') {
      const role = this.store.get('roles', keyOf(namespace, ref.name));
      return role ? { rules: role.rules ?? [] } : { rules: [], error: `role.rbac.authorization.k8s.io "${ref.name}" not found` };
    }
    return { rules: [], error: `unsupported role reference kind: "${ref?.kind}"` };
  }

  /** The privileged-groups authorizer, then RBAC. upstream: rbac.go Authorize */
  authorize(a: Attributes): Decision {
    if (a.user.groups.includes(SYSTEM_MASTERS)) return { allowed: true, reason: '' };
    let reason = '';
    const errors: string[] = [];
    let allowed = false;
    this.#visitRulesFor(a.user, a.namespace ?? '', (source, rule, error) => {
      if (rule && ruleAllows(a, rule)) {
        allowed = true;
        reason = `RBAC: allowed by ${source()}`;
        return false;
      }
      if (error !== undefined) errors.push(error);
      return true;
    });
    if (allowed) return { allowed, reason };
    // upstream: utilerrors.NewAggregate: one error as itself, more as "[a, b]".
    if (errors.length > 0) reason = `RBAC: ${errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`}`;
    return { allowed: false, reason };
  }

  /** Every rule that applies to the user in the namespace (SelfSubjectRulesReview). upstream: rbac.go RulesFor */
  rulesFor(user: UserInfo, namespace: string): { rules: PolicyRule[]; errors: string[] } {
    const rules: PolicyRule[] = [];
    const errors: string[] = [];
    this.#visitRulesFor(user, namespace, (_source, rule, error) => {
      if (rule) rules.push(rule);
      if (error !== undefined) errors.push(error);
      return true;
    });
    return { rules, errors };
  }
}

/**
 * The message of a 403 for these attributes (and the authorizer's reason, if any).
 * upstream: responsewriters.forbiddenMessage + Forbidden, apierrors.NewForbidden
 */
export function forbiddenMessage(a: Attributes, reason: string): string {
  let msg: string;
  const username = a.user.username;
  if (!a.resourceRequest) msg = `User "${username}" cannot ${a.verb} path "${a.path ?? ''}"`;
  else {
    const resource = a.subresource ? `${a.resource}/${a.subresource}` : (a.resource ?? '');
    msg = a.namespace
      ? `User "${username}" cannot ${a.verb} resource "${resource}" in API group "${a.apiGroup ?? ''}" in the namespace "${a.namespace}"`
      : `User "${username}" cannot ${a.verb} resource "${resource}" in API group "${a.apiGroup ?? ''}" at the cluster scope`;
  }
  const err = reason ? `${msg}: ${reason}` : msg;
  const gr = a.resourceRequest && a.resource ? (a.apiGroup ? `${a.resource}.${a.apiGroup}` : a.resource) : '';
  if (gr === '') return `forbidden: ${err}`;
  return a.name ? `${gr} "${a.name}" is forbidden: ${err}` : `${gr} is forbidden: ${err}`;
}
