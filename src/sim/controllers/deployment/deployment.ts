/**
 * The Deployment controller: owns one ReplicaSet per pod template (named `<deployment>-<hash>`)
 * and moves replicas from the old ones to the new one: all at once (Recreate) or within
 * maxSurge / maxUnavailable (RollingUpdate). Scaling a Deployment scales its current ReplicaSet.
 * upstream: pkg/controller/deployment (deployment_controller.go syncDeployment, sync.go
 * getAllReplicaSetsAndSyncRevision/scale/syncDeploymentStatus, rolling.go rolloutRolling,
 * recreate.go rolloutRecreate, progress.go), pkg/controller/deployment/util/deployment_util.go
 */
import type { KObject } from '../../apiserver/store';
import type { Client } from '../../client/client';
import { EventRecorder } from '../../client/events';
import type { SharedInformer, SharedInformerFactory } from '../../client/informer';
import { RateLimitingQueue } from '../../client/workqueue';
import type { SimClock } from '../../kernel/clock';
import { parseTimestamp, timestamp } from '../../kernel/clock';
import type { TraceInput } from '../../kernel/trace';
import { availableReplicas, computeHash, newRSNewReplicas, resolveFenceposts } from './util';
import { cloneJSON } from '../../api/canonical';

export const DEPLOYMENT_CONTROLLER = 'deployment-controller';
const REVISION = 'deployment.kubernetes.io/revision';

export class DeploymentController {
  readonly queue: RateLimitingQueue;
  #deployments: SharedInformer;
  #rss: SharedInformer;
  #recorder: EventRecorder;
  /** Requests in flight per Deployment: it is synced again once they are answered. */
  #inFlight = new Map<string, number>();

  constructor(
    readonly client: Client,
    factory: SharedInformerFactory,
    readonly clock: SimClock,
    readonly trace: (e: TraceInput) => void
  ) {
    this.#recorder = new EventRecorder(client, { component: DEPLOYMENT_CONTROLLER }, () => clock.now());
    this.queue = new RateLimitingQueue((ms, fn) => clock.after(ms, fn), () => clock.after(0, () => this.#drain()));
    this.#deployments = factory.informer('deployments');
    this.#rss = factory.informer('replicasets');
    this.#deployments.addEventHandler({
      add: (d) => this.queue.add(key(d)),
      update: (_o, d) => this.queue.add(key(d)),
      delete: (d) => this.queue.add(key(d))
    });
    const owner = (rs: KObject) => {
      const ref = (rs.metadata.ownerReferences ?? []).find((r: KObject) => r.controller && r.kind === 'Deployment');
      if (ref) this.queue.add(`${rs.metadata.namespace}/${ref.name}`);
    };
    this.#rss.addEventHandler({ add: owner, update: (_o, rs) => owner(rs), delete: owner });
  }

  #drain(): void {
    if (!this.#deployments.hasSynced || !this.#rss.hasSynced) {
      this.clock.after(100, () => this.#drain());
      return;
    }
    for (let k = this.queue.get(); k !== undefined; k = this.queue.get()) {
      try {
        this.#sync(k);
        this.queue.forget(k);
      } finally {
        this.queue.done(k);
      }
    }
  }

