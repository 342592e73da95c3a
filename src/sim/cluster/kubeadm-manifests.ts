/**
 * The static pod manifests `kubeadm init` writes to /etc/kubernetes/manifests on the
 * control-plane node (v1.32 defaults): etcd, kube-apiserver, kube-controller-manager,
 * kube-scheduler. Each: labels component=<name> and tier=control-plane, hostNetwork: true,
 * priorityClassName system-node-critical (priority 2000001000), seccomp RuntimeDefault,
 * resource requests, the component's main flags, probes and hostPath volumes.
 * upstream: cmd/kubeadm/app/phases/controlplane/manifests.go (GetStaticPodSpecs, getAPIServerCommand,
 * getControllerManagerCommand, getSchedulerCommand), cmd/kubeadm/app/phases/etcd/local.go
 * (GetEtcdPodSpec, getEtcdCommand), cmd/kubeadm/app/util/staticpod/utils.go (ComponentPod,
 * ComponentResources, LivenessProbe, ReadinessProbe, StartupProbe).
 */

export interface KubeadmOptions {
  /** The control-plane node's name and address (--advertise-address). */
  nodeName: string;
  advertiseAddress: string;
  serviceSubnet?: string;
  podSubnet?: string;
}

const header = (name: string, annotations: Record<string, string> = {}) => {
  const ann = Object.entries(annotations);
  return [
    'apiVersion: v1',
    'kind: Pod',
    'metadata:',
    ...(ann.length > 0 ? ['  annotations:', ...ann.map(([k, v]) => `    ${k}: ${v}`)] : []),
    '  creationTimestamp: null',
    '  labels:',
    `    component: ${name}`,
    '    tier: control-plane',
    `  name: ${name}`,
    '  namespace: kube-system',
    'spec:',
    '  containers:',
    '  - command:'
  ];
};

const probe = (kind: string, host: string, path: string, port: number, scheme: string, o: { initialDelaySeconds?: number; periodSeconds: number; failureThreshold: number }) => [
  `    ${kind}:`,
  `      failureThreshold: ${o.failureThreshold}`,
  '      httpGet:',
  `        host: ${host}`,
  `        path: ${path}`,
  `        port: ${port}`,
  `        scheme: ${scheme}`,
  ...(o.initialDelaySeconds !== undefined ? [`      initialDelaySeconds: ${o.initialDelaySeconds}`] : []),
  `      periodSeconds: ${o.periodSeconds}`,
  '      timeoutSeconds: 15'
];

const footer = (mounts: [string, string, boolean, string?][]) => [
  '    volumeMounts:',
  ...mounts.flatMap(([name, path, readOnly]) => [`    - mountPath: ${path}`, `      name: ${name}`, ...(readOnly ? ['      readOnly: true'] : [])]),
  '  hostNetwork: true',
  '  priority: 2000001000',
  '  priorityClassName: system-node-critical',
  '  securityContext:',
  '    seccompProfile:',
  '      type: RuntimeDefault',
  '  volumes:',
  ...mounts.flatMap(([name, path, , type]) => ['  - hostPath:', `      path: ${path}`, `      type: ${type ?? 'DirectoryOrCreate'}`, `    name: ${name}`]),
  'status: {}',
  ''
];

const requests = (cpu: string, memory?: string) => ['    resources:', '      requests:', `        cpu: ${cpu}`, ...(memory ? [`        memory: ${memory}`] : [])];

