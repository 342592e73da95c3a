/**
 * How the HPA turns the metrics' proposal into the replicas it sets: the stabilization window (the
 * highest recommendation of the last 5 minutes on the way down, the lowest of the scale-up window
 * on the way up), then min/maxReplicas and the rate limits: without a behavior, at most
 * max(2 x current, 4); with one, its policies over their periods (defaults: 4 pods or 100 % per
 * 15 s up, the larger; 100 % per 15 s down). Also the ScalingLimited / AbleToScale conditions this
 * sets, and setCondition.
 * upstream: pkg/controller/podautoscaler/horizontal.go (recordInitialRecommendation,
 * stabilizeRecommendation, normalizeDesiredReplicas, normalizeDesiredReplicasWithBehaviors,
 * maybeInitScaleDownStabilizationWindow, getReplicasChangePerPeriod, storeScaleEvent,
 * stabilizeRecommendationWithBehaviors, convertDesiredReplicasWithBehaviorRate,
 * convertDesiredReplicasWithRules, calculateScaleUpLimit, markScaleEventsOutdated,
 * getLongestPolicyPeriod, calculateScaleUpLimitWithScalingRules,
 * calculateScaleDownLimitWithBehaviors, setConditionInList).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { KObject } from '../../apiserver/store';
import { timestamp } from '../../kernel/clock';
import { DEFAULT_HPA_SCALE_DOWN_RULES, DEFAULT_HPA_SCALE_UP_RULES } from '../../api/defaults';

/** --horizontal-pod-autoscaler-downscale-stabilization */
export const DOWNSCALE_STABILIZATION_WINDOW_MS = 5 * 60_000;
/** upstream: scaleUpLimitFactor, scaleUpLimitMinimum */
const SCALE_UP_LIMIT_FACTOR = 2;
const SCALE_UP_LIMIT_MINIMUM = 4;

interface Recommendation {
  recommendation: number;
  timestamp: number;
}

interface ScaleEvent {
  replicaChange: number;
  timestamp: number;
  outdated: boolean;
}

/** upstream: setConditionInList: lastTransitionTime moves only when the status changes. */
export function setCondition(hpa: KObject, type: string, status: 'True' | 'False', reason: string, message: string, now: number): void {
  const conditions: any[] = (hpa.status.conditions ??= []);
  let c = conditions.find((x) => x.type === type);
  if (!c) {
    c = { type };
    conditions.push(c);
  }
  if (c.status !== status) c.lastTransitionTime = timestamp(now);
  const { lastTransitionTime } = c;
  for (const k of Object.keys(c)) delete c[k];
  Object.assign(c, { type, status, lastTransitionTime, reason, message });
}

/** upstream: convertDesiredReplicasWithRules (no behavior) */
export function convertDesiredReplicasWithRules(currentReplicas: number, desiredReplicas: number, minReplicas: number, maxReplicas: number): [number, string, string] {
  let maximumAllowed: number;
  let condition: string;
  let reason: string;
  // Do not upscale too much: a bogus usage report must not multiply the replicas.
  const scaleUpLimit = Math.max(SCALE_UP_LIMIT_FACTOR * currentReplicas, SCALE_UP_LIMIT_MINIMUM);
  if (maxReplicas > scaleUpLimit) {
    maximumAllowed = scaleUpLimit;
    condition = 'ScaleUpLimit';
    reason = 'the desired replica count is increasing faster than the maximum scale rate';
  } else {
    maximumAllowed = maxReplicas;
    condition = 'TooManyReplicas';
    reason = 'the desired replica count is more than the maximum replica count';
  }
  if (desiredReplicas < minReplicas) return [minReplicas, 'TooFewReplicas', 'the desired replica count is less than the minimum replica count'];
  if (desiredReplicas > maximumAllowed) return [maximumAllowed, condition, reason];
  return [desiredReplicas, 'DesiredWithinRange', 'the desired count is within the acceptable range'];
}

/** upstream: getReplicasChangePerPeriod */
function replicasChangePerPeriod(periodSeconds: number, events: ScaleEvent[], now: number): number {
  const cutoff = now - periodSeconds * 1000;
  return events.reduce((sum, e) => (e.timestamp > cutoff ? sum + e.replicaChange : sum), 0);
}

/** upstream: calculateScaleUpLimitWithScalingRules */
export function scaleUpLimitWithRules(currentReplicas: number, events: ScaleEvent[], rules: any, now: number): number {
  if (rules.selectPolicy === 'Disabled') return currentReplicas;
  const select = rules.selectPolicy === 'Min' ? Math.min : Math.max;
  let result = rules.selectPolicy === 'Min' ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER;
  for (const policy of rules.policies ?? []) {
    const periodStartReplicas = currentReplicas - replicasChangePerPeriod(policy.periodSeconds, events, now);
    let proposed = 0;
    if (policy.type === 'Pods') proposed = periodStartReplicas + policy.value;
    else if (policy.type === 'Percent') proposed = Math.ceil(periodStartReplicas * (1 + policy.value / 100));
    result = select(result, proposed);
  }
  return result;
}

