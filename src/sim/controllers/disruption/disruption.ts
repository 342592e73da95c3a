/**
 * The disruption controller: keeps each PodDisruptionBudget's status (currentHealthy,
 * desiredHealthy, expectedPods, disruptionsAllowed, the DisruptionAllowed condition,
 * disruptedPods) up to date as the pods it selects come, go and turn Ready. The eviction
 * subresource reads that status to allow or refuse an eviction.
 * upstream: pkg/controller/disruption/disruption.go (NewDisruptionController, addPod, updatePod,
 * deletePod, getPdbForPod, sync, trySync, failSafe, finders). Left out: the stale
 * DisruptionTarget condition cleanup and ReplicationControllers (not served here).
 */
import type { KObject } from '../../apiserver/store';
import { pdbSelectsPod, setStatusCondition, DISRUPTION_ALLOWED_CONDITION, SYNC_FAILED_REASON } from '../../api/poddisruptionbudget';
import type { Client } from '../../client/client';
import { EventRecorder } from '../../client/events';
import type { SharedInformer, SharedInformerFactory } from '../../client/informer';
import { ControllerRunner } from '../../client/controller-runner';
import type { RateLimitingQueue } from '../../client/workqueue';
import type { SimClock } from '../../kernel/clock';
import { formatLabelSelector } from '../../api/labels';
import { getControllerOf } from '../replicaset/controller-ref-manager';
import { buildDisruptedPodMap, countHealthyPods, getExpectedPodCount, nextPdbStatus, type ScaleFinder } from './status';
import { cloneJSON } from '../../api/canonical';

export const DISRUPTION_CONTROLLER = 'disruption-controller';

const keyOf = (o: KObject) => `${o.metadata.namespace}/${o.metadata.name}`;

export class DisruptionController {
  readonly queue: RateLimitingQueue;
  readonly #runner: ControllerRunner;
  readonly #recorder: EventRecorder;
  #pdbInformer: SharedInformer;
  #podInformer: SharedInformer;
  #rsInformer: SharedInformer;
  #deploymentInformer: SharedInformer;
  #statefulSetInformer: SharedInformer;

