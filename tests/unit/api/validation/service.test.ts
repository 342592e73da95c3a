// Service / Endpoints / EndpointSlice validation.
// upstream: pkg/apis/core/validation/validation.go (ValidateService, ValidateEndpoints),
//           pkg/apis/discovery/validation/validation.go (ValidateEndpointSlice)
import { describe, expect, it } from 'vitest';
import { clone, defaulted, DNS1035_LABEL_MSG, DNS1123_SUBDOMAIN_MSG, errs, QUALIFIED_NAME_PART_MSG, type Obj } from './helpers';

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

const SVC: Obj = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } };
const RANGE = 'must be between 1 and 65535, inclusive';

describe('Service', () => {
  run('Service', SVC, [
    { name: 'a good ClusterIP service', want: [] },
    { name: 'a good NodePort service', raw: (o) => (o.spec.type = 'NodePort'), want: [] },
    { name: 'a good LoadBalancer service', raw: (o) => (o.spec.type = 'LoadBalancer'), want: [] },
    { name: 'a good headless service', raw: (o) => (o.spec.clusterIP = 'None'), want: [] },
    { name: 'a good ExternalName service', raw: (o) => (o.spec = { type: 'ExternalName', externalName: 'db.example.com.' }), want: [] },
    { name: 'name starting with a digit', raw: (o) => (o.metadata.name = '1web'), want: [`metadata.name: Invalid value: "1web": ${DNS1035_LABEL_MSG}`] },
    { name: 'dotted name', raw: (o) => (o.metadata.name = 'web.v1'), want: [`metadata.name: Invalid value: "web.v1": ${DNS1035_LABEL_MSG}`] },
    { name: 'no ports', raw: (o) => (o.spec.ports = []), want: ['spec.ports: Required value'] },
    { name: 'headless without ports', raw: (o) => ((o.spec.ports = []), (o.spec.clusterIP = 'None')), want: [] },
    {
      name: 'port 0 (targetPort defaults to it)',
      raw: (o) => (o.spec.ports[0].port = 0),
      want: [`spec.ports[0].port: Invalid value: 0: ${RANGE}`, `spec.ports[0].targetPort: Invalid value: 0: ${RANGE}`]
    },
    { name: 'port out of range', raw: (o) => ((o.spec.ports[0].port = 70000), (o.spec.ports[0].targetPort = 8080)), want: [`spec.ports[0].port: Invalid value: 70000: ${RANGE}`] },
    {
      name: 'several ports need names',
      raw: (o) => o.spec.ports.push({ port: 443 }),
      want: ['spec.ports[0].name: Required value', 'spec.ports[1].name: Required value']
    },
    {
      name: 'duplicate port names',
      raw: (o) => (o.spec.ports = [{ name: 'http', port: 80 }, { name: 'http', port: 8080 }]),
      want: ['spec.ports[1].name: Duplicate value: "http"']
    },
    {
      name: 'duplicate port numbers',
      raw: (o) => (o.spec.ports = [{ name: 'a', port: 80 }, { name: 'b', port: 80 }]),
      want: [
        'spec.ports[1]: Duplicate value: core.ServicePort{Name:"", Protocol:"TCP", AppProtocol:(*string)(nil), Port:80, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}'
      ]
    },
    { name: 'same port on TCP and UDP', raw: (o) => (o.spec.ports = [{ name: 'a', port: 53 }, { name: 'b', port: 53, protocol: 'UDP' }]), want: [] },
    {
      name: 'bad port name',
      raw: (o) => (o.spec.ports[0].name = 'HTTP'),
      want: [
        "spec.ports[0].name: Invalid value: \"HTTP\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
      ]
    },
    {
      name: 'bad protocol',
      raw: (o) => (o.spec.ports[0].protocol = 'HTTP'),
      want: ['spec.ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"']
    },
    {
      name: 'named targetPort that is not a port name',
      raw: (o) => (o.spec.ports[0].targetPort = 'Web_Port'),
      want: [
        'spec.ports[0].targetPort: Invalid value: "Web_Port": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)'
      ]
    },
    { name: 'named targetPort', raw: (o) => (o.spec.ports[0].targetPort = 'http'), want: [] },
    {
      name: 'unknown type',
      raw: (o) => (o.spec.type = 'Internal'),
      want: ['spec.type: Unsupported value: "Internal": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"']
    },
    { name: 'nodePort on a ClusterIP service', raw: (o) => (o.spec.ports[0].nodePort = 30080), want: ["spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'"] },
    {
      name: 'duplicate nodePorts',
      raw: (o) => {
        o.spec.type = 'NodePort';
        o.spec.ports = [
          { name: 'a', port: 80, nodePort: 30080 },
          { name: 'b', port: 81, nodePort: 30080 }
        ];
      },
      want: ['spec.ports[1].nodePort: Duplicate value: 30080']
    },
    {
      name: 'bad sessionAffinity',
      raw: (o) => (o.spec.sessionAffinity = 'Sticky'),
      want: ['spec.sessionAffinity: Unsupported value: "Sticky": supported values: "ClientIP", "None"']
    },
    { name: 'ClientIP affinity (timeout defaulted)', raw: (o) => (o.spec.sessionAffinity = 'ClientIP'), want: [] },
    {
      name: 'ClientIP affinity timeout too long',
      raw: (o) => ((o.spec.sessionAffinity = 'ClientIP'), (o.spec.sessionAffinityConfig = { clientIP: { timeoutSeconds: 90000 } })),
      want: ['spec.sessionAffinityConfig.clientIP.timeoutSeconds: Invalid value: 90000: must be greater than 0 and less than 86400']
    },
    {
      name: 'bad clusterIP',
      raw: (o) => (o.spec.clusterIP = '10.0.0.300'),
      want: ['spec.clusterIPs[0]: Invalid value: "10.0.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)']
    },
    {
      name: 'clusterIPs not matching clusterIP',
      raw: (o) => ((o.spec.clusterIP = '10.96.0.10'), (o.spec.clusterIPs = ['10.96.0.11'])),
      want: ['spec.clusterIPs: Invalid value: []string{"10.96.0.11"}: first value must match `clusterIP`']
    },
    {
      name: 'headless NodePort',
      raw: (o) => ((o.spec.type = 'NodePort'), (o.spec.clusterIP = 'None')),
      want: ["spec.clusterIPs[0]: Invalid value: \"None\": may not be set to 'None' for NodePort services"]
    },
    {
      name: 'bad ipFamilyPolicy',
      raw: (o) => (o.spec.ipFamilyPolicy = 'DualStack'),
      want: ['spec.ipFamilyPolicy: Unsupported value: "DualStack": supported values: "PreferDualStack", "RequireDualStack", "SingleStack"']
    },
    {
      name: 'IPv6 clusterIP with an IPv4 family',
      raw: (o) => (o.spec.clusterIP = 'fd00::10'),
      want: ['spec.clusterIPs[0]: Invalid value: "fd00::10": expected an IPv4 value as indicated by `ipFamilies[0]`']
    },
    { name: 'ExternalName without externalName', raw: (o) => (o.spec = { type: 'ExternalName' }), want: ['spec.externalName: Required value'] },
    { name: 'bad externalName', raw: (o) => (o.spec = { type: 'ExternalName', externalName: 'db_1.example.com' }), want: [`spec.externalName: Invalid value: "db_1.example.com": ${DNS1123_SUBDOMAIN_MSG}`] },
    { name: 'bad selector key', raw: (o) => (o.spec.selector = { 'my app': 'web' }), want: [`spec.selector: Invalid value: "my app": ${QUALIFIED_NAME_PART_MSG}`] },
    {
      name: 'externalTrafficPolicy on a ClusterIP service',
      raw: (o) => (o.spec.externalTrafficPolicy = 'Local'),
      want: ['spec.externalTrafficPolicy: Invalid value: "Local": may only be set for externally-accessible services']
    },
    {
      name: 'bad externalTrafficPolicy',
      raw: (o) => ((o.spec.type = 'NodePort'), (o.spec.externalTrafficPolicy = 'Node')),
      want: ['spec.externalTrafficPolicy: Unsupported value: "Node": supported values: "Cluster", "Local"']
    },
    {
      name: 'loopback externalIP',
      raw: (o) => (o.spec.externalIPs = ['127.0.0.1']),
      want: ['spec.externalIPs[0]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)']
    },
    {
      name: 'loadBalancerSourceRanges on a ClusterIP service',
      raw: (o) => (o.spec.loadBalancerSourceRanges = ['10.0.0.0/8']),
      want: ["spec.LoadBalancerSourceRanges: Forbidden: may only be used when `type` is 'LoadBalancer'"]
    },
    {
      name: 'bad internalTrafficPolicy',
      raw: (o) => (o.spec.internalTrafficPolicy = 'Node'),
      want: ['spec.internalTrafficPolicy: Unsupported value: "Node": supported values: "Cluster", "Local"']
    }
  ]);

  describe('update', () => {
    const old = defaulted('Service', SVC);
    old.metadata.resourceVersion = '3';
    old.spec.clusterIP = '10.96.0.10';
    old.spec.clusterIPs = ['10.96.0.10'];
    it('new ports', () => {
      const n = clone(old);
      n.spec.ports[0].port = 8080;
      expect(errs('Service', n, old)).toEqual([]);
    });
    it('clusterIP is immutable', () => {
      const n = clone(old);
      n.spec.clusterIP = '10.96.0.11';
      n.spec.clusterIPs = ['10.96.0.11'];
      expect(errs('Service', n, old)).toEqual(['spec.clusterIPs[0]: Invalid value: []string{"10.96.0.11"}: may not change once set']);
    });
  });
});