/** The four manifests, file name -> YAML, as kubeadm writes them. */
export function kubeadmStaticPods(o: KubeadmOptions): Record<string, string> {
  const ip = o.advertiseAddress;
  const serviceSubnet = o.serviceSubnet ?? '10.96.0.0/12';
  const podSubnet = o.podSubnet ?? '10.244.0.0/16';
  const flags = (cmd: string, f: string[]) => [`    - ${cmd}`, ...f.map((x) => `    - --${x}`)];
  const k8sCerts: [string, string, boolean, string?][] = [
    ['ca-certs', '/etc/ssl/certs', true],
    ['etc-ca-certificates', '/etc/ca-certificates', true],
    ['k8s-certs', '/etc/kubernetes/pki', true],
    ['usr-local-share-ca-certificates', '/usr/local/share/ca-certificates', true],
    ['usr-share-ca-certificates', '/usr/share/ca-certificates', true]
  ];
  const etcd = [
    ...header('etcd', { 'kubeadm.kubernetes.io/etcd.advertise-client-urls': `https://${ip}:2379` }),
    ...flags('etcd', [
      `advertise-client-urls=https://${ip}:2379`,
      'cert-file=/etc/kubernetes/pki/etcd/server.crt',
      'client-cert-auth=true',
      'data-dir=/var/lib/etcd',
      'experimental-initial-corrupt-check=true',
      'experimental-watch-progress-notify-interval=5s',
      `initial-advertise-peer-urls=https://${ip}:2380`,
      `initial-cluster=${o.nodeName}=https://${ip}:2380`,
      'key-file=/etc/kubernetes/pki/etcd/server.key',
      `listen-client-urls=https://127.0.0.1:2379,https://${ip}:2379`,
      'listen-metrics-urls=http://127.0.0.1:2381',
      `listen-peer-urls=https://${ip}:2380`,
      `name=${o.nodeName}`,
      'peer-cert-file=/etc/kubernetes/pki/etcd/peer.crt',
      'peer-client-cert-auth=true',
      'peer-key-file=/etc/kubernetes/pki/etcd/peer.key',
      'peer-trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt',
      'snapshot-count=10000',
      'trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt'
    ]),
    '    image: registry.k8s.io/etcd:3.5.16-0',
    '    imagePullPolicy: IfNotPresent',
    ...probe('livenessProbe', '127.0.0.1', '/livez', 2381, 'HTTP', { initialDelaySeconds: 10, periodSeconds: 10, failureThreshold: 8 }),
    '    name: etcd',
    ...probe('readinessProbe', '127.0.0.1', '/readyz', 2381, 'HTTP', { periodSeconds: 1, failureThreshold: 3 }),
    ...requests('100m', '100Mi'),
    ...probe('startupProbe', '127.0.0.1', '/readyz', 2381, 'HTTP', { initialDelaySeconds: 10, periodSeconds: 10, failureThreshold: 24 }),
    ...footer([
      ['etcd-data', '/var/lib/etcd', false],
      ['etcd-certs', '/etc/kubernetes/pki/etcd', false]
    ])
  ];
  const apiserver = [
    ...header('kube-apiserver', { 'kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint': `${ip}:6443` }),
    ...flags('kube-apiserver', [
      `advertise-address=${ip}`,
      'allow-privileged=true',
      'authorization-mode=Node,RBAC',
      'client-ca-file=/etc/kubernetes/pki/ca.crt',
      'enable-admission-plugins=NodeRestriction',
      'enable-bootstrap-token-auth=true',
      'etcd-cafile=/etc/kubernetes/pki/etcd/ca.crt',
      'etcd-certfile=/etc/kubernetes/pki/apiserver-etcd-client.crt',
      'etcd-keyfile=/etc/kubernetes/pki/apiserver-etcd-client.key',
      'etcd-servers=https://127.0.0.1:2379',
      'kubelet-client-certificate=/etc/kubernetes/pki/apiserver-kubelet-client.crt',
      'kubelet-client-key=/etc/kubernetes/pki/apiserver-kubelet-client.key',
      'kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname',
      'proxy-client-cert-file=/etc/kubernetes/pki/front-proxy-client.crt',
      'proxy-client-key-file=/etc/kubernetes/pki/front-proxy-client.key',
      'requestheader-allowed-names=front-proxy-client',
      'requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt',
      'requestheader-extra-headers-prefix=X-Remote-Extra-',
      'requestheader-group-headers=X-Remote-Group',
      'requestheader-username-headers=X-Remote-User',
      'secure-port=6443',
      'service-account-issuer=https://kubernetes.default.svc.cluster.local',
      'service-account-key-file=/etc/kubernetes/pki/sa.pub',
      'service-account-signing-key-file=/etc/kubernetes/pki/sa.key',
      `service-cluster-ip-range=${serviceSubnet}`,
      'tls-cert-file=/etc/kubernetes/pki/apiserver.crt',
      'tls-private-key-file=/etc/kubernetes/pki/apiserver.key'
    ]),
    '    image: registry.k8s.io/kube-apiserver:v1.32.0',
    '    imagePullPolicy: IfNotPresent',
    ...probe('livenessProbe', ip, '/livez', 6443, 'HTTPS', { initialDelaySeconds: 10, periodSeconds: 10, failureThreshold: 8 }),
    '    name: kube-apiserver',
    ...probe('readinessProbe', ip, '/readyz', 6443, 'HTTPS', { periodSeconds: 1, failureThreshold: 3 }),
    ...requests('250m'),
    ...probe('startupProbe', ip, '/livez', 6443, 'HTTPS', { initialDelaySeconds: 10, periodSeconds: 10, failureThreshold: 24 }),
    ...footer(k8sCerts)
  ];
  const controllerManager = [
    ...header('kube-controller-manager'),
    ...flags('kube-controller-manager', [
      'allocate-node-cidrs=true',
      'authentication-kubeconfig=/etc/kubernetes/controller-manager.conf',
      'authorization-kubeconfig=/etc/kubernetes/controller-manager.conf',
      'bind-address=127.0.0.1',
      'client-ca-file=/etc/kubernetes/pki/ca.crt',
      `cluster-cidr=${podSubnet}`,
      'cluster-name=kubernetes',
      'cluster-signing-cert-file=/etc/kubernetes/pki/ca.crt',
      'cluster-signing-key-file=/etc/kubernetes/pki/ca.key',
      'controllers=*,bootstrapsigner,tokencleaner',
      'kubeconfig=/etc/kubernetes/controller-manager.conf',
      'leader-elect=true',
      'requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt',
      'root-ca-file=/etc/kubernetes/pki/ca.crt',
      'service-account-private-key-file=/etc/kubernetes/pki/sa.key',
      `service-cluster-ip-range=${serviceSubnet}`,
      'use-service-account-credentials=true'
    ]),
    '    image: registry.k8s.io/kube-controller-manager:v1.32.0',
    '    imagePullPolicy: IfNotPresent',
    ...probe('livenessProbe', '127.0.0.1', '/healthz', 10257, 'HTTPS', { initialDelaySeconds: 10, periodSeconds: 10, failureThreshold: 8 }),
    '    name: kube-controller-manager',
    ...requests('200m'),
    ...probe('startupProbe', '127.0.0.1', '/healthz', 10257, 'HTTPS', { initialDelaySeconds: 10, periodSeconds: 10, failureThreshold: 24 }),
    ...footer([
      ...k8sCerts.slice(0, 2),
      ['flexvolume-dir', '/usr/libexec/kubernetes/kubelet-plugins/volume/exec', false],
      ['k8s-certs', '/etc/kubernetes/pki', true],
      ['kubeconfig', '/etc/kubernetes/controller-manager.conf', true, 'FileOrCreate'],
      ...k8sCerts.slice(3)
    ])
  ];
  const scheduler = [
    ...header('kube-scheduler'),
    ...flags('kube-scheduler', [
      'authentication-kubeconfig=/etc/kubernetes/scheduler.conf',
      'authorization-kubeconfig=/etc/kubernetes/scheduler.conf',
      'bind-address=127.0.0.1',
      'kubeconfig=/etc/kubernetes/scheduler.conf',
      'leader-elect=true'
    ]),
    '    image: registry.k8s.io/kube-scheduler:v1.32.0',
    '    imagePullPolicy: IfNotPresent',
    ...probe('livenessProbe', '127.0.0.1', '/livez', 10259, 'HTTPS', { initialDelaySeconds: 10, periodSeconds: 10, failureThreshold: 8 }),
    '    name: kube-scheduler',
    ...probe('readinessProbe', '127.0.0.1', '/readyz', 10259, 'HTTPS', { periodSeconds: 1, failureThreshold: 3 }),
    ...requests('100m'),
    ...probe('startupProbe', '127.0.0.1', '/livez', 10259, 'HTTPS', { initialDelaySeconds: 10, periodSeconds: 10, failureThreshold: 24 }),
    ...footer([['kubeconfig', '/etc/kubernetes/scheduler.conf', true, 'FileOrCreate']])
  ];
  return {
    'etcd.yaml': etcd.join('\n'),
    'kube-apiserver.yaml': apiserver.join('\n'),
    'kube-controller-manager.yaml': controllerManager.join('\n'),
    'kube-scheduler.yaml': scheduler.join('\n')
  };
}
