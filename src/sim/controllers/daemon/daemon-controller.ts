/**
 * The DaemonSet controller: watches DaemonSets, pods and nodes; on each sync it maps the
 * DaemonSet's pods to the node they target, creates a pod on each node that should run one and has
 * none, deletes pods on nodes that should not keep them (and failed or surplus ones), then applies
 * the RollingUpdate strategy, cleans up old ControllerRevisions and writes the status. Each
 * template the DaemonSet has had is a ControllerRevision NAME-<hash>; its hash is the pods'
 * controller-revision-hash label, and a rollback renumbers the old revision instead of making one.
 * upstream: pkg/controller/daemon/daemon_controller.go (syncDaemonSet, updateDaemonSet, manage,
 * podsShouldBeOnNode, syncNodes, updateDaemonSetStatus, add/update/deletePod, add/update/deleteNode),
 * pkg/controller/daemon/update.go (cleanupHistory; constructHistory and its helpers in history.ts).
 */
import type { KObject } from '../../apiserver/store';
import type { Client } from '../../client/client';
import { EventRecorder } from '../../client/events';
import type { SharedInformer, SharedInformerFactory } from '../../client/informer';
import { ControllerRunner, syncMillis } from '../../client/controller-runner';
import type { RateLimitingQueue } from '../../client/workqueue';
import type { SimClock } from '../../kernel/clock';
import { getControllerOf, newControllerRef } from '../replicaset/controller-ref-manager';
import { SLOW_START_INITIAL_BATCH_SIZE, UIDTrackingControllerExpectations, isPodAvailable, isPodReady, podKey, slowStartBatch } from '../replicaset/controller-utils';
import { EVENTS, getPodFromTemplate } from '../replicaset/replica-set';
import { deleteControllerRevisions, ownedRevisions, sortControllerRevisions } from '../history/controller-history';
import { constructHistory } from './history';
import { historiesToCleanup, maxUnavailableCount, rollingUpdatePodsToDelete } from './update';
import { CONTROLLER_REVISION_HASH, createPodTemplate, getTargetNodeName, isPodUpdated, nodeShouldRunDaemonPod, replaceDaemonSetPodNodeNameNodeAffinity, sortPodsByCreationTimestampAndPhase, templateGeneration } from './util';

export const DAEMONSET_CONTROLLER = 'daemonset-controller';
/** upstream: kube-controller-manager --concurrent-daemonset-syncs default. */
export const CONCURRENT_DAEMONSET_SYNCS = 2;
/** upstream: BurstReplicas. */
export const DAEMONSET_BURST_REPLICAS = 250;
const STATUS_UPDATE_RETRIES = 1;

const keyOf = (o: KObject) => `${o.metadata.namespace}/${o.metadata.name}`;
const byName = (a: KObject, b: KObject) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0);

export interface DaemonSetStatusCounts {
  desiredNumberScheduled: number;
  currentNumberScheduled: number;
  numberMisscheduled: number;
  numberReady: number;
  numberAvailable: number;
  updatedNumberScheduled: number;
  numberUnavailable: number;
}

/** upstream: updateDaemonSetStatus's counting loop. */
export function calculateDaemonSetStatus(ds: KObject, nodes: readonly KObject[], nodeToDaemonPods: Map<string, KObject[]>, hash: string, now: number): DaemonSetStatusCounts {
  const s: DaemonSetStatusCounts = { desiredNumberScheduled: 0, currentNumberScheduled: 0, numberMisscheduled: 0, numberReady: 0, numberAvailable: 0, updatedNumberScheduled: 0, numberUnavailable: 0 };
  for (const node of nodes) {
    const { shouldRun } = nodeShouldRunDaemonPod(node, ds);
    const pods = nodeToDaemonPods.get(node.metadata.name) ?? [];
    const scheduled = pods.length > 0;
    if (!shouldRun) {
      if (scheduled) s.numberMisscheduled++;
      continue;
    }
    s.desiredNumberScheduled++;
    if (!scheduled) continue;
    s.currentNumberScheduled++;
    const pod = sortPodsByCreationTimestampAndPhase([...pods])[0];
    if (isPodReady(pod)) {
      s.numberReady++;
      if (isPodAvailable(pod, ds.spec?.minReadySeconds ?? 0, now)) s.numberAvailable++;
    }
    if (isPodUpdated(pod, hash, templateGeneration(ds))) s.updatedNumberScheduled++;
  }
  s.numberUnavailable = s.desiredNumberScheduled - s.numberAvailable;
  return s;
}

