/**
 * `kubectl create -f` and the generators `create namespace|deployment|configmap|secret generic`
 * (`create job|cronjob` in create-job.ts, `create service` in create-service.ts,
 * `create serviceaccount|priorityclass|poddisruptionbudget|quota` in create-policy.ts,
 * `create role|clusterrole|rolebinding|clusterrolebinding` in create-rbac.ts).
 * The generated objects are exactly those kubectl builds (see `--dry-run=client -o yaml`).
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/create/create.go, create_namespace.go,
 * create_deployment.go, create_configmap.go, create_secret.go.
 */
import type { KObject } from '../apiserver/store';
import { resourceByName, type ResourceInfo } from '../api/resources';
import { isConfigMapKey } from '../api/validation/names';
import { encodeBase64 } from '../api/base64';
import {
  AggregateError,
  DRY_RUN_FLAG,
  FIELD_MANAGER_FLAG,
  FILENAME_FLAGS,
  OUTPUT_FLAGS,
  VALIDATE_FLAG,
  fieldValidation,
  dryRunStrategy,
  entryOf,
  fail,
  failStatus,
  nameFromArgs,
  usageError,
  withSource,
  type CommandSpec,
  type ErrorEntry,
  type Invocation
} from './command';
import type { FlagDef } from './flags';
import { loadManifests } from './manifest';
import { modifiedConfiguration, LAST_APPLIED } from './apply';
import { checkOutputFormat, MUTATION_FORMATS, operationLine, printObjects } from './output';
import { goJSON } from './printers/gofmt';
import { createServiceCommand } from './create-service';
import { createCronJobCommand, createJobCommand } from './create-job';
import { createPodDisruptionBudgetCommand, createPriorityClassCommand, createQuotaCommand, createServiceAccountCommand, createTokenCommand } from './create-policy';
import { createClusterRoleBindingCommand, createClusterRoleCommand, createRoleBindingCommand, createRoleCommand } from './create-rbac';

const CREATE_FLAGS: FlagDef[] = [...OUTPUT_FLAGS, DRY_RUN_FLAG, FIELD_MANAGER_FLAG('kubectl-create'), VALIDATE_FLAG, { name: 'save-config', type: 'bool' }];

/** `--save-config`: the object's JSON as the last-applied annotation. upstream: util.CreateOrUpdateAnnotation */
export function saveConfig(inv: Invocation, obj: KObject): KObject {
  if (!inv.flags.bool('save-config')) return obj;
  const { json } = modifiedConfiguration(obj, false);
  return { ...obj, metadata: { ...obj.metadata, annotations: { ...(obj.metadata?.annotations ?? {}), [LAST_APPLIED]: json } } };
}

/**
 * Sends a generated object (unless --dry-run=client) and prints it as kubectl does.
 * `wrap` turns an API error into the generator's message (`failed to create deployment: ...`).
 */
export async function createGenerated(inv: Invocation, r: ResourceInfo, obj: KObject, wrap?: string): Promise<void> {
  const strategy = dryRunStrategy(inv.flags);
  const format = inv.flags.str('output');
  checkOutputFormat(format, MUTATION_FORMATS);
  let result = saveConfig(inv, obj);
  if (strategy !== 'client') {
    const res = await inv.ctx.request({
      verb: 'create',
      resource: r.name,
      namespace: r.namespaced ? inv.namespace : undefined,
      body: result,
      dryRun: strategy === 'server' || undefined
    });
    if (!res.ok) {
      if (wrap) fail(`${wrap}: ${res.status.message}`);
      failStatus(res.status);
    }
    result = res.object;
  }
  if (!format || format === 'name') inv.out.out(operationLine(r, result.metadata.name, 'created', strategy, format));
  else inv.out.out(printObjects(inv, [result], true));
}

