/**
 * The console: the one command language of kubarium. The page's console, the `kubarium` CLI,
 * lessons and tests all send it the same lines: `kubectl ...` (alias `k`) and `sim ...`, with
 * heredocs (script.ts) and pipes into other kubectl/sim lines or the host's filters (host-shell.ts).
 */
import YAML from 'yaml';
import type { Cluster } from './cluster';
import { parseScript, type ScriptCommand } from './script';
import { runKubectl } from '../kubectl/kubectl';
import { splitArgs, splitPipeline, splitRedirects } from '../kubectl/args';
import type { CommandOutput, KubectlContext, TerminalSegment } from '../kubectl/context';
import { hostFS, hostPath, runOnHost } from './host-shell';
import { defaultKubeconfig } from '../kubectl/config';
import { exitStatus, interactiveShell, lineScript, parseLineOutput, parseProbe, PROBE_SCRIPT, promptOf, type ShellSession } from './exec-shell';
import { formatDuration, parseDuration } from '../kernel/clock';
import { formatClock, formatTraceEvent, type TraceFilter } from '../kernel/trace';
import { parseQuantity } from '../api/quantity';
import { formatAttempt } from '../scheduler/explain';
import { defaultKubeletConfiguration, type KubeletConfiguration } from '../kubelet/config/config';
import { parseKubeletConfiguration } from '../kubelet/config/validation';
import { listCatalog } from '../kubelet/images/list';
import { closeAttachedStdin, simContainer, simImage, simKubeletCurl, simNodeResources } from './resource-verbs';
import { InteractiveRun } from '../kubectl/run';
import { simMetrics } from './metrics-verbs';
import { answerKey, forwardedRequests, HostListeners, hostNetwork, type Forward } from './port-forward';
import type { ForwardedPort } from '../kubectl/portforward';
import { podPortForwardConnection } from '../kubelet/server/proxy';
import { klogLine } from '../kubelet/logs/journal';
import type { HttpResponse, Network } from '../node/programs/process';

export interface ConsoleOptions {
  /** Reads `-f FILE` from disk (CLI only). */
  readFile?: (path: string) => Promise<string>;
  /** Prints each command line, prefixed with `$ `, before its output. */
  echo?: boolean;
  /** Streams output while a command runs (`kubectl get -w` in the page). */
  print?: (text: string) => void;
}

export interface ExecOutcome {
  output: string;
  exitCode: number;
  /** The prompt after the script: a container shell's (`/ # `) while `kubectl exec -it POD -- sh` lasts. */
  prompt?: string;
  /** One entry per command run. */
  results: { line: string; lineNo: number; output: CommandOutput }[];
}

const ok = (stdout: string): CommandOutput => ({ stdout, stderr: '', exitCode: 0 });
const fail = (stderr: string): CommandOutput => ({ stdout: '', stderr, exitCode: 1 });

/** A command's output after what a background forward printed during it (port-forward.ts). */
function withPrinted(printed: TerminalSegment[], out: CommandOutput): CommandOutput {
  if (printed.length === 0) return out;
  const own: TerminalSegment[] = out.segments ?? [
    { stream: 'stdout', text: out.stdout },
    { stream: 'stderr', text: out.stderr }
  ];
  const segments = [...printed, ...own].filter((x) => x.text !== '');
  const text = (stream: 'stdout' | 'stderr') => segments.filter((x) => x.stream === stream).map((x) => x.text).join('');
  return { stdout: text('stdout'), stderr: text('stderr'), exitCode: out.exitCode, segments };
}

