/**
 * A booted cluster for kubelet-server tests: the console to run lines, and the kubelet hosts
 * (their node filesystems hold the container logs).
 */
import { expect } from 'vitest';
import { Cluster, inProcessHosts, type HostFactory } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';
import { KubeletHost } from '../../../../src/sim/cluster/kubelet-host';
import type { CommandOutput } from '../../../../src/sim/kubectl/context';

export interface Booted {
  cluster: Cluster;
  console: Console;
  /** Runs one console line (heredoc body as stdin). */
  run(line: string, stdin?: string): Promise<CommandOutput>;
  /** The node's filesystem (path -> text). */
  files(node: string): Map<string, string>;
  pod(name: string, namespace?: string): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function boot(seed = 1): Promise<Booted> {
  const hosts: KubeletHost[] = [];
  const factory: HostFactory = (kind, name, s) => {
    const h = inProcessHosts(kind, name, s);
    if (h instanceof KubeletHost) hosts.push(h);
    return h;
  };
  const cluster = new Cluster({ seed, workers: 2 }, factory);
  expect(await cluster.waitForNodesReady()).toBe(true);
  const console = new Console(cluster);
  return {
    cluster,
    console,
    run: (line, stdin) => console.run({ line, lineNo: 1, ...(stdin !== undefined ? { stdin } : {}) }),
    files(node) {
      const f = hosts.map((h) => h.files.get(node)).find((x) => x);
      if (!f) throw new Error(`no node ${node}`);
      return f;
    },
    async pod(name, namespace = 'default') {
      const r = await cluster.request({ verb: 'get', resource: 'pods', namespace, name });
      return r.ok ? r.object : undefined;
    }
  };
}

/** A pod manifest with the given containers (busybox sleeping unless a command is given). */
export function podYAML(name: string, containers: { name: string; image?: string; command?: string[]; requests?: Record<string, string> }[], extra = ''): string {
  const cs = containers
    .map(
      (c) =>
        `  - name: ${c.name}\n    image: ${c.image ?? 'busybox'}\n    command: ${JSON.stringify(c.command ?? ['sleep', '3600'])}\n` +
        (c.requests ? `    resources:\n      requests:\n${Object.entries(c.requests).map(([k, v]) => `        ${k}: ${v}\n`).join('')}` : '')
    )
    .join('');
  return `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\n${extra}spec:\n  containers:\n${cs}`;
}