const createNamespace: CommandSpec = {
  name: 'namespace',
  aliases: ['ns'],
  long: 'Create a namespace with the specified name.',
  short: 'Create a namespace with the specified name',
  use: 'create namespace NAME [--dry-run=server|client|none]',
  flags: CREATE_FLAGS,
  async run(inv) {
    const name = nameFromArgs(inv);
    await createGenerated(inv, resourceByName('namespaces'), { apiVersion: 'v1', kind: 'Namespace', metadata: { creationTimestamp: null, name }, spec: {}, status: {} });
  }
};

/** Container name from an image: last path segment without tag or digest. upstream: create_deployment.go buildPodSpec */
export function containerNameFromImage(image: string): string {
  let name = image.split('/').pop()!;
  if (name.includes(':')) name = name.split(':')[0];
  if (name.includes('@')) name = name.split('@')[0];
  // upstream: sanitizeAndUniquify appends utilrand.String(5); a fixed suffix keeps runs replayable.
  if (/[_.]/.test(name)) name = `${name.replace(/[_.]/g, '-')}-${nameSuffix(image)}`;
  return name;
}

/** utilrand.String(5)'s alphabet, the five letters drawn from a hash of `s` (replayable). */
export function nameSuffix(s: string): string {
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  let out = '';
  for (let i = 0; i < 5; i++) {
    out += alphabet[h % alphabet.length];
    h = Math.floor(h / alphabet.length) + i * 7919;
  }
  return out;
}

const createDeployment: CommandSpec = {
  name: 'deployment',
  aliases: ['deploy'],
  long: 'Create a deployment with the specified name.',
  short: 'Create a deployment with the specified name',
  use: 'create deployment NAME --image=image -- [COMMAND] [args...]',
  flags: [...CREATE_FLAGS, { name: 'image', type: 'stringSlice' }, { name: 'port', type: 'int', def: -1 }, { name: 'replicas', short: 'r', type: 'int', def: 1 }],
  async run(inv) {
    const { flags } = inv;
    if (!flags.changed('image')) fail('required flag(s) "image" not set');
    const dash = flags.parsed.dashAt;
    const args = dash >= 0 ? inv.args.slice(0, dash) : inv.args;
    const command = dash >= 0 ? inv.args.slice(dash) : [];
    if (args.length !== 1) usageError(inv.path, `exactly one NAME is required, got ${args.length}`);
    const name = args[0];
    const images = flags.list('image');
    if (images.length > 1 && command.length > 0) fail('cannot specify multiple --image options and command');
    const labels = { app: name };
    const containers = images.map((image) => ({
      ...(command.length > 0 ? { command } : {}),
      image,
      name: containerNameFromImage(image),
      ...(flags.int('port') >= 0 ? { ports: [{ containerPort: flags.int('port') }] } : {}),
      resources: {}
    }));
    const obj: KObject = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { creationTimestamp: null, labels, name, ...(inv.explicitNamespace ? { namespace: inv.namespace } : {}) },
      spec: {
        replicas: flags.int('replicas'),
        selector: { matchLabels: labels },
        strategy: {},
        template: { metadata: { creationTimestamp: null, labels }, spec: { containers } }
      },
      status: {}
    };
    await createGenerated(inv, resourceByName('deployments'), obj, 'failed to create deployment');
  }
};

/** upstream: util.ParseLiteralSource */
function parseLiteral(source: string): [string, string] {
  const i = source.indexOf('=');
  // `=value` has an empty key, which key validation rejects.
  if (i < 0) fail(`invalid literal source ${source}, expected key=value`);
  return [source.slice(0, i), source.slice(i + 1)];
}

const FROM_FLAGS: FlagDef[] = [
  { name: 'from-literal', type: 'stringArray' },
  { name: 'from-file', type: 'stringSlice' },
  { name: 'from-env-file', type: 'stringSlice' },
  { name: 'append-hash', type: 'bool' }
];

