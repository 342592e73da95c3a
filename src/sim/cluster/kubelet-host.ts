/**
 * A pool of kubelets in one host (one Web Worker in the browser). Each kubelet is a separate
 * process on its own node: powering a node off stops that kubelet and nothing else.
 */
import { ClientHost } from './host';
import { Kubelet } from '../kubelet/kubelet';
import { defaultKubeletConfiguration, type KubeletConfiguration } from '../kubelet/config/config';
import type { NodeIdentity } from '../kubelet/nodestatus/setters';
import { Rand } from '../kernel/rand';

export interface NodeSpec extends NodeIdentity {
  config?: KubeletConfiguration;
  /** Virtual ms from the node's power-on until its kubelet starts (machines boot at different paces). */
  bootDelayMs?: number;
}

export class KubeletHost extends ClientHost {
  readonly kubelets = new Map<string, Kubelet>();
  /** Nodes powered off: their kubelet is stopped and drops its connections. */
  readonly poweredOff = new Set<string>();

  readonly #rand: Rand;

  constructor(name: string, seed = 0) {
    super(name);
    this.#rand = new Rand(seed).fork(`kubelet-host/${name}`);
    this.controls.set('add-node', (args) => this.addNode(args.node as NodeSpec));
    this.controls.set('kubelet', (args) => this.control(args.node as string, args.action as string));
    this.controls.set('kubelet-config', (args) => this.replaceConfig(args.node as string, args.config as KubeletConfiguration));
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
    const kubelet = new Kubelet({
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
