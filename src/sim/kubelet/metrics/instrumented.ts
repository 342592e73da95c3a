/**
 * The kubelet's view of the CRI runtime with every call counted and timed: each method that
 * answers through a callback records kubelet_runtime_operations_total,
 * kubelet_runtime_operations_duration_seconds and, on failure,
 * kubelet_runtime_operations_errors_total when its answer arrives.
 * upstream: pkg/kubelet/kuberuntime/instrumented_services.go (instrumentedRuntimeService,
 * instrumentedImageManagerService: operation names).
 */
import type { SimClock } from '../../kernel/clock';
import type { ContainerRuntime } from '../../node/cri/runtime';
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
  PullImage: 'pull_image',
  ImageStatus: 'image_status',
  ListImages: 'list_images',
  RemoveImage: 'remove_image'
};

/** Wraps the runtime: the same object for everything but the CRI methods, which are timed. */
export function instrumentedRuntime(runtime: ContainerRuntime, metrics: KubeletMetrics, clock: SimClock): ContainerRuntime {
  return new Proxy(runtime, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const operation = typeof prop === 'string' ? OPERATION_TYPES[prop] : undefined;
      // Methods run on the real runtime (its private fields are not reachable through the proxy).
      if (!operation) return value.bind(target);
      return (...args: unknown[]) => {
        const cb = args[args.length - 1] as (r: { ok: boolean }) => void;
        const t0 = clock.now();
        return value.apply(target, [
          ...args.slice(0, -1),
          (r: { ok: boolean }) => {
            metrics.runtimeOperation(operation, clock.now() - t0, r.ok);
            cb(r);
          }
        ]);
      };
    }
  });
}
