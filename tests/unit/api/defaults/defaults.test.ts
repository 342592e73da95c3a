// Defaulting, compared with what `kubectl get <kind> -o yaml` shows on a v1.32 cluster (minus the
// fields other components fill in: uid, resourceVersion, creationTimestamp, nodeName, status, clusterIP).
// upstream: pkg/apis/core/v1/defaults.go, pkg/apis/apps/v1/defaults.go, zz_generated.defaults.go
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  applyDefaults,
  defaultPullPolicy,
  defaultTolerationSeconds,
  imageTag,
  prepareNamespaceForCreate,
  serviceAccountVolume
} from '../../../../src/sim/api/defaults/index';
import { validate } from '../../../../src/sim/api/validation/index';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Obj = Record<string, any>;

function d(kind: string, obj: Obj): Obj {
  const c = JSON.parse(JSON.stringify(obj));
  applyDefaults(kind, c);
  return c;
}

describe('Pod: kubectl run nginx --image=nginx', () => {
  // `kubectl run nginx --image=nginx --dry-run=client -o yaml` (kubectl v1.32), as sent to the server:
  const sent = parse(`
apiVersion: v1
kind: Pod
metadata:
  labels:
    run: nginx
  name: nginx
  namespace: default
spec:
  containers:
  - image: nginx
    name: nginx
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Always
`);
  // `kubectl get pod nginx -o yaml` on a v1.32 cluster, server-populated metadata/status/nodeName removed:
  const stored = parse(`
apiVersion: v1
kind: Pod
metadata:
  labels:
    run: nginx
  name: nginx
  namespace: default
spec:
  containers:
  - image: nginx
    imagePullPolicy: Always
    name: nginx
    resources: {}
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    volumeMounts:
    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
      name: kube-api-access-5hfdg
      readOnly: true
  dnsPolicy: ClusterFirst
  enableServiceLinks: true
  preemptionPolicy: PreemptLowerPriority
  priority: 0
  restartPolicy: Always
  schedulerName: default-scheduler
  securityContext: {}
  serviceAccount: default
  serviceAccountName: default
  terminationGracePeriodSeconds: 30
  tolerations:
  - effect: NoExecute
    key: node.kubernetes.io/not-ready
    operator: Exists
    tolerationSeconds: 300
  - effect: NoExecute
    key: node.kubernetes.io/unreachable
    operator: Exists
    tolerationSeconds: 300
  volumes:
  - name: kube-api-access-5hfdg
    projected:
      defaultMode: 420
      sources:
      - serviceAccountToken:
          expirationSeconds: 3607
          path: token
      - configMap:
          items:
          - key: ca.crt
            path: ca.crt
          name: kube-root-ca.crt
      - downwardAPI:
          items:
          - fieldRef:
              apiVersion: v1
              fieldPath: metadata.namespace
            path: namespace
`);
  it('defaults + admission give the stored pod', () => {
    const pod = d('Pod', sent);
    defaultTolerationSeconds(pod);
    serviceAccountVolume(pod, '5hfdg');
    expect(pod).toEqual(stored);
    expect(validate('Pod', pod)).toEqual([]);
  });
  it('defaulting is idempotent', () => {
    expect(d('Pod', stored)).toEqual(stored);
  });
});

