/**
 * `kubectl config`: the learner's kubeconfig, as kubeadm writes it for the admin
 * (`kubernetes-admin@kubernetes`), kept by the console (the machine kubectl runs on). Its
 * current context's namespace is every command's default namespace, the way CKAD candidates
 * switch with `kubectl config set-context --current --namespace=dev`; `--context` picks another.
 * Texts checked against kubectl v1.32.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/config/ (view.go, current_context.go,
 * get_contexts.go, get_clusters.go, get_users.go, use_context.go, create_context.go,
 * delete_context.go, rename_context.go, unset.go), client-go tools/clientcmd (validation.go,
 * api/v1 field order for -o json).
 */
import { fail, KubectlError, OUTPUT_FLAGS, type CommandSpec } from './command';
import { printJSONPath } from './printers/jsonpath';
import { toKubectlJson, toKubectlYaml } from './printers/yaml-json';

export interface Kubeconfig {
  clusters: { name: string; server: string; caData: string }[];
  users: KubeconfigUser[];
  contexts: { name: string; cluster: string; user: string; namespace?: string }[];
  currentContext: string;
}

/** A kubeconfig user (AuthInfo): kubeadm's client certificate, or what `config set-credentials` wrote. */
export interface KubeconfigUser {
  name: string;
  certData?: string;
  keyData?: string;
  token?: string;
  username?: string;
  password?: string;
}

/** Where kubectl reads it (messages name the file). */
export const KUBECONFIG_PATH = '/home/learner/.kube/config';
const REDACTED = 'DATA+OMITTED';
const b64 = (s: string) => btoa(s);

/** kubeadm's admin.conf, copied to ~/.kube/config as kubeadm init tells you to. */
export function defaultKubeconfig(): Kubeconfig {
  return {
    clusters: [{ name: 'kubernetes', server: 'https://127.0.0.1:6443', caData: b64('-----BEGIN CERTIFICATE-----\nkubarium simulated cluster CA (kubernetes)\n-----END CERTIFICATE-----\n') }],
    users: [
      {
        name: 'kubernetes-admin',
        certData: b64('-----BEGIN CERTIFICATE-----\nkubarium simulated client certificate (CN=kubernetes-admin, O=kubeadm:cluster-admins)\n-----END CERTIFICATE-----\n'),
        keyData: b64('-----BEGIN RSA PRIVATE KEY-----\nkubarium simulated client key\n-----END RSA PRIVATE KEY-----\n')
      }
    ],
    contexts: [{ name: 'kubernetes-admin@kubernetes', cluster: 'kubernetes', user: 'kubernetes-admin' }],
    currentContext: 'kubernetes-admin@kubernetes'
  };
}

/**
 * The context a command runs in (`--context` or the current one): its namespace, or the error
 * kubectl gives before it sends anything.
 * upstream: clientcmd DirectClientConfig.ConfirmUsable ("context was not found for specified
 * context"); with no usable cluster, client-go falls back to localhost:8080.
 */
export function resolveContext(kc: Kubeconfig, flagContext: string, flagUser = ''): { namespace?: string; user?: KubeconfigUser } {
  const name = flagContext || kc.currentContext;
  if (name === '') throw new KubectlError('The connection to the server localhost:8080 was refused - did you specify the right host or port?');
  const c = kc.contexts.find((x) => x.name === name);
  if (!c) throw new KubectlError(`Error in configuration: context was not found for specified context: ${name}`);
  if (!kc.clusters.some((x) => x.name === c.cluster)) throw new KubectlError('The connection to the server localhost:8080 was refused - did you specify the right host or port?');
  // --user picks another of the kubeconfig's users; a user the file does not hold sends no credentials.
  const user = kc.users.find((u) => u.name === (flagUser || c.user));
  return { namespace: c.namespace || undefined, ...(user ? { user } : {}) };
}

