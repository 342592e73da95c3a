/**
 * `kubectl rollout status|history|undo|restart|pause|resume` for Deployments (status, history,
 * undo and restart also for DaemonSets and StatefulSets, whose history is their ControllerRevisions).
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/rollout/{rollout.go,rollout_status.go,
 * rollout_history.go,rollout_undo.go,rollout_restart.go,rollout_pause.go,rollout_resume.go},
 * staging/src/k8s.io/kubectl/pkg/polymorphichelpers/{rollout_status.go,history.go,rollback.go,
 * objectrestarter.go,objectpauser.go,objectresumer.go}.
 */
import { canonicalJSON, cloneJSON } from '../api/canonical';
import { revisionTemplate, templateMatches } from '../api/controller-revision';
import type { KObject } from '../apiserver/store';
import type { ResourceInfo } from '../api/resources';
import { AggregateError, DRY_RUN_FLAG, FILENAME_FLAGS, OUTPUT_FLAGS, dryRunStrategy, epochNow, fail, type CommandSpec, type ErrorEntry, type Invocation } from './command';
import { fetchRefs, refsFromFilesOrArgs, type Fetched } from './builder';
import { checkOutputFormat, MUTATION_FORMATS, operationLine, printObjects } from './output';
import { describePodTemplateText } from './printers/describe';
import { labelSelectorString } from './printers/util';

const REVISION = 'deployment.kubernetes.io/revision';
const CHANGE_CAUSE = 'kubernetes.io/change-cause';
const HASH_LABEL = 'pod-template-hash';
/**
 * `--timeout=0` waits forever upstream; a sim cap keeps a stuck rollout from hanging the console.
 * For a Deployment it outlasts the progress deadline, so a stuck rollout ends as upstream's does:
 * `deployment "x" exceeded its progress deadline`.
 */
const WAIT_FOREVER_MS = 10 * 60_000;
/** After the deadline, the controller's next sync marks ProgressDeadlineExceeded; this much covers it. */
const DEADLINE_MARGIN_MS = 2 * 60_000;
/** upstream: rollback.go annotationsToSkip */
const ANNOTATIONS_TO_SKIP = new Set([
  'kubectl.kubernetes.io/last-applied-configuration',
  REVISION,
  'deployment.kubernetes.io/revision-history',
  'deployment.kubernetes.io/desired-replicas',
  'deployment.kubernetes.io/max-replicas',
  'deprecated.deployment.rollback.to'
]);

/** GroupKind.String(): `Pod`, `ReplicaSet.apps`. */
function groupKind(r: ResourceInfo): string {
  return r.group ? `${r.kind}.${r.group}` : r.kind;
}

/** `deployments.apps`, as kubectl names a resource in its errors. */
function groupResource(r: ResourceInfo): string {
  return r.group ? `${r.name}.${r.group}` : r.name;
}

/** The objects a rollout subcommand works on (upstream: each subcommand's Complete/Validate/RunX). */
async function targets(inv: Invocation, errors: ErrorEntry[]): Promise<Fetched[]> {
  const filenames = inv.flags.list('filename');
  if (filenames.length === 0 && inv.args.length === 0) fail('required resource not specified');
  const selector = inv.flags.str('selector');
  const refs = await refsFromFilesOrArgs(inv, filenames, inv.args, errors, (named) => {
    if (!named && !selector) fail('resource(s) were provided, but no name was specified');
  });
  const fetched = await fetchRefs(inv, refs, { labelSelector: selector });
  errors.push(...fetched.errors);
  return fetched.items;
}

async function ownedReplicaSets(inv: Invocation, d: KObject): Promise<KObject[]> {
  const res = await inv.ctx.request({ verb: 'list', resource: 'replicasets', namespace: d.metadata.namespace });
  if (!res.ok) fail(`failed to retrieve replica sets from deployment ${d.metadata.name}: ${res.status.message}`);
  return res.object.items.filter((rs: KObject) => (rs.metadata.ownerReferences ?? []).some((o: KObject) => o.controller && o.uid === d.metadata.uid));
}

function revisionOf(o: KObject): number | undefined {
  const v = o.metadata?.annotations?.[REVISION];
  if (v === undefined) return undefined;
  const n = Number(v);
  return Number.isInteger(n) ? n : undefined;
}

// ---------------------------------------------------------------------------------------------
// status

