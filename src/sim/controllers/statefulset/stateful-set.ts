/**
 * The StatefulSet controller: watches StatefulSets, their pods and claims; each sync plans the
 * next steps (stateful-set-control.ts), takes them (claims before their pod), and writes the status.
 * upstream: pkg/controller/statefulset/stateful_set.go (addPod/updatePod/deletePod, sync,
 * syncStatefulSet), stateful_pod_control.go (CreateStatefulPod, DeleteStatefulPod,
 * createPersistentVolumeClaims, recordPodEvent, recordClaimEvent), stateful_set_status_updater.go.
 *
 * Each template the set has had is a ControllerRevision NAME-<hash> owned by the set (the pods'
 * `controller-revision-hash` label names it); a pod below a partition comes back at the current
 * revision's template, read from its ControllerRevision. upstream: stateful_set_control.go
 * (UpdateStatefulSet, performUpdate, getStatefulSetRevisions, truncateHistory).
 */
import type { KObject } from '../../apiserver/store';
import type { Client } from '../../client/client';
import { EventRecorder } from '../../client/events';
import type { SharedInformer, SharedInformerFactory } from '../../client/informer';
import { ControllerRunner } from '../../client/controller-runner';
import type { RateLimitingQueue } from '../../client/workqueue';
import type { SimClock } from '../../kernel/clock';
import { getControllerOf } from '../replicaset/controller-ref-manager';
import { isPodReady } from '../replicaset/controller-utils';
import { createControllerRevision, deleteControllerRevisions, nextRevision, ownedRevisions, revisionTemplate, sortControllerRevisions, updateControllerRevision } from '../history/controller-history';
import { computeReplicaStatus, decideUpdateRevision, newRevision, planStatefulSet, revisionsToTruncate, type Revisions, type StatefulSetAction } from './stateful-set-control';

export const STATEFULSET_CONTROLLER = 'statefulset-controller';
/** upstream: kube-controller-manager --concurrent-statefulset-syncs default. */
export const CONCURRENT_STATEFULSET_SYNCS = 5;
const STATUS_UPDATE_RETRIES = 1;

const keyOf = (o: KObject) => `${o.metadata.namespace}/${o.metadata.name}`;

export class StatefulSetController {
  readonly queue: RateLimitingQueue;
  readonly #runner: ControllerRunner;
  #setInformer: SharedInformer;
  #podInformer: SharedInformer;
  #claimInformer: SharedInformer;
  #revisionInformer: SharedInformer;
  #recorder: EventRecorder;

