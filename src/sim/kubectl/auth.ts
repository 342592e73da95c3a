/**
 * `kubectl auth can-i` (a SelfSubjectAccessReview, or with --list a SelfSubjectRulesReview) and
 * `kubectl auth whoami` (a SelfSubjectReview). With the global --as they answer for the
 * impersonated user, as the API server sees it.
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/auth/cani.go, whoami.go,
 * staging/src/k8s.io/kubectl/pkg/util/rbac (src/sim/api/rbac-rules.ts)
 */
import { combineResourceGroup, compactSortedRules, goStrings } from '../api/rbac-rules';
import { resolveResource } from '../api/resources';
import { fail, failStatus, KubectlError, OUTPUT_FLAGS, type CommandSpec, type Invocation } from './command';
import { printObjects } from './output';
import { formatKubectlTable } from './printers';

/* eslint-disable @typescript-eslint/no-explicit-any */

const RESOURCE_VERBS = new Set(['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection', 'use', 'bind', 'impersonate', '*', 'approve', 'sign', 'escalate', 'attest']);
const NON_RESOURCE_URL_VERBS = new Set(['get', 'put', 'post', 'head', 'options', 'delete', 'patch', '*']);
/** Resources the server authorizes but does not list in discovery (impersonation's). */
const NON_STANDARD_RESOURCE_NAMES = new Set(['users', 'groups']);

/** Go's %v of a []string (nil too). */
const goList = (l: readonly string[] | undefined): string => goStrings(l ?? []);

function splitOnce(s: string, sep: string): [string, string | undefined] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)];
}

/** upstream: cani.go resourceFor: the RESTMapper's answer, or the argument as typed (with a warning). */
function resourceFor(inv: Invocation, arg: string): { group: string; resource: string; namespaced?: boolean } {
  if (arg === '*') return { group: '', resource: '*' };
  const lower = arg.toLowerCase();
  const r = resolveResource(lower);
  if (r) return { group: r.group, resource: r.name, namespaced: r.namespaced };
  const dot = lower.indexOf('.');
  const resource = dot < 0 ? lower : lower.slice(0, dot);
  const group = dot < 0 ? '' : lower.slice(dot + 1);
  const groupResource = group ? `${resource}.${group}` : resource;
  if (!NON_STANDARD_RESOURCE_NAMES.has(groupResource)) {
    inv.out.warning(group ? `Warning: the server doesn't have a resource type '${resource}' in group '${group}'\n` : `Warning: the server doesn't have a resource type '${resource}'\n`);
  }
  return { group: '', resource: arg };
}

