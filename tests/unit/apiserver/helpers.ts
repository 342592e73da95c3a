import { ApiServer, type ApiRequest } from '../../../src/sim/apiserver/apiserver';
import { Rand } from '../../../src/sim/kernel/rand';

/** A bootstrapped API server on a hand-driven clock. */
export function newServer(opts: { watchHistory?: number } = {}) {
  let now = 0;
  const server = new ApiServer({ rand: new Rand(1), now: () => now, watchHistory: opts.watchHistory });
  server.bootstrap();
  const call = (req: Omit<ApiRequest, 'user'>) => server.handle({ ...req, user: 'test' });
  const ok = (req: Omit<ApiRequest, 'user'>) => {
    const r = call(req);
    if (!r.ok) throw new Error(`${req.verb} ${req.resource}: ${r.status.message}`);
    return r.object;
  };
  return { server, call, ok, tick: (ms: number) => (now += ms), now: () => now };
}

export function pod(name: string, extra: Record<string, any> = {}) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, labels: { app: 'web' }, ...(extra.metadata ?? {}) },
    spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }], ...(extra.spec ?? {}) }
  };
}
