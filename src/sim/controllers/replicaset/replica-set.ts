/**
 * The ReplicaSet controller: keeps `spec.replicas` pods matching each ReplicaSet's selector. It
 * watches ReplicaSets and pods, queues a ReplicaSet's key on any change that concerns it, and on
 * each sync claims pods (adopts orphans, releases pods that stopped matching), creates or deletes
 * the difference in slow-start batches, and writes the status subresource.
 * upstream: pkg/controller/replicaset/replica_set.go (NewReplicaSetController, add/update/deletePod,
 * syncReplicaSet, manageReplicas, claimPods), pkg/controller/controller_utils.go (RealPodControl).
 */
import type { KObject } from '../../apiserver/store';
import type { Status } from '../../api/errors';
import { selectorFromLabelSelector, type Selector } from '../../api/labels';
import type { Client } from '../../client/client';
import { EventRecorder } from '../../client/events';
import type { SharedInformer, SharedInformerFactory } from '../../client/informer';
import { ControllerRunner, syncMillis } from '../../client/controller-runner';
import type { RateLimitingQueue } from '../../client/workqueue';
import type { SimClock } from '../../kernel/clock';
import type { TraceInput } from '../../kernel/trace';
import { claimPods, getControllerOf, newControllerRef, type OwnerReference } from './controller-ref-manager';
import {
  BURST_REPLICAS, SLOW_START_INITIAL_BATCH_SIZE, UIDTrackingControllerExpectations, filterActivePods, getPodsToDelete, isPodReady, podKey, slowStartBatch
} from './controller-utils';
import { calculateStatus, statusUpToDate } from './replica-set-utils';
import { cloneJSON } from '../../api/canonical';

export const REPLICASET_CONTROLLER = 'replicaset-controller';
/** upstream: kube-controller-manager --concurrent-replicaset-syncs default. */
export const CONCURRENT_RS_SYNCS = 5;
/** upstream: statusUpdateRetries. */
const STATUS_UPDATE_RETRIES = 1;

/** upstream: pkg/controller/controller_utils.go event reasons and messages. */
export const EVENTS = {
  SuccessfulCreate: (pod: string) => ['Normal', 'SuccessfulCreate', `Created pod: ${pod}`],
  FailedCreate: (err: string) => ['Warning', 'FailedCreate', `Error creating: ${err}`],
  SuccessfulDelete: (pod: string) => ['Normal', 'SuccessfulDelete', `Deleted pod: ${pod}`],
  FailedDelete: (err: string) => ['Warning', 'FailedDelete', `Error deleting: ${err}`]
} as const satisfies Record<string, (arg: string) => readonly ['Normal' | 'Warning', string, string]>;

const GROUP_VERSION = 'apps/v1';
const KIND = 'ReplicaSet';

function keyOf(obj: KObject): string {
  return `${obj.metadata.namespace}/${obj.metadata.name}`;
}

function splitKey(key: string): [string, string] {
  const i = key.indexOf('/');
  return [key.slice(0, i), key.slice(i + 1)];
}

function sameLabels(a: KObject, b: KObject): boolean {
  return JSON.stringify(a.metadata.labels ?? {}) === JSON.stringify(b.metadata.labels ?? {});
}

/** upstream: controller.GetPodFromTemplate: labels, annotations and finalizers of the template, generateName `<owner>-`. */
export function getPodFromTemplate(template: KObject, owner: KObject, controllerRef: OwnerReference): KObject {
  const tmd = template.metadata ?? {};
  const metadata: KObject = { generateName: `${owner.metadata.name}-`, namespace: owner.metadata.namespace, ownerReferences: [controllerRef] };
  if (tmd.labels) metadata.labels = { ...tmd.labels };
  if (tmd.annotations) metadata.annotations = { ...tmd.annotations };
  if (tmd.finalizers) metadata.finalizers = [...tmd.finalizers];
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec: cloneJSON(template.spec ?? {}) };
}

export class ReplicaSetController {
  readonly expectations: UIDTrackingControllerExpectations;
  readonly queue: RateLimitingQueue;
  readonly #runner: ControllerRunner;
  #rsInformer: SharedInformer;
  #podInformer: SharedInformer;
  #recorder: EventRecorder;

