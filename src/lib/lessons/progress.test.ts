import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearProgress, loadProgress, passedCount, saveProgress } from './progress';

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
    key: (i) => [...m.keys()][i] ?? null,
    get length() {
      return m.size;
    }
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('lesson progress', () => {
  const verdict = { title: 'web runs', pass: true, expected: '"Running"', seen: '"Running"', waited: 0 };

  it('survives a reload: saved, loaded, cleared', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    saveProgress('probes', { ran: [0, 2], hints: 1, verdicts: [verdict, { ...verdict, title: 'b', pass: false }] });
    const p = loadProgress('probes');
    expect(p).toEqual({ ran: [0, 2], hints: 1, verdicts: [verdict, { ...verdict, title: 'b', pass: false }] });
    expect(passedCount(p)).toBe(1);
    expect(localStorage.getItem('kubarium.lesson.probes')).toContain('"ran":[0,2]');
    clearProgress('probes');
    expect(loadProgress('probes')).toEqual({ ran: [], hints: 0, verdicts: [] });
  });

  it('reads garbage as no progress', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    localStorage.setItem('kubarium.lesson.x', '{not json');
    expect(loadProgress('x')).toEqual({ ran: [], hints: 0, verdicts: [] });
    localStorage.setItem('kubarium.lesson.x', '{"ran":["a",1],"hints":"2","verdicts":[{"pass":true}]}');
    expect(loadProgress('x')).toEqual({ ran: [1], hints: 0, verdicts: [] });
  });

  it('works without storage, as in a sandboxed iframe where localStorage throws', () => {
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: () => { throw new DOMException('denied', 'SecurityError'); } });
    try {
      expect(() => saveProgress('x', { ran: [1], hints: 0, verdicts: [] })).not.toThrow();
      expect(loadProgress('x')).toEqual({ ran: [], hints: 0, verdicts: [] });
      expect(() => clearProgress('x')).not.toThrow();
    } finally {
      delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });
});
