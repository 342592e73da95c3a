/**
 * The API server: CRUD, subresources, admission, validation, graceful deletion and watch over
 * the Store. Requests are plain data (`ApiRequest`) and answers are objects or metav1.Status, so
 * the same server is reached in-process or across a MessagePort.
 * upstream: staging/src/k8s.io/apiserver/pkg/registry/generic/registry/store.go (Create, Update,
 * Delete, Watch), pkg/registry/core/pod/storage (binding, eviction).
 */
import { ApiError, alreadyExists, badRequest, conflict, forbidden, gone, invalid, methodNotAllowed, notFound, OPTIMISTIC_LOCK_MESSAGE, type Status } from '../api/errors';
import { resourceByName, RESOURCES, type ResourceInfo, apiVersionOf } from '../api/resources';
import { parseSelector } from '../api/labels';
import { parseFieldSelector, fieldsForObject, validateFieldSelector, convertFieldSelector, type FieldSelector } from '../api/fields';
import { validate } from '../api/validation';
import { validatePodEphemeralContainersUpdate } from '../api/validation/pod';
import { invalid as fieldInvalid, path, statusMessage, toStatusCauses } from '../api/validation/field';
import { applyDefaults } from '../api/defaults';
import { admitPriority, defaultTolerationSeconds, serviceAccountVolume, storageObjectInUseProtection } from '../api/defaults/admission';
import { generateName, Rand } from '../kernel/rand';
import { timestamp } from '../kernel/clock';
import { mintServiceAccountToken, SERVICE_ACCOUNT_ISSUER } from '../api/sa-token';
import { encodeBase64 } from '../api/base64';
import type { TraceInput } from '../kernel/trace';
import { Store, TRIGGER_FIELDS, keyOf, thaw, type KObject, type StoredEvent } from './store';
import { cannotBeHandled, decodeInto, strictDecodingError, type FieldValidation } from './decode';
import { goSprint } from '../api/gostrings';
import { jsonPatch, mergePatch, strategicMergePatch } from './patch';
import { gracePeriodFor, HAS_STATUS_SUBRESOURCE, SCALE_SUBRESOURCE, scaleOf, prepareForCreate, prepareForUpdate, priorityClasses, type StrategyContext } from './strategy';
import { cloneJSON, sameJSON } from '../api/canonical';
import { hpaV1ToV2 } from '../api/autoscaling';
import { canIgnorePDB, checkEviction, withDisruptionTarget } from './eviction';
import { POD_CONTROLLER_RESOURCES, validateNamespace, validatePod, validatePodController } from './podsecurity/admission';
import { RBACAuthorizer, type Attributes, type UserInfo } from './rbac/authorizer';
import { aggregatedRules, ANONYMOUS, authenticateToken, authorizeOrThrow, escalationError, FULL_AUTHORITY, impersonate, KUBERNETES_ADMIN, review, REVIEW_RESOURCES, type Impersonation } from './rbac/access';
import * as limitRanger from './admission/limitranger';
import { admitQuota } from './admission/resourcequota';
import { BOOTSTRAP_CLUSTER_ROLE_BINDINGS, BOOTSTRAP_CLUSTER_ROLES, KUBEADM_RBAC } from './rbac/bootstrap-policy';

export type Verb = 'get' | 'list' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection' | 'watch';

export interface ApiRequest {
  verb: Verb;
  /** Plural resource name (`pods`). */
  resource: string;
  namespace?: string;
  name?: string;
  subresource?: 'status' | 'binding' | 'eviction' | 'finalize' | 'token' | 'ephemeralcontainers' | 'scale' | ConnectSubresource;
  body?: KObject;
  labelSelector?: string;
  fieldSelector?: string;
  resourceVersion?: string;
  dryRun?: boolean;
  gracePeriodSeconds?: number;
  propagationPolicy?: 'Background' | 'Foreground' | 'Orphan';
  patchType?: 'merge' | 'strategic' | 'json';
  allowWatchBookmarks?: boolean;
  /**
   * How the body's fields are checked (kubectl's --validate): Strict refuses unknown fields, Warn
   * answers with warnings, Ignore drops them quietly. Unset (the components' own requests): not
   * decoded at all, as they only ever send well-typed objects.
   */
  fieldValidation?: FieldValidation;
  /** Who sends it (`kubectl`, `kubelet/worker-1`, `kube-scheduler`): traced as the request's user agent. */
  user?: string;
  /**
   * kubectl's credentials and impersonation (only the console's requests, `user: 'kubectl'`, are
   * authenticated and authorized: the simulation's components are trusted). No token: kubeadm's
   * admin.conf certificate (kubernetes-admin in kubeadm:cluster-admins).
   */
  token?: string;
  impersonate?: Impersonation;
  /** No credentials at all (a kubeconfig user with neither certificate nor token): system:anonymous. */
  anonymous?: boolean;
}

/**
 * What the API server proxies to a kubelet (pods/log, pods/exec, pods/attach, nodes/proxy): such a
 * request is authenticated and authorized here and answers with the object; the console then
 * reaches the kubelet (the stream itself does not travel as an ApiRequest).
 */
export type ConnectSubresource = 'log' | 'exec' | 'attach' | 'portforward' | 'proxy';
const CONNECT_SUBRESOURCES: ReadonlySet<string> = new Set<ConnectSubresource>(['log', 'exec', 'attach', 'portforward', 'proxy']);

/** The requests that are authenticated and authorized (the console's kubectl). */
const AUTHORIZED_AGENT = 'kubectl';

/** `warnings`: the Warning headers of the response (kubectl prints each as `Warning: ...`). */
export type ApiResult = { ok: true; object: KObject; warnings?: string[] } | { ok: false; status: Status };

export interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: KObject;
}

export interface ApiServerOptions {
  rand: Rand;
  now: () => number;
  trace?: (e: TraceInput) => void;
  /** Changes kept per resource for watches to resume from (older: 410 Gone). */
  watchHistory?: number;
  /** Runs fn after ms of virtual time (the host clock): for the Event TTL. Without it events never expire. */
  after?: (ms: number, fn: () => void) => void;
}

/** upstream: kube-apiserver --event-ttl default 1h; each write of an Event renews its etcd lease. */
export const EVENT_TTL_MS = 3_600_000;

