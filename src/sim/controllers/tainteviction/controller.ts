/**
 * The taint eviction controller: deletes pods running on nodes with NoExecute taints they do not
 * tolerate, at once, or after their tolerationSeconds (300 s for the not-ready/unreachable
 * tolerations every pod gets by default). A pod on a dead node then stays Terminating: no
 * kubelet is there to confirm its end.
 * upstream: pkg/controller/tainteviction/taint_eviction.go
 */
import type { KObject } from '../../apiserver/store';
import type { Client } from '../../client/client';
import { EventRecorder } from '../../client/events';
import type { SharedInformer, SharedInformerFactory } from '../../client/informer';
import type { SimClock, TimerId } from '../../kernel/clock';
import { timestamp } from '../../kernel/clock';
import type { TraceInput } from '../../kernel/trace';
import { minTolerationMs } from './tolerations';

export class TaintEvictionController {
  readonly recorder: EventRecorder;
  #pods: SharedInformer;
  #nodes: SharedInformer;
  /** pod key -> scheduled eviction */
  #scheduled = new Map<string, { timer: TimerId; at: number }>();
  /** Pods whose eviction is in flight: their status patch must not schedule them again. */
  #evicting = new Set<string>();

  constructor(
    readonly client: Client,
    factory: SharedInformerFactory,
    readonly clock: SimClock,
    readonly trace: (e: TraceInput) => void
  ) {
    this.recorder = new EventRecorder(client, { component: 'taint-eviction-controller' }, () => clock.now());
    this.#pods = factory.informer('pods');
    this.#nodes = factory.informer('nodes');
    this.#pods.addEventHandler({
      add: (p) => this.#processPod(p),
      update: (_o, p) => this.#processPod(p),
      delete: (p) => {
        this.#cancel(key(p));
        this.#evicting.delete(key(p));
      }
    });
    this.#nodes.addEventHandler({
      add: (n) => this.#processNode(n),
      update: (o, n) => {
        if (JSON.stringify(noExecuteTaints(o)) !== JSON.stringify(noExecuteTaints(n))) this.#processNode(n);
      }
    });
  }

  #processNode(node: KObject): void {
    for (const pod of this.#pods.list()) if (pod.spec?.nodeName === node.metadata.name) this.#processPod(pod);
  }

  #processPod(pod: KObject): void {
    const k = key(pod);
    const nodeName = pod.spec?.nodeName;
    if (this.#evicting.has(k)) return;
    if (!nodeName || pod.metadata.deletionTimestamp) return this.#cancel(k);
    const node = this.#nodes.get(undefined, nodeName);
    const taints = node ? noExecuteTaints(node) : [];
    const waitMs = minTolerationMs(pod.spec?.tolerations, taints);
    if (!Number.isFinite(waitMs)) return this.#cancel(k);
    const now = this.clock.now();
    const at = now + waitMs;
    const existing = this.#scheduled.get(k);
    // An eviction already scheduled earlier stands (upstream: keep the earlier trigger time).
    if (existing && existing.at <= at) return;
    this.#cancel(k);
    const timer = this.clock.after(waitMs, () => this.#evict(pod.metadata.namespace, pod.metadata.name));
    this.#scheduled.set(k, { timer, at });
    this.trace({ component: 'taint-eviction-controller', kind: 'tainteviction.schedule', pod: k, node: nodeName, at });
  }

  #cancel(k: string): void {
    const s = this.#scheduled.get(k);
    if (!s) return;
    this.clock.cancel(s.timer);
    this.#scheduled.delete(k);
  }

  #evict(namespace: string, name: string): void {
    const k = `${namespace}/${name}`;
    this.#scheduled.delete(k);
    const pod = this.#pods.get(namespace, name);
    if (!pod || pod.metadata.deletionTimestamp) return;
    this.#evicting.add(k);
    this.trace({ component: 'taint-eviction-controller', kind: 'tainteviction.evict', pod: k, node: pod.spec?.nodeName });
    this.recorder.event(pod, 'Normal', 'TaintManagerEviction', `Marking for deletion Pod ${k}`);
    // upstream (PodDisruptionConditions, GA in v1.31): the pod is told why before it is deleted.
    const condition = { type: 'DisruptionTarget', status: 'True', lastProbeTime: null, lastTransitionTime: timestamp(this.clock.now()), reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' };
    this.client.patchStatus('pods', namespace, name, { status: { conditions: [condition] } }, () => this.client.delete('pods', namespace, name));
  }
}

function key(pod: KObject): string {
  return `${pod.metadata.namespace}/${pod.metadata.name}`;
}

function noExecuteTaints(node: KObject): KObject[] {
  return (node.spec?.taints ?? []).filter((t: KObject) => t.effect === 'NoExecute');
}
