/**
 * What kubectl learns from discovery: `api-resources`, `api-versions`, `version` and
 * `cluster-info`.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/apiresources/apiresources.go, apiversions.go,
 * staging/src/k8s.io/kubectl/pkg/cmd/version/version.go,
 * staging/src/k8s.io/kubectl/pkg/cmd/clusterinfo/clusterinfo.go.
 */
import { RESOURCES, apiVersionOf, type ResourceInfo } from '../api/resources';
import { fail, failStatus, usageError, type CommandSpec } from './command';
import { formatKubectlTable, toKubectlYaml } from './printers';
import { goJSON } from './printers/gofmt';

/** The API server address kubectl's kubeconfig points at in the simulated cluster. */
export const SERVER_URL = 'https://127.0.0.1:6443';

export const apiResourcesCommand: CommandSpec = {
  name: 'api-resources',
  long: 'Print the supported API resources on the server.',
  short: 'Print the supported API resources on the server',
  use: 'api-resources [flags]',
  flags: [
    { name: 'api-group', type: 'string' },
    { name: 'cached', type: 'bool' },
    { name: 'categories', type: 'stringSlice' },
    { name: 'namespaced', type: 'bool', def: true },
    { name: 'no-headers', type: 'bool' },
    { name: 'output', short: 'o', type: 'string' },
    { name: 'sort-by', type: 'string' },
    { name: 'verbs', type: 'stringSlice' }
  ],
  async run(inv) {
    const { flags } = inv;
    const output = flags.str('output');
    // upstream: apiresources.go Validate
    if (output !== '' && output !== 'wide' && output !== 'name') fail(`--output ${output} is not available`);
    const sortBy = flags.str('sort-by');
    if (sortBy !== '' && sortBy !== 'name' && sortBy !== 'kind') fail(`--sort-by accepts only name or kind`);
    let list: ResourceInfo[] = [...RESOURCES];
    if (flags.changed('api-group')) list = list.filter((r) => r.group === flags.str('api-group'));
    if (flags.changed('namespaced')) list = list.filter((r) => r.namespaced === flags.bool('namespaced'));
    const verbs = flags.list('verbs');
    if (verbs.length > 0) list = list.filter((r) => verbs.every((v) => r.verbs.includes(v)));
    const categories = flags.list('categories');
    if (categories.length > 0) list = list.filter((r) => categories.every((c) => c === 'all' && r.inAll));
    // Stable sort by group (the default), name or kind.
    const key = (r: ResourceInfo) => (sortBy === 'name' ? r.name : sortBy === 'kind' ? r.kind : r.group);
    list = list.map((r, i) => ({ r, i })).sort((a, b) => (key(a.r) < key(b.r) ? -1 : key(a.r) > key(b.r) ? 1 : a.i - b.i)).map((x) => x.r);
    if (output === 'name') {
      inv.out.out(list.map((r) => (r.group ? `${r.name}.${r.group}` : r.name) + '\n').join(''));
      return;
    }
    const wide = output === 'wide';
    let text = '';
    if (!flags.bool('no-headers')) text += ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', ...(wide ? ['VERBS', 'CATEGORIES'] : [])].join('\t') + '\n';
    for (const r of list) {
      const cells = [r.name, r.shortNames.join(','), apiVersionOf(r), String(r.namespaced), r.kind];
      if (wide) cells.push([...r.verbs].sort().join(','), r.inAll ? 'all' : '');
      text += cells.join('\t') + '\n';
    }
    inv.out.out(formatKubectlTable(text));
  }
};

export const apiVersionsCommand: CommandSpec = {
  name: 'api-versions',
  long: 'Print the supported API versions on the server, in the form of "group/version".',
  short: 'Print the supported API versions on the server, in the form of "group/version"',
  use: 'api-versions',
  flags: [],
  async run(inv) {
    // autoscaling/v1 is served too (HorizontalPodAutoscalers written as v1 are stored as v2).
    const versions = [...new Set([...RESOURCES.map(apiVersionOf), 'autoscaling/v1'])].sort();
    inv.out.out(versions.map((v) => v + '\n').join(''));
  }
};

/** version.Info of kubectl and of the simulated API server (v1.32.0). */
const VERSION_INFO = {
  major: '1',
  minor: '32',
  gitVersion: 'v1.32.0',
  gitCommit: '70d3cc986aa8221cd1dfb1121852688902d3bf53',
  gitTreeState: 'clean',
  buildDate: '2024-12-11T17:59:15Z',
  goVersion: 'go1.23.3',
  compiler: 'gc',
  platform: 'linux/amd64'
};
const KUSTOMIZE_VERSION = 'v5.5.0';

export const versionCommand: CommandSpec = {
  name: 'version',
  long: 'Print the client and server version information for the current context.',
  short: 'Print the client and server version information',
  use: 'version [flags]',
  flags: [
    { name: 'client', type: 'bool' },
    { name: 'output', short: 'o', type: 'string' }
  ],
  async run(inv) {
    const output = inv.flags.str('output');
    // upstream: version.go Validate
    if (output !== '' && output !== 'yaml' && output !== 'json') fail('--output must be \'yaml\' or \'json\'');
    if (inv.args.length > 0) usageError(inv.path, `extra arguments: [${inv.args.join(' ')}]`);
    const client = inv.flags.bool('client');
    if (!client) {
      // kubectl asks the server (GET /version); here reaching the API at all is the check.
      const res = await inv.ctx.request({ verb: 'list', resource: 'namespaces', fieldSelector: 'metadata.name=default' });
      if (!res.ok) failStatus(res.status);
    }
    const info = { clientVersion: VERSION_INFO, kustomizeVersion: KUSTOMIZE_VERSION, ...(client ? {} : { serverVersion: VERSION_INFO }) };
    if (output === 'json') {
      inv.out.out(goJSON(info, { indent: '  ', sortKeys: false }) + '\n');
      return;
    }
    if (output === 'yaml') {
      inv.out.out(toKubectlYaml(info));
      return;
    }
    inv.out.out(`Client Version: ${VERSION_INFO.gitVersion}\nKustomize Version: ${KUSTOMIZE_VERSION}\n`);
    if (!client) inv.out.out(`Server Version: ${VERSION_INFO.gitVersion}\n`);
  }
};

export const clusterInfoCommand: CommandSpec = {
  name: 'cluster-info',
  long: "Display addresses of the control plane and services with label kubernetes.io/cluster-service=true. To further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.",
  short: 'Display cluster information',
  use: 'cluster-info [flags]',
  flags: [],
  async run(inv) {
    if (inv.args.length > 0) {
      if (inv.args[0] === 'dump') fail('cluster-info dump is not supported by this simulator');
      usageError(inv.path, `Unexpected args: [${inv.args.join(' ')}]`);
    }
    const res = await inv.ctx.request({ verb: 'list', resource: 'services', namespace: 'kube-system', labelSelector: 'kubernetes.io/cluster-service=true' });
    if (!res.ok) failStatus(res.status);
    // upstream: clusterinfo.go printService (colour codes only on a terminal)
    let text = `Kubernetes control plane is running at ${SERVER_URL}\n`;
    for (const svc of res.object.items) {
      const name = svc.metadata.labels?.['kubernetes.io/name'] ?? svc.metadata.name;
      for (const port of svc.spec?.ports ?? []) {
        const portName = port.name ? `${svc.metadata.name}:${port.name}` : svc.metadata.name;
        text += `${name} is running at ${SERVER_URL}/api/v1/namespaces/kube-system/services/${portName}/proxy\n`;
      }
    }
    text += "\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n";
    inv.out.out(text);
  }
};