/** upstream: pkg/apis/scheduling/types.go SystemNodeCritical / SystemClusterCritical, helpers.go systemPriorityClasses. */
export const SYSTEM_PRIORITY_CLASSES = [
  { name: 'system-node-critical', value: 2000001000, description: 'Used for system critical pods that must not be moved from their current node.' },
  { name: 'system-cluster-critical', value: 2000000000, description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.' }
] as const;

const SERVICE_CIDR_BASE = (10 << 24) | (96 << 16); // 10.96.0.0/12

/** A request's selectors: the predicate, and the watch trigger value they require (if any). */
interface Selection {
  filter: (o: KObject) => boolean;
  trigger?: string;
}

export class ApiServer {
  readonly store: Store;
  #rand: Rand;
  /**
   * Uids of dry-run creates and token ids: drawn apart from #rand so that a dry run or a token
   * request leaves the uids and names of the objects created after it as they would have been.
   */
  #sideRand = new Rand(0x6b756265);
  #now: () => number;
  #trace: (e: TraceInput) => void;
  #usedIPs = new Set<string>();
  #usedNodePorts = new Set<number>();
  #after?: (ms: number, fn: () => void) => void;
  #bookmarkWatchers = new Map<number, { resource: string; deliver: (e: WatchEvent) => void }>();

  constructor(opts: ApiServerOptions) {
    this.#rand = opts.rand;
    this.#now = opts.now;
    this.#trace = opts.trace ?? (() => {});
    this.#after = opts.after;
    this.store = new Store(opts.watchHistory ?? 1000);
  }

  /** Creates what a fresh cluster has: the four namespaces and the `kubernetes` Service. */
  bootstrap(): void {
    for (const ns of ['default', 'kube-node-lease', 'kube-public', 'kube-system']) {
      this.#mustCreate({ verb: 'create', resource: 'namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns, labels: { 'kubernetes.io/metadata.name': ns } } }, user: 'kube-apiserver' });
    }
    // upstream: pkg/registry/scheduling/rest/storage_scheduling.go AddSystemPriorityClasses creates
    // scheduling.SystemPriorityClasses() (pkg/apis/scheduling/types.go, helpers.go) at start.
    for (const pc of SYSTEM_PRIORITY_CLASSES) {
      this.#mustCreate({ verb: 'create', resource: 'priorityclasses', user: 'kube-apiserver', body: { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: pc.name }, value: pc.value, description: pc.description } });
    }
    // upstream: pkg/registry/rbac/rest/storage_rbac.go PostStartHook (rbac/bootstrap-roles), then
    // what kubeadm init writes before it hands out admin.conf (see rbac/bootstrap-policy.ts).
    // Their uids come from a stream of their own: the uids and generated names of everything
    // created after them stay what the seed gave before the policy existed. They are trusted
    // constants (tests/unit/apiserver/rbac.test.ts validates each), committed without the
    // create path's decoding and validation, with the aggregated roles' rules already filled in
    // (upstream the aggregation controller fills them a moment later).
    const rand = new Rand(0x72626163);
    const objects: [string, KObject, string][] = [
      ...BOOTSTRAP_CLUSTER_ROLES.map((o): [string, KObject, string] => ['clusterroles', cloneJSON(o), 'kube-apiserver']),
      ...BOOTSTRAP_CLUSTER_ROLE_BINDINGS.map((o): [string, KObject, string] => ['clusterrolebindings', cloneJSON(o), 'kube-apiserver']),
      ...KUBEADM_RBAC.map(([res, o]): [string, KObject, string] => [res, cloneJSON(o), 'kubeadm'])
    ];
    const roles = objects.filter(([res]) => res === 'clusterroles').map(([, o]) => o);
    for (const u of aggregatedRules(roles)) roles.find((o) => o.metadata.name === u.name)!.rules = u.rules;
    const created = timestamp(this.#now());
    for (const [resource, obj, user] of objects) {
      const md = obj.metadata;
      md.uid = rand.uuid();
      md.resourceVersion = String(this.store.nextResourceVersion());
      md.creationTimestamp = created;
      this.store.commit(resource, 'ADDED', obj);
      this.#trace({ component: 'kube-apiserver', kind: 'api.create', resource, ...(md.namespace ? { namespace: md.namespace } : {}), name: md.name, code: 201, user });
    }
    this.#usedIPs.add('10.96.0.1');
    this.#mustCreate({
      verb: 'create', resource: 'services', namespace: 'default', user: 'kube-apiserver',
      body: { apiVersion: 'v1', kind: 'Service', metadata: { name: 'kubernetes', namespace: 'default', labels: { component: 'apiserver', provider: 'kubernetes' } }, spec: { clusterIP: '10.96.0.1', ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }], type: 'ClusterIP', sessionAffinity: 'None' } }
    });
  }

  #mustCreate(req: ApiRequest): void {
    const r = this.handle(req);
    if (!r.ok) throw new Error(r.status.message);
  }

  handle(req: ApiRequest): ApiResult {
    let result: ApiResult;
    this.#warnings = [];
    try {
      const user = req.user === AUTHORIZED_AGENT ? this.#authorize(req, req.verb) : undefined;
      this.#requestUser = user;
      result = { ok: true, object: REVIEW_RESOURCES.has(req.resource) ? this.#review(req, user) : CONNECT_SUBRESOURCES.has(req.subresource ?? '') ? this.#connect(req) : this.#dispatch(req) };
      if (req.resource === 'clusterroles' && req.verb !== 'get' && req.verb !== 'list' && !req.dryRun) this.#aggregateClusterRoles();
      if (this.#warnings.length > 0) result.warnings = this.#warnings;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      result = { ok: false, status: e.status };
    }
    this.#trace({
      component: 'kube-apiserver',
      kind: `api.${req.verb}`,
      resource: req.subresource ? `${req.resource}/${req.subresource}` : req.resource,
      ...(req.namespace ? { namespace: req.namespace } : {}),
      ...(req.name ?? req.body?.metadata?.name ? { name: req.name ?? req.body?.metadata?.name } : {}),
      code: result.ok ? (req.verb === 'create' ? 201 : 200) : result.status.code,
      user: req.user ?? 'unknown'
    });
    return result;
  }

  /** The console's user after authentication and impersonation, allowed `verb` on the request's object (or a 401/403 thrown). */
  #authorize(req: ApiRequest, verb: string): UserInfo {
    // upstream: kube-apiserver --anonymous-auth (on by default, kubeadm leaves it on): a request
    // without credentials is system:anonymous in system:unauthenticated.
    let user = req.token !== undefined ? authenticateToken(req.token, this.store, this.#now()) : req.anonymous ? ANONYMOUS : KUBERNETES_ADMIN;
    if (req.impersonate) user = impersonate(this.#authz, user, req.impersonate);
    const r = RESOURCES.find((x) => x.name === req.resource);
    // A create names no object (the name is in the body), unless it is a subresource's (pods/NAME/eviction).
    const name = req.verb === 'create' && !req.subresource ? '' : (req.name ?? '');
    const attrs: Attributes = { user, verb, resourceRequest: true, namespace: req.namespace ?? '', apiGroup: r?.group ?? '', resource: req.resource, subresource: req.subresource ?? '', name };
    authorizeOrThrow(this.#authz, attrs);
    return user;
  }

  /** A proxied subresource (see ConnectSubresource): the object it reaches. */
  #connect(req: ApiRequest): KObject {
    const r = resourceByName(req.resource);
    const obj = this.store.get(r.name, keyOf(r.namespaced ? req.namespace : undefined, req.name ?? ''));
    if (!obj) throw notFound(r, req.name ?? '');
    return obj;
  }

  /** The access reviews and SelfSubjectReview: answered, never stored. */
  #review(req: ApiRequest, user: UserInfo | undefined): KObject {
    if (req.verb !== 'create') throw methodNotAllowed('the server does not allow this method on the requested resource');
    return review(req.resource, req.body ?? {}, user ?? KUBERNETES_ADMIN, this.#authz, req.namespace);
  }

  /** The ClusterRole aggregation controller, run when a ClusterRole changes (until no aggregated role changes). */
  #aggregateClusterRoles(): void {
    if (this.#aggregating) return;
    this.#aggregating = true;
    try {
      for (const u of aggregatedRules(this.store.list('clusterroles'))) {
        const role = this.store.get('clusterroles', u.name);
        if (role) this.handle({ verb: 'update', resource: 'clusterroles', name: u.name, user: 'clusterrole-aggregation-controller', body: { ...thaw(role), rules: u.rules } });
      }
    } finally {
      this.#aggregating = false;
    }
  }

  #aggregating = false;
  readonly #authz = new RBACAuthorizer({ get: (res, key) => this.store.get(res, key), list: (res, ns) => this.store.list(res, ns) });

  #dispatch(req: ApiRequest): KObject {
    const r = RESOURCES.find((x) => x.name === req.resource);
    if (!r) throw notFound('resource', req.resource);
    if (r.namespaced && req.verb !== 'list' && req.verb !== 'deletecollection' && !req.namespace) throw badRequest('the server could not find the requested resource');
    switch (req.verb) {
      case 'get':
        return this.#get(r, req);
      case 'list':
        return this.#list(r, req);
      case 'create':
        return this.#create(r, req);
      case 'update':
        return req.subresource === 'scale' ? this.#updateScale(r, req, req.body!) : this.#update(r, req, req.body!);
      case 'patch':
        return this.#patch(r, req);
      case 'delete':
        return this.#delete(r, req);
      case 'deletecollection':
        return this.#deleteCollection(r, req);
      case 'watch':
        throw methodNotAllowed('use watch()');
    }
  }

  #get(r: ResourceInfo, req: ApiRequest): KObject {
    const o = this.store.get(r.name, keyOf(r.namespaced ? req.namespace : undefined, req.name!));
    if (req.subresource === 'scale' && !SCALE_SUBRESOURCE.has(r.name)) throw notFound('resource', `${r.name}/scale`);
    if (!o) throw notFound(r, req.name!);
    return req.subresource === 'scale' ? scaleOf(o) : o;
  }

  /**
   * PUT .../NAME/scale: the object's spec.replicas set to the Scale's, through an ordinary update
   * (a stale Scale resourceVersion conflicts). upstream: pkg/registry/apps/deployment/storage/storage.go ScaleREST.Update.
   */
  #updateScale(r: ResourceInfo, req: ApiRequest, body: KObject): KObject {
    if (!SCALE_SUBRESOURCE.has(r.name)) throw notFound('resource', `${r.name}/scale`);
    const old = this.store.get(r.name, keyOf(req.namespace, req.name!));
    if (!old) throw notFound(r, req.name!);
    const next = thaw(old);
    next.spec.replicas = body.spec?.replicas ?? 0;
    if (body.metadata?.resourceVersion) next.metadata.resourceVersion = body.metadata.resourceVersion;
    return scaleOf(this.#update(r, { ...req, subresource: undefined }, next));
  }

  /** Label and field selectors of a request as one predicate. */
  #filter(r: ResourceInfo, req: ApiRequest): (o: KObject) => boolean {
    return this.#selection(r, req).filter;
  }

  /**
   * The request's selectors as one predicate, and the value its field selector requires of the
   * resource's watch trigger field (store.ts TRIGGER_FIELDS), if it requires exactly one.
   */
  #selection(r: ResourceInfo, req: ApiRequest): Selection {
    let labelSel;
    try {
      labelSel = req.labelSelector ? parseSelector(req.labelSelector) : undefined;
    } catch (e) {
      throw badRequest((e as Error).message);
    }
    let fieldSel: FieldSelector | undefined;
    if (req.fieldSelector) {
      try {
        fieldSel = parseFieldSelector(req.fieldSelector);
      } catch (e) {
        throw badRequest((e as Error).message);
      }
      const err = validateFieldSelector(r.name, fieldSel);
      if (!err) fieldSel = convertFieldSelector(r.name, fieldSel);
      if (err) throw badRequest(`Unable to find "${r.group ? r.group + '/' : '/'}${r.version}, Resource=${r.name}" that match label selector "${req.labelSelector ?? ''}", field selector "${req.fieldSelector}": ${err}`);
    }
    const triggerField = TRIGGER_FIELDS[r.name];
    const trigger = fieldSel && triggerField ? fieldSel.requiresExactMatch(triggerField) : undefined;
    return { filter: (o) => (!labelSel || labelSel.matches(o.metadata.labels)) && (!fieldSel || fieldSel.matches(fieldsForObject(r.name, o))), trigger };
  }

  #list(r: ResourceInfo, req: ApiRequest): KObject {
    const filter = this.#filter(r, req);
    const items = this.store.list(r.name, r.namespaced ? req.namespace : undefined).filter(filter);
    return { apiVersion: apiVersionOf(r), kind: `${r.kind}List`, metadata: { resourceVersion: String(this.store.resourceVersion) }, items };
  }

  #strategyContext(): StrategyContext {
    return {
      rand: this.#rand,
      get: (res, ns, name) => this.store.get(res, keyOf(ns, name)),
      list: (res) => this.store.list(res),
      allocateClusterIP: () => this.#allocateClusterIP(),
      allocateNodePort: () => this.#allocateNodePort()
    };
  }

  #allocateClusterIP(): string {
    for (;;) {
      const n = SERVICE_CIDR_BASE + 2 + this.#rand.int((1 << 20) - 3);
      const ip = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
      if (!this.#usedIPs.has(ip)) {
        this.#usedIPs.add(ip);
        return ip;
      }
    }
  }

  #allocateNodePort(): number {
    for (;;) {
      const p = 30000 + this.#rand.int(2768);
      if (!this.#usedNodePorts.has(p)) {
        this.#usedNodePorts.add(p);
        return p;
      }
    }
  }

  #checkKind(r: ResourceInfo, body: KObject): void {
    if (body.kind && body.kind !== r.kind) throw badRequest(`the kind "${body.kind}" of the object does not match the resource "${r.name}"`);
  }

  #validateOrThrow(r: ResourceInfo, obj: KObject, old?: KObject): void {
    const errs = validate(r.kind, obj, old);
    if (errs.length > 0) {
      const name = obj.metadata?.name ?? '';
      throw invalid(r.kind, r.group, name, statusMessage(r.kind, name, errs), toStatusCauses(errs));
    }
    if (r.group === 'rbac.authorization.k8s.io' && this.#requestUser) this.#preventEscalation(r, obj, this.#requestUser);
  }

  /** The console's user of the request being handled (undefined for the trusted components). */
  #requestUser: UserInfo | undefined;

  /**
   * RBAC's escalation check: a Role or ClusterRole may only hold rules its writer holds (or the
   * writer may `escalate` it); a binding may only grant a role the writer could grant (or the writer
   * may `bind` it). system:masters is exempt.
   * upstream: pkg/registry/rbac/{role,clusterrole,rolebinding,clusterrolebinding}/policybased/storage.go,
   * pkg/registry/rbac/escalation_check.go (EscalationAllowed, RoleEscalationAuthorized, BindingAuthorized)
   */
  #preventEscalation(r: ResourceInfo, obj: KObject, user: UserInfo): void {
    if (user.groups.includes('system:masters')) return;
    const namespace: string = obj.metadata?.namespace ?? '';
    const name: string = obj.metadata?.name ?? '';
    const may = (verb: string, resource: string, resourceName: string, ns: string) =>
      this.#authz.authorize({ user, verb, resourceRequest: true, apiGroup: 'rbac.authorization.k8s.io', resource, name: resourceName, namespace: ns }).allowed;
    const refuse = (message: string) => {
      throw forbidden(r, name, message);
    };
    if (r.name === 'roles' || r.name === 'clusterroles') {
      if (may('escalate', r.name, name, namespace)) return;
      const err = escalationError(this.#authz, user, namespace, obj.rules ?? []);
      if (err) refuse(err);
      if (r.name === 'clusterroles' && obj.aggregationRule && escalationError(this.#authz, user, '', FULL_AUTHORITY)) refuse('must have cluster-admin privileges to use the aggregationRule');
      return;
    }
    const ref = obj.roleRef ?? {};
    const refResource = ref.kind === 'Role' ? 'roles' : 'clusterroles';
    if (may('bind', refResource, ref.name ?? '', namespace)) return;
    const { rules, error } = this.#authz.roleReferenceRules(ref, namespace);
    if (error !== undefined) refuse(error);
    const err = escalationError(this.#authz, user, namespace, rules);
    if (err) refuse(err);
  }

  /**
   * The PodSecurity admission plugin (validating admission, after the object's validation): pods
   * refused or warned, pod templates warned, namespace labels checked (src/sim/apiserver/podsecurity).
   */
  #podSecurity(r: ResourceInfo, obj: KObject, old?: KObject): void {
    const nsLabels = () => this.store.get('namespaces', obj.metadata.namespace)?.metadata.labels;
    let verdict;
    if (r.name === 'pods') verdict = validatePod(nsLabels(), obj, old);
    else if (POD_CONTROLLER_RESOURCES.has(r.name)) verdict = validatePodController(nsLabels(), r.name, obj);
    else if (r.name === 'namespaces') verdict = validateNamespace(obj, old, () => this.store.list('pods', obj.metadata.name));
    else return;
    if (verdict.forbidden) throw forbidden(r, obj.metadata.name ?? '', verdict.forbidden);
    if (verdict.invalid) throw invalid(r.kind, r.group, obj.metadata.name ?? '', statusMessage(r.kind, obj.metadata.name ?? '', verdict.invalid), toStatusCauses(verdict.invalid));
    this.#warnings.push(...verdict.warnings);
  }

  /**
   * LimitRanger's validation (the defaults were merged in on create, before the pod's validation):
   * a pod on create, a claim on create and update, against each LimitRange of the namespace;
   * objects being deleted are left alone. upstream: plugin/pkg/admission/limitranger/admission.go
   * (SupportsAttributes, runLimitFunc)
   */
  #limitRanger(r: ResourceInfo, obj: KObject, old?: KObject): void {
    if (old?.metadata.deletionTimestamp) return;
    let err: string | undefined;
    if (r.name === 'pods' && !old) err = limitRanger.validatePod(this.store.list('limitranges', obj.metadata.namespace), obj);
    else if (r.name === 'persistentvolumeclaims') err = limitRanger.validatePersistentVolumeClaim(this.store.list('limitranges', obj.metadata.namespace), obj);
    if (err) throw forbidden(r, obj.metadata.name ?? '', err);
  }

  /**
   * The ResourceQuota plugin (the last validating admission): refuses what would exceed a quota of
   * the namespace, else charges the quotas' status.used before the object is stored (not on a dry
   * run). src/sim/apiserver/admission/resourcequota.ts
   */
  #resourceQuota(r: ResourceInfo, obj: KObject, old: KObject | undefined, dryRun: boolean): void {
    if (!r.namespaced) return;
    const quotas = this.store.list('resourcequotas', obj.metadata.namespace);
    // An update is charged only when its spec changed (compared only where a quota could count it).
    if (quotas.length === 0 || (old && sameJSON(obj.spec, old.spec))) return;
    const verdict = admitQuota(quotas, r, obj, old, this.#now());
    if ('error' in verdict) throw forbidden(r, obj.metadata.name ?? '', verdict.error);
    if (dryRun) return;
    const rq = resourceByName('resourcequotas');
    for (const { quota, used } of verdict.updates) {
      const next = thaw(quota);
      next.status = { ...next.status, used };
      this.#commitUpdate(rq, quota, next, false);
    }
  }

  /** Warnings for the request being handled. */
  #warnings: string[] = [];

  /** The serializer's decoding of a user's body (src/sim/apiserver/decode.ts): type errors, unknown fields. */
  #decode(r: ResourceInfo, obj: KObject, req: ApiRequest): void {
    if (!req.fieldValidation) return;
    const apiVersion = apiVersionOf(r);
    const { typeError, unknown } = decodeInto(apiVersion, r.kind, obj);
    if (typeError) throw badRequest(cannotBeHandled(apiVersion, r.kind, typeError));
    if (unknown.length === 0) return;
    if (req.fieldValidation === 'Strict') throw badRequest(cannotBeHandled(apiVersion, r.kind, strictDecodingError(unknown)));
    if (req.fieldValidation === 'Warn') this.#warnings.push(...unknown.map((p) => `unknown field ${JSON.stringify(p)}`));
  }

  #create(r: ResourceInfo, req: ApiRequest): KObject {
    if (req.subresource === 'binding') return this.#bind(req);
    if (req.subresource === 'eviction') return this.#evict(req);
    if (req.subresource === 'token' && r.name === 'serviceaccounts') return this.#tokenRequest(req);
    if (!req.body) throw badRequest('the body of the request was in an unknown format');
    this.#checkKind(r, req.body);
    const obj = thaw(req.body);
    if (r.name === 'horizontalpodautoscalers' && obj.apiVersion === 'autoscaling/v1') hpaV1ToV2(obj);
    this.#decode(r, obj, req);
    obj.apiVersion = apiVersionOf(r);
    obj.kind = r.kind;
    convertOnWrite(r, obj);
    const md = (obj.metadata ??= {});
    if (r.namespaced) {
      if (md.namespace && req.namespace && md.namespace !== req.namespace) throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
      md.namespace = req.namespace ?? md.namespace ?? 'default';
      const ns = this.store.get('namespaces', md.namespace);
      if (!ns) throw notFound(resourceByName('namespaces'), md.namespace);
      if (ns.metadata.deletionTimestamp) throw forbidden(r, md.name ?? md.generateName ?? '', `unable to create new content in namespace ${md.namespace} because it is being terminated`);
    } else {
      delete md.namespace;
    }
    if (!md.name && md.generateName) md.name = generateName(md.generateName, this.#rand);
    for (const f of ['uid', 'resourceVersion', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'generation']) delete md[f];
    const ctx = this.#strategyContext();
    if (r.name === 'pods') {
      // upstream: plugin/pkg/admission/priority: the pod's priority comes from its PriorityClass.
      const classes = priorityClasses(ctx);
      const err = admitPriority(obj, classes);
      if (err) throw forbidden(r, md.name ?? '', err);
      applyDefaults(r.kind, obj, { priorityClasses: classes });
      limitRanger.mutatePod(this.store.list('limitranges', md.namespace), obj);
      defaultTolerationSeconds(obj as any);
      const saName = obj.spec.serviceAccountName || 'default';
      const sa = this.store.get('serviceaccounts', keyOf(md.namespace, saName));
      // upstream: plugin/pkg/admission/serviceaccount. A namespace's `default` account may not be
      // created yet in the same instant as the namespace (the controller adds it on the next
      // round); upstream would retry the lookup, so it is treated as present.
      if (!sa && saName !== 'default') throw forbidden(r, md.name ?? '', `error looking up service account ${md.namespace}/${saName}: serviceaccount "${saName}" not found`);
      serviceAccountVolume(obj as any, this.#rand.string(5), sa);
    } else {
      applyDefaults(r.kind, obj);
      storageObjectInUseProtection(r.name, obj);
    }
    prepareForCreate(r.name, obj, ctx);
    this.#validateOrThrow(r, obj);
    this.#limitRanger(r, obj);
    this.#podSecurity(r, obj);
    const key = keyOf(md.namespace, md.name);
    if (this.store.get(r.name, key)) throw alreadyExists(r, md.name);
    this.#resourceQuota(r, obj, undefined, req.dryRun ?? false);
    if (req.dryRun) {
      // upstream: BeforeCreate fills uid and creationTimestamp; the dry-run storage adds no resourceVersion.
      md.uid ??= this.#sideRand.uuid();
      md.creationTimestamp = timestamp(this.#now());
      return obj;
    }
    md.uid ??= this.#rand.uuid();
    md.resourceVersion = String(this.store.nextResourceVersion());
    md.creationTimestamp = timestamp(this.#now());
    this.store.commit(r.name, 'ADDED', obj);
    if (r.name === 'events') this.#expireEvent(obj);
    return obj;
  }

  #update(r: ResourceInfo, req: ApiRequest, body: KObject): KObject {
    if (req.subresource === 'finalize' && r.name === 'namespaces') {
      this.finalizeNamespace(req.name!);
      return this.store.get('namespaces', req.name!) ?? { apiVersion: 'v1', kind: 'Namespace', metadata: { name: req.name } };
    }
    this.#checkKind(r, body);
    const name = req.name ?? body.metadata?.name;
    const key = keyOf(r.namespaced ? req.namespace : undefined, name);
    const old = this.store.get(r.name, key);
    if (!old) throw notFound(r, name);
    if (body.metadata?.name && body.metadata.name !== name) throw badRequest('the name of the object does not match the name on the URL');
    const rv = body.metadata?.resourceVersion;
    if (rv && rv !== old.metadata.resourceVersion) throw conflict(r, name, OPTIMISTIC_LOCK_MESSAGE);
    const obj = thaw(body);
    if (r.name === 'horizontalpodautoscalers' && obj.apiVersion === 'autoscaling/v1') hpaV1ToV2(obj);
    if (req.verb === 'update') this.#decode(r, obj, req);
    obj.apiVersion = apiVersionOf(r);
    obj.kind = r.kind;
    convertOnWrite(r, obj);
    // Fields the server owns.
    for (const f of ['uid', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'namespace', 'name', 'generation']) {
      if (old.metadata[f] !== undefined) obj.metadata[f] = old.metadata[f];
      else delete obj.metadata[f];
    }
    if (req.subresource === 'status') {
      // Status updates change status only.
      const next = thaw(old);
      next.status = obj.status;
      if (obj.metadata?.annotations !== undefined && r.name === 'nodes') next.metadata.annotations = obj.metadata.annotations;
      return this.#commitUpdate(r, old, next, req.dryRun ?? false);
    }
    if (req.subresource === 'ephemeralcontainers') return this.#updateEphemeralContainers(r, req, old, obj);
    if (HAS_STATUS_SUBRESOURCE.has(r.name)) obj.status = old.status === undefined ? undefined : thaw(old.status);
    if (obj.status === undefined) delete obj.status;
    applyDefaults(r.kind, obj);
    if (r.hasGeneration && !sameJSON(obj.spec, old.spec)) obj.metadata.generation = (old.metadata.generation ?? 1) + 1;
    prepareForUpdate(r.name, obj, old);
    this.#validateOrThrow(r, obj, old);
    this.#limitRanger(r, obj, old);
    this.#podSecurity(r, obj, old);
    this.#resourceQuota(r, obj, old, req.dryRun ?? false);
    return this.#commitUpdate(r, old, obj, req.dryRun ?? false);
  }

  /**
   * pods/ephemeralcontainers (what `kubectl debug` patches): only spec.ephemeralContainers of the
   * body is taken, defaulted, validated (existing ones may not change or go), checked by PodSecurity.
   * upstream: pkg/registry/core/pod/strategy.go podEphemeralContainersStrategy (dropNonEphemeralContainerUpdates),
   * pkg/apis/core/validation/validation.go ValidatePodEphemeralContainersUpdate
   */
  #updateEphemeralContainers(r: ResourceInfo, req: ApiRequest, old: KObject, body: KObject): KObject {
    if (r.name !== 'pods') throw notFound(r, req.name ?? '');
    const next = thaw(old);
    const ephemeral = body.spec?.ephemeralContainers;
    if (Array.isArray(ephemeral) && ephemeral.length > 0) next.spec.ephemeralContainers = ephemeral;
    else delete next.spec.ephemeralContainers;
    applyDefaults(r.kind, next);
    const errs = validatePodEphemeralContainersUpdate(next, old);
    if (errs.length > 0) throw invalid(r.kind, r.group, old.metadata.name, statusMessage(r.kind, old.metadata.name, errs), toStatusCauses(errs));
    this.#podSecurity(r, next, old);
    return this.#commitUpdate(r, old, next, req.dryRun ?? false);
  }

  #commitUpdate(r: ResourceInfo, old: KObject, obj: KObject, dryRun: boolean): KObject {
    if (dryRun && obj === old) return old;
    // A no-op update writes nothing and keeps the resourceVersion (as etcd3's GuaranteedUpdate).
    obj.metadata.resourceVersion = old.metadata.resourceVersion;
    if (sameJSON(obj, old)) return old;
    if (dryRun) return obj;
    // The last finalizer gone from an object being deleted: it goes now.
    if (obj.metadata.deletionTimestamp && (obj.metadata.finalizers ?? []).length === 0 && (r.name !== 'pods' || obj.metadata.deletionGracePeriodSeconds === 0)) {
      obj.metadata.resourceVersion = String(this.store.nextResourceVersion());
      this.store.commit(r.name, 'DELETED', obj);
      return obj;
    }
    obj.metadata.resourceVersion = String(this.store.nextResourceVersion());
    this.store.commit(r.name, 'MODIFIED', obj);
    if (r.name === 'events') this.#expireEvent(obj);
    return obj;
  }

  /** Deletes an Event an hour after its last write, as etcd's lease does; a later write postpones it. */
  #expireEvent(ev: KObject): void {
    const rv = ev.metadata.resourceVersion;
    const key = keyOf(ev.metadata.namespace, ev.metadata.name);
    this.#after?.(EVENT_TTL_MS, () => {
      const current = this.store.get('events', key);
      if (!current || current.metadata.resourceVersion !== rv) return;
      const gone = thaw(current);
      gone.metadata.resourceVersion = String(this.store.nextResourceVersion());
      this.store.commit('events', 'DELETED', gone);
    });
  }

  #patch(r: ResourceInfo, req: ApiRequest): KObject {
    const key = keyOf(r.namespaced ? req.namespace : undefined, req.name!);
    const old = this.store.get(r.name, key);
    if (!old) throw notFound(r, req.name!);
    const base = thaw(old);
    let patched: KObject;
    switch (req.patchType ?? 'strategic') {
      case 'merge':
        patched = mergePatch(base, req.body);
        break;
      case 'json':
        patched = jsonPatch(base, req.body as any);
        break;
      default:
        patched = strategicMergePatch(base, req.body);
    }
    this.#decodePatched(r, req, patched);
    // A patch carrying a resourceVersion is a conditional update; otherwise it applies to the latest.
    if (!req.body?.metadata?.resourceVersion) patched.metadata.resourceVersion = old.metadata.resourceVersion;
    return this.#update(r, req, patched);
  }

  /**
   * The patched object decoded into its Go type: a value of the wrong type fails the patch; an
   * unknown field fails it under Strict, warns under Warn (the server's default, what `kubectl
   * patch` gets), and is dropped in every case. Both are 422s on the field `patch`, whose value is
   * the strategic patch as Go prints a map, or the patched object's JSON for merge and JSON patches:
   * `The request is invalid: patch: Invalid value: "map[spec:map[foo:1]]": strict decoding error: unknown field "spec.foo"`.
   * upstream: staging/src/k8s.io/apiserver/pkg/endpoints/handlers/patch.go applyPatchToObject, jsonPatcher.applyPatchToCurrentObject
   */
  #decodePatched(r: ResourceInfo, req: ApiRequest, patched: KObject): void {
    if (!req.fieldValidation) return;
    const strategic = (req.patchType ?? 'strategic') === 'strategic';
    // Go's %+v of the patch map (for a map[string]interface{} the same as %v).
    const shown = strategic ? goSprint(req.body) : JSON.stringify(patched);
    const { typeError, unknown } = decodeInto(apiVersionOf(r), r.kind, patched, strategic ? 'unstructured' : 'json');
    const fail = (detail: string) => {
      const errs = [fieldInvalid(path('patch'), shown, detail)];
      return invalid('', '', '', statusMessage('', '', errs, ''), toStatusCauses(errs));
    };
    if (typeError) throw fail(typeError);
    if (unknown.length === 0) return;
    if (req.fieldValidation === 'Strict') throw fail(strictDecodingError(unknown));
    if (req.fieldValidation === 'Warn') this.#warnings.push(...unknown.map((p) => `unknown field ${JSON.stringify(p)}`));
  }

  #delete(r: ResourceInfo, req: ApiRequest): KObject {
    const key = keyOf(r.namespaced ? req.namespace : undefined, req.name!);
    const old = this.store.get(r.name, key);
    if (!old) throw notFound(r, req.name!);
    if (req.dryRun) return old;
    return this.#deleteObject(r, old, req);
  }

  #deleteObject(r: ResourceInfo, old: KObject, req: ApiRequest): KObject {
    const obj = thaw(old);
    const md = obj.metadata;
    const finalizers: string[] = [...(md.finalizers ?? [])];
    // Cascading policy as finalizers, for the garbage collector. upstream: registry/store.go deletionFinalizersForGarbageCollection
    const policy = req.propagationPolicy ?? 'Background';
    if (policy === 'Foreground' && !finalizers.includes('foregroundDeletion')) finalizers.push('foregroundDeletion');
    if (policy === 'Orphan' && !finalizers.includes('orphan')) finalizers.push('orphan');
    const grace = gracePeriodFor(r.name, old, req.gracePeriodSeconds);
    const alreadyDeleting = !!md.deletionTimestamp;
    if (grace === 0 && finalizers.length === 0) {
      md.resourceVersion = String(this.store.nextResourceVersion());
      if (r.name === 'namespaces') return this.#deleteNamespace(obj, old);
      this.store.commit(r.name, 'DELETED', obj);
      return obj;
    }
    if (r.name === 'namespaces') return this.#deleteNamespace(obj, old);
    // Graceful: mark, and leave it to the kubelet (grace) or the finalizers' owners.
    if (!alreadyDeleting || grace < (md.deletionGracePeriodSeconds ?? Infinity)) {
      md.deletionTimestamp = timestamp(this.#now() + grace * 1000);
      md.deletionGracePeriodSeconds = grace;
    }
    if (finalizers.length > 0) md.finalizers = finalizers;
    if (sameJSON(obj, old)) return old;
    if (r.hasGeneration) md.generation = (md.generation ?? 1) + 1;
    md.resourceVersion = String(this.store.nextResourceVersion());
    this.store.commit(r.name, 'MODIFIED', obj);
    return obj;
  }

  /** A namespace is not removed at once: it becomes Terminating until the namespace controller empties it. */
  #deleteNamespace(obj: KObject, old: KObject): KObject {
    if (['default', 'kube-system', 'kube-public', 'kube-node-lease'].includes(obj.metadata.name)) {
      throw forbidden(resourceByName('namespaces'), obj.metadata.name, 'this namespace may not be deleted');
    }
    if (old.metadata.deletionTimestamp) return old;
    obj.metadata.deletionTimestamp = timestamp(this.#now());
    obj.metadata.deletionGracePeriodSeconds = 0;
    obj.status = { ...(obj.status ?? {}), phase: 'Terminating' };
    obj.metadata.resourceVersion = String(this.store.nextResourceVersion());
    this.store.commit('namespaces', 'MODIFIED', obj);
    return obj;
  }

  /** The namespace controller calls this once the namespace is empty (finalize subresource). */
  finalizeNamespace(name: string): void {
    const old = this.store.get('namespaces', name);
    if (!old || !old.metadata.deletionTimestamp) return;
    const obj = thaw(old);
    obj.metadata.resourceVersion = String(this.store.nextResourceVersion());
    this.store.commit('namespaces', 'DELETED', obj);
  }

  #deleteCollection(r: ResourceInfo, req: ApiRequest): KObject {
    const list = this.#list(r, req);
    const items = [];
    for (const o of list.items) items.push(this.#deleteObject(r, o, req));
    return { ...list, items };
  }

  /** POST pods/NAME/binding. upstream: pkg/registry/core/pod/storage/storage.go assignPod */
  /**
   * serviceaccounts/token: a TokenRequest answered with a token for the account (never stored).
   * upstream: pkg/registry/core/serviceaccount/storage/token.go (TokenREST.Create),
   * pkg/apis/authentication/validation ValidateTokenRequest, SetDefaults_TokenRequestSpec (1 h).
   */
  #tokenRequest(req: ApiRequest): KObject {
    const spec = req.body?.spec ?? {};
    const errs = [];
    const seconds: number = spec.expirationSeconds ?? 3600;
    if (seconds < 600) errs.push(fieldInvalid(path('spec', 'expirationSeconds'), seconds, 'may not specify a duration less than 10 minutes'));
    if (seconds > 2 ** 32) errs.push(fieldInvalid(path('spec', 'expirationSeconds'), seconds, 'may not specify a duration larger than 2^32 seconds'));
    if (errs.length > 0) throw invalid('TokenRequest', 'authentication.k8s.io', '', statusMessage('TokenRequest', '', errs, 'authentication.k8s.io'), toStatusCauses(errs));
    const sa = this.store.get('serviceaccounts', keyOf(req.namespace, req.name!));
    if (!sa) throw notFound(resourceByName('serviceaccounts'), req.name!);
    const audiences: string[] = spec.audiences?.length ? spec.audiences : [SERVICE_ACCOUNT_ISSUER];
    const ref = spec.boundObjectRef;
    let pod: KObject | undefined;
    let secret: KObject | undefined;
    let node: KObject | undefined;
    if (ref) {
      const resource = ({ Pod: 'pods', Secret: 'secrets', Node: 'nodes' } as Record<string, string>)[ref.kind];
      if (!resource || (ref.apiVersion ?? 'v1') !== 'v1') throw badRequest(`cannot bind token to object of type ${ref.apiVersion ?? 'v1'}, Kind=${ref.kind}`);
      const obj = this.store.get(resource, resource === 'nodes' ? ref.name : keyOf(req.namespace, ref.name));
      if (!obj) throw notFound(resourceByName(resource), ref.name);
      if (ref.uid && ref.uid !== obj.metadata.uid) {
        // upstream names the Kind where the resource goes: `Operation cannot be fulfilled on Pod "web"`
        throw conflict({ ...resourceByName(resource), name: ref.kind, group: '' }, ref.name, `the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`);
      }
      if (resource === 'pods') {
        pod = obj;
        // upstream: a pod-bound token also names the pod's node
        node = obj.spec?.nodeName ? this.store.get('nodes', obj.spec.nodeName) : undefined;
      } else if (resource === 'secrets') secret = obj;
      else node = obj;
    }
    const now = this.#now();
    const token = mintServiceAccountToken({
      namespace: sa.metadata.namespace,
      serviceAccount: { name: sa.metadata.name, uid: sa.metadata.uid },
      audiences,
      now,
      expirationSeconds: seconds,
      jti: this.#sideRand.uuid(),
      ...(pod ? { pod: { name: pod.metadata.name, uid: pod.metadata.uid } } : {}),
      ...(secret ? { secret: { name: secret.metadata.name, uid: secret.metadata.uid } } : {}),
      ...(node ? { node: { name: node.metadata.name, uid: node.metadata.uid } } : {})
    });
    return {
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'TokenRequest',
      metadata: { creationTimestamp: null, name: sa.metadata.name, namespace: sa.metadata.namespace },
      spec: { audiences, boundObjectRef: ref ? { apiVersion: 'v1', kind: ref.kind, name: ref.name, ...(ref.uid ? { uid: ref.uid } : {}) } : null, expirationSeconds: seconds },
      status: { expirationTimestamp: timestamp(now + seconds * 1000), token }
    };
  }

  #bind(req: ApiRequest): KObject {
    const r = resourceByName('pods');
    const pod = this.store.get('pods', keyOf(req.namespace, req.name!));
    if (!pod) throw notFound(r, req.name!);
    const target = req.body?.target?.name;
    if (!target) throw invalid('Binding', '', req.name!, `Binding.core "${req.name}" is invalid: target.name: Required value`, [{ field: 'target.name', message: 'Required value' }]);
    if (pod.metadata.deletionTimestamp) throw conflict(r, req.name!, `pod ${req.name} is being deleted, cannot be assigned to a host`);
    if (pod.spec.nodeName) throw conflict(r, req.name!, `pod ${req.name} is already assigned to node "${pod.spec.nodeName}"`);
    const next = thaw(pod);
    next.spec.nodeName = target;
    const conditions = (next.status.conditions ??= []);
    const c = { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: timestamp(this.#now()) };
    const i = conditions.findIndex((x: KObject) => x.type === 'PodScheduled');
    if (i >= 0) conditions[i] = c;
    else conditions.push(c);
    next.metadata.resourceVersion = String(this.store.nextResourceVersion());
    this.store.commit('pods', 'MODIFIED', next);
    return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 };
  }

  /**
   * POST pods/NAME/eviction: a delete that honours the pod's PodDisruptionBudget (eviction.ts):
   * 429 while the budget allows no disruption; else the budget's status records the disruption,
   * the pod gets DisruptionTarget=True and is deleted gracefully. upstream: eviction.go Create.
   */
  #evict(req: ApiRequest): KObject {
    const r = resourceByName('pods');
    const pod = this.store.get('pods', keyOf(req.namespace, req.name!));
    if (!pod) throw notFound(r, req.name!);
    if (req.body?.metadata?.name && req.body.metadata.name !== req.name) throw badRequest('name in URL does not match name in Eviction object');
    const opts = req.body?.deleteOptions ?? {};
    const dryRun = !!req.dryRun || (opts.dryRun ?? []).includes('All');
    if (!canIgnorePDB(pod)) {
      const decision = checkEviction(pod, this.store.list('poddisruptionbudgets', pod.metadata.namespace), dryRun, this.#now());
      if (!decision.allowed) throw decision.error;
      const pdb = decision.pdbUpdate;
      if (pdb) this.#update(resourceByName('poddisruptionbudgets'), { verb: 'update', resource: 'poddisruptionbudgets', subresource: 'status', namespace: pdb.metadata.namespace, name: pdb.metadata.name }, pdb);
    }
    if (!dryRun) {
      const marked = withDisruptionTarget(pod, this.#now());
      const latest = marked ? this.#commitUpdate(r, pod, marked, false) : pod;
      this.#deleteObject(r, latest, { ...req, verb: 'delete', gracePeriodSeconds: opts.gracePeriodSeconds });
    }
    return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 };
  }

  /**
   * Starts a watch; returns its id, or a Status (410 Gone when resourceVersion is too old).
   * Deliveries happen synchronously inside the write that causes them; the host decides when
   * the watcher's component sees them.
   */
  watch(req: ApiRequest, deliver: (e: WatchEvent) => void): { ok: true; id: number } | { ok: false; status: Status } {
    const r = RESOURCES.find((x) => x.name === req.resource);
    if (!r) return { ok: false, status: notFound('resource', req.resource).status };
    let selection: Selection;
    try {
      if (req.user === AUTHORIZED_AGENT) this.#authorize(req, 'watch');
      selection = this.#selection(r, req);
    } catch (e) {
      return { ok: false, status: (e as ApiError).status };
    }
    const rv = req.resourceVersion && req.resourceVersion !== '0' ? Number(req.resourceVersion) : undefined;
    const w = this.store.watch(r.name, r.namespaced ? req.namespace : undefined, rv, selection.filter, (e: StoredEvent) => deliver({ type: e.type, object: e.object }), selection.trigger);
    if ('expired' in w) {
      return { ok: false, status: gone(`too old resource version: ${rv} (${w.expired})`).status };
    }
    this.#trace({ component: 'kube-apiserver', kind: 'api.watch', resource: r.name, user: req.user ?? 'unknown', code: 200 });
    if (req.allowWatchBookmarks) this.#bookmarkWatchers.set(w.id, { resource: r.name, deliver });
    return { ok: true, id: w.id };
  }

  stopWatch(id: number): void {
    this.store.stopWatch(id);
    this.#bookmarkWatchers.delete(id);
  }

  /** Sends a BOOKMARK (the current resourceVersion) to every watch that asked for them; the host calls it each minute. */
  sendBookmarks(): void {
    for (const { resource, deliver } of this.#bookmarkWatchers.values()) {
      const r = resourceByName(resource);
      deliver({ type: 'BOOKMARK', object: { apiVersion: apiVersionOf(r), kind: r.kind, metadata: { resourceVersion: String(this.store.resourceVersion) } } });
    }
  }
}

/**
 * What decoding a write into the internal type does to the object kept:
 * - a Secret's stringData is written into data and is not stored (it is write-only);
 * - empty labels and annotations maps are dropped (omitempty on ObjectMeta).
 * upstream: pkg/apis/core/v1/conversion.go Convert_v1_Secret_To_core_Secret,
 * staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/types.go ObjectMeta
 */
function convertOnWrite(r: ResourceInfo, obj: KObject): void {
  const md = obj.metadata;
  if (md && typeof md === 'object') {
    for (const f of ['labels', 'annotations']) {
      const m = md[f];
      if (m && typeof m === 'object' && !Array.isArray(m) && Object.keys(m).length === 0) delete md[f];
    }
  }
  if (r.name === 'secrets' && obj.stringData && typeof obj.stringData === 'object') {
    const data: Record<string, string> = { ...(obj.data ?? {}) };
    for (const [k, v] of Object.entries(obj.stringData)) data[k] = encodeBase64(String(v));
    obj.data = data;
    delete obj.stringData;
  }
}
