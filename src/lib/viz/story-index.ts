/**
 * `indexStory`: keeps the story-worthy trace events of each pod as batches arrive (story.ts tells
 * the story from them). Pure.
 */
import type { TraceEvent } from '../../sim/kernel/trace';
import { foldByPod } from '../inspector/pod-trace';

/** Trace kinds that tell a pod's story (calls count once, at their return). */
const STORY_KINDS = new Set([
  'api.create',
  'api.delete',
  'scheduler.attempt',
  'scheduler.bind',
  'scheduler.preempt',
  'cri.RunPodSandbox',
  'cri.PullImage',
  'cri.CreateContainer',
  'cri.StartContainer',
  'cri.StopContainer',
  'cri.StopPodSandbox',
  'cni.ADD',
  'cni.DEL',
  'csi.NodeStageVolume',
  'csi.NodePublishVolume',
  'csi.NodeUnpublishVolume',
  'process.start',
  'process.exit',
  'probe.liveness',
  'probe.readiness',
  'probe.startup',
  'kernel.oomKill',
  'eviction.evict',
  'tainteviction.evict'
]);

export function isStoryEvent(e: TraceEvent): boolean {
  if (!STORY_KINDS.has(e.kind)) return false;
  if (e.kind.startsWith('api.')) return e.resource === 'pods';
  // A CRI or CSI call: its return says how it went (the call itself adds nothing).
  if (e.kind.startsWith('cri.') || e.kind.startsWith('csi.')) return e.phase !== 'call' || e.kind === 'cri.StopContainer' || e.kind === 'cri.StopPodSandbox';
  return true;
}

export type StoryIndex = ReadonlyMap<string, readonly TraceEvent[]>;

/** Per pod: the first HEAD story events (its birth) and the newest TAIL (a crash loop goes on for hours). */
const HEAD = 60;
const TAIL = 240;

/**
 * Adds a trace batch to the per-pod story index (bounded: HEAD + TAIL events per pod, `maxPods`
 * pods, least recently active dropped first). Returns `current` when the batch told no story.
 */
export function indexStory(current: StoryIndex, incoming: readonly TraceEvent[], maxPods = 2000): StoryIndex {
  return foldByPod(current, incoming, isStoryEvent, (all) => (all.length > HEAD + TAIL ? all.slice(0, HEAD).concat(all.slice(all.length - TAIL)) : all), maxPods);
}