  constructor(
    readonly client: Client,
    factory: SharedInformerFactory,
    readonly clock: SimClock
  ) {
    this.#runner = new ControllerRunner((ms, fn) => clock.after(ms, fn), 1, (key, done) => this.sync(key, done));
    this.queue = this.#runner.queue;
    this.#recorder = new EventRecorder(client, { component: 'controllermanager' }, () => clock.now());
    this.#pdbInformer = factory.informer('poddisruptionbudgets');
    this.#podInformer = factory.informer('pods');
    this.#rsInformer = factory.informer('replicasets');
    this.#deploymentInformer = factory.informer('deployments');
    this.#statefulSetInformer = factory.informer('statefulsets');
    this.#pdbInformer.addEventHandler({
      add: (pdb) => this.queue.add(keyOf(pdb)),
      update: (_old, pdb) => this.queue.add(keyOf(pdb)),
      delete: (pdb) => this.queue.add(keyOf(pdb))
    });
    this.#podInformer.addEventHandler({
      add: (pod) => this.#enqueueForPod(pod),
      update: (old, pod) => {
        if (old.metadata.resourceVersion === pod.metadata.resourceVersion) return;
        this.#enqueueForPod(pod);
        if (JSON.stringify(old.metadata.labels) !== JSON.stringify(pod.metadata.labels)) this.#enqueueForPod(old);
      },
      delete: (pod) => this.#enqueueForPod(pod)
    });
    this.#runner.startWhenSynced([this.#podInformer, this.#pdbInformer, this.#rsInformer, this.#deploymentInformer, this.#statefulSetInformer]);
  }

  /** upstream: getPdbForPod: the first budget selecting the pod (by name), with a warning when several do. */
  #enqueueForPod(pod: KObject): void {
    const pdbs = this.#pdbInformer.list().filter((pdb) => pdbSelectsPod(pdb, pod));
    if (pdbs.length === 0) return;
    pdbs.sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
    if (pdbs.length > 1) {
      this.#recorder.event(pod, 'Warning', 'MultiplePodDisruptionBudgets', `Pod "${pod.metadata.namespace}"/"${pod.metadata.name}" matches multiple PodDisruptionBudgets.  Chose "${pdbs[0].metadata.name}" arbitrarily.`);
    }
    this.queue.add(keyOf(pdbs[0]));
  }

  /**
   * upstream: finders(): a ReplicaSet not owned by a Deployment, the Deployment owning the pod's
   * ReplicaSet, or the pod's StatefulSet (getPodStatefulSet).
   */
  #findScale: ScaleFinder = (ref, namespace) => {
    if (ref.kind === 'StatefulSet') {
      const ss = this.#statefulSetInformer.get(namespace, ref.name);
      return ss && ss.metadata.uid === ref.uid ? { uid: ss.metadata.uid, scale: ss.spec?.replicas ?? 1 } : undefined;
    }
    if (ref.kind !== 'ReplicaSet') return undefined;
    const rs = this.#rsInformer.get(namespace, ref.name);
    if (!rs || rs.metadata.uid !== ref.uid) return undefined;
    const owner = getControllerOf(rs);
    if (!owner) return { uid: rs.metadata.uid, scale: rs.spec?.replicas ?? 1 };
    if (owner.kind !== 'Deployment') return undefined;
    const deploy = this.#deploymentInformer.get(namespace, owner.name);
    if (!deploy || deploy.metadata.uid !== owner.uid) return undefined;
    return { uid: deploy.metadata.uid, scale: deploy.spec?.replicas ?? 1 };
  };

  /** upstream: sync: trySync, and failSafe (no disruptions allowed) when it fails. */
  sync(key: string, done: (err?: string) => void): void {
    const i = key.indexOf('/');
    const pdb = this.#pdbInformer.get(key.slice(0, i), key.slice(i + 1));
    if (!pdb) return done();
    let update: KObject | undefined;
    let recheckAt: number | undefined;
    try {
      ({ update, recheckAt } = this.#trySync(pdb));
    } catch (e) {
      const msg = (e as Error).message;
      this.#recorder.event(pdb, 'Warning', 'CalculateExpectedPodCountFailed', `Failed to calculate the number of expected pods: ${msg}`);
      update = this.#failSafe(pdb, msg);
    }
    if (!update) return done();
    this.client.updateStatus('poddisruptionbudgets', update, (err) => {
      if (!err && recheckAt !== undefined) this.queue.addAfter(key, Math.max(0, recheckAt - this.clock.now()));
      done(err?.message);
    });
  }

  /** upstream: trySync. */
  #trySync(pdb: KObject): { update?: KObject; recheckAt?: number } {
    // upstream: getPodsForPdb lists the budget's namespace only.
    const pods = this.#podInformer.listNamespace(pdb.metadata.namespace).filter((p) => pdbSelectsPod(pdb, p));
    if (pods.length === 0) this.#recorder.event(pdb, 'Normal', 'NoPods', 'No matching pods found');
    const { expectedCount, desiredHealthy, unmanagedPods } = getExpectedPodCount(pdb, pods, this.#findScale);
    if (unmanagedPods.length > 0) {
      this.#recorder.event(
        pdb,
        'Warning',
        'UnmanagedPods',
        `Pods selected by this PodDisruptionBudget (selector: ${formatLabelSelector(pdb.spec?.selector)}) were found to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. To account for these pods please set ".spec.minAvailable" field of the PDB to an integer value.`
      );
    }
    const now = this.clock.now();
    const { disruptedPods, recheckAt, expired } = buildDisruptedPodMap(pods, pdb, now);
    for (const name of expired) {
      const pod = pods.find((p) => p.metadata.name === name);
      if (pod) this.#recorder.event(pod, 'Warning', 'NotDeleted', `Pod was expected by PDB ${pdb.metadata.namespace}/${pdb.metadata.namespace} to be deleted but it wasn't`);
    }
    const currentHealthy = countHealthyPods(pods, disruptedPods, now);
    return { update: nextPdbStatus(pdb, currentHealthy, desiredHealthy, expectedCount, disruptedPods, now), recheckAt };
  }

  /** upstream: failSafe: at least make sure no eviction is allowed. */
  #failSafe(pdb: KObject, message: string): KObject {
    const next: KObject = cloneJSON(pdb);
    next.status = { ...(next.status ?? {}), disruptionsAllowed: 0 };
    const conditions = (next.status.conditions ??= []);
    setStatusCondition(conditions, { type: DISRUPTION_ALLOWED_CONDITION, status: 'False', reason: SYNC_FAILED_REASON, message, observedGeneration: next.status.observedGeneration ?? 0 }, this.clock.now());
    return next;
  }
}