const EP: Obj = {
  apiVersion: 'v1',
  kind: 'Endpoints',
  metadata: { name: 'web', namespace: 'default' },
  subsets: [{ addresses: [{ ip: '10.244.1.5' }], ports: [{ port: 80 }] }]
};

describe('Endpoints', () => {
  run('Endpoints', EP, [
    { name: 'good endpoints', want: [] },
    { name: 'subset without addresses', raw: (o) => (o.subsets[0].addresses = []), want: ['subsets[0]: Required value: must specify `addresses` or `notReadyAddresses`'] },
    {
      name: 'bad address',
      raw: (o) => (o.subsets[0].addresses[0].ip = '10.244.1'),
      want: [
        'subsets[0].addresses[0].ip: Invalid value: "10.244.1": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
        'subsets[0].addresses[0].ip: Invalid value: "10.244.1": must be a valid IP address'
      ]
    },
    {
      name: 'loopback address',
      raw: (o) => (o.subsets[0].addresses[0].ip = '127.0.0.1'),
      want: ['subsets[0].addresses[0].ip: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)']
    },
    {
      name: 'link-local address',
      raw: (o) => (o.subsets[0].addresses[0].ip = '169.254.169.254'),
      want: ['subsets[0].addresses[0].ip: Invalid value: "169.254.169.254": may not be in the link-local range (169.254.0.0/16, fe80::/10)']
    },
    { name: 'several unnamed ports', raw: (o) => o.subsets[0].ports.push({ port: 443 }), want: ['subsets[0].ports[0].name: Required value', 'subsets[0].ports[1].name: Required value'] }
  ]);
});