/** upstream: rollout_status.go DeploymentStatusViewer / DaemonSetStatusViewer / StatefulSetStatusViewer. */
export function rolloutStatus(r: ResourceInfo, obj: KObject, revision: number): { text: string; done: boolean } {
  const name = obj.metadata.name;
  const gen = obj.metadata.generation ?? 0;
  const st = obj.status ?? {};
  if (r.name === 'deployments') {
    if (revision > 0) {
      const rev = revisionOf(obj) ?? 0;
      if (rev !== revision) fail(`desired revision (${revision}) is different from the running revision (${rev})`);
    }
    if (gen <= (st.observedGeneration ?? 0)) {
      const progressing = (st.conditions ?? []).find((c: KObject) => c.type === 'Progressing');
      if (progressing?.reason === 'ProgressDeadlineExceeded') fail(`deployment "${name}" exceeded its progress deadline`);
      const replicas = obj.spec?.replicas ?? 1;
      const updated = st.updatedReplicas ?? 0;
      const total = st.replicas ?? 0;
      const available = st.availableReplicas ?? 0;
      if (updated < replicas) return { text: `Waiting for deployment "${name}" rollout to finish: ${updated} out of ${replicas} new replicas have been updated...\n`, done: false };
      if (total > updated) return { text: `Waiting for deployment "${name}" rollout to finish: ${total - updated} old replicas are pending termination...\n`, done: false };
      if (available < updated) return { text: `Waiting for deployment "${name}" rollout to finish: ${available} of ${updated} updated replicas are available...\n`, done: false };
      return { text: `deployment "${name}" successfully rolled out\n`, done: true };
    }
    return { text: 'Waiting for deployment spec update to be observed...\n', done: false };
  }
  if (r.name === 'daemonsets') {
    if ((obj.spec?.updateStrategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') fail('rollout status is only available for RollingUpdate strategy type');
    if (gen <= (st.observedGeneration ?? 0)) {
      const desired = st.desiredNumberScheduled ?? 0;
      const updated = st.updatedNumberScheduled ?? 0;
      const available = st.numberAvailable ?? 0;
      if (updated < desired) return { text: `Waiting for daemon set "${name}" rollout to finish: ${updated} out of ${desired} new pods have been updated...\n`, done: false };
      if (available < desired) return { text: `Waiting for daemon set "${name}" rollout to finish: ${available} of ${desired} updated pods are available...\n`, done: false };
      return { text: `daemon set "${name}" successfully rolled out\n`, done: true };
    }
    return { text: 'Waiting for daemon set spec update to be observed...\n', done: false };
  }
  if (r.name === 'statefulsets') {
    if ((obj.spec?.updateStrategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') fail('rollout status is only available for RollingUpdate strategy type');
    if (st.observedGeneration === undefined || gen > st.observedGeneration) return { text: 'Waiting for statefulset spec update to be observed...\n', done: false };
    const replicas = obj.spec?.replicas ?? 1;
    if ((st.readyReplicas ?? 0) < replicas) return { text: `Waiting for ${replicas - (st.readyReplicas ?? 0)} pods to be ready...\n`, done: false };
    // upstream checks for a rollingUpdate with a partition, which the API server's defaults always
    // give (partition 0): a plain StatefulSet reports a "partitioned roll out" too.
    const partition: number | undefined = obj.spec?.updateStrategy?.rollingUpdate?.partition;
    if (partition !== undefined && partition !== null) {
      if ((st.updatedReplicas ?? 0) < replicas - partition) {
        return { text: `Waiting for partitioned roll out to finish: ${st.updatedReplicas ?? 0} out of ${replicas - partition} new pods have been updated...\n`, done: false };
      }
      return { text: `partitioned roll out complete: ${st.updatedReplicas ?? 0} new pods have been updated...\n`, done: true };
    }
    if (st.updateRevision !== st.currentRevision) {
      return { text: `waiting for statefulset rolling update to complete ${st.updatedReplicas ?? 0} pods at revision ${st.updateRevision}...\n`, done: false };
    }
    return { text: `statefulset rolling update complete ${st.currentReplicas ?? 0} pods at revision ${st.currentRevision}...\n`, done: true };
  }
  fail(`no status viewer has been implemented for ${groupKind(r)}`);
}

const statusCommand: CommandSpec = {
  name: 'status',
  long: 'Show the status of the rollout.',
  short: 'Show the status of the rollout',
  use: 'rollout status (TYPE NAME | TYPE/NAME) [flags]',
  flags: [...FILENAME_FLAGS, { name: 'revision', type: 'int', def: 0 }, { name: 'selector', short: 'l', type: 'string' }, { name: 'timeout', type: 'duration' }, { name: 'watch', short: 'w', type: 'bool', def: true }],
  async run(inv) {
    const { flags, ctx, out } = inv;
    const errors: ErrorEntry[] = [];
    const items = await targets(inv, errors);
    if (errors.length > 0) throw new AggregateError(errors);
    if (items.length !== 1) fail(`rollout status is only supported on individual resources and resource collections - ${items.length} resources were found`);
    const revision = flags.int('revision');
    if (revision < 0) fail('revision must be a positive integer: ' + revision);
    const { resource: r, object } = items[0];
    const emit = (text: string) => (ctx.print ? ctx.print(text) : out.out(text));
    const watch = flags.bool('watch');
    let last = '';
    let current = object;
    const step = (): boolean => {
      const s = rolloutStatus(r, current, revision);
      // A watch sees many events; only a changed status line is worth printing again.
      if (s.text !== last) emit(s.text);
      last = s.text;
      return s.done;
    };
    if (step() || !watch) return;
    const deadline = r.name === 'deployments' ? (object.spec?.progressDeadlineSeconds ?? 600) * 1000 + DEADLINE_MARGIN_MS : 0;
    const timeout = flags.int('timeout') > 0 ? flags.int('timeout') : Math.max(WAIT_FOREVER_MS, deadline);
    let gone = false;
    const done = await ctx.waitFor(async () => {
      const res = await ctx.request({ verb: 'get', resource: r.name, namespace: object.metadata.namespace, name: object.metadata.name });
      if (!res.ok) {
        gone = true;
        return true;
      }
      if (res.object.metadata.resourceVersion === current.metadata.resourceVersion) return false;
      current = res.object;
      return step();
    }, timeout);
    if (gone) fail('object has been deleted');
    if (!done) fail('timed out waiting for the condition');
  }
};

// ---------------------------------------------------------------------------------------------
// history

/** upstream: history.go tabbedString (tabwriter 0, 8, 2, ' '). */
function table(rows: string[][]): string {
  const width = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(width[i] + 2))).join('') + '\n').join('');
}

/** One revision as a history viewer sees it: its template, change-cause and the object `-o` prints. */
interface HistoryEntry {
  template: KObject;
  changeCause: string;
  /** Deployments: the ReplicaSet; DaemonSets and StatefulSets: the set with the revision applied. */
  object: KObject;
  /** DaemonSets and StatefulSets: the ControllerRevision. */
  revision?: KObject;
}

/**
 * upstream: history.go controlledHistory / daemonSetHistory / statefulSetHistory: the
 * ControllerRevisions that the set's selector selects and the set controls.
 */
async function controlledHistory(inv: Invocation, set: KObject): Promise<KObject[]> {
  const res = await inv.ctx.request({ verb: 'list', resource: 'controllerrevisions', namespace: set.metadata.namespace, labelSelector: labelSelectorString(set.spec?.selector) ?? undefined });
  if (!res.ok) fail(`unable to find history controlled by ${set.kind} ${set.metadata.name}: ${res.status.message}`);
  return res.object.items.filter((cr: KObject) => (cr.metadata.ownerReferences ?? []).some((o: KObject) => o.controller && o.uid === set.metadata.uid));
}

/** upstream: applyDaemonSetHistory / applyStatefulSetHistory: the set with the revision's template. */
function applyHistory(set: KObject, revision: KObject): KObject {
  const applied = cloneJSON(set);
  applied.spec = { ...(applied.spec ?? {}), template: revisionTemplate(revision) };
  return applied;
}

/** upstream: each HistoryViewer's view: revision number -> entry. */
async function historyOf(inv: Invocation, r: ResourceInfo, obj: KObject): Promise<Map<number, HistoryEntry>> {
  const out = new Map<number, HistoryEntry>();
  if (r.name === 'deployments') {
    for (const rs of await ownedReplicaSets(inv, obj)) {
      const v = revisionOf(rs);
      if (v !== undefined) out.set(v, { template: rs.spec?.template, changeCause: rs.metadata.annotations?.[CHANGE_CAUSE] ?? '', object: rs });
    }
    return out;
  }
  // upstream: "for now we assume revisions don't overlap": a later one of the same number wins.
  for (const cr of await controlledHistory(inv, obj)) {
    out.set(cr.revision ?? 0, { template: revisionTemplate(cr), changeCause: cr.metadata.annotations?.[CHANGE_CAUSE] ?? '', object: applyHistory(obj, cr), revision: cr });
  }
  return out;
}

const HAS_HISTORY = new Set(['deployments', 'daemonsets', 'statefulsets']);

const historyCommand: CommandSpec = {
  name: 'history',
  long: 'View previous rollout revisions and configurations.',
  short: 'View rollout history',
  use: 'rollout history (TYPE NAME | TYPE/NAME) [flags]',
  flags: [...FILENAME_FLAGS, ...OUTPUT_FLAGS, { name: 'revision', type: 'int', def: 0 }, { name: 'selector', short: 'l', type: 'string' }],
  async run(inv) {
    const { flags, out } = inv;
    const format = flags.str('output');
    checkOutputFormat(format, MUTATION_FORMATS);
    const revision = flags.int('revision');
    if (revision < 0) fail(`revision must be a positive integer: ${revision}`);
    const errors: ErrorEntry[] = [];
    const items = await targets(inv, errors);
    for (const { resource: r, object: d } of items) {
      if (!HAS_HISTORY.has(r.name)) {
        errors.push({ message: `no history viewer has been implemented for "${groupKind(r)}"` });
        continue;
      }
      const history = await historyOf(inv, r, d);
      const revs = [...history.keys()].sort((a, b) => a - b);
      if (format) {
        // upstream: rollout_history.go with -o prints the revision's object (GetHistory), or every
        // revision's in order.
        if (revision > 0 && !history.has(revision)) {
          errors.push({ message: `unable to find the specified revision` });
          continue;
        }
        const shown = revision > 0 ? [revision] : revs;
        shown.forEach((v, n) => out.out((n > 0 && format === 'yaml' ? '---\n' : '') + printObjects(inv, [history.get(v)!.object], true)));
        continue;
      }
      let info: string;
      if (history.size === 0) {
        info = 'No rollout history found.';
      } else if (revision > 0) {
        const entry = history.get(revision);
        if (!entry) {
          errors.push({ message: `unable to find the specified revision` });
          continue;
        }
        info = describePodTemplateText(entry.template);
      } else {
        const rows = [['REVISION', 'CHANGE-CAUSE']];
        for (const v of revs) rows.push([String(v), history.get(v)!.changeCause || '<none>']);
        info = table(rows);
      }
      const withRevision = revision > 0 ? `with revision #${revision}` : '';
      out.out(operationLine(r, d.metadata.name, `${withRevision}\n${info}`, 'none', ''));
    }
    if (errors.length > 0) throw new AggregateError(errors);
  }
};

// ---------------------------------------------------------------------------------------------
// undo

/** upstream: rollback.go equalIgnoreHash */
function equalIgnoreHash(a: KObject, b: KObject): boolean {
  const strip = (t: KObject) => {
    const c = cloneJSON(t ?? {});
    if (c.metadata?.labels) {
      delete c.metadata.labels[HASH_LABEL];
      if (Object.keys(c.metadata.labels).length === 0) delete c.metadata.labels;
    }
    return canonicalJSON(c);
  };
  return strip(a) === strip(b);
}

/** upstream: rollback.go deploymentRevision */
function revisionToRestore(d: KObject, rss: KObject[], toRevision: number): KObject {
  let latest: KObject | undefined;
  let latestRev = -1;
  let previous: KObject | undefined;
  let previousRev = -1;
  for (const rs of rss) {
    const v = revisionOf(rs);
    if (v === undefined) continue;
    if (toRevision === 0) {
      if (latestRev < v) {
        previousRev = latestRev;
        previous = latest;
        latestRev = v;
        latest = rs;
      } else if (previousRev < v) {
        previousRev = v;
        previous = rs;
      }
    } else if (toRevision === v) return rs;
  }
  if (toRevision > 0) fail(`unable to find specified revision ${toRevision} in history`);
  if (!previous) fail(`no rollout history found for deployment "${d.metadata.name}"`);
  return previous;
}

/** upstream: rollback.go findHistory: the revision asked for, or (0) the one before the newest. */
function findHistory(toRevision: number, all: KObject[]): KObject | undefined {
  if (toRevision === 0) {
    if (all.length <= 1) return undefined;
    return [...all].sort((a, b) => (a.revision ?? 0) - (b.revision ?? 0))[all.length - 2];
  }
  return all.find((h) => h.revision === toRevision);
}

/**
 * upstream: rollback.go DaemonSetRollbacker / StatefulSetRollbacker: the revision's data is the
 * strategic merge patch that restores its template; nothing is sent when the template already
 * matches it.
 */
async function rollbackSet(inv: Invocation, r: ResourceInfo, set: KObject, toRevision: number, strategy: 'none' | 'client' | 'server', format: string): Promise<string> {
  if (toRevision < 0) fail(`unable to find specified revision ${toRevision} in history`);
  const history = await controlledHistory(inv, set);
  if (toRevision === 0 && history.length <= 1) fail('no last revision to roll back to');
  const toHistory = findHistory(toRevision, history);
  if (!toHistory) fail(`unable to find specified revision ${toRevision} in history`);
  if (strategy === 'client') return operationLine(r, set.metadata.name, `will roll back to ${describePodTemplateText(revisionTemplate(toHistory!))}`, strategy, format === 'name' ? 'name' : '');
  if (templateMatches(set, toHistory!)) return operationLine(r, set.metadata.name, `skipped rollback (current template already matches revision ${toRevision})`, 'none', '');
  const res = await inv.ctx.request({ verb: 'patch', resource: r.name, namespace: set.metadata.namespace, name: set.metadata.name, body: toHistory!.data, patchType: 'strategic', dryRun: strategy === 'server' || undefined });
  if (!res.ok) fail(`failed restoring revision ${toRevision}: ${res.status.message}`);
  if (format && format !== 'name') return printObjects(inv, [res.object], true);
  return operationLine(r, set.metadata.name, 'rolled back', strategy, format);
}

const undoCommand: CommandSpec = {
  name: 'undo',
  long: 'Roll back to a previous rollout.',
  short: 'Undo a previous rollout',
  use: 'rollout undo (TYPE NAME | TYPE/NAME) [flags]',
  flags: [...FILENAME_FLAGS, ...OUTPUT_FLAGS, DRY_RUN_FLAG, { name: 'selector', short: 'l', type: 'string' }, { name: 'to-revision', type: 'int', def: 0 }],
  async run(inv) {
    const { flags, out, ctx } = inv;
    const format = flags.str('output');
    checkOutputFormat(format, MUTATION_FORMATS);
    const strategy = dryRunStrategy(flags);
    const toRevision = flags.int('to-revision');
    const errors: ErrorEntry[] = [];
    const items = await targets(inv, errors);
    for (const { resource: r, object: d } of items) {
      try {
        if (r.name === 'daemonsets' || r.name === 'statefulsets') {
          out.out(await rollbackSet(inv, r, d, toRevision, strategy, format));
          continue;
        }
        if (r.name !== 'deployments') fail(`no rollbacker has been implemented for "${groupKind(r)}"`);
        if (d.spec?.paused) fail("you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again");
        const rs = revisionToRestore(d, await ownedReplicaSets(inv, d), toRevision);
        if (equalIgnoreHash(rs.spec?.template, d.spec?.template)) {
          out.out(operationLine(r, d.metadata.name, `skipped rollback (current template already matches revision ${toRevision})`, 'none', ''));
          continue;
        }
        const template = cloneJSON(rs.spec.template);
        if (template.metadata?.labels) delete template.metadata.labels[HASH_LABEL];
        const annotations: Record<string, string> = {};
        for (const [k, v] of Object.entries<string>(d.metadata.annotations ?? {})) if (ANNOTATIONS_TO_SKIP.has(k)) annotations[k] = v;
        for (const [k, v] of Object.entries<string>(rs.metadata.annotations ?? {})) if (!ANNOTATIONS_TO_SKIP.has(k)) annotations[k] = v;
        if (strategy === 'client') {
          out.out(operationLine(r, d.metadata.name, 'rolled back', strategy, format === 'name' ? 'name' : ''));
          continue;
        }
        const res = await ctx.request({
          verb: 'patch',
          resource: r.name,
          namespace: d.metadata.namespace,
          name: d.metadata.name,
          body: [
            { op: 'replace', path: '/spec/template', value: template },
            { op: 'replace', path: '/metadata/annotations', value: annotations }
          ],
          patchType: 'json',
          dryRun: strategy === 'server' || undefined
        });
        if (!res.ok) fail(`failed restoring revision ${toRevision}: ${res.status.message}`);
        if (format && format !== 'name') out.out(printObjects(inv, [res.object], true));
        else out.out(operationLine(r, d.metadata.name, 'rolled back', strategy, format));
      } catch (e) {
        if (e instanceof Error && 'entry' in e) errors.push((e as unknown as { entry: ErrorEntry }).entry);
        else throw e;
      }
    }
    if (errors.length > 0) throw new AggregateError(errors);
  }
};

// ---------------------------------------------------------------------------------------------
// restart, pause, resume

/** RFC 3339 in UTC, as Go's time.Format(time.RFC3339) prints a UTC time. */
function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

type Mutation = (d: KObject, inv: Invocation) => KObject;

/**
 * restart/pause/resume: a strategic merge patch built by the object's helper (objectrestarter.go,
 * objectpauser.go, objectresumer.go); a helper error prints as `error: deployments.apps "web" ...`.
 */
function patchCommand(name: string, long: string, short: string, operation: string, unsupported: string, patchFor: Mutation): CommandSpec {
  return {
    name,
    long,
    short,
    use: `rollout ${name} RESOURCE`,
    flags: [...FILENAME_FLAGS, ...OUTPUT_FLAGS, ...(name === 'restart' ? [DRY_RUN_FLAG] : []), { name: 'field-manager', type: 'string', def: `kubectl-rollout` }, { name: 'selector', short: 'l', type: 'string' }],
    async run(inv) {
      const { flags, out, ctx } = inv;
      const format = flags.str('output');
      checkOutputFormat(format, MUTATION_FORMATS);
      const strategy = name === 'restart' ? dryRunStrategy(flags) : 'none';
      const errors: ErrorEntry[] = [];
      const items = await targets(inv, errors);
      for (const { resource: r, object: d } of items) {
        // upstream objectrestarter.go also restarts DaemonSets and StatefulSets (the same template annotation).
        if (r.name !== 'deployments' && !(name === 'restart' && (r.name === 'statefulsets' || r.name === 'daemonsets'))) {
          errors.push({ message: unsupported });
          continue;
        }
        let patch: KObject;
        try {
          patch = patchFor(d, inv);
        } catch (e) {
          if (e instanceof Error && 'entry' in e) {
            const entry = (e as unknown as { entry: ErrorEntry }).entry;
            const msg = 'message' in entry ? entry.message : entry.status.message;
            errors.push({ message: `error: ${groupResource(r)} "${d.metadata.name}" ${msg}` });
            continue;
          }
          throw e;
        }
        if (strategy === 'client') {
          out.out(operationLine(r, d.metadata.name, operation, strategy, format === 'name' ? 'name' : ''));
          continue;
        }
        const res = await ctx.request({ verb: 'patch', resource: r.name, namespace: d.metadata.namespace, name: d.metadata.name, body: patch, patchType: 'strategic', dryRun: strategy === 'server' || undefined });
        if (!res.ok) {
          // upstream: rollout_pause.go / rollout_resume.go / rollout_restart.go
          errors.push({ message: `failed to patch: ${res.status.message}` });
          continue;
        }
        if (format && format !== 'name') out.out(printObjects(inv, [res.object], true));
        else out.out(operationLine(r, d.metadata.name, operation, strategy, format));
      }
      if (errors.length > 0) throw new AggregateError(errors);
    }
  };
}

const restartCommand = patchCommand('restart', 'Restart a resource.', 'Restart a resource', 'restarted', 'restarting is not supported', (d, inv) => {
  if (d.spec?.paused) fail("can't restart paused deployment (run rollout resume first)");
  return { spec: { template: { metadata: { annotations: { 'kubectl.kubernetes.io/restartedAt': rfc3339(epochNow(inv.ctx)) } } } } };
});

const pauseCommand = patchCommand('pause', 'Mark the provided resource as paused.', 'Mark the provided resource as paused', 'paused', 'pausing is not supported', (d) => {
  if (d.spec?.paused) fail('is already paused');
  return { spec: { paused: true } };
});

const resumeCommand = patchCommand('resume', 'Resume a paused resource.', 'Resume a paused resource', 'resumed', 'resuming is not supported', (d) => {
  if (!d.spec?.paused) fail('is not paused');
  return { spec: { paused: null } };
});

export const rolloutCommand: CommandSpec = {
  name: 'rollout',
  long: 'Manage the rollout of one or many resources.',
  short: 'Manage the rollout of a resource',
  use: 'rollout SUBCOMMAND',
  flags: [],
  subcommands: [historyCommand, pauseCommand, restartCommand, resumeCommand, statusCommand, undoCommand]
};
