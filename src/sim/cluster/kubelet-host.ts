/**
 * A pool of kubelets in one host (one Web Worker in the browser). Each kubelet is a separate
 * process on its own node: powering a node off stops that kubelet and nothing else.
 */
import { ClientHost } from './host';
import { APISERVER_ADVERTISE_ADDRESS, APISERVER_SECURE_PORT } from './addons';
import { KUBELET_KUBECONFIG, kubeletKubeconfig } from '../kubelet/logs/startup';
import { Kubelet } from '../kubelet/kubelet';
import { defaultKubeletConfiguration, type KubeletConfiguration } from '../kubelet/config/config';
import type { NodeIdentity } from '../kubelet/nodestatus/setters';
import { Rand } from '../kernel/rand';
import { filesIn, KUBEADM_MANIFESTS_DIR, manifestPath, NodeFileMap, type NodeFiles } from '../kubelet/config/file';
import { KUBELET_PORT, type KubeletDialResult, type KubeletRequest } from '../kubelet/server/server';
import { Journal } from '../kubelet/logs/journal';
import { KubeletService } from '../kubelet/logs/kubelet-service';
import { listNodeImages } from '../kubelet/images/list';
import { hostNetwork } from '../node/net/cluster-state';
import { nodeControl } from '../kubelet/cm/node-controls';
import { nodeOSFor } from '../node/os/node-os';

export interface NodeSpec extends NodeIdentity {
  config?: KubeletConfiguration;
  /** Virtual ms from the node's power-on until its kubelet starts (machines boot at different paces). */
  bootDelayMs?: number;
  /** Static pod manifests on the node's disk at boot: file name -> YAML, in /etc/kubernetes/manifests (kubeadm's). */
  staticPods?: Record<string, string>;
  /** Swap on the node (`sim node add --swap 1Gi`): a kubelet with failSwapOn (the default) refuses to start. */
  swap?: string;
}

export class KubeletHost extends ClientHost {
  readonly kubelets = new Map<string, Kubelet>();
  /** Nodes powered off: their kubelet is stopped and drops its connections. */
  readonly poweredOff = new Set<string>();
  /** Each node's filesystem (path -> text): it survives kubelet restarts and power-offs. */
  readonly files = new Map<string, NodeFiles>();
  /** Each node's journal and kubelet.service unit: they survive kubelet restarts and power-offs. */
  readonly journals = new Map<string, Journal>();
  readonly services = new Map<string, KubeletService>();

