// Pod validation: exact error strings as a v1.32 apiserver returns them.
// upstream: pkg/apis/core/validation/validation.go (ValidatePodCreate, ValidatePodUpdate, ValidatePodSpec, ...)
import { describe, expect, it } from 'vitest';
import { invalidMessage, validate } from '../../../../src/sim/api/validation/index';
import {
  clone,
  defaulted,
  DNS1123_LABEL_MSG,
  DNS1123_SUBDOMAIN_MSG,
  errs,
  LABEL_VALUE_MSG,
  QUALIFIED_NAME_PART_MSG,
  type Obj
} from './helpers';

const RAW_POD: Obj = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } },
  spec: { containers: [{ name: 'web', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }] }
};

interface PodCase {
  name: string;
  /** applied to the manifest before defaulting (what the user wrote) */
  raw?: (p: Obj) => void;
  /** applied after defaulting */
  post?: (p: Obj) => void;
  want: string[];
}

function pod(c: Pick<PodCase, 'raw' | 'post'>): Obj {
  const r = clone(RAW_POD);
  c.raw?.(r);
  const d = defaulted('Pod', r);
  c.post?.(d);
  return d;
}

const c0 = 'spec.containers[0]';
const QUANTITY_RE = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

const CASES: PodCase[] = [
  { name: 'a good pod', want: [] },
  { name: 'generateName without name (the registry fills the name)', raw: (p) => ((p.metadata.generateName = 'web-'), delete p.metadata.name), want: [] },
  // metadata
  { name: 'uppercase name', raw: (p) => (p.metadata.name = 'Web_1'), want: [`metadata.name: Invalid value: "Web_1": ${DNS1123_SUBDOMAIN_MSG}`] },
  { name: 'missing name', raw: (p) => delete p.metadata.name, want: ['metadata.name: Required value: name or generateName is required'] },
  { name: 'missing namespace', raw: (p) => delete p.metadata.namespace, want: ['metadata.namespace: Required value'] },
  { name: 'bad label value', raw: (p) => (p.metadata.labels.tier = 'front end'), want: [`metadata.labels: Invalid value: "front end": ${LABEL_VALUE_MSG}`] },
  { name: 'bad label key', raw: (p) => (p.metadata.labels['my app'] = 'x'), want: [`metadata.labels: Invalid value: "my app": ${QUALIFIED_NAME_PART_MSG}`] },
  { name: 'bad annotation key', raw: (p) => (p.metadata.annotations = { 'bad key': 'x' }), want: [`metadata.annotations: Invalid value: "bad key": ${QUALIFIED_NAME_PART_MSG}`] },
  {
    name: 'pod-deletion-cost must be an int32',
    raw: (p) => (p.metadata.annotations = { 'controller.kubernetes.io/pod-deletion-cost': 'abc' }),
    want: ['metadata.annotations[controller.kubernetes.io/pod-deletion-cost]: Invalid value: "abc": must be a 32bit integer']
  },
  // containers
  { name: 'no containers', raw: (p) => (p.spec.containers = []), want: ['spec.containers: Required value'] },
  { name: 'missing image', raw: (p) => delete p.spec.containers[0].image, want: [`${c0}.image: Required value`] },
  { name: 'image with trailing space', raw: (p) => (p.spec.containers[0].image = 'nginx '), want: [`${c0}.image: Invalid value: "nginx ": must not have leading or trailing whitespace`] },
  { name: 'missing container name', raw: (p) => delete p.spec.containers[0].name, want: [`${c0}.name: Required value`] },
  { name: 'uppercase container name', raw: (p) => (p.spec.containers[0].name = 'Web'), want: [`${c0}.name: Invalid value: "Web": ${DNS1123_LABEL_MSG}`] },
  {
    name: 'dotted container name',
    raw: (p) => (p.spec.containers[0].name = 'web.v1'),
    want: [`${c0}.name: Invalid value: "web.v1": must not contain dots`]
  },
  {
    name: 'duplicate container names',
    raw: (p) => p.spec.containers.push({ name: 'web', image: 'busybox' }),
    want: ['spec.containers[1].name: Duplicate value: "web"']
  },
  {
    name: 'bad imagePullPolicy',
    raw: (p) => (p.spec.containers[0].imagePullPolicy = 'Sometimes'),
    want: [`${c0}.imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"`]
  },
  {
    name: 'bad terminationMessagePolicy',
    raw: (p) => (p.spec.containers[0].terminationMessagePolicy = 'Logs'),
    want: [`${c0}.terminationMessagePolicy: Unsupported value: "Logs": supported values: "File", "FallbackToLogsOnError"`]
  },
  { name: 'restartPolicy on a regular container', raw: (p) => (p.spec.containers[0].restartPolicy = 'Always'), want: [`${c0}.restartPolicy: Forbidden: may not be set for non-init containers`] },
  // ports
  { name: 'port out of range', raw: (p) => (p.spec.containers[0].ports[0].containerPort = 70000), want: [`${c0}.ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive`] },
  { name: 'port 0', raw: (p) => (p.spec.containers[0].ports[0].containerPort = 0), want: [`${c0}.ports[0].containerPort: Required value`] },
  {
    name: 'bad protocol',
    raw: (p) => (p.spec.containers[0].ports[0].protocol = 'HTTP'),
    want: [`${c0}.ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"`]
  },
  {
    name: 'bad port name',
    raw: (p) => (p.spec.containers[0].ports[0].name = 'HTTP'),
    want: [
      `${c0}.ports[0].name: Invalid value: "HTTP": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)`,
      `${c0}.ports[0].name: Invalid value: "HTTP": must contain at least one letter (a-z)`
    ]
  },
  {
    name: 'duplicate port names',
    raw: (p) => (p.spec.containers[0].ports = [{ name: 'http', containerPort: 80 }, { name: 'http', containerPort: 8080 }]),
    want: [`${c0}.ports[1].name: Duplicate value: "http"`]
  },
  {
    name: 'host port conflict across containers',
    raw: (p) => {
      p.spec.containers[0].ports[0].hostPort = 8080;
      p.spec.containers.push({ name: 'side', image: 'busybox', ports: [{ containerPort: 81, hostPort: 8080 }] });
    },
    want: ['spec.containers[1].ports[0].hostPort: Duplicate value: "TCP//8080"']
  },
  {
    name: 'hostNetwork requires hostPort == containerPort',
    raw: (p) => {
      p.spec.hostNetwork = true;
      p.spec.containers[0].ports[0].hostPort = 8080;
    },
    want: [`${c0}.ports[0].hostPort: Invalid value: 8080: must match \`containerPort\` when \`hostNetwork\` is true`]
  },
  // resources
  {
    name: 'cpu request above limit',
    raw: (p) => (p.spec.containers[0].resources = { requests: { cpu: '2' }, limits: { cpu: '1' } }),
    want: [`${c0}.resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1`]
  },
  {
    name: 'memory request above limit',
    raw: (p) => (p.spec.containers[0].resources = { requests: { memory: '256Mi' }, limits: { memory: '128Mi' } }),
    want: [`${c0}.resources.requests: Invalid value: "256Mi": must be less than or equal to memory limit of 128Mi`]
  },
  {
    name: 'request in other units above limit',
    raw: (p) => (p.spec.containers[0].resources = { requests: { cpu: 1.5 }, limits: { cpu: '1' } }),
    want: [`${c0}.resources.requests: Invalid value: "1500m": must be less than or equal to cpu limit of 1`]
  },
  { name: 'request equal to limit', raw: (p) => (p.spec.containers[0].resources = { requests: { cpu: '500m' }, limits: { cpu: 0.5 } }), want: [] },
  {
    name: 'negative request',
    raw: (p) => (p.spec.containers[0].resources = { requests: { memory: '-1Mi' } }),
    want: [`${c0}.resources.requests[memory]: Invalid value: "-1Mi": must be greater than or equal to 0`]
  },
  {
    name: 'malformed quantity (copied from limits to requests by defaulting)',
    raw: (p) => (p.spec.containers[0].resources = { limits: { cpu: 'abc' } }),
    want: [`${c0}.resources.limits[cpu]: Invalid value: "abc": ${QUANTITY_RE}`, `${c0}.resources.requests[cpu]: Invalid value: "abc": ${QUANTITY_RE}`]
  },
  {
    name: 'non-standard resource name',
    raw: (p) => (p.spec.containers[0].resources = { requests: { gpu: '1' } }),
    want: [
      `${c0}.resources.requests[gpu]: Invalid value: "gpu": must be a standard resource type or fully qualified`,
      `${c0}.resources.requests[gpu]: Invalid value: "gpu": must be a standard resource for containers`
    ]
  },
  {
    name: 'extended resources: request must equal limit',
    raw: (p) => (p.spec.containers[0].resources = { requests: { 'nvidia.com/gpu': 2 }, limits: { 'nvidia.com/gpu': 1 } }),
    want: [`${c0}.resources.requests: Invalid value: "2": must be equal to nvidia.com/gpu limit of 1`]
  },
  {
    name: 'extended resources need a limit',
    raw: (p) => (p.spec.containers[0].resources = { requests: { 'nvidia.com/gpu': 1 } }),
    want: [`${c0}.resources.limits: Required value: Limit must be set for non overcommitable resources`]
  },
  // env
  {
    name: "env name with '='",
    raw: (p) => (p.spec.containers[0].env = [{ name: 'A=B', value: 'x' }]),
    want: [`${c0}.env[0].name: Invalid value: "A=B": a valid environment variable name must consist only of printable ASCII characters other than '='`]
  },
  { name: 'env name starting with a digit (relaxed validation, on in v1.32)', raw: (p) => (p.spec.containers[0].env = [{ name: '1ST', value: 'x' }]), want: [] },
  { name: 'env without name', raw: (p) => (p.spec.containers[0].env = [{ value: 'x' }]), want: [`${c0}.env[0].name: Required value`] },
  {
    name: 'empty valueFrom',
    raw: (p) => (p.spec.containers[0].env = [{ name: 'A', valueFrom: {} }]),
    want: [`${c0}.env[0].valueFrom: Invalid value: "": must specify one of: \`fieldRef\`, \`resourceFieldRef\`, \`configMapKeyRef\` or \`secretKeyRef\``]
  },
  {
    name: 'unsupported fieldRef',
    raw: (p) => (p.spec.containers[0].env = [{ name: 'A', valueFrom: { fieldRef: { fieldPath: 'spec.nodeNames' } } }]),
    want: [`${c0}.env[0].valueFrom.fieldRef.fieldPath: Invalid value: "spec.nodeNames": error converting fieldPath: field label not supported: spec.nodeNames`]
  },
  {
    name: 'fieldRef not allowed in env',
    raw: (p) => (p.spec.containers[0].env = [{ name: 'A', valueFrom: { fieldRef: { fieldPath: 'status.phase' } } }]),
    want: [
      `${c0}.env[0].valueFrom.fieldRef.fieldPath: Unsupported value: "status.phase": supported values: "metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs"`
    ]
  },
  {
    name: 'configMapKeyRef without key',
    raw: (p) => (p.spec.containers[0].env = [{ name: 'A', valueFrom: { configMapKeyRef: { name: 'cfg' } } }]),
    want: [`${c0}.env[0].valueFrom.configMapKeyRef.key: Required value`]
  },
  // probes
  {
    name: 'liveness successThreshold must be 1',
    raw: (p) => (p.spec.containers[0].livenessProbe = { httpGet: { port: 80 }, successThreshold: 2 }),
    want: [`${c0}.livenessProbe.successThreshold: Invalid value: 2: must be 1`]
  },
  {
    name: 'startup successThreshold must be 1',
    raw: (p) => (p.spec.containers[0].startupProbe = { tcpSocket: { port: 80 }, successThreshold: 3 }),
    want: [`${c0}.startupProbe.successThreshold: Invalid value: 3: must be 1`]
  },
  { name: 'readiness successThreshold may be > 1', raw: (p) => (p.spec.containers[0].readinessProbe = { tcpSocket: { port: 80 }, successThreshold: 3 }), want: [] },
  {
    name: 'probe without a handler',
    raw: (p) => (p.spec.containers[0].livenessProbe = { periodSeconds: 5 }),
    want: [`${c0}.livenessProbe: Required value: must specify a handler type`]
  },
  {
    name: 'probe with two handlers',
    raw: (p) => (p.spec.containers[0].readinessProbe = { exec: { command: ['true'] }, httpGet: { port: 80 } }),
    want: [`${c0}.readinessProbe.httpGet: Forbidden: may not specify more than 1 handler type`]
  },
  {
    name: 'readiness probe with terminationGracePeriodSeconds',
    raw: (p) => (p.spec.containers[0].readinessProbe = { exec: { command: ['true'] }, terminationGracePeriodSeconds: 10 }),
    want: [`${c0}.readinessProbe.terminationGracePeriodSeconds: Invalid value: 10: must not be set for readinessProbes`]
  },
  {
    name: 'negative probe period',
    raw: (p) => (p.spec.containers[0].livenessProbe = { exec: { command: ['true'] }, periodSeconds: -1 }),
    want: [`${c0}.livenessProbe.periodSeconds: Invalid value: -1: must be greater than or equal to 0`]
  },
  {
    name: 'exec probe without command',
    raw: (p) => (p.spec.containers[0].livenessProbe = { exec: {} }),
    want: [`${c0}.livenessProbe.exec.command: Required value`]
  },
  {
    name: 'httpGet port given as a numeric string',
    raw: (p) => (p.spec.containers[0].livenessProbe = { httpGet: { port: '8080' } }),
    want: [`${c0}.livenessProbe.httpGet.port: Invalid value: "8080": must contain at least one letter (a-z)`]
  },
  // init containers
  {
    name: 'init container with a liveness probe',
    raw: (p) => (p.spec.initContainers = [{ name: 'init', image: 'busybox', livenessProbe: { exec: { command: ['true'] } } }]),
    want: ['spec.initContainers[0].livenessProbe: Forbidden: may not be set for init containers without restartPolicy=Always']
  },
  { name: 'sidecar (restartable init container) with a probe', raw: (p) => (p.spec.initContainers = [{ name: 'init', image: 'busybox', restartPolicy: 'Always', livenessProbe: { exec: { command: ['true'] } } }]), want: [] },
  {
    name: 'init container named like a container',
    raw: (p) => (p.spec.initContainers = [{ name: 'web', image: 'busybox' }]),
    want: ['spec.initContainers[0].name: Duplicate value: "web"']
  },
  // volumes
  {
    name: 'mount of a volume that does not exist',
    raw: (p) => (p.spec.containers[0].volumeMounts = [{ name: 'x', mountPath: '/data' }]),
    want: [`${c0}.volumeMounts[0].name: Not found: "x"`]
  },
  {
    name: 'mount without mountPath',
    raw: (p) => {
      p.spec.volumes = [{ name: 'data' }];
      p.spec.containers[0].volumeMounts = [{ name: 'data' }];
    },
    want: [`${c0}.volumeMounts[0].mountPath: Required value`]
  },
  {
    name: 'duplicate mountPath',
    raw: (p) => {
      p.spec.volumes = [{ name: 'a' }, { name: 'b' }];
      p.spec.containers[0].volumeMounts = [
        { name: 'a', mountPath: '/data' },
        { name: 'b', mountPath: '/data' }
      ];
    },
    want: [`${c0}.volumeMounts[1].mountPath: Invalid value: "/data": must be unique`]
  },
  {
    name: 'volume with two sources',
    raw: (p) => (p.spec.volumes = [{ name: 'data', emptyDir: {}, hostPath: { path: '/tmp' } }]),
    want: ['spec.volumes[0].hostPath: Forbidden: may not specify more than 1 volume type']
  },
  {
    name: 'duplicate volume names',
    raw: (p) => (p.spec.volumes = [{ name: 'data' }, { name: 'data', emptyDir: {} }]),
    want: ['spec.volumes[1].name: Duplicate value: "data"']
  },
  { name: 'uppercase volume name', raw: (p) => (p.spec.volumes = [{ name: 'Data' }]), want: [`spec.volumes[0].name: Invalid value: "Data": ${DNS1123_LABEL_MSG}`] },
  { name: 'volume without name', raw: (p) => (p.spec.volumes = [{ emptyDir: {} }]), want: ['spec.volumes[0].name: Required value'] },
  { name: 'configMap volume without name', raw: (p) => (p.spec.volumes = [{ name: 'cfg', configMap: {} }]), want: ['spec.volumes[0].configMap.name: Required value'] },
  { name: 'secret volume without secretName', raw: (p) => (p.spec.volumes = [{ name: 's', secret: {} }]), want: ['spec.volumes[0].secret.secretName: Required value'] },
  {
    name: 'secret volume with a bad defaultMode',
    raw: (p) => (p.spec.volumes = [{ name: 's', secret: { secretName: 's', defaultMode: 1000 } }]),
    want: ['spec.volumes[0].secret.defaultMode: Invalid value: 1000: must be a number between 0 and 0777 (octal), both inclusive']
  },
  {
    name: 'configMap item with an absolute path',
    raw: (p) => (p.spec.volumes = [{ name: 'c', configMap: { name: 'c', items: [{ key: 'k', path: '/etc/k' }] } }]),
    want: ['spec.volumes[0].configMap.items[0].path: Invalid value: "/etc/k": must be a relative path']
  },
  {
    name: 'hostPath with an unknown type',
    raw: (p) => (p.spec.volumes = [{ name: 'h', hostPath: { path: '/var/log', type: 'Dir' } }]),
    want: [
      'spec.volumes[0].hostPath.type: Unsupported value: "Dir": supported values: "", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"'
    ]
  },
  { name: 'hostPath without path', raw: (p) => (p.spec.volumes = [{ name: 'h', hostPath: {} }]), want: ['spec.volumes[0].hostPath.path: Required value'] },
  {
    name: 'emptyDir with a negative sizeLimit',
    raw: (p) => (p.spec.volumes = [{ name: 'e', emptyDir: { sizeLimit: '-1Gi' } }]),
    want: ['spec.volumes[0].emptyDir.sizeLimit: Forbidden: SizeLimit field must be a valid resource quantity']
  },
  {
    name: 'pvc volume without claimName',
    raw: (p) => (p.spec.volumes = [{ name: 'p', persistentVolumeClaim: {} }]),
    want: ['spec.volumes[0].persistentVolumeClaim.claimName: Required value']
  },
  {
    name: 'projected token without a service account',
    raw: (p) => (p.spec.volumes = [{ name: 't', projected: { sources: [{ serviceAccountToken: { path: 'token' } }] } }]),
    want: ['spec.volumes[0].projected.sources[0].serviceAccountToken: Forbidden: must not be specified when serviceAccountName is not set']
  },
  // pod-level fields
  {
    name: 'bad restartPolicy',
    raw: (p) => (p.spec.restartPolicy = 'Sometimes'),
    want: ['spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"']
  },
  {
    name: 'bad dnsPolicy',
    raw: (p) => (p.spec.dnsPolicy = 'Cluster'),
    want: ['spec.dnsPolicy: Unsupported value: "Cluster": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"']
  },
  { name: 'dnsPolicy None without dnsConfig', raw: (p) => (p.spec.dnsPolicy = 'None'), want: ['spec.dnsConfig: Required value: must provide `dnsConfig` when `dnsPolicy` is None'] },
  {
    name: 'bad nameserver',
    raw: (p) => (p.spec.dnsConfig = { nameservers: ['1.2.3'] }),
    want: ['spec.dnsConfig.nameservers[0]: Invalid value: "1.2.3": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)']
  },
  { name: 'terminationGracePeriodSeconds missing', post: (p) => delete p.spec.terminationGracePeriodSeconds, want: ['spec.terminationGracePeriodSeconds: Required value'] },
  {
    name: 'activeDeadlineSeconds 0',
    raw: (p) => (p.spec.activeDeadlineSeconds = 0),
    want: ['spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive']
  },
  { name: 'bad nodeSelector key', raw: (p) => (p.spec.nodeSelector = { 'disk type': 'ssd' }), want: [`spec.nodeSelector: Invalid value: "disk type": ${QUALIFIED_NAME_PART_MSG}`] },
  { name: 'bad nodeSelector value', raw: (p) => (p.spec.nodeSelector = { disktype: 'fast ssd' }), want: [`spec.nodeSelector: Invalid value: "fast ssd": ${LABEL_VALUE_MSG}`] },
  { name: 'bad serviceAccountName', raw: (p) => (p.spec.serviceAccountName = 'My_SA'), want: [`spec.serviceAccountName: Invalid value: "My_SA": ${DNS1123_SUBDOMAIN_MSG}`] },
  { name: 'bad nodeName', raw: (p) => (p.spec.nodeName = 'Node_1'), want: [`spec.nodeName: Invalid value: "Node_1": ${DNS1123_SUBDOMAIN_MSG}`] },
  { name: 'bad hostname', raw: (p) => (p.spec.hostname = 'web.1'), want: ['spec.hostname: Invalid value: "web.1": must not contain dots'] },
  {
    name: 'negative runAsUser',
    raw: (p) => (p.spec.securityContext = { runAsUser: -1 }),
    want: ['spec.securityContext.runAsUser: Invalid value: -1: must be between 0 and 4294967295, inclusive']
  },
  {
    name: 'bad preemptionPolicy',
    raw: (p) => (p.spec.preemptionPolicy = 'Always'),
    want: ['spec.preemptionPolicy: Unsupported value: "Always": supported values: "PreemptLowerPriority", "Never"']
  },
  // tolerations
  {
    name: 'toleration operator Equals',
    raw: (p) => (p.spec.tolerations = [{ key: 'k', operator: 'Equals', value: 'v', effect: 'NoSchedule' }]),
    want: ['spec.tolerations[0].operator: Unsupported value: "Equals": supported values: "Equal", "Exists"']
  },
  {
    name: 'toleration effect NoRun',
    raw: (p) => (p.spec.tolerations = [{ key: 'k', operator: 'Exists', effect: 'NoRun' }]),
    want: ['spec.tolerations[0].effect: Unsupported value: "NoRun": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"']
  },
  {
    name: 'Exists toleration with a value',
    raw: (p) => (p.spec.tolerations = [{ key: 'k', operator: 'Exists', value: 'v' }]),
    want: ["spec.tolerations[0].operator: Invalid value: \"v\": value must be empty when `operator` is 'Exists'"]
  },
  {
    name: 'tolerationSeconds on a NoSchedule toleration',
    raw: (p) => (p.spec.tolerations = [{ key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 60 }]),
    want: ["spec.tolerations[0].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set"]
  },
  {
    name: 'empty key needs Exists',
    raw: (p) => (p.spec.tolerations = [{ operator: 'Equal', value: 'v' }]),
    want: ['spec.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"']
  },
  { name: 'match-everything toleration', raw: (p) => (p.spec.tolerations = [{ operator: 'Exists' }]), want: [] },
  // affinity & spreading
  {
    name: 'node affinity with no terms',
    raw: (p) => (p.spec.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } } }),
    want: ['spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms: Required value: must have at least one node selector term']
  },
  {
    name: 'node affinity with a bad operator',
    raw: (p) =>
      (p.spec.affinity = {
        nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'disk', operator: 'Equals', values: ['ssd'] }] }] } }
      }),
    want: ['spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].operator: Invalid value: "Equals": not a valid selector operator']
  },
  {
    name: 'node affinity In without values',
    raw: (p) =>
      (p.spec.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'disk', operator: 'In' }] }] } } }),
    want: [
      "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"
    ]
  },
  {
    name: 'preferred node affinity weight out of range',
    raw: (p) =>
      (p.spec.affinity = { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 0, preference: { matchExpressions: [{ key: 'a', operator: 'Exists' }] } }] } }),
    want: ['spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100']
  },
  {
    name: 'pod anti-affinity without topologyKey',
    raw: (p) => (p.spec.affinity = { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'web' } } }] } }),
    want: [
      'spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Required value: can not be empty',
      'spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Invalid value: "": name part must be non-empty',
      `spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Invalid value: "": ${QUALIFIED_NAME_PART_MSG}`
    ]
  },
  {
    name: 'topology spread constraint with maxSkew 0 and no whenUnsatisfiable',
    raw: (p) => (p.spec.topologySpreadConstraints = [{ maxSkew: 0, topologyKey: 'zone', labelSelector: { matchLabels: { app: 'web' } } }]),
    want: [
      'spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero',
      'spec.topologySpreadConstraints[0].whenUnsatisfiable: Unsupported value: "": supported values: "DoNotSchedule", "ScheduleAnyway"'
    ]
  },
  // create-only rules
  {
    name: 'ephemeral containers on create',
    raw: (p) => (p.spec.ephemeralContainers = [{ name: 'debug', image: 'busybox' }]),
    want: ['spec.ephemeralContainers: Forbidden: cannot be set on create']
  }
];

