// Namespace, Node, ConfigMap, Secret, ServiceAccount, Event, PersistentVolume, PersistentVolumeClaim.
// upstream: pkg/apis/core/validation/validation.go, pkg/apis/core/validation/events.go
import { describe, expect, it } from 'vitest';
import { clone, defaulted, DNS1123_LABEL_MSG, DNS1123_SUBDOMAIN_MSG, errs, QUALIFIED_NAME_PART_MSG, type Obj } from './helpers';

interface Case {
  name: string;
  raw?: (o: Obj) => void;
  want: string[];
}

function run(kind: string, base: Obj, cases: Case[]): void {
  for (const c of cases) {
    it(c.name, () => {
      const o = clone(base);
      c.raw?.(o);
      expect(errs(kind, defaulted(kind, o))).toEqual(c.want);
    });
  }
}

function update(kind: string, base: Obj, mutate: (n: Obj, old: Obj) => void): string[] {
  const old = defaulted(kind, base);
  old.metadata.resourceVersion = '5';
  const n = clone(old);
  mutate(n, old);
  return errs(kind, n, old);
}

describe('Namespace', () => {
  const NS = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'dev' } };
  run('Namespace', NS, [
    { name: 'good', want: [] },
    { name: 'uppercase', raw: (o) => (o.metadata.name = 'Dev'), want: [`metadata.name: Invalid value: "Dev": ${DNS1123_LABEL_MSG}`] },
    { name: 'dotted', raw: (o) => (o.metadata.name = 'dev.team'), want: ['metadata.name: Invalid value: "dev.team": must not contain dots'] },
    {
      name: 'too long',
      raw: (o) => (o.metadata.name = 'a'.repeat(64)),
      // the defaulted kubernetes.io/metadata.name label carries the name too
      want: [
        `metadata.name: Invalid value: "${'a'.repeat(64)}": must be no more than 63 characters`,
        `metadata.labels: Invalid value: "${'a'.repeat(64)}": must be no more than 63 characters`
      ]
    },
    { name: 'with a namespace', raw: (o) => (o.metadata.namespace = 'default'), want: ['metadata.namespace: Forbidden: not allowed on this type'] },
    {
      name: 'unknown finalizer',
      raw: (o) => (o.spec = { finalizers: ['foo'] }),
      want: ['spec.finalizers: Invalid value: "foo": name is neither a standard finalizer name nor is it fully qualified']
    },
    { name: 'qualified finalizer', raw: (o) => (o.spec = { finalizers: ['example.com/cleanup'] }), want: [] }
  ]);
  it('update: labels may change, name may not', () => {
    expect(update('Namespace', NS, (n) => (n.metadata.labels.team = 'a'))).toEqual([]);
    expect(update('Namespace', NS, (n) => (n.metadata.name = 'prod'))).toEqual(['metadata.name: Invalid value: "prod": field is immutable']);
  });
});

