/**
 * ControllerRevision helpers shared by the StatefulSet and DaemonSet controllers: a revision holds
 * a strategic merge patch that puts the set's pod template back (`{"spec":{"template":{...,
 * "$patch":"replace"}}}`), a number (`revision`) and an owner (the set, as controller).
 * upstream: pkg/controller/history/controller_history.go (ControllerRevisionName,
 * NewControllerRevision, HashControllerRevision, SortControllerRevisions, EqualRevision,
 * FindEqualRevisions, realHistory.CreateControllerRevision / UpdateControllerRevision),
 * pkg/controller/statefulset/stateful_set_utils.go (nextRevision); the patch a revision holds is
 * api/controller-revision.ts.
 */
import type { KObject } from '../../apiserver/store';
import type { Client } from '../../client/client';
import { canonicalJSON, cloneJSON } from '../../api/canonical';
import { revisionTemplate, templatePatch } from '../../api/controller-revision';
import { parseTimestamp } from '../../kernel/clock';
import { safeEncodeString } from '../deployment/util';
import { getControllerOf, newControllerRef } from '../replicaset/controller-ref-manager';

export { revisionTemplate };

/** upstream: history.ControllerRevisionHashLabel. */
export const CONTROLLER_REVISION_HASH_LABEL = 'controller.kubernetes.io/hash';

/** upstream: ControllerRevisionName: the parent's name (at most 223 characters), a dash, the hash. */
export function controllerRevisionName(prefix: string, hash: string): string {
  return `${prefix.length > 223 ? prefix.slice(0, 223) : prefix}-${hash}`;
}

/** upstream: getPatch (statefulset and daemon): see api/controller-revision. */
export const getPatch = templatePatch;

/** UTF-8 bytes of a string (FNV hashes bytes, as Go's hash.Write does). */
function utf8(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}

/**
 * upstream: HashControllerRevision: FNV-1 (32 bit) over the revision's data and the collision
 * count, printed in decimal and safe-encoded.
 */
export function hashControllerRevision(data: KObject, probe?: number): string {
  let h = 0x811c9dc5;
  const write = (bytes: Uint8Array) => {
    for (const b of bytes) {
      h = Math.imul(h, 0x01000193) >>> 0;
      h = (h ^ b) >>> 0;
    }
  };
  write(utf8(canonicalJSON(data)));
  if (probe !== undefined) write(utf8(String(probe)));
  return safeEncodeString(String(h));
}

/**
 * upstream: NewControllerRevision: labelled with the template's labels and the hash, owned by the
 * parent (controller reference), named PARENT-<hash of data and collisionCount>.
 */
export function newControllerRevision(parent: KObject, apiVersion: string, kind: string, templateLabels: Record<string, string> | undefined, data: KObject, revision: number, collisionCount: number): KObject {
  const hash = hashControllerRevision(data, collisionCount);
  return {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: controllerRevisionName(parent.metadata.name, hash),
      namespace: parent.metadata.namespace,
      labels: { ...(templateLabels ?? {}), [CONTROLLER_REVISION_HASH_LABEL]: hash },
      ownerReferences: [newControllerRef(parent, apiVersion, kind)]
    },
    data,
    revision
  };
}

/** The revisions in `all` whose controller is `parent` (upstream: ListRevisions / controlledHistories, without adoption). */
export function ownedRevisions(all: readonly KObject[], parent: KObject): KObject[] {
  return all.filter((cr) => cr.metadata.namespace === parent.metadata.namespace && getControllerOf(cr)?.uid === parent.metadata.uid);
}

/** upstream: byRevision: by revision, then creation time, then name. */
export function sortControllerRevisions(revisions: KObject[]): KObject[] {
  return revisions.sort((a, b) => {
    if ((a.revision ?? 0) !== (b.revision ?? 0)) return (a.revision ?? 0) - (b.revision ?? 0);
    const ta = parseTimestamp(a.metadata.creationTimestamp) ?? 0;
    const tb = parseTimestamp(b.metadata.creationTimestamp) ?? 0;
    if (ta !== tb) return ta - tb;
    return a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0;
  });
}

/** upstream: EqualRevision: the same data (the hash labels are not numbers, so only the data counts). */
export function equalRevision(a: KObject | undefined, b: KObject | undefined): boolean {
  if (!a || !b) return a === b;
  return canonicalJSON(a.data ?? null) === canonicalJSON(b.data ?? null);
}

/** upstream: FindEqualRevisions. */
export function findEqualRevisions(revisions: readonly KObject[], needle: KObject): KObject[] {
  return revisions.filter((r) => equalRevision(r, needle));
}

/** upstream: nextRevision: one more than the highest revision of the sorted list, 1 for none. */
export function nextRevision(sorted: readonly KObject[]): number {
  return sorted.length === 0 ? 1 : (sorted[sorted.length - 1].revision ?? 0) + 1;
}

/**
 * upstream: realHistory.CreateControllerRevision: create it; when the name is taken by the same
 * data the existing one is it, by other data (a hash collision) the collision count goes up and
 * the name is computed again. `done` receives the collision count that was used.
 */
export function createControllerRevision(client: Client, parent: KObject, revision: KObject, collisionCount: number, done: (err: string | undefined, created: KObject | undefined, collisionCount: number) => void): void {
  const attempt = (count: number): void => {
    const clone: KObject = cloneJSON(revision);
    clone.metadata.name = controllerRevisionName(parent.metadata.name, hashControllerRevision(revision.data, count));
    clone.metadata.namespace = parent.metadata.namespace;
    client.create('controllerrevisions', clone, (err, created) => {
      if (err?.code !== 409) return done(err?.message, created, count);
      client.get('controllerrevisions', clone.metadata.namespace, clone.metadata.name, (getErr, exists) => {
        if (getErr || !exists) return done(getErr?.message ?? 'not found', undefined, count);
        if (equalRevision(exists, clone)) return done(undefined, exists, count);
        attempt(count + 1);
      });
    });
  };
  attempt(collisionCount);
}

/** upstream: realHistory.UpdateControllerRevision: give a revision a new number (a rollback reuses it). */
export function updateControllerRevision(client: Client, revision: KObject, newRevision: number, done: (err: string | undefined, updated: KObject | undefined) => void): void {
  if (revision.revision === newRevision) return done(undefined, revision);
  client.update('controllerrevisions', { ...revision, revision: newRevision }, (err, updated) => done(err?.message, updated));
}

/** upstream: realHistory.DeleteControllerRevision, for each in turn (one already gone is no error). */
export function deleteControllerRevisions(client: Client, revisions: readonly KObject[], done: (err?: string) => void): void {
  if (revisions.length === 0) return done();
  const [first, ...rest] = revisions;
  client.delete('controllerrevisions', first.metadata.namespace, first.metadata.name, {}, (err) => {
    if (err && err.code !== 404) return done(err.message);
    deleteControllerRevisions(client, rest, done);
  });
}
