/**
 * The RBAC objects a fresh kubeadm v1.32 cluster has: the API server's bootstrap policy (its
 * `rbac/bootstrap-roles` post-start hook writes the default ClusterRoles and ClusterRoleBindings,
 * labelled `kubernetes.io/bootstrapping: rbac-defaults` and annotated autoupdate) and what
 * `kubeadm init` adds before it hands out admin.conf (the `kubeadm:cluster-admins` binding that
 * makes kubernetes-admin a cluster-admin, the bootstrap-token and kube-proxy bindings).
 * upstream: plugin/pkg/auth/authorizer/rbac/bootstrappolicy/policy.go (ClusterRoles,
 * ClusterRoleBindings; their testdata/cluster-roles.yaml and cluster-role-bindings.yaml are the
 * rendered result), cmd/kubeadm/app/phases/kubeconfig (kubeadm:cluster-admins),
 * cmd/kubeadm/app/phases/bootstraptoken/node, cmd/kubeadm/app/phases/addons/proxy.
 * Not here: the system:controller:* roles of the controllers (controller-roles.yaml), whose
 * controllers run here as one privileged controller manager.
 */
import type { KObject } from '../store';

/** A resource rule: verbs, API groups, resources (comma-separated; '' is the core group), resource names. */
function rule(verbs: string, groups: string, resources: string, names?: string): KObject {
  return { verbs: verbs.split(','), apiGroups: groups.split(','), resources: resources.split(','), ...(names ? { resourceNames: names.split(',') } : {}) };
}

/** A non-resource URL rule. */
function urls(verbs: string, list: string): KObject {
  return { verbs: verbs.split(','), nonResourceURLs: list.split(',') };
}

const RW = 'create,delete,deletecollection,patch,update';
const READ = 'get,list,watch';
const AGGREGATE = 'rbac.authorization.k8s.io/aggregate-to-';

function clusterRole(name: string, rules: KObject[] | null, labels: Record<string, string> = {}, aggregateFrom?: string): KObject {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { name, labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults', ...labels }, annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'true' } },
    ...(aggregateFrom ? { aggregationRule: { clusterRoleSelectors: [{ matchLabels: { [AGGREGATE + aggregateFrom]: 'true' } }] } } : {}),
    rules
  };
}