describe('Node', () => {
  const NODE = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1' }, spec: { podCIDR: '10.244.1.0/24', podCIDRs: ['10.244.1.0/24'] }, status: { capacity: { cpu: '4', memory: '8Gi', pods: '110' } } };
  run('Node', NODE, [
    { name: 'good', want: [] },
    { name: 'bad name', raw: (o) => (o.metadata.name = 'Node_1'), want: [`metadata.name: Invalid value: "Node_1": ${DNS1123_SUBDOMAIN_MSG}`] },
    { name: 'taint without effect (reported under metadata, as upstream does)', raw: (o) => (o.spec.taints = [{ key: 'dedicated' }]), want: ['metadata.taints[0].effect: Required value'] },
    {
      name: 'taint with a bad effect',
      raw: (o) => (o.spec.taints = [{ key: 'dedicated', effect: 'NoRun' }]),
      want: ['metadata.taints[0].effect: Unsupported value: "NoRun": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"']
    },
    {
      name: 'duplicate taints',
      raw: (o) => (o.spec.taints = [{ key: 'k', effect: 'NoSchedule' }, { key: 'k', value: 'v', effect: 'NoSchedule' }]),
      want: ['metadata.taints[1]: Duplicate value: core.Taint{Key:"k", Value:"v", Effect:"NoSchedule", TimeAdded:(*v1.Time)(nil)}: taints must be unique by key and effect pair']
    },
    { name: 'same key, other effect', raw: (o) => (o.spec.taints = [{ key: 'k', effect: 'NoSchedule' }, { key: 'k', effect: 'NoExecute' }]), want: [] },
    { name: 'negative capacity', raw: (o) => (o.status.capacity.cpu = '-1'), want: ['status.capacity.cpu: Invalid value: "-1": must be greater than or equal to 0', 'status.allocatable.cpu: Invalid value: "-1": must be greater than or equal to 0'] },
    {
      name: 'bad podCIDR',
      raw: (o) => (o.spec.podCIDRs = ['10.244.1.0']),
      want: ['spec.podCIDRs[0]: Invalid value: "10.244.1.0": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)']
    }
  ]);
  it('update: taints may change, podCIDRs and providerID may not', () => {
    expect(update('Node', NODE, (n) => (n.spec.taints = [{ key: 'k', effect: 'NoSchedule' }]))).toEqual([]);
    expect(update('Node', NODE, (n) => (n.spec.podCIDRs = ['10.244.2.0/24']))).toEqual(['spec.podCIDRs: Forbidden: node updates may not change podCIDR except from "" to valid']);
    expect(
      update('Node', { ...NODE, spec: { ...NODE.spec, providerID: 'kind://a' } }, (n) => (n.spec.providerID = 'kind://b'))
    ).toEqual(['spec.providerID: Forbidden: node updates may not change providerID except from "" to valid']);
  });
});

const CONFIG_KEY_MSG = "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";

describe('ConfigMap', () => {
  const CM = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg', namespace: 'default' }, data: { 'app.conf': 'x=1' } };
  run('ConfigMap', CM, [
    { name: 'good', want: [] },
    { name: 'bad key', raw: (o) => (o.data['my key'] = 'v'), want: [`data[my key]: Invalid value: "my key": ${CONFIG_KEY_MSG}`] },
    { name: "key '..'", raw: (o) => (o.data['..'] = 'v'), want: ["data[..]: Invalid value: \"..\": must not be '..'"] },
    { name: 'key in data and binaryData', raw: (o) => (o.binaryData = { 'app.conf': 'eA==' }), want: ['data[app.conf]: Invalid value: "app.conf": duplicate of key present in binaryData'] },
    { name: 'over 1MiB', raw: (o) => (o.data.big = 'x'.repeat(1048576)), want: ['[]: Too long: must have at most 1048576 bytes'] },
    { name: 'bad name', raw: (o) => (o.metadata.name = 'my_cfg'), want: [`metadata.name: Invalid value: "my_cfg": ${DNS1123_SUBDOMAIN_MSG}`] }
  ]);
  it('update of an immutable ConfigMap', () => {
    const base = { ...CM, immutable: true };
    expect(update('ConfigMap', base, (n) => (n.data['app.conf'] = 'x=2'))).toEqual(['data: Forbidden: field is immutable when `immutable` is set']);
    expect(update('ConfigMap', base, (n) => (n.immutable = false))).toEqual(['immutable: Forbidden: field is immutable when `immutable` is set']);
    expect(update('ConfigMap', CM, (n) => (n.data['app.conf'] = 'x=2'))).toEqual([]);
  });
});

