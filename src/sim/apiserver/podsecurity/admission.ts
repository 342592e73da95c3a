/**
 * The PodSecurity admission plugin of the API server: every create or update of a Pod is checked
 * against its namespace's enforce level (a violation is 403 Forbidden: `pods "x" is forbidden:
 * violates PodSecurity "restricted:latest": ...`), and its warn level (kubectl prints `Warning:
 * would violate PodSecurity "...": ...`); workload resources with a pod template (Deployments,
 * ReplicaSets, DaemonSets, ...) only get the warnings, never a rejection. A namespace's labels
 * must parse (else 422 Invalid); tightening its enforce level warns about the pods already there
 * that would be refused. The audit level is evaluated too (its annotation goes to the audit log,
 * which kubarium does not keep). Exemptions: none, as upstream's defaults.
 * upstream: staging/src/k8s.io/pod-security-admission/admission/admission.go (ValidateNamespace,
 * ValidatePod, ValidatePodController, EvaluatePod, EvaluatePodsInNamespace, decoratePodWarnings,
 * isSignificantPodUpdate, forbiddenResponse -> apierrors.NewForbidden).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { aggregate, compareLevels, evaluatePod, forbiddenDetail, forbiddenReason, levelVersionString, policyToEvaluate, sameLevelVersion, versionString, type AggregateResult, type LevelVersion } from './policy';
import { aggregateString, type FieldError } from '../../api/validation/field';

/** What the plugin decides: a rejection (the caller raises it as 403 / 422) and the warnings to return. */
export interface AdmissionVerdict {
  warnings: string[];
  /** Forbidden: the message after `pods "x" is forbidden: `. */
  forbidden?: string;
  /** Invalid namespace labels: the field errors. */
  invalid?: FieldError[];
}

const ALLOWED: AdmissionVerdict = { warnings: [] };

/** upstream: defaultPodSpecResources: the pod-controller resources kubarium serves. */
export const POD_CONTROLLER_RESOURCES = new Set(['replicasets', 'deployments', 'daemonsets', 'statefulsets', 'jobs', 'cronjobs', 'replicationcontrollers', 'podtemplates']);

/** upstream: DefaultPodSpecExtractor.ExtractPodSpec */
export function extractPodSpec(resource: string, obj: any): { meta: any; spec: any } | undefined {
  if (resource === 'pods') return { meta: obj.metadata ?? {}, spec: obj.spec ?? {} };
  const template = resource === 'cronjobs' ? obj.spec?.jobTemplate?.spec?.template : resource === 'podtemplates' ? obj.template : obj.spec?.template;
  return template ? { meta: template.metadata ?? {}, spec: template.spec ?? {} } : undefined;
}

/** upstream: EvaluatePod: enforce (pods only), audit, then warn unless the request is refused. */
function evaluate(labels: Record<string, string> | undefined, meta: any, spec: any, enforce: boolean): AdmissionVerdict {
  const { policy } = policyToEvaluate(labels);
  const cache = new Map<string, AggregateResult>();
  const run = (lv: LevelVersion) => {
    const key = levelVersionString(lv);
    let r = cache.get(key);
    if (!r) cache.set(key, (r = aggregate(evaluatePod(lv, meta, spec))));
    return r;
  };
  if (enforce) {
    const r = run(policy.enforce);
    if (!r.allowed) return { warnings: [], forbidden: `violates PodSecurity ${JSON.stringify(levelVersionString(policy.enforce))}: ${forbiddenDetail(r)}` };
  }
  run(policy.audit);
  const w = run(policy.warn);
  return w.allowed ? ALLOWED : { warnings: [`would violate PodSecurity ${JSON.stringify(levelVersionString(policy.warn))}: ${forbiddenDetail(w)}`] };
}

