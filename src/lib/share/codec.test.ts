import { describe, expect, it } from 'vitest';
import { decodeState, encodeState, FRAGMENT_KEY, MAX_LINK_CHARS, shareLink, stateFromFile, stateParamOf, stateToFile, toBase64Url } from './codec';
import { ShareError, STATE_VERSION, validateState, type PlaygroundState } from './state';

const DEPLOYMENT = `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        ports:
        - containerPort: 80
        readinessProbe:
          httpGet:
            path: /
            port: 80
EOF`;

/** A session as a learner makes one: a manifest, a few commands, time running between them. */
const STATE: PlaygroundState = {
  version: STATE_VERSION,
  seed: 7,
  workers: 2,
  log: [
    { kind: 'advance', t: 5_123 },
    { kind: 'exec', t: 5_123, end: 5_123, script: DEPLOYMENT },
    { kind: 'advance', t: 41_877 },
    { kind: 'exec', t: 41_877, end: 41_877, script: 'kubectl get pods -o wide' },
    { kind: 'exec', t: 41_877, end: 56_877, script: 'sim advance 15s' },
    { kind: 'exec', t: 56_877, end: 56_877, script: 'kubectl scale deployment web --replicas=5' },
    { kind: 'advance', t: 90_001 },
    { kind: 'interrupt', t: 90_001 },
    { kind: 'exec', t: 90_001, end: 90_001, script: 'sim node poweroff worker-2', haltAt: 90_001 },
    { kind: 'advance', t: 400_250 }
  ],
  t: 400_250
};

async function expectShareError(p: Promise<unknown> | (() => unknown), message: RegExp) {
  const run = typeof p === 'function' ? Promise.resolve().then(p) : p;
  const err = await run.then(
    () => undefined,
    (e: unknown) => e
  );
  expect(err).toBeInstanceOf(ShareError);
  expect((err as Error).message).toMatch(message);
}

describe('share codec', () => {
  it('round-trips a state through a link and through a file', async () => {
    const link = await shareLink('https://kubarium.dev/?workers=2', STATE);
    expect(link).toMatch(/^https:\/\/kubarium\.dev\/\?workers=2#s=[A-Za-z0-9_-]+$/);
    const value = stateParamOf(new URL(link).hash)!;
    expect(await decodeState(value)).toEqual(STATE);
    expect(stateFromFile(stateToFile(STATE))).toEqual(STATE);
    // A lesson's cluster (named nodes with their KubeletConfiguration, a scheduler config) too.
    const lesson: PlaygroundState = { ...STATE, workers: 1, nodes: [{ name: 'small', cpu: '2', memory: '2Gi', kubelet: { maxPods: 3 } as never }], schedulerConfig: 'apiVersion: kubescheduler.config.k8s.io/v1\n', lesson: 'probes' };
    expect(await decodeState(await encodeState(lesson))).toEqual(lesson);
  });

  it('makes a short link of a typical session (a Deployment, five commands, six minutes)', async () => {
    const value = await encodeState(STATE);
    const json = JSON.stringify(STATE).length;
    // Measured: 1,002 characters of JSON become a fragment of 558.
    expect(value.length).toBeLessThan(json * 0.6);
    expect(value.length).toBeLessThan(700);
    // Many sessions of this size still fit in a link.
    const big: PlaygroundState = { ...STATE, log: [], t: 0 };
    for (let i = 0; i < 40; i++) big.log.push({ kind: 'exec', t: i * 1000, end: i * 1000, script: DEPLOYMENT.replace(/web/g, `web-${i}`) }, { kind: 'advance', t: i * 1000 + 999 });
    big.t = 40_000;
    expect((await encodeState(big)).length).toBeLessThan(MAX_LINK_CHARS);
  });

  it('refuses damaged or foreign links with a message in the reader’s terms', async () => {
    const value = await encodeState(STATE);
    const cases: [string, string, RegExp][] = [
      ['empty', '', /empty/],
      ['characters no link has', value.slice(0, 20) + '%20' + value.slice(20), /characters a link of kubarium never has/],
      ['cut short', value.slice(0, Math.floor(value.length / 2)), /damaged|cut short/],
      ['one byte changed', value.slice(0, 30) + (value[30] === 'A' ? 'B' : 'A') + value.slice(31), /damaged/],
      ['not deflate at all', toBase64Url(new TextEncoder().encode('{"version":1}')), /damaged/]
    ];
    for (const [, v, msg] of cases) await expectShareError(decodeState(v), msg);
  });

  it('says a link from a newer kubarium is from a newer kubarium', async () => {
    const future = await encodeState({ ...STATE, version: 2 } as unknown as PlaygroundState);
    await expectShareError(decodeState(future), /newer kubarium \(format 2\); this one reads format 1/);
  });

  it('validates every field (table)', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['not an object', 42, /not a kubarium playground/],
      ['no version', { ...STATE, version: undefined }, /no format version/],
      ['negative seed', { ...STATE, seed: -1 }, /seed/],
      ['too many workers', { ...STATE, workers: 5000 }, /worker count/],
      ['nodes without names', { ...STATE, nodes: [{ cpu: '2' }] }, /named nodes/],
      ['a lesson id with markup', { ...STATE, lesson: '<img src=x>' }, /lesson id/],
      ['inputs out of order', { ...STATE, log: [{ kind: 'advance', t: 50 }, { kind: 'advance', t: 10 }] }, /input 2 comes before/],
      ['an unknown input', { ...STATE, log: [{ kind: 'format-disk', t: 0 }] }, /input 1 is of an unknown kind "format-disk"/],
      ['a command ending before it starts', { ...STATE, log: [{ kind: 'exec', t: 10, end: 5, script: 'x' }] }, /valid end time/],
      ['a script that is not text', { ...STATE, log: [{ kind: 'exec', t: 10, end: 10, script: 5 }] }, /valid script/],
      ['time before the last input', { ...STATE, t: 100 }, /time is before its last input/]
    ];
    for (const [, raw, msg] of cases) await expectShareError(() => validateState(raw), msg);
    // Unknown fields are dropped, not carried along.
    expect(validateState({ ...STATE, extra: '<script>' })).toEqual(STATE);
  });

  it('reads only its own files', async () => {
    await expectShareError(() => stateFromFile('not json'), /not JSON/);
    await expectShareError(() => stateFromFile(JSON.stringify(STATE)), /not a kubarium playground/);
  });

  it('finds the state in a hash among other parameters', () => {
    expect(stateParamOf(`#${FRAGMENT_KEY}=abc`)).toBe('abc');
    expect(stateParamOf('#x=1&s=abc')).toBe('abc');
    expect(stateParamOf('')).toBeUndefined();
    expect(stateParamOf('#lesson')).toBeUndefined();
  });
});