describe('Secret', () => {
  const SECRET = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'db', namespace: 'default' }, data: { password: 'czNjcjN0' } };
  run('Secret', SECRET, [
    { name: 'good', want: [] },
    { name: 'stringData', raw: (o) => (o.stringData = { user: 'admin' }), want: [] },
    { name: 'bad key', raw: (o) => (o.stringData = { 'my key': 'v' }), want: [`data[my key]: Invalid value: "my key": ${CONFIG_KEY_MSG}`] },
    { name: 'over 1MiB', raw: (o) => (o.stringData = { big: 'x'.repeat(1048576) }), want: ['data: Too long: must have at most 1048576 bytes'] },
    { name: 'tls without key', raw: (o) => ((o.type = 'kubernetes.io/tls'), (o.data = { 'tls.crt': 'eA==' })), want: ['data[tls.key]: Required value'] },
    { name: 'dockerconfigjson without its key', raw: (o) => (o.type = 'kubernetes.io/dockerconfigjson'), want: ['data[.dockerconfigjson]: Required value'] },
    { name: 'dockerconfigjson', raw: (o) => ((o.type = 'kubernetes.io/dockerconfigjson'), (o.stringData = { '.dockerconfigjson': '{"auths":{}}' })), want: [] },
    { name: 'basic-auth without username and password', raw: (o) => ((o.type = 'kubernetes.io/basic-auth'), (o.data = {})), want: ['data[username]: Required value', 'data[password]: Required value'] },
    {
      name: 'service-account-token without the account annotation',
      raw: (o) => (o.type = 'kubernetes.io/service-account-token'),
      want: ['metadata.annotations[kubernetes.io/service-account.name]: Required value']
    }
  ]);
  it('type is immutable', () => {
    expect(update('Secret', SECRET, (n) => (n.type = 'kubernetes.io/tls'))).toEqual([
      'type: Invalid value: "kubernetes.io/tls": field is immutable',
      'data[tls.crt]: Required value',
      'data[tls.key]: Required value'
    ]);
  });
});

describe('ServiceAccount', () => {
  const SA = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'builder', namespace: 'default' } };
  run('ServiceAccount', SA, [
    { name: 'good', want: [] },
    { name: 'bad name', raw: (o) => (o.metadata.name = 'My SA'), want: [`metadata.name: Invalid value: "My SA": ${DNS1123_SUBDOMAIN_MSG}`] }
  ]);
});

describe('Event (core/v1)', () => {
  const EV = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: 'web.17f0c3a1b2c3d4e5', namespace: 'default' },
    involvedObject: { kind: 'Pod', name: 'web', namespace: 'default' },
    reason: 'Started',
    message: 'Started container web',
    type: 'Normal'
  };
  run('Event', EV, [
    { name: 'good', want: [] },
    { name: 'involvedObject in another namespace', raw: (o) => (o.involvedObject.namespace = 'other'), want: ['involvedObject.namespace: Invalid value: "other": does not match event.namespace'] },
    { name: 'name with a slash', raw: (o) => (o.metadata.name = 'a/b'), want: ["metadata.name: Invalid value: \"a/b\": may not contain '/'"] },
    {
      name: 'new-style event without reporting fields',
      raw: (o) => (o.eventTime = '2025-01-01T00:00:00.000000Z'),
      want: [
        'reportingComponent: Required value',
        'reportingComponent: Invalid value: "": name part must be non-empty',
        `reportingComponent: Invalid value: "": ${QUALIFIED_NAME_PART_MSG}`,
        'reportingInstance: Required value',
        'action: Required value'
      ]
    }
  ]);
});

