import { describe, expect, it } from 'vitest';
import { expose, wrap } from 'comlink';
import { bufferedEndpoint, type MessageScope } from './buffered-endpoint';

/** One side of a MessageChannel as a worker's `self`. */
function scopeOf(port: MessagePort): MessageScope {
  return {
    postMessage: (message, transfer) => port.postMessage(message, transfer),
    addEventListener: (type, listener) => {
      port.addEventListener(type, listener);
      port.start();
    }
  };
}

const tick = () => new Promise((r) => setTimeout(r, 10));

describe('bufferedEndpoint', () => {
  it('answers calls the page made before the worker exposed its API (the boot call is not lost)', async () => {
    const { port1, port2 } = new MessageChannel();
    const endpoint = bufferedEndpoint(scopeOf(port1));
    const api = wrap<{ boot(seed: number): number; add(a: number, b: number): number }>(port2);
    // Sent while the worker's code is still loading.
    const booted = api.boot(7);
    const sum = api.add(2, 3);
    await tick();
    expose({ boot: (seed: number) => seed * 10, add: (a: number, b: number) => a + b }, endpoint);
    expect(await booted).toBe(70);
    expect(await sum).toBe(5);
    // And later calls go straight through.
    expect(await api.add(4, 4)).toBe(8);
    port1.close();
    port2.close();
  });

  it('delivers waiting messages in order, to the first listener only; a removed listener hears nothing more', async () => {
    const { port1, port2 } = new MessageChannel();
    const endpoint = bufferedEndpoint(scopeOf(port1));
    port2.postMessage('a');
    port2.postMessage('b');
    await tick();
    const first: unknown[] = [];
    const second: unknown[] = [];
    const listener = (e: Event) => first.push((e as MessageEvent).data);
    endpoint.addEventListener('message', listener);
    endpoint.addEventListener('message', (e) => second.push((e as MessageEvent).data));
    port2.postMessage('c');
    await tick();
    endpoint.removeEventListener('message', listener);
    port2.postMessage('d');
    await tick();
    expect(first).toEqual(['a', 'b', 'c']);
    expect(second).toEqual(['c', 'd']);
    port1.close();
    port2.close();
  });
});
