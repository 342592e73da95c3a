/**
 * A pool of kubelets in one host (one Web Worker in the browser). Each kubelet is a separate
 * process on its own node: powering a node off stops that kubelet and nothing else.
 */
import { ClientHost } from './host';
import { Kubelet } from '../kubelet/kubelet';
import { defaultKubeletConfiguration, type KubeletConfiguration } from '../kubelet/config/config';
import type { NodeIdentity } from '../kubelet/nodestatus/setters';
import { Rand } from '../kernel/rand';
import { filesIn, KUBEADM_MANIFESTS_DIR, manifestPath, type NodeFiles } from '../kubelet/config/file';

export interface NodeSpec extends NodeIdentity {
  config?: KubeletConfiguration;
  /** Virtual ms from the node's power-on until its kubelet starts (machines boot at different paces). */
  bootDelayMs?: number;
  /** Static pod manifests on the node's disk at boot: file name -> YAML, in /etc/kubernetes/manifests (kubeadm's). */
  staticPods?: Record<string, string>;
}

export class KubeletHost extends ClientHost {
  readonly kubelets = new Map<string, Kubelet>();
  /** Nodes powered off: their kubelet is stopped and drops its connections. */
  readonly poweredOff = new Set<string>();
  /** Each node's filesystem (path -> text): it survives kubelet restarts and power-offs. */
  readonly files = new Map<string, NodeFiles>();

  readonly #rand: Rand;

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
        return { ok: true, output: filesIn(files, dir).map((f) => f.name + '\n').join('') };
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
    const spec = { ...old.deps.identity, config };
    this.kubelets.delete(node);
    // The containers keep running across the kubelet restart: the new kubelet finds them in the runtime.
    this.addNode(spec).adoptRuntime(old.runtime);
  }

  addNode(spec: NodeSpec): Kubelet {
    let files = this.files.get(spec.name);
    if (!files) {
      files = new Map(Object.entries(spec.staticPods ?? {}).map(([name, text]) => [manifestPath(KUBEADM_MANIFESTS_DIR, name), text]));
      this.files.set(spec.name, files);
    }
    const kubelet = new Kubelet({
      files,
      client: this.client(`kubelet/${spec.name}`),
      clock: this.clock,
      trace: (e) => this.record(e),
      config: spec.config ?? defaultKubeletConfiguration(),
      identity: spec,
      rand: this.#rand.fork(`kubelet/${spec.name}`)
    });
    this.kubelets.set(spec.name, kubelet);
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
        k.powerOff();
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
