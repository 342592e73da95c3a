/**
 * kube-controller-manager's host: the controllers, sharing one informer factory.
 * (The Deployment, node lifecycle and endpoints controllers join with the control-plane issue.)
 */
import { ClientHost } from './host';
import { GarbageCollector } from '../controllers/garbagecollector/garbagecollector';
import { NamespaceController } from '../controllers/namespace/namespace';
import { ServiceAccountsController } from '../controllers/serviceaccount/serviceaccount';
import { ReplicaSetController, REPLICASET_CONTROLLER } from '../controllers/replicaset/replica-set';
import { DeploymentController, DEPLOYMENT_CONTROLLER } from '../controllers/deployment/deployment';
import { NodeLifecycleController } from '../controllers/nodelifecycle/controller';
import { TaintEvictionController } from '../controllers/tainteviction/controller';

export const CONTROLLER_MANAGER_HOST = 'kube-controller-manager';

export class ControllerManagerHost extends ClientHost {
  constructor() {
    super(CONTROLLER_MANAGER_HOST);
    const factory = this.informerFactory('kube-controller-manager');
    new GarbageCollector(this.client('generic-garbage-collector'), factory, (e) => this.record(e));
    new NamespaceController(this.client('namespace-controller'), factory, this.clock);
    new ServiceAccountsController(this.client('serviceaccount-controller'), factory);
    new ReplicaSetController(this.client(REPLICASET_CONTROLLER), factory, this.clock, (e) => this.record(e));
    new DeploymentController(this.client(DEPLOYMENT_CONTROLLER), factory, this.clock, (e) => this.record(e));
    new NodeLifecycleController(this.client('node-controller'), factory, this.clock, (e) => this.record(e));
    new TaintEvictionController(this.client('taint-eviction-controller'), factory, this.clock, (e) => this.record(e));
    // Informers start once the host's first step runs (the API server must be reachable).
    this.clock.after(0, () => factory.start());
  }
}
