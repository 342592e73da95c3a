/**
 * PolicyRule helpers shared by the API server (escalation checks) and kubectl (`describe role`,
 * `auth can-i --list`): a rule broken down into one verb on one resource, rules compacted back,
 * their sort order and the `pods/log`, `deployments.apps` column.
 * upstream: staging/src/k8s.io/kubectl/pkg/util/rbac/rbac.go (BreakdownRule, CompactRules,
 * SortableRuleSlice; the API server's pkg/registry/rbac/validation has the same two),
 * staging/src/k8s.io/kubectl/pkg/describe/describe.go CombineResourceGroup.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

/** rbacv1.PolicyRule with its lists always present (Go's nil slices print as `[]`). */
export interface PolicyRule {
  verbs: string[];
  apiGroups: string[];
  resources: string[];
  resourceNames: string[];
  nonResourceURLs: string[];
}

/** A stored or reviewed rule with every list present. */
export function policyRule(rule: any): PolicyRule {
  return {
    verbs: rule?.verbs ?? [],
    apiGroups: rule?.apiGroups ?? [],
    resources: rule?.resources ?? [],
    resourceNames: rule?.resourceNames ?? [],
    nonResourceURLs: rule?.nonResourceURLs ?? []
  };
}

/** Go's %v of a []string: `[get list]`, `[]` for nil. */
export function goStrings(list: readonly string[]): string {
  return `[${list.join(' ')}]`;
}

/** upstream: rbac.BreakdownRule: rules of one group, one resource, one verb and at most one name; then one URL and one verb. */
export function breakdownRule(rule: PolicyRule): PolicyRule[] {
  const out: PolicyRule[] = [];
  for (const group of rule.apiGroups) {
    for (const resource of rule.resources) {
      for (const verb of rule.verbs) {
        const names = rule.resourceNames.length > 0 ? rule.resourceNames.map((n) => [n]) : [[]];
        for (const resourceNames of names) out.push({ verbs: [verb], apiGroups: [group], resources: [resource], resourceNames, nonResourceURLs: [] });
      }
    }
  }
  for (const url of rule.nonResourceURLs) {
    for (const verb of rule.verbs) out.push({ verbs: [verb], apiGroups: [], resources: [], resourceNames: [], nonResourceURLs: [url] });
  }
  return out;
}

/**
 * upstream: rbac.CompactRules: rules on one group, one resource and at most one name gather
 * their verbs (in order, each once); the other rules stay as they are, first.
 */
export function compactRules(rules: PolicyRule[]): PolicyRule[] {
  const compacted: PolicyRule[] = [];
  const simple = new Map<string, PolicyRule>();
  for (const rule of rules) {
    const isSimple = rule.resourceNames.length <= 1 && rule.nonResourceURLs.length === 0 && rule.apiGroups.length === 1 && rule.resources.length === 1;
    if (!isSimple) {
      compacted.push(rule);
      continue;
    }
    const key = JSON.stringify([rule.apiGroups[0], rule.resources[0], rule.resourceNames.length > 0, rule.resourceNames[0] ?? '']);
    const existing = simple.get(key);
    if (existing) existing.verbs = [...existing.verbs, ...rule.verbs.filter((v) => !existing.verbs.includes(v))];
    else simple.set(key, { ...rule, verbs: [...rule.verbs] });
  }
  return [...compacted, ...simple.values()];
}

/** The generated PolicyRule.String() that SortableRuleSlice compares: verbs first. */
export function ruleString(r: PolicyRule): string {
  return `&PolicyRule{Verbs:${goStrings(r.verbs)},APIGroups:${goStrings(r.apiGroups)},Resources:${goStrings(r.resources)},ResourceNames:${goStrings(r.resourceNames)},NonResourceURLs:${goStrings(r.nonResourceURLs)},}`;
}

/** Rules broken down, compacted and sorted (stable) as kubectl prints them. */
export function compactSortedRules(rules: readonly any[]): PolicyRule[] {
  const keyed = compactRules(rules.flatMap((r) => breakdownRule(policyRule(r)))).map((r) => ({ r, k: ruleString(r) }));
  keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  return keyed.map((x) => x.r);
}

/** upstream: describe.go CombineResourceGroup: `deployments.apps/scale`. */
export function combineResourceGroup(resources: readonly string[], groups: readonly string[]): string {
  if (resources.length === 0) return '';
  const slash = resources[0].indexOf('/');
  let combined = slash < 0 ? resources[0] : resources[0].slice(0, slash);
  if (groups.length > 0 && groups[0] !== '') combined += `.${groups[0]}`;
  if (slash >= 0) combined += resources[0].slice(slash);
  return combined;
}
