/**
 * A DaemonSet's history as ControllerRevisions, through the API: the revision of the current
 * template (made by snapshot, or an older equal one renumbered above the others on a rollback),
 * duplicates of it removed, old ones deleted.
 * upstream: pkg/controller/daemon/update.go (constructHistory, dedupCurHistories, snapshot,
 * cleanupHistory's deletes). The decisions are in update.ts.
 */
import type { KObject } from '../../apiserver/store';
import type { Client } from '../../client/client';
import { deleteControllerRevisions } from '../history/controller-history';
import { match, maxRevision, snapshot, splitHistories } from './update';
import { CONTROLLER_REVISION_HASH } from './util';

/**
 * upstream: constructHistory: the revision of the current template (made by snapshot, or the
 * newest equal one renumbered above the others: a rollback) and the old ones.
 */
export function constructHistory(client: Client, ds: KObject, histories: readonly KObject[], daemonPods: () => KObject[], done: (err: string | undefined, cur?: KObject, old?: KObject[]) => void): void {
  const { current, old } = splitHistories(ds, histories);
  const currRevision = maxRevision(old) + 1;
  if (current.length === 0) return createSnapshot(client, ds, currRevision, (err, cur) => done(err, cur, old));
  const keep = current[current.length - 1];
  dedupCurHistories(client, ds, keep, current.slice(0, -1), daemonPods, (dedupErr) => {
    if (dedupErr) return done(dedupErr);
    if ((keep.revision ?? 0) >= currRevision) return done(undefined, keep, old);
    client.update('controllerrevisions', { ...keep, revision: currRevision }, (err, updated) => done(err?.message, updated, old));
  });
}

/**
 * upstream: dedupCurHistories: several revisions hold the template (a race): the newest stays;
 * before each duplicate goes, every pod of the DaemonSet not labelled with the kept hash is
 * relabelled with it (upstream relabels them all, whatever revision they run).
 */
function dedupCurHistories(client: Client, ds: KObject, keep: KObject, duplicates: readonly KObject[], daemonPods: () => KObject[], done: (err?: string) => void): void {
  if (duplicates.length === 0) return done();
  const keepHash: string = keep.metadata.labels?.[CONTROLLER_REVISION_HASH] ?? '';
  const relabel = daemonPods().filter((pod) => pod.metadata.labels?.[CONTROLLER_REVISION_HASH] !== keepHash);
  const next = (n: number): void => {
    if (n >= relabel.length) return deleteControllerRevisions(client, [duplicates[0]], (err) => (err ? done(err) : dedupCurHistories(client, ds, keep, duplicates.slice(1), daemonPods, done)));
    const pod = relabel[n];
    client.patch('pods', pod.metadata.namespace, pod.metadata.name, { metadata: { labels: { [CONTROLLER_REVISION_HASH]: keepHash } } }, 'strategic', (err) => (err && err.code !== 404 ? done(err.message) : next(n + 1)));
  };
  next(0);
}

/**
 * upstream: snapshot: create the revision; a name already taken by the same template is it, by
 * another (a hash collision) bumps status.collisionCount and fails this sync (the next one
 * hashes again).
 */
function createSnapshot(client: Client, ds: KObject, revision: number, done: (err: string | undefined, cur?: KObject) => void): void {
  const history = snapshot(ds, revision);
  client.create('controllerrevisions', history, (err, created) => {
    if (!err) return done(undefined, created);
    if (err.code !== 409) return done(err.message);
    client.get('controllerrevisions', ds.metadata.namespace, history.metadata.name, (getErr, existing) => {
      if (getErr || !existing) return done(getErr?.message ?? 'not found');
      if (match(ds, existing)) return done(undefined, existing);
      client.get('daemonsets', ds.metadata.namespace, ds.metadata.name, (dsErr, currDS) => {
        if (dsErr || !currDS) return done(dsErr?.message ?? 'not found');
        if ((currDS.status?.collisionCount ?? 0) !== (ds.status?.collisionCount ?? 0)) {
          return done(`found a stale collision count (${ds.status?.collisionCount ?? 0}, expected ${currDS.status?.collisionCount ?? 0}) of DaemonSet "${ds.metadata.name}" while processing; will retry until it is updated`);
        }
        const status = { ...(currDS.status ?? {}), collisionCount: (currDS.status?.collisionCount ?? 0) + 1 };
        client.updateStatus('daemonsets', { ...currDS, status }, (updateErr) => done(updateErr?.message ?? err.message));
      });
    });
  });
}
