/**
 * Role, ClusterRole, RoleBinding and ClusterRoleBinding validation.
 *
 * upstream: pkg/apis/rbac/validation/validation.go (ValidateRole, ValidateClusterRole,
 *           validatePolicyRule, ValidateRoleBinding, ValidateClusterRoleBinding,
 *           validateRoleBindingSubject, the *Update variants: "cannot change roleRef")
 */
import { goRepr, invalid, notSupported, path, required, type FieldError, type Path } from './field';
import { arr, isObj, str, validateObjectMeta, validateObjectMetaUpdate, type Obj } from './meta';
import { nameIsDNSSubdomain, validatePathSegmentName } from './names';

/** upstream: rbac.GroupName */
export const RBAC_GROUP = 'rbac.authorization.k8s.io';

/** upstream validatePolicyRule */
function validatePolicyRule(rule: Obj, isNamespaced: boolean, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const verbs = arr(rule.verbs);
  const nonResourceURLs = arr(rule.nonResourceURLs);
  const apiGroups = arr(rule.apiGroups);
  const resources = arr(rule.resources);
  const resourceNames = arr(rule.resourceNames);
  // (resourceNames with several resources is valid: one rule can name "my-app" among pods,
  // services and deployments. kubernetes/kubernetes#44659 proposed refusing it and was closed.)
  if (verbs.length === 0) errs.push(required(p.child('verbs'), 'verbs must contain at least one value'));
  if (nonResourceURLs.length > 0) {
    if (isNamespaced) errs.push(invalid(p.child('nonResourceURLs'), nonResourceURLs, 'namespaced rules cannot apply to non-resource URLs'));
    if (apiGroups.length > 0 || resources.length > 0 || resourceNames.length > 0) {
      errs.push(invalid(p.child('nonResourceURLs'), nonResourceURLs, 'rules cannot apply to both regular resources and non-resource URLs'));
    }
    return errs;
  }
  if (apiGroups.length === 0) errs.push(required(p.child('apiGroups'), 'resource rules must supply at least one api group'));
  if (resources.length === 0) errs.push(required(p.child('resources'), 'resource rules must supply at least one resource'));
  return errs;
}

function validateRules(role: Obj, isNamespaced: boolean): FieldError[] {
  const errs: FieldError[] = [];
  arr(role.rules).forEach((rule, i) => errs.push(...validatePolicyRule(isObj(rule) ? rule : {}, isNamespaced, path('rules').index(i))));
  return errs;
}

/** upstream ValidateRole / ValidateRoleUpdate (the metadata update checks after the role's own). */
export function validateRole(role: Obj, old?: Obj): FieldError[] {
  const errs = [...validateObjectMeta(role.metadata, true, validatePathSegmentName, path('metadata')), ...validateRules(role, true)];
  if (old) errs.push(...validateObjectMetaUpdate(role.metadata, old.metadata, path('metadata')));
  return errs;
}

/** upstream ValidateClusterRole / ValidateClusterRoleUpdate */
export function validateClusterRole(role: Obj, old?: Obj): FieldError[] {
  const errs = [...validateObjectMeta(role.metadata, false, validatePathSegmentName, path('metadata')), ...validateRules(role, false)];
  if (old) errs.push(...validateObjectMetaUpdate(role.metadata, old.metadata, path('metadata')));
  return errs;
}

/** upstream validateRoleBindingSubject */
function validateSubject(subject: Obj, isNamespaced: boolean, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const name = str(subject.name);
  const apiGroup = str(subject.apiGroup);
  if (name === '') errs.push(required(p.child('name')));
  switch (subject.kind) {
    case 'ServiceAccount':
      if (name !== '') for (const msg of nameIsDNSSubdomain(name, false)) errs.push(invalid(p.child('name'), name, msg));
      if (apiGroup !== '') errs.push(notSupported(p.child('apiGroup'), apiGroup, ['']));
      if (!isNamespaced && str(subject.namespace) === '') errs.push(required(p.child('namespace')));
      break;
    case 'User':
      if (name === '') errs.push(invalid(p.child('name'), name, 'user name cannot be empty'));
      if (apiGroup !== RBAC_GROUP) errs.push(notSupported(p.child('apiGroup'), apiGroup, [RBAC_GROUP]));
      break;
    case 'Group':
      if (name === '') errs.push(invalid(p.child('name'), name, 'group name cannot be empty'));
      if (apiGroup !== RBAC_GROUP) errs.push(notSupported(p.child('apiGroup'), apiGroup, [RBAC_GROUP]));
      break;
    default:
      errs.push(notSupported(p.child('kind'), str(subject.kind), ['ServiceAccount', 'User', 'Group']));
  }
  return errs;
}

/** Go's %v of an rbac.RoleRef (the "cannot change roleRef" value). */
function goRoleRef(ref: Obj): ReturnType<typeof goRepr> {
  return goRepr(`rbac.RoleRef{APIGroup:${JSON.stringify(str(ref.apiGroup))}, Kind:${JSON.stringify(str(ref.kind))}, Name:${JSON.stringify(str(ref.name))}}`);
}

function validateBinding(binding: Obj, isNamespaced: boolean, old?: Obj): FieldError[] {
  const errs = validateObjectMeta(binding.metadata, isNamespaced, validatePathSegmentName, path('metadata'));
  const ref: Obj = isObj(binding.roleRef) ? binding.roleRef : {};
  if (str(ref.apiGroup) !== RBAC_GROUP) errs.push(notSupported(path('roleRef', 'apiGroup'), str(ref.apiGroup), [RBAC_GROUP]));
  const kinds = isNamespaced ? ['Role', 'ClusterRole'] : ['ClusterRole'];
  if (!kinds.includes(str(ref.kind))) errs.push(notSupported(path('roleRef', 'kind'), str(ref.kind), kinds));
  const refName = str(ref.name);
  if (refName === '') errs.push(required(path('roleRef', 'name')));
  else for (const msg of validatePathSegmentName(refName, false)) errs.push(invalid(path('roleRef', 'name'), refName, msg));
  arr(binding.subjects).forEach((s, i) => errs.push(...validateSubject(isObj(s) ? s : {}, isNamespaced, path('subjects').index(i))));
  if (old) {
    errs.push(...validateObjectMetaUpdate(binding.metadata, old.metadata, path('metadata')));
    const oldRef: Obj = isObj(old.roleRef) ? old.roleRef : {};
    if (str(oldRef.apiGroup) !== str(ref.apiGroup) || str(oldRef.kind) !== str(ref.kind) || str(oldRef.name) !== refName) {
      errs.push(invalid(path('roleRef'), goRoleRef(ref), 'cannot change roleRef'));
    }
  }
  return errs;
}

/** upstream ValidateRoleBinding / ValidateRoleBindingUpdate */
export function validateRoleBinding(binding: Obj, old?: Obj): FieldError[] {
  return validateBinding(binding, true, old);
}

/** upstream ValidateClusterRoleBinding / ValidateClusterRoleBindingUpdate */
export function validateClusterRoleBinding(binding: Obj, old?: Obj): FieldError[] {
  return validateBinding(binding, false, old);
}