function checkNoFiles(inv: Invocation): void {
  if (inv.flags.list('from-file').length > 0 || inv.flags.list('from-env-file').length > 0) {
    fail('--from-file and --from-env-file are not supported by this simulator: use --from-literal');
  }
}

/** How a kind words its --from-literal key errors. */
interface LiteralKeyErrors {
  invalidKey(key: string, errs: string[]): string;
  duplicateKey(key: string): string;
}

/**
 * The data of a configmap or secret from its sources (only --from-literal here): each key
 * checked as a ConfigMap key and unique, each value stored as `encode` gives it.
 */
function literalData(inv: Invocation, errors: LiteralKeyErrors, encode: (value: string) => string = (value) => value): Record<string, string> {
  checkNoFiles(inv);
  const data: Record<string, string> = {};
  for (const lit of inv.flags.list('from-literal')) {
    const [key, value] = parseLiteral(lit);
    const errs = isConfigMapKey(key);
    if (errs.length > 0) fail(errors.invalidKey(key, errs));
    if (key in data) fail(errors.duplicateKey(key));
    data[key] = encode(value);
  }
  return data;
}

const createConfigMap: CommandSpec = {
  name: 'configmap',
  aliases: ['cm'],
  long: 'Create a config map based on a file, directory, or specified literal value.',
  short: 'Create a config map from a local file, directory or literal value',
  use: 'create configmap NAME [--from-file=[key=]source] [--from-literal=key1=value1] [--dry-run=server|client|none]',
  flags: [...CREATE_FLAGS, ...FROM_FLAGS],
  async run(inv) {
    const name = nameFromArgs(inv);
    // upstream: create_configmap.go addKeyFromLiteralToConfigMap
    const data = literalData(inv, {
      invalidKey: (key, errs) => `"${key}" is not a valid key name for a ConfigMap: ${errs.join(';')}`,
      duplicateKey: (key) => `cannot add key "${key}", another key by that name already exists in Data for ConfigMap "${name}"`
    });
    const obj: KObject = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { creationTimestamp: null, name, ...(inv.explicitNamespace ? { namespace: inv.namespace } : {}) },
      ...(Object.keys(data).length > 0 ? { data } : {})
    };
    await createGenerated(inv, resourceByName('configmaps'), obj, 'failed to create configmap');
  }
};

const createSecretGeneric: CommandSpec = {
  name: 'generic',
  long: 'Create a secret based on a file, directory, or specified literal value.',
  short: 'Create a secret from a local file, directory, or literal value',
  use: 'create secret generic NAME [--type=string] [--from-file=[key=]source] [--from-literal=key1=value1] [--dry-run=server|client|none]',
  flags: [...CREATE_FLAGS, ...FROM_FLAGS, { name: 'type', type: 'string' }],
  async run(inv) {
    const name = nameFromArgs(inv);
    // upstream: create_secret.go addKeyFromLiteralToSecret
    const data = literalData(
      inv,
      {
        invalidKey: (key, errs) => `"${key}" is not valid key name for a Secret ${errs.join(';')}`,
        duplicateKey: (key) => `cannot add key ${key}, another key by that name already exists`
      },
      encodeBase64
    );
    const type = inv.flags.str('type');
    const obj: KObject = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { creationTimestamp: null, name, ...(inv.explicitNamespace ? { namespace: inv.namespace } : {}) },
      ...(Object.keys(data).length > 0 ? { data } : {}),
      ...(type ? { type } : {})
    };
    await createGenerated(inv, resourceByName('secrets'), obj, 'failed to create secret');
  }
};

/** Generators kubectl has and this simulator does not. */
function unsupported(name: string, short: string, use: string): CommandSpec {
  return {
    name,
    long: short + '.',
    short,
    use,
    flags: CREATE_FLAGS,
    async run(inv) {
      fail(`"${inv.path}" is not available in this simulator`);
    }
  };
}

