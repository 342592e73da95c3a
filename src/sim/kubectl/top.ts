/**
 * `kubectl top node|pod`: resource usage from the Metrics API, as metrics-server serves it.
 * metrics-server scrapes every kubelet every 15 s (--metric-resolution) and computes CPU as a rate
 * between two scrapes, so the figures are those of the last scrape (a multiple of 15 s of virtual
 * time), and a pod appears only once each of its running containers was seen at two scrapes.
 * A node whose kubelet does not answer has no metrics (`<unknown>`).
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/top/{top.go,top_node.go,top_pod.go} (flags,
 * Validate, verifyEmptyMetrics, checkPodAge, metricsCreationDelay = 2m),
 * staging/src/k8s.io/kubectl/pkg/metricsutil/metrics_printer.go (columns, printSingleResourceUsage:
 * `%vm` and `%vMi`, percentages of allocatable), kubernetes-sigs/metrics-server (metric-resolution 15s).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { fail, failStatus, type CommandSpec, type Invocation } from './command';
import { formatKubectlTable } from './printers/tabwriter';
import { notFound } from '../api/errors';
import { parseQuantity } from '../api/quantity';
import { formatDuration, parseTimestamp } from '../kernel/clock';
import { cpuMilli, lastScrape, podMetrics, type Usage, type UsageReport } from '../api/metrics';

/** upstream: top_pod.go metricsCreationDelay */
const METRICS_CREATION_DELAY_MS = 2 * 60_000;

const milli = cpuMilli;
const cell = (v: string) => `${v}\t`;
const cpuCell = (u: Usage) => cell(`${milli(u.cpuNano)}m`);
const memCell = (u: Usage) => cell(`${Math.floor(u.memory / (1024 * 1024))}Mi`);

function sortBy<T>(items: T[], by: string, usage: (t: T) => Usage, name: (t: T) => string): T[] {
  return [...items].sort((a, b) => {
    if (by === 'cpu') return usage(b).cpuNano - usage(a).cpuNano;
    if (by === 'memory') return usage(b).memory - usage(a).memory;
    return name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0;
  });
}

async function scrape(inv: Invocation, nodes: string[]): Promise<Map<string, UsageReport>> {
  const at = lastScrape(inv.ctx.now());
  const out = new Map<string, UsageReport>();
  for (const n of nodes) {
    const r = await inv.ctx.metrics?.(n, at);
    if (r) out.set(n, r);
  }
  return out;
}

function validateSortBy(v: string): void {
  if (v && v !== 'cpu' && v !== 'memory') fail('--sort-by accepts only cpu or memory');
}

const topNodeCommand: CommandSpec = {
  name: 'node',
  aliases: ['nodes', 'no'],
  long: 'Display resource (CPU/memory) usage of nodes.\n\n The top-node command allows you to see the resource consumption of nodes.',
  short: 'Display resource (CPU/memory) usage of nodes',
  use: 'top node [NAME | -l label]',
  flags: [
    { name: 'no-headers', type: 'bool' },
    { name: 'selector', short: 'l', type: 'string' },
    { name: 'show-capacity', type: 'bool' },
    { name: 'sort-by', type: 'string' },
    { name: 'use-protocol-buffers', type: 'bool', def: true }
  ],
  async run(inv) {
    const { flags, ctx, out } = inv;
    if (inv.args.length > 1) fail(`Usage: ${'kubectl top node [NAME | -l label]'}`);
    const name = inv.args[0] ?? '';
    const selector = flags.str('selector');
    validateSortBy(flags.str('sort-by'));
    if (name && selector) fail('only one of NAME or selector can be provided');
    let nodes: any[];
    if (name) {
      const r = await ctx.request({ verb: 'get', resource: 'nodes', name });
      if (!r.ok) failStatus(r.status);
      nodes = [r.object];
    } else {
      const r = await ctx.request({ verb: 'list', resource: 'nodes', labelSelector: selector || undefined });
      if (!r.ok) failStatus(r.status);
      nodes = r.object.items;
    }
    const reports = await scrape(inv, nodes.map((n) => n.metadata.name));
    if (name && !reports.has(name)) failStatus(notFound('nodemetrics.metrics.k8s.io', name).status);
    if (reports.size === 0) fail('metrics not available yet');
    const usage = (n: any): Usage => {
      const r = reports.get(n.metadata.name)!;
      return { cpuNano: r.node.usageNanoCores, memory: r.node.workingSetBytes };
    };
    const withMetrics = sortBy(nodes.filter((n) => reports.has(n.metadata.name)), flags.str('sort-by'), usage, (n) => n.metadata.name);
    let text = flags.bool('no-headers') ? '' : ['NAME', 'CPU(cores)', 'CPU(%)', 'MEMORY(bytes)', 'MEMORY(%)'].map(cell).join('') + '\n';
    for (const n of withMetrics) {
      const u = usage(n);
      const avail = (flags.bool('show-capacity') ? n.status?.capacity : n.status?.allocatable) ?? {};
      const pct = (used: number, total: unknown) => {
        const t = total === undefined ? 0 : Number(parseQuantity(String(total)).milliValue());
        return cell(`${t === 0 ? 0 : Math.trunc((used / t) * 100)}%`);
      };
      text += cell(n.metadata.name) + cpuCell(u) + pct(milli(u.cpuNano), avail.cpu) + memCell(u) + pct(u.memory * 1000, avail.memory) + '\n';
    }
    // upstream: printMissingMetricsNodeLine
    for (const n of nodes.filter((n) => !reports.has(n.metadata.name))) text += cell(n.metadata.name) + cell('<unknown>').repeat(4) + '\n';
    out.out(formatKubectlTable(text));
  }
};

