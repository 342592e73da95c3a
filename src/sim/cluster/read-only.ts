/**
 * Which console commands only look (time travel: an earlier moment is shown read-only until it is
 * resumed). A script is read-only when every command in it is: `kubectl get/describe/logs/explain`
 * and friends without streaming, and the `sim` verbs that print.
 */
import { parseScript } from './script';
import { splitArgs, splitPipeline } from '../kubectl/args';

const KUBECTL_READS = new Set(['get', 'describe', 'logs', 'events', 'explain', 'top', 'version', 'api-resources', 'api-versions', 'cluster-info']);
const SIM_READS = new Set(['help', '--help', '-h', 'time', 'seed', 'trace', 'explain', 'images', 'metrics']);
/** `kubectl config` subcommands that only print the kubeconfig. */
const CONFIG_READS = new Set(['view', 'current-context', 'get-contexts', 'get-clusters', 'get-users']);
/** `sim` verbs whose next word is a subcommand (`sim node poweroff`). */
const SIM_GROUPS = new Set(['node', 'kubelet', 'container', 'image', 'scheduler']);
/** Flags that keep a command running while time passes (`get -w`, `logs -f`): the past does not move. */
const WATCH = /^(-w|--watch|--watch-only)(=true)?$/;
const FOLLOW = /^(-f|--follow)(=true)?$/;

/**
 * The first command of `script` that would change the cluster or stream, as typed (`kubectl scale`),
 * or undefined when the script only reads.
 */
export function firstMutatingCommand(script: string): string | undefined {
  // Each stage of a pipe (`kubectl get ... | kubectl delete -f -`); the host's filters only read.
  for (const cmd of parseScript(script).flatMap((c) => splitPipeline(c.line).map((line) => ({ ...c, line })))) {
    let argv: string[];
    try {
      argv = splitArgs(cmd.line);
    } catch {
      continue; // the console prints the parse error itself
    }
    const [head, verb, ...rest] = argv;
    if (head === 'kubectl' || head === 'k') {
      // `-f` is a file name for get/describe, and follow for logs.
      const streams = rest.some((a) => WATCH.test(a) || (verb === 'logs' && FOLLOW.test(a)));
      if (verb === 'config' && rest[0] !== undefined && CONFIG_READS.has(rest[0])) continue;
      if (verb === undefined || !KUBECTL_READS.has(verb) || streams) return `${head} ${verb ?? ''}`.trim();
    } else if (head === 'sim') {
      if (verb !== undefined && !SIM_READS.has(verb)) {
        // `sim kubelet logs NODE` and `sim node cgroups NODE` only print.
        const sub = rest[0];
        if (!((verb === 'kubelet' && sub === 'logs') || (verb === 'node' && sub === 'cgroups'))) return `sim ${verb}${sub && SIM_GROUPS.has(verb) ? ` ${sub}` : ''}`;
      }
    }
  }
  return undefined;
}
