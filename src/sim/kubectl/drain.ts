/**
 * `kubectl drain NODE`: cordons the node, then evicts (or, with --disable-eviction, deletes) every
 * pod on it that the filters allow (drain-filters.ts), retrying every 5 s while a
 * PodDisruptionBudget answers 429, and waits for each pod to be gone. The real command runs one
 * goroutine per pod; here each pod is a small state machine stepped in a fixed order while
 * virtual time runs (ctx.waitFor, 1 s steps), so the output is deterministic.
 *
 * Output: the console shows stdout then stderr, so the lines kubectl writes to stderr while it
 * works (`Warning: ...`, `error when evicting ... (will retry after 5s)`) go to stdout here, where
 * they stay between the lines they appear between in a terminal. The closing errors stay on stderr.
 *
 * `--timeout=0` (the default) waits forever upstream; the CLI stops after DRAIN_FOREVER_MS of
 * virtual time and prints what kubectl prints when its (MaxInt64) global timeout is reached.
 *
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/drain/drain.go (NewCmdDrain, Complete, RunDrain,
 * deleteOrEvictPodsSimple, onPodDeletedOrEvicted), staging/src/k8s.io/kubectl/pkg/drain/drain.go
 * (GetPodsForDeletion, DeleteOrEvictPods, evictPods, deletePods, waitForDelete, EvictPod, DeletePod).
 */
import type { KObject } from '../apiserver/store';
import { resourceByName } from '../api/resources';
import { parseSelector } from '../api/labels';
import { formatDuration } from '../kernel/clock';
import { DRY_RUN_FLAG, KubectlError, dryRunStrategy, fail, failStatus, usageError, type CommandSpec, type Invocation } from './command';
import { nodesFor, runCordonOrUncordon } from './node';
import { operationLine } from './output';
import { deleteErrors, filterPods, makeFilters, podsToDelete, shouldSkipPod, warnings, type DaemonSetLookup, type PodDeleteList } from './drain-filters';

const NODES = resourceByName('nodes');
const PODS = resourceByName('pods');

/** How long `--timeout=0` (forever) runs in the simulator. */
export const DRAIN_FOREVER_MS = 10 * 60_000;
/** Go's time.Duration(math.MaxInt64).String(): the global timeout kubectl reports for --timeout=0. */
const MAX_DURATION_TEXT = '2562047h47m16.854775807s';
/** upstream: evictPods sleeps 5 s after a 429; waitForDelete polls every second. */
const EVICTION_RETRY_MS = 5000;
const POLL_INTERVAL_MS = 1000;

type Strategy = 'none' | 'client' | 'server';

interface DrainRun {
  inv: Invocation;
  strategy: Strategy;
  force: boolean;
  ignoreAllDaemonSets: boolean;
  deleteEmptyDirData: boolean;
  disableEviction: boolean;
  gracePeriodSeconds: number;
  podSelector: string;
  skipWaitForDeleteTimeoutSeconds: number;
  timeoutMs: number;
  /** Lines written while the command works, in order (see the file comment). */
  emit(text: string): void;
}