/** The kubeconfig as `config view` prints it: clientcmd api/v1 Config (JSON field order). */
function toV1(kc: Kubeconfig, opts: { minify: boolean; raw: boolean }): Record<string, unknown> {
  let { clusters, users, contexts } = kc;
  if (opts.minify) {
    const cur = contexts.find((c) => c.name === kc.currentContext);
    if (!cur) fail(kc.currentContext === '' ? 'current-context must exist in order to minify' : `cannot locate context ${kc.currentContext}`);
    contexts = [cur];
    clusters = clusters.filter((c) => c.name === cur.cluster);
    users = users.filter((u) => u.name === cur.user);
  }
  const data = (d: string) => (opts.raw ? d : REDACTED);
  return {
    kind: 'Config',
    apiVersion: 'v1',
    preferences: {},
    clusters: clusters.map((c) => ({ name: c.name, cluster: { server: c.server, 'certificate-authority-data': data(c.caData) } })),
    // clientcmd's v1 conversion lists users by name; AuthInfo's JSON field order.
    users: [...users].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((u) => ({
      name: u.name,
      user: {
        ...(u.certData !== undefined ? { 'client-certificate-data': data(u.certData) } : {}),
        ...(u.keyData !== undefined ? { 'client-key-data': data(u.keyData) } : {}),
        ...(u.token !== undefined ? { token: opts.raw ? u.token : 'REDACTED' } : {}),
        ...(u.username !== undefined ? { username: u.username } : {}),
        ...(u.password !== undefined ? { password: opts.raw ? u.password : 'REDACTED' } : {})
      }
    })),
    contexts: contexts.map((c) => ({ name: c.name, context: { cluster: c.cluster, user: c.user, ...(c.namespace ? { namespace: c.namespace } : {}) } })),
    'current-context': kc.currentContext
  };
}

function kubeconfigOf(inv: { ctx: { kubeconfig?: Kubeconfig } }): Kubeconfig {
  // Outside a console (a lesson check, the editor) a fresh admin kubeconfig: changes do not persist.
  return inv.ctx.kubeconfig ?? defaultKubeconfig();
}

function exactArgs(args: string[], n: number, path: string) {
  if (args.length !== n) fail(`Unexpected args: [${args.join(' ')}]\nSee '${path} -h' for help and examples`);
}

const viewCommand: CommandSpec = {
  name: 'view',
  long: 'Display merged kubeconfig settings or a specified kubeconfig file.\n\n You can use --output jsonpath={...} to extract specific values using a jsonpath expression.',
  short: 'Display merged kubeconfig settings or a specified kubeconfig file',
  use: 'config view [flags]',
  flags: [...OUTPUT_FLAGS.filter((f) => f.name !== 'output'), { name: 'output', short: 'o', type: 'string', def: 'yaml' }, { name: 'minify', type: 'bool' }, { name: 'raw', type: 'bool' }, { name: 'flatten', type: 'bool' }, { name: 'merge', type: 'bool', def: true }],
  async run(inv) {
    const { flags, out } = inv;
    // The global --context overrides the file's current context (clientcmd's loader), --minify included.
    const kc = kubeconfigOf(inv);
    const obj = toV1(flags.str('context') ? { ...kc, currentContext: flags.str('context') } : kc, { minify: flags.bool('minify'), raw: flags.bool('raw') || flags.bool('flatten') });
    const format = flags.str('output');
    // sigs.k8s.io/yaml goes through JSON into Go maps (keys sorted); -o json keeps the struct's order.
    if (format === 'yaml' || format === '') out.out(toKubectlYaml(obj));
    else if (format === 'json') out.out(toKubectlJson(obj, { sortKeys: false }));
    else if (format.startsWith('jsonpath=') || format.startsWith('jsonpath-as-json=')) {
      const r = printJSONPath(format.slice(format.indexOf('=') + 1), obj);
      if (r.error) fail(r.error.replace(/\n$/, ''));
      out.out(r.output);
    } else fail(`unable to match a printer suitable for the output format "${format}", allowed formats are: json,jsonpath,jsonpath-as-json,jsonpath-file,yaml`);
  }
};

const currentContextCommand: CommandSpec = {
  name: 'current-context',
  long: 'Display the current-context.',
  short: 'Display the current-context',
  use: 'config current-context [flags]',
  flags: [],
  async run(inv) {
    const kc = kubeconfigOf(inv);
    if (kc.currentContext === '') fail('current-context is not set');
    inv.out.out(kc.currentContext + '\n');
  }
};

/** upstream: get_contexts.go printContextHeaders/printContext: tab-separated, tabwriter padding 3. */
const getContextsCommand: CommandSpec = {
  name: 'get-contexts',
  long: 'Display one or many contexts from the kubeconfig file.',
  short: 'Describe one or many contexts',
  use: 'config get-contexts [(-o|--output=)name)]',
  flags: [{ name: 'output', short: 'o', type: 'string' }, { name: 'no-headers', type: 'bool' }],
  async run(inv) {
    const { flags, out, args } = inv;
    const kc = kubeconfigOf(inv);
    const format = flags.str('output');
    if (format !== '' && format !== 'name') fail(`--output ${format} is not available in kubectl config get-contexts; resetting to default output format`);
    const wanted = args.length > 0 ? kc.contexts.filter((c) => args.includes(c.name)) : kc.contexts;
    const missing = args.filter((a) => !kc.contexts.some((c) => c.name === a));
    const sorted = [...wanted].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (format === 'name') for (const c of sorted) out.out(c.name + '\n');
    else {
      const rows = [...(flags.bool('no-headers') ? [] : [['CURRENT', 'NAME', 'CLUSTER', 'AUTHINFO', 'NAMESPACE']])];
      for (const c of sorted) rows.push([c.name === kc.currentContext ? '*' : '', c.name, c.cluster, c.user, c.namespace ?? '']);
      const widths = rows[0] ? rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length))) : [];
      for (const r of rows) out.out(r.map((cell, i) => (i < r.length - 1 ? cell.padEnd(widths[i] + 3) : cell)).join('') + '\n');
    }
    if (missing.length > 0) fail(missing.map((m) => `context ${m} not found`).join('\n'));
  }
};