export const SIM_HELP = `sim: drive the simulated cluster.

Usage:
  sim advance DURATION          run the cluster for DURATION of virtual time (500ms, 35s, 5m, 1h)
  sim time                      print the virtual time since the cluster booted
  sim seed                      print the seed this cluster was built from
  sim trace [--pod NAME] [--node NAME] [--kind PREFIX] [--component NAME] [--since DURATION] [--tail N] [-o json]
                                print recorded trace events (API requests, watch deliveries, leases, ...)
  sim node add NAME [--cpu N] [--memory QUANTITY] [--pods N] [--swap QUANTITY]
                                add a node; its kubelet registers it
  sim node poweroff NAME        power a node off: its kubelet stops, nothing else is told
  sim node poweron NAME         power it on again: the kubelet starts and re-registers
  sim node manifests ls NODE    list the static pod manifests on a node (its staticPodPath, /etc/kubernetes/manifests)
  sim node manifests put NODE FILE -f FILE|-
                                write a static pod manifest (the kubelet runs it as <name>-<node> within fileCheckFrequency, 20s)
  sim node manifests rm NODE FILE
                                remove a manifest: the kubelet stops the static pod and deletes its mirror pod
  sim node files ls NODE DIR | cat NODE PATH | put NODE PATH -f FILE|- | rm NODE PATH
                                a file on the node's disk, e.g. the kubelet's kubeconfig /etc/kubernetes/kubelet.conf
  sim kubelet stop|start|restart NODE
                                stop, start or restart one node's kubelet (systemctl)
  sim kubelet logs NODE [--tail N]
                                the kubelet's journal on that node (journalctl -u kubelet)
  sim kubelet curl NODE PATH [--anonymous] [--port N]
                                a GET to the node's kubelet (10250) with the API server's client certificate, or none;
                                --port 10255 is the read-only port (when readOnlyPort is set). Prints the body
  sim images [NODE]             the images on a node (crictl images), or the registries' catalog
  sim kubelet config NODE [-f FILE|-]
                                print, or replace, that node's KubeletConfiguration (restarts the kubelet)
  sim node cgroups NODE         the node's cgroup tree (kubepods, QoS and pod cgroups named per cgroupDriver, containers
                                by short ID) with cpu.weight, cpu.max and memory.max from requests and limits
  sim node pressure memory|disk|pids NODE AMOUNT
                                use memory outside pods (7Gi), fill the node's disk (90Gi) or take PIDs (30000); 0 clears.
                                The eviction manager (every 10s) sets MemoryPressure/DiskPressure/PIDPressure and evicts
  sim container crash POD [-c CONTAINER] [-n NAMESPACE]
                                kill the container's process (exit 137): the kubelet restarts it with back-off
  sim container hang POD [-c CONTAINER] [-n NAMESPACE]
                                the process stops answering (probes fail)
  sim container leak POD [-c CONTAINER] [-n NAMESPACE] RATE
                                its memory grows by RATE (10Mi/s, 1Gi/m); over its limit it is OOMKilled
  sim image break IMAGE         pulls of IMAGE fail from now on (ErrImagePull, ImagePullBackOff)
  sim explain pod NAME [-n NAMESPACE]
                                the scheduler's last attempt at a pod: each node's filter verdict and scores
  sim scheduler config [-f FILE|-]
                                print, or replace, the KubeSchedulerConfiguration (restarts the kube-scheduler)
  sim metrics query EXPR [--at DURATION]
                                a PromQL instant query over the metrics store (every kubelet's /metrics and
                                /metrics/cadvisor scraped every 15s), e.g. 'sum by (instance) (kubelet_running_pods)'
  sim metrics status            the store's targets, series and samples
  sim help                      this help
`;

export class Console {
  #kubeletConfigs = new Map<string, KubeletConfiguration>();
  /** ~/.kube/config on the learner's machine: `kubectl config` changes it for the commands after. */
  readonly #kubeconfig = defaultKubeconfig();
  /** An open `kubectl exec -it POD -- sh`: the lines go to the container until `exit`. */
  #shell: ShellSession | undefined;

  /** The container shell's prompt while a session is open, else undefined (the console's `$`). */
  get prompt(): string | undefined {
    return this.#shell ? promptOf(this.#shell) : undefined;
  }
  /** Watches left open by `kubectl get -w`: they stream until interrupt() (Ctrl-C). */
  #watches = new Set<{ stop(): void }>();
  /**
   * The learner's machine's disk: `> FILE` writes here, host commands (`cat`, `ls`, `sed -i`) and
   * `kubectl apply -f FILE` read here. It lives as long as the console (a replay rebuilds it).
   */
  readonly #home = hostFS(() => this.cluster.now);
  /** The learner's machine's listeners (`kubectl port-forward`), and each forward's handle in #watches. */
  readonly #listeners = new HostListeners();
  readonly #forwardHandles = new Map<Forward, { stop(): void }>();

  constructor(
    readonly cluster: Cluster,
    readonly options: ConsoleOptions = {}
  ) {}