describe('PersistentVolume', () => {
  const PV = {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name: 'pv-1' },
    spec: { capacity: { storage: '10Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/data/pv-1' } }
  };
  run('PersistentVolume', PV, [
    { name: 'good', want: [] },
    {
      name: 'no capacity',
      raw: (o) => delete o.spec.capacity,
      want: ['spec.capacity: Required value', 'spec.capacity: Unsupported value: core.ResourceList(nil): supported values: "storage"']
    },
    { name: 'zero capacity', raw: (o) => (o.spec.capacity.storage = '0'), want: ['spec.capacity[storage]: Invalid value: "0": must be greater than zero'] },
    { name: 'no access modes', raw: (o) => delete o.spec.accessModes, want: ['spec.accessModes: Required value'] },
    {
      name: 'bad access mode',
      raw: (o) => (o.spec.accessModes = ['ReadWrite']),
      want: ['spec.accessModes: Unsupported value: "ReadWrite": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"']
    },
    {
      name: 'ReadWriteOncePod with another mode',
      raw: (o) => (o.spec.accessModes = ['ReadWriteOncePod', 'ReadOnlyMany']),
      want: ['spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes']
    },
    { name: 'no source', raw: (o) => delete o.spec.hostPath, want: ['spec: Required value: must specify a volume type'] },
    { name: 'two sources', raw: (o) => (o.spec.nfs = { server: 'nfs', path: '/x' }), want: ['spec.nfs: Forbidden: may not specify more than 1 volume type'] },
    { name: 'nfs with a relative path', raw: (o) => ((o.spec.nfs = { server: 'nfs', path: 'x' }), delete o.spec.hostPath), want: ['spec.nfs.path: Invalid value: "x": must be an absolute path'] },
    { name: 'local without node affinity', raw: (o) => ((o.spec.local = { path: '/mnt/disks/1' }), delete o.spec.hostPath), want: ['spec.nodeAffinity: Required value: Local volume requires node affinity'] },
    {
      name: 'bad reclaim policy',
      raw: (o) => (o.spec.persistentVolumeReclaimPolicy = 'Keep'),
      want: ['spec.persistentVolumeReclaimPolicy: Unsupported value: "Keep": supported values: "Delete", "Recycle", "Retain"']
    },
    { name: 'bad storageClassName', raw: (o) => (o.spec.storageClassName = 'Fast'), want: [`spec.storageClassName: Invalid value: "Fast": ${DNS1123_SUBDOMAIN_MSG}`] }
  ]);
  it('the volume source is immutable', () => {
    const got = update('PersistentVolume', PV, (n) => (n.spec.hostPath.path = '/data/other'));
    expect(got).toHaveLength(1);
    expect(got[0].split('\n')[0]).toBe('spec.persistentvolumesource: Forbidden: spec.persistentvolumesource is immutable after creation');
  });
  it('capacity and reclaim policy may change', () => {
    expect(update('PersistentVolume', PV, (n) => ((n.spec.capacity.storage = '20Gi'), (n.spec.persistentVolumeReclaimPolicy = 'Delete')))).toEqual([]);
  });
});

describe('PersistentVolumeClaim', () => {
  const PVC = {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: 'data', namespace: 'default' },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } }
  };
  run('PersistentVolumeClaim', PVC, [
    { name: 'good', want: [] },
    { name: 'no storage request', raw: (o) => (o.spec.resources = {}), want: ['spec.resources[storage]: Required value'] },
    { name: 'zero storage', raw: (o) => (o.spec.resources.requests.storage = 0), want: ['spec.resources[storage]: Invalid value: "0": must be greater than zero'] },
    { name: 'no access modes', raw: (o) => delete o.spec.accessModes, want: ['spec.accessModes: Required value: at least 1 access mode is required'] },
    { name: 'bad storageClassName', raw: (o) => (o.spec.storageClassName = 'Fast'), want: [`spec.storageClassName: Invalid value: "Fast": ${DNS1123_SUBDOMAIN_MSG}`] },
    {
      name: 'bad volumeMode',
      raw: (o) => (o.spec.volumeMode = 'Raw'),
      want: ['spec.volumeMode: Unsupported value: "Raw": supported values: "Block", "Filesystem"']
    }
  ]);
  it('binding sets volumeName once', () => {
    expect(update('PersistentVolumeClaim', PVC, (n) => (n.spec.volumeName = 'pv-1'))).toEqual([]);
  });
  it('the spec is otherwise immutable', () => {
    const got = update('PersistentVolumeClaim', PVC, (n) => (n.spec.accessModes = ['ReadWriteMany']));
    expect(got).toHaveLength(1);
    expect(got[0].split('\n')[0]).toBe('spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims');
  });
  it('a bound claim may grow but not shrink below its capacity', () => {
    const bound = { ...PVC, spec: { ...PVC.spec, resources: { requests: { storage: '10Gi' } } }, status: { phase: 'Bound', capacity: { storage: '10Gi' } } };
    expect(update('PersistentVolumeClaim', bound, (n) => (n.spec.resources.requests.storage = '20Gi'))).toEqual([]);
    expect(update('PersistentVolumeClaim', bound, (n) => (n.spec.resources.requests.storage = '5Gi'))).toEqual([
      'spec.resources.requests.storage: Forbidden: field can not be less than status.capacity'
    ]);
  });
});
