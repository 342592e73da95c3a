/**
 * The kubelet's view of the CRI runtime with every call counted and timed: each method that
 * answers through a callback records kubelet_runtime_operations_total,
 * kubelet_runtime_operations_duration_seconds and, on failure,
 * kubelet_runtime_operations_errors_total when its answer arrives.
 * upstream: pkg/kubelet/kuberuntime/instrumented_services.go (instrumentedRuntimeService,
 * instrumentedImageManagerService: operation names).
 */
import type { SimClock } from '../../kernel/clock';
import type { ContainerRuntime, TrivialExec } from '../../node/cri/runtime';
import type { KubeletMetrics } from './metrics';

/** CRI method -> upstream's operation_type label. */
export const OPERATION_TYPES: Readonly<Record<string, string>> = {
  Version: 'version',
  Status: 'status',
  RunPodSandbox: 'run_podsandbox',
  StopPodSandbox: 'stop_podsandbox',
  RemovePodSandbox: 'remove_podsandbox',
  PodSandboxStatus: 'podsandbox_status',
  ListPodSandbox: 'list_podsandbox',
  CreateContainer: 'create_container',
  StartContainer: 'start_container',
  StopContainer: 'stop_container',
  RemoveContainer: 'remove_container',
  ListContainers: 'list_containers',
  ContainerStatus: 'container_status',
  ExecSync: 'exec_sync',
  PortForward: 'port_forward',
  PullImage: 'pull_image',
  ImageStatus: 'image_status',
  ListImages: 'list_images',
  RemoveImage: 'remove_image'
};

/** Wraps the runtime: the same object for everything but the CRI methods, which are timed. */
export function instrumentedRuntime(runtime: ContainerRuntime, metrics: KubeletMetrics, clock: SimClock): ContainerRuntime {
  // Hot path (every probe's ExecSync goes through here): the wrapper of each method is made once
  // per method (remade only if the property changes), not per property read.
  const cache = new Map<PropertyKey, { value: (...args: unknown[]) => unknown; wrapped: (...args: unknown[]) => unknown }>();
  return new Proxy(runtime, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const hit = cache.get(prop);
      if (hit && hit.value === value) return hit.wrapped;
      const operation = typeof prop === 'string' ? OPERATION_TYPES[prop] : undefined;
      // Methods run on the real runtime (its private fields are not reachable through the proxy).
      // execTrivial is ExecSync's hot path (exec probes): it takes its instrumentation as an argument.
      const wrapped =
        prop === 'execTrivial' ? execTrivialTimed(target, metrics) : operation ? timed(target, value, operation, metrics, clock) : value.bind(target);
      cache.set(prop, { value, wrapped });
      return wrapped;
    }
  });
}

/** execTrivial timed as ExecSync: exec_sync's duration and outcome recorded before the answer (no closure per call). */
function execTrivialTimed(target: ContainerRuntime, metrics: KubeletMetrics): (...args: unknown[]) => unknown {
  const observe = (durationMs: number, ok: boolean) => metrics.execSyncAnswered(durationMs, ok);
  return (x: unknown) => target.execTrivial(x as TrivialExec, observe);
}

function timed(target: ContainerRuntime, value: (...args: unknown[]) => unknown, operation: string, metrics: KubeletMetrics, clock: SimClock): (...args: unknown[]) => unknown {
  return (...args: unknown[]) => {
    // The callback is the last function argument (ExecSync's optional stdin may follow it); none: the wrapper is the only argument.
    let last = args.length - 1;
    while (last > 0 && typeof args[last] !== 'function') last--;
    last = Math.max(0, last);
    const cb = args[last] as (r: { ok: boolean }) => void;
    const t0 = clock.now();
    args[last] = (r: { ok: boolean }) => {
      metrics.runtimeOperation(operation, clock.now() - t0, r.ok);
      cb(r);
    };
    return value.apply(target, args);
  };
}