  async exec(script: string): Promise<ExecOutcome> {
    const results: ExecOutcome['results'] = [];
    let output = '';
    let exitCode = 0;
    for (const cmd of parseScript(script)) {
      const prompt = this.prompt ?? '$ ';
      const out = await this.run(cmd);
      results.push({ line: cmd.line, lineNo: cmd.lineNo, output: out });
      if (this.options.echo) output += `${prompt}${cmd.line}\n`;
      output += out.segments ? out.segments.map((x) => x.text).join('') : out.stdout + out.stderr;
      if (out.exitCode !== 0) exitCode = 1;
    }
    return { output, exitCode, results, ...(this.#shell ? { prompt: this.prompt } : {}) };
  }

  async run(cmd: ScriptCommand): Promise<CommandOutput> {
    if (this.#shell) return this.#shellLine(this.#shell, cmd);
    const stages = splitPipeline(cmd.line);
    if (stages.length > 1) return this.#pipeline(stages, cmd);
    let argv: string[];
    try {
      argv = splitArgs(cmd.line);
    } catch (e) {
      return fail(`error: ${(e as Error).message}\n`);
    }
    if (argv[0] === '__unterminated_heredoc__') return fail(`error: here-document at line ${cmd.lineNo} delimited by end-of-file (wanted \`${argv[1]}')\n`);
    // `kubectl port-forward svc/web 8080:80 &`: a forward keeps running beside the next lines anyway.
    if (argv.at(-1) === '&' && (argv[0] === 'kubectl' || argv[0] === 'k') && argv.includes('port-forward')) return this.run({ ...cmd, line: cmd.line.replace(/\s*&\s*$/, '') });
    const [head, ...rest] = argv;
    if (head !== 'kubectl' && head !== 'k' && head !== 'sim') return this.#onHost(cmd.line, cmd.stdin, head);
    const redirects = (() => {
      try {
        return splitRedirects(cmd.line);
      } catch (e) {
        return e as Error;
      }
    })();
    if (redirects instanceof Error) return { stdout: '', stderr: `sh: ${redirects.message}\n`, exitCode: 2 };
    if (redirects.line !== cmd.line) return this.#redirected(await this.run({ ...cmd, line: redirects.line }), redirects);
    const interactive = interactiveShell(argv);
    if (interactive) return this.#openShell(interactive);
    try {
      if (head === 'kubectl' || head === 'k') return await runKubectl(rest, this.#kubectlContext(cmd.stdin));
      return await this.#sim(rest, cmd.stdin);
    } catch (e) {
      if (e instanceof InteractiveRun) return this.#attachRun(e.session);
      return fail(`error: ${(e as Error).message}\n`);
    }
  }

  /**
   * A line that is not kubectl or sim runs on the learner's machine (`cat pod.yaml`, `ls`,
   * `sed -i s/1.27/1.28/ web.yaml`); a command the host does not have gets the console's hint.
   */
  async #onHost(line: string, stdin: string | undefined, head: string): Promise<CommandOutput> {
    const { net, printed } = await this.#hostNetwork(line);
    const out = runOnHost(line, stdin ?? '', this.cluster.now, this.#home, net);
    if (out.exitCode === 127 && out.stderr === `sh: ${head}: not found\n`) {
      return fail(`error: unknown command "${head}": start a line with "kubectl" (or "k") or "sim"; try "sim help"\n`);
    }
    return withPrinted(printed, out);
  }

  /** `> FILE`, `>> FILE`, `2> FILE`, `2>&1` of a kubectl or sim line: into the learner's files. */
  #redirected(out: CommandOutput, r: ReturnType<typeof splitRedirects>): CommandOutput {
    let stdout = out.stdout;
    let stderr = out.stderr;
    const put = (target: { file: string; append: boolean }, text: string): string | undefined => {
      if (target.file === '/dev/null') return undefined;
      const err = this.#home.write(hostPath(target.file), text, target.append);
      if (err === 'EISDIR') return `sh: can't create ${target.file}: Is a directory\n`;
      if (err) return `sh: can't create ${target.file}: nonexistent directory\n`;
      return undefined;
    };
    let problems = '';
    if (r.stderrToStdout) {
      stdout += stderr;
      stderr = '';
    }
    if (r.stdout) {
      const e = put(r.stdout, stdout);
      if (e) return { stdout: '', stderr: e, exitCode: 1 };
      stdout = '';
    }
    if (r.stderr) {
      const e = put(r.stderr, stderr);
      if (e) problems += e;
      stderr = '';
    }
    return { stdout, stderr: stderr + problems, exitCode: out.exitCode };
  }

  /** `-f FILE`: the learner's files first, then (in the CLI) the real disk. */
  async #readFile(path: string): Promise<string> {
    const p = hostPath(path);
    if (this.#home.isFile(p)) return this.#home.read(p) as string;
    if (this.options.readFile) return this.options.readFile(path);
    throw new Error(`open ${path}: no such file or directory`);
  }

  /**
   * `kubectl ... | base64 -d`, `kubectl get pods | grep web | wc -l`,
   * `kubectl create deploy x --image=nginx --dry-run=client -o yaml | kubectl apply -f -`: each
   * stage reads the one before; kubectl and sim stages run here, the others on the learner's
   * machine (host-shell.ts). As in a terminal, every stage's stderr is shown, only the last
   * stage's stdout, and the pipeline's status is the last stage's.
   */
  async #pipeline(stages: string[], cmd: ScriptCommand): Promise<CommandOutput> {
    let input = cmd.stdin;
    const shown: TerminalSegment[] = [];
    let stderr = '';
    /** What a background port-forward printed on the terminal meanwhile (not into the pipe). */
    let kubectlOut = '';
    let last: CommandOutput = ok('');
    for (const [i, stage] of stages.entries()) {
      if (stage === '') return fail(`error: syntax error near unexpected token \`|'\n`);
      let head: string | undefined;
      try {
        head = splitArgs(stage)[0];
      } catch (e) {
        return fail(`error: ${(e as Error).message}\n`);
      }
      if (head === 'kubectl' || head === 'k' || head === 'sim') last = await this.run({ line: stage, stdin: input, lineNo: cmd.lineNo });
      else {
        const { net, printed } = await this.#hostNetwork(stage);
        shown.push(...printed);
        for (const p of printed) {
          if (p.stream === 'stderr') stderr += p.text;
          else kubectlOut += p.text;
        }
        last = runOnHost(stage, input ?? '', this.cluster.now, this.#home, net);
      }
      if (i < stages.length - 1) {
        if (last.stderr) shown.push({ stream: 'stderr', text: last.stderr });
        stderr += last.stderr;
        input = last.stdout;
      }
    }
    const tail: TerminalSegment[] = last.segments ?? [
      { stream: 'stdout', text: last.stdout },
      { stream: 'stderr', text: last.stderr }
    ];
    return { stdout: kubectlOut + last.stdout, stderr: stderr + last.stderr, exitCode: last.exitCode, segments: [...shown, ...tail].filter((x) => x.text !== '') };
  }

  /** `kubectl exec -it POD -- sh`: checks the container answers, then lines go to it (exec-shell.ts). */
  async #openShell({ execArgs, shell }: { execArgs: string[]; shell: string }): Promise<CommandOutput> {
    const out = await runKubectl([...execArgs, '--', shell, '-c', PROBE_SCRIPT], this.#kubectlContext());
    const probe = out.exitCode === 0 ? parseProbe(out.stdout) : undefined;
    if (!probe) return out;
    this.#shell = { execArgs, shell, ...probe };
    return ok('');
  }

  /**
   * `kubectl run -it ... -- sh` once the pod runs: the lines go to its shell (as `kubectl exec` does
   * it, exec-shell.ts) until `exit`, which ends the pod's shell.
   * upstream: attach.go ("If you don't see a command prompt, try pressing enter.")
   */
  async #attachRun(run: InteractiveRun['session']): Promise<CommandOutput> {
    const execArgs = ['exec', run.pod, '-c', run.container, '-n', run.namespace];
    const out = await runKubectl([...execArgs, '--', run.shell, '-c', PROBE_SCRIPT], this.#kubectlContext());
    const probe = out.exitCode === 0 ? parseProbe(out.stdout) : undefined;
    if (!probe) return out;
    this.#shell = { execArgs, shell: run.shell, ...probe, run: { namespace: run.namespace, pod: run.pod, container: run.container, remove: run.remove, ...(run.endMessage !== undefined ? { endMessage: run.endMessage } : {}) } };
    const prompt = "If you don't see a command prompt, try pressing enter.\n";
    // What kubectl printed before it attached (kubectl debug: "Defaulting debug container name to ...").
    const before = run.printed ?? [];
    if (before.length === 0) return { stdout: '', stderr: prompt, exitCode: 0 };
    const segments = [...before, { stream: 'stderr' as const, text: prompt }];
    const text = (stream: 'stdout' | 'stderr') => segments.filter((s) => s.stream === stream).map((s) => s.text).join('');
    return { stdout: text('stdout'), stderr: text('stderr'), exitCode: 0, segments };
  }

  /** `exit` in `kubectl run -it`'s session: the pod's shell ends; with --rm the pod goes. upstream: attach.go, run.go */
  async #endRun(run: NonNullable<ShellSession['run']>, status: number): Promise<CommandOutput> {
    await closeAttachedStdin(this.cluster, run.namespace, run.pod, run.container, status);
    const ended = run.endMessage ?? `Session ended, resume using 'kubectl attach ${run.pod} -c ${run.container} -i -t' command when the pod is running`;
    const stderr = ended ? `${ended}\n` : '';
    if (!run.remove) return { stdout: '', stderr, exitCode: 0 };
    const del = await runKubectl(['delete', 'pod', run.pod, '-n', run.namespace], this.#kubectlContext());
    return { stdout: del.stdout, stderr: stderr + del.stderr, exitCode: del.exitCode, segments: [{ stream: 'stderr', text: stderr }, ...(del.stdout ? [{ stream: 'stdout' as const, text: del.stdout }] : []), ...(del.stderr ? [{ stream: 'stderr' as const, text: del.stderr }] : [])] };
  }

  async #shellLine(session: ShellSession, cmd: ScriptCommand): Promise<CommandOutput> {
    const status = exitStatus(cmd.line);
    if (status !== undefined) {
      this.#shell = undefined;
      if (session.run) return this.#endRun(session.run, status);
      // kubectl exec ends with the shell's status.
      return status === 0 ? ok('') : { stdout: '', stderr: `command terminated with exit code ${status}\n`, exitCode: status };
    }
    // The line goes to the shell on its stdin (as a terminal's input would), so `ps` lists a plain `sh`.
    const out = await runKubectl([...session.execArgs, '-i', '--', session.shell], this.#kubectlContext(lineScript(session, cmd.line, cmd.stdin)));
    if (out.exitCode !== 0) {
      // The container went away under the session (deleted, restarted): kubectl exec ends with it.
      this.#shell = undefined;
      return out;
    }
    const { text, cwd, status: lineStatus } = parseLineOutput(out.stdout);
    if (cwd) session.cwd = cwd;
    return { stdout: text, stderr: out.stderr, exitCode: lineStatus };
  }

  #kubectlContext(stdin?: string): KubectlContext {
    return this.cluster.kubectlContext({
      stdin,
      kubeconfig: this.#kubeconfig,
      readFile: (path) => this.#readFile(path),
      portForward: { open: (spec) => this.#openForward(spec) },
      localFiles: { fs: this.#home, resolve: hostPath },
      ...(this.options.print
        ? {
            print: this.options.print,
            watch: (req, onEvent, onError) => this.#track(this.cluster.watch(req, onEvent, onError)),
            pollKubelet: (node, req, periodMs, onReply) => this.#track(this.cluster.pollKubelet(node, req, periodMs, onReply))
          }
        : {})
    });
  }

  /** kubectl port-forward's listeners on the learner's machine: they stay until Ctrl-C, close(), or a failed connection. */
  #openForward(spec: Parameters<HostListeners['open']>[0]): { bindings: ReturnType<HostListeners['open']>['bindings']; close(): void } {
    const { bindings, forward } = this.#listeners.open(spec);
    if (forward.listeners.length === 0) return { bindings, close: () => {} };
    const handle = this.#track({
      stop: () => {
        this.#listeners.close(forward);
        this.#forwardHandles.delete(forward);
      }
    });
    this.#forwardHandles.set(forward, handle);
    return { bindings, close: () => handle.stop() };
  }

  #closeForward(forward: Forward): void {
    this.#forwardHandles.get(forward)?.stop();
  }

