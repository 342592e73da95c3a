/**
 * DefaultBinder: binds through the API server (POST pods/NAME/binding).
 * upstream: pkg/scheduler/framework/plugins/defaultbinder/default_binder.go
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { BindPlugin, Handle } from '../../framework/interfaces';
import { Code, Status, type CycleState } from '../../framework/types';

export const DefaultBinderName = 'DefaultBinder';

export function newDefaultBinder(handle: Pick<Handle, 'bind'>) {
  return {
    name: DefaultBinderName,
    bind(_state: CycleState, pod: Pod, nodeName: string, done: (s: Status) => void): void {
      handle.bind(pod, nodeName, (err) => done(err ? new Status(Code.Error, err) : new Status(Code.Success)));
    }
  } satisfies BindPlugin;
}