const ES: Obj = {
  apiVersion: 'discovery.k8s.io/v1',
  kind: 'EndpointSlice',
  metadata: { name: 'web-abcde', namespace: 'default' },
  addressType: 'IPv4',
  endpoints: [{ addresses: ['10.244.1.5'], conditions: { ready: true } }],
  ports: [{ port: 80 }]
};

describe('EndpointSlice', () => {
  run('EndpointSlice', ES, [
    { name: 'good slice', want: [] },
    { name: 'no addressType', raw: (o) => delete o.addressType, want: ['addressType: Required value'] },
    { name: 'bad addressType', raw: (o) => (o.addressType = 'IP'), want: ['addressType: Unsupported value: "IP": supported values: "FQDN", "IPv4", "IPv6"'] },
    { name: 'endpoint without addresses', raw: (o) => (o.endpoints[0].addresses = []), want: ['endpoints[0].addresses: Required value: must contain at least 1 address'] },
    { name: 'IPv6 address in an IPv4 slice', raw: (o) => (o.endpoints[0].addresses = ['fd00::1']), want: ['endpoints[0].addresses[0]: Invalid value: "fd00::1": must be a valid IPv4 address'] },
    { name: 'two unnamed ports', raw: (o) => o.ports.push({ port: 443 }), want: ['ports[1].name: Duplicate value: ""'] }
  ]);
});
