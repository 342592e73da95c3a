/**
 * The main page's cluster: the map's (Cluster), and what only the playground's other views read
 * of it: the timeline's marks, the inspector's sequence diagrams, focus mode's story. /embed shows
 * none of them, so its Cluster neither folds them nor loads their modules.
 */
import { Cluster, type BootSpec } from './cluster.svelte';
import type { PageMessage } from './protocol';
import { indexByPod, type PodTraceIndex } from '../inspector/pod-trace';
import { foldMarkers, markersUpTo, type Marker } from '../timeline/markers';
import { indexStory, type StoryIndex } from '../viz/story-index';

export class PlaygroundCluster extends Cluster {
  /** pod key -> its events worth a sequence diagram (bounded per pod), so no view rescans `trace`. */
  podTrace = $state.raw<PodTraceIndex>(new Map());
  /** pod key -> the trace events that tell its story (focus mode's strip), bounded per pod. */
  storyTrace = $state.raw<StoryIndex>(new Map());
  /** The timeline's marks (warnings, evictions, OOM kills...) from the live cluster's Events, by time. */
  markers = $state.raw<readonly Marker[]>([]);

  override reboot(options: BootSpec): Promise<void> {
    this.markers = [];
    return super.reboot(options);
  }

  protected override received(message: Extract<PageMessage, { type: 'reset' | 'delta' }>): void {
    // A moment of the past shown (time travel) keeps the live cluster's marks.
    if (!message.clock.viewing) this.markers = foldMarkers(this.markers, message.changes);
    if (message.type === 'reset') {
      this.podTrace = new Map();
      this.storyTrace = new Map();
    } else {
      this.podTrace = indexByPod(this.podTrace, message.trace);
      this.storyTrace = indexStory(this.storyTrace, message.trace);
    }
  }

  /** Resume from the moment viewed: it becomes the live cluster; the marks after it go. */
  override async resume(): Promise<void> {
    await super.resume();
    this.markers = markersUpTo(this.markers, this.clock.t);
  }
}