describe('Pod field defaults', () => {
  const base = (spec: Obj): Obj => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec });
  it('requests copied from limits; quantities canonicalised', () => {
    const pod = d('Pod', base({ containers: [{ name: 'c', image: 'x:1', resources: { limits: { cpu: '0.5', memory: 128974848 } } }] }));
    expect(pod.spec.containers[0].resources).toEqual({ limits: { cpu: '500m', memory: '128974848' }, requests: { cpu: '500m', memory: '128974848' } });
  });
  it('requests kept when given; rounded up to milli', () => {
    const pod = d('Pod', base({ containers: [{ name: 'c', image: 'x:1', resources: { requests: { cpu: '1u', memory: '1.5Gi' }, limits: { cpu: 2 } } }] }));
    expect(pod.spec.containers[0].resources).toEqual({ requests: { cpu: '1m', memory: '1536Mi' }, limits: { cpu: '2' } });
  });
  it('init containers get requests from limits too', () => {
    const pod = d('Pod', base({ containers: [{ name: 'c', image: 'x:1' }], initContainers: [{ name: 'i', image: 'x:1', resources: { limits: { memory: '64Mi' } } }] }));
    expect(pod.spec.initContainers[0].resources).toEqual({ limits: { memory: '64Mi' }, requests: { memory: '64Mi' } });
  });
  it('probes: timeouts, thresholds, httpGet path and scheme', () => {
    const pod = d('Pod', base({ containers: [{ name: 'c', image: 'x:1', livenessProbe: { httpGet: { port: 80 } }, readinessProbe: { tcpSocket: { port: 80 }, periodSeconds: 5 } }] }));
    expect(pod.spec.containers[0].livenessProbe).toEqual({ httpGet: { path: '/', port: 80, scheme: 'HTTP' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 });
    expect(pod.spec.containers[0].readinessProbe).toEqual({ tcpSocket: { port: 80 }, timeoutSeconds: 1, periodSeconds: 5, successThreshold: 1, failureThreshold: 3 });
  });
  it('lifecycle httpGet handlers', () => {
    const pod = d('Pod', base({ containers: [{ name: 'c', image: 'x:1', lifecycle: { preStop: { httpGet: { port: 8080, path: '/quit' } } } }] }));
    expect(pod.spec.containers[0].lifecycle).toEqual({ preStop: { httpGet: { port: 8080, path: '/quit', scheme: 'HTTP' } } });
  });
  it('ports get protocol TCP; hostNetwork copies containerPort to hostPort', () => {
    const pod = d('Pod', base({ hostNetwork: true, containers: [{ name: 'c', image: 'x:1', ports: [{ containerPort: 53, protocol: 'UDP' }, { containerPort: 8080 }] }] }));
    expect(pod.spec.containers[0].ports).toEqual([
      { containerPort: 53, protocol: 'UDP', hostPort: 53 },
      { containerPort: 8080, protocol: 'TCP', hostPort: 8080 }
    ]);
  });
  it('env fieldRef apiVersion', () => {
    const pod = d('Pod', base({ containers: [{ name: 'c', image: 'x:1', env: [{ name: 'NODE', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } }] }] }));
    expect(pod.spec.containers[0].env).toEqual([{ name: 'NODE', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } } }]);
  });
  it('volumes', () => {
    const pod = d(
      'Pod',
      base({
        containers: [{ name: 'c', image: 'x:1' }],
        volumes: [
          { name: 'scratch' },
          { name: 'cfg', configMap: { name: 'cfg' } },
          { name: 'sec', secret: { secretName: 's', defaultMode: 256 } },
          { name: 'logs', hostPath: { path: '/var/log' } },
          { name: 'info', downwardAPI: { items: [{ path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } }] } },
          { name: 'tok', projected: { sources: [{ serviceAccountToken: { path: 't' } }] } },
          { name: 'eph', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } }
        ]
      })
    );
    expect(pod.spec.volumes).toEqual([
      { name: 'scratch', emptyDir: {} },
      { name: 'cfg', configMap: { name: 'cfg', defaultMode: 420 } },
      { name: 'sec', secret: { secretName: 's', defaultMode: 256 } },
      { name: 'logs', hostPath: { path: '/var/log', type: '' } },
      { name: 'info', downwardAPI: { defaultMode: 420, items: [{ path: 'labels', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.labels' } }] } },
      { name: 'tok', projected: { defaultMode: 420, sources: [{ serviceAccountToken: { path: 't', expirationSeconds: 3600 } }] } },
      {
        name: 'eph',
        ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, volumeMode: 'Filesystem' } } }
      }
    ]);
  });
  it('the deprecated serviceAccount field feeds serviceAccountName', () => {
    const pod = d('Pod', base({ serviceAccount: 'builder', containers: [{ name: 'c', image: 'x:1' }] }));
    expect([pod.spec.serviceAccountName, pod.spec.serviceAccount]).toEqual(['builder', 'builder']);
  });
  it('explicit values are kept', () => {
    const pod = d(
      'Pod',
      base({ restartPolicy: 'Never', dnsPolicy: 'Default', terminationGracePeriodSeconds: 0, enableServiceLinks: false, schedulerName: 'mine', containers: [{ name: 'c', image: 'x', imagePullPolicy: 'Never' }] })
    );
    expect(pod.spec).toMatchObject({ restartPolicy: 'Never', dnsPolicy: 'Default', terminationGracePeriodSeconds: 0, enableServiceLinks: false, schedulerName: 'mine' });
    expect(pod.spec.containers[0].imagePullPolicy).toBe('Never');
  });
  it('priority from PriorityClasses (the admission hook)', () => {
    const classes = [{ name: 'high', value: 1000, preemptionPolicy: 'Never' }];
    const named = base({ priorityClassName: 'high', containers: [{ name: 'c', image: 'x:1' }] });
    const a = JSON.parse(JSON.stringify(named));
    applyDefaults('Pod', a, { priorityClasses: classes });
    expect([a.spec.priority, a.spec.preemptionPolicy]).toEqual([1000, 'Never']);
    // without the class list a named class is left to admission
    const b = d('Pod', named);
    expect([b.spec.priority, b.spec.preemptionPolicy]).toEqual([undefined, undefined]);
  });
});

