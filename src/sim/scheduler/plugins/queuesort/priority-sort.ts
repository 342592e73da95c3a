/**
 * PrioritySort: higher spec.priority first, then the earlier queue timestamp.
 * upstream: pkg/scheduler/framework/plugins/queuesort/priority_sort.go
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { QueueSortPlugin, QueuedPodInfo } from '../../framework/interfaces';

export const PrioritySortName = 'PrioritySort';

/** upstream: pkg/api/v1/pod/util.go GetPodPriority (no priority = 0) */
export const podPriority = (pod: Pod): number => pod.spec?.priority ?? 0;

export function newPrioritySort() {
  return {
    name: PrioritySortName,
    less(a: QueuedPodInfo, b: QueuedPodInfo): boolean {
      const p1 = podPriority(a.pod);
      const p2 = podPriority(b.pod);
      return p1 > p2 || (p1 === p2 && a.timestamp < b.timestamp);
    }
  } satisfies QueueSortPlugin;
}
