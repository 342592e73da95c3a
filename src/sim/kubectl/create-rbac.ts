/**
 * `kubectl create role|clusterrole|rolebinding|clusterrolebinding`: the objects kubectl builds
 * (compare `--dry-run=client -o yaml`), with its flag checks and messages. Resources in --resource
 * are resolved through discovery as kubectl's RESTMapper does (`rs` -> replicasets in group apps,
 * `pods/log` keeps its subresource unchecked), and the rules are grouped by API group.
 * Objects are built in the Go structs' field order, so --save-config's JSON reads as kubectl's.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/create/create_role.go, create_clusterrole.go,
 * create_rolebinding.go, create_clusterrolebinding.go.
 */
import type { KObject } from '../apiserver/store';
import { RESOURCES, resourceByName, type ResourceInfo } from '../api/resources';
import { KubectlError, fail, nameFromArgs, type CommandSpec, type Invocation } from './command';
import type { FlagDef } from './flags';

type Generate = (inv: Invocation, r: ResourceInfo, obj: KObject, wrap?: string) => Promise<void>;

const RBAC_GROUP = 'rbac.authorization.k8s.io';
const RBAC_API_VERSION = `${RBAC_GROUP}/v1`;

/** upstream: create_role.go validResourceVerbs */
export const VALID_RESOURCE_VERBS = ['*', 'get', 'delete', 'list', 'create', 'update', 'patch', 'watch', 'proxy', 'deletecollection', 'use', 'bind', 'escalate', 'impersonate'];

/** upstream: create_clusterrole.go validNonResourceVerbs */
export const VALID_NON_RESOURCE_VERBS = ['*', 'get', 'post', 'put', 'delete', 'patch', 'head', 'options'];

/** upstream: create_role.go specialVerbs: verbs that only apply to these group/resources. */
const SPECIAL_VERBS: Record<string, { group: string; resource: string }[]> = {
  use: [
    { group: 'policy', resource: 'podsecuritypolicies' },
    { group: 'extensions', resource: 'podsecuritypolicies' }
  ],
  bind: [
    { group: RBAC_GROUP, resource: 'roles' },
    { group: RBAC_GROUP, resource: 'clusterroles' }
  ],
  escalate: [
    { group: RBAC_GROUP, resource: 'roles' },
    { group: RBAC_GROUP, resource: 'clusterroles' }
  ],
  impersonate: [
    { group: '', resource: 'users' },
    { group: '', resource: 'serviceaccounts' },
    { group: '', resource: 'groups' },
    { group: 'authentication.k8s.io', resource: 'userextras' }
  ]
};