/**
 * upstream: podsShouldBeOnNode: whether the node needs a pod, and which of its pods to delete.
 * `pods` are the node's daemon pods (terminating ones included).
 */
export function podsShouldBeOnNode(node: KObject, pods: readonly KObject[], ds: KObject): { create: boolean; deletePods: KObject[]; failedPods: KObject[] } {
  const { shouldRun, shouldContinueRunning } = nodeShouldRunDaemonPod(node, ds);
  const exists = pods.length > 0;
  const deletePods: KObject[] = [];
  const failedPods: KObject[] = [];
  if (shouldRun && !exists) return { create: true, deletePods, failedPods };
  if (shouldContinueRunning) {
    const running: KObject[] = [];
    for (const pod of pods) {
      if (pod.metadata.deletionTimestamp) continue;
      // A failed (or, for a DaemonSet, finished) pod is deleted; the next sync creates a new one.
      if (pod.status?.phase === 'Failed') failedPods.push(pod);
      else if (pod.status?.phase === 'Succeeded') deletePods.push(pod);
      else running.push(pod);
    }
    // More than one pod on the node: keep the oldest.
    if (running.length > 1) deletePods.push(...sortPodsByCreationTimestampAndPhase(running).slice(1));
    return { create: false, deletePods: [...failedPods, ...deletePods], failedPods };
  }
  if (exists) for (const pod of pods) if (!pod.metadata.deletionTimestamp) deletePods.push(pod);
  return { create: false, deletePods, failedPods };
}

/**
 * What one node costs a DaemonSet sync, in objects' worth of syncMillis: for every node upstream's
 * nodeShouldRunDaemonPod makes a pod from the template and runs the scheduler's predicates on it
 * (taints, node affinity, node name), some ten times the work of looking at one pod. 1,000 nodes:
 * a sync takes 5 ms; under 200 nodes, no virtual time.
 */
const NODE_COST = 10;

export class DaemonSetsController {
  readonly expectations: UIDTrackingControllerExpectations;
  readonly queue: RateLimitingQueue;
  readonly #runner: ControllerRunner;
  #dsInformer: SharedInformer;
  #podInformer: SharedInformer;
  #nodeInformer: SharedInformer;
  #historyInformer: SharedInformer;
  #recorder: EventRecorder;

