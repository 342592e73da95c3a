/**
 * The event recorder: components record Events about objects; repeats of the same event are
 * aggregated into one Event whose count and lastTimestamp grow, as client-go's EventCorrelator does.
 * upstream: staging/src/k8s.io/client-go/tools/record/event.go, events_cache.go
 */
import type { KObject } from '../apiserver/store';
import { timestamp, SIM_EPOCH_MS } from '../kernel/clock';
import type { Client } from './client';

export interface EventSource {
  component: string;
  host?: string;
}

interface Seen {
  name: string;
  namespace: string;
  count: number;
  firstTimestamp: string;
}

export type EventType = 'Normal' | 'Warning';

export class EventRecorder {
  #seen = new Map<string, Seen>();

  constructor(
    readonly client: Client,
    readonly source: EventSource,
    readonly now: () => number
  ) {}

  /** Records an event about `obj` (any object with apiVersion/kind/metadata). */
  event(obj: KObject, type: EventType, reason: string, message: string, fieldPath?: string): void {
    const md = obj.metadata;
    const namespace = md.namespace ?? 'default';
    const involvedObject: KObject = {
      apiVersion: obj.apiVersion,
      kind: obj.kind,
      name: md.name,
      namespace: md.namespace,
      uid: md.uid,
      resourceVersion: md.resourceVersion
    };
    if (!md.namespace) delete involvedObject.namespace;
    if (fieldPath) involvedObject.fieldPath = fieldPath;
    // upstream: getEventKey = source, involvedObject, reason, message (and type).
    const key = [this.source.component, this.source.host, obj.kind, namespace, md.name, md.uid, fieldPath, type, reason, message].join('\u0000');
    const now = this.now();
    const ts = timestamp(now);
    const prev = this.#seen.get(key);
    if (prev) {
      prev.count++;
      this.client.patch('events', prev.namespace, prev.name, { count: prev.count, lastTimestamp: ts }, 'merge', (err) => {
        // The aggregated event may have expired: record it afresh.
        if (err?.code === 404) {
          this.#seen.delete(key);
          this.event(obj, type, reason, message, fieldPath);
        }
      });
      return;
    }
    // upstream: name = fmt.Sprintf("%v.%x", ref.Name, t.UnixNano())
    const nanos = BigInt(now) * 1_000_000n + BigInt(this.#seen.size % 1000);
    const name = `${md.name}.${(BigInt(SIM_EPOCH_MS) * 1_000_000n + nanos).toString(16)}`;
    const seen: Seen = { name, namespace, count: 1, firstTimestamp: ts };
    this.#seen.set(key, seen);
    this.client.create('events', {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace },
      involvedObject,
      reason,
      message,
      source: this.source.host ? { component: this.source.component, host: this.source.host } : { component: this.source.component },
      firstTimestamp: ts,
      lastTimestamp: ts,
      count: 1,
      type,
      eventTime: null,
      reportingComponent: this.source.component,
      reportingInstance: this.source.host ?? ''
    });
  }
}
