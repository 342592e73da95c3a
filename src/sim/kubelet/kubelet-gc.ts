/**
 * StartGarbageCollection: the kubelet's two collectors, containers every minute and images every
 * five, for as long as the kubelet process runs.
 * upstream: pkg/kubelet/kubelet.go StartGarbageCollection (ContainerGCPeriod, ImageGCPeriod)
 */
import { parseDuration, type SimClock } from '../kernel/clock';
import type { TraceInput } from '../kernel/trace';
import type { EventRecorder } from '../client/events';
import type { KObject } from '../apiserver/store';
import type { ContainerRuntime } from '../node/cri/runtime';
import { parseQuantity } from '../api/quantity';
import type { KubeletConfiguration } from './config/config';
import { ContainerGC } from './container/gc';
import { ImageGCManager } from './images/image-gc-manager';
import type { KubeletPods } from './kubelet-pods';
import type { Severity } from './logs/journal';

export interface GarbageCollectionDeps {
  node: string;
  clock: SimClock;
  config: KubeletConfiguration;
  /** The node's disk (ephemeral-storage capacity): the image filesystem. */
  ephemeralStorage: string;
  runtime: ContainerRuntime;
  /** The image filesystem's stats (node/os), if the node accounts its disk. */
  imageFs?: () => { capacityBytes: number; availableBytes: number };
  pods: KubeletPods;
  recorder: EventRecorder;
  nodeRef: KObject;
  trace: (e: TraceInput) => void;
  log: (severity: Severity, source: string, msg: string, kv?: Record<string, unknown>) => void;
}

export function startGarbageCollection(d: GarbageCollectionDeps): { stop(): void; images: ImageGCManager; containers: ContainerGC } {
  const known = (uid: string) =>
    d.pods.podWorkers.state(uid) !== undefined || d.pods.informer.list().some((p: KObject) => p.metadata.uid === uid) || [...d.pods.staticPods.values()].some((p) => p.metadata.uid === uid);
  const containers = new ContainerGC({
    clock: d.clock,
    runtime: d.runtime,
    podGone: (uid) => !known(uid),
    trace: (extra) => d.trace({ component: 'kubelet', node: d.node, kind: 'gc.container', ...extra })
  });
  const images = new ImageGCManager({
    clock: d.clock,
    runtime: d.runtime,
    capacity: Number(parseQuantity(d.ephemeralStorage).value()),
    ...(d.imageFs ? { imageFs: d.imageFs } : {}),
    policy: { highThresholdPercent: d.config.imageGCHighThresholdPercent, lowThresholdPercent: d.config.imageGCLowThresholdPercent, minAgeMs: parseDuration(String(d.config.imageMinimumGCAge)) },
    nodeEvent: (reason, message) => d.recorder.event(d.nodeRef, 'Warning', reason, message),
    log: d.log,
    trace: (extra) => d.trace({ component: 'kubelet', node: d.node, kind: 'gc.image', ...extra })
  });
  containers.start();
  images.start();
  return {
    containers,
    images,
    stop: () => {
      containers.stop();
      images.stop();
    }
  };
}
