/**
 * The worker's own side of Comlink, listening from the worker's first moment. The cluster worker
 * loads in two steps (a small entry, then the cluster's code: cluster-worker.ts), and the page's
 * first calls (the boot, its delta port) arrive before Comlink listens: a worker drops a message
 * no listener takes. They wait here and go to the first listener, in order.
 */
import type { Endpoint } from 'comlink';

type Listener = (event: MessageEvent) => void;

/** What this needs of a worker's global scope (`self`). */
export interface MessageScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: Listener): void;
}

export function bufferedEndpoint(scope: MessageScope): Endpoint {
  const waiting: MessageEvent[] = [];
  let listeners: Listener[] = [];
  scope.addEventListener('message', (event) => {
    if (listeners.length === 0) waiting.push(event);
    else for (const listener of [...listeners]) listener(event);
  });
  const asFunction = (listener: EventListenerOrEventListenerObject): Listener => (typeof listener === 'function' ? listener : (e) => listener.handleEvent(e));
  const known = new Map<EventListenerOrEventListenerObject, Listener>();
  return {
    postMessage: (message: unknown, transfer?: Transferable[]) => scope.postMessage(message, transfer ?? []),
    addEventListener(type: string, listener: EventListenerOrEventListenerObject) {
      if (type !== 'message') return;
      const fn = asFunction(listener);
      known.set(listener, fn);
      listeners.push(fn);
      for (const event of waiting.splice(0)) fn(event);
    },
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject) {
      const fn = known.get(listener);
      listeners = listeners.filter((l) => l !== fn);
      known.delete(listener);
    }
  };
}
