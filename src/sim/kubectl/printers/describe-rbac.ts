// `kubectl describe role|clusterrole|rolebinding|clusterrolebinding`.
//
// Source: staging/src/k8s.io/kubectl/pkg/describe/describe.go (kubectl v1.32): RoleDescriber,
// ClusterRoleDescriber, CombineResourceGroup, RoleBindingDescriber, ClusterRoleBindingDescriber;
// staging/src/k8s.io/kubectl/pkg/util/rbac/rbac.go (src/sim/api/rbac-rules.ts).
// These describers search no events. The writer helpers come from describe.ts, which dispatches
// here (a cycle of function references only, resolved at call time).

import { LEVEL_0, LEVEL_1, printAnnotationsMultiline, printLabelsMultiline, tabbedString } from './describe';
import { combineResourceGroup, compactSortedRules, goStrings } from '../../api/rbac-rules';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** RoleDescriber and ClusterRoleDescriber: the rules broken down, compacted and sorted into one table. */
export function describeRoleImpl(role: any): string {
  const m = role?.metadata ?? {};
  const rules = compactSortedRules(role?.rules ?? []);
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