describe('Pod create', () => {
  for (const c of CASES) {
    it(c.name, () => expect(errs('Pod', pod(c))).toEqual(c.want));
  }
});

describe('kubectl-style mistakes print what kubectl prints', () => {
  it('missing image', () => {
    const p = pod({ raw: (r) => delete r.spec.containers[0].image });
    expect(invalidMessage('Pod', 'web', validate('Pod', p))).toBe('The Pod "web" is invalid: spec.containers[0].image: Required value\n');
  });
  it('kubectl run Web --image=nginx (the name is also the container name)', () => {
    const p = defaulted('Pod', {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'Web', namespace: 'default', labels: { run: 'Web' } },
      spec: { containers: [{ name: 'Web', image: 'nginx' }] }
    });
    expect(invalidMessage('Pod', 'Web', validate('Pod', p))).toBe(
      `The Pod "Web" is invalid: \n* metadata.name: Invalid value: "Web": ${DNS1123_SUBDOMAIN_MSG}\n* spec.containers[0].name: Invalid value: "Web": ${DNS1123_LABEL_MSG}\n`
    );
  });
  it('bad restartPolicy in a manifest', () => {
    const p = pod({ raw: (r) => (r.spec.restartPolicy = 'Sometimes') });
    expect(invalidMessage('Pod', 'web', validate('Pod', p))).toBe(
      'The Pod "web" is invalid: spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"\n'
    );
  });
  it('request above limit', () => {
    const p = pod({ raw: (r) => (r.spec.containers[0].resources = { requests: { cpu: '2' }, limits: { cpu: '1' } }) });
    expect(invalidMessage('Pod', 'web', validate('Pod', p))).toBe(
      'The Pod "web" is invalid: spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1\n'
    );
  });
  it('missing image and missing name together', () => {
    const p = pod({ raw: (r) => (r.spec.containers[0] = {}) });
    expect(invalidMessage('Pod', 'web', validate('Pod', p))).toBe(
      'The Pod "web" is invalid: \n* spec.containers[0].name: Required value\n* spec.containers[0].image: Required value\n'
    );
  });
});

