/**
 * kube-controller-manager's host: the controllers, sharing one informer factory.
 * (The ReplicaSet, Deployment, node lifecycle and endpoints controllers join with the
 * control-plane issue.)
 */
import { ClientHost } from './host';
import { GarbageCollector } from '../controllers/garbagecollector/garbagecollector';
import { NamespaceController } from '../controllers/namespace/namespace';
import { ServiceAccountsController } from '../controllers/serviceaccount/serviceaccount';

export const CONTROLLER_MANAGER_HOST = 'kube-controller-manager';

export class ControllerManagerHost extends ClientHost {
  constructor() {
    super(CONTROLLER_MANAGER_HOST);
    const factory = this.informerFactory('kube-controller-manager');
    new GarbageCollector(this.client('generic-garbage-collector'), factory, (e) => this.record(e));
    new NamespaceController(this.client('namespace-controller'), factory, this.clock);
    new ServiceAccountsController(this.client('serviceaccount-controller'), factory);
    // Informers start once the host's first step runs (the API server must be reachable).
    this.clock.after(0, () => factory.start());
  }
}
