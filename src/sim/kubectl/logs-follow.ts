/**
 * `kubectl logs -f`: after what is there, what the containers write next, until they stop
 * running. Where output can stream (the page console) the follow runs alongside the cluster:
 * the kubelet is asked every second of virtual time, a watch on the pod tells when the container
 * ends, and Ctrl-C stops it. Elsewhere (the CLI, tests) the command lets virtual time run, a
 * second at a time, until the containers end, --request-timeout passes, or FOLLOW_LIMIT_MS.
 * Each round reads the log with timestamps and prints the records past the ones already printed.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/logs/logs.go (RunLogs, parallelConsumeRequest),
 * pkg/kubelet/kuberuntime/logs/logs.go (ReadLogs with Follow: it tails the file until the
 * container stops).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { parseDuration } from '../kernel/clock';
import type { Invocation } from './command';
import { containerLog, withPrefix } from './logs';
import { podLogsRequest, podLogsResult } from '../kubelet/server/proxy';

/**
 * How long `-f` lets virtual time run in the CLI without --request-timeout. Real kubectl follows
 * until interrupted; a CLI line has to return, so a container that runs on is followed for 5 min.
 */
export const FOLLOW_LIMIT_MS = 5 * 60_000;

const FOLLOW_PERIOD_MS = 1000;

interface Stream {
  pod: any;
  container: string;
}

/** Whether the container is still the instance that was followed, running. */
function stillRunning(pod: any, s: Stream): boolean {
  const find = (p: any) => [...(p.status?.containerStatuses ?? []), ...(p.status?.initContainerStatuses ?? [])].find((c: any) => c.name === s.container);
  const now = find(pod);
  return !!now?.state?.running && now.containerID === find(s.pod)?.containerID;
}

export async function follow(inv: Invocation, streams: Stream[], query: string, prefix: boolean): Promise<void> {
  const { ctx, flags } = inv;
  const print = ctx.print ?? ((t: string) => inv.out.out(t));
  const raw = flags.str('request-timeout');
  const timeoutMs = /^\d+$/.test(raw) ? Number(raw) * 1000 : parseDuration(raw);
  // Each round asks for the whole log with timestamps and prints the records not printed yet.
  const params = new URLSearchParams(query);
  params.delete('tailLines');
  params.set('timestamps', 'true');
  const base = params.toString();
  const showTimestamps = flags.bool('timestamps');
  const seen: number[] = [];
  for (const s of streams) seen.push((await containerLog(inv, s.pod, s.container, base)).split('\n').length - 1);
  const fresh = (i: number, log: string): string => {
    const lines = log.split('\n').slice(0, -1);
    const text = lines
      .slice(seen[i])
      .map((l) => (showTimestamps ? l : l.replace(/^\S+ /, '')) + '\n')
      .join('');
    seen[i] = lines.length;
    return withPrefix(text, prefix ? `[pod/${streams[i].pod.metadata.name}/${streams[i].container}] ` : '');
  };

  if (ctx.pollKubelet && ctx.watch) {
    const handles: { stop(): void }[] = [];
    streams.forEach((s, i) => {
      const md = s.pod.metadata;
      const target = { namespace: md.namespace, name: md.name, node: s.pod.spec.nodeName, hostIP: s.pod.status?.hostIP ?? '' };
      const req = podLogsRequest(target, s.container, base);
      let ending = !stillRunning(s.pod, s);
      let poll: { stop(): void } | undefined;
      const stop = () => {
        poll?.stop();
        watch.stop();
      };
      const watch = ctx.watch!(
        { verb: 'watch', resource: 'pods', namespace: md.namespace, fieldSelector: `metadata.name=${md.name}`, resourceVersion: '0' },
        (e) => {
          if (e.type === 'DELETED' || (e.type !== 'BOOKMARK' && e.type !== 'ERROR' && !stillRunning(e.object, s))) ending = true;
        },
        () => (ending = true)
      );
      // The answer after the container ended prints its last lines, then the stream closes.
      poll = ctx.pollKubelet!(target.node, req, FOLLOW_PERIOD_MS, (r) => {
        const out = podLogsResult(target, req, r);
        if (!out.ok) print(out.error + '\n');
        else {
          const text = fresh(i, out.value);
          if (text) print(text);
        }
        if (out.ok && !ending) return true;
        stop();
        return false;
      });
      handles.push({ stop });
    });
    if (timeoutMs > 0) {
      await ctx.waitFor(async () => false, timeoutMs);
      for (const h of handles) h.stop();
    }
    return;
  }

  const step = async (): Promise<boolean> => {
    let anyRunning = false;
    for (let i = 0; i < streams.length; i++) {
      const s = streams[i];
      const text = fresh(i, await containerLog(inv, s.pod, s.container, base));
      if (text) print(text);
      const r = await ctx.request({ verb: 'get', resource: 'pods', namespace: s.pod.metadata.namespace, name: s.pod.metadata.name });
      if (r.ok && stillRunning(r.object, s)) anyRunning = true;
    }
    return !anyRunning;
  };
  await ctx.waitFor(step, timeoutMs > 0 ? timeoutMs : FOLLOW_LIMIT_MS);
}