  constructor(
    readonly client: Client,
    factory: SharedInformerFactory,
    readonly clock: SimClock,
    readonly workers = CONCURRENT_STATEFULSET_SYNCS
  ) {
    this.#runner = new ControllerRunner((ms, fn) => clock.after(ms, fn), workers, (key, done) => this.sync(key, done));
    this.queue = this.#runner.queue;
    this.#recorder = new EventRecorder(client, { component: STATEFULSET_CONTROLLER }, () => clock.now());
    this.#setInformer = factory.informer('statefulsets');
    this.#podInformer = factory.informer('pods');
    this.#claimInformer = factory.informer('persistentvolumeclaims');
    this.#revisionInformer = factory.informer('controllerrevisions');
    this.#setInformer.addEventHandler({
      add: (set) => this.queue.add(keyOf(set)),
      update: (_o, set) => this.queue.add(keyOf(set)),
      delete: (set) => this.queue.add(keyOf(set))
    });
    const enqueueOwner = (pod: KObject) => {
      const set = this.#owner(pod);
      if (set) this.queue.add(keyOf(set));
      return set;
    };
    this.#podInformer.addEventHandler({
      add: enqueueOwner,
      update: (old, pod) => {
        if (old.metadata.resourceVersion === pod.metadata.resourceVersion) return;
        const set = enqueueOwner(pod);
        // Ready now, available after minReadySeconds: look again then.
        const minReadySeconds: number = set?.spec?.minReadySeconds ?? 0;
        if (set && !isPodReady(old) && isPodReady(pod) && minReadySeconds > 0) this.queue.addAfter(keyOf(set), minReadySeconds * 1000 + 1);
      },
      delete: enqueueOwner
    });
    this.#runner.startWhenSynced([this.#setInformer, this.#podInformer, this.#claimInformer, this.#revisionInformer]);
  }

  #owner(pod: KObject): KObject | undefined {
    const ref = getControllerOf(pod);
    if (ref?.kind !== 'StatefulSet') return undefined;
    const set = this.#setInformer.get(pod.metadata.namespace, ref.name);
    return set?.metadata.uid === ref.uid ? set : undefined;
  }

  /**
   * upstream: getStatefulSetRevisions: the update revision is the one holding the set's template
   * (made, or an older one renumbered on a rollback); the current revision is the one
   * status.currentRevision names, else the update revision.
   */
  #getStatefulSetRevisions(set: KObject, sorted: readonly KObject[], done: (err: string | undefined, current?: KObject, update?: KObject, collisionCount?: number) => void): void {
    const collisionCount: number = set.status?.collisionCount ?? 0;
    const decision = decideUpdateRevision(sorted, newRevision(set, nextRevision(sorted), collisionCount));
    const withUpdate = (err: string | undefined, update: KObject | undefined, count: number) => {
      if (err || !update) return done(err ?? 'no update revision', undefined, undefined, count);
      const current = sorted.find((r) => r.metadata.name === set.status?.currentRevision) ?? update;
      done(undefined, current, update, count);
    };
    if (decision.type === 'existing') return withUpdate(undefined, decision.revision, collisionCount);
    if (decision.type === 'renumber') return updateControllerRevision(this.client, decision.revision, decision.to, (err, updated) => withUpdate(err, updated, collisionCount));
    createControllerRevision(this.client, set, decision.revision, collisionCount, withUpdate);
  }

  /** upstream: sync + syncStatefulSet + UpdateStatefulSet (performUpdate, then truncateHistory). */
  sync(key: string, done: (err?: string) => void): void {
    const i = key.indexOf('/');
    const set = this.#setInformer.get(key.slice(0, i), key.slice(i + 1));
    if (!set) return done();
    const pods = this.#podInformer.listNamespace(set.metadata.namespace).filter((p) => getControllerOf(p)?.uid === set.metadata.uid);
    const revisions = sortControllerRevisions(ownedRevisions(this.#revisionInformer.list(), set));
    this.#getStatefulSetRevisions(set, revisions, (revErr, current, update, collisionCount = 0) => {
      if (revErr || !current || !update) return done(revErr);
      const rev: Revisions = {
        currentRevision: current.metadata.name,
        currentTemplate: revisionTemplate(current),
        updateRevision: update.metadata.name,
        updateTemplate: revisionTemplate(update)
      };
      const getClaim = (name: string) => this.#claimInformer.get(set.metadata.namespace, name);
      const actions = planStatefulSet(set, pods, getClaim, rev, this.clock.now());
      this.#run(set, actions, 0, (err) =>
        this.#updateStatus(set, pods, rev, collisionCount, (statusErr) =>
          deleteControllerRevisions(this.client, revisionsToTruncate(set, pods, revisions, rev.currentRevision, rev.updateRevision), (truncErr) => done(err ?? statusErr ?? truncErr))
        )
      );
    });
  }

  /** Takes the actions one after another (upstream runs Parallel's in slow-start batches). */
  #run(set: KObject, actions: readonly StatefulSetAction[], n: number, done: (err?: string) => void): void {
    if (n >= actions.length) return done();
    const a = actions[n];
    const next = (err?: string) => (err ? done(err) : this.#run(set, actions, n + 1, done));
    if (a.type === 'create') this.#createStatefulPod(set, a.pod, a.claims, next);
    else if (a.type === 'delete') {
      // upstream: processReplica's events before a finished pod is deleted and made again.
      const where = `StatefulSet ${set.metadata.namespace}/${set.metadata.name}`;
      if (a.why === 'failed') this.#recorder.event(set, 'Warning', 'RecreatingFailedPod', `${where} is recreating failed Pod ${a.pod.metadata.name}`);
      if (a.why === 'terminated') this.#recorder.event(set, 'Normal', 'RecreatingTerminatedPod', `${where} is recreating terminated Pod ${a.pod.metadata.name}`);
      this.#deleteStatefulPod(set, a.pod, next);
    }
    else {
      // upstream: UpdatePodClaimForRetentionPolicy (an update of the claim's metadata).
      const ownerReferences = a.ownerReferences.length > 0 ? a.ownerReferences : null;
      this.client.patch('persistentvolumeclaims', a.claim.metadata.namespace, a.claim.metadata.name, { metadata: { ownerReferences } }, 'merge', (err) => next(err && err.code !== 404 ? err.message : undefined));
    }
  }

  /** upstream: CreateStatefulPod: the claims first (createPersistentVolumeClaims), then the pod. */
  #createStatefulPod(set: KObject, pod: KObject, claims: readonly KObject[], done: (err?: string) => void): void {
    const createClaim = (c: number): void => {
      if (c >= claims.length) return createPod();
      const claim = claims[c];
      this.client.create('persistentvolumeclaims', claim, (err) => {
        if (err && err.code !== 409) {
          this.#recorder.event(set, 'Warning', 'FailedCreate', `create Claim ${claim.metadata.name} for Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} failed error: ${err.message}`);
          return done(err.message);
        }
        if (!err) this.#recorder.event(set, 'Normal', 'SuccessfulCreate', `create Claim ${claim.metadata.name} Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} success`);
        createClaim(c + 1);
      });
    };
    const createPod = () =>
      this.client.create('pods', pod, (err) => {
        // A pod of that name still being there (the cache was behind) is no failure: the next sync sees it.
        if (err?.code === 409) return done();
        if (err) {
          this.#recorder.event(set, 'Warning', 'FailedCreate', `create Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} failed error: ${err.message}`);
          return done(err.message);
        }
        this.#recorder.event(set, 'Normal', 'SuccessfulCreate', `create Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} successful`);
        done();
      });
    createClaim(0);
  }

  /** upstream: DeleteStatefulPod + recordPodEvent. */
  #deleteStatefulPod(set: KObject, pod: KObject, done: (err?: string) => void): void {
    this.client.delete('pods', pod.metadata.namespace, pod.metadata.name, {}, (err) => {
      if (err?.code === 404) return done();
      if (err) {
        this.#recorder.event(set, 'Warning', 'FailedDelete', `delete Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} failed error: ${err.message}`);
        return done(err.message);
      }
      this.#recorder.event(set, 'Normal', 'SuccessfulDelete', `delete Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} successful`);
      done();
    });
  }

  /** upstream: updateStatefulSetStatus (+ the status updater's one retry on a conflict). */
  #updateStatus(set: KObject, pods: readonly KObject[], rev: Revisions, collisionCount: number, done: (err?: string) => void): void {
    const c = computeReplicaStatus(set, pods, rev, this.clock.now());
    const status: KObject = { ...(set.status ?? {}), observedGeneration: set.metadata.generation, replicas: c.replicas, availableReplicas: c.availableReplicas };
    // omitempty fields
    for (const f of ['readyReplicas', 'currentReplicas', 'updatedReplicas'] as const) {
      if (c[f] > 0) status[f] = c[f];
      else delete status[f];
    }
    status.currentRevision = c.currentRevision;
    status.updateRevision = c.updateRevision;
    status.collisionCount = collisionCount;
    if (JSON.stringify(status) === JSON.stringify(set.status ?? {})) return done();
    const attempt = (cur: KObject, n: number): void => {
      this.client.updateStatus('statefulsets', { ...cur, status }, (err) => {
        if (!err) return done();
        if (err.code === 404) return done();
        if (n >= STATUS_UPDATE_RETRIES) return done(err.message);
        this.client.get('statefulsets', cur.metadata.namespace, cur.metadata.name, (getErr, fresh) => {
          if (getErr || !fresh) return done(getErr?.message ?? 'not found');
          attempt(fresh, n + 1);
        });
      });
    };
    attempt(set, 0);
  }
}