describe('imagePullPolicy from the image reference', () => {
  const cases: [string, string, string][] = [
    ['nginx', 'latest', 'Always'],
    ['nginx:latest', 'latest', 'Always'],
    ['nginx:1.27', '1.27', 'IfNotPresent'],
    ['registry.k8s.io/pause:3.10', '3.10', 'IfNotPresent'],
    ['localhost:5000/app', 'latest', 'Always'],
    ['localhost:5000/app:v2', 'v2', 'IfNotPresent'],
    ['nginx@sha256:' + 'a'.repeat(64), '', 'IfNotPresent'],
    ['nginx:latest@sha256:' + 'a'.repeat(64), 'latest', 'Always'],
    ['NGINX', '', 'IfNotPresent'],
    ['', '', 'IfNotPresent']
  ];
  for (const [image, tag, policy] of cases) {
    it(`${JSON.stringify(image)} -> ${policy}`, () => {
      expect(imageTag(image)).toBe(tag);
      expect(defaultPullPolicy(image)).toBe(policy);
    });
  }
});

describe('workloads', () => {
  const TEMPLATE_SPEC = parse(`
containers:
- image: nginx
  imagePullPolicy: Always
  name: nginx
  resources: {}
  terminationMessagePath: /dev/termination-log
  terminationMessagePolicy: File
dnsPolicy: ClusterFirst
restartPolicy: Always
schedulerName: default-scheduler
securityContext: {}
terminationGracePeriodSeconds: 30
`);
  // `kubectl create deployment x --image=nginx --dry-run=client -o yaml` (kubectl v1.32)
  const deploySent = parse(`
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: x
  name: x
  namespace: default
spec:
  replicas: 1
  selector:
    matchLabels:
      app: x
  strategy: {}
  template:
    metadata:
      labels:
        app: x
    spec:
      containers:
      - image: nginx
        name: nginx
        resources: {}
`);
  it('Deployment (kubectl get deploy -o yaml; the template has no Pod-only defaults)', () => {
    expect(d('Deployment', deploySent)).toEqual({
      ...deploySent,
      spec: {
        progressDeadlineSeconds: 600,
        replicas: 1,
        revisionHistoryLimit: 10,
        selector: { matchLabels: { app: 'x' } },
        strategy: { rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' }, type: 'RollingUpdate' },
        template: { metadata: { labels: { app: 'x' } }, spec: TEMPLATE_SPEC }
      }
    });
  });
  it('Deployment: Recreate gets no rollingUpdate; replicas 0 is kept', () => {
    const out = d('Deployment', { ...deploySent, spec: { ...deploySent.spec, replicas: 0, strategy: { type: 'Recreate' } } });
    expect(out.spec.strategy).toEqual({ type: 'Recreate' });
    expect(out.spec.replicas).toBe(0);
  });
  it('ReplicaSet', () => {
    const out = d('ReplicaSet', { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'x' }, spec: { selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } } } });
    expect(out.spec).toEqual({ replicas: 1, selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'x' } }, spec: TEMPLATE_SPEC } });
  });
  it('DaemonSet', () => {
    const out = d('DaemonSet', { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'x' }, spec: { selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } } } });
    expect(out.spec).toEqual({
      revisionHistoryLimit: 10,
      selector: { matchLabels: { app: 'x' } },
      template: { metadata: { labels: { app: 'x' } }, spec: TEMPLATE_SPEC },
      updateStrategy: { rollingUpdate: { maxSurge: 0, maxUnavailable: 1 }, type: 'RollingUpdate' }
    });
  });
});

