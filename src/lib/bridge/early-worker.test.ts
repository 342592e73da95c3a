import { describe, expect, it } from 'vitest';
import { clusterWorkerName, defaultEmbedBoot, earlyWorkerScript, earlyWorkerTag, parseClusterWorkerName, withEarlyWorker } from './early-worker';

describe('defaultEmbedBoot', () => {
  const cases: { name: string; search: string; hash?: string; want: ReturnType<typeof defaultEmbedBoot> }[] = [
    { name: 'no parameters: the default cluster', search: '', want: { seed: 1, workers: 2 } },
    { name: 'seed and workers', search: '?autoplay=1&seed=7&workers=3', want: { seed: 7, workers: 3 } },
    { name: 'out of range and junk fall back or clamp', search: '?seed=-2&workers=900', want: { seed: 1, workers: 50 } },
    { name: 'a lesson boots its own cluster', search: '?lesson=probes', want: undefined },
    { name: 'a scenario boots its own cluster', search: '?scenario=/s.yaml', want: undefined },
    { name: 'a share link boots its state', search: '', hash: '#s=abc', want: undefined }
  ];
  for (const c of cases) it(c.name, () => expect(defaultEmbedBoot(c.search, c.hash ?? '')).toEqual(c.want));
});

describe('cluster worker names', () => {
  it('round-trip: components in-process, and the boot to start at once', () => {
    expect(parseClusterWorkerName(clusterWorkerName(false))).toEqual({ singleWorker: false });
    expect(parseClusterWorkerName(clusterWorkerName(true))).toEqual({ singleWorker: true });
    expect(parseClusterWorkerName(clusterWorkerName(true, { seed: 9, workers: 4 }))).toEqual({ singleWorker: true, preboot: { seed: 9, workers: 4 } });
    expect(parseClusterWorkerName(clusterWorkerName(true, { seed: 9, workers: 4 }, true))).toEqual({ singleWorker: true, preboot: { seed: 9, workers: 4 }, play: true });
  });

  it('the inline script starts the worker the page would, named with the URL’s boot', () => {
    const started: { url: string; options: WorkerOptions }[] = [];
    const run = (search: string) => {
      const window: { __kubariumClusterWorker?: { onerror?: unknown } } = {};
      class Worker {
        constructor(url: string, options: WorkerOptions) {
          started.push({ url, options });
        }
      }
      new Function('window', 'location', 'Worker', earlyWorkerScript('/w.js'))(window, { search, hash: '' }, Worker);
      return window.__kubariumClusterWorker;
    };
    expect(run('?seed=5')).toBeDefined();
    expect(started).toEqual([{ url: '/w.js', options: { type: 'module', name: clusterWorkerName(true, { seed: 5, workers: 2 }) } }]);
    expect(run('?lesson=probes')).toBeUndefined();
    expect(started).toHaveLength(1);
    // ?autoplay=1: the worker plays as soon as its boot ends.
    expect(run('?autoplay=1&workers=3')).toBeDefined();
    expect(started[1].options.name).toBe(clusterWorkerName(true, { seed: 1, workers: 3 }, true));
    expect(parseClusterWorkerName(started[1].options.name!).play).toBe(true);
  });
});

describe('withEarlyWorker', () => {
  const page = `<!doctype html>\n<html><head>\n<meta charset="utf-8" />\n<meta name="viewport" content="width=device-width" />\n<link href="./a.js" rel="modulepreload">\n<link href="./b.css" rel="stylesheet"><title>x</title></head><body><p>x</p></body></html>`;

  it('puts the early worker script ahead of the modulepreload and stylesheet links, right after the charset', () => {
    const tag = earlyWorkerTag('/w.js');
    const out = withEarlyWorker(page, '/w.js');
    expect(out.indexOf(tag)).toBe(out.indexOf('<meta charset="utf-8" />') + '<meta charset="utf-8" />'.length);
    expect(out.indexOf(tag)).toBeLessThan(out.indexOf('modulepreload'));
    expect(out.split('<script').length).toBe(2);
    // The rest of the page as it was.
    expect(out.replace(tag, '')).toBe(page);
  });

  it('leaves a page without a charset unchanged', () => {
    const bare = page.replace('<meta charset="utf-8" />', '');
    expect(withEarlyWorker(bare, '/w.js')).toBe(bare);
  });
});
