import { describe, expect, it } from 'vitest';
import { EMBED_SHELL_ID, embedShell, withEmbedShell } from './embed-shell';

describe('withEmbedShell', () => {
  const shell = (body: string) => `<!doctype html><html><head><title>x</title></head><body data-sveltekit-preload-data="hover">\n<div style="display: contents">${body}</div></body></html>`;
  const kit = '<script>kit.start(app, element)</script>';

  it('puts the placeholder where the page mounts, ahead of Kit’s start script', () => {
    const out = withEmbedShell(shell(kit));
    expect(out).toBe(shell(embedShell() + kit));
    expect(out.indexOf(`id="${EMBED_SHELL_ID}"`)).toBeLessThan(out.indexOf(kit));
  });

  it('says what the page says while the cluster boots', () => {
    expect(embedShell()).toContain('Booting the cluster…');
  });

  it('leaves a page without the wrapper unchanged', () => {
    const other = '<html><body><p>x</p></body></html>';
    expect(withEmbedShell(other)).toBe(other);
  });
});