  /**
   * The host's network for a line: each forwarded URL it names is fetched through its forward
   * first (port-forward.ts), in order; the shell then reads those answers.
   */
  async #hostNetwork(line: string): Promise<{ net: Network; printed: TerminalSegment[] }> {
    const answers = new Map<string, HttpResponse>();
    const printed: TerminalSegment[] = [];
    // Only a line that runs a network client connects (an `echo localhost:8080` does not).
    if (this.#listeners.forwards.length > 0 && /(^|[\s|;&(])(curl|wget|nc)\s/.test(line)) {
      const agent = /^\s*wget\b/.test(line) ? 'Wget' : 'curl/8.5.0';
      for (const r of forwardedRequests(line)) {
        const hit = this.#listeners.at(r.address, r.port);
        if (!hit) continue;
        const host = r.address === '127.0.0.1' && /\blocalhost\b/.test(line) ? `localhost:${r.port}` : `${r.address.includes(':') ? `[${r.address}]` : r.address}:${r.port}`;
        answers.set(answerKey(r.address, r.port, r.path), await this.#connectThrough(hit.forward, hit.port, r.path, { Host: host, 'User-Agent': agent, Accept: '*/*' }, printed));
      }
    }
    return { net: hostNetwork(this.#listeners, answers), printed };
  }

  /**
   * One connection through a forward: kubectl prints "Handling connection for PORT", the kubelet
   * carries it into the pod. A failure on the stream ends the forward (upstream: handleConnection
   * closes the connection: kubectl exits with "lost connection to pod"); the client gets nothing.
   * What kubectl prints lands in `printed`, ahead of the line's own output, as a forward running
   * in the background (`&`) of the same terminal prints it.
   */
  async #connectThrough(forward: Forward, port: ForwardedPort, path: string, headers: Record<string, string>, printed: TerminalSegment[]): Promise<HttpResponse> {
    printed.push({ stream: 'stdout', text: `Handling connection for ${port.local}\n` });
    const dial = this.#kubectlContext().kubelet;
    const r = dial ? await podPortForwardConnection((node, req) => dial(node, req), forward.spec.pod, port.remote, { path, headers }) : { ok: false as const, error: 'no kubelet to dial' };
    if (r.ok && !('error' in r.value)) return r.value;
    const streamError = r.ok && 'error' in r.value ? r.value.error : undefined;
    // A listener that is not an HTTP server: the connection opens, no HTTP answer comes.
    if (streamError === '') return { error: 'error getting response' };
    const cause = streamError ?? `error forwarding port ${port.remote} to pod ${forward.spec.podSandboxId}, uid : ${r.ok ? '' : r.error}`;
    printed.push({ stream: 'stderr', text: `${klogLine('E', this.cluster.now, 4243, 'portforward.go:424', 'Unhandled Error', { err: `an error occurred forwarding ${port.local} -> ${port.remote}: ${cause}` })}\nerror: lost connection to pod\n` });
    this.#closeForward(forward);
    return { error: 'error getting response' };
  }

  /** Keeps a stream (`get -w`, `logs -f`) until it is stopped or interrupted. */
  #track(handle: { stop(): void }): { stop(): void } {
    const tracked = {
      stop: () => {
        handle.stop();
        this.#watches.delete(tracked);
      }
    };
    this.#watches.add(tracked);
    return tracked;
  }

