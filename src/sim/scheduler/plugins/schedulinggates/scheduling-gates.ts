/**
 * SchedulingGates: a pod with spec.schedulingGates waits outside activeQ until they are removed.
 * upstream: pkg/scheduler/framework/plugins/schedulinggates/scheduling_gates.go
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { PreEnqueuePlugin } from '../../framework/interfaces';
import { Code, Status } from '../../framework/types';

export const SchedulingGatesName = 'SchedulingGates';

export function newSchedulingGates() {
  return {
    name: SchedulingGatesName,
    preEnqueue(pod: Pod): Status {
      const gates = (pod.spec?.schedulingGates ?? []).map((g) => g.name);
      if (gates.length === 0) return new Status(Code.Success);
      // Go prints a []string as [a b].
      return new Status(Code.UnschedulableAndUnresolvable, `waiting for scheduling gates: [${gates.join(' ')}]`);
    }
  } satisfies PreEnqueuePlugin;
}