const canICommand: CommandSpec = {
  name: 'can-i',
  long: 'Check whether an action is allowed.',
  short: 'Check whether an action is allowed',
  use: 'auth can-i VERB [TYPE | TYPE/NAME | NONRESOURCEURL]',
  flags: [
    { name: 'all-namespaces', short: 'A', type: 'bool' },
    { name: 'list', type: 'bool' },
    { name: 'no-headers', type: 'bool' },
    { name: 'quiet', short: 'q', type: 'bool' },
    { name: 'subresource', type: 'string' }
  ],
  async run(inv) {
    const { flags, args } = inv;
    const list = flags.bool('list');
    const quiet = flags.bool('quiet');
    const subresource = flags.str('subresource');
    const namespace = flags.bool('all-namespaces') ? '' : inv.namespace;
    if (list) {
      if (args.length !== 0) fail('list option must be specified with no arguments');
      if (quiet || flags.bool('all-namespaces') || subresource !== '') fail("list option can't be specified with neither quiet, all-namespaces nor subresource options");
      return runAccessList(inv, namespace);
    }
    if (args.length !== 2) fail("you must specify two arguments: verb resource or verb resource/resourceName.\nSee 'kubectl auth can-i -h' for help and examples.");
    const verb = args[0];
    let nonResourceURL = '';
    let target: { group: string; resource: string; namespaced?: boolean } | undefined;
    let name = '';
    if (args[1].startsWith('/')) nonResourceURL = args[1];
    else {
      const [res, resourceName] = splitOnce(args[1], '/');
      target = resourceFor(inv, res);
      name = resourceName ?? '';
    }
    // upstream: cani.go Validate
    if (nonResourceURL !== '') {
      if (subresource !== '') fail('--subresource can not be used with NonResourceURL');
      if (!NON_RESOURCE_URL_VERBS.has(verb)) inv.out.warning(`Warning: verb '${verb}' is not a known verb\n`);
    } else if (target && !flags.bool('all-namespaces')) {
      if (target.namespaced === false) {
        inv.out.warning(target.group ? `Warning: resource '${target.resource}' is not namespace scoped in group '${target.group}'\n` : `Warning: resource '${target.resource}' is not namespace scoped\n`);
      }
      if (!RESOURCE_VERBS.has(verb)) inv.out.warning(`Warning: verb '${verb}' is not a known verb\n`);
    }
    if (flags.bool('no-headers')) fail('--no-headers cannot be set without --list specified');
    const spec = nonResourceURL
      ? { nonResourceAttributes: { path: nonResourceURL, verb } }
      : { resourceAttributes: { namespace, verb, group: target!.group, resource: target!.resource, subresource, name } };
    const res = await inv.ctx.request({ verb: 'create', resource: 'selfsubjectaccessreviews', body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', metadata: {}, spec } });
    if (!res.ok) failStatus(res.status);
    const status = res.object.status ?? {};
    if (status.allowed) {
      if (!quiet) inv.out.out('yes\n');
      return;
    }
    if (!quiet) inv.out.out(`no${status.reason ? ` - ${status.reason}` : ''}${status.evaluationError ? ` - ${status.evaluationError}` : ''}\n`);
    // upstream: os.Exit(1) when the answer is no.
    throw new KubectlError('');
  }
};

async function runAccessList(inv: Invocation, namespace: string): Promise<void> {
  const res = await inv.ctx.request({ verb: 'create', resource: 'selfsubjectrulesreviews', body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', metadata: {}, spec: { namespace } } });
  if (!res.ok) failStatus(res.status);
  const status: any = res.object.status ?? {};
  if (status.incomplete) inv.out.warning(`Warning: the list may be incomplete: ${status.evaluationError ?? ''}`);
  const rules = [
    ...(status.resourceRules ?? []).map((r: any) => ({ verbs: r.verbs, apiGroups: r.apiGroups, resources: r.resources, resourceNames: r.resourceNames })),
    ...(status.nonResourceRules ?? []).map((r: any) => ({ verbs: r.verbs, nonResourceURLs: r.nonResourceURLs }))
  ];
  let text = inv.flags.bool('no-headers') ? '' : 'Resources\tNon-Resource URLs\tResource Names\tVerbs\n';
  for (const r of compactSortedRules(rules)) text += `${combineResourceGroup(r.resources, r.apiGroups)}\t${goList(r.nonResourceURLs)}\t${goList(r.resourceNames)}\t${goList(r.verbs)}\n`;
  inv.out.out(formatKubectlTable(text));
}

const whoamiCommand: CommandSpec = {
  name: 'whoami',
  long: 'Experimental: Check who you are and your attributes (groups, extra).',
  short: 'Experimental: Check self subject attributes',
  use: 'auth whoami',
  flags: [...OUTPUT_FLAGS],
  async run(inv) {
    const res = await inv.ctx.request({ verb: 'create', resource: 'selfsubjectreviews', body: { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview', metadata: {} } });
    if (!res.ok) {
      if (res.status.code === 403) fail('the selfsubjectreviews API is not enabled in the cluster or you do not have permission to call it');
      failStatus(res.status);
    }
    if (inv.flags.str('output')) {
      inv.out.out(printObjects(inv, [res.object], true));
      return;
    }
    const ui: any = res.object.status?.userInfo ?? {};
    let text = 'ATTRIBUTE\tVALUE\n';
    if (ui.username) text += `Username\t${ui.username}\n`;
    if (ui.uid) text += `UID\t${ui.uid}\n`;
    if ((ui.groups ?? []).length > 0) text += `Groups\t${goList(ui.groups)}\n`;
    for (const k of Object.keys(ui.extra ?? {}).sort()) text += `Extra: ${k}\t${goList(ui.extra[k])}\n`;
    inv.out.out(formatKubectlTable(text));
  }
};

export const authCommand: CommandSpec = {
  name: 'auth',
  long: 'Inspect authorization.',
  short: 'Inspect authorization',
  use: 'auth',
  flags: [],
  subcommands: [canICommand, whoamiCommand]
};
