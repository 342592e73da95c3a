/**
 * Help texts: the root `kubectl` help (verbatim from kubectl v1.32) and a brief per-command help
 * (the description, the Usage line and the footer).
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/cmd.go (command groups),
 * staging/src/k8s.io/kubectl/pkg/util/templates/templater.go (layout).
 */
import type { CommandSpec } from './command';

export const ROOT_HELP = `kubectl controls the Kubernetes cluster manager.

 Find more information at: https://kubernetes.io/docs/reference/kubectl/

Basic Commands (Beginner):
  create          Create a resource from a file or from stdin
  expose          Take a replication controller, service, deployment or pod and expose it as a new Kubernetes service
  run             Run a particular image on the cluster
  set             Set specific features on objects

Basic Commands (Intermediate):
  explain         Get documentation for a resource
  get             Display one or many resources
  edit            Edit a resource on the server
  delete          Delete resources by file names, stdin, resources and names, or by resources and label selector

Deploy Commands:
  rollout         Manage the rollout of a resource
  scale           Set a new size for a deployment, replica set, or replication controller
  autoscale       Auto-scale a deployment, replica set, stateful set, or replication controller

Cluster Management Commands:
  certificate     Modify certificate resources
  cluster-info    Display cluster information
  top             Display resource (CPU/memory) usage
  cordon          Mark node as unschedulable
  uncordon        Mark node as schedulable
  drain           Drain node in preparation for maintenance
  taint           Update the taints on one or more nodes

Troubleshooting and Debugging Commands:
  describe        Show details of a specific resource or group of resources
  logs            Print the logs for a container in a pod
  attach          Attach to a running container
  exec            Execute a command in a container
  port-forward    Forward one or more local ports to a pod
  proxy           Run a proxy to the Kubernetes API server
  cp              Copy files and directories to and from containers
  auth            Inspect authorization
  debug           Create debugging sessions for troubleshooting workloads and nodes
  events          List events

Advanced Commands:
  diff            Diff the live version against a would-be applied version
  apply           Apply a configuration to a resource by file name or stdin
  patch           Update fields of a resource
  replace         Replace a resource by file name or stdin
  wait            Experimental: Wait for a specific condition on one or many resources
  kustomize       Build a kustomization target from a directory or URL

Settings Commands:
  label           Update the labels on a resource
  annotate        Update the annotations on a resource
  completion      Output shell completion code for the specified shell (bash, zsh, fish, or powershell)

Subcommands provided by plugins:

Other Commands:
  api-resources   Print the supported API resources on the server
  api-versions    Print the supported API versions on the server, in the form of "group/version"
  config          Modify kubeconfig files
  plugin          Provides utilities for interacting with plugins
  version         Print the client and server version information

Usage:
  kubectl [flags] [options]

Use "kubectl <command> --help" for more information about a given command.
Use "kubectl options" for a list of global command-line options (applies to all commands).
`;

/**
 * Every kubectl v1.32 command, in the order cmd.go adds them (kubectl turns cobra's sorting
 * off), which is the order of "Did you mean this?" suggestions.
 */
export const ALL_COMMANDS = [
  'create', 'expose', 'run', 'set', 'explain', 'get', 'edit', 'delete', 'rollout', 'scale', 'autoscale',
  'certificate', 'cluster-info', 'top', 'cordon', 'uncordon', 'drain', 'taint', 'describe', 'logs', 'attach',
  'exec', 'port-forward', 'proxy', 'cp', 'auth', 'debug', 'events', 'diff', 'apply', 'patch', 'replace', 'wait',
  'kustomize', 'label', 'annotate', 'completion', 'config', 'plugin', 'version', 'api-versions', 'api-resources',
  'options'
];

/** A brief `kubectl CMD --help`: description, Usage, available subcommands, footer. */
export function commandHelp(path: string, spec: CommandSpec): string {
  let s = `${spec.long}\n\n`;
  if (spec.subcommands && spec.subcommands.length > 0) {
    const width = Math.max(...spec.subcommands.map((c) => c.name.length)) + 3;
    s += 'Available Commands:\n';
    for (const c of spec.subcommands) s += `  ${c.name.padEnd(width)}${c.short ?? firstSentence(c.long)}\n`;
    s += '\n';
  }
  s += `Usage:\n  kubectl ${spec.use} [options]\n\n`;
  if (spec.subcommands && spec.subcommands.length > 0) s += `Use "${path} <command> --help" for more information about a given command.\n`;
  s += 'Use "kubectl options" for a list of global command-line options (applies to all commands).\n';
  return s;
}

function firstSentence(text: string): string {
  return text.replace(/\.$/, '').split('. ')[0];
}

/**
 * cobra's SuggestionsFor: commands within Levenshtein distance 2 (case-insensitive) of what was
 * typed, or starting with it. upstream: github.com/spf13/cobra command.go SuggestionsFor, ld.
 */
export function suggestionsFor(typed: string, names: readonly string[] = ALL_COMMANDS): string[] {
  const t = typed.toLowerCase();
  return names.filter((n) => levenshtein(t, n.toLowerCase()) <= 2 || n.toLowerCase().startsWith(t));
}

function levenshtein(a: string, b: string): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) d.push([i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) d[0][j] = j;
  for (let j = 1; j <= b.length; j++) {
    for (let i = 1; i <= a.length; i++) {
      if (a[i - 1] === b[j - 1]) d[i][j] = d[i - 1][j - 1];
      else d[i][j] = Math.min(d[i - 1][j], d[i][j - 1], d[i - 1][j - 1]) + 1;
    }
  }
  return d[a.length][b.length];
}