describe('Pod update', () => {
  const old = pod({ raw: (r) => (r.metadata.resourceVersion = '1') });
  old.spec.tolerations = [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }];
  old.spec.activeDeadlineSeconds = 100;
  const UPDATABLE =
    'spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)';
  const cases: { name: string; mutate: (p: Obj) => void; want: string[] }[] = [
    { name: 'no change', mutate: () => undefined, want: [] },
    { name: 'new image', mutate: (p) => (p.spec.containers[0].image = 'nginx:1.28'), want: [] },
    { name: 'new labels', mutate: (p) => (p.metadata.labels.tier = 'web'), want: [] },
    { name: 'lower activeDeadlineSeconds', mutate: (p) => (p.spec.activeDeadlineSeconds = 50), want: [] },
    { name: 'added toleration', mutate: (p) => p.spec.tolerations.push({ key: 'x', operator: 'Exists' }), want: [] },
    { name: 'changed tolerationSeconds', mutate: (p) => (p.spec.tolerations[0].tolerationSeconds = 30), want: [] },
    {
      name: 'raised activeDeadlineSeconds',
      mutate: (p) => (p.spec.activeDeadlineSeconds = 200),
      want: ['spec.activeDeadlineSeconds: Invalid value: 200: must be less than or equal to previous value']
    },
    {
      name: 'removed toleration',
      mutate: (p) => (p.spec.tolerations = []),
      want: ['spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds']
    },
    {
      name: 'added container',
      mutate: (p) => p.spec.containers.push({ ...clone(p.spec.containers[0]), name: 'side' }),
      want: ['spec.containers: Forbidden: pod updates may not add or remove containers']
    },
    { name: 'cleared image', mutate: (p) => (p.spec.containers[0].image = ''), want: ['spec.containers[0].image: Required value'] },
    { name: 'renamed', mutate: (p) => (p.metadata.name = 'web2'), want: ['metadata.name: Invalid value: "web2": field is immutable'] },
    {
      name: 'no resourceVersion',
      mutate: (p) => delete p.metadata.resourceVersion,
      want: ['metadata.resourceVersion: Invalid value: "": must be specified for an update']
    }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const n = clone(old);
      c.mutate(n);
      expect(errs('Pod', n, old)).toEqual(c.want);
    });
  }
  it('any other spec change is forbidden, with a diff of what changed', () => {
    const n = clone(old);
    n.spec.containers[0].env = [{ name: 'A', value: 'b' }];
    const got = errs('Pod', n, old);
    expect(got).toHaveLength(1);
    const [first, ...diff] = got[0].split('\n');
    expect(first).toBe(UPDATABLE);
    expect(diff).toEqual(['+ \tspec.containers[0].env: [{"name":"A","value":"b"}]']);
  });
});
