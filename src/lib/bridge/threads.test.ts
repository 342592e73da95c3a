import { describe, expect, it } from 'vitest';
import { componentsInOneWorker } from './threads';

describe('componentsInOneWorker', () => {
  it('shares one worker on a machine of one or two cores, a worker each on more', () => {
    expect(componentsInOneWorker(null, 1)).toBe(true);
    expect(componentsInOneWorker(null, 2)).toBe(true);
    expect(componentsInOneWorker(null, 4)).toBe(false);
    expect(componentsInOneWorker(null, 16)).toBe(false);
  });

  it('keeps a worker each when the browser does not say how many cores it has', () => {
    expect(componentsInOneWorker(null, undefined)).toBe(false);
  });

  it('follows ?threads=1 and ?threads=many whatever the machine', () => {
    expect(componentsInOneWorker('1', 16)).toBe(true);
    expect(componentsInOneWorker('many', 2)).toBe(false);
  });

  it('ignores any other ?threads value', () => {
    expect(componentsInOneWorker('7', 2)).toBe(true);
    expect(componentsInOneWorker('7', 8)).toBe(false);
  });
});
