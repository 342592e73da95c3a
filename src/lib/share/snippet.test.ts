import { describe, expect, it } from 'vitest';
import { elementSnippet, embedUrl, iframeSnippet } from './snippet';

describe('embed snippets', () => {
  const choice = { origin: 'https://kubarium.dev', state: 's=abc_-1', height: 480, console: true, autoplay: false };
  it('makes a sandboxed iframe of /embed with the state and the options', () => {
    expect(embedUrl(choice)).toBe('https://kubarium.dev/embed?console=1&origin=https%3A%2F%2FYOUR-SITE.example#s=abc_-1');
    expect(iframeSnippet(choice)).toBe(
      '<iframe src="https://kubarium.dev/embed?console=1&amp;origin=https%3A%2F%2FYOUR-SITE.example#s=abc_-1" style="width:100%;height:480px;border:0" sandbox="allow-scripts" loading="lazy" title="kubarium: a Kubernetes cluster in the browser"></iframe>'
    );
  });
  it('makes the custom element with its script tag', () => {
    expect(elementSnippet({ ...choice, lesson: 'probes', autoplay: true })).toBe(
      '<script type="module" src="https://kubarium.dev/embed.js"></script>\n<kubarium-playground state="s=abc_-1" lesson="probes" console autoplay height="auto"></kubarium-playground>'
    );
  });
});
