/**
 * `kubectl create serviceaccount|priorityclass|poddisruptionbudget|quota`: the objects are those kubectl
 * builds (compare `--dry-run=client -o yaml`), with its flag checks and messages; `create token`.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/create/create_serviceaccount.go,
 * create_priorityclass.go, create_pdb.go, create_quota.go; staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/helpers.go
 * ParseToLabelSelector.
 */
import type { KObject } from '../apiserver/store';
import { resourceByName } from '../api/resources';
import { parseQuantity, QuantityParseError } from '../api/quantity';
import { LabelSelectorError, parseSelector } from '../api/labels';
import { OUTPUT_FLAGS, fail, nameFromArgs, type CommandSpec, type Invocation } from './command';
import type { FlagDef } from './flags';
import { checkOutputFormat, MUTATION_FORMATS, printObjects } from './output';

type Generate = (inv: Invocation, r: ReturnType<typeof resourceByName>, obj: KObject, wrap?: string) => Promise<void>;

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

/** upstream: create_quota.go populateResourceListV1: `cpu=1,memory=1G` (empty: no hard limits). */
function parseHard(spec: string): Record<string, string> | undefined {
  if (spec === '') return undefined;
  const hard: Record<string, string> = {};
  for (const statement of spec.split(',')) {
    const parts = statement.split('=');
    if (parts.length !== 2) fail(`Invalid argument syntax ${statement}, expected <resource>=<value>`);
    try {
      hard[parts[0]] = parseQuantity(parts[1]).toString();
    } catch (e) {
      if (e instanceof QuantityParseError) fail(e.message);
      throw e;
    }
  }
  return hard;
}

/** upstream: create_quota.go parseScopes: the API server checks the names; only empty ones are refused here. */
function parseScopes(spec: string): string[] | undefined {
  if (spec === '') return undefined;
  const scopes = spec.split(',');
  if (scopes.includes('')) fail('invalid resource quota scope ""');
  return scopes;
}

export function createQuotaCommand(flags: FlagDef[], generate: Generate): CommandSpec {
  return {
    name: 'quota',
    aliases: ['resourcequota'],
    long: 'Create a resource quota with the specified name, hard limits, and optional scopes.',
    short: 'Create a quota with the specified name',
    use: 'create quota NAME [--hard=key1=value1,key2=value2] [--scopes=Scope1,Scope2] [--dry-run=server|client|none]',
    flags: [...flags, { name: 'hard', type: 'string' }, { name: 'scopes', type: 'string' }],
    async run(inv) {
      const name = nameFromArgs(inv);
      const hard = parseHard(inv.flags.str('hard'));
      const scopes = parseScopes(inv.flags.str('scopes'));
      const obj: KObject = {
        apiVersion: 'v1',
        kind: 'ResourceQuota',
        metadata: meta(inv, name, true),
        spec: { ...(hard ? { hard: Object.fromEntries(Object.entries(hard).sort(([a], [b]) => (a < b ? -1 : 1))) } : {}), ...(scopes ? { scopes } : {}) },
        status: {}
      };
      // upstream: create_quota.go Run: `failed to create quota: %v`
      await generate(inv, resourceByName('resourcequotas'), obj, 'failed to create quota');
    }
  };
}

/** upstream: create_token.go boundObjectKindToAPIVersions */
const BOUND_OBJECT_KINDS: Record<string, string> = { Node: 'v1', Pod: 'v1', Secret: 'v1' };

/**
 * `kubectl create token SA`: a TokenRequest to serviceaccounts/token; the token printed (with a
 * newline, as kubectl does on a terminal), or the TokenRequest with -o.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/create/create_token.go (Validate, Run)
 */
export function createTokenCommand(): CommandSpec {
  return {
    name: 'token',
    long: 'Request a service account token.',
    short: 'Request a service account token',
    use: 'create token SERVICE_ACCOUNT_NAME',
    flags: [
      ...OUTPUT_FLAGS,
      { name: 'audience', type: 'stringArray' },
      { name: 'duration', type: 'duration', def: 0 },
      { name: 'bound-object-kind', type: 'string' },
      { name: 'bound-object-name', type: 'string' },
      { name: 'bound-object-uid', type: 'string' }
    ],
    async run(inv) {
      const name = nameFromArgs(inv);
      const { flags: f } = inv;
      const duration = f.int('duration');
      if (duration < 0) fail('--duration must be greater than or equal to 0');
      if (duration % 1000 !== 0) fail('--duration cannot be expressed in units less than seconds');
      const audiences = f.list('audience');
      if (audiences.some((a) => a === '')) fail('--audience must not be an empty string');
      const kind = f.str('bound-object-kind');
      const boundName = f.str('bound-object-name');
      const boundUID = f.str('bound-object-uid');
      if (!kind) {
        if (boundName) fail('--bound-object-name can only be set if --bound-object-kind is provided');
        if (boundUID) fail('--bound-object-uid can only be set if --bound-object-kind is provided');
      } else {
        if (!(kind in BOUND_OBJECT_KINDS)) fail(`supported --bound-object-kind values are ${Object.keys(BOUND_OBJECT_KINDS).sort().join(', ')}`);
        if (!boundName) fail('--bound-object-name is required if --bound-object-kind is provided');
      }
      const spec: KObject = { audiences: audiences.length > 0 ? audiences : null };
      if (duration > 0) spec.expirationSeconds = duration / 1000;
      if (kind) spec.boundObjectRef = { kind, apiVersion: BOUND_OBJECT_KINDS[kind], name: boundName, ...(boundUID ? { uid: boundUID } : {}) };
      const res = await inv.ctx.request({
        verb: 'create',
        resource: 'serviceaccounts',
        subresource: 'token',
        namespace: inv.namespace,
        name,
        body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', metadata: { creationTimestamp: null }, spec, status: {} }
      });
      if (!res.ok) fail(`failed to create token: ${res.status.message}`);
      const format = f.str('output');
      if (format) {
        checkOutputFormat(format, MUTATION_FORMATS);
        inv.out.out(printObjects(inv, [res.object], true));
      } else inv.out.out(`${res.object.status.token}\n`);
    }
  };
}