  constructor(
    readonly client: Client,
    factory: SharedInformerFactory,
    readonly clock: SimClock,
    readonly trace: (e: TraceInput) => void,
    readonly burstReplicas = BURST_REPLICAS,
    readonly workers = CONCURRENT_RS_SYNCS
  ) {
    this.expectations = new UIDTrackingControllerExpectations(() => clock.now());
    this.#runner = new ControllerRunner((ms, fn) => clock.after(ms, fn), workers, (key, done) => this.syncReplicaSet(key, done));
    this.queue = this.#runner.queue;
    this.#recorder = new EventRecorder(client, { component: REPLICASET_CONTROLLER }, () => clock.now());
    this.#rsInformer = factory.informer('replicasets');
    this.#podInformer = factory.informer('pods');
    this.#rsInformer.addEventHandler({
      add: (rs) => this.queue.add(keyOf(rs)),
      update: (_old, rs) => this.queue.add(keyOf(rs)),
      delete: (rs) => {
        this.expectations.deleteExpectations(keyOf(rs));
        this.queue.add(keyOf(rs));
      }
    });
    this.#podInformer.addEventHandler({
      add: (pod) => this.#addPod(pod),
      update: (old, pod) => this.#updatePod(old, pod),
      delete: (pod) => this.#deletePod(pod)
    });
    // upstream: WaitForNamedCacheSync before the workers start.
    this.#runner.startWhenSynced([this.#rsInformer, this.#podInformer]);
  }

  // Event handlers
  // -------------------------------------------------------------------------------------------

  /** upstream: resolveControllerRef: the ReplicaSet a controller reference points to, if it is still that one. */
  #resolveControllerRef(namespace: string, ref: OwnerReference): KObject | undefined {
    if (ref.kind !== KIND) return undefined;
    const rs = this.#rsInformer.get(namespace, ref.name);
    return rs?.metadata.uid === ref.uid ? rs : undefined;
  }

  /** upstream: GetPodReplicaSets: the ReplicaSets whose selector matches an orphan pod. */
  #getPodReplicaSets(pod: KObject): KObject[] {
    return this.#rsInformer.list().filter((rs) => {
      if (rs.metadata.namespace !== pod.metadata.namespace) return false;
      const sel = this.#selector(rs);
      return sel !== undefined && !sel.empty() && sel.matches(pod.metadata.labels);
    });
  }

  #selector(rs: KObject): Selector | undefined {
    try {
      return selectorFromLabelSelector(rs.spec?.selector);
    } catch {
      return undefined;
    }
  }

  #addPod(pod: KObject): void {
    // A pod already being deleted when the controller first sees it (after a restart).
    if (pod.metadata.deletionTimestamp) return this.#deletePod(pod);
    const ref = getControllerOf(pod);
    if (ref) {
      const rs = this.#resolveControllerRef(pod.metadata.namespace, ref);
      if (!rs) return;
      this.expectations.creationObserved(keyOf(rs));
      this.queue.add(keyOf(rs));
      return;
    }
    // An orphan: wake every matching ReplicaSet to see if one adopts it.
    for (const rs of this.#getPodReplicaSets(pod)) this.queue.add(keyOf(rs));
  }

  #updatePod(old: KObject, cur: KObject): void {
    if (old.metadata.resourceVersion === cur.metadata.resourceVersion) return;
    const labelChanged = !sameLabels(old, cur);
    if (cur.metadata.deletionTimestamp) {
      // Graceful deletion: the pod no longer counts from now, not when it is finally removed.
      this.#deletePod(cur);
      if (labelChanged) this.#deletePod(old);
      return;
    }
    const curRef = getControllerOf(cur);
    const oldRef = getControllerOf(old);
    const refChanged = curRef?.uid !== oldRef?.uid;
    if (refChanged && oldRef) {
      const rs = this.#resolveControllerRef(old.metadata.namespace, oldRef);
      if (rs) this.queue.add(keyOf(rs));
    }
    if (curRef) {
      const rs = this.#resolveControllerRef(cur.metadata.namespace, curRef);
      if (!rs) return;
      this.queue.add(keyOf(rs));
      // A pod turning ready makes the ReplicaSet available after minReadySeconds: look again then.
      const minReadySeconds: number = rs.spec?.minReadySeconds ?? 0;
      if (!isPodReady(old) && isPodReady(cur) && minReadySeconds > 0) this.queue.addAfter(keyOf(rs), minReadySeconds * 1000);
      return;
    }
    if (labelChanged || refChanged) for (const rs of this.#getPodReplicaSets(cur)) this.queue.add(keyOf(rs));
  }

  #deletePod(pod: KObject): void {
    const ref = getControllerOf(pod);
    if (!ref) return;
    const rs = this.#resolveControllerRef(pod.metadata.namespace, ref);
    if (!rs) return;
    this.expectations.deletionObserved(keyOf(rs), podKey(pod));
    this.queue.add(keyOf(rs));
  }

  // Sync (the workers are the ControllerRunner's)
  // -------------------------------------------------------------------------------------------

  /** upstream: syncReplicaSet. `whenDone` gets the error that makes the key requeue, if any, and how long the sync kept it busy. */
  syncReplicaSet(key: string, whenDone: (err?: string, busyMs?: number) => void): void {
    const [namespace, name] = splitKey(key);
    const rs = this.#rsInformer.get(namespace, name);
    if (!rs) {
      this.expectations.deleteExpectations(key);
      return whenDone();
    }
    const rsNeedsSync = this.expectations.satisfiedExpectations(key);
    const selector = this.#selector(rs);
    // An invalid selector will not become valid by retrying.
    if (!selector) return whenDone();
    const allPods = this.#podInformer.listNamespace(namespace);
    // The walk over the namespace's pods below is what a big ReplicaSet's sync costs (syncMillis).
    const busyMs = syncMillis(allPods.length);
    const done = (err?: string) => whenDone(err, busyMs);
    const filteredPods = filterActivePods(allPods);
    const canAdopt = (cb: (err: string | undefined) => void) =>
      // upstream: RecheckDeletionTimestamp: a quorum read, in case the cached ReplicaSet is stale.
      this.client.get('replicasets', namespace, name, (err, fresh) => {
        if (err || !fresh) return cb(err?.message ?? 'not found');
        if (fresh.metadata.uid !== rs.metadata.uid) return cb(`original ReplicaSet ${namespace}/${name} is gone: got uid ${fresh.metadata.uid}, wanted ${rs.metadata.uid}`);
        if (fresh.metadata.deletionTimestamp) return cb(`${namespace}/${name} has just been deleted at ${fresh.metadata.deletionTimestamp}`);
        cb(undefined);
      });
    const patchPod = (ns: string, podName: string, patch: KObject, cb: (err: Status | undefined) => void) =>
      this.client.patch('pods', ns, podName, patch, 'strategic', (err) => cb(err));
    claimPods(rs, newControllerRef(rs, GROUP_VERSION, KIND), selector, filteredPods, { patchPod }, canAdopt, (claimed, errors) => {
      if (errors.length > 0) return done(errors.join(', '));
      const afterManage = (manageErr?: string) => {
        const now = this.clock.now();
        const status = calculateStatus(rs, claimed, manageErr, now);
        this.#updateStatus(rs, status, (err, updated) => {
          if (err) return done(err);
          const replicas: number = updated!.spec?.replicas ?? 1;
          const minReadySeconds: number = updated!.spec?.minReadySeconds ?? 0;
          // Ready but not yet available: look again once minReadySeconds have passed.
          if (!manageErr && minReadySeconds > 0 && (updated!.status?.readyReplicas ?? 0) === replicas && (updated!.status?.availableReplicas ?? 0) !== replicas) {
            this.queue.addAfter(key, minReadySeconds * 1000);
          }
          done(manageErr);
        });
      };
      if (rsNeedsSync && !rs.metadata.deletionTimestamp) this.#manageReplicas(claimed, rs, afterManage);
      else afterManage();
    });
  }

  /** upstream: manageReplicas: create or delete the difference, at most burstReplicas at a time. */
  #manageReplicas(filteredPods: KObject[], rs: KObject, done: (err?: string) => void): void {
    const key = keyOf(rs);
    let diff = filteredPods.length - (rs.spec?.replicas ?? 1);
    if (diff < 0) {
      diff = Math.min(-diff, this.burstReplicas);
      // Expect all creations first: the pods' watch events may arrive before the answers.
      this.expectations.expectCreations(key, diff);
      const ref = newControllerRef(rs, GROUP_VERSION, KIND);
      slowStartBatch<string>(
        diff,
        SLOW_START_INITIAL_BATCH_SIZE,
        (cb) => this.#createPod(rs, ref, cb),
        (successes, err) => {
          // Pods never asked for will never be observed: lower the expectations by as many.
          for (let i = successes; i < diff; i++) this.expectations.creationObserved(key);
          done(err);
        }
      );
      return;
    }
    if (diff > 0) {
      diff = Math.min(diff, this.burstReplicas);
      const podsToDelete = getPodsToDelete(filteredPods, this.#getIndirectlyRelatedPods(rs), diff, this.clock.now());
      this.expectations.expectDeletions(key, podsToDelete.map(podKey));
      let pending = podsToDelete.length;
      let firstErr: string | undefined;
      for (const pod of podsToDelete) {
        this.#deletePodRequest(rs, pod, (err) => {
          if (err) {
            // The informer will not observe this deletion.
            this.expectations.deletionObserved(key, podKey(pod));
            if (err.code !== 404) firstErr ??= err.message;
          }
          if (--pending === 0) done(firstErr);
        });
      }
      return;
    }
    done();
  }

  /**
   * upstream: getIndirectlyRelatedPods: the pods of every ReplicaSet with the same controller
   * (the Deployment's other ReplicaSets), to spread deletions across nodes.
   */
  #getIndirectlyRelatedPods(rs: KObject): KObject[] {
    const owner = getControllerOf(rs);
    const siblings = owner
      ? this.#rsInformer.listNamespace(rs.metadata.namespace).filter((r) => getControllerOf(r)?.uid === owner.uid)
      : [rs];
    const uids = new Set(siblings.map((r) => r.metadata.uid));
    return this.#podInformer.listNamespace(rs.metadata.namespace).filter((p) => uids.has(getControllerOf(p)?.uid ?? ''));
  }

  /** upstream: RealPodControl.CreatePods / createPods. */
  #createPod(rs: KObject, ref: OwnerReference, cb: (err?: string) => void): void {
    const pod = getPodFromTemplate(rs.spec.template, rs, ref);
    if (Object.keys(pod.metadata.labels ?? {}).length === 0) return cb('unable to create pods, no labels');
    this.client.create('pods', pod, (err, created) => {
      if (err || !created) {
        const message = err?.message ?? 'unknown error';
        this.#event(rs, EVENTS.FailedCreate(message));
        // upstream: a namespace being terminated is not an error worth retrying.
        if (err?.details?.causes?.some((c) => c.reason === 'NamespaceTerminating') || message.includes('because it is being terminated')) return cb();
        return cb(message);
      }
      const name: string = created.metadata.name;
      this.trace({ component: REPLICASET_CONTROLLER, kind: 'replicaset.create', pod: `${rs.metadata.namespace}/${name}`, replicaset: keyOf(rs) });
      this.#event(rs, EVENTS.SuccessfulCreate(name));
      cb();
    });
  }

  /** upstream: RealPodControl.DeletePod. */
  #deletePodRequest(rs: KObject, pod: KObject, cb: (err: Status | undefined) => void): void {
    const { namespace, name } = pod.metadata;
    this.client.delete('pods', namespace, name, {}, (err) => {
      if (err) {
        if (err.code !== 404) this.#event(rs, EVENTS.FailedDelete(err.message));
        return cb(err);
      }
      this.trace({ component: REPLICASET_CONTROLLER, kind: 'replicaset.delete', pod: `${namespace}/${name}`, replicaset: keyOf(rs) });
      this.#event(rs, EVENTS.SuccessfulDelete(name));
      cb(undefined);
    });
  }

  #event(rs: KObject, [type, reason, message]: readonly ['Normal' | 'Warning', string, string]): void {
    this.#recorder.event(rs, type, reason, message);
  }

  /** upstream: updateReplicaSetStatus: write status unless it is up to date; on a conflict, read again and retry once. */
  #updateStatus(rs: KObject, status: ReturnType<typeof calculateStatus>, done: (err: string | undefined, updated?: KObject) => void): void {
    if (statusUpToDate(rs, status)) return done(undefined, rs);
    const next = { ...status, observedGeneration: rs.metadata.generation };
    const attempt = (cur: KObject, i: number): void => {
      this.client.updateStatus('replicasets', { ...cur, status: next }, (err, updated) => {
        if (!err && updated) return done(undefined, updated);
        if (i >= STATUS_UPDATE_RETRIES) return done(err?.message ?? 'status update failed');
        this.client.get('replicasets', cur.metadata.namespace, cur.metadata.name, (getErr, fresh) => {
          if (getErr || !fresh) return done(getErr?.message ?? 'not found');
          attempt(fresh, i + 1);
        });
      });
    };
    attempt(rs, 0);
  }
}
