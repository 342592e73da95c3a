/**
 * The node lease controller: creates the node's Lease in kube-node-lease and renews it every
 * leaseDuration * 0.25 (10 s by default). The control plane learns a node is alive from these
 * renewals. upstream: staging/src/k8s.io/component-helpers/apimachinery/lease/controller.go,
 * pkg/kubelet/kubelet.go (nodeLeaseRenewIntervalFraction = 0.25)
 */
import type { Client } from '../../client/client';
import type { SimClock, TimerId } from '../../kernel/clock';
import { microTimestamp } from '../../kernel/clock';
import type { KObject } from '../../apiserver/store';
import type { TraceInput } from '../../kernel/trace';

export const LEASE_NAMESPACE = 'kube-node-lease';
const RENEW_INTERVAL_FRACTION = 0.25;
/** upstream: lease update retries back off from 200ms, capped at 7s. */
const RETRY_INITIAL_MS = 200;
const RETRY_MAX_MS = 7000;

export class NodeLeaseController {
  #timer?: TimerId;
  #lease?: KObject;
  #retry = RETRY_INITIAL_MS;
  #running = false;

  constructor(
    readonly nodeName: string,
    readonly client: Client,
    readonly clock: SimClock,
    readonly leaseDurationSeconds: number,
    readonly trace: (e: TraceInput) => void,
    /** The Node's uid, for the Lease's ownerReference. */
    readonly nodeUID: () => string | undefined
  ) {}

  get renewIntervalMs(): number {
    return this.leaseDurationSeconds * 1000 * RENEW_INTERVAL_FRACTION;
  }

  start(): void {
    this.stop();
    this.#running = true;
    this.#sync();
  }

  stop(): void {
    this.#running = false;
    this.clock.cancel(this.#timer);
    this.#timer = undefined;
  }

  #schedule(ms: number): void {
    // An answer that arrives after the kubelet stopped schedules nothing.
    if (!this.#running) return;
    this.#timer = this.clock.after(ms, () => this.#sync());
  }

  #sync(): void {
    const now = this.clock.now();
    const spec = {
      holderIdentity: this.nodeName,
      leaseDurationSeconds: this.leaseDurationSeconds,
      renewTime: microTimestamp(now)
    };
    const done = (err: { code: number } | undefined, obj: KObject | undefined) => {
      if (err) {
        // Conflict or missing lease: forget the cached copy and retry with back-off.
        this.#lease = undefined;
        this.#schedule(this.#retry);
        this.#retry = Math.min(this.#retry * 2, RETRY_MAX_MS);
        return;
      }
      this.#lease = obj;
      this.#retry = RETRY_INITIAL_MS;
      if (!this.#running) return;
      this.trace({ component: 'kubelet', node: this.nodeName, kind: 'lease.renew', renewTime: spec.renewTime });
      this.#schedule(this.renewIntervalMs);
    };
    if (this.#lease) {
      this.client.update('leases', { ...this.#lease, spec: { ...this.#lease.spec, ...spec } }, done);
      return;
    }
    this.client.get('leases', LEASE_NAMESPACE, this.nodeName, (err, existing) => {
      if (!err && existing) {
        this.client.update('leases', { ...existing, spec: { ...existing.spec, ...spec } }, done);
        return;
      }
      const uid = this.nodeUID();
      this.client.create(
        'leases',
        {
          apiVersion: 'coordination.k8s.io/v1',
          kind: 'Lease',
          metadata: {
            name: this.nodeName,
            namespace: LEASE_NAMESPACE,
            ...(uid ? { ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: this.nodeName, uid }] } : {})
          },
          spec
        },
        done
      );
    });
  }
}