/** `get-clusters` / `get-users`: a NAME column of the kubeconfig's entries (get_clusters.go, get_users.go). */
const nameList = (what: 'clusters' | 'users'): CommandSpec => ({
  name: `get-${what}`,
  long: `Display ${what} defined in the kubeconfig.`,
  short: `Display ${what} defined in the kubeconfig`,
  use: `config get-${what} [flags]`,
  flags: [],
  async run(inv) {
    inv.out.out('NAME\n' + kubeconfigOf(inv)[what].map((e) => e.name + '\n').join(''));
  }
});
const getClustersCommand = nameList('clusters');
const getUsersCommand = nameList('users');

const useContextCommand: CommandSpec = {
  name: 'use-context',
  aliases: ['use'],
  long: 'Set the current-context in a kubeconfig file.',
  short: 'Set the current-context in a kubeconfig file',
  use: 'config use-context CONTEXT_NAME [flags]',
  flags: [],
  async run(inv) {
    const kc = kubeconfigOf(inv);
    if (inv.args.length !== 1) fail(`Unexpected args: [${inv.args.join(' ')}]`);
    const name = inv.args[0];
    if (name === '') fail('empty context names are not allowed');
    if (!kc.contexts.some((c) => c.name === name)) fail(`no context exists with the name: ${JSON.stringify(name)}`);
    kc.currentContext = name;
    inv.out.out(`Switched to context ${JSON.stringify(name)}.\n`);
  }
};

const setContextCommand: CommandSpec = {
  name: 'set-context',
  long: 'Set a context entry in kubeconfig.\n\n Specifying a name that already exists will merge new fields on top of existing values for those fields.',
  short: 'Set a context entry in kubeconfig',
  use: 'config set-context [NAME | --current] [--cluster=cluster_nickname] [--user=user_nickname] [--namespace=namespace] [flags]',
  flags: [{ name: 'current', type: 'bool' }],
  async run(inv) {
    const { flags, out, args } = inv;
    const kc = kubeconfigOf(inv);
    if (args.length > 1) fail(`Unexpected args: [${args.join(' ')}]`);
    let name = args[0] ?? '';
    if (flags.bool('current')) {
      if (name !== '') fail('you cannot specify both a context name and --current');
      if (kc.currentContext === '') fail('no current context is set');
      name = kc.currentContext;
    }
    if (name === '') fail('you must specify a non-empty context name or --current');
    let c = kc.contexts.find((x) => x.name === name);
    const created = !c;
    if (!c) {
      c = { name, cluster: '', user: '' };
      kc.contexts.push(c);
    }
    // The global --cluster, --user and --namespace flags name the context's fields here.
    if (flags.changed('cluster')) c.cluster = flags.str('cluster');
    if (flags.changed('user')) c.user = flags.str('user');
    if (flags.changed('namespace')) c.namespace = flags.str('namespace') || undefined;
    out.out(`Context ${JSON.stringify(name)} ${created ? 'created' : 'modified'}.\n`);
  }
};

/**
 * `config set-credentials NAME [--token=T] [--username=U --password=P] [--client-certificate=F
 * --client-key=F]`: a bearer token and basic auth exclude each other (setting one clears the other).
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/config/create_authinfo.go
 */