/** One --resource value: `resource.group/subresource`. upstream: create_role.go ResourceOptions */
export interface ResourceOption {
  group: string;
  resource: string;
  subResource: string;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** upstream: CreateRoleOptions.Complete: `*` alone stands for every verb. */
function completeVerbs(verbs: string[]): string[] {
  return verbs.includes('*') ? ['*'] : unique(verbs);
}

/** upstream: CreateRoleOptions.Complete: `--resource=pods,deployments.apps,pods/log`; a bare `*` ends the list. */
export function parseResourceOptions(values: string[]): ResourceOption[] {
  const out: ResourceOption[] = [];
  for (const value of values) {
    const slash = value.indexOf('/');
    const head = slash >= 0 ? value.slice(0, slash) : value;
    const dot = head.indexOf('.');
    const option: ResourceOption = {
      resource: dot >= 0 ? head.slice(0, dot) : head,
      group: dot >= 0 ? head.slice(dot + 1) : '',
      subResource: slash >= 0 ? value.slice(slash + 1) : ''
    };
    if (option.resource === '*' && dot < 0 && slash < 0) return [option];
    out.push(option);
  }
  return out;
}

/**
 * The discovery RESTMapper's ResourceFor(group, resource) behind kubectl's shortcut expander:
 * a short name as typed (`deploy`, not `DEPLOY`), else the plural or singular lower-cased
 * (`Pods`), in the group when one is given.
 */
function mapResource(option: ResourceOption): { group: string; resource: string } | undefined {
  const inGroup = (r: ResourceInfo) => !option.group || r.group === option.group;
  const lower = option.resource.toLowerCase();
  const found =
    RESOURCES.find((r) => inGroup(r) && (r.name === option.resource || r.singular === option.resource)) ??
    RESOURCES.find((r) => inGroup(r) && r.shortNames.includes(option.resource)) ??
    RESOURCES.find((r) => inGroup(r) && (r.name === lower || r.singular === lower));
  return found && { group: found.group, resource: found.name };
}

/** upstream: cmdutil.CheckErr for a meta.NoResourceMatchError (printed without `error: `). */
function noResourceMatch(option: ResourceOption): never {
  const inGroup = option.group ? ` in group "${option.group}"` : '';
  throw new KubectlError(`the server doesn't have a resource type "${option.resource}"${inGroup}`);
}

/** upstream: create_role.go validateResource */
function validateResources(options: ResourceOption[], verbs: string[]): void {
  for (const option of options) {
    if (!option.resource) fail('resource must be specified if apiGroup/subresource specified');
    if (option.resource === '*') return;
    const mapped = mapResource(option);
    const resource = mapped ?? { group: option.group, resource: option.resource };
    let matched = mapped !== undefined;
    for (const verb of verbs) {
      const allowed = SPECIAL_VERBS[verb];
      if (!allowed) continue;
      if (!allowed.some((gr) => gr.resource === resource.resource && gr.group === resource.group)) {
        fail(`can not perform '${verb}' on '${resource.resource}' in group '${resource.group}'`);
      }
      // a special verb's own resources (users, groups) need not be served
      matched = true;
    }
    if (!matched) noResourceMatch(option);
  }
}

/** The Go struct rbacv1.PolicyRule's fields, in its order (empty lists omitted). */
function policyRule(verbs: string[], parts: { apiGroups?: string[]; resources?: string[]; resourceNames?: string[]; nonResourceURLs?: string[] }): KObject {
  const rule: KObject = { verbs };
  for (const key of ['apiGroups', 'resources', 'resourceNames', 'nonResourceURLs'] as const) {
    const list = parts[key];
    if (list && list.length > 0) rule[key] = list;
  }
  return rule;
}

/** upstream: create_role.go generateResourcePolicyRules: one rule per API group (sorted), then the URLs' rule. */
export function generateResourcePolicyRules(verbs: string[], options: ResourceOption[], resourceNames: string[], nonResourceURLs: string[]): KObject[] {
  const byGroup = new Map<string, string[]>();
  for (const option of options) {
    const mapped = mapResource(option) ?? { group: option.group, resource: option.resource };
    const resource = option.subResource ? `${mapped.resource}/${option.subResource}` : mapped.resource;
    const resources = byGroup.get(mapped.group) ?? [];
    if (!resources.includes(resource)) resources.push(resource);
    byGroup.set(mapped.group, resources);
  }
  const rules = [...byGroup.keys()].sort().map((group) => policyRule(verbs, { apiGroups: [group], resources: byGroup.get(group), resourceNames }));
  if (nonResourceURLs.length > 0) rules.push(policyRule(verbs, { nonResourceURLs }));
  return rules;
}

/** ObjectMeta's fields in the Go struct's order. */
function meta(name: string, namespace?: string): KObject {
  return { name, ...(namespace ? { namespace } : {}), creationTimestamp: null };
}

const ROLE_FLAGS: FlagDef[] = [
  { name: 'verb', type: 'stringSlice' },
  { name: 'resource', type: 'stringSlice' },
  { name: 'resource-name', type: 'stringArray' }
];

/** Warnings for verbs kubectl does not know, printed before the object. */
function warnVerbs(inv: Invocation, verbs: string[]): void {
  for (const verb of verbs) {
    if (!VALID_RESOURCE_VERBS.includes(verb)) inv.out.warning(`Warning: '${verb}' is not a standard resource verb\n`);
  }
}

export function createRoleCommand(flags: FlagDef[], generate: Generate): CommandSpec {
  return {
    name: 'role',
    long: 'Create a role with single rule.',
    short: 'Create a role with single rule',
    use: 'create role NAME --verb=verb --resource=resource.group/subresource [--resource-name=resourcename] [--dry-run=server|client|none]',
    flags: [...flags, ...ROLE_FLAGS],
    async run(inv) {
      const name = nameFromArgs(inv);
      const { flags: f } = inv;
      const verbs = completeVerbs(f.list('verb'));
      const resources = parseResourceOptions(f.list('resource'));
      const resourceNames = unique(f.list('resource-name'));
      // upstream: CreateRoleOptions.Validate
      if (verbs.length === 0) fail('at least one verb must be specified');
      warnVerbs(inv, verbs);
      if (resources.length === 0) fail('at least one resource must be specified');
      validateResources(resources, verbs);
      const obj: KObject = {
        kind: 'Role',
        apiVersion: RBAC_API_VERSION,
        metadata: meta(name, inv.explicitNamespace ? inv.namespace : undefined),
        rules: generateResourcePolicyRules(verbs, resources, resourceNames, [])
      };
      await generate(inv, resourceByName('roles'), obj);
    }
  };
}

/** cliflag.MapStringString: `k=v,k2=v2`, repeatable, merged; empty pieces skipped. */
function parseMapStringString(inv: Invocation, flag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const value of inv.flags.list(flag)) {
    for (const piece of value.split(',')) {
      const pair = piece.trim();
      if (!pair) continue;
      const eq = pair.indexOf('=');
      if (eq < 0) throw new KubectlError(`error: invalid argument "${value}" for "--${flag}" flag: malformed pair, expect string=string\nSee '${inv.path} --help' for usage.`);
      out[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
    }
  }
  return out;
}

/** upstream: create_clusterrole.go Validate (the non-resource URL checks). */
function validateNonResourceURLs(verbs: string[], urls: string[]): void {
  for (const verb of verbs) {
    if (!VALID_NON_RESOURCE_VERBS.includes(verb)) fail(`invalid verb: '${verb}' for nonResourceURL`);
  }
  for (const url of urls) {
    if (url === '*') continue;
    if (!url.startsWith('/')) fail('nonResourceURL should start with /');
    if (url.slice(0, -1).includes('*')) fail("nonResourceURL only supports wildcard matches when '*' is at the end");
  }
}

export function createClusterRoleCommand(flags: FlagDef[], generate: Generate): CommandSpec {
  return {
    name: 'clusterrole',
    long: 'Create a cluster role.',
    short: 'Create a cluster role',
    use: 'create clusterrole NAME --verb=verb --resource=resource.group [--resource-name=resourcename] [--dry-run=server|client|none]',
    flags: [...flags, ...ROLE_FLAGS, { name: 'non-resource-url', type: 'stringSlice' }, { name: 'aggregation-rule', type: 'stringArray' }],
    async run(inv) {
      const aggregation = parseMapStringString(inv, 'aggregation-rule');
      const nonResourceURLs = unique(inv.flags.list('non-resource-url'));
      const name = nameFromArgs(inv);
      const { flags: f } = inv;
      const verbs = completeVerbs(f.list('verb'));
      const resources = parseResourceOptions(f.list('resource'));
      const resourceNames = unique(f.list('resource-name'));
      const obj: KObject = { kind: 'ClusterRole', apiVersion: RBAC_API_VERSION, metadata: meta(name) };
      if (Object.keys(aggregation).length > 0) {
        if (nonResourceURLs.length > 0 || verbs.length > 0 || resources.length > 0 || resourceNames.length > 0) {
          fail('aggregation rule must be specified without nonResourceURLs, verbs, resources or resourceNames');
        }
        // rules has no omitempty in the Go struct: kubectl prints `rules: null`
        obj.rules = null;
        obj.aggregationRule = { clusterRoleSelectors: [{ matchLabels: aggregation }] };
      } else {
        if (verbs.length === 0) fail('at least one verb must be specified');
        if (resources.length === 0 && nonResourceURLs.length === 0) fail('one of resource or nonResourceURL must be specified');
        if (resources.length > 0) {
          warnVerbs(inv, verbs);
          validateResources(resources, verbs);
        }
        if (nonResourceURLs.length > 0) validateNonResourceURLs(verbs, nonResourceURLs);
        obj.rules = generateResourcePolicyRules(verbs, resources, resourceNames, nonResourceURLs);
      }
      await generate(inv, resourceByName('clusterroles'), obj);
    }
  };
}

const SUBJECT_FLAGS: FlagDef[] = [
  { name: 'user', type: 'stringArray' },
  { name: 'group', type: 'stringArray' },
  { name: 'serviceaccount', type: 'stringArray' }
];

/** Users, then groups, then service accounts (`NAMESPACE:NAME`), as rbacv1.Subject structs. */
function subjects(inv: Invocation): KObject[] {
  const out: KObject[] = [];
  for (const name of inv.flags.list('user')) out.push({ kind: 'User', apiGroup: RBAC_GROUP, name });
  for (const name of inv.flags.list('group')) out.push({ kind: 'Group', apiGroup: RBAC_GROUP, name });
  for (const sa of inv.flags.list('serviceaccount')) {
    const tokens = sa.split(':');
    if (tokens.length !== 2 || !tokens[0] || !tokens[1]) fail('serviceaccount must be <namespace>:<name>');
    out.push({ kind: 'ServiceAccount', name: tokens[1], namespace: tokens[0] });
  }
  return out;
}

/** A binding's fields in the Go struct's order: subjects (omitempty), then roleRef. */
function binding(kind: string, metadata: KObject, subjectList: KObject[], roleKind: string, roleName: string): KObject {
  return {
    kind,
    apiVersion: RBAC_API_VERSION,
    metadata,
    ...(subjectList.length > 0 ? { subjects: subjectList } : {}),
    roleRef: { apiGroup: RBAC_GROUP, kind: roleKind, name: roleName }
  };
}

export function createRoleBindingCommand(flags: FlagDef[], generate: Generate): CommandSpec {
  return {
    name: 'rolebinding',
    long: 'Create a role binding for a particular role or cluster role.',
    short: 'Create a role binding for a particular role or cluster role',
    use: 'create rolebinding NAME --clusterrole=NAME|--role=NAME [--user=username] [--group=groupname] [--serviceaccount=namespace:serviceaccountname] [--dry-run=server|client|none]',
    flags: [...flags, { name: 'clusterrole', type: 'string' }, { name: 'role', type: 'string' }, ...SUBJECT_FLAGS],
    async run(inv) {
      const name = nameFromArgs(inv);
      const role = inv.flags.str('role');
      const clusterRole = inv.flags.str('clusterrole');
      // upstream: RoleBindingOptions.Validate
      if (!clusterRole === !role) fail('exactly one of clusterrole or role must be specified');
      const obj = binding('RoleBinding', meta(name, inv.explicitNamespace ? inv.namespace : undefined), subjects(inv), role ? 'Role' : 'ClusterRole', role || clusterRole);
      await generate(inv, resourceByName('rolebindings'), obj, 'failed to create rolebinding');
    }
  };
}

export function createClusterRoleBindingCommand(flags: FlagDef[], generate: Generate): CommandSpec {
  return {
    name: 'clusterrolebinding',
    long: 'Create a cluster role binding for a particular cluster role.',
    short: 'Create a cluster role binding for a particular cluster role',
    use: 'create clusterrolebinding NAME --clusterrole=NAME [--user=username] [--group=groupname] [--serviceaccount=namespace:serviceaccountname] [--dry-run=server|client|none]',
    flags: [...flags, { name: 'clusterrole', type: 'string' }, ...SUBJECT_FLAGS],
    async run(inv) {
      // cobra checks required flags before the command runs
      if (!inv.flags.changed('clusterrole')) fail('required flag(s) "clusterrole" not set');
      const name = nameFromArgs(inv);
      const obj = binding('ClusterRoleBinding', meta(name), subjects(inv), 'ClusterRole', inv.flags.str('clusterrole'));
      await generate(inv, resourceByName('clusterrolebindings'), obj, 'failed to create clusterrolebinding');
    }
  };
}