/** Go's utilerrors.NewAggregate(errs).Error(). */
function aggregate(errs: readonly string[]): string {
  return errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`;
}

/** upstream: GetPodsForDeletion: the node's pods (with --pod-selector), through the filters. */
async function getPodsForDeletion(d: DrainRun, nodeName: string): Promise<{ list: PodDeleteList; errors: string[] }> {
  const { ctx } = d.inv;
  const res = await ctx.request({ verb: 'list', resource: 'pods', labelSelector: d.podSelector || undefined, fieldSelector: `spec.nodeName=${nodeName}` });
  if (!res.ok) failStatus(res.status);
  const pods: KObject[] = res.object.items;
  // The DaemonSet filter GETs the pod's DaemonSet; the filters themselves are pure, so ask first.
  const daemonSets = new Map<string, ReturnType<DaemonSetLookup>>();
  for (const pod of pods) {
    const ref = (pod.metadata.ownerReferences ?? []).find((r: KObject) => r.controller === true);
    if (ref?.kind !== 'DaemonSet' || pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed') continue;
    const key = `${pod.metadata.namespace}/${ref.name}`;
    if (daemonSets.has(key)) continue;
    const ds = await ctx.request({ verb: 'get', resource: 'daemonsets', namespace: pod.metadata.namespace, name: ref.name });
    daemonSets.set(key, ds.ok ? { found: true } : { found: false, notFound: ds.status.reason === 'NotFound', message: ds.status.message });
  }
  const filters = makeFilters(
    { force: d.force, ignoreAllDaemonSets: d.ignoreAllDaemonSets, deleteEmptyDirData: d.deleteEmptyDirData, skipWaitForDeleteTimeoutSeconds: d.skipWaitForDeleteTimeoutSeconds, now: ctx.now() },
    (ns, name) => daemonSets.get(`${ns}/${name}`)!
  );
  const list = filterPods(pods, filters);
  return { list, errors: deleteErrors(list) };
}

/** A pod's eviction (or deletion) as the goroutine upstream runs it: evict, retry on 429, then wait until it is gone. */
interface PodWork {
  pod: KObject;
  state: 'evict' | 'wait' | 'done';
  dueAt: number;
}

/** upstream: EvictPod: POST pods/NAME/eviction with the delete options. */
function evictPod(d: DrainRun, pod: KObject) {
  const deleteOptions: KObject = {};
  if (d.gracePeriodSeconds >= 0) deleteOptions.gracePeriodSeconds = d.gracePeriodSeconds;
  if (d.strategy === 'server') deleteOptions.dryRun = ['All'];
  const { name, namespace } = pod.metadata;
  return d.inv.ctx.request({
    verb: 'create', resource: 'pods', subresource: 'eviction', namespace, name,
    body: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name, namespace }, deleteOptions },
    dryRun: d.strategy === 'server' || undefined
  });
}

/**
 * upstream: waitForDelete's condition for one pod: gone (or replaced under its name) prints
 * `pod/NAME evicted`; a deletion older than --skip-wait-for-delete-timeout stops the wait.
 */
async function pollDeleted(d: DrainRun, w: PodWork, usingEviction: boolean): Promise<'gone' | 'pending' | { error: string }> {
  const { name, namespace, uid } = w.pod.metadata;
  const res = await d.inv.ctx.request({ verb: 'get', resource: 'pods', namespace, name });
  if ((!res.ok && res.status.reason === 'NotFound') || (res.ok && res.object.metadata.uid !== uid)) {
    d.emit(operationLine(PODS, name, usingEviction ? 'evicted' : 'deleted', d.strategy, ''));
    return 'gone';
  }
  if (!res.ok) return { error: res.status.message };
  if (shouldSkipPod(res.object, d.skipWaitForDeleteTimeoutSeconds, d.inv.ctx.now())) {
    d.emit(`pod "${name}" has DeletionTimestamp older than ${d.skipWaitForDeleteTimeoutSeconds} seconds, skipping\n`);
    return 'gone';
  }
  return 'pending';
}

/** Runs `step` every virtual second (from now) until it reports all done; the deadline is the caller's. */
async function runUntilDone(d: DrainRun, step: (now: number) => Promise<boolean>): Promise<void> {
  const limit = (d.timeoutMs > 0 ? d.timeoutMs : DRAIN_FOREVER_MS) + EVICTION_RETRY_MS + POLL_INTERVAL_MS;
  await d.inv.ctx.waitFor(() => step(d.inv.ctx.now()), limit);
}

/** upstream: evictPods: every pod at once, each retrying 5 s after a 429 until the global timeout. */
async function evictPods(d: DrainRun, pods: readonly KObject[]): Promise<string[]> {
  const start = d.inv.ctx.now();
  const deadline = start + (d.timeoutMs > 0 ? d.timeoutMs : DRAIN_FOREVER_MS);
  const globalTimeout = d.timeoutMs > 0 ? formatDuration(d.timeoutMs) : MAX_DURATION_TEXT;
  const work: PodWork[] = pods.map((pod) => ({ pod, state: 'evict', dueAt: start }));
  const errors: string[] = [];
  await runUntilDone(d, async (now) => {
    for (const w of work) {
      if (w.state === 'done' || w.dueAt > now) continue;
      const { name, namespace } = w.pod.metadata;
      if (w.state === 'evict') {
        d.emit(`evicting pod ${namespace}/${name}${d.strategy === 'server' ? ' (server dry run)' : ''}\n`);
        if (now >= deadline) {
          errors.push(`error when evicting pods/"${name}" -n "${namespace}": global timeout reached: ${globalTimeout}`);
          w.state = 'done';
          continue;
        }
        const res = await evictPod(d, w.pod);
        if (!res.ok) {
          w.state = 'done';
          if (res.status.reason === 'NotFound') continue;
          if (res.status.code === 429) {
            d.emit(`error when evicting pods/"${name}" -n "${namespace}" (will retry after ${EVICTION_RETRY_MS / 1000}s): ${res.status.message}\n`);
            w.state = 'evict';
            w.dueAt = now + EVICTION_RETRY_MS;
          } else {
            errors.push(`error when evicting pods/"${name}" -n "${namespace}": ${res.status.message}`);
          }
          continue;
        }
        if (d.strategy === 'server') {
          w.state = 'done';
          continue;
        }
        w.state = 'wait'; // PollImmediate: the first look is now.
      }
      const r = await pollDeleted(d, w, true);
      if (r === 'gone') w.state = 'done';
      else if (r !== 'pending') {
        errors.push(`error when waiting for pod "${name}" in namespace "${namespace}" to terminate: ${r.error}`);
        w.state = 'done';
      } else if (now >= deadline) {
        errors.push(`error when waiting for pod "${name}" in namespace "${namespace}" to terminate: global timeout reached: ${globalTimeout}`);
        w.state = 'done';
      } else w.dueAt = now + POLL_INTERVAL_MS;
    }
    return work.every((w) => w.state === 'done');
  });
  return errors;
}

/** upstream: deletePods (--disable-eviction): DELETE each pod, then wait for all of them. */
async function deletePods(d: DrainRun, pods: readonly KObject[]): Promise<string[]> {
  for (const pod of pods) {
    const res = await d.inv.ctx.request({
      verb: 'delete', resource: 'pods', namespace: pod.metadata.namespace, name: pod.metadata.name,
      gracePeriodSeconds: d.gracePeriodSeconds >= 0 ? d.gracePeriodSeconds : undefined,
      dryRun: d.strategy === 'server' || undefined
    });
    if (!res.ok && res.status.reason !== 'NotFound') return [res.status.message];
  }
  // Pods a server dry run did not delete would be waited for until the timeout; stop here instead.
  if (d.strategy === 'server') return [];
  const deadline = d.inv.ctx.now() + (d.timeoutMs > 0 ? d.timeoutMs : DRAIN_FOREVER_MS);
  const work: PodWork[] = pods.map((pod) => ({ pod, state: 'wait', dueAt: 0 }));
  const errors: string[] = [];
  await runUntilDone(d, async (now) => {
    for (const w of work) {
      if (w.state === 'done') continue;
      const r = await pollDeleted(d, w, false);
      if (r === 'gone') w.state = 'done';
      else if (r !== 'pending') return errors.push(r.error) > 0;
    }
    if (work.some((w) => w.state !== 'done') && now >= deadline) errors.push('timed out waiting for the condition');
    return errors.length > 0 || work.every((w) => w.state === 'done');
  });
  return errors;
}

/** upstream: deleteOrEvictPodsSimple: the node's pods, warnings, then evict (or delete) them. Returns its errors. */
async function deleteOrEvictPodsSimple(d: DrainRun, nodeName: string): Promise<string[]> {
  const { list, errors } = await getPodsForDeletion(d, nodeName);
  if (errors.length > 0) return errors;
  const warning = warnings(list);
  if (warning) d.emit(`Warning: ${warning}\n`);
  const pods = podsToDelete(list);
  if (d.strategy === 'client') {
    for (const pod of pods) d.emit(`evicting pod ${pod.metadata.namespace}/${pod.metadata.name} (dry run)\n`);
    return [];
  }
  if (pods.length === 0) return [];
  const errs = d.disableEviction ? await deletePods(d, pods) : await evictPods(d, pods);
  if (errs.length === 0) return [];
  const pending = await getPodsForDeletion(d, nodeName);
  const left = podsToDelete(pending.list);
  if (left.length > 0) {
    d.inv.out.err(`There are pending pods in node "${nodeName}" when an error occurred: ${aggregate(errs)}\n`);
    for (const pod of left) d.inv.out.err(`pod/${pod.metadata.name}\n`);
  }
  if (pending.errors.length > 0) d.inv.out.err(`Following errors occurred while getting the list of pods to delete:\n${aggregate(pending.errors)}`);
  return errs;
}

export const drainCommand: CommandSpec = {
  name: 'drain',
  long: 'Drain node in preparation for maintenance.',
  short: 'Drain node in preparation for maintenance',
  use: 'drain NODE',
  flags: [
    DRY_RUN_FLAG,
    { name: 'chunk-size', type: 'int', def: 500 },
    { name: 'delete-emptydir-data', type: 'bool' },
    { name: 'delete-local-data', type: 'bool' },
    { name: 'disable-eviction', type: 'bool' },
    { name: 'force', type: 'bool' },
    { name: 'grace-period', type: 'int', def: -1 },
    { name: 'ignore-daemonsets', type: 'bool' },
    { name: 'ignore-errors', type: 'bool' },
    { name: 'pod-selector', type: 'string' },
    { name: 'selector', short: 'l', type: 'string' },
    { name: 'skip-wait-for-delete-timeout', type: 'int', def: 0 },
    { name: 'timeout', type: 'duration' }
  ],
  async run(inv) {
    const { flags, out } = inv;
    // upstream: drain.go Complete
    const selector = flags.str('selector');
    if (inv.args.length === 0 && !flags.changed('selector')) usageError(inv.path, 'USAGE: drain NODE [flags]');
    if (inv.args.length > 0 && selector) usageError(inv.path, 'error: cannot specify both a node name and a --selector option');
    if (flags.changed('delete-local-data')) out.out('Flag --delete-local-data has been deprecated, This option is deprecated and will be deleted. Use --delete-emptydir-data.\n');
    const strategy = dryRunStrategy(flags);
    const podSelector = flags.str('pod-selector');
    if (podSelector) {
      try {
        parseSelector(podSelector);
      } catch {
        fail('--pod-selector=<pod_selector> must be a valid label selector');
      }
    }
    const nodes = await nodesFor(inv, selector ? [] : inv.args, selector);
    const d: DrainRun = {
      inv,
      strategy,
      force: flags.bool('force'),
      ignoreAllDaemonSets: flags.bool('ignore-daemonsets'),
      deleteEmptyDirData: flags.bool('delete-emptydir-data') || flags.bool('delete-local-data'),
      disableEviction: flags.bool('disable-eviction'),
      gracePeriodSeconds: flags.int('grace-period'),
      podSelector,
      skipWaitForDeleteTimeoutSeconds: flags.int('skip-wait-for-delete-timeout'),
      timeoutMs: flags.int('timeout'),
      emit: (text) => out.out(text)
    };

    // upstream: RunDrain
    await runCordonOrUncordon(inv, nodes, true, strategy);
    const fatal: string[][] = [];
    const remaining: string[] = [];
    for (const node of nodes) {
      const name = node.metadata.name;
      const errs = await deleteOrEvictPodsSimple(d, name);
      if (errs.length === 0) {
        out.out(operationLine(NODES, name, 'drained', strategy, ''));
        continue;
      }
      out.err(`error: unable to drain node "${name}" due to error: ${aggregate(errs)}, continuing command...\n`);
      fatal.push(errs);
      remaining.push(name);
    }
    if (remaining.length > 0) out.err(`There are pending nodes to be drained:\n${remaining.map((n) => ` ${n}\n`).join('')}`);
    // CheckErr on the aggregate of the nodes' aggregates: one node's is unwrapped, then each error
    // goes on its own line without the `error: ` prefix (MultipleErrors).
    if (fatal.length === 1) throw new KubectlError(fatal[0].join('\n'));
    if (fatal.length > 1) throw new KubectlError(fatal.map(aggregate).join('\n'));
  }
};