  constructor(
    readonly client: Client,
    factory: SharedInformerFactory,
    readonly clock: SimClock,
    readonly workers = CONCURRENT_DAEMONSET_SYNCS
  ) {
    this.expectations = new UIDTrackingControllerExpectations(() => clock.now());
    this.#runner = new ControllerRunner((ms, fn) => clock.after(ms, fn), workers, (key, done) => this.syncDaemonSet(key, done));
    this.queue = this.#runner.queue;
    this.#recorder = new EventRecorder(client, { component: DAEMONSET_CONTROLLER }, () => clock.now());
    this.#dsInformer = factory.informer('daemonsets');
    this.#podInformer = factory.informer('pods');
    this.#nodeInformer = factory.informer('nodes');
    this.#historyInformer = factory.informer('controllerrevisions');
    this.#dsInformer.addEventHandler({
      add: (ds) => this.queue.add(keyOf(ds)),
      update: (_o, ds) => this.queue.add(keyOf(ds)),
      delete: (ds) => {
        this.expectations.deleteExpectations(keyOf(ds));
        this.queue.add(keyOf(ds));
      }
    });
    this.#podInformer.addEventHandler({
      add: (pod) => {
        const ds = this.#owner(pod);
        if (!ds) return;
        if (pod.metadata.deletionTimestamp) this.expectations.deletionObserved(keyOf(ds), podKey(pod));
        else this.expectations.creationObserved(keyOf(ds));
        this.queue.add(keyOf(ds));
      },
      update: (old, pod) => {
        if (old.metadata.resourceVersion === pod.metadata.resourceVersion) return;
        const ds = this.#owner(pod);
        if (!ds) return;
        if (pod.metadata.deletionTimestamp) this.expectations.deletionObserved(keyOf(ds), podKey(pod));
        this.queue.add(keyOf(ds));
        // Ready now, available after minReadySeconds: look again then.
        const minReadySeconds: number = ds.spec?.minReadySeconds ?? 0;
        if (!isPodReady(old) && isPodReady(pod) && minReadySeconds > 0) this.queue.addAfter(keyOf(ds), minReadySeconds * 1000);
      },
      delete: (pod) => {
        const ds = this.#owner(pod);
        if (!ds) return;
        this.expectations.deletionObserved(keyOf(ds), podKey(pod));
        this.queue.add(keyOf(ds));
      }
    });
    // upstream: addHistory / updateHistory / deleteHistory: a revision's change syncs its DaemonSet.
    const enqueueHistoryOwner = (history: KObject) => {
      const ds = this.#owner(history);
      if (ds) this.queue.add(keyOf(ds));
    };
    this.#historyInformer.addEventHandler({
      add: enqueueHistoryOwner,
      update: (old, cur) => {
        if (old.metadata.resourceVersion !== cur.metadata.resourceVersion) enqueueHistoryOwner(cur);
      },
      delete: enqueueHistoryOwner
    });
    const allDaemonSets = () => this.#dsInformer.list().forEach((ds) => this.queue.add(keyOf(ds)));
    this.#nodeInformer.addEventHandler({
      add: allDaemonSets,
      // upstream: shouldIgnoreNodeUpdate: heartbeats (status) do not matter, labels and taints do.
      update: (old, cur) => {
        if (JSON.stringify([old.metadata.labels, old.spec]) !== JSON.stringify([cur.metadata.labels, cur.spec])) allDaemonSets();
      },
      delete: allDaemonSets
    });
    this.#runner.startWhenSynced([this.#dsInformer, this.#podInformer, this.#nodeInformer, this.#historyInformer]);
  }

  /** The DaemonSet controlling a pod or a ControllerRevision. */
  #owner(pod: KObject): KObject | undefined {
    const ref = getControllerOf(pod);
    if (ref?.kind !== 'DaemonSet') return undefined;
    const ds = this.#dsInformer.get(pod.metadata.namespace, ref.name);
    return ds?.metadata.uid === ref.uid ? ds : undefined;
  }

  /** upstream: getNodesToDaemonPods: the DaemonSet's pods by target node (finished pods being deleted left out), from its namespace's pods (getDaemonPods: podLister.Pods(ds.Namespace)). */
  #nodesToDaemonPods(ds: KObject): Map<string, KObject[]> {
    const out = new Map<string, KObject[]>();
    for (const pod of this.#podInformer.listNamespace(ds.metadata.namespace)) {
      if (getControllerOf(pod)?.uid !== ds.metadata.uid) continue;
      const phase = pod.status?.phase;
      if ((phase === 'Failed' || phase === 'Succeeded') && pod.metadata.deletionTimestamp) continue;
      const node = getTargetNodeName(pod);
      if (!node) continue;
      out.set(node, [...(out.get(node) ?? []), pod]);
    }
    return out;
  }

  /** upstream: syncDaemonSet. `whenDone` gets the error that makes the key requeue, if any, and how long the sync kept it busy. */
  syncDaemonSet(key: string, whenDone: (err?: string, busyMs?: number) => void): void {
    const i = key.indexOf('/');
    const ds = this.#dsInformer.get(key.slice(0, i), key.slice(i + 1));
    if (!ds) {
      this.expectations.deleteExpectations(key);
      return whenDone();
    }
    // What the sync walks: every node, and its namespace's pods (syncMillis).
    const busyMs = syncMillis(NODE_COST * this.#nodeInformer.cache.size + this.#podInformer.countNamespace(ds.metadata.namespace));
    const done = (err?: string) => whenDone(err, busyMs);
    // upstream: a DaemonSet selecting everything is refused (event SelectingAll).
    const sel = ds.spec?.selector;
    if (!sel || (Object.keys(sel.matchLabels ?? {}).length === 0 && (sel.matchExpressions ?? []).length === 0)) {
      this.#recorder.event(ds, 'Warning', 'SelectingAll', 'This daemon set is selecting all pods. A non-empty selector is required.');
      return done();
    }
    if (ds.metadata.deletionTimestamp) return done();
    const histories = sortControllerRevisions(ownedRevisions(this.#historyInformer.list(), ds));
    constructHistory(this.client, ds, histories, () => this.#daemonPods(ds), (historyErr, cur, old) => {
      if (historyErr || !cur) return done(`failed to construct revisions of DaemonSet: ${historyErr}`);
      const hash: string = cur.metadata.labels?.[CONTROLLER_REVISION_HASH] ?? '';
      const nodes = this.#nodeInformer.list().sort(byName);
      const afterUpdate = (err?: string) =>
        this.#updateStatus(ds, nodes, hash, (statusErr) => {
          // Ready pods become available after minReadySeconds: look again then.
          const minReadySeconds: number = ds.spec?.minReadySeconds ?? 0;
          if (!err && !statusErr && minReadySeconds > 0) this.queue.addAfter(key, minReadySeconds * 1000);
          done(err ?? statusErr);
        });
      if (!this.expectations.satisfiedExpectations(key)) return afterUpdate();
      this.#updateDaemonSet(ds, nodes, hash, key, old ?? [], afterUpdate);
    });
  }

  /** upstream: updateDaemonSet: manage, the rolling update when manage changed nothing, cleanupHistory. */
  #updateDaemonSet(ds: KObject, nodes: readonly KObject[], hash: string, key: string, old: readonly KObject[], done: (err?: string) => void): void {
    const cleanup = (err?: string) => {
      if (err) return done(err);
      deleteControllerRevisions(this.client, historiesToCleanup(ds, old, this.#daemonPods(ds)), (cleanErr) => done(cleanErr && `failed to clean up revisions of DaemonSet: ${cleanErr}`));
    };
    this.#manage(ds, nodes, hash, (err) => {
      if (err) return done(err);
      if (!this.expectations.satisfiedExpectations(key) || ds.spec?.updateStrategy?.type !== 'RollingUpdate') return cleanup();
      const nodeToDaemonPods = this.#nodesToDaemonPods(ds);
      const desired = nodes.filter((n) => nodeShouldRunDaemonPod(n, ds).shouldRun).length;
      const toDelete = rollingUpdatePodsToDelete(ds, nodeToDaemonPods, hash, maxUnavailableCount(ds, desired), this.clock.now());
      this.#syncNodes(ds, toDelete, [], hash, cleanup);
    });
  }

  /** The DaemonSet's own pods, deleted terminal ones included (cleanupHistory's view). */
  #daemonPods(ds: KObject): KObject[] {
    return this.#podInformer.listNamespace(ds.metadata.namespace).filter((pod) => getControllerOf(pod)?.uid === ds.metadata.uid);
  }

  /** upstream: manage: which nodes need a pod, which pods must go. */
  #manage(ds: KObject, nodes: readonly KObject[], hash: string, done: (err?: string) => void): void {
    const nodeToDaemonPods = this.#nodesToDaemonPods(ds);
    const nodesNeedingDaemonPods: string[] = [];
    const podsToDelete: string[] = [];
    for (const node of nodes) {
      const { create, deletePods, failedPods } = podsShouldBeOnNode(node, nodeToDaemonPods.get(node.metadata.name) ?? [], ds);
      if (create) nodesNeedingDaemonPods.push(node.metadata.name);
      for (const pod of failedPods) this.#recorder.event(ds, 'Warning', 'FailedDaemonPod', `Found failed daemon pod ${pod.metadata.namespace}/${pod.metadata.name} on node ${node.metadata.name}, will try to kill it`);
      podsToDelete.push(...deletePods.map((p) => p.metadata.name));
    }
    // Pods whose node is gone. upstream leaves them to the pod garbage collector (PodGC), which this simulation lacks.
    const nodeNames = new Set(nodes.map((n) => n.metadata.name));
    for (const [node, pods] of nodeToDaemonPods) if (!nodeNames.has(node)) for (const p of pods) if (!p.metadata.deletionTimestamp) podsToDelete.push(p.metadata.name);
    this.#syncNodes(ds, podsToDelete, nodesNeedingDaemonPods, hash, done);
  }

  /** upstream: syncNodes: deletes and creates (at most burstReplicas each), under expectations. */
  #syncNodes(ds: KObject, podsToDelete: string[], nodesNeedingDaemonPods: string[], hash: string, done: (err?: string) => void): void {
    const key = keyOf(ds);
    const creates = nodesNeedingDaemonPods.slice(0, DAEMONSET_BURST_REPLICAS);
    const deletes = podsToDelete.slice(0, DAEMONSET_BURST_REPLICAS);
    if (creates.length === 0 && deletes.length === 0) return done();
    // Expect everything first: the pods' watch events may arrive before the answers.
    this.expectations.setExpectations(key, creates.length, deletes.map((n) => `${ds.metadata.namespace}/${n}`));
    let pendingParts = 2;
    let firstErr: string | undefined;
    const part = (err?: string) => {
      if (err) firstErr ??= err;
      if (--pendingParts === 0) done(firstErr);
    };
    const template = createPodTemplate(ds, hash);
    const ref = newControllerRef(ds, 'apps/v1', 'DaemonSet');
    let next = 0;
    slowStartBatch<string>(
      creates.length,
      SLOW_START_INITIAL_BATCH_SIZE,
      (cb) => {
        const nodeName = creates[next++];
        const pod = getPodFromTemplate(template, ds, ref);
        pod.spec.affinity = replaceDaemonSetPodNodeNameNodeAffinity(pod.spec.affinity, nodeName);
        this.client.create('pods', pod, (err, created) => {
          if (err || !created) {
            this.#event(ds, EVENTS.FailedCreate(err?.message ?? 'unknown error'));
            return cb(err?.message ?? 'unknown error');
          }
          this.#event(ds, EVENTS.SuccessfulCreate(created.metadata.name));
          cb();
        });
      },
      (successes, err) => {
        for (let n = successes; n < creates.length; n++) this.expectations.creationObserved(key);
        part(err);
      }
    );
    let pendingDeletes = deletes.length;
    if (pendingDeletes === 0) part();
    for (const name of deletes) {
      this.client.delete('pods', ds.metadata.namespace, name, {}, (err) => {
        if (err) {
          this.expectations.deletionObserved(key, `${ds.metadata.namespace}/${name}`);
          if (err.code !== 404) {
            this.#event(ds, EVENTS.FailedDelete(err.message));
            firstErr ??= err.message;
          }
        } else this.#event(ds, EVENTS.SuccessfulDelete(name));
        if (--pendingDeletes === 0) part();
      });
    }
  }

  #event(ds: KObject, [type, reason, message]: readonly ['Normal' | 'Warning', string, string]): void {
    this.#recorder.event(ds, type, reason, message);
  }

  /** upstream: updateDaemonSetStatus + storeDaemonSetStatus (retry once on a conflict). */
  #updateStatus(ds: KObject, nodes: readonly KObject[], hash: string, done: (err?: string) => void): void {
    const c = calculateDaemonSetStatus(ds, nodes, this.#nodesToDaemonPods(ds), hash, this.clock.now());
    const status: KObject = {
      ...(ds.status ?? {}),
      currentNumberScheduled: c.currentNumberScheduled,
      numberMisscheduled: c.numberMisscheduled,
      desiredNumberScheduled: c.desiredNumberScheduled,
      numberReady: c.numberReady,
      observedGeneration: ds.metadata.generation
    };
    // omitempty fields
    for (const f of ['updatedNumberScheduled', 'numberAvailable', 'numberUnavailable'] as const) {
      if (c[f] > 0) status[f] = c[f];
      else delete status[f];
    }
    if (JSON.stringify(status) === JSON.stringify(ds.status ?? {})) return done();
    const attempt = (cur: KObject, n: number): void => {
      this.client.updateStatus('daemonsets', { ...cur, status }, (err) => {
        if (!err) return done();
        if (n >= STATUS_UPDATE_RETRIES) return done(err.message);
        this.client.get('daemonsets', cur.metadata.namespace, cur.metadata.name, (getErr, fresh) => {
          if (getErr || !fresh) return done(getErr?.message ?? 'not found');
          attempt(fresh, n + 1);
        });
      });
    };
    attempt(ds, 0);
  }
}
