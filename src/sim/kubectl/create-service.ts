/**
 * `kubectl create service clusterip|nodeport|loadbalancer|externalname NAME [--tcp=port:targetPort]`:
 * a Service selecting `app=NAME`, one TCP port per `--tcp` (named `port-targetPort`).
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/create/create_service.go (createService,
 * parsePorts, Validate), k8s.io/utils/net ParsePort.
 */
import type { KObject } from '../apiserver/store';
import { resourceByName } from '../api/resources';
import { isDNS1123Subdomain, isValidPortName, isValidPortNum } from '../api/validation/names';
import { fail, usageError, type CommandSpec, type Invocation } from './command';
import type { FlagDef } from './flags';

/** Go's strconv.ParseUint(s, 10, 16) as utilsnet.ParsePort(s, allowZero=true) calls it. */
function parsePort(s: string): number {
  if (!/^\d+$/.test(s)) fail(`strconv.ParseUint: parsing ${JSON.stringify(s)}: invalid syntax`);
  const n = Number(s);
  if (n > 65535) fail(`strconv.ParseUint: parsing ${JSON.stringify(s)}: value out of range`);
  return n;
}

/** upstream: parsePorts: `port` or `port:targetPort` (a number or a port name). */
export function parseTCP(spec: string): { port: number; targetPort: number | string } {
  const parts = spec.split(':');
  const port = parsePort(parts[0]);
  if (parts.length === 1) return { port, targetPort: port };
  const target = parts[1];
  if (/^[+-]?\d+$/.test(target)) {
    const n = Number(target);
    const errs = isValidPortNum(n);
    if (errs.length > 0) fail(errs.join(','));
    return { port, targetPort: n };
  }
  const errs = isValidPortName(target);
  if (errs.length > 0) fail(errs.join(','));
  return { port, targetPort: target };
}

type ServiceType = 'ClusterIP' | 'NodePort' | 'LoadBalancer' | 'ExternalName';

type Generate = (inv: Invocation, r: ReturnType<typeof resourceByName>, obj: KObject, wrap?: string) => Promise<void>;

function serviceGenerator(createFlags: FlagDef[], generate: Generate, name: string, type: ServiceType, short: string, use: string, extra: FlagDef[]): CommandSpec {
  return {
    name,
    long: short + '.',
    short,
    use,
    flags: [...createFlags, ...(type === 'ExternalName' ? [] : [{ name: 'tcp', type: 'stringSlice' } as FlagDef]), ...extra],
    async run(inv: Invocation) {
      const { flags } = inv;
      if (inv.args.length !== 1) usageError(inv.path, `exactly one NAME is required, got ${inv.args.length}`);
      const svcName = inv.args[0];
      const clusterIP = flags.changed('clusterip') ? flags.str('clusterip') : '';
      const externalName = type === 'ExternalName' ? flags.str('external-name') : '';
      if (type === 'ExternalName' && !flags.changed('external-name')) fail('required flag(s) "external-name" not set');
      const tcp = type === 'ExternalName' ? [] : flags.list('tcp');
      // upstream: ServiceOptions.Validate
      if (clusterIP === 'None' && type !== 'ClusterIP') fail('ClusterIP=None can only be used with ClusterIP service type');
      if (clusterIP !== 'None' && tcp.length === 0 && type !== 'ExternalName') fail('at least one tcp port specifier must be provided');
      if (type === 'ExternalName' && isDNS1123Subdomain(externalName).length > 0) fail(`invalid service external name ${externalName}`);
      const nodePort = type === 'NodePort' ? flags.int('node-port') : 0;
      const ports = tcp.map((spec) => {
        const { port, targetPort } = parseTCP(spec);
        return { name: spec.replaceAll(':', '-'), ...(nodePort ? { nodePort } : {}), port, protocol: 'TCP', targetPort };
      });
      const labels = { app: svcName };
      const obj: KObject = {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { creationTimestamp: null, labels, name: svcName, ...(inv.explicitNamespace ? { namespace: inv.namespace } : {}) },
        spec: {
          ...(clusterIP ? { clusterIP } : {}),
          ...(externalName ? { externalName } : {}),
          ...(ports.length > 0 ? { ports } : {}),
          selector: { app: svcName },
          type
        },
        status: { loadBalancer: {} }
      };
      await generate(inv, resourceByName('services'), obj, 'failed to create service');
    }
  };
}

/** The `create service` command; create.ts passes its common flags and generator (no import cycle). */
export const createServiceCommand = (createFlags: FlagDef[], generate: Generate): CommandSpec => ({
  name: 'service',
  aliases: ['svc'],
  long: 'Create a service using a specified subcommand.',
  short: 'Create a service using a specified subcommand',
  use: 'create service (clusterip | nodeport | loadbalancer | externalname)',
  flags: [],
  subcommands: [
    serviceGenerator(createFlags, generate, 'clusterip', 'ClusterIP', 'Create a ClusterIP service', 'create service clusterip NAME [--tcp=<port>:<targetPort>] [--dry-run=server|client|none]', [{ name: 'clusterip', type: 'string' }]),
    serviceGenerator(createFlags, generate, 'externalname', 'ExternalName', 'Create an ExternalName service', 'create service externalname NAME --external-name external.name [--dry-run=server|client|none]', [{ name: 'external-name', type: 'string' }]),
    serviceGenerator(createFlags, generate, 'loadbalancer', 'LoadBalancer', 'Create a LoadBalancer service', 'create service loadbalancer NAME [--tcp=port:targetPort] [--dry-run=server|client|none]', []),
    serviceGenerator(createFlags, generate, 'nodeport', 'NodePort', 'Create a NodePort service', 'create service nodeport NAME [--tcp=port:targetPort] [--dry-run=server|client|none]', [{ name: 'node-port', type: 'int', def: 0 }])
  ]
});
