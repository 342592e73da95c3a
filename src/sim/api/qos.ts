/**
 * A pod's QoS class. upstream: pkg/apis/core/v1/helper/qos/qos.go GetPodQOS
 * Only cpu and memory count; init containers are included; zero quantities are ignored.
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { tryParseQuantity, type Quantity } from './quantity';

export type QOSClass = 'Guaranteed' | 'Burstable' | 'BestEffort';

const SUPPORTED = ['cpu', 'memory'];

export function getPodQOS(pod: Pod): QOSClass {
  const requests = new Map<string, Quantity>();
  const limits = new Map<string, Quantity>();
  let isGuaranteed = true;
  const containers = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])];
  for (const c of containers) {
    for (const [name, raw] of Object.entries(c.resources?.requests ?? {})) {
      if (!SUPPORTED.includes(name)) continue;
      const q = tryParseQuantity(String(raw));
      if (!q || q.isZero()) continue;
      const prev = requests.get(name);
      requests.set(name, prev ? prev.add(q) : q);
    }
    const qosLimitsFound = new Set<string>();
    for (const [name, raw] of Object.entries(c.resources?.limits ?? {})) {
      if (!SUPPORTED.includes(name)) continue;
      const q = tryParseQuantity(String(raw));
      if (!q || q.isZero()) continue;
      qosLimitsFound.add(name);
      const prev = limits.get(name);
      limits.set(name, prev ? prev.add(q) : q);
    }
    if (!SUPPORTED.every((r) => qosLimitsFound.has(r))) isGuaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (isGuaranteed) {
    for (const [name, req] of requests) {
      const lim = limits.get(name);
      if (!lim || lim.cmp(req) !== 0) {
        isGuaranteed = false;
        break;
      }
    }
  }
  if (isGuaranteed && requests.size === limits.size) return 'Guaranteed';
  return 'Burstable';
}
