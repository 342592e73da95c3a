// `kubectl describe role|clusterrole|rolebinding|clusterrolebinding`.
//
// Source: staging/src/k8s.io/kubectl/pkg/describe/describe.go (kubectl v1.32): RoleDescriber,
// ClusterRoleDescriber, CombineResourceGroup, RoleBindingDescriber, ClusterRoleBindingDescriber;
// staging/src/k8s.io/kubectl/pkg/util/rbac/rbac.go: BreakdownRule, CompactRules, SortableRuleSlice.
// These describers search no events. The writer helpers come from describe.ts, which dispatches
// here (a cycle of function references only, resolved at call time).

import { LEVEL_0, LEVEL_1, printAnnotationsMultiline, printLabelsMultiline, tabbedString } from './describe';
import { compareGoStrings } from './util';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** rbacv1.PolicyRule with its lists always present (Go's nil slices print as `[]`). */
export interface PolicyRule {
  verbs: string[];
  apiGroups: string[];
  resources: string[];
  resourceNames: string[];
  nonResourceURLs: string[];
}

function policyRule(rule: any): PolicyRule {
  return {
    verbs: rule?.verbs ?? [],
    apiGroups: rule?.apiGroups ?? [],
    resources: rule?.resources ?? [],
    resourceNames: rule?.resourceNames ?? [],
    nonResourceURLs: rule?.nonResourceURLs ?? []
  };
}

/** Go's %v of a []string: `[get list]`, `[]` for nil and for [""] alike. */
function goStrings(list: readonly string[]): string {
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
function ruleString(r: PolicyRule): string {
  return `&PolicyRule{Verbs:${goStrings(r.verbs)},APIGroups:${goStrings(r.apiGroups)},Resources:${goStrings(r.resources)},ResourceNames:${goStrings(r.resourceNames)},NonResourceURLs:${goStrings(r.nonResourceURLs)},}`;
}

/** upstream: describe.go CombineResourceGroup: `deployments.apps/scale`. */
export function combineResourceGroup(resources: readonly string[], groups: readonly string[]): string {
  if (resources.length === 0) return '';
  const [resource, sub] = splitOnce(resources[0], '/');
  let combined = resource;
  if (groups.length > 0 && groups[0] !== '') combined += `.${groups[0]}`;
  if (sub !== undefined) combined += `/${sub}`;
  return combined;
}

function splitOnce(s: string, sep: string): [string, string | undefined] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + sep.length)];
}

/** RoleDescriber and ClusterRoleDescriber: the rules broken down, compacted and sorted into one table. */
export function describeRoleImpl(role: any): string {
  const m = role?.metadata ?? {};
  const rules = compactRules(((role?.rules ?? []) as any[]).flatMap((r) => breakdownRule(policyRule(r))));
  // sort.Stable over the rules' String(); Array.prototype.sort is stable
  rules.sort((a, b) => compareGoStrings(ruleString(a), ruleString(b)));
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', m.labels);
    printAnnotationsMultiline(w, 'Annotations', m.annotations);
    w.write(LEVEL_0, 'PolicyRule:\n');
    w.write(LEVEL_1, 'Resources\tNon-Resource URLs\tResource Names\tVerbs\n');
    w.write(LEVEL_1, '---------\t-----------------\t--------------\t-----\n');
    for (const r of rules) {
      w.write(LEVEL_1, `${combineResourceGroup(r.resources, r.apiGroups)}\t${goStrings(r.nonResourceURLs)}\t${goStrings(r.resourceNames)}\t${goStrings(r.verbs)}\n`);
    }
  });
}

/** RoleBindingDescriber and ClusterRoleBindingDescriber. */
export function describeRoleBindingImpl(binding: any): string {
  const m = binding?.metadata ?? {};
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${m.name ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', m.labels);
    printAnnotationsMultiline(w, 'Annotations', m.annotations);
    w.write(LEVEL_0, 'Role:\n');
    w.write(LEVEL_1, `Kind:\t${binding?.roleRef?.kind ?? ''}\n`);
    w.write(LEVEL_1, `Name:\t${binding?.roleRef?.name ?? ''}\n`);
    w.write(LEVEL_0, 'Subjects:\n');
    w.write(LEVEL_1, 'Kind\tName\tNamespace\n');
    w.write(LEVEL_1, '----\t----\t---------\n');
    for (const s of (binding?.subjects ?? []) as any[]) {
      w.write(LEVEL_1, `${s?.kind ?? ''}\t${s?.name ?? ''}\t${s?.namespace ?? ''}\n`);
    }
  });
}
