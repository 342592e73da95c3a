/**
 * The event recorder: components record Events about objects through client-go's EventCorrelator:
 *  - repeats of the same event (same source, object, type, reason and message) update one Event
 *    whose count and lastTimestamp grow;
 *  - an object's events that differ only by message are combined once 10 distinct messages are seen
 *    within 10 minutes: the 10th and later ones go to one Event "(combined from similar events): ..."
 *    whose message follows the latest;
 *  - a source may write 25 events about an object, then one every 5 minutes (a token bucket): a
 *    filtered occurrence is still counted, so the next write carries the whole count;
 *  - each cache keeps its 4,096 most recently used keys.
 * upstream: staging/src/k8s.io/client-go/tools/record/event.go (recordToSink, recordEvent),
 * events_cache.go (EventCorrelator, EventAggregator, eventLogger, EventSourceObjectSpamFilter)
 */
import type { KObject } from '../apiserver/store';
import { timestamp, SIM_EPOCH_MS } from '../kernel/clock';
import type { Client } from './client';

export interface EventSource {
  component: string;
  host?: string;
}

export type EventType = 'Normal' | 'Warning';

// upstream: events_cache.go constants.
const MAX_LRU_CACHE_ENTRIES = 4096;
const AGGREGATE_MAX_EVENTS = 10;
const AGGREGATE_INTERVAL_MS = 600_000;
const SPAM_BURST = 25;
const SPAM_QPS = 1 / 300;

/** groupcache/lru: Get refreshes an entry, Add evicts the least recently used past the size. */
class Lru<V> {
  #m = new Map<string, V>();
  constructor(readonly size: number) {}
  get(key: string): V | undefined {
    const v = this.#m.get(key);
    if (v !== undefined) {
      this.#m.delete(key);
      this.#m.set(key, v);
    }
    return v;
  }
  add(key: string, v: V): void {
    this.#m.delete(key);
    this.#m.set(key, v);
    if (this.#m.size > this.size) this.#m.delete(this.#m.keys().next().value as string);
  }
}

/** golang.org/x/time/rate's Limiter as flowcontrol's passive token bucket uses it (AllowN(now, 1)). */
class TokenBucket {
  #tokens = SPAM_BURST;
  #last: number;
  constructor(now: number) {
    this.#last = now;
  }
  tryAccept(now: number): boolean {
    if (now > this.#last) {
      this.#tokens = Math.min(SPAM_BURST, this.#tokens + ((now - this.#last) / 1000) * SPAM_QPS);
      this.#last = now;
    }
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}

interface AggregateRecord {
  /** The distinct messages seen (a set: insertion order makes PopAny deterministic here). */
  localKeys: Set<string>;
  last: number;
}

interface EventLog {
  count: number;
  firstTimestamp: string;
  name: string;
}

const sep = '\u0000';

export class EventRecorder {
  #aggregates = new Lru<AggregateRecord>(MAX_LRU_CACHE_ENTRIES);
  #logs = new Lru<EventLog>(MAX_LRU_CACHE_ENTRIES);
  #spam = new Lru<TokenBucket>(MAX_LRU_CACHE_ENTRIES);
  /** Distinguishes events named in the same millisecond (upstream names carry nanoseconds). */
  #created = 0;

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
    const now = this.now();
    const ts = timestamp(now);
    const { component, host = '' } = this.source;
    const objectKey = [component, host, obj.kind, namespace, md.name, md.uid, obj.apiVersion].join(sep);

    // EventAggregate: events differing only by message are combined past 10 distinct messages.
    const aggregateKey = [objectKey, type, reason].join(sep);
    let record = this.#aggregates.get(aggregateKey);
    if (!record || now - record.last > AGGREGATE_INTERVAL_MS) record = { localKeys: new Set(), last: now };
    record.localKeys.add(message);
    record.last = now;
    this.#aggregates.add(aggregateKey, record);
    let key: string;
    let combined = false;
    if (record.localKeys.size < AGGREGATE_MAX_EVENTS) {
      key = [objectKey, fieldPath ?? '', type, reason, message].join(sep);
    } else {
      // do not grow the local key set any larger than max (upstream pops any; the oldest here)
      record.localKeys.delete(record.localKeys.values().next().value as string);
      key = aggregateKey;
      combined = true;
      message = `(combined from similar events): ${message}`;
    }

    // eventObserve: a key seen before updates its Event (count + 1, lastTimestamp, message).
    const last = this.#logs.get(key);
    let log: EventLog;
    if (last && last.count > 0) {
      log = { count: last.count + 1, firstTimestamp: last.firstTimestamp, name: last.name };
    } else {
      // upstream: name = fmt.Sprintf("%v.%x", ref.Name, t.UnixNano())
      const nanos = BigInt(now) * 1_000_000n + BigInt(this.#created++ % 1000);
      log = { count: 1, firstTimestamp: ts, name: `${md.name}.${(BigInt(SIM_EPOCH_MS) * 1_000_000n + nanos).toString(16)}` };
    }
    this.#logs.add(key, log);

    // EventSourceObjectSpamFilter: 25 events per source and object, then one per 5 minutes.
    let bucket = this.#spam.get(objectKey);
    if (!bucket) bucket = new TokenBucket(now);
    const accepted = bucket.tryAccept(now);
    this.#spam.add(objectKey, bucket);
    if (!accepted) return;

    const event: KObject = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: log.name, namespace },
      involvedObject,
      reason,
      message,
      source: this.source.host ? { component, host } : { component },
      firstTimestamp: log.firstTimestamp,
      lastTimestamp: ts,
      count: log.count,
      type,
      eventTime: null,
      // upstream's combined event is a fresh copy without the reporting fields
      reportingComponent: combined ? '' : component,
      reportingInstance: combined ? '' : host
    };
    if (log.count === 1) {
      this.client.create('events', event);
      return;
    }
    this.client.patch('events', namespace, log.name, { count: log.count, lastTimestamp: ts, message }, 'merge', (err) => {
      // recordEvent: the Event may have expired (or was never written): create it whole.
      if (err?.code === 404) this.client.create('events', event);
    });
  }
}