/** upstream: calculateScaleDownLimitWithBehaviors */
export function scaleDownLimitWithRules(currentReplicas: number, events: ScaleEvent[], rules: any, now: number): number {
  if (rules.selectPolicy === 'Disabled') return currentReplicas;
  const select = rules.selectPolicy === 'Min' ? Math.max : Math.min;
  let result = rules.selectPolicy === 'Min' ? Number.MIN_SAFE_INTEGER : Number.MAX_SAFE_INTEGER;
  for (const policy of rules.policies ?? []) {
    const periodStartReplicas = currentReplicas + replicasChangePerPeriod(policy.periodSeconds, events, now);
    let proposed = 0;
    if (policy.type === 'Pods') proposed = periodStartReplicas - policy.value;
    else if (policy.type === 'Percent') proposed = Math.trunc(periodStartReplicas * (1 - policy.value / 100));
    result = select(result, proposed);
  }
  return result;
}

/** The controller's per-HPA memory: recent recommendations and scale events (upstream keeps them in maps keyed by HPA). */
export class Normalizer {
  readonly recommendations = new Map<string, Recommendation[]>();
  readonly scaleUpEvents = new Map<string, ScaleEvent[]>();
  readonly scaleDownEvents = new Map<string, ScaleEvent[]>();

  constructor(readonly now: () => number) {}

  forget(key: string): void {
    this.recommendations.delete(key);
    this.scaleUpEvents.delete(key);
    this.scaleDownEvents.delete(key);
  }

  recordInitialRecommendation(currentReplicas: number, key: string): void {
    if (!this.recommendations.has(key)) this.recommendations.set(key, [{ recommendation: currentReplicas, timestamp: this.now() }]);
  }