  /** Sends a request on behalf of a Deployment and resyncs it when answered. */
  #send(k: string, send: (done: (err: unknown) => void) => void): void {
    this.#inFlight.set(k, (this.#inFlight.get(k) ?? 0) + 1);
    send((err) => {
      this.#inFlight.set(k, this.#inFlight.get(k)! - 1);
      if (err) this.queue.addRateLimited(k);
      else this.queue.add(k);
    });
  }

  #sync(k: string): void {
    if ((this.#inFlight.get(k) ?? 0) > 0) return;
    const [ns, name] = k.split('/');
    const d = this.#deployments.get(ns, name);
    if (!d || d.metadata.deletionTimestamp) return;
    const owned = this.#rss.listNamespace(ns).filter((rs) => (rs.metadata.ownerReferences ?? []).some((r: KObject) => r.controller && r.uid === d.metadata.uid));
    const hash = computeHash(d.spec.template, d.status?.collisionCount);
    const newRS = owned.find((rs) => rs.metadata.labels?.['pod-template-hash'] === hash && !rs.metadata.deletionTimestamp);
    const oldRSs = owned.filter((rs) => rs !== newRS);
    const replicas: number = d.spec.replicas ?? 1;

    if (newRS) {
      // upstream: sync.go getNewReplicaSet -> SetNewReplicaSetAnnotations: a ReplicaSet whose
      // template comes back (rollout undo) becomes the newest revision again.
      const maxOld = Math.max(0, ...oldRSs.map((rs) => Number(rs.metadata.annotations?.[REVISION] ?? 0)));
      if (Number(newRS.metadata.annotations?.[REVISION] ?? 0) <= maxOld) return this.#setRevision(k, d, newRS, String(maxOld + 1));
    }
    if (!newRS) {
      if (d.spec.paused) return this.#syncStatus(k, d, owned, undefined);
      return this.#createNewRS(k, d, hash, oldRSs);
    }
    if (d.spec.paused) return this.#syncStatus(k, d, owned, newRS);

    const oldActive = oldRSs.filter((rs) => (rs.spec?.replicas ?? 0) > 0);
    if (d.spec.strategy?.type === 'Recreate') {
      // upstream: rolloutRecreate: old ReplicaSets to 0, wait for their pods to go, then scale up the new one.
      if (oldActive.length > 0) return oldActive.forEach((rs) => this.#scale(k, d, rs, 0));
      if (oldRSs.some((rs) => (rs.status?.replicas ?? 0) > 0)) return this.#syncStatus(k, d, owned, newRS);
      if ((newRS.spec?.replicas ?? 0) !== replicas) return this.#scale(k, d, newRS, replicas);
      return this.#syncStatus(k, d, owned, newRS);
    }
    if (oldActive.length === 0) {
      // No rollout in progress: a scaling event (upstream: sync -> scale).
      if ((newRS.spec?.replicas ?? 0) !== replicas) return this.#scale(k, d, newRS, replicas);
      return this.#syncStatus(k, d, owned, newRS);
    }
    // upstream: rolloutRolling: reconcileNewReplicaSet, then reconcileOldReplicaSets.
    const target = newRSNewReplicas(d, owned, newRS);
    if (target !== (newRS.spec?.replicas ?? 0)) return this.#scale(k, d, newRS, target);
    const { maxUnavailable } = resolveFenceposts(d);
    const minAvailable = replicas - maxUnavailable;
    const allPods = owned.reduce((n, rs) => n + (rs.spec?.replicas ?? 0), 0);
    const newUnavailable = (newRS.spec?.replicas ?? 0) - (newRS.status?.availableReplicas ?? 0);
    let budget = allPods - minAvailable - newUnavailable;
    if (budget > 0) {
      const oldest = [...oldActive].sort((a, b) => String(a.metadata.creationTimestamp).localeCompare(String(b.metadata.creationTimestamp)));
      for (const rs of oldest) {
        if (budget <= 0) break;
        const down = Math.min(budget, rs.spec.replicas);
        budget -= down;
        this.#scale(k, d, rs, rs.spec.replicas - down);
      }
      return;
    }
    this.#syncStatus(k, d, owned, newRS);
  }

  #createNewRS(k: string, d: KObject, hash: string, oldRSs: KObject[]): void {
    const revision = Math.max(0, ...oldRSs.map((rs) => Number(rs.metadata.annotations?.[REVISION] ?? 0))) + 1;
    const template = cloneJSON(d.spec.template);
    template.metadata = { ...(template.metadata ?? {}), labels: { ...(template.metadata?.labels ?? {}), 'pod-template-hash': hash } };
    const rs: KObject = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: {
        name: `${d.metadata.name}-${hash}`,
        namespace: d.metadata.namespace,
        labels: template.metadata.labels,
        annotations: { 'deployment.kubernetes.io/desired-replicas': String(d.spec.replicas ?? 1), 'deployment.kubernetes.io/max-replicas': String((d.spec.replicas ?? 1) + resolveFenceposts(d).maxSurge), [REVISION]: String(revision) },
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: d.metadata.name, uid: d.metadata.uid, controller: true, blockOwnerDeletion: true }]
      },
      spec: {
        replicas: 0,
        minReadySeconds: d.spec.minReadySeconds ?? 0,
        selector: { ...d.spec.selector, matchLabels: { ...(d.spec.selector?.matchLabels ?? {}), 'pod-template-hash': hash } },
        template
      }
    };
    rs.spec.replicas = newRSNewReplicas(d, oldRSs, rs);
    if (d.spec.strategy?.type === 'Recreate' && oldRSs.some((o) => (o.spec?.replicas ?? 0) > 0 || (o.status?.replicas ?? 0) > 0)) rs.spec.replicas = 0;
    this.trace({ component: DEPLOYMENT_CONTROLLER, kind: 'deployment.newReplicaSet', namespace: d.metadata.namespace, name: rs.metadata.name, replicas: rs.spec.replicas });
    this.#send(k, (done) =>
      this.client.create('replicasets', rs, (err) => {
        if (!err) {
          if (rs.spec.replicas > 0) this.#recorder.event(d, 'Normal', 'ScalingReplicaSet', `Scaled up replica set ${rs.metadata.name} to ${rs.spec.replicas} from 0`);
          this.client.patch('deployments', d.metadata.namespace, d.metadata.name, { metadata: { annotations: { [REVISION]: String(revision) } } }, 'merge');
        }
        done(err);
      })
    );
  }

  #setRevision(k: string, d: KObject, rs: KObject, revision: string): void {
    this.#send(k, (done) =>
      this.client.patch('replicasets', rs.metadata.namespace, rs.metadata.name, { metadata: { annotations: { [REVISION]: revision } } }, 'merge', (err) => {
        if (!err) this.client.patch('deployments', d.metadata.namespace, d.metadata.name, { metadata: { annotations: { [REVISION]: revision } } }, 'merge');
        done(err);
      })
    );
  }

  #scale(k: string, d: KObject, rs: KObject, to: number): void {
    const from = rs.spec?.replicas ?? 0;
    if (from === to) return;
    this.trace({ component: DEPLOYMENT_CONTROLLER, kind: 'deployment.scale', namespace: rs.metadata.namespace, name: rs.metadata.name, from, to });
    this.#send(k, (done) =>
      this.client.patch('replicasets', rs.metadata.namespace, rs.metadata.name, { spec: { replicas: to }, metadata: { annotations: { 'deployment.kubernetes.io/desired-replicas': String(d.spec.replicas ?? 1) } } }, 'merge', (err) => {
        // upstream: "Scaled up replica set %s to %d from %d" / "Scaled down ..."
        if (!err) this.#recorder.event(d, 'Normal', 'ScalingReplicaSet', `Scaled ${to > from ? 'up' : 'down'} replica set ${rs.metadata.name} to ${to} from ${from}`);
        done(err);
      })
    );
  }

  /** upstream: calculateStatus + the Available and Progressing conditions. */
  /** When each Deployment's progress deadline next comes up (one timer per deadline). */
  #deadlineTimers = new Map<string, number>();

  #syncStatus(k: string, d: KObject, all: KObject[], newRS: KObject | undefined): void {
    const replicas = d.spec.replicas ?? 1;
    const { maxUnavailable } = resolveFenceposts(d);
    const available = availableReplicas(all);
    const total = all.reduce((n, rs) => n + (rs.spec?.replicas ?? 0), 0);
    const now = timestamp(this.clock.now());
    const prev: KObject[] = d.status?.conditions ?? [];
    const cond = (type: string, status: string, reason: string, message: string) => {
      const old = prev.find((c) => c.type === type);
      const same = old && old.status === status && old.reason === reason;
      return { type, status, lastUpdateTime: same && old.message === message ? old.lastUpdateTime : now, lastTransitionTime: old && old.status === status ? old.lastTransitionTime : now, reason, message };
    };
    const isAvailable = available >= replicas - maxUnavailable;
    const status: KObject = {
      observedGeneration: d.metadata.generation,
      replicas: all.reduce((n, rs) => n + (rs.status?.replicas ?? 0), 0),
      updatedReplicas: newRS?.status?.replicas ?? 0,
      readyReplicas: all.reduce((n, rs) => n + (rs.status?.readyReplicas ?? 0), 0),
      availableReplicas: available,
      unavailableReplicas: Math.max(0, total - available),
      conditions: []
    };
    status.conditions = [
      isAvailable ? cond('Available', 'True', 'MinimumReplicasAvailable', 'Deployment has minimum availability.') : cond('Available', 'False', 'MinimumReplicasUnavailable', 'Deployment does not have minimum availability.'),
      this.#progressing(d, status, newRS, prev.find((c) => c.type === 'Progressing'), cond, now)
    ];
    for (const f of ['replicas', 'updatedReplicas', 'readyReplicas', 'availableReplicas', 'unavailableReplicas']) if (status[f] === 0) delete status[f];
    if (d.status?.collisionCount !== undefined) status.collisionCount = d.status.collisionCount;
    this.#requeueAtDeadline(k, d, status);
    if (JSON.stringify(status) === JSON.stringify(d.status ?? {})) return;
    this.#send(k, (done) => this.client.updateStatus('deployments', { ...d, status }, (err) => done(err?.code === 409 ? undefined : err)));
  }

  /**
   * The Progressing condition. upstream: progress.go syncRolloutStatus: complete -> NewReplicaSetAvailable;
   * any progress (more updated, ready or available replicas, fewer old ones) -> ReplicaSetUpdated
   * with a fresh lastUpdateTime; no progress for progressDeadlineSeconds (600) since that time ->
   * ProgressDeadlineExceeded, status False; otherwise the condition stays as it was. Paused:
   * DeploymentPaused, Unknown (util.go).
   */
  #progressing(d: KObject, next: KObject, newRS: KObject | undefined, current: KObject | undefined, cond: (type: string, status: string, reason: string, message: string) => KObject, now: string): KObject {
    if (d.spec.paused || !newRS) return cond('Progressing', 'Unknown', 'DeploymentPaused', 'Deployment is paused');
    const name = newRS.metadata.name;
    const replicas = d.spec.replicas ?? 1;
    const old = d.status ?? {};
    const complete = (next.updatedReplicas ?? 0) === replicas && (next.replicas ?? 0) === replicas && (next.availableReplicas ?? 0) === replicas && next.observedGeneration >= d.metadata.generation;
    if (complete) return cond('Progressing', 'True', 'NewReplicaSetAvailable', `ReplicaSet "${name}" has successfully progressed.`);
    const oldReplicas = (s: KObject) => (s.replicas ?? 0) - (s.updatedReplicas ?? 0);
    const progressed =
      (next.updatedReplicas ?? 0) > (old.updatedReplicas ?? 0) ||
      oldReplicas(next) < oldReplicas(old) ||
      (next.readyReplicas ?? 0) > (old.readyReplicas ?? 0) ||
      (next.availableReplicas ?? 0) > (old.availableReplicas ?? 0);
    if (progressed || !current || current.reason === 'DeploymentPaused' || current.reason === 'NewReplicaSetAvailable') {
      return {
        type: 'Progressing',
        status: 'True',
        lastUpdateTime: now,
        lastTransitionTime: current?.status === 'True' ? current.lastTransitionTime : now,
        reason: 'ReplicaSetUpdated',
        message: `ReplicaSet "${name}" is progressing.`
      };
    }
    if (this.#timedOut(d, current)) return cond('Progressing', 'False', 'ProgressDeadlineExceeded', `ReplicaSet "${name}" has timed out progressing.`);
    return current;
  }

  /** upstream: util.DeploymentTimedOut. */
  #timedOut(d: KObject, progressing: KObject | undefined): boolean {
    const deadline = d.spec.progressDeadlineSeconds;
    if (deadline === undefined || deadline === null || deadline >= 2147483647 || !progressing) return false;
    if (progressing.reason === 'NewReplicaSetAvailable') return false;
    if (progressing.reason === 'ProgressDeadlineExceeded') return true;
    return (parseTimestamp(progressing.lastUpdateTime) ?? 0) + deadline * 1000 < this.clock.now();
  }

  /** upstream: syncRolloutStatus requeues the Deployment when its progress deadline would pass. */
  #requeueAtDeadline(k: string, d: KObject, status: KObject): void {
    const progressing = (status.conditions as KObject[]).find((c) => c.type === 'Progressing');
    const deadline = d.spec.progressDeadlineSeconds;
    if (!progressing || progressing.status !== 'True' || progressing.reason !== 'ReplicaSetUpdated' || typeof deadline !== 'number') return;
    const at = (parseTimestamp(progressing.lastUpdateTime) ?? 0) + deadline * 1000 + 1000;
    if (this.#deadlineTimers.get(k) === at) return;
    this.#deadlineTimers.set(k, at);
    this.clock.at(at, () => {
      if (this.#deadlineTimers.get(k) === at) this.#deadlineTimers.delete(k);
      this.queue.add(k);
    });
  }
}


function key(o: KObject): string {
  return `${o.metadata.namespace}/${o.metadata.name}`;
}
