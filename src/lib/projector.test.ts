import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PROJECTOR_KEY, projectorOn, setProjector } from './projector';

/** A storage that holds one map, or refuses every call (a sandboxed frame, private mode). */
function storage(saved: Record<string, string> = {}, refuses = false): Storage {
  const refuse = () => {
    throw new DOMException('The document is sandboxed', 'SecurityError');
  };
  return {
    getItem: (k: string) => (refuses ? refuse() : (saved[k] ?? null)),
    setItem: (k: string, v: string) => (refuses ? refuse() : void (saved[k] = v))
  } as Storage;
}

/** app.html's inline script (the projector part), run as the browser runs it before the first paint. */
const inline = (() => {
  const html = readFileSync(new URL('../app.html', import.meta.url), 'utf8');
  const start = html.indexOf('(function () {');
  const end = html.indexOf('})();', start) + '})();'.length;
  return html.slice(start, end);
})();

function onLoad(href: string, store: Storage | 'refuses'): boolean {
  const url = new URL(href);
  const dataset: Record<string, string> = {};
  const localStorage = store === 'refuses' ? storage({}, true) : store;
  // A sandboxed frame throws on the property itself, not only on its methods.
  const context = { URLSearchParams, location: { search: url.search, pathname: url.pathname }, document: { documentElement: { dataset } } };
  Object.defineProperty(context, 'localStorage', { get: () => (store === 'refuses' ? (() => { throw new DOMException('sandboxed', 'SecurityError'); })() : localStorage) });
  runInNewContext(inline, context);
  return 'projector' in dataset;
}

describe("app.html's inline script", () => {
  const cases: { name: string; href: string; saved?: string; refuses?: boolean; on: boolean }[] = [
    { name: 'off by default', href: 'https://k.test/', on: false },
    { name: 'the remembered choice', href: 'https://k.test/', saved: '1', on: true },
    { name: 'remembered off', href: 'https://k.test/', saved: '0', on: false },
    { name: '?projector=1 over nothing remembered', href: 'https://k.test/?projector=1', on: true },
    { name: '?projector=1 over remembered off', href: 'https://k.test/?lesson=x&projector=1', saved: '0', on: true },
    { name: '?projector=0 over remembered on', href: 'https://k.test/?projector=0', saved: '1', on: false },
    { name: 'an unknown value: the remembered choice', href: 'https://k.test/?projector=yes', saved: '1', on: true },
    { name: 'storage refused: off', href: 'https://k.test/', refuses: true, on: false },
    { name: 'storage refused, ?projector=1: on', href: 'https://k.test/embed?projector=1', refuses: true, on: true },
    { name: '/embed ignores the remembered choice', href: 'https://k.test/embed', saved: '1', on: false },
    { name: '/embed?projector=1', href: 'https://k.test/embed?projector=1', on: true }
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(onLoad(c.href, c.refuses ? 'refuses' : storage(c.saved === undefined ? {} : { [PROJECTOR_KEY]: c.saved }))).toBe(c.on);
    });
  }
});

describe('setProjector', () => {
  const root = () => ({ dataset: {} }) as HTMLElement;

  it('marks the root and remembers the choice', () => {
    const el = root();
    const saved: Record<string, string> = {};
    expect(setProjector(el, true, 'https://k.test/?lesson=x', () => storage(saved))).toBeUndefined();
    expect(projectorOn(el)).toBe(true);
    expect(saved[PROJECTOR_KEY]).toBe('1');
    setProjector(el, false, 'https://k.test/', () => storage(saved));
    expect(projectorOn(el)).toBe(false);
    expect(saved[PROJECTOR_KEY]).toBe('0');
  });

  it('a URL that asked for the other mode is rewritten, so a reload keeps what is on screen', () => {
    expect(setProjector(root(), false, 'https://k.test/?projector=1&seed=3', () => storage())?.search).toBe('?projector=0&seed=3');
    expect(setProjector(root(), true, 'https://k.test/?projector=0', () => storage())?.search).toBe('?projector=1');
    expect(setProjector(root(), true, 'https://k.test/?projector=1', () => storage())).toBeUndefined();
  });

  it('storage refused: the mode still changes', () => {
    const el = root();
    expect(() => setProjector(el, true, 'https://k.test/', () => storage({}, true))).not.toThrow();
    expect(projectorOn(el)).toBe(true);
    expect(() =>
      setProjector(el, false, 'https://k.test/', () => {
        throw new DOMException('sandboxed', 'SecurityError');
      })
    ).not.toThrow();
    expect(projectorOn(el)).toBe(false);
  });
});
