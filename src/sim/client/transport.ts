/**
 * How a component reaches the API server. Requests and watch events are plain data, so the same
 * client runs over an in-process link or a MessagePort between workers (see cluster/conductor).
 */
import type { ApiRequest, ApiResult, WatchEvent } from '../apiserver/apiserver';
import type { Status } from '../api/errors';

export interface WatchHandle {
  stop(): void;
}

export interface Transport {
  /** Sends a request; `done` runs when the answer arrives (never synchronously). */
  request(req: ApiRequest, done: (result: ApiResult) => void): void;
  /** Starts a watch; `onEvent` gets each event, `onError` a terminal error (e.g. 410 Gone). */
  watch(req: ApiRequest, onEvent: (e: WatchEvent) => void, onError: (s: Status) => void): WatchHandle;
}
