/**
 * Node maintenance: `kubectl cordon|uncordon NODE` (spec.unschedulable) and
 * `kubectl taint nodes NODE key=value:Effect | key:Effect- | key-`.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/drain/drain.go (RunCordonOrUncordon),
 * staging/src/k8s.io/kubectl/pkg/drain/cordon.go, staging/src/k8s.io/kubectl/pkg/cmd/taint/taint.go,
 * staging/src/k8s.io/kubectl/pkg/cmd/taint/utils.go (parseTaints, reorganizeTaints).
 */
import type { KObject } from '../apiserver/store';
import { resolveResource, resourceByName } from '../api/resources';
import { isQualifiedName, isValidLabelValue } from '../api/validation/names';
import { DRY_RUN_FLAG, FIELD_MANAGER_FLAG, KubectlError, OUTPUT_FLAGS, dryRunStrategy, fail, failStatus, usageError, type CommandSpec, type Invocation } from './command';
import { checkOutputFormat, MUTATION_FORMATS, operationLine, printObjects } from './output';

const NODES = resourceByName('nodes');

/** The nodes named, or selected with -l (cordon stops at the first missing one). */
export async function nodesFor(inv: Invocation, names: string[], selector: string, all = false): Promise<KObject[]> {
  if (selector || all) {
    const res = await inv.ctx.request({ verb: 'list', resource: 'nodes', labelSelector: selector || undefined });
    if (!res.ok) failStatus(res.status);
    return res.object.items;
  }
  const out: KObject[] = [];
  for (const name of names) {
    const res = await inv.ctx.request({ verb: 'get', resource: 'nodes', name });
    if (!res.ok) failStatus(res.status);
    out.push(res.object);
  }
  return out;
}

function cordonCommandFor(cordon: boolean): CommandSpec {
  const name = cordon ? 'cordon' : 'uncordon';
  return {
    name,
    long: cordon ? 'Mark node as unschedulable.' : 'Mark node as schedulable.',
    short: cordon ? 'Mark node as unschedulable' : 'Mark node as schedulable',
    use: `${name} NODE`,
    flags: [DRY_RUN_FLAG, { name: 'selector', short: 'l', type: 'string' }],
    async run(inv) {
      const selector = inv.flags.str('selector');
      if (inv.args.length === 0 && !selector) usageError(inv.path, `USAGE: ${name} NODE [flags]`);
      const strategy = dryRunStrategy(inv.flags);
      // upstream: drain.go RunCordonOrUncordon visits the first argument's node(s).
      const nodes = await nodesFor(inv, selector ? [] : [inv.args[0]], selector);
      await runCordonOrUncordon(inv, nodes, cordon, strategy);
    }
  };
}

/** upstream: drain.go RunCordonOrUncordon: `node/NAME cordoned` (or `already cordoned`) per node; `kubectl drain` starts with it. */
export async function runCordonOrUncordon(inv: Invocation, nodes: readonly KObject[], cordon: boolean, strategy: 'none' | 'client' | 'server'): Promise<void> {
  const name = cordon ? 'cordon' : 'uncordon';
  for (const node of nodes) {
    const already = !!node.spec?.unschedulable === cordon;
    if (already) {
      inv.out.out(operationLine(NODES, node.metadata.name, `already ${name}ed`, strategy, ''));
      continue;
    }
    if (strategy !== 'client') {
      // upstream: drain/cordon.go PatchOrReplaceWithContext
      const res = await inv.ctx.request({
        verb: 'patch',
        resource: 'nodes',
        name: node.metadata.name,
        body: { spec: { unschedulable: cordon ? true : null } },
        patchType: 'strategic',
        dryRun: strategy === 'server' || undefined
      });
      if (!res.ok) failStatus(res.status);
    }
    inv.out.out(operationLine(NODES, node.metadata.name, `${name}ed`, strategy, ''));
  }
}

export const cordonCommand = cordonCommandFor(true);
export const uncordonCommand = cordonCommandFor(false);

interface Taint {
  key: string;
  value?: string;
  effect?: string;
}

/** upstream: corev1 Taint.ToString */
function taintString(t: Taint): string {
  if (!t.effect) return t.value ? `${t.key}=${t.value}:` : t.key;
  return t.value ? `${t.key}=${t.value}:${t.effect}` : `${t.key}:${t.effect}`;
}

/** upstream: taint/utils.go parseTaint */
function parseTaint(st: string): Taint {
  const parts = st.split(':');
  let key: string;
  let value = '';
  let effect = '';
  if (parts.length === 1) key = parts[0];
  else if (parts.length === 2) {
    effect = parts[1];
    if (!['NoSchedule', 'PreferNoSchedule', 'NoExecute'].includes(effect)) throw new Error(`invalid taint effect: ${effect}, unsupported taint effect`);
    const kv = parts[0].split('=');
    if (kv.length > 2) throw new Error(`invalid taint spec: ${st}`);
    key = kv[0];
    if (kv.length === 2) {
      value = kv[1];
      const errs = isValidLabelValue(value);
      if (errs.length > 0) throw new Error(`invalid taint spec: ${st}, ${errs.join('; ')}`);
    }
  } else throw new Error(`invalid taint spec: ${st}`);
  const errs = isQualifiedName(key);
  if (errs.length > 0) throw new Error(`invalid taint spec: ${st}, ${errs.join('; ')}`);
  return { key, ...(value ? { value } : {}), ...(effect ? { effect } : {}) };
}

