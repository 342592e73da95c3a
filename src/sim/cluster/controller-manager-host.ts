/**
 * kube-controller-manager's host: the controllers, sharing one informer factory.
 * The endpoints, EndpointSlice, DaemonSet and PersistentVolume controllers, and the kubeadm add-ons (addons.ts), start here too.
 * The HPA controller reads pod metrics from the kubelet hosts (as metrics-server scrapes kubelets).
 */
import { ClientHost } from './host';
import { GarbageCollector } from '../controllers/garbagecollector/garbagecollector';
import { NamespaceController } from '../controllers/namespace/namespace';
import { ServiceAccountsController } from '../controllers/serviceaccount/serviceaccount';
import { ReplicaSetController, REPLICASET_CONTROLLER } from '../controllers/replicaset/replica-set';
import { DeploymentController, DEPLOYMENT_CONTROLLER } from '../controllers/deployment/deployment';
import { NodeLifecycleController } from '../controllers/nodelifecycle/controller';
import { TaintEvictionController } from '../controllers/tainteviction/controller';
import { EndpointController, ENDPOINT_CONTROLLER } from '../controllers/endpoint/endpoints-controller';
import { EndpointSliceController, ENDPOINTSLICE_CONTROLLER } from '../controllers/endpointslice/endpointslice-controller';
import { DaemonSetsController, DAEMONSET_CONTROLLER } from '../controllers/daemon/daemon-controller';
import { StatefulSetController, STATEFULSET_CONTROLLER } from '../controllers/statefulset/stateful-set';
import { PersistentVolumeController, PV_CONTROLLER } from '../controllers/volume/pv-controller';
import { StorageProtectionController, PVC_PROTECTION_CONTROLLER, PV_PROTECTION_CONTROLLER } from '../controllers/volume/protection';
import { DisruptionController, DISRUPTION_CONTROLLER } from '../controllers/disruption/disruption';
import { JobController, JOB_CONTROLLER } from '../controllers/job/job-controller';
import { CronJobController, CRONJOB_CONTROLLER } from '../controllers/cronjob/cronjob-controller';
import { TTLAfterFinishedController, TTL_AFTER_FINISHED_CONTROLLER } from '../controllers/ttlafterfinished/ttl-after-finished';
import { HorizontalController, HPA_CONTROLLER } from '../controllers/podautoscaler/horizontal';
import { ResourceQuotaController, RESOURCEQUOTA_CONTROLLER } from '../controllers/resourcequota/resource-quota';
import type { UsageReport } from '../api/metrics';
import { createAddons } from './addons';

export const CONTROLLER_MANAGER_HOST = 'kube-controller-manager';

export class ControllerManagerHost extends ClientHost {
  /** Which kubelet host serves each node (the cluster tells, as a node joins): where metrics come from. */
  readonly #nodeHosts = new Map<string, string>();

  constructor() {
    super(CONTROLLER_MANAGER_HOST);
    this.controls.set('node-host', (args) => this.#nodeHosts.set(String(args.node), String(args.host)));
    const factory = this.informerFactory('kube-controller-manager');
    new GarbageCollector(this.client('generic-garbage-collector'), factory, (e) => this.record(e));
    new NamespaceController(this.client('namespace-controller'), factory, this.clock);
    new ServiceAccountsController(this.client('serviceaccount-controller'), factory);
    new ReplicaSetController(this.client(REPLICASET_CONTROLLER), factory, this.clock, (e) => this.record(e));
    new DeploymentController(this.client(DEPLOYMENT_CONTROLLER), factory, this.clock, (e) => this.record(e));
    new NodeLifecycleController(this.client('node-controller'), factory, this.clock, (e) => this.record(e));
    new TaintEvictionController(this.client('taint-eviction-controller'), factory, this.clock, (e) => this.record(e));
    new EndpointController(this.client(ENDPOINT_CONTROLLER), factory, this.clock);
    new EndpointSliceController(this.client(ENDPOINTSLICE_CONTROLLER), factory, this.clock);
    new DaemonSetsController(this.client(DAEMONSET_CONTROLLER), factory, this.clock);
    new StatefulSetController(this.client(STATEFULSET_CONTROLLER), factory, this.clock);
    // The PV binder, with the hostpath CSI driver's external provisioner (its own client) alongside.
    new PersistentVolumeController(this.client(PV_CONTROLLER), factory, this.clock, this.client('csi-provisioner'));
    new StorageProtectionController(this.client(PVC_PROTECTION_CONTROLLER), this.client(PV_PROTECTION_CONTROLLER), factory, this.clock);
    new DisruptionController(this.client(DISRUPTION_CONTROLLER), factory, this.clock);
    new JobController(this.client(JOB_CONTROLLER), factory, this.clock, (e) => this.record(e));
    new CronJobController(this.client(CRONJOB_CONTROLLER), factory, this.clock);
    new TTLAfterFinishedController(this.client(TTL_AFTER_FINISHED_CONTROLLER), factory, this.clock);
    new ResourceQuotaController(this.client(RESOURCEQUOTA_CONTROLLER), factory, this.clock);
    new HorizontalController(this.client(HPA_CONTROLLER), factory, this.clock, (node, at, done) => this.#nodeUsage(node, at, done), (e) => this.record(e));
    // kubeadm's add-ons and the `kubernetes` Service's endpoints (see addons.ts for why here).
    this.clock.after(0, () => createAddons(this.client('kubeadm'), (ms, fn) => this.clock.after(ms, fn)));
    // Informers start once the host's first step runs (the API server must be reachable).
    this.clock.after(0, () => factory.start());
  }

  /**
   * The Metrics API as the HPA reads it: metrics-server's scrape of a node's kubelet at time `at`,
   * the same report `kubectl top` gets (node-controls.ts `usage`); nothing when the kubelet does not serve.
   */
  #nodeUsage(node: string, at: number, done: (r: UsageReport | undefined) => void): void {
    const host = this.#nodeHosts.get(node);
    if (!host) return done(undefined);
    this.ask(host, 'node-os', { node, action: 'usage', at }, (r) => done(r.ok === true && typeof r.output === 'string' ? (JSON.parse(r.output) as UsageReport) : undefined));
  }
}