const createSecret: CommandSpec = {
  name: 'secret',
  long: 'Create a secret with specified type.\n\n A docker-registry type secret is for accessing a container registry.\n\n A generic type secret indicate an Opaque secret type.\n\n A tls type secret holds TLS certificate and its associated key.',
  short: 'Create a secret using a specified subcommand',
  use: 'create secret (docker-registry | generic | tls)',
  flags: [],
  subcommands: [
    unsupported('docker-registry', 'Create a secret for use with a Docker registry', 'create secret docker-registry NAME --docker-username=user --docker-password=password --docker-email=email'),
    createSecretGeneric,
    unsupported('tls', 'Create a TLS secret', 'create secret tls NAME --cert=path/to/cert/file --key=path/to/key/file')
  ]
};

export const createCommand: CommandSpec = {
  name: 'create',
  long: 'Create a resource from a file or from stdin.\n\n JSON and YAML formats are accepted.',
  short: 'Create a resource from a file or from stdin',
  use: 'create -f FILENAME',
  flags: [
    ...CREATE_FLAGS,
    ...FILENAME_FLAGS,
    { name: 'edit', type: 'bool' },
    { name: 'raw', type: 'string' },
    { name: 'selector', short: 'l', type: 'string' },
    { name: 'windows-line-endings', type: 'bool' }
  ],
  subcommands: [createClusterRoleCommand(CREATE_FLAGS, createGenerated), createClusterRoleBindingCommand(CREATE_FLAGS, createGenerated), createConfigMap, createCronJobCommand(CREATE_FLAGS, createGenerated), createDeployment, createJobCommand(CREATE_FLAGS, createGenerated), createNamespace, createPodDisruptionBudgetCommand(CREATE_FLAGS, createGenerated), createPriorityClassCommand(CREATE_FLAGS, createGenerated), createQuotaCommand(CREATE_FLAGS, createGenerated), createRoleCommand(CREATE_FLAGS, createGenerated), createRoleBindingCommand(CREATE_FLAGS, createGenerated), createSecret, createServiceCommand(CREATE_FLAGS, createGenerated), createServiceAccountCommand(CREATE_FLAGS, createGenerated), createTokenCommand()],
  async run(inv) {
    const { flags } = inv;
    const filenames = flags.list('filename');
    if (filenames.length === 0 && !flags.str('kustomize')) {
      if (inv.args.length > 0) usageError(inv.path, `Unexpected args: [${inv.args.join(' ')}]`);
      fail('must specify one of -f and -k');
    }
    const strategy = dryRunStrategy(flags);
    const format = flags.str('output');
    checkOutputFormat(format, MUTATION_FORMATS);
    const load = await loadManifests(inv, filenames, { validate: !['false', 'ignore'].includes(flags.str('validate')) });
    const errors: ErrorEntry[] = load.errors.map((message) => ({ message }));
    const printed: KObject[] = [];
    for (const info of load.infos) {
      try {
        let obj = saveConfig(inv, info.obj);
        if (strategy !== 'client') {
          const res = await inv.ctx.request({
            verb: 'create',
            resource: info.resource.name,
            namespace: info.resource.namespaced ? info.namespace : undefined,
            body: obj,
            dryRun: strategy === 'server' || undefined,
            fieldValidation: fieldValidation(flags)
          });
          if (!res.ok) failStatus(withSource('creating', info.source, res.status));
          obj = res.object;
        }
        if (!format || format === 'name') inv.out.out(operationLine(info.resource, info.name, 'created', strategy, format));
        else printed.push(obj);
      } catch (e) {
        errors.push(entryOf(e));
      }
    }
    // create prints each object on its own (a YAML stream, not a List).
    for (const [i, obj] of printed.entries()) {
      if (i > 0 && format === 'yaml') inv.out.out('---\n');
      inv.out.out(printObjects(inv, [obj], true));
    }
    if (errors.length > 0) throw new AggregateError(errors);
  }
};

