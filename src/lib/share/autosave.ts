/**
 * The autosave: the playground's state in IndexedDB (a tiny wrapper: one database, one store,
 * one key per save), so a reload rebuilds the same cluster at the same moment. Storage that is
 * missing or throws (a sandboxed iframe, private mode, a full disk) only means "not saved":
 * every function here resolves, never rejects.
 */
import { validateState, type PlaygroundState } from './state';

const DB_NAME = 'kubarium';
const STORE = 'playground';
/** The key of the automatic save (named snapshots would sit beside it). */
export const AUTOSAVE_KEY = 'autosave';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

let opened: Promise<IDBDatabase | undefined> | undefined;

/** The database, or undefined where there is no usable IndexedDB. */
function database(): Promise<IDBDatabase | undefined> {
  opened ??= (async () => {
    try {
      if (typeof indexedDB === 'undefined') return undefined;
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      return await request(req);
    } catch {
      return undefined;
    }
  })();
  return opened;
}

/** Saves `state` under `key`; false when it could not be saved. */
export async function saveState(state: PlaygroundState, key = AUTOSAVE_KEY): Promise<boolean> {
  try {
    const db = await database();
    if (!db) return false;
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put(state, key);
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('not saved'));
    });
    return true;
  } catch {
    return false;
  }
}

/** The state saved under `key`, or undefined (none, unreadable, or from a format this build does not read). */
export async function loadState(key = AUTOSAVE_KEY): Promise<PlaygroundState | undefined> {
  try {
    const db = await database();
    if (!db) return undefined;
    const raw = await request(db.transaction(STORE, 'readonly').objectStore(STORE).get(key));
    return raw === undefined ? undefined : validateState(raw);
  } catch {
    return undefined;
  }
}

export async function deleteState(key = AUTOSAVE_KEY): Promise<void> {
  try {
    const db = await database();
    if (!db) return;
    await request(db.transaction(STORE, 'readwrite').objectStore(STORE).delete(key));
  } catch {
    // nothing saved to forget
  }
}

/**
 * Saves the playground when it changed, at most once per `everyMs` (the page calls `changed()`
 * after each command and on its clock's ticks). `read` gives the state to save (undefined: not
 * now, e.g. while viewing the past); `onresult` learns whether saves succeed (the page's small note).
 */
export class Autosaver {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #last = '';
  #stopped = false;

  constructor(
    readonly read: () => Promise<PlaygroundState | undefined>,
    readonly onresult: (saved: boolean) => void,
    readonly everyMs = 2000
  ) {}

  /** Something changed: save within `everyMs` (several changes make one save). */
  changed(): void {
    if (this.#stopped || this.#timer !== undefined) return;
    this.#timer = setTimeout(() => void this.flush(), this.everyMs);
  }

  /** Saves now if the state differs from the last one saved. */
  async flush(): Promise<void> {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#stopped) return;
    let state: PlaygroundState | undefined;
    try {
      state = await this.read();
    } catch {
      return; // the cluster is rebooting or gone: the next change saves
    }
    if (!state || this.#stopped) return;
    const text = JSON.stringify(state);
    if (text === this.#last) return;
    const saved = await saveState(state);
    if (saved) this.#last = text;
    this.onresult(saved);
  }

  /** Forgets the last save (a new cluster: its first state is saved even if it equals an old one). */
  reset(): void {
    this.#last = '';
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
  }
}

const SNAPSHOT_PREFIX = 'snapshot:';

export interface SnapshotInfo {
  name: string;
  /** Its virtual time. */
  t: number;
}

/** Saves the state as a named snapshot (replacing one of the same name); false when not saved. */
export function saveSnapshot(name: string, state: PlaygroundState): Promise<boolean> {
  return saveState(state, SNAPSHOT_PREFIX + name);
}

export function loadSnapshot(name: string): Promise<PlaygroundState | undefined> {
  return loadState(SNAPSHOT_PREFIX + name);
}

export function deleteSnapshot(name: string): Promise<void> {
  return deleteState(SNAPSHOT_PREFIX + name);
}

/** The named snapshots, by name (none where storage is off). */
export async function listSnapshots(): Promise<SnapshotInfo[]> {
  try {
    const db = await database();
    if (!db) return [];
    const store = db.transaction(STORE, 'readonly').objectStore(STORE);
    const range = IDBKeyRange.bound(SNAPSHOT_PREFIX, SNAPSHOT_PREFIX + '\uffff');
    const [keys, values] = await Promise.all([request(store.getAllKeys(range)), request(store.getAll(range))]);
    return keys
      .map((k, i) => ({ name: String(k).slice(SNAPSHOT_PREFIX.length), t: typeof values[i]?.t === 'number' ? values[i].t : 0 }))
      .sort((a, b) => a.name.localeCompare(b.name));
  } catch {
    return [];
  }
}