describe('Service', () => {
  const svc = (spec: Obj): Obj => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec });
  it('ClusterIP (kubectl expose / kubectl get svc -o yaml, minus clusterIP/clusterIPs)', () => {
    expect(d('Service', svc({ selector: { app: 'web' }, ports: [{ port: 80 }] }))).toEqual(
      parse(`
apiVersion: v1
kind: Service
metadata:
  name: web
  namespace: default
spec:
  internalTrafficPolicy: Cluster
  ipFamilies:
  - IPv4
  ipFamilyPolicy: SingleStack
  ports:
  - port: 80
    protocol: TCP
    targetPort: 80
  selector:
    app: web
  sessionAffinity: None
  type: ClusterIP
status:
  loadBalancer: {}
`)
    );
  });
  it('NodePort and LoadBalancer', () => {
    expect(d('Service', svc({ type: 'NodePort', ports: [{ port: 80, targetPort: 'http' }] })).spec).toMatchObject({
      externalTrafficPolicy: 'Cluster',
      internalTrafficPolicy: 'Cluster',
      ports: [{ port: 80, protocol: 'TCP', targetPort: 'http' }]
    });
    const lb = d('Service', svc({ type: 'LoadBalancer', ports: [{ port: 443 }] })).spec;
    expect([lb.allocateLoadBalancerNodePorts, lb.externalTrafficPolicy]).toEqual([true, 'Cluster']);
  });
  it('ClientIP affinity gets the 3h timeout', () => {
    expect(d('Service', svc({ sessionAffinity: 'ClientIP', ports: [{ port: 80 }] })).spec.sessionAffinityConfig).toEqual({ clientIP: { timeoutSeconds: 10800 } });
  });
  it('headless services', () => {
    const withSel = d('Service', svc({ clusterIP: 'None', selector: { app: 'web' }, ports: [{ port: 80 }] })).spec;
    expect([withSel.clusterIPs, withSel.ipFamilyPolicy, withSel.ipFamilies]).toEqual([['None'], 'SingleStack', ['IPv4']]);
    const noSel = d('Service', svc({ clusterIP: 'None', ports: [{ port: 80 }] })).spec;
    expect(noSel.ipFamilyPolicy).toBe('RequireDualStack');
  });
  it('ExternalName', () => {
    expect(d('Service', svc({ type: 'ExternalName', externalName: 'db.example.com' }))).toEqual({
      ...svc({ type: 'ExternalName', externalName: 'db.example.com', sessionAffinity: 'None' }),
      status: { loadBalancer: {} }
    });
  });
});

describe('other kinds', () => {
  it('Namespace: name label and Active phase', () => {
    expect(d('Namespace', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'dev' } })).toEqual({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'dev', labels: { 'kubernetes.io/metadata.name': 'dev' } },
      status: { phase: 'Active' }
    });
  });
  it('Namespace registry create adds the kubernetes finalizer', () => {
    const ns: Obj = { metadata: { name: 'dev' }, status: { phase: 'Terminating' } };
    prepareNamespaceForCreate(ns);
    expect(ns).toEqual({ metadata: { name: 'dev' }, spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } });
  });
  it('Secret: Opaque', () => {
    expect(d('Secret', { metadata: { name: 's' } }).type).toBe('Opaque');
    expect(d('Secret', { metadata: { name: 's' }, type: 'kubernetes.io/tls' }).type).toBe('kubernetes.io/tls');
  });
  it('PersistentVolume', () => {
    expect(d('PersistentVolume', { metadata: { name: 'pv' }, spec: { capacity: { storage: '10Gi' }, hostPath: { path: '/d' } } })).toEqual({
      metadata: { name: 'pv' },
      spec: { capacity: { storage: '10Gi' }, hostPath: { path: '/d', type: '' }, persistentVolumeReclaimPolicy: 'Retain', volumeMode: 'Filesystem' },
      status: { phase: 'Pending' }
    });
  });
  it('PersistentVolumeClaim', () => {
    expect(d('PersistentVolumeClaim', { metadata: { name: 'c' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1.5Gi' } } } })).toEqual({
      metadata: { name: 'c' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1536Mi' } }, volumeMode: 'Filesystem' },
      status: { phase: 'Pending' }
    });
  });
  it('PriorityClass and StorageClass', () => {
    expect(d('PriorityClass', { metadata: { name: 'p' }, value: 1 }).preemptionPolicy).toBe('PreemptLowerPriority');
    const sc = d('StorageClass', { metadata: { name: 's' }, provisioner: 'x.io/y' });
    expect([sc.reclaimPolicy, sc.volumeBindingMode]).toEqual(['Delete', 'Immediate']);
  });
  it('Node: allocatable from capacity', () => {
    expect(d('Node', { metadata: { name: 'n' }, status: { capacity: { cpu: 4, memory: '8Gi', pods: '110' } } }).status).toEqual({
      capacity: { cpu: '4', memory: '8Gi', pods: '110' },
      allocatable: { cpu: '4', memory: '8Gi', pods: '110' }
    });
  });
  it('Endpoints and EndpointSlice ports', () => {
    expect(d('Endpoints', { subsets: [{ ports: [{ port: 80 }] }] }).subsets[0].ports).toEqual([{ port: 80, protocol: 'TCP' }]);
    expect(d('EndpointSlice', { ports: [{ port: 80 }] }).ports).toEqual([{ port: 80, name: '', protocol: 'TCP' }]);
  });
  it('kinds without defaults and unknown kinds are untouched', () => {
    for (const kind of ['ConfigMap', 'Lease', 'Event', 'ServiceAccount', 'Widget']) {
      const o = { metadata: { name: 'x' }, data: { a: 'b' } };
      expect(d(kind, o)).toEqual(o);
    }
  });
});