/** upstream: bootstrappolicy.ClusterRoles() */
export const BOOTSTRAP_CLUSTER_ROLES: readonly KObject[] = [
  clusterRole('admin', null, {}, 'admin'),
  clusterRole('cluster-admin', [rule('*', '*', '*'), urls('*', '*')]),
  clusterRole('edit', null, { [AGGREGATE + 'admin']: 'true' }, 'edit'),
  clusterRole('system:aggregate-to-admin', [rule('create', 'authorization.k8s.io', 'localsubjectaccessreviews'), rule(`create,delete,deletecollection,get,list,patch,update,watch`, 'rbac.authorization.k8s.io', 'rolebindings,roles')], { [AGGREGATE + 'admin']: 'true' }),
  clusterRole(
    'system:aggregate-to-edit',
    [
      rule(READ, '', 'pods/attach,pods/exec,pods/portforward,pods/proxy,secrets,services/proxy'),
      rule('impersonate', '', 'serviceaccounts'),
      rule(RW, '', 'pods,pods/attach,pods/exec,pods/portforward,pods/proxy'),
      rule('create', '', 'pods/eviction'),
      rule(RW, '', 'configmaps,events,persistentvolumeclaims,replicationcontrollers,replicationcontrollers/scale,secrets,serviceaccounts,services,services/proxy'),
      rule('create', '', 'serviceaccounts/token'),
      rule(RW, 'apps', 'daemonsets,deployments,deployments/rollback,deployments/scale,replicasets,replicasets/scale,statefulsets,statefulsets/scale'),
      rule(RW, 'autoscaling', 'horizontalpodautoscalers'),
      rule(RW, 'batch', 'cronjobs,jobs'),
      rule(RW, 'extensions', 'daemonsets,deployments,deployments/rollback,deployments/scale,ingresses,networkpolicies,replicasets,replicasets/scale,replicationcontrollers/scale'),
      rule(RW, 'policy', 'poddisruptionbudgets'),
      rule(RW, 'networking.k8s.io', 'ingresses,networkpolicies'),
      rule('create,delete,deletecollection,get,list,patch,update,watch', 'coordination.k8s.io', 'leases')
    ],
    { [AGGREGATE + 'edit']: 'true' }
  ),
  clusterRole(
    'system:aggregate-to-view',
    [
      rule(READ, '', 'configmaps,endpoints,persistentvolumeclaims,persistentvolumeclaims/status,pods,replicationcontrollers,replicationcontrollers/scale,serviceaccounts,services,services/status'),
      rule(READ, '', 'bindings,events,limitranges,namespaces/status,pods/log,pods/status,replicationcontrollers/status,resourcequotas,resourcequotas/status'),
      rule(READ, '', 'namespaces'),
      rule(READ, 'discovery.k8s.io', 'endpointslices'),
      rule(READ, 'apps', 'controllerrevisions,daemonsets,daemonsets/status,deployments,deployments/scale,deployments/status,replicasets,replicasets/scale,replicasets/status,statefulsets,statefulsets/scale,statefulsets/status'),
      rule(READ, 'autoscaling', 'horizontalpodautoscalers,horizontalpodautoscalers/status'),
      rule(READ, 'batch', 'cronjobs,cronjobs/status,jobs,jobs/status'),
      rule(READ, 'extensions', 'daemonsets,daemonsets/status,deployments,deployments/scale,deployments/status,ingresses,ingresses/status,networkpolicies,replicasets,replicasets/scale,replicasets/status,replicationcontrollers/scale'),
      rule(READ, 'policy', 'poddisruptionbudgets,poddisruptionbudgets/status'),
      rule(READ, 'networking.k8s.io', 'ingresses,ingresses/status,networkpolicies')
    ],
    { [AGGREGATE + 'view']: 'true' }
  ),
  clusterRole('system:auth-delegator', [rule('create', 'authentication.k8s.io', 'tokenreviews'), rule('create', 'authorization.k8s.io', 'subjectaccessreviews')]),
  clusterRole('system:basic-user', [rule('create', 'authorization.k8s.io', 'selfsubjectaccessreviews,selfsubjectrulesreviews'), rule('create', 'authentication.k8s.io', 'selfsubjectreviews')]),
  clusterRole('system:certificates.k8s.io:certificatesigningrequests:nodeclient', [rule('create', 'certificates.k8s.io', 'certificatesigningrequests/nodeclient')]),
  clusterRole('system:certificates.k8s.io:certificatesigningrequests:selfnodeclient', [rule('create', 'certificates.k8s.io', 'certificatesigningrequests/selfnodeclient')]),
  clusterRole('system:certificates.k8s.io:kube-apiserver-client-approver', [rule('approve', 'certificates.k8s.io', 'signers', 'kubernetes.io/kube-apiserver-client')]),
  clusterRole('system:certificates.k8s.io:kube-apiserver-client-kubelet-approver', [rule('approve', 'certificates.k8s.io', 'signers', 'kubernetes.io/kube-apiserver-client-kubelet')]),
  clusterRole('system:certificates.k8s.io:kubelet-serving-approver', [rule('approve', 'certificates.k8s.io', 'signers', 'kubernetes.io/kubelet-serving')]),
  clusterRole('system:certificates.k8s.io:legacy-unknown-approver', [rule('approve', 'certificates.k8s.io', 'signers', 'kubernetes.io/legacy-unknown')]),
  clusterRole('system:discovery', [urls('get', '/api,/api/*,/apis,/apis/*,/healthz,/livez,/openapi,/openapi/*,/readyz,/version,/version/')]),
  clusterRole('system:heapster', [rule(READ, '', 'events,namespaces,nodes,pods'), rule(READ, 'extensions', 'deployments')]),
  clusterRole('system:kube-aggregator', [rule(READ, '', 'endpoints,services')]),
  clusterRole('system:kube-controller-manager', [
    rule('create,patch,update', ',events.k8s.io', 'events'),
    rule('create', 'coordination.k8s.io', 'leases'),
    rule('get,update', 'coordination.k8s.io', 'leases', 'kube-controller-manager'),
    rule('create', '', 'secrets,serviceaccounts'),
    rule('delete', '', 'secrets'),
    rule('get', '', 'configmaps,namespaces,secrets,serviceaccounts'),
    rule('update', '', 'secrets,serviceaccounts'),
    rule('create', 'authentication.k8s.io', 'tokenreviews'),
    rule('create', 'authorization.k8s.io', 'subjectaccessreviews'),
    rule('list,watch', '*', '*'),
    rule('create', '', 'serviceaccounts/token')
  ]),
  clusterRole('system:kube-dns', [rule('list,watch', '', 'endpoints,services')]),
  clusterRole('system:kube-scheduler', [
    rule('create,patch,update', ',events.k8s.io', 'events'),
    rule('create', 'coordination.k8s.io', 'leases'),
    rule('get,update', 'coordination.k8s.io', 'leases', 'kube-scheduler'),
    rule(READ, '', 'nodes'),
    rule('delete,get,list,watch', '', 'pods'),
    rule('create', '', 'bindings,pods/binding'),
    rule('patch,update', '', 'pods/status'),
    rule(READ, '', 'replicationcontrollers,services'),
    rule(READ, 'apps,extensions', 'replicasets'),
    rule(READ, 'apps', 'statefulsets'),
    rule(READ, 'policy', 'poddisruptionbudgets'),
    rule(READ, '', 'persistentvolumeclaims,persistentvolumes'),
    rule('create', 'authentication.k8s.io', 'tokenreviews'),
    rule('create', 'authorization.k8s.io', 'subjectaccessreviews'),
    rule(READ, 'storage.k8s.io', 'csinodes'),
    rule(READ, '', 'namespaces'),
    rule(READ, 'storage.k8s.io', 'csidrivers'),
    rule(READ, 'storage.k8s.io', 'csistoragecapacities')
  ]),
  clusterRole('system:kubelet-api-admin', [rule(READ, '', 'nodes'), rule('proxy', '', 'nodes'), rule('*', '', 'nodes/log,nodes/metrics,nodes/proxy,nodes/stats')]),
  clusterRole('system:monitoring', [urls('get', '/healthz,/healthz/*,/livez,/livez/*,/metrics,/metrics/slis,/readyz,/readyz/*')]),
  clusterRole('system:node', [
    rule('create', 'authentication.k8s.io', 'tokenreviews'),
    rule('create', 'authorization.k8s.io', 'localsubjectaccessreviews,subjectaccessreviews'),
    rule(READ, '', 'services'),
    rule('create,get,list,watch', '', 'nodes'),
    rule('patch,update', '', 'nodes/status'),
    rule('patch,update', '', 'nodes'),
    rule('create,patch,update', '', 'events'),
    rule(READ, '', 'pods'),
    rule('create,delete', '', 'pods'),
    rule('patch,update', '', 'pods/status'),
    rule('create', '', 'pods/eviction'),
    rule(READ, '', 'configmaps,secrets'),
    rule('get', '', 'persistentvolumeclaims,persistentvolumes'),
    rule('get', '', 'endpoints'),
    rule('create,get,list,watch', 'certificates.k8s.io', 'certificatesigningrequests'),
    rule('create,delete,get,patch,update', 'coordination.k8s.io', 'leases'),
    rule('get', 'storage.k8s.io', 'volumeattachments'),
    rule('create', '', 'serviceaccounts/token'),
    rule('get,patch,update', '', 'persistentvolumeclaims/status'),
    rule(READ, 'storage.k8s.io', 'csidrivers'),
    rule('create,delete,get,patch,update', 'storage.k8s.io', 'csinodes'),
    rule(READ, 'node.k8s.io', 'runtimeclasses')
  ]),
  clusterRole('system:node-bootstrapper', [rule('create,get,list,watch', 'certificates.k8s.io', 'certificatesigningrequests')]),
  clusterRole('system:node-problem-detector', [rule('get', '', 'nodes'), rule('patch', '', 'nodes/status'), rule('create,patch,update', ',events.k8s.io', 'events')]),
  clusterRole('system:node-proxier', [rule('list,watch', '', 'endpoints,services'), rule(READ, '', 'nodes'), rule('create,patch,update', ',events.k8s.io', 'events'), rule('list,watch', 'discovery.k8s.io', 'endpointslices')]),
  clusterRole('system:persistent-volume-provisioner', [
    rule('create,delete,get,list,watch', '', 'persistentvolumes'),
    rule('get,list,update,watch', '', 'persistentvolumeclaims'),
    rule(READ, 'storage.k8s.io', 'storageclasses'),
    rule('watch', '', 'events'),
    rule('create,patch,update', ',events.k8s.io', 'events')
  ]),
  clusterRole('system:public-info-viewer', [urls('get', '/healthz,/livez,/readyz,/version,/version/')]),
  clusterRole('system:service-account-issuer-discovery', [urls('get', '/.well-known/openid-configuration,/openid/v1/jwks')]),
  clusterRole('system:volume-scheduler', [rule('get,list,patch,update,watch', '', 'persistentvolumes'), rule(READ, 'storage.k8s.io', 'storageclasses'), rule('get,list,patch,update,watch', '', 'persistentvolumeclaims')]),
  clusterRole('view', null, { [AGGREGATE + 'edit']: 'true' }, 'view')
];

