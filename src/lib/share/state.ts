/**
 * The playground's state as data: what a share link, a `.kubarium` file and the autosave hold.
 * A cluster is a function of its seed, its boot options and the inputs it was given (the InputLog,
 * src/sim/cluster/input-log.ts), so this is all it takes to rebuild the same cluster at the same
 * moment: boot from the seed, replay the log, run on to `t`.
 *
 * `validateState` is the one gate every state passes through from outside (a link, a file, the
 * database): anything else gets a ShareError in the reader's terms, never a broken page.
 */
import type { InputEntry } from '../../sim/cluster/input-log';
import type { WorkerNodeConfig } from '../../sim/cluster/config';

/** The format version this build writes and reads. A link from a newer build says so. */
export const STATE_VERSION = 1;

export interface PlaygroundState {
  version: typeof STATE_VERSION;
  seed: number;
  /** Worker nodes besides the control plane (`?workers=N`); nodes.length when `nodes` is set. */
  workers: number;
  /** A lesson's named workers (sizes, KubeletConfiguration), instead of `workers`. */
  nodes?: WorkerNodeConfig[];
  /** A lesson's KubeSchedulerConfiguration (YAML). */
  schedulerConfig?: string;
  /** The lesson open beside the map, if any (its id). */
  lesson?: string;
  /** Every input of the live cluster since it booted, in order. */
  log: InputEntry[];
  /** The virtual time (ms since boot) the state is at. */
  t: number;
}

/** A state that cannot be read, with a message for the reader. */
export class ShareError extends Error {
  override name = 'ShareError';
}

const MAX_WORKERS = 1000;
const MAX_SCRIPT_CHARS = 1_000_000;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

function entryOf(raw: unknown, i: number, after: number): InputEntry {
  const bad = (why: string) => new ShareError(`The saved playground is damaged: input ${i + 1} ${why}.`);
  if (!isRecord(raw)) throw bad('is not an object');
  const { kind, t } = raw;
  if (!isTime(t)) throw bad('has no valid time');
  if (t < after) throw bad('comes before the one ahead of it');
  if (kind === 'advance' || kind === 'interrupt') return { kind, t };
  if (kind !== 'exec') throw bad(`is of an unknown kind ${JSON.stringify(String(kind)).slice(0, 40)}`);
  const { end, script, haltAt } = raw;
  if (!isTime(end) || end < t) throw bad('(a command) has no valid end time');
  if (typeof script !== 'string' || script.length > MAX_SCRIPT_CHARS) throw bad('(a command) has no valid script');
  if (haltAt !== undefined && (!isTime(haltAt) || haltAt < t)) throw bad('(a command) has an invalid cut');
  return { kind, t, end, script, ...(haltAt !== undefined ? { haltAt } : {}) };
}

/** The latest virtual time the inputs reach (as InputLog.end). */
function logEnd(log: readonly InputEntry[]): number {
  const last = log.at(-1);
  if (!last) return 0;
  return last.kind === 'exec' ? (last.haltAt ?? last.end) : last.t;
}

/** Checks a parsed state field by field; returns a clean copy (unknown fields dropped). */
export function validateState(raw: unknown): PlaygroundState {
  if (!isRecord(raw)) throw new ShareError('This is not a kubarium playground: it holds no state.');
  const { version } = raw;
  if (typeof version !== 'number' || !Number.isInteger(version)) throw new ShareError('This is not a kubarium playground: it has no format version.');
  if (version > STATE_VERSION) throw new ShareError(`This playground was saved by a newer kubarium (format ${version}); this one reads format ${STATE_VERSION}. Reload the page to get the latest version.`);
  if (version < 1) throw new ShareError(`This playground's format (${version}) is unknown.`);
  const { seed, workers, nodes, schedulerConfig, lesson, log, t } = raw;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed) || seed < 0) throw new ShareError('The saved playground is damaged: its seed is not a whole number.');
  if (typeof workers !== 'number' || !Number.isInteger(workers) || workers < 0 || workers > MAX_WORKERS) throw new ShareError(`The saved playground is damaged: its worker count is not 0..${MAX_WORKERS}.`);
  if (nodes !== undefined && !(Array.isArray(nodes) && nodes.length <= MAX_WORKERS && nodes.every((n) => isRecord(n) && typeof n.name === 'string' && n.name.length > 0))) {
    throw new ShareError('The saved playground is damaged: its nodes are not a list of named nodes.');
  }
  if (schedulerConfig !== undefined && typeof schedulerConfig !== 'string') throw new ShareError('The saved playground is damaged: its scheduler configuration is not text.');
  if (lesson !== undefined && (typeof lesson !== 'string' || !/^[a-z0-9][-a-z0-9]*$/.test(lesson))) throw new ShareError('The saved playground is damaged: its lesson is not a lesson id.');
  if (!Array.isArray(log)) throw new ShareError('The saved playground is damaged: it has no list of inputs.');
  const entries: InputEntry[] = [];
  let after = 0;
  for (const [i, e] of log.entries()) {
    const entry = entryOf(e, i, after);
    entries.push(entry);
    after = logEnd(entries);
  }
  if (!isTime(t) || t < after) throw new ShareError('The saved playground is damaged: its time is before its last input.');
  return {
    version: STATE_VERSION,
    seed,
    workers,
    ...(nodes !== undefined ? { nodes: structuredClone(nodes) as WorkerNodeConfig[] } : {}),
    ...(schedulerConfig !== undefined ? { schedulerConfig } : {}),
    ...(lesson !== undefined ? { lesson } : {}),
    log: entries,
    t
  };
}