  /** upstream: stabilizeRecommendation: the highest recommendation within the window; the oldest outdated one is replaced. */
  #stabilize(key: string, prenormalized: number): number {
    const now = this.now();
    let max = prenormalized;
    let oldIndex = -1;
    const recs = this.recommendations.get(key) ?? [];
    const cutoff = now - DOWNSCALE_STABILIZATION_WINDOW_MS;
    recs.forEach((rec, i) => {
      if (rec.timestamp < cutoff) oldIndex = i;
      else if (rec.recommendation > max) max = rec.recommendation;
    });
    if (oldIndex >= 0) recs[oldIndex] = { recommendation: prenormalized, timestamp: now };
    else recs.push({ recommendation: prenormalized, timestamp: now });
    this.recommendations.set(key, recs);
    return max;
  }

  /** upstream: normalizeDesiredReplicas (an HPA without a behavior) */
  normalize(hpa: KObject, key: string, currentReplicas: number, prenormalized: number, minReplicas: number): number {
    const now = this.now();
    const stabilized = this.#stabilize(key, prenormalized);
    if (stabilized !== prenormalized) setCondition(hpa, 'AbleToScale', 'True', 'ScaleDownStabilized', 'recent recommendations were higher than current one, applying the highest recent recommendation', now);
    else setCondition(hpa, 'AbleToScale', 'True', 'ReadyForNewScale', 'recommended size matches current size', now);
    const [desired, condition, reason] = convertDesiredReplicasWithRules(currentReplicas, stabilized, minReplicas, hpa.spec.maxReplicas);
    setCondition(hpa, 'ScalingLimited', desired === stabilized ? 'False' : 'True', condition, reason, now);
    return desired;
  }

  /** upstream: normalizeDesiredReplicasWithBehaviors */
  normalizeWithBehaviors(hpa: KObject, key: string, currentReplicas: number, prenormalized: number, minReplicas: number): number {
    const now = this.now();
    const behavior = hpa.spec.behavior;
    const scaleUp = behavior.scaleUp ?? DEFAULT_HPA_SCALE_UP_RULES;
    // upstream: maybeInitScaleDownStabilizationWindow: the controller's window when the behavior names none.
    const scaleDown = { ...(behavior.scaleDown ?? DEFAULT_HPA_SCALE_DOWN_RULES) };
    scaleDown.stabilizationWindowSeconds ??= DOWNSCALE_STABILIZATION_WINDOW_MS / 1000;
    const [stabilized, reason, message] = this.#stabilizeWithBehaviors(key, currentReplicas, prenormalized, scaleUp, scaleDown);
    if (stabilized !== prenormalized) setCondition(hpa, 'AbleToScale', 'True', reason, message, now);
    else setCondition(hpa, 'AbleToScale', 'True', 'ReadyForNewScale', 'recommended size matches current size', now);
    const [desired, limitReason, limitMessage] = this.#convertWithBehaviorRate(key, currentReplicas, stabilized, minReplicas, hpa.spec.maxReplicas, scaleUp, scaleDown);
    setCondition(hpa, 'ScalingLimited', desired === stabilized ? 'False' : 'True', limitReason, limitMessage, now);
    return desired;
  }

  /** upstream: stabilizeRecommendationWithBehaviors */
  #stabilizeWithBehaviors(key: string, currentReplicas: number, desired: number, scaleUp: any, scaleDown: any): [number, string, string] {
    const now = this.now();
    let recommendation = desired;
    const up = desired >= currentReplicas;
    const delaySeconds: number = up ? scaleUp.stabilizationWindowSeconds ?? 0 : scaleDown.stabilizationWindowSeconds;
    const better = up ? Math.min : Math.max;
    const reason = up ? 'ScaleUpStabilized' : 'ScaleDownStabilized';
    const message = up
      ? 'recent recommendations were lower than current one, applying the lowest recent recommendation'
      : 'recent recommendations were higher than current one, applying the highest recent recommendation';
    const maxDelaySeconds = Math.max(scaleUp.stabilizationWindowSeconds ?? 0, scaleDown.stabilizationWindowSeconds);
    const obsoleteCutoff = now - maxDelaySeconds * 1000;
    const cutoff = now - delaySeconds * 1000;
    const recs = this.recommendations.get(key) ?? [];
    let oldIndex = -1;
    recs.forEach((rec, i) => {
      if (rec.timestamp > cutoff) recommendation = better(rec.recommendation, recommendation);
      if (rec.timestamp < obsoleteCutoff) oldIndex = i;
    });
    if (oldIndex >= 0) recs[oldIndex] = { recommendation: desired, timestamp: now };
    else recs.push({ recommendation: desired, timestamp: now });
    this.recommendations.set(key, recs);
    return [recommendation, reason, message];
  }

  /** upstream: convertDesiredReplicasWithBehaviorRate */
  #convertWithBehaviorRate(key: string, currentReplicas: number, desired: number, minReplicas: number, maxReplicas: number, scaleUp: any, scaleDown: any): [number, string, string] {
    const now = this.now();
    if (desired > currentReplicas) {
      const scaleUpLimit = Math.max(scaleUpLimitWithRules(currentReplicas, this.scaleUpEvents.get(key) ?? [], scaleUp, now), currentReplicas);
      let maximumAllowed = maxReplicas;
      let reason = 'TooManyReplicas';
      let message = 'the desired replica count is more than the maximum replica count';
      if (maximumAllowed > scaleUpLimit) {
        maximumAllowed = scaleUpLimit;
        reason = 'ScaleUpLimit';
        message = 'the desired replica count is increasing faster than the maximum scale rate';
      }
      if (desired > maximumAllowed) return [maximumAllowed, reason, message];
    } else if (desired < currentReplicas) {
      const scaleDownLimit = Math.min(scaleDownLimitWithRules(currentReplicas, this.scaleDownEvents.get(key) ?? [], scaleDown, now), currentReplicas);
      let minimumAllowed = minReplicas;
      let reason = 'TooFewReplicas';
      let message = 'the desired replica count is less than the minimum replica count';
      if (minimumAllowed < scaleDownLimit) {
        minimumAllowed = scaleDownLimit;
        reason = 'ScaleDownLimit';
        message = 'the desired replica count is decreasing faster than the maximum scale rate';
      }
      if (desired < minimumAllowed) return [minimumAllowed, reason, message];
    }
    return [desired, 'DesiredWithinRange', 'the desired count is within the acceptable range'];
  }

  /** upstream: storeScaleEvent: only HPAs with a behavior keep scale events; outdated ones are reused. */
  storeScaleEvent(behavior: any, key: string, prevReplicas: number, newReplicas: number): void {
    if (!behavior) return;
    const now = this.now();
    const up = newReplicas > prevReplicas;
    const rules = up ? behavior.scaleUp ?? DEFAULT_HPA_SCALE_UP_RULES : behavior.scaleDown ?? DEFAULT_HPA_SCALE_DOWN_RULES;
    const map = up ? this.scaleUpEvents : this.scaleDownEvents;
    const events = map.get(key) ?? [];
    const longest = Math.max(0, ...(rules.policies ?? []).map((p: any) => p.periodSeconds));
    const cutoff = now - longest * 1000;
    let oldIndex = -1;
    events.forEach((e, i) => {
      if (e.timestamp < cutoff) e.outdated = true;
      if (e.outdated) oldIndex = i;
    });
    const event = { replicaChange: up ? newReplicas - prevReplicas : prevReplicas - newReplicas, timestamp: now, outdated: false };
    if (oldIndex >= 0) events[oldIndex] = event;
    else events.push(event);
    map.set(key, events);
  }
}