  readonly #rand: Rand;
  readonly #brokenImages = new Set<string>();
  /** What the pods of this host's nodes see of the cluster network (informers start at the first use). */
  readonly #network = hostNetwork({
    client: () => this.client('kubelet-host/network'),
    schedule: (ms, fn) => this.clock.after(ms, fn),
    now: () => this.clock.now(),
    runtimes: () => [...this.kubelets.values()].map((k) => k.runtime)
  });

  constructor(name: string, seed = 0) {
    super(name);
    this.#rand = new Rand(seed).fork(`kubelet-host/${name}`);
    this.controls.set('add-node', (args) => this.addNode(args.node as NodeSpec));
    this.controls.set('kubelet', (args) => this.control(args.node as string, args.action as string));
    this.controls.set('kubelet-config', (args) => this.replaceConfig(args.node as string, args.config as KubeletConfiguration));
    // `sim node manifests ls|put|rm`: the console asks, the answer goes back as a `reply` control.
    this.controls.set('manifests', (args) => {
      const reply = this.manifests(String(args.node), String(args.action), args.file === undefined ? undefined : String(args.file), args.text === undefined ? undefined : String(args.text));
      this.send(String(args.replyTo), { type: 'control', command: 'reply', args: { id: args.id, ...reply } });
    });
    // `sim kubelet logs NODE [--tail N]`: journalctl -u kubelet on the node.
    this.controls.set('kubelet-logs', (args) => {
      const journal = this.journals.get(String(args.node));
      const tail = typeof args.tail === 'number' ? args.tail : undefined;
      const reply = journal ? { ok: true, output: journal.lines(tail).map((l) => l + '\n').join('') } : { ok: false, error: `node "${String(args.node)}" not found` };
      this.send(String(args.replyTo), { type: 'control', command: 'reply', args: { id: args.id, ...reply } });
    });
    // `sim images NODE`: crictl images on the node.
    this.controls.set('images', (args) => {
      const k = this.kubelets.get(String(args.node));
      const reply = k ? { ok: true, output: listNodeImages(k.runtime) } : { ok: false, error: `node "${String(args.node)}" not found` };
      this.send(String(args.replyTo), { type: 'control', command: 'reply', args: { id: args.id, ...reply } });
    });
    // `sim node cgroups|pressure`, `sim container crash|hang|leak`, `kubectl top`: the node's kernel and resource managers.
    this.controls.set('node-os', (args) => {
      const k = this.kubelets.get(String(args.node));
      const reply = k ? nodeControl(k, args) : { ok: false, error: `node "${String(args.node)}" not found` };
      this.send(String(args.replyTo), { type: 'control', command: 'reply', args: { id: args.id, ...reply } });
    });
    // `sim image break IMAGE`: pulls of it fail on every node from now on (also after a reboot).
    this.controls.set('image-break', (args) => {
      this.#brokenImages.add(String(args.image));
      for (const k of this.kubelets.values()) k.runtime.registry.break(String(args.image));
    });
    // The metrics store's scrape of every node here: /metrics and /metrics/cadvisor read in place,
    // no CRI call and no trace (src/sim/monitoring/scraper.ts).
    this.controls.set('metrics-scrape', (args) => {
      const targets = [...this.kubelets].map(([node, k]) => {
        const up = !this.poweredOff.has(node) && k.serving;
        return up ? { node, metrics: k.server.metricsText(), cadvisor: k.server.cadvisorText() } : { node };
      });
      this.send(String(args.replyTo), { type: 'control', command: 'reply', args: { id: args.id, targets } });
    });
    // A connection to a node's kubelet server (port 10250), as the API server's kubelet client opens it.
    this.controls.set('kubelet-server', (args) =>
      this.serve(String(args.node), args.req as KubeletRequest, (result) => this.send(String(args.replyTo), { type: 'control', command: 'reply', args: { id: args.id, ...result } }))
    );
  }

  /** Connects to the node's kubelet server: refused while the kubelet is stopped, unreachable while the node is off. */
  serve(node: string, req: KubeletRequest, done: (r: KubeletDialResult) => void): void {
    const k = this.kubelets.get(node);
    if (!k) return done({ ok: false, error: `dial tcp: lookup ${node}: no such host` });
    const port = req.port ?? KUBELET_PORT;
    const addr = `${k.deps.identity.internalIP}:${port}`;
    if (this.poweredOff.has(node)) return done({ ok: false, error: `dial tcp ${addr}: connect: no route to host` });
    // The read-only port listens only when readOnlyPort is set (kubeadm: 0, off).
    const listening = port === KUBELET_PORT || (port !== 0 && port === k.deps.config.readOnlyPort);
    if (!k.serving || !listening) return done({ ok: false, error: `dial tcp ${addr}: connect: connection refused` });
    k.server.handle(req, (res) => done({ ok: true, res }));
  }

  /** The node's static pod directory: its kubelet's staticPodPath (kubeadm's when unset). */
  manifestDir(node: string): string {
    return this.kubelets.get(node)?.deps.config.staticPodPath || KUBEADM_MANIFESTS_DIR;
  }

  /** ls / put / rm a file in the node's static pod directory; the kubelet notices at its next scan. */
  manifests(node: string, action: string, file?: string, text?: string): { ok: boolean; output?: string; error?: string } {
    const files = this.files.get(node);
    if (!files) return { ok: false, error: `node "${node}" not found` };
    const dir = this.manifestDir(node);
    switch (action) {
      case 'ls':
        return { ok: true, output: filesIn(files, file ?? dir).map((f) => f.name + '\n').join('') };
      case 'cat': {
        const text = file === undefined ? undefined : files.get(file);
        return text === undefined ? { ok: false, error: `cat: can't open '${file}': No such file or directory` } : { ok: true, output: text };
      }
      case 'put': {
        if (!file) return { ok: false, error: 'a file name is required' };
        const path = manifestPath(dir, file);
        files.set(path, text ?? '');
        return { ok: true, output: path };
      }
      case 'rm': {
        if (!file) return { ok: false, error: 'a file name is required' };
        const path = manifestPath(dir, file);
        if (!files.delete(path)) return { ok: false, error: `cannot remove '${path}': No such file or directory` };
        return { ok: true, output: path };
      }
      default:
        return { ok: false, error: `unknown action "${action}"` };
    }
  }

  /** `sim kubelet config NODE -f`: a new configuration takes effect through a restart. */
  replaceConfig(node: string, config: KubeletConfiguration): void {
    const old = this.kubelets.get(node);
    if (!old) return;
    old.stop();
    // upstream: the node's pods capacity is the kubelet's maxPods.
    const spec = { ...old.deps.identity, config, pods: config.maxPods };
    this.kubelets.delete(node);
    // The containers keep running across the kubelet restart: the new kubelet finds them in the runtime.
    this.addNode(spec).adoptRuntime(old.runtime);
  }

  addNode(spec: NodeSpec): Kubelet {
    let files = this.files.get(spec.name);
    if (!files) {
      files = NodeFileMap.of(Object.entries(spec.staticPods ?? {}).map(([name, text]) => [manifestPath(KUBEADM_MANIFESTS_DIR, name), text] as const));
      // kubeadm init/join leaves the kubelet's kubeconfig on every node, and the static pod
      // directory (empty on a worker: `ls /host/etc/kubernetes/manifests` in a node debugger).
      files.set(KUBELET_KUBECONFIG, kubeletKubeconfig(`https://${APISERVER_ADVERTISE_ADDRESS}:${APISERVER_SECURE_PORT}`));
      files.set(`${KUBEADM_MANIFESTS_DIR}/`, '');
      this.files.set(spec.name, files);
    }
    let journal = this.journals.get(spec.name);
    if (!journal) {
      journal = new Journal(spec.name);
      this.journals.set(spec.name, journal);
      this.services.set(spec.name, new KubeletService(journal, this.clock));
    }
    const kubelet = new Kubelet({
      files,
      network: this.#network,
      client: this.client(`kubelet/${spec.name}`),
      clock: this.clock,
      trace: (e) => this.record(e),
      traceEvent: (e) => this.recordEvent(e),
      config: spec.config ?? defaultKubeletConfiguration(),
      identity: spec,
      rand: this.#rand.fork(`kubelet/${spec.name}`),
      journal,
      service: this.services.get(spec.name),
      ...(spec.swap ? { swap: spec.swap } : {})
    });
    this.kubelets.set(spec.name, kubelet);
    for (const image of this.#brokenImages) kubelet.runtime.registry.break(image);
    this.#network.start();
    this.clock.after(spec.bootDelayMs ?? 0, () => kubelet.start());
    return kubelet;
  }

  /** `stop`, `start`, `restart`, `poweroff`, `poweron` for one node's kubelet. */
  control(node: string, action: string): void {
    const k = this.kubelets.get(node);
    if (!k) return;
    switch (action) {
      case 'stop':
        k.stop();
        break;
      case 'poweroff':
        this.poweredOff.add(node);
        nodeOSFor(k.runtime, this.clock).powerOff();
        k.powerOff();
        for (const image of this.#brokenImages) k.runtime.registry.break(image);
        break;
      case 'start':
      case 'poweron':
        this.poweredOff.delete(node);
        k.start();
        break;
      case 'restart':
        k.stop();
        k.start();
        break;
    }
  }
}