/** upstream: isSignificantPodUpdate: only images and the seccomp annotations of a pod can change. */
function isSignificantPodUpdate(pod: any, old: any): boolean {
  const seccompPod = 'seccomp.security.alpha.kubernetes.io/pod';
  const a = pod.metadata?.annotations ?? {};
  const b = old.metadata?.annotations ?? {};
  if (a[seccompPod] !== b[seccompPod]) return true;
  const lists = [['containers'], ['initContainers']] as const;
  for (const [field] of lists) {
    const now: any[] = pod.spec?.[field] ?? [];
    const was: any[] = old.spec?.[field] ?? [];
    if (now.length !== was.length) return true;
    for (let i = 0; i < now.length; i++) {
      const key = `container.seccomp.security.alpha.kubernetes.io/${now[i].name}`;
      if (now[i].image !== was[i].image || a[key] !== b[key]) return true;
    }
  }
  const oldEphemeral = new Map((old.spec?.ephemeralContainers ?? []).map((c: any) => [c.name, c]));
  for (const c of pod.spec?.ephemeralContainers ?? []) {
    const was: any = oldEphemeral.get(c.name);
    if (!was || was.image !== c.image) return true;
  }
  return false;
}

/** upstream: ValidatePod. `old` is set for an update. */
export function validatePod(labels: Record<string, string> | undefined, pod: any, old?: any): AdmissionVerdict {
  const { policy, errors } = policyToEvaluate(labels);
  if (errors.length === 0 && policy.enforce.level === 'privileged' && policy.warn.level === 'privileged' && policy.audit.level === 'privileged') return ALLOWED;
  if (old && !isSignificantPodUpdate(pod, old)) return ALLOWED;
  return evaluate(labels, pod.metadata ?? {}, pod.spec ?? {}, true);
}

/** upstream: ValidatePodController: warn and audit only. */
export function validatePodController(labels: Record<string, string> | undefined, resource: string, obj: any): AdmissionVerdict {
  const { policy, errors } = policyToEvaluate(labels);
  if (errors.length === 0 && policy.warn.level === 'privileged' && policy.audit.level === 'privileged') return ALLOWED;
  const extracted = extractPodSpec(resource, obj);
  if (!extracted) return ALLOWED;
  return evaluate(labels, extracted.meta, extracted.spec, false);
}

/**
 * upstream: ValidateNamespace: labels must parse on create (and on an update that changes the
 * error); a stricter enforce level (or another version) is dry-run against the namespace's pods.
 */
export function validateNamespace(ns: any, old: any | undefined, pods: () => any[]): AdmissionVerdict {
  const next = policyToEvaluate(ns.metadata?.labels);
  if (!old) return next.errors.length ? { warnings: [], invalid: next.errors } : ALLOWED;
  const prev = policyToEvaluate(old.metadata?.labels);
  if (next.errors.length && (prev.errors.length === 0 || aggregateString(next.errors) !== aggregateString(prev.errors))) return { warnings: [], invalid: next.errors };
  const a = next.policy.enforce;
  const b = prev.policy.enforce;
  if (sameLevelVersion(a, b) || a.level === 'privileged') return ALLOWED;
  if (versionString(a.version) === versionString(b.version) && compareLevels(a.level, b.level) < 1) return ALLOWED;
  return { warnings: evaluatePodsInNamespace(ns.metadata.name, a, pods()) };
}

/** upstream: EvaluatePodsInNamespace and decoratePodWarnings: one warning per distinct reason, named by its first pod. */
export function evaluatePodsInNamespace(namespace: string, enforce: LevelVersion, pods: any[]): string[] {
  const counts = new Map<string, { podName: string; count: number }>();
  const order: string[] = [];
  for (const pod of pods) {
    const r = aggregate(evaluatePod(enforce, pod.metadata ?? {}, pod.spec ?? {}));
    if (r.allowed) continue;
    const warning = forbiddenReason(r);
    const c = counts.get(warning);
    if (!c) {
      counts.set(warning, { podName: pod.metadata.name, count: 1 });
      order.push(warning);
    } else {
      if (pod.metadata.name < c.podName) c.podName = pod.metadata.name;
      c.count++;
    }
  }
  if (order.length === 0) return [];
  const decorated = order.map((w) => {
    const c = counts.get(w)!;
    if (c.count === 1) return `${c.podName}: ${w}`;
    if (c.count === 2) return `${c.podName} (and 1 other pod): ${w}`;
    return `${c.podName} (and ${c.count - 1} other pods): ${w}`;
  });
  // upstream sorts the decorated warnings (sort.Strings: byte order).
  decorated.sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  return [`existing pods in namespace ${JSON.stringify(namespace)} violate the new PodSecurity enforce level ${JSON.stringify(levelVersionString(enforce))}`, ...decorated];
}