  /** Ctrl-C: stops every `kubectl get -w` still streaming. Returns how many were stopped. */
  interrupt(): number {
    const n = this.#watches.size;
    for (const w of [...this.#watches]) w.stop();
    return n;
  }

  /** Whether a `kubectl get -w` is still streaming. */
  get watching(): boolean {
    return this.#watches.size > 0;
  }

  async #sim(args: string[], stdin?: string): Promise<CommandOutput> {
    const [verb, ...rest] = args;
    const c = this.cluster;
    switch (verb) {
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        return ok(SIM_HELP);
      case 'advance': {
        if (rest.length !== 1) return fail('error: sim advance takes one duration, e.g. "sim advance 30s" or "sim advance 5m"\n');
        let ms: number;
        try {
          ms = parseDuration(rest[0]);
        } catch (e) {
          return fail(`error: ${(e as Error).message}\n`);
        }
        if (ms < 0) return fail('error: time only moves forward: the duration must not be negative\n');
        await c.advance(ms);
        return ok('');
      }
      case 'time':
        return ok(`${formatClock(c.now)} (${formatDuration(c.now)} since the cluster booted)\n`);
      case 'seed':
        return ok(`${c.config.seed}\n`);
      case 'trace':
        return this.#trace(rest);
      case 'node':
        if (rest[0] === 'manifests') return this.#manifests(rest.slice(1), stdin);
        if (rest[0] === 'files') return this.#nodeFiles(rest.slice(1), stdin);
        if (rest[0] === 'cgroups' || rest[0] === 'pressure') return simNodeResources(c, rest);
        return this.#node(rest);
      case 'container':
        return simContainer(c, rest);
      case 'image':
        return simImage(c, rest);
      case 'images':
        return this.#images(rest);
      case 'kubelet':
        return this.#kubelet(rest, stdin);
      case 'explain':
        return this.#explain(rest);
      case 'scheduler':
        return this.#schedulerConfig(rest, stdin);
      case 'metrics':
        return simMetrics(c, rest);
      default:
        return fail(`error: unknown command "sim ${verb}"; see "sim help"\n`);
    }
  }

  /** `sim scheduler config [-f FILE|-]`: print the KubeSchedulerConfiguration, or restart the scheduler with a new one. */
  async #schedulerConfig(args: string[], stdin?: string): Promise<CommandOutput> {
    const [action, ...flags] = args;
    if (action !== 'config') return fail(`error: unknown command "sim scheduler${action ? ' ' + action : ''}"; see "sim help"\n`);
    if (flags.length === 0) return ok((await this.cluster.schedulerConfig()).config ?? '');
    if ((flags[0] !== '-f' && flags[0] !== '--filename') || !flags[1] || flags.length > 2) return fail('error: usage: sim scheduler config [-f FILE|-]\n');
    const text = flags[1] === '-' ? stdin : await this.#readFile(flags[1]).catch(() => undefined);
    // kubectl's wording for a missing file.
    if (text === undefined) return fail(`error: the path ${JSON.stringify(flags[1])} does not exist\n`);
    const r = await this.cluster.schedulerConfig(text);
    if (r.error) return fail(`error: ${r.error}\n`);
    return ok(`kube-scheduler restarted with profiles: ${(r.schedulerNames ?? []).join(', ')}\n`);
  }

