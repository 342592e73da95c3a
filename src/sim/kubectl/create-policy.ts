/**
 * `kubectl create serviceaccount|priorityclass|poddisruptionbudget`: the objects are those kubectl
 * builds (compare `--dry-run=client -o yaml`), with its flag checks and messages.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/create/create_serviceaccount.go,
 * create_priorityclass.go, create_pdb.go; staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/helpers.go
 * ParseToLabelSelector.
 */
import type { KObject } from '../apiserver/store';
import { resourceByName } from '../api/resources';
import { LabelSelectorError, parseSelector } from '../api/labels';
import { fail, usageError, type CommandSpec, type Invocation } from './command';
import type { FlagDef } from './flags';

type Generate = (inv: Invocation, r: ReturnType<typeof resourceByName>, obj: KObject, wrap?: string) => Promise<void>;

/** upstream: create.go NameFromCommandArgs */
function nameFromArgs(inv: Invocation): string {
  if (inv.args.length !== 1) usageError(inv.path, `exactly one NAME is required, got ${inv.args.length}`);
  return inv.args[0];
}

function meta(inv: Invocation, name: string, namespaced: boolean): KObject {
  return { creationTimestamp: null, name, ...(namespaced && inv.explicitNamespace ? { namespace: inv.namespace } : {}) };
}

export function createServiceAccountCommand(flags: FlagDef[], generate: Generate): CommandSpec {
  return {
    name: 'serviceaccount',
    aliases: ['sa'],
    long: 'Create a service account with the specified name.',
    short: 'Create a service account with the specified name',
    use: 'create serviceaccount NAME [--dry-run=server|client|none]',
    flags,
    async run(inv) {
      const name = nameFromArgs(inv);
      await generate(inv, resourceByName('serviceaccounts'), { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta(inv, name, true) });
    }
  };
}

export function createPriorityClassCommand(flags: FlagDef[], generate: Generate): CommandSpec {
  return {
    name: 'priorityclass',
    aliases: ['pc'],
    long: 'Create a priority class with the specified name, value, globalDefault and description.',
    short: 'Create a priority class with the specified name',
    use: 'create priorityclass NAME --value=VALUE --global-default=BOOL [--dry-run=server|client|none]',
    flags: [
      ...flags,
      { name: 'value', type: 'int', def: 0 },
      { name: 'global-default', type: 'bool' },
      { name: 'description', type: 'string' },
      { name: 'preemption-policy', type: 'string', def: 'PreemptLowerPriority' }
    ],
    async run(inv) {
      const name = nameFromArgs(inv);
      const { flags: f } = inv;
      const description = f.str('description');
      // field order as kubectl prints them (alphabetical keys of the Go struct's JSON)
      const obj: KObject = {
        apiVersion: 'scheduling.k8s.io/v1',
        ...(description ? { description } : {}),
        ...(f.bool('global-default') ? { globalDefault: true } : {}),
        kind: 'PriorityClass',
        metadata: meta(inv, name, false),
        preemptionPolicy: f.str('preemption-policy'),
        value: f.int('value')
      };
      await generate(inv, resourceByName('priorityclasses'), obj);
    }
  };
}

/** upstream: metav1.ParseToLabelSelector: `=`/`==` into matchLabels, set-based requirements into matchExpressions. */
export function parseToLabelSelector(selector: string): KObject {
  let reqs;
  try {
    reqs = parseSelector(selector).requirements().requirements;
  } catch (e) {
    if (e instanceof LabelSelectorError) fail(`couldn't parse the selector string "${selector}": ${e.message}`);
    throw e;
  }
  const matchLabels: Record<string, string> = {};
  const matchExpressions: KObject[] = [];
  for (const r of reqs) {
    switch (r.operator) {
      case '=':
      case '==':
        matchLabels[r.key] = r.values[0];
        break;
      case 'in':
        matchExpressions.push({ key: r.key, operator: 'In', values: [...r.values] });
        break;
      case 'notin':
        matchExpressions.push({ key: r.key, operator: 'NotIn', values: [...r.values] });
        break;
      case 'exists':
        matchExpressions.push({ key: r.key, operator: 'Exists' });
        break;
      case '!':
        matchExpressions.push({ key: r.key, operator: 'DoesNotExist' });
        break;
      case 'gt':
      case 'lt':
        fail(`"${r.operator}" isn't supported in label selectors`);
        break;
      default:
        fail(`"${r.operator}" is not a valid label selector operator`);
    }
  }
  return { ...(matchExpressions.length > 0 ? { matchExpressions } : {}), ...(Object.keys(matchLabels).length > 0 ? { matchLabels } : {}) };
}

/** intstr.Parse: a non-negative integer or a percentage, else kubectl's format error. */
function intOrPercent(v: string, flag: string): number | string {
  if (/^\d+$/.test(v)) return Number(v);
  if (!/^\d+%$/.test(v)) fail(`invalid format specified for ${flag}`);
  return v;
}

export function createPodDisruptionBudgetCommand(flags: FlagDef[], generate: Generate): CommandSpec {
  return {
    name: 'poddisruptionbudget',
    aliases: ['pdb'],
    long: 'Create a pod disruption budget with the specified name, selector, and desired minimum available pods.',
    short: 'Create a pod disruption budget with the specified name',
    use: 'create poddisruptionbudget NAME --selector=SELECTOR --min-available=N [--dry-run=server|client|none]',
    flags: [...flags, { name: 'min-available', type: 'string' }, { name: 'max-unavailable', type: 'string' }, { name: 'selector', type: 'string' }],
    async run(inv) {
      const name = nameFromArgs(inv);
      const { flags: f } = inv;
      const min = f.str('min-available');
      const max = f.str('max-unavailable');
      // upstream: create_pdb.go Validate
      if (!f.str('selector')) fail('a selector must be specified');
      if (!min && !max) fail('one of min-available or max-unavailable must be specified');
      if (min && max) fail('min-available and max-unavailable cannot be both specified');
      const selector = parseToLabelSelector(f.str('selector'));
      const obj: KObject = {
        apiVersion: 'policy/v1',
        kind: 'PodDisruptionBudget',
        metadata: meta(inv, name, true),
        spec: { ...(max ? { maxUnavailable: intOrPercent(max, 'max-unavailable') } : {}), ...(min ? { minAvailable: intOrPercent(min, 'min-available') } : {}), selector },
        status: { currentHealthy: 0, desiredHealthy: 0, disruptionsAllowed: 0, expectedPods: 0 }
      };
      await generate(inv, resourceByName('poddisruptionbudgets'), obj);
    }
  };
}
