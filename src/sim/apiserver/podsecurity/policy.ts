/**
 * Pod Security levels and versions, the namespace labels that pick them, and the evaluator: the
 * checks a level:version runs (baseline checks, then the restricted ones, which override the
 * baseline checks they supersede), aggregated into upstream's forbidden reason and detail strings.
 * upstream: staging/src/k8s.io/pod-security-admission/api (constants.go labels, helpers.go
 * ParseLevel / ParseVersion / PolicyToEvaluate / CompareLevels), policy/registry.go (EvaluatePod,
 * populate: orderedIDs and OverrideCheckIDs, maxVersion), policy/checks.go (AggregateCheckResults, ForbiddenReason, ForbiddenDetail).
 */
import { CHECKS, type Check, type CheckResult, type Level } from './checks';
import { invalid as invalidField, path, type FieldError } from '../../api/validation/field';

export type { Level } from './checks';

/** upstream: api/constants.go */
export const LABEL_PREFIX = 'pod-security.kubernetes.io/';
export const ENFORCE_LEVEL_LABEL = 'pod-security.kubernetes.io/enforce';
export const ENFORCE_VERSION_LABEL = 'pod-security.kubernetes.io/enforce-version';
export const AUDIT_LEVEL_LABEL = 'pod-security.kubernetes.io/audit';
export const AUDIT_VERSION_LABEL = 'pod-security.kubernetes.io/audit-version';
export const WARN_LEVEL_LABEL = 'pod-security.kubernetes.io/warn';
export const WARN_VERSION_LABEL = 'pod-security.kubernetes.io/warn-version';

/** A policy version: `latest`, or v1.<minor>. */
export type Version = { latest: true } | { latest: false; minor: number };

export interface LevelVersion {
  level: Level;
  version: Version;
}

export interface Policy {
  enforce: LevelVersion;
  audit: LevelVersion;
  warn: LevelVersion;
}

export const LATEST: Version = { latest: true };

/** The highest policy version any check defines (v1.32): `latest` and newer versions evaluate as it. */
export const MAX_MINOR = Math.max(...CHECKS.flatMap((c) => c.versions.map((v) => v.minor)));

/** The PodSecurityConfiguration defaults (kube-apiserver without an admission config): privileged:latest, no exemptions. */
export const DEFAULT_POLICY: Policy = {
  enforce: { level: 'privileged', version: LATEST },
  audit: { level: 'privileged', version: LATEST },
  warn: { level: 'privileged', version: LATEST }
};

export function versionString(v: Version): string {
  return v.latest ? 'latest' : `v1.${v.minor}`;
}

/** upstream: LevelVersion.String: `restricted:latest`. */
export function levelVersionString(lv: LevelVersion): string {
  return `${lv.level}:${versionString(lv.version)}`;
}

export const sameLevelVersion = (a: LevelVersion, b: LevelVersion): boolean => a.level === b.level && versionString(a.version) === versionString(b.version);

const LEVELS: readonly Level[] = ['privileged', 'baseline', 'restricted'];

/** upstream: ParseLevel: an unknown level is restricted, with an error. */
export function parseLevel(s: string): { level: Level; error?: string } {
  return (LEVELS as readonly string[]).includes(s) ? { level: s as Level } : { level: 'restricted', error: `must be one of ${LEVELS.join(', ')}` };
}

/** upstream: ParseVersion: `latest` or `v1.x`; anything else is latest, with an error. */
export function parseVersion(s: string): { version: Version; error?: string } {
  if (s === 'latest') return { version: LATEST };
  const m = /^v1\.([0-9]|[1-9][0-9]*)$/.exec(s);
  return m ? { version: { latest: false, minor: Number(m[1]) } } : { version: LATEST, error: 'must be "latest" or "v1.x"' };
}

/**
 * upstream: PolicyToEvaluate: the namespace's labels over the defaults. A bad enforce level
 * enforces restricted; a bad audit or warn level fails open (privileged). Errors are field errors
 * on metadata.labels[...].
 */