const setCredentialsCommand: CommandSpec = {
  name: 'set-credentials',
  long: 'Set a user entry in kubeconfig.\n\n Specifying a name that already exists will merge new fields on top of existing values.',
  short: 'Set a user entry in kubeconfig',
  use: 'config set-credentials NAME [--client-certificate=path/to/certfile] [--client-key=path/to/keyfile] [--token=bearer_token] [--username=basic_user] [--password=basic_password] [--auth-provider=provider_name] [--auth-provider-arg=key=value] [--exec-command=exec_command] [--exec-api-version=exec_api_version] [--exec-arg=arg] [--exec-env=key=value] [options]',
  flags: [
    { name: 'token', type: 'string' },
    { name: 'username', type: 'string' },
    { name: 'password', type: 'string' },
    { name: 'client-certificate', type: 'string' },
    { name: 'client-key', type: 'string' },
    { name: 'embed-certs', type: 'bool' }
  ],
  async run(inv) {
    const { flags, out, args } = inv;
    const kc = kubeconfigOf(inv);
    if (args.length !== 1 || args[0] === '') fail(`unexpected args: [${args.join(' ')}]`);
    const token = flags.changed('token') ? flags.str('token') : undefined;
    const basic = flags.changed('username') || flags.changed('password');
    // upstream: create_authinfo.go validate
    // (returned from cobra's RunE: printed as `Error: ...`)
    if (token !== undefined && basic) throw new KubectlError('Error: you cannot specify more than one authentication method at the same time: --token, --username/--password');
    const name = args[0];
    let u = kc.users.find((x) => x.name === name);
    if (!u) {
      u = { name };
      kc.users.push(u);
    }
    if (token !== undefined) {
      u.token = token || undefined;
      delete u.username;
      delete u.password;
    }
    if (basic) {
      if (flags.changed('username')) u.username = flags.str('username') || undefined;
      if (flags.changed('password')) u.password = flags.str('password') || undefined;
      delete u.token;
    }
    // The learner's machine holds no certificate files: kubectl would fail to read them.
    for (const f of ['client-certificate', 'client-key']) {
      if (flags.changed(f)) fail(`error reading ${f} data from ${flags.str(f)}: open ${flags.str(f)}: no such file or directory`);
    }
    out.out(`User ${JSON.stringify(name)} set.\n`);
  }
};

const deleteContextCommand: CommandSpec = {
  name: 'delete-context',
  long: 'Delete the specified context from the kubeconfig.',
  short: 'Delete the specified context from the kubeconfig',
  use: 'config delete-context NAME [flags]',
  flags: [],
  async run(inv) {
    const kc = kubeconfigOf(inv);
    exactArgs(inv.args, 1, 'kubectl config delete-context');
    const name = inv.args[0];
    const i = kc.contexts.findIndex((c) => c.name === name);
    if (i < 0) fail(`cannot delete context ${name}, not in ${KUBECONFIG_PATH}`);
    if (kc.currentContext === name) inv.out.warning('warning: this removed your active context, use "kubectl config use-context" to select a different one\n');
    kc.contexts.splice(i, 1);
    inv.out.out(`deleted context ${name} from ${KUBECONFIG_PATH}\n`);
  }
};

const renameContextCommand: CommandSpec = {
  name: 'rename-context',
  long: 'Renames a context from the kubeconfig file.',
  short: 'Rename a context from the kubeconfig file',
  use: 'config rename-context CONTEXT_NAME NEW_NAME [flags]',
  flags: [],
  async run(inv) {
    const kc = kubeconfigOf(inv);
    exactArgs(inv.args, 2, 'kubectl config rename-context');
    const [from, to] = inv.args;
    const c = kc.contexts.find((x) => x.name === from);
    if (!c) fail(`cannot rename the context ${JSON.stringify(from)}, it's not in ${KUBECONFIG_PATH}`);
    if (kc.contexts.some((x) => x.name === to)) fail(`cannot rename the context ${JSON.stringify(from)}, the context ${JSON.stringify(to)} already exists in ${KUBECONFIG_PATH}`);
    c.name = to;
    if (kc.currentContext === from) kc.currentContext = to;
    inv.out.out(`Context ${JSON.stringify(from)} renamed to ${JSON.stringify(to)}.\n`);
  }
};

const unsetCommand: CommandSpec = {
  name: 'unset',
  long: 'Unset an individual value in a kubeconfig file.',
  short: 'Unset an individual value in a kubeconfig file',
  use: 'config unset PROPERTY_NAME [flags]',
  flags: [],
  async run(inv) {
    const kc = kubeconfigOf(inv);
    exactArgs(inv.args, 1, 'kubectl config unset');
    const prop = inv.args[0];
    const ctx = /^contexts\.(.+)\.namespace$/.exec(prop);
    if (prop === 'current-context') kc.currentContext = '';
    else if (ctx && kc.contexts.some((c) => c.name === ctx[1])) kc.contexts.find((c) => c.name === ctx[1])!.namespace = undefined;
    else fail(`current map key \`${prop}\` is invalid`);
    inv.out.out(`Property ${JSON.stringify(prop)} unset.\n`);
  }
};

export const configCommand: CommandSpec = {
  name: 'config',
  long: 'Modify kubeconfig files using subcommands like "kubectl config set current-context my-context".',
  short: 'Modify kubeconfig files',
  use: 'config SUBCOMMAND',
  flags: [],
  subcommands: [currentContextCommand, deleteContextCommand, getClustersCommand, getContextsCommand, getUsersCommand, renameContextCommand, setContextCommand, setCredentialsCommand, unsetCommand, useContextCommand, viewCommand]
};
