/**
 * A kubectl test bench: a real in-process ApiServer, a fake virtual clock, and a KubectlContext
 * over them. `waitFor` advances the clock in 1 s steps and lets `onTick` play the parts of
 * components that are not running (e.g. a kubelet finishing graceful pod deletions).
 */
import { readFile } from 'node:fs/promises';
import { ApiServer, type WatchEvent } from '../../../src/sim/apiserver/apiserver';
import { Rand } from '../../../src/sim/kernel/rand';
import { runKubectl } from '../../../src/sim/kubectl/kubectl';
import { splitArgs } from '../../../src/sim/kubectl/args';
import type { CommandOutput, KubectlContext } from '../../../src/sim/kubectl/context';
import type { KObject } from '../../../src/sim/apiserver/store';

export interface Bench {
  api: ApiServer;
  /** Virtual time (ms). */
  now(): number;
  advance(ms: number): void;
  /** Files readable with -f (else read from disk). */
  files: Map<string, string>;
  ctx: KubectlContext;
  /** Runs `kubectl ...` (the leading `kubectl` is optional). */
  run(line: string, stdin?: string): Promise<CommandOutput>;
  /** Lines streamed with ctx.print (get -w). */
  printed: string[];
  create(resource: string, body: KObject, namespace?: string): KObject;
  /** Binds a pod to a node, as the scheduler does (a bound pod is deleted gracefully). */
  schedule(pod: string, node?: string, namespace?: string): void;
  get(resource: string, name: string, namespace?: string): KObject | undefined;
}

export function bench(opts: { watch?: boolean; onTick?: (b: Bench) => void; kubeletDeletes?: boolean } = {}): Bench {
  let t = 0;
  const api = new ApiServer({ rand: new Rand(1), now: () => t, trace: () => {} });
  api.bootstrap();
  const files = new Map<string, string>();
  const printed: string[] = [];
  const b: Bench = {
    api,
    now: () => t,
    advance(ms) {
      t += ms;
    },
    files,
    printed,
    ctx: undefined as unknown as KubectlContext,
    async run(line, stdin) {
      const argv = splitArgs(line);
      if (argv[0] === 'kubectl') argv.shift();
      return runKubectl(argv, { ...b.ctx, ...(stdin !== undefined ? { stdin } : {}) });
    },
    create(resource, body, namespace) {
      const r = api.handle({ verb: 'create', resource, namespace, body, user: 'test' });
      if (!r.ok) throw new Error(r.status.message);
      return r.object;
    },
    schedule(pod, node = 'worker-1', namespace = 'default') {
      const r = api.handle({ verb: 'create', resource: 'pods', subresource: 'binding', namespace, name: pod, body: { apiVersion: 'v1', kind: 'Binding', metadata: { name: pod }, target: { kind: 'Node', name: node } }, user: 'kube-scheduler' });
      if (!r.ok) throw new Error(r.status.message);
    },
    get(resource, name, namespace) {
      const r = api.handle({ verb: 'get', resource, namespace, name, user: 'test' });
      return r.ok ? r.object : undefined;
    }
  };
  const tick = () => {
    // The kubelet's part in graceful deletion: a pod past its deletion timestamp goes away.
    if (opts.kubeletDeletes !== false) {
      const pods = api.handle({ verb: 'list', resource: 'pods', user: 'test' });
      if (pods.ok) {
        for (const p of pods.object.items) {
          if (p.metadata.deletionTimestamp && Date.parse(p.metadata.deletionTimestamp) - 1735689600000 <= t) {
            api.handle({ verb: 'delete', resource: 'pods', namespace: p.metadata.namespace, name: p.metadata.name, gracePeriodSeconds: 0, user: 'kubelet' });
          }
        }
      }
    }
    opts.onTick?.(b);
  };
  b.ctx = {
    request: async (req) => api.handle({ ...req, user: 'kubectl' }),
    now: () => t,
    waitFor: async (done, timeoutMs) => {
      const deadline = t + timeoutMs;
      for (;;) {
        if (await done()) return true;
        if (t >= deadline) return false;
        t = Math.min(deadline, t + 1000);
        tick();
      }
    },
    readFile: async (path) => files.get(path) ?? (await readFile(path, 'utf8')),
    ...(opts.watch
      ? {
          watch: (req, onEvent: (e: WatchEvent) => void, onError) => {
            const w = api.watch({ ...req, user: 'kubectl' }, onEvent);
            if (!w.ok) {
              onError(w.status);
              return { stop() {} };
            }
            return { stop: () => api.stopWatch(w.id) };
          },
          print: (text: string) => {
            printed.push(text);
          }
        }
      : {})
  };
  return b;
}