const topPodCommand: CommandSpec = {
  name: 'pod',
  aliases: ['pods', 'po'],
  long: "Display resource (CPU/memory) usage of pods.\n\n The 'top pod' command allows you to see the resource consumption of pods.\n\n Due to the metrics pipeline delay, they may be unavailable for a few minutes since pod creation.",
  short: 'Display resource (CPU/memory) usage of pods',
  use: 'top pod [NAME | -l label]',
  flags: [
    { name: 'all-namespaces', short: 'A', type: 'bool' },
    { name: 'containers', type: 'bool' },
    { name: 'field-selector', type: 'string' },
    { name: 'no-headers', type: 'bool' },
    { name: 'selector', short: 'l', type: 'string' },
    { name: 'sort-by', type: 'string' },
    { name: 'sum', type: 'bool' },
    { name: 'use-protocol-buffers', type: 'bool', def: true }
  ],
  async run(inv) {
    const { flags, ctx, out } = inv;
    if (inv.args.length > 1) fail('Usage: kubectl top pod [NAME | -l label]');
    const name = inv.args[0] ?? '';
    const all = flags.bool('all-namespaces');
    const labelSelector = flags.str('selector');
    const fieldSelector = flags.str('field-selector');
    validateSortBy(flags.str('sort-by'));
    if (name && (labelSelector || fieldSelector)) fail('only one of NAME or selector can be provided');
    const namespace = all ? undefined : inv.namespace;
    let pods: any[];
    if (name) {
      const r = await ctx.request({ verb: 'get', resource: 'pods', namespace: inv.namespace, name });
      // The Metrics API answers for its own resource: podmetrics.metrics.k8s.io "ns/name".
      if (!r.ok) failStatus(notFound('podmetrics.metrics.k8s.io', `${inv.namespace}/${name}`).status);
      pods = [r.object];
    } else {
      const r = await ctx.request({ verb: 'list', resource: 'pods', namespace, labelSelector: labelSelector || undefined, fieldSelector: fieldSelector || undefined });
      if (!r.ok) failStatus(r.status);
      pods = r.object.items;
    }
    const at = lastScrape(ctx.now());
    const reports = await scrape(inv, [...new Set(pods.map((p) => p.spec?.nodeName).filter(Boolean))] as string[]);
    const metrics = podMetrics(pods, reports, at);
    if (metrics.length === 0) {
      if (name) failStatus(notFound('podmetrics.metrics.k8s.io', `${inv.namespace}/${name}`).status);
      // upstream: verifyEmptyMetrics / checkPodAge
      for (const p of pods) {
        const age = ctx.now() - (parseTimestamp(p.metadata.creationTimestamp) ?? ctx.now());
        if (age > METRICS_CREATION_DELAY_MS) fail(`Metrics not available for pod ${p.metadata.namespace}/${p.metadata.name}, age: ${formatDuration(age)}`);
      }
      if (pods.length > 0) fail('metrics not available yet');
      out.err(all ? 'No resources found\n' : `No resources found in ${inv.namespace} namespace.\n`);
      return;
    }
    const by = flags.str('sort-by');
    const withNs = all;
    const containers = flags.bool('containers');
    const sorted = sortBy(metrics, by, (m) => m.usage, (m) => (withNs ? `${m.namespace}\u0000${m.name}` : m.name));
    let text = '';
    if (!flags.bool('no-headers')) text += (withNs ? cell('NAMESPACE') : '') + (containers ? cell('POD') : '') + ['NAME', 'CPU(cores)', 'MEMORY(bytes)'].map(cell).join('') + '\n';
    for (const m of sorted) {
      if (containers) {
        for (const c of sortBy(m.containers, by, (x) => x.usage, (x) => x.name)) text += (withNs ? cell(m.namespace) : '') + cell(m.name) + cell(c.name) + cpuCell(c.usage) + memCell(c.usage) + '\n';
      } else text += (withNs ? cell(m.namespace) : '') + cell(m.name) + cpuCell(m.usage) + memCell(m.usage) + '\n';
    }
    if (flags.bool('sum')) {
      // upstream: printPodResourcesSum
      const width = 3 + (withNs ? 1 : 0) + (containers ? 1 : 0);
      const total = metrics.reduce((s, m) => ({ cpuNano: s.cpuNano + m.usage.cpuNano, memory: s.memory + m.usage.memory }), { cpuNano: 0, memory: 0 });
      text += cell('').repeat(width - 2) + cell('________') + cell('________') + '\n';
      text += cell('').repeat(width - 3) + cell('') + cpuCell(total) + memCell(total) + '\n';
    }
    out.out(formatKubectlTable(text));
  }
};

export const topCommand: CommandSpec = {
  name: 'top',
  long: 'Display resource (CPU/memory) usage.\n\n The top command allows you to see the resource consumption for nodes or pods.\n\n This command requires Metrics Server to be correctly configured and working on the server.',
  short: 'Display resource (CPU/memory) usage',
  use: 'top [flags]',
  flags: [],
  subcommands: [topNodeCommand, topPodCommand]
};