export function policyToEvaluate(labels: Record<string, string> | undefined, defaults: Policy = DEFAULT_POLICY): { policy: Policy; errors: FieldError[] } {
  const p: Policy = { enforce: { ...defaults.enforce }, audit: { ...defaults.audit }, warn: { ...defaults.warn } };
  const errors: FieldError[] = [];
  if (!labels) return { policy: p, errors };
  const err = (label: string, value: string, e?: string) => {
    if (e) errors.push(invalidField(path('metadata', 'labels').key(label), value, e));
  };
  const modes = [
    ['enforce', ENFORCE_LEVEL_LABEL, ENFORCE_VERSION_LABEL],
    ['audit', AUDIT_LEVEL_LABEL, AUDIT_VERSION_LABEL],
    ['warn', WARN_LEVEL_LABEL, WARN_VERSION_LABEL]
  ] as const;
  for (const [mode, levelLabel, versionLabel] of modes) {
    const level = labels[levelLabel];
    if (level !== undefined) {
      const r = parseLevel(level);
      p[mode].level = r.error && mode !== 'enforce' ? 'privileged' : r.level;
      err(levelLabel, level, r.error);
    }
    const version = labels[versionLabel];
    if (version !== undefined) {
      const r = parseVersion(version);
      p[mode].version = r.version;
      err(versionLabel, version, r.error);
    }
  }
  return { policy: p, errors };
}

/** upstream: CompareLevels: -1 less strict, 0 equal, 1 stricter. */
export function compareLevels(a: Level, b: Level): number {
  return Math.sign(LEVELS.indexOf(a) - LEVELS.indexOf(b));
}

/** The revision of a check in force at a policy minor version, if the check exists there. */
function revisionAt(c: Check, minor: number): Check['versions'][number] | undefined {
  let found: Check['versions'][number] | undefined;
  for (const v of c.versions) if (v.minor <= minor) found = v;
  return found;
}

const byId = (a: Check, b: Check) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** upstream: registry.go populate: baseline checks first, then restricted ones, each sorted by ID for stable messages. */
const ORDERED: readonly Check[] = [...CHECKS.filter((c) => c.level === 'baseline').sort(byId), ...CHECKS.filter((c) => c.level === 'restricted').sort(byId)];

/**
 * upstream: registry.go EvaluatePod: nothing for privileged; the baseline checks at that version;
 * for restricted, the restricted checks plus the baseline ones they do not override.
 */
export function evaluatePod(lv: LevelVersion, meta: unknown, spec: unknown): CheckResult[] {
  if (lv.level === 'privileged') return [];
  const minor = lv.version.latest ? MAX_MINOR : Math.min(lv.version.minor, MAX_MINOR);
  const revisions = ORDERED.map((c) => ({ c, rev: revisionAt(c, minor) })).filter((x) => x.rev !== undefined);
  const overridden = new Set(lv.level === 'restricted' ? revisions.flatMap((x) => x.rev!.overrides ?? []) : []);
  return revisions.filter((x) => (x.c.level === 'baseline' || lv.level === 'restricted') && !overridden.has(x.c.id)).map((x) => x.rev!.check(meta, spec));
}

export interface AggregateResult {
  allowed: boolean;
  reasons: string[];
  details: string[];
}

/** upstream: checks.go AggregateCheckResults */
export function aggregate(results: CheckResult[]): AggregateResult {
  const reasons: string[] = [];
  const details: string[] = [];
  for (const r of results) {
    if (r.allowed) continue;
    reasons.push(r.forbiddenReason || 'unknown forbidden reason');
    details.push(r.forbiddenDetail);
  }
  return { allowed: reasons.length === 0, reasons, details };
}

/** upstream: AggregateCheckResult.ForbiddenReason: `privileged, host namespaces`. */
export function forbiddenReason(a: AggregateResult): string {
  return a.reasons.join(', ');
}

/** upstream: AggregateCheckResult.ForbiddenDetail: `privileged (container "c" must not ...), host namespaces (hostPID=true)`. */
export function forbiddenDetail(a: AggregateResult): string {
  return a.reasons.map((r, i) => (a.details[i] ? `${r} (${a.details[i]})` : r)).join(', ');
}