  /** `sim explain pod NAME [-n NAMESPACE]`: the scheduler's per-node, per-plugin record. */
  async #explain(args: string[]): Promise<CommandOutput> {
    let namespace = 'default';
    const names: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      if (a === '-n' || a === '--namespace') namespace = args[++i] ?? '';
      else if (a.startsWith('--namespace=')) namespace = a.slice('--namespace='.length);
      else names.push(a);
    }
    const [kind, name] = names;
    if (kind !== 'pod' && kind !== 'pods' && kind !== 'po') return fail('error: usage: sim explain pod NAME [-n NAMESPACE]\n');
    if (!name) return fail('error: sim explain pod needs a pod name\n');
    const rec = await this.cluster.explain(namespace, name);
    if (!rec) return fail(`error: the kube-scheduler has no scheduling attempt for pod "${namespace}/${name}"\n`);
    return ok(formatAttempt(rec));
  }

  #trace(args: string[]): CommandOutput {
    const f: TraceFilter = {};
    let json = false;
    let tail: number | undefined;
    for (let i = 0; i < args.length; i++) {
      const [flag, inline] = args[i].includes('=') ? args[i].split(/=(.*)/s) : [args[i], undefined];
      const value = () => inline ?? args[++i];
      switch (flag) {
        case '--pod': f.pod = value(); break;
        case '--node': f.node = value(); break;
        case '--kind': f.kind = value(); break;
        case '--component': f.component = value(); break;
        case '--since': f.since = Math.max(0, this.cluster.now - parseDuration(value())); break;
        case '--tail': tail = Number(value()); break;
        case '-o':
        case '--output': json = value() === 'json'; break;
        default: return fail(`error: unknown flag: ${flag}\n`);
      }
    }
    let events = this.cluster.conductor.trace.list(f);
    if (tail !== undefined) events = events.slice(-tail);
    const lines = events.map((e) => (json ? JSON.stringify(e) : formatTraceEvent(e)));
    return ok(lines.length > 0 ? lines.join('\n') + '\n' : '');
  }

  #node(args: string[]): CommandOutput {
    const [action, name, ...flags] = args;
    if (!name) return fail(`error: sim node ${action ?? ''} needs a node name\n`);
    const c = this.cluster;
    switch (action) {
      case 'add': {
        const opts: { cpu?: string; memory?: string; pods?: number; swap?: string } = {};
        for (let i = 0; i < flags.length; i++) {
          const [flag, inline] = flags[i].includes('=') ? flags[i].split(/=(.*)/s) : [flags[i], undefined];
          const value = inline ?? flags[++i];
          if (flag === '--cpu') opts.cpu = String(parseQuantity(value));
          else if (flag === '--memory') opts.memory = String(parseQuantity(value));
          else if (flag === '--pods') opts.pods = Number(value);
          else if (flag === '--swap') opts.swap = String(parseQuantity(value));
          else return fail(`error: unknown flag: ${flag}\n`);
        }
        if (c.nodes.has(name)) return fail(`error: node "${name}" already exists\n`);
        try {
          c.addNode(name, opts);
        } catch (e) {
          return fail(`error: ${(e as Error).message}\n`);
        }
        return ok(`node/${name} added\n`);
      }
      case 'poweroff':
      case 'poweron': {
        if (!c.nodes.has(name)) return fail(`error: node "${name}" not found\n`);
        c.kubelet(name, action);
        return ok(`node/${name} powered ${action === 'poweroff' ? 'off' : 'on'}\n`);
      }
      default:
        return fail(`error: unknown command "sim node ${action}"; see "sim help"\n`);
    }
  }

  /** `sim node manifests ls NODE | put NODE FILE -f FILE|- | rm NODE FILE`: the node's static pod directory. */
  async #manifests(args: string[], stdin?: string): Promise<CommandOutput> {
    const usage = 'error: usage: sim node manifests ls NODE | put NODE FILE -f FILE|- | rm NODE FILE\n';
    const [action, node, file, ...flags] = args;
    if (action !== 'ls' && action !== 'put' && action !== 'rm') return fail(usage);
    if (!node) return fail(`error: sim node manifests ${action} needs a node name\n`);
    if (!this.cluster.nodes.has(node)) return fail(`error: node "${node}" not found\n`);
    if (action === 'ls') {
      if (file !== undefined) return fail(usage);
      const r = await this.cluster.manifests(node, 'ls');
      return r.ok ? ok(r.output ?? '') : fail(`error: ${r.error}\n`);
    }
    if (!file) return fail(`error: sim node manifests ${action} needs a file name\n`);
    if (action === 'rm') {
      if (flags.length > 0) return fail(usage);
      const r = await this.cluster.manifests(node, 'rm', file);
      return r.ok ? ok(`${r.output} removed on ${node}\n`) : fail(`error: ${r.error}\n`);
    }
    let source: string | undefined;
    if (flags[0] === '-f' || flags[0] === '--filename') source = flags[1];
    else if (flags[0]?.startsWith('--filename=')) source = flags[0].slice('--filename='.length);
    if (!source || flags.length > (flags[0].includes('=') ? 1 : 2)) return fail(usage);
    const text = source === '-' ? stdin : await this.#readFile(source).catch(() => undefined);
    if (text === undefined) return fail(`error: cannot read ${source === '-' ? 'the standard input (use a heredoc: -f - <<EOF)' : source}\n`);
    const r = await this.cluster.manifests(node, 'put', file, text);
    return r.ok ? ok(`${r.output} written on ${node}\n`) : fail(`error: ${r.error}\n`);
  }

  /**
   * `sim node files ls NODE DIR | cat NODE PATH | put NODE PATH -f FILE|- | rm NODE PATH`: any file
   * on the node's disk (absolute paths), e.g. the kubelet's kubeconfig /etc/kubernetes/kubelet.conf.
   */
  async #nodeFiles(args: string[], stdin?: string): Promise<CommandOutput> {
    const usage = 'error: usage: sim node files ls NODE DIR | cat NODE PATH | put NODE PATH -f FILE|- | rm NODE PATH\n';
    const [action, node, path, ...flags] = args;
    if (!['ls', 'cat', 'put', 'rm'].includes(action) || !node || !path?.startsWith('/')) return fail(usage);
    if (!this.cluster.nodes.has(node)) return fail(`error: node "${node}" not found\n`);
    if (action !== 'put') {
      if (flags.length > 0) return fail(usage);
      const r = await this.cluster.manifests(node, action as 'ls' | 'cat' | 'rm', path);
      if (!r.ok) return fail(`${action === 'cat' ? '' : 'error: '}${r.error}\n`);
      return ok(action === 'rm' ? `${r.output} removed on ${node}\n` : (r.output ?? ''));
    }
    return this.#manifests(['put', node, path, ...flags], stdin);
  }

  /** `sim images [NODE]`: crictl images on the node, or the registries' catalog. */
  async #images(args: string[]): Promise<CommandOutput> {
    if (args.length > 1) return fail('error: usage: sim images [NODE]\n');
    if (args.length === 0) return ok(listCatalog());
    const node = args[0];
    if (!this.cluster.nodes.has(node)) return fail(`error: node "${node}" not found\n`);
    const r = await this.cluster.nodeQuery(node, 'images');
    return r.ok ? ok(r.output ?? '') : fail(`error: ${r.error}\n`);
  }

  async #kubelet(args: string[], stdin?: string): Promise<CommandOutput> {
    const [action, node, ...flags] = args;
    const c = this.cluster;
    if (!node) return fail(`error: sim kubelet ${action ?? ''} needs a node name\n`);
    if (!c.nodes.has(node)) return fail(`error: node "${node}" not found\n`);
    switch (action) {
      case 'stop':
      case 'start':
      case 'restart':
        c.kubelet(node, action);
        return ok(`kubelet on ${node}: ${action === 'stop' ? 'stopped' : action === 'start' ? 'started' : 'restarted'}\n`);
      case 'config': {
        const current = this.#kubeletConfigs.get(node) ?? c.nodes.get(node)!.spec.config ?? defaultKubeletConfiguration();
        if (flags.length === 0) return ok(YAML.stringify(current));
        if (flags[0] !== '-f' || !flags[1]) return fail('error: usage: sim kubelet config NODE [-f FILE|-]\n');
        const text = flags[1] === '-' ? stdin : await this.#readFile(flags[1]).catch(() => undefined);
        if (text === undefined) return fail(`error: cannot read ${flags[1]}\n`);
        // A file the kubelet cannot decode is refused and nothing changes; a decodable but invalid one
        // is applied: the kubelet then fails its validation at start, as a real one does.
        const parsed = parseKubeletConfiguration(text);
        if (!parsed.ok) return fail(`error: error loading KubeletConfiguration from ${flags[1] === '-' ? 'stdin' : flags[1]}: ${parsed.error}\n`);
        const config: KubeletConfiguration = parsed.config;
        this.#kubeletConfigs.set(node, config);
        c.conductor.post({ from: 'cluster', to: c.nodes.get(node)!.host, msg: { type: 'control', command: 'kubelet-config', args: { node, config } } });
        return ok(`kubelet on ${node}: configuration replaced, kubelet restarted\n`);
      }
      case 'curl':
        return simKubeletCurl(c, node, flags);
      case 'logs': {
        let tail: number | undefined;
        for (let i = 0; i < flags.length; i++) {
          const [flag, inline] = flags[i].includes('=') ? flags[i].split(/=(.*)/s) : [flags[i], undefined];
          const value = inline ?? flags[++i];
          if (flag !== '--tail' && flag !== '-n') return fail(`error: unknown flag: ${flag}\n`);
          if (value === undefined || !/^-?\d+$/.test(value)) return fail(`error: invalid argument "${value ?? ''}" for "--tail" flag: must be an integer\n`);
          tail = Number(value) < 0 ? undefined : Number(value);
        }
        const r = await c.nodeQuery(node, 'kubelet-logs', tail === undefined ? {} : { tail });
        return r.ok ? ok(r.output ?? '') : fail(`error: ${r.error}\n`);
      }
      default:
        return fail(`error: unknown command "sim kubelet ${action}"; see "sim help"\n`);
    }
  }
}