type SubjectSpec = [kind: 'User' | 'Group' | 'ServiceAccount', name: string, namespace?: string];

function subject([kind, name, namespace]: SubjectSpec): KObject {
  return kind === 'ServiceAccount' ? { kind, name, namespace } : { apiGroup: 'rbac.authorization.k8s.io', kind, name };
}

function clusterRoleBinding(name: string, role: string, subjects: SubjectSpec[], bootstrap = true): KObject {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRoleBinding',
    metadata: { name, ...(bootstrap ? { labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' }, annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'true' } } : {}) },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: role },
    ...(subjects.length > 0 ? { subjects: subjects.map(subject) } : {})
  };
}

/** upstream: bootstrappolicy.ClusterRoleBindings() */
export const BOOTSTRAP_CLUSTER_ROLE_BINDINGS: readonly KObject[] = [
  clusterRoleBinding('cluster-admin', 'cluster-admin', [['Group', 'system:masters']]),
  clusterRoleBinding('system:basic-user', 'system:basic-user', [['Group', 'system:authenticated']]),
  clusterRoleBinding('system:discovery', 'system:discovery', [['Group', 'system:authenticated']]),
  clusterRoleBinding('system:kube-controller-manager', 'system:kube-controller-manager', [['User', 'system:kube-controller-manager']]),
  clusterRoleBinding('system:kube-dns', 'system:kube-dns', [['ServiceAccount', 'kube-dns', 'kube-system']]),
  clusterRoleBinding('system:kube-scheduler', 'system:kube-scheduler', [['User', 'system:kube-scheduler']]),
  clusterRoleBinding('system:monitoring', 'system:monitoring', [['Group', 'system:monitoring']]),
  clusterRoleBinding('system:node', 'system:node', []),
  clusterRoleBinding('system:node-proxier', 'system:node-proxier', [['User', 'system:kube-proxy']]),
  clusterRoleBinding('system:public-info-viewer', 'system:public-info-viewer', [['Group', 'system:authenticated'], ['Group', 'system:unauthenticated']]),
  clusterRoleBinding('system:service-account-issuer-discovery', 'system:service-account-issuer-discovery', [['Group', 'system:serviceaccounts']]),
  clusterRoleBinding('system:volume-scheduler', 'system:volume-scheduler', [['User', 'system:kube-scheduler']])
];

/** The group of kubeadm's admin.conf certificate (since v1.29; super-admin.conf is in system:masters). */
export const KUBEADM_CLUSTER_ADMINS_GROUP = 'kubeadm:cluster-admins';
const BOOTSTRAP_TOKEN_GROUP = 'system:bootstrappers:kubeadm:default-node-token';

/** What `kubeadm init` writes (its own objects: no bootstrapping label). */
export const KUBEADM_RBAC: readonly [resource: string, obj: KObject][] = [
  ['clusterroles', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'kubeadm:get-nodes' }, rules: [rule('get', '', 'nodes')] }],
  ['clusterrolebindings', clusterRoleBinding('kubeadm:cluster-admins', 'cluster-admin', [['Group', KUBEADM_CLUSTER_ADMINS_GROUP]], false)],
  ['clusterrolebindings', clusterRoleBinding('kubeadm:get-nodes', 'kubeadm:get-nodes', [['Group', BOOTSTRAP_TOKEN_GROUP]], false)],
  ['clusterrolebindings', clusterRoleBinding('kubeadm:kubelet-bootstrap', 'system:node-bootstrapper', [['Group', BOOTSTRAP_TOKEN_GROUP]], false)],
  ['clusterrolebindings', clusterRoleBinding('kubeadm:node-autoapprove-bootstrap', 'system:certificates.k8s.io:certificatesigningrequests:nodeclient', [['Group', BOOTSTRAP_TOKEN_GROUP]], false)],
  ['clusterrolebindings', clusterRoleBinding('kubeadm:node-autoapprove-certificate-rotation', 'system:certificates.k8s.io:certificatesigningrequests:selfnodeclient', [['Group', 'system:nodes']], false)],
  ['clusterrolebindings', clusterRoleBinding('kubeadm:node-proxier', 'system:node-proxier', [['ServiceAccount', 'kube-proxy', 'kube-system']], false)],
  ['roles', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'kube-proxy', namespace: 'kube-system' }, rules: [rule('get', '', 'configmaps', 'kube-proxy')] }],
  [
    'rolebindings',
    { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'kube-proxy', namespace: 'kube-system' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'kube-proxy' }, subjects: [subject(['Group', BOOTSTRAP_TOKEN_GROUP])] }
  ]
];