/** upstream: taint/utils.go parseTaints */
function parseTaints(specs: string[]): { add: Taint[]; remove: Taint[] } {
  const add: Taint[] = [];
  const remove: Taint[] = [];
  const seen = new Set<string>();
  for (const spec of specs) {
    if (spec.endsWith('-')) {
      const t = parseTaint(spec.slice(0, -1));
      remove.push({ key: t.key, ...(t.effect ? { effect: t.effect } : {}) });
      continue;
    }
    const t = parseTaint(spec);
    if (!t.effect) throw new Error(`unknown taint spec: ${spec}`);
    const id = `${t.effect}\u0000${t.key}`;
    // Go's %v of a Taint struct: {key value effect timeAdded}
    if (seen.has(id)) throw new Error(`duplicated taints with the same key and effect: {${t.key} ${t.value ?? ''} ${t.effect} <nil>}`);
    seen.add(id);
    add.push(t);
  }
  return { add, remove };
}

/** upstream: taint/utils.go reorganizeTaints */
function reorganizeTaints(old: Taint[], overwrite: boolean, add: Taint[], remove: Taint[]): { operation: string; taints: Taint[]; errors: string[] } {
  const taints = [...add];
  for (const o of old) if (!taints.some((t) => t.key === o.key && t.effect === o.effect)) taints.push(o);
  const added = old.length !== taints.length;
  const errors: string[] = [];
  let removed = false;
  for (const r of remove) {
    const before = taints.length;
    for (let i = taints.length - 1; i >= 0; i--) {
      if (taints[i].key === r.key && (!r.effect || taints[i].effect === r.effect)) taints.splice(i, 1);
    }
    removed = taints.length !== before;
    if (!removed) errors.push(`taint "${taintString(r)}" not found`);
  }
  const operation = (added && removed) || overwrite ? 'modified' : added ? 'tainted' : 'untainted';
  return { operation, taints, errors };
}

export const taintCommand: CommandSpec = {
  name: 'taint',
  long: 'Update the taints on one or more nodes.',
  short: 'Update the taints on one or more nodes',
  use: 'taint NODE NAME KEY_1=VAL_1:TAINT_EFFECT_1 ... KEY_N=VAL_N:TAINT_EFFECT_N',
  flags: [
    ...OUTPUT_FLAGS,
    DRY_RUN_FLAG,
    FIELD_MANAGER_FLAG('kubectl-taint'),
    { name: 'all', type: 'bool' },
    { name: 'overwrite', type: 'bool' },
    { name: 'selector', short: 'l', type: 'string' },
    { name: 'validate', type: 'string', def: 'strict', noOpt: 'strict' }
  ],
  async run(inv) {
    const { flags } = inv;
    const strategy = dryRunStrategy(flags);
    const format = flags.str('output');
    checkOutputFormat(format, MUTATION_FORMATS);
    // upstream: taint.go Complete
    const resources: string[] = [];
    const specs: string[] = [];
    let foundPair = false;
    for (const s of inv.args) {
      const pair = s.includes('=') || s.includes(':') || s.endsWith('-');
      if (pair) {
        foundPair = true;
        specs.push(s);
      } else if (foundPair) fail(`all resources must be specified before taint changes: ${s}`);
      else resources.push(s);
    }
    if (resources.length < 1) fail('one or more resources must be specified as <resource> <name>');
    if (specs.length < 1) fail('at least one taint update is required');
    let parsed: { add: Taint[]; remove: Taint[] };
    try {
      parsed = parseTaints(specs);
    } catch (e) {
      usageError(inv.path, (e as Error).message);
    }
    // upstream: taint.go Validate
    const type = resources[0].toLowerCase();
    const r = resolveResource(type);
    // A NoResourceMatchError: CheckErr prints it without the `error: ` prefix.
    if (!r) throw new KubectlError(`the server doesn't have a resource type "${type.split('.')[0]}"`);
    if (r.kind !== 'Node') fail(`invalid resource type ${type}, only node types are supported`);
    const conflicts: string[] = [];
    for (const a of parsed.add) for (const rm of parsed.remove) if (a.key === rm.key && (!rm.effect || a.effect === rm.effect)) conflicts.push(`${rm.key}=${rm.effect ?? ''}`);
    if (conflicts.length > 0) fail(`can not both modify and remove the following taint(s) in the same command: ${conflicts.join(', ')}`);
    const all = flags.bool('all');
    const selector = flags.str('selector');
    if (all && selector) fail("setting 'all' parameter with a non empty selector is prohibited");
    if (!all && !selector && resources.length < 2) fail("at least one resource name must be specified since 'all' parameter is not set");

    const nodes = await nodesFor(inv, resources.slice(1), selector, all);
    for (const node of nodes) {
      const old: Taint[] = node.spec?.taints ?? [];
      if (!flags.bool('overwrite')) {
        const exists = parsed.add.filter((t) => old.some((o) => o.key === t.key && o.effect === t.effect)).map((t) => t.key);
        if (exists.length > 0) fail(`node ${node.metadata.name} already has ${exists.join(',')} taint(s) with same effect(s) and --overwrite is false`);
      }
      const { operation, taints, errors } = reorganizeTaints(old, flags.bool('overwrite'), parsed.add, parsed.remove);
      if (errors.length > 0) fail(errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`);
      let result: KObject = { ...node, spec: { ...node.spec, taints } };
      if (strategy !== 'client') {
        const res = await inv.ctx.request({
          verb: 'patch',
          resource: 'nodes',
          name: node.metadata.name,
          body: { spec: { taints: taints.length > 0 ? taints.map((t) => ({ effect: t.effect, key: t.key, ...(t.value ? { value: t.value } : {}) })) : null } },
          patchType: 'strategic',
          dryRun: strategy === 'server' || undefined
        });
        if (!res.ok) failStatus(res.status);
        result = res.object;
      }
      if (!format || format === 'name') inv.out.out(operationLine(NODES, node.metadata.name, operation, strategy, format));
      else inv.out.out(printObjects(inv, [result], true));
    }
  }
};
