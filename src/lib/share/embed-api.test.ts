import { describe, expect, it } from 'vitest';
import { allowedOrigins, originAllowed, parseRequest, postToParent, type EmbedEvent } from './embed-api';

describe('embed postMessage API', () => {
  it('allows only the listed origins, its own by default, any only when asked', () => {
    const own = 'https://kubarium.dev';
    const cases: [string | null, string, boolean][] = [
      [null, own, true],
      [null, 'https://evil.example', false],
      ['https://blog.example', 'https://blog.example', true],
      ['https://blog.example', own, false],
      ['https://a.example, https://b.example', 'https://b.example', true],
      ['javascript:alert(1)', 'javascript:alert(1)', false],
      ['*', 'https://anyone.example', true]
    ];
    for (const [param, origin, ok] of cases) expect(originAllowed(allowedOrigins(param, own), origin), `${param} / ${origin}`).toBe(ok);
  });

  it('reads requests and says what is wrong with a bad one', () => {
    expect(parseRequest({ type: 'kubarium:run', id: 7, command: 'kubectl get pods' })).toEqual({ type: 'kubarium:run', id: 7, command: 'kubectl get pods' });
    expect(parseRequest({ type: 'kubarium:seek', t: 60000 })).toEqual({ type: 'kubarium:seek', t: 60000 });
    expect(parseRequest({ type: 'kubarium:seek', t: -1 })).toEqual({ error: 'kubarium:seek needs t, a virtual time in ms (>= 0)' });
    expect(parseRequest({ type: 'kubarium:run', id: 'a', command: ' ' })).toEqual({ error: 'kubarium:run needs command, a console line', id: 'a' });
    expect(parseRequest({ type: 'kubarium:reboot' })).toMatchObject({ error: expect.stringMatching(/unknown request "kubarium:reboot"/) });
    // Other scripts' messages are not ours: ignored.
    expect(parseRequest({ type: 'webpackOk' })).toBeUndefined();
    expect(parseRequest('hello')).toBeUndefined();
  });

  it('posts to each allowed origin', () => {
    const sent: [EmbedEvent, string][] = [];
    postToParent({ postMessage: (m: EmbedEvent, o: string) => void sent.push([m, o]) } as never, ['https://a.example', 'https://b.example'], { type: 'kubarium:ready', t: 2000 });
    expect(sent.map(([, o]) => o)).toEqual(['https://a.example', 'https://b.example']);
  });
});
